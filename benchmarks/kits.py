"""Full build of the four kits, against a hand-written reportlab floor.

The floor is a plain reportlab loop that draws what our kits draw, counted from our own
PDFs: the same documents (one per kit, each with its own pages, its own fonts embedded and
its own forms), the same pages, rectangles, curves and lines, each painted path painted as
ours is (filled, stroked, or both: one path per paint), text runs in the same faces, and form
XObjects placed the same number of times. It reads no YAML, validates nothing, lays nothing
out: the ratio is the price of everything playtest-kit does on top of drawing.

Until 2026-12-01 the floor drew everything into one document, and each page's curves and
lines as ONE path painted once (172 paints for our 10,475), and counted the forms of all the
PDFs by object number, so forms of a later PDF numbered like an earlier one's were not
counted: a floor that did less than the kits draw. `FLOOR_ONE_PATH` keeps that floor, so
the two ratios can be compared (benchmarks/README.md).
"""

from __future__ import annotations

import statistics

from benchmarks.common import measure

PAIRS = 21

BUILD = """
import tempfile, os
from pathlib import Path
from playtest.library.loader import load_library
from playtest.library.registry import registrations
from playtest.generator.kit.build import BuildRequest, build_kits
registrations()  # imports, like the floor's reportlab import, are not part of the build
import playtest.generator.kit.svg_files  # svgwrite: imported by a build writing SVG files
import atexit, shutil
out = Path(tempfile.mkdtemp())
atexit.register(shutil.rmtree, out, True)  # once the figures are printed
os.chdir(out)
"""

COUNT = """
import tempfile, os
from collections import Counter
from pathlib import Path
from pypdf import PdfReader
from pypdf.generic import ContentStream
from playtest.library.loader import load_library
from playtest.generator.kit.build import BuildRequest, build_kits
import atexit, shutil
out = Path(tempfile.mkdtemp())
atexit.register(shutil.rmtree, out, True)
os.chdir(out)
library = load_library()
pdfs = [p for p in build_kits(library, BuildRequest(formats=frozenset({'pdf'})))]
cards = sum(c.count for g in map(library.game, library.game_ids) for d in g.decks
            if d.optional is None for c in d.cards)
ops, forms, pages, docs = Counter(), set(), 0, []
def walk(stream, resources, reader, doc):
    for operands, op in ContentStream(stream, reader).operations:
        op = op.decode("latin-1")
        ops[op] += 1
        if op == "Do":
            ref = resources["/XObject"].raw_get(operands[0])
            xobject = ref.get_object()
            if (doc, ref.idnum) not in forms:  # each form's own drawing counts once
                forms.add((doc, ref.idnum))
                walk(xobject, xobject.get("/Resources", resources), reader, doc)
for doc, path in enumerate(pdfs):
    reader = PdfReader(path)
    for page in reader.pages:
        pages += 1
        walk(page.get_contents(), page["/Resources"], reader, doc)
    docs.append((len(reader.pages), sum(1 for d, _ in forms if d == doc)))
"""

COUNT_BODY = """
EXTRA = {"pages": pages, "cards": cards, "forms": len(forms), "docs": docs,
         **{k: ops[k] for k in ("re", "c", "l", "m", "f", "f*", "S", "B", "B*", "Tj", "Do")}}
"""

FLOOR = """
import io
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from playtest import components

N = {counts!r}
"""

# like a kit, the floor loads the four faces of the house font and uses them all; each kit is
# its own document
FLOOR_BODY = """
FACES = ("Lato-Regular", "Lato-Bold", "Lato-Black", "Lato-Italic")
for face in FACES:
    path = components.ROOT / "_shared" / "fonts" / f"{face}.ttf"
    pdfmetrics.registerFont(TTFont(face, str(path)))
def spread(key, page):  # this page's share of N[key]
    return N[key] * (page + 1) // N["pages"] - N[key] * page // N["pages"]
EXTRA, page = 0, 0
for pages, forms in N["docs"]:
    buffer = io.BytesIO()
    c = Canvas(buffer, invariant=1, pageCompression=1, initialFontName="Lato-Regular")
    for f in range(forms):
        c.beginForm(f"F{f}", 0, 0, 10, 10)
        c.rect(0, 0, 10, 10, stroke=0, fill=1)
        c.endForm()
    for _ in range(pages):
        fills = spread("f", page) + spread("f*", page)
        strokes, both = spread("S", page), spread("B", page) + spread("B*", page)
        paints = fills + strokes + both
        rects, curves, lines = spread("re", page), spread("c", page), spread("l", page)
        for i in range(paints):  # each painted path: its share of the page's segments
            p = c.beginPath()
            for j in range(i, rects, paints):
                p.rect(10 + j % 50, 10 + j % 70, 30, 20)
            if i < curves or i < lines:
                p.moveTo(10, 10)
            for j in range(i, curves, paints):
                p.curveTo(20, 20 + j % 9, 30, 25, 40 + j % 13, 10)
            for j in range(i, lines, paints):
                p.lineTo(50 + j % 31, 60 + j % 17)
            c.setFillColorRGB(0.1 * (i % 9), 0.5, 0.5)
            c.drawPath(p, stroke=int(i >= fills), fill=int(i < fills or i >= fills + strokes))
        for i in range(spread("Tj", page)):
            c.setFont(FACES[i % 4], 9)
            c.drawString(20 + i % 40, 20 + i % 700, "Some card text of a usual length")
        for i in range(spread("Do", page) if forms else 0):
            c.saveState()
            c.translate(i % 500, i % 700)
            c.doForm(f"F{i % forms}")
            c.restoreState()
        c.showPage()
        page += 1
    c.save()
    EXTRA += len(buffer.getvalue())
"""

# the floor before 2026-12-01: one document, each page's curves and lines one path, painted once
FLOOR_ONE_PATH = """
FACES = ("Lato-Regular", "Lato-Bold", "Lato-Black", "Lato-Italic")
for face in FACES:
    path = components.ROOT / "_shared" / "fonts" / f"{face}.ttf"
    pdfmetrics.registerFont(TTFont(face, str(path)))
buffer = io.BytesIO()
c = Canvas(buffer, invariant=1, pageCompression=1, initialFontName="Lato-Regular")
for f in range(N["forms"]):
    c.beginForm(f"F{f}", 0, 0, 10, 10)
    c.rect(0, 0, 10, 10, stroke=0, fill=1)
    c.endForm()
def spread(key, page):  # this page's share of N[key]
    return N[key] * (page + 1) // N["pages"] - N[key] * page // N["pages"]
for page in range(N["pages"]):
    for i in range(spread("re", page)):
        c.rect(10 + i % 50, 10 + i % 70, 30, 20, stroke=0, fill=1)
    p = c.beginPath()
    p.moveTo(10, 10)
    for i in range(spread("c", page)):
        p.curveTo(20, 20 + i % 9, 30, 25, 40 + i % 13, 10)
    for i in range(spread("l", page)):
        p.lineTo(50 + i % 31, 60 + i % 17)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    for i in range(spread("f", page) + spread("S", page) + spread("B", page)):
        c.setFillColorRGB(0.1 * (i % 9), 0.5, 0.5)
    for i in range(spread("Tj", page)):
        c.setFont(FACES[i % 4], 9)
        c.drawString(20 + i % 40, 20 + i % 700, "Some card text of a usual length")
    for i in range(spread("Do", page)):
        c.saveState()
        c.translate(i % 500, i % 700)
        c.doForm(f"F{i % N['forms']}")
        c.restoreState()
    c.showPage()
c.save()
EXTRA = len(buffer.getvalue())
"""


def run() -> list[tuple[str, ...]]:
    counts = measure(COUNT_BODY, COUNT)["extra"]
    full = measure("list(build_kits(load_library(), BuildRequest()))", BUILD, repeat=3)
    # ours and the floor run turn about, and the ratio of each pair counts: on a shared
    # machine the speed drifts between runs, and a pair sees the same machine
    ratios, ours, floors, before = [], [], [], []
    for _ in range(PAIRS):
        ours.append(
            measure(
                "list(build_kits(load_library(), BuildRequest(formats=frozenset({'pdf'}))))", BUILD
            )
        )
        floors.append(measure(FLOOR_BODY, FLOOR.format(counts=counts)))
        ratios.append(ours[-1]["cpu"] / floors[-1]["cpu"])
        before.append(ours[-1]["cpu"] / measure(FLOOR_ONE_PATH, FLOOR.format(counts=counts))["cpu"])
    ratio = statistics.median(ratios)
    pdf_only = min(ours, key=lambda r: r["seconds"])
    floor = min(floors, key=lambda r: r["seconds"])
    paints = sum(counts[k] for k in ("f", "f*", "S", "B", "B*"))
    drawn = (
        f"{len(counts['docs'])} PDFs, {counts['pages']} pages, {counts['re']} rects, "
        f"{counts['c']} curves, {counts['l']} lines, {paints} paints, {counts['Tj']} text runs, "
        f"{counts['Do']} form uses"
    )
    return [
        (
            "four kits, PDF + SVG",
            f"{counts['cards']} cards + dice, sheets, tokens, boards",
            f"{full['seconds']:.2f} s",
            f"{full['peak_mb']:.0f} MB",
            "",
        ),
        (
            "four kits, PDF only",
            drawn,
            f"{pdf_only['seconds']:.2f} s",
            f"{pdf_only['peak_mb']:.0f} MB",
            f"{ratio:.1f}x the floor (median of {PAIRS} pairs, CPU time; "
            f"{min(ratios):.1f}x to {max(ratios):.1f}x); "
            f"{statistics.median(before):.1f}x the one-path floor of before",
        ),
        (
            "reportlab floor",
            "the same documents and primitives, counted from our PDFs",
            f"{floor['seconds']:.2f} s",
            f"{floor['peak_mb']:.0f} MB",
            "target: within 2x (issue 28)",
        ),
    ]
