"""Full build of the four kits, against a hand-written reportlab floor.

The floor draws the same number of cards with the same primitives (a bleed background, a
rounded border, a title, a paragraph, an icon path and an id, on 9-up pages, with the same
embedded font) and nothing else: no YAML, no validation, no layout engine, no imposition.
"""

from __future__ import annotations

from benchmarks.common import measure

SETUP_COUNT = """
from playtest.loader import load_library
library = load_library()
games = [library.game(g) for g in library.game_ids]
cards = sum(c.count for g in games for d in g.decks if d.optional is None for c in d.cards)
"""

BUILD = """
import tempfile, os
from pathlib import Path
from playtest.loader import load_library
from generator.kit import BuildRequest, build_kits
out = Path(tempfile.mkdtemp())
os.chdir(out)
"""

FLOOR = """
import io
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.lib.units import mm
import components
font = components.ROOT / "_shared" / "fonts" / "Lato-Regular.ttf"
pdfmetrics.registerFont(TTFont("Lato-Regular", str(font)))
"""

FLOOR_BODY = """
buffer = io.BytesIO()
c = Canvas(buffer, invariant=1, pageCompression=1, initialFontName="Lato-Regular")
for i in range({cards}):
    slot = i % 9
    if slot == 0 and i:
        c.showPage()
    x, y = (10.5 + (slot % 3) * 63) * mm, (16.5 + (slot // 3) * 88) * mm
    c.setFillColorRGB(0.9, 0.95, 0.9)
    c.rect(x - 3 * mm, y - 3 * mm, 69 * mm, 94 * mm, stroke=0, fill=1)
    c.setStrokeColorRGB(0.2, 0.2, 0.2)
    c.roundRect(x + 3 * mm, y + 3 * mm, 57 * mm, 82 * mm, 3 * mm, stroke=1, fill=0)
    c.setFillColorRGB(0.1, 0.1, 0.1)
    c.setFont("Lato-Regular", 11)
    c.drawCentredString(x + 31.5 * mm, y + 78 * mm, f"Card number {{i}}")
    c.setFont("Lato-Regular", 7)
    for line in range(4):
        c.drawString(x + 6 * mm, y + (30 - line * 4) * mm, "Some rules text, about a line long.")
    p = c.beginPath()
    p.moveTo(x + 31.5 * mm, y + 40 * mm)
    p.curveTo(x + 45 * mm, y + 45 * mm, x + 45 * mm, y + 65 * mm, x + 31.5 * mm, y + 70 * mm)
    p.curveTo(x + 18 * mm, y + 65 * mm, x + 18 * mm, y + 45 * mm, x + 31.5 * mm, y + 40 * mm)
    c.drawPath(p, stroke=0, fill=1)
    c.setFont("Lato-Regular", 4.5)
    c.drawRightString(x + 58 * mm, y + 4 * mm, f"G{{i:03d}}")
c.showPage()
c.save()
EXTRA = len(buffer.getvalue())
"""


def run() -> list[tuple[str, ...]]:
    cards = measure("EXTRA = cards", SETUP_COUNT)["extra"]
    full = measure("list(build_kits(load_library(), BuildRequest()))", BUILD)
    pdf_only = measure("list(build_kits(load_library(), "
                       "BuildRequest(formats=frozenset({'pdf'}))))", BUILD)
    floor = measure(FLOOR_BODY.format(cards=cards), FLOOR)
    ratio = pdf_only["seconds"] / floor["seconds"]
    return [
        ("four kits, PDF + SVG", f"{cards} cards + dice, sheets, tokens, board",
         f"{full['seconds']:.2f} s", f"{full['peak_mb']:.0f} MB", ""),
        ("four kits, PDF only", "", f"{pdf_only['seconds']:.2f} s",
         f"{pdf_only['peak_mb']:.0f} MB", f"{ratio:.1f}x the floor"),
        ("reportlab floor", f"{cards} cards, same primitives", f"{floor['seconds']:.2f} s",
         f"{floor['peak_mb']:.0f} MB", "target: within 3x"),
    ]
