"""A run's report: one self-contained HTML page (plots inlined as SVG, no network needed),
the same numbers as JSON, and CSV files (the measures, and one row per game)."""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from playtest.core.output_folder import (
    REPORT_MARKER,
    check_out_dir,
    check_replaceable,
    staged_folder,
    write_bytes,
)
from playtest.lab.play import GameOutcome


def check_report_dir(out: Path, components_root: Path) -> Path:
    """The rules of `build` for `--out`, checked before any game is played: never among the
    components, never over a folder that is not a lab report (a report's folder is marked)."""
    checked = check_out_dir(out, components_root, "the report")
    check_replaceable(out, REPORT_MARKER)
    return checked


def write_report(
    out: Path,
    title: str,
    spec: dict[str, Any],
    metrics: dict[str, Any],
    outcomes: Sequence[GameOutcome],
    compare: dict[str, Any] | None = None,
) -> list[Path]:
    """The report's files, written in a staging folder that replaces `out` whole once complete."""
    data = {"title": title, "run": spec, "metrics": metrics, "compare": compare}
    files = {
        "report.json": json.dumps(data, indent=2, ensure_ascii=False, default=list) + "\n",
        "metrics.csv": _metrics_csv(metrics, compare),
        "games.csv": _games_csv(outcomes),
        "report.html": _html(title, spec, metrics, outcomes, compare),
    }
    with staged_folder(out, REPORT_MARKER) as staging:
        for name, text in files.items():
            write_bytes(staging / name, text.encode("utf-8"))
    return [out / name for name in files]


def _metrics_csv(metrics: dict[str, Any], compare: dict[str, Any] | None) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["measure", "value", "ci_low", "ci_high"])
    for key, value in metrics.items():
        if isinstance(value, int | float):
            writer.writerow([key, _num(value), "", ""])
    for seat in metrics["seat_win_rates"]:
        writer.writerow(
            [
                f"seat_{seat['seat']}_win_rate",
                _num(seat["win_rate"]),
                _num(seat["ci"][0]),
                _num(seat["ci"][1]),
            ]
        )
    for bot, row in metrics["bots"].items():
        writer.writerow(
            [f"bot_{bot}_win_rate", _num(row["win_rate"]), _num(row["ci"][0]), _num(row["ci"][1])]
        )
    # all seats where one bot played them all, else each bot's own seats: `weight[greedy]:...`
    groups = (
        {f"[{bot}]": rows for bot, rows in metrics["components_by_bot"].items()}
        if metrics["mixed_bots"]
        else {"": metrics["components"]}
    )
    for whose, weights in groups.items():
        for weight in weights:
            writer.writerow(
                [
                    f"weight{whose}:{weight['feature']}",
                    _num(weight["weight"]),
                    _num(weight["ci"][0]),
                    _num(weight["ci"][1]),
                ]
            )
    for label, diffs in (compare or {}).get("variants", {}).items():
        for key, row in diffs.items():
            writer.writerow(
                [
                    f"difference[{label}]:{key}",
                    _num(row["difference"]),
                    _num(row["ci"][0]),
                    _num(row["ci"][1]),
                ]
            )
    return buffer.getvalue()


def _games_csv(outcomes: Sequence[GameOutcome]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        ["game", "seats", "completed", "scores", "winners", "rounds", "decisions", "lead_changes"]
    )
    from playtest.lab.metrics import lead_changes

    for o in outcomes:
        writer.writerow(
            [
                o.index,
                " ".join(o.seats),
                int(o.completed),
                " ".join(map(str, o.scores)),
                " ".join(str(w + 1) for w in o.winners),
                o.rounds,
                o.decisions,
                lead_changes(o),
            ]
        )
    return buffer.getvalue()


def _num(value: float) -> str:
    return f"{value:.6g}"


# ---------------------------------------------------------------- the HTML page and its plots


def _svg(figure: Any) -> str:
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight")
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _figure(width: float = 5.5, height: float = 2.8) -> tuple[Any, Any]:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "playtest"  # the same ids every run
    matplotlib.rcParams["svg.fonttype"] = "none"
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=(width, height))


def _seat_plot(metrics: dict[str, Any]) -> str:
    fig, ax = _figure()
    seats = metrics["seat_win_rates"]
    rates = [s["win_rate"] for s in seats]
    errors = [
        [r - s["ci"][0] for r, s in zip(rates, seats, strict=True)],
        [s["ci"][1] - r for r, s in zip(rates, seats, strict=True)],
    ]
    ax.bar([f"seat {s['seat']}" for s in seats], rates, yerr=errors, color="#5b7d3a", capsize=4)
    ax.axhline(1 / max(1, metrics["players"]), color="#999", linestyle="--", linewidth=1)
    ax.set_ylabel("win rate")
    ax.set_title("Win rate by seat (seat 1 starts), 95 % intervals")
    return _svg(fig)


def _histogram(values: Sequence[float], title: str, xlabel: str) -> str:
    fig, ax = _figure()
    if values:
        low, high = min(values), max(values)
        bins = min(40, int(high - low) + 1) if float(high - low).is_integer() else 30
        ax.hist(values, bins=max(1, bins), color="#8e6c3a")
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("count")
    return _svg(fig)


def _weights_plot(weights: list[dict[str, Any]], whose: str = "") -> str:
    top = weights[:20][::-1]
    fig, ax = _figure(5.5, max(1.5, 0.28 * len(top) + 0.8))
    if top:
        values = [w["weight"] for w in top]
        errors = [
            [v - w["ci"][0] for v, w in zip(values, top, strict=True)],
            [w["ci"][1] - v for v, w in zip(values, top, strict=True)],
        ]
        ax.barh([w["feature"] for w in top], values, xerr=errors, color="#4a6fa5", capsize=3)
        ax.axvline(0, color="#333", linewidth=0.8)
    ax.set_title(f"Weight{whose}: win rate with the component minus without")
    return _svg(fig)


def _table(rows: list[tuple[str, str]]) -> str:
    cells = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in rows)
    return f"<table>{cells}</table>"


def _grid(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table with a heading on every column."""
    top = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{top}</tr>{body}</table>"


def _pct(value: float) -> str:
    return f"{100 * value:.1f} %"


def _pp(value: float) -> str:
    """A difference of two rates: percentage points, never "points" (games score points)."""
    return f"{100 * value:+.1f} percentage points"


RATES = {"completion", "balance", "start_player_win_rate", "start_player_advantage", "shared_wins"}


def settings_rows(spec: dict[str, Any]) -> list[tuple[str, str]]:
    """The run's settings, in words (report.json keeps them as data)."""
    played = spec.get("games_played", spec["games"])
    return [
        ("game", str(spec["game"])),
        ("variant", spec.get("variant") or "the game's default"),
        ("players", str(spec["players"])),
        ("games", f"{played} of {spec['games']}" if played != spec["games"] else str(played)),
        (
            "bots",
            ", ".join(spec["bots"]) + " (seat by seat round the table; seats rotate each game)",
        ),
        ("seed", f"{spec['seed']} (game i draws from seeds made of this and i)"),
        ("changed values (--set)", ", ".join(spec.get("sets") or ()) or "none"),
        ("components", spec.get("components") or "the games shipped with playtest-kit"),
        ("stopped early (Ctrl-C)", "yes" if spec.get("interrupted") else "no"),
    ]


def _weights_table(weights: list[dict[str, Any]]) -> str:
    return _table(
        [
            (
                w["feature"],
                f"{_pp(w['weight'])} "
                f"(95 %: {100 * w['ci'][0]:+.1f} to {100 * w['ci'][1]:+.1f};"
                f" with {_pct(w['with'])}, without {_pct(w['without'])}, "
                f"{w['seat_games']} seat-games)",
            )
            for w in weights
        ]
    )


def _difference(key: str, value: float) -> str:
    return _pp(value) if key in RATES else f"{value:+.4g}"


def _measure(key: str, value: float) -> str:
    return _pct(value) if key in RATES else f"{value:.4g}"


def _compared(compare: dict[str, Any] | None) -> str:
    """One table per value compared, its columns headed by the value each holds."""
    out = ""
    for label, diffs in (compare or {}).get("variants", {}).items():
        base = (compare or {})["base"]
        out += f"<h2>Compared: {html.escape(label)} against {html.escape(base)} (the base)</h2>"
        out += "<p>The same games (same seeds) played under each value.</p>"
        out += _grid(
            ("measure", f"{base} (the base)", label, "difference", "95 % interval"),
            [
                (
                    key,
                    _measure(key, row["base"]),
                    _measure(key, row["value"]),
                    _difference(key, row["difference"]),
                    f"{_difference(key, row['ci'][0])} to {_difference(key, row['ci'][1])}",
                )
                for key, row in diffs.items()
            ],
        )
    return out


def _html(
    title: str,
    spec: dict[str, Any],
    metrics: dict[str, Any],
    outcomes: Sequence[GameOutcome],
    compare: dict[str, Any] | None,
) -> str:
    done = [o for o in outcomes if o.completed]
    mixed = metrics["mixed_bots"]
    summary = _table(
        [
            (
                "games",
                f"{metrics['games']} ({metrics['completed']} completed, "
                f"{metrics['timeouts']} timeouts)",
            ),
            ("balance", f"{metrics['balance']:.3f} (1 − the largest gap between seat win rates)"),
            (
                "start player",
                f"wins {_pct(metrics['start_player_win_rate'])}, advantage "
                f"{_pp(metrics['start_player_advantage'])}",
            ),
            ("shared wins", _pct(metrics["shared_wins"])),
            ("duration", f"{metrics['rounds']:.1f} rounds, {metrics['decisions']:.1f} decisions"),
            ("lead changes", f"{metrics['lead_changes']:.2f} per game"),
            ("decisiveness", f"{metrics['decisiveness']:.2f}"),
            (
                "mean score / margin" + (" (all seats, every bot)" if mixed else ""),
                f"{metrics['score']:.1f} / {metrics['margin']:.1f}",
            ),
            (
                "skill gap",
                "—"
                if not metrics["skill_gap"]
                else f"{metrics['skill_gap']['strong']} wins "
                f"{_pp(metrics['skill_gap']['gap'])} more often than random",
            ),
        ]
    )
    bots = _table(
        [
            (
                bot,
                f"{_pct(row['win_rate'])} of {row['seat_games']} seat-games "
                f"(95 %: {_pct(row['ci'][0])}–{_pct(row['ci'][1])}; "
                f"fair {_pct(row['fair'])}); score "
                f"{metrics['scores_by_bot'][bot]['mean']:.1f} on average",
            )
            for bot, row in metrics["bots"].items()
        ]
    )
    if mixed:
        weights = "".join(
            f"<h3>Seats played by {html.escape(bot)}</h3>"
            + (_weights_table(rows) if rows else "<p>No feature was seen often enough.</p>")
            for bot, rows in metrics["components_by_bot"].items()
        )
    else:
        weights = _weights_table(metrics["components"]) if metrics["components"] else ""
    weights = f"<p>{html.escape(metrics['weights_measure'])}</p>" + (
        weights or "<p>No feature was seen often enough.</p>"
    )
    compared = _compared(compare)
    score_plots: list[str] = (
        [
            _histogram(
                [s for o in done for s, b in zip(o.scores, o.seats, strict=True) if b == bot],
                f"Scores of the seats {bot} played",
                "points",
            )
            for bot in metrics["scores_by_bot"]
        ]
        if mixed
        else [_histogram([s for o in done for s in o.scores], "Scores", "points")]
    )
    weight_plots = (
        [
            _weights_plot(rows, f" ({bot}'s seats)")
            for bot, rows in metrics["components_by_bot"].items()
        ]
        if mixed
        else [_weights_plot(metrics["components"])]
    )
    plots = "".join(
        f"<figure>{svg}</figure>"
        for svg in (
            _seat_plot(metrics),
            *score_plots,
            _histogram(
                [max(o.scores) - sorted(o.scores)[-2] for o in done if len(o.scores) > 1],
                "Winning margins",
                "points",
            ),
            _histogram([o.rounds for o in done], "Duration", "rounds"),
            *weight_plots,
        )
    )
    settings = _table(settings_rows(spec))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 1rem auto;
       padding: 0 1rem; color: #222; }}
table {{ border-collapse: collapse; margin: .5rem 0 1.5rem; }}
th, td {{ text-align: left; padding: .25rem .75rem; border-bottom: 1px solid #ddd;
          vertical-align: top; }}
figure {{ margin: 1rem 0; }} figure svg {{ max-width: 100%; height: auto; }}
code {{ background: #f4f4f4; padding: 0 .25rem; }}
</style></head><body>
<h1>{html.escape(title)}</h1>
<p>Definitions of every measure: docs/balance-lab.md. Rates are in %; a difference of two
rates is in percentage points.</p>
<h2>Settings</h2>{settings}
<h2>Summary</h2>{summary}
<h2>Bots</h2>{bots}
{compared}
<h2>Plots</h2>{plots}
<h2>Components and strategies</h2>{weights or "<p>No feature was seen often enough.</p>"}
</body></html>
"""
