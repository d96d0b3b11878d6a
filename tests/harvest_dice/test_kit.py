"""The Harvest Dice print-and-play kit: what the PDF really prints, read back with pdfplumber.

Sheet text is located by region (mm from the sheet's top-left, as in layouts.yaml), after undoing
the full-page imposition with the same `grid_layout` the kit used. A copy of the components with
changed numbers must print the new numbers and score the same record differently.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from lxml import etree

from playtest.generator.impose.grid import grid_layout
from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.library.loader import load_library
from playtest.model.game import Game
from playtest.model.print_options import PrintOptions
from playtest.scorer.api import evaluate_file
from tests.harvest_dice.helpers import RECORDS
from tests.helpers import kit_sections, make_components
from tests.pdf_text import text_page

GAME = "harvest-dice"
PT = 25.4 / 72  # mm per PDF point
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"

# Regions of the score sheet (x0, y0, x1, y1 in sheet mm), mirroring layouts.yaml
GARDEN_FACES = (7, 30, 110, 38)  # the die face over each garden column
RIBBONS = (114, 39, 130, 85)  # the ribbon at each garden row's end
PIG_POINTS = (58, 100, 67, 150)  # the points at each pig row's end
MARKETS = (82, 100, 133, 124)  # circle numbers of the three market tracks
RIBBON_LINE = (107, 149, 117, 156)  # the ribbon value in the score box
AWARD_LABELS = (77, 160, 107, 184)  # majority award lines of the score box
AWARD_POINTS = (107, 160, 117, 184)


@dataclass(frozen=True)
class Word:
    text: str
    x: float  # centre, sheet mm
    y: float


class Kit:
    """A built kit; PDF pages are read (slowly, by pdfplumber) only when asked for, once."""

    def __init__(self, game: Game, folder: Path, messages: list[str]) -> None:
        self.game, self.folder, self.messages = game, folder, messages
        self.pdf = folder / f"{GAME}-kit.pdf"
        self._pages: dict[int, tuple[str, list[dict[str, Any]]]] = {}

    def page(self, number: int) -> tuple[str, list[dict[str, Any]]]:
        """The text and the words of page `number` (1-based)."""
        if number not in self._pages:
            with pdfplumber.open(self.pdf) as pdf:
                page = text_page(pdf.pages[number - 1])
                self._pages[number] = (page.extract_text() or "", page.extract_words())
        return self._pages[number]

    @cached_property
    def contents(self) -> dict[str, int]:
        """Section title -> first page, from the PDF's bookmarks."""
        return {title: pages[0] for title, pages in kit_sections(self.pdf).items()}

    def section(self, title_start: str) -> int:
        return next(page for title, page in self.contents.items() if title.startswith(title_start))

    def sheet(self, variant: str) -> list[Word]:
        """The words of the full-page copy of the sheet whose data says `variant`."""
        sheet = next(s for s in self.game.sheets if s.data.get("variant") == variant)
        opts = PrintOptions.from_presets(self.game.presets)
        template = next(
            t
            for t in self.game.presets.templates
            if t.kind == "sheet" and t.paper == opts.paper_name and t.cols * t.rows == 1
        )
        slot = grid_layout(template, opts.paper, self.game.size(sheet.size), 0, opts.margin).slots[
            0
        ]
        first = self.section(f"score sheets and aids, {template.label}")
        for number in (first, first + 1):  # the basic sheet, then the advanced on its back
            words = self.page(number)[1]
            if [w["text"] for w in words].count(variant.upper()) == 1:
                return [
                    Word(
                        w["text"],
                        ((w["x0"] + w["x1"]) / 2 * PT - slot.x) / slot.scale,
                        ((w["top"] + w["bottom"]) / 2 * PT - slot.y) / slot.scale,
                    )
                    for w in words
                ]
        raise AssertionError(f"no full-page {variant} sheet in the kit")


def inside(words: list[Word], box: tuple[float, float, float, float]) -> list[str]:
    """Texts of the words in `box`, top to bottom, then left to right."""
    x0, y0, x1, y1 = box
    found = [w for w in words if x0 <= w.x <= x1 and y0 <= w.y <= y1]
    return [w.text for w in sorted(found, key=lambda w: (round(w.y), w.x))]


def build(root: Path | None, out: Path) -> Kit:
    library = load_library(root)
    messages: list[str] = []
    request = BuildRequest(games=(GAME,), out_dir=out)
    list(build_kits(library, request, messages.append))
    return Kit(library.game(GAME), out / GAME, messages)


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Kit:
    return build(None, tmp_path_factory.mktemp("kit") / "out")


CHANGES = {  # game.yaml line -> its replacement in the changed copy
    "column_faces: [1, 2, 3, 4, 5, 6]": "column_faces: [6, 5, 4, 3, 2, 1]",
    "ribbon_points: 5 ": "ribbon_points: 8 ",
    "row_points: [1, 2, 3, 4, 5, 6, 7]": "row_points: [1, 2, 3, 4, 5, 6, 10]",
    "      basic: 1\n": "      basic: 2\n",  # markets.start_crosses
    "  majorities:\n    points: 5 ": "  majorities:\n    points: 3 ",
}


@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Kit]]:
    tmp = tmp_path_factory.mktemp("changed")
    root = make_components(tmp, GAME, mini=False)
    path = root / GAME / "game.yaml"
    text = path.read_text()
    for old, new in CHANGES.items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path.write_text(text)
    yield root, build(root, tmp / "out")


def test_the_build_has_no_warnings(kit: Kit) -> None:
    assert kit.pdf.is_file()
    assert not [m for m in kit.messages if "warning" in m]


def test_the_sheet_prints_the_garden_faces_and_ribbons(kit: Kit) -> None:
    garden = kit.game.rules.garden
    for variant in ("basic", "advanced"):
        words = kit.sheet(variant)
        assert inside(words, GARDEN_FACES) == [str(f) for f in garden.column_faces]
        assert inside(words, RIBBONS) == [str(garden.ribbon_points)] * garden.rows
        assert inside(words, RIBBON_LINE) == [str(garden.ribbon_points)]


def test_the_sheet_prints_every_pig_row_point(kit: Kit) -> None:
    points = [str(p) for p in kit.game.rules.pig.row_points]
    assert len(points) == kit.game.rules.pig.rows
    for variant in ("basic", "advanced"):
        assert inside(kit.sheet(variant), PIG_POINTS) == points


def test_markets_start_crossed_only_on_the_basic_sheet(kit: Kit) -> None:
    # crossed circles show an X instead of their number
    markets = kit.game.rules.markets
    for variant in ("basic", "advanced"):
        start = markets.start_crosses[variant]
        track = [str(n) for n in range(start + 1, markets.circles + 1)]
        assert inside(kit.sheet(variant), MARKETS) == track * len(kit.game.rules.vegetables)
    assert markets.start_crosses == {"basic": 1, "advanced": 0}


def test_majority_awards_only_on_the_advanced_sheet(kit: Kit) -> None:
    rules = kit.game.rules
    assert rules.majorities.variants == ["advanced"]
    advanced, basic = kit.sheet("advanced"), kit.sheet("basic")
    awards = rules.majorities.awards
    assert inside(advanced, AWARD_POINTS) == [str(rules.majorities.points)] * len(awards)
    plurals = {v.id: v.plural for v in rules.vegetables}
    labels = " ".join(
        f"Most {plurals[a.counts]}" if a.counts in plurals else "Most pig circles" for a in awards
    )
    assert " ".join(inside(advanced, AWARD_LABELS)) == labels
    # the basic side has a note about the awards where the advanced side lists them
    assert not [t for t in inside(basic, AWARD_POINTS) if t.isdigit()]
    assert "Most" not in [w.text for w in basic]


def test_dice_follow_the_vegetables(kit: Kit) -> None:
    rules = kit.game.rules
    assert {d.id: (d.colour, d.icon, d.count) for d in kit.game.dice} == {
        v.id: (v.die_colour, v.glyph, rules.dice.per_colour) for v in rules.vegetables
    }
    assert [f.pips for d in kit.game.dice for f in d.faces] == rules.dice.faces * 3
    stickers = kit.page(kit.section("dice stickers"))[0]
    for v in rules.vegetables:
        assert f"{v.name} die {rules.dice.per_colour} of {rules.dice.per_colour}" in stickers


def test_die_faces_show_pips_and_glyph_in_the_die_colour(kit: Kit) -> None:
    # each face: a background in the die colour's tint, its glyph in the mid tone, dark pips
    # in the glyph's shape (issue 42: told apart by shape, not by colour alone)
    colours = kit.game.style.colours
    for die in kit.game.dice:
        svg = etree.parse(str(kit.folder / "svg" / f"die-{die.id}.svg"))
        faces = svg.getroot().findall(f"{SVG}g")
        assert len(faces) == 6
        for face, pips in zip(faces, (f.pips for f in die.faces), strict=True):
            assert face.find(f"{SVG}rect").get("fill") == colours[f"{die.colour}-tint"]
            glyph, *dots = face.findall(f"{SVG}use")
            assert glyph.get(XLINK).endswith(f"-{die.icon}")
            assert glyph.get("color") == colours[f"{die.colour}-mid"]
            assert len(dots) == pips
            for dot in dots:
                assert dot.get(XLINK).endswith(f"-{die.icon}")
                assert dot.get("color") == colours[die.ink]


def test_the_kit_holds_every_component(kit: Kit) -> None:
    players = kit.game.info.players[1]
    dice = len(kit.game.rules.vegetables) * kit.game.rules.dice.per_colour
    titles = " / ".join(kit.contents)
    for title in (
        f"Player aid ({players} cards",
        f"dice stickers ({dice} dice",
        f"dice cube nets ({dice} dice",
        "score sheets and aids, full page",
        "score sheets and aids, 2-up pad",
    ):
        assert title in titles
    assert "Start player pig (1 token)" in kit.contents  # one token, not "1 tokens"
    assert kit.game.decks[0].cards[0].count == players  # one aid per player
    aid = kit.page(kit.section("Player aid"))[0]
    assert aid.count("step by step") == aid.count("Plant or feed") == players
    assert kit.page(kit.section("Start player pig"))[0].splitlines()[0] == "START"


def test_changed_numbers_change_the_printed_sheet(changed: tuple[Path, Kit]) -> None:
    _, kit = changed
    assert not [m for m in kit.messages if "warning" in m]
    basic, advanced = kit.sheet("basic"), kit.sheet("advanced")
    assert inside(basic, GARDEN_FACES) == ["6", "5", "4", "3", "2", "1"]
    assert inside(basic, RIBBONS) == ["8"] * 3
    assert inside(advanced, RIBBON_LINE) == ["8"]
    assert inside(basic, PIG_POINTS) == ["1", "2", "3", "4", "5", "6", "10"]
    assert inside(basic, MARKETS) == ["3", "4", "5", "6"] * 3
    assert inside(advanced, AWARD_POINTS) == ["3"] * 4
    assert not [t for t in inside(basic, AWARD_POINTS) if t.isdigit()]


def test_changed_numbers_change_the_score(changed: tuple[Path, Kit]) -> None:
    # board 6: Ann's 42 pig circles fill all 7 rows (28 -> 31 with row 7 at 10), Cid's 18 and
    # Dee's 30 do not reach row 7; Dee's full garden row is a ribbon (5 -> 8)
    root, _ = changed
    record = RECORDS / "b06_basic_4p_full_pig.yaml"
    before = evaluate_file(record, load_library())
    after = evaluate_file(record, load_library(root))
    assert [p.breakdown["pig"] for p in before.players] == [28, 0, 6, 15]
    assert [p.breakdown["pig"] for p in after.players] == [31, 0, 6, 15]
    assert [p.breakdown["ribbons"] for p in before.players] == [0, 0, 0, 5]
    assert [p.breakdown["ribbons"] for p in after.players] == [0, 0, 0, 8]
