"""The live preview's page and the two answers its script polls (see preview.py)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from playtest.web.context import ctx, page
from playtest.web.preview import Preview

FRESH = {"Cache-Control": "no-store"}  # a preview is only ever the file as it is now


def _preview(request: Request) -> Preview:
    return request.app.state.preview


def _known(request: Request) -> str | None:
    game_id = request.path_params["game"]
    return game_id if game_id in ctx(request).library.game_ids else None


def preview(request: Request) -> HTMLResponse:
    game_id = _known(request)
    if game_id is None:
        return page(request, "error.html", status_code=404, title="404", message="no such game")
    name = _preview(request).name(game_id)
    return page(request, "preview.html", title=f"Preview: {name}", game=game_id, name=name)


def state(request: Request) -> Response:
    game_id = _known(request)
    if game_id is None:
        return JSONResponse({"error": "no such game"}, status_code=404)
    return JSONResponse(_preview(request).state(game_id), headers=FRESH)


def face(request: Request) -> Response:
    game_id, name = _known(request), request.path_params["name"]
    svg = _preview(request).svg(game_id, name.removesuffix(".svg")) if game_id else None
    if svg is None or not name.endswith(".svg"):
        return Response("no such face", status_code=404, media_type="text/plain")
    return Response(svg, media_type="image/svg+xml", headers=FRESH)
