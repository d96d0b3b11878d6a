"""`playtest simulate`: a run, its measures, variants compared on the same seeds, the report."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from playtest import components as shipped
from playtest.core.wording import plural
from playtest.lab.compare import differences, variants
from playtest.lab.log_store import store_run
from playtest.lab.metrics import all_metrics
from playtest.lab.report import check_report_dir, write_report
from playtest.lab.runner import Progress, RunResult, RunSpec, run


@dataclass
class Simulation:
    base: RunResult
    metrics: dict[str, Any]
    compare: dict[str, Any] | None
    files: list[Path]
    logged: int = 0  # games stored in the playtest log

    @property
    def interrupted(self) -> bool:
        return self.base.interrupted


def simulate(
    spec: RunSpec,
    out: Path | None,
    compare: str | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
    said: Any = print,
    log: Path | None = None,
) -> Simulation:
    """`log`: the playtest log that keeps every finished game, marked simulated."""
    if out is not None:  # before any game is played
        check_report_dir(out, Path(spec.components) if spec.components else shipped.ROOT)
    if log is not None:
        spec = replace(spec, keep_records=True)
    base_spec = spec
    runs: list[RunResult] = []
    labels: list[str] = []
    if compare:
        labels = variants(compare)
        base_spec = replace(spec, sets=(*spec.sets, labels[0]))
        said(f"playing {labels[0]} (the base value): {plural(spec.games, 'game')}")
    base = run(base_spec, workers, scheduler, progress)
    runs.append(base)
    compared: dict[str, Any] | None = None
    if compare and not base.interrupted:
        compared = {"base": labels[0], "variants": {}}
        for label in labels[1:]:
            said(f"playing {label}: the same {plural(spec.games, 'game')} (same seeds)")
            other = run(replace(spec, sets=(*spec.sets, label)), workers, scheduler, progress)
            runs.append(other)
            if other.interrupted:
                base.interrupted = True
                break
            compared["variants"][label] = differences(base.outcomes, other.outcomes, spec.seed)
    metrics = all_metrics(base.outcomes) if base.outcomes else {}
    files: list[Path] = []
    if out is not None and base.outcomes:
        title = (
            f"Balance lab: {spec.game}, "
            f"{plural(spec.players, 'player')}, {plural(len(base.outcomes), 'game')}"
        )
        files = write_report(
            out, title, _describe(base_spec, base), metrics, base.outcomes, compared
        )
    logged = sum(len(store_run(r, log)) for r in runs) if log is not None else 0
    return Simulation(base, metrics, compared, files, logged)


def _describe(spec: RunSpec, result: RunResult) -> dict[str, Any]:
    described = asdict(spec)
    described["bots"] = list(spec.bots)
    described["sets"] = list(spec.sets)
    described["games_played"] = len(result.outcomes)
    described["interrupted"] = result.interrupted
    return described


def summary_lines(sim: Simulation) -> Sequence[str]:
    m = sim.metrics
    if not m:
        return ["no game finished"]
    base = (sim.compare or {}).get("base")
    lines = [f"results of {base} (the base value):"] if base else []
    lines += [
        f"games: {m['games']} ({m['completed']} completed, {m['timeouts']} timeouts)",
        f"balance: {m['balance']:.3f}   start player wins {100 * m['start_player_win_rate']:.1f} %"
        f" (advantage {100 * m['start_player_advantage']:+.1f} percentage points)",
        "seat win rates: " + ", ".join(f"{100 * s['win_rate']:.1f} %" for s in m["seat_win_rates"]),
        f"shared wins: {100 * m['shared_wins']:.1f} %   rounds: {m['rounds']:.1f}   "
        f"lead changes: {m['lead_changes']:.2f}   decisiveness: {m['decisiveness']:.2f}",
        "bots: "
        + ", ".join(f"{bot} {100 * row['win_rate']:.1f} %" for bot, row in m["bots"].items()),
    ]
    # weights in percentage points; in a mixed run, each bot's own seats (see metrics.PER_BOT)
    groups = m["components_by_bot"] if m["mixed_bots"] else {"": m["components"]}
    for bot, weights in groups.items():
        if weights:
            whose = f" ({bot}'s seats)" if bot else ""
            lines.append(
                f"heaviest{whose}: "
                + ", ".join(f"{w['feature']} {100 * w['weight']:+.1f}" for w in weights[:3])
                + " percentage points"
            )
    for label, diffs in (sim.compare or {}).get("variants", {}).items():
        lines.append(
            f"{label} against {base}: balance {diffs['balance']['difference']:+.3f}, start "
            f"player {100 * diffs['start_player_win_rate']['difference']:+.1f} percentage points, "
            f"score {diffs['score']['difference']:+.2f}"
        )
    return lines
