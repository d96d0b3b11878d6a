"""The web scorer as an ASGI app (Starlette): routes, middleware, error pages."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from playtest.core.limits import MAX_PHOTO_BYTES
from playtest.library.loader import Library
from playtest.log import PlaytestLog
from playtest.web import api, history, pages, preview_pages, scan, stats_page
from playtest.web.context import HERE, WebContext, page
from playtest.web.game_case import CanonicalGameIds
from playtest.web.pictures import Pictures
from playtest.web.preview import Preview
from playtest.web.security import (
    LOOPBACK,
    SECURITY_HEADERS,
    AccessGuard,
    BodyLimit,
    SecurityHeaders,
)
from playtest.web.server_errors import OneLineErrors, server_error

MAX_BODY = 4 * 1024 * 1024  # a few record files at once; one record is at most 1 MiB
GZIP_FROM = 1024  # pages, sheets, scripts and answers above this many bytes go compressed


def create_app(
    library: Library, db_path: Path, *, token: str | None = None, host: str = "127.0.0.1"
) -> Starlette:
    routes = [
        Route("/", pages.home, name="home"),
        Route("/new/{game}", pages.new_game, name="new_game"),
        Route("/play/{game}", pages.play, name="play"),
        Route("/games", history.games, name="games"),
        Route("/games/export.zip", history.export_all, name="export_all"),
        Route("/games/{game_id:int}", history.game_view, name="game_view"),
        Route("/games/{game_id:int}/edit", pages.edit, name="edit"),
        Route(
            "/games/{game_id:int}/delete", history.delete, methods=["GET", "POST"], name="delete"
        ),
        Route("/games/{game_id:int}/record.yaml", history.export_one, name="export_one"),
        Route("/import", history.import_files, methods=["GET", "POST"], name="import"),
        Route("/stats/{game}", stats_page.stats, name="stats"),
        Route("/api/score", api.score, methods=["POST"], name="api_score"),
        Route("/api/games", api.save, methods=["POST"], name="api_save"),
        Route("/api/games/{game_id:int}", api.save, methods=["POST"], name="api_update"),
        Route("/api/scan/{game}", scan.photo, methods=["POST"], name="api_scan"),
        Route("/pictures/{game}/{kind}/{name}", pages.picture, name="picture"),
        Route("/fonts/{game}/{name}", pages.font, name="font"),
        Route("/preview/{game}", preview_pages.preview, name="preview"),
        Route("/preview/{game}/state.json", preview_pages.state, name="preview_state"),
        Route("/preview/{game}/face/{name}", preview_pages.face, name="preview_face"),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    middleware = [
        Middleware(BodyLimit, limit=MAX_BODY, larger={"/api/scan/": MAX_PHOTO_BYTES}),
        Middleware(AccessGuard, token=token),
        Middleware(GZipMiddleware, minimum_size=GZIP_FROM),
        Middleware(CanonicalGameIds, library=library),
    ]
    if host in LOOPBACK:  # a loopback server answers only to its own names (DNS rebinding)
        middleware.insert(
            0, Middleware(TrustedHostMiddleware, allowed_hosts=["127.0.0.1", "localhost", "[::1]"])
        )
    middleware.insert(0, Middleware(OneLineErrors))  # a failed request: one line, and on
    middleware.insert(0, Middleware(SecurityHeaders))  # outermost: every answer has them
    app = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={HTTPException: _http_error, Exception: _server_error},
    )
    app.state.ctx = WebContext(library, PlaytestLog(db_path), Pictures(library))
    app.state.preview = Preview(library.root)
    app.state.scan_specs = scan.ScanSpecs(library)
    return app


async def _http_error(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 500)
    detail = getattr(exc, "detail", "") or "error"
    if request.url.path.startswith("/api/"):
        return JSONResponse(
            {"ok": False, "errors": [{"field": "", "message": detail, "text": detail}]},
            status_code=status,
        )
    return page(request, "error.html", status_code=status, title=str(status), message=detail)


async def _server_error(request: Request, exc: Exception) -> Response:
    """The last resort, for what fails outside OneLineErrors (in SecurityHeaders): a short
    message, never a traceback."""
    headers = {k.decode(): v.decode() for k, v in SECURITY_HEADERS}
    return server_error(request.url.path, headers)
