"""Every rule a position can break, each with its code (documented in the examples' README).

A position is a snapshot after `phase`, the last step of `turn`'s turn that was done.
"""

from __future__ import annotations

from collections.abc import Iterator

from playtest.core.wording import plural
from playtest.scorer.games.artichokes.cards import (
    ARTICHOKE,
    RHUBARB_OPTION,
    CardKind,
    Catalogue,
    LoadedGame,
)
from playtest.scorer.games.artichokes.piles import Pile
from playtest.scorer.games.artichokes.position import PlayerZones, Position
from playtest.scorer.games.artichokes.rules import Rules
from playtest.scorer.result import Violation

CODES = {
    "AA-01": "each vegetable's copies are all somewhere (Garden Stack count included)",
    "AA-02": "Artichokes in play are artichokes_per_player for every player",
    "AA-03": "no Artichoke in the Garden Stack or Garden Row",
    "AA-04": "no Rhubarb card unless the Rhubarb promo is in",
    "AA-05": "the compost holds only Artichokes and cards that compost themselves",
    "AA-06": "the compost holds the Artichokes its composted cards took along",
    "AA-07": "Garden Row size: at most garden_row_size, one fewer per card harvested",
    "AA-08": "after replenishing the row is full unless the Garden Stack is empty",
    "AA-09": "the row never shows reshuffle_threshold cards of one vegetable (unless no deal "
    "from the row and stack could avoid it)",
    "AA-10": "no hand holds more cards than can have reached it in this phase",
    "AA-11": "after the discard step the current player's hand is empty",
    "AA-12": "after the draw a short hand means the deck and discard are both empty",
}

ALL_ZONES = "all zones"


def violations(position: Position, game: LoadedGame) -> tuple[Violation, ...]:
    cards, rules = game.catalogue, game.rules
    found = [
        *_conservation(position, cards),
        *_artichokes_in_play(position, cards, rules),
        *_garden_artichokes(position, cards),
        *_rhubarb_off(position, cards),
        *_compost(position, cards),
        *_garden_row(position, cards, rules),
        *_hands(position, rules),
    ]
    return tuple(found)


def stack_size(position: Position, cards: Catalogue) -> int:
    """Cards in the Garden Stack: typed, or (for `rest`) what the other zones leave over."""
    stack = position.garden_stack
    if stack.cards is not None:
        return stack.cards.size
    if stack.size is not None:
        return stack.size
    elsewhere = position.outside_stack()
    return sum(
        max(0, kind.copies - elsewhere.count(kind.vegetable))
        for kind in _garden_kinds(position, cards)
    )


def _garden_kinds(position: Position, cards: Catalogue) -> list[CardKind]:
    """The kinds the Garden Stack is made of: every card in play but the Artichokes."""
    return [k for k in cards.in_play(position.options) if k.vegetable != ARTICHOKE]


def _all_cards(position: Position) -> Pile:
    stack = position.garden_stack.cards
    return position.outside_stack() + (stack or Pile())


def _conservation(position: Position, cards: Catalogue) -> Iterator[Violation]:
    counted = _all_cards(position)
    exact = position.garden_stack.cards is not None
    kinds = _garden_kinds(position, cards)
    for kind in kinds:
        n = counted.count(kind.vegetable)
        if n > kind.copies or (exact and n < kind.copies):
            where = "the record" if exact else "the record outside the Garden Stack"
            yield Violation(
                "AA-01",
                None,
                ALL_ZONES,
                f"{_cards(n, kind)} in {where}; the game has {kind.copies}",
            )
    typed = position.garden_stack.size
    if typed is not None:
        others = sum(counted.count(k.vegetable) for k in kinds)
        expected = sum(k.copies for k in kinds) - others
        if typed != expected:
            yield Violation(
                "AA-01",
                None,
                "garden stack",
                f"holds {plural(typed, 'card')}, but the {sum(k.copies for k in kinds)} "
                f"non-Artichoke cards minus the {others} elsewhere leave "
                f"{max(expected, 0)}",
            )


def _artichokes_in_play(position: Position, cards: Catalogue, rules: Rules) -> Iterator[Violation]:
    n = _all_cards(position).count(ARTICHOKE)
    expected = rules.artichokes_per_player * len(position.players)
    if n != expected:
        yield Violation(
            "AA-02",
            None,
            ALL_ZONES,
            f"{_cards(n, cards.kind(ARTICHOKE))} in play; {len(position.players)} "
            f"players have {expected} ({rules.artichokes_per_player} each)",
        )


def _garden_artichokes(position: Position, cards: Catalogue) -> Iterator[Violation]:
    zones = (
        ("garden stack", position.garden_stack.cards or Pile()),
        ("garden row", position.garden_row),
    )
    for where, pile in zones:
        if pile.count(ARTICHOKE):
            yield Violation(
                "AA-03",
                None,
                where,
                f"{_cards(pile.count(ARTICHOKE), cards.kind(ARTICHOKE))}: "
                "Artichokes never enter the garden",
            )


def _zones(position: Position) -> Iterator[tuple[str | None, str, Pile]]:
    yield None, "garden stack", position.garden_stack.cards or Pile()
    yield None, "garden row", position.garden_row
    yield None, "compost", position.compost
    yield None, "set aside", position.set_aside
    for player in position.players:
        yield player.name, "deck", player.deck
        yield player.name, "hand", player.hand
        yield player.name, "discard", player.discard


def _rhubarb_off(position: Position, cards: Catalogue) -> Iterator[Violation]:
    switched_off = [k for k in cards.kinds if k.option and k.option not in position.options]
    for kind in switched_off:
        for player, where, pile in _zones(position):
            if pile.count(kind.vegetable):
                yield Violation(
                    "AA-04",
                    player,
                    where,
                    f"{_cards(pile.count(kind.vegetable), kind)}, but the "
                    f"{kind.option} promo is not in this game "
                    f"(`{RHUBARB_OPTION}: true` puts it in)",
                )


def _compost(position: Position, cards: Catalogue) -> Iterator[Violation]:
    compost = position.compost
    needed = 0
    for vegetable in compost.vegetables:
        kind = cards.kind(vegetable)
        if vegetable == ARTICHOKE:
            continue
        if not kind.composts_itself:
            yield Violation(
                "AA-05",
                None,
                "compost",
                f"{_cards(compost.count(vegetable), kind)}: a {kind.name} is never composted",
            )
        else:
            needed += compost.count(vegetable) * kind.composts_artichokes
    if compost.count(ARTICHOKE) < needed:
        took = " and ".join(
            _cards(compost.count(k.vegetable), k)
            for k in cards.kinds
            if k.composts_artichokes and k.composts_itself and compost.count(k.vegetable)
        )
        yield Violation(
            "AA-06",
            None,
            "compost",
            f"{_cards(compost.count(ARTICHOKE), cards.kind(ARTICHOKE))}, but "
            f"{took} took at least {needed} with them",
        )


def _garden_row(position: Position, cards: Catalogue, rules: Rules) -> Iterator[Violation]:
    row = position.garden_row
    harvested = rules.reached(position.phase, "harvest")
    # a row dealt during the play step (Rhubarb) is full until its own harvest is done
    due = min(position.harvest_due, rules.cards_harvested) if harvested else 0
    most = rules.garden_row_size - (rules.cards_harvested - due if harvested else 0)
    if row.size > most:
        after = " after the harvest" if harvested and not due else ""
        yield Violation(
            "AA-07", None, "garden row", f"{plural(row.size, 'card')}{after} (at most {most})"
        )
    if position.phase == "replenish" and row.size < rules.garden_row_size:
        left = stack_size(position, cards)
        if left:
            yield Violation(
                "AA-08",
                None,
                "garden row",
                f"{plural(row.size, 'card')} after replenishing to {rules.garden_row_size}, "
                f"but the Garden Stack still holds {left}",
            )
    too_many = [(v, n) for v, n in row.counts if n >= rules.reshuffle_threshold]
    if too_many and not _row_avoidable(position, cards, rules):
        return  # no deal could avoid it: the row stays as dealt (rules.stuck_row)
    for vegetable, n in too_many:
        yield Violation(
            "AA-09",
            None,
            "garden row",
            f"{_cards(n, cards.kind(vegetable))}: "
            f"{rules.reshuffle_threshold} of one vegetable send the row back "
            "into the stack",
        )


def _row_avoidable(position: Position, cards: Catalogue, rules: Rules) -> bool:
    """Whether some deal of a row from the row and the Garden Stack shows fewer than
    `reshuffle_threshold` of every vegetable (the stack's cards as typed, or what the other
    zones leave over)."""
    stack = position.garden_stack.cards
    if stack is None:
        elsewhere = position.outside_stack()
        stack = Pile.from_counts(
            {
                k.vegetable: max(0, k.copies - elsewhere.count(k.vegetable))
                for k in _garden_kinds(position, cards)
            }
        )
    pool = position.garden_row + stack
    size = min(rules.garden_row_size, pool.size)
    return sum(min(n, rules.reshuffle_threshold - 1) for _, n in pool.counts) >= size


def _hands(position: Position, rules: Rules) -> Iterator[Violation]:
    for player in position.players:
        if player.name != position.turn:
            yield from _hand_at_most(player, rules.hand_size, "between their turns")
    player = position.current
    phase = position.phase
    if rules.reached(phase, "draw"):
        yield from _hand_at_most(player, rules.hand_size, "after the draw")
        short = player.hand.size < rules.hand_size
        if short and (player.deck or player.discard):
            yield Violation(
                "AA-12",
                player.name,
                "hand",
                f"{plural(player.hand.size, 'card')} after drawing {rules.hand_size}, but the "
                f"deck holds {player.deck.size} and the discard {player.discard.size}",
            )
    elif rules.reached(phase, "discard"):
        if player.hand:
            yield Violation(
                "AA-11",
                player.name,
                "hand",
                f"{plural(player.hand.size, 'card')} after discarding every card in hand",
            )
    elif rules.reached(phase, "harvest"):
        yield from _hand_at_most(
            player, rules.hand_size + rules.cards_harvested, "after the harvest"
        )
    else:
        yield from _hand_at_most(player, rules.hand_size, "before the harvest")


def _cards(n: int, kind: CardKind) -> str:
    return f"{n} {kind.name} card{'' if n == 1 else 's'}"


def _hand_at_most(player: PlayerZones, most: int, when: str) -> Iterator[Violation]:
    if player.hand.size > most:
        yield Violation(
            "AA-10",
            player.name,
            "hand",
            f"{plural(player.hand.size, 'card')} {when} (at most {most})",
        )
