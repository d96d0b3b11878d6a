"""Kits of the mini game in several print set-ups, built once per session (the shipped games'
kits: `shipped_kit`, tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kits.mini_kit import build


@pytest.fixture(scope="session")
def kits(tmp_path_factory):
    made: dict[tuple, Path] = {}

    def kit(**overrides) -> Path:
        key = tuple(sorted(overrides.items()))
        if key not in made:
            made[key] = build(tmp_path_factory.mktemp("kit"), **overrides) / "mini-game-kit.pdf"
        return made[key]

    return kit
