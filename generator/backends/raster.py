"""PNG from our own PDF pages, with pypdfium2 (a pip-installable PDF renderer: no system
packages needed) and Pillow to write the file."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium

from playtest.core.errors import InputError
from playtest.core.wording import plural


def page_count(pdf: Path | bytes) -> int:
    doc = pdfium.PdfDocument(pdf)
    try:
        return len(doc)
    finally:
        doc.close()


def render_png(pdf: Path | bytes, page: int, dpi: float) -> bytes:
    """Page `page` (1-based) of `pdf` as PNG bytes."""
    doc = pdfium.PdfDocument(pdf)
    try:
        if not 1 <= page <= len(doc):
            raise InputError.one(
                "playtest",
                None,
                "--page",
                f"page {page} does not exist (the kit has {plural(len(doc), 'page')})",
            )
        bitmap = doc[page - 1].render(scale=dpi / 72)
        image = bitmap.to_pil()
        out = io.BytesIO()
        image.save(out, format="PNG", optimize=True)
        return out.getvalue()
    finally:
        doc.close()
