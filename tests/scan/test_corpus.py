"""The synthetic corpus is as hard as what players write with: pencil that is grey, grainy and
light (0.3-0.7 mm strokes at 53-77 % of the paper's brightness), circles and boxes filled in
whole as marks, and a mistake taken back as the game's rule says."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from playtest.scan.sheets import PX_PER_MM
from tests.scan.conftest import SHEETS
from tests.scan.corpus import MARGIN, PEN_KINDS, PENCIL_SHADE, fill_sheet

SPEC = SHEETS[0]


def _on_white(paper: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The filled sheet's pixels where the blank sheet is white paper, and those left white."""
    pad = int(MARGIN * PX_PER_MM)
    page = paper[pad:-pad, pad:-pad].astype(np.float32)
    white = (SPEC.template == 255).all(axis=2)
    drawn = white & (page.min(axis=2) < 250)
    return page[drawn] / 255, drawn


def test_a_pencil_is_grey_grainy_and_light():
    assert PEN_KINDS["pencil"] == (0.3, 0.7)
    for seed in (1, 2, 3):
        paper, truth, styles = fill_sheet(SPEC, np.random.default_rng(seed), "pencil")
        ink, _ = _on_white(paper)
        assert len(ink) > 500 and any(truth.values())
        erased = {"erased"} & set(styles.values())
        darkest = np.percentile(ink.min(axis=1), 1)
        assert PENCIL_SHADE[0] - 0.01 <= darkest <= PENCIL_SHADE[1] + 0.01, (seed, darkest)
        assert np.abs(ink[:, 0] - ink[:, 2]).max() <= 2 / 255  # grey: no colour
        # grainy, not one flat grey: few of its pixels are as dark as its darkest
        at_darkest = (ink.min(axis=1) <= darkest + 0.02).mean()
        assert at_darkest < 0.6, (seed, at_darkest)  # 0.8 and more without the grain
        assert not erased or styles  # a rubbed-out mistake leaves a trace, said in styles


def test_a_ballpoint_is_dark_and_a_pencil_is_not():
    paper, _, _ = fill_sheet(SPEC, np.random.default_rng(1), "pen")
    ink, _ = _on_white(paper)
    assert np.percentile(ink.min(axis=1), 1) < 0.45


def test_circles_and_boxes_filled_in_whole_are_marks_and_a_mistake_follows_the_games_rule():
    circles = {p.id for p in SPEC.places if p.shape == "circle"}
    filled, taken_back = set(), {}
    for seed in range(12):
        for rule in ("erase", "fill"):
            spec = replace(SPEC, correction=rule)
            _, truth, styles = fill_sheet(spec, np.random.default_rng(seed), "pen")
            filled |= {i for i, s in styles.items() if s == "fill" and truth[i]}
            for place, style in styles.items():
                if style in ("erased", "cancelled"):
                    assert not truth[place]
                    taken_back.setdefault(rule, set()).add(style)
    assert filled & circles and filled - circles  # circles and boxes filled, as marks
    assert taken_back == {"erase": {"erased"}, "fill": {"cancelled"}}
