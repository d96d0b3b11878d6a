"""Where a back goes so that it lines up with its front once the paper is turned over.

A back is placed by B = O . F . T . M: T places the front on the page, M turns the card over
about its own vertical axis (as a player turns a card), F is how the paper turns over (duplex
long edge: mirror left-right; short edge: mirror top-bottom; fold: mirror about the fold line)
and O is the printer's correction offset. F and M are both mirrors, so B never mirrors art.
"""

from __future__ import annotations

from playtest.drawing.geometry import Affine

Rect4 = tuple[float, float, float, float]


def paper_flip(mode: str, paper: tuple[float, float], fold_y: float | None = None) -> Affine:
    pw, ph = paper
    if mode == "duplex-long":
        return Affine.mirror_x(pw / 2)
    if mode == "duplex-short":
        return Affine.mirror_y(ph / 2)
    if mode == "fold":
        return Affine.mirror_y(ph / 2 if fold_y is None else fold_y)
    raise ValueError(mode)


def back_placement(
    front: Affine, item_w: float, flip: Affine, offset: tuple[float, float] = (0, 0)
) -> Affine:
    return Affine.translate(*offset) @ flip @ front @ Affine.mirror_x(item_w / 2)


def map_rect(t: Affine, rect: Rect4) -> Rect4:
    x, y, w, h = rect
    corners = [t.apply(x, y), t.apply(x + w, y), t.apply(x, y + h), t.apply(x + w, y + h)]
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
