"""A scene drawn once comes out of the PDF and the SVG backends the same: the same texts in the
same fonts, the same number of painted shapes, the same symbols placed the same number of
times."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

from lxml import etree
from pypdf import PdfReader
from pypdf.generic import ContentStream, DictionaryObject

from playtest.drawing.model import Page
from playtest.drawing.symbols import SymbolTable
from playtest.faces.component_faces import card_faces, deck_back
from playtest.faces.painter import FacePainter
from playtest.generator.backends.pdf import PdfWriter
from playtest.generator.backends.svg import svg_document
from playtest.library.loader import load_library
from tests.helpers import make_components

SVG = "{http://www.w3.org/2000/svg}"
PAINT = {"f", "F", "f*", "S", "s", "B", "B*", "b", "b*"}
WEIGHT = {"normal": "Lato-Regular", "bold": "Lato-Bold", "900": "Lato-Black"}
NONE = DictionaryObject()


def scene(tmp: Path):
    game = load_library(make_components(tmp)).game("mini-game")
    symbols = SymbolTable()
    env = FacePainter.for_game(game, symbols, 3)
    deck = game.deck("deck")
    shapes = [s for face in card_faces(deck, env) for s in face.shapes]
    back = deck_back(deck, env, 0)
    return env, tuple(shapes) + back.shapes


def pdf_census(data: bytes) -> tuple[Counter, Counter, Counter]:
    """(texts with fonts, painted shapes, form uses), walking the page and every form once."""
    reader = PdfReader(io.BytesIO(data))
    page = reader.pages[0]
    texts: Counter = Counter()
    paints: Counter = Counter()
    uses: Counter = Counter()
    seen: set[str] = set()

    def walk(stream, resources) -> None:
        # get() returns an indirect object unresolved in pypdf 4.0
        fonts = resources.get("/Font", NONE).get_object()
        xobjects = resources.get("/XObject", NONE).get_object()
        font = None
        for operands, op in ContentStream(stream, reader).operations:
            op = op.decode()
            if op == "Tf":
                font = str(fonts[operands[0]].get_object()["/BaseFont"]).split("+")[1]
            elif op == "Tj":
                texts[(operands[0], font)] += 1
            elif op in PAINT:
                paints["shape"] += 1
            elif op == "Do":
                name = str(operands[0])
                uses[name] += 1
                if name not in seen:
                    seen.add(name)
                    form = xobjects[name].get_object()
                    walk(form, form.get("/Resources", NONE).get_object())

    walk(page.get_contents(), page["/Resources"])
    return texts, paints, uses


def svg_census(text: str) -> tuple[Counter, Counter, Counter]:
    root = etree.fromstring(text.encode())
    texts: Counter = Counter()
    for t in root.iter(f"{SVG}text"):
        texts[(t.text, WEIGHT[t.get("font-weight", "normal")])] += 1
    clip_rects = sum(1 for c in root.iter(f"{SVG}clipPath") for _ in c)
    shapes = (
        sum(
            1
            for tag in ("rect", "circle", "line", "path", "polygon")
            for _ in root.iter(f"{SVG}{tag}")
        )
        - clip_rects
    )
    uses = Counter(u.get("{http://www.w3.org/1999/xlink}href") for u in root.iter(f"{SVG}use"))
    return texts, Counter({"shape": shapes}), uses


def test_pdf_and_svg_draw_the_same_scene(tmp_path: Path) -> None:
    env, shapes = scene(tmp_path)
    buffer = io.BytesIO()
    writer = PdfWriter(buffer, env.fonts, env.symbols)
    writer.add_page(Page(200, 200, shapes))
    writer.close()
    pdf_texts, pdf_paints, pdf_uses = pdf_census(buffer.getvalue())
    svg = svg_document(200, 200, shapes, env.symbols, env.fonts)
    svg_texts, svg_paints, svg_uses = svg_census(svg)

    assert pdf_texts == svg_texts
    assert ("Red One", "Lato-Bold") in pdf_texts
    assert pdf_paints == svg_paints and pdf_paints["shape"] >= 10
    assert sorted(pdf_uses.values()) == sorted(svg_uses.values())
    assert sum(svg_uses.values()) >= 8  # 4 card frames, a back, leaves on cards and in text


def test_fill_rules_reach_the_pdf(tmp_path: Path) -> None:
    """An even-odd path is filled with `f*` (its holes stay open), a non-zero one with `f`."""
    from playtest.drawing.model import Path as PathShape

    env, _ = scene(tmp_path)
    square = (("M", 0, 0), ("L", 10, 0), ("L", 10, 10), ("L", 0, 10), ("Z",))
    shapes = (
        PathShape(square, (0, 0, 0), even_odd=True),
        PathShape(square, (0, 0, 0), even_odd=False),
    )
    buffer = io.BytesIO()
    writer = PdfWriter(buffer, env.fonts, env.symbols)
    writer.add_page(Page(20, 20, shapes))
    writer.close()
    reader = PdfReader(io.BytesIO(buffer.getvalue()))
    ops = [
        op.decode() for _, op in ContentStream(reader.pages[0].get_contents(), reader).operations
    ]
    assert [op for op in ops if op in PAINT] == ["f*", "f"]


def test_overflowing_strokes_and_sharp_corners_paint_alike(tmp_path: Path) -> None:
    """Two ways the PDF drew what the SVG does not (issue 27, SVG = PDF): a symbol's stroke
    past its bounds (a form is clipped to its box, an SVG symbol is not: a gazebo's finial was
    cut flat), and a sharp corner's miter (PDF's default limit 10 spiked where SVG's 4 bevels:
    a fountain's basin). Both pictures, the PDF's by pdfium and the SVG's by resvg, agree."""
    import numpy as np

    from playtest.drawing.geometry import Affine
    from playtest.drawing.model import Circle, Stroke, Symbol, Use
    from playtest.drawing.model import Path as PathShape
    from tests.impose.svg_pdf import DPI, ink_difference
    from tests.pictures import pdf_picture, svg_picture

    env, _ = scene(tmp_path)
    ink = Stroke((0.0, 0.0, 0.0), 1.2)
    # a dot whose ring reaches 1.6 mm past the top of its symbol's 10 mm box
    dot = Symbol("test-dot", (0, 0, 10, 10), (Circle(5, 1, 2, (0.9, 0.7, 0.1), ink),))
    env.symbols.get_or_make(dot.id, lambda: dot)
    # a wedge whose tip turns by 17 degrees: a miter 6.6 stroke widths long
    wedge = (("M", 4, 36), ("L", 34, 31.5), ("L", 4, 27), ("Z",))
    shapes = (
        Use(dot.id, Affine.translate(5, 6)),
        PathShape(wedge, (0.6, 0.6, 0.6), ink),
    )
    buffer = io.BytesIO()
    writer = PdfWriter(buffer, env.fonts, env.symbols)
    writer.add_page(Page(40, 40, shapes))
    writer.close()
    pdf = pdf_picture(buffer.getvalue(), dpi=DPI)
    svg = svg_picture(svg_document(40, 40, shapes, env.symbols, env.fonts), pdf.size)
    assert pdf.getpixel((round(10 * DPI / 25.4), round(4.6 * DPI / 25.4)))[0] < 100  # past the box
    worst, at = ink_difference(np.asarray(pdf), np.asarray(svg))
    # 10 as written; 157 at the wedge's tip with PDF's own miter limit
    assert worst < 16, f"the PDF and the SVG differ by {worst:.0f} at {at} mm"
