"""The golden cases: one component of each kind per game, drawn on its own, as a one-page PDF
and as its SVG."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass

from playtest.drawing.face import DrawnFace
from playtest.drawing.geometry import Affine
from playtest.drawing.model import Group, Page
from playtest.drawing.symbols import SymbolTable
from playtest.faces.component_faces import (
    board_face,
    card_face,
    deck_back,
    die_faces,
    sheet_face,
    token_face,
)
from playtest.faces.painter import FacePainter
from playtest.generator.backends.pdf import PdfWriter
from playtest.generator.backends.svg import svg_document
from playtest.model.game import Game

BLEED = 3.0


@dataclass(frozen=True)
class Case:
    game: str
    name: str  # file stem: <kind>-<id>
    face: DrawnFace
    bleed: float
    env: FacePainter

    def pdf(self) -> bytes:
        b = self.bleed
        page = Page(
            self.face.width + 2 * b,
            self.face.height + 2 * b,
            (Group(self.face.shapes, Affine.translate(b, b)),),
        )
        buffer = io.BytesIO()
        writer = PdfWriter(buffer, self.env.fonts, self.env.symbols, title=self.name)
        writer.add_page(page)
        writer.close()
        return buffer.getvalue()

    def svg(self) -> str:
        b = self.bleed
        return svg_document(
            self.face.width + 2 * b,
            self.face.height + 2 * b,
            self.face.shapes,
            self.env.symbols,
            self.env.fonts,
            self.face.title,
            origin=(-b, -b),
        )


def cases(game: Game) -> Iterator[Case]:
    def env() -> FacePainter:
        return FacePainter.for_game(game, SymbolTable(), BLEED)

    for deck in game.decks:
        e = env()
        size = game.size(deck.size)
        card = deck.cards[0]
        yield Case(
            game.id,
            f"card-{deck.id}-{card.id}",
            card_face(deck, card, e, size, {"id": deck.id, "name": deck.name}),
            BLEED,
            e,
        )
        e = env()
        back = deck_back(deck, e, 0)
        if back is not None:
            yield Case(game.id, f"back-{deck.id}", back, BLEED, e)
    for die in game.dice[:1]:
        e = env()
        yield Case(game.id, f"die-{die.id}-face-6", die_faces(die, e)[5], 0, e)
    for sheet in game.sheets[:1]:
        e = env()
        yield Case(game.id, f"sheet-{sheet.id}", sheet_face(sheet, e), 0, e)
    for token in game.tokens[:1]:
        e = env()
        yield Case(game.id, f"token-{token.id}", token_face(token, e), 0, e)
    printed = [board for board in game.boards if board.printed]  # not one declared for fields
    for board in printed[:1]:
        e = env()
        yield Case(game.id, f"board-{board.id}", board_face(board, e), 0, e)
