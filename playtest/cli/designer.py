"""The designer's commands: `list` the games, start a `new` one, its sheet `fields`, the
component files' JSON `schema`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from playtest.cli.common import components_option, friendly_errors, say
from playtest.core.control_chars import escape_json_controls
from playtest.core.errors import InputError
from playtest.core.json_text import indented_json
from playtest.core.wording import player_range, plural
from playtest.library.loader import load_library


@click.command("list")
@components_option
@friendly_errors
def list_games(components_dir: Path | None) -> None:
    """List the games and their components with counts.

    A game whose files have errors is listed with its first error (exit 2 at the end)."""
    library = load_library(components_dir)
    from playtest.designer.inventory import inventory
    from playtest.library.registry import registrations

    registrations()  # every game's code looked for: a plugin left out is said as list ends

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


@click.command()
@click.argument("game")
@click.option("--name", default=None, help="The game's name [default: from GAME].")
@components_option
@friendly_errors
def new(game: str, name: str | None, components_dir: Path | None) -> None:
    """Write a small working starter game GAME (a deck, a die, a score sheet, a token, with
    comments) into the components folder, ready for `playtest build GAME`.

    A components folder without `_shared/` gets a copy of the installed one. See
    docs/adding-a-game.md.
    """
    from playtest.designer.new_game import new_game

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


@click.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Answer in JSON (docs/yaml-reference.md).")
@components_option
@friendly_errors
def fields(game: str, as_json: bool, components_dir: Path | None) -> None:
    """List the input fields of GAME's sheets and boards: id, kind, allowed values and the
    field's box in mm on its sheet (x, y from the sheet's top-left corner, width, height).

    Fields are declared on layout elements (`field: {id: "row{row_n}.box{n}", kind: box}`);
    records of a game scored in YAML name them."""
    from playtest.designer.fields_text import fields_json, fields_text
    from playtest.faces.fields import fields_by_id

    loaded = load_library(components_dir).game(game)
    fields_by_id(loaded)  # the same id on two sheets must be the same field
    if as_json:
        click.echo(escape_json_controls(indented_json(fields_json(loaded))))
    else:
        for line in fields_text(loaded):
            say(line)


@click.command()
@click.option(
    "--out",
    "out_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the schema to this file instead of printing it.",
)
@friendly_errors
def schema(out_file: Path | None) -> None:
    """Print (or write) the JSON Schema of the component YAML files.

    Editors use it to check and complete your files as you type. Save it next to your
    components folder and add this line at the top of a YAML file (VS Code with the YAML
    extension, or any editor using yaml-language-server):

        # yaml-language-server: $schema=../../components.schema.json
    """
    from playtest.core.output_files import write_output
    from playtest.designer.json_schema import component_schema_text

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
    write_output(out_file, text.encode("utf-8"), "--out")
    say(f"{out_file}: JSON Schema of the component files")
