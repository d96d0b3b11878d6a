"""The stats page on a database of known games: the games people played beside the games bots
played (`playtest simulate` into the server's own log file), in a real browser, for a game
with an engine and an editor. (A game's own breakdown, worked out by hand, is in its folder.)"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from playtest.core.yamlsource import load_document
from playtest.log import PlaytestLog, new_game
from playtest.scorer.api import evaluate_file
from tests.browser import PHONE
from tests.conftest import REPO
from tests.games import a_game, example_records
from tests.web.conftest import screenshot

GAME = a_game(lambda g: g.engine and g.web)  # played by bots and entered on the phone


def save_examples(server, library, *names: str | Path) -> None:
    log = PlaytestLog(server.db)
    for name in names:
        log.save(new_game(load_document(REPO / "examples" / name), library, source="web")[0])


def shown_breakdown(html: str, group: str) -> dict[str, float]:
    section = html.split(f'id="group-{group}"', 1)[1].split('<section class="group"', 1)[0]
    return {
        k: float(v)
        for k, v in re.findall(
            r'<tr data-category="([^"]+)"><td>[^<]*</td><td>(-?[\d.]+)</td>', section
        )
    }


def test_played_and_simulated_games_side_by_side_in_the_browser(server, library, phone) -> None:
    played_records = [p for p in example_records(GAME) if evaluate_file(p).legal][:2]
    assert len(played_records) == 2
    seats = sum(len(load_document(p).data["players"]) for p in played_records)
    save_examples(server, library, *(p.relative_to(REPO / "examples") for p in played_records))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "playtest.cli",
            "simulate",
            GAME,
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
    phone.goto(f"{server.url}/stats/{GAME}")
    played, simulated = phone.locator("#group-played"), phone.locator("#group-simulated")
    assert played.get_attribute("data-games") == "2"
    assert simulated.get_attribute("data-games") == "8"
    assert phone.text_content("#games-played") == "2"
    assert phone.text_content("#games-simulated") == "8"
    assert "Played at the table" in played.text_content()
    assert "Simulated by bots" in simulated.text_content()

    # each group counts its own games: the 2 played games their seats, 8 simulated ones 16
    # (each player count has its table: its first is by seat)
    def seat_games(group) -> int:
        return sum(
            int(n)
            for table in group.locator(".seat-table").all()
            for n in re.findall(
                r"seat \d+\s*\d+\s*(\d+)", table.locator("table.rates").first.inner_text()
            )
        )

    assert seat_games(simulated) == 16
    assert seat_games(played) == seats
    assert simulated.locator(".plot svg").count() >= 4
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(phone, "stats-played-and-simulated")
    phone.set_viewport_size({"width": 1200, "height": 900})  # a laptop: two columns
    boxes = [played.bounding_box(), simulated.bounding_box()]
    assert boxes[0]["x"] < boxes[1]["x"] and abs(boxes[0]["y"] - boxes[1]["y"]) < 2
    screenshot(phone, "stats-side-by-side")
    phone.goto(f"{server.url}/games?game={GAME}")  # the history lists played games
    assert phone.locator(".history li[data-id]").count() == 2
    phone.goto(f"{server.url}/games?game={GAME}&source=simulated")
    assert phone.locator(".history li[data-id]").count() == 8
