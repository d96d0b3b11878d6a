"""The live preview in Chromium: a real `playtest serve` on a copy of the components, real
saves of a card file, the face on screen drawn by the kit's SVG renderer within a second of
each save (p95 of 20 saves), the build's warnings beside it, and an error in the YAML shown
while the last good face stays."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import pytest

from tests.helpers import make_components
from tests.web.conftest import Server, start_server, stop_server

SAVES = 20


@pytest.fixture
def preview_server(tmp_path: Path):
    root = make_components(tmp_path)
    running = start_server(tmp_path / "playtest.db", "--components", str(root))
    yield running, root / "mini-game" / "cards.yaml"
    stop_server(running.process)


def shown_svg(page) -> str:
    """The SVG the picture shows, fetched again from its own address."""
    return page.evaluate("async () => (await fetch(document.getElementById('picture').src)).text()")


def test_the_preview_shows_each_save_within_a_second(preview_server, phone) -> None:
    server, cards = preview_server
    assert isinstance(server, Server)
    page = phone
    page.goto(server.url + "/preview/mini-game?face=deck-M1")
    page.wait_for_function("() => document.getElementById('preview').dataset.version")
    assert "Red One" in shown_svg(page)
    assert page.locator("#face").input_value() == "deck-M1"
    original = cards.read_text()
    delays: list[float] = []
    for n in range(SAVES):
        version = page.evaluate("() => document.getElementById('preview').dataset.version")
        name = f"Red One {n}"
        start = time.monotonic()
        cards.write_text(original.replace("name: Red One,", f"name: {name},"))
        page.wait_for_function(
            f"() => document.getElementById('preview').dataset.version !== '{version}'",
            timeout=10_000,
        )
        delays.append(time.monotonic() - start)
        assert name in shown_svg(page)  # the kit's renderer drew the saved text
        time.sleep(0.05)  # the next save gets a later modification time
    p95 = statistics.quantiles(delays, n=20)[-1]
    print(f"preview: {SAVES} saves, median {statistics.median(delays):.3f} s, p95 {p95:.3f} s")
    assert p95 <= 1.0, delays

    # a text that cannot fit: the build's warning is shown beside the face
    version = page.evaluate("() => document.getElementById('preview').dataset.version")
    cards.write_text(original.replace("name: Red One,", "name: " + "Wide " * 80 + ","))
    page.wait_for_function(
        f"() => document.getElementById('preview').dataset.version !== '{version}'", timeout=10_000
    )
    assert "card M1" in page.locator("#warnings").inner_text()

    # a mistake in the YAML: the error, in file:line form, and the last good face
    cards.write_text(original.replace("points: 3,", "points: three,"))
    page.wait_for_function("() => document.getElementById('preview').dataset.errors === '1'")
    assert "cards.yaml:" in page.locator("#errors").inner_text()
    assert "Wide Wide" in shown_svg(page)
