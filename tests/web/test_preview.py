"""The live preview in Chromium: a real `playtest serve` on a copy of the components, real
saves of a card file, each save's face on screen drawn by the kit's SVG renderer, the build's
warnings beside it, and an error in the YAML shown while the last good face stays. How fast a
save is shown (issue 28: p95 under 1 s) is measured by `python -m benchmarks.run preview`, not
asserted here: a test's time depends on how busy the machine is."""

from __future__ import annotations

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


def test_the_preview_shows_each_save(preview_server, phone) -> None:
    server, cards = preview_server
    assert isinstance(server, Server)
    page = phone
    page.goto(server.url + "/preview/mini-game?face=deck-M1")
    page.wait_for_function("() => document.getElementById('preview').dataset.version")
    assert "Red One" in shown_svg(page)
    assert page.locator("#face").input_value() == "deck-M1"
    original = cards.read_text()
    for n in range(SAVES):
        version = page.evaluate("() => document.getElementById('preview').dataset.version")
        name = f"Red One {n}"
        cards.write_text(original.replace("name: Red One,", f"name: {name},"))
        page.wait_for_function(
            f"() => document.getElementById('preview').dataset.version !== '{version}'",
            timeout=10_000,
        )
        assert name in shown_svg(page)  # the kit's renderer drew the saved text
        time.sleep(0.05)  # the next save gets a later modification time

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
