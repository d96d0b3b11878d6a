"""The editor's photo button: a phone photo of one player's sheet (or of their tableau) read by
`playtest scan`'s own code (`playtest.scan.command.read_picture`) into that player's part of
the record, with each field's reading, its confidence and the editor places to check. Nothing
is written: the page fills its board, the player checks it, and Save is the usual save."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from playtest.core.errors import InputError
from playtest.core.limits import MAX_PHOTO_BYTES
from playtest.faces.fields import game_fields
from playtest.library.loader import Library
from playtest.library.registry import registration
from playtest.scan.command import PhotoReading, read_picture, too_large
from playtest.scan.reader import ScanError
from playtest.scan.sheets import SheetSpec, scan_sheets
from playtest.scan.tableau import TableauSpec, tableau_specs
from playtest.scorer.web_game import WebGame
from playtest.web.context import ctx
from playtest.web.security import CSRF_HEADER, csrf_ok

Photographed = Literal["sheet", "tableau"]


def photographed(library: Library, game_id: str) -> Photographed | None:
    """What a photo of this game shows, read into its record: a sheet that declares fields, or
    cards laid in the places of a board (a tableau); None when neither, or when its fields
    make no record (no mapping of its own, not scored in YAML)."""
    try:
        game = library.game(game_id)
    except InputError:
        return None
    registered = registration(game_id)
    if (registered is None or not registered.declares("fields")) and game.scoring is None:
        return None
    if any(s.kind == "sheet" and s.fields for s in game_fields(game)):
        return "sheet"
    if tableau_specs(library, (game_id,)):
        return "tableau"
    return None


@dataclass
class ScanSpecs:
    """Each game's scan-ready sheets and tableaus, made once (the blank sheets are rendered
    from the kit's PDF: about a second a game) when its first photo comes."""

    library: Library
    made: dict[str, tuple[list[SheetSpec], list[TableauSpec]]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def of(self, game_id: str) -> tuple[list[SheetSpec], list[TableauSpec]]:
        with self.lock:
            if game_id not in self.made:
                self.made[game_id] = (
                    scan_sheets(self.library, (game_id,)),
                    tableau_specs(self.library, (game_id,)),
                )
            return self.made[game_id]


def _refused(status: int, message: str, field: str = "photo") -> JSONResponse:
    return JSONResponse(
        {"ok": False, "errors": [{"field": field, "message": message, "text": message}]},
        status_code=status,
    )


async def photo(request: Request) -> JSONResponse:
    """POST /api/scan/{game}?variant=V, the photo as the body (its type an image/*)."""
    if not csrf_ok(request, request.headers.get(CSRF_HEADER)):
        return _refused(403, "missing or wrong CSRF token: reload the page")
    c = ctx(request)
    game_id = request.path_params["game"]
    web_game = c.web_game(game_id)
    if web_game is None or photographed(c.library, game_id) is None:
        return _refused(404, f"no photo of {game_id!r} can be read: it has no sheet with fields")
    # the variant is checked like any value: one the game offers, or none (any of its sheets)
    variant = request.query_params.get("variant") or None
    offered = [v.id for v in web_game.variants(c.library.game(game_id))]
    if (variant or "") not in [*offered, ""]:
        listed = ", ".join(v for v in offered if v) or "none"
        return _refused(422, f"unknown variant {variant!r} (expected one of: {listed})", "variant")
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if not kind.startswith("image/"):
        return _refused(
            415, f"not a photo (sent as {kind or 'no type'}): take one, or choose a JPEG or PNG"
        )
    data = await request.body()  # at most MAX_PHOTO_BYTES: BodyLimit refuses more (413)
    if not data:
        return _refused(400, "no photo was sent")
    if len(data) > MAX_PHOTO_BYTES:
        return _refused(413, too_large())
    specs: ScanSpecs = request.app.state.scan_specs
    try:
        answer = await run_in_threadpool(read_for_editor, c.library, web_game, specs, data, variant)
    except ScanError as exc:
        return _refused(422, f"the photo cannot be read: {exc}")
    except InputError as exc:
        return _refused(422, "; ".join(p.message for p in exc.problems))
    return JSONResponse(answer)


def read_for_editor(
    library: Library,
    web_game: WebGame,
    specs: ScanSpecs,
    data: bytes,
    variant: str | None,
) -> dict[str, Any]:
    """The photo read (as `playtest scan` reads it) into one player's part of a record of
    this variant, and the editor places of its uncertain fields."""
    from playtest.scorer.fields_record import (
        FieldsReading,
        PlayerFields,
        record_of_fields,
        sheets_of_variant,
    )

    sheet, fields = read_picture(data, *specs.of(web_game.id))
    surface = sheet.spec.sheet
    game = library.game(web_game.id)
    if surface not in sheets_of_variant(game, variant):
        named = ", ".join(sheets_of_variant(game, variant))
        raise ScanError(f"it shows the {surface} sheet; this game is entered on: {named}")
    values = {f.id: f.value for f in fields if f.value is not None}
    player = PlayerFields("photo", values, surface)
    record = record_of_fields(FieldsReading(game.id, (player,), variant), library, "photo")
    uncertain = [f.id for f in fields if f.uncertain]
    places = list(dict.fromkeys(p for f in uncertain for p in web_game.places_of_field(f)))
    reading = PhotoReading(Path("photo"), sheet, fields).to_json()
    del reading["photo"]
    return {"ok": True, **reading, "record": record, "places": places}


__all__ = ["ScanSpecs", "photo", "photographed", "read_for_editor"]
