"""Village Green: the `rules:` block and the award-scoring vocabulary.

An award card scores the 3 visible cells of its column (top-row slot) or row (left-column slot).
Its `scoring:` field is a list of **terms** whose points are added up. Every term counts
something over those cells.

Counts (`of:`), written as a name (`ponds`) or a mapping (`{of: trees, species: birch}`):
  cards       non-empty cells (lawns count)      empty       empty cells
  flowers     cards showing a flower (not lawns) lawns       lawn cards
  ponds       pond cards                         structures  structure cards
  tree_cards  tree cards (whatever their icons)  trees       tree icons (a two-tree card counts 2)
A mapping may narrow the count with filters, all of which must match: `flower:` (rose, petunia,
lily), `colour:` (red, yellow, blue), `species:` (oak, birch, willow; for `trees` the icon's own
species, for cards "shows a tree of that species") and `structure:` (gazebo, fountain, statue,
bench). `distinct: flower|colour|species|structure` counts the different values among the
counted things instead (lawns have no flower or colour, so they never add one).

Terms (one key names the kind of term; `points` may be negative):
  {per: COUNT, points: P}                  P for each one counted
  {sets: COUNT, size: N, points: P}        P for each complete set of N; with `same: species`
                                           (or flower, colour, structure) a set must share it
  {table: COUNT, points: {0: -4, 3: 6}}    the points listed for the count; unlisted counts 0
  {when: [CONDITION, ...], points: P}      P if every condition holds
A condition is {count: COUNT, equals: N} (or `at_least:` / `at_most:`, both allowed together)
or {any: [CONDITION, ...]}, which holds if one of them does. A table over a pair of counts is
written as one `when` term per listed pair (see A30).

Examples: A01 `[{per: {of: flowers, flower: lily, colour: red}, points: 3}]`;
A18 `[{sets: trees, same: species, size: 2, points: 2}]`;
A29 `[{when: [{count: structures, equals: 1}, {count: tree_cards, equals: 1},
{any: [{count: ponds, equals: 1}, {count: empty, equals: 1}]}], points: 6}]`.

The card's printed `points:` (the medals, in the order of the terms; a table gives its values
in count order, equal neighbours printed once) must equal `medals(scoring)`: the scorer
refuses a card whose printed medals and scoring disagree.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import (
    BaseModel,
    BeforeValidator,
    Discriminator,
    Field,
    RootModel,
    Tag,
    ValidationError,
    model_validator,
)

from playtest.core.errors import Problem
from playtest.core.schema import Schema
from playtest.model.game import Game

GAME_ID = "village-green"

Flower = Literal["rose", "petunia", "lily"]
Colour = Literal["red", "yellow", "blue"]
Species = Literal["oak", "birch", "willow"]
StructureKind = Literal["gazebo", "fountain", "statue", "bench"]
Feature = Literal["pond", "structure", "trees", "lawn"]
Measure = Literal[
    "cards", "empty", "flowers", "lawns", "ponds", "structures", "tree_cards", "trees"
]
Attribute = Literal["flower", "colour", "species", "structure"]

Points = Annotated[int, Field(ge=-1000, le=1000)]
SmallCount = Annotated[int, Field(ge=0, le=100)]


def _name_as_count(value: Any) -> Any:
    return {"of": value} if isinstance(value, str) else value


class CountSpec(Schema):
    """What to count over the award's cells (see the module docstring)."""

    of: Measure
    flower: Flower | None = None
    colour: Colour | None = None
    species: Species | None = None
    structure: StructureKind | None = None
    distinct: Attribute | None = None

    @model_validator(mode="after")
    def _sensible(self) -> CountSpec:
        if self.of == "empty" and (self.filters() or self.distinct):
            raise ValueError("`empty` counts empty cells: it takes no filter and no `distinct`")
        return self

    def filters(self) -> dict[str, str]:
        return {
            name: value
            for name in ("flower", "colour", "species", "structure")
            if (value := getattr(self, name)) is not None
        }


Count = Annotated[CountSpec, BeforeValidator(_name_as_count)]


class PerTerm(Schema):
    per: Count
    points: Points


class SetsTerm(Schema):
    sets: Count
    size: Annotated[int, Field(ge=1, le=100)]
    points: Points
    same: Attribute | None = None

    @model_validator(mode="after")
    def _sensible(self) -> SetsTerm:
        if self.sets.distinct:
            raise ValueError("sets are made of counted things, not of `distinct` values")
        if self.same == "species" and self.sets.of != "trees":
            raise ValueError("`same: species` needs `trees` (a card may show two species)")
        return self


class TableTerm(Schema):
    table: Count
    points: dict[SmallCount, Points] = Field(min_length=1)


class CountCondition(Schema):
    count: Count
    equals: SmallCount | None = None
    at_least: SmallCount | None = None
    at_most: SmallCount | None = None

    @model_validator(mode="after")
    def _has_test(self) -> CountCondition:
        if self.equals is None and self.at_least is None and self.at_most is None:
            raise ValueError("a condition needs `equals`, `at_least` or `at_most`")
        if self.equals is not None and (self.at_least is not None or self.at_most is not None):
            raise ValueError("use `equals` alone, or `at_least`/`at_most`")
        return self


class AnyCondition(Schema):
    any: list[Condition] = Field(min_length=1)


def _condition_kind(value: Any) -> str:
    if isinstance(value, dict):
        return "any" if "any" in value else "count"
    return "any" if isinstance(value, AnyCondition) else "count"


Condition = Annotated[
    Annotated[CountCondition, Tag("count")] | Annotated[AnyCondition, Tag("any")],
    Discriminator(_condition_kind),
]


AnyCondition.model_rebuild()


class WhenTerm(Schema):
    when: list[Condition] = Field(min_length=1)
    points: Points


TERM_KEYS = ("per", "sets", "table", "when")


def _term_kind(value: Any) -> str | None:
    if isinstance(value, dict):
        found = [key for key in TERM_KEYS if key in value]
        return found[0] if len(found) == 1 else None
    for key, model in zip(TERM_KEYS, (PerTerm, SetsTerm, TableTerm, WhenTerm), strict=True):
        if isinstance(value, model):
            return key
    return None


Term = Annotated[
    Annotated[PerTerm, Tag("per")]
    | Annotated[SetsTerm, Tag("sets")]
    | Annotated[TableTerm, Tag("table")]
    | Annotated[WhenTerm, Tag("when")],
    Discriminator(
        _term_kind,
        custom_error_type="award_term",
        custom_error_message="a term needs exactly one of: per, sets, table, when",
    ),
]


class AwardScoring(RootModel[list[Term]]):
    """An award card's `scoring:` field: terms whose points are added up."""

    root: list[Term] = Field(min_length=1)
    model_config = {"frozen": True}


def medals(scoring: AwardScoring) -> list[int]:
    """The points a card prints, in order: one per term, a table's values in count order with
    equal neighbours printed once (A26 prints 2–4 → −1 as one medal)."""
    out: list[int] = []
    for term in scoring.root:
        if isinstance(term, TableTerm):
            values = [term.points[key] for key in sorted(term.points)]
            out += [v for i, v in enumerate(values) if i == 0 or values[i - 1] != v]
        else:
            out.append(term.points)
    return out


class TreeIcons(RootModel[list[Species]]):
    """A tree card's `trees:` field: the species of each tree icon, e.g. [birch, willow]."""

    root: list[Species] = Field(min_length=1, max_length=2)
    model_config = {"frozen": True}


FIELD_SCHEMAS: dict[str, type[BaseModel]] = {"award-scoring": AwardScoring, "tree-icons": TreeIcons}


GREEN_DECK = "green"
AWARD_DECK = "awards"
FEATURES: tuple[str, ...] = get_args(Feature)


def check(game: Game[Rules, None]) -> list[Problem]:
    """What the cards must be for the rules to use them (run by the loader, for kit and scorer
    alike): both decks exist, every green card has what its feature needs, and every award
    card prints the medals its scoring gives, so the card a player reads and the score the
    scorer computes can never disagree."""
    decks = {deck.id: deck for deck in game.decks}
    missing = [d for d in (GREEN_DECK, AWARD_DECK) if d not in decks]
    if missing:
        return [
            Problem(str(game.folder), None, "decks", f"the rules need a deck with id {deck_id!r}")
            for deck_id in missing
        ]
    problems: list[Problem] = []
    for card in decks[GREEN_DECK].cards:
        problems += _green_card_problems(game, card.id, card.model_extra or {})
    for card in decks[AWARD_DECK].cards:
        problems += _award_problems(game, card.id, card.model_extra or {})
    return problems


def _report(game: Any, card_id: str, field: str, message: str) -> Problem:
    src = game.sources.get(f"card:{card_id}")
    return Problem(
        src.file if src else str(game.folder),
        src.line if src else None,
        f"{src.field}.{field}" if src else field,
        f"card {card_id}: {message}",
    )


def _green_card_problems(game: Any, card_id: str, data: dict[str, Any]) -> list[Problem]:
    feature, lawn = data.get("feature"), data.get("feature") == "lawn"
    flower, colour = data.get("flower"), data.get("colour")
    out = []
    if feature not in FEATURES:
        out.append(_report(game, card_id, "feature", f"needs a feature ({', '.join(FEATURES)})"))
    elif lawn and (flower or colour):
        out.append(_report(game, card_id, "flower", "a lawn has no flower and no colour"))
    elif not lawn and not (flower and colour):
        out.append(_report(game, card_id, "flower", "needs a flower and a colour"))
    for name in ("trees", "structure"):  # each is the field of the feature of the same name
        if feature == name and not data.get(name):
            out.append(_report(game, card_id, name, f"a {name} card needs `{name}:`"))
        elif feature != name and data.get(name):
            out.append(_report(game, card_id, name, f"only {name} cards have `{name}:`"))
    return out


def _award_problems(game: Any, card_id: str, data: dict[str, Any]) -> list[Problem]:
    try:
        want = medals(AwardScoring.model_validate(data.get("scoring")))
    except ValidationError:
        return [_report(game, card_id, "scoring", "an award needs a valid `scoring:`")]
    if data.get("points") == want:
        return []
    return [
        _report(
            game,
            card_id,
            "points",
            f"printed points {data.get('points')} do not match its scoring (expected {want})",
        )
    ]


class Grid(Schema):
    """The player's area: green cells, with one award slot above each column and one left of
    each row (the village card takes the corner)."""

    green_rows: Annotated[int, Field(ge=1, le=10)]
    green_columns: Annotated[int, Field(ge=1, le=10)]
    top_award_slots: Annotated[int, Field(ge=1, le=10)]
    left_award_slots: Annotated[int, Field(ge=1, le=10)]

    @model_validator(mode="after")
    def _one_slot_per_line(self) -> Grid:
        if self.top_award_slots != self.green_columns:
            raise ValueError("top_award_slots must equal green_columns (one above each column)")
        if self.left_award_slots != self.green_rows:
            raise ValueError("left_award_slots must equal green_rows (one left of each row)")
        return self


class Removed(Schema):
    green: Annotated[int, Field(ge=0, le=1000)]
    awards: Annotated[int, Field(ge=0, le=1000)]


class Setup(Schema):
    hand_green_cards: Annotated[int, Field(ge=0, le=100)]
    green_display: Annotated[int, Field(ge=0, le=100)]
    award_display: Annotated[int, Field(ge=0, le=100)]
    removed: dict[Annotated[int, Field(ge=1, le=20)], Removed]  # by number of players


class SoloRank(Schema):
    rank: str = Field(min_length=1)
    up_to: int | None = None  # highest score of this rank; the last rank has none


class Rules(Schema):
    village_face_up_points: Points
    pond_points: Points
    grid: Grid
    end_visible_green_cards: Annotated[int, Field(ge=1, le=100)]
    # playtest default (the write-up lets any green card cover a lawn): may a lawn cover one?
    lawn_covers_lawn: bool
    setup: Setup
    solo_ranks: list[SoloRank] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Rules:
        cells = self.grid.green_rows * self.grid.green_columns
        if self.end_visible_green_cards > cells:
            raise ValueError(f"end_visible_green_cards is more than the {cells} green cells")
        limits = [r.up_to for r in self.solo_ranks]
        if limits[-1] is not None or any(limit is None for limit in limits[:-1]):
            raise ValueError("solo_ranks: every rank but the last needs `up_to`")
        bounded = [limit for limit in limits if limit is not None]
        if bounded != sorted(set(bounded)):
            raise ValueError("solo_ranks: `up_to` must grow from rank to rank")
        return self

    def solo_rank(self, score: int) -> str:
        return next(r.rank for r in self.solo_ranks if r.up_to is None or score <= r.up_to)
