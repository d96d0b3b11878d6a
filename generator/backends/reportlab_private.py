"""Every use of reportlab's private internals, in one place, for speed and flat memory.

reportlab has no public API for these, so pyproject.toml bounds reportlab to the versions
tested, and tests/render/test_reportlab_private.py fails loudly (naming the attribute) if a
new version changes any of them.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas


def compress_last_page(canvas: Canvas) -> None:
    """reportlab keeps every page's content as text until the file is saved; compressing
    each page as it is finished keeps memory nearly flat however long the kit is."""
    page = canvas._doc.Pages.pages[-1]
    if not page.stream or page.Contents:
        return
    stream = pdfdoc.PDFStream()
    stream.content = zlib.compress(page.stream.encode("utf8"))
    stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])
    stream.__Comment__ = "page stream"
    page.Contents = stream
    page.stream = None


def text_runs(canvas: Canvas, font_name: str, text: str) -> Iterator[tuple[str, str]]:
    """(subset font resource name, escaped string) for each run of `text` in one subset of
    the embedded TrueType font: what reportlab's text object writes, without its
    bookkeeping."""
    font: Any = pdfmetrics.getFont(font_name)
    doc = canvas._doc
    for subset, chunk in font.splitString(text, doc):
        yield font.getSubsetInternalName(subset, doc), canvas._escape(chunk)
