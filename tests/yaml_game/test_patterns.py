"""Field patterns (playtest/expr/patterns.py) answer what a regular expression with greedy runs
answers, the groups included, without its backtracking, and each is matched against a game's
fields once."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.expr.fields import FieldInfo
from playtest.expr.patterns import FieldIndex, Pattern


def by_regex(pattern: str, field_id: str) -> tuple[str, ...] | None:
    """The patterns' first matcher: `*` any run of word characters, `#` a group of one or more,
    anything else itself, matched by Python's backtracking `re`."""
    parts = {"*": "[a-z0-9_]*", "#": "([a-z0-9_]+)"}
    found = re.fullmatch("".join(parts.get(c) or re.escape(c) for c in pattern), field_id)
    return None if found is None else found.groups()


@settings(max_examples=3000, deadline=None)
@given(st.text("ab_*#.", max_size=12), st.text("ab_.", max_size=16))
def test_a_pattern_matches_as_a_greedy_regular_expression(pattern: str, field_id: str) -> None:
    assert Pattern(pattern).match(field_id) == by_regex(pattern, field_id)


@pytest.mark.parametrize(
    ("pattern", "field_id", "groups"),
    [
        ("row#.box*", "row12.box3", ("12",)),
        ("#_#", "a_b_c", ("a_b", "c")),  # the first `#` takes all it can
        ("*#", "abc", ("c",)),
        ("#*#", "abcd", ("abc", "d")),
        ("row*", "row1.box1", None),  # a wildcard never crosses a dot
        ("a*b*c", "axbxxbc", ()),
        ("a*b*c", "axbxxb", None),
    ],
)
def test_what_a_pattern_matches(pattern: str, field_id: str, groups: tuple | None) -> None:
    assert Pattern(pattern).match(field_id) == groups


def test_each_pattern_is_matched_against_the_fields_once() -> None:
    """However many expressions (or a check's groups) use a pattern."""
    matched = []

    class Counted(Pattern):
        def match(self, field_id: str) -> tuple[str, ...] | None:
            matched.append(field_id)
            return super().match(field_id)

    import playtest.expr.patterns as patterns

    fields = {
        f"row{r}.box{b}": FieldInfo(f"row{r}.box{b}", "box") for r in range(9) for b in (1, 2)
    }
    index = FieldIndex(fields)
    original, patterns.Pattern = patterns.Pattern, Counted  # type: ignore[misc]
    try:
        for group in map(str, range(9)):
            assert [i.id for i in index.in_group("row#.*", group)] == [
                f"row{group}.box1",
                f"row{group}.box2",
            ]
        assert len(index.matching("row*.box1")) == 9
        assert len(index.matching("row*.box1")) == 9
    finally:
        patterns.Pattern = original  # type: ignore[misc]
    assert len(matched) == 2 * len(fields)
