"""Out-of-bounds input gets one clear line naming file, line, field and the limit or what was
expected (issue 26): never Python's own words (a recursion depth, `set_int_max_str_digits`),
never two messages run together, never a path the user cannot open."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import edit_once, make_components

LAYOUTS = "components/mini-game/layouts.yaml"
REPEAT = "          count: 7"  # the board's repeat, line 46 of the mini game's layouts


@pytest.mark.parametrize(
    ("count", "message"),
    [
        ("10001", "10001 is out of range (expected at most 10000)"),
        ("-1", "-1 is out of range (expected at least 0)"),
        (
            "9" * 5000,
            f"'{'9' * 20}...' is not a usable number (expected a finite number of at "
            "most 1e+15 either way)",
        ),
    ],
)
def test_a_repeat_count_out_of_bounds_names_the_bound(
    count: str, message: str, tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    edit_once(root / "mini-game" / "layouts.yaml", REPEAT, f"          count: {count}")
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "-q")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"{LAYOUTS}:46: layouts.board.elements[1].repeat.count: {message}"
    ]
    assert not (tmp_path / "output").exists()


def test_a_count_filled_in_from_the_rules_names_the_bound(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    edit_once(root / "mini-game" / "layouts.yaml", REPEAT, '          count: "{rules.bonus}0000"')
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "-q")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"{LAYOUTS}:46: layouts.board.elements[1].repeat.count: board board "
        "(components/mini-game/cards.yaml:33): 50,000 is out of range (a repeat draws 0 to "
        "10,000 items)"
    ]


def test_an_icon_nested_too_deep_names_the_bound(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = make_components(tmp_path)
    deep = 50_000
    (root / "mini-game" / "icons" / "leaf.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        + "<g>" * deep
        + '<rect width="10" height="10"/>'
        + "</g>" * deep
        + "</svg>"
    )
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "-q")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "components/mini-game/icons/leaf.svg: icon: elements nested more than 200 levels deep"
    ]


def test_a_card_too_large_for_the_paper_is_named_at_its_deck(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    edit_once(root / "mini-game" / "cards.yaml", "size: poker", "size: [400, 500]")
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "-q")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "components/mini-game/cards.yaml:2: decks[0].size: a 400x500 mm card does not fit on "
        "a4 paper; tile it as a board instead"
    ]
    assert not (tmp_path / "output").exists()


def test_one_elements_repeated_warning_is_one_line_with_a_count(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    """A 48-item repeat whose text is too small said 48 warnings, one per number; now one,
    with how many more there are (issue 26, item 6)."""
    root = make_components(tmp_path)
    edit_once(root / "mini-game" / "layouts.yaml", REPEAT, "          count: 48")
    edit_once(
        root / "mini-game" / "layouts.yaml",
        'style: heading, align: center}\n      - text: {text: "Mini board"',
        'style: heading, align: center, size: 2}\n      - text: {text: "Mini board"',
    )
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "-q", "--strict")
    assert result.exit_code == 1  # --strict: the build warned (the kit is still written)
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert warnings == [
        f"warning: {LAYOUTS}:50: layouts.board.elements[1].repeat.elements[1].text: board "
        "board (components/mini-game/cards.yaml:33): text ends at 2.0 pt, below its style's "
        "minimum of 6 pt: 'Place 1' (and 47 more like it at this element)"
    ]


def test_a_deck_whose_counts_add_up_past_the_limit_is_refused_at_load(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    """Each card's count is within its own bound (100,000), but a deck is printed: ten cards
    of 100,000 built 222,228 pages for ten minutes. The total is refused at the deck's line
    before anything is drawn."""
    root = make_components(tmp_path)
    edit_once(
        root / "mini-game" / "cards.yaml", "points: 3, icons: []}", "points: 3, count: 100000}"
    )
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "-q")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "components/mini-game/cards.yaml:8: decks[0].cards: 100,003 cards, every card's count "
        "added (a deck holds at most 5,000)"
    ]
    assert not (tmp_path / "output").exists()
    edit_once(root / "mini-game" / "cards.yaml", "count: 100000}", "count: 4997}")
    assert run_cli("list", "--components", root).exit_code == 0  # 5,000: the limit itself


def test_a_kit_of_more_pages_than_the_limit_is_refused_before_drawing(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    """Every deck and token within its bounds can still add up to thousands of pages: the
    plan is refused at the component taking the most pages, before a page is drawn."""
    root = make_components(tmp_path)
    edit_once(root / "mini-game" / "cards.yaml", "points: 3, icons: []}", "points: 3, count: 4997}")
    edit_once(
        root / "mini-game" / "cards.yaml",
        "count: 12, layout: token",
        "count: 100000, layout: token",
    )
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "-q")
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert re.fullmatch(
        r"components/mini-game/cards\.yaml:31: tokens\[0\]: the kit would print [\d,]+ pages, "
        r"more than the 2,000 a kit may have; Coin \(100000 tokens\) takes [\d,]+ of them",
        line,
    ), line
    assert not (tmp_path / "output").exists()
