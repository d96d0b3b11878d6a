"""`playtest build`: the kits, once or on every save (`--watch`)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from playtest.cli.common import (
    BACKS,
    PAPERS,
    Warnings,
    components_option,
    friendly_errors,
    plugin_warnings_at_once,
    say,
    to_stderr,
)
from playtest.cli.params import Ratio, WithGameShortcuts, shortcuts_given
from playtest.core.errors import exception_line
from playtest.core.interrupts import signals_end_cleanly
from playtest.core.wording import plural
from playtest.library.loader import load_library


@click.command(cls=WithGameShortcuts)
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

    from playtest.components import default_root
    from playtest.core.input_files import display_path
    from playtest.generator.kit.watch import watch

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
        except Exception as exc:  # a bug (a plugin's code, or ours): one line, and on
            say(
                f"playtest: build failed: {exception_line(exc)}; "
                "watching for the next save (Ctrl-C to stop)",
                err=True,
            )
            return
        say(f"built in {time.perf_counter() - started:.2f} s; watching (Ctrl-C to stop)", err=True)

    with plugin_warnings_at_once():  # a watch does not end soon: a game left out is said now
        try:
            with signals_end_cleanly():
                watch(folders, rebuild)
        except KeyboardInterrupt:
            say("playtest: stopped watching", err=True)


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
    from playtest.generator.kit.build import BuildRequest, build_kits

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
