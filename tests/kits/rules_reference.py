"""Reading the rules reference a kit prints (issue 27): its text column by column, flattened
to one line, and the mark and footnote of playtest defaults. Used by the shared reference
tests (tests/kits/test_rules_reference.py) and each game's own (tests/<package>/)."""

from __future__ import annotations

import os
from pathlib import Path

import pdfplumber

from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.library.loader import load_library
from tests.helpers import kit_sections
from tests.pdf_text import text_page

MARK = "\u2020"
FOOTNOTE = f"{MARK} playtest default \u2014 change it in "  # then the files that hold them
FOOTER_BAND = 9  # mm above the paper's foot: the page footer, 3 mm over the 6 mm margin


def build(root: Path, out: Path, games: tuple[str, ...] = (), **kw) -> Path:
    cwd = os.getcwd()
    os.chdir(out.parent)
    try:
        request = BuildRequest(
            games=games,
            formats=frozenset({"pdf"}),
            out_dir=Path(out.name),
            options=kw.pop("options", {}),
            overrides=kw,
        )
        list(build_kits(load_library(root), request))
    finally:
        os.chdir(cwd)
    return out


def reference_pages(pdf: Path) -> list[int]:
    return next(p for t, p in kit_sections(pdf).items() if t.startswith("Rules reference"))


def reference_columns(pdf: Path) -> list[list[str]]:
    """Each page of the reference as its two columns' text (a folded sheet has two a side);
    a page left blank as a sheet's back is not one of them."""
    out = []
    with pdfplumber.open(pdf) as doc:
        for n in reference_pages(pdf):
            page = text_page(doc.pages[n - 1])
            if "intentionally blank" in (page.extract_text() or ""):
                continue
            above_footer = page.height - FOOTER_BAND * 72 / 25.4
            out.append(
                [
                    page.crop((x0, 0, x1, above_footer)).extract_text() or ""
                    for x0, x1 in ((0, page.width / 2), (page.width / 2, page.width))
                ]
            )
    return out


def reference_text(pdf: Path) -> str:
    return "\n".join(column for page in reference_columns(pdf) for column in page)


def is_footnote(line: str) -> bool:
    return line.startswith(FOOTNOTE)


def flat(text: str) -> str:
    """The reference's words in one line, without the footnotes that fall between the two
    parts of a paragraph split across columns."""
    lines = [ln for ln in text.splitlines() if not is_footnote(ln)]
    return " ".join(" ".join(lines).split())


def assert_marked(text: str, expected: list[str]) -> None:
    """Each value the write-up never gave is printed with the mark, and the footnote is on
    every page that has a mark."""
    for value in expected:
        assert value in flat(text), value
    assert any(is_footnote(line) for line in text.splitlines())
