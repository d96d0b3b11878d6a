"""Pictures of printed faces as a colour-blind player sees them, and how much two of them
differ in shape once hue is gone (issue 42: colour must never carry meaning alone).

Colour vision deficiency is simulated with the matrices of Machado, Oliveira and Fernandes,
"A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE Transactions
on Visualization and Computer Graphics 15(6), 2009, severity 1.0 (dichromacy: protanopia and
deuteranopia), applied to linear RGB as the model is defined.

What is left of a picture's shape is its marks, what stands out of the paper it is printed on
(a contrast of STRONG or more, WCAG's least for a graphic a person must see), and their
outlines. Two faces "differ in shape" by the share of their marks' outlines that the other
picture does not have within a pixel: the same drawing in other colours scores 0, whatever
its colours; a faint tint does not count; a different drawing scores far more.
"""

from __future__ import annotations

import numpy as np

# Machado et al. (2009), table of simulation matrices, severity 1.0
MACHADO_2009 = {
    "protanopia": np.array(
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ]
    ),
    "deuteranopia": np.array(
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ]
    ),
}
STRONG = 3.0  # contrast ratio: WCAG 2.1's least for graphics a person must make out (1.4.11)


def _linear(srgb: np.ndarray) -> np.ndarray:
    return np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)


def _srgb(linear: np.ndarray) -> np.ndarray:
    linear = np.clip(linear, 0, 1)
    return np.where(linear <= 0.0031308, linear * 12.92, 1.055 * linear ** (1 / 2.4) - 0.055)


def simulate(picture: np.ndarray, deficiency: str) -> np.ndarray:
    """The picture as a person with `deficiency` (protanopia, deuteranopia) sees it."""
    return _srgb(_linear(picture) @ MACHADO_2009[deficiency].T)


def lightness(picture: np.ndarray) -> np.ndarray:
    """Relative luminance (Rec. 709) of an sRGB picture, 0..1."""
    return _linear(picture) @ np.array([0.2126, 0.7152, 0.0722])


def marks(picture: np.ndarray) -> np.ndarray:
    """What stands out of the picture: the pixels with at least STRONG contrast (WCAG's ratio)
    against its lightest colour, its paper. A pale tint behind the pips or a yellow on white
    is not a mark."""
    light = lightness(picture)
    return (light.max() + 0.05) / (light + 0.05) >= STRONG


def outline(mask: np.ndarray) -> np.ndarray:
    """The pixels of `mask` with a neighbour outside it: its shapes' outlines."""
    inside = mask.copy()
    inside[1:, :] &= mask[:-1, :]
    inside[:-1, :] &= mask[1:, :]
    inside[:, 1:] &= mask[:, :-1]
    inside[:, :-1] &= mask[:, 1:]
    return mask & ~inside


def _grown(mask: np.ndarray, by: int = 1) -> np.ndarray:
    """The mask grown by `by` pixels every way (anti-aliasing moves an edge by a pixel)."""
    out = mask.copy()
    for _ in range(by):
        grown = out.copy()
        grown[1:, :] |= out[:-1, :]
        grown[:-1, :] |= out[1:, :]
        grown[:, 1:] |= out[:, :-1]
        grown[:, :-1] |= out[:, 1:]
        out = grown
    return out


def shape_difference(a: np.ndarray, b: np.ndarray, where: np.ndarray | None = None) -> float:
    """How much outline of the two pictures' marks (within `where`, when given) the other
    picture does not have within a pixel, in pixels (the length of outline, as a 1-pixel line):
    0 for one drawing in two colours, whatever the colours."""
    ea, eb = outline(marks(a)), outline(marks(b))
    if where is not None:
        ea, eb = ea & where, eb & where
    return float((ea & ~_grown(eb)).sum() + (eb & ~_grown(ea)).sum())


def where_colours_differ(a: np.ndarray, b: np.ndarray, margin: int) -> np.ndarray:
    """The pixels whose colour differs between two pictures of one size (a channel by more
    than a tenth), grown by `margin` pixels: the areas colour tells apart, and round them."""
    return _grown(np.abs(a - b).max(axis=2) > 0.1, margin)
