"""A game's `scoring:` and `checks:` compiled when the game is loaded: every expression parsed
and its names found against the game's fields and `rules:`, then tried on a sheet left empty
and on a sheet filled in full, so a mistake is a load error at its file:line and column, never
a surprise in the middle of a playtest. The fields are handed in (the loader finds them where
the game's sheets draw them): the language draws nothing.

The plan scores and checks the fields of every player (`score_fields`, `check_fields`);
playtest/scorer/yaml_game.py wraps it as a game's interface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from playtest.core.errors import InputError, Problems
from playtest.core.limits import MAX_SCORED_FIELDS
from playtest.core.yamlsource import Document, Loc, format_loc
from playtest.expr.compile import Names, Prepared, compile_expression
from playtest.expr.evaluate import MAX_VALUE, Compiled, Env, EvalError
from playtest.expr.fields import FieldInfo, InputField
from playtest.expr.nodes import ExprError
from playtest.expr.schema import Check, Scoring
from playtest.expr.templates import Template, TemplateError, read_template

GROUP_MARK = "#"
# the functions a category that is not whole is told to use
ROUNDING = "floor(x), ceil(x) or round(x)"


@dataclass(frozen=True)
class Where:
    """An expression's place in the YAML, for errors met while scoring."""

    file: str
    line: int | None
    field: str

    def error(self, exc: ExprError | EvalError) -> InputError:
        return InputError.one(self.file, self.line, self.field, str(exc))


@dataclass(frozen=True)
class Line:
    id: str
    points: Compiled
    where: Where


@dataclass(frozen=True)
class Breaker:
    name: str
    value: Compiled
    fewest: bool
    where: Where

    def of(self, env: Env) -> int | float:
        """The player's value: a number (true is 1), so that players can be ordered by it."""
        value = _run(self.where, self.value, env)
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, int | float):
            return value
        at = self.where
        raise InputError.one(at.file, at.line, at.field, f"expected a number, got {value!r}")


@dataclass(frozen=True)
class Rule:
    code: str
    message: str
    place: str
    holds: Compiled
    where: Where
    # a check made once per group of fields: the pattern of the group's fields (`row2.*`: its
    # `each` with the group filled in), where the web editor shows the violation
    fields: str | None = None


@dataclass(frozen=True)
class ScoringPlan:
    fields: Mapping[str, InputField]
    lines: tuple[Line, ...]
    fewest_wins: bool
    breakers: tuple[Breaker, ...]
    rules: tuple[Rule, ...]

    def score_fields(
        self, values: Sequence[Mapping[str, Any]], rules: Mapping[str, Any]
    ) -> tuple[list[dict[str, int]], list[int], list[int]]:
        """(each player's breakdown, each total, the winners' seats)."""
        env, winners = self._scored(values, rules)
        assert env.totals is not None
        return env.categories, env.totals, winners

    def check_fields(
        self, values: Sequence[Mapping[str, Any]], rules: Mapping[str, Any]
    ) -> list[tuple[Rule, int]]:
        """Every (rule, seat) broken."""
        env, _ = self._scored(values, rules)
        return self._broken(env)

    def _broken(self, env: Env) -> list[tuple[Rule, int]]:
        return [
            (rule, player)
            for rule in self.rules
            for player in range(len(env.values))
            if not _truth(rule.where, _run(rule.where, rule.holds, env.at(player)))
        ]

    def _scored(
        self, values: Sequence[Mapping[str, Any]], rules: Mapping[str, Any]
    ) -> tuple[Env, list[int]]:
        """The players scored (their categories and totals in the Env) and the winners."""
        env = Env(list(values), rules, 0, [{} for _ in values])
        for line in self.lines:
            for player in range(len(values)):
                env.categories[player][line.id] = _whole(
                    line, _run(line.where, line.points, env.at(player))
                )
        totals = [sum(c.values()) for c in env.categories]
        if self.lines and any(abs(total) > MAX_VALUE for total in totals):
            at = self.lines[-1].where
            raise InputError.one(
                at.file, at.line, at.field, f"the categories add up to more than {MAX_VALUE:,}"
            )
        env.totals = totals
        seats = list(range(len(values)))
        best = (min if self.fewest_wins else max)(totals, default=0)
        tied = [p for p in seats if totals[p] == best]
        for breaker in self.breakers:
            if len(tied) < 2:
                break
            got = {p: breaker.of(env.at(p)) for p in tied}
            top = (min if breaker.fewest else max)(got.values())
            tied = [p for p in tied if got[p] == top]
        return env, tied


def _run(where: Where, compiled: Compiled, env: Env) -> Any:
    try:
        return compiled(env)
    except EvalError as exc:
        raise where.error(exc) from None


def _truth(where: Where, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise InputError.one(
        where.file, where.line, where.field, f"expected true or false, got {value!r}"
    )


def _whole(line: Line, value: Any) -> int:
    """A category's points: a whole number (6.0 is 6); 4.5 is the game's mistake, named, never
    rounded behind the designer's back."""
    at = line.where
    if isinstance(value, bool):
        return int(value)
    if not isinstance(value, int | float):
        raise InputError.one(at.file, at.line, at.field, f"expected a number, got {value!r}")
    if isinstance(value, int):
        return value
    if not value.is_integer():
        raise InputError.one(
            at.file,
            at.line,
            at.field,
            f"category {line.id!r} is {value}, not a whole number (round it: {ROUNDING})",
        )
    return int(value)


def compile_plan(
    fields: Mapping[str, InputField],
    rules: Mapping[str, Any],
    game_id: str,
    scoring: Scoring | None,
    checks: Sequence[Check],
    doc: Document | None,
    checks_doc: Document | None,
) -> ScoringPlan:
    """The compiled plan of a game's `scoring:` (in `doc`) and `checks:` (in `checks_doc`),
    over its fields by id and its `rules:`; every problem of every expression is raised
    together (a problem without a document is placed at the game's id)."""
    problems = Problems()
    infos = {fid: FieldInfo(fid, f.kind, f.max, f.values) for fid, f in fields.items()}
    prepared = Prepared(infos)  # shared by every expression below: each pattern matched once

    def where(d: Document | None, loc: Loc) -> Where:
        if d is None:
            return Where(game_id, None, format_loc(loc))
        return Where(d.display, d.line_of(loc), format_loc(loc))

    if len(fields) > MAX_SCORED_FIELDS:
        at = where(doc, ("scoring",)) if scoring is not None else where(checks_doc, ("checks",))
        problems.add(
            at.file,
            at.line,
            at.field,
            f"the game's sheets and boards hold {len(fields):,} fields; a game scored in YAML "
            f"may have at most {MAX_SCORED_FIELDS:,}",
        )
        problems.raise_if_any()

    def build(text: str, names: Names, at: Where) -> Compiled | None:
        try:
            return compile_expression(text, names)
        except ExprError as exc:
            problems.extend(at.error(exc).problems)
            return None

    lines: list[Line] = []
    breakers: list[Breaker] = []
    categories: set[str] = set()
    if scoring is not None:
        for i, category in enumerate(scoring.categories):
            at = where(doc, ("scoring", "categories", i, "points"))
            taken = (
                "a category"
                if category.id in categories
                else "a field"
                if category.id in fields
                else "the total"
                if category.id == "total"
                else None
            )
            if taken:
                problems.add(
                    at.file, at.line, at.field, f"{category.id!r} is already the name of {taken}"
                )
            names = Names(infos, rules, frozenset(categories), prepared=prepared)
            compiled = build(category.points, names, at)
            categories.add(category.id)
            if compiled is not None:
                lines.append(Line(category.id, compiled, at))
        for i, breaker in enumerate(scoring.tie_breakers):
            at = where(doc, ("scoring", "tie_breakers", i, "value"))
            names = Names(infos, rules, frozenset(categories), True, prepared=prepared)
            compiled = build(breaker.value, names, at)
            if compiled is not None:
                breakers.append(Breaker(breaker.name, compiled, breaker.order == "fewest", at))
    rules_out: list[Rule] = []
    for i, check in enumerate(checks):
        at = where(checks_doc, ("checks", i, "rule"))
        groups: list[str | None] = [None]
        if check.each is not None:
            groups = _each_groups(
                check.each, prepared, where(checks_doc, ("checks", i, "each")), problems
            )
        message = _template(
            check.message, rules, check, where(checks_doc, ("checks", i, "message")), problems
        )
        place = _template(
            check.where, rules, check, where(checks_doc, ("checks", i, "where")), problems
        )
        for group in groups:
            names = Names(infos, rules, frozenset(categories), True, group, prepared)
            compiled = build(check.rule, names, at)
            if compiled is None or message is None or place is None:
                break
            grouped = None if group is None else (check.each or "").replace(GROUP_MARK, group)
            rules_out.append(
                Rule(check.code, message.fill(group), place.fill(group), compiled, at, grouped)
            )
    problems.raise_if_any()
    plan = ScoringPlan(
        fields=fields,
        lines=tuple(lines),
        fewest_wins=scoring is not None and scoring.winners == "fewest",
        breakers=tuple(breakers),
        rules=tuple(rules_out),
    )
    _try(plan, rules)
    return plan


def _each_groups(
    pattern: str, prepared: Prepared, at: Where, problems: Problems
) -> list[str | None]:
    if pattern.count(GROUP_MARK) != 1:
        problems.add(at.file, at.line, at.field, f"{pattern!r}: a pattern with one `#`")
        return []
    found = sorted(prepared.index.groups(pattern), key=_natural)
    if not found:
        problems.add(at.file, at.line, at.field, f"pattern {pattern!r} matches no field")
    return list(found)


def _natural(text: str) -> tuple[Any, ...]:
    return (0, int(text), "") if text.isdigit() else (1, 0, text)


def _template(
    text: str, rules: Mapping[str, Any], check: Check, at: Where, problems: Problems
) -> Template | None:
    """A check's message or `where` read as a template; None (and its problem added) when it
    names what cannot be filled in."""
    try:
        return read_template(text, rules, grouped=check.each is not None)
    except TemplateError as exc:
        problems.add(at.file, at.line, at.field, str(exc))
        return None


def _try(plan: ScoringPlan, rules: Mapping[str, Any]) -> None:
    """Score and check an empty sheet and a full one: a value of the wrong kind (text where a
    number is needed) is found now, at the expression's line. Every tie-breaker is tried too,
    whether or not the two sheets tie."""
    full = {fid: _full_value(f) for fid, f in plan.fields.items()}
    env, _ = plan._scored([{}, full], rules)
    for breaker in plan.breakers:
        for player in (0, 1):
            breaker.of(env.at(player))
    plan._broken(env)


def _full_value(field: InputField) -> Any:
    if field.kind == "box":
        return True
    if field.kind in ("track", "number"):
        return field.max
    return field.values[0] if field.values else ""


__all__ = ["ScoringPlan", "compile_plan"]
