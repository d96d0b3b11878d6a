"""The kits of every registered game printed as a person prints them, read back from the PDF, on A4
and Letter and in every way of printing backs: each front with a back on an odd page and its
back on the next page at the mirrored place, blank backs that say so, the bleed on every cut
edge of every card (part-filled sheets included), the footer and the bookmarks."""

from __future__ import annotations

import re

import pytest

from tests.impose import printed_kit
from tests.impose.printed_kit import LIBRARY, PAPERS, check_backs_and_bleed

GAMES = LIBRARY.game_ids  # every game in components/, registered or scored in YAML
MODES = ["duplex-long", "duplex-short", "fold", "none"]

kits = printed_kit.kits  # the fixture, one cache for every module that prints kits


CASES = [(g, p, m) for g in GAMES for p in PAPERS for m in MODES]


@pytest.mark.parametrize(("game", "paper", "backs"), CASES)
def test_every_back_lands_behind_its_front_and_every_cut_edge_has_bleed(
    kits, game, paper, backs
) -> None:
    check_backs_and_bleed(kits(game, paper, backs))


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
        assert not re.search(r"\b1 (card|token|die)s\b", title), title  # "(1 card, ..."
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
