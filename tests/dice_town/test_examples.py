"""examples/dice-town/README.md shows real answers: every `$ playtest ...` block in it must be
exactly what the command prints today."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from tests.readme_blocks import assert_block_is_real, console_blocks

README = REPO / "examples" / "dice-town" / "README.md"
BLOCKS = console_blocks(README)
EXIT_CODES = {"check": {"illegal.yaml": 1}, "replay": {"log-illegal-2-players.yaml": 1}}


@pytest.mark.parametrize(("command", "shown"), BLOCKS, ids=[c for c, _ in BLOCKS])
def test_readme_output_is_real(
    run_cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, command: str, shown: str
) -> None:
    assert_block_is_real(run_cli, monkeypatch, command, shown, EXIT_CODES)


def test_every_example_is_shown() -> None:
    assert len(BLOCKS) == 9  # with the two game logs
    shown = {Path(c.split()[1]).name for c, _ in BLOCKS}
    assert shown == {p.name for p in README.parent.glob("*.yaml")}
