"""What every request handler shares: the games, the log, the pictures, the templates."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.templating import Jinja2Templates

from playtest import __version__
from playtest.faces.fonts import font_files
from playtest.library.loader import Library
from playtest.library.registry import parts, record_games
from playtest.log import PlaytestLog
from playtest.model.game import Game
from playtest.scorer.web_game import WebGame
from playtest.web.fonts import game_characters, web_font
from playtest.web.games.fields import fields_web_game, scored_in_yaml
from playtest.web.pictures import Pictures
from playtest.web.security import csrf_token, set_csrf_cookie

HERE = Path(__file__).parent
TEMPLATES = Jinja2Templates(directory=str(HERE / "templates"))


@dataclass
class WebContext:
    library: Library
    log: PlaytestLog
    pictures: Pictures
    # the stats pages worked out, by (game, kit version, the log's change count)
    stats_cache: dict[tuple[str, str, int], Any] = field(default_factory=dict)
    stats_lock: threading.Lock = field(default_factory=threading.Lock)

    # the games of the library scored in YAML, decided once per game (a game that cannot be
    # loaded is not loaded again on every page)
    yaml_games: dict[str, WebGame | None] = field(default_factory=dict)
    # the characters each game's fonts keep, for the game object they were read from (a game
    # the library loads again after an edit is read again)
    font_texts: dict[str, tuple[Game, str]] = field(default_factory=dict)

    def font_text(self, game: Game) -> str:
        """The characters `game`'s web fonts keep (`fonts.game_characters`)."""
        kept = self.font_texts.get(game.id)
        if kept is None or kept[0] is not game:
            kept = self.font_texts[game.id] = (game, game_characters(game))
        return kept[1]

    def web_game(self, game_id: str) -> WebGame | None:
        """The game's own editor (its registration's `web`), or the editor every game scored
        in YAML shares; None for a game the web scorer cannot score."""
        if game_id not in self.library.game_ids:
            return None
        registered = web_games().get(game_id)
        if registered is not None:
            return registered
        if game_id not in self.yaml_games:
            scored = scored_in_yaml(self.library, game_id)
            self.yaml_games[game_id] = (
                fields_web_game(self.library.game(game_id)) if scored else None
            )
        return self.yaml_games[game_id]

    def games(self) -> list[tuple[str, str]]:
        """The games the phone scores, in the library's order: the games a record may name
        (`record_games`) that are in the library and have an editor."""
        scored = set(record_games(self.library))
        return [
            (g, self.library.game(g).info.name)
            for g in self.library.game_ids
            if g in scored and self.web_game(g) is not None
        ]

    def warm(self) -> None:
        """Load the games, draw their sheets (and boards) and make their web fonts before the
        first page asks (a server thread, once it is up): the first page then answers at once.
        A game that cannot be drawn says so on its own pages, not here."""
        for game_id, _name in self.games():
            try:
                game = self.library.game(game_id)
                web_game = self.web_game(game_id)
                if web_game is None:
                    continue
                catalogue = web_game.catalogue(game)
                for sheet_id in {
                    *catalogue.get("sheets", {}).values(),
                    *web_game.sheets(game, {}, catalogue).values(),
                }:
                    self.pictures.sheet_crops(game_id, sheet_id)
                for board_id in web_game.boards(game, {}, catalogue).values():
                    self.pictures.board(game_id, board_id)
                for path in font_files(game).values():
                    web_font(path, self.font_text(game))
            except Exception:  # warming is only a head start
                continue


def web_games() -> dict[str, WebGame]:
    """Every registered game the web scorer can edit, by id."""
    return parts("web")


def ctx(request: Request) -> WebContext:
    return request.app.state.ctx


def page(request: Request, template: str, status_code: int = 200, **values: Any) -> HTMLResponse:
    """A server-rendered page; every page carries the CSRF token its forms send back."""
    values.setdefault("title", "Playtest")
    response = TEMPLATES.TemplateResponse(
        request,
        template,
        {
            "csrf": csrf_token(request),
            "app_version": __version__,  # not `version`: pages use that for a kit version
            "games": ctx(request).games(),
            **values,
        },
        status_code=status_code,
    )
    return set_csrf_cookie(request, response)  # type: ignore[return-value]
