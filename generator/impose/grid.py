"""Slots on a sheet: a grid of same-size items from a template (or an automatic one), each with
the bleed it may use on the page without touching its neighbours."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from playtest.core.errors import InputError
from playtest.core.limits import MAX_GRID
from playtest.drawing.geometry import Affine
from playtest.model.presets import Kind, Presets, SheetTemplate

EPS = 1e-6


@dataclass(frozen=True)
class Slot:
    x: float  # trim box on the page (after rotation and scaling)
    y: float
    w: float
    h: float
    rotate: int = 0  # 0 or 90: the item is turned a quarter turn clockwise
    scale: float = 1.0
    bleed: tuple[float, ...] = (0, 0, 0, 0)  # left, top, right, bottom
    col: int = 0
    row: int = 0
    # how far art may reach past each side: half the gutter towards a neighbour that is
    # printed, unlimited towards the block's outside or an empty slot
    room: tuple[float, ...] = (math.inf,) * 4

    def placement(self, item_w: float, item_h: float) -> Affine:
        """Maps the item's own coordinates (trim at 0, 0) onto the page."""
        if self.rotate == 90:
            return (
                Affine.translate(self.x + self.w, self.y)
                @ Affine.rotate(90)
                @ Affine.scale(self.scale)
            )
        return Affine.translate(self.x, self.y) @ Affine.scale(self.scale)

    def bleed_rect(self, extra: float = 0) -> tuple[float, float, float, float]:
        """The trim grown by the bleed (plus `extra`, as far as each side has room)."""
        left, top, right, bottom = (
            min(b + extra, room) for b, room in zip(self.bleed, self.room, strict=True)
        )
        return (self.x - left, self.y - top, self.w + left + right, self.h + top + bottom)


@dataclass(frozen=True)
class SheetLayout:
    template: str
    paper: tuple[float, float]
    item: tuple[float, float]
    slots: tuple[Slot, ...]
    gutter: tuple[float, float]  # between columns, between rows

    def filled(self, count: int, bleed: float) -> list[Slot]:
        """The first `count` slots as one page prints them: every side facing the block's
        outside or an empty slot gets the full bleed; a side facing a printed neighbour gets
        what half the gutter leaves (nothing when the cards share a cut)."""
        used = {(s.col, s.row) for s in self.slots[:count]}
        gx, gy = self.gutter
        slots = []
        for s in self.slots[:count]:
            neighbours = (
                (s.col - 1, s.row, gx),
                (s.col, s.row - 1, gy),
                (s.col + 1, s.row, gx),
                (s.col, s.row + 1, gy),
            )
            room = tuple(gap / 2 if (c, r) in used else math.inf for c, r, gap in neighbours)
            slots.append(replace(s, bleed=tuple(min(bleed, r) for r in room), room=room))
        return slots


def item_size(presets: Presets, size: str | tuple[float, float]) -> tuple[float, float]:
    return presets.sizes[size] if isinstance(size, str) else (float(size[0]), float(size[1]))


def choose_template(
    presets: Presets, kind: str, paper: str, item: tuple[float, float]
) -> SheetTemplate | None:
    """The highest-priority template for this kind, paper and item size (None: automatic)."""
    for template in sorted(presets.templates, key=lambda t: -t.priority):
        if template.kind != kind or template.paper != paper:
            continue
        if template.item is None or _same(item_size(presets, template.item), item):
            return template
    return None


def _same(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 0.01 and abs(a[1] - b[1]) < 0.01


def grid_layout(
    template: SheetTemplate,
    paper: tuple[float, float],
    item: tuple[float, float],
    bleed: float,
    margin: float,
    *,
    footer: float = 0,
    footer_gap: float = 0,
    region: tuple[float, float, float, float] | None = None,
) -> SheetLayout:
    """Lay `template.cols` x `template.rows` items centred in `region` (default: the paper
    above the footer band and `footer_gap`, the room crop marks keep clear of the footer).

    With `template.fit`, items are scaled to fill the printable area (score sheets). Raises
    InputError naming the shortfall when the items and their outer bleed leave the printable area.
    """
    pw, ph = paper
    rx, ry, rw, rh = region or (0, 0, pw, ph - footer - footer_gap)
    iw, ih = (item[1], item[0]) if template.rotate else item
    (gx, gy), cols, rows = template.gaps, template.cols, template.rows
    scale = 1.0
    avail_w, avail_h = rw - 2 * margin - 2 * bleed, rh - 2 * margin - 2 * bleed
    if template.fit:
        scale = min(
            (avail_w - gx * (cols - 1)) / (cols * iw), (avail_h - gy * (rows - 1)) / (rows * ih)
        )
        if scale <= 0:
            raise InputError.one(
                "print.yaml", None, f"templates.{template.id}", "no room for even one item"
            )
    sw, sh = iw * scale, ih * scale
    need_w, need_h = cols * sw + (cols - 1) * gx, rows * sh + (rows - 1) * gy
    short_w, short_h = need_w - avail_w, need_h - avail_h
    if short_w > EPS or short_h > EPS:
        what = []
        if short_w > EPS:
            what.append(f"{short_w:.1f} mm too wide")
        if short_h > EPS:
            what.append(f"{short_h:.1f} mm too tall")
        gaps = f"{gx:g}" if gx == gy else f"{gx:g}/{gy:g}"
        gap = f" and {footer_gap:g} mm over it for crop marks" if footer_gap else ""
        raise InputError.one(
            "components/_shared/print.yaml",
            None,
            f"templates.{template.id}",
            f"{cols}x{rows} items of {item[0]:g}x{item[1]:g} mm with {gaps} mm gutter and "
            f"{bleed:g} mm bleed do not fit the printable area of {paper[0]:g}x{paper[1]:g} mm "
            f"paper ({margin:g} mm margins, {footer:g} mm footer{gap}): {' and '.join(what)}",
        )
    x0 = rx + (rw - need_w) / 2
    y0 = ry + (rh - need_h) / 2
    slots = [
        Slot(
            x=x0 + col * (sw + gx),
            y=y0 + row * (sh + gy),
            w=sw,
            h=sh,
            rotate=90 if template.rotate else 0,
            scale=scale,
            bleed=(bleed,) * 4,
            col=col,
            row=row,
        )
        for row in range(rows)
        for col in range(cols)
    ]
    layout = SheetLayout(template.id, paper, item, tuple(slots), (gx, gy))
    # a full sheet: inner sides get what the gutter leaves them
    return replace(layout, slots=tuple(layout.filled(len(slots), bleed)))


def auto_template(
    kind: Kind,
    paper_name: str,
    paper: tuple[float, float],
    item: tuple[float, float],
    bleed: float,
    margin: float,
    gutter: float | tuple[float, float],
    *,
    footer: float = 0,
    turn: bool = True,
) -> SheetTemplate:
    """The grid that fits the most items, upright or (if `turn`) turned; upright wins a tie."""
    gx, gy = gutter if isinstance(gutter, tuple) else (gutter, gutter)
    best: tuple[int, bool, int, int] | None = None
    for rotate in (False, True) if turn else (False,):
        iw, ih = (item[1], item[0]) if rotate else item
        # a tiny item would fit hundreds a row; a sheet template holds at most MAX_GRID
        cols = min(MAX_GRID, math.floor((paper[0] - 2 * margin - 2 * bleed + gx) / (iw + gx) + EPS))
        rows = min(
            MAX_GRID,
            math.floor((paper[1] - footer - 2 * margin - 2 * bleed + gy) / (ih + gy) + EPS),
        )
        if cols >= 1 and rows >= 1 and (best is None or cols * rows > best[0]):
            best = (cols * rows, rotate, cols, rows)
    if best is None:
        raise InputError.one(
            "components",
            None,
            "size",
            f"a {item[0]:g}x{item[1]:g} mm {kind} does not fit on "
            f"{paper_name} paper; tile it as a board instead",
        )
    _, rotate, cols, rows = best
    return SheetTemplate(
        id=f"auto-{kind}-{paper_name}",
        kind=kind,
        paper=paper_name,
        cols=cols,
        rows=rows,
        gutter=(gx, gy),
        rotate=rotate,
    )


def roomy_template(
    kind: Kind,
    paper_name: str,
    paper: tuple[float, float],
    item: tuple[float, float],
    bleed: float,
    margin: float,
    gutter: float,
    *,
    footer: float = 0,
    turn: bool = True,
) -> SheetTemplate:
    """The grid that fits the most items with no gap between them (as `auto_template`), its
    items then `gutter` apart, or as far apart as the paper leaves room for: a gutter never
    costs an item, and a miscut then stays on the card's own art."""
    tight = auto_template(kind, paper_name, paper, item, bleed, margin, 0, footer=footer, turn=turn)
    iw, ih = (item[1], item[0]) if tight.rotate else item
    room_w = paper[0] - 2 * margin - 2 * bleed - tight.cols * iw
    room_h = paper[1] - footer - 2 * margin - 2 * bleed - tight.rows * ih

    def gap(room: float, count: int) -> float:
        if count < 2:
            return gutter
        return max(0.0, min(gutter, math.floor(room / (count - 1) * 100) / 100))  # 0.01 mm

    return tight.model_copy(update={"gutter": (gap(room_w, tight.cols), gap(room_h, tight.rows))})
