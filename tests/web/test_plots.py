"""The stats page's plots, drawn with svgwrite (playtest/web/plots.py): well-formed, escaped, to
scale, and drawn without matplotlib (its import cost each server 0.6 s of CPU on the first
stats page, and each chart 0.1 s)."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st
from svgwrite.drawing import Drawing

from playtest.log.stats import GameStats, Rate, SeatTable
from playtest.web import plots

SVG = "{http://www.w3.org/2000/svg}"
ODD = 'Rosé <b>&amp; "Tom\'s"</b>'  # what a card's name may hold: back as typed
STATS = GameStats(
    games=4,
    seats=[
        SeatTable(
            players=2,
            games=4,
            by_seat=[Rate("seat 1", 2, 4), Rate("seat 2", 1, 4)],
            by_turn_order=[Rate("start player", 3, 4), Rate("2nd in turn", 0, 4)],
        )
    ],
    totals=[10, 12, 12, 15, 20, 31, 31, 40],
    winning_totals=[31, 40, 31, 20],
    breakdown={"garden": 12.5, "pig": -1.25},
    winner_cards=[("C1", 3), ("C2", 1)],
    card_names={"C1": ODD, "C2": "Pear"},
)


def _parsed(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def _bars(root: ET.Element, fill: str) -> list[dict[str, float]]:
    return [
        {k: float(rect.get(k, "0")) for k in ("x", "y", "width", "height")}
        for rect in root.iter(f"{SVG}rect")
        if rect.get("fill") == fill
    ]


def test_every_chart_is_well_formed_svg_and_says_what_was_typed() -> None:
    charts = [
        plots.win_rates(STATS.seats[0].by_seat, f"Wins by seat {ODD}"),
        plots.score_distribution(STATS),
        plots.breakdown(STATS),
        plots.winner_cards(STATS),
    ]
    texts = [t.text for chart in charts for t in _parsed(chart).iter(f"{SVG}text")]
    assert f"Wins by seat {ODD}" in texts
    assert f"C1 {ODD}"[:28] in texts  # a card's name, cut as the chart cuts it
    # a breakdown line without a label shows its key as words, never as it is keyed
    assert {"seat 1", "seat 2", "Garden", "Pig", "Score distribution"} <= set(texts)


def test_every_chart_is_an_svgwrite_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    tostring = Drawing.tostring

    def kept(drawing: Drawing) -> str:  # svgwrite's own serialiser, its text noted
        drawn.append(tostring(drawing))
        return drawn[-1]

    monkeypatch.setattr(Drawing, "tostring", kept)
    charts = [
        plots.win_rates(STATS.seats[0].by_turn_order, "Wins by turn order"),
        plots.score_distribution(STATS),
        plots.breakdown(STATS),
        plots.winner_cards(STATS),
    ]
    assert charts == drawn


def test_win_rates_are_bars_to_scale_with_their_intervals() -> None:
    root = _parsed(plots.win_rates(STATS.seats[0].by_seat, "Wins by seat"))
    first, second = _bars(root, "#4d7c3a")
    assert first["height"] == 2 * second["height"] > 0  # 50 % and 25 %
    assert first["y"] + first["height"] == second["y"] + second["height"]  # from one axis
    dashed = [line for line in root.iter(f"{SVG}line") if line.get("stroke-dasharray")]
    assert len(dashed) == 1  # the even share, 50 %: level with the first bar's top
    assert float(dashed[0].get("y1", "")) == first["y"]


def test_a_breakdown_below_zero_goes_left_of_the_axis() -> None:
    root = _parsed(plots.breakdown(STATS))
    pig, garden = _bars(root, "#c98b2f")  # sorted by value: the smallest at the bottom
    assert pig["x"] + pig["width"] == pytest.approx(garden["x"], abs=0.1)  # both meet at zero
    assert garden["width"] == pytest.approx(10 * pig["width"], abs=1)  # 12.5 and -1.25


def test_the_histogram_counts_every_total_in_whole_players() -> None:
    root = _parsed(plots.score_distribution(STATS))
    axis = [t.text for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "end"]
    assert axis and all(str(int(float(n))) == n for n in axis if n)  # 0, 1, 2: no 0.5


@given(st.lists(st.integers(-50, 500), min_size=1, max_size=200))
def test_every_total_falls_in_one_bin(totals: list[int]) -> None:
    edges = plots._bins(totals)
    assert sum(plots._counts(totals, edges)) == len(totals)
    assert edges[0] <= min(totals) and max(totals) <= edges[-1]


def test_the_charts_are_drawn_without_matplotlib() -> None:
    code = (
        "import sys\n"
        "from playtest.web import stats_page\n"
        "from tests.web.test_plots import STATS\n"
        "charts = stats_page._charts(STATS, 'played')\n"
        "assert len(charts) == 5, charts.keys()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'matplotlib'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.strip() == "[]"
