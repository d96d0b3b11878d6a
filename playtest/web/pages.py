"""The pages people open: the games, "new game" (variant and players) and the board editor."""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from playtest.core.control_chars import name_problem
from playtest.core.limits import MAX_NAME, MAX_PHOTO_BYTES
from playtest.core.wording import plural
from playtest.faces.fonts import font_files, fonts_for
from playtest.log import PLAYED
from playtest.log.values import UID, new_uid
from playtest.model.game import Game
from playtest.web.context import ctx, page
from playtest.web.fonts import font_digest, web_font
from playtest.web.labels import score_labels


def home(request: Request) -> HTMLResponse:
    c = ctx(request)
    counts: dict[str, int] = {}
    for game, _version, count in c.log.versions(PLAYED):
        counts[game] = counts.get(game, 0) + count
    return page(request, "home.html", counts=counts)


def _not_found(request: Request, what: str) -> HTMLResponse:
    return page(
        request, "error.html", status_code=404, title="Not found", message=f"There is no {what}."
    )


def new_game(request: Request) -> HTMLResponse:
    game_id = request.path_params["game"]
    web_game = ctx(request).web_game(game_id)
    if web_game is None:
        return _not_found(request, f"game {game_id!r}")
    return _new_form(request, game_id, {}, [])


def _new_form(
    request: Request,
    game_id: str,
    values: dict[str, Any],
    errors: list[str],
    status_code: int = 200,
) -> HTMLResponse:
    c = ctx(request)
    game = c.library.game(game_id)
    low, high = game.info.players
    names = values.get("names") or [f"Player {i + 1}" for i in range(max(low, min(2, high)))]
    return page(
        request,
        "new.html",
        status_code=status_code,
        title=f"New game: {game.info.name}",
        game_id=game_id,
        game_name=game.info.name,
        variants=c.web_game(game_id).variants(game),  # type: ignore[union-attr]
        low=low,
        high=high,
        names=names,
        errors=errors,
        variant=values.get("variant"),
        start_seat=values.get("start_seat", 0),
        played_on=values.get("played_on") or dt.date.today().isoformat(),
    )


def play(request: Request) -> Response:
    """Check the "new game" form and open the editor on a blank board."""
    c = ctx(request)
    game_id = request.path_params["game"]
    web_game = c.web_game(game_id)
    if web_game is None:
        return _not_found(request, f"game {game_id!r}")
    game = c.library.game(game_id)
    query = request.query_params
    names = [n.strip() for n in query.getlist("player") if n.strip()]
    variant = query.get("variant", "")
    played_on = query.get("played_on", "")
    seat = query.get("start_seat", "0")
    errors = []
    variants = {v.id for v in web_game.variants(game)}
    if variant not in variants:
        errors.append(f"variant: choose one of {', '.join(sorted(variants))}")
    low, high = game.info.players
    if variant == "solo":
        low = high = 1
    if not low <= len(names) <= high:
        errors.append(
            f"players: {len(names)} named; this game is for "
            f"{low if low == high else f'{low} to {high}'}"
        )
    if len(set(names)) != len(names):
        errors.append("players: two players have the same name")
    errors += [f"players: {wrong}" for n in names if (wrong := name_problem(n))]
    if any(len(n) > MAX_NAME for n in names):
        errors.append(f"players: names are at most {MAX_NAME} characters")
    try:
        dt.date.fromisoformat(played_on)
    except ValueError:
        errors.append("date: expected a date (YYYY-MM-DD)")
    start = int(seat) if re.fullmatch("[0-9]{1,3}", seat) and int(seat) < len(names) else None
    if start is None and names:
        errors.append(f"start player: choose one of the {plural(len(names), 'player')}")
    if errors:
        return _new_form(
            request,
            game_id,
            {
                "names": names or None,
                "variant": variant,
                "played_on": played_on,
                "start_seat": start or 0,
            },
            errors,
            status_code=422,
        )
    # the board's identity lives in its address: Back, a reload or a second tab come to the
    # same board, and once saved, to the saved game (never a blank one saved a second time)
    key = request.query_params.get("key", "")
    if not UID.fullmatch(key):
        return RedirectResponse(str(request.url.include_query_params(key=new_uid())), 303)
    saved = c.log.with_uid(key)
    if saved is not None:
        return RedirectResponse(request.url_for("edit", game_id=saved).path, 303)
    record = web_game.blank(game, variant, names)
    return editor(request, game_id, record, played_on, start or 0, None, key)


def edit(request: Request) -> HTMLResponse:
    c = ctx(request)
    entry = c.log.get(request.path_params["game_id"])
    if entry is None or c.web_game(entry.game) is None:
        return _not_found(request, "such game in the log")
    return editor(request, entry.game, entry.record, entry.played_on, entry.start_seat, entry.id)


def editor(
    request: Request,
    game_id: str,
    record: dict[str, Any],
    played_on: str,
    start_seat: int,
    log_id: int | None,
    key: str | None = None,
) -> HTMLResponse:
    c = ctx(request)
    game = c.library.game(game_id)
    web_game = c.web_game(game_id)
    assert web_game is not None
    catalogue = web_game.catalogue(game)
    # only the sheets this record is entered on (one side of a pad: never the other)
    drawn = web_game.sheets(game, record, catalogue)
    boards = web_game.boards(game, record, catalogue)
    pictures = {
        **{
            f"sheet-{name}": c.pictures.sheet(game_id, sheet_id) for name, sheet_id in drawn.items()
        },
        **{
            f"board-{name}": c.pictures.board(game_id, board_id)
            for name, board_id in boards.items()
        },
    }
    save_url = (
        request.url_for("api_update", game_id=log_id) if log_id else request.url_for("api_save")
    ).path
    crops = {name: c.pictures.sheet_crops(game_id, sheet_id) for name, sheet_id in drawn.items()}
    state = {
        "game": game_id,
        "record": record,
        "catalogue": catalogue,
        "labels": score_labels(game),  # the words for the scorer's keys, from the YAML
        "crops": crops,
        "played_on": played_on,
        "start_seat": start_seat,
        "log_id": log_id,
        "key": key,  # a new board's identity (an edit is its game's)
        "save_url": save_url,
        "score_url": request.url_for("api_score").path,
        "pictures": f"/pictures/{game_id}",
        "scan": _photo_button(request, game_id),
    }
    return page(
        request,
        "editor.html",
        title=f"{game.info.name}: score",
        game_id=game_id,
        game_name=game.info.name,
        pictures=pictures,
        fonts=_fonts(request, game),
        state=embedded_json(state),
        log_id=log_id,
        script=web_game.script_path,
        scan=state["scan"],
    )


def _photo_button(request: Request, game_id: str) -> dict[str, Any] | None:
    """What the photo button needs, for a game a photo can be read into (playtest/web/scan.py)."""
    from playtest.web.scan import photographed

    what = photographed(ctx(request).library, game_id)
    if what is None:
        return None
    url = request.url_for("api_scan", game=game_id).path
    return {"url": url, "what": what, "max_bytes": MAX_PHOTO_BYTES}


def embedded_json(value: Any) -> str:
    """JSON for a `<script type="application/json">` block: `<`, `>` and `&` as \\u escapes,
    so no name can close the block or open a comment (`</script>`, `<!--`), and the line
    separators too (old parsers end a JavaScript string there)."""
    text = json.dumps(value, ensure_ascii=False)
    for char in "<>&\u2028\u2029":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


def _fonts(request: Request, game: Game) -> list[dict[str, str]]:
    """The kit's fonts, served here (small: see fonts.py), so the pictures print-match
    offline. Each address carries the face's hash: the browser keeps it for a year."""
    fonts = fonts_for(game)
    text = ctx(request).font_text(game)
    return [
        {
            "family": fonts.family,
            "weight": fonts.face(key).weight,
            "style": fonts.face(key).style,
            "url": f"/fonts/{game.id}/{key}.woff?v={font_digest(path, text)}",
        }
        for key, path in font_files(game).items()
    ]


# ---- pictures of the printed components, and the fonts they are printed in

SVG_HEADERS = {"Cache-Control": "max-age=3600"}
FONT_HEADERS = {"Cache-Control": "public, max-age=31536000, immutable"}  # hashed address


def picture(request: Request) -> Response:
    c = ctx(request)
    game_id, kind, name = (request.path_params[k] for k in ("game", "kind", "name"))
    if game_id not in c.library.game_ids or not name.endswith(".svg"):
        return Response("no such picture", status_code=404, media_type="text/plain")
    name = name[:-4]
    svg = None
    if kind == "card":
        svg = c.pictures.card(game_id, name)
    elif kind == "token":
        svg = c.pictures.token(game_id, name)
    elif kind == "sheet":
        svg = c.pictures.sheet(game_id, name)
    elif kind == "die":
        die, _, face = name.rpartition("-")
        number = re.fullmatch("[1-9][0-9]{0,2}", face)
        svg = c.pictures.die_face(game_id, die, int(face) - 1) if number else None
    if svg is None:
        return Response("no such picture", status_code=404, media_type="text/plain")
    return Response(svg, media_type="image/svg+xml", headers=SVG_HEADERS)


def font(request: Request) -> Response:
    c = ctx(request)
    game_id, name = request.path_params["game"], request.path_params["name"]
    if game_id not in c.library.game_ids:
        return Response("no such font", status_code=404, media_type="text/plain")
    files = font_files(c.library.game(game_id))
    path = files.get(name.removesuffix(".woff")) if name.endswith(".woff") else None
    if path is None:
        return Response("no such font", status_code=404, media_type="text/plain")
    text = c.font_text(c.library.game(game_id))
    return Response(web_font(path, text), media_type="font/woff", headers=FONT_HEADERS)
