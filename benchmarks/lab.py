"""The balance lab: games per second for every game with an engine and every bot (one core),
the speed-up of two local worker processes over one, and what 100,000 four-player Harvest
Dice games with greedy bots take on this machine.

Wall time on two workers is what a designer waits for; the one-core figures are CPU time.
"""

from __future__ import annotations

from benchmarks.common import measure

SETUP = """
from playtest.lab.runner import RunSpec, run
from playtest.scorer.engine import engine_modules
spec = RunSpec(game={game!r}, players={players}, bots=({bot!r},), games={games}, seed=1)
run(RunSpec(game={game!r}, players={players}, bots=({bot!r},), games=1, seed=99))  # warm up
"""

BODY = """
result = run(spec, workers={workers})
EXTRA = len(result.outcomes)
"""

# (bot, games) per measurement: the Monte-Carlo bot plays 48 playouts per decision
BOTS = (("random", 400), ("greedy", 100), ("montecarlo", 4))


def _games() -> list[str]:
    from playtest.scorer.engine import engine_modules

    return sorted(engine_modules())


def run() -> list[tuple[str, ...]]:
    rows = []
    for game in _games():
        for bot, games in BOTS:
            found = measure(BODY.format(workers=1),
                            SETUP.format(game=game, players=4 if game != "village-green"
                                         else 3, bot=bot, games=games), repeat=1)
            rows.append((f"{game}, {bot}", str(games), f"{found['cpu']:.2f} s",
                         f"{games / found['cpu']:.1f} games/s", "one core, CPU time"))
    setup = SETUP.format(game="harvest-dice", players=4, bot="greedy", games=400)
    one = measure(BODY.format(workers=1), setup)["seconds"]
    two = measure(BODY.format(workers=2), setup)["seconds"]
    rows.append(("harvest-dice greedy, 1 vs 2 workers", "400", f"{one:.1f} s / {two:.1f} s",
                 f"speed-up {one / two:.2f}x", "wall time"))
    per_game = two / 400
    rows.append(("harvest-dice greedy, 100,000 games", "100000",
                 f"{100_000 * per_game / 60:.1f} min", f"{400 / two:.0f} games/s",
                 "2 workers, extrapolated from 400 games"))
    return rows
