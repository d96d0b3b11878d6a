"""The stats page is worked out (games read, stats computed, plots drawn) once per game, kit
version and change of the log (issue 25, point 8): a request of an unchanged log is served
what was worked out, and any save works it out again. A real log file (SQLite), the page's
own function; nothing is timed here (benchmarks/stats_page.py measures)."""

from __future__ import annotations

from pathlib import Path

from playtest.library.loader import load_library
from playtest.log import PlaytestLog
from playtest.log.records import read_entry
from playtest.web.context import WebContext
from playtest.web.pictures import Pictures
from playtest.web.stats_page import _cached_groups
from tests.games import a_game, a_legal_record

GAME = a_game(lambda g: g.web)
EXAMPLE = a_legal_record(GAME)


def _save(log: PlaytestLog, library, names: list[str]) -> None:
    text = EXAMPLE.read_text()
    assert "name: Ann" in text
    log.save_all(
        [
            read_entry(text.replace("name: Ann", f"name: {name}").encode(), EXAMPLE, "x", library)
            for name in names
        ]
    )


def test_the_page_is_worked_out_once_per_change_of_the_log(tmp_path: Path) -> None:
    library = load_library()
    log = PlaytestLog(tmp_path / "playtest.db")
    _save(log, library, ["Ann 1", "Ann 2", "Ann 3"])
    c = WebContext(library, log, Pictures(library))
    web_game = c.web_game(GAME)
    assert web_game is not None
    [(_, version, _)] = [v for v in log.versions() if v[0] == GAME]

    first = _cached_groups(c, web_game, GAME, version)
    played = next(g for g in first if g.key == "played")
    assert played.logged == 3 and played.charts  # worked out: stats and plots
    # unchanged log: what was worked out, not worked out again
    assert _cached_groups(c, web_game, GAME, version) is first

    _save(log, library, ["Ann 4"])  # a save changes the log: worked out again, with the game
    again = _cached_groups(c, web_game, GAME, version)
    assert again is not first
    assert next(g for g in again if g.key == "played").logged == 4
    assert _cached_groups(c, web_game, GAME, version) is again

    # another kit version is its own page
    other = _cached_groups(c, web_game, GAME, "no-such-version")
    assert other is not again
    assert next(g for g in other if g.key == "played").logged == 0
