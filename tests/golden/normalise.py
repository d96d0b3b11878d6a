"""A text form of an SVG that diffs well: canonical XML (C14N 2.0), indented. (PDFs are
compared as pictures: tests/pictures.py.)"""

from __future__ import annotations

from pathlib import Path

from lxml import etree


def svg_text(path: Path) -> str:
    tree = etree.parse(str(path), etree.XMLParser(remove_blank_text=True))
    canonical = etree.tostring(tree, method="c14n2", strip_text=True)
    pretty = etree.tostring(etree.fromstring(canonical), pretty_print=True)
    return pretty.decode("utf-8")
