"""What is visible on a board: the top green card of each grid cell and the top award of
each slot. Cards in the wrong kind of slot (VG-02) are left out, so a misplaced card neither
scores nor hides the card under it."""

from __future__ import annotations

from dataclasses import dataclass

from playtest.scorer.games.village_green.cards import AwardCard, Catalogue, GreenCard
from playtest.scorer.games.village_green.position import Board, Stack

Line = tuple[GreenCard | None, ...]  # the cells of one row or column; None = empty


def greens(stack: Stack, catalogue: Catalogue) -> tuple[GreenCard, ...]:
    return tuple(catalogue.green[cid] for cid in stack if cid in catalogue.green)


def awards(stack: Stack, catalogue: Catalogue) -> tuple[AwardCard, ...]:
    return tuple(catalogue.awards[cid] for cid in stack if cid in catalogue.awards)


@dataclass(frozen=True)
class Tableau:
    """One player's visible cards."""

    grid: tuple[Line, ...]  # rows top to bottom
    top: tuple[AwardCard | None, ...]  # award above each column
    left: tuple[AwardCard | None, ...]  # award left of each row

    def row(self, r: int) -> Line:
        return self.grid[r]

    def column(self, c: int) -> Line:
        return tuple(row[c] for row in self.grid)

    def visible_green_cards(self) -> int:
        return sum(card is not None for row in self.grid for card in row)


def visible(board: Board, catalogue: Catalogue) -> Tableau:
    def top_green(stack: Stack) -> GreenCard | None:
        found = greens(stack, catalogue)
        return found[-1] if found else None

    def top_award(stack: Stack) -> AwardCard | None:
        found = awards(stack, catalogue)
        return found[-1] if found else None

    return Tableau(
        grid=tuple(tuple(top_green(s) for s in row) for row in board.grid),
        top=tuple(top_award(s) for s in board.top),
        left=tuple(top_award(s) for s in board.left),
    )


def neighbours_match(a: GreenCard | None, b: GreenCard | None) -> bool:
    """Two orthogonal neighbours may lie side by side: one is empty or a lawn, or they share
    the flower or the colour (the rule a record is checked by and a placement must keep)."""
    if a is None or b is None or a.is_lawn or b.is_lawn:
        return True
    return a.flower == b.flower or a.colour == b.colour


def cell_name(r: int, c: int) -> str:
    return f"grid row {r + 1}, column {c + 1}"


def top_slot_name(c: int) -> str:
    return f"award slot above column {c + 1}"


def left_slot_name(r: int) -> str:
    return f"award slot left of row {r + 1}"
