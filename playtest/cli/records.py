"""The commands that read records: `score`, `check`, and `replay` of a game log."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from playtest.cli.common import components_option, friendly_errors, say
from playtest.cli.log import db_option, open_log
from playtest.core.control_chars import escape_controls, escape_json_controls
from playtest.core.errors import InputError
from playtest.core.json_text import indented_json
from playtest.library.loader import load_library


def _evaluate(
    paths: tuple[Path, ...], recursive: bool, components_dir: Path | None, workers: int | None
) -> list[tuple[Path, Any]]:
    """Every record is read: one that cannot be is kept as its error, the others scored."""
    from playtest.scorer.api import record_files
    from playtest.scorer.batch import evaluate_files

    library = load_library(components_dir)
    found = record_files(paths, recursive)
    for folder, why in found.skipped:
        say(f"{folder}: {why}", err=True)
    return evaluate_files(found.files, library, workers)


def _error_json(error: InputError) -> dict[str, Any]:
    first = error.problems[0]
    return {
        "error": {
            "file": first.file,
            "line": first.line,
            "field": first.field,
            "message": first.message,
        }
    }


def _emit(
    results: list[tuple[Path, Any]], as_json: bool, text: Callable[[Path, Any, bool], str]
) -> None:
    """Answers on stdout (text or JSON); unreadable records on stderr, and with --json as
    `{"error": ...}` on stdout too; exit 2 at the end if any record could not be read."""
    several = len(results) > 1
    answers = []
    for path, outcome in results:
        failed = isinstance(outcome, InputError)
        if failed:
            for problem in outcome.problems:
                say(str(problem), err=True)
        if as_json:
            answer = _error_json(outcome) if failed else outcome.to_json()
            answers.append({"record": str(path), **answer} if several else answer)
        elif not failed:
            click.echo(text(path, outcome, several))
    if as_json:
        click.echo(escape_json_controls(indented_json(answers if several else answers[0])))
    if any(isinstance(outcome, InputError) for _, outcome in results):
        sys.exit(2)


def _log_records(records: tuple[Path, ...], components_dir: Path | None, db_path: Path) -> None:
    from playtest.log.records import import_files

    report = import_files(open_log(db_path), records, load_library(components_dir))
    click.echo(f"saved in {db_path}: {report.summary()}", err=True)


record_argument = click.argument(
    "records", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path)
)
recursive_option = click.option(
    "-r", "--recursive", is_flag=True, help="Also read records in subfolders of a folder."
)
workers_option = click.option(
    "--workers",
    type=click.IntRange(1, 512),
    default=None,
    metavar="N",
    help="Processes that read a folder of 400 records or more (default: one per core).",
)
JSON_HELP = 'Answer in JSON (see docs/records.md); an unreadable record is {"error": ...}.'


@click.command()
@record_argument
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@click.option("--strict", is_flag=True, help="Exit 1 when a position breaks the rules.")
@recursive_option
@workers_option
@click.option("--log", "log", is_flag=True, help="Also save each game in the playtest log.")
@db_option
@components_option
@friendly_errors
def score(
    records: tuple[Path, ...],
    as_json: bool,
    strict: bool,
    recursive: bool,
    workers: int | None,
    log: bool,
    db_path: Path,
    components_dir: Path | None,
) -> None:
    """Score recorded games: every player's breakdown and the winners.

    Positions that break the rules are still scored, with the broken rules shown as warnings.
    RECORDS are files or folders of .yaml/.yml/.json records (formats: docs/records.md).
    Every record is read; exit 2 at the end if any could not be. With --log each game is also
    saved in the playtest log (see `playtest log --help`).
    """
    from playtest.scorer.report import score_text

    if log:
        _log_records(records, components_dir, db_path)
    results = _evaluate(records, recursive, components_dir, workers)
    _emit(
        results,
        as_json,
        lambda path, result, several: (
            (f"== {escape_controls(str(path))}\n" if several else "") + score_text(result)
        ),
    )
    if strict and any(not r.legal for _, r in results):
        sys.exit(1)


@click.command()
@record_argument
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@recursive_option
@workers_option
@components_option
@friendly_errors
def check(
    records: tuple[Path, ...],
    as_json: bool,
    recursive: bool,
    workers: int | None,
    components_dir: Path | None,
) -> None:
    """Check recorded positions against the rules; exit 1 if any rule is broken.

    RECORDS are files or folders of .yaml/.yml/.json records (formats and every violation
    code: docs/records.md). Every record is read; exit 2 at the end if any could not be.
    """
    from playtest.scorer.report import check_text

    results = _evaluate(records, recursive, components_dir, workers)
    _emit(
        results,
        as_json,
        lambda path, result, several: (
            f"{escape_controls(str(path))}: {check_text(result)}" if several else check_text(result)
        ),
    )
    if any(not r.legal for _, r in results):
        sys.exit(1)


@click.command()
@click.argument("log", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--until",
    type=click.IntRange(0),
    default=None,
    metavar="N",
    help="Stop after event N and show the position there.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Answer in JSON (as `score --json`, "
    "with `events_replayed`, `game_over` and any `illegal` event).",
)
@click.option(
    "--record",
    "record_out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    metavar="OUT",
    help="Write the position reached as a record (for `playtest score` and `playtest check`).",
)
@components_option
@friendly_errors
def replay(
    log: Path,
    until: int | None,
    as_json: bool,
    record_out: Path | None,
    components_dir: Path | None,
) -> None:
    """Replay a game log, checking every event against the rules.

    Stops at the first illegal event, naming it, its player, the rule code and why (exit 1);
    otherwise prints the final scores as `playtest score` does. A log that ends before the
    game does says where it stopped, names no winner and exits 3. A log that cannot be read
    (unknown notation, an impossible roll or draw, the wrong player) exits 2.
    """
    from playtest.core.output_files import check_output
    from playtest.scorer.replay import UNFINISHED, replay_file, write_record
    from playtest.scorer.report import score_text

    library = load_library(components_dir)
    if record_out is not None:  # refused before the log is played, not after
        check_output(record_out, "--record", [log], [library.root])
    replayed = replay_file(log, library, until)
    if record_out is not None:
        write_record(replayed, record_out, library)
    if as_json:
        click.echo(
            escape_json_controls(json.dumps(replayed.to_json(), indent=2, ensure_ascii=False))
        )
    else:
        if until is not None and not replayed.illegal:
            say(f"after event {replayed.replayed}:")
            for line in replayed.engine.describe(replayed.state):
                say(line)
            note = replayed.engine.position_note(replayed.state)
            if note:
                say(f"note: {note}")
        if replayed.illegal:
            say(f"illegal {replayed.illegal.text()}")
        else:
            click.echo(score_text(replayed.result))
            if not replayed.over:
                say(replayed.stopped())
    if replayed.illegal:
        sys.exit(1)
    if replayed.unfinished:
        sys.exit(UNFINISHED)
