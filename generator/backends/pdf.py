"""PDF backend (reportlab): pages are written as they come (memory stays flat), each symbol
becomes one form XObject defined on first use and named from a registry (S1, S2, ...), fonts
are embedded as subsets, and the file is byte-identical for identical input (reportlab's
invariant mode fixes dates and ids; numbers are rounded before they are written, so every
Python version writes the same digits).

Two ways to hand reportlab the operators, the same bytes either way
(tests/render/test_reportlab_paths.py): through its public API (`addLiteral`, `doForm`,
`endForm`, a text object per text), or, on the reportlab releases they were tested on, through
the internals in reportlab_private.py: operators appended to the page directly, a group placed
again written from the operators it gave, pages compressed as they are finished, and the
pages and font subsets kept for the next build (pdf_pages.py).

Every painted shape and text saves and restores the graphics state around its own paint, so
nothing it sets leaks into what follows: an icon placed with no colour paints its
`currentColor` parts black, as in the SVG, whatever was painted before it."""

from __future__ import annotations

from typing import BinaryIO

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from playtest.drawing.geometry import written
from playtest.drawing.model import (
    MITER_LIMIT,
    Circle,
    Group,
    Line,
    Page,
    Path,
    Rect,
    Shape,
    Symbol,
    Text,
    Use,
)
from playtest.drawing.symbols import SymbolTable
from playtest.faces.digest import Digest
from playtest.faces.fonts import FontSet
from playtest.faces.memo import Kept, ShapeNames
from playtest.generator.backends import reportlab_private
from playtest.generator.backends.pdf_pages import (
    DocumentState,
    FormRecord,
    PageMemo,
    PageRecord,
)
from playtest.generator.backends.reportlab_private import (
    Operators,
    compress_last_page,
    end_form,
    form_recording,
    forms_in_use,
    keep_subsets,
    last_page_contents,
    operators,
    place_form,
    placed_forms,
    replay_form,
    replay_subsets,
    show_recorded_page,
    text_runs,
)

KAPPA = 0.5522847498  # control-point distance of a quarter circle, per unit of radius
# a text object's line spacing per unit of size (reportlab's default): written with each run's
# font, never used (a Text is one line)
LEADING = 1.2
PATH_OPERATOR = {"M": "m", "L": "l", "C": "c"}
DUPLEX = {"duplex-long": "DuplexFlipLongEdge", "duplex-short": "DuplexFlipShortEdge"}


class PdfWriter:
    def __init__(
        self,
        out: BinaryIO,
        fonts: FontSet,
        symbols: SymbolTable,
        *,
        title: str = "",
        duplex: str | None = None,
        scale_x: float = 1.0,
        scale_y: float = 1.0,
        kept: PageMemo | None = None,
        subsets: Kept[bytes] | None = None,
        names: ShapeNames | None = None,
        internals: bool | None = None,
    ) -> None:
        """`kept`: pages written before (generator/backends/pdf_pages.py), taken when their
        inputs are the same, and given every page this writer writes; `subsets`: the font
        subsets cut before, likewise; `names`: the faces' shapes, named for the pages' keys.
        `internals`: through reportlab's internals (None: when the installed reportlab is one
        they were tested on); without them nothing is kept (`kept` and `subsets` unused)."""
        self.internals = reportlab_private.TESTED if internals is None else internals
        if not self.internals:
            kept = subsets = None
        self.fonts = fonts
        self.symbols = symbols
        self.scale = (scale_x, scale_y)
        # streams compressed, not also ASCII85-encoded (a quarter larger): as pages finished
        # early are (reportlab's setting for the process: every PDF of ours wants it)
        rl_config.useA85 = 0
        first_font = next(iter(fonts.faces.values())).pdf_name
        self.canvas = Canvas(
            out, invariant=1, pageCompression=1, initialFontName=first_font, initialFontSize=10
        )
        self.canvas.setTitle(title)
        self.canvas.setCreator("playtest-kit")
        self.canvas.setProducer("playtest-kit (reportlab)")
        # home printers must print at 100 %: ask viewers not to "fit to page"
        self.canvas.setViewerPreference("PrintScaling", "None")
        if duplex in DUPLEX:
            self.canvas.setViewerPreference("Duplex", DUPLEX[duplex])
        self._forms: dict[str, str] = {}  # symbol id -> form name, in order of definition
        self.pages = 0
        self.kept = kept
        self.names = names
        if subsets is not None:
            for face in fonts.faces.values():
                keep_subsets(face.pdf_name, subsets)
        self._state = DocumentState(self.canvas, [f.pdf_name for f in fonts.faces.values()])
        self._symbol_digests: dict[str, str] = {}
        self._runs: dict[tuple[str, str, float], str] = {}  # see _text
        # a group's shapes written before, by their id: the shapes, their operators and the
        # forms they place (see _emit_placed)
        self._placed: dict[int, tuple[tuple[Shape, ...], str, tuple[str, ...]]] = {}
        self._placed_size = 0  # characters held
        # the forms the page being drawn defines (None: not recorded)
        self._defined: list[FormRecord] | None = None

    def add_page(self, page: Page, bookmark: str | None = None) -> str:
        """Write one page; `bookmark` names a section starting here in the PDF's outline. The
        page's key: a digest of everything its bytes are made from (with `kept`)."""
        c = self.canvas
        c.setPageSize((page.width * mm, page.height * mm))
        to_pt = lambda box: None if box is None else _box_pt(box, page.height)  # noqa: E731
        c.setTrimBox(to_pt(page.trim_box))
        c.setBleedBox(to_pt(page.bleed_box))
        new = [s for s in self.symbols.used_by(page.children) if s.id not in self._forms]
        if self.kept is None:
            self._draw_page(page, new, bookmark)
            return ""
        key = self._key(page, new, bookmark)
        record = self.kept.get(key)
        if record is not None:
            self._replay(record, bookmark)
            return key
        self._defined = []
        placed = self._draw_page(page, new, bookmark)
        named, coded = self._state.changes()
        contents = last_page_contents(c)
        self.kept.put(
            key, PageRecord(tuple(self._defined), named, coded, contents, placed, key=key)
        )
        self._defined = None
        return key

    def _key(self, page: Page, new: list[Symbol], bookmark: str | None) -> str:
        for symbol in new:
            if symbol.id not in self._symbol_digests:
                self._symbol_digests[symbol.id] = Digest(self.names).add(symbol).hexdigest()
        state = self._state.digest(self._forms)
        head = (state, self.scale, bookmark, [self._symbol_digests[s.id] for s in new])
        return Digest(self.names).add(head).add(page).hexdigest()

    def _replay(self, record: PageRecord, bookmark: str | None) -> None:
        """Write a page kept from an earlier build, and do what drawing it did."""
        c = self.canvas
        replay_subsets(c, list(record.named), list(record.coded))
        for form in record.forms:
            replay_form(c, form.name, form.box, list(form.code), list(form.forms))
            self._forms[form.symbol] = form.name
        self._bookmark(bookmark)
        show_recorded_page(c, record.contents, list(record.placed))
        self.pages += 1

    def _draw_page(self, page: Page, new: list[Symbol], bookmark: str | None) -> tuple[str, ...]:
        """Draw the page; the forms it places."""
        c = self.canvas
        for symbol in new:
            self._define(symbol.id)
        c.saveState()
        c.translate(0, page.height * mm)
        c.scale(mm, -mm)
        c.addLiteral(f"{_nums(MITER_LIMIT)} M")  # forms drawn on the page inherit it
        sx, sy = self.scale
        if (sx, sy) != (1.0, 1.0):  # printer correction, about the page centre
            c.translate(page.width / 2, page.height / 2)
            c.scale(sx, sy)
            c.translate(-page.width / 2, -page.height / 2)
        self._emit(page.children, self._operators())
        c.restoreState()
        self._bookmark(bookmark)
        placed = tuple(placed_forms(c)) if self.kept is not None else ()
        c.showPage()
        if self.internals:
            compress_last_page(c)
        self.pages += 1
        return placed

    def _operators(self) -> Operators:
        """Where the open page's or form's operators go."""
        return operators(self.canvas) if self.internals else _Literals(self.canvas)

    def _bookmark(self, bookmark: str | None) -> None:
        if bookmark is not None:
            c = self.canvas
            key = f"section-{self.pages + 1}"
            c.bookmarkPage(key)
            c.addOutlineEntry(bookmark, key, level=0)
            c.showOutline()  # viewers open with the sections listed

    def close(self) -> None:
        self.canvas.save()

    def _define(self, symbol_id: str) -> None:
        """Write the symbol as a form, named by the order of definition: any two symbol ids
        get two names (ids differing only by `-` and `_` included)."""
        if symbol_id in self._forms:
            return
        name = self._forms[symbol_id] = f"S{len(self._forms) + 1}"
        symbol = self.symbols[symbol_id]
        x, y, w, h = _overflow(symbol.bounds)
        c = self.canvas
        c.beginForm(name, x, y, x + w, y + h)
        self._emit(symbol.children, self._operators())
        if self._defined is not None:
            code, forms = form_recording(c)
            box = (x, y, x + w, y + h)
            self._defined.append(FormRecord(symbol_id, name, box, tuple(code), tuple(forms)))
        if self.internals:
            end_form(c)
        else:
            c.endForm()

    def _emit(self, shapes: tuple[Shape, ...], code: Operators) -> None:
        """Append the shapes' operators to `code`, the open page's or form's operator lines.
        Graphics state is saved and restored with q/Q directly: everything inside is written
        as operators, so reportlab's own state tracking has nothing to follow."""
        for shape in shapes:
            kind = type(shape)
            if kind is Group:
                group: Group = shape  # type: ignore[assignment]
                t = group.transform
                matrix = (t.a, t.b, t.c, t.d, t.e, t.f)
                opening = "q" if matrix == IDENTITY else f"q {' '.join(map(written, matrix))} cm"
                if group.clip is not None:
                    opening += f" {' '.join(map(written, group.clip))} re W n"
                code.append(opening)
                self._emit_placed(group.children, code)
                code.append("Q")
            elif kind is Text:
                text = self._text(shape)  # type: ignore[arg-type]
                if text:
                    code.append(text)
            elif kind is Use:
                self._use(shape, code)  # type: ignore[arg-type]
            elif kind in PAINTED:
                painted = _PAINTED.get(shape)
                if painted is None:
                    painted = _PAINTED.put(shape, _paint_shape(shape))  # type: ignore[arg-type]
                if painted:
                    code.append(painted)
            else:
                raise TypeError(f"not a shape: {shape!r}")

    def _emit_placed(self, shapes: tuple[Shape, ...], code: Operators) -> None:
        """`_emit` for a group's shapes. The same tuple of shapes placed again in this
        document (every copy of a card, a deck's back behind each of its cards, a text laid
        out before) is the same operators and places the same forms: written once, then
        taken (with reportlab's internals: its public API notes a form placed only as it
        writes it). A text's operators hold the codes its characters were given, which stay
        theirs for the whole document (see `_text`)."""
        if not self.internals:
            self._emit(shapes, code)
            return
        uses = forms_in_use(self.canvas)
        known = self._placed.get(id(shapes))
        if known is not None and known[0] is shapes:
            _, text, forms = known
            if text:
                code.append(text)
            uses.extend(forms)
            return
        own: list[str] = []
        before = len(uses)
        self._emit(shapes, own)
        text = "\n".join(own)  # what the page's operator lines are joined by
        if text:
            code.append(text)
        if self._placed_size > PLACED_MAX:  # a deck of thousands of different cards
            self._placed.clear()
            self._placed_size = 0
        # kept with the shapes: their id stays their own while they are a key
        self._placed[id(shapes)] = (shapes, text, tuple(uses[before:]))
        self._placed_size += len(text)

    def _use(self, shape: Use, code: Operators) -> None:
        # no colour: the form's `currentColor` parts take the colour around it (black on
        # a page, the placing icon's inside another symbol), as SVG's inherit
        t = shape.transform
        place = f"q {' '.join(map(written, (t.a, t.b, t.c, t.d, t.e, t.f)))} cm"
        if shape.colour is not None:
            colour = " ".join(map(written, shape.colour))
            place += f" {colour} rg {colour} RG"
        code.append(place)
        if self.internals:
            place_form(self.canvas, code, self._forms[shape.symbol])
        else:
            self.canvas.doForm(self._forms[shape.symbol])
        code.append("Q")

    def _text(self, shape: Text) -> str:
        """One line of text as a reportlab text object writes it: upright in our y-down space,
        each run in its subset of the embedded font, in its own graphics state. Written
        through the public API (then "", written already) or, with the internals, returned
        ("": not painted)."""
        if shape.fill is None:  # unpainted, as SVG's fill="none"
            return ""
        # rounded as every number we write (the same digits from any Python), then written
        # as the text object writes numbers (reportlab's fp_str)
        x, y, size = round(shape.x, 4), round(shape.y, 4), round(shape.size, 4)
        fill = tuple(round(v, 4) for v in shape.fill) if isinstance(shape.fill, tuple) else None
        if not self.internals:
            c = self.canvas
            text = c.beginText()
            text.setTextTransform(1, 0, 0, -1, x, y)
            if fill is not None:
                text.setFillColor(fill)
            text.setFont(self.fonts.face(shape.font).pdf_name, size, size * LEADING)
            text.textOut(shape.text)
            c.saveState()
            c.drawText(text)
            c.restoreState()
            return ""
        key = (shape.font, shape.text, size)
        runs = self._runs.get(key)
        if runs is None:
            # once a text is printed its characters have their codes in this document: the
            # same text is the same runs (a card's copies, a deck's repeated lines)
            pdf_name = self.fonts.face(shape.font).pdf_name
            font_size = f"{fp_str(size)} Tf {fp_str(size * LEADING)} TL"
            runs = self._runs[key] = " ".join(
                f"{font} {font_size} ({chunk}) Tj"
                for font, chunk in text_runs(self.canvas, pdf_name, shape.text)
            )
        colour = "" if fill is None else f" {fp_str(fill)} rg"
        return f"q\nBT 1 0 0 1 0 0 Tm {fp_str(1, 0, 0, -1, x, y)} Tm{colour} {runs} ET\nQ"


class _Literals:
    """Operator lines handed to reportlab's public `addLiteral` as they come."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas

    def append(self, line: str) -> None:
        self.canvas.addLiteral(line)


class _Painted(dict[Shape, str]):
    """The operators of each shape painted so far (the same rules, frames and pips recur on
    every card); bounded, as a deck of thousands of cards has thousands of distinct ones."""

    def put(self, shape: Shape, painted: str) -> str:
        if len(self) >= 50_000:
            self.clear()
        self[shape] = painted
        return painted


_PAINTED = _Painted()
PAINTED = (Rect, Circle, Line, Path)
IDENTITY = (1, 0, 0, 1, 0, 0)
PLACED_MAX = 20_000_000  # characters of operators kept for groups placed again, per PDF


def _paint_shape(shape: Rect | Circle | Line | Path) -> str:
    """Shapes are written as PDF operators directly: going through reportlab's canvas
    calls for every rectangle and curve costs more than drawing them ("": not painted)."""
    fill = getattr(shape, "fill", None)
    stroke = (
        shape.stroke
        if shape.stroke is not None and shape.stroke.paint is not None and shape.stroke.width > 0
        else None
    )
    if fill is None and stroke is None:
        return ""
    ops: list[str] = ["q"]
    if isinstance(fill, tuple):
        ops.append(f"{_nums(*fill)} rg")
    if stroke is not None:
        if isinstance(stroke.paint, tuple):
            ops.append(f"{_nums(*stroke.paint)} RG")
        dash = f"[{_nums(*stroke.dash)}] 0 d" if stroke.dash else "[] 0 d"
        ops.append(f"{_nums(stroke.width)} w {dash}")
    ops.append(_outline(shape))
    even_odd = isinstance(shape, Path) and shape.even_odd
    if fill is not None and stroke is not None:
        ops.append("B*" if even_odd else "B")
    elif fill is not None:
        ops.append("f*" if even_odd else "f")
    else:
        ops.append("S")
    ops.append("Q")
    return " ".join(ops)


def _overflow(bounds: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """A form's box: a form is clipped to it, an SVG symbol is not (`overflow="visible"`), so
    the box reaches the symbol's own size past every side of its bounds: a stroke round an
    icon's edge (half its width past the view box) is drawn whole, as in the SVG."""
    x, y, w, h = bounds
    return (x - w, y - h, 3 * w, 3 * h)


def _outline(shape: Rect | Circle | Line | Path) -> str:
    if isinstance(shape, Rect):
        x, y, w, h = shape.x, shape.y, shape.w, shape.h
        r = min(shape.r, w / 2, h / 2)
        if r <= 0:
            return f"{_nums(x, y, w, h)} re"
        k = r * KAPPA
        return (
            f"{_nums(x + r, y)} m {_nums(x + w - r, y)} l "
            f"{_nums(x + w - r + k, y, x + w, y + r - k, x + w, y + r)} c "
            f"{_nums(x + w, y + h - r)} l "
            f"{_nums(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h)} c "
            f"{_nums(x + r, y + h)} l "
            f"{_nums(x + r - k, y + h, x, y + h - r + k, x, y + h - r)} c "
            f"{_nums(x, y + r)} l {_nums(x, y + r - k, x + r - k, y, x + r, y)} c h"
        )
    if isinstance(shape, Circle):
        x, y, r = shape.cx, shape.cy, shape.r
        k = r * KAPPA
        return (
            f"{_nums(x + r, y)} m {_nums(x + r, y + k, x + k, y + r, x, y + r)} c "
            f"{_nums(x - k, y + r, x - r, y + k, x - r, y)} c "
            f"{_nums(x - r, y - k, x - k, y - r, x, y - r)} c "
            f"{_nums(x + k, y - r, x + r, y - k, x + r, y)} c h"
        )
    if isinstance(shape, Line):
        return f"{_nums(shape.x1, shape.y1)} m {_nums(shape.x2, shape.y2)} l"
    parts = []
    for op in shape.ops:
        kind = op[0]
        if kind == "Z":
            parts.append("h")
        else:
            parts.append(f"{_nums(*op[1:])} {PATH_OPERATOR[kind]}")
    return " ".join(parts)


def _box_pt(box: tuple[float, float, float, float], page_h: float) -> tuple[float, ...]:
    x, y, w, h = box
    return (
        round(x * mm, 3),
        round((page_h - y - h) * mm, 3),
        round((x + w) * mm, 3),
        round((page_h - y) * mm, 3),
    )


def _nums(*values: float) -> str:
    """Numbers rounded to 4 decimals before they are written (a ten-thousandth of a mm):
    the same digits from any Python version and platform."""
    return " ".join(map(written, values))
