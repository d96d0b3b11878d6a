"""Pictures of the printed components for the web scorer, drawn by the kit's own SVG backend
from the same YAML: a sheet with its `tap:` names kept, a card, a die face, a token."""

from __future__ import annotations

from functools import lru_cache

from playtest.generator.backends.svg import svg_document
from playtest.generator.draw.symbols import SymbolTable
from playtest.generator.render.env import RenderEnv
from playtest.generator.render.faces import DrawnFace, card_face, die_faces, sheet_face, token_face

from playtest.loader import Library


def _env(library: Library, game_id: str) -> RenderEnv:
    env = RenderEnv.for_game(library.game(game_id), SymbolTable(), 0)
    env.taps = True
    return env


def _svg(face: DrawnFace, env: RenderEnv) -> str:
    # no font subsets: the page ships the kit's fonts once, and a picker of a hundred cards
    # each carrying its own subset was too heavy to build and to show
    text = svg_document(face.width, face.height, face.shapes, env.symbols, env.fonts, face.title,
                        embed_fonts=False)
    return text.replace("<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n", "")


class Pictures:
    """Every picture is drawn once per server and kept (the YAML does not change under it)."""

    def __init__(self, library: Library) -> None:
        self.library = library
        self.sheet = lru_cache(maxsize=64)(self._sheet)
        self.card = lru_cache(maxsize=1024)(self._card)
        self.die_face = lru_cache(maxsize=256)(self._die_face)
        self.token = lru_cache(maxsize=64)(self._token)

    def _sheet(self, game_id: str, sheet_id: str) -> str | None:
        game = self.library.game(game_id)
        sheet = next((s for s in game.sheets if s.id == sheet_id), None)
        if sheet is None:
            return None
        env = _env(self.library, game_id)
        return _svg(sheet_face(sheet, env), env)

    def _card(self, game_id: str, card_id: str) -> str | None:
        game = self.library.game(game_id)
        for deck in game.decks:
            for card in deck.cards:
                if card.id == card_id:
                    env = _env(self.library, game_id)
                    face = card_face(deck, card, env, game.size(deck.size),
                                     {"id": deck.id, "name": deck.name})
                    return _svg(face, env)
        return None

    def _die_face(self, game_id: str, die_id: str, index: int) -> str | None:
        game = self.library.game(game_id)
        die = next((d for d in game.dice if d.id == die_id), None)
        if die is None or not 0 <= index < len(die.faces):
            return None
        env = _env(self.library, game_id)
        return _svg(die_faces(die, env)[index], env)

    def _token(self, game_id: str, token_id: str) -> str | None:
        game = self.library.game(game_id)
        token = next((t for t in game.tokens if t.id == token_id), None)
        if token is None:
            return None
        env = _env(self.library, game_id)
        return _svg(token_face(token, env), env)
