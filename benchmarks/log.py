"""The playtest log under a simulation's load: 100,000 simulated Harvest Dice games (records
and answers from real games played by the lab with random bots, repeated) saved in one
transaction, the way `playtest simulate` saves a run; then what the stats page reads for them
(the newest simulated games it shows, the stats computed)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchmarks.common import measure

GAMES = 100_000

SETUP = """
from pathlib import Path
from playtest.lab.log_store import simulated_entries
from playtest.lab.runner import RunSpec, run
from playtest.log import PlaytestLog
played = run(RunSpec(game="harvest-dice", players=4, bots=("random",), games=200,
                     keep_records=True), workers=1)
base = list(simulated_entries(played))
entries = [base[i % len(base)] for i in range({games})]
log = PlaytestLog(Path({db!r}))
"""


def run() -> list[tuple[str, ...]]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "log.db")
        saved = measure(
            "ids = log.save_many(entries)\nEXTRA = len(ids)", SETUP.format(games=GAMES, db=db)
        )
        rows.append(
            (
                f"save {GAMES:,} simulated games (one transaction)",
                f"{saved['extra']:,}",
                f"{saved['seconds']:.2f} s",
                f"{saved['extra'] / saved['seconds']:,.0f} games/s",
                f"database {Path(db).stat().st_size / 2**20:.0f} MB",
            )
        )
        read = measure(
            "version = log.versions(source='simulated')[0][1]\n"
            "games = log.games('harvest-dice', version, source='simulated',"
            " limit=SIMULATED_SHOWN)\n"
            "stats = game_stats(games, {})\nEXTRA = stats.games",
            "from playtest.log import PlaytestLog\n"
            "from playtest.log.stats import game_stats\n"
            "from playtest.web.stats_page import SIMULATED_SHOWN\n"
            f"log = PlaytestLog({db!r})",
        )
        rows.append(
            (
                "stats page data: the newest simulated games read and computed",
                f"{read['extra']:,}",
                f"{read['seconds']:.2f} s",
                "-",
                f"of {GAMES:,} in the log",
            )
        )
    return rows
