"""A game's kit built as a person prints it (paper, way of printing backs) and read back from
the PDF: its text per page and its sections (bookmarks). Shared by the print-order tests and
the games' own tests of their printed kits."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from playtest.generator.kit import BuildRequest, build_game
from pypdf import PdfReader

from playtest import components
from playtest.loader import load_library
from tests.helpers import kit_sections

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
LIBRARY = load_library(components.ROOT)


class Kit:
    def __init__(self, game_id: str, paper: str, backs: str, folder: Path) -> None:
        self.game = LIBRARY.game(game_id)
        self.paper, self.backs = PAPERS[paper], backs
        request = BuildRequest(
            formats=frozenset({"pdf"}), overrides={"paper": paper, "backs": backs}
        )
        build_game(self.game, request, folder, None)
        self.pdf = folder / f"{game_id}-kit.pdf"
        self.reader = PdfReader(self.pdf)
        doc = pdfium.PdfDocument(self.pdf)
        self.texts = [
            doc[i].get_textpage().get_text_range().replace("\r\n", "\n") for i in range(len(doc))
        ]
        doc.close()
        self.sections = kit_sections(self.pdf)

    def card_sections(self):
        """(section pages, item size, has backs, is a deck) for every deck and token section."""
        for deck in self.game.decks:
            pages = self._pages(f"{deck.name} (")
            if pages:
                yield pages, self.game.size(deck.size), deck.back is not None, True
        for token in self.game.tokens:
            pages = self._pages(f"{token.name} (")
            if pages:  # a token's back: behind it when duplex, below the fold line in fold
                yield (
                    pages,
                    self.game.size(token.size),
                    token.back is not None and self.backs != "none",
                    False,
                )

    def _pages(self, start: str) -> list[int]:
        return next((p for title, p in self.sections.items() if title.startswith(start)), [])


# built once per run, whichever test module asks first
MADE: dict[tuple[str, str, str], Kit] = {}


@pytest.fixture(scope="session")
def kits(tmp_path_factory):
    def kit(game: str, paper: str, backs: str) -> Kit:
        if (game, paper, backs) not in MADE:
            folder = tmp_path_factory.mktemp("order") / game
            MADE[(game, paper, backs)] = Kit(game, paper, backs, folder)
        return MADE[(game, paper, backs)]

    return kit
