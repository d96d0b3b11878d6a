"""Abandon All Artichokes: the numbers its cards print and its position checker uses
(`rules:` in components/abandon-all-artichokes/game.yaml). How many copies of each card exist is
the card's `count:` in cards.yaml, and nowhere else."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from playtest.model.base import Schema

GAME_ID = "abandon-all-artichokes"

Phase = Literal["replenish", "harvest", "play", "discard", "draw"]
PHASES: tuple[Phase, ...] = ("replenish", "harvest", "play", "discard", "draw")

Positive = Annotated[int, Field(ge=1, le=1000)]


class Rules(Schema):
    artichokes_per_player: Positive
    garden_row_size: Positive
    reshuffle_threshold: Annotated[int, Field(ge=2, le=1000)]
    hand_size: Positive
    cards_harvested: Positive
    turn_phases: tuple[Phase, ...]

    @model_validator(mode="after")
    def _consistent(self) -> Rules:
        if sorted(self.turn_phases) != sorted(PHASES):
            raise ValueError(f"turn_phases must name each of {', '.join(PHASES)} exactly once")
        if self.reshuffle_threshold > self.garden_row_size:
            raise ValueError("reshuffle_threshold cannot exceed garden_row_size")
        if self.cards_harvested > self.garden_row_size:
            raise ValueError("cards_harvested cannot exceed garden_row_size")
        return self

    def reached(self, phase: Phase, step: Phase) -> bool:
        """Whether a turn standing at `phase` has already been through `step`."""
        return self.turn_phases.index(phase) >= self.turn_phases.index(step)
