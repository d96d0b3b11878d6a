"""The reportlab internals the PDF backend uses on the releases they were tested on
(generator/backends/reportlab_private.py) still behave as the backend expects, and the
installed reportlab is one pyproject.toml allows. Run these with a new release before adding
it to `TESTED_RELEASES`: a failure names what changed."""

from __future__ import annotations

import io
import tomllib
import zlib
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from playtest import components
from playtest.faces.memo import Kept
from playtest.generator.backends.reportlab_private import (
    TESTED_RELEASES,
    compress_last_page,
    end_form,
    forms_in_use,
    keep_subsets,
    place_form,
    release_tested,
    text_runs,
)

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
FONT = "PrivateTest-Lato-Regular"


def _requirement() -> Requirement:
    deps = tomllib.loads(PYPROJECT.read_text())["project"]["dependencies"]
    return next(r for r in map(Requirement, deps) if r.name == "reportlab")


def test_reportlab_is_a_range_of_releases_and_the_installed_one_is_inside_it() -> None:
    spec = _requirement().specifier
    assert "4.2.0" in spec and "5.9.0" in spec  # the public API's range, tested at both ends
    assert "6.0.0" not in spec  # a new major release can break it
    assert version("reportlab") in spec


def test_the_internals_are_used_on_the_releases_they_were_tested_on() -> None:
    assert TESTED_RELEASES == ((4, 2), (5, 1))
    assert all(map(release_tested, ("4.2.0", "4.2.5", "4.4.10", "5.0.1", "5.1.0", "5.1.0a1")))
    assert not any(map(release_tested, ("4.1.0", "3.6.13", "5.2.0", "6.0.0", "5.x", "")))


def _canvas() -> tuple[Canvas, io.BytesIO]:
    if FONT not in pdfmetrics.getRegisteredFontNames():
        path = components.ROOT / "_shared" / "fonts" / "Lato-Regular.ttf"
        pdfmetrics.registerFont(TTFont(FONT, str(path)))
    out = io.BytesIO()
    return Canvas(out, invariant=1, pageCompression=0), out


def test_a_page_is_compressed_when_it_is_finished() -> None:
    canvas, out = _canvas()
    canvas.addLiteral("0 0 10 10 re f")
    canvas.showPage()
    pages = canvas._doc.Pages.pages
    assert isinstance(pages[-1].stream, str), "reportlab no longer keeps page.stream as text"
    compress_last_page(canvas)
    assert pages[-1].stream is None and pages[-1].Contents is not None
    canvas.save()
    page = PdfReader(io.BytesIO(out.getvalue())).pages[0]
    raw = page["/Contents"].get_object()
    assert list(raw["/Filter"]) == ["/FlateDecode"]
    assert b"0 0 10 10 re f" in zlib.decompress(raw._data)


def test_text_runs_name_the_embedded_subset_and_escape_the_text() -> None:
    canvas, out = _canvas()
    runs = list(text_runs(canvas, FONT, "a(b)c\\ é"))
    assert len(runs) == 1
    font, chunk = runs[0]
    assert font.startswith("/F")  # the subset's resource name, such as /F2+0
    assert "\\(" in chunk and "\\)" in chunk and "\\\\" in chunk
    canvas.addLiteral(f"BT {font} 10 Tf 10 10 Td ({chunk}) Tj ET")
    canvas.showPage()
    canvas.save()
    text = PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text()
    assert text.strip() == "a(b)c\\ é"


def _document_with_text(kept: Kept[bytes] | None) -> bytes:
    canvas, out = _canvas()
    if kept is not None:
        keep_subsets(FONT, kept)
    for font, chunk in text_runs(canvas, FONT, "Kept subsets ĳ"):
        canvas.addLiteral(f"BT {font} 10 Tf 10 10 Td ({chunk}) Tj ET")
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_font_subsets_cut_once_are_taken_from_what_was_kept() -> None:
    kept: Kept[bytes] = Kept()
    first = _document_with_text(kept)
    assert kept.drawn >= 1 and all(key.startswith(f"pdf {FONT} ") for key in kept.used)
    again: Kept[bytes] = Kept(kept=dict(kept.used))
    assert _document_with_text(again) == first  # the same bytes, no subset cut again
    assert again.drawn == 0 and again.used.keys() == kept.used.keys()
    cut = Kept()
    assert _document_with_text(cut) == first and cut.drawn == kept.drawn
    text = PdfReader(io.BytesIO(first)).pages[0].extract_text()
    assert text.strip() == "Kept subsets ĳ"


def _document_with_forms(ours: bool, extra: str = "") -> bytes:
    """Two forms, one placing the other, placed on a page: by reportlab's own calls, or by
    `end_form` and `place_form`."""
    canvas, out = _canvas()
    for name, inner in (("Dot", None), ("Pair", "Dot")):
        canvas.beginForm(name, 0, 0, 10, 10)
        canvas.addLiteral(f"0.5 0.25 0 rg 1 1 2 2 re f{extra}")
        if inner is not None:
            if ours:
                place_form(canvas, canvas._code, inner)
            else:
                canvas.doForm(inner)
        if ours:
            end_form(canvas)
        else:
            canvas.endForm()
    canvas.addLiteral("q 1 0 0 1 20 20 cm")
    if ours:
        code: list[str] = []
        place_form(canvas, code, "Pair")
        canvas._code.extend(code)
        assert forms_in_use(canvas) == ["Pair"]
    else:
        canvas.doForm("Pair")
    canvas.addLiteral("Q")
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_forms_ended_and_placed_by_ours_are_reportlabs_bytes() -> None:
    ours = _document_with_forms(ours=True)
    assert ours == _document_with_forms(ours=False)
    reader = PdfReader(io.BytesIO(ours))
    placed = reader.pages[0]["/Resources"]["/XObject"]
    assert list(placed) == ["/FormXob.Pair"]
    pair = placed["/FormXob.Pair"].get_object()
    assert b"1 1 2 2 re f" in pair.get_data() and b"/FormXob.Dot Do" in pair.get_data()
    assert list(pair["/Resources"]["/XObject"]) == ["/FormXob.Dot"]


def test_a_form_holding_what_pdfdocencoding_refuses_is_left_to_reportlab() -> None:
    # 0x18-0x1F have no PDFDocEncoding code: reportlab's own error, as before
    for ours in (True, False):
        try:
            _document_with_forms(ours=ours, extra=" %\x1f")
        except UnicodeEncodeError as exc:
            assert "\x1f" in str(exc) or "position" in str(exc)
        else:
            raise AssertionError("a form with 0x1F was written")
