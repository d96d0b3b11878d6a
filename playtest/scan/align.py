"""Straightening refined by the print itself: the corner markers place the sheet to a few
tenths of a mm when all four are found, but three of them leave its perspective to the
markers' own 6 mm (the missing corner may land 5-10 mm off). The sheet's printed lines and
icons are everywhere: small blocks of the blank sheet are matched in the straightened photo
near where they should be, and the perspective that best moves them there (RANSAC: a block
hidden under a pen's scribble is left out) corrects the markers' one (OMRChecker's local
alignment, done once for the whole sheet)."""

from __future__ import annotations

import cv2
import numpy as np

from playtest.scan.sheets import PX_PER_MM, SheetSpec

# (px per mm, block side mm, how far a block is looked for mm): a coarse pass when a corner
# marker is missing, then a fine one
COARSE = (2.0, 16.0, 12.0)
FINE = (4.0, 8.0, 1.5)
GRID = (8, 11)  # the sheet is cut in this many parts across and down; a block is taken in each
MIN_BLOCKS = 8  # fewer blocks found: the markers' perspective is kept
MIN_MATCH = 0.5  # normalised correlation a block must reach where it is found
CORNERED = 1e-3  # a block's mean corner strength (cv2.cornerMinEigenVal) worth matching

_BLOCKS: dict[tuple[int, float, float], tuple[np.ndarray, list[tuple[int, int]]]] = {}


def refine(gray: np.ndarray, to_sheet: np.ndarray, spec: SheetSpec, coarse: bool) -> np.ndarray:
    """The perspective from the photo (grey) to the template's pixels, corrected by the print."""
    for level in (COARSE, FINE) if coarse else (FINE,):
        to_sheet = _refined(gray, to_sheet, spec, *level)
    return to_sheet


def _refined(
    gray: np.ndarray, to_sheet: np.ndarray, spec: SheetSpec, ppm: float, block: float, reach: float
) -> np.ndarray:
    template, corners = _blocks(spec, ppm, block)
    scale = np.diag([ppm / PX_PER_MM, ppm / PX_PER_MM, 1.0])
    h, w = template.shape
    seen = cv2.warpPerspective(gray, scale @ to_sheet, (w, h), flags=cv2.INTER_LINEAR)
    b, r = int(block * ppm), int(reach * ppm)
    src, dst = [], []
    for x0, y0 in corners:
        patch = template[y0 : y0 + b, x0 : x0 + b]
        ya, xa = max(0, y0 - r), max(0, x0 - r)
        area = seen[ya : y0 + b + r, xa : x0 + b + r]
        if area.shape[0] <= b or area.shape[1] <= b:
            continue
        score = cv2.matchTemplate(area, patch, cv2.TM_CCOEFF_NORMED)
        _, peak, _, (px, py) = cv2.minMaxLoc(score)
        if peak < MIN_MATCH:
            continue
        dx, dy = _subpixel(score, px, py)
        src.append((x0 + b / 2, y0 + b / 2))
        dst.append((xa + px + dx + b / 2, ya + py + dy + b / 2))
    if len(src) < MIN_BLOCKS:
        return to_sheet
    moved, inliers = cv2.findHomography(
        np.array(src, np.float32), np.array(dst, np.float32), cv2.RANSAC, 1.0 + 0.25 * ppm
    )
    if moved is None or int(inliers.sum()) < MIN_BLOCKS:
        return to_sheet
    # `moved` takes a block's place on the sheet to where the photo shows it (both scaled)
    return np.linalg.inv(np.linalg.inv(scale) @ moved @ scale) @ to_sheet


def _subpixel(score: np.ndarray, x: int, y: int) -> tuple[float, float]:
    """The peak's position to a fraction of a pixel (a parabola through it and its sides)."""

    def offset(low: float, mid: float, high: float) -> float:
        bend = low - 2 * mid + high
        return 0.0 if bend >= 0 else float(np.clip(0.5 * (low - high) / bend, -0.5, 0.5))

    h, w = score.shape
    dx = offset(score[y, x - 1], score[y, x], score[y, x + 1]) if 0 < x < w - 1 else 0.0
    dy = offset(score[y - 1, x], score[y, x], score[y + 1, x]) if 0 < y < h - 1 else 0.0
    return dx, dy


def _blocks(spec: SheetSpec, ppm: float, block: float) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """The blank sheet in grey at `ppm`, and the top-left pixel of the block in each part of
    the sheet whose print has the most corners (lines both ways: a block of one straight line
    would slide along it)."""
    key = (spec.code, ppm, block)
    if key not in _BLOCKS:
        s = ppm / PX_PER_MM
        gray = cv2.cvtColor(spec.template, cv2.COLOR_BGR2GRAY)
        small = cv2.resize(gray, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
        b = int(block * ppm)
        strength = cv2.boxFilter(cv2.cornerMinEigenVal(small, 3), -1, (b, b), normalize=True)
        h, w = small.shape
        corners = []
        across, down = GRID
        for i in range(across):
            for j in range(down):
                x0, y0 = w * i // across, h * j // down
                part = strength[y0 : h * (j + 1) // down, x0 : w * (i + 1) // across]
                y, x = np.unravel_index(int(np.argmax(part)), part.shape)
                if part[y, x] >= CORNERED:  # boxFilter centres the block on its pixel
                    corners.append(
                        (
                            int(np.clip(x0 + x - b // 2, 0, w - b)),
                            int(np.clip(y0 + y - b // 2, 0, h - b)),
                        )
                    )
        _BLOCKS[key] = (small, corners)
    return _BLOCKS[key]
