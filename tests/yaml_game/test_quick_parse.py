"""`quick_parse` reads the usual expression without lark; whatever it reads, lark reads to the
same tree (nodes, values and columns), and whatever it leaves (a mistake, a tree past the
limits) `parse` hands to lark, so every error and its column are lark's."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from playtest.expr.parse import MAX_DEPTH, MAX_NODES, ExprError, parse, parse_with_lark
from playtest.expr.quick_parse import quick_parse
from tests.helpers import fresh_python

FUZZ = settings(
    max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


def _lark(text: str) -> object:
    try:
        return parse_with_lark(text)
    except ExprError as exc:
        return (exc.column, exc.message)


def _parse(text: str) -> object:
    try:
        return parse(text)
    except ExprError as exc:
        return (exc.column, exc.message)


def _agree(text: str) -> str:
    read = quick_parse(text)
    if read is not None:
        assert read == parse_with_lark(text), text
    assert _parse(text) == _lark(text), text
    return "left to lark" if read is None else "read quickly"


# words and marks as the grammar has them, and near misses: names that start with a keyword
# (`andb`, `if.x`), a number cut short, a string left open, characters of no token
KEYWORDS = "if then else and or not true false"
NAMES = "a b_1 x.y rules.bonus row#.apple # _ ifx andb or_ not# if.x iffy count f"
MARKS = "1 10 1.5 1. 0.25 '' 's' \"t\" \"un ' ( ) [ ] , + - * // / % == != < <= > >= = ! é A @"
WORDS = f"{KEYWORDS} {NAMES} {MARKS}".split()
SPACES = st.sampled_from(["", " ", " ", "  ", "\n ", "\t", " \r\n"])


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(WORDS), SPACES), min_size=1, max_size=14))
def test_any_run_of_words_is_read_as_lark_reads_it(words: list[tuple[str, str]]) -> None:
    event(_agree("".join(word + space for word, space in words)))


def _expressions() -> st.SearchStrategy[str]:
    leaves = st.sampled_from(["a", "rules.x", "row#.b", "3", "2.5", '"s"', "'t'", "true", "false"])

    def grow(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        two = st.tuples(inner, SPACES, inner)
        operator = st.sampled_from(["or", "and", "==", "<", ">=", "!=", "+", "-", "*", "//", "%"])
        return st.one_of(
            st.builds(lambda ab, op: f"{ab[0]}{ab[1]}{op}{ab[1] or ' '}{ab[2]}", two, operator),
            st.builds(lambda a, s: f"not{s or ' '}{a}", inner, SPACES),
            st.builds(lambda a, s: f"-{s}{a}", inner, SPACES),
            st.builds(lambda a, s: f"({s}{a}{s})", inner, SPACES),
            st.builds(lambda xs: f"f({', '.join(xs)})", st.lists(inner, max_size=3)),
            st.builds(lambda xs: f"[{','.join(xs)}]", st.lists(inner, max_size=3)),
            st.builds(lambda a, b: f"{a}[{b}]", inner, inner),
            st.builds(lambda a, b, c: f"if {a} then {b} else {c}", inner, inner, inner),
        )

    return st.recursive(leaves, grow, max_leaves=30)


@FUZZ
@given(_expressions())
def test_expressions_are_read_as_lark_reads_them(text: str) -> None:
    event(_agree(text))


@pytest.mark.parametrize(
    "text",
    [
        '3 * count("row#.apple") + lookup(rules.set_bonus, sum("set.*"))',
        'if all("row1.*") then rules.row_bonus else 0',
        "(a) and b",  # placed at the parenthesis, as lark places it
        "((a))[1] or x",
        "1 +\n  2 * -x",  # a column counts from its line's start
        "not not a == [1, 2][0]",
        "f()",
        "[]",
    ],
)
def test_the_usual_expressions_are_read_quickly(text: str) -> None:
    assert _agree(text) == "read quickly"


def _chain(length: int) -> str:
    return "+".join(["1"] * length)


@pytest.mark.parametrize(
    "text",
    [
        *(_chain(n) for n in range(MAX_DEPTH - 3, MAX_DEPTH + 2)),  # deep to the left
        *("-" * n + "1" for n in range(MAX_DEPTH - 3, MAX_DEPTH + 2)),
        *("not " * n + "a" for n in range(MAX_DEPTH - 3, MAX_DEPTH + 2)),
        *(f"[{','.join(['1'] * n)}]" for n in range(MAX_NODES // 2 - 2, MAX_NODES // 2 + 2)),
        *(f"[{','.join(['f(x)'] * n)}]" for n in range(MAX_NODES // 4 - 2, MAX_NODES // 4 + 2)),
        "if a then " * 20 + "1" + " else 2" * 20,
        "if a then " * 30 + "1" + " else 2" * 30,
    ],
)
def test_trees_at_the_limits_are_lark_s(text: str) -> None:
    _agree(text)


def test_loading_the_games_does_not_import_lark() -> None:
    """Every expression of the shipped games is read quickly (importing lark and building
    its parser was a sixth of a cold build of the kits)."""
    code = (
        "import sys\n"
        "from playtest.loader import load_library\n"
        "library = load_library()\n"
        "games = [library.game(g) for g in library.game_ids]\n"
        "assert 'playtest.expr.quick_parse' in sys.modules  # expressions were read\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'lark'))\n"
    )
    said = fresh_python(code)
    assert said.strip() == "[]", said
