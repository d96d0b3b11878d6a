"""Affine transforms in the SVG convention: (a, b, c, d, e, f) maps (x, y) to
(a*x + c*y + e, b*x + d*y + f)."""

from __future__ import annotations

import math
from dataclasses import dataclass

PT = 25.4 / 72  # one point in mm


@dataclass(frozen=True)
class Affine:
    a: float = 1
    b: float = 0
    c: float = 0
    d: float = 1
    e: float = 0
    f: float = 0

    @staticmethod
    def translate(x: float, y: float) -> Affine:
        return Affine(e=x, f=y)

    @staticmethod
    def scale(sx: float, sy: float | None = None) -> Affine:
        return Affine(a=sx, d=sx if sy is None else sy)

    @staticmethod
    def rotate(degrees: float) -> Affine:
        # exact quarter turns keep coordinates exact (no 6.1e-17 noise in output files)
        cos: float
        sin: float
        quarter = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}.get(round(degrees) % 360)
        if quarter is not None and degrees == round(degrees):
            cos, sin = quarter
        else:
            rad = math.radians(degrees)
            cos, sin = math.cos(rad), math.sin(rad)
        return Affine(a=cos, b=sin, c=-sin, d=cos)

    @staticmethod
    def mirror_x(about: float) -> Affine:
        """Mirror across the vertical line x = about."""
        return Affine(a=-1, e=2 * about)

    @staticmethod
    def mirror_y(about: float) -> Affine:
        """Mirror across the horizontal line y = about."""
        return Affine(d=-1, f=2 * about)

    def __matmul__(self, other: Affine) -> Affine:
        """self @ other applies `other` first, then `self`."""
        return Affine(
            a=self.a * other.a + self.c * other.b,
            b=self.b * other.a + self.d * other.b,
            c=self.a * other.c + self.c * other.d,
            d=self.b * other.c + self.d * other.d,
            e=self.a * other.e + self.c * other.f + self.e,
            f=self.b * other.e + self.d * other.f + self.f,
        )

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)

    @property
    def is_identity(self) -> bool:
        return (self.a, self.b, self.c, self.d, self.e, self.f) == (1, 0, 0, 1, 0, 0)

    def tuple(self) -> tuple[float, float, float, float, float, float]:
        return (self.a, self.b, self.c, self.d, self.e, self.f)


class _Written(dict[float, str]):
    """Numbers as output files write them, worked out once each: a kit writes the same few
    thousand numbers hundreds of thousands of times. Equal numbers (1, 1.0, -0.0, 0.0) are
    written alike, so one entry serves them all."""

    def __missing__(self, value: float) -> str:
        text = f"{value:.4f}".rstrip("0").rstrip(".")
        if text in ("-0", ""):
            text = "0"
        if len(self) >= 100_000:
            self.clear()
        self[value] = text
        return text


_WRITTEN = _Written()
# `written[value]` or `map(written, values)`: a number as output files write it (at most 4
# decimals, no trailing zeros, no -0), with no Python call when it was written before
written = _WRITTEN.__getitem__


def fmt(value: float) -> str:
    """A number as output files write it: at most 4 decimals, no trailing zeros, no -0."""
    return _WRITTEN[value]
