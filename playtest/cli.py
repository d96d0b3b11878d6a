"""The `playtest` command: parse options, call the library, print. No game logic here."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

import click

from playtest import __version__
from playtest.cli_group import PlaytestGroup
from playtest.cli_log import db_option, log_group, open_log
from playtest.cli_params import Ratio, WithGameShortcuts, shortcuts_given
from playtest.cli_serve import serve_command
from playtest.control_chars import escape_controls, escape_json_controls
from playtest.errors import InputError
from playtest.interrupts import signals_end_cleanly
from playtest.json_text import indented_json
from playtest.loader import Library, load_library
from playtest.wording import player_range, plural


def say(line: str, err: bool = False) -> None:
    """One line for people: names and paths come from files, and their control characters
    must not reach the terminal."""
    click.echo(escape_controls(line), err=err)


def friendly_errors(command: Callable[..., Any]) -> Callable[..., Any]:
    """Bad input is a one-line message per problem and exit 2, never a traceback."""

    @wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except InputError as exc:
            for problem in exc.problems:
                click.echo(str(problem), err=True)
            sys.exit(2)
        except KeyboardInterrupt:
            click.echo("playtest: interrupted", err=True)
            sys.exit(130)

    return run


# upper or lower case alike: `--paper A4` is how people write it
PAPERS = click.Choice(["a4", "letter"], case_sensitive=False)
BACKS = click.Choice(["duplex-long", "duplex-short", "fold", "none"], case_sensitive=False)

components_option = click.option(
    "--components",
    "components_dir",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="PLAYTEST_COMPONENTS",
    default=None,
    help="Folder of game YAML to use instead of the installed one (env: PLAYTEST_COMPONENTS).",
)


@click.group(cls=PlaytestGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="playtest")
def main() -> None:
    """Print-and-play kits and digital scoring for tabletop playtests.

    Every card, die, sheet, token and board is described once in YAML under components/.
    `playtest build` turns it into PDF pages for a home printer and SVG files;
    `playtest score` and `playtest check` read a board typed in after a game.
    """


@main.command("list")
@components_option
def list_games(components_dir: Path | None) -> None:
    """List the games and their components with counts.

    A game whose files have errors is listed with its first error (exit 2 at the end)."""
    _list(load_library(components_dir))


@friendly_errors
def _list(library: Library) -> None:
    from playtest.inventory import inventory

    broken = 0
    for game_id in library.game_ids:
        try:
            game = library.game(game_id)
        except InputError as exc:
            broken += 1  # listed with its first error; every error goes to stderr
            say(
                f"{game_id}: cannot be loaded ({plural(len(exc.problems), 'error')}): "
                f"{exc.problems[0]}"
            )
            for problem in exc.problems:
                say(str(problem), err=True)
            continue
        say(f"{game_id}: {game.info.name} ({player_range(*game.info.players)})")
        for line in inventory(game):
            say(f"  {line}")
    if broken:
        sys.exit(2)


@main.command(cls=WithGameShortcuts)
@click.argument("games", nargs=-1)
@click.option(
    "--format",
    "formats",
    default="pdf,svg",
    show_default=True,
    help="Comma-separated outputs: pdf, svg.",
)
@click.option(
    "--paper",
    type=PAPERS,
    default=None,
    help="Paper size [default: from components/_shared/print.yaml, a4].",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Where kits are written: any folder (a folder that is not a kit is never replaced).",
)
@components_option
@click.option(
    "--bleed",
    type=click.FloatRange(0, 10),
    default=None,
    help="Bleed in mm around every card [default: 3].",
)
@click.option("--crop-marks/--no-crop-marks", default=None, help="Crop marks outside the trim.")
@click.option("--guides", is_flag=True, help="Long cut guides across the page (for a guillotine).")
@click.option(
    "--backs", type=BACKS, default=None, help="How card backs are printed [default: duplex-long]."
)
@click.option(
    "--back-offset",
    default=None,
    metavar="X,Y",
    help="Shift backs by X,Y mm to correct a printer's misregistration.",
)
@click.option(
    "--scale-x",
    type=Ratio(),
    default=1.0,
    show_default=True,
    help="Correct a printer that prints too wide or narrow: a number or the fraction "
    "page 1 of a kit shows (e.g. 50/49.5).",
)
@click.option(
    "--scale-y",
    type=Ratio(),
    default=1.0,
    show_default=True,
    help="Correct a printer that prints too tall or short (e.g. 50/50.4).",
)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME=on|off",
    help="Switch a game option, e.g. --option rhubarb=on.",
)
@click.option(
    "--gutter",
    type=click.FloatRange(0, 30),
    default=None,
    metavar="MM",
    help="Gap between cards in mm, on every card template [default: each template's "
    "own]; twice the bleed gives every card its full bleed.",
)
@click.option(
    "--ink-saver",
    is_flag=True,
    help="Print backs and large fills light (same geometry), to proof cheaply.",
)
@click.option(
    "--scan-marks",
    is_flag=True,
    help="Print scan marks: corner markers on sheets with places to fill in, an id marker on "
    "cards of decks with scan_marker: true, so `playtest scan` reads a photo back "
    "[default: scan_marks in print.yaml].",
)
@click.option(
    "--only",
    default=None,
    metavar="ID[,ID...]",
    help="Reprint only these components' sections (deck, token, sheet or board ids, "
    "or dice) of one game, into OUTPUT/<game>-reprint/.",
)
@click.option("--tts", is_flag=True, help="Also write Tabletop Simulator deck sheets (PNG).")
@click.option(
    "--allow-outside", is_flag=True, hidden=True, help="No longer needed: --out may be any folder."
)
@click.option("--quiet", "-q", is_flag=True, help="No progress output (warnings still show).")
@click.option(
    "--strict",
    is_flag=True,
    help="Exit 1 when the build warns (text below its minimum size or overflowing), for "
    "your own CI; the kit is still written.",
)
@click.option(
    "--watch",
    is_flag=True,
    help="Keep running: rebuild (incrementally) every time a component file is saved; "
    "Ctrl-C stops.",
)
def build(
    games: tuple[str, ...],
    formats: str,
    paper: str | None,
    out_dir: Path,
    components_dir: Path | None,
    quiet: bool,
    strict: bool,
    allow_outside: bool,
    watch: bool,
    **print_options: Any,
) -> None:
    """Build print-and-play kits (all games when none is named).

    Writes OUTPUT/<game>/<game>-kit.pdf and OUTPUT/<game>/svg/*.svg. Files are written
    atomically: a failed build leaves the previous kit in place. A rebuild redraws only
    what changed (the cache is OUTPUT/<game>/.playtest-cache/, safe to delete).
    """
    args = (games, formats, paper, out_dir, components_dir, quiet, strict, print_options)
    if watch:
        _watch(lambda: _build(*args), games, components_dir)
    else:
        _build(*args)


def _watch(
    build_once: Callable[[], None], games: tuple[str, ...], components_dir: Path | None
) -> None:
    """Build, then rebuild on every save; an error is printed and the watch goes on."""
    import time

    from playtest.generator.watch import watch
    from playtest.loader import default_root
    from playtest.safe_files import display_path

    root = Path(components_dir) if components_dir else default_root()

    def folders() -> list[Path]:
        named = [root / game for game in games] if games else []
        return [root / "_shared", *named] if named else [root]

    def rebuild(changed: list[Path]) -> None:
        for path in changed:
            say(f"changed: {display_path(path)}", err=True)
        started = time.perf_counter()
        try:
            build_once()
        except SystemExit as exc:  # the build's error, already printed: wait for a fix
            if isinstance(exc.code, int) and exc.code >= 128:
                raise  # a signal (SIGTERM, SIGHUP) ends the watch too
            say("playtest: build failed; watching for the next save (Ctrl-C to stop)", err=True)
            return
        say(f"built in {time.perf_counter() - started:.2f} s; watching (Ctrl-C to stop)", err=True)

    try:
        with signals_end_cleanly():
            watch(folders, rebuild)
    except KeyboardInterrupt:
        say("playtest: stopped watching", err=True)


def to_stderr(line: str) -> None:
    say(line, err=True)


class Warnings:
    """Warnings go to stderr (even with -q), counted for --strict."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, line: str) -> None:
        self.count += 1
        to_stderr(line)


@friendly_errors
def _build(
    games: tuple[str, ...],
    formats: str,
    paper: str | None,
    out_dir: Path,
    components_dir: Path | None,
    quiet: bool,
    strict: bool,
    print_options: dict[str, Any],
) -> None:
    from playtest.generator.kit import BuildRequest, build_kits

    request = BuildRequest.from_cli(
        games=games,
        formats=formats,
        paper=paper,
        out_dir=out_dir,
        shortcuts=shortcuts_given(),
        **print_options,
    )
    library = load_library(components_dir)
    warnings = Warnings()
    with signals_end_cleanly():
        for _ in build_kits(
            library, request, progress=None if quiet else to_stderr, done=say, warn=warnings
        ):
            pass
    if strict and warnings.count:
        to_stderr(f"playtest: --strict: the build gave {plural(warnings.count, 'warning')}")
        sys.exit(1)


@main.command(cls=WithGameShortcuts)
@click.argument("game")
@click.option(
    "--page",
    "pages",
    type=click.IntRange(1),
    multiple=True,
    help="Page number to render (repeatable) [default: every page].",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output/preview"),
    show_default=True,
    help="Folder for the pictures (GAME-page-01.png, ...); it keeps only the latest pages.",
)
@click.option(
    "--dpi",
    type=click.FloatRange(10, 600),
    default=60,
    show_default=True,
    help="Picture resolution, in pixels per inch.",
)
@click.option("--paper", type=PAPERS, default=None, help="Paper size, as for build [default: a4].")
@click.option("--backs", type=BACKS, default=None, help="How backs are printed, as for build.")
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME=on|off",
    help="Switch a game option, e.g. --option rhubarb=on.",
)
@click.option(
    "--allow-outside", is_flag=True, hidden=True, help="No longer needed: --out may be any folder."
)
@components_option
@click.option("--quiet", "-q", is_flag=True, help="Do not list the pictures written.")
def preview(
    game: str,
    pages: tuple[int, ...],
    out_dir: Path,
    dpi: float,
    paper: str | None,
    backs: str | None,
    options: tuple[str, ...],
    allow_outside: bool,
    components_dir: Path | None,
    quiet: bool,
) -> None:
    """Render kit pages of GAME to PNG files, to see what will be printed.

    Warns as `build` does (text that cannot fit). The output folder follows the rules of
    `build`: any folder, but never among the components, and never a folder that is not a
    preview."""
    _preview(game, pages, out_dir, dpi, paper, backs, options, components_dir, quiet)


@friendly_errors
def _preview(
    game: str,
    pages: tuple[int, ...],
    out_dir: Path,
    dpi: float,
    paper: str | None,
    backs: str | None,
    options: tuple[str, ...],
    components_dir: Path | None,
    quiet: bool,
) -> None:
    from playtest.generator.kit import BuildRequest
    from playtest.generator.preview import preview as render_preview

    request = BuildRequest.from_cli(
        games=(game,),
        formats="pdf",
        paper=paper,
        out_dir=out_dir,
        backs=backs,
        options=options,
        shortcuts=shortcuts_given(),
    )
    with signals_end_cleanly():
        written = render_preview(
            load_library(components_dir),
            game,
            list(pages) or None,
            out_dir,
            request,
            dpi,
            Warnings(),
        )
    for path in [] if quiet else written:
        say(str(path))


@main.command()
@click.argument("game")
@click.option("--name", default=None, help="The game's name [default: from GAME].")
@components_option
def new(game: str, name: str | None, components_dir: Path | None) -> None:
    """Write a small working starter game GAME (a deck, a die, a score sheet, a token, with
    comments) into the components folder, ready for `playtest build GAME`.

    A components folder without `_shared/` gets a copy of the installed one. See
    docs/adding-a-game.md.
    """
    _new(game, name, components_dir)


@friendly_errors
def _new(game: str, name: str | None, components_dir: Path | None) -> None:
    from playtest.new_game import new_game

    folder, copied = new_game(game, components_dir, name)
    if copied:
        say(f"{folder.parent / '_shared'}/: the shared presets (fonts, styles, papers)")
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            say(str(path))
    hint = f" --components {components_dir}" if components_dir else ""
    say(
        f"Next: playtest build {game}{hint}   (then change the YAML and build again; "
        "every key is in docs/yaml-reference.md)"
    )
    say(f"Score a game: playtest score {folder / 'records' / 'example.yaml'}{hint}")


@main.command()
@click.argument("photos", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Answer in JSON: the score's answer and, per photo, each field's reading, confidence "
    "and the uncertain fields.",
)
@click.option(
    "--record",
    "record_out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Also write the record the photos make (YAML), to check and keep.",
)
@components_option
def scan(
    photos: tuple[Path, ...], as_json: bool, record_out: Path | None, components_dir: Path | None
) -> None:
    """Read phone photos of filled score sheets (kits built with --scan-marks), one player's
    sheet per photo, and answer as `playtest score` does on the record they make.

    A photo that cannot be read says why (no sheet found, which corner markers are missing,
    too blurred); exit 2."""
    _scan(photos, as_json, record_out, components_dir)


@friendly_errors
def _scan(
    photos: tuple[Path, ...], as_json: bool, record_out: Path | None, components_dir: Path | None
) -> None:
    from playtest.files import make_folder, write_named
    from playtest.scan.command import read_photos, record_of
    from playtest.scorer.api import evaluate_data
    from playtest.scorer.record_text import record_yaml
    from playtest.scorer.report import score_text

    if record_out is not None:  # refused before the photos are read, not after
        make_folder(record_out.parent, "--record")
    library = load_library(components_dir)
    readings = read_photos(library, photos)
    if as_json and not all(r.fields for r in readings):  # places read, no record to make
        answer: Any = [r.to_json() for r in readings]
        click.echo(escape_json_controls(indented_json(answer)))
        return
    record = record_of(readings, library)
    if record_out is not None:
        write_named(record_out, record_yaml(record).encode("utf-8"), "--record")  # garden: a block
    result = evaluate_data(record, library, name="scan")
    if as_json:
        answer = {**result.to_json(), "scan": [r.to_json() for r in readings]}
        click.echo(escape_json_controls(indented_json(answer)))
    else:
        click.echo(score_text(result))
        for reading in readings:
            unsure = [f.id for f in reading.fields if f.uncertain]
            if unsure:
                say(f"{reading.photo}: check these fields: {', '.join(unsure)}", err=True)


@main.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Answer in JSON (docs/yaml-reference.md).")
@components_option
def fields(game: str, as_json: bool, components_dir: Path | None) -> None:
    """List the input fields of GAME's sheets and boards: id, kind, allowed values and the
    field's box in mm on its sheet (x, y from the sheet's top-left corner, width, height).

    Fields are declared on layout elements (`field: {id: "row{row_n}.box{n}", kind: box}`);
    records of a game scored in YAML name them."""
    _fields(game, as_json, components_dir)


@friendly_errors
def _fields(game_id: str, as_json: bool, components_dir: Path | None) -> None:
    from playtest.sheet_fields import fields_by_id, fields_json, fields_text

    game = load_library(components_dir).game(game_id)
    fields_by_id(game)  # the same id on two sheets must be the same field
    if as_json:
        click.echo(escape_json_controls(indented_json(fields_json(game))))
    else:
        for line in fields_text(game):
            say(line)


@main.command()
@click.option(
    "--out",
    "out_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the schema to this file instead of printing it.",
)
def schema(out_file: Path | None) -> None:
    """Print (or write) the JSON Schema of the component YAML files.

    Editors use it to check and complete your files as you type. Save it next to your
    components folder and add this line at the top of a YAML file (VS Code with the YAML
    extension, or any editor using yaml-language-server):

        # yaml-language-server: $schema=../components.schema.json
    """
    _schema(out_file)


@friendly_errors
def _schema(out_file: Path | None) -> None:
    from playtest.files import write_named
    from playtest.schema import component_schema_text

    text = component_schema_text()
    if out_file is None:
        click.echo(text, nl=False)
        return
    if out_file.suffix.lower() in (".yaml", ".yml"):  # never over a component or a record
        raise InputError.one(
            "playtest",
            None,
            "--out",
            f"{out_file} is a YAML file; write the schema to a .json file",
        )
    write_named(out_file, text.encode("utf-8"), "--out")
    say(f"{out_file}: JSON Schema of the component files")


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


@main.command()
@record_argument
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@click.option("--strict", is_flag=True, help="Exit 1 when a position breaks the rules.")
@recursive_option
@workers_option
@click.option("--log", "log", is_flag=True, help="Also save each game in the playtest log.")
@db_option
@components_option
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
    _score(records, as_json, strict, recursive, workers, components_dir, db_path if log else None)


@friendly_errors
def _score(
    records: tuple[Path, ...],
    as_json: bool,
    strict: bool,
    recursive: bool,
    workers: int | None,
    components_dir: Path | None,
    db_path: Path | None = None,
) -> None:
    from playtest.scorer.report import score_text

    if db_path is not None:
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


@main.command()
@record_argument
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@recursive_option
@workers_option
@components_option
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
    _check(records, as_json, recursive, workers, components_dir)


@friendly_errors
def _check(
    records: tuple[Path, ...],
    as_json: bool,
    recursive: bool,
    workers: int | None,
    components_dir: Path | None,
) -> None:
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


@main.command()
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
    _replay(log, until, as_json, record_out, components_dir)


@friendly_errors
def _replay(
    log: Path,
    until: int | None,
    as_json: bool,
    record_out: Path | None,
    components_dir: Path | None,
) -> None:
    from playtest.scorer.replay import UNFINISHED, replay_file, write_record
    from playtest.scorer.report import score_text

    replayed = replay_file(log, load_library(components_dir), until)
    if record_out is not None:
        write_record(replayed, record_out)
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


@main.command()
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
            f"interrupted: {len(result.base.outcomes)} of {games} games finished "
            "(the report covers those)",
            err=True,
        )
        sys.exit(130)


main.add_command(log_group)
main.add_command(serve_command)

if __name__ == "__main__":
    main()
