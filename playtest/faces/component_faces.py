"""Faces of every kind of component, drawn from their layouts by the face painter: the one place
that knows what data each kind hands to its layout templates (until each kind's module holds
its own faces)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from playtest.drawing.face import DrawnFace
from playtest.faces.painter import FacePainter
from playtest.faces.scan_marks import back_marks, card_marks, has_places, sheet_marks
from playtest.model.components import Board, Card, Deck, Die, Sheet, Token


def card_faces(deck: Deck, painter: FacePainter) -> Iterator[DrawnFace]:
    size = deck.size
    deck_data = {"id": deck.id, "name": deck.name}
    for card in deck.cards:
        yield card_face(deck, card, painter, size, deck_data)


def card_face(
    deck: Deck,
    card: Card,
    painter: FacePainter,
    size: tuple[float, float],
    deck_data: dict[str, Any],
) -> DrawnFace:
    # `scan` only on a scan-ready card, so the usual card is drawn from the same data as ever
    scan = painter.scan is not None and deck.scan_marker
    data = {**card.data(), "deck": deck_data, **({"scan": True} if scan else {})}
    shapes = painter.face(deck.layout, data, size, f"card:{card.id}", f"card {card.id}")
    if painter.scan is not None and scan:
        shapes = [*shapes, *card_marks(painter.game, deck, card.id, painter.scan)]
    return DrawnFace(
        f"{deck.id}-{card.id}", card.name or card.id, size[0], size[1], tuple(shapes), card.count
    )


def deck_back(deck: Deck, painter: FacePainter, extra_bleed: float) -> DrawnFace | None:
    if deck.back is None:
        return None
    marks = back_marks(painter.game, deck, painter.scan) if painter.scan is not None else []
    return painter.back(
        deck.id, deck.name, deck.back, deck.size, f"decks:{deck.id}", extra_bleed, tuple(marks)
    )


def die_faces(die: Die, painter: FacePainter, scale: float = 1.0) -> list[DrawnFace]:
    """The six faces at the die's own size; stickers and nets print them `scale` times as
    large (the smaller of the two), which is the size their text is judged at."""
    faces = []
    die_data = {
        "id": die.id,
        "name": die.name,
        "colour": die.colour,
        "ink": die.ink,
        "icon": die.icon,
    }
    for index, face in enumerate(die.faces):
        data = {
            **die_data,
            **{k: v for k, v in face.model_dump().items() if v is not None},
            "index": index,
            "n": index + 1,
            "die": die_data,
        }
        shapes = painter.face(
            die.layout,
            data,
            (die.size, die.size),
            f"dice:{die.id}",
            f"die {die.id} face {index + 1}",
            scale,
        )
        faces.append(
            DrawnFace(
                f"{die.id}-{index + 1}",
                f"{die.name} {index + 1}",
                die.size,
                die.size,
                tuple(shapes),
            )
        )
    return faces


def sheet_face(sheet: Sheet, painter: FacePainter, scale: float = 1.0) -> DrawnFace:
    """A sheet's face; it prints `scale` times its own size (a full page, a 2-up pad)."""
    size = sheet.size
    # `scan` only on a scan-ready sheet, so the usual sheet is drawn from the same data as ever
    scan = {"scan": True} if painter.scan is not None else {}
    shapes = painter.face(
        sheet.layout,
        {**sheet.data, "id": sheet.id, "name": sheet.name, **scan},
        size,
        f"sheets:{sheet.id}",
        f"sheet {sheet.id}",
        scale,
    )
    if painter.scan is not None and has_places(painter.game.layouts[sheet.layout].elements):
        shapes = [*shapes, *sheet_marks(painter.game, sheet, painter.scan)]
    return DrawnFace(sheet.id, sheet.name, size[0], size[1], tuple(shapes), sheet.copies)


def token_face(token: Token, painter: FacePainter) -> DrawnFace:
    size = token.size
    shapes = painter.face(
        token.layout,
        {**token.data, "id": token.id, "name": token.name},
        size,
        f"tokens:{token.id}",
        f"token {token.id}",
    )
    return DrawnFace(token.id, token.name, size[0], size[1], tuple(shapes), token.count)


def board_face(board: Board, painter: FacePainter) -> DrawnFace:
    shapes = painter.face(
        board.layout,
        {**board.data, "id": board.id, "name": board.name},
        board.size,
        f"boards:{board.id}",
        f"board {board.id}",
    )
    return DrawnFace(board.id, board.name, board.size[0], board.size[1], tuple(shapes))
