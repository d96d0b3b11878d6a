"""One parser reads the scoring expressions (playtest/expr/parse.py), and it reads them as lark
reads the grammar (tests/yaml_game/lark_oracle.py, the oracle): the same trees (nodes, values
and columns) and the same errors at the same columns, for the usual expressions, random ones,
runs of words and near misses, and trees at the limits of size and depth."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from playtest.expr.nodes import MAX_DEPTH, MAX_NESTING, MAX_NODES, Call, ExprError, Name, Op
from playtest.expr.parse import parse
from tests.helpers import fresh_python
from tests.yaml_game.lark_oracle import lark_parse

ROOT = Path(__file__).resolve().parents[2]
FUZZ = settings(
    max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


def _answer(reader: Callable[[str], object], text: str) -> object:
    """The tree, or the error's column and words."""
    try:
        return reader(text)
    except ExprError as exc:
        return (exc.column, exc.message)


def _agree(text: str) -> str:
    """The one parser answers as lark does; says which it was, for hypothesis's statistics."""
    answer = _answer(parse, text)
    assert answer == _answer(lark_parse, text), text
    return "an error" if isinstance(answer, tuple) else "a tree"


# words and marks as the grammar has them, and near misses: names that start with a keyword
# (`andb`, `if.x`), a number cut short, a string left open, characters of no token
KEYWORDS = "if then else and or not true false in"
NAMES = "a b_1 x.y rules.bonus row#.apple # _ ifx andb or_ not# if.x iffy count f inx in.x index"
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
        operator = st.sampled_from(
            ["or", "and", "==", "<", ">=", "!=", "in", "+", "-", "*", "/", "//", "%"]
        )
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


@FUZZ
@given(st.text(alphabet="abefilnorst_#.(),[]+-*/%<=>!'\"19 \n\t", max_size=40))
def test_any_text_of_the_grammar_s_characters_is_read_as_lark_reads_it(text: str) -> None:
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
def test_the_usual_expressions_are_trees(text: str) -> None:
    assert _agree(text) == "a tree"


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        # after an operand a keyword is read where a name would go on, anywhere else a name
        ("a andb", Op(1, "and", (Name(1, "a"), Name(6, "b")))),
        ("[a thenb]", (4, "unexpected 'then'")),
        ("a iffy", (3, "unexpected 'iffy'")),
        ("a notb", (3, "unexpected 'notb'")),
        ("a (b)", Call(1, "a", (Name(4, "b"),))),  # a call, spaces or not
        ("(a)(b)", (4, "unexpected '('")),
        ("a < b < c", (7, "unexpected '<'")),  # one comparison at most
        (
            "a < b and c < d",
            Op(
                1,
                "and",
                (
                    Op(3, "<", (Name(1, "a"), Name(5, "b"))),
                    Op(13, "<", (Name(11, "c"), Name(15, "d"))),
                ),
            ),
        ),
        ("a + not b", (5, "unexpected 'not'")),
        ("not if a then b else c", (5, "unexpected 'if'")),
        ("a[]", (3, "unexpected ']'")),
        ("f(a,)", (5, "unexpected ')'")),
        ("1.", (2, "unexpected '.'")),
        ("x = 1", (3, "unexpected '='")),
        ('a "s"', (3, "unexpected '\"s\"'")),
        ("a\n  @", (3, "unexpected '@'")),
        ("if a then b", (12, "the expression ends too soon")),
        ("(a", (3, "the expression ends too soon")),
        ("if a then b else c then d", (20, "unexpected 'then'")),
    ],
)
def test_mistakes_are_named_where_lark_names_them(text: str, answer: object) -> None:
    _agree(text)
    assert _answer(parse, text) == answer


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
        # deeper than Python's stack would allow a reader that recurses: read on a list
        "-" * 990 + "1",
        "if a then " * 58 + "1" + " else 2" * 58,
        "if " * 58 + "a" + " then b else c" * 58,
        "if a then b else " * 58 + "c",
        "[" * MAX_NESTING + "if " * 50 + "a" + " then b else c" * 50 + "]" * MAX_NESTING,
        "(" * MAX_NESTING + "1" + ")" * MAX_NESTING + "+1" * 40,
        "if " * 58 + "a" + " then b else c" * 57,  # an `if` left open, deep inside
    ],
)
def test_trees_at_the_limits_are_lark_s(text: str) -> None:
    _agree(text)


def test_the_product_never_imports_lark() -> None:
    """lark is the test's oracle only: no product module imports it, and loading every
    shipped game reads its expressions with the one parser."""
    for folder in ("playtest", "generator", "scorer", "components"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = (
                    [alias.name for alias in node.names]
                    if isinstance(node, ast.Import)
                    else [node.module or ""]
                    if isinstance(node, ast.ImportFrom)
                    else []
                )
                assert not any(n.split(".")[0] == "lark" for n in names), path
    code = (
        "import sys\n"
        "from playtest.library.loader import load_library\n"
        "library = load_library()\n"
        "games = [library.game(g) for g in library.game_ids]\n"
        "assert any(g.scoring is not None for g in games)  # a game scored in YAML was read\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'lark'))\n"
    )
    said = fresh_python(code)
    assert said.strip() == "[]", said
