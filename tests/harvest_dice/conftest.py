"""Fixtures for the Harvest Dice tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from playtest.library.loader import Library
from playtest.scorer.api import evaluate_file
from playtest.scorer.result import Result
from tests.harvest_dice.helpers import RECORDS
from tests.web.conftest import server  # noqa: F401 (its web tests)


@pytest.fixture
def evaluate(library: Library) -> Callable[[str], Result]:
    """Evaluate `records/<name>` against the real components."""
    return lambda name: evaluate_file(RECORDS / name, library)
