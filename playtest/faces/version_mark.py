"""The version mark on every card ('v0.3', or the build date): what tells one printing of a
kit from another. Drawn onto the face itself, so the PDF's card and the card's SVG file carry
the same mark at the same place."""

from __future__ import annotations

from dataclasses import dataclass, replace

from playtest.drawing.face import DrawnFace
from playtest.drawing.model import Rect, Shape, Text
from playtest.model.components import Deck
from playtest.model.game import Game

MARK_SIZE = 6 * 25.4 / 72  # 6 pt, the smallest text we print
MARK_COLOUR = (0.4, 0.4, 0.4)
MARK_LABEL = (1.0, 1.0, 1.0)
MARK_EM = 0.55  # the mark's width per character, in font sizes (Lato's digits)
MARK_PAD = MARK_SIZE * 0.25  # the label round the text
MARK_HEIGHT = MARK_SIZE * 1.15  # of the label
MARK_MIN_ITEM = 25.0  # mm: smaller items (a token, a sticker) carry no mark


@dataclass(frozen=True)
class VersionMark:
    text: str  # "" prints none
    inset: float  # mm from the trim's left and bottom edges to the label
    at: tuple[float, float] | None = None  # the label's top-left instead, mm (a layout's `mark:`)

    def on(self, face: DrawnFace) -> DrawnFace:
        """The face with the mark in its bottom-left corner, on a small paper-white label
        (grey straight on a card's colour, a green or purple frame, could hardly be read)."""
        if not self.text or min(face.width, face.height) < MARK_MIN_ITEM:
            return face
        return replace(face, shapes=(*face.shapes, *self.shapes(face.height)))

    def shapes(self, height: float) -> tuple[Shape, Shape]:
        x, top = self.at or (self.inset, height - self.inset - MARK_HEIGHT)
        width = len(self.text) * MARK_SIZE * MARK_EM + 2 * MARK_PAD
        label = Rect(x, top, width, MARK_HEIGHT, MARK_SIZE * 0.3, fill=MARK_LABEL)
        baseline = top + MARK_SIZE * 0.85
        return label, Text(x + MARK_PAD, baseline, self.text, "regular", MARK_SIZE, MARK_COLOUR)


def deck_mark(game: Game, deck: Deck, text: str, scan: bool = False) -> VersionMark:
    """Where the deck's layout keeps room for the mark (`mark:`; on a scan-ready card, built
    with `scan` marks, `scan_mark:` when it has one), else in the bottom-left corner of the
    safe area (print.yaml `mark_inset`)."""
    layout = game.layouts[deck.layout]
    at = layout.scan_mark if scan and deck.scan_marker and layout.scan_mark else layout.mark
    return VersionMark(text, game.presets.print.mark_inset, at)
