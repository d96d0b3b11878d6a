"""The scan-ready kit printed whole, double-sided, as a person prints it: every back (a
village card's back with its own marker included) lands behind its front, mirrored as the
kit's long-edge flip says, with its bleed on every cut edge; and every version mark, moved
out of the marker's way, stays in the safe area on nothing of its card."""

from __future__ import annotations

import pytest

from tests.impose.printed_kit import Kit, check_backs_and_bleed
from tests.impose.test_version_mark import mark_problems
from tests.scan.conftest import CARD_GAMES, SCAN_GAMES


@pytest.mark.parametrize("game_id", SCAN_GAMES)
def test_every_back_lands_behind_its_front_in_the_scan_ready_kit(scan_kits, library, game_id):
    game = library.game(game_id)
    # the kit as built with --scan-marks and print.yaml's defaults: A4, long-edge duplex
    kit = Kit(game, scan_kits / game_id / f"{game_id}-kit.pdf", "a4", "duplex-long")
    if game_id in CARD_GAMES:  # a back that carries a marker is among those checked
        assert any(d.scan_back for d in game.decks if d.scan_marker)
    check_backs_and_bleed(kit)


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_version_marks_stay_in_the_safe_area_of_scan_ready_cards(scan_kits, library, game_id):
    game = library.game(game_id)
    seen, wrong = mark_problems(scan_kits / game_id / f"{game_id}-kit.pdf", game)
    assert seen >= sum(c.count for d in game.decks for c in d.cards if d.optional is None)
    assert not wrong, "\n".join(wrong[:40])
