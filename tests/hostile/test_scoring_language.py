"""The scoring language of games scored in YAML is bounded in time, not only in size (issue 38,
item 4): a pattern is matched without backtracking, a large table is indexed, checking a game
at load is linear in its fields, and every number past the bound or value of the wrong kind is
a located one-line error, at load or when a record is scored, never a crash."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import pytest

from playtest.core.errors import InputError
from playtest.library.loader import load_library
from tests.helpers import line_of
from tests.hostile.fresh import run_fresh
from tests.hostile.scored_game import GAME, record, scored_game

BOUND = "a number past 1,000,000,000,000,000"


def test_a_pattern_that_would_backtrack_is_matched_at_once(tmp_path: Path) -> None:
    """`*a*a*...*ab` against a word of 41 `a`: a backtracking matcher tries every way to split
    the word before it gives up (hours at 14 stars); this one places each piece once."""
    word = "a" * 41
    elements = (
        f"      - rect: {{x: 10, y: 20, w: 8, h: 8, field: {{id: {word}, kind: box}}}}\n"
        f"      - rect: {{x: 10, y: 40, w: 8, h: 8, field: {{id: {word}b, kind: box}}}}\n"
    )
    stars = "*a" * 14
    scoring = (
        "  categories:\n"
        f"    - {{id: ends_in_b, points: 'count(\"{stars}b\")'}}\n"
        f"    - {{id: both, points: 'count(\"{stars}*\")'}}\n"
    )
    scored_game(tmp_path, scoring, elements=elements)
    path = record(tmp_path, {word: True, f"{word}b": True})
    run = run_fresh("score", path.name, "--json", "--components", "components", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["players"][0]["breakdown"] == {"ends_in_b": 1, "both": 2}
    assert run.within_bounds(), (run.cpu_seconds, run.seconds)


def _groups_game(tmp: Path, groups: int) -> Path:
    """A game of `groups` number fields `g1.v` ..., a check made once per field that reads a
    table of 20 keys per field (none of them the full sheet's value: the table is searched),
    counts its group's fields and adds up every field."""
    elements = (
        "      - repeat:\n"
        f"          count: {groups}\n"
        "          step: [2.5, 0]\n"
        "          wrap: 50\n"
        "          line_step: [0, 2.5]\n"
        "          elements:\n"
        "            - rect: {x: 5, y: 20, w: 2, h: 2,\n"
        '                     field: {id: "g{n}.v", kind: number, max: 50}}\n'
    )
    table = {"0": 0, **{str(2 * n + 1): n % 7 for n in range(20 * groups)}}
    odd = [2 * n + 1 for n in range(20 * groups)]  # `in` a list of the rules: a set, made once
    checks = (
        "  - code: T-01\n"
        '    each: "g#.*"\n'
        '    rule: \'lookup(rules.table, g#.v) >= 0 and count("g#.*") == 1'
        ' and sum("g*.v") >= 0 and not g#.v in rules.odd\'\n'
        '    message: "x"\n'
        '    where: "g {group}"\n'
    )
    scoring = "  categories:\n    - {id: cells, points: 'sum(\"g*.v\")'}\n"
    rules = {"table": table, "odd": odd}
    return scored_game(tmp, scoring, rules=rules, checks=checks, elements=elements)


def _calls_to_load(root: Path) -> int:
    """Function calls (Python's and built-in ones) made while the game loads: a count of the
    work, which a busy machine does not change."""
    library = load_library(root)
    calls = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        library.game(GAME)
    finally:
        sys.setprofile(None)
    return calls


def test_checking_a_game_at_load_is_linear_in_its_fields(tmp_path: Path) -> None:
    """Twice the fields (and groups, and table keys) is about twice the work: each pattern is
    matched against each field once, not once per group; a table's keys are sorted once, not
    at every lookup, a rules list that `in` looks in is made a set once; what does not
    depend on the group is worked out once per sheet. Before,
    the groups matched every field again and every lookup sorted the table: four times the
    work, and minutes for a 30,000-key table checked over 5,000 fields
    (benchmarks/scoring_language.py measures that size)."""
    _calls_to_load(_groups_game(tmp_path / "warm", 20))  # imports and first-use caches
    small = _calls_to_load(_groups_game(tmp_path / "small", 150))
    large = _calls_to_load(_groups_game(tmp_path / "large", 300))
    assert large / small < 2.2, (small, large)


@pytest.mark.parametrize(
    ("points", "column"),
    [
        ("1000000000000001", 1),
        ("10000000000000000000", 1),  # past SQLite's integers too: `score --log` failed
        ("1" * 400 + ".5", 1),  # was OverflowError, which also ended --watch and the preview
        ("[1, 1000000000000001][1]", 5),  # no arithmetic: nothing checked it
    ],
    ids=["one-past", "past-sqlite", "400-digits", "in-a-list"],
)
def test_a_literal_past_the_bound_is_a_load_error(
    tmp_path: Path, run_cli, monkeypatch, points: str, column: int
) -> None:
    monkeypatch.chdir(tmp_path)
    scoring = f"  categories:\n    - {{id: big, points: '{points}'}}\n"
    root = scored_game(tmp_path, scoring)
    path = record(tmp_path, {"pears": 3}, {})
    db = tmp_path / "log.sqlite"
    result = run_cli("score", path, "--log", "--db", db, "--components", root)
    line = line_of(root / GAME / "game.yaml", "id: big")
    assert (result.exit_code, result.stderr) == (
        2,
        f"components/{GAME}/game.yaml:{line}: scoring.categories[0].points: "
        f"column {column}: {BOUND}\n",
    )
    if db.exists():  # the log may be opened first; no game reaches it
        assert sqlite3.connect(db).execute("select count(*) from games").fetchone() == (0,)


def test_a_total_past_the_bound_is_a_load_error(tmp_path: Path) -> None:
    """Each category is within the bound; the total they add up to must be too."""
    scoring = (
        "  categories:\n"
        "    - {id: half, points: 'rules.half'}\n"
        "    - {id: again, points: 'rules.half + 1'}\n"
    )
    root = scored_game(tmp_path, scoring, rules={"half": 6 * 10**14})
    with pytest.raises(InputError) as raised:
        load_library(root).game(GAME)
    (problem,) = raised.value.problems
    assert (problem.field, problem.message) == (
        "scoring.categories[1].points",
        "the categories add up to more than 1,000,000,000,000,000",
    )


@pytest.mark.parametrize(
    ("scoring", "field", "message"),
    [
        (
            "  categories:\n    - {id: key, points: 'lookup(rules.table, [1, 2])'}\n",
            "scoring.categories[0].points",
            "column 1: a key is a number or a text, got a list [1, 2]",
        ),
        (
            "  categories:\n    - {id: key, points: 'rules.table[rules.table]'}\n",
            "scoring.categories[0].points",
            "column 1: a key is a number or a text, got a table {'1': 2, '5': 7}",
        ),
        (
            "  categories:\n    - {id: fruit, points: pears}\n"
            "  tie_breakers:\n"
            "    - {name: mixed, value: 'if pears > 10 then \"many\" else pears'}\n",
            "scoring.tie_breakers[0].value",
            "expected a number, got 'many'",
        ),
    ],
    ids=["list-key", "table-key", "text-tie-breaker"],
)
def test_a_value_of_the_wrong_kind_is_a_load_error(
    tmp_path: Path, run_cli, monkeypatch, scoring: str, field: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    root = scored_game(tmp_path, scoring, rules={"table": {"1": 2, "5": 7}})
    result = run_cli("check", record(tmp_path, {}), "--components", root)
    assert result.exit_code == 2, result.output
    (said,) = result.stderr.splitlines()
    assert said.startswith(f"components/{GAME}/game.yaml:") and said.endswith(f"{field}: {message}")


def test_a_tie_breaker_of_the_wrong_kind_met_only_when_scoring_is_one_line(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    """Text only for a value no sheet tried at load has (7 pears): that record's answer is one
    located line and exit 2, as a mistake in a file is; before, a TypeError."""
    monkeypatch.chdir(tmp_path)
    scoring = (
        "  categories:\n    - {id: fruit, points: pears}\n"
        "  tie_breakers:\n"
        "    - {name: lucky, value: 'if pears == 7 then \"seven\" else 0'}\n"
    )
    root = scored_game(tmp_path, scoring)
    result = run_cli("score", record(tmp_path, {"pears": 7}, {"pears": 7}), "--components", root)
    line = line_of(root / GAME / "game.yaml", "name: lucky")
    assert (result.exit_code, result.stderr) == (
        2,
        f"components/{GAME}/game.yaml:{line}: scoring.tie_breakers[0].value: "
        "expected a number, got 'seven'\n",
    )
