"""The phone pages set a game's sheets in the kit's font with every character the game prints:
the font a game's editor fetches is subset to the game's own text (in any script), not to a
fixed list, for each of the games the server scores and for a designer's own game."""

from __future__ import annotations

import html
import io
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fontTools.ttLib import TTFont

from playtest.web.fonts import WEB_TEXT, font_digest
from tests.helpers import edit_once, make_components
from tests.web.conftest import Server, serving

KEY = "0123456789abcdef0123456789abcdef"
OWN_TEXT = "Poires 5 € · Ωmega · Жёлудь"  # a designer's label: euro, Greek, Cyrillic


def _editor(client: httpx.Client, game: str) -> str:
    """The editor page of a new board of `game`, opened as the "new game" form opens it."""
    form = client.get(f"/new/{game}").text
    variant = re.findall(r'name="variant"[^>]*value="([^"]*)"', form)  # "" for a game of one
    for players in range(1, 7):
        query = {
            "variant": variant[0],
            "player": [f"P{n}" for n in range(players)],
            "played_on": "2026-01-01",
            "key": KEY,
        }
        page = client.get(f"/play/{game}", params=query)
        if page.status_code == 200:
            return page.text
    raise AssertionError(f"no editor of {game} opened: {page.text[:500]}")


def _missing_glyphs(client: httpx.Client, game: str) -> dict[str, set[str]] | None:
    """By font address: the characters the editor's sheets show that its font lacks; None for
    an editor that sets no text of its own (its pictures are SVG files with their own fonts)."""
    page = _editor(client, game)
    shown = html.unescape("".join(re.findall(r"<text[^>]*>([^<]*)</text>", page)))
    shown += html.unescape("".join(re.findall(r"<tspan[^>]*>([^<]*)</tspan>", page)))
    if not shown.strip():
        return None
    urls = re.findall(rf'url\("(/fonts/{game}/\w+\.woff\?v=\w+)"\)', page)
    assert urls, game
    missing = {}
    for url in urls:
        cmap = TTFont(io.BytesIO(client.get(url).content)).getBestCmap()
        missing[url] = {c for c in shown if c.strip() and ord(c) not in cmap}
    return missing


@pytest.fixture(scope="module")
def every_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The server of the installed games (the four and Orchard)."""
    with serving(tmp_path_factory.mktemp("every-font") / "playtest.db") as running:
        yield running


def test_every_games_sheets_are_set_in_a_font_that_holds_all_they_print(
    every_game: Server,
) -> None:
    with httpx.Client(base_url=every_game.url, timeout=60) as client:
        games = sorted(set(re.findall(r'href="/new/([\w-]+)"', client.get("/").text)))
        missing = {game: _missing_glyphs(client, game) for game in games}
    with_sheets = {game: found for game, found in missing.items() if found is not None}
    assert "orchard" in with_sheets and len(with_sheets) >= 2, missing  # sheets in the page
    assert not any(any(found.values()) for found in with_sheets.values()), with_sheets


@pytest.fixture(scope="module")
def own_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Orchard as a designer would write it in their language: a label in three scripts."""
    root = make_components(tmp_path_factory.mktemp("own-font"), "orchard", mini=False)
    game = root / "orchard" / "game.yaml"
    edit_once(game, '{text: "Pears", x: 10', f'{{text: "{OWN_TEXT}", x: 10')
    with serving(root.parent / "playtest.db", "--components", str(root)) as running:
        yield running


def test_a_designers_own_characters_are_in_the_font_their_sheet_fetches(
    own_game: Server,
) -> None:
    with httpx.Client(base_url=own_game.url, timeout=60) as client:
        page = _editor(client, "orchard")
        assert html.escape(OWN_TEXT, quote=False) in page or OWN_TEXT in page
        missing = _missing_glyphs(client, "orchard")
    assert missing is not None
    assert len(missing) == 4  # the kit's four faces
    assert not any(missing.values()), missing


def test_the_font_address_changes_with_the_characters_it_keeps(tmp_path: Path) -> None:
    """A browser keeps a font a year by its address: new characters must be a new address."""
    font = next(make_components(tmp_path).glob("_shared/fonts/*.ttf"))
    assert font_digest(font, WEB_TEXT) != font_digest(font, WEB_TEXT + "€")
    assert font_digest(font, WEB_TEXT) == font_digest(font, WEB_TEXT)
