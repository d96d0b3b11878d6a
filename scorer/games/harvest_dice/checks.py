"""Rules a recorded position must keep, HD-02..HD-06 (records.md). HD-07 is in accounting.py.

Each check yields one violation per broken rule per place; market checks read the first
player's markets (the ones the scores use) and name nobody when the markets were typed once.
"""

from __future__ import annotations

from collections.abc import Iterator

from playtest.core.wording import plural
from playtest.scorer.games.harvest_dice.accounting import dice_accounting
from playtest.scorer.games.harvest_dice.position import Position
from playtest.scorer.games.harvest_dice.rules import LoadedGame, Rules
from playtest.scorer.games.harvest_dice.scoring import complete_pig_rows
from playtest.scorer.mechanics.grid import bits
from playtest.scorer.result import Violation


def violations(position: Position, game: LoadedGame) -> list[Violation]:
    rules: Rules = game.rules
    return [
        *disconnected_vegetables(position, rules),
        *pig_limits(position, rules),
        *market_limits(position, rules),
        *full_markets(position, rules),
        *end_of_game(position, rules),
        *dice_accounting(position, rules),
    ]


def disconnected_vegetables(position: Position, rules: Rules) -> Iterator[Violation]:
    """HD-02: every cell outside the largest patch of its vegetable (the first, if tied)."""
    for player in position.players:
        grid = player.garden.grid
        for vegetable, cells in zip(rules.vegetables, player.garden.masks, strict=True):
            patches = grid.patches(cells)
            if len(patches) < 2:
                continue
            main = max(patches, key=int.bit_count)
            for row, column in map(grid.cell, bits(cells & ~main)):
                yield Violation(
                    "HD-02",
                    player.name,
                    f"garden row {row + 1}, column {column + 1}",
                    f"{vegetable.name.lower()} is not connected to the other "
                    f"{vegetable.plural.lower()}",
                )


def pig_limits(position: Position, rules: Rules) -> Iterator[Violation]:
    """HD-03: the pen's circles, and one power per complete pig row."""
    pen = rules.pig
    circles = pen.circles
    for player in position.players:
        if not 0 <= player.pig <= circles:
            yield Violation(
                "HD-03",
                player.name,
                "pig pen",
                f"{plural(player.pig, 'circle')} crossed (expected 0 to {circles})",
            )
        unlocked = complete_pig_rows(player.pig, pen)
        if not 0 <= player.powers_used <= unlocked:
            yield Violation(
                "HD-03",
                player.name,
                "pig powers",
                f"{plural(player.powers_used, 'power')} used (expected 0 to {unlocked}: "
                "one per complete pig row)",
            )


def market_limits(position: Position, rules: Rules) -> Iterator[Violation]:
    """HD-04: each market between its pre-printed crosses and full; every sheet agrees."""
    start = rules.markets.start_crosses[position.variant]
    circles = rules.markets.circles
    for vegetable in rules.vegetables:
        crossed = position.markets[vegetable.id]
        if not start <= crossed <= circles:
            yield Violation(
                "HD-04",
                position.markets_owner,
                f"{vegetable.name.lower()} market",
                f"{plural(crossed, 'circle')} crossed (expected {start} to {circles} on the "
                f"{position.variant} sheet)",
            )
    first = position.players[0]
    for player in position.players[1:]:
        if player.markets is first.markets:
            continue  # typed once for the game: every sheet shows the same
        for vegetable in rules.vegetables:
            mine, theirs = player.markets[vegetable.id], first.markets[vegetable.id]
            if mine != theirs:
                yield Violation(
                    "HD-04",
                    player.name,
                    f"{vegetable.name.lower()} market",
                    f"{plural(mine, 'circle')} crossed, but {first.name}'s sheet shows "
                    f"{theirs} (every sheet crosses the same market circles)",
                )


def full_markets(position: Position, rules: Rules) -> Iterator[Violation]:
    """HD-05: one market circle is crossed per round, and the first full market ends the game."""
    full = [
        v.name.lower() for v in rules.vegetables if position.markets[v.id] >= rules.markets.circles
    ]
    if len(full) > 1:
        yield Violation(
            "HD-05",
            position.markets_owner,
            "markets",
            f"the {_listed(full, 'and')} markets are full, but only one market "
            "circle is crossed per round and the first full market ends the game",
        )


def end_of_game(position: Position, rules: Rules) -> Iterator[Violation]:
    """HD-06: a final position shows what ended the game; a round's end shows nothing that would."""
    triggers = list(_end_triggers(position, rules))
    if position.final and not triggers:
        wanted = _listed([f"a {t.replace('_', ' ')}" for t in rules.end_triggers], "or")
        yield Violation(
            "HD-06",
            None,
            "game end",
            f"the record says final: true, but nothing ended the game (expected {wanted})",
        )
    if not position.final and not any(p.this_round for p in position.players):
        # (a position mid-round: the game ends only when the round does)
        for who, where, what in triggers:
            yield Violation(
                "HD-06",
                who,
                where,
                f"{what}, which ends the game, but the record says final: false",
            )


def _end_triggers(position: Position, rules: Rules) -> Iterator[tuple[str | None, str, str]]:
    """(player named, place, what happened) for every end trigger the position shows."""
    full_garden, full_pig = "full_garden" in rules.end_triggers, "full_pig" in rules.end_triggers
    circles = rules.pig.circles
    for player in position.players:
        if full_garden and player.garden.is_full:
            yield player.name, "garden", "the garden is full"
        if full_pig and player.pig >= circles:
            yield player.name, "pig pen", "the pig is full"
    if "full_market" in rules.end_triggers:
        for vegetable in rules.vegetables:
            if position.markets[vegetable.id] >= rules.markets.circles:
                name = vegetable.name.lower()
                yield position.markets_owner, f"{name} market", f"the {name} market is full"


def _listed(items: list[str], conjunction: str) -> str:
    """["a", "b", "c"] -> "a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {conjunction} {items[-1]}"
