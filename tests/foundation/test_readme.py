"""The README's promises: the Quick start is exactly what CI runs (its worked example of
adding a card is one game's, tested in that game's folder)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text()


def quick_start() -> list[str]:
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block
    return [line for line in block.group(1).splitlines() if line.strip()]


def ci_commands() -> list[str]:
    """The commands `.ci/run` runs, in order (not its comments, options or `cd`)."""
    lines = (REPO / ".ci" / "run").read_text().splitlines()
    return [
        line
        for line in lines
        if line.strip() and not line.startswith(("#", "set ", 'cd "$(dirname'))
    ]


def test_ci_runs_the_quick_start_then_lint_format_types_and_imports_only() -> None:
    """Issue 23: CI installs nothing of its own; what a new user runs is what CI runs."""
    commands = quick_start()
    assert len(commands) == 2
    assert ci_commands() == [
        *commands,
        ".venv/bin/ruff check .",
        ".venv/bin/ruff format --check .",
        ".venv/bin/python .ci/typecheck.py",
        ".venv/bin/python .ci/imports.py",
    ]


def test_the_second_command_installs_the_browser_and_measures_coverage() -> None:
    second = quick_start()[1]
    assert ".venv/bin/python tests/setup_browser.py" in second
    assert second.endswith("-m pytest -n auto --cov")
    assert "fail_under = 85" in (REPO / "pyproject.toml").read_text()
