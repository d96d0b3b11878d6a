"""A page typed with its game's id in another case is sent to its own address, query kept, as
the command line and records accept an id in any case; an unknown game is still not found."""

from __future__ import annotations

import httpx

from tests.games import a_game

GAME = a_game()
TYPED = GAME[0].upper() + GAME[1:-1] + GAME[-1].upper()  # `My-gamE`


def test_a_game_id_in_another_case_is_sent_to_its_page(server) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as client:
        moved = client.get(f"/new/{TYPED}")
        assert moved.status_code == 308
        assert moved.headers["location"] == f"/new/{GAME}"
        query = "player=Ann&player=Bob&played_on=2026-01-01"
        play = client.get(f"/play/{TYPED.upper()}?{query}")
        assert play.status_code == 308
        assert play.headers["location"] == f"/play/{GAME}?{query}"
        stats = client.get(f"/stats/{TYPED}", follow_redirects=True)
        assert stats.status_code == 200 and str(stats.url).endswith(f"/stats/{GAME}")
        assert client.get(f"/new/{TYPED}", follow_redirects=True).status_code == 200
        assert client.get(f"/new/{GAME}x").status_code == 404
        assert client.get(f"/new/{GAME}").status_code == 200  # its own address: no detour
