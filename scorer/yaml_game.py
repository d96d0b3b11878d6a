"""The interface of every game scored in YAML: one generic record reader, checks and scoring
over the game's compiled plan (playtest/expr/plan.py), built from its components folder
alone (no code is ever loaded from a components folder).

A record names each player's fields; a field left out is empty:

    game: my-game
    players:
      - name: Ann
        fields: {row1.box1: true, row1.apples: 3, fruit: pear}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from playtest.core.errors import InputError, Problem
from playtest.core.yamlsource import format_loc
from playtest.expr.fields import InputField
from playtest.expr.plan import ScoringPlan
from playtest.model.game import Game
from playtest.scorer.header import Header
from playtest.scorer.interface import GameInterface, Scores
from playtest.scorer.result import PlayerScore, Violation

RECORD_KEYS = ("game", "players")
PLAYER_KEYS = ("name", "fields")


@dataclass(frozen=True)
class FieldsPosition:
    """Every player's name and field values (a field left out is empty)."""

    names: tuple[str, ...]
    values: tuple[Mapping[str, Any], ...]
    variant: str | None = None


class _Record:
    def read_position(self, header: Header, game: Game) -> FieldsPosition:
        plan = _plan(game)
        doc, data = header.doc, header.data
        problems: list[Problem] = []

        def report(loc: tuple[str | int, ...], message: str) -> None:
            problems.append(Problem(doc.display, doc.line_of(loc), format_loc(loc), message))

        for key in data:
            if key == "variant":
                report(("variant",), "this game has no variants")
            elif key not in RECORD_KEYS:
                report((key,), f"unknown field (expected one of: {', '.join(RECORD_KEYS)})")
        if header.players is None:
            report(("players",), "expected a list of players (`- name: Ann`)")
        names: list[str] = []
        values: list[dict[str, Any]] = []
        for index, player in enumerate(header.players or ()):
            at: tuple[str | int, ...] = ("players", index)
            if not isinstance(player, dict):
                report(at, "expected a mapping with `name:` and `fields:`")
                continue
            for key in player:
                if key not in PLAYER_KEYS:
                    report((*at, key), "unknown field (expected one of: name, fields)")
            name = player.get("name")
            if not isinstance(name, str) or not name.strip():
                report((*at, "name"), "expected the player's name")
            names.append(name if isinstance(name, str) else "")
            values.append(_fields(player.get("fields", {}), plan, (*at, "fields"), report))
        if problems:
            raise InputError(problems)
        return FieldsPosition(tuple(names), tuple(values))


def _fields(
    written: Any, plan: ScoringPlan, at: tuple[str | int, ...], report: Any
) -> dict[str, Any]:
    if written is None:
        return {}
    if not isinstance(written, dict):
        report(at, "expected a mapping of field ids to values (`row1.box1: true`)")
        return {}
    found: dict[str, Any] = {}
    for key, value in written.items():
        field = plan.fields.get(key) if isinstance(key, str) else None
        if field is None:
            report((*at, str(key)), f"unknown field {key!r}{_near(str(key), plan)}")
            continue
        wrong = value_problem(field, value)
        if wrong:
            report((*at, key), wrong)
        elif value is not None:
            found[key] = field.as_held(value)
    return found


def value_problem(field: InputField, value: Any) -> str | None:
    """What is wrong with a value written in a field (None: nothing; None is empty). A card id
    may be typed in any case."""
    if value is None:
        return None
    value = field.as_held(value)
    if field.kind == "box":
        return None if isinstance(value, bool) else f"a box is true or false, got {value!r}"
    if field.kind in ("track", "number"):
        low, high = field.min or 0, field.max
        if isinstance(value, bool) or not isinstance(value, int):
            return f"expected a whole number from {low} to {high}, got {value!r}"
        if not low <= value <= (high if high is not None else value):
            return f"{value} is not from {low} to {high}"
        return None
    allowed = field.values or ()
    if value in allowed and not isinstance(value, bool):
        return None
    what = "card" if field.kind == "card" else "value"
    shown = ", ".join(map(str, allowed[:12])) + (", ..." if len(allowed) > 12 else "")
    return f"unknown {what} {value!r} (expected one of: {shown})"


def _near(key: str, plan: ScoringPlan) -> str:
    import difflib

    close = difflib.get_close_matches(key, list(plan.fields), n=3)
    return f" (did you mean {', '.join(close)}?)" if close else ""


class _Checks:
    def violations(self, position: FieldsPosition, game: Game) -> list[Violation]:
        broken = _plan(game).check_fields(position.values, _rules(game))
        return [
            Violation(rule.code, position.names[seat], rule.place, rule.message)
            for rule, seat in sorted(broken, key=lambda b: b[1])
        ]


class _Scoring:
    def score(self, position: FieldsPosition, game: Game) -> Scores:
        breakdowns, totals, winners = _plan(game).score_fields(position.values, _rules(game))
        return Scores(
            players=tuple(
                PlayerScore(name, total, breakdown)
                for name, total, breakdown in zip(position.names, totals, breakdowns, strict=True)
            ),
            winners=tuple(position.names[seat] for seat in winners),
        )


def _plan(game: Game) -> ScoringPlan:
    assert isinstance(game.scoring, ScoringPlan)
    return game.scoring


def _rules(game: Game) -> dict[str, Any]:
    return game.rules_data if isinstance(game.rules_data, dict) else {}


YAML_SCORER = GameInterface(record=_Record(), checks=_Checks(), scoring=_Scoring())


def yaml_interface(game_id: str) -> GameInterface:
    """The scorer of a game whose `scoring:` is YAML (the same for every such game: it reads
    the plan compiled on the loaded game it is handed)."""
    return YAML_SCORER


__all__ = ["FieldsPosition", "value_problem", "yaml_interface"]
