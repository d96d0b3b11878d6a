"""Reading the rules reference a kit prints (issue 27): its text column by column, flattened
to one line, and the mark and footnote of playtest defaults. Used by the shared reference
tests (tests/kits/test_rules_reference.py) and each game's own (tests/<package>/)."""

from __future__ import annotations

import os
from pathlib import Path

import pdfplumber

from playtest.generator.kit import BuildRequest, build_kits
from playtest.loader import load_library
from tests.helpers import kit_sections
from tests.pdf_text import text_page

MARK = "\u2020"
FOOTNOTE = f"{MARK} playtest default \u2014 change it in game.yaml"


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


def reference_text(pdf: Path) -> str:
    pages = next(p for t, p in kit_sections(pdf).items() if t.startswith("Rules reference"))
    out = []
    with pdfplumber.open(pdf) as doc:
        for n in pages:  # column by column (a folded sheet has two a side)
            page = text_page(doc.pages[n - 1])
            above_footer = page.height - 9 * 72 / 25.4  # the footer band: 3 mm over the margin
            for x0, x1 in ((0, page.width / 2), (page.width / 2, page.width)):
                out.append(page.crop((x0, 0, x1, above_footer)).extract_text() or "")
    return "\n".join(out)


def flat(text: str) -> str:
    """The reference's words in one line, without the footnotes that fall between the two
    parts of a paragraph split across columns."""
    lines = [ln for ln in text.splitlines() if ln != FOOTNOTE]
    return " ".join(" ".join(lines).split())


def assert_marked(text: str, expected: list[str]) -> None:
    """Each value the write-up never gave is printed with the mark, and the footnote is on
    every page that has a mark."""
    for value in expected:
        assert value in flat(text), value
    assert FOOTNOTE in text
    for page in text.split(FOOTNOTE)[:-1]:
        assert MARK in page
