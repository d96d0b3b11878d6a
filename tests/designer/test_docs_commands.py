"""Issue 13: after Quick start, the README's commands work as written: the environment is
activated once (so `playtest` is found), and every `playtest ...` line of its shell blocks runs
without an input error (check exits 1 on an illegal record: that is its answer)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.conftest import REPO

README = (REPO / "README.md").read_text()
AFTER_QUICK_START = README.split("## Quick start", 1)[1]


def shell_blocks() -> list[list[str]]:
    """The `playtest ...` lines of each shell block after Quick start (a block's lines run in
    order, in one folder: `new` then `build`)."""
    blocks = []
    for block in re.findall(r"```sh\n(.*?)```", AFTER_QUICK_START, re.S):
        lines = [line.split("  #", 1)[0].strip() for line in block.splitlines()]
        lines = [line for line in lines if line.startswith("playtest ")]
        if lines:
            blocks.append(lines)
    return blocks


def test_the_environment_is_activated_right_after_quick_start() -> None:
    section = AFTER_QUICK_START.split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    assert blocks[1].strip() == ". .venv/bin/activate"
    assert shell_blocks(), "no playtest commands found in the README?"


@pytest.mark.parametrize("block", shell_blocks(), ids=lambda b: b[0])
def test_every_readme_command_works_as_written(
    block: list[str], tmp_path: Path, run_cli, monkeypatch
) -> None:
    (tmp_path / "examples").symlink_to(REPO / "examples")
    monkeypatch.chdir(tmp_path)
    for line in block:
        args = shlex.split(line)[1:]
        if args[0] == "serve":  # a server runs until stopped: tests/web/test_serve_cli.py
            continue
        if args[0] == "simulate":  # the same command, on a few games (the last --games wins)
            args += ["--games", "4", "--workers", "1", "-q"]
        result = run_cli(*args)
        allowed = (0, 1) if args[0] == "check" else (0,)
        assert result.exit_code in allowed, (line, result.output)
