"""The safe YAML loader keeps every value's line and refuses what could hurt."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from playtest.core.errors import InputError
from playtest.core.yamlsource import format_loc, parse_document


def parse(text: str):
    return parse_document(text.encode(), Path("x.yaml"), "x.yaml")


def test_lines_of_nested_values() -> None:
    doc = parse("a:\n  b: 1\n  c:\n    - 2\n    - {d: 3}\n")
    assert doc.data == {"a": {"b": 1, "c": [2, {"d": 3}]}}
    assert doc.line_of(("a", "b")) == 2
    assert doc.line_of(("a", "c", 1, "d")) == 5
    assert doc.line_of(("a", "c", 1, "missing")) == 5  # a missing key: its parent's line


def test_merge_keys_are_honoured() -> None:
    doc = parse("base: &b {x: 1, y: 2}\nitem:\n  <<: *b\n  y: 3\n")
    assert doc.data["item"] == {"x": 1, "y": 3}


def test_format_loc() -> None:
    assert format_loc(("decks", 0, "cards", 3, "name")) == "decks[0].cards[3].name"


def test_self_referencing_alias_is_refused() -> None:
    with pytest.raises(InputError, match="nested more than 64 levels deep"):
        parse("a: &a [*a]\n")


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_load_or_fail_with_a_located_message(data: bytes) -> None:
    try:
        parse_document(data, Path("x.yaml"), "x.yaml")
    except InputError as exc:
        assert exc.problems and all(str(p).startswith("x.yaml") for p in exc.problems)
        assert all("\n" not in str(p) for p in exc.problems)


yaml_text = st.text(
    alphabet=st.sampled_from(list("ab:-[]{}&*!|>'\"\n #,0123456789.")), max_size=120
)


@settings(max_examples=200, deadline=None)
@given(yaml_text)
@example("!0 :")  # a key with an unknown tag
def test_yaml_like_text_loads_or_fails_with_a_located_message(text: str) -> None:
    try:
        parse(text)
    except InputError as exc:
        assert all(str(p).startswith("x.yaml") for p in exc.problems)
