"""Scoring expressions turned into plain Python closures, once, when a game is loaded: every
name is found then (a field, a category scored before, `total`, a `rules.` value), every
pattern is matched against the game's fields then, and every function is one of a fixed
table. Evaluating a closure reads a player's field values and nothing else: no attribute
access, no files, no loops but over the game's own fields and players (the values and the
functions the closures compute with: evaluate.py).

Bounded in time as in size: what a game's expressions share is worked out once per load
(`Prepared`): each pattern matched against each field once (patterns.py, without
backtracking), each table's keys indexed once (tables.py); a check's `each:` groups read the
fields of their own group from one pass; and what a pattern adds up over a player's fields is
worked out once per player and scoring (`Env.memo`), however many groups ask for it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from playtest.expr.evaluate import (
    ARITH,
    EMPTY,
    FUNCTIONS,
    MAX_VALUE,
    ORDER,
    REDUCE,
    Compiled,
    Env,
    EvalError,
    bounded,
    comparable,
    is_filled,
    is_full,
    is_number,
    lookup,
    member,
    num,
    number,
    or_empty,
    plain,
    standing,
    truth,
    within_bounds,
)
from playtest.expr.fields import NOT_HELD, FieldInfo
from playtest.expr.nodes import Call, Const, ExprError, If, Index, ListOf, Name, Node, Op
from playtest.expr.parse import parse
from playtest.expr.patterns import GROUP, FieldIndex, grouped_by
from playtest.expr.tables import Tables

MAX_LIST = 1_000


class Prepared:
    """What the expressions of one game share, worked out once per load: the fields each
    pattern matches, the tables' indexes, and one closure per pattern and function (so a
    check's groups share what does not depend on the group, and `Env.memo` finds it)."""

    def __init__(self, fields: Mapping[str, FieldInfo]) -> None:
        self.index = FieldIndex(fields)
        self.tables = Tables()
        self.over_fields: dict[tuple[Any, ...], Compiled] = {}
        # `x in rules.list`: the list's items as a set, by (the list's id, the values of the
        # choice x names: a card id is held as the card's)
        self.sets: dict[tuple[Any, ...], frozenset[Any] | None] = {}


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
            if is_number(value) and not within_bounds(value):
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
            return lambda env: then(env) if truth(node.column, test(env)) else otherwise(env)
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
        empty = EMPTY[info.kind]
        return lambda env: or_empty(env.values[env.player].get(name), empty)

    def operation(self, node: Op, cross: bool) -> Compiled:
        if node.op == "in":
            return self.member(node, cross)
        if node.op in ("==", "!="):
            left, right = node.args
            node = Op(node.column, node.op, (self.held(left, right), self.held(right, left)))
        args = [self.node(arg, cross) for arg in node.args]
        op, column = node.op, node.column
        if op == "neg":
            (x,) = args
            return lambda env: number(column, -num(column, x(env)))
        if op == "not":
            (x,) = args
            return lambda env: not truth(column, x(env))
        a, b = args
        if op == "and":
            return lambda env: truth(column, a(env)) and truth(column, b(env))
        if op == "or":
            return lambda env: truth(column, a(env)) or truth(column, b(env))
        if op in ("==", "!="):
            same = op == "=="
            return lambda env: (plain(a(env)) == plain(b(env))) == same
        if op in ORDER:
            test = ORDER[op]
            return lambda env: test(*comparable(column, a(env), b(env)))
        arith = ARITH[op]
        return lambda env: number(column, arith(column, num(column, a(env)), num(column, b(env))))

    def member(self, node: Op, cross: bool) -> Compiled:
        """`x in [a, b]`, `x in rules.fruits`: whether x equals one of the items (each item
        compared as `==` compares; a value a choice never holds is an error). A list known
        when the game loads is a set then, made once per game for a `rules.` list: a long
        list costs a lookup, not a walk, every time."""
        left, right = node.args
        column = node.column
        if isinstance(right, ListOf):
            right = ListOf(right.column, tuple(self.held(item, left) for item in right.items))
        value = self.node(left, cross)
        items = self.node(right, cross)
        found = self.known_items(left, right)
        if found is None:
            return lambda env: member(column, value(env), items(env))

        def within(env: Env) -> bool:
            try:
                return plain(value(env)) in found
            except TypeError:  # a list or a table is none of the items
                return False

        return within

    def known_items(self, left: Node, right: Node) -> frozenset[Any] | None:
        """The items of a list known when the game loads, as a set (None: not known then, or
        holding a list or a table, which cannot be in a set)."""
        if isinstance(right, ListOf):
            if not all(isinstance(item, Const) for item in right.items):
                return None
            known = [item.value for item in right.items if isinstance(item, Const)]
            key: tuple[Any, ...] | None = None
        else:
            rules = self.constant(right)
            if not isinstance(rules, list):
                return None  # not a list: member() says so when the sheets are tried
            info = self.field_named(left)
            choices = info.values if info is not None and info.kind in HOLDERS else None
            key = (id(rules), choices)  # the same for every group's field of the same values
            if key in self.prepared.sets:
                return self.prepared.sets[key]
            known = rules
            if info is not None and choices is not None:
                known = [self.held_value(right.column, v, info.id, [info]) for v in rules]
        try:
            found = frozenset(plain(item) for item in known)
        except TypeError:
            found = None
        if key is not None:
            self.prepared.sets[key] = found
        return found

    def held(self, value: Node, other: Node) -> Node:
        """`value` compared with `other`: when `other` is a choice or card slot and `value` a
        constant (written, or a `rules.` value), the constant as the field holds it (a card id
        in any case is the card's id); one it never holds is an error (the test would always
        be false: `district == "nort"`)."""
        info = self.field_named(other)
        constant = self.constant(value)
        if info is None or constant is _NOT_CONSTANT:
            return value
        return self.as_held(value, constant, info.id, [info])

    def as_held(self, value: Node, constant: Any, what: str, infos: list[FieldInfo]) -> Node:
        """The constant's node, as the first of `infos` that may hold it holds it."""
        held = self.held_value(value.column, constant, what, infos)
        return value if held == constant else Const(value.column, held)

    def held_value(self, column: int, constant: Any, what: str, infos: list[FieldInfo]) -> Any:
        """The constant as the first of `infos` that may hold it holds it; an error when none
        may (fields whose values are not known, or not choices, hold anything)."""
        for info in infos:
            held = info.holds(constant)
            if held is not NOT_HELD:
                return held
        offered = list(dict.fromkeys(v for info in infos for v in info.values or ()))
        shown = ", ".join(map(str, offered[:12])) + (", ..." if len(offered) > 12 else "")
        raise ExprError(column, f"{what} never holds {constant!r} (its values: {shown})")

    def field_named(self, node: Node) -> FieldInfo | None:
        """The field a node names, when it is a bare field's name."""
        if not isinstance(node, Name) or node.name == "rules" or node.name.startswith("rules."):
            return None
        name = node.name
        if "#" in name:
            if self.names.group is None:
                return None  # name() says what is wrong
            name = name.replace("#", self.names.group)
        if name in self.names.categories or (name == "total" and self.names.total):
            return None
        return self.names.fields.get(name)

    def constant(self, node: Node) -> Any:
        """A written value's or a `rules.` value's value; _NOT_CONSTANT for anything else."""
        if isinstance(node, Const):
            return node.value
        if isinstance(node, Name) and (node.name == "rules" or node.name.startswith("rules.")):
            return _rules_value(node.column, self.names.rules, node.name)
        return _NOT_CONSTANT

    def call(self, node: Call, cross: bool) -> Compiled:
        name, args, column = node.function, node.args, node.column
        if name in _PATTERN_FUNCTIONS and args and _is_pattern(args[0]):
            return self.over_pattern(node)
        if name in _CROSS:
            if cross:
                raise ExprError(column, f"{name}() inside another comparison across players")
            return self.across(node)
        spec = FUNCTIONS.get(name)
        if spec is None and name in _PATTERN_FUNCTIONS:
            raise ExprError(column, f'{name}() takes a pattern of field ids first: "row1.*"')
        if spec is None:
            known = ", ".join(sorted({*FUNCTIONS, *_PATTERN_FUNCTIONS, *_CROSS}))
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
        return lambda env: bounded(column, function(column, [arg(env) for arg in compiled]))

    def lookup(self, column: int, table: Compiled, key: Compiled, clamp: bool) -> Compiled:
        tables = self.prepared.tables
        return lambda env: lookup(column, table(env), key(env), tables, clamp)

    def filled(self, node: Call) -> Compiled:
        arg = node.args[0]
        if not isinstance(arg, Name):
            raise ExprError(arg.column, "filled() takes a field's name")
        self.name(arg)  # the field must exist
        name = arg.name.replace("#", self.names.group or "#")
        return lambda env: is_filled(env.values[env.player].get(name))

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
            value = None
            if len(node.args) > 1:
                arg, constant = node.args[1], self.constant(node.args[1])
                if (
                    constant is not _NOT_CONSTANT
                    and infos
                    and all(i.kind in ("choice", "card") and i.values is not None for i in infos)
                ):
                    arg = self.as_held(arg, constant, repr(text), infos)
                value = self.node(arg, False)
            ids = [i.id for i in infos]
            if value is None:
                return lambda env: sum(is_filled(env.values[env.player].get(i)) for i in ids)
            return lambda env: sum(
                plain(env.values[env.player].get(i)) == plain(value(env)) for i in ids
            )
        if name in ("sum", "min", "max"):
            wrong = [i for i in infos if i.kind in ("choice", "card")]
            if wrong:
                raise ExprError(
                    node.args[0].column,
                    f"{name}() of {wrong[0].id!r}: a {wrong[0].kind} has no number",
                )
            pairs = [(i.id, EMPTY[i.kind]) for i in infos]
            reduce = REDUCE[name]

            def reduced(env: Env) -> Any:
                if not pairs:
                    raise EvalError(column, f"{name}() of {text!r}: no field of this group")
                mine = env.values[env.player]
                numbers = (num(column, or_empty(mine.get(i), e)) for i, e in pairs)
                return bounded(column, reduce(numbers))

            return reduced
        if name == "any":
            ids = [i.id for i in infos]
            return lambda env: any(is_filled(env.values[env.player].get(i)) for i in ids)
        if name == "all":
            return lambda env: all(is_full(i, env.values[env.player].get(i.id)) for i in infos)
        groups = grouped_by(matched)  # complete
        return lambda env: sum(
            all(is_full(i, env.values[env.player].get(i.id)) for i in group) for group in groups
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
            leaders, place = standing(column, value, env, name == "fewest")
            if name == "place":
                return place
            if name == "share":
                assert points is not None
                if not leaders or env.player not in leaders:
                    return 0
                return math.floor(num(column, points(env)) / len(leaders))
            return env.player in leaders and (tie == "shared" or len(leaders) == 1)

        return answer


_TIES = ("shared", "alone")
HOLDERS = ("choice", "card")  # fields compared only with a value they may hold
_NOT_CONSTANT = object()


def _is_pattern(node: Node) -> bool:
    return isinstance(node, Const) and isinstance(node.value, str)


def rules_value(rules: Mapping[str, Any], name: str) -> Any:
    """The value `rules.a.b.0` names; LookupError when the rules have none."""
    value: Any = {"rules": rules}
    for part in name.split("."):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            raise LookupError(f"{name!r} is not in the game's `rules:`")
    return value


def _rules_value(column: int, rules: Mapping[str, Any], name: str) -> Any:
    try:
        return rules_value(rules, name)
    except LookupError as exc:
        raise ExprError(column, str(exc)) from None


_PATTERN_FUNCTIONS = ("sum", "count", "min", "max", "all", "any", "complete")
_CROSS = ("most", "fewest", "place", "share")


def _arity(fewest: int, most: int) -> str:
    if fewest == most:
        return f"{fewest} argument{'s' * (fewest != 1)}"
    return f"{fewest} to {most} arguments"


__all__ = ["MAX_LIST", "Names", "Prepared", "compile_expression", "rules_value"]
