"""The JSON API the editor page calls: score a record as it is typed, save it in the log.
Every number comes from the scorer (`playtest score`'s own code), never from the page."""

from __future__ import annotations

import json
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from playtest.core.errors import InputError
from playtest.log.entries import new_game, parse_date, record_document
from playtest.log.values import UID
from playtest.scorer.report import score_text
from playtest.web.context import ctx
from playtest.web.security import CSRF_HEADER, csrf_ok


def _error(status: int, message: str, field: str = "") -> JSONResponse:
    return JSONResponse(
        {"ok": False, "errors": [{"field": field, "message": message, "text": message}]},
        status_code=status,
    )


def _input_errors(exc: InputError) -> JSONResponse:
    return JSONResponse(
        {
            "ok": False,
            "errors": [
                {"field": p.field, "message": p.message, "text": str(p)} for p in exc.problems
            ],
        },
        status_code=422,
    )


async def _body(request: Request) -> dict[str, Any] | JSONResponse:
    if not csrf_ok(request, request.headers.get(CSRF_HEADER)):
        return _error(403, "missing or wrong CSRF token: reload the page")
    try:
        body = json.loads(await request.body() or b"null")
    except (ValueError, UnicodeDecodeError):
        return _error(400, "the request is not JSON")
    except RecursionError:
        return _error(400, "the request is nested too deeply")
    if not isinstance(body, dict) or "record" not in body:
        return _error(400, 'expected {"record": {...}}')
    key = body.get("key")
    if key is not None and not (isinstance(key, str) and UID.fullmatch(key)):
        return _error(422, "expected 32 hexadecimal digits (the game's identity)", "key")
    return body


def start_seat(body: dict[str, Any]) -> int:
    """The seat of the start player, checked like any other value: a whole number from 0 to
    the last seat (it was saved as 0 when it was 10**30, -3 or the 7th of 2 players)."""
    seat = body.get("start_seat", 0)
    players = body["record"].get("players") if isinstance(body["record"], dict) else None
    seats = len(players) if isinstance(players, list) else 0
    last = max(seats - 1, 0)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= last:
        raise InputError.one(
            "playtest",
            None,
            "start_seat",
            f"expected a seat from 0 to {last} (the first player is 0), got {str(seat)[:40]}",
        )
    return seat


def evaluate(request: Request, body: dict[str, Any]) -> tuple[Any, Any]:
    """Read and score the record as `playtest score` would (InputError when unreadable)."""
    played_on = body.get("played_on") or None
    if played_on is not None:
        played_on = parse_date(str(played_on), "played_on")
    seat = start_seat(body)
    return new_game(
        record_document(body["record"]),
        ctx(request).library,
        played_on=played_on,
        start_seat=seat,
        source="web",
        uid=body.get("key"),
    )


def answer(request: Request, result: Any) -> dict[str, Any]:
    web_game = ctx(request).web_game(result.game)
    places = [web_game.places_of(v.where) if web_game else [v.where] for v in result.violations]
    return {"ok": True, "result": result.to_json(), "text": score_text(result), "places": places}


async def _scored(request: Request) -> tuple[Any, Any] | JSONResponse:
    """The request's record read and scored (a log entry and the result), or the answer that
    says why it cannot be."""
    body = await _body(request)
    if isinstance(body, JSONResponse):
        return body
    try:
        return await run_in_threadpool(evaluate, request, body)
    except InputError as exc:
        return _input_errors(exc)


async def score(request: Request) -> JSONResponse:
    scored = await _scored(request)
    if isinstance(scored, JSONResponse):
        return scored
    return JSONResponse(answer(request, scored[1]))


async def save(request: Request) -> JSONResponse:
    """POST /api/games (a new game) or /api/games/{id} (an edit): scored, then saved in one
    transaction. A new game's `key` (made once per board, in the editor's address) is its
    identity: the same Save sent twice (a double tap, a retried request, the page come back to
    with Back) stores one game, as last sent, and answers its id."""
    scored = await _scored(request)
    if isinstance(scored, JSONResponse):
        return scored
    entry, result = scored
    log = ctx(request).log
    game_id = request.path_params.get("game_id")
    if game_id is None:
        saved, new = await run_in_threadpool(log.save_once, entry)
        if not new:  # the board saved before (a page come back to): that game, as it is now
            await run_in_threadpool(log.update, saved, entry)
        game_id = saved
    elif not await run_in_threadpool(log.update, game_id, entry):
        return _error(404, f"no logged game #{game_id}")
    return JSONResponse(
        {
            **answer(request, result),
            "id": game_id,
            "url": request.url_for("game_view", game_id=game_id).path,
            "edit_url": request.url_for("edit", game_id=game_id).path,
        }
    )
