"""The stats page's plots, drawn by matplotlib as inline SVG (no browser-side charting)."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

from playtest.log.stats import GameStats, Rate

WIDTH, HEIGHT = 4.2, 2.4  # inches: fits a phone at full width


@cache
def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams.update(
        {
            "svg.fonttype": "none",
            "svg.hashsalt": "playtest",
            "font.size": 8,
            "font.family": "sans-serif",
            "axes.spines.top": False,
            "axes.spines.right": False,
        }
    )
    import matplotlib.pyplot as plt

    return plt


def _svg(figure: Any) -> str:
    plt = _pyplot()
    buffer = io.StringIO()
    figure.tight_layout()
    figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]  # inline: no XML prolog or doctype


def win_rates(rates: list[Rate], title: str) -> str:
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(WIDTH, HEIGHT))
    labels = [r.label for r in rates]
    values = [100 * r.rate for r in rates]
    # clamped: at 0 % or 100 % rounding may put an interval's end a hair past the rate
    low = [max(0.0, 100 * (r.rate - r.interval[0])) for r in rates]
    high = [max(0.0, 100 * (r.interval[1] - r.rate)) for r in rates]
    axes.bar(
        labels,
        values,
        color="#4d7c3a",
        yerr=[low, high],
        capsize=4,
        error_kw={"elinewidth": 1, "ecolor": "#333333"},
    )
    if rates:
        axes.axhline(100 / len(rates), color="#999999", linewidth=0.8, linestyle="--")
    axes.set_ylim(0, 100)
    axes.set_ylabel("wins %")
    axes.set_title(title)
    return _svg(figure)


def score_distribution(stats: GameStats) -> str:
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(WIDTH, HEIGHT))
    if stats.totals:
        bins = min(20, max(5, len(set(stats.totals))))
        axes.hist(stats.totals, bins=bins, color="#b9c9a8", label="all players")
        axes.hist(
            stats.winning_totals,
            bins=bins,
            range=(min(stats.totals), max(stats.totals)),
            color="#4d7c3a",
            label="winners",
        )
        axes.legend(frameon=False)
    axes.set_xlabel("total score")
    axes.set_ylabel("players")
    axes.set_title("Score distribution")
    return _svg(figure)


def breakdown(stats: GameStats) -> str:
    plt = _pyplot()
    items = sorted(stats.breakdown.items(), key=lambda kv: kv[1])
    figure, axes = plt.subplots(figsize=(WIDTH, max(HEIGHT, 0.22 * len(items) + 0.8)))
    axes.barh([k[:30] for k, _ in items], [v for _, v in items], color="#c98b2f")
    axes.set_xlabel("average points per player")
    axes.set_title("Average breakdown")
    return _svg(figure)


def winner_cards(stats: GameStats, top: int = 15) -> str:
    plt = _pyplot()
    items = list(reversed(stats.winner_cards[:top]))
    figure, axes = plt.subplots(figsize=(WIDTH, max(HEIGHT, 0.22 * len(items) + 0.8)))
    axes.barh(
        [f"{cid} {stats.card_names.get(cid, '')}"[:28] for cid, _ in items],
        [100 * n / max(stats.games, 1) for _, n in items],
        color="#7a5aa6",
    )
    axes.set_xlabel("% of games: in the winner's tableau")
    axes.set_title("Cards with the winners")
    return _svg(figure)
