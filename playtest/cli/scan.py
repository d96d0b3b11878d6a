"""`playtest scan`: photos of filled sheets into records and scores."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from playtest.cli.common import components_option, friendly_errors, say
from playtest.core.control_chars import escape_json_controls
from playtest.core.errors import InputError
from playtest.core.json_text import indented_json
from playtest.library.loader import load_library


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

    Sheets of different variants (or games) make a record each. A photo that cannot be read
    says why (no sheet found, which corner markers are missing, too blurred) and the others
    are still read: exit 2 at the end. Too few photos for the game's players: what was read
    is still shown (and written with --record), then exit 1."""
    from playtest.core.output_files import check_output, make_folder, write_output
    from playtest.scan.command import (
        PhotoReading,
        Unread,
        fields_text,
        read_photos,
        record_paths,
        scanned_records,
    )
    from playtest.scorer.record_text import record_yaml
    from playtest.scorer.report import score_text

    library = load_library(components_dir)
    if record_out is not None:  # refused before the photos are read, not after
        check_output(record_out, "--record", photos, [library.root])
        make_folder(record_out.parent, "--record")
    outcomes = read_photos(library, photos)
    unread = [o for o in outcomes if isinstance(o, Unread)]
    readings = [o for o in outcomes if isinstance(o, PhotoReading)]
    for photo in unread:
        say(photo.line, err=True)
    if readings and as_json and not all(r.fields for r in readings):  # places, no record
        click.echo(escape_json_controls(indented_json([o.to_json() for o in outcomes])))
        sys.exit(2 if unread else 0)
    records = scanned_records(library, readings)
    if record_out is not None:  # every name checked before any is written
        paths = record_paths(record_out, [r.label for r in records])
        for path in paths:
            check_output(path, "--record", photos, [library.root])
        for path, scanned in zip(paths, records, strict=True):
            if scanned.record is not None:
                text = record_yaml(scanned.record).encode("utf-8")  # a garden: a block
                write_output(path, text, "--record", photos, [library.root])
    if as_json:
        answers = [
            {
                **(s.result.to_json() if s.result is not None else _error_json(s.problem)),
                "scan": [o.to_json() for o in (outcomes if len(records) == 1 else s.photos)],
            }
            for s in records
        ]
        answer: Any = answers[0] if len(answers) == 1 else answers
        if not records:  # no photo read: why each was not
            answer = {"scan": [o.to_json() for o in outcomes]}
        elif len(records) > 1:  # the photos not read follow the records
            answer += [o.to_json() for o in unread]
        click.echo(escape_json_controls(indented_json(answer)))
    else:
        for scanned in records:
            if len(records) > 1:
                say(f"== {scanned.label}: {', '.join(str(r.photo) for r in scanned.photos)}")
            if scanned.result is not None:
                click.echo(score_text(scanned.result))
            else:
                for reading in scanned.photos:
                    for line in fields_text(reading):
                        say(line)
        for reading in readings:
            unsure = [f.id for f in reading.fields if f.uncertain]
            if unsure:
                say(f"{reading.photo}: check these fields: {', '.join(unsure)}", err=True)
    for scanned in records:
        for problem in scanned.problem.problems if scanned.problem else ():
            say(str(problem), err=True)
    if unread or any(s.problem and not s.players_only for s in records):
        sys.exit(2)
    if any(s.players_only for s in records):
        sys.exit(1)


def _error_json(problem: InputError | None) -> dict[str, Any]:
    from playtest.cli.records import _error_json as error_json

    assert problem is not None  # a record without a result has its problem
    return error_json(problem)
