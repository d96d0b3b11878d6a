"""Shared fixtures: the installed game library and a CLI runner that never hides a traceback."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from playtest.cli import main
from playtest.loader import Library, load_library

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def library() -> Library:
    return load_library()


@pytest.fixture
def run_cli() -> Callable[..., Result]:
    """Run `playtest ARGS...`; an unexpected exception fails the test instead of exiting."""

    def run(*args: str, input: str | None = None) -> Result:
        result = CliRunner().invoke(main, [str(a) for a in args], input=input)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        assert "Traceback" not in result.output
        return result

    return run
