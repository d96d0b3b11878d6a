"""Kits of the mini game in several print set-ups, built once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.build.conftest import build


@pytest.fixture(scope="session")
def kits(tmp_path_factory):
    made: dict[tuple, Path] = {}

    def kit(**overrides) -> Path:
        key = tuple(sorted(overrides.items()))
        if key not in made:
            made[key] = build(tmp_path_factory.mktemp("kit"), **overrides) / "mini-game-kit.pdf"
        return made[key]

    return kit


@pytest.fixture(scope="session")
def shipped_kit(tmp_path_factory):
    """The kit folder (PDF and SVG files, A4, the defaults) of a shipped game, built once."""
    import os

    from playtest.generator.kit import BuildRequest, build_kits

    from playtest import components
    from playtest.loader import load_library

    made: dict[str, Path] = {}

    def kit(game_id: str) -> Path:
        if game_id not in made:
            out = tmp_path_factory.mktemp("shipped")
            cwd = os.getcwd()
            os.chdir(out)
            try:
                request = BuildRequest.from_cli(
                    games=(game_id,), formats="pdf,svg", paper="a4", out_dir=Path("kits")
                )
                list(build_kits(load_library(components.ROOT), request, lambda _: None))
            finally:
                os.chdir(cwd)
            made[game_id] = out / "kits" / game_id
        return made[game_id]

    return kit
