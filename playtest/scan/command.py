"""`playtest scan PHOTO...`: each photo one player's filled sheet, read into that player's
fields; together the record `playtest score` reads, answered as `score` answers it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playtest.core.errors import InputError, Problem
from playtest.core.input_files import read_bounded
from playtest.core.limits import MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS
from playtest.library.loader import Library
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
from playtest.scorer.api import evaluate_data
from playtest.scorer.result import Result


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


@dataclass(frozen=True)
class Unread:
    """A photo that cannot be read: one line for people, and why (for `--json`)."""

    photo: Path
    line: str
    why: str

    def to_json(self) -> dict[str, Any]:
        return {"photo": str(self.photo), "error": self.why}


def read_photos(library: Library, photos: tuple[Path, ...]) -> list[PhotoReading | Unread]:
    """Every photo read, in the order given; a photo that cannot be read says why in its
    place, and the others are still read."""
    sheets = scan_sheets(library)
    tableaus = tableau_specs(library)
    readings: list[PhotoReading | Unread] = []
    for photo in photos:
        try:
            if photo.stat().st_size > MAX_PHOTO_BYTES:  # refused before it is read
                raise ScanError(too_large())
            data = read_bounded(photo, MAX_PHOTO_BYTES, "photo")
            sheet, fields = read_picture(data, sheets, tableaus)
        except OSError as exc:
            why = f"cannot read it ({exc.strerror or exc})"
            readings.append(Unread(photo, str(Problem(str(photo), None, "", why)), why))
        except InputError as exc:
            lines = [str(p) for p in exc.problems]
            why = "; ".join(p.message for p in exc.problems)
            readings.append(Unread(photo, "\n".join(lines), why))
        except ScanError as exc:
            readings.append(Unread(photo, str(Problem(str(photo), None, "", str(exc))), str(exc)))
        else:
            readings.append(PhotoReading(photo, sheet, fields))
    return readings


@dataclass(frozen=True)
class ScannedRecord:
    """The photos of one game and variant, the record they make, and its answer as `playtest
    score` gives it (or why it has none: the game takes more players, say)."""

    label: str  # the variant, or the game when the photos show several
    photos: list[PhotoReading]
    record: dict[str, Any] | None
    result: Result | None  # its answer when scored
    problem: InputError | None

    @property
    def players_only(self) -> bool:
        """Whether the only thing wrong is how many photos there are (one a player)."""
        return self.problem is not None and all(p.field == "players" for p in self.problem.problems)


def scanned_records(library: Library, readings: list[PhotoReading]) -> list[ScannedRecord]:
    """The photos of each game and variant, in the order first met, each its own record
    scored as `playtest score` scores it (a sheet of the basic game and one of the advanced
    game are two games, not one wrong record)."""
    groups: dict[tuple[str, str | None], list[PhotoReading]] = {}
    for reading in readings:
        groups.setdefault((reading.sheet.spec.game, _variant(library, reading)), []).append(reading)
    games = {game for game, _ in groups}
    out = []
    for (game, variant), photos in groups.items():
        label = (variant or game) if len(games) == 1 else "-".join(filter(None, (game, variant)))
        record, result, problem = None, None, None
        try:
            record = record_of(photos, library)
            result = evaluate_data(record, library, name="scan")
        except InputError as exc:
            problem = exc
        out.append(ScannedRecord(label, photos, record, result, problem))
    return out


def record_paths(out: Path, labels: list[str]) -> list[Path]:
    """Where `--record OUT` writes each record: OUT itself for one, else OUT named with each
    record's variant (`game.yaml`: `game-basic.yaml`, `game-advanced.yaml`)."""
    if len(labels) == 1:
        return [out]
    # a variant's name is the game's YAML: in a file name, only what cannot leave the folder
    safe = [re.sub(r"[^A-Za-z0-9_-]", "_", label) for label in labels]
    return [out.with_name(f"{out.stem}-{label}{out.suffix}") for label in safe]


def fields_text(reading: PhotoReading) -> list[str]:
    """A photo's fields as read, one a line (`-`: empty, or not read from a photo)."""
    spec = reading.sheet.spec
    lines = [f"== {reading.photo}: {spec.game}, sheet {spec.sheet}"]
    return lines + [f"{f.id}: {'-' if f.value is None else f.value}" for f in reading.fields]


def _variant(library: Library, reading: PhotoReading) -> str | None:
    """The variant the photo's sheet (or board) says it is, if it says one."""
    game = library.game(reading.sheet.spec.game)
    data = {s.id: s.data for s in game.sheets} | {b.id: b.data for b in game.boards}
    variant = data.get(reading.sheet.spec.sheet, {}).get("variant")
    return None if variant is None else str(variant)


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
            if not tableaus or not str(no_sheet).startswith("no sheet found"):
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
