"""One simulated game: seats, bots and seeds in; the outcome and its running score out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from playtest.lab.bots import AnyEngine, Bot
from playtest.lab.seeds import game_rng
from playtest.scorer.engine import CHANCE, OVER

MAX_DECISIONS = 20_000  # a game still going after this many decisions counts as a timeout


@dataclass(frozen=True)
class GameOutcome:
    """What the metrics need of one game; small and plain, so it travels between processes."""

    index: int
    seats: tuple[str, ...]  # the bot at each seat; seat 0 starts
    completed: bool  # False: stopped at MAX_DECISIONS
    scores: tuple[int, ...]
    winners: tuple[int, ...]  # seats; several when the win is shared
    decisions: int
    rounds: int
    leaders: tuple[tuple[int, ...], ...]  # the leading seats after each round
    features: tuple[tuple[str, ...], ...]  # per seat: components present or strategies used
    record: dict[str, Any] | None = None  # the final position, for the playtest log
    result: dict[str, Any] | None = None  # its `playtest score --json` answer, kept with it

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seats": list(self.seats),
            "completed": self.completed,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "decisions": self.decisions,
            "rounds": self.rounds,
            "leaders": [list(x) for x in self.leaders],
            "features": [list(f) for f in self.features],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameOutcome:
        return cls(
            index=data["index"],
            seats=tuple(data["seats"]),
            completed=data["completed"],
            scores=tuple(data["scores"]),
            winners=tuple(data["winners"]),
            decisions=data["decisions"],
            rounds=data["rounds"],
            leaders=tuple(tuple(x) for x in data["leaders"]),
            features=tuple(tuple(f) for f in data["features"]),
        )


def play_game(
    engine: AnyEngine,
    bots: Sequence[Bot],
    run_seed: int,
    index: int,
    variant: str | None = None,
    keep_record: bool = False,
) -> GameOutcome:
    """Play game `index` of a run: chance and every bot draw from generators seeded by
    (run seed, index), so the game is the same wherever it is played."""
    names = tuple(f"{bot.name}-{seat + 1}" for seat, bot in enumerate(bots))
    state = engine.new_game(names, variant)
    chance_rng = game_rng(run_seed, index, "chance")
    bot_rngs = [game_rng(run_seed, index, f"seat{seat}") for seat in range(len(bots))]
    rounds_of = getattr(engine, "rounds", None)
    decisions, leaders, last_round = 0, [], 0
    while decisions < MAX_DECISIONS:
        seat = engine.to_move(state)
        if seat == OVER:
            break
        if seat == CHANCE:
            state = engine.apply_chance(state, engine.sample_chance(state, chance_rng))
            continue
        moves = engine.legal_moves(state)
        state = engine.apply(state, bots[seat].choose(engine, state, seat, moves, bot_rngs[seat]))
        decisions += 1
        # the running score, once a round (or once round the table when rounds are unknown)
        now = rounds_of(state) if rounds_of else decisions // len(bots)
        if now != last_round:
            last_round = now
            leaders.append(_leading(engine.scores(state)))
    completed = engine.is_over(state)
    result = engine.result(state)
    scores = tuple(p.total for p in result.players)
    winners = tuple(names.index(w) for w in result.winners) if completed else ()
    feature_of = getattr(engine, "features", None)
    features = tuple(
        tuple(sorted(feature_of(state, seat))) if feature_of else () for seat in range(len(bots))
    )
    return GameOutcome(
        index=index,
        seats=tuple(b.name for b in bots),
        completed=completed,
        scores=scores,
        winners=winners,
        decisions=decisions,
        rounds=rounds_of(state) if rounds_of else decisions // len(bots),
        leaders=tuple(leaders),
        features=features,
        record=engine.record(state) if keep_record else None,
        result=result.to_json() if keep_record else None,
    )


def _leading(scores: Sequence[int]) -> tuple[int, ...]:
    top = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == top)
