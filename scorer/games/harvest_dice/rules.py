"""Harvest Dice: the numbers its score sheets print and its scorer uses (`rules:` in game.yaml)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from playtest.core.errors import Problem
from playtest.core.schema import Id, Schema
from playtest.model.game import Game

GAME_ID = "harvest-dice"

Variant = Literal["basic", "advanced"]  # the two sides of the score pad
VARIANTS: tuple[Variant, ...] = ("basic", "advanced")
EndTrigger = Literal["full_garden", "full_pig", "full_market"]
PigPower = Literal["value", "colour"]
PowersSpent = Literal["when_taken", "when_planted"]
NewPowerFrom = Literal["next_die", "next_round"]
PIG = "pig"  # what a majority award counts when it counts pig circles

Small = Annotated[int, Field(ge=0, le=100)]
Positive = Annotated[int, Field(ge=1, le=100)]
Face = Annotated[int, Field(ge=1, le=6)]
PlayerCount = Annotated[int, Field(ge=1, le=20)]


class Vegetable(Schema):
    id: Id
    letter: Annotated[str, Field(pattern=r"^[A-Z]$")]  # typed in a record's garden
    name: str
    plural: str
    glyph: Literal["square", "circle", "triangle"]
    die_colour: str


class Dice(Schema):
    faces: list[Face] = Field(min_length=1)
    per_colour: Positive
    rolled_per_colour: dict[PlayerCount, Positive]

    @property
    def most_pips(self) -> int:
        return max(self.faces)

    @property
    def fewest_pips(self) -> int:
        return min(self.faces)


class Round(Schema):
    # the scorer counts rounds as market crosses, which needs exactly one die left over
    left_for_market: Literal[1]
    dice_taken: dict[PlayerCount, list[Small]]


class Garden(Schema):
    rows: Positive
    columns: Positive
    column_faces: list[Face]
    ribbon_points: Small

    @property
    def cells(self) -> int:
        return self.rows * self.columns


class Pig(Schema):
    rows: Positive
    circles_per_row: Positive
    row_points: list[Small]
    power_step: Positive
    powers: dict[Variant, list[PigPower]]
    powers_spent: PowersSpent
    """When pig powers change a die (the write-up does not say): `when_taken`, as the die is
    taken, so it is then planted or fed as changed and may be fed only when, as changed, it
    cannot be planted; `when_planted`, only to plant it, so a die is fed as rolled and only
    when no use of the powers left would let it be planted."""
    feed_changed_die: bool
    """With `when_taken`: whether a die changed by pig powers may then be fed to the pig."""
    new_power_from: NewPowerFrom
    """When a power unlocked by feeding the pig may first be used: from the player's
    `next_die`, or from the `next_round`."""

    @property
    def circles(self) -> int:
        return self.rows * self.circles_per_row


class Markets(Schema):
    circles: Positive
    start_crosses: dict[Variant, Small]


class MajorityAward(Schema):
    id: Id  # the score box line and the breakdown key
    counts: str  # a vegetable id (planted count) or `pig` (circles crossed)


class Majorities(Schema):
    points: Small
    min_count: Small
    variants: list[Variant]
    awards: list[MajorityAward]


class Rules(Schema):
    vegetables: list[Vegetable] = Field(min_length=1)
    dice: Dice
    round: Round
    garden: Garden
    pig: Pig
    markets: Markets
    majorities: Majorities
    end_triggers: list[EndTrigger] = Field(min_length=1)

    def vegetable_ids(self) -> list[str]:
        return [v.id for v in self.vegetables]

    @model_validator(mode="after")
    def _consistent(self) -> Rules:
        problems = [*self._vegetable_problems(), *self._sheet_problems(), *self._dice_problems()]
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def _vegetable_problems(self) -> list[str]:
        out = []
        for attr in ("id", "letter", "die_colour"):
            values = [getattr(v, attr) for v in self.vegetables]
            if len(set(values)) != len(values):
                out.append(f"vegetables: two vegetables share a {attr}")
        known = {*self.vegetable_ids(), PIG}
        out += [
            f"majorities: award {a.id} counts unknown {a.counts!r} "
            f"(expected one of: {', '.join(sorted(known))})"
            for a in self.majorities.awards
            if a.counts not in known
        ]
        return out

    def _sheet_problems(self) -> list[str]:
        out = []
        garden, pig, markets = self.garden, self.pig, self.markets
        if len(garden.column_faces) != garden.columns:
            out.append(
                f"garden: column_faces lists {len(garden.column_faces)} faces "
                f"for {garden.columns} columns"
            )
        if not set(garden.column_faces) <= set(self.dice.faces):
            out.append("garden: column_faces must be faces of the dice")
        if len(pig.row_points) != pig.rows:
            out.append(f"pig: row_points lists {len(pig.row_points)} values for {pig.rows} rows")
        for field, mapping in (
            ("pig.powers", pig.powers),
            ("markets.start_crosses", markets.start_crosses),
        ):
            if set(mapping) != set(VARIANTS):
                out.append(f"{field}: give a value for each of: {', '.join(VARIANTS)}")
        if any(start > markets.circles for start in markets.start_crosses.values()):
            out.append("markets: start_crosses cannot exceed circles")
        return out

    def _dice_problems(self) -> list[str]:
        out = []
        rolled, taken = self.dice.rolled_per_colour, self.round.dice_taken
        if set(rolled) != set(taken):
            out.append(
                "dice.rolled_per_colour and round.dice_taken must list the same player counts"
            )
        for players in sorted(set(rolled) & set(taken)):
            per_seat = taken[players]
            dice = rolled[players] * len(self.vegetables)
            if len(per_seat) != players:
                out.append(
                    f"round.dice_taken: {players} players need {players} seats, got {len(per_seat)}"
                )
            elif sum(per_seat) + self.round.left_for_market != dice:
                out.append(
                    f"round.dice_taken: {players} players take {sum(per_seat)} of "
                    f"{dice} dice, which must leave {self.round.left_for_market}"
                )
            if rolled[players] > self.dice.per_colour:
                out.append(f"dice: {players} players roll more dice than the box holds")
        return out


# a loaded game of this package, as its code reads it: its rules typed (it has no catalogue)
LoadedGame = Game[Rules, None]


def check(game: Game[Rules, None]) -> list[Problem]:
    """Every player count the game allows has its dice per seat (run at load, so a record of
    any allowed count can be scored)."""
    fewest, most = game.info.players
    missing = [n for n in range(fewest, most + 1) if n not in game.rules.round.dice_taken]
    if not missing:
        return []
    src = game.sources["game"]
    return [
        Problem(
            src.file,
            src.line,
            "game.players",
            f"the game is for {fewest} to {most} players, but rules.round.dice_taken "
            f"gives no seats for {', '.join(map(str, missing))} players",
        )
    ]
