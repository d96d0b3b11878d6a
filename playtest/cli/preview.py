"""`playtest preview`: pages of a kit as pictures."""

from __future__ import annotations

from pathlib import Path

import click

from playtest.cli.common import BACKS, PAPERS, Warnings, components_option, friendly_errors, say
from playtest.cli.params import WithGameShortcuts, shortcuts_given
from playtest.core.interrupts import signals_end_cleanly
from playtest.library.loader import load_library


@click.command(cls=WithGameShortcuts)
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
@friendly_errors
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
    from playtest.generator.kit.build import BuildRequest
    from playtest.generator.kit.preview import preview as render_preview

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
