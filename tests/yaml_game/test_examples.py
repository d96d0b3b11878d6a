"""examples/orchard/README.md shows real answers: every `$ playtest ...` block in it must be
exactly what the command prints today, with its exit code, and every example is shown."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO

README = REPO / "examples" / "orchard" / "README.md"
BLOCKS = re.findall(r"```console\n\$ playtest (.+?)\n(.*?)\n```", README.read_text(), re.S)
EXIT_CODES = {"check": {"illegal.yaml": 1}}


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


def test_every_example_is_shown_and_legal_or_said_not_to_be() -> None:
    shown = {Path(c.split()[1]).name for c, _ in BLOCKS if c.split()[1].endswith(".yaml")}
    assert shown == {p.name for p in README.parent.glob("*.yaml")}
    assert len(BLOCKS) == 3  # the fields, a score, a check
