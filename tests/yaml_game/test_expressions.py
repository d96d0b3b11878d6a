"""The expression language is small and safe: whatever the text, compiling it either works or
is an ExprError with a column, and evaluating never does anything but compute a value (no
names outside fields, categories and `rules.`, no attribute access, no calls outside a fixed
table, no loops, bounded size, nesting and numbers)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.expr.compile import Names, compile_expression
from playtest.expr.evaluate import Env, EvalError
from playtest.expr.fields import FieldInfo
from playtest.expr.nodes import MAX_EXPR_CHARS, ExprError
from playtest.expr.parse import parse

FIELDS = {
    "row1.box1": FieldInfo("row1.box1", "box"),
    "row1.box2": FieldInfo("row1.box2", "box"),
    "row2.box1": FieldInfo("row2.box1", "box"),
    "apples": FieldInfo("apples", "track", 5),
    "pears": FieldInfo("pears", "number"),
    "colour": FieldInfo("colour", "choice"),
}
RULES = {"bonus": 4, "table": [0, 1, 3, 6], "thresholds": {"0": 0, "10": 2}}
NAMES = Names(FIELDS, RULES, frozenset({"earlier"}), total=True)


def run(text: str, *players: dict) -> object:
    compiled = compile_expression(text, NAMES)
    env = Env(list(players) or [{}], RULES, 0, [{"earlier": 2} for _ in players or [{}]], None)
    return compiled(env)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('count("row#.box*")', 2),
        ('complete("row#.box*")', 1),  # row 1 has both boxes ticked, row 2 not
        ('all("row1.*")', True),
        ('any("row2.*")', False),
        ('sum("row*.box*") + apples * 2', 8),
        ("lookup(rules.table, 7)", 6),  # past the end: the last entry
        ("lookup(rules.thresholds, 12)", 2),  # the largest key not above 12
        ("rules.table[2]", 3),
        ("if pears >= 3 then rules.bonus else 0", 4),
        ("max(apples, pears, 1) - min(1, 2)", 2),
        ('colour == "red" and not filled(row2.box1)', True),
        ("earlier * 10 // 3 % 4", 2),
        ("-(apples - 7)", 4),
        ("[1, 2, 3][1]", 2),
        # true division, and the three ways to make a whole number of it
        ("pears / 2", 1.5),
        ("round(pears / 2) + round(5 / 2) * 10", 32),  # halves go up: 2 and 3
        ("round(-5 / 2)", -2),
        ("round(2.49)", 2),
        ("ceil(7 / 2) * 10 + floor(7 / 2)", 43),
        ("ceil(-7 / 2)", -3),
        ("floor(-7 / 2)", -4),
        ("6 / 4 * 2", 3.0),
        # `in` a list: written, or of the rules; numbers as numbers (true is 1)
        ("apples in [1, 3, 5]", True),
        ("apples in [2, 4]", False),
        ('colour in ["blue", "red"]', True),
        ('colour in ["blue", "green"] or pears in rules.table', True),
        ("true in [1]", True),
        ("not apples + 1 in [4]", False),  # `in` binds as `==`: not ((apples + 1) in [4])
        ("earlier in [pears, 2]", True),  # items computed per player
    ],
)
def test_what_expressions_compute(text: str, value: object) -> None:
    player = {"row1.box1": True, "row1.box2": True, "apples": 3, "pears": 3, "colour": "red"}
    assert run(text, player) == value


def test_most_fewest_place_and_share_compare_players() -> None:
    players = [{"pears": 5}, {"pears": 5}, {"pears": 1}, {}]
    env = Env(players, RULES, 0, [{} for _ in players])
    got = {
        text: [compile_expression(text, NAMES)(env.at(p)) for p in range(4)]
        for text in (
            "most(pears)",
            'most(pears, "alone")',
            "fewest(pears)",
            "place(pears)",
            "share(pears, 7)",
        )
    }
    assert got == {
        "most(pears)": [True, True, False, False],
        'most(pears, "alone")': [False, False, False, False],
        "fewest(pears)": [False, False, False, True],
        "place(pears)": [1, 1, 3, 4],
        "share(pears, 7)": [3, 3, 0, 0],
    }


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ('__import__("os").system("ls")', 17, "unexpected '.'"),
        ('open("/etc/passwd")', 1, "unknown function 'open'"),
        ('eval("1")', 1, "unknown function 'eval'"),
        ("rules.__class__", 1, "'rules.__class__' is not in the game's `rules:`"),
        ("pears.__class__", 1, "unknown name 'pears.__class__'"),
        ("().__class__", 2, "unexpected ')'"),
        ("[x for x in rules]", 4, "unexpected 'for'"),
        ("lambda: 1", 7, "unexpected ':'"),
        ("9 ** 9 ** 9", 4, "unexpected '*'"),
        ("pears; 1", 6, "unexpected ';'"),
        ("most(most(pears))", 6, "most() inside another comparison across players"),
        ('sum("colour")', 5, "sum() of 'colour': a choice has no number"),
        ("count(pears)", 1, "count() takes a pattern of field ids first"),
        ("row#.box1", 1, "`#` stands for a group in a check with `each:` only"),
        ("(" * 30 + "1" + ")" * 30, 25, "nested more than 24 deep"),
        ("- " * 60 + "1", 97, "more than 48 operations inside one another"),
        ("[" + ",".join(["1"] * 401) + "]", 1, "more than 400 parts"),
        ("1" * (MAX_EXPR_CHARS + 1), MAX_EXPR_CHARS, "longer than 1,000 characters"),
    ],
)
def test_hostile_expressions_are_refused_at_load(text: str, column: int, message: str) -> None:
    with pytest.raises(ExprError) as caught:
        compile_expression(text, NAMES)
    assert caught.value.column == column
    assert message in caught.value.message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pears / (apples - 3)", "column 7: division by zero"),
        ("pears in rules.bonus", "column 7: `in` takes a list, got the value 4"),
        ("pears in earlier", "column 7: `in` takes a list, got the value 2"),
        ("99999999 * 9999999 / 0.0001", "column 20: a number past"),
    ],
)
def test_division_and_in_meet_wrong_values_with_an_error(text: str, message: str) -> None:
    player = {"apples": 3, "pears": 3}
    with pytest.raises(EvalError) as caught:
        run(text, player)
    assert message in str(caught.value)


def test_numbers_cannot_grow_without_bound() -> None:
    with pytest.raises(EvalError, match="a number past"):
        run("99999999 * 99999999 * 99999999")
    with pytest.raises(EvalError, match="expected a number, got text"):
        run('"abc" * 1000')  # no text can be multiplied into a huge one


TOKENS = [
    "(",
    ")",
    "[",
    "]",
    ",",
    "+",
    "-",
    "*",
    "//",
    "/",
    "%",
    "==",
    "in",
    "<",
    ">=",
    "and",
    "or",
    "not",
    "if",
    "then",
    "else",
    "true",
    "1",
    "0",
    "7",
    '"row#.box*"',
    '"x"',
    "pears",
    "apples",
    "rules.bonus",
    "rules.table",
    "total",
    "earlier",
    "sum",
    "count",
    "complete",
    "most",
    "share",
    "lookup",
    "filled",
    "max",
    "round",
    "ceil",
    "floor",
    ".",
    "__class__",
    "import",
    "os",
    "'",
    '"',
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=25))
def test_any_sequence_of_tokens_compiles_or_is_an_expr_error(tokens: list[str]) -> None:
    text = " ".join(tokens)
    try:
        compiled = compile_expression(text, NAMES)
    except ExprError as exc:
        assert 1 <= exc.column <= len(text) + 1
        return
    env = Env([{"pears": 2, "apples": 5}, {}], RULES, 0, [{"earlier": 1}, {"earlier": 0}], [3, 0])
    try:
        compiled(env)
    except EvalError as exc:
        assert exc.column >= 1


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_any_text_compiles_or_is_an_expr_error(text: str) -> None:
    try:
        parse(text)
    except ExprError as exc:
        assert exc.column >= 1


GROUPED = {
    f"row{r}.{name}": FieldInfo(f"row{r}.{name}", "number" if name == "gold" else "box")
    for r in (1, 2)
    for name in ("box1", "box2", "gold")
}
GROUPED["row3.box1"] = FieldInfo("row3.box1", "box")  # row 3 holds no gold


def per_group(text: str, player: dict[str, object]) -> dict[str, object]:
    """The expression's value for each group of `each: "row#.*"`, as a check computes it."""
    env = Env([player], {})
    answers: dict[str, object] = {}
    for group in ("1", "2", "3"):
        names = Names(GROUPED, {}, frozenset(), True, group)
        try:
            answers[group] = compile_expression(text, names)(env)
        except EvalError as exc:
            answers[group] = exc.message
    return answers


def test_in_a_check_with_each_a_patterns_hash_stands_for_the_group() -> None:
    """As docs/yaml-reference.md says; before, `#` in a pattern matched every group's fields
    (the first row's check counted the second row's boxes)."""
    player = {"row2.box1": True, "row2.box2": True, "row2.gold": 4, "row1.gold": 1}
    assert per_group('count("row#.box*")', player) == {"1": 0, "2": 2, "3": 0}
    assert per_group('complete("row#.box*")', player) == {"1": 0, "2": 1, "3": 0}
    assert per_group('sum("row#.*")', player) == {"1": 1, "2": 6, "3": 0}
    assert per_group('count("row*.box*")', player) == {"1": 2, "2": 2, "3": 2}  # no `#`: all
    assert per_group('max("row#.gold")', player) == {
        "1": 1,
        "2": 4,
        "3": "max() of 'row#.gold': no field of this group",
    }
