"""The Harvest Dice 2-up pad, read back from the built PDF on both papers: every box a player
writes in (the paper-white, outlined shapes: garden cells aside, which are tinted and larger)
is at least 5 x 5 mm as printed, and a dashed cut line runs across the page between the two
halves, in the middle of the gap, with every box of each half on its own side."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.library.loader import load_library
from playtest.model.print_options import PrintOptions
from tests.helpers import kit_sections

GAME = "harvest-dice"
PT = 25.4 / 72  # mm per PDF point
PAPER_WHITE = (1.0, 1.0, 1.0)  # `paper` in components/_shared/style.yaml
MIN_BOX = 5.0  # mm, the smallest box a pencil can fill


@pytest.fixture(scope="module", params=["a4", "letter"])
def kit(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, PrintOptions]:
    out = tmp_path_factory.mktemp(f"pad-{request.param}")
    build = BuildRequest.from_cli(games=(GAME,), formats="pdf", paper=request.param, out_dir=out)
    list(build_kits(load_library(), build, lambda _: None))
    opts = PrintOptions.from_presets(load_library().game(GAME).presets, paper=request.param)
    return out / GAME / f"{GAME}-kit.pdf", opts


def boxes(page: Any) -> list[dict[str, Any]]:
    """The write-in boxes of a page: outlined shapes filled paper white."""
    return [
        s
        for s in page.rects + page.curves
        if s["stroke"]
        and s["fill"]
        and tuple(round(c, 3) for c in s["non_stroking_color"] or ()) == PAPER_WHITE
    ]


def corner(shape: dict[str, Any]) -> tuple[float, float]:
    return round(shape["top"], 1), round(shape["x0"], 1)


def section(pdf: Path, name: str) -> list[int]:
    return next(
        pages
        for title, pages in kit_sections(pdf).items()
        if title == f"score sheets and aids, {name}"
    )


def test_every_box_of_the_pad_is_at_least_5_mm(kit: tuple[Path, PrintOptions]) -> None:
    kit_pdf = kit[0]
    full, pad = section(kit_pdf, "full page"), section(kit_pdf, "2-up pad")
    assert len(full) == len(pad) == 2  # the basic sheet with the advanced on its back
    with pdfplumber.open(kit_pdf) as pdf:
        for full_page, pad_page in zip(full, pad, strict=True):
            sheet = boxes(pdf.pages[full_page - 1])
            halves = boxes(pdf.pages[pad_page - 1])
            assert len(sheet) > 70  # pig pen (42), markets, score lines, total
            assert len(halves) == 2 * len(sheet)  # both halves print every box
            smallest = min(min(b["width"], b["height"]) * PT for b in halves)
            assert smallest >= MIN_BOX, f"page {pad_page}: a box of {smallest:.2f} mm"


def test_a_cut_line_runs_between_the_halves(kit: tuple[Path, PrintOptions]) -> None:
    kit_pdf, opts = kit
    front = section(kit_pdf, "2-up pad")[0]
    with pdfplumber.open(kit_pdf) as pdf:
        page = pdf.pages[front - 1]
        width = float(page.width) * PT
        dashed = [
            line
            for line in page.lines
            if line.get("dash") and line["dash"][0] and line["top"] == line["bottom"]
        ]
        assert len(dashed) == 1, dashed
        line = dashed[0]
        y = line["top"] * PT
        # across the printable width, from margin to margin
        assert width == pytest.approx(opts.paper[0])
        assert line["x0"] * PT == pytest.approx(opts.margin, abs=0.05)
        assert line["x1"] * PT == pytest.approx(width - opts.margin, abs=0.05)
        # every box of the upper sheet above it, of the lower sheet below it, none crossed
        upper = [b for b in boxes(page) if b["bottom"] * PT < y]
        lower = [b for b in boxes(page) if b["top"] * PT > y]
        assert len(upper) == len(lower) == len(boxes(page)) // 2
        assert y - max(b["bottom"] for b in upper) * PT > 2  # clear of both halves
        assert min(b["top"] for b in lower) * PT - y > 2
        # the halves are the same sheet, one moved down by a pitch, and the line cuts the
        # printable height above the footer band in two equal halves
        pitch = {
            round((b["top"] - a["top"]) * PT, 2)
            for a, b in zip(sorted(upper, key=corner), sorted(lower, key=corner), strict=True)
        }
        assert len(pitch) == 1, pitch
        assert y == pytest.approx((opts.margin + opts.content_bottom) / 2, abs=0.05)
        label = [w for w in page.extract_words() if w["text"] == "cut"]
        assert len(label) == 1 and label[0]["bottom"] * PT <= y  # named, just above the line
