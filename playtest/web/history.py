"""The log on the web: list and filter, open, delete (after asking), export and import."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from urllib.parse import urlencode

from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from playtest.core.errors import InputError
from playtest.core.limits import MAX_RECORD_BYTES
from playtest.log import PLAYED, SIMULATED
from playtest.log.records import ImportReport, export_name, read_entry, record_yaml
from playtest.scorer.api import RECORD_SUFFIXES
from playtest.web.context import ctx, page
from playtest.web.security import CSRF_FIELD, csrf_ok

MAX_IMPORT_FILES = 200
PAGE = 50  # games a page of the history lists, newest first
MAX_PLAYER = 40  # a player's name is at most this long: so is a search for one
SOURCES = {PLAYED: "played at the table", SIMULATED: "simulated by bots", "all": "all"}


def _source(request: Request) -> str | None:
    """Which games a page lists: the played ones unless asked (never mixed by surprise); a
    source it does not know is refused (400), not read as "all"."""
    source = request.query_params.get("source") or PLAYED
    if source not in SOURCES:
        raise HTTPException(400, f"source: expected one of {', '.join(SOURCES)}")
    return None if source == "all" else source


def _page_number(request: Request) -> int:
    """Which page of the history: a whole number from 1; anything else is refused (400)."""
    text = request.query_params.get("page") or "1"
    if not text.isascii() or not text.isdigit() or not 1 <= int(text[:9]) <= 10**8:
        raise HTTPException(400, f"page: expected a page number from 1, got {text[:20]!r}")
    return int(text)


def games(request: Request) -> HTMLResponse:
    """The log, 50 games a page, newest first; filtered by game, kit version, source and a
    player's name (any part of it, in any case)."""
    c = ctx(request)
    game = request.query_params.get("game") or None
    version = request.query_params.get("version") or None
    player = (request.query_params.get("player") or "").strip()[:MAX_PLAYER] or None
    source = _source(request)
    number = _page_number(request)
    total = c.log.count(game, version, source, player)
    pages = max(1, -(-total // PAGE))
    if number > pages:
        raise HTTPException(404, f"page {number}: the log has {pages} page(s) of these games")
    query = {k: v for k, v in request.query_params.items() if k != "page" and v}
    return page(
        request,
        "history.html",
        title="Playtest log",
        entries=c.log.games(
            game, version, source, limit=PAGE, offset=(number - 1) * PAGE, player=player
        ),
        total=total,
        page_number=number,
        pages=pages,
        at=lambda n: f"{request.url_for('games').path}?{urlencode({**query, 'page': n})}",
        first=(number - 1) * PAGE + 1,
        game=game,
        version=version,
        player=player or "",
        source=source or "all",
        sources=SOURCES,
        versions=c.log.versions(source),
        names=dict(c.games()),
    )


def _entry_or_404(request: Request):
    entry = ctx(request).log.get(request.path_params["game_id"])
    if entry is None:
        return None, page(
            request,
            "error.html",
            status_code=404,
            title="Not found",
            message=f"There is no game #{request.path_params['game_id']} in the log.",
        )
    return entry, None


def game_view(request: Request) -> HTMLResponse:
    entry, missing = _entry_or_404(request)
    if missing:
        return missing
    return page(
        request,
        "game.html",
        title=f"Game #{entry.id}",
        entry=entry,
        record_text=record_yaml(entry),
        names=dict(ctx(request).games()),
    )


async def delete(request: Request) -> Response:
    """GET asks first; POST (with the form's CSRF token) deletes."""
    entry, missing = _entry_or_404(request)
    if missing:
        return missing
    if request.method == "GET":
        return page(request, "delete.html", title=f"Delete game #{entry.id}?", entry=entry)
    form = await request.form()
    if not csrf_ok(request, str(form.get(CSRF_FIELD, ""))):
        return page(
            request,
            "error.html",
            status_code=403,
            title="Not deleted",
            message="The form was out of date (CSRF token): reload and try again.",
        )
    ctx(request).log.delete(entry.id)
    return RedirectResponse(request.url_for("games").path + f"?deleted={entry.id}", status_code=303)


def export_one(request: Request) -> Response:
    entry, missing = _entry_or_404(request)
    if missing:
        return missing
    return Response(
        record_yaml(entry),
        media_type="application/yaml",
        headers={"Content-Disposition": f'attachment; filename="{export_name(entry)}"'},
    )


def export_all(request: Request) -> Response:
    c = ctx(request)
    player = (request.query_params.get("player") or "").strip()[:MAX_PLAYER] or None
    entries = c.log.games(
        request.query_params.get("game") or None,
        request.query_params.get("version") or None,
        _source(request),
        player=player,
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for entry in entries:
            archive.writestr(export_name(entry), record_yaml(entry))
    return Response(
        buffer.getvalue(),
        media_type="application/zip",
        headers={"Content-Disposition": 'attachment; filename="playtest-log.zip"'},
    )


async def import_files(request: Request) -> Response:
    if request.method == "GET":
        return page(request, "import.html", title="Import records", problems=[], report=None)
    form = await request.form(max_files=MAX_IMPORT_FILES)
    if not csrf_ok(request, str(form.get(CSRF_FIELD, ""))):
        return page(
            request,
            "import.html",
            status_code=403,
            title="Import records",
            problems=["The form was out of date (CSRF token): reload and try again."],
            report=None,
        )
    uploads = [f for f in form.getlist("records") if isinstance(f, UploadFile) and f.filename]
    problems: list[str] = []
    entries = []
    for upload in uploads:
        name = Path(upload.filename or "record").name
        raw = await upload.read(MAX_RECORD_BYTES + 1)
        try:
            if not name.endswith(RECORD_SUFFIXES):
                raise InputError.one(name, None, "", "not a record file (.yaml, .yml, .json)")
            if len(raw) > MAX_RECORD_BYTES:
                raise InputError.one(name, None, "", f"more than {MAX_RECORD_BYTES:,} bytes")
            entries.append(read_entry(raw, Path(name), name, ctx(request).library))
        except InputError as exc:
            problems += [str(p) for p in exc.problems]
    if not uploads:
        problems.append("choose one or more record files")
    if problems:  # one bad file imports nothing, as on the command line
        return page(
            request,
            "import.html",
            status_code=422,
            title="Import records",
            problems=problems,
            report=None,
        )
    report = ImportReport(*ctx(request).log.save_all(entries))  # one transaction
    return page(request, "import.html", title="Import records", problems=[], report=report)
