"""Pictures of what we print, for tests: PDF pages rendered with pypdfium2, SVG files rendered
with resvg (the pip package resvg-py: no system program), and comparisons that allow for
anti-aliasing.

`pdf_picture` and `svg_picture` give RGB images of the same size for a PDF page and its SVG
twin (`svg_picture(svg, pdf.size)`); `picture_difference` says which share of pixels differ
visibly. Use `assert_same_picture` against a stored PNG (same renderer: a tight tolerance) and
`assert_same_colours` between PDF and SVG (two renderers, slightly different edges and
glyph hinting: both pictures are blurred first, so only colour differences count).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pypdfium2 as pdfium
import resvg_py
from PIL import Image, ImageChops, ImageFilter

from playtest import components

DPI = 50  # enough to see every shape and colour of a card; keeps stored PNGs small


@dataclass(frozen=True)
class Difference:
    share: float  # of pixels whose colour differs by more than the threshold in a channel
    worst: int  # largest difference of one channel, 0..255

    def __str__(self) -> str:
        return f"{self.share:.2%} of pixels differ (largest channel difference {self.worst})"


def pdf_picture(pdf: Path | bytes, page: int = 0, dpi: float = DPI) -> Image.Image:
    """Page `page` (from 0) of `pdf`, on white."""
    doc = pdfium.PdfDocument(pdf)
    try:
        image = doc[page].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    return image


FONTS = components.ROOT / "_shared" / "fonts"


def svg_picture(svg: Path | str, size: tuple[int, int]) -> Image.Image:
    """The SVG (a file, or its text) rendered by resvg (the pip package resvg-py, which carries
    its own renderer) on white, stretched to `size` pixels as pdfium stretches a page to whole
    pixels: give it the size of the PDF picture. Only the shipped fonts are used (no system
    font), so the SVG's Lato is the PDF's Lato on every machine."""
    text = svg.read_text() if isinstance(svg, Path) else svg
    png = resvg_py.svg_to_bytes(
        svg_string=text,
        width=size[0],
        dpi=96,  # how mm sizes become pixels before the picture is scaled to `size`
        background="white",
        skip_system_fonts=True,
        font_dirs=[str(FONTS)],
        font_family="Lato",
        sans_serif_family="Lato",
    )
    with Image.open(io.BytesIO(bytes(png))) as image:
        picture = image.convert("RGB")
    # resvg keeps the aspect ratio: a pixel of rounding away from pdfium's size at most
    return picture if picture.size == size else picture.resize(size, Image.Resampling.BILINEAR)


def picture_difference(a: Image.Image, b: Image.Image, threshold: int = 40) -> Difference:
    if a.size != b.size:
        return Difference(1.0, 255)
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    red, green, blue = diff.split()
    most = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    histogram = most.histogram()
    over = sum(histogram[threshold + 1 :])
    worst = max((v for v, n in enumerate(histogram) if n), default=0)
    return Difference(over / (a.width * a.height), worst)


def assert_same_picture(
    actual: Image.Image, expected: Image.Image, what: str, max_share: float = 0.002
) -> None:
    """Same renderer, same drawing: only rounding at edges may differ."""
    diff = picture_difference(actual, expected)
    assert diff.share <= max_share, f"{what}: the picture changed: {diff}"


BLUR = 2  # pixels


def colour_blur(image: Image.Image) -> Image.Image:
    """Edges and glyph hinting blurred away; areas keep their colour."""
    return image.filter(ImageFilter.BoxBlur(BLUR))


def assert_same_colours(
    pdf: Image.Image, svg: Image.Image, what: str, max_share: float = 0.01
) -> None:
    """PDF and SVG of one drawing paint the same colours in the same places."""
    diff = picture_difference(colour_blur(pdf), colour_blur(svg), threshold=60)
    assert diff.share <= max_share, f"{what}: PDF and SVG pictures differ in colour: {diff}"


def light_share(picture: Image.Image, box: tuple[float, float, float, float]) -> float:
    """The share of near-white pixels in `box` (pixels) of `picture`: text on a light label
    has most of its box light, text straight on a dark colour almost none."""
    counts = picture.convert("L").crop(tuple(round(v) for v in box)).histogram()
    return sum(counts[231:]) / sum(counts)


def face_picture(face: Any, env: Any, px_per_mm: float, bleed: float = 0) -> np.ndarray:
    """A drawn face (`DrawnFace`) alone on white, drawn by the kit's own PDF writer and
    rendered by pdfium, with `bleed` mm of its art round its trim: an RGB array of floats
    0..1, `px_per_mm` pixels a millimetre."""
    from playtest.drawing.geometry import Affine
    from playtest.drawing.model import Group, Page
    from playtest.generator.backends.pdf import PdfWriter

    page = Page(
        face.width + 2 * bleed,
        face.height + 2 * bleed,
        (Group(face.shapes, Affine.translate(bleed, bleed)),),
    )
    buffer = io.BytesIO()
    writer = PdfWriter(buffer, env.fonts, env.symbols, title=face.title)
    writer.add_page(page)
    writer.close()
    return np.asarray(pdf_picture(buffer.getvalue(), dpi=px_per_mm * 25.4), dtype=np.float64) / 255
