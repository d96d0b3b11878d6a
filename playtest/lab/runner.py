"""Running a simulation: games in batches on local processes or a Dask cluster.

Every game is seeded from (run seed, game index) and the outcomes are put back in index order,
so a run gives identical results on 1 process, on many, or on a cluster.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any

from playtest import components as shipped
from playtest.core.errors import InputError
from playtest.core.interrupts import leave_interrupts_to_parent
from playtest.lab.bots import AnyEngine, make_bot
from playtest.lab.overrides import changed_copy, moved_back
from playtest.lab.play import GameOutcome, play_game

Progress = Callable[[int, int, float], None]  # games done, games in all, seconds so far
IN_FLIGHT = 3  # batches submitted ahead per local worker


@dataclass(frozen=True)
class RunSpec:
    game: str
    players: int
    bots: tuple[str, ...]  # seat by seat, repeated when shorter than the table
    games: int
    seed: int = 0
    variant: str | None = None
    components: str | None = None  # a components folder; None: the shipped games
    sets: tuple[str, ...] = ()  # `--set` changes, applied by every worker alike
    keep_records: bool = False

    def seat_bots(self, index: int) -> tuple[str, ...]:
        """Seats rotate from game to game, so each bot plays each seat equally often."""
        table = [self.bots[s % len(self.bots)] for s in range(self.players)]
        shift = index % self.players
        return tuple(table[shift:] + table[:shift])


@dataclass
class RunResult:
    spec: RunSpec
    outcomes: list[GameOutcome] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False


@dataclass(frozen=True)
class Loaded:
    """What a process keeps of a run's game: its engine, and the version of the YAML it was
    loaded from (read while the files are there: a `--set` copy is gone once loaded)."""

    engine: AnyEngine
    kit_version: str


@cache
def _loaded(game: str, components: str | None, sets: tuple[str, ...]) -> Loaded:
    """Loaded once per process and spec. With `--set`, the changed game folder is made,
    loaded and removed at once: nothing may wait for the process's end to remove it (a
    forked worker ends with `os._exit`, a killed run at once)."""
    source = Path(components) if components else None
    if not sets:
        return _load(source, game)
    with changed_copy(source, game, sets) as root:
        try:
            return _load(root, game)
        except InputError as exc:
            raise moved_back(exc, root, source or shipped.ROOT) from None


def _load(root: Path | None, game: str) -> Loaded:
    from playtest.library.loader import load_library
    from playtest.log import kit_version
    from playtest.scorer.engine import engine_for

    loaded = load_library(root).game(game)
    return Loaded(engine_for(loaded), kit_version(loaded))


def _engine(game: str, components: str | None, sets: tuple[str, ...]) -> AnyEngine:
    return _loaded(game, components, sets).engine


def play_batch(spec: RunSpec, start: int, stop: int) -> list[GameOutcome]:
    """Games start..stop-1 of a run (a module-level function: workers import it by name)."""
    engine = _engine(spec.game, spec.components, spec.sets)
    return [
        play_game(
            engine,
            [make_bot(name) for name in spec.seat_bots(index)],
            spec.seed,
            index,
            spec.variant,
            spec.keep_records,
        )
        for index in range(start, stop)
    ]


def batches(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(start + size, games)


def batch_size(games: int, workers: int) -> int:
    """Small enough for a steady progress bar and even load, big enough to amortise."""
    return max(1, min(50, games // max(1, workers * 8)))


def check_spec(spec: RunSpec) -> None:
    """Fail early, in this process, on what every worker would fail on."""
    from playtest.scorer.engine import SetupError, engine_games

    if not spec.bots:
        raise InputError.one("playtest", None, "--bots", "name at least one bot")
    for name in spec.bots:
        make_bot(name)
    if spec.game not in engine_games():
        raise InputError.one(
            "playtest",
            None,
            "GAME",
            f"{spec.game!r} has no rules engine to simulate (engines: {', '.join(engine_games())})",
        )
    engine = _engine(spec.game, spec.components, spec.sets)
    try:
        engine.new_game([f"p{i}" for i in range(spec.players)], spec.variant)
    except SetupError as exc:
        field = {"players": "--players", "variant": "--variant"}.get(exc.field, exc.field)
        raise InputError.one("playtest", None, field, str(exc)) from None


def run(
    spec: RunSpec, workers: int = 1, scheduler: str | None = None, progress: Progress | None = None
) -> RunResult:
    check_spec(spec)
    result = RunResult(spec)
    began = time.perf_counter()
    size = batch_size(spec.games, workers)
    try:
        if scheduler:
            _run_dask(spec, scheduler, size, result, began, progress)
        elif workers <= 1:
            for start, stop in batches(spec.games, size):
                result.outcomes += play_batch(spec, start, stop)
                _report(result, began, progress)
        else:
            _run_local(spec, workers, size, result, began, progress)
    except KeyboardInterrupt:
        result.interrupted = True
    result.outcomes.sort(key=lambda o: o.index)
    result.seconds = time.perf_counter() - began
    return result


def _report(result: RunResult, began: float, progress: Progress | None) -> None:
    if progress:
        progress(len(result.outcomes), result.spec.games, time.perf_counter() - began)


def _run_local(
    spec: RunSpec,
    workers: int,
    size: int,
    result: RunResult,
    began: float,
    progress: Progress | None,
) -> None:
    pool = ProcessPoolExecutor(max_workers=workers, initializer=leave_interrupts_to_parent)
    # a few batches in flight per worker, not the whole run: `wait` looks at every pending
    # future each time, so thousands of them would keep this process busy on a core the
    # workers need; and Ctrl-C has little to cancel
    todo = batches(spec.games, size)
    pending: set[Future[list[GameOutcome]]] = set()
    try:
        while True:
            for start, stop in islice(todo, IN_FLIGHT * workers - len(pending)):
                pending.add(pool.submit(play_batch, spec, start, stop))
            if not pending:
                break
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                result.outcomes += future.result()
            _report(result, began, progress)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _run_dask(
    spec: RunSpec,
    address: str,
    size: int,
    result: RunResult,
    began: float,
    progress: Progress | None,
) -> None:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise InputError.one(
            "playtest",
            None,
            "--scheduler",
            "Dask is not installed: pip install 'playtest-kit[dask]'",
        ) from None
    try:
        client: Any = Client(address, timeout="10s")
    except OSError as exc:
        raise InputError.one(
            "playtest", None, "--scheduler", f"cannot reach the Dask scheduler at {address}: {exc}"
        ) from None
    futures = [
        client.submit(play_batch, spec, start, stop, pure=False)
        for start, stop in batches(spec.games, size)
    ]
    try:
        for future in as_completed(futures):
            result.outcomes += future.result()
            _report(result, began, progress)
    finally:
        client.cancel(futures)
        client.close()


def run_kit_version(spec: RunSpec) -> str:
    """The version of the YAML the run's bots played (`--set` changes included)."""
    return _loaded(spec.game, spec.components, spec.sets).kit_version
