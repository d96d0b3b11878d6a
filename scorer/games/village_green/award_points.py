"""Points of one award over the cells of its row or column: the vocabulary documented in
`scorer/games/village_green/rules.py`, evaluated."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from playtest.scorer.games.village_green.cards import GreenCard
from playtest.scorer.games.village_green.rules import (
    AnyCondition,
    AwardScoring,
    Condition,
    CountCondition,
    CountSpec,
    PerTerm,
    SetsTerm,
    TableTerm,
    WhenTerm,
)
from playtest.scorer.games.village_green.tableau import Line

# a counted thing: a card, or one tree icon of a card (with the icon's species)
Thing = tuple[GreenCard, str | None]

CARD_MEASURES: dict[str, Callable[[GreenCard], bool]] = {
    "cards": lambda card: True,
    "flowers": lambda card: not card.is_lawn,
    "lawns": lambda card: card.feature == "lawn",
    "ponds": lambda card: card.feature == "pond",
    "structures": lambda card: card.feature == "structure",
    "tree_cards": lambda card: card.feature == "trees",
}


def attribute(thing: Thing, name: str) -> set[str]:
    """The values a thing shows for `name` (a lily tree card shows two species)."""
    card, icon = thing
    if name == "species":
        return {icon} if icon else set(card.trees)
    value = {"flower": card.flower, "colour": card.colour, "structure": card.structure}[name]
    return {value} if value else set()


def things(count: CountSpec, line: Line) -> list[Thing]:
    cards = [card for card in line if card is not None]
    if count.of == "trees":
        found: list[Thing] = [(card, species) for card in cards for species in card.trees]
    else:
        found = [(card, None) for card in cards if CARD_MEASURES[count.of](card)]
    wanted = count.filters()
    return [t for t in found if all(v in attribute(t, name) for name, v in wanted.items())]


def count_value(count: CountSpec, line: Line) -> int:
    if count.of == "empty":
        return sum(cell is None for cell in line)
    found = things(count, line)
    if count.distinct:
        return len(set().union(*(attribute(t, count.distinct) for t in found)))
    return len(found)


def complete_sets(term: SetsTerm, line: Line) -> int:
    found = things(term.sets, line)
    if term.same is None:
        return len(found) // term.size
    same = term.same
    groups = Counter(next(iter(attribute(t, same))) for t in found if attribute(t, same))
    return sum(n // term.size for n in groups.values())


def holds(condition: Condition, line: Line) -> bool:
    if isinstance(condition, AnyCondition):
        return any(holds(c, line) for c in condition.any)
    assert isinstance(condition, CountCondition)
    value = count_value(condition.count, line)
    if condition.equals is not None:
        return value == condition.equals
    low = condition.at_least if condition.at_least is not None else value
    high = condition.at_most if condition.at_most is not None else value
    return low <= value <= high


def award_points(scoring: AwardScoring, line: Line) -> int:
    total = 0
    for term in scoring.root:
        if isinstance(term, PerTerm):
            total += term.points * count_value(term.per, line)
        elif isinstance(term, SetsTerm):
            total += term.points * complete_sets(term, line)
        elif isinstance(term, TableTerm):
            total += term.points.get(count_value(term.table, line), 0)
        elif isinstance(term, WhenTerm) and all(holds(c, line) for c in term.when):
            total += term.points
    return total
