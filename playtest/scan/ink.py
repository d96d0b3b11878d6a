"""Pen ink on a straightened photo: what is darker than the printed sheet, under the photo's
own light, and how much of each place it covers.

The photo is divided by the blank sheet (its template), so the print cancels out; the light
(shadows, a lamp on one side) is the slow part of what remains and is divided out too; the
template is first spread by its darkest neighbour, so a printed line a little off after
straightening is not taken for ink."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from playtest.scan.sheets import PX_PER_MM, Place

INK = 0.62  # a pixel is ink when a colour channel has less than this share of its paper's light
# On white paper (WHITE and over in every channel of the print, a printed line's slack
# included), a pixel is ink below this share of its paper's light in
# every channel (its light's colour divided out): pencil, 53-77 % of the paper's brightness
# and softened by the photo. Measured on the corpus's tuning seeds (benchmarks/scan.py):
# pencil marks in circles cover 6 % of their middle or more in 99 of 100 at 0.8, empty
# circles at most 1 % (one stray 31 %).
PENCIL = 0.8
WHITE = 235
GREY = 0.12  # at most this spread between its channels' shares: grey
DARK_PRINT = 90  # print darker than this (0-255) hides any pen
SLACK = 1.0  # mm: how far off a printed line may land after straightening
INNER = 0.78  # the part of a place read (its middle): marks of a neighbour spill over the edge
MARKED = 0.06  # ink covering this share of a place's middle marks it
UNSURE = (0.03, 0.11)  # between these, the reading is uncertain
# Where the game's rule is that a fill takes a mark back (`game.correction: fill`), a place
# filled solid is a cancelled mark; a dot or a dense scribble is a mark. A fill reaches the
# place's edge, a ring a dot or a scribble seldom covers whole (for a circle seen without the
# print's mask: the fill covers the outline's inside). A circle is told by its ring; a box
# full to its ring may be either (a dense scribble covers it too): it is told by its outline
# (below), and read as a mark, uncertain, when that says neither.
NEARLY_FULL = 0.7  # of the middle: a fill, a big dot or a dense scribble
EDGE = (0.65, 0.78)  # a box's ring, shares of its half-size
EDGE_FILLED = 0.6  # a box's ring covered this much: a fill or a dense scribble, unsure
# A box filled solid is told from a dense scribble by its outline (mm from the box's edge): a
# fill covers the box to a hair inside its printed edge, corners included, evenly dark along
# each side, and stops there (the strip just outside the middle of each side is paper: the
# arms of the cross it cancels leave by the corners); a scribble's turns leave notches along
# two sides and spill out past them. Measured on the corpus: fills have the strips outside
# at most 0.11 covered and their sides' edge at least 0.87 as dark as their middle; the one
# scribble as full inside and to the corners had 0.09 outside but a notched edge (0.79).
FILL_INSET = 0.4  # the fill's edge inside the box's
FILL_CORE = 0.25  # further in: covered whole
FILL_CORNER = 0.6  # side of the square read in each corner of the fill
FILL_OUT = (0.35, 0.9)  # the strip outside each side, from the fill's edge
FILL_SIDE = (0.1, 0.5)  # the strip inside each side, from the fill's edge
FILL_COVERED = 0.95  # the core, and FILL_CORNERS each corner, covered at least
FILL_CORNERS = 0.85
FILL_SPILL = (0.06, 0.15)  # outside: paper below the first; up to the second, unsure
FILL_EVEN = (0.9, 0.85)  # each side's edge as dark as the core: sure above the first
# A mark passes through its place's middle; ink only near an edge (a slip of the pen by a
# neighbour, a stray stroke) marks nothing for sure: a little ink with none in the middle
# CENTRE of the place is uncertain, read unmarked in a box and marked in a circle. Measured
# on the corpus: every mark in a box reached its centre, 16 ticks in circles (of about
# 10,000 marks) did not.
CENTRE = 0.4
CENTRE_EMPTY = 0.02
OFF_CENTRE = 0.2  # ink covering less than this of the place, none in its centre: unsure
# On coloured print a pen shows less (a thin pencil line on a pink icon stays above INK in
# the one channel the print leaves it): there a trace of ink is already uncertain.
COLOURED = 60  # print whose channels differ this much (0-255) is coloured
UNSURE_ON_COLOUR = 0.01
# A circle's ring just inside its printed outline, and the paper just outside it, compared by
# their middle brightness (no print to divide by, so no slack to hide the ring under): a fill
# darkens the inside to the outline, a dot or a scribble seldom does (the outline's own blur
# falls on both sides alike). Measured on the corpus: fills are below 0.47, marks mostly
# above 0.6; below FILLED a fill is likelier, between the two either: uncertain.
CIRCLE_EDGE = (0.8, 0.92)
CIRCLE_OUTSIDE = (1.12, 1.3)
FILLED = 0.3
NOT_FILLED = 0.55
PRINTED = 0.05  # a place this much printed over is printed marked (a market's first circle)


@dataclass(frozen=True)
class Ink:
    """What a straightened photo shows of the pen: `ink` 1 where it shows (0 on dark print,
    where no pen shows)."""

    ink: np.ndarray
    photo: np.ndarray  # the straightened photo
    light: np.ndarray  # its light over the sheet (what white paper shows)
    shade: np.ndarray  # each pixel's darkest channel as a share of its printed paper's light
    printed: np.ndarray  # the template spread by its darkest neighbour (what the pen is on)


@dataclass(frozen=True)
class PlaceReading:
    id: str
    marked: bool
    ink: float  # share of the place's middle covered by ink
    confidence: float  # 0..1
    uncertain: bool


def ink_map(straight: np.ndarray, template: np.ndarray) -> Ink:
    """Where the photo shows ink (the template's size)."""
    k = max(3, int(SLACK * PX_PER_MM) | 1)
    printed = cv2.erode(template, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    printed = np.maximum(printed.astype(np.float32), 48.0)
    ratio = straight.astype(np.float32) / printed
    paper = printed.min(axis=2) > 150  # where the sheet is light enough to see the light by
    light = _light(np.where(paper, ratio.max(axis=2), 0))
    shade = (ratio / light[:, :, None]).min(axis=2)
    # on dark print no pen shows: what is dark there is the print itself
    ink = (shade < INK) & (printed.min(axis=2) > DARK_PRINT)
    # pencil on white paper: lighter than INK, seen once the light's colour
    # cast is divided out channel by channel (white paper then shades 1 in every channel)
    balanced = ratio / _light(np.where(paper[:, :, None], ratio, 0))  # each channel's light
    darkest = balanced.min(axis=2)
    grey = balanced.max(axis=2) - darkest < GREY  # graphite: a coloured pen's edge is not
    ink |= (darkest < PENCIL) & grey & (printed.min(axis=2) >= WHITE)
    return Ink(ink.astype(np.uint8), straight, light, shade, printed)


def _light(bright: np.ndarray) -> np.ndarray:
    """The photo's light over the sheet: the brightest of each 2 mm of light paper (ink is
    thin, paper is everywhere), spread over what is printed dark and smoothed over ~2 cm (of
    each channel, given several)."""
    h, w = bright.shape[:2]
    step = 2 * PX_PER_MM
    small = cv2.resize(bright, (max(1, w // step), max(1, h // step)), interpolation=cv2.INTER_AREA)
    small = cv2.dilate(small, np.ones((7, 7), np.uint8))
    small = cv2.GaussianBlur(small, (0, 0), 3)
    return np.maximum(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR), 1e-3)


def ring(image: np.ndarray, place: Place, inner: float, outer: float) -> np.ndarray:
    """The pixels between `inner` and `outer` shares of a place's half-size from its centre
    (a round ring for a circle, a square one for a box), flattened."""
    x, y, w, h = (v * PX_PER_MM for v in place.box)
    cx, cy = x + w / 2, y + h / 2
    x0, x1 = max(0, int(cx - w * outer / 2)), min(image.shape[1], int(np.ceil(cx + w * outer / 2)))
    y0, y1 = max(0, int(cy - h * outer / 2)), min(image.shape[0], int(np.ceil(cy + h * outer / 2)))
    yy, xx = np.mgrid[y0:y1, x0:x1]
    u, v = np.abs(xx + 0.5 - cx) / (w / 2), np.abs(yy + 0.5 - cy) / (h / 2)
    reach = np.hypot(u, v) if place.shape == "circle" else np.maximum(u, v)
    return image[y0:y1, x0:x1][(reach >= inner) & (reach <= outer)]


def middle(image: np.ndarray, place: Place, part: float = INNER) -> np.ndarray:
    """The pixels of a place's middle (a disc for a circle), flattened."""
    x, y, w, h = (v * PX_PER_MM for v in place.box)
    cx, cy = x + w / 2, y + h / 2
    rx, ry = w * part / 2, h * part / 2
    x0, x1 = max(0, int(cx - rx)), min(image.shape[1], int(np.ceil(cx + rx)))
    y0, y1 = max(0, int(cy - ry)), min(image.shape[0], int(np.ceil(cy + ry)))
    patch = image[y0:y1, x0:x1]
    if place.shape != "circle":
        return patch.reshape(-1, *image.shape[2:])
    yy, xx = np.mgrid[y0:y1, x0:x1]
    return patch[((xx + 0.5 - cx) / rx) ** 2 + ((yy + 0.5 - cy) / ry) ** 2 <= 1]


def printed_over(template: np.ndarray, place: Place) -> float:
    """Share of a place's middle printed so dark that no pen shows on it (a circle printed
    already crossed): such a place cannot be read."""
    pixels = middle(template, place)
    return float((pixels.min(axis=-1) <= DARK_PRINT).mean()) if pixels.size else 1.0


def read_place(seen: Ink, place: Place, fill_cancels: bool = False) -> PlaceReading:
    """How much ink the place's middle holds, and what it says: marked or not, how surely. A
    place filled in whole is a mark, unless the game's rule is that a fill takes a mark back
    (`fill_cancels`)."""
    pixels = middle(seen.ink, place)
    covered = float(pixels.mean()) if pixels.size else 0.0
    if covered >= NEARLY_FULL:
        if not fill_cancels:  # a fill, a big dot, a dense scribble: all marks
            return PlaceReading(place.id, True, round(covered, 4), 0.9, False)
        return _full(seen, place, covered)
    low, high = UNSURE
    if _on_colour(seen, place):
        low = UNSURE_ON_COLOUR
    marked = covered >= MARKED
    if marked:
        confidence = min(1.0, 0.5 + 0.5 * (covered - low) / (high - low))
    else:
        confidence = min(1.0, 0.5 + 0.5 * (high - covered) / (high - low))
    unsure = low < covered < high
    if marked and covered < OFF_CENTRE and _centre(seen, place) < CENTRE_EMPTY:
        # ink by an edge only: a stray stroke, or a mark? A box's mark crosses its middle
        # (a tick in a circle may turn short of it): a box reads unmarked, a circle marked
        marked, confidence, unsure = place.shape == "circle", 0.5, True
    return PlaceReading(place.id, marked, round(covered, 4), round(confidence, 3), unsure)


def _centre(seen: Ink, place: Place) -> float:
    pixels = middle(seen.ink, place, CENTRE)
    return float(pixels.mean()) if pixels.size else 0.0


def _on_colour(seen: Ink, place: Place) -> bool:
    """Is most of the place's middle printed in a colour (not white, grey or black)?"""
    pixels = middle(seen.printed, place).reshape(-1, 3)
    if not pixels.size:
        return False
    spread = pixels.max(axis=1) - pixels.min(axis=1)
    return bool(np.median(spread) >= COLOURED)


def _full(seen: Ink, place: Place, covered: float) -> PlaceReading:
    """A place nearly full of ink: cancelled (filled solid to its edge) or marked (a dot, a
    dense scribble); uncertain when it may be both."""
    ink = round(covered, 4)
    if place.shape == "circle":
        edge = _brightness(seen, place, *CIRCLE_EDGE) / _brightness(seen, place, *CIRCLE_OUTSIDE)
        if edge >= NOT_FILLED:  # a mark: the inside of the outline is still paper
            return PlaceReading(place.id, True, ink, 0.9, False)
        return PlaceReading(place.id, edge >= FILLED, ink, 0.5, True)
    ring_ = ring(seen.ink, place, *EDGE)
    if (float(ring_.mean()) if ring_.size else 1.0) < EDGE_FILLED:  # a mark: not out to the edge
        return PlaceReading(place.id, True, ink, 0.9, False)
    fill = _box_fill(seen, place)
    if fill is None:  # full to its edge, not shaped as a fill: a dense scribble, or a correction
        return PlaceReading(place.id, True, ink, 0.5, True)
    return PlaceReading(place.id, False, ink, 0.9 if fill else 0.5, not fill)


def _box_fill(seen: Ink, place: Place) -> bool | None:
    """Is a box full of ink filled solid: True (surely), False (likely, unsure), None (no)."""
    x, y, w, h = place.box
    i = FILL_INSET
    x0, y0, x1, y1 = x + i, y + i, x + w - i, y + h - i
    if min(x1 - x0, y1 - y0) <= 2 * FILL_CORNER:
        return None
    core = _area(seen.ink, x0 + FILL_CORE, y0 + FILL_CORE, x1 - FILL_CORE, y1 - FILL_CORE)
    c = FILL_CORNER
    corners = [
        _area(seen.ink, *corner)
        for corner in (
            (x0, y0, x0 + c, y0 + c),
            (x1 - c, y0, x1, y0 + c),
            (x1 - c, y1 - c, x1, y1),
            (x0, y1 - c, x0 + c, y1),
        )
    ]
    if core.mean() < FILL_COVERED or min(a.mean() for a in corners) < FILL_CORNERS:
        return None
    spill = max(a.mean() for a in _sides(seen.ink, (x0, y0, x1, y1), *FILL_OUT, outward=True))
    shade = _area(seen.shade, x0 + FILL_CORE, y0 + FILL_CORE, x1 - FILL_CORE, y1 - FILL_CORE)
    dark = max(1.0 - float(np.median(shade)), 0.05)
    sides = _sides(seen.shade, (x0, y0, x1, y1), *FILL_SIDE, outward=False)
    even = min(float(np.clip((1.0 - a) / dark, 0, 1).mean()) for a in sides)
    if spill > FILL_SPILL[1] or even < FILL_EVEN[1]:
        return None
    return spill <= FILL_SPILL[0] and even >= FILL_EVEN[0]


def _area(image: np.ndarray, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    """The pixels of a rectangle given in mm (never empty: at least one pixel)."""
    h, w = image.shape[:2]
    c0 = int(np.clip(round(x0 * PX_PER_MM), 0, w - 1))
    r0 = int(np.clip(round(y0 * PX_PER_MM), 0, h - 1))
    c1 = max(c0 + 1, min(w, round(x1 * PX_PER_MM)))
    r1 = max(r0 + 1, min(h, round(y1 * PX_PER_MM)))
    return image[r0:r1, c0:c1].astype(np.float32)


def _sides(
    image: np.ndarray,
    box: tuple[float, float, float, float],
    near: float,
    far: float,
    outward: bool,
) -> list[np.ndarray]:
    """A strip along the middle half of each side of `box` (x0, y0, x1, y1 in mm), from
    `near` to `far` mm off the side, outward or inward."""
    x0, y0, x1, y1 = box
    qx, qy = (x1 - x0) / 4, (y1 - y0) / 4
    a, b = (near, far) if outward else (-far, -near)
    return [
        _area(image, x0 - b, y0 + qy, x0 - a, y1 - qy),
        _area(image, x1 + a, y0 + qy, x1 + b, y1 - qy),
        _area(image, x0 + qx, y0 - b, x1 - qx, y0 - a),
        _area(image, x0 + qx, y1 + a, x1 - qx, y1 + b),
    ]


def _brightness(seen: Ink, place: Place, inner: float, outer: float) -> float:
    """The middle brightness of a ring of a place, against white paper under the same light."""
    photo = ring(seen.photo, place, inner, outer).astype(np.float32)
    light = ring(seen.light, place, inner, outer)
    if not photo.size:
        return 1.0
    return max(float(np.median(photo.min(axis=-1) / (255 * light))), 1e-3)
