"""Full build of the four kits, against a hand-written reportlab floor.

The floor is a plain reportlab loop that draws exactly what our kits draw, counted from our
own PDFs: the same pages, rectangles, curves, lines, fills and strokes, text runs in the same
font, and form XObjects placed the same number of times. It reads no YAML, validates nothing,
lays nothing out: the ratio is the price of everything playtest-kit does on top of drawing.
"""

from __future__ import annotations

import statistics

from benchmarks.common import measure

PAIRS = 21

BUILD = """
import tempfile, os
from pathlib import Path
from playtest.loader import load_library
from playtest.registry import registrations
from playtest.generator.kit import BuildRequest, build_kits
registrations()  # imports, like the floor's reportlab import, are not part of the build
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
from playtest.loader import load_library
from playtest.generator.kit import BuildRequest, build_kits
import atexit, shutil
out = Path(tempfile.mkdtemp())
atexit.register(shutil.rmtree, out, True)
os.chdir(out)
library = load_library()
pdfs = [p for p in build_kits(library, BuildRequest(formats=frozenset({'pdf'})))]
cards = sum(c.count for g in map(library.game, library.game_ids) for d in g.decks
            if d.optional is None for c in d.cards)
ops, forms, pages = Counter(), set(), 0
def walk(stream, resources, reader):
    for operands, op in ContentStream(stream, reader).operations:
        op = op.decode("latin-1")
        ops[op] += 1
        if op == "Do":
            ref = resources["/XObject"].raw_get(operands[0])
            xobject = ref.get_object()
            if ref.idnum not in forms:  # each form's own drawing counts once
                forms.add(ref.idnum)
                walk(xobject, xobject.get("/Resources", resources), reader)
for path in pdfs:
    reader = PdfReader(path)
    for page in reader.pages:
        pages += 1
        walk(page.get_contents(), page["/Resources"], reader)
"""

COUNT_BODY = """
EXTRA = {"pages": pages, "cards": cards, "forms": len(forms),
         **{k: ops[k] for k in ("re", "c", "l", "m", "f", "f*", "S", "B", "Tj", "Do")}}
"""

FLOOR = """
import io
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from playtest import components

N = {counts!r}
"""

# like a kit, the floor loads the four faces of the house font and uses them all
FLOOR_BODY = """
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
    ratios, ours, floors = [], [], []
    for _ in range(PAIRS):
        ours.append(
            measure(
                "list(build_kits(load_library(), BuildRequest(formats=frozenset({'pdf'}))))", BUILD
            )
        )
        floors.append(measure(FLOOR_BODY, FLOOR.format(counts=counts)))
        ratios.append(ours[-1]["cpu"] / floors[-1]["cpu"])
    ratio = statistics.median(ratios)
    pdf_only = min(ours, key=lambda r: r["seconds"])
    floor = min(floors, key=lambda r: r["seconds"])
    drawn = (
        f"{counts['pages']} pages, {counts['re']} rects, {counts['c']} curves, "
        f"{counts['Tj']} text runs, {counts['Do']} form uses"
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
            f"{min(ratios):.1f}x to {max(ratios):.1f}x)",
        ),
        (
            "reportlab floor",
            "the same primitives, counted from our PDFs",
            f"{floor['seconds']:.2f} s",
            f"{floor['peak_mb']:.0f} MB",
            "target: within 2x (issue 28)",
        ),
    ]
