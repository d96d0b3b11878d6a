"""`--compare rules.path=v1,v2`: the same games (same seeds) under each value, and every
measure's difference from the first value with a 95 % paired bootstrap interval."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from playtest.core.errors import InputError
from playtest.lab.metrics import scalar_metrics
from playtest.lab.play import GameOutcome

RESAMPLES = 200


def variants(item: str) -> list[str]:
    """`rules.pig.row_points.0=1,3` -> the `--set` items `...=1` and `...=3`."""
    path, sep, values = item.partition("=")
    choices = [v.strip() for v in values.split(",")] if sep else []
    if len(choices) < 2 or not all(choices) or not path.strip():
        raise InputError.one(
            "playtest", None, "--compare", f"{item!r}: expected KEY.PATH=VALUE1,VALUE2[,...]"
        )
    return [f"{path.strip()}={value}" for value in choices]


def differences(
    base: Sequence[GameOutcome], other: Sequence[GameOutcome], seed: int = 0
) -> dict[str, dict[str, Any]]:
    """other - base for each single-number measure; games are paired by index (same seeds)."""
    first, second = scalar_metrics(base), scalar_metrics(other)
    rng = random.Random(seed)
    n = min(len(base), len(other))
    draws: dict[str, list[float]] = {key: [] for key in first}
    resamples = RESAMPLES if n <= 5000 else RESAMPLES // 4  # bounded cost on long runs
    for _ in range(resamples if n else 0):
        picks = [rng.randrange(n) for _ in range(n)]
        a = scalar_metrics([base[i] for i in picks])
        b = scalar_metrics([other[i] for i in picks])
        for key in draws:
            draws[key].append(b[key] - a[key])
    out = {}
    for key in first:
        ordered = sorted(draws[key])
        low = ordered[int(0.025 * len(ordered))] if ordered else 0.0
        high = ordered[min(len(ordered) - 1, int(0.975 * len(ordered)))] if ordered else 0.0
        out[key] = {
            "base": first[key],
            "value": second[key],
            "difference": second[key] - first[key],
            "ci": (low, high),
        }
    return out
