"""The scoring language's correctness holes, closed (issue 40, point 2), on Orchard's YAML
edited as a designer would: a category that is not a whole number is an error naming it (never
floored), comparing a choice or card slot with a value it cannot hold is a load error at its
file:line and column, and a check's message and `where` are templates (`{rules.x}`,
`{group}`), rendered."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import edit_once, line_of

LAST_CATEGORY = (
    "    - {id: most_apples, points: 'if most(apples) then 2 else if fewest(apples) then 0 "
    "else 1'}\n"
)


def add_category(orchard: Path, line: str) -> Path:
    """Orchard with one more category (the 14th, `scoring.categories[13]`)."""
    game = orchard / "orchard" / "game.yaml"
    edit_once(game, LAST_CATEGORY, LAST_CATEGORY + line + "\n")
    return game


def add_check(orchard: Path, check: str) -> Path:
    """Orchard with one more check (the 4th, `checks[3]`), at the end of its file."""
    game = orchard / "orchard" / "game.yaml"
    game.write_text(game.read_text() + check)
    return game


def record(tmp_path: Path, *sheets: dict[str, Any]) -> Path:
    path = tmp_path / "game.yaml"
    players = [{"name": name, "fields": f} for name, f in zip(("Ann", "Bob"), sheets, strict=False)]
    path.write_text(json.dumps({"game": "orchard", "players": players}))
    return path


# --- a category that is not a whole number -------------------------------------------------


def test_a_category_that_is_not_whole_is_an_error_naming_it(
    run_cli, orchard: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(orchard.parent)
    game = add_category(orchard, "    - {id: pear_halves, points: 'pears * 1.5'}")
    # 4 pears: 6.0, a whole number, scored as 6
    fine = run_cli("score", record(tmp_path, {"pears": 4}), "--json", "--components", orchard)
    assert fine.exit_code == 0, fine.output
    assert json.loads(fine.stdout)["players"][0]["breakdown"]["pear_halves"] == 6
    # 3 pears: 4.5, which was silently floored to 4
    half = run_cli("score", record(tmp_path, {"pears": 3}), "--components", orchard)
    assert (half.exit_code, half.stdout) == (2, "")
    line = line_of(game, "id: pear_halves")
    assert half.stderr == (
        f"components/orchard/game.yaml:{line}: scoring.categories[13].points: "
        "category 'pear_halves' is 4.5, not a whole number "
        "(round it: floor(x), ceil(x) or round(x))\n"
    )
    checked = run_cli("check", record(tmp_path, {"pears": 3}), "--components", orchard)
    assert checked.exit_code == 2 and "category 'pear_halves' is 4.5" in checked.stderr


def test_a_category_never_whole_is_refused_at_load(
    run_cli, orchard: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The full sheet tried at load has 50 pears: 50 / 4 ... written as * 0.25: 12.5."""
    monkeypatch.chdir(orchard.parent)
    game = add_category(orchard, "    - {id: quarter, points: 'pears * 0.25'}")
    result = run_cli("build", "orchard", "--components", orchard, "--out", tmp_path / "out")
    assert result.exit_code == 2
    line = line_of(game, "id: quarter")
    assert result.stderr.splitlines()[0] == (
        f"components/orchard/game.yaml:{line}: scoring.categories[13].points: "
        "category 'quarter' is 12.5, not a whole number "
        "(round it: floor(x), ceil(x) or round(x))"
    )
    assert not (tmp_path / "out").exists()


# --- a choice compared with a value it cannot hold -----------------------------------------


@pytest.mark.parametrize(
    ("points", "column", "message"),
    [
        (
            'if row1.fruit == "pera" then 1 else 0',
            18,
            "row1.fruit never holds 'pera' (its values: apple, pear, plum)",
        ),
        (
            'if "nort" != row2.fruit then 1 else 0',
            4,
            "row2.fruit never holds 'nort' (its values: apple, pear, plum)",
        ),
        (
            'count("row*.fruit", "plm")',
            21,
            "'row*.fruit' never holds 'plm' (its values: apple, pear, plum)",
        ),
        (
            'if tree == "T9" then 1 else 0',
            12,
            "tree never holds 'T9' (its values: T1, T2)",
        ),
        (
            "if row3.fruit == rules.tree_from then 1 else 0",
            18,
            "row3.fruit never holds 30 (its values: apple, pear, plum)",
        ),
        (
            'if row1.fruit in ["apple", "pera"] then 1 else 0',
            28,
            "row1.fruit never holds 'pera' (its values: apple, pear, plum)",
        ),
        (
            "if tree in rules.fruits then 1 else 0",
            12,
            "tree never holds 'apple' (its values: T1, T2)",
        ),
        ("pears in rules.row_bonus", 7, "`in` takes a list, got the value 4"),
    ],
    ids=[
        "choice",
        "reversed",
        "count",
        "card",
        "rules-value",
        "in-a-list",
        "in-rules",
        "in-no-list",
    ],
)
def test_comparing_a_choice_with_a_value_it_cannot_hold_is_a_load_error(
    run_cli,
    orchard: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    points: str,
    column: int,
    message: str,
) -> None:
    monkeypatch.chdir(orchard.parent)
    game = add_category(orchard, f"    - {{id: odd, points: '{points}'}}")
    result = run_cli("check", record(tmp_path, {}), "--components", orchard)
    assert (result.exit_code, result.stdout) == (2, ""), result.output
    line = line_of(game, "id: odd")
    assert result.stderr == (
        f"components/orchard/game.yaml:{line}: scoring.categories[13].points: "
        f"column {column}: {message}\n"
    )


def test_a_value_a_choice_can_hold_and_a_card_id_in_any_case_compare(
    run_cli, orchard: Path, tmp_path: Path
) -> None:
    """`""` (empty) is a value every choice may hold; a card id is read in any case, in the
    expression as in the record."""
    add_category(
        orchard,
        '    - {id: odd, points: \'if tree == "t2" then 10 else if row1.fruit == "" '
        "then 100 else 1000'}",
    )
    result = run_cli(
        "score",
        record(tmp_path, {"tree": "T2"}, {"row1.fruit": "pear"}),
        "--json",
        "--components",
        orchard,
    )
    assert result.exit_code == 0, result.output
    ann, bob = json.loads(result.stdout)["players"]
    assert (ann["breakdown"]["odd"], bob["breakdown"]["odd"]) == (10, 1000)


# --- a check's message is a template -------------------------------------------------------

FULL_ROW_CHECK = """\
  - code: ORCH-09
    each: "row#.*"
    rule: 'row#.apples < rules.apples_per_row'
    message: "row {group} is full: {rules.apples_per_row} apples, worth {rules.row_bonus}"
    where: "row {group} of {rules.rows}"
"""


def test_a_checks_message_and_where_are_rendered(run_cli, orchard: Path, tmp_path: Path) -> None:
    add_check(orchard, FULL_ROW_CHECK)
    result = run_cli(
        "check", record(tmp_path, {"row2.apples": 5}), "--json", "--components", orchard
    )
    assert result.exit_code == 1, result.output
    (violation,) = [v for v in json.loads(result.stdout)["violations"] if v["code"] == "ORCH-09"]
    # rules: apples_per_row 5, row_bonus 4, rows 3
    assert violation == {
        "code": "ORCH-09",
        "player": "Ann",
        "where": "row 2 of 3",
        "message": "row 2 is full: 5 apples, worth 4",
    }


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        (
            "{rules.row_bonus}",
            "{rules.row_bonuses}",
            "message",
            "{rules.row_bonuses}: 'rules.row_bonuses' is not in the game's `rules:`",
        ),
        (
            "{rules.rows}",
            "{rules.harvest}",
            "where",
            "{rules.harvest}: a table, not a value to print",
        ),
        (
            "{rules.row_bonus}",
            "{player}",
            "message",
            "{player}: unknown name (expected {group} in a check with `each:`, or {rules.x})",
        ),
        (
            '    each: "row#.*"\n',
            "",
            "message",
            "{group}: unknown name (expected {group} in a check with `each:`, or {rules.x})",
        ),
    ],
    ids=["unknown-rule", "a-table", "unknown-name", "group-without-each"],
)
def test_a_template_naming_nothing_printable_is_a_load_error(
    run_cli,
    orchard: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    old: str,
    new: str,
    field: str,
    message: str,
) -> None:
    monkeypatch.chdir(orchard.parent)
    game = add_check(orchard, FULL_ROW_CHECK.replace(old, new))
    result = run_cli("check", record(tmp_path, {}), "--components", orchard)
    assert result.exit_code == 2, result.output
    line = line_of(game, "{group} of") if field == "where" else line_of(game, "is full")
    assert f"components/orchard/game.yaml:{line}: checks[3].{field}: {message}" in (
        result.stderr.splitlines()
    )


# --- `in`, true division and rounding (issue 40, point 2) ----------------------------------


def test_in_true_division_and_rounding_score_hand_computed_results(
    run_cli, orchard: Path, tmp_path: Path
) -> None:
    add_category(
        orchard,
        "    - {id: halves, points: 'round(pears / 2) * 100 + ceil(pears / 4) * 10 "
        "+ floor(pears / 3)'}\n"
        '    - {id: sweet, points: \'if row1.fruit in ["pear", "plum"] then 1 else 0\'}\n'
        '    - {id: planted, points: \'if tree in ["t1"] and row2.fruit in rules.fruits '
        "then 1 else 0'}",
    )
    sheets = (
        {"pears": 5, "row1.fruit": "plum", "tree": "T1", "row2.fruit": "pear"},
        {"pears": 7, "row1.fruit": "apple", "tree": "T1"},
    )
    result = run_cli("score", record(tmp_path, *sheets), "--json", "--components", orchard)
    assert result.exit_code == 0, result.output
    ann, bob = (p["breakdown"] for p in json.loads(result.stdout)["players"])
    # 5 pears: round(2.5) = 3, ceil(1.25) = 2, floor(1.67) = 1; 7: round(3.5) = 4, 2, 2
    assert (ann["halves"], bob["halves"]) == (321, 422)
    assert (ann["sweet"], bob["sweet"]) == (1, 0)
    assert (ann["planted"], bob["planted"]) == (1, 0)  # Bob's row 2 has no fruit
