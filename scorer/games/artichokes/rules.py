"""Abandon All Artichokes: the numbers its cards print and its position checker uses
(`rules:` in components/abandon-all-artichokes/game.yaml). How many copies of each card exist is
the card's `count:` in cards.yaml, and nowhere else."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from playtest.core.errors import Problem
from playtest.core.schema import Schema
from playtest.model.game import Game

GAME_ID = "abandon-all-artichokes"
ARTICHOKE = "artichoke"  # the `vegetable` of the cards every player must shed

Phase = Literal["replenish", "harvest", "play", "discard", "draw"]
PHASES: tuple[Phase, ...] = ("replenish", "harvest", "play", "discard", "draw")
# A record's phase: a turn's step, or `setup` (the table before the first turn: the first row
# being dealt and the hands drawn), when no step of any turn has happened yet.
SETUP = "setup"
RecordPhase = Literal["setup", "replenish", "harvest", "play", "discard", "draw"]

Positive = Annotated[int, Field(ge=1, le=1000)]
# When no deal from the Garden Row and Stack can avoid `reshuffle_threshold` of one vegetable
# (the write-up would reshuffle for ever): `keep` the row as dealt and play on, or `end` the
# game there without a winner. A playtest default (game.yaml).
StuckRow = Literal["keep", "end"]


class Rules(Schema):
    artichokes_per_player: Positive
    garden_row_size: Positive
    reshuffle_threshold: Annotated[int, Field(ge=2, le=1000)]
    hand_size: Positive
    cards_harvested: Positive
    turn_phases: tuple[Phase, ...]
    stuck_row: StuckRow

    @model_validator(mode="after")
    def _consistent(self) -> Rules:
        if sorted(self.turn_phases) != sorted(PHASES):
            raise ValueError(f"turn_phases must name each of {', '.join(PHASES)} exactly once")
        if self.reshuffle_threshold > self.garden_row_size:
            raise ValueError("reshuffle_threshold cannot exceed garden_row_size")
        if self.cards_harvested > self.garden_row_size:
            raise ValueError("cards_harvested cannot exceed garden_row_size")
        return self

    def reached(self, phase: RecordPhase, step: Phase) -> bool:
        """Whether a turn standing at `phase` has already been through `step` (at the set-up
        no turn has been through any)."""
        if phase == SETUP:
            return False
        return self.turn_phases.index(phase) >= self.turn_phases.index(step)


def check(game: Game[Rules, None]) -> list[Problem]:
    """The decks hold Artichokes, enough for the most players the game allows (run at load,
    so a kit that could not be played is not built, and no record is scored against it)."""
    artichokes = sum(
        card.count
        for deck in game.decks
        for card in deck.cards
        if card.data().get("vegetable") == ARTICHOKE
    )
    if not artichokes:
        return [Problem(str(game.folder), None, "decks", f"no card has `vegetable: {ARTICHOKE}`")]
    rules: Rules = game.rules
    most = game.info.players[1]
    if rules.artichokes_per_player * most <= artichokes:
        return []
    src = game.sources["game"]
    return [
        Problem(
            src.file,
            src.line,
            "rules.artichokes_per_player",
            f"{most} players need {rules.artichokes_per_player} Artichokes each, more "
            f"than the {artichokes} Artichoke cards",
        )
    ]
