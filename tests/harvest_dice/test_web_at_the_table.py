"""Harvest Dice's editor at the table, on a phone in Chromium (issue 43): one game, one save
(Back after Save comes to the saved game); a typed value out of range is refused where it is
typed, with its range, and changes nothing; a whole sheet by keyboard alone, every press
counted."""

from __future__ import annotations

import io

import numpy as np
import pytest
import yaml
from PIL import Image

from playtest.log import PlaytestLog
from playtest.scorer.api import evaluate_file
from tests.conftest import REPO
from tests.web.conftest import screenshot
from tests.web.entering import start, tap, wait_scored
from tests.web.test_browser import shown_totals

ANN = '[data-player="Ann"]'


def shown_total(page, name: str) -> int:
    return int(page.text_content(f'#scores [data-player-score="{name}"] .total'))


def test_back_after_save_comes_to_the_saved_game(server, phone) -> None:
    start(phone, server.url, "harvest-dice", "basic", ["Ann", "Bob"])
    assert "key=" in phone.url  # the board's identity is in its address
    tap(phone, f'{ANN} [data-tap="garden.0.0"]')
    wait_scored(phone)
    phone.click("#save")
    phone.wait_for_url("**/games/*")
    saved = int(phone.url.rsplit("/", 1)[1])
    before = PlaytestLog(server.db).count()
    phone.go_back()
    phone.wait_for_selector("#board")
    wait_scored(phone)
    # the saved game's own editor, holding the board saved: never a blank one
    assert phone.url.endswith(f"/games/{saved}/edit")
    assert phone.text_content("#save") == "Save changes"
    assert phone.get_attribute(f'{ANN} [data-tap="garden.0.0"]', "data-veg") == "L"
    tap(phone, f'{ANN} [data-tap="garden.0.1"]')
    wait_scored(phone)
    phone.click("#save")
    phone.wait_for_url(f"**/games/{saved}")
    log = PlaytestLog(server.db)
    assert log.count() == before  # the second Save changed that game, stored no other
    assert log.get(saved).record["players"][0]["garden"].split()[:2] == ["L", "L"]


@pytest.mark.parametrize("typed", ["9999", "-7", "1e5", "43", "2.5"])
def test_a_typed_value_out_of_range_is_refused_with_its_range(server, phone, typed) -> None:
    start(phone, server.url, "harvest-dice", "basic", ["Ann", "Bob"])
    step = phone.locator(f'{ANN} .stepper[data-place="Ann|pig"]')
    step.locator("input").fill("5")
    step.locator("input").press("Tab")
    wait_scored(phone)
    total = shown_total(phone, "Ann")
    step.locator("input").fill(typed)
    step.locator("input").press("Tab")
    note = step.locator(".refused")
    note.wait_for(state="visible")
    assert note.text_content() == f"Pig circles: 0 to 42 (not {typed})"
    assert step.locator("input").get_attribute("aria-invalid") == "true"
    wait_scored(phone)
    assert phone.evaluate("Playtest.record.players[0].pig") == 5  # nothing changed
    assert shown_total(phone, "Ann") == total
    screenshot(phone, f"refused-{typed}")
    step.locator("input").fill("6")
    step.locator("input").press("Tab")
    wait_scored(phone)
    assert note.is_hidden() and phone.evaluate("Playtest.record.players[0].pig") == 6


BASIC = REPO / "examples/harvest-dice/basic-2-players.yaml"
MOST_KEYS = 120  # one player's sheet, keyboard only (issue 43)


class Keys:
    """The keyboard, every press counted."""

    def __init__(self, page) -> None:
        self.page, self.count = page, 0

    def press(self, key: str) -> None:
        self.count += 1
        self.page.keyboard.press(key)

    def active(self, attribute: str = "data-tap") -> str:
        return self.page.evaluate(f"document.activeElement.getAttribute('{attribute}') || ''")

    def until(self, key: str, selector: str, most: int = 60) -> None:
        """`key` pressed until the focus is on a node `selector` matches."""
        for _ in range(most):
            if self.page.evaluate("(s) => document.activeElement.matches(s)", selector):
                return
            self.press(key)
        raise AssertionError(f"{key} never reached {selector}: at {self.active()!r}")


def _place(tap: str, rows: list[str]) -> tuple[int, int]:
    """Where a place is on the sheet, as (row, column): a pig circle, a power (right of its
    row), a market circle (its vegetable's row, in `rows`)."""
    kind, a, *b = tap.split(".")
    if kind == "power":
        return int(a), 6
    return (rows.index(a) if kind == "market" else int(a)), int(b[0])


def _go_to(keys: Keys, tap: str, rows: list[str] = ()) -> None:
    """From a place of the same sheet, the arrow keys to `tap`."""
    want = _place(tap, list(rows))
    for _ in range(30):
        if keys.active() == tap:
            return
        now = _place(keys.active(), list(rows))
        if now[0] != want[0]:
            keys.press("ArrowDown" if now[0] < want[0] else "ArrowUp")
        else:
            keys.press("ArrowRight" if now[1] < want[1] else "ArrowLeft")
    raise AssertionError(f"arrows never reached {tap}: at {keys.active()!r}")


def test_a_sheet_by_keyboard_alone_in_at_most_120_presses(server, phone, library) -> None:
    """Each player's sheet of the example entered with the keyboard alone, every press
    counted from the top of the page: Tab to the sheet, the arrow keys within it, a letter
    plants a cell and moves on, Enter crosses. The scores are `playtest score`'s."""
    record = yaml.safe_load(BASIC.read_text())
    expected = evaluate_file(BASIC, library)
    names = [p["name"] for p in record["players"]]
    start(phone, server.url, "harvest-dice", record["variant"], names)
    pressed = {}
    for player in record["players"]:
        name = player["name"]
        who = f'[data-player="{name}"]'
        keys = Keys(phone)
        keys.until("Tab", f'#player-tabs button[data-name="{name}"]')
        keys.press("Enter")
        keys.until("Tab", f'{who} [data-tap^="garden."]')
        assert keys.active() == "garden.0.0"
        for cell in player["garden"].split():
            keys.press(cell if cell != "." else "Period")
        keys.until("Tab", f'{who} [data-tap^="pig."]')
        pig = player["pig"]
        _go_to(keys, f"pig.{(pig - 1) // 6}.{(pig - 1) % 6}")
        keys.press("Enter")
        _go_to(keys, f"power.{player['powers_used'] - 1}")
        keys.press("Enter")
        pressed[name] = keys.count
        wait_scored(phone)
        shown = phone.evaluate(f"Playtest.record.players[{names.index(name)}]")
        assert shown["garden"].split() == player["garden"].split()
        assert (shown["pig"], shown["powers_used"]) == (player["pig"], player["powers_used"])
    keys = Keys(phone)
    keys.until("Tab", '[data-markets="game"] [data-tap^="market."]')
    vegetables = [v["id"] for v in phone.evaluate("Playtest.catalogue.vegetables")]
    for veg, count in record["markets"].items():
        _go_to(keys, f"market.{veg}.{count - 1}", vegetables)
        keys.press("Enter")
    wait_scored(phone)
    assert shown_totals(phone) == {p.name: p.total for p in expected.players}
    assert all(n <= MOST_KEYS for n in pressed.values()), pressed
    screenshot(phone, "sheet-by-keyboard")


def changed_by_focus(page, selector: str) -> int:
    """How many pixels around a control change when it takes the keyboard's focus: a focus
    ring that shows changes some; none changes none."""
    node = page.locator(selector).first
    node.scroll_into_view_if_needed()
    page.evaluate("document.activeElement && document.activeElement.blur()")
    box = node.bounding_box()
    clip = {
        "x": max(box["x"] - 6, 0),
        "y": max(box["y"] - 6, 0),
        "width": box["width"] + 12,
        "height": box["height"] + 12,
    }
    before = np.asarray(Image.open(io.BytesIO(page.screenshot(clip=clip))).convert("RGB"))
    page.keyboard.press("Shift")  # the last input was the keyboard: its focus shows
    node.focus()
    after = np.asarray(Image.open(io.BytesIO(page.screenshot(clip=clip))).convert("RGB"))
    return int((np.abs(before.astype(int) - after.astype(int)).sum(axis=2) > 60).sum())


@pytest.mark.parametrize(
    "control",
    [
        '[data-tap="garden.1.2"]',
        '[data-tap="pig.2.3"]',
        '[data-tap="power.1"]',  # the pig powers showed none
        '[data-markets="game"] [data-tap="market.tomato.3"]',
        '.stepper[data-place="Ann|pig"] input',
        '.stepper[data-place="Ann|pig"] button >> nth=1',
        "#player-tabs button >> nth=1",
        "#own-markets",
        "#save",
    ],
)
def test_every_control_shows_the_keyboards_focus(server, phone, control: str) -> None:
    start(phone, server.url, "harvest-dice", "basic", ["Ann", "Bob"])
    selector = control if control.startswith(("#", "[data-markets")) else f"{ANN} {control}"
    assert changed_by_focus(phone, selector) > 40, control


def test_a_blank_sheet_starts_clean(server, phone) -> None:
    """A new sheet shows no broken rule (HD-06 was shown: `final` with nothing ended); the
    first thing entered shows what it breaks."""
    start(phone, server.url, "harvest-dice", "basic", ["Ann", "Bob"])
    assert phone.locator("#violations").is_hidden()
    assert phone.locator(".bad, .place-msg").count() == 0
    tap(phone, f'{ANN} [data-tap="pig.0.0"]')  # one circle, no die fed: HD-07
    wait_scored(phone)
    codes = phone.eval_on_selector_all("#violations li", "l => l.map(e => e.dataset.code)")
    assert "HD-07" in codes and phone.locator("#violations").is_visible()


# every shape a crop of the sheet shows: [x0, y0, x1, y1] in the sheet's units (its stroke
# included), and the crop's own box, for each crop of a player's sheet
SHAPES = """(svg) => {
  const toRoot = svg.getScreenCTM().inverse();
  const [x, y, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
  const shapes = [];
  const drawn = 'rect, circle, ellipse, line, polyline, polygon, path, text, use, image';
  for (const node of svg.querySelectorAll(drawn)) {
    if (node.closest('defs, symbol, clipPath, mask')) continue;
    if (node.classList.contains('focus-ring')) continue;
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const pad = style.stroke !== 'none' ? parseFloat(style.strokeWidth) / 2 || 0 : 0;
    const b = node.getBBox();
    const m = toRoot.multiply(node.getScreenCTM());
    const c = [[b.x - pad, b.y - pad], [b.x + b.width + pad, b.y + b.height + pad],
               [b.x - pad, b.y + b.height + pad], [b.x + b.width + pad, b.y - pad]]
      .map(([px, py]) => new DOMPoint(px, py).matrixTransform(m));
    const what = (node.textContent || node.getAttribute('href') || '').slice(0, 20);
    shapes.push([node.tagName + ' ' + what,
      Math.min(...c.map(p => p.x)), Math.min(...c.map(p => p.y)),
      Math.max(...c.map(p => p.x)), Math.max(...c.map(p => p.y))]);
  }
  return {crop: [x, y, x + w, y + h], shapes};
}"""


def test_no_printed_shape_is_cut_by_the_edge_of_a_crop(server, phone) -> None:
    """Each part of the sheet the editor shows (the garden, the pig pen, the markets) holds
    whole shapes: every shape is in it or out of it (green slivers of the die faces above the
    garden and a glyph's fragment in the pig pen were cut)."""
    start(phone, server.url, "harvest-dice", "basic", ["Ann", "Bob"])
    crops = phone.locator(f'{ANN} svg.crop:visible, [data-markets="game"] svg.crop')
    assert crops.count() == 3
    edge = 0.1  # mm
    for i in range(crops.count()):
        found = crops.nth(i).evaluate(SHAPES)
        x0, y0, x1, y1 = found["crop"]
        cut = [
            name
            for name, a0, b0, a1, b1 in found["shapes"]
            if a0 < x1 - edge
            and a1 > x0 + edge
            and b0 < y1 - edge
            and b1 > y0 + edge
            and not (a0 >= x0 - edge and a1 <= x1 + edge and b0 >= y0 - edge and b1 <= y1 + edge)
        ]
        assert cut == [], (crops.nth(i).get_attribute("aria-label"), cut[:5])
    screenshot(phone, "sheet-whole-shapes")


# each text of a crop in sight, its colour and the colour of the filled shape it stands on
# (the browser's own hit test, every printed shape made hittable for it)
GROUNDS = """(svg) => {
  for (const node of svg.querySelectorAll('*')) node.style.pointerEvents = 'auto';
  const found = [];
  for (const text of svg.querySelectorAll('text')) {
    text.scrollIntoView({block: 'center'}); // the hit test sees only what is on the screen
    const seen = svg.getBoundingClientRect();
    const r = text.getBoundingClientRect();
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    if (!text.textContent.trim()) continue;
    if (cx < seen.left || cx > seen.right || cy < seen.top || cy > seen.bottom) continue;
    // a shape, or an icon drawn from a symbol (a pig row's points badge: its colour)
    const paint = (node) => node.tagName === 'use' && !getComputedStyle(node).fill.startsWith('rgb')
      ? getComputedStyle(node).color : getComputedStyle(node).fill;
    const under = document.elementsFromPoint(cx, cy).find((node) =>
      node !== text && !text.contains(node)
      && node.matches('rect, circle, ellipse, path, polygon, use')
      && paint(node).startsWith('rgb'));
    const ground = under ? paint(under) : 'rgb(255, 255, 255)';
    found.push([text.textContent, getComputedStyle(text).fill, ground]);
  }
  return found;
}"""


def _contrast(a: str, b: str) -> float:
    def luminance(rgb: str) -> float:
        channels = [int(v) / 255 for v in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_number_on_the_sheet_is_legible(server, phone) -> None:
    """4.5:1 against what it stands on (WCAG AA): the market numbers of the uncrossed circles
    were pale beige on white."""
    start(phone, server.url, "harvest-dice", "basic", ["Ann", "Bob"])
    crops = phone.locator(f'{ANN} svg.crop:visible, [data-markets="game"] svg.crop')
    texts = [t for i in range(crops.count()) for t in crops.nth(i).evaluate(GROUNDS)]
    numbers = [t for t in texts if t[0].strip().isdigit()]
    assert len(numbers) >= 20  # the market circles' numbers, the pig's points, the dice
    pale = [(t, round(_contrast(t[1], t[2]), 2)) for t in texts if _contrast(t[1], t[2]) < 4.5]
    assert pale == [], pale


def test_the_breakdown_is_named_by_the_yaml(server, phone, library) -> None:
    """Every line in words from the game's YAML (`labels:`, the vegetables' names), never a
    raw key such as `most_lettuce`."""
    start(phone, server.url, "harvest-dice", "advanced", ["Ann", "Bob"])
    game = library.game("harvest-dice")
    rows = phone.eval_on_selector_all(
        "#breakdown tr[data-key]", "rows => rows.map(r => [r.dataset.key, r.cells[0].textContent])"
    )
    names = {v.id: v.name for v in game.rules.vegetables} | game.info.labels
    assert {key for key, _ in rows} >= {"lettuce", "ribbons", "pig", "most_lettuce"}
    assert rows == [[key, names[key]] for key, _ in rows]
