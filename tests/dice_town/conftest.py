"""Fixture for Dice Town tests: run a record through the CLI and read the JSON answer."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.web.conftest import server  # noqa: F401 (its web tests)

from .helpers import RECORDS


@pytest.fixture
def answer(run_cli: Callable[..., Any]) -> Callable[..., dict[str, Any]]:
    """`playtest score RECORD --json` on a file under records/, as parsed JSON (exit 0)."""

    def run(name: str, *options: str) -> dict[str, Any]:
        result = run_cli("score", RECORDS / name, "--json", *options)
        assert result.exit_code == 0, result.output
        return json.loads(result.output)

    return run
