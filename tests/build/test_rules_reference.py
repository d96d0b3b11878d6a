"""The rules reference in every kit (issue 27): set-up, a turn, the end, scoring and ties for
all four games, printed from the YAML (a changed number prints changed), every playtest
default marked with one symbol and its footnote, every reading where it applies, conditional
lines following the options in force, and the checklist naming every option on or off."""

from __future__ import annotations

import os
from pathlib import Path

import pdfplumber
import pytest
from playtest.generator.kit import BuildRequest, build_kits
from playtest.generator.render.reference_text import paragraphs

from playtest import components
from playtest.errors import InputError
from playtest.loader import load_library
from tests.helpers import copy_components, edit_once, kit_sections

GAMES = ("abandon-all-artichokes", "dice-town", "harvest-dice", "orchard", "village-green")
MARK = "\u2020"
FOOTNOTE = f"{MARK} playtest default \u2014 change it in game.yaml"


def build(root: Path, out: Path, games: tuple[str, ...] = (), **kw) -> Path:
    cwd = os.getcwd()
    os.chdir(out.parent)
    try:
        request = BuildRequest(
            games=games,
            formats=frozenset({"pdf"}),
            out_dir=Path(out.name),
            options=kw.pop("options", {}),
            overrides=kw,
        )
        list(build_kits(load_library(root), request))
    finally:
        os.chdir(cwd)
    return out


def reference_text(pdf: Path) -> str:
    pages = next(p for t, p in kit_sections(pdf).items() if t.startswith("Rules reference"))
    out = []
    with pdfplumber.open(pdf) as doc:
        for n in pages:  # column by column (a folded sheet has two a side)
            page = doc.pages[n - 1]
            above_footer = page.height - 9 * 72 / 25.4  # the footer band: 3 mm over the margin
            for x0, x1 in ((0, page.width / 2), (page.width / 2, page.width)):
                out.append(page.crop((x0, 0, x1, above_footer)).extract_text() or "")
    return "\n".join(out)


def flat(text: str) -> str:
    """The reference's words in one line, without the footnotes that fall between the two
    parts of a paragraph split across columns."""
    lines = [ln for ln in text.splitlines() if ln != FOOTNOTE]
    return " ".join(" ".join(lines).split())


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> Path:
    return build(components.ROOT, tmp_path_factory.mktemp("ref") / "out")


@pytest.mark.parametrize("game", GAMES)
def test_every_kit_prints_its_whole_reference_from_the_yaml(kits: Path, library, game) -> None:
    pdf = kits / game / f"{game}-kit.pdf"
    printed = flat(reference_text(pdf))
    paras = paragraphs(library.game(game))
    titles = [p.text for p in paras if p.kind == "heading"]
    # set-up, a turn (or round), the end, and how the winner is found
    assert any(t.startswith("Set-up") for t in titles), titles
    assert any("turn" in t.lower() or "round" in t.lower() for t in titles), titles
    assert "The end" in titles
    assert "wins" in printed and ("tie" in printed.lower() or "Tied" in printed)
    for para in paras:  # every paragraph, whole, in order of the YAML
        assert flat(para.text) in printed, para.text
    assert printed.index(flat(paras[-1].text)) > printed.index(flat(paras[1].text))


EXPECTED_MARKS = {
    # the values the write-ups never gave, printed with the mark (issue 27)
    "harvest-dice": ["row 7: 1, 2, 3, 4, 5, 6, 7\u2020", "(powers spent: when_taken\u2020)"],
    "dice-town": [
        "Sack of Flour 1\u2020",
        "Horse 8\u2020",
        "printed on it.\u2020",
        "victory is shared (shared\u2020)",
        "(hand ties: remaining-dice\u2020)",
    ],
    "abandon-all-artichokes": ["at least 2\u2020 cards", "(stuck row: keep\u2020)"],
    "village-green": ["(lawn covers lawn: on\u2020)"],
    "orchard": ["Every 5\u2020 pears fill a crate worth 1\u2020", "1.5 x 2\u2020, rounded down"],
}


@pytest.mark.parametrize("game", GAMES)
def test_playtest_defaults_carry_the_mark_and_the_footnote(kits: Path, game) -> None:
    pdf = kits / game / f"{game}-kit.pdf"
    text = reference_text(pdf)
    for expected in EXPECTED_MARKS[game]:
        assert expected in flat(text), expected
    assert FOOTNOTE in text
    # the footnote only where the mark is: every page with a mark has it
    for page in text.split(FOOTNOTE)[:-1]:
        assert MARK in page


READINGS = {
    "abandon-all-artichokes": ["Reading: Carrot: this kit's Carrot must be the only card", "Peas"],
    "dice-town": ["Reading: A sheriff who keeps the badge", "straight below a full house"],
    "harvest-dice": ["Reading: Powers are used as you take a die"],
    "orchard": ["Reading: A player scoring 30\u2020 or more must have planted a tree card"],
    "village-green": [
        "must match every visible neighbour",
        "A score of exactly 15 is Last place",
    ],
}


@pytest.mark.parametrize("game", GAMES)
def test_readings_of_the_write_up_are_stated(kits: Path, game) -> None:
    text = flat(reference_text(kits / game / f"{game}-kit.pdf"))
    for reading in READINGS[game]:
        assert reading in text


def test_what_the_issue_found_missing_is_printed(kits: Path) -> None:
    artichokes = flat(
        reference_text(kits / "abandon-all-artichokes" / "abandon-all-artichokes-kit.pdf")
    )
    for fact in (
        "Deal 10 Artichokes face down to each player",
        "Put the Artichokes left over back in the box",
        "Shuffle every other card face down as the Garden Stack",
        "Turn 5 cards of the stack face up in a line: the Garden Row",
        "Each player draws 5 cards",
        "If the Garden Stack is empty the row stays short",
        "most recently ate cooked green vegetables starts",
        "The Rhubarb promo cards are not in this game",
    ):
        assert fact in artichokes
    harvest = flat(reference_text(kits / "harvest-dice" / "harvest-dice-kit.pdf"))
    for fact in (
        "Tied: most vegetables planted wins, then most pig circles crossed; still tied, the "
        "victory is shared",
        "Every tied leader gets the 5",
        "Several powers may be used on one die",
        "most recently ate vegetables takes the dice and the start player pig",
    ):
        assert fact in harvest


def test_a_changed_value_prints_changed_and_options_switch_lines(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    edit_once(
        root / "harvest-dice" / "game.yaml",
        "row_points: [1, 2, 3, 4, 5, 6, 7]",
        "row_points: [2, 2, 3, 4, 5, 6, 9]",
    )
    edit_once(root / "abandon-all-artichokes" / "game.yaml", "hand_size: 5", "hand_size: 6")
    out = build(
        root,
        tmp_path / "out",
        ("harvest-dice", "abandon-all-artichokes"),
        options={"rhubarb": True, "carrot-only-play": False},
    )
    harvest = flat(reference_text(out / "harvest-dice" / "harvest-dice-kit.pdf"))
    assert "row 7: 2, 2, 3, 4, 5, 6, 9\u2020" in harvest
    pdf = out / "abandon-all-artichokes" / "abandon-all-artichokes-kit.pdf"
    artichokes = flat(reference_text(pdf))
    assert "Each player draws 6 cards" in artichokes
    assert "The 6\u2020 Rhubarb promo cards are in this game" in artichokes
    assert "option carrot-only-play off" in artichokes
    assert "only card you play that turn" not in artichokes
    with pdfplumber.open(pdf) as doc:
        first, checklist = (flat(doc.pages[n].extract_text()) for n in (0, 1))
    for page in (first, checklist):
        assert "Options in force: rhubarb on, carrot-only-play off" in page


def test_the_checklist_names_every_option_on_or_off_and_the_reference(kits: Path) -> None:
    pdf = kits / "abandon-all-artichokes" / "abandon-all-artichokes-kit.pdf"
    with pdfplumber.open(pdf) as doc:
        checklist = flat(doc.pages[1].extract_text())
    assert "Options in force: rhubarb off, carrot-only-play on" in checklist
    assert "Rules reference 1 per table pages 5\u20136" in checklist
    # the Artichokes deck whose id is `reference` keeps its own pages (it had the reference's)
    assert "Player reference 4 cards pages 31\u201332" in checklist
    with pdfplumber.open(kits / "dice-town" / "dice-town-kit.pdf") as doc:
        assert "Options in force: none" in doc.pages[1].extract_text()


def test_the_reference_as_cards(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    edit_once(
        root / "village-green" / "reference.yaml",
        "  layout: folded-sheet\n",
        "  layout: cards\n  size: tarot\n  text_size: 7\n",
    )
    out = build(root, tmp_path / "out", ("village-green",))
    pdf = out / "village-green" / "village-green-kit.pdf"
    title = next(t for t in kit_sections(pdf) if t.startswith("Rules reference"))
    assert title.endswith("cards, tarot-4up-a4)")
    text = flat(reference_text(pdf))
    assert "Village Green: rules reference" in text and "v0.3" in text


def test_a_template_naming_nothing_is_one_error_at_the_reference(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    edit_once(
        root / "harvest-dice" / "reference.yaml",
        "{rules.garden.ribbon_points} points",
        "{rules.garden.ribbons} points",
    )
    with pytest.raises(InputError) as caught:
        build(root, tmp_path / "out", ("harvest-dice",))
    (problem,) = caught.value.problems
    assert problem.file.endswith("harvest-dice/reference.yaml")
    lines = (root / "harvest-dice" / "reference.yaml").read_text().splitlines()
    assert problem.line == 1 + next(n for n, ln in enumerate(lines) if '- "Ribbons:' in ln)
    assert "reference.sections[3].lines[1]" in problem.field
    assert "'ribbons'" in problem.message
