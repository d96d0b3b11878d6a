"""Every use of reportlab's private internals, in one place, for speed and flat memory.

reportlab has no public API for these. They are used on the releases they were tested on
(`TESTED`); any other release draws through reportlab's public API (pdf.py), which writes the
same bytes, so pyproject.toml allows every release of a range. After testing a new release
(tests/render/test_reportlab_private.py names what changed, and the PDF and kit tests must
pass with it), widen `TESTED_RELEASES`.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Protocol

import reportlab
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

if TYPE_CHECKING:
    from playtest.faces.memo import Kept

# the first and the last minor release these internals were tested on (both included): the PDF
# and kit tests at 4.2.5 and 5.1.0, this module's tests at every release between
TESTED_RELEASES = ((4, 2), (5, 1))


def release_tested(version: str) -> bool:
    """Whether reportlab `version` ("5.1.0") is one the internals were tested on."""
    try:
        release = tuple(int(part) for part in version.split(".")[:2])
    except ValueError:  # not a release number
        return False
    return TESTED_RELEASES[0] <= release <= TESTED_RELEASES[1]


TESTED = release_tested(reportlab.Version)


def compress_last_page(canvas: Canvas) -> None:
    """reportlab keeps every page's content as text until the file is saved; compressing
    each page as it is finished keeps memory nearly flat however long the kit is."""
    page = canvas._doc.Pages.pages[-1]
    if not page.stream or page.Contents:
        return
    _set_contents(page, zlib.compress(page.stream.encode("utf8")))


def _set_contents(page: Any, compressed: bytes) -> None:
    stream = pdfdoc.PDFStream()
    stream.content = compressed
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


def subset_state(canvas: Canvas, font_name: str) -> tuple[int, str | None]:
    """How far the document has gone with a TrueType font: the number of characters given a
    code in its subsets, and its resource name (None until first used). Codes are given in
    order of first use and never taken back, so within one document these say which codes
    the font's characters have (the font's assignments are read by `subset_codes`)."""
    font: Any = pdfmetrics.getFont(font_name)
    state = font.state.get(canvas._doc)
    if state is None:
        return (0, None)
    return (len(state.assignments), state.internalName)


def subset_codes(canvas: Canvas, font_name: str) -> tuple[int, ...]:
    """The characters of a TrueType font given a code so far, in the order they were given
    one (the order makes the codes)."""
    font: Any = pdfmetrics.getFont(font_name)
    state = font.state.get(canvas._doc)
    return () if state is None else tuple(state.assignments)


def fonts_named(canvas: Canvas) -> list[str]:
    """The fonts given a resource name in the document, in the order they were (the next one
    is named after their number)."""
    return list(canvas._doc.fontMapping)


class Operators(Protocol):
    """The operator lines of the open page or form: its list (`operators`), or reportlab's
    public `addLiteral` (pdf.py)."""

    def append(self, line: str, /) -> None: ...


def operators(canvas: Canvas) -> list[str]:
    """The open page's or form's operator lines (joined by newlines when it is finished):
    appending to it is what `Canvas.addLiteral` does, without a call per line."""
    return canvas._code


def place_form(canvas: Canvas, code: Operators, name: str) -> None:
    """Place form `name` (defined before or later) at the end of `code`, operator lines of
    the open page or form or to be appended to them: what `Canvas.doForm` writes and notes."""
    code.append(f"/{pdfdoc.xObjectName(name)} Do")
    canvas._formsinuse.append(name)


def forms_in_use(canvas: Canvas) -> list[str]:
    """The forms the open page or form places so far, in order: the list itself (what is
    appended to it is placed, as `place_form` does)."""
    return canvas._formsinuse


def end_form(canvas: Canvas) -> None:
    """`Canvas.endForm`, the form's operators encoded at C speed: reportlab encodes them with
    its PDFDocEncoding codec, character by character through a dict (about 7 % of drawing
    the four kits' pages: an icon's form is long). That codec gives ASCII's bytes for every
    ASCII character but 0x18-0x1F (which it refuses): ours never hold those (text is escaped),
    and a form that does is encoded by reportlab, which says so as before."""
    text = "\n".join([canvas._preamble, *canvas._code])  # what endForm encodes
    if not text.isascii() or _NOT_PDFDOC.search(text):
        canvas.endForm()
        return
    name = canvas._formData[0]
    canvas._code = []
    canvas.endForm()
    canvas._doc.idToObject[pdfdoc.xObjectName(name)].stream = text.encode("ascii")


_NOT_PDFDOC = re.compile("[\x18-\x1f]")  # the ASCII that PDFDocEncoding has no code for


def form_recording(canvas: Canvas) -> tuple[list[str], list[str]]:
    """The operators written so far into the open form, and the forms it places."""
    return list(canvas._code), placed_forms(canvas)


def placed_forms(canvas: Canvas) -> list[str]:
    """The forms the open page or form places so far."""
    return list(canvas._formsinuse)


def replay_form(
    canvas: Canvas,
    name: str,
    box: tuple[float, float, float, float],
    code: list[str],
    forms: list[str],
) -> None:
    """Define form `name` from operators recorded when it was drawn (`form_recording`)."""
    canvas.beginForm(name, *box)
    canvas._code = list(code)
    canvas._formsinuse = list(forms)
    end_form(canvas)


def last_page_contents(canvas: Canvas) -> bytes:
    """The compressed content stream of the page just finished (`compress_last_page`)."""
    return canvas._doc.Pages.pages[-1].Contents.content


def show_recorded_page(canvas: Canvas, contents: bytes, forms: list[str]) -> None:
    """Finish the open page with a content stream recorded before (`last_page_contents`),
    placing `forms`: the bytes the page's drawing gave, without drawing it."""
    canvas._code = []
    canvas._formsinuse = list(forms)
    canvas.showPage()
    _set_contents(canvas._doc.Pages.pages[-1], contents)


def replay_subsets(canvas: Canvas, named: list[str], new: list[tuple[str, str]]) -> None:
    """Do to the fonts' subsets what printing some text did (`new`: the characters it gave a
    code, in that order; `named`: the fonts it gave a resource name, in that order), without
    the text."""
    doc = canvas._doc
    for font_name in [*named, *(f for f, _ in new)]:
        # the state as printing makes it (the resource name alone would make another)
        pdfmetrics.getFont(font_name).splitString("", doc)
    for font_name in named:
        pdfmetrics.getFont(font_name).getSubsetInternalName(0, doc)
    for font_name, chars in new:
        pdfmetrics.getFont(font_name).splitString(chars, doc)


def keep_subsets(font_name: str, kept: Kept[bytes]) -> None:
    """reportlab cuts each subset of a TrueType font as the document is saved (in Python: most
    of what saving a kit costs); the font's subsets are taken from `kept` when cut before
    (by the font, whose name holds its file's digest, and the characters), and given to it."""
    face: Any = pdfmetrics.getFont(font_name).face
    cut = type(face).makeSubset

    def make_subset(subset: list[int]) -> bytes:
        key = f"pdf {font_name} {subset!r}"
        found = kept.get(key)
        if found is None:
            found = cut(face, subset)
            kept.put(key, found)
        return found

    face.makeSubset = make_subset
