"""The Village Green kit as printed: card ids, medals, art and score pads read back from the
built PDF and SVG files, and numbers changed in a copy of the YAML followed into the kit and
into the score. Each kit is built once per module."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from lxml import etree

from playtest import components
from playtest.core.yamlsource import parse_document
from playtest.generator.kit.build import BuildRequest, build_game
from playtest.library.loader import Library, load_library
from playtest.model.game import Game
from playtest.scorer.api import evaluate_document
from playtest.scorer.result import Result
from tests.helpers import make_components
from tests.pdf_text import page_text

GAME = "village-green"
SVG_NS = "{http://www.w3.org/2000/svg}"
HREF = "{http://www.w3.org/1999/xlink}href"
RULES_EXAMPLE = Path(__file__).parent / "records" / "rules_example.yaml"
NUMBER = re.compile(r"^-?\d+$")
BLACK = "900"  # medal numbers are set in Lato Black; labels and rules are not


@dataclass
class Kit:
    game: Game
    library: Library
    folder: Path
    warnings: list[str] = field(default_factory=list)
    _svgs: dict[str, etree._Element] = field(default_factory=dict)

    def svg(self, name: str) -> etree._Element:
        if name not in self._svgs:
            self._svgs[name] = etree.parse(str(self.folder / "svg" / f"{name}.svg")).getroot()
        return self._svgs[name]

    def texts(self, name: str) -> list[str]:
        return [t.text or "" for t in self.svg(name).iter(f"{SVG_NS}text")]

    def words(self, name: str) -> str:
        """Every text run of a component, joined (wrapped lines read as one sentence)."""
        return " ".join(self.texts(name))

    def medals(self, name: str) -> list[str]:
        """The numbers printed on medals (static frame art included), in drawing order."""
        return [
            t.text or ""
            for t in self.svg(name).iter(f"{SVG_NS}text")
            if t.get("font-weight") == BLACK and NUMBER.match(t.text or "")
        ]

    def icons(self, name: str) -> list[tuple[str, str | None]]:
        """(icon name, colour) of every icon placed on the face, in drawing order."""
        icon = re.compile(rf"#S[0-9]+-icon-{GAME}-(.+)")  # symbols are named S<n>-<what>
        return [
            (match.group(1), use.get("color"))
            for use in self.svg(name).iter(f"{SVG_NS}use")
            if (match := icon.fullmatch(use.get(HREF, "")))
        ]

    def colour(self, name: str) -> str:
        return self.game.style.colours[name]


def build(root: Path, out: Path) -> Kit:
    library = load_library(root)
    game = library.game(GAME)
    said: list[str] = []
    build_game(game, BuildRequest(games=(GAME,), out_dir=out), out / GAME, said.append)
    return Kit(game, library, out / GAME, [line for line in said if "warning:" in line])


def score(library: Library, record: Path) -> Result:
    return evaluate_document(parse_document(record.read_bytes(), record, record.name), library)


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Kit:
    return build(components.ROOT, tmp_path_factory.mktemp("kit"))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


@pytest.fixture(scope="module")
def changed_kit(tmp_path_factory: pytest.TempPathFactory) -> Kit:
    """A copy of the game with A02 worth 4 per yellow lily (printed medal and scoring both:
    the scorer refuses a card whose two disagree), ponds 3, village 2, Last place up to 14."""
    tmp = tmp_path_factory.mktemp("changed")
    folder = make_components(tmp, GAME) / GAME
    _edit(
        folder / "cards.yaml",
        "points: [3]\n        scoring: [{per: {of: flowers, flower: lily, colour: yellow}, "
        "points: 3}]",
        "points: [4]\n        scoring: [{per: {of: flowers, flower: lily, colour: yellow}, "
        "points: 4}]",
    )
    _edit(folder / "game.yaml", "pond_points: 2", "pond_points: 3")
    _edit(folder / "game.yaml", "village_face_up_points: 1", "village_face_up_points: 2")
    _edit(folder / "game.yaml", "{rank: Last place, up_to: 15}", "{rank: Last place, up_to: 14}")
    return build(folder.parent, tmp / "out")


# ---------------------------------------------------------------------------- the whole kit


def test_the_build_has_no_warnings(kit: Kit) -> None:
    assert kit.warnings == []


def test_every_card_id_is_printed_in_the_pdf(kit: Kit) -> None:
    pdf = pdfium.PdfDocument(kit.folder / f"{GAME}-kit.pdf")
    words = {w for page in pdf for w in page_text(page).split()}
    ids = [card.id for deck in kit.game.decks for card in deck.cards]
    expected = (
        [f"G{n:02d}" for n in range(1, 61)]
        + [f"A{n:02d}" for n in range(1, 31)]
        + [f"V{n}" for n in range(1, 6)]
        + ["S1", "P1", "P2"]
    )
    assert ids == expected
    assert [i for i in ids if i not in words] == []
    # every sheet is two pages (its back, or a blank back): contents and checklist, duplex
    # alignment, the rules reference, green 7 sheets, awards 4, villages 1, the start player
    # card 1, the player aids 3 (10 tarot cards, 4 to a page), 2 score pads full page and 2-up
    assert len(pdf) == 2 * (1 + 1 + 1 + 7 + 4 + 1 + 1 + 3 + 2 * 2)


def test_each_card_face_carries_its_own_id(kit: Kit) -> None:
    for deck in kit.game.decks:
        for card in deck.cards:
            assert card.id in kit.texts(f"{deck.id}-{card.id}"), card.id


# ---------------------------------------------------------------------------- award cards


def test_every_award_prints_its_yaml_points_in_medals(kit: Kit) -> None:
    slate, gold = kit.colour("slate"), kit.colour("gold")
    for card in kit.game.deck("awards").cards:
        face = f"awards-{card.id}"
        points = card.model_extra["points"]
        assert kit.medals(face) == [str(p) for p in points], card.id
        medal_colours = [colour for icon, colour in kit.icons(face) if icon == "medal"]
        # points lost get a slate medal, points won a gold one
        assert medal_colours == [slate if p < 0 else gold for p in points], card.id
        assert card.name in kit.words(face)
        assert card.model_extra["rule"] in kit.words(face)


def test_award_pictograms_are_drawn_as_icons(kit: Kit) -> None:
    # A16: 3 per oak, -2 per birch, -1 per willow -> the three species beside their medals
    species = [icon for icon, _ in kit.icons("awards-A16") if icon in ("oak", "birch", "willow")]
    assert species == ["oak", "birch", "willow"]
    assert ("lily-yellow", kit.colour("ink")) in kit.icons("awards-A02")


# ---------------------------------------------------------------------------- green cards


def test_green_cards_show_flower_in_its_colour_and_their_feature(kit: Kit) -> None:
    flowers = {"rose", "petunia", "lily"}
    art = {"oak", "birch", "willow", "gazebo", "fountain", "statue", "bench", "pond"}
    for card in kit.game.deck("green").cards:
        data = card.model_extra
        placed = kit.icons(f"green-{card.id}")
        drawn_flowers = [(icon, colour) for icon, colour in placed if icon in flowers]
        drawn_art = [icon for icon, _ in placed if icon in art]
        if data["feature"] == "lawn":
            assert drawn_flowers == [] and drawn_art == [], card.id
            continue
        assert drawn_flowers == [(data["flower"], kit.colour(data["colour"]))], card.id
        assert data["flower"] in kit.texts(f"green-{card.id}")
        expected = {
            "trees": data.get("trees"),
            "structure": [data.get("structure")],
            "pond": ["pond"],
        }[data["feature"]]
        assert drawn_art == expected, card.id


def test_pond_cards_print_the_pond_points_from_the_rules(kit: Kit) -> None:
    ponds = [c for c in kit.game.deck("green").cards if c.model_extra["feature"] == "pond"]
    assert len(ponds) == 9
    pond_points = str(kit.game.rules.pond_points)
    for card in ponds:
        assert kit.medals(f"green-{card.id}") == [pond_points]


# ---------------------------------------------------------------------------- villages, backs


def test_village_cards_are_coloured_face_up_and_plain_when_used(kit: Kit) -> None:
    village, points = kit.colour("village"), str(kit.game.rules.village_face_up_points)
    for card in kit.game.deck("villages").cards:
        face = f"villages-{card.id}"
        assert card.name in kit.words(face)
        assert kit.medals(face) == [points]
        assert village in etree.tostring(kit.svg(face)).decode()
    used = etree.tostring(kit.svg("villages-back")).decode()
    assert village not in used and "village action used" in kit.words("villages-back")


def test_backs_are_green_and_purple(kit: Kit) -> None:
    def background(name: str) -> str:
        return next(kit.svg(name).iter(f"{SVG_NS}rect")).get("fill")

    assert background("green-back") == kit.colour("green")
    assert background("awards-back") == kit.colour("purple")


# ---------------------------------------------------------------------------- score pads


def test_score_pads_print_points_and_ranks_from_the_rules(kit: Kit) -> None:
    rules = kit.game.rules
    pad, solo = kit.words("sheet-score-pad"), kit.words("sheet-solo-pad")
    for text in (pad, solo):
        assert f"{rules.pond_points} points each" in text
        assert f"face up: {rules.village_face_up_points}" in text
    assert f"{rules.pond_points} for each visible pond" in pad
    # one award row per slot, named after the column or row it scores
    for n in range(1, rules.grid.top_award_slots + 1):
        assert f"above column {n}" in pad and f"above column {n}" in solo
    for n in range(1, rules.grid.left_award_slots + 1):
        assert f"left of row {n}" in pad and f"left of row {n}" in solo
    ranks = rules.solo_ranks
    for rank in ranks:
        assert rank.rank in solo
        if rank.up_to is not None:
            assert f"up to {rank.up_to}" in solo
    assert f"over {ranks[-2].up_to}" in solo


# ---------------------------------------------------------------------------- numbers changed


def test_changed_award_points_change_the_card_and_the_score(kit: Kit, changed_kit: Kit) -> None:
    assert kit.medals("awards-A02") == ["3"]
    assert changed_kit.medals("awards-A02") == ["4"]
    assert changed_kit.medals("awards-A01") == ["3"]  # the others stay as they were
    before = score(kit.library, RULES_EXAMPLE).players[0]
    after = score(changed_kit.library, RULES_EXAMPLE).players[0]
    award = "A02 The Diane Yeller Award (column 2)"
    assert (before.breakdown[award], after.breakdown[award]) == (6, 8)  # 2 yellow lilies
    assert (before.breakdown["ponds"], after.breakdown["ponds"]) == (4, 6)  # 2 ponds
    assert (before.breakdown["village"], after.breakdown["village"]) == (1, 2)
    assert (before.total, after.total) == (16, 21)


def test_changed_rules_change_the_score_pads_and_cards(changed_kit: Kit) -> None:
    pad, solo = changed_kit.words("sheet-score-pad"), changed_kit.words("sheet-solo-pad")
    assert "3 points each" in pad and "2 points each" not in pad
    assert "face up: 2" in pad and "3 for each visible pond" in pad
    assert "up to 14" in solo and "up to 15" not in solo
    assert changed_kit.medals("green-G01") == ["3"]
    assert changed_kit.medals("villages-V1") == ["2"]
    assert changed_kit.warnings == []


# ------------------------------------------------------------ readable without colour, aids


def test_a_flower_colour_is_told_by_a_shape_of_its_own_and_its_name(kit: Kit) -> None:
    """Red, blue and yellow are not told by hue alone: each colour has its own marker icon
    (triangle, square, circle: three different drawings) printed 4.6 mm wide beside its name."""
    drawings = {}
    for colour in ("red", "blue", "yellow"):
        drawings[colour] = (components.ROOT / GAME / "icons" / f"colour-{colour}.svg").read_text()
        card = next(
            c for c in kit.game.deck("green").cards if c.model_extra.get("colour") == colour
        )
        face = f"green-{card.id}"
        assert (f"colour-{colour}", None) in kit.icons(face), face
        assert colour in kit.texts(face)
    shapes = [re.search(r"<(circle|rect|polygon)", d).group(1) for d in drawings.values()]
    assert sorted(shapes) == ["circle", "polygon", "rect"]


def test_backs_have_no_line_near_their_edge(kit: Kit) -> None:
    """A 1 mm misregistration must not show which card is which: a back is full-bleed colour
    and art well inside, no frame drawn near the edge."""
    for back in ("green-back", "awards-back"):
        root = kit.svg(back)
        for rect in root.iter(f"{SVG_NS}rect"):
            stroke = rect.get("stroke")
            assert stroke in (None, "none"), (back, etree.tostring(rect)[:120])


def test_the_player_aid_card_gives_set_up_turn_and_placing_from_the_rules(kit: Kit) -> None:
    rules = kit.game.rules_data
    words = " ".join(kit.words("aids-P1").split())
    removed = {int(k): v for k, v in rules["setup"]["removed"].items()}
    for text in (
        "Set-up",
        "Your turn: one of",
        "Placing green cards",
        "The end",
        f"Remove unseen: 2 players {removed[2]['green']} green, {removed[2]['awards']} awards",
        f"Deal each player {rules['setup']['hand_green_cards']} green cards (hidden)",
        "A flower card shares the flower or the colour with every green card beside it",
        f"Pond: {rules['pond_points']} points.",
        f"When a player has {rules['end_visible_green_cards']} visible green cards",
    ):
        assert text in words, text


def test_the_player_aid_follows_a_changed_rule(changed_kit: Kit) -> None:
    words = " ".join(changed_kit.words("aids-P1").split())
    assert "Pond: 3 points." in words
    scoring = " ".join(changed_kit.words("aids-P2").split())
    assert "Your village card, if still face up: 2. Each visible pond: 3." in scoring


def test_the_player_aid_scores_and_says_how_awards_count(kit: Kit) -> None:
    """Issue 42: the aid had no scoring; its second card has the scoring and the box of how
    awards count (two-tree cards count 2, lawns are cards, a count not listed scores 0), the
    award points marked as playtest defaults."""
    rules = kit.game.rules_data
    words = " ".join(kit.words("aids-P2").split())
    for text in (
        f"Your village card, if still face up: {rules['village_face_up_points']}. Each "
        f"visible pond: {rules['pond_points']}.",
        "Every visible award scores the 3 cells of its column (top row) or of its row",
        "The highest total wins. Tied: the most visible green cards",
        "How awards count",
        "Cards: every visible green card, lawns too.",
        "so a card with two trees counts 2",
        "scores 0 for a count it does not list.",
        "The points on the award cards are playtest defaults\u2020.",
        "\u2020 playtest default",
    ):
        assert text in words, text
    assert "How awards count" not in " ".join(kit.words("aids-P1").split())
