"""What the shared protocol suite needs of each game, given by the game's own tests: a
`protocol_case.py` in its test package (tests/<package>/) defining `CASE`. The suite runs over
the registered games and fails for one that has no case."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class ProtocolCase:
    game: str
    legal: str  # a legal example record under examples/<game>/
    illegal: str  # an example that breaks rules
    retyped: Callable[[dict[str, Any]], None]  # types the record's ids in another case


def protocol_cases() -> dict[str, ProtocolCase]:
    """Every game's case, by game id, found in the test packages."""
    found: dict[str, ProtocolCase] = {}
    for path in sorted(TESTS.glob("*/protocol_case.py")):
        case = importlib.import_module(f"tests.{path.parent.name}.protocol_case").CASE
        found[case.game] = case
    return found
