"""Scoring expressions turned into plain Python closures, once, when a game is loaded: every
name is found then (a field, a category scored before, `total`, a `rules.` value), every
pattern is matched against the game's fields then, and every function is one of a fixed
table. Evaluating a closure reads a player's field values and nothing else: no attribute
access, no files, no loops but over the game's own fields and players.

Values are whole or decimal numbers, texts, true/false and lists (`rules.` may also give a
mapping). A box ticked is true (1 in a sum), a track is the number of circles crossed, an
empty number is 0 and an empty choice or card is "".
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from playtest.expr.parse import Call, Const, ExprError, If, Index, ListOf, Name, Node, Op, parse

MAX_VALUE = 10**15  # numbers past this are refused (no expression can build huge numbers)
MAX_LIST = 1_000


@dataclass(frozen=True)
class FieldInfo:
    """What an expression needs to know of a field."""

    id: str
    kind: str  # box, track, number, choice, card
    max: int | None = None  # track: its circles


@dataclass
class Env:
    """One player's view while scoring: every player's field values (a field left out is
    empty), the rules, and the categories (and totals) scored so far."""

    values: list[Mapping[str, Any]]
    rules: Mapping[str, Any]
    player: int = 0
    categories: list[dict[str, Any]] = field(default_factory=list)
    totals: list[Any] | None = None

    def at(self, player: int) -> Env:
        return Env(self.values, self.rules, player, self.categories, self.totals)


Compiled = Callable[[Env], Any]


class EvalError(Exception):
    """A value of the wrong kind met while scoring (reported at the expression's column)."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(f"column {column}: {message}")
        self.column = column
        self.message = message


@dataclass(frozen=True)
class Names:
    """What names an expression may use."""

    fields: Mapping[str, FieldInfo]
    rules: Mapping[str, Any]
    categories: frozenset[str] = frozenset()  # scored before this expression
    total: bool = False  # `total` (tie-breakers and checks)
    group: str | None = None  # a check's `each:` value, put in place of `#`


def compile_expression(text: str, names: Names) -> Compiled:
    """The expression as a closure; raises ExprError (with the column) for what is wrong."""
    return _Compiler(names).node(parse(text), cross=False)


class _Compiler:
    def __init__(self, names: Names) -> None:
        self.names = names

    def node(self, node: Node, cross: bool) -> Compiled:
        if isinstance(node, Const):
            value = node.value
            return lambda env: value
        if isinstance(node, ListOf):
            if len(node.items) > MAX_LIST:
                raise ExprError(node.column, f"a list of more than {MAX_LIST} items")
            items = [self.node(item, cross) for item in node.items]
            return lambda env: [item(env) for item in items]
        if isinstance(node, Name):
            return self.name(node)
        if isinstance(node, Index):
            return _index(node.column, self.node(node.target, cross), self.node(node.key, cross))
        if isinstance(node, If):
            test, then, otherwise = (
                self.node(n, cross) for n in (node.test, node.then, node.otherwise)
            )
            return lambda env: then(env) if _truth(node.column, test(env)) else otherwise(env)
        if isinstance(node, Op):
            return self.operation(node, cross)
        if isinstance(node, Call):
            return self.call(node, cross)
        raise ExprError(node.column, "unknown expression")  # pragma: no cover

    def name(self, node: Name) -> Compiled:
        name = node.name
        if "#" in name:
            if self.names.group is None:
                raise ExprError(node.column, "`#` stands for a group in a check with `each:` only")
            name = name.replace("#", self.names.group)
        if name == "rules" or name.startswith("rules."):
            value = _rules_value(node.column, self.names.rules, name)
            return lambda env: value
        if name in self.names.categories:
            return lambda env: env.categories[env.player][name]
        if name == "total" and self.names.total:
            return lambda env: env.totals[env.player] if env.totals is not None else 0
        info = self.names.fields.get(name)
        if info is None:
            raise ExprError(
                node.column,
                f"unknown name {name!r} (not a field, a category scored before it, or `rules.`...)",
            )
        empty = _EMPTY[info.kind]
        return lambda env: _or_empty(env.values[env.player].get(name), empty)

    def operation(self, node: Op, cross: bool) -> Compiled:
        args = [self.node(arg, cross) for arg in node.args]
        op, column = node.op, node.column
        if op == "neg":
            (x,) = args
            return lambda env: _number(column, -_num(column, x(env)))
        if op == "not":
            (x,) = args
            return lambda env: not _truth(column, x(env))
        a, b = args
        if op == "and":
            return lambda env: _truth(column, a(env)) and _truth(column, b(env))
        if op == "or":
            return lambda env: _truth(column, a(env)) or _truth(column, b(env))
        if op in ("==", "!="):
            same = op == "=="
            return lambda env: (_plain(a(env)) == _plain(b(env))) == same
        if op in _ORDER:
            test = _ORDER[op]
            return lambda env: test(*_comparable(column, a(env), b(env)))
        arith = _ARITH[op]
        return lambda env: _number(
            column, arith(column, _num(column, a(env)), _num(column, b(env)))
        )

    def call(self, node: Call, cross: bool) -> Compiled:
        name, args, column = node.function, node.args, node.column
        if name in _PATTERN_FUNCTIONS and args and _is_pattern(args[0]):
            return self.over_pattern(node)
        if name in _CROSS:
            if cross:
                raise ExprError(column, f"{name}() inside another comparison across players")
            return self.across(node)
        spec = _FUNCTIONS.get(name)
        if spec is None and name in _PATTERN_FUNCTIONS:
            raise ExprError(column, f'{name}() takes a pattern of field ids first: "row1.*"')
        if spec is None:
            known = ", ".join(sorted({*_FUNCTIONS, *_PATTERN_FUNCTIONS, *_CROSS}))
            raise ExprError(column, f"unknown function {name!r} (expected one of: {known})")
        fewest, most, function = spec
        if not fewest <= len(args) <= most:
            raise ExprError(column, f"{name}() takes {_arity(fewest, most)}, got {len(args)}")
        if name == "filled":
            return self.filled(node)
        compiled = [self.node(arg, cross) for arg in args]
        return lambda env: function(column, [arg(env) for arg in compiled])

    def filled(self, node: Call) -> Compiled:
        arg = node.args[0]
        if not isinstance(arg, Name):
            raise ExprError(arg.column, "filled() takes a field's name")
        self.name(arg)  # the field must exist
        name = arg.name.replace("#", self.names.group or "#")
        return lambda env: _is_filled(env.values[env.player].get(name))

    def over_pattern(self, node: Call) -> Compiled:
        name, column = node.function, node.column
        pattern = node.args[0]
        assert isinstance(pattern, Const)
        infos = self.matching(pattern)
        extra = node.args[1:]
        if name == "count" and len(extra) <= 1:
            value = self.node(extra[0], False) if extra else None
            ids = [i.id for i in infos]
            if value is None:
                return lambda env: sum(_is_filled(env.values[env.player].get(i)) for i in ids)
            return lambda env: sum(
                _plain(env.values[env.player].get(i)) == _plain(value(env)) for i in ids
            )
        if extra:
            raise ExprError(column, f"{name}() of a pattern takes the pattern only")
        if name in ("sum", "min", "max"):
            wrong = [i.id for i in infos if i.kind in ("choice", "card")]
            if wrong:
                raise ExprError(
                    pattern.column, f"{name}() of {wrong[0]!r}: a {infos[0].kind} has no number"
                )
            pairs = [(i.id, _EMPTY[i.kind]) for i in infos]
            reduce = _REDUCE[name]
            return lambda env: reduce(
                _num(column, _or_empty(env.values[env.player].get(i), e)) for i, e in pairs
            )
        if name == "any":
            ids = [i.id for i in infos]
            return lambda env: any(_is_filled(env.values[env.player].get(i)) for i in ids)
        if name == "all":
            return lambda env: all(_is_full(i, env.values[env.player].get(i.id)) for i in infos)
        groups = _groups(str(pattern.value), infos)  # complete
        return lambda env: sum(
            all(_is_full(i, env.values[env.player].get(i.id)) for i in group) for group in groups
        )

    def matching(self, pattern: Const) -> list[FieldInfo]:
        text = str(pattern.value)
        regex = _pattern_regex(text)
        found = [info for fid, info in self.names.fields.items() if regex.fullmatch(fid)]
        if not found:
            raise ExprError(pattern.column, f"pattern {text!r} matches no field")
        return found

    def across(self, node: Call) -> Compiled:
        """most, fewest, place, share: the player's value against every player's."""
        name, args, column = node.function, node.args, node.column
        fewest, most = {"most": (1, 2), "fewest": (1, 2), "place": (1, 1), "share": (2, 2)}[name]
        if not fewest <= len(args) <= most:
            raise ExprError(column, f"{name}() takes {_arity(fewest, most)}, got {len(args)}")
        value = self.node(args[0], cross=True)
        tie = "shared"
        if name in ("most", "fewest") and len(args) == 2:
            rule = args[1]
            if not isinstance(rule, Const) or rule.value not in _TIES:
                raise ExprError(
                    rule.column, f"{name}()'s tie rule is one of: {', '.join(map(repr, _TIES))}"
                )
            tie = str(rule.value)
        points = self.node(args[1], cross=True) if name == "share" else None

        def answer(env: Env) -> Any:
            leaders, place = _standing(column, value, env, name == "fewest")
            if name == "place":
                return place
            if name == "share":
                assert points is not None
                if not leaders or env.player not in leaders:
                    return 0
                return math.floor(_num(column, points(env)) / len(leaders))
            return env.player in leaders and (tie == "shared" or len(leaders) == 1)

        return answer


def _standing(column: int, value: Compiled, env: Env, fewest: bool) -> tuple[list[int], int]:
    """(the players tied for the most (or fewest), this player's place).
    For the most, a player with nothing (0) never leads."""
    scores = [_num(column, value(env.at(p))) for p in range(len(env.values))]
    mine = scores[env.player]
    best = min(scores) if fewest else max(scores)
    leaders = [p for p, s in enumerate(scores) if s == best and (fewest or s > 0)]
    better = sum(1 for s in scores if (s < mine if fewest else s > mine))
    return leaders, better + 1


_TIES = ("shared", "alone")
_EMPTY: dict[str, Any] = {"box": False, "track": 0, "number": 0, "choice": "", "card": ""}


def _or_empty(value: Any, empty: Any) -> Any:
    return empty if value is None else value


def _is_filled(value: Any) -> bool:
    return value is not None and value is not False and value != 0 and value != ""


def _is_full(info: FieldInfo, value: Any) -> bool:
    if info.kind == "track":
        return value is not None and value == info.max
    return _is_filled(value) or (info.kind == "number" and value == 0)


def _pattern_regex(text: str) -> re.Pattern[str]:
    out = ""
    for char in text:
        if char == "*":
            out += "[a-z0-9_]*"
        elif char == "#":
            out += "([a-z0-9_]+)"
        else:
            out += re.escape(char)
    return re.compile(out)


def _groups(pattern: str, infos: list[FieldInfo]) -> list[list[FieldInfo]]:
    regex = _pattern_regex(pattern)
    grouped: dict[tuple[str, ...], list[FieldInfo]] = {}
    for info in infos:
        match = regex.fullmatch(info.id)
        assert match is not None
        grouped.setdefault(match.groups(), []).append(info)
    return list(grouped.values())


def _is_pattern(node: Node) -> bool:
    return isinstance(node, Const) and isinstance(node.value, str)


def _rules_value(column: int, rules: Mapping[str, Any], name: str) -> Any:
    value: Any = {"rules": rules}
    for part in name.split("."):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            raise ExprError(column, f"{name!r} is not in the game's `rules:`")
    return value


def _plain(value: Any) -> Any:
    """Numbers compare as numbers (true is 1), other values as they are."""
    if isinstance(value, bool):
        return int(value)
    return value


def _num(column: int, value: Any) -> int | float:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float):
        return value
    raise EvalError(column, f"expected a number, got {_kind(value)} {value!r}")


def _number(column: int, value: int | float) -> int | float:
    if (isinstance(value, float) and not math.isfinite(value)) or abs(value) > MAX_VALUE:
        raise EvalError(column, f"a number past {MAX_VALUE:,}")
    return value


def _truth(column: int, value: Any) -> bool:
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


def _comparable(column: int, a: Any, b: Any) -> tuple[Any, Any]:
    a, b = _plain(a), _plain(b)
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a, b
    if isinstance(a, str) and isinstance(b, str):
        return a, b
    raise EvalError(column, f"cannot order {_kind(a)} {a!r} and {_kind(b)} {b!r}")


def _divide(column: int, a: float, b: float) -> float:
    if b == 0:
        raise EvalError(column, "division by zero")
    return a // b


def _modulo(column: int, a: float, b: float) -> float:
    if b == 0:
        raise EvalError(column, "division by zero")
    return a % b


_ORDER: dict[str, Callable[[Any, Any], bool]] = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}
_ARITH: dict[str, Callable[[int, Any, Any], Any]] = {
    "+": lambda c, a, b: a + b,
    "-": lambda c, a, b: a - b,
    "*": lambda c, a, b: a * b,
    "//": _divide,
    "%": _modulo,
}


def _index(column: int, target: Compiled, key: Compiled) -> Compiled:
    return lambda env: _lookup(column, [target(env), key(env)], clamp=False)


def _lookup(column: int, args: list[Any], clamp: bool = True) -> Any:
    """A table's entry: a list by position (from 0; past the end, its last entry), a mapping
    by key (with number keys: the entry of the largest key not above the value)."""
    table, key = args
    if isinstance(table, list):
        if not table:
            raise EvalError(column, "the list is empty")
        index = _num(column, key)
        if not clamp and not 0 <= index < len(table):
            raise EvalError(column, f"no item {index} in a list of {len(table)}")
        return table[max(0, min(int(index), len(table) - 1))]
    if isinstance(table, Mapping):
        if str(key) in table:
            return table[str(key)]
        if key in table:
            return table[key]
        numbers = sorted(
            (float(k), v)
            for k, v in table.items()
            if _is_number_text(k) and float(k) <= _num(column, key)
        )
        if numbers:
            return numbers[-1][1]
        raise EvalError(column, f"no entry for {key!r}")
    raise EvalError(column, f"expected a list or a table, got {_kind(table)} {table!r}")


def _is_number_text(key: Any) -> bool:
    try:
        float(key)
    except (TypeError, ValueError):
        return False
    return True


def _spread(column: int, args: list[Any]) -> list[Any]:
    """sum(a, b, c) or sum(a list)."""
    if len(args) == 1 and isinstance(args[0], list):
        args = args[0]
    if not args:
        raise EvalError(column, "nothing to take")
    return [_num(column, a) for a in args]


_FUNCTIONS: dict[str, tuple[int, int, Callable[[int, list[Any]], Any]]] = {
    "sum": (1, 50, lambda c, a: sum(_spread(c, a))),
    "min": (1, 50, lambda c, a: min(_spread(c, a))),
    "max": (1, 50, lambda c, a: max(_spread(c, a))),
    "abs": (1, 1, lambda c, a: abs(_num(c, a[0]))),
    "floor": (1, 1, lambda c, a: math.floor(_num(c, a[0]))),
    "lookup": (2, 2, _lookup),
    "filled": (1, 1, lambda c, a: False),  # compiled by _Compiler.filled
}
_REDUCE: dict[str, Callable[[Any], Any]] = {"sum": sum, "min": min, "max": max}
_PATTERN_FUNCTIONS = ("sum", "count", "min", "max", "all", "any", "complete")
_CROSS = ("most", "fewest", "place", "share")


def _arity(fewest: int, most: int) -> str:
    if fewest == most:
        return f"{fewest} argument{'s' * (fewest != 1)}"
    return f"{fewest} to {most} arguments"


__all__ = ["Compiled", "Env", "EvalError", "ExprError", "FieldInfo", "Names", "compile_expression"]
