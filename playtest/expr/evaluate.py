"""What a compiled expression computes with (compile.py makes the closures): one player's view
of the sheets (`Env`), and the value functions, each checking the kinds of its values. A value
of the wrong kind met while scoring is an EvalError at the expression's column; a number past
MAX_VALUE is refused, so no expression can build huge numbers.

Values are whole or decimal numbers, texts, true/false and lists (`rules.` may also give a
mapping). A box ticked is true (1 in a sum), a track is the number of circles crossed, an
empty number is 0 and an empty choice or card is ""."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from playtest.expr.fields import FieldInfo
from playtest.expr.tables import MISSING, Tables

MAX_VALUE = 10**15  # numbers past this are refused (no expression can build huge numbers)


@dataclass
class Env:
    """One player's view while scoring: every player's field values (a field left out is
    empty), the rules, and the categories (and totals) scored so far."""

    values: list[Mapping[str, Any]]
    rules: Mapping[str, Any]
    player: int = 0
    categories: list[dict[str, Any]] = field(default_factory=list)
    totals: list[Any] | None = None
    # what a pattern works out over a player's fields, by (the pattern's closure, player): the
    # values never change while one Env and its `at` copies score them
    memo: dict[tuple[Compiled, int], Any] = field(default_factory=dict)

    def at(self, player: int) -> Env:
        return Env(self.values, self.rules, player, self.categories, self.totals, self.memo)


Compiled = Callable[[Env], Any]


class EvalError(Exception):
    """A value of the wrong kind met while scoring (reported at the expression's column)."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(f"column {column}: {message}")
        self.column = column
        self.message = message


def standing(column: int, value: Compiled, env: Env, fewest: bool) -> tuple[list[int], int]:
    """(the players tied for the most (or fewest), this player's place).
    For the most, a player with nothing (0) never leads."""
    scores = [num(column, value(env.at(p))) for p in range(len(env.values))]
    mine = scores[env.player]
    best = min(scores) if fewest else max(scores)
    leaders = [p for p, s in enumerate(scores) if s == best and (fewest or s > 0)]
    better = sum(1 for s in scores if (s < mine if fewest else s > mine))
    return leaders, better + 1


EMPTY: dict[str, Any] = {"box": False, "track": 0, "number": 0, "choice": "", "card": ""}


def or_empty(value: Any, empty: Any) -> Any:
    return empty if value is None else value


def is_filled(value: Any) -> bool:
    return value is not None and value is not False and value != 0 and value != ""


def is_full(info: FieldInfo, value: Any) -> bool:
    if info.kind == "track":
        return value is not None and value == info.max
    return is_filled(value) or (info.kind == "number" and value == 0)


def plain(value: Any) -> Any:
    """Numbers compare as numbers (true is 1), other values as they are."""
    if isinstance(value, bool):
        return int(value)
    return value


def num(column: int, value: Any) -> int | float:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float):
        return value
    raise EvalError(column, f"expected a number, got {_kind(value)} {value!r}")


def number(column: int, value: int | float) -> int | float:
    if not within_bounds(value):
        raise EvalError(column, f"a number past {MAX_VALUE:,}")
    return value


def bounded(column: int, value: Any) -> Any:
    """A function's answer: a number within the bounds (or what is not a number)."""
    return number(column, value) if is_number(value) else value


def is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def within_bounds(value: int | float) -> bool:
    return math.isfinite(value) and abs(value) <= MAX_VALUE


def truth(column: int, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return value != 0
    raise EvalError(column, f"expected true or false, got {_kind(value)} {value!r}")


def _kind(value: Any) -> str:
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "a table"
    return "the value"


def comparable(column: int, a: Any, b: Any) -> tuple[Any, Any]:
    a, b = plain(a), plain(b)
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a, b
    if isinstance(a, str) and isinstance(b, str):
        return a, b
    raise EvalError(column, f"cannot order {_kind(a)} {a!r} and {_kind(b)} {b!r}")


def _divide(column: int, a: float, b: float) -> float:
    if b == 0:
        raise EvalError(column, "division by zero")
    return a // b


def _true_divide(column: int, a: float, b: float) -> float:
    if b == 0:
        raise EvalError(column, "division by zero")
    return a / b


def _modulo(column: int, a: float, b: float) -> float:
    if b == 0:
        raise EvalError(column, "division by zero")
    return a % b


ORDER: dict[str, Callable[[Any, Any], bool]] = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}
ARITH: dict[str, Callable[[int, Any, Any], Any]] = {
    "+": lambda c, a, b: a + b,
    "-": lambda c, a, b: a - b,
    "*": lambda c, a, b: a * b,
    "/": _true_divide,
    "//": _divide,
    "%": _modulo,
}


def lookup(column: int, table: Any, key: Any, tables: Tables, clamp: bool) -> Any:
    """A table's entry: a list by position (from 0; past the end, its last entry), a mapping
    by key (with number keys: the entry of the largest key not above the value)."""
    if not isinstance(key, bool | int | float | str):
        raise EvalError(column, f"a key is a number or a text, got {_kind(key)} {_shown(key)}")
    if isinstance(table, list):
        if not table:
            raise EvalError(column, "the list is empty")
        index = num(column, key)
        if not clamp and not 0 <= index < len(table):
            raise EvalError(column, f"no item {index} in a list of {len(table)}")
        return table[max(0, min(int(index), len(table) - 1))]
    if isinstance(table, Mapping):
        if str(key) in table:
            return table[str(key)]
        if key in table:
            return table[key]
        numbers = tables.number_keys(table)
        if numbers.keys:
            found = numbers.at_or_below(num(column, key))
            if found is not MISSING:
                return found
        raise EvalError(column, f"no entry for {key!r}")
    raise EvalError(column, f"expected a list or a table, got {_kind(table)} {_shown(table)}")


def _shown(value: Any) -> str:
    """A value in a message, cut short: a table may hold 30,000 keys."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _spread(column: int, args: list[Any]) -> list[Any]:
    """sum(a, b, c) or sum(a list)."""
    if len(args) == 1 and isinstance(args[0], list):
        args = args[0]
    if not args:
        raise EvalError(column, "nothing to take")
    return [num(column, a) for a in args]


FUNCTIONS: dict[str, tuple[int, int, Callable[[int, list[Any]], Any]]] = {
    "sum": (1, 50, lambda c, a: sum(_spread(c, a))),
    "min": (1, 50, lambda c, a: min(_spread(c, a))),
    "max": (1, 50, lambda c, a: max(_spread(c, a))),
    "abs": (1, 1, lambda c, a: abs(num(c, a[0]))),
    "floor": (1, 1, lambda c, a: math.floor(num(c, a[0]))),
    "ceil": (1, 1, lambda c, a: math.ceil(num(c, a[0]))),
    # to the nearest whole number, a half up (2.5 is 3, -2.5 is -2), as players round
    "round": (1, 1, lambda c, a: math.floor(num(c, a[0]) + 0.5)),
    "lookup": (2, 2, lambda c, a: None),  # compiled by _Compiler.lookup
    "filled": (1, 1, lambda c, a: False),  # compiled by _Compiler.filled
}
REDUCE: dict[str, Callable[[Any], Any]] = {"sum": sum, "min": min, "max": max}


def member(column: int, value: Any, items: Any) -> bool:
    """`value in items`: whether it equals one of them (numbers as numbers, true is 1)."""
    if not isinstance(items, list):
        raise EvalError(column, f"`in` takes a list, got {_kind(items)} {_shown(items)}")
    value = plain(value)
    return any(plain(item) == value for item in items)


__all__ = [
    "ARITH",
    "EMPTY",
    "FUNCTIONS",
    "MAX_VALUE",
    "ORDER",
    "REDUCE",
    "Compiled",
    "Env",
    "EvalError",
    "bounded",
    "comparable",
    "is_filled",
    "is_full",
    "is_number",
    "lookup",
    "member",
    "num",
    "number",
    "or_empty",
    "plain",
    "standing",
    "truth",
    "within_bounds",
]
