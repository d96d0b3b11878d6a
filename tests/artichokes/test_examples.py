"""The examples' README shows real output: every `$ playtest ...` in it is run and compared."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from playtest.scorer.games.artichokes.checks import CODES

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples" / "abandon-all-artichokes"
README = (EXAMPLES / "README.md").read_text()


def shown_commands() -> list[tuple[str, str]]:
    """(command, output) for every command in the README's console blocks."""
    found = []
    for block in re.findall(r"```console\n(.*?)```", README, re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            found.append((command, output))
    return found


@pytest.mark.parametrize(("command", "output"), shown_commands())
def test_readme_output_is_real(
    run_cli: Any, monkeypatch: pytest.MonkeyPatch, command: str, output: str
) -> None:
    monkeypatch.chdir(REPO)
    program, *args = shlex.split(command)
    assert program == "playtest"
    assert run_cli(*args).output == output


def test_readme_shows_every_example_and_code() -> None:
    commands = " ".join(c for c, _ in shown_commands())
    for name in ("mid-game.yaml", "won.yaml", "illegal.yaml"):
        assert f"examples/abandon-all-artichokes/{name}" in commands
    assert re.findall(r"^\| (AA-\d\d) \|", README, re.M) == list(CODES)


@pytest.mark.parametrize(
    ("name", "exit_code", "winners"),
    [("mid-game.yaml", 0, []), ("won.yaml", 0, ["Ben"]), ("illegal.yaml", 1, [])],
)
def test_example_verdicts(run_cli: Any, name: str, exit_code: int, winners: list[str]) -> None:
    result = run_cli("check", "--json", EXAMPLES / name)
    assert result.exit_code == exit_code
    assert json.loads(result.output)["winners"] == winners
