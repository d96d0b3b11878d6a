"""`playtest scan`: photos of filled sheets into records and scores."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from playtest.cli.common import components_option, friendly_errors, say
from playtest.core.control_chars import escape_json_controls
from playtest.core.json_text import indented_json
from playtest.loader import load_library


@click.command()
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
@friendly_errors
def scan(
    photos: tuple[Path, ...], as_json: bool, record_out: Path | None, components_dir: Path | None
) -> None:
    """Read phone photos of filled score sheets (kits built with --scan-marks), one player's
    sheet per photo, and answer as `playtest score` does on the record they make.

    A photo that cannot be read says why (no sheet found, which corner markers are missing,
    too blurred); exit 2."""
    from playtest.core.output_files import check_output, make_folder, write_output
    from playtest.scan.command import read_photos, record_of
    from playtest.scorer.api import evaluate_data
    from playtest.scorer.record_text import record_yaml
    from playtest.scorer.report import score_text

    library = load_library(components_dir)
    if record_out is not None:  # refused before the photos are read, not after
        check_output(record_out, "--record", photos, [library.root])
        make_folder(record_out.parent, "--record")
    readings = read_photos(library, photos)
    if as_json and not all(r.fields for r in readings):  # places read, no record to make
        answer: Any = [r.to_json() for r in readings]
        click.echo(escape_json_controls(indented_json(answer)))
        return
    record = record_of(readings, library)
    if record_out is not None:
        text = record_yaml(record).encode("utf-8")  # a garden: a block
        write_output(record_out, text, "--record", photos, [library.root])
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
