"""`playtest log ...`: the playtest log from the command line (list, export, import)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from playtest.cli.common import components_option, friendly_errors, say
from playtest.core.control_chars import escape_controls
from playtest.core.errors import InputError

db_option = click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("playtest.db"),
    show_default=True,
    envvar="PLAYTEST_DB",
    help="The playtest log (SQLite; env: PLAYTEST_DB).",
)


def open_log(db_path: Path):  # -> PlaytestLog
    import sqlite3

    from playtest.log import PlaytestLog

    try:
        return PlaytestLog(db_path)
    except (sqlite3.Error, OSError) as exc:
        raise InputError.one(
            str(db_path), None, "", f"cannot open the playtest log ({exc})"
        ) from None


@click.group("log")
def log_group() -> None:
    """The playtest log: every game saved by `playtest serve` or `playtest score --log`.

    \b
    playtest log list --game GAME
    playtest log export --out exported/          # every game as a record file
    playtest log import exported/                # record files into the log
    """


@log_group.command("list")
@click.option("--game", default=None, help="Only this game.")
@click.option("--version", "version", default=None, help="Only this kit version.")
@db_option
def list_command(game: str | None, version: str | None, db_path: Path) -> None:
    """List logged games, newest first: id, date, game, kit version, players and winners."""

    friendly_errors(_list)(game, version, db_path)


def logged_game(game: str | None, log) -> str | None:  # log: PlaytestLog
    """The game `--game` names, in any case: an installed one or one the log holds; any
    other is refused (a misspelt name is not an empty answer), with the near miss."""
    from playtest.core.game_ids import canonical_id, unknown_game
    from playtest.library.loader import load_library

    if game is None:
        return None
    known = {*load_library().game_ids, *(g for g, _version, _count in log.versions())}
    found = canonical_id(game, known)
    if found is None:
        raise unknown_game(game, known, field="--game", installed=False)
    return found


def _list(game: str | None, version: str | None, db_path: Path) -> None:
    log = open_log(db_path)
    game = logged_game(game, log)
    entries = log.games(game, version)
    if not entries:  # said, so that a misspelt --game is not an empty answer
        which = (f" of game {game!r}" if game else "") + (
            f" of kit version {version!r}" if version else ""
        )
        say(f"{db_path}: no logged games{which}", err=True)
    for entry in entries:
        players = ", ".join(f"{p['name']} {p.get('total', '')}".strip() for p in entry.players)
        flag = ("" if entry.legal else "  (breaks rules)") + (
            "  (simulated)" if entry.source == "simulated" else ""
        )
        line = (
            f"#{entry.id}  {entry.played_on}  {entry.game}"
            f"{' ' + entry.variant if entry.variant else ''}  [{entry.kit_version}]  "
            f"{players}  winner: {', '.join(entry.winners) or '-'}{flag}"
        )
        click.echo(escape_controls(line))  # names come from records: never terminal codes


@log_group.command("export")
@click.argument("ids", nargs=-1, type=int)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("exported"),
    show_default=True,
    help="Folder for the record files.",
)
@click.option("--game", default=None, help="Only this game.")
@click.option("--version", "version", default=None, help="Only this kit version.")
@db_option
def export_command(
    ids: tuple[int, ...], out_dir: Path, game: str | None, version: str | None, db_path: Path
) -> None:
    """Write logged games (IDS, or all) as record files that `playtest score` reads."""

    friendly_errors(_export)(ids, out_dir, game, version, db_path)


def _export(
    ids: tuple[int, ...], out_dir: Path, game: str | None, version: str | None, db_path: Path
) -> None:
    from playtest.core.output_files import check_output_folder, make_folder, write_output
    from playtest.log.records import export_all

    log = open_log(db_path)
    game = logged_game(game, log)  # refused even beside IDS: a misspelt name is never ignored
    if ids:
        entries = [log.get(i) for i in ids]
        missing = [str(i) for i, e in zip(ids, entries, strict=True) if e is None]
        if missing:
            raise InputError.one(
                str(db_path), None, "ids", "no logged game #" + ", #".join(missing)
            )
        # beside IDS, --game and --version still hold: a game they leave out is refused
        # (exporting it would ignore the option; leaving it out would drop an id asked for)
        found = [e for e in entries if e is not None]
        refused = {
            "--game": [f"#{e.id} is {e.game}" for e in found if game and e.game != game],
            "--version": [
                f"#{e.id} is of kit version {e.kit_version!r}"
                for e in found
                if version is not None and e.kit_version != version
            ],
        }
        for option, wanted in (("--game", game), ("--version", version)):
            if refused[option]:
                raise InputError.one(
                    str(db_path),
                    None,
                    option,
                    f"not {wanted!r}: {', '.join(refused[option])}",
                )
    else:
        entries = log.games(game, version)
    check_output_folder(out_dir, "--out")
    make_folder(out_dir, "--out")

    def write(to: Path, data: bytes) -> None:
        write_output(to, data, "--out", [db_path])

    for path in export_all(out_dir, entries, write):
        click.echo(str(path))


@log_group.command("import")
@click.argument("records", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--date",
    "played_on",
    default=None,
    metavar="YYYY-MM-DD",
    help="Date played [default: from an exported file's name, else today].",
)
@components_option
@db_option
def import_command(
    records: tuple[Path, ...], played_on: str | None, components_dir: Path | None, db_path: Path
) -> None:
    """Score record files (or folders of them) and add them to the log, all in one
    transaction: a file that cannot be read, or Ctrl-C, imports nothing. A game already in the
    log (an exported file carries its identity) is not added again."""

    friendly_errors(_import)(records, played_on, components_dir, db_path)


def _import(
    records: tuple[Path, ...], played_on: str | None, components_dir: Path | None, db_path: Path
) -> None:
    from playtest.core.interrupts import Interrupted, NotedSignals
    from playtest.library.loader import load_library
    from playtest.log.entries import parse_date
    from playtest.log.records import import_files

    if played_on is not None:
        played_on = parse_date(played_on, "--date")
    with NotedSignals() as signals:
        try:
            log, library = open_log(db_path), load_library(components_dir)
            report = import_files(log, records, library, played_on, signals.check)
        except Interrupted as stop:
            click.echo(f"playtest: interrupted ({stop}): nothing imported", err=True)
            sys.exit(128 + stop.signum)
        click.echo(report.summary())
    if signals.received is not None:  # it came after the commit: the import is whole
        sys.exit(128 + signals.received)
