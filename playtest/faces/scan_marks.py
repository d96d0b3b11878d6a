"""The scan marks drawn on a face (`playtest build --scan-marks`): corner markers on a sheet
that has places to fill in, a small id marker on a card of a deck that opts in. Drawn into the
face itself, so the PDF page, the 2-up pad and the SVG file all carry the same marks, at the
face's own scale (the reader straightens a photo to the sheet's own millimetres)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from playtest.drawing.model import Rect, Shape
from playtest.faces.scan_codes import (
    CARD_BASE,
    CARD_DICTIONARY,
    CARD_IDS,
    CELLS,
    CORNER_DICTIONARY,
    card_origin,
    corner_ids,
    corner_origins,
    marker_bits,
    sheet_code,
)
from playtest.layout.verb import ElementBox
from playtest.model.components import Deck, Sheet
from playtest.model.game import Game
from playtest.model.print_options import MarkSizes

BLACK = (0.0, 0.0, 0.0)
WHITE = (1.0, 1.0, 1.0)


@dataclass(frozen=True)
class ScanMarks:
    """What a build with scan marks prints them with."""

    sizes: MarkSizes
    version: str  # the kit's version: a reprint of another version reads as another sheet


def marker_shapes(dictionary: str, marker_id: int, x: float, y: float, side: float) -> list[Shape]:
    """A marker on a white quiet zone one cell wide; each row's black cells as few
    rectangles as possible (runs), so the file stays small and edges meet cleanly."""
    cell = side / CELLS
    shapes: list[Shape] = [Rect(x - cell, y - cell, side + 2 * cell, side + 2 * cell, fill=WHITE)]
    for r, row in enumerate(marker_bits(dictionary, marker_id)):
        c = 0
        while c < CELLS:
            if not row[c]:
                c += 1
                continue
            start = c
            while c < CELLS and row[c]:
                c += 1
            shapes.append(
                Rect(x + start * cell, y + r * cell, (c - start) * cell, cell, fill=BLACK)
            )
    return shapes


def sheet_marks(game: Game, sheet: Sheet, marks: ScanMarks) -> list[Shape]:
    """The four corner markers of a scan-ready sheet."""
    ids = corner_ids(sheet_code(game.id, sheet.id, marks.version))
    shapes: list[Shape] = []
    for marker_id, (x, y) in zip(ids, corner_origins(sheet.size, marks.sizes), strict=True):
        shapes += marker_shapes(CORNER_DICTIONARY, marker_id, x, y, marks.sizes.marker)
    return shapes


def card_marks(game: Game, deck: Deck, card_id: str, marks: ScanMarks) -> list[Shape]:
    """The id marker of one card of a deck that opts in (none for other decks)."""
    number = card_numbers(game).get((deck.id, card_id))
    if number is None:
        return []
    x, y = marker_origin(game, deck.layout, deck.size, marks.sizes)
    return marker_shapes(CARD_DICTIONARY, CARD_BASE + number, x, y, marks.sizes.card_marker)


def marker_origin(
    game: Game, layout: str | None, size: tuple[float, float], sizes: MarkSizes
) -> tuple[float, float]:
    """Top-left of the id marker on a card (or back) drawn with `layout`: where the layout
    keeps room for it (`scan_marker:`), else the bottom-right corner (print.yaml)."""
    at = game.layouts[layout].scan_marker if layout is not None else None
    return (at[0], at[1]) if at is not None else card_origin(size, sizes)


def card_numbers(game: Game) -> dict[tuple[str, str], int]:
    """Each opted-in card's number, in the order of the decks and their cards."""
    cards = [(deck.id, card.id) for deck in game.decks if deck.scan_marker for card in deck.cards]
    return {key: n for n, key in enumerate(dict.fromkeys(cards)) if n < CARD_IDS}


def back_numbers(game: Game) -> dict[str, int]:
    """The number of each deck whose back carries a marker (`scan_back`), after every card's:
    the cards' numbers stay as they were when a deck's back opts in."""
    first = len(card_numbers(game))
    decks = [d.id for d in game.decks if d.scan_marker and d.scan_back and d.back is not None]
    return {deck: first + k for k, deck in enumerate(decks) if first + k < CARD_IDS}


def back_marks(game: Game, deck: Deck, marks: ScanMarks) -> list[Shape]:
    """The marker on the back of a deck that opts in (`scan_back`), naming the deck."""
    number = back_numbers(game).get(deck.id)
    if number is None:
        return []
    x, y = marker_origin(game, deck.back, deck.size, marks.sizes)
    return marker_shapes(CARD_DICTIONARY, CARD_BASE + number, x, y, marks.sizes.card_marker)


def has_places(elements: Iterable[ElementBox]) -> bool:
    """Whether layout elements draw a place to fill in (an input `field:`, or a `tap:` name the
    web scorer taps), at any depth."""
    for box in elements:
        verb = box.verb
        if (
            verb.tap is not None
            or getattr(verb, "field", None) is not None
            or has_places(getattr(verb, "elements", ()))
        ):
            return True
    return False
