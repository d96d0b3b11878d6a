"""Harvest Dice's rules reference (issue 27): its playtest defaults marked, its readings
stated, what the issue found missing printed, a changed number printing changed, and a
template naming nothing as one error at its line. Issue 42: readings in words, and the
scan-ready sheet's reference says to cross the icon its cells print; the sheets and the aid
say where a kind's first vegetable goes, and mark the pig rows' points."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from playtest import components
from playtest.core.errors import InputError
from tests.conftest import Kit
from tests.helpers import copy_components, edit_once
from tests.kits.rules_reference import assert_marked, build, flat, reference_text

GAME = "harvest-dice"


def test_playtest_defaults_carry_the_mark(shipped_kit: Kit) -> None:
    assert_marked(
        reference_text(shipped_kit(GAME)),
        [
            "row 7: 1, 2, 3, 4, 5, 6, 7\u2020",
            "Reading: Use a power on a die as you take it; the die is then planted or fed as "
            "changed.\u2020",
            "Reading: A die changed by powers may be fed when, as changed, it cannot be "
            "planted.\u2020",
            "Reading: A power unlocked by feeding can be used from the next die you take.\u2020",
        ],
    )


def test_readings_of_the_write_up_are_stated(shipped_kit: Kit) -> None:
    text = flat(reference_text(shipped_kit(GAME)))
    assert "Reading: Use a power on a die as you take it" in text
    assert "powers spent" not in text and "when_taken" not in text


def test_what_the_issue_found_missing_is_printed(shipped_kit: Kit) -> None:
    harvest = flat(reference_text(shipped_kit(GAME)))
    for fact in (
        "Tied: most vegetables planted wins, then most pig circles crossed; still tied, the "
        "victory is shared",
        "Every tied leader gets the 5",
        "Several powers may be used on one die",
        "most recently ate vegetables takes the dice and the start player pig",
    ):
        assert fact in harvest


def test_a_changed_value_prints_changed(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    edit_once(
        root / GAME / "game.yaml",
        "row_points: [1, 2, 3, 4, 5, 6, 7]",
        "row_points: [2, 2, 3, 4, 5, 6, 9]",
    )
    out = build(root, tmp_path / "out", (GAME,))
    harvest = flat(reference_text(out / GAME / f"{GAME}-kit.pdf"))
    assert "row 7: 2, 2, 3, 4, 5, 6, 9\u2020" in harvest


def test_a_template_naming_nothing_is_one_error_at_the_reference(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    edit_once(
        root / GAME / "reference.yaml",
        "{rules.garden.ribbon_points} points",
        "{rules.garden.ribbons} points",
    )
    with pytest.raises(InputError) as caught:
        build(root, tmp_path / "out", (GAME,))
    (problem,) = caught.value.problems
    assert problem.file.endswith(f"{GAME}/reference.yaml")
    lines = (root / GAME / "reference.yaml").read_text().splitlines()
    assert problem.line == 1 + next(n for n, ln in enumerate(lines) if '- "Ribbons:' in ln)
    assert "reference.sections[5].lines[1]" in problem.field
    assert "rules.garden has no ribbons (it has: " in problem.message


def test_the_scan_ready_sheets_reference_says_to_cross_the_icon(tmp_path: Path) -> None:
    """Built with scan marks, the sheet's garden cells print the three vegetables' icons to
    cross: the reference says so (it said "draw its vegetable"); the usual kit's still says
    to draw it."""
    out = build(components.ROOT, tmp_path / "out", (GAME,), scan_marks=True)
    scan = flat(reference_text(out / GAME / f"{GAME}-kit.pdf"))
    assert "cross the icon of the die's vegetable (each cell shows all three" in scan
    assert "draw the die's vegetable" not in scan


def test_the_usual_sheets_reference_says_to_draw_the_vegetable(shipped_kit: Kit) -> None:
    usual = flat(reference_text(shipped_kit(GAME)))
    assert "Plant: draw the die's vegetable (lettuce square, tomato circle, carrot" in usual
    assert "cross the icon" not in usual


def _svg_words(pdf: Path, name: str) -> str:
    root = etree.parse(str(pdf.parent / "svg" / f"{name}.svg")).getroot()
    texts = root.iter("{http://www.w3.org/2000/svg}text")
    return " ".join(" ".join("".join(t.itertext()) for t in texts).split())


def test_the_sheets_and_the_aid_say_where_a_kinds_first_vegetable_goes(
    shipped_kit: Kit,
) -> None:
    """Issue 42 (a reviewer's gap): the sheets and the aid said only "touching its kind", so
    a table using them could not place its first lettuce; the reference's rule is on them."""
    pdf = shipped_kit(GAME)
    said = {
        "sheet-basic": "touching its kind (a kind's first: anywhere)",
        "sheet-advanced": "touching its kind (a kind's first: anywhere)",
        "aids-round-summary": "a kind's first anywhere, the next touching its kind",
    }
    for name, rule in said.items():
        words = _svg_words(pdf, name)
        assert rule in words, (name, words)
        if name.startswith("sheet"):  # and the garden's own line
            assert "the first of a kind goes anywhere, a new one must touch" in words


def test_the_pig_rows_points_on_the_sheets_carry_the_mark(shipped_kit: Kit) -> None:
    """Issue 42: the pig rows' points are a playtest default (spec), marked on the reference
    only; each sheet marks the column that prints them and says what the mark means."""
    pdf = shipped_kit(GAME)
    for name in ("sheet-basic", "sheet-advanced"):
        words = _svg_words(pdf, name)
        assert "points\u2020" in words, (name, words)
        assert "\u2020 playtest default" in words, (name, words)
