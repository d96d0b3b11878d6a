"""Small helpers for messages people read."""

from __future__ import annotations


def plural(count: int, word: str, words: str | None = None) -> str:
    """`1 page`, `2 pages`; `words` for an irregular plural."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def player_range(fewest: int, most: int) -> str:
    """`1 player`, `2 players`, `2-4 players`: a range only where there is one."""
    if fewest == most:
        return plural(fewest, "player")
    return f"{fewest}-{most} players"
