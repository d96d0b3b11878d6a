"""axe-core, run in Chromium on every page of every game (and the pages all games share),
with the rules of WCAG 2.2 level AA (its tags, every impact): no finding. Every page: "new
game", the editor of a new board and of a saved game, the card picker open, the game's
page, its delete page, its stats, its history, its live preview.

axe-core (Deque, MPL-2.0) comes from the `axe-playwright-python` test dependency, which ships
`axe.min.js`: `pip install -e '.[test]'` brings it to a fresh machine with no other download.
Only the file is used: it is evaluated in the page (as DevTools would, so the page's own
Content Security Policy stays on) and `axe.run()` is called."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
import yaml

from playtest.library.loader import load_library
from playtest.library.registry import record_games
from tests.games import a_legal_record

# every game the phone scores: those with an editor of their own, and those scored in YAML
# (the page every such game gets)
GAMES = [g for g in record_games(load_library()) if g in load_library().game_ids]
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]  # axe's tags


@cache
def axe_source() -> str:
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


def wcag_findings(page) -> list[str]:
    """Every finding of axe's WCAG 2.2 A and AA rules, whatever its impact."""
    page.evaluate(axe_source())
    results = page.evaluate(
        "async (tags) => await axe.run(document, {runOnly: {type: 'tag', values: tags}})",
        WCAG_22_AA,
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + json.dumps([n["target"] for n in v["nodes"]][:5])
        for v in results["violations"]
    ]


@pytest.fixture(scope="module")
def logged(server) -> dict[str, int]:
    """One saved game of each game (its view, edit, delete pages) and so a stats page."""
    ids = {}
    with server.client() as http:
        for game in GAMES:
            record = yaml.safe_load(a_legal_record(game).read_text())
            answer = http.post("/api/games", json={"record": record})
            assert answer.status_code == 200, answer.text
            ids[game] = answer.json()["id"]
    return ids


def _check(page, url: str) -> None:
    page.goto(url)
    page.wait_for_load_state("networkidle")
    assert wcag_findings(page) == [], url


def _drawn(page) -> None:
    page.wait_for_function("() => document.body.dataset.scoring === 'done'")


@pytest.mark.parametrize("game", GAMES)
def test_every_page_of_a_game_meets_wcag_22_aa(server, phone, logged, game: str) -> None:
    game_id = logged[game]
    for path in (
        f"/new/{game}",
        f"/games/{game_id}",
        f"/games/{game_id}/delete",
        f"/stats/{game}",
        f"/games?game={game}",
    ):
        _check(phone, server.url + path)
    phone.goto(f"{server.url}/games/{game_id}/edit")  # the editor, once it has drawn
    _drawn(phone)
    assert wcag_findings(phone) == [], "editor"
    opener = phone.locator("#board button.slot, #board button:text-matches('^Add ')")
    if opener.count():  # the card picker, open
        opener.first.click()
        phone.wait_for_selector("#picker[open]")
        assert wcag_findings(phone) == [], "picker"
        phone.keyboard.press("Escape")
    phone.goto(f"{server.url}/new/{game}")  # a new board, as it first shows
    phone.click("text=Enter the boards")
    _drawn(phone)
    assert wcag_findings(phone) == [], "new board"
    phone.goto(f"{server.url}/preview/{game}")  # it asks for its face every 0.2 s
    phone.wait_for_function("() => document.getElementById('picture').complete")
    assert wcag_findings(phone) == [], "preview"


@pytest.mark.parametrize("path", ["/", "/games", "/import", "/games/999999", "/games?source=x"])
def test_the_shared_pages_meet_wcag_22_aa(server, phone, logged, path: str) -> None:
    _check(phone, server.url + path)


def test_the_harness_finds_what_axe_finds(phone) -> None:
    """A page with the problems this suite once had (a pale footer, `aria-selected` off a tab,
    an empty table header) is reported: the check above can fail."""
    phone.set_content(
        "<html lang=en><head><title>t</title></head><body><main>"
        "<table><tr><th></th><th>won</th></tr><tr><td>a</td><td>1</td></tr></table>"
        '<button aria-selected="true">Ann</button>'
        '<p style="color:#bbb;background:#fff">pale text</p></main></body></html>'
    )
    found = " ".join(wcag_findings(phone))
    assert "color-contrast" in found and "aria-allowed-attr" in found
    # and a target of WCAG 2.2's (a button smaller than 24 px, close to another)
    phone.set_content(
        "<html lang=en><head><title>t</title></head><body><main>"
        '<button style="width:10px;height:10px;padding:0">a</button>'
        '<button style="width:10px;height:10px;padding:0">b</button></main></body></html>'
    )
    assert "target-size" in " ".join(wcag_findings(phone))
