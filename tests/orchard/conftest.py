"""Orchard's tests (the game scored only by YAML, no Python: components/orchard): a components
folder holding it (the phone in Chromium for its web page is tests/browser.py's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import make_components


@pytest.fixture
def orchard(tmp_path: Path) -> Path:
    root = make_components(tmp_path, "orchard", mini=False)
    return root


@pytest.fixture(scope="module")
def run_cli_once():
    """`playtest ARGS...` in this process, for property tests (one runner per module)."""
    from click.testing import CliRunner

    from playtest.cli import main

    def run(*args: object):
        result = CliRunner().invoke(main, [str(a) for a in args])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result

    return run
