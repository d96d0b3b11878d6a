"""The rules a recorded Village Green position can break (records.md, VG-01..VG-06): one
violation per broken rule per place, naming the player and the cell or slot."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from playtest.scorer.games.village_green.cards import Catalogue, GreenCard, LoadedGame
from playtest.scorer.games.village_green.position import Board, Position, Stack
from playtest.scorer.games.village_green.tableau import (
    awards,
    cell_name,
    greens,
    left_slot_name,
    neighbours_match,
    top_slot_name,
    visible,
)
from playtest.scorer.mechanics.grid import adjacent_pairs
from playtest.scorer.result import Violation

Place = tuple[str, Stack, bool]  # where, the stack, whether it is a grid cell


def places(board: Board) -> Iterator[Place]:
    for c, stack in enumerate(board.top):
        yield top_slot_name(c), stack, False
    for r, stack in enumerate(board.left):
        yield left_slot_name(r), stack, False
    for r, row in enumerate(board.grid):
        for c, stack in enumerate(row):
            yield cell_name(r, c), stack, True


def violations(position: Position, game: LoadedGame) -> list[Violation]:
    found = duplicated_cards(position)
    dealt = any(stack for board in position.boards for _, stack, _ in places(board))
    for board in position.boards:
        found += misplaced_cards(board, position.catalogue)
        if dealt:  # a table without a single card is the set-up before the deal
            found += empty_top_slots(board, position.catalogue)
        found += unmatched_neighbours(board, position.catalogue)
        found += covered_green_cards(board, position.catalogue)
        if position.variant == "solo":
            found += covered_awards_solo(board, position.catalogue)
    return sorted(found, key=lambda v: v.code)  # stable: players and places keep their order


def duplicated_cards(position: Position) -> list[Violation]:
    """VG-01: a card appears more often than it has copies."""
    seen: Counter[str] = Counter()
    first: dict[str, str] = {}
    out = []
    for board in position.boards:
        for where, stack, _ in places(board):
            repeated = []
            for cid in stack:
                seen[cid] += 1
                first.setdefault(cid, f"{board.player}'s {where}")
                copies = position.catalogue.copies[cid]
                if seen[cid] > copies:
                    repeated.append(
                        f"{cid} is already at {first[cid]} "
                        f"({plural(copies, 'copy', 'copies')} in the game)"
                    )
            if repeated:
                out.append(Violation("VG-01", board.player, where, "; ".join(repeated)))
    return out


def misplaced_cards(board: Board, catalogue: Catalogue) -> list[Violation]:
    """VG-02: awards only in award slots, green cards only in the grid."""
    out = []
    for where, stack, in_grid in places(board):
        if in_grid and (wrong := [a.id for a in awards(stack, catalogue)]):
            out.append(
                Violation(
                    "VG-02",
                    board.player,
                    where,
                    f"award {', '.join(wrong)} in the grid: awards go in the award slots",
                )
            )
        if not in_grid and (wrong := [g.id for g in greens(stack, catalogue)]):
            out.append(
                Violation(
                    "VG-02",
                    board.player,
                    where,
                    f"green card {', '.join(wrong)} in an award slot: green cards go in the grid",
                )
            )
    return out


def empty_top_slots(board: Board, catalogue: Catalogue) -> list[Violation]:
    """VG-03: the top award slots are dealt at set-up, so once any card is on the table
    (the deal is done) none is ever empty."""
    return [
        Violation(
            "VG-03",
            board.player,
            top_slot_name(c),
            "no award here, but every top award slot is dealt one at set-up",
        )
        for c, stack in enumerate(board.top)
        if not awards(stack, catalogue)
    ]


def unmatched_neighbours(board: Board, catalogue: Catalogue) -> list[Violation]:
    """VG-04: orthogonal neighbours (both showing flowers) share the flower or the colour."""
    grid = visible(board, catalogue).grid
    out = []
    for (r1, c1), (r2, c2) in adjacent_pairs(len(grid), len(grid[0]) if grid else 0):
        a, b = grid[r1][c1], grid[r2][c2]
        if not neighbours_match(a, b):
            assert a is not None and b is not None
            out.append(
                Violation(
                    "VG-04",
                    board.player,
                    f"{cell_name(r1, c1)} and row {r2 + 1}, column {c2 + 1}",
                    f"{_flower(a)} next to {_flower(b)}: they share neither flower nor colour",
                )
            )
    return out


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else words or word + 's'}"


def _flower(card: GreenCard) -> str:
    return f"{card.colour} {card.flower} {card.id}"


def covered_green_cards(board: Board, catalogue: Catalogue) -> list[Violation]:
    """VG-05: only lawns are covered, except one card covered by the village action."""
    out = []
    allowed_at: str | None = None
    for r, row in enumerate(board.grid):
        for c, stack in enumerate(row):
            covered = [g for g in greens(stack, catalogue)[:-1] if not g.is_lawn]
            broken = []
            for card in covered:
                if board.village_face_up:
                    broken.append(
                        f"{card.describe()} is covered, but only a lawn may be "
                        "covered unless the village card is flipped"
                    )
                elif allowed_at is None:
                    allowed_at = cell_name(r, c)
                else:
                    broken.append(
                        f"{card.describe()} is covered, but the flipped village card "
                        f"lets only one non-lawn card be covered ({allowed_at})"
                    )
            if broken:
                out.append(Violation("VG-05", board.player, cell_name(r, c), "; ".join(broken)))
    return out


def covered_awards_solo(board: Board, catalogue: Catalogue) -> list[Violation]:
    """VG-06: in solo an award covers another only when placed for a structure."""
    structures = sum(
        card.feature == "structure"
        for row in board.grid
        for stack in row
        for card in greens(stack, catalogue)
    )
    covered_total = sum(
        len(awards(stack, catalogue)[:-1]) for _, stack, in_grid in places(board) if not in_grid
    )
    out = []
    allowed = structures
    for where, stack, in_grid in places(board):
        if in_grid:
            continue
        broken = []
        for award in awards(stack, catalogue)[:-1]:
            if allowed > 0:
                allowed -= 1
            else:
                broken.append(award.id)
        if broken:
            verb = "is" if len(broken) == 1 else "are"
            out.append(
                Violation(
                    "VG-06",
                    board.player,
                    where,
                    f"{', '.join(broken)} {verb} covered: in solo an award may cover another only "
                    f"when placed for a structure ({plural(covered_total, 'covered award')}, "
                    f"{plural(structures, 'structure')} in the grid)",
                )
            )
    return out
