"""Rounds with a rotating start player: how much each seat took over a number of rounds."""

from __future__ import annotations

from collections.abc import Sequence


def taken_per_seat(rounds: int, takes_in_turn_order: Sequence[int]) -> list[int]:
    """Totals per seat after `rounds` rounds.

    Seat 0 starts the first round and the start passes one seat clockwise each round; in a round
    the seat at turn position p (0 = the start player) takes `takes_in_turn_order[p]`.
    """
    seats = len(takes_in_turn_order)
    if seats == 0 or rounds <= 0:
        return [0] * seats
    cycles, rest = divmod(rounds, seats)
    totals = [cycles * sum(takes_in_turn_order)] * seats  # every seat sat at every position
    for start in range(rest):
        for seat in range(seats):
            totals[seat] += takes_in_turn_order[(seat - start) % seats]
    return totals
