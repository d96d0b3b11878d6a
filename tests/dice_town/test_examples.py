"""examples/dice-town/README.md shows real answers: every `$ playtest ...` block in it must be
exactly what the command prints today."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
README = REPO / "examples" / "dice-town" / "README.md"
BLOCKS = re.findall(r"```console\n\$ playtest (.+?)\n(.*?)\n```", README.read_text(), re.S)
EXIT_CODES = {"check": {"illegal.yaml": 1}, "replay": {"log-illegal-2-players.yaml": 1}}


@pytest.mark.parametrize(("command", "shown"), BLOCKS, ids=[c for c, _ in BLOCKS])
def test_readme_output_is_real(
    run_cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, command: str, shown: str
) -> None:
    monkeypatch.chdir(REPO)
    args = command.split()
    result = run_cli(*args)
    assert result.output.rstrip("\n") == shown
    expected = EXIT_CODES.get(args[0], {}).get(Path(args[1]).name, 0)
    assert result.exit_code == expected


def test_every_example_is_shown() -> None:
    assert len(BLOCKS) == 9  # with the two game logs
    shown = {Path(c.split()[1]).name for c, _ in BLOCKS}
    assert shown == {p.name for p in README.parent.glob("*.yaml")}
