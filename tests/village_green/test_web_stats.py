"""Village Green's stats page on a database of known games: its average breakdown per award
placement, worked out by hand."""

from __future__ import annotations

from tests.web.test_stats import save_examples, shown_breakdown


def test_village_green_breakdown_is_averaged_per_award_placement(server, library) -> None:
    save_examples(server, library, "village-green/three-players.yaml", "village-green/solo.yaml")
    with server.client() as client:
        html = client.get("/stats/village-green").text
    # by hand, from `playtest score` of the two records: Ann, Ben, Carl, then Sam (solo);
    # an empty slot scores 0 for its player (Carl has no award left of row 3)
    expected = {
        "village": (1 + 0 + 1 + 1) / 4,
        "ponds": (4 + 4 + 4 + 6) / 4,
        "award above column 1": (6 + 3 + 6 + 6) / 4,
        "award above column 2": (2 + 2 + 2 + 6) / 4,
        "award above column 3": (9 + 1 + 6 - 1) / 4,
        "award left of row 1": (6 + 1 + 9 + 9) / 4,
        "award left of row 2": (4 + 2 + 2 + 9) / 4,
        "award left of row 3": (1 + 6 + 0 - 1) / 4,
    }
    shown = shown_breakdown(html, "played")
    assert sorted(shown) == sorted(expected)  # one line per placement, none per award
    for category, value in expected.items():
        assert abs(shown[category] - value) < 0.006, category
