"""Faces of every kind of component, drawn from their layouts: the one place that knows what
data each kind hands to its layout templates."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from playtest.drawing.face import DrawnFace
from playtest.drawing.geometry import Affine
from playtest.drawing.model import Shape, Symbol, Use
from playtest.faces.layout import render_face
from playtest.faces.memo import DrawnRecord
from playtest.faces.painter import RenderEnv
from playtest.faces.scan_marks import back_marks, card_marks, has_places, sheet_marks
from playtest.layout.paint import RenderError
from playtest.layout.templates import Context
from playtest.model.components import Board, Card, Deck, Die, Sheet, Token
from playtest.model.game import Game


class FaceError(Exception):
    """Carries the component's source place with the layout problem."""

    def __init__(self, source_key: str, label: str, error: RenderError) -> None:
        super().__init__(f"{label}: {error}")
        self.source_key = source_key
        self.label = label
        self.error = error


def game_scope(game: Game) -> dict[str, Any]:
    return {"rules": game.rules_data, "game": game.info.model_dump(mode="json")}


def _draw(
    env: RenderEnv,
    layout_name: str,
    data: dict[str, Any],
    size: tuple[float, float],
    source_key: str,
    label: str,
    scale: float = 1.0,
) -> list[Shape]:
    src = env.game.sources.get(source_key)
    # warnings name the component and where it is defined (env.warn puts them at the layout)
    component = f"{label} ({src.file}:{src.line})" if src and src.line else label
    memo = env.faces
    key = memo.key(env, layout_name, data, size, component, scale) if memo is not None else ""
    record = memo.get(key) if memo is not None else None
    if record is None:
        record = _draw_now(env, layout_name, data, size, source_key, label, component, scale, key)
        if memo is not None:
            memo.put(key, record)
    else:
        for symbol, said in zip(record.symbols, record.symbol_warnings, strict=True):
            env.symbols.get_or_make(symbol.id, partial(_same, symbol))
            env.symbol_warnings.setdefault(symbol.id, said)
    if memo is not None and memo.names is not None:
        memo.names.name(key, record.shapes)
    assert env.log is not None
    for once, line in record.warnings:
        env.log.add(once, line)
    return list(record.shapes)


def _same(symbol: Symbol) -> Symbol:
    return symbol


def _draw_now(
    env: RenderEnv,
    layout_name: str,
    data: dict[str, Any],
    size: tuple[float, float],
    source_key: str,
    label: str,
    component: str,
    scale: float,
    key: str,
) -> DrawnRecord:
    ctx = Context(data, game_scope(env.game))
    paint = env.paint(component, scale)
    assert env.log is not None
    outer_log = env.log.capturing()
    try:
        layout = env.game.layouts[layout_name]
        shapes = tuple(render_face(layout_name, layout, ctx, env, paint, size))
    except RenderError as exc:
        raise FaceError(source_key, label, exc) from None
    finally:
        own = env.log.restore(outer_log)
    symbols = tuple(env.symbols.used_by(shapes))
    # a symbol's warnings (a frame's text) go with every face placing it, said once
    said = tuple(env.symbol_warnings.get(symbol.id, ()) for symbol in symbols)
    return DrawnRecord(shapes, symbols, said, tuple(own), key)


def card_faces(deck: Deck, env: RenderEnv) -> Iterator[DrawnFace]:
    size = deck.size
    deck_data = {"id": deck.id, "name": deck.name}
    for card in deck.cards:
        yield card_face(deck, card, env, size, deck_data)


def card_face(
    deck: Deck, card: Card, env: RenderEnv, size: tuple[float, float], deck_data: dict[str, Any]
) -> DrawnFace:
    # `scan` only on a scan-ready card, so the usual card is drawn from the same data as ever
    scan = env.scan is not None and deck.scan_marker
    data = {**card.data(), "deck": deck_data, **({"scan": True} if scan else {})}
    shapes = _draw(env, deck.layout, data, size, f"card:{card.id}", f"card {card.id}")
    if env.scan is not None and scan:
        shapes = [*shapes, *card_marks(env.game, deck, card.id, env.scan)]
    return DrawnFace(
        f"{deck.id}-{card.id}", card.name or card.id, size[0], size[1], tuple(shapes), card.count
    )


def back_face(
    owner_id: str,
    title: str,
    layout_name: str,
    size: tuple[float, float],
    env: RenderEnv,
    source_key: str,
    extra_bleed: float,
    marks: tuple[Shape, ...] = (),
) -> DrawnFace:
    """A back is the same for every card of its deck: drawn once, as a symbol, with extra
    bleed so a printer's drift between the two sides shows no white edge; `marks` (a scan
    marker) are drawn over it."""
    w, h = size
    b = env.bleed + extra_bleed
    symbol_id = f"back:{env.game.id}:{owner_id}:{w:g}x{h:g}:{b:g}" + (":scan" if marks else "")

    def make() -> Symbol:
        wide = RenderEnv(
            env.game,
            env.fonts,
            env.symbols,
            b,
            env.warnings,
            env.memo,
            log=env.log,
            faces=env.faces,
            symbol_warnings=env.symbol_warnings,
        )
        shapes = _draw(
            wide,
            layout_name,
            {"id": owner_id, "name": title},
            size,
            source_key,
            f"back of {owner_id}",
        )
        return Symbol(symbol_id, (-b, -b, w + 2 * b, h + 2 * b), (*shapes, *marks))

    env.symbols.get_or_make(symbol_id, make)
    return DrawnFace(f"{owner_id}-back", f"{title} (back)", w, h, (Use(symbol_id, Affine()),))


def deck_back(deck: Deck, env: RenderEnv, extra_bleed: float) -> DrawnFace | None:
    if deck.back is None:
        return None
    marks = back_marks(env.game, deck, env.scan) if env.scan is not None else []
    return back_face(
        deck.id, deck.name, deck.back, deck.size, env, f"decks:{deck.id}", extra_bleed, tuple(marks)
    )


def die_faces(die: Die, env: RenderEnv, scale: float = 1.0) -> list[DrawnFace]:
    """The six faces at the die's own size; stickers and nets print them `scale` times as
    large (the smaller of the two), which is the size their text is judged at."""
    faces = []
    die_data = {
        "id": die.id,
        "name": die.name,
        "colour": die.colour,
        "ink": die.ink,
        "icon": die.icon,
    }
    for index, face in enumerate(die.faces):
        data = {
            **die_data,
            **{k: v for k, v in face.model_dump().items() if v is not None},
            "index": index,
            "n": index + 1,
            "die": die_data,
        }
        shapes = _draw(
            env,
            die.layout,
            data,
            (die.size, die.size),
            f"dice:{die.id}",
            f"die {die.id} face {index + 1}",
            scale,
        )
        faces.append(
            DrawnFace(
                f"{die.id}-{index + 1}",
                f"{die.name} {index + 1}",
                die.size,
                die.size,
                tuple(shapes),
            )
        )
    return faces


def sheet_face(sheet: Sheet, env: RenderEnv, scale: float = 1.0) -> DrawnFace:
    """A sheet's face; it prints `scale` times its own size (a full page, a 2-up pad)."""
    size = sheet.size
    # `scan` only on a scan-ready sheet, so the usual sheet is drawn from the same data as ever
    scan = {"scan": True} if env.scan is not None else {}
    shapes = _draw(
        env,
        sheet.layout,
        {**sheet.data, "id": sheet.id, "name": sheet.name, **scan},
        size,
        f"sheets:{sheet.id}",
        f"sheet {sheet.id}",
        scale,
    )
    if env.scan is not None and has_places(env.game.layouts[sheet.layout].elements):
        shapes = [*shapes, *sheet_marks(env.game, sheet, env.scan)]
    return DrawnFace(sheet.id, sheet.name, size[0], size[1], tuple(shapes), sheet.copies)


def token_face(token: Token, env: RenderEnv) -> DrawnFace:
    size = token.size
    shapes = _draw(
        env,
        token.layout,
        {**token.data, "id": token.id, "name": token.name},
        size,
        f"tokens:{token.id}",
        f"token {token.id}",
    )
    return DrawnFace(token.id, token.name, size[0], size[1], tuple(shapes), token.count)


def board_face(board: Board, env: RenderEnv) -> DrawnFace:
    shapes = _draw(
        env,
        board.layout,
        {**board.data, "id": board.id, "name": board.name},
        board.size,
        f"boards:{board.id}",
        f"board {board.id}",
    )
    return DrawnFace(board.id, board.name, board.size[0], board.size[1], tuple(shapes))
