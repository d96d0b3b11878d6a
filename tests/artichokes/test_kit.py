"""The printed kit of Abandon All Artichokes: what the PDF and the SVG files really show, and
that it follows the YAML (cards, rules, style, the Rhubarb option)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from lxml import etree

from playtest.generator.kit.build import BuildRequest, build_game
from playtest.library.loader import Library, load_library
from tests.helpers import make_components

GAME = "abandon-all-artichokes"
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
ARTS = [f"artichoke-{n}" for n in range(1, 6)]
COLUMN_GAP = 5 / 25.4 * 72  # 5 mm in points


# ---------------------------------------------------------------- building and reading kits


def build(root: Path, out: Path, **options: bool) -> tuple[Path, list[str]]:
    """Build the game found in `root` into `out`; returns the kit folder and the warnings."""
    said: list[str] = []
    game = load_library(root).game(GAME)
    build_game(game, BuildRequest(options=options), out / GAME, said.append)
    return out / GAME, [line for line in said if "warning:" in line]


def flat(text: str) -> str:
    return " ".join(text.split())


def pdf_cards_text(kit: Path) -> list[str]:
    """The text of every page of the kit, read one column of cards at a time so that each
    card's lines stay together (columns: runs of text with more than 5 mm between them)."""
    pages = []
    doc = pdfium.PdfDocument(str(kit / f"{GAME}-kit.pdf"))
    try:
        for page in doc:
            text = page.get_textpage()
            spans = sorted(
                (left, right)
                for left, _, right, _ in (text.get_charbox(i) for i in range(text.count_chars()))
                if right > left
            )
            columns: list[list[float]] = []
            for left, right in spans:
                if columns and left - columns[-1][1] < COLUMN_GAP:
                    columns[-1][1] = max(columns[-1][1], right)
                else:
                    columns.append([left, right])
            pages.append(
                flat(
                    " ".join(
                        text.get_text_bounded(
                            left=left - 1, bottom=0, right=right + 1, top=page.get_height()
                        )
                        for left, right in columns
                    )
                )
            )
    finally:
        doc.close()
    return pages


def svg_root(kit: Path, name: str) -> Any:
    return etree.parse(str(kit / "svg" / f"{name}.svg")).getroot()


def svg_text(kit: Path, name: str) -> str:
    return flat(" ".join(t.text or "" for t in svg_root(kit, name).iter(f"{SVG}text")))


def icon_uses(root: Any) -> dict[str, str | None]:
    """Icon name -> the colour it is drawn in, for every icon placed on the face."""
    found = {}
    for use in root.iter(f"{SVG}use"):
        match = re.fullmatch(r"#S[0-9]+-icon-abandon-all-artichokes-(.+)", use.get(XLINK))
        if match:
            found[match.group(1)] = use.get("color")
    return found


def symbol_drawing(root: Any, name: str) -> tuple[tuple[str, ...], ...]:
    symbol = next(
        s
        for s in root.iter(f"{SVG}symbol")
        if re.fullmatch(rf"S[0-9]+-icon-abandon-all-artichokes-{name}", s.get("id"))
    )
    return tuple((p.get("d"), p.get("fill")) for p in symbol.iter(f"{SVG}path"))


@pytest.fixture(scope="module")
def game_data(library: Library) -> Any:
    return library.game(GAME)


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    tmp = tmp_path_factory.mktemp("kit")
    return build(make_components(tmp, GAME, mini=False), tmp / "out")


@pytest.fixture(scope="module")
def pages(kit: tuple[Path, list[str]]) -> list[str]:
    return pdf_cards_text(kit[0])


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A copy of the game with the promo switched on in game.yaml, a new Broccoli wording,
    a bigger hand and another Carrot colour."""
    tmp = tmp_path_factory.mktemp("edited")
    root = make_components(tmp, GAME, mini=False)
    edit(root / GAME / "game.yaml", "rhubarb: false", "rhubarb: true")
    edit(root / GAME / "game.yaml", "hand_size: 5", "hand_size: 7")
    edit(root / GAME / "game.yaml", 'carrot-orange: "#e67e22"', 'carrot-orange: "#123456"')
    edit(
        root / GAME / "cards.yaml",
        '"Compost one Artichoke from your hand."',
        '"Compost one Artichoke from your hand, then water the garden."',
    )
    return build(root, tmp / "out")


@pytest.fixture(scope="module")
def edited_pages(edited: tuple[Path, list[str]]) -> list[str]:
    return pdf_cards_text(edited[0])


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


# ---------------------------------------------------------------- the garden cards


def test_the_kit_builds_without_warnings(kit: tuple[Path, list[str]]) -> None:
    assert kit[1] == []


def printed_condition(card: dict[str, Any], game: Any) -> str:
    """The condition a card prints: its own words, the sole-play words when its option is on,
    or the Garden Stack cards it needs."""
    if card.get("needs_stack_cards"):
        return f"The Garden Stack holds at least {card['needs_stack_cards']} cards."
    option = card.get("sole_play_option")
    return card["sole_play_condition"] if option and game.option(option) else card["condition"]


def test_every_vegetable_name_condition_and_ability_is_printed(
    pages: list[str], game_data: Any
) -> None:
    text = " ".join(pages)
    vegetables = [
        c.data() for c in game_data.deck("garden").cards if c.data()["vegetable"] != "artichoke"
    ]
    assert len(vegetables) == 10
    for card in vegetables:
        # every copy of the card carries its name, its condition and its ability
        ability, condition = flat(card["ability"]), flat(printed_condition(card, game_data))
        assert text.count(ability) == card["count"], card["id"]
        assert text.count(condition) >= card["count"], card["id"]
        assert re.search(rf"\b{card['name']}\b", text), card["id"]


def test_every_vegetable_has_its_own_colour_and_icon(
    kit: tuple[Path, list[str]], game_data: Any
) -> None:
    palette = game_data.style.colours
    seen = set()
    for card in game_data.deck("garden").cards:
        data = card.data()
        if data["vegetable"] == "artichoke":
            continue
        root = svg_root(kit[0], f"garden-{card.id}")
        colour = palette[data["colour"]].lower()
        # the big icon is the card's own, painted in its colour, and so is the title band
        assert icon_uses(root)[data["icon"]] == colour
        assert colour in {r.get("fill") for r in root.iter(f"{SVG}rect")}
        seen.add((data["icon"], colour))
    assert len(seen) == 10 and len({icon for icon, _ in seen}) == 10
    assert len({colour for _, colour in seen}) == 10


def test_the_artichokes_come_in_five_distinct_arts(
    kit: tuple[Path, list[str]], pages: list[str], game_data: Any
) -> None:
    roots = [svg_root(kit[0], f"garden-{art}") for art in ARTS]
    art_icons = [
        [name for name in icon_uses(r) if name.startswith("artichoke-art-")] for r in roots
    ]
    assert art_icons == [[f"artichoke-art-{n}"] for n in range(1, 6)]
    drawings = {symbol_drawing(r, icons[0]) for r, icons in zip(roots, art_icons, strict=True)}
    assert len(drawings) == 5  # five different drawings, not one icon five times
    scenes = {etree.tostring(r) for r in roots}
    assert len(scenes) == 5
    no_ability = flat(game_data.cards()["artichoke-1"].data()["ability"])
    artichokes = sum(
        c.count for c in game_data.deck("garden").cards if c.data()["vegetable"] == "artichoke"
    )
    assert " ".join(pages).count(no_ability) == artichokes == 40


def test_one_back_for_the_garden(kit: tuple[Path, list[str]], game_data: Any) -> None:
    back = svg_text(kit[0], "garden-back")
    assert back == game_data.info.name
    assert "artichoke" in icon_uses(svg_root(kit[0], "garden-back"))


# ---------------------------------------------------------------- the player reference


def test_reference_cards_show_phases_numbers_and_every_ability(
    kit: tuple[Path, list[str]], pages: list[str], game_data: Any
) -> None:
    card = game_data.deck("reference").cards[0].data()
    rules = game_data.rules_data
    root = svg_root(kit[0], "reference-reference")
    (w, h), bleed = game_data.size(game_data.deck("reference").size), game_data.presets.print.bleed
    assert (root.get("width"), root.get("height")) == (
        f"{w + 2 * bleed:g}mm",
        f"{h + 2 * bleed:g}mm",
    )
    text = svg_text(kit[0], "reference-reference")
    for phase, words in zip(rules["turn_phases"], card["phases"], strict=True):
        assert phase in text and flat(words) in text
    assert (
        f"Row of {rules['garden_row_size']} · {rules['reshuffle_threshold']} alike: "
        f"reshuffle · harvest {rules['cards_harvested']} · hand of {rules['hand_size']}" in text
    )
    sole_play_on = game_data.option("carrot-only-play")
    for ability, legend in zip(card["abilities"], card["legend"], strict=True):
        printed = legend.get("sole_play_text") if sole_play_on else None
        # the promo's line only in a kit built with it (issue 27)
        assert (flat(printed or ability) in text) is not legend.get("promo", False)
    promos = sum(1 for legend in card["legend"] if legend.get("promo"))
    assert promos == 1 and not game_data.option("rhubarb")
    assert len(icon_uses(root)) == len(card["abilities"]) - promos
    assert " ".join(pages).count(card["name"]) == card["count"]


# ---------------------------------------------------------------- the Rhubarb promo


def rhubarb_ability(game_data: Any) -> str:
    return flat(game_data.deck("rhubarb").cards[0].data()["ability"])


def test_without_the_option_the_promo_is_printed_for_the_variant_only(
    kit: tuple[Path, list[str]], pages: list[str], game_data: Any
) -> None:
    """Issue 42: a kit built without the option printed neither the Rhubarb cards nor their
    rule, so a table could not play the promo from it. The cards are printed (marked PROMO)
    and the reference's variant states the ability once; the game as built leaves them out:
    the player reference card does not list them (issue 27) and the contents say so."""
    text = " ".join(pages)
    copies = sum(c.count for c in game_data.deck("rhubarb").cards)
    assert text.count(rhubarb_ability(game_data)) == copies + 1  # the cards, the variant
    assert text.count("PROMO") == copies
    assert "Rhubarb (promo)" not in text
    assert "the Rhubarb promo cards stay in the box" in text
    assert (kit[0] / "svg" / "rhubarb-rhubarb.svg").exists()


def test_with_rhubarb_flag_adds_the_promo_cards(
    run_cli: Callable[..., Any],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    pages: list[str],
    game_data: Any,
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", GAME, "--with-rhubarb", "--format", "pdf", "--out", "out")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    with_promo = pdf_cards_text(tmp_path / "out" / GAME)
    copies = sum(c.count for c in game_data.deck("rhubarb").cards)
    # each card, and the reference's variant once
    assert " ".join(with_promo).count(rhubarb_ability(game_data)) == copies + 1
    assert " ".join(with_promo).count("PROMO") == copies
    # the player reference names the promo's ability now, once per reference card
    promo_line = "Rhubarb (promo): compost it; new Garden Row, then harvest again."
    assert " ".join(with_promo).count(promo_line) == 4
    assert f"{game_data.deck('rhubarb').name} ({copies} cards" in with_promo[0]  # contents
    assert "the Rhubarb promo cards are in the game" in with_promo[0]
    # the same sheets as without the option: the promo's are printed either way (issue 42)
    assert len(with_promo) == len(pages)


def test_rhubarb_switch_in_the_yaml_adds_the_promo_cards(
    edited: tuple[Path, list[str]], edited_pages: list[str], game_data: Any
) -> None:
    assert edited[1] == []
    text = " ".join(edited_pages)
    assert text.count(rhubarb_ability(game_data)) == 1 + sum(  # the reference's variant too
        c.count for c in game_data.deck("rhubarb").cards
    )
    # the promo shares the garden back: the same drawing
    backs = [
        [
            etree.tostring(shape)
            for symbol in svg_root(edited[0], f"{deck}-back").iter(f"{SVG}symbol")
            if re.match(r"S[0-9]+-back-", symbol.get("id"))
            for shape in symbol
        ]
        for deck in ("garden", "rhubarb")
    ]
    assert backs[0] and backs[0] == backs[1]


# ---------------------------------------------------------------- the YAML drives the print


def test_a_new_ability_text_changes_the_printed_card(
    edited: tuple[Path, list[str]], edited_pages: list[str], kit: tuple[Path, list[str]]
) -> None:
    new = "Compost one Artichoke from your hand, then water the garden."
    assert new in svg_text(edited[0], "garden-broccoli")
    assert new not in svg_text(kit[0], "garden-broccoli")
    assert " ".join(edited_pages).count(new) == 6


def test_rules_and_colours_reach_the_print(edited: tuple[Path, list[str]]) -> None:
    assert "hand of 7" in svg_text(edited[0], "reference-reference")
    carrot = svg_root(edited[0], "garden-carrot")
    assert icon_uses(carrot)["carrot"] == "#123456"
    assert "#123456" in {r.get("fill") for r in carrot.iter(f"{SVG}rect")}


# ------------------------------------------------- Carrot and Peas: the write-up's choices


def test_the_carrot_only_play_is_an_option(tmp_path: Path) -> None:
    """On (the published card): the Carrot and the reference say "only play"; off (the
    write-up): neither does."""
    root = make_components(tmp_path, GAME, mini=False)
    published = " ".join(flat(t) for t in pdf_cards_text(build(root, tmp_path / "on")[0]))
    write_up = " ".join(
        flat(t)
        for t in pdf_cards_text(build(root, tmp_path / "off", **{"carrot-only-play": False})[0])
    )
    assert "You hold two Artichokes, and it is the only card you play this turn." in published
    assert "Carrot: your only play; compost it with two Artichokes." in published
    assert "only card you play" not in write_up and "your only play" not in write_up
    assert "You hold two Artichokes." in write_up
    assert "Carrot: compost it with two Artichokes." in write_up


def test_peas_print_the_stack_it_needs(tmp_path: Path) -> None:
    root = make_components(tmp_path, GAME, mini=False)
    cards = root / GAME / "cards.yaml"
    default = " ".join(flat(t) for t in pdf_cards_text(build(root, tmp_path / "two")[0]))
    assert "The Garden Stack holds at least 2 cards." in default
    cards.write_text(cards.read_text().replace("needs_stack_cards: 2", "needs_stack_cards: 1"))
    one = " ".join(flat(t) for t in pdf_cards_text(build(root, tmp_path / "one")[0]))
    assert "The Garden Stack is not empty." in one
    assert "or the last one. Put one on an opponent's discard and the other, if any" in one
