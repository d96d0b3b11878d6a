"""Dice Town's `rules:` block: dice faces, supply, set-up, locations, poker hands and scoring.

The kit prints these numbers and the scorer plays by them, so no game number has a default here:
each is written in `components/dice-town/game.yaml` (an absent `amount` part means "none").
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import Annotated, Literal

from pydantic import Field, model_validator

from playtest.core.schema import Id, Schema

GAME_ID = "dice-town"

Positive = Annotated[int, Field(ge=1, le=1000)]
Amount = Annotated[int, Field(ge=0, le=1000)]


class DieFace(Schema):
    label: str = Field(min_length=1)  # as printed, and as typed in a record
    rank: Positive  # higher beats lower (ties at the Town Hall, poker hand order)


class Dice(Schema):
    per_player: Annotated[int, Field(ge=1, le=10)]
    faces: list[DieFace] = Field(min_length=2)

    @model_validator(mode="after")
    def _distinct_faces(self) -> Dice:
        labels = [face.label.upper() for face in self.faces]
        if len(set(labels)) != len(labels):
            raise ValueError("two faces have the same label")
        if len({face.rank for face in self.faces}) != len(self.faces):
            raise ValueError("two faces have the same rank")
        return self


class Supply(Schema):
    banknotes: Amount
    banknote_value: Positive  # dollars per banknote
    nuggets: Amount
    sheriff_badges: Positive

    @property
    def money(self) -> int:
        return self.banknotes * self.banknote_value


class Setup(Schema):
    starting_money: Amount
    bank_start: Amount

    def table_money(self, players: int) -> int:
        """Money is conserved per table: what the players start with plus the bank's."""
        return self.starting_money * players + self.bank_start


class Rolling(Schema):
    """The rolling phase: how many dice each roll keeps for free, what keeping more or none
    costs (in dollars, paid to the box under the bank)."""

    free_dice_per_roll: Positive
    extra_die_cost: Amount
    keep_none_cost: Amount
    # the last roll (someone has all their dice out; the others keep every die): `false` costs
    # nothing, `true` costs as any roll, as far as the player's money goes (playtest default)
    last_roll_paid: bool


class Display(Schema):
    deeds: Positive
    doc_badluck: Positive


class PrizeAmount(Schema):
    """base + per_die x (dice showing `of_face`, default the location's face), at most cap."""

    base: Amount = 0
    per_die: Amount = 0
    of_face: str | None = None
    cap: Amount | None = None


Contest = Literal["most-of-face", "best-poker-hand", "won-nothing"]
Prize = Literal[
    "nuggets",
    "bank-money",
    "store-cards",
    "opponent-cards",
    "sheriff-badge",
    "deeds",
    "doc-badluck-card",
]


class Location(Schema):
    id: Id
    name: str
    contest: Contest
    face: str | None = None
    prize: Prize
    amount: PrizeAmount | None = None

    @model_validator(mode="after")
    def _face_when_needed(self) -> Location:
        if (self.contest == "most-of-face") != (self.face is not None):
            raise ValueError(
                f"location {self.id}: `face` is needed for `most-of-face` "
                "contests and only for them"
            )
        return self

    def counted_face(self) -> str | None:
        """The face whose dice size the prize."""
        if self.amount is not None and self.amount.of_face is not None:
            return self.amount.of_face
        return self.face


class PokerHand(Schema):
    """A category: matched by group sizes (`[3, 2]` is a full house) or by runs of faces."""

    id: Id
    name: str
    groups: list[Positive] | None = None
    runs: list[list[str]] | None = None

    @model_validator(mode="after")
    def _one_pattern(self) -> PokerHand:
        if (self.groups is None) == (self.runs is None):
            raise ValueError(f"poker hand {self.id}: give exactly one of `groups` or `runs`")
        return self


class Scoring(Schema):
    points_per_nugget: Amount
    dollars_per_point: Positive
    sheriff_badge_points: Amount
    # a tie for first place: `shared`, or `sheriff` (a tied badge holder wins, else shared)
    first_place_tie: Literal["shared", "sheriff"]


class Resolution(Schema):
    """What the write-up leaves open and the round resolver decides anyway (playtest defaults,
    named in game.yaml and examples/dice-town/README.md)."""

    min_dice_to_win: Positive  # dice of a location's face needed to win it
    # equal poker hands: `remaining-dice` compares the dice outside the combination next;
    # `sheriff`: the sheriff decides as soon as the combinations are equal
    hand_ties: Literal["remaining-dice", "sheriff"]
    # deeds after the bottom card: `choice` of the winner among the rest of the display, or
    # `from-bottom`: the next ones up
    extra_deeds: Literal["choice", "from-bottom"]
    keeping_badge_is_a_win: bool  # a sheriff who keeps the badge won something this round
    finish_round: bool  # the round in which the game ends is played to its end
    reshuffle_doc_badluck: bool  # an empty Doc Badluck deck is refilled from its discards


class Rules(Schema):
    dice: Dice
    supply: Supply
    setup: Setup
    rolling: Rolling
    display: Display
    locations: list[Location] = Field(min_length=1)  # in resolution order
    poker_hands: list[PokerHand] = Field(min_length=1)  # best first
    resolution: Resolution
    scoring: Scoring

    @model_validator(mode="after")
    def _consistent(self) -> Rules:
        labels = {face.label.upper() for face in self.dice.faces}
        ids = [loc.id for loc in self.locations]
        if len(set(ids)) != len(ids):
            raise ValueError("two locations have the same id")
        for loc in self.locations:
            for face in (loc.face, loc.counted_face()):
                if face is not None and face.upper() not in labels:
                    raise ValueError(f"location {loc.id}: unknown die face {face!r}")
        n = self.dice.per_player
        for hand in self.poker_hands:
            if hand.groups is not None and sum(hand.groups) != n:
                raise ValueError(f"poker hand {hand.id}: groups must add up to {n} dice")
            for run in hand.runs or []:
                if len(run) != n or any(face.upper() not in labels for face in run):
                    raise ValueError(f"poker hand {hand.id}: each run must be {n} known faces")
        self._every_hand_has_a_category(sorted(labels))
        return self

    def _every_hand_has_a_category(self, labels: list[str]) -> None:
        runs = {
            tuple(sorted(f.upper() for f in run))
            for hand in self.poker_hands
            for run in hand.runs or []
        }
        groups = {tuple(hand.groups) for hand in self.poker_hands if hand.groups is not None}
        for dice in combinations_with_replacement(labels, self.dice.per_player):
            shape = tuple(sorted(Counter(dice).values(), reverse=True))
            if shape not in groups and tuple(sorted(dice)) not in runs:
                raise ValueError(f"poker_hands: no category matches the dice {' '.join(dice)}")
