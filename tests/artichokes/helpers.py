"""Shared by the Abandon All Artichokes tests: records as data, evaluated like the CLI does."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from playtest.core.yamlsource import Document, load_document
from playtest.library.loader import Library
from playtest.scorer.api import evaluate_document
from playtest.scorer.result import Result

RECORDS = Path(__file__).resolve().parent / "records"


def load_record(name: str) -> dict[str, Any]:
    """A record file's data, to change one thing in a test."""
    return copy.deepcopy(load_document(RECORDS / name).data)


def evaluate(data: dict[str, Any], library: Library) -> Result:
    return evaluate_document(Document(Path("test.yaml"), "test.yaml", data), library)


def codes(result: Result) -> list[str]:
    return [v.code for v in result.violations]


def player(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in data["players"] if p["name"] == name)
