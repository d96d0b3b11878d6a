"""HD-07, dice accounting: the dice a seat took must be planted or fed to the pig.

Rounds R = market circles crossed beyond the pre-printed ones (one die is left over per round;
markets outside their range, HD-04, are clamped). A seat's dice over R rounds follow the seat
order and the rotating start player (`round.dice_taken`). Every taken die is planted or fed, so
fed = taken - planted, and each fed die crosses between the fewest and most pips of a die.
Pig powers change a die's value (within the die's faces) or colour, never the number of dice,
so they do not change these bounds. Pips beyond a full pig are lost: a full pig only needs
enough dice fed to reach it.
"""

from __future__ import annotations

from collections.abc import Iterator

from playtest.core.per_object import per_object
from playtest.core.wording import plural
from playtest.scorer.games.harvest_dice.position import Position
from playtest.scorer.games.harvest_dice.rules import Rules
from playtest.scorer.mechanics.turn_order import taken_per_seat
from playtest.scorer.result import Violation


def rounds_played(position: Position, rules: Rules) -> int:
    start = rules.markets.start_crosses[position.variant]
    circles = rules.markets.circles
    crossed = sum(min(max(n, start), circles) - start for n in position.markets.values())
    return crossed // rules.round.left_for_market


def dice_taken(position: Position, rules: Rules) -> list[int]:
    """Dice each seat took, in seat order."""
    return _taken(position, rules, rounds_played(position, rules))


def _taken(position: Position, rules: Rules, rounds: int) -> list[int]:
    return taken_per_seat(rounds, rules.round.dice_taken[len(position.players)])


def dice_accounting(position: Position, rules: Rules) -> Iterator[Violation]:
    rounds = rounds_played(position, rules)
    fewest, most, full = _pips_and_pen(rules)
    for player, ended in zip(position.players, _taken(position, rules, rounds), strict=True):
        taken = ended + player.this_round  # a position mid-round: that round's dice too
        planted = player.garden.planted
        if planted > taken:
            yield Violation(
                "HD-07",
                player.name,
                "garden",
                f"{plural(planted, 'vegetable')} planted, but this seat took only "
                f"{plural(taken, 'die', 'dice')} "
                f"in {_rounds(rounds, player.this_round)}",
            )
            continue  # nothing is left to feed the pig: the pig check would repeat this one
        fed = taken - planted
        if player.pig >= full and fed * most < full:
            yield Violation(
                "HD-07",
                player.name,
                "pig pen",
                f"a full pig needs at least {plural(-(-full // most), 'die', 'dice')} fed, "
                f"but only "
                f"{_fed(fed, taken, _rounds(rounds, player.this_round), planted)}",
            )
        elif 0 <= player.pig < full and not fed * fewest <= player.pig <= fed * most:
            yield Violation(
                "HD-07",
                player.name,
                "pig pen",
                f"{plural(player.pig, 'circle')} crossed, but "
                f"{_fed(fed, taken, _rounds(rounds, player.this_round), planted)} "
                f"{'crosses' if fed == 1 else 'cross'} "
                f"{fed * fewest} "
                f"to {fed * most}",
            )


@per_object
def _pips_and_pen(rules: Rules) -> tuple[int, int, int]:
    """The fewest and most pips of a die, and the circles of a full pig (worked out once per
    rules object: the dice's are worked out from its faces at every call)."""
    return rules.dice.fewest_pips, rules.dice.most_pips, rules.pig.circles


def _rounds(rounds: int, this_round: int) -> str:
    ended = plural(rounds, "round")
    return f"{ended} and {this_round} in the round under way" if this_round else ended


def _fed(fed: int, taken: int, rounds: str, planted: int) -> str:
    return f"{plural(fed, 'die', 'dice')} fed ({taken} taken in {rounds}, {planted} planted)"
