"""A game's kit built as a person prints it (paper, way of printing backs) and read back from
the PDF: its text per page and its sections (bookmarks), and the check that every back lands
behind its front. Shared by the print-order tests, the scan-ready kits' and the games' own
tests of their printed kits."""

from __future__ import annotations

import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from playtest import components
from playtest.generator.kit.build import BuildRequest, build_game
from playtest.library.loader import load_library
from playtest.model.game import Game
from tests.helpers import kit_sections
from tests.impose.pdfplace import Rect, placements
from tests.pdf_text import page_text

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
LIBRARY = load_library(components.ROOT)


class Kit:
    """A kit's PDF read back: `pdf` printed on `paper` with its backs printed as `backs`."""

    def __init__(self, game: Game, pdf: Path, paper: str, backs: str) -> None:
        self.game = game
        self.paper, self.backs = PAPERS[paper], backs
        self.pdf = pdf
        self.reader = PdfReader(self.pdf)
        doc = pdfium.PdfDocument(self.pdf)
        self.texts = [page_text(doc[i]) for i in range(len(doc))]
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


def build_kit(game_id: str, paper: str, backs: str, folder: Path) -> Kit:
    game = LIBRARY.game(game_id)
    request = BuildRequest(formats=frozenset({"pdf"}), overrides={"paper": paper, "backs": backs})
    build_game(game, request, folder, None)
    return Kit(game, folder / f"{game_id}-kit.pdf", paper, backs)


BLEED, BACK_BLEED, TOL = 3.0, 1.5, 0.01
MARGIN = LIBRARY.shared[0].print.printable_margin  # a back's extra bleed stops there


def _neighbour_gap(rect: Rect, others: list[Rect], side: int) -> float | None:
    """The gutter to the nearest printed card on that side (0 left, 1 top, 2 right, 3 bottom),
    None when the side faces the block's outside or an empty slot."""
    gaps = []
    for o in others:
        if o is rect:
            continue
        overlap_y = min(rect.y1, o.y1) - max(rect.y0, o.y0) > 1
        overlap_x = min(rect.x1, o.x1) - max(rect.x0, o.x0) > 1
        gap = {0: rect.x0 - o.x1, 1: rect.y0 - o.y1, 2: o.x0 - rect.x1, 3: o.y0 - rect.y1}[side]
        if (overlap_y if side in (0, 2) else overlap_x) and -TOL <= gap <= 30:
            gaps.append(gap)
    return min(gaps) if gaps else None


def _check_bleed(
    cards: list[tuple[Rect, Rect]], full: float, paper: tuple[float, float] | None = None
) -> None:
    """Every side gets `full` bleed unless it faces a printed neighbour (then half the
    gutter, at most `full`); with `paper` (a back's extra bleed), never past the printable
    margin."""
    trims = [trim for trim, _ in cards]
    for trim, clip in cards:
        got = (trim.x0 - clip.x0, trim.y0 - clip.y0, clip.x1 - trim.x1, clip.y1 - trim.y1)
        room = (math.inf,) * 4
        if paper is not None:
            pw, ph = paper
            m = MARGIN
            room = (trim.x0 - m, trim.y0 - m, pw - m - trim.x1, ph - m - trim.y1)
        for side in range(4):
            gap = _neighbour_gap(trim, trims, side)
            want = min(full, room[side]) if gap is None else min(full, gap / 2)
            assert got[side] == pytest.approx(want, abs=TOL), (side, trim, got)


def _mirror(rect: Rect, backs: str, paper: tuple[float, float]) -> Rect:
    pw, ph = paper
    if backs == "duplex-long":
        return Rect(pw - rect.x1, rect.y0, pw - rect.x0, rect.y1)
    return Rect(rect.x0, ph - rect.y1, rect.x1, ph - rect.y0)  # short edge, or the fold


def _sorted(rects: list[Rect]) -> list[tuple[float, ...]]:
    return sorted((round(r.x0, 2), round(r.y0, 2), round(r.x1, 2), round(r.y1, 2)) for r in rects)


def check_backs_and_bleed(kit: Kit) -> None:
    """Each front with a back on an odd page and its back on the next page at the mirrored
    place (or a page saying it is blank), the version mark on every card, the bleed on every
    cut edge of every card."""
    duplex = kit.backs.startswith("duplex")
    ph = kit.paper[1]
    mark = f"v{kit.game.info.version}"
    for pages, (w, h), has_back, is_deck in kit.card_sections():
        if duplex:  # every sheet: the front on an odd page, its back (or a blank) the next
            assert pages[0] % 2 == 1 and len(pages) % 2 == 0
            sheets = list(zip(pages[::2], pages[1::2], strict=True))
        else:
            sheets = [(p, None) for p in pages]
        for front, back in sheets:
            placed = placements(kit.reader, front)
            fronts = [(p.trim(w, h, ph), p.clip) for p in placed]
            backs_placed: list[tuple[Rect, Rect]] = []
            if kit.backs == "fold" and has_back:  # backs in the bottom half, fronts above the fold
                backs_placed = [f for f in fronts if f[0].y0 > ph / 2]
                fronts = [f for f in fronts if f[0].y1 < ph / 2]
            elif back is not None and has_back:
                backs_placed = [(p.trim(w, h, ph), p.clip) for p in placements(kit.reader, back)]
            elif back is not None:
                assert "intentionally blank" in kit.texts[back - 1]
            assert fronts, f"page {front}: no cards"
            if is_deck:  # every card carries the kit's version
                assert kit.texts[front - 1].count(mark) == len(fronts)
            _check_bleed(fronts, BLEED)
            if has_back and kit.backs != "none":
                assert _sorted([_mirror(t, kit.backs, kit.paper) for t, _ in fronts]) == _sorted(
                    [t for t, _ in backs_placed]
                ), f"page {front}: backs not mirrored"
                _check_bleed(backs_placed, BLEED + BACK_BLEED, kit.paper)


# built once per run, whichever test module asks first
MADE: dict[tuple[str, str, str], Kit] = {}


@pytest.fixture(scope="session")
def kits(tmp_path_factory):
    def kit(game: str, paper: str, backs: str) -> Kit:
        if (game, paper, backs) not in MADE:
            folder = tmp_path_factory.mktemp("order") / game
            MADE[(game, paper, backs)] = build_kit(game, paper, backs, folder)
        return MADE[(game, paper, backs)]

    return kit
