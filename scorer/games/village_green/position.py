"""A Village Green position: every player's board, as the checks and the scoring read it."""

from __future__ import annotations

from dataclasses import dataclass

from playtest.scorer.games.village_green.cards import Catalogue

Stack = tuple[str, ...]  # card ids, bottom first; () is an empty slot


@dataclass(frozen=True)
class Board:
    player: str
    village_face_up: bool
    top: tuple[Stack, ...]  # award slots above columns 1..n
    left: tuple[Stack, ...]  # award slots left of rows 1..n
    grid: tuple[tuple[Stack, ...], ...]  # rows top to bottom


@dataclass(frozen=True)
class Position:
    variant: str
    boards: tuple[Board, ...]
    catalogue: Catalogue
