"""What a build writes: a kit PDF with embedded fonts and SVG files sized in millimetres."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from lxml import etree
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

SVG_NS = "{http://www.w3.org/2000/svg}"
NONE = DictionaryObject()


def fonts_of(pdf: Path) -> dict[str, bool]:
    """Every font the PDF uses -> whether its file is embedded."""
    found: dict[str, bool] = {}
    reader = PdfReader(pdf)

    def visit(resources) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        # get() returns an indirect object unresolved in pypdf 4.0
        for font in resources.get("/Font", NONE).get_object().values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            embedded = descriptor is not None and any(
                k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            found[str(font["/BaseFont"])] = embedded
        for xobject in resources.get("/XObject", NONE).get_object().values():
            visit(xobject.get_object().get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return found


def test_kit_files_exist(mini_kit: Path) -> None:
    assert (mini_kit / "mini-game-kit.pdf").stat().st_size > 10_000
    names = sorted(p.name for p in (mini_kit / "svg").iterdir())
    assert names == [
        "board-board.svg",
        "deck-M1.svg",
        "deck-M2.svg",
        "deck-M3.svg",
        "deck-back.svg",
        "die-pips.svg",
        "sheet-back-sheet.svg",
        "sheet-front-sheet.svg",
        "token-coin.svg",
    ]


def test_every_pdf_font_is_embedded_and_none_is_base14(mini_kit: Path) -> None:
    fonts = fonts_of(mini_kit / "mini-game-kit.pdf")
    assert fonts, "the kit uses no font at all?"
    assert all(fonts.values()), fonts
    assert all(re.fullmatch(r"/[A-Z]{6}\+Lato-\w+", name) for name in fonts), fonts


def test_every_svg_parses_and_is_sized_in_mm(mini_kit: Path) -> None:
    for path in (mini_kit / "svg").iterdir():
        root = etree.parse(str(path)).getroot()
        assert root.tag == f"{SVG_NS}svg"
        assert root.get("width").endswith("mm") and root.get("height").endswith("mm")
        width, height = float(root.get("width")[:-2]), float(root.get("height")[:-2])
        _, _, w, h = (float(v) for v in root.get("viewBox").split())
        assert (w, h) == (width, height)  # one user unit is one millimetre


def test_card_svg_includes_its_bleed(mini_kit: Path) -> None:
    root = etree.parse(str(mini_kit / "svg" / "deck-M1.svg")).getroot()
    assert (root.get("width"), root.get("height")) == ("69mm", "94mm")
    assert root.get("viewBox") == "-3 -3 69 94"


def test_svg_text_uses_the_shipped_family_with_a_fallback(mini_kit: Path) -> None:
    root = etree.parse(str(mini_kit / "svg" / "deck-M1.svg")).getroot()
    families = {t.get("font-family") for t in root.iter(f"{SVG_NS}text")}
    assert families == {"Lato, Helvetica, Arial, sans-serif"}


def test_repeated_art_is_defined_once_and_reused(mini_kit: Path) -> None:
    # the card frame and the leaf icon are symbols, placed with <use>
    root = etree.parse(str(mini_kit / "svg" / "deck-M2.svg")).getroot()
    symbols = [s.get("id") for s in root.iter(f"{SVG_NS}symbol")]
    uses = [u.get("{http://www.w3.org/1999/xlink}href") for u in root.iter(f"{SVG_NS}use")]
    assert len(symbols) == len(set(symbols)) == 2
    # two leaves in the art and one inline in the text: one symbol, three uses
    assert Counter(uses) == {"#S1-frame-mini-game-card-63x88-3": 1, "#S2-icon-mini-game-leaf": 3}
    # in the PDF, the same frame is one form XObject used by every card on the page
    reader = PdfReader(mini_kit / "mini-game-kit.pdf")

    # forms are named S1, S2, ...: the frame is the one whose box is a card and its bleed
    # (-3, -3, 69 x 94) grown by that size on every side (a form is clipped to its box, an SVG
    # symbol is not); the first page of cards is found by it (where it falls depends on the
    # pages before it)
    def frame_of(page) -> str | None:
        forms = page["/Resources"].get("/XObject", {})
        return next(
            (
                name
                for name, form in forms.items()
                if [float(v) for v in form.get_object()["/BBox"]] == [-72, -97, 135, 185]
            ),
            None,
        )

    card_page = next(page for page in reader.pages if frame_of(page))
    frame = frame_of(card_page)
    content = card_page.get_contents().get_data().decode("latin-1")
    assert content.count(f"{frame} Do") == 4
