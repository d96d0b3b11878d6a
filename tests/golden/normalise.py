"""Text forms of PDFs and SVGs that diff well: what is drawn, not how the bytes fall.

A PDF becomes its page boxes, fonts and every content stream (the page's and each form
XObject's), parsed and re-written one operator a line by qpdf (pikepdf). Font programs and
object numbers are left out: they change with the library, not with the drawing. An SVG
becomes canonical XML (C14N 2.0), indented.
"""

from __future__ import annotations

from pathlib import Path

import pikepdf
from lxml import etree


def _stream_text(obj: pikepdf.Object) -> list[str]:
    lines = []
    for operands, operator in pikepdf.parse_content_stream(obj):
        lines.append(pikepdf.unparse_content_stream([(operands, operator)]).decode("latin-1"))
    return lines


def _resources(resources: pikepdf.Object | None, seen: set, out: list[str], depth: int) -> None:
    if resources is None:
        return
    for name, font in sorted((resources.get("/Font") or {}).items()):
        base = str(font.get("/BaseFont", ""))
        out.append(f"{'  ' * depth}font {name}: {base.split('+')[-1]}")
    for name, xobject in sorted((resources.get("/XObject") or {}).items()):
        key = str(name)
        if key in seen:
            continue
        seen.add(key)
        bbox = [round(float(v), 3) for v in xobject.get("/BBox", [])]
        out.append(f"{'  ' * depth}form {key} bbox {bbox}:")
        out += [f"{'  ' * (depth + 1)}{line}" for line in _stream_text(xobject)]
        _resources(xobject.get("/Resources"), seen, out, depth + 1)


def pdf_text(path: Path) -> str:
    out: list[str] = []
    with pikepdf.open(path) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            out.append(f"page {number}")
            for box in ("/MediaBox", "/TrimBox", "/BleedBox"):
                if box in page.obj:
                    out.append(f"  {box[1:]} {[round(float(v), 3) for v in page.obj[box]]}")
            out += [f"  {line}" for line in _stream_text(page.obj)]
            _resources(page.obj.get("/Resources"), set(), out, 1)
    return "\n".join(out) + "\n"


def svg_text(path: Path) -> str:
    tree = etree.parse(str(path), etree.XMLParser(remove_blank_text=True))
    canonical = etree.tostring(tree, method="c14n2", strip_text=True)
    pretty = etree.tostring(etree.fromstring(canonical), pretty_print=True)
    return pretty.decode("utf-8")
