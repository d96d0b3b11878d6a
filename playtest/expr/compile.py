"""Scoring expressions turned into plain Python closures, once, when a game is loaded: every
name is found then (a field, a category scored before, `total`, a `rules.` value), every
pattern is matched against the game's fields then, and every function is one of a fixed
table. Evaluating a closure reads a player's field values and nothing else: no attribute
access, no files, no loops but over the game's own fields and players.

Values are whole or decimal numbers, texts, true/false and lists (`rules.` may also give a
mapping). A box ticked is true (1 in a sum), a track is the number of circles crossed, an
empty number is 0 and an empty choice or card is "".

Bounded in time as in size: what a game's expressions share is worked out once per load
(`Prepared`): each pattern matched against each field once (patterns.py, without
backtracking), each table's keys indexed once (tables.py); a check's `each:` groups read the
fields of their own group from one pass; and what a pattern adds up over a player's fields is
worked out once per player and scoring (`Env.memo`), however many groups ask for it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from playtest.expr.parse import Call, Const, ExprError, If, Index, ListOf, Name, Node, Op, parse
from playtest.expr.patterns import GROUP, FieldIndex, grouped_by
from playtest.expr.tables import MISSING, Tables

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


class Prepared:
    """What the expressions of one game share, worked out once per load: the fields each
    pattern matches, the tables' indexes, and one closure per pattern and function (so a
    check's groups share what does not depend on the group, and `Env.memo` finds it)."""

    def __init__(self, fields: Mapping[str, FieldInfo]) -> None:
        self.index = FieldIndex(fields)
        self.tables = Tables()
        self.over_fields: dict[tuple[Any, ...], Compiled] = {}


@dataclass(frozen=True)
class Names:
    """What names an expression may use."""

    fields: Mapping[str, FieldInfo]
    rules: Mapping[str, Any]
    categories: frozenset[str] = frozenset()  # scored before this expression
    total: bool = False  # `total` (tie-breakers and checks)
    group: str | None = None  # a check's `each:` value, put in place of `#`
    # shared by every expression of a game (compile_plan makes one); None: this one's own
    prepared: Prepared | None = field(default=None, compare=False)


def compile_expression(text: str, names: Names) -> Compiled:
    """The expression as a closure; raises ExprError (with the column) for what is wrong."""
    return _Compiler(names).node(parse(text), cross=False)


class _Compiler:
    def __init__(self, names: Names) -> None:
        self.names = names
        self.prepared = names.prepared or Prepared(names.fields)
        if self.prepared.index.fields is not names.fields:
            raise ValueError("Names.prepared was made for other fields")

    def node(self, node: Node, cross: bool) -> Compiled:
        if isinstance(node, Const):
            value = node.value
            if _is_number(value) and not _within_bounds(value):
                raise ExprError(node.column, f"a number past {MAX_VALUE:,}")
            return lambda env: value
        if isinstance(node, ListOf):
            if len(node.items) > MAX_LIST:
                raise ExprError(node.column, f"a list of more than {MAX_LIST} items")
            items = [self.node(item, cross) for item in node.items]
            return lambda env: [item(env) for item in items]
        if isinstance(node, Name):
            return self.name(node)
        if isinstance(node, Index):
            target, key = self.node(node.target, cross), self.node(node.key, cross)
            return self.lookup(node.column, target, key, clamp=False)
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
        if name == "lookup":
            table, key = compiled
            return self.lookup(column, table, key, clamp=True)
        return lambda env: _bounded(column, function(column, [arg(env) for arg in compiled]))

    def lookup(self, column: int, table: Compiled, key: Compiled, clamp: bool) -> Compiled:
        tables = self.prepared.tables
        return lambda env: _lookup(column, table(env), key(env), tables, clamp)

    def filled(self, node: Call) -> Compiled:
        arg = node.args[0]
        if not isinstance(arg, Name):
            raise ExprError(arg.column, "filled() takes a field's name")
        self.name(arg)  # the field must exist
        name = arg.name.replace("#", self.names.group or "#")
        return lambda env: _is_filled(env.values[env.player].get(name))

    def over_pattern(self, node: Call) -> Compiled:
        """A function over the fields a pattern matches; one closure per game for the same
        function, pattern (and group) and constant value, so `Env.memo` keeps its answer."""
        name, column = node.function, node.column
        pattern = node.args[0]
        assert isinstance(pattern, Const)
        text = str(pattern.value)
        extra = node.args[1:]
        if extra and not (name == "count" and len(extra) == 1):
            raise ExprError(column, f"{name}() of a pattern takes the pattern only")
        in_group = GROUP in text and self.names.group is not None
        shared = not extra or isinstance(extra[0], Const)
        key = (
            name,
            column,
            text,
            self.names.group if in_group else None,
            extra[0].value if extra and isinstance(extra[0], Const) else None,
        )
        known = self.prepared.over_fields.get(key) if shared else None
        if known is not None:
            return known
        compiled = self.over_fields(node, text, self.matching(pattern, in_group))
        if not shared:
            return compiled

        def remembered(env: Env) -> Any:
            at = (compiled, env.player)  # the closure itself: its id could be another's later
            if at not in env.memo:
                env.memo[at] = compiled(env)
            return env.memo[at]

        self.prepared.over_fields[key] = remembered
        return remembered

    def over_fields(
        self, node: Call, text: str, matched: list[tuple[FieldInfo, tuple[str, ...]]]
    ) -> Compiled:
        name, column = node.function, node.column
        infos = [info for info, _ in matched]
        if name == "count":
            value = self.node(node.args[1], False) if len(node.args) > 1 else None
            ids = [i.id for i in infos]
            if value is None:
                return lambda env: sum(_is_filled(env.values[env.player].get(i)) for i in ids)
            return lambda env: sum(
                _plain(env.values[env.player].get(i)) == _plain(value(env)) for i in ids
            )
        if name in ("sum", "min", "max"):
            wrong = [i for i in infos if i.kind in ("choice", "card")]
            if wrong:
                raise ExprError(
                    node.args[0].column,
                    f"{name}() of {wrong[0].id!r}: a {wrong[0].kind} has no number",
                )
            pairs = [(i.id, _EMPTY[i.kind]) for i in infos]
            reduce = _REDUCE[name]

            def reduced(env: Env) -> Any:
                if not pairs:
                    raise EvalError(column, f"{name}() of {text!r}: no field of this group")
                mine = env.values[env.player]
                numbers = (_num(column, _or_empty(mine.get(i), e)) for i, e in pairs)
                return _bounded(column, reduce(numbers))

            return reduced
        if name == "any":
            ids = [i.id for i in infos]
            return lambda env: any(_is_filled(env.values[env.player].get(i)) for i in ids)
        if name == "all":
            return lambda env: all(_is_full(i, env.values[env.player].get(i.id)) for i in infos)
        groups = grouped_by(matched)  # complete
        return lambda env: sum(
            all(_is_full(i, env.values[env.player].get(i.id)) for i in group) for group in groups
        )

    def matching(self, pattern: Const, in_group: bool) -> list[tuple[FieldInfo, tuple[str, ...]]]:
        """The fields the pattern matches (those of the check's group when it names `#`)."""
        text = str(pattern.value)
        found = self.prepared.index.matching(text)
        if not found:
            raise ExprError(pattern.column, f"pattern {text!r} matches no field")
        if in_group:
            assert self.names.group is not None
            group = self.names.group
            return [(info, (group,)) for info in self.prepared.index.in_group(text, group)]
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
    if not _within_bounds(value):
        raise EvalError(column, f"a number past {MAX_VALUE:,}")
    return value


def _bounded(column: int, value: Any) -> Any:
    """A function's answer: a number within the bounds (or what is not a number)."""
    return _number(column, value) if _is_number(value) else value


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _within_bounds(value: int | float) -> bool:
    return math.isfinite(value) and abs(value) <= MAX_VALUE


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


def _lookup(column: int, table: Any, key: Any, tables: Tables, clamp: bool) -> Any:
    """A table's entry: a list by position (from 0; past the end, its last entry), a mapping
    by key (with number keys: the entry of the largest key not above the value)."""
    if not isinstance(key, bool | int | float | str):
        raise EvalError(column, f"a key is a number or a text, got {_kind(key)} {_shown(key)}")
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
        numbers = tables.number_keys(table)
        if numbers.keys:
            found = numbers.at_or_below(_num(column, key))
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
    return [_num(column, a) for a in args]


_FUNCTIONS: dict[str, tuple[int, int, Callable[[int, list[Any]], Any]]] = {
    "sum": (1, 50, lambda c, a: sum(_spread(c, a))),
    "min": (1, 50, lambda c, a: min(_spread(c, a))),
    "max": (1, 50, lambda c, a: max(_spread(c, a))),
    "abs": (1, 1, lambda c, a: abs(_num(c, a[0]))),
    "floor": (1, 1, lambda c, a: math.floor(_num(c, a[0]))),
    "lookup": (2, 2, lambda c, a: None),  # compiled by _Compiler.lookup
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
