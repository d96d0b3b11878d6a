"""A game scored only by YAML: `score`, `check`, `--json`, record errors and the playtest log,
with no Python written for it (components/orchard/game.yaml)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.helpers import edit_once, line_of

RECORD = """\
game: orchard
players:
  - name: Ann
    fields: {row1.apples: 5, row1.basket: true, row2.apples: 5, row3.apples: 5,
             row2.fruit: plum, pears: 4, tree: T1}
  - name: Bob
    fields: {row1.apples: 2, row1.basket: true, pears: 4, tree: T2}
  - name: Cy
"""


def write(tmp_path: Path, text: str, name: str = "game.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_score_every_category_and_the_winner(run_cli, orchard: Path, tmp_path: Path) -> None:
    record = write(tmp_path, RECORD)
    result = run_cli("score", record, "--json", "--components", orchard)
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    ann, bob, cy = answer["players"]
    assert ann["breakdown"] == {
        "apples": 15,  # three full tracks
        "full_rows": 12,  # complete("row#.apples") = 3, times rules.row_bonus
        "baskets": 1,  # lookup(rules.basket_points, 1)
        "plums": 2,
        "pear_majority": 3,  # 6 shared by Ann and Bob
        "harvest": 2,  # at least 10 apples
        "tree_card": 3,
        "last_place": 0,
        "crates": 0,  # 4 // rules.crate.0 (5) * rules.crate[1]
        "rot": 0,  # 4 pears: even
        "balance": 3,  # rows 1 and 3 within one apple: floor(rules.balance * 1.5)
        "best_row": 8,  # lookup([0, 0, 1, 1, 2, 3], 5) + min("row*.apples") (5)
        "most_apples": 2,
    }
    assert ann["total"] == 51
    assert bob["breakdown"]["last_place"] == -1 and bob["breakdown"]["tree_card"] == 1
    # Bob's best row: lookup(..., 2) = 1, plus his emptiest row (0); neither most nor fewest
    assert (bob["breakdown"]["best_row"], bob["breakdown"]["most_apples"]) == (1, 1)
    assert (bob["total"], cy["total"]) == (8, 0)  # Cy's fields are all empty
    assert answer["winners"] == ["Ann"]
    assert answer["violations"] == [
        {
            "code": "ORCH-01",
            "player": "Bob",
            "where": "row 1",
            "message": "a basket needs 3 apples in row 1",
        }
    ]


def test_check_exits_1_on_a_broken_rule_and_0_when_legal(
    run_cli, orchard: Path, tmp_path: Path
) -> None:
    broken = run_cli("check", write(tmp_path, RECORD), "--components", orchard)
    assert broken.exit_code == 1
    assert "ORCH-01" in broken.stdout
    legal = RECORD.replace("row1.apples: 2, row1.basket: true", "row1.apples: 3, row1.basket: true")
    fine = run_cli("check", write(tmp_path, legal, "legal.yaml"), "--components", orchard)
    assert fine.exit_code == 0, fine.output


def test_tie_breakers_in_order(run_cli, orchard: Path, tmp_path: Path) -> None:
    # equal totals (3 apples each); pears break the tie, then the fewest baskets, then the
    # most apples in the first two rows
    tied = """\
game: orchard
players:
  - {name: Ann, fields: {row1.apples: 3, pears: 1}}
  - {name: Bob, fields: {row1.apples: 3, pears: 1}}
"""
    answer = json.loads(
        run_cli("score", write(tmp_path, tied), "--json", "--components", orchard).stdout
    )
    # 3 apples, 3 of 6 for pears, best row 1 + 0, both have the most apples (2)
    assert [p["total"] for p in answer["players"]] == [9, 9]
    assert answer["winners"] == ["Ann", "Bob"]  # still tied after the three tie-breakers
    # the same, but Bob's apples are in his third row: the third tie-breaker decides
    bob_low = tied.replace(
        "{name: Bob, fields: {row1.apples: 3", "{name: Bob, fields: {row3.apples: 3"
    )
    answer = json.loads(
        run_cli("score", write(tmp_path, bob_low), "--json", "--components", orchard).stdout
    )
    assert [p["total"] for p in answer["players"]] == [9, 9]
    assert answer["winners"] == ["Ann"]


def test_record_errors_name_file_line_and_field(run_cli, orchard: Path, tmp_path: Path) -> None:
    bad = """\
game: orchard
variant: basic
players:
  - name: Ann
    fields: {row1.apples: 9, row1.basket: 3, row1.fruit: kiwi, row1.apple: 1, tree: T9}
  - {name: Ann, hat: 1}
"""
    result = run_cli("score", write(tmp_path, bad), "--components", orchard)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert [re.sub(r"^.*game\.yaml:", "", line) for line in lines] == [
        "2: variant: this game has no variants",
        "5: players[0].fields['row1.apples']: 9 is not from 0 to 5",
        "5: players[0].fields['row1.basket']: a box is true or false, got 3",
        "5: players[0].fields['row1.fruit']: unknown value 'kiwi' "
        "(expected one of: apple, pear, plum)",
        "5: players[0].fields['row1.apple']: unknown field 'row1.apple' "
        "(did you mean row1.apples, row3.apples, row2.apples?)",
        "5: players[0].fields.tree: unknown card 'T9' (expected one of: T1, T2)",
        "6: players[1].hat: unknown field (expected one of: name, fields)",
        "6: players[1].name: player 'Ann' is named twice",
    ]


def test_too_many_players_is_the_shared_header_error(
    run_cli, orchard: Path, tmp_path: Path
) -> None:
    five = "game: orchard\nplayers:\n" + "".join(f"  - name: P{i}\n" for i in range(5))
    result = run_cli("score", write(tmp_path, five), "--components", orchard)
    assert result.exit_code == 2
    assert result.stderr.endswith("game.yaml:2: players: the game has 1 to 4 players, got 5\n")


def test_expression_errors_are_load_errors_with_line_and_column(
    run_cli, orchard: Path, tmp_path: Path
) -> None:
    game = orchard / "orchard" / "game.yaml"
    unfinished = 'sum("row*.apples") +'
    edit_once(game, """'sum("row*.apples")'""", f"'{unfinished}'")
    edit_once(game, """'2 * count("row*.fruit", "plum")'""", """'2 * count("rows*.fruit")'""")
    edit_once(game, "value: pears}", "value: pears.__class__}")
    result = run_cli("score", write(tmp_path, RECORD), "--components", orchard)
    assert result.exit_code == 2
    assert [re.sub(r"^.*orchard/game\.yaml:", "", line) for line in result.stderr.splitlines()] == [
        f"{line_of(game, unfinished)}: scoring.categories[0].points: column 21: "
        "the expression ends too soon",
        f"{line_of(game, 'rows*.fruit')}: scoring.categories[3].points: column 11: "
        "pattern 'rows*.fruit' matches no field",
        f"{line_of(game, 'pears.__class__')}: scoring.tie_breakers[0].value: column 1: "
        "unknown name 'pears.__class__' "
        "(not a field, a category scored before it, or `rules.`...)",
    ]
    # the kit is refused too: one loader for every command
    assert run_cli("build", "orchard", "--components", orchard).exit_code == 2


def test_a_value_of_the_wrong_kind_is_found_at_load(run_cli, orchard: Path, tmp_path: Path) -> None:
    game = orchard / "orchard" / "game.yaml"
    edit_once(game, '\'2 * count("row*.fruit", "plum")\'', "'row1.fruit + 1'")
    result = run_cli("score", write(tmp_path, RECORD), "--components", orchard)
    assert result.exit_code == 2
    assert result.stderr.endswith(
        f"game.yaml:{line_of(game, 'row1.fruit + 1')}: scoring.categories[3].points: column 12: "
        "expected a number, got text ''\n"
    )


def test_kept_in_the_log_and_exported_as_the_same_record(
    run_cli, orchard: Path, tmp_path: Path
) -> None:
    db = tmp_path / "log.sqlite"
    record = write(tmp_path, RECORD)
    scored = run_cli("score", record, "--log", "--db", db, "--components", orchard)
    assert scored.exit_code == 0, scored.output
    listed = run_cli("log", "list", "--db", db)
    assert "orchard" in listed.stdout and "Ann 51, Bob 8, Cy 0" in listed.stdout
    out = tmp_path / "exported"
    assert run_cli("log", "export", "--db", db, "--out", out).exit_code == 0
    (exported,) = out.glob("*.yaml")
    again = run_cli("score", exported, "--json", "--components", orchard)
    first = run_cli("score", record, "--json", "--components", orchard)
    assert json.loads(again.stdout) == json.loads(first.stdout)
