"""`playtest scan PHOTO...`: each photo one player's filled sheet, read into that player's
fields; together the record `playtest score` reads, answered as `score` answers it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playtest.core.errors import InputError, Problems
from playtest.core.input_files import read_bounded
from playtest.core.limits import MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS
from playtest.loader import Library
from playtest.scan.photo_format import picture_pixels
from playtest.scan.reader import (
    FieldReading,
    ScanError,
    SheetReading,
    decode,
    field_readings,
    read_photo,
)
from playtest.scan.sheets import SheetSpec, scan_sheets
from playtest.scan.tableau import TableauReading, TableauSpec, read_tableau, tableau_specs


@dataclass(frozen=True)
class PhotoReading:
    photo: Path
    sheet: SheetReading | TableauReading  # a sheet, or cards laid out (a tableau)
    fields: list[FieldReading]

    def to_json(self) -> dict[str, Any]:
        spec = self.sheet.spec
        out: dict[str, Any] = {"photo": str(self.photo), "game": spec.game, "sheet": spec.sheet}
        if isinstance(self.sheet, TableauReading):
            out["cards"] = [
                {"card": c.card, "field": c.field, "confidence": c.confidence}
                for c in self.sheet.cards
            ]
        if self.fields:
            out["fields"] = {
                f.id: {"value": f.value, "confidence": f.confidence} for f in self.fields
            }
            out["uncertain"] = [f.id for f in self.fields if f.uncertain]
        elif isinstance(self.sheet, SheetReading):  # a sheet without declared fields: its places
            out["places"] = {
                p.id: {"marked": p.marked, "confidence": p.confidence} for p in self.sheet.places
            }
            out["uncertain"] = self.sheet.uncertain
        return out


def read_photos(library: Library, photos: tuple[Path, ...]) -> list[PhotoReading]:
    """Every photo read; every photo that cannot be read is reported (all at once)."""
    sheets = scan_sheets(library)
    tableaus = tableau_specs(library)
    problems = Problems()
    readings = []
    for photo in photos:
        try:
            if photo.stat().st_size > MAX_PHOTO_BYTES:  # refused before it is read
                raise ScanError(too_large())
            data = read_bounded(photo, MAX_PHOTO_BYTES, "photo")
            sheet, fields = read_picture(data, sheets, tableaus)
        except OSError as exc:
            problems.add(str(photo), None, "", f"cannot read it ({exc.strerror or exc})")
            continue
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        except ScanError as exc:
            problems.add(str(photo), None, "", str(exc))
            continue
        readings.append(PhotoReading(photo, sheet, fields))
    problems.raise_if_any()
    games = sorted({r.sheet.spec.game for r in readings})
    if len(games) > 1:
        raise InputError.one(
            "playtest", None, "scan", f"the photos show sheets of several games: {', '.join(games)}"
        )
    return readings


MIN_SIDE = 100  # pixels of a photo's shorter side: fewer hold no sheet to read
MAX_ASPECT = 10  # a photo longer than this many times its width is no photo of a sheet


def read_picture(
    data: bytes, sheets: Sequence[SheetSpec], tableaus: Sequence[TableauSpec]
) -> tuple[SheetReading | TableauReading, list[FieldReading]]:
    """One photo's bytes read: the sheet it shows (or the tableau, when it shows no sheet and
    the games have one) and its fields; ScanError says why it cannot be read. `playtest scan`
    and the web scorer's photo button both read a photo here."""
    if len(data) > MAX_PHOTO_BYTES:
        raise ScanError(too_large())
    if picture_pixels(data) > MAX_PHOTO_PIXELS:
        raise ScanError(f"larger than {MAX_PHOTO_PIXELS // 10**6} megapixels; not a phone photo")
    image = decode(data)  # a format `_pixels` knows: its size was judged from its header
    height, width = image.shape[:2]
    if min(height, width) < MIN_SIDE or max(height, width) > MAX_ASPECT * min(height, width):
        raise ScanError(f"{width} x {height} pixels: too small or too narrow to show a sheet")
    sheet: SheetReading | TableauReading
    if tableaus and not sheets:  # games with a tableau and no sheet (one game, on the web)
        sheet = read_tableau(image, tableaus)
    else:
        try:
            sheet = read_photo(image, sheets)
        except ScanError as no_sheet:
            if not tableaus or not str(no_sheet).startswith(
                ("no sheet found", "too blurred to find")
            ):
                raise
            sheet = read_tableau(image, tableaus)
    fields = list(sheet.fields) if isinstance(sheet, TableauReading) else field_readings(sheet)
    return sheet, fields


def too_large() -> str:
    return f"larger than {MAX_PHOTO_BYTES // 2**20} MB; not a phone photo"


def record_of(readings: list[PhotoReading], library: Library) -> dict[str, Any]:
    """The record the photos make (one player per photo, named by its order), as the game's
    fields make its record (playtest/scorer/fields_record.py)."""
    from playtest.scorer.fields_record import FieldsReading, PlayerFields, record_of_fields

    if not all(r.fields for r in readings):
        game = readings[0].sheet.spec.game
        raise InputError.one(
            "playtest",
            None,
            "scan",
            f"{game}'s sheets declare no fields yet (`field:` on their elements): "
            "--json shows what was read, but no record can be made",
        )
    reading = FieldsReading(
        readings[0].sheet.spec.game,
        tuple(
            PlayerFields(
                f"Player {n}",
                {f.id: f.value for f in r.fields if f.value is not None},
                r.sheet.spec.sheet,
            )
            for n, r in enumerate(readings, 1)
        ),
    )
    return record_of_fields(reading, library, "scan")
