"""The `playtest` command: parse options, call the library, print. No game logic here.

One module per command or family of commands (build.py, preview.py, records.py for score,
check and replay, designer.py for list, new, fields and schema, scan.py, simulate.py, log.py,
serve.py); common.py holds what they share, group.py the one-line style of usage errors."""

from __future__ import annotations

import click

from playtest import __version__
from playtest.cli.build import build
from playtest.cli.designer import fields, list_games, new, schema
from playtest.cli.group import PlaytestGroup
from playtest.cli.log import log_group
from playtest.cli.preview import preview
from playtest.cli.records import check, replay, score
from playtest.cli.scan import scan
from playtest.cli.serve import serve_command
from playtest.cli.simulate import simulate


@click.group(cls=PlaytestGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="playtest")
def main() -> None:
    """Print-and-play kits and digital scoring for tabletop playtests.

    Every card, die, sheet, token and board is described once in YAML under components/.
    `playtest build` turns it into PDF pages for a home printer and SVG files;
    `playtest score` and `playtest check` read a board typed in after a game.
    """


for command in (
    build,
    check,
    fields,
    list_games,
    log_group,
    new,
    preview,
    replay,
    scan,
    schema,
    score,
    serve_command,
    simulate,
):
    main.add_command(command)
