"""A pdfplumber page read for its text only: the same interpreter runs every operator of the
page and its forms, and its characters are the objects pdfplumber makes of them (`chars`,
`extract_words`, `extract_text` and crops of the page answer as on a page read whole), but the
paths and images it paints are not made into objects: a kit page paints far more shapes than
letters, and a test that reads only text read them at twice the cost. Such a page has no
`rects`, `curves`, `lines` nor `images` (asking is an error): a test that looks at them reads
the page whole. tests/impose/test_pdf_text.py compares the two readings. And a page's text as
pdfium reads it (`page_text`), much faster where only the words matter."""

from __future__ import annotations

from typing import Any

import pypdfium2 as pdfium
from pdfminer.pdfinterp import PDFPageInterpreter
from pdfplumber.page import Page, PDFPageAggregatorWithMarkedContent

from tests.untraced import untraced


class _TextDevice(PDFPageAggregatorWithMarkedContent):
    def paint_path(self, *args: Any, **kwargs: Any) -> None:
        pass  # a shape, not text

    def render_image(self, *args: Any, **kwargs: Any) -> None:
        pass


class _TextPage(Page):
    """A page read for its text: asking it for shapes is a mistake, not an empty list."""

    def _shapes(self) -> list[Any]:
        raise AttributeError("a page read for its text only has no shapes: read it whole")

    rects = curves = lines = images = property(_shapes)


@untraced
def _text_layout(page: Page) -> Any:
    device = _TextDevice(page.pdf.rsrcmgr, pageno=page.page_number, laparams=page.pdf.laparams)
    PDFPageInterpreter(page.pdf.rsrcmgr, device).process_page(page.page_obj)
    return device.get_result()


def text_page(page: Page) -> Page:
    """`page`, its text read (once: pdfplumber keeps a page's layout) and nothing else."""
    if not hasattr(page, "_layout"):
        page._layout = _text_layout(page)
        page.__class__ = _TextPage
    return page


def page_text(page: pdfium.PdfPage) -> str:
    """Every character of a pdfium page, lines joined by "\n". The range is given by its
    count: with no arguments pypdfium2 4.30 reads get_text_bounded(), which leaves text out (the
    Town Hall's 'Deed 1 is the bottom card' line)."""
    text = page.get_textpage()
    return text.get_text_range(0, text.count_chars()).replace("\r\n", "\n")
