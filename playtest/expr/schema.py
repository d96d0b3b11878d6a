"""`scoring:` and `checks:` of a game scored in YAML, as written: each expression is text,
compiled when the game is loaded (plan.py, the language of this package)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from playtest.core.schema import Schema


def _as_text(value: object) -> object:
    """`points: 5` is an expression too."""
    return str(value) if isinstance(value, int | float) and not isinstance(value, bool) else value


Expression = Annotated[str, BeforeValidator(_as_text), Field(min_length=1, max_length=1000)]
Word = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]


class Category(Schema):
    """One line of every player's breakdown."""

    id: Word
    """The line's name in the breakdown (and in later expressions: `apples * 2`)."""
    points: Expression
    """What it scores, an expression: `3 * count("row#.apple")`. A whole number: `6.0` is 6,
    but a category that comes out 4.5 is an error naming it (never rounded behind your back):
    `/` divides (`7 / 2` is 3.5), so round with `floor(x)` (down), `ceil(x)` (up) or
    `round(x)` (the nearest, a half up: `round(pears / 2)`); `x in [a, b]` is true when x is
    one of the items (`if row1.fruit in ["pear", "plum"] then 2 else 0`)."""


class TieBreaker(Schema):
    """Decides between players tied on the total, in order."""

    name: Annotated[str, Field(min_length=1, max_length=80)]
    """What the tie-breaker is, in words (shown in the answer)."""
    value: Expression
    """An expression per player: `sum("market.*")`."""
    order: Literal["most", "fewest"] = "most"
    """Whether the most or the fewest wins the tie."""


class Scoring(Schema):
    """How a game scored in YAML is scored: `playtest score`, `check`, the phone entry page
    and the playtest log need no Python for it. Every expression is compiled when the game
    loads: an unknown name, or a choice or card slot compared with a value it never holds
    (`district == "nort"`, `count("row*.fruit", "plm")`), is an error at its file:line and
    column; a card id is read in any case (`tree == "t1"` is `tree == "T1"`)."""

    categories: Annotated[list[Category], Field(min_length=1, max_length=100)]
    """The breakdown, in order; a player's total is their sum."""
    winners: Literal["most", "fewest"] = "most"
    """Whether the highest or the lowest total wins."""
    tie_breakers: Annotated[list[TieBreaker], Field(max_length=20)] = []
    """Between players tied on the total, in order; players still tied all win."""


class Check(Schema):
    """A rule every player's sheet must keep: broken, it is a violation with its code."""

    code: Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9]*-[0-9A-Z]+$", max_length=20)]
    """The violation's code, the game's prefix and a number: `ORCH-01`."""
    rule: Expression
    """An expression that must be true: `count("row#.box*") <= 5`. With `each`, `#` in its
    names and patterns stands for the group."""
    message: Annotated[str, Field(min_length=1, max_length=300)]
    """What is wrong, in words, a template: `{group}` is the group's value with `each`, and
    `{rules.x}` a value of `rules:` (`"rows {group} and {rules.pair} differ by more than
    {rules.max_gap}"`); any other `{name}` is an error when the game loads."""
    where: Annotated[str, Field(max_length=120)] = ""
    """Where on the sheet, in words, a template as `message` is: `row {group}`."""
    each: Annotated[str, Field(min_length=1, max_length=80)] | None = None
    """A pattern with one `#` (`row#.*`): the rule is checked once per group of fields."""
