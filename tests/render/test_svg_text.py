"""SVG files are written by svgwrite (generator/backends/svg.py): whatever a designer types (markup,
quotes, ampersands, line breaks, tabs) comes back from an XML parser as what was printed, in
the text, the title, a tap name and the font family."""

from __future__ import annotations

from lxml import etree

from playtest import components
from playtest.drawing.geometry import Affine
from playtest.drawing.model import Group, Rect, Text
from playtest.drawing.symbols import SymbolTable
from playtest.faces.fonts import FontSet
from playtest.generator.backends.svg import svg_document

SVG = "{http://www.w3.org/2000/svg}"
WORDS = 'Fish & <chips> "to go"'


def _fonts(family: str) -> FontSet:
    shared = components.ROOT / "_shared" / "fonts"
    return FontSet(family, "sans-serif", {"regular": shared / "Lato-Regular.ttf"})


def test_typed_markup_quotes_and_breaks_come_back_as_typed() -> None:
    family = 'A "Lato" & <co>'
    shapes = [
        Group(
            (Text(1, 2, WORDS, "regular", 3, (0, 0, 0)),),
            Affine.translate(1, 1),
            clip=(0, 0, 5, 5),
            tap='row 1 & "tab"\there\nthere',
        ),
        Rect(0, 0, 10, 10, 1, (1, 0, 0)),
    ]
    text = svg_document(10, 20, shapes, SymbolTable(), _fonts(family), title="Card <1> & 2")
    root = etree.fromstring(text.encode("utf-8"))
    assert root.find(f"{SVG}title").text == "Card <1> & 2"
    (printed,) = root.iter(f"{SVG}text")
    assert printed.text == WORDS
    assert printed.get("font-family") == f"{family}, sans-serif"
    (group,) = root.iter(f"{SVG}g")
    assert group.get("data-tap") == 'row 1 & "tab"\there\nthere'  # numbers keep the breaks
    assert group.get("clip-path") == "url(#clip-1)"
    (clip,) = root.find(f"{SVG}defs").iter(f"{SVG}clipPath")
    assert clip.get("id") == "clip-1"
    (rect,) = (r for r in root.iter(f"{SVG}rect") if r.get("fill"))
    assert (rect.get("width"), rect.get("rx"), rect.get("fill")) == ("10", "1", "#ff0000")


def test_an_empty_text_and_group_are_empty_elements() -> None:
    shapes = [Group(()), Text(0, 0, "", "regular", 3, (0, 0, 0))]
    text = svg_document(10, 10, shapes, SymbolTable(), _fonts("Lato"), embed_fonts=False)
    assert "<g />" in text
    assert (
        '<text fill="#000000" font-family="Lato, sans-serif" font-size="3" x="0" y="0" />' in text
    )
