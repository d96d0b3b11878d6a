"""Dice: sticker sheets (six faces a row, grouped and labelled per die) and paper cube nets
(the net's shape is data: `net:` in components/_shared/print.yaml)."""

from __future__ import annotations

from collections.abc import Iterator

from playtest.drawing.face import DrawnFace
from playtest.drawing.geometry import Affine
from playtest.drawing.model import Group, Line, Page, Path, Rect, Shape, Stroke, Text
from playtest.generator.impose.grid import SheetLayout, Slot, auto_template, grid_layout
from playtest.model.components import Die
from playtest.model.presets import Net
from playtest.model.print_options import PrintOptions

CUT = Stroke((0.35, 0.35, 0.35), 0.2)
FOLD = Stroke((0.55, 0.55, 0.55), 0.2, (1.2, 1.0))
TAB_FILL = (0.93, 0.93, 0.93)
LABEL = (0.3, 0.3, 0.3)
STICKER_GAP = 3.0
STICKER_BLEED = 1.0
LABEL_BAND = 5.0


def printed_scale(die: Die, opts: PrintOptions) -> float:
    """How much the die's faces are scaled on paper, stickers and nets alike: the smaller of
    the two, the size their text is judged at. The die's SVG file is drawn at it too, so it
    holds the faces the stickers print."""
    return min(opts.sticker_size, opts.net_face) / die.size


def scaled(face: DrawnFace, size: float) -> Group:
    return Group(face.shapes, Affine.scale(size / face.width))


def sticker_grid(opts: PrintOptions) -> tuple[int, int]:
    """How many rows of six stickers fit across and down a page."""
    pw, ph = opts.paper
    s = opts.sticker_size
    row_w = 6 * s + 5 * STICKER_GAP
    per_line = max(1, int((pw - 2 * opts.margin + STICKER_GAP) // (row_w + STICKER_GAP)))
    lines = max(1, int((ph - 2 * opts.margin - opts.footer) // (LABEL_BAND + s + STICKER_GAP)))
    return per_line, lines


def sticker_pages(dice: list[tuple[Die, list[DrawnFace]]], opts: PrintOptions) -> Iterator[Page]:
    """One labelled row of six stickers per physical die, rows flowing down the pages."""
    pw, ph = opts.paper
    s = opts.sticker_size
    row_h = LABEL_BAND + s + STICKER_GAP
    row_w = 6 * s + 5 * STICKER_GAP
    per_line, lines = sticker_grid(opts)
    rows = [(die, faces, copy) for die, faces in dice for copy in range(1, die.count + 1)]
    per_page = per_line * lines
    x0 = (pw - (per_line * row_w + (per_line - 1) * STICKER_GAP)) / 2
    for start in range(0, len(rows), per_page):
        shapes: list[Shape] = []
        for i, (die, faces, copy) in enumerate(rows[start : start + per_page]):
            x = x0 + (i % per_line) * (row_w + STICKER_GAP)
            y = opts.margin + (i // per_line) * row_h
            shapes.append(
                Text(
                    x, y + LABEL_BAND - 1.5, f"{die.name} {copy} of {die.count}", "bold", 3.0, LABEL
                )
            )
            for k, face in enumerate(faces):
                fx = x + k * (s + STICKER_GAP)
                fy = y + LABEL_BAND
                art = Group((scaled(face, s),), Affine.translate(fx, fy))
                shapes.append(
                    Group(
                        (art,),
                        clip=(
                            fx - STICKER_BLEED,
                            fy - STICKER_BLEED,
                            s + 2 * STICKER_BLEED,
                            s + 2 * STICKER_BLEED,
                        ),
                    )
                )
                shapes.append(Rect(fx, fy, s, s, s * 0.12, None, CUT))
        yield Page(pw, ph, tuple(shapes), label=f"dice stickers {start // per_page + 1}")


def net_size(net: Net, face: float, tab: float) -> tuple[float, float]:
    cols = max(c for c, _ in net.cells) + 1
    rows = max(r for _, r in net.cells) + 1
    return (cols * face + 2 * tab, rows * face + 2 * tab)


def _tab(x: float, y: float, s: float, edge: str, depth: float) -> Path:
    """A trapezoid glue tab on one edge of the face square at (x, y)."""
    inset = min(depth, s / 4)
    pts = {
        "top": [(x, y), (x + inset, y - depth), (x + s - inset, y - depth), (x + s, y)],
        "bottom": [
            (x, y + s),
            (x + inset, y + s + depth),
            (x + s - inset, y + s + depth),
            (x + s, y + s),
        ],
        "left": [(x, y), (x - depth, y + inset), (x - depth, y + s - inset), (x, y + s)],
        "right": [
            (x + s, y),
            (x + s + depth, y + inset),
            (x + s + depth, y + s - inset),
            (x + s, y + s),
        ],
    }[edge]
    ops = (("M", *pts[0]), *(("L", *p) for p in pts[1:]), ("Z",))
    return Path(ops, TAB_FILL, CUT)


def net_shapes(faces: list[DrawnFace], net: Net, s: float, tab: float) -> list[Shape]:
    """One cube net with its top-left corner at (0, 0) (tabs included)."""
    shapes: list[Shape] = []
    cells = {tuple(cell): index for index, cell in enumerate(net.cells)}
    for face_index, edge in net.tabs:
        c, r = net.cells[face_index]
        shapes.append(_tab(tab + c * s, tab + r * s, s, edge, tab))
    for index, (c, r) in enumerate(net.cells):
        x, y = tab + c * s, tab + r * s
        shapes.append(
            Group((Group((scaled(faces[index], s),), Affine.translate(x, y)),), clip=(x, y, s, s))
        )
        # fold lines where two faces meet, cut lines elsewhere
        for edge, (dc, dr), line in (
            ("top", (0, -1), (x, y, x + s, y)),
            ("bottom", (0, 1), (x, y + s, x + s, y + s)),
            ("left", (-1, 0), (x, y, x, y + s)),
            ("right", (1, 0), (x + s, y, x + s, y + s)),
        ):
            neighbour = cells.get((c + dc, r + dr))
            if neighbour is not None and neighbour < index:
                continue  # drawn once, from the other face
            has_tab = (index, edge) in {(f, e) for f, e in net.tabs}
            stroke = FOLD if neighbour is not None or has_tab else CUT
            shapes.append(Line(*line, stroke))
    return shapes


def net_layout(net: Net, opts: PrintOptions) -> SheetLayout:
    """Nets stay upright (their labels read across), as many as fit."""
    w, h = net_size(net, opts.net_face, opts.glue_tab)
    item = (w, h + LABEL_BAND)
    template = auto_template(
        "net", opts.paper_name, opts.paper, item, 0, opts.margin, 4, footer=opts.footer, turn=False
    )
    return grid_layout(template, opts.paper, item, 0, opts.margin, footer=opts.footer)


def net_pages(
    dice: list[tuple[Die, list[DrawnFace]]], net: Net, opts: PrintOptions
) -> Iterator[Page]:
    s, tab = opts.net_face, opts.glue_tab
    layout = net_layout(net, opts)
    copies = [(die, faces, copy) for die, faces in dice for copy in range(1, die.count + 1)]
    per_page = len(layout.slots)
    pw, ph = opts.paper
    for start in range(0, len(copies), per_page):
        shapes: list[Shape] = []
        for slot, (die, faces, copy) in zip(
            layout.slots, copies[start : start + per_page], strict=False
        ):
            shapes.append(_net_at(slot, die, faces, copy, net, s, tab))
        yield Page(pw, ph, tuple(shapes), label=f"dice nets {start // per_page + 1}")


def _net_at(
    slot: Slot, die: Die, faces: list[DrawnFace], copy: int, net: Net, s: float, tab: float
) -> Shape:
    label = Text(0, LABEL_BAND - 1.5, f"{die.name} {copy} of {die.count}", "bold", 3.0, LABEL)
    body = Group(tuple(net_shapes(faces, net, s, tab)), Affine.translate(0, LABEL_BAND))
    return Group((label, body), Affine.translate(slot.x, slot.y))
