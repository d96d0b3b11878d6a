"""`playtest simulate`: the balance lab (bots play a game many times)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from playtest.cli.common import components_option, friendly_errors, say
from playtest.cli.log import db_option, open_log
from playtest.core.wording import plural


@click.command()
@click.argument("game")
@click.option("--players", type=click.IntRange(1, 20), required=True, help="Players at the table.")
@click.option(
    "--games",
    type=click.IntRange(1, 10_000_000),
    default=1000,
    show_default=True,
    help="Games to play.",
)
@click.option(
    "--bots",
    default="greedy",
    show_default=True,
    metavar="BOT[,BOT...]",
    help="The bot at each seat (random, greedy, montecarlo), repeated round the "
    "table; seats rotate from game to game.",
)
@click.option(
    "--seed",
    type=click.IntRange(0),
    default=0,
    show_default=True,
    help="Run seed: game i is seeded from (seed, i), so a run is reproducible.",
)
@click.option("--variant", default=None, help="The game's variant (e.g. basic, advanced).")
@click.option(
    "--set",
    "sets",
    multiple=True,
    metavar="PATH=VALUE",
    help="Change a YAML value for this run, e.g. rules.pig.row_points.0=3.",
)
@click.option(
    "--compare",
    default=None,
    metavar="PATH=V1,V2",
    help="Run each value on the same seeds and report every difference.",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 512),
    default=None,
    help="Local processes [default: all cores].",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="A Dask scheduler (tcp://host:8786) to play the games on instead.",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Report folder [default: output/simulate/GAME].",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@click.option(
    "--log/--no-log",
    "log",
    default=True,
    show_default=True,
    help="Keep the finished games in the playtest log, marked simulated (the web "
    "stats page shows them beside the games people played).",
)
@db_option
@components_option
@friendly_errors
def simulate(
    game: str,
    players: int,
    games: int,
    bots: str,
    seed: int,
    variant: str | None,
    sets: tuple[str, ...],
    compare: str | None,
    workers: int | None,
    scheduler: str | None,
    out_dir: Path | None,
    quiet: bool,
    log: bool,
    db_path: Path,
    components_dir: Path | None,
) -> None:
    """Bots play GAME many times; report balance, seat advantage and each component's weight.

    Writes report.html (self-contained), report.json, metrics.csv and games.csv, and keeps the
    games in the playtest log (--db; --no-log: not). Ctrl-C stops cleanly and reports the
    games that finished.
    """
    import os

    from playtest.lab.progress import ProgressBar
    from playtest.lab.runner import RunSpec
    from playtest.lab.simulate import simulate as run_simulation
    from playtest.lab.simulate import summary_lines
    from playtest.library.loader import load_library

    game = load_library(components_dir).game_id(game)  # in any case; unknown: refused here
    spec = RunSpec(
        game=game,
        players=players,
        games=games,
        bots=tuple(b.strip() for b in bots.split(",") if b.strip()),
        seed=seed,
        variant=variant,
        sets=sets,
        components=str(components_dir.resolve()) if components_dir else None,
    )
    if log:
        open_log(db_path)  # a log that cannot be opened fails now, not after the games
    bar = None if quiet else ProgressBar()
    result = run_simulation(
        spec,
        out_dir or Path("output") / "simulate" / game,
        compare,
        workers or os.cpu_count() or 1,
        scheduler,
        bar.update if bar else None,
        said=say,
        log=db_path if log else None,
    )
    if bar:
        bar.close()
    for line in summary_lines(result):
        say(line)
    for path in result.files:
        say(f"wrote {path}")
    if log:
        say(
            f"logged {result.logged} simulated game{'s' if result.logged != 1 else ''} in {db_path}"
        )
    if result.interrupted:
        say(
            f"interrupted: {len(result.base.outcomes)} of {plural(games, 'game')} finished "
            "(the report covers those)",
            err=True,
        )
        sys.exit(130)
