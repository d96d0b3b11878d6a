"""Helpers for Village Green tests: records written as YAML text (records.md)."""

from __future__ import annotations

from pathlib import Path

RECORDS = Path(__file__).parent / "records"
EMPTY_GRID = ("[., ., .]", "[., ., .]", "[., ., .]")


def record_text(*players: str, variant: str = "multiplayer") -> str:
    """A record from player blocks made by `player`."""
    return f"game: village-green\nvariant: {variant}\nplayers:\n" + "".join(players)


def player(
    name: str,
    top: str = "[A01, A02, A03]",
    left: str = "[null, null, null]",
    grid: tuple[str, str, str] = EMPTY_GRID,
    village: str = "face-up",
) -> str:
    rows = "".join(f"      - {row}\n" for row in grid)
    return (
        f"  - name: {name}\n    village: {village}\n    top: {top}\n    left: {left}\n"
        f"    grid:\n{rows}"
    )
