"""The game engines: random legal play, scoring positions already in memory (the code
`playtest score` runs, without reading files), and replaying a 4-player log.

Figures are CPU seconds of one process (one core): the machine is shared, and wall time
measures the neighbours as much as the engine. The one exception is a folder scored on one
process per core, whose point is the time on the clock.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.common import measure

SETUP = """
import random
from playtest.library.loader import load_library
from playtest.scorer.engine import engine_for, play_random
library = load_library()
engine = engine_for(library.game({game!r}))
rng = random.Random(1)
players = {players!r}
"""

GAMES = """
for _ in range({n}):
    play_random(engine, engine.new_game(players, {variant!r}), rng)
EXTRA = {n}
"""

# positions from finished random games, then every one scored by the scorer's own functions
POSITIONS = (
    SETUP
    + """
states = []
while len(states) < {n}:
    state = engine.new_game(players, {variant!r})
    while engine.to_move(state) != -2:
        state = (engine.apply_chance(state, engine.sample_chance(state, rng))
                 if engine.to_move(state) == -1 else
                 engine.apply(state, rng.choice(engine.legal_moves(state))))
        if not state.pool:
            states.append(state)
states = states[:{n}]
"""
)

REPLAY = """
from pathlib import Path
from playtest.scorer.replay import random_log, replay_document
from playtest.core.yamlsource import parse_document
text = random_log(engine, players, {variant!r}, 3).encode()
"""


def _cpu_rate(body: str, setup: str, n: int) -> tuple[float, float]:
    found = measure(body, setup, repeat=3)
    return n / found["cpu"], found["cpu"]


def run() -> list[tuple[str, ...]]:
    rows = []
    four = ("Ann", "Bob", "Cid", "Dee")
    for variant in ("basic", "advanced"):
        n = 2000
        rate, cpu = _cpu_rate(
            GAMES.format(n=n, variant=variant), SETUP.format(game="harvest-dice", players=four), n
        )
        rows.append(
            (
                f"Harvest Dice, 4 players, {variant}: random games",
                f"{n:,}",
                f"{cpu:.2f} s",
                f"{rate:,.0f} games/s",
                "target: 2,000 games/s",
            )
        )
    n = 20_000
    rate, cpu = _cpu_rate(
        "totals = [engine.scores(s) for s in states]",
        POSITIONS.format(game="harvest-dice", players=four, n=n, variant="advanced"),
        n,
    )
    rows.append(
        (
            "Harvest Dice, 4 players: scoring positions in memory",
            f"{n:,}",
            f"{cpu:.2f} s",
            f"{rate:,.0f} positions/s",
            "target: 20,000 positions/s",
        )
    )
    rate, cpu = _cpu_rate(
        "results = [engine.result(s) for s in states]",
        POSITIONS.format(game="harvest-dice", players=four, n=n, variant="advanced"),
        n,
    )
    rows.append(
        (
            "Harvest Dice, 4 players: scoring and checking in memory",
            f"{n:,}",
            f"{cpu:.2f} s",
            f"{rate:,.0f} positions/s",
            "what `playtest score` answers",
        )
    )
    rows += score_folder(3000)
    rows.append(evaluate_step(3000))
    n = 100
    rate, cpu = _cpu_rate(
        f"for _ in range({n}):\n"
        "    replay_document(parse_document(text, Path('l.yaml'), 'l.yaml'), "
        "library).result",
        SETUP.format(game="harvest-dice", players=four) + REPLAY.format(variant="advanced"),
        n,
    )
    rows.append(
        (
            "Harvest Dice, 4 players: replay a log (read, check, score)",
            f"{n:,}",
            f"{cpu:.2f} s",
            f"{1000 / rate:.1f} ms per log",
            "target: under 20 ms",
        )
    )
    rows += _random_and_replay("abandon-all-artichokes", "Abandon All Artichokes", four, 100)
    rows += _random_and_replay("dice-town", "Dice Town", four, 50)
    rows += _random_and_replay("village-green", "Village Green", four, 100)
    return rows


def _random_and_replay(
    game: str, name: str, four: tuple[str, ...], replays: int
) -> list[tuple[str, ...]]:
    """A game without a speed target: random 4-player games (measured and reported) and the
    replay of one such game's log."""
    setup = SETUP.format(game=game, players=four)
    n = 500
    rate, cpu = _cpu_rate(GAMES.format(n=n, variant=None), setup, n)
    rows = [
        (
            f"{name}, 4 players: random games",
            f"{n:,}",
            f"{cpu:.2f} s",
            f"{rate:,.0f} games/s",
            "measured (no target)",
        )
    ]
    rate, cpu = _cpu_rate(
        f"for _ in range({replays}):\n"
        "    replay_document(parse_document(text, Path('l.yaml'), 'l.yaml'), "
        "library).result",
        setup + REPLAY.format(variant=None),
        replays,
    )
    rows.append(
        (
            f"{name}, 4 players: replay a log (read, check, score)",
            f"{replays:,}",
            f"{cpu:.2f} s",
            f"{1000 / rate:.1f} ms per log",
            "target: under 20 ms",
        )
    )
    return rows


def score_folder(n: int) -> list[tuple[str, ...]]:
    """`playtest score DIR --json` on `n` finished 4-player advanced records the engine wrote:
    the whole command, start-up included (fastest of three). On one process, its CPU time;
    with the default workers (one per core), the time on the clock."""
    from playtest.scorer.batch import usable_cores

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        write_finished_records(Path(tmp), n)
        command = [str(Path(sys.executable).with_name("playtest")), "score", tmp, "--json"]
        cpu = min(_command_times([*command, "--workers", "1"])[0] for _ in range(3))
        rows.append(
            (
                "Harvest Dice, 4 players: `playtest score DIR --json --workers 1`",
                f"{n:,}",
                f"{cpu:.2f} s CPU",
                f"{n / cpu:,.0f} records/s",
                "one process, start-up included; target: 3,000 records/s",
            )
        )
        cores = usable_cores()
        wall = min(_command_times(command)[1] for _ in range(3))
        rows.append(
            (
                "Harvest Dice, 4 players: `playtest score DIR --json`",
                f"{n:,}",
                f"{wall:.2f} s wall",
                f"{n / wall:,.0f} records/s",
                f"one process per core ({cores} here), start-up included, on the clock",
            )
        )
    return rows


EVALUATE = """
from pathlib import Path
from playtest.core.limits import MAX_RECORD_BYTES
from playtest.library.loader import load_library
from playtest.scorer.api import evaluate_document
from playtest.core.yamlsource import load_document
library = load_library()
library.game("harvest-dice")
docs = [load_document(p, max_bytes=MAX_RECORD_BYTES) for p in sorted(Path({folder!r}).iterdir())]
"""


def evaluate_step(n: int) -> tuple[str, ...]:
    """`evaluate_document` on `n` records already read (what `playtest score` does per record
    once its YAML is parsed: the record read into a position, checked and scored)."""
    with tempfile.TemporaryDirectory() as tmp:
        write_finished_records(Path(tmp), n)
        rate, cpu = _cpu_rate(
            "results = [evaluate_document(d, library) for d in docs]",
            EVALUATE.format(folder=tmp),
            n,
        )
    return (
        "Harvest Dice, 4 players: evaluate records already read",
        f"{n:,}",
        f"{cpu:.2f} s",
        f"{1e6 / rate:.0f} us per record",
        "read, checked, scored (0.46 s before the bitmask gardens)",
    )


def write_finished_records(folder: Path, n: int) -> None:
    """`n` finished 4-player advanced Harvest Dice records of random games (seeded) in
    `folder`, as the engine writes them."""
    from playtest.library.loader import load_library
    from playtest.scorer.engine import engine_for, play_random
    from playtest.scorer.record_text import record_yaml

    engine = engine_for(load_library().game("harvest-dice"))
    rng = random.Random(3)
    for i in range(n):
        state = play_random(engine, engine.new_game(("Ann", "Bob", "Cid", "Dee"), "advanced"), rng)
        (folder / f"r{i:05d}.yaml").write_text(record_yaml(engine.record(state)))


def _command_times(command: list[str]) -> tuple[float, float]:
    """CPU seconds of the command and its workers, and seconds on the clock."""
    code = (
        "import resource, subprocess, sys, time\n"
        "began = time.perf_counter()\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)\n"
        "wall = time.perf_counter() - began\n"
        "used = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(used.ru_utime + used.ru_stime, wall)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *command], capture_output=True, text=True, check=True
    )
    cpu, wall = done.stdout.split()
    return float(cpu), float(wall)
