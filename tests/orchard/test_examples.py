"""examples/orchard/README.md shows real answers: every `$ playtest ...` block in it must be
exactly what the command prints today, with its exit code, and every example is shown."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from tests.readme_blocks import assert_block_is_real, console_blocks

README = REPO / "examples" / "orchard" / "README.md"
BLOCKS = console_blocks(README)
EXIT_CODES = {"check": {"illegal.yaml": 1}}


@pytest.mark.parametrize(("command", "shown"), BLOCKS, ids=[c for c, _ in BLOCKS])
def test_readme_output_is_real(
    run_cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, command: str, shown: str
) -> None:
    assert_block_is_real(run_cli, monkeypatch, command, shown, EXIT_CODES)


def test_every_example_is_shown_and_legal_or_said_not_to_be() -> None:
    shown = {Path(c.split()[1]).name for c, _ in BLOCKS if c.split()[1].endswith(".yaml")}
    assert shown == {p.name for p in README.parent.glob("*.yaml")}
    assert len(BLOCKS) == 3  # the fields, a score, a check
