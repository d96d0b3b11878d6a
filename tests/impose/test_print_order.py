"""The kits of every registered game printed as a person prints them, read back from the PDF, on A4
and Letter and in every way of printing backs: each front with a back on an odd page and its
back on the next page at the mirrored place, blank backs that say so, the bleed on every cut
edge of every card (part-filled sheets included), the footer and the bookmarks."""

from __future__ import annotations

import pytest

from tests.impose import printed_kit
from tests.impose.pdfplace import Rect, placements
from tests.impose.printed_kit import LIBRARY, PAPERS

GAMES = LIBRARY.game_ids  # every game in components/, registered or scored in YAML
MODES = ["duplex-long", "duplex-short", "fold", "none"]
BLEED, BACK_BLEED, TOL = 3.0, 1.5, 0.01

kits = printed_kit.kits  # the fixture, one cache for every module that prints kits


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


def _check_bleed(cards: list[tuple[Rect, Rect]], full: float) -> None:
    """Every side gets `full` bleed unless it faces a printed neighbour (then half the
    gutter, at most `full`)."""
    trims = [trim for trim, _ in cards]
    for trim, clip in cards:
        got = (trim.x0 - clip.x0, trim.y0 - clip.y0, clip.x1 - trim.x1, clip.y1 - trim.y1)
        for side in range(4):
            gap = _neighbour_gap(trim, trims, side)
            want = full if gap is None else min(full, gap / 2)
            assert got[side] == pytest.approx(want, abs=TOL), (side, trim, got)


def _mirror(rect: Rect, backs: str, paper: tuple[float, float]) -> Rect:
    pw, ph = paper
    if backs == "duplex-long":
        return Rect(pw - rect.x1, rect.y0, pw - rect.x0, rect.y1)
    return Rect(rect.x0, ph - rect.y1, rect.x1, ph - rect.y0)  # short edge, or the fold


def _sorted(rects: list[Rect]) -> list[tuple[float, ...]]:
    return sorted((round(r.x0, 2), round(r.y0, 2), round(r.x1, 2), round(r.y1, 2)) for r in rects)


CASES = [(g, p, m) for g in GAMES for p in PAPERS for m in MODES]


@pytest.mark.parametrize(("game", "paper", "backs"), CASES)
def test_every_back_lands_behind_its_front_and_every_cut_edge_has_bleed(
    kits, game, paper, backs
) -> None:
    kit = kits(game, paper, backs)
    duplex = backs.startswith("duplex")
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
            if backs == "fold" and has_back:  # backs in the bottom half, fronts above the fold
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
            if has_back and backs != "none":
                assert _sorted([_mirror(t, backs, kit.paper) for t, _ in fronts]) == _sorted(
                    [t for t, _ in backs_placed]
                ), f"page {front}: backs not mirrored"
                _check_bleed(backs_placed, BLEED + BACK_BLEED)


@pytest.mark.parametrize(("game", "paper", "backs"), CASES)
def test_whole_kit_prints_double_sided_with_footers_and_bookmarks(kits, game, paper, backs) -> None:
    kit = kits(game, paper, backs)
    duplex = backs.startswith("duplex")
    total = len(kit.texts)
    info = kit.game.info
    titles = list(kit.sections)
    assert titles[0] == "Contents and print check"
    assert ("Duplex alignment test" in titles) == duplex
    assert kit.sections["Contents and print check"] == [1, 2]  # the checklist on its back
    assert "component checklist" in kit.texts[1]
    if duplex:
        assert kit.sections["Duplex alignment test"] == [3, 4]
        assert total % 2 == 0
    for title, pages in kit.sections.items():
        per = 2 if duplex or title.startswith("Contents") else 1
        sheets = len(pages) // per
        if duplex:
            assert pages[0] % 2 == 1, f"{title} starts on an even page"
        for k, page in enumerate(pages):
            side = " (back)" if per == 2 and k % 2 else ""
            footer = (
                f"{info.name} \u00b7 {title} \u00b7 sheet {k // per + 1} of {sheets}{side}"
                f" \u00b7 version {info.version} \u00b7 built "
            )
            assert footer in kit.texts[page - 1], (page, kit.texts[page - 1][-200:])
            assert kit.texts[page - 1].rstrip().endswith(f"page {page} of {total}")
        # page 1 says where each section is and how to print it
        first, last = pages[0], pages[-1]
        where = f"page {first}" if first == last else f"pages {first}\u2013{last}"
        assert (
            f"{title} {where}" in kit.texts[0].replace("\n", " ")
            or f"{title}\n{where}" in kit.texts[0]
        )
    every_component = (
        [d.name for d in kit.game.decks if not d.optional]
        + [t.name for t in kit.game.tokens]
        + [b.name for b in kit.game.boards if b.printed]  # the others: places on the table
    )
    assert all(any(t.startswith(name) for t in titles) for name in every_component)
