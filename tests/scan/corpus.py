"""Synthetic phone photos of filled sheets, with the truth of every place: used by the tests
(a few photos) and by benchmarks/scan.py (hundreds). Deterministic from a seed.

A sheet as printed (the blank template, rendered from the kit's own PDF by pypdfium2) is
filled with hand-like marks (crosses, ticks, scribbles, filled dots, slashes, circles and
boxes filled in whole; marks that spill out of their box, stray strokes) with one kind of pen
(`PEN_KINDS`: ballpoint or gel, felt-tip, pencil: grey, grainy and light), and a mistake
taken back as the game's rule says (`game.correction`: rubbed out, leaving a trace, or its
place filled solid), put on paper, then photographed: seen at up to 35 degrees, turned any
way, 1 to 12 megapixels, on a textured table, under uneven light and a soft shadow, blurred,
noisy, saved as JPEG of quality 50 to 95."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise

import cv2
import numpy as np

from playtest.scan.ink import PRINTED, printed_over
from playtest.scan.sheets import PX_PER_MM, Place, SheetSpec

PENS = (  # BGR: blue and black ballpoint, red, green, pencil
    (150, 60, 25),
    (35, 30, 30),
    (40, 35, 175),
    (60, 120, 30),
    (105, 105, 105),
)
STYLES = ("cross", "tick", "scribble", "dot", "slash", "fill")  # fill: the place in whole
MARGIN = 12.0  # mm of paper round the sheet
# each kind of pen: its stroke's width in mm; a pencil's stroke is grainy graphite, as light
# as PENCIL_SHADE of the paper's brightness (a pencil is what the kit tells players to take)
PEN_KINDS = {"pen": (0.3, 0.8), "felt-tip": (0.9, 1.4), "pencil": (0.3, 0.7)}
PENCIL_SHADE = (0.53, 0.77)
ERASED = (0.88, 0.96)  # a pencil mark rubbed out leaves this much of the paper's brightness


@dataclass(frozen=True)
class Photo:
    jpeg: bytes
    truth: dict[str, bool]  # place id -> marked
    megapixels: float
    tilt: float  # degrees the camera is off the sheet's perpendicular
    quality: int
    pen: str = "pen"  # the kind of pen the sheet was filled with (PEN_KINDS)
    styles: dict[str, str] = field(default_factory=dict)  # place id -> how it was marked


def fill_sheet(
    spec: SheetSpec, rng: np.random.Generator, kind: str = "pen"
) -> tuple[np.ndarray, dict[str, bool], dict[str, str]]:
    """The blank sheet with marks drawn by hand with one kind of pen, on paper; the truth of
    every place, and how each place marked (or taken back) was drawn."""
    page = spec.template.copy()
    share = rng.uniform(0.15, 0.6)
    pen = PENS[rng.integers(len(PENS))]
    width = rng.uniform(*PEN_KINDS[kind])  # mm
    # a pencil draws its graphite on a mask of its own, laid on the paper at the end
    canvas = np.zeros(page.shape[:2], np.uint8) if kind == "pencil" else page
    colour = (255,) if kind == "pencil" else None
    truth: dict[str, bool] = {}
    styles: dict[str, str] = {}
    crossed = _choices_crossed(spec, share, rng)
    for place in spec.places:
        # nobody marks a place printed already marked (a market's first circle)
        if place.value is not None:  # one value of a choice, or none
            marked = crossed.get(place.field) == place.value
        else:
            marked = bool(rng.random() < share) and printed_over(spec.template, place) < PRINTED
        truth[place.id] = marked
        if marked:
            if rng.random() < 0.1:  # a second pen now and then
                pen = PENS[rng.integers(len(PENS))]
            style = STYLES[rng.integers(len(STYLES))]
            styles[place.id] = style
            _mark(canvas, place, style, colour or pen, width, rng)
        elif rng.random() < 0.01:
            _stray(canvas, place, colour or pen, width, rng)
    unmarked = [p for p in spec.places if not truth[p.id]]
    if unmarked and rng.random() < 0.3:  # a mistake, taken back as the game's rule says
        place = unmarked[rng.integers(len(unmarked))]
        if spec.correction == "fill":  # its place filled solid
            styles[place.id] = "cancelled"
            _mark(canvas, place, "cross", colour or pen, width, rng)
            _fill(canvas, place, colour or pen, rng)
        else:  # rubbed out: a faint grey trace of the cross is left
            styles[place.id] = "erased"
            trace = round(255 * rng.uniform(*ERASED))
            _mark(page, place, "cross", (trace,) * 3, width, rng)
    if kind == "pencil":
        _graphite(page, canvas, rng)
    pad = int(MARGIN * PX_PER_MM)
    paper = cv2.copyMakeBorder(page, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=(255,) * 3)
    return paper, truth, styles


def _graphite(
    page: np.ndarray,
    strokes: np.ndarray,
    rng: np.random.Generator,
    shades: tuple[float, float] = PENCIL_SHADE,
) -> None:
    """Pencil strokes (a mask, 255 where drawn) laid on the page: grey, as light as `shades`
    of what lies under them, and grainy (graphite catches the paper's tooth)."""
    drawn = strokes > 0
    if not drawn.any():
        return
    shade = rng.uniform(*shades)
    ys, xs = np.nonzero(drawn)
    grain = np.clip(rng.normal(1.0, 0.35, ys.size), 0.2, 1.3).astype(np.float32)
    cover = strokes[ys, xs].astype(np.float32) / 255 * grain  # 1: the darkest graphite
    keep = 1.0 - (1.0 - shade) * np.minimum(cover, 1.0)
    page[ys, xs] = (page[ys, xs].astype(np.float32) * keep[:, None]).astype(np.uint8)


def _choices_crossed(
    spec: SheetSpec, share: float, rng: np.random.Generator
) -> dict[str, str | int]:
    """For each choice drawn as icons to cross: the value crossed (a choice left empty is
    absent)."""
    values: dict[str, list[str | int]] = {}
    for place in spec.places:
        if place.value is not None:
            values.setdefault(place.field, []).append(place.value)
    return {
        field: options[rng.integers(len(options))]
        for field, options in values.items()
        if rng.random() < share
    }


def true_fields(spec: SheetSpec, truth: dict[str, bool]) -> dict[str, bool | int | str | None]:
    """What the photo's fields hold, as playtest/scan/reader.py reads them: a box ticked, a
    track's crossed circles (those printed crossed too), the value crossed of a choice drawn as
    icons (None: none). Choices written in are not read and are left out."""
    out: dict[str, bool | int | str | None] = {}
    for field_id, kind in spec.fields:
        places = [p for p in spec.places if p.field == field_id]
        marked = [truth[p.id] or printed_over(spec.template, p) >= PRINTED for p in places]
        if kind == "box" and places:
            out[field_id] = marked[0]
        elif kind == "track" and places:
            out[field_id] = sum(marked)
        elif kind == "choice" and places and places[0].value is not None:
            out[field_id] = next((p.value for p, m in zip(places, marked, strict=True) if m), None)
    return out


def _px(mm: float) -> int:
    return round(mm * PX_PER_MM * 16)  # cv2 drawing with 4 bits of sub-pixel precision


def _stroke(
    page: np.ndarray,
    points: list[tuple[float, float]],
    pen: tuple[int, int, int],
    width: float,
    rng: np.random.Generator,
) -> None:
    """A pen stroke through `points` (mm), wobbling a little like a hand."""
    dense = []
    for (x0, y0), (x1, y1) in pairwise(points):
        steps = max(2, int(math.hypot(x1 - x0, y1 - y0) / 0.8))
        for t in np.linspace(0, 1, steps, endpoint=False):
            dense.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
    dense.append(points[-1])
    wobble = np.cumsum(rng.normal(0, 0.06, (len(dense), 2)), axis=0)
    wobble -= np.linspace(0, 1, len(dense))[:, None] * wobble[-1]
    pts = np.array(
        [[_px(x + dx), _px(y + dy)] for (x, y), (dx, dy) in zip(dense, wobble, strict=True)]
    )
    thickness = max(1, round(width * PX_PER_MM))
    cv2.polylines(page, [pts.astype(np.int32)], False, pen, thickness, cv2.LINE_AA, shift=4)


def _mark(
    page: np.ndarray,
    place: Place,
    style: str,
    pen: tuple[int, int, int],
    width: float,
    rng: np.random.Generator,
) -> None:
    x, y, w, h = place.box
    size = rng.uniform(0.55, 1.25)  # some marks spill well out of their box
    cx = x + w / 2 + rng.normal(0, w * 0.06)
    cy = y + h / 2 + rng.normal(0, h * 0.06)
    side = min(w, h) * size
    rx, ry = side / 2, side / 2
    if style == "cross":
        _stroke(page, [(cx - rx, cy - ry), (cx + rx, cy + ry)], pen, width, rng)
        _stroke(page, [(cx + rx, cy - ry), (cx - rx, cy + ry)], pen, width, rng)
    elif style == "tick":
        _stroke(
            page,
            [(cx - rx, cy), (cx - rx * 0.3, cy + ry * 0.8), (cx + rx, cy - ry)],
            pen,
            width,
            rng,
        )
    elif style == "slash":
        _stroke(page, [(cx - rx * 0.8, cy + ry), (cx + rx * 0.8, cy - ry)], pen, width, rng)
    elif style == "scribble":
        turns = int(rng.integers(3, 7))
        points = [
            (cx + rx * 0.8 * (1 if i % 2 else -1), cy - ry * 0.7 + 1.4 * ry * i / turns)
            for i in range(turns + 1)
        ]
        _stroke(page, points, pen, width, rng)
    elif style == "fill":  # the circle or box filled in whole, no cross under it
        _fill(page, place, pen, rng)
    else:  # a filled dot
        r = side * rng.uniform(0.18, 0.32)
        cv2.circle(page, (_px(cx), _px(cy)), _px(r), pen, -1, cv2.LINE_AA, shift=4)


def _stray(
    page: np.ndarray,
    place: Place,
    pen: tuple[int, int, int],
    width: float,
    rng: np.random.Generator,
) -> None:
    """A short stroke that only touches the place's edge (a slip of the pen nearby)."""
    x, y, w, h = place.box
    edge_y = y + h * (0.0 if rng.random() < 0.5 else 1.0)
    _stroke(
        page, [(x + w * 0.2, edge_y), (x + w * 0.7, edge_y + rng.normal(0, 0.3))], pen, width, rng
    )


def _fill(
    page: np.ndarray, place: Place, pen: tuple[int, int, int], rng: np.random.Generator
) -> None:
    x, y, w, h = place.box
    if place.shape == "circle":
        cv2.circle(page, (_px(x + w / 2), _px(y + h / 2)), _px(w * 0.48), pen, -1, cv2.LINE_AA, 4)
    else:
        cv2.rectangle(
            page,
            (_px(x + 0.4), _px(y + 0.4)),
            (_px(x + w - 0.4), _px(y + h - 0.4)),
            pen,
            -1,
            cv2.LINE_AA,
            4,
        )


def photograph(
    paper: np.ndarray, rng: np.random.Generator, megapixels: tuple[float, float] = (1, 12)
) -> tuple[np.ndarray, float, float]:
    """The paper seen by a phone: (picture, megapixels, tilt in degrees)."""
    taken = float(rng.uniform(*megapixels))
    aspect = 4 / 3
    long_side = math.sqrt(taken * 1e6 * aspect)
    w, h = int(long_side), int(long_side / aspect)
    if rng.random() < 0.5:
        w, h = h, w
    tilt = float(rng.uniform(0, 35))
    quad = _seen(paper.shape[1], paper.shape[0], w, h, tilt, rng)
    pw, ph = paper.shape[1], paper.shape[0]
    src = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(src, quad)
    picture = _table(w, h, rng)
    seen = cv2.warpPerspective(paper, matrix, (w, h), flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.full(paper.shape[:2], 255, np.uint8), matrix, (w, h)) > 127
    picture[mask] = seen[mask]
    picture = _light(picture, rng)
    sigma = rng.uniform(0.2, 1.6) * long_side / 3000
    picture = cv2.GaussianBlur(picture, (0, 0), max(0.3, sigma))
    level = float(rng.uniform(1, 7))
    noise = np.empty(picture.shape, np.float32)
    cv2.setRNGSeed(int(rng.integers(2**31)))  # OpenCV's generator: 4x numpy's speed on 12 MP
    cv2.randn(noise, (0.0, 0.0, 0.0), (level, level, level))
    picture = cv2.add(picture, noise, dtype=cv2.CV_8U)  # saturated to 0..255
    return picture, taken, tilt


def _seen(pw: int, ph: int, w: int, h: int, tilt: float, rng: np.random.Generator) -> np.ndarray:
    """Where the paper's corners land in the picture: the paper turned, tilted by `tilt` towards
    a random direction and seen through a phone's lens, filling most of the frame."""
    turn = rng.uniform(0, 2 * math.pi)
    toward = rng.uniform(0, 2 * math.pi)
    corners = np.array([[-pw / 2, -ph / 2], [pw / 2, -ph / 2], [pw / 2, ph / 2], [-pw / 2, ph / 2]])
    c, s = math.cos(turn), math.sin(turn)
    flat = corners @ np.array([[c, s], [-s, c]])
    t = math.radians(tilt)
    axis = np.array([math.cos(toward), math.sin(toward)])
    along = flat @ axis
    across = flat - np.outer(along, axis)
    depth = along * math.sin(t)
    plane = across + np.outer(along * math.cos(t), axis)
    focal = 1.0 * max(pw, ph)  # a phone's ~70 degree view
    distance = focal * 1.1
    projected = plane * (focal / (distance + depth))[:, None]
    span = projected.max(axis=0) - projected.min(axis=0)
    fill = rng.uniform(0.75, 0.95)
    scale = fill * min(w / span[0], h / span[1])
    projected = projected * scale
    low, high = projected.min(axis=0), projected.max(axis=0)
    room = np.array([w, h]) - (high - low)
    offset = -low + room * rng.uniform(0.1, 0.9, 2)
    return np.asarray(projected + offset, dtype=np.float32)


def _table(w: int, h: int, rng: np.random.Generator) -> np.ndarray:
    """A textured table top: a colour, wood-like streaks and grain."""
    base = rng.uniform(40, 200, 3)
    small = rng.normal(0, 1, (max(2, h // 16), max(2, w // 16))).astype(np.float32)
    grain = cv2.GaussianBlur(small, (0, 0), 1.5)
    streaks = np.sin(np.linspace(0, rng.uniform(10, 60), w, dtype=np.float32)) * np.float32(
        rng.uniform(0, 15)
    )
    texture = cv2.resize(grain, (w, h)) * np.float32(18) + streaks[None, :]
    # each channel saturated to 0..255 by OpenCV (no float copy of the whole picture)
    channels = [cv2.add(texture, float(b), dtype=cv2.CV_8U) for b in base]
    return cv2.merge(channels)


def _light(picture: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Uneven light (brighter on one side), a warm or cold cast, and a soft shadow."""
    h, w = picture.shape[:2]
    yy, xx = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (xx * math.cos(angle) + yy * math.sin(angle)) / max(w, h)
    gain = 1.0 - rng.uniform(0.1, 0.45) * (ramp - ramp.min()) / max(float(np.ptp(ramp)), 1e-6)
    if rng.random() < 0.6:  # a soft shadow (a hand, the phone) over part of the picture
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        radius = rng.uniform(0.2, 0.5) * max(w, h)
        inside = np.hypot(xx - cx, yy - cy) < radius
        shadow = cv2.GaussianBlur(inside.astype(np.float32), (0, 0), 12)
        gain *= 1.0 - rng.uniform(0.2, 0.5) * shadow
    gain = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    cast = rng.uniform(0.88, 1.05, 3)
    return cv2.merge(  # each channel saturated to 0..255 by OpenCV
        [
            cv2.multiply(channel, gain, scale=float(c), dtype=cv2.CV_8U)
            for channel, c in zip(cv2.split(picture), cast, strict=True)
        ]
    )


def sheet_photo(
    spec: SheetSpec, seed: int, megapixels: tuple[float, float] = (1, 12), pen: str = "pen"
) -> Photo:
    """One photo of a sheet filled with a kind of pen (PEN_KINDS), the same for the same seed
    (and megapixel range and pen)."""
    rng = np.random.default_rng(seed)
    paper, truth, styles = fill_sheet(spec, rng, pen)
    picture, megapixels_taken, tilt = photograph(paper, rng, megapixels)
    quality = int(rng.integers(50, 96))
    ok, jpeg = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return Photo(jpeg.tobytes(), truth, megapixels_taken, tilt, quality, pen, styles)


def wall_photo() -> bytes:
    """A picture with no marker at all and nothing sharp in it (a wall, a dim table): its
    sharpness is what a blurred photo has."""
    rng = np.random.default_rng(4)
    yy, xx = np.mgrid[0:900, 0:1200].astype(np.float32)
    wall = 110 + 60 * xx / 1200 + 20 * yy / 900
    wall += cv2.GaussianBlur(rng.normal(0, 30, (900, 1200)).astype(np.float32), (0, 0), 25)
    picture = cv2.merge([np.clip(wall * k, 0, 255).astype(np.uint8) for k in (0.9, 1.0, 1.1)])
    ok, jpeg = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, 85])
    assert ok
    return jpeg.tobytes()
