"""Helpers for the Harvest Dice tests: the record files, and records built in Python."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import yaml

from playtest.core.yamlsource import parse_document
from playtest.library.loader import Library
from playtest.scorer.api import evaluate_document
from playtest.scorer.result import Result

RECORDS = Path(__file__).resolve().parent / "records"


def record_text(
    gardens: Sequence[Sequence[str]],
    *,
    variant: str = "basic",
    final: bool = True,
    markets: dict[str, int] | None = None,
    pigs: Sequence[int] | None = None,
) -> str:
    players = [
        {"name": f"P{i + 1}", "garden": list(rows), "pig": (pigs or [0] * 9)[i]}
        for i, rows in enumerate(gardens)
    ]
    return yaml.safe_dump(
        {
            "game": "harvest-dice",
            "variant": variant,
            "final": final,
            "markets": markets or {"lettuce": 6, "tomato": 1, "carrot": 1},
            "players": players,
        },
        sort_keys=False,
    )


def evaluate_text(text: str, library: Library) -> Result:
    doc = parse_document(text.encode(), Path("record.yaml"), "record.yaml")
    return evaluate_document(doc, library)


def codes(result: Result) -> list[tuple[str, str | None, str]]:
    return [(v.code, v.player, v.where) for v in result.violations]
