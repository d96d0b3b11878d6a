"""The balance lab: games per second for every game with an engine and every bot (one core),
the speed-up of two local worker processes over one, and what 100,000 four-player Harvest
Dice games with greedy bots take on this machine.

Wall time on two workers is what a designer waits for; the one-core figures are CPU time.
"""

from __future__ import annotations

from benchmarks.common import measure

SETUP = """
from playtest.lab.runner import RunSpec, run
from playtest.scorer.engine import engine_games
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
    from playtest.scorer.engine import engine_games

    return engine_games()


def run() -> list[tuple[str, ...]]:
    rows = []
    for game in _games():
        for bot, games in BOTS:
            found = measure(
                BODY.format(workers=1),
                SETUP.format(
                    game=game, players=4 if game != "village-green" else 3, bot=bot, games=games
                ),
                repeat=1,
            )
            rows.append(
                (
                    f"{game}, {bot}",
                    str(games),
                    f"{found['cpu']:.2f} s",
                    f"{games / found['cpu']:.1f} games/s",
                    "one core, CPU time",
                )
            )
    rows += speed_up(SPEED_UP_GAMES)
    return rows


SPEED_UP_GAMES = 2000


def speed_up(games: int) -> list[tuple[str, ...]]:
    """Greedy Harvest Dice games on one worker and on two. Wall time is what a designer waits
    for, but on a shared machine it measures the neighbours too; the CPU time of the workers
    says what two idle cores give: the run's CPU time on one worker against the busier of two
    workers' share of it (the parent and worker start-up included)."""
    setup = SETUP.format(game="harvest-dice", players=4, bot="greedy", games=games)
    one = measure(BODY.format(workers=1), setup)
    two = measure(BODY.format(workers=2), setup)
    cpu_one = one["cpu"] + one["children_cpu"]
    cpu_two = two["cpu"] + two["children_cpu"]
    # two workers share the games evenly (small batches), so each spends half their CPU time
    by_cpu = cpu_one / (cpu_two / 2)
    rate_two = games / (cpu_two / 2)
    return [
        (
            "harvest-dice greedy, 1 vs 2 workers: wall time",
            f"{games:,}",
            f"{one['seconds']:.1f} s / {two['seconds']:.1f} s",
            f"speed-up {one['seconds'] / two['seconds']:.2f}x",
            "wall time, machine shared",
        ),
        (
            "harvest-dice greedy, 1 vs 2 workers: CPU time",
            f"{games:,}",
            f"{cpu_one:.1f} s / {cpu_two:.1f} s",
            f"speed-up {by_cpu:.2f}x",
            "two idle cores: CPU of one worker vs half of two workers' (parent included)",
        ),
        (
            "harvest-dice greedy, 100,000 games",
            "100,000",
            f"{100_000 / rate_two / 60:.1f} min",
            f"{rate_two:.0f} games/s",
            f"2 workers on two idle cores, from the CPU time of {games:,} games",
        ),
    ]
