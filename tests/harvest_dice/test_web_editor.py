"""Harvest Dice's editor in a real browser: a violation shows on the cells that break it."""

from __future__ import annotations

import numpy as np
from PIL import Image

from tests.web.conftest import ARTEFACTS, screenshot
from tests.web.entering import start, tap, wait_scored


def test_a_violation_shows_on_its_cell(server, phone) -> None:
    start(phone, server.url, "harvest-dice", "basic", ["Ann", "Bob"])
    ann = '[data-player="Ann"]'
    tap(phone, f'{ann} [data-tap="garden.0.0"]', 2)  # a tomato in the first column...
    tap(phone, f'{ann} [data-tap="garden.2.5"]', 2)  # ...and one far from it
    wait_scored(phone)
    marked = phone.eval_on_selector_all(
        f"{ann} g.bad[data-tap]",
        """g => g.map(e => [e.dataset.tap, Array.from(
             e.querySelectorAll(':scope > title.violation-title'),
             t => t.textContent.split(' ')[0])])""",
    )
    by_code: dict[str, set[str]] = {}
    for place, codes in marked:
        for code in codes:
            by_code.setdefault(code, set()).add(place)
    # HD-02 (a cell away from its kind's group) on those cells only
    assert by_code["HD-02"] and by_code["HD-02"] <= {"garden.0.0", "garden.2.5"}
    # HD-07 (more dice planted than the rounds gave: none yet) is the garden's as a whole: on
    # every cell of it, not on the whole board
    assert len(by_code["HD-07"]) == 18 and all(p.startswith("garden.") for p in by_code["HD-07"])
    assert phone.locator(f'{ann} .place-msg[data-code="HD-02"]').count() == 1
    assert phone.locator('[data-place="Ann|board"].bad').count() == 0
    assert phone.locator("#player-tabs button[data-name=Ann]").get_attribute("class") == "bad"
    screenshot(phone, "violation-on-its-cell")


# the red of a place that breaks a rule (style.css)
RED = "rgb(192, 57, 43)"
PEN = '[data-player="Ann"] svg.crop:has([data-tap^="pig."])'


def _reddish(rgb: np.ndarray) -> np.ndarray:
    r, g, b = (rgb[..., i].astype(int) for i in range(3))
    return (r > 150) & (g < 110) & (b < 110)


def test_a_pig_pen_that_breaks_a_rule_keeps_its_circles_whole(server, phone) -> None:
    """HD-07 on the pig pen outlines the pen's picture and strokes its circles red; no circle
    (nor the tapped one, which has the focus) carries an outline, which on an SVG shape is drawn
    in the sheet's mm: a red block over the pen with each circle showing as a half."""
    start(phone, server.url, "harvest-dice", "basic", ["Ann", "Bob"])
    tap(phone, '[data-player="Ann"] [data-tap="pig.0.2"]')  # 3 circles crossed, no die fed
    wait_scored(phone)
    codes = phone.eval_on_selector_all("#violations li", "l => l.map(e => e.dataset.code)")
    assert "HD-07" in codes
    pen = phone.locator(PEN)
    look = pen.evaluate(
        """svg => {
          const style = (n) => getComputedStyle(n);
          const places = Array.from(svg.querySelectorAll('[data-tap^="pig."]'));
          const parts = places.flatMap((g) => [g, ...g.querySelectorAll('circle, rect, use')]);
          return {
            pen: [style(svg).outlineStyle, style(svg).outlineWidth, style(svg).outlineColor],
            outlined: parts.filter((n) => style(n).outlineStyle !== 'none').length,
            bad: places.filter((g) => g.classList.contains('bad')).length,
            strokes: Array.from(svg.querySelectorAll('g.bad circle'), (c) => style(c).stroke),
            circles: Array.from(svg.querySelectorAll('[data-tap^="pig."] circle'), (c) => {
              const box = c.getBoundingClientRect(), at = svg.getBoundingClientRect();
              return [box.left - at.left + box.width / 2, box.top - at.top + box.height / 2,
                      box.width / 2];
            }),
          };
        }"""
    )
    assert look["pen"] == ["solid", "3px", RED]  # the pen's place is outlined...
    assert look["outlined"] == 0  # ...not each circle
    assert look["bad"] == 42 and set(look["strokes"]) == {RED}
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTEFACTS / "pig-pen-violation.png"
    pen.screenshot(path=str(shot))
    red = _reddish(np.asarray(Image.open(shot).convert("RGB")))
    scale = red.shape[1] / pen.bounding_box()["width"]
    # inside every circle, around its centre, is its own colour (paper or a cross), never red
    for x, y, r in look["circles"]:
        for dx, dy in ((0, 0), (-r / 2, 0), (r / 2, 0), (0, -r / 2), (0, r / 2)):
            assert not red[int((y + dy) * scale), int((x + dx) * scale)], (x, y)
    assert red.mean() < 0.2, red.mean()  # red rings, not a red block
