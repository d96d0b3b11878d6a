"""Plays random but legal Village Green turns, to build tableaux the checks must accept."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from playtest.scorer.games.village_green.cards import Catalogue, GreenCard

SIZE = 3


@dataclass
class Area:
    name: str
    village_face_up: bool = True
    top: list[list[str]] = field(default_factory=lambda: [[] for _ in range(SIZE)])
    left: list[list[str]] = field(default_factory=lambda: [[] for _ in range(SIZE)])
    grid: list[list[list[str]]] = field(
        default_factory=lambda: [[[] for _ in range(SIZE)] for _ in range(SIZE)]
    )

    def to_record(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "village": "face-up" if self.village_face_up else "flipped",
            "top": [s or None for s in self.top],
            "left": [s or None for s in self.left],
            "grid": [[s or None for s in row] for row in self.grid],
        }


@dataclass
class Table:
    catalogue: Catalogue
    solo: bool
    areas: list[Area]
    greens: list[str]
    awards: list[str]

    def visible(self, area: Area, r: int, c: int) -> GreenCard | None:
        stack = area.grid[r][c]
        return self.catalogue.green[stack[-1]] if stack else None

    def fits(self, area: Area, r: int, c: int, card: GreenCard) -> bool:
        """Matches every visible orthogonal neighbour (lawns impose nothing)."""
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < SIZE and 0 <= nc < SIZE:
                other = self.visible(area, nr, nc)
                if other is None or other.is_lawn or card.is_lawn:
                    continue
                if other.flower != card.flower and other.colour != card.colour:
                    return False
        return True

    def spots(self, area: Area, card: GreenCard, *, village: bool) -> list[tuple[int, int]]:
        """Empty cells and lawns (normal placement), or non-lawn cards (village action)."""
        found = []
        for r in range(SIZE):
            for c in range(SIZE):
                under = self.visible(area, r, c)
                allowed = (
                    (under is not None and not under.is_lawn)
                    if village
                    else (under is None or under.is_lawn)
                )
                if allowed and self.fits(area, r, c, card):
                    found.append((r, c))
        return found

    def place_green(self, area: Area, choice: int, *, village: bool) -> None:
        if not self.greens:
            return
        card = self.catalogue.green[self.greens[-1]]
        spots = self.spots(area, card, village=village)
        if not spots:
            if not village:
                self.greens.pop()  # multiplayer: to the bottom of the deck; solo: not taken
            return
        self.greens.pop()
        if village:
            area.village_face_up = False
        r, c = spots[choice % len(spots)]
        area.grid[r][c].append(card.id)
        if card.feature == "structure":
            self.place_award(area, choice // 7, for_structure=True)

    def place_award(self, area: Area, choice: int, *, for_structure: bool = False) -> None:
        slots = area.top + area.left
        if self.solo and not for_structure:
            slots = [s for s in slots if not s]  # solo: awards cover awards only for structures
        if self.awards and slots:
            slots[choice % len(slots)].append(self.awards.pop())


def play(
    catalogue: Catalogue, players: int, moves: list[tuple[str, int]], rng: random.Random
) -> Table:
    greens, awards = list(catalogue.green), list(catalogue.awards)
    rng.shuffle(greens)
    rng.shuffle(awards)
    table = Table(
        catalogue, players == 1, [Area(f"P{i + 1}") for i in range(players)], greens, awards
    )
    for area in table.areas:
        area.top = [[table.awards.pop()] for _ in range(SIZE)]  # dealt at set-up
    for turn, (kind, choice) in enumerate(moves):
        area = table.areas[turn % players]
        if kind == "award":
            table.place_award(area, choice)
        elif kind == "village" and area.village_face_up:
            table.place_green(area, choice, village=True)
        else:
            table.place_green(area, choice, village=False)
    return table
