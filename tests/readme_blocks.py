"""An example folder's README shows real answers: its ```console blocks (`$ playtest ...` and
what that prints), each run from the repository's root and compared with what it prints today,
with its exit code. Shared by the games' example tests."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import REPO


def console_blocks(readme: Path) -> list[tuple[str, str]]:
    """(the command after `playtest`, what it prints) of every console block."""
    return re.findall(r"```console\n\$ playtest (.+?)\n(.*?)\n```", readme.read_text(), re.S)


def assert_block_is_real(
    run_cli: Callable[..., Any],
    monkeypatch: Any,
    command: str,
    shown: str,
    exit_codes: dict[str, dict[str, int]],
) -> None:
    """The command prints exactly `shown` and exits with the code `exit_codes` gives its
    command and file (0 when it names none)."""
    monkeypatch.chdir(REPO)
    args = command.split()
    result = run_cli(*args)
    assert result.output.rstrip("\n") == shown
    assert result.exit_code == exit_codes.get(args[0], {}).get(Path(args[1]).name, 0)
