"""The stats page's plots, inline SVG drawn with svgwrite (no browser-side charting). They are
bars, error bars and a histogram: drawn from svgwrite's shapes they take milliseconds, where
matplotlib took 0.6 s of CPU to import in each server and 0.1 s a chart (measured in
benchmarks/README.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from svgwrite.drawing import Drawing

from playtest.log.stats import GameStats, Rate
from playtest.web.labels import label_of

# the picture's units, about a phone's px: a chart as wide as a 390 px phone's column (366 px)
# draws its FONT at 13 px, its smallest text at 11 px or more (a label legible on a phone)
WIDTH, HEIGHT = 330, 220
ROW = 24  # a horizontal bar's pitch: a long list makes a taller picture
TOP, BOTTOM, RIGHT = 30, 40, 12  # room for the title, the x axis and its label, the edge
LEFT = 52  # room for the y axis's numbers and label
CHAR = 6.6  # the width of a character of a bar's label, roughly, at FONT
FONT = 12
TITLE = 13
MOST_LEFT = 200  # the widest a bar's label may be (28 characters): the rest is for the bars
LEGEND = 26  # room for a legend of two rows under the title
INK, GRID = "#333333", "#999999"


def win_rates(rates: list[Rate], title: str) -> str:
    """A bar per seat (or turn order) with its 95 % interval, and a dashed even share."""
    chart = _Chart(WIDTH, HEIGHT, LEFT, title)
    chart.y_axis(0, 100, "wins %")
    band = chart.plot_width / max(len(rates), 1)
    for i, rate in enumerate(rates):
        x = chart.left + band * (i + 0.1)
        value = 100 * rate.rate
        chart.rect(x, chart.y(value), band * 0.8, chart.y(0) - chart.y(value), "#4d7c3a")
        # clamped: at 0 % or 100 % rounding may put an interval's end a hair past the rate
        low, high = (100 * min(rate.interval[0], rate.rate), 100 * max(rate.interval[1], rate.rate))
        middle = x + band * 0.4
        chart.line(middle, chart.y(low), middle, chart.y(high), INK)
        for end in (low, high):
            chart.line(middle - 4, chart.y(end), middle + 4, chart.y(end), INK)
        chart.text(middle, chart.y(0) + 14, rate.label, "middle")
    if rates:
        even = chart.y(100 / len(rates))
        chart.line(chart.left, even, chart.right, even, GRID, dashed=True)
    return chart.svg()


def score_distribution(stats: GameStats) -> str:
    """How many players scored each total, and the winners' totals over them."""
    chart = _Chart(WIDTH, HEIGHT + LEGEND, LEFT, "Score distribution", top=TOP + LEGEND)
    edges = _bins(stats.totals)
    every, winners = _counts(stats.totals, edges), _counts(stats.winning_totals, edges)
    chart.y_axis(0, max(every, default=0) or 1, "players", whole=True)
    chart.x_axis(edges[0], edges[-1], "total score")
    for counts, colour in ((every, "#b9c9a8"), (winners, "#4d7c3a")):
        for n, (start, end) in zip(counts, pairwise(edges), strict=True):
            if n:
                left, top = chart.x(start), chart.y(n)
                chart.rect(left, top, chart.x(end) - left, chart.y(0) - top, colour)
    if stats.totals:
        chart.legend([("all players", "#b9c9a8"), ("winners", "#4d7c3a")])
    return chart.svg()


def breakdown(stats: GameStats, labels: dict[str, str] | None = None) -> str:
    """Each category's average, named by `labels` (the game's YAML's words)."""
    items = sorted(stats.breakdown.items(), key=lambda kv: kv[1])
    return _bars(
        [(label_of(k, labels or {}), v) for k, v in items],
        "Average breakdown",
        "average points per player",
        "#c98b2f",
    )


def winner_cards(stats: GameStats, top: int = 15) -> str:
    items = list(reversed(stats.winner_cards[:top]))
    return _bars(
        [
            (f"{cid} {stats.card_names.get(cid, '')}", 100 * n / max(stats.games, 1))
            for cid, n in items
        ],
        "Cards with the winners",
        "% of games: in the winner's tableau",
        "#7a5aa6",
    )


def _bars(items: list[tuple[str, float]], title: str, label: str, colour: str) -> str:
    """A horizontal bar per item, the first at the bottom, each labelled on its left."""
    fits = int((MOST_LEFT - 10) / CHAR)  # characters of a label that fit its room
    items = [(k if len(k) <= fits else k[: fits - 1] + "…", v) for k, v in items]
    left = min(MOST_LEFT, max(LEFT, CHAR * max((len(k) for k, _ in items), default=0) + 10))
    chart = _Chart(WIDTH, max(HEIGHT, ROW * len(items) + TOP + BOTTOM + 16), left, title)
    values = [v for _, v in items]
    low, high = min(0.0, *values), max(0.0, *values)
    chart.x_axis(low, high if high > low else low + 1, label)
    band = chart.plot_height / max(len(items), 1)
    for i, (name, value) in enumerate(items):
        y = chart.bottom - band * (i + 0.9)
        start, end = sorted((chart.x(0), chart.x(value)))
        chart.rect(start, y, end - start, band * 0.8, colour)
        chart.text(chart.left - 4, y + band * 0.4 + 3, name, "end")
    return chart.svg()


def _bins(totals: Sequence[int]) -> list[float]:
    """Equal bins over the totals (a single total: one bin around it)."""
    if not totals:
        return [0.0, 1.0]
    low, high = min(totals), max(totals)
    if low == high:
        return [low - 0.5, high + 0.5]
    count = min(20, max(5, len(set(totals))))
    return [low + (high - low) * i / count for i in range(count + 1)]


def _counts(values: Sequence[int], edges: list[float]) -> list[int]:
    """How many values fall in each bin; the last bin holds its right edge."""
    counts = [0] * (len(edges) - 1)
    for value in values:
        if edges[0] <= value <= edges[-1]:
            at = math.floor((value - edges[0]) / (edges[-1] - edges[0]) * len(counts))
            counts[min(at, len(counts) - 1)] += 1
    return counts


def _ticks(low: float, high: float, most: int = 6, whole: bool = False) -> list[float]:
    """Round numbers (1, 2 or 5 times a power of ten apart) from low to high; whole numbers
    only for counts."""
    raw = max((high - low) / most, 1.0) if whole else (high - low) / most
    step = 10 ** math.floor(math.log10(raw))
    step *= next(m for m in (1, 2, 5, 10) if step * m >= raw)
    first = math.ceil(low / step - 1e-9)
    return [round(n * step, 10) for n in range(first, math.floor(high / step + 1e-9) + 1)]


def _number(value: float) -> str:
    return f"{value:g}"


class _Chart:
    """One picture: a plot area with its axes, and the shapes drawn into it."""

    def __init__(
        self, width: float, height: float, left: float, title: str, top: float = TOP
    ) -> None:
        self.width, self.height = width, height
        self.left, self.right = left, width - RIGHT
        self.top, self.bottom = top, height - BOTTOM
        self.plot_width, self.plot_height = self.right - self.left, self.bottom - self.top
        self.x_range, self.y_range = (0.0, 1.0), (0.0, 1.0)
        # validation off: every value is a number written here or a text svgwrite escapes
        self.drawing = Drawing(size=(f"{width:g}", f"{height:g}"), profile="full", debug=False)
        self.drawing.update(
            {
                "viewBox": f"0 0 {width:g} {height:g}",
                "role": "img",
                "aria-label": title,
                "font-family": "sans-serif",
                "font-size": FONT,
                "fill": INK,
            }
        )
        self.text(width / 2, 17, title, "middle", size=TITLE)

    def x(self, value: float) -> float:
        low, high = self.x_range
        return self.left + (value - low) / (high - low) * self.plot_width

    def y(self, value: float) -> float:
        low, high = self.y_range
        return self.bottom - (value - low) / (high - low) * self.plot_height

    def y_axis(self, low: float, high: float, label: str, whole: bool = False) -> None:
        self.y_range = (low, high)
        self.line(self.left, self.top, self.left, self.bottom, INK)
        for tick in _ticks(low, high, whole=whole):
            at = self.y(tick)
            self.line(self.left - 3, at, self.left, at, INK)
            self.text(self.left - 5, at + 3, _number(tick), "end")
        middle = (self.top + self.bottom) / 2
        self.text(12, middle, label, "middle", transform=f"rotate(-90 12 {middle:.1f})")
        self.line(self.left, self.bottom, self.right, self.bottom, INK)

    def x_axis(self, low: float, high: float, label: str) -> None:
        self.x_range = (low, high)
        self.line(self.left, self.bottom, self.right, self.bottom, INK)
        for tick in _ticks(low, high):
            at = self.x(tick)
            self.line(at, self.bottom, at, self.bottom + 3, INK)
            self.text(at, self.bottom + 14, _number(tick), "middle")
        self.text((self.left + self.right) / 2, self.height - 6, label, "middle")

    def rect(self, x: float, y: float, width: float, height: float, fill: str) -> None:
        d = self.drawing
        size = (f"{max(width, 0):.1f}", f"{max(height, 0):.1f}")
        d.add(d.rect(insert=(f"{x:.1f}", f"{y:.1f}"), size=size, fill=fill))

    def line(
        self, x1: float, y1: float, x2: float, y2: float, colour: str, dashed: bool = False
    ) -> None:
        d = self.drawing
        start, end = (f"{x1:.1f}", f"{y1:.1f}"), (f"{x2:.1f}", f"{y2:.1f}")
        line = d.line(start, end, stroke=colour, stroke_width=1)
        if dashed:
            line["stroke-dasharray"] = "4 3"
        d.add(line)

    def text(
        self, x: float, y: float, text: str, anchor: str, size: int | None = None, **extra: str
    ) -> None:
        d = self.drawing
        shown = d.text(text, insert=(f"{x:.1f}", f"{y:.1f}"), text_anchor=anchor, **extra)
        if size is not None:
            shown["font-size"] = size
        d.add(shown)

    def legend(self, entries: list[tuple[str, str]]) -> None:
        """Under the title, on the right, in the room a chart with a legend keeps above its
        plot (LEGEND): never over the title or a bar."""
        for i, (name, colour) in enumerate(entries):
            y = TOP - 6 + 15 * i
            self.rect(self.right - 110, y, 10, 10, colour)
            self.text(self.right - 96, y + 9, name, "start")

    def svg(self) -> str:
        return self.drawing.tostring()
