"""Shared by the Dice Town tests: where the records are, and ways to read answers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playtest.core.yamlsource import parse_document
from playtest.library.loader import Library
from playtest.scorer.api import evaluate_document
from playtest.scorer.result import Result

RECORDS = Path(__file__).resolve().parent / "records"


def by_location(reply: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["location"]: entry for entry in reply["locations"]}


def evaluate_text(text: str, library: Library, name: str = "record.yaml") -> Result:
    """Evaluate a record given as YAML text, as if read from `name`."""
    return evaluate_document(parse_document(text.encode(), Path(name), name), library)


def codes(result: Result) -> list[tuple[str, str | None, str]]:
    return [(v.code, v.player, v.where) for v in result.violations]
