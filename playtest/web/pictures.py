"""Pictures of the printed components for the web scorer, drawn by the kit's own SVG backend
(svgwrite) from the same YAML: a sheet with its `tap:` names kept, a board, a card, a die
face, a token."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import TypeVar

from playtest.drawing.bounds import Box, Symbols, joined, rounded, tagged
from playtest.drawing.face import DrawnFace
from playtest.drawing.model import Shape
from playtest.drawing.symbols import SymbolTable
from playtest.faces.component_faces import board_face, card_face, die_faces, sheet_face, token_face
from playtest.faces.painter import FacePainter
from playtest.generator.backends.svg import svg_document
from playtest.generator.ink.contrast import Readable
from playtest.library.loader import Library

Part = TypeVar("Part")  # a part of a game that is drawn: a sheet, a board, a token


def _env(library: Library, game_id: str) -> FacePainter:
    return FacePainter.for_game(library.game(game_id), SymbolTable(), 0, taps=True)


def _svg(face: DrawnFace, env: FacePainter) -> str:
    # on a screen every text is legible: darkened (or lightened) to 4.5:1 against what it
    # stands on (a market's pale numbers, meant to be crossed over in pencil on paper)
    face = replace(face, shapes=Readable(env.symbols).face(face.shapes))
    # no font subsets: the page ships the kit's fonts once, and a picker of a hundred cards
    # each carrying its own subset was too heavy to build and to show
    return svg_document(
        face.width, face.height, face.shapes, env.symbols, env.fonts, face.title, embed_fonts=False
    )


class Pictures:
    """Every picture is drawn once per server and kept (the YAML does not change under it)."""

    def __init__(self, library: Library) -> None:
        self.library = library
        self.sheet = lru_cache(maxsize=64)(self._sheet)
        self.board = lru_cache(maxsize=64)(self._board)
        self.sheet_crops = lru_cache(maxsize=64)(self._sheet_crops)
        self.card = lru_cache(maxsize=1024)(self._card)
        self.die_face = lru_cache(maxsize=256)(self._die_face)
        self.token = lru_cache(maxsize=64)(self._token)

    def _face(
        self, game_id: str, part: Part | None, draw: Callable[[Part, FacePainter], DrawnFace]
    ) -> str | None:
        """`part` of the game (a sheet, a board, a token) drawn by `draw`; None for no part."""
        if part is None:
            return None
        env = _env(self.library, game_id)
        return _svg(draw(part, env), env)

    def _sheet(self, game_id: str, sheet_id: str) -> str | None:
        sheets = self.library.game(game_id).sheets
        return self._face(game_id, next((s for s in sheets if s.id == sheet_id), None), sheet_face)

    def _board(self, game_id: str, board_id: str) -> str | None:
        boards = self.library.game(game_id).boards
        return self._face(game_id, next((b for b in boards if b.id == board_id), None), board_face)

    def _sheet_crops(self, game_id: str, sheet_id: str) -> dict[str, list[float]]:
        """Per kind of tap place (`garden`, `pig`, `market`, ...), the box that holds every
        place of that kind on the sheet, in the sheet's own units: the editor crops the sheet
        to these without laying the whole sheet out in the browser to measure it."""
        sheets = self.library.game(game_id).sheets
        sheet = next((s for s in sheets if s.id == sheet_id), None)
        if sheet is None:
            return {}
        env = _env(self.library, game_id)
        return tap_boxes(sheet_face(sheet, env).shapes, env.symbols)

    def _card(self, game_id: str, card_id: str) -> str | None:
        game = self.library.game(game_id)
        for deck in game.decks:
            for card in deck.cards:
                if card.id == card_id:
                    env = _env(self.library, game_id)
                    face = card_face(
                        deck, card, env, game.size(deck.size), {"id": deck.id, "name": deck.name}
                    )
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
        tokens = self.library.game(game_id).tokens
        return self._face(game_id, next((t for t in tokens if t.id == token_id), None), token_face)


def tap_boxes(shapes: tuple[Shape, ...], symbols: Symbols) -> dict[str, list[float]]:
    """[x, y, width, height] around each kind of `tap:` place of a drawn face (the part of
    its name before the first dot), as the drawing model answers where a tag is
    (playtest/drawing/bounds.py)."""
    found: dict[str, list[Box]] = {}
    for place in tagged(shapes, symbols, "tap"):
        if place.box is not None:
            found.setdefault(str(place.value).split(".")[0], []).append(place.box)
    return {kind: list(rounded(joined(boxes))) for kind, boxes in found.items()}
