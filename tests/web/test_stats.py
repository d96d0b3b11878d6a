"""The stats page on a database of known games: Village Green's average breakdown per award
placement (hand-computed), and the games people played beside the games bots played
(`playtest simulate` into the server's own log file), in a real browser."""

from __future__ import annotations

import re
import subprocess
import sys

from playtest.log import PlaytestLog, new_game
from playtest.yamlsource import load_document
from tests.conftest import REPO
from tests.web.conftest import PHONE, screenshot


def save_examples(server, library, *names: str) -> None:
    log = PlaytestLog(server.db)
    for name in names:
        log.save(new_game(load_document(REPO / "examples" / name), library, source="web")[0])


def shown_breakdown(html: str, group: str) -> dict[str, float]:
    section = html.split(f'id="group-{group}"', 1)[1].split("</section>", 1)[0]
    return {
        k: float(v)
        for k, v in re.findall(
            r'<tr data-category="([^"]+)"><td>[^<]*</td><td>(-?[\d.]+)</td>', section
        )
    }


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


def test_played_and_simulated_games_side_by_side_in_the_browser(server, library, phone) -> None:
    save_examples(
        server, library, "harvest-dice/basic-2-players.yaml", "harvest-dice/advanced-4-players.yaml"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "playtest.cli",
            "simulate",
            "harvest-dice",
            "--players",
            "2",
            "--games",
            "8",
            "--bots",
            "random",
            "--workers",
            "1",
            "-q",
            "--db",
            str(server.db),
            "--out",
            str(server.db.parent / "report"),
        ],
        cwd=server.db.parent,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    phone.goto(f"{server.url}/stats/harvest-dice")
    played, simulated = phone.locator("#group-played"), phone.locator("#group-simulated")
    assert played.get_attribute("data-games") == "2"
    assert simulated.get_attribute("data-games") == "8"
    assert phone.text_content("#games-played") == "2"
    assert phone.text_content("#games-simulated") == "8"
    assert "Played at the table" in played.text_content()
    assert "Simulated by bots" in simulated.text_content()
    # each group counts its own games: 2 played games have 6 seats, 8 simulated ones 16
    seat_games = [
        int(n)
        for n in re.findall(
            r"seat \d+\s*\d+\s*(\d+)", simulated.locator("table.rates").first.inner_text()
        )
    ]
    assert sum(seat_games) == 16
    assert simulated.locator(".plot svg").count() >= 4
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(phone, "stats-played-and-simulated")
    phone.set_viewport_size({"width": 1200, "height": 900})  # a laptop: two columns
    boxes = [played.bounding_box(), simulated.bounding_box()]
    assert boxes[0]["x"] < boxes[1]["x"] and abs(boxes[0]["y"] - boxes[1]["y"]) < 2
    screenshot(phone, "stats-side-by-side")
    phone.goto(f"{server.url}/games?game=harvest-dice")  # the history lists played games
    assert phone.locator(".history li[data-id]").count() == 2
    phone.goto(f"{server.url}/games?game=harvest-dice&source=simulated")
    assert phone.locator(".history li[data-id]").count() == 8
