"""The footer of every page (game, section, sheet n of m, version, build date, page number)
and the pages left intentionally blank so that backs fall behind their fronts."""

from __future__ import annotations

from dataclasses import replace

from playtest.drawing.model import Page, Text
from playtest.generator.impose.stamp import Stamp
from playtest.model.print_options import PrintOptions

PT = 25.4 / 72
FOOTER_SIZE = 6.5 * PT  # never below 6 pt, like every printed text
GREY = (0.4, 0.4, 0.4)
SEP = " \u00b7 "


def footer_text(
    stamp: Stamp, section: str, sheet: int, sheets: int, side: str, page: int, pages: int
) -> str:
    version = f"version {stamp.version}" if stamp.version else "no version"
    parts = [
        stamp.game,
        section,
        f"sheet {sheet} of {sheets}{side}",
        version,
        f"built {stamp.date}",
        f"page {page} of {pages}",
    ]
    return SEP.join(parts)


def with_footer(page: Page, text: str, opts: PrintOptions) -> Page:
    """The footer sits in its own band just above the bottom printable margin."""
    baseline = page.height - opts.margin - 0.6
    line = Text(opts.margin, baseline, text, "regular", FOOTER_SIZE, GREY)
    return replace(page, children=(*page.children, line))


def blank_page(front: Page) -> Page:
    """The back of a sheet printed on one side only."""
    w, h = front.width, front.height
    note = Text(w / 2 - 30, h / 2, "This page is intentionally blank.", "regular", 4.0, GREY)
    return Page(w, h, (note,), label=f"{front.label} (blank back)")
