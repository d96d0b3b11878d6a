"""Out-of-bounds input gets one clear line naming file, line, field and the limit or what was
expected (issue 26): never Python's own words (a recursion depth, `set_int_max_str_digits`),
never two messages run together, never a path the user cannot open."""

from __future__ import annotations

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
