"""A page typed with its game's id in another case is sent to its own address, query kept, as
the command line and records accept an id in any case; an unknown game is still not found."""

from __future__ import annotations

import httpx


def test_a_game_id_in_another_case_is_sent_to_its_page(server) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as client:
        moved = client.get("/new/Harvest-DICE")
        assert moved.status_code == 308
        assert moved.headers["location"] == "/new/harvest-dice"
        query = "variant=basic&player=Ann&player=Bob&played_on=2026-01-01"
        play = client.get(f"/play/HARVEST-dice?{query}")
        assert play.status_code == 308
        assert play.headers["location"] == f"/play/harvest-dice?{query}"
        stats = client.get("/stats/Village-Green", follow_redirects=True)
        assert stats.status_code == 200 and str(stats.url).endswith("/stats/village-green")
        assert client.get("/new/Harvest-DICE", follow_redirects=True).status_code == 200
        assert client.get("/new/harvest-dicee").status_code == 404
        assert client.get("/new/harvest-dice").status_code == 200  # its own address: no detour
