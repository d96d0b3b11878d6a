"""Replaying a game log through its game's engine: every event checked, the first illegal one
named (its index, line, player, rule code and why), the position at any event, and records.

Three kinds of trouble, kept apart:
- a log that cannot be read (unknown notation, a chance event that cannot happen, such as a 7
  on a die or a card not in the deck, or the wrong player deciding) is an InputError (exit 2);
- a decision that breaks a rule stops the replay: `Replayed.illegal` says where and why;
- anything else replays, and the answer is the game's own scoring of the position reached.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from playtest.core.errors import InputError
from playtest.core.output_files import write_output
from playtest.core.yamlsource import Document
from playtest.library.loader import Library
from playtest.scorer.engine import (
    CHANCE,
    OVER,
    Engine,
    SetupError,
    engine_for,
    engine_games,
)
from playtest.scorer.game_log import Event, GameLog, load_log, log_text, read_log
from playtest.scorer.record_text import record_yaml
from playtest.scorer.result import Result, Violation


@dataclass(frozen=True)
class Illegal:
    event: Event
    player: str
    violation: Violation

    def text(self) -> str:
        v = self.violation
        line = f" (line {self.event.line})" if self.event.line else ""
        return f"event {self.event.index}{line}: {v.code} {self.player}: {v.where}: {v.message}"

    def to_json(self) -> dict[str, Any]:
        return {
            "event": self.event.index,
            "line": self.event.line,
            "player": self.player,
            "code": self.violation.code,
            "where": self.violation.where,
            "message": self.violation.message,
        }


UNFINISHED = 3  # `replay`'s exit code for a log that ends before the game does (README)


@dataclass(frozen=True)
class Replayed:
    log: GameLog
    engine: Engine[Any, Any, Any]
    state: Any  # the position after the last event replayed
    replayed: int  # events replayed (the illegal one not included)
    illegal: Illegal | None

    @property
    def over(self) -> bool:
        return self.engine.is_over(self.state)

    @property
    def unfinished(self) -> bool:
        """Every event of the log replayed, all legal, and still the game is not over."""
        return not self.illegal and not self.over and self.replayed == len(self.log.events)

    @property
    def result(self) -> Result:
        """The position's scores; winners only once the game is over (never claimed early)."""
        result = self.engine.result(self.state)
        return result if self.over else replace(result, winners=())

    def stopped(self) -> str:
        """Where an unfinished game stands: `not finished: stopped after event 57, round 6`."""
        rounds = getattr(self.engine, "rounds", None)
        where = f", round {rounds(self.state) + 1}" if rounds else ""
        return f"not finished: stopped after event {self.replayed}{where}"

    def record(self) -> dict[str, Any]:
        return self.engine.record(self.state)

    def to_json(self) -> dict[str, Any]:
        answer = self.result.to_json()
        if not self.over:
            del answer["winners"]  # a game not over has no winner yet
        out: dict[str, Any] = {"events_replayed": self.replayed, "game_over": self.over}
        if self.illegal:
            out["illegal"] = self.illegal.to_json()
        return {**answer, **out}


def replay_document(doc: Document, library: Library, until: int | None = None) -> Replayed:
    log = read_log(doc, engine_games())
    engine = engine_for(library.game(log.game))
    try:
        state = engine.new_game(log.players, log.variant, log.options)
    except SetupError as exc:
        raise log.error((exc.field,), str(exc)) from None
    if until is not None and not 0 <= until <= len(log.events):
        raise InputError.one(
            doc.display,
            None,
            "--until",
            f"the log has {len(log.events)} events (expected 0 to {len(log.events)})",
        )
    events = log.events if until is None else log.events[:until]
    for event in events:
        illegal = _step(engine, log, event, state)
        if isinstance(illegal, Illegal):
            return Replayed(log, engine, state, event.index - 1, illegal)
        state = illegal
    return Replayed(log, engine, state, len(events), None)


def _step(engine: Engine[Any, Any, Any], log: GameLog, event: Event, state: Any) -> Any:
    """The state after `event`, or the Illegal it is; InputError when it cannot be read."""
    seat = engine.to_move(state)
    names = engine.players(state)
    if seat == OVER:
        raise log.event_error(event, "the game is already over")
    if event.key in engine.chance_names:
        if seat != CHANCE:
            raise log.event_error(event, f"{names[seat]} decides next, not a {event.key}")
        try:
            chance = engine.parse_chance(state, event.key, event.value)
        except ValueError as exc:
            raise log.event_error(event, str(exc)) from None
        impossible = engine.chance_problem(state, chance)
        if impossible:
            raise log.event_error(event, f"impossible {event.key}: {impossible}")
        return engine.apply_chance(state, chance)
    if event.key not in names:
        raise log.event_error(
            event,
            f"unknown player or event {event.key!r} (expected a "
            f"player, {', '.join(names)}, or {', '.join(engine.chance_names)})",
        )
    if seat == CHANCE:
        due = getattr(engine, "chance_due", None)  # which chance event, where a game has several
        key = due(state) if due else engine.chance_names[0]
        raise log.event_error(event, f"a {key} is due, not {event.key}'s move")
    if event.key != names[seat]:
        raise log.event_error(
            event, f"it is {names[seat]}'s turn, not {event.key}'s (wrong player order)"
        )
    try:
        move = engine.parse_move(state, event.value)
    except ValueError as exc:
        raise log.event_error(event, str(exc)) from None
    problem = engine.move_problem(state, move)
    if problem is not None:
        return Illegal(event, names[seat], problem)
    return engine.apply(state, move)


def replay_file(path: Path, library: Library, until: int | None = None) -> Replayed:
    log = load_log(path, engine_games())
    return replay_document(log.doc, library, until)


def write_record(replayed: Replayed, out: Path, library: Library) -> None:
    """The position reached, as a record file (under the rule of every file a command writes:
    never over the log itself, never into the components folder, never over a FIFO...)."""
    text = record_yaml(replayed.record()).encode()
    write_output(out, text, "--record", [replayed.log.doc.path], [library.root])


def random_log(
    engine: Engine[Any, Any, Any],
    players: tuple[str, ...],
    variant: str | None,
    seed: int,
    options: dict[str, bool] | None = None,
) -> str:
    """A whole game played at random (every decision uniform among the legal ones), as a log."""
    rng = random.Random(seed)
    state = engine.new_game(players, variant, options)
    events: list[tuple[str, Any]] = []
    while (seat := engine.to_move(state)) != OVER:
        if seat == CHANCE:
            chance = engine.sample_chance(state, rng)
            events.append(engine.format_chance(state, chance))
            state = engine.apply_chance(state, chance)
        else:
            move = rng.choice(engine.legal_moves(state))
            events.append((players[seat], engine.format_move(state, move)))
            state = engine.apply(state, move)
    return log_text(engine.game.id, variant, players, events, options)
