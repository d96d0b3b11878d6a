"""What the log says about a game at one kit version, computed over any game's results (no
game is named here): win rates by seat and by turn order per player count, with confidence
intervals, the score distribution, the average breakdown, and the cards or awards winners
held."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from playtest.log.entries import LoggedGame

Z95 = 1.959964  # two-sided 95 %


@dataclass(frozen=True)
class Rate:
    label: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass(frozen=True)
class SeatTable:
    """The games of one player count: a seat's share of wins means something only against
    the tables of the same size (an even share is 1 in 2 at two, 1 in 4 at four)."""

    players: int
    games: int
    by_seat: list[Rate]
    by_turn_order: list[Rate]  # seats counted from the start player


@dataclass(frozen=True)
class GameStats:
    games: int
    seats: list[SeatTable]  # by player count, fewest first
    totals: list[int]
    winning_totals: list[int]
    breakdown: dict[str, float]  # average points per player per category
    winner_cards: list[tuple[str, int]]  # card id, games its holder won with it
    card_names: dict[str, str]


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval: sensible at 0 %, 100 % and for the few games of a playtest
    (where the normal approximation gives intervals outside 0..1)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def game_stats(
    entries: Iterable[LoggedGame], card_names: dict[str, str], category: Callable[[str], str] = str
) -> GameStats:
    """A winner is anyone sharing first place. Rule-breaking games count like the others (the
    history page marks them). `category` names the scoring category a breakdown line counts
    in (a game whose lines name one card in one place groups them, e.g. by the place); the
    average is per player, a category a player did not score counting 0."""
    entries = list(entries)
    # (player count, seat) -> wins, games
    seat_wins: Counter[tuple[int, int]] = Counter()
    seat_games: Counter[tuple[int, int]] = Counter()
    order_wins: Counter[tuple[int, int]] = Counter()
    order_games: Counter[tuple[int, int]] = Counter()
    tables: Counter[int] = Counter()
    totals: list[int] = []
    winning: list[int] = []
    sums: dict[str, float] = {}
    players_seen = 0
    held: Counter[str] = Counter()
    for entry in entries:
        players = entry.players
        winners = set(entry.winners)
        seats = len(players)
        tables[seats] += 1
        record_players = entry.record.get("players") if isinstance(entry.record, dict) else None
        for seat, player in enumerate(players):
            won = player["name"] in winners
            order = (seat - entry.start_seat) % seats
            seat_games[seats, seat] += 1
            order_games[seats, order] += 1
            seat_wins[seats, seat] += won
            order_wins[seats, order] += won
            total = player.get("total")
            if isinstance(total, int):
                totals.append(total)
                if won:
                    winning.append(total)
            for key, value in (player.get("breakdown") or {}).items():
                if isinstance(value, int | float):
                    name = category(key)
                    sums[name] = sums.get(name, 0.0) + value
            players_seen += 1
            if won and isinstance(record_players, list) and seat < len(record_players):
                held.update(set(_card_ids(record_players[seat], card_names)))
    return GameStats(
        games=len(entries),
        seats=[
            SeatTable(
                players=n,
                games=tables[n],
                by_seat=[
                    Rate(f"seat {s + 1}", seat_wins[n, s], seat_games[n, s]) for s in range(n)
                ],
                by_turn_order=[
                    Rate(
                        "start player" if o == 0 else f"{ordinal(o + 1)} in turn",
                        order_wins[n, o],
                        order_games[n, o],
                    )
                    for o in range(n)
                ],
            )
            for n in sorted(tables)
        ],
        totals=totals,
        winning_totals=winning,
        breakdown={k: sums[k] / players_seen for k in sums} if players_seen else {},
        winner_cards=held.most_common(),
        card_names=card_names,
    )


def _card_ids(value: Any, known: dict[str, str]) -> Iterable[str]:
    """Every card id in a player's part of a record, in whatever shape the game writes it:
    a string, a list or a stack, or a mapping of card to copies."""
    if isinstance(value, str):
        if value in known:
            yield value
    elif isinstance(value, list):
        for item in value:
            yield from _card_ids(item, known)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in known and isinstance(item, int) and not isinstance(item, bool):
                if item > 0:
                    yield key
            elif key != "name":
                yield from _card_ids(item, known)
