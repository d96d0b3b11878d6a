"""The fast JSON writer of `score/check --json`: byte for byte what json.dumps(indent=2) writes,
with plain data written by itself and everything else handed to json.dumps."""

from __future__ import annotations

import enum
import json
import math
import shutil
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import playtest.cli.records
from playtest.core import json_text
from playtest.core.json_text import MAX_DEPTH, indented_json, reference_json
from tests.conftest import REPO
from tests.games import a_game, example_records, game_ids

# what tends to go wrong in JSON text: C0 and C1 controls, quotes, backslashes, line and
# paragraph separators, bidi overrides, lone surrogates, astral characters (emoji)
_TRICKY = '\x00\x01\x08\t\n\r\x1b\x1f"\\/\x7f\x80\x85\x9f\u2028\u2029\u202e\ud800\udfff🌱👩‍🌾é中'
texts = st.text(st.sampled_from(_TRICKY) | st.characters(exclude_categories=()), max_size=12)
floats = st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from(
    [
        0.0,
        -0.0,
        1e16,
        -1e16,
        1e-7,
        5e-324,
        1.7976931348623157e308,
        0.1,
        2.5,
        1e22,
        123456789012345680.0,
    ]
)
ints = st.integers() | st.integers(min_value=-(10**80), max_value=10**80)
scalars = st.none() | st.booleans() | ints | floats | texts
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(texts, inner, max_size=5)
        | st.builds(tuple, st.lists(inner, max_size=3))
    ),
    max_leaves=40,
)


def _dumps(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


@settings(max_examples=400, deadline=None)
@given(values)
def test_writes_what_json_dumps_writes_without_calling_it(value: Any) -> None:
    """Byte for byte json.dumps's text; and the speed: plain data (tuples too) never reaches
    the slow path."""
    original = json_text.reference_json
    json_text.reference_json = _refuse
    try:
        assert indented_json(value) == _dumps(value)
    finally:
        json_text.reference_json = original


def _refuse(value: Any) -> str:
    raise AssertionError(f"json.dumps was asked to write {value!r}")


class Colour(enum.IntEnum):
    RED = 1


class Name(str):
    pass


def _nested(depth: int) -> Any:
    value: Any = "leaf"
    for level in range(depth):
        value = [value] if level % 2 else {"k": value}
    return value


FALLBACKS = {
    "NaN": [1.0, math.nan],
    "infinity": {"a": [math.inf, -math.inf]},
    "keys that are not str": {"a": {3: "three", 2.5: "x", True: "t", None: "n"}},
    "IntEnum": [Colour.RED],
    "str subclass value": {"name": Name("Zoë")},
    "OrderedDict": [OrderedDict(b=1, a=2)],
    "deeper than MAX_DEPTH": _nested(MAX_DEPTH + 5),
    "a set inside": {"a": [1, {2}]},
}


@pytest.mark.parametrize("name", list(FALLBACKS))
def test_what_it_cannot_write_goes_to_json_dumps(name: str, monkeypatch) -> None:
    value = FALLBACKS[name]
    asked: list[Any] = []
    monkeypatch.setattr(json_text, "reference_json", lambda v: asked.append(v) or reference_json(v))
    try:
        expected: Any = _dumps(value)
    except TypeError as exc:  # a set: json.dumps's own error, unchanged
        with pytest.raises(TypeError, match=str(exc)):
            indented_json(value)
    else:
        assert indented_json(value) == expected
    assert asked == [value]


def test_errors_are_json_dumps_errors() -> None:
    looped: list[Any] = [1]
    looped.append(looped)
    with pytest.raises(ValueError, match="Circular reference detected"):
        indented_json({"a": looped})
    with pytest.raises(ValueError, match="Exceeds the limit"):  # an int too long to print
        indented_json([10**5000])


def test_a_str_subclass_key_is_written_as_json_dumps_does() -> None:
    value = {Name("a\nb"): [Name("c")], "d": Colour.RED}
    assert indented_json(value) == _dumps(value)


@pytest.mark.parametrize("command", ["score", "check"])
def test_score_and_check_json_are_unchanged(
    command: str, tmp_path: Path, run_cli, monkeypatch
) -> None:
    """`playtest score/check DIR --json` on every example, names with emoji and a bidi
    override, and a record that cannot be read (an error answer): the same bytes as
    json.dumps wrote before, the escape of terminal controls included."""
    for example in sorted((REPO / "examples").glob("*/*.yaml")):
        shutil.copy(example, tmp_path / f"{example.parent.name}-{example.name}")
    basic = next(
        text
        for game in game_ids()
        for record in example_records(game)
        if "name: Ann" in (text := record.read_text(encoding="utf-8")) and "name: Bob" in text
    )
    (tmp_path / "names.yaml").write_text(
        basic.replace("name: Ann", 'name: "Zoë 🌱"').replace("name: Bob", 'name: "Bo\\u202eb"'),
        encoding="utf-8",
    )
    (tmp_path / "unreadable.yaml").write_text(f"game: {a_game()}\nplayers: 3\n")
    monkeypatch.chdir(tmp_path)
    fast = run_cli(command, ".", "--json")
    monkeypatch.setattr(playtest.cli.records, "indented_json", reference_json)
    before = run_cli(command, ".", "--json")
    assert fast.exit_code == before.exit_code == 2  # unreadable.yaml
    assert fast.stdout == before.stdout
    answers = {answer["record"]: answer for answer in json.loads(fast.stdout)}
    assert len(answers) == len(list(tmp_path.glob("*.yaml")))
    assert "error" in answers["unreadable.yaml"]
    assert [p["name"] for p in answers["names.yaml"]["players"]][:2] == ["Zoë 🌱", "Bo\u202eb"]
    assert "Bo\\u202eb" in fast.stdout  # escaped for the terminal, as before
