"""Harvest Dice's first page is light (issue 16: first page load < 300 ms): the editor embeds
only the sheet side it is played on, its fonts are subsets served as WOFF under hashed
addresses that a browser keeps, and the pages go gzipped. In a real browser with an empty
cache the page fetches nothing from elsewhere (it works offline), its sheet is set in the
kit's font, and a tap still scores."""

from __future__ import annotations

import io
import re
from urllib.parse import urlparse

import httpx
from fontTools.ttLib import TTFont

from tests.web.conftest import screenshot
from tests.web.entering import tap, wait_scored

# a new board's address holds its key (without one the server answers with a redirect there)
EDITOR = (
    "/play/harvest-dice?variant={}&player=Ann&player=Bob&played_on=2026-01-01"
    "&key=0123456789abcdef0123456789abcdef"
)


def test_the_editor_embeds_one_sheet_side_and_small_cacheable_fonts(server) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as client:
        for variant in ("basic", "advanced"):
            page = client.get(EDITOR.format(variant), headers={"Accept-Encoding": "gzip"})
            assert page.headers["content-encoding"] == "gzip"
            assert re.findall(r'<template id="sheet-(\w+)">', page.text) == [variant]
        fonts = re.findall(r'url\("(/fonts/harvest-dice/\w+\.woff\?v=\w+)"\)', page.text)
        assert len(fonts) == 4
        sheet_text = "".join(re.findall(r"<text[^>]*>([^<]*)</text>", page.text))
        for url in fonts:
            font = client.get(url)
            assert font.headers["content-type"] == "font/woff"
            assert "immutable" in font.headers["cache-control"]
            assert len(font.content) < 100_000  # the printed kit's TTF is ~670 KB
            face = TTFont(io.BytesIO(font.content))
            assert face.flavor == "woff"
            missing = {ch for ch in sheet_text if ch.strip() and ord(ch) not in face.getBestCmap()}
            assert not missing  # every character printed on the sheet has its glyph


def test_the_first_page_in_an_empty_browser_is_small_offline_and_works(server, browser) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.url + EDITOR.format("basic"), wait_until="load")
        origin = urlparse(server.url).netloc
        entries = page.evaluate("""() => performance.getEntriesByType('navigation')
            .concat(performance.getEntriesByType('resource'))
            .map(e => ({name: e.name, size: e.transferSize}))""")
        assert all(urlparse(e["name"]).netloc == origin for e in entries)  # nothing from elsewhere
        assert sum(e["size"] for e in entries) < 400_000  # was 2.9 MB with the kit's TTF fonts
        assert any(e["name"].split("?")[0].endswith(".woff") for e in entries)
        family = page.evaluate(
            "getComputedStyle(document.querySelector('#board svg text')).fontFamily"
        )
        loaded = page.evaluate(
            "[...document.fonts].filter(f => f.status === 'loaded')"
            ".map(f => f.family.replace(/\"/g, ''))"
        )
        assert loaded and all(name in family for name in loaded)  # the sheet's own font, fetched
        # the crop boxes the server measured are the ones the browser measures on the sheet: each
        # crop holds them (and more, where a printed shape they would cut is taken whole)
        crops = page.locator("svg.crop:visible").all()
        assert len(crops) == 3  # Ann's garden, her pig pen, the markets
        for crop in crops:
            shown, measured = crop.evaluate("""svg => {
                const toSvg = svg.getScreenCTM().inverse();
                let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
                for (const g of svg.querySelectorAll("[data-tap]")) {
                  const b = g.getBBox(), m = toSvg.multiply(g.getScreenCTM());
                  for (const [x, y] of [[b.x, b.y], [b.x + b.width, b.y + b.height]]) {
                    const p = new DOMPoint(x, y).matrixTransform(m);
                    x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y);
                    x1 = Math.max(x1, p.x); y1 = Math.max(y1, p.y);
                  }
                }
                return [svg.getAttribute("viewBox").split(" ").map(Number),
                        [x0 - 1.5, y0 - 1.5, x1 - x0 + 3, y1 - y0 + 3]];
            }""")
            (x, y, w, h), (mx, my, mw, mh) = shown, measured
            assert x <= mx + 0.05 and y <= my + 0.05, (shown, measured)
            assert x + w >= mx + mw - 0.05 and y + h >= my + mh - 0.05, (shown, measured)
        wait_scored(page)
        before = page.text_content('[data-player-score="Ann"] .total')
        tap(page, '[data-player="Ann"] [data-tap="garden.0.0"]')  # a lettuce
        wait_scored(page)
        assert page.text_content('[data-player-score="Ann"] .total') != before
        screenshot(page, "first-page")
    finally:
        context.close()  # the browser is shared: its contexts are not
    assert errors == []
