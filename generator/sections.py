"""The sections of a kit, each knowing its page count before drawing anything (so page 1 can
list them) and drawing its pages only when the PDF asks for them (so memory stays flat)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from playtest.generator.draw.model import Page
from playtest.generator.impose.cards import impose_cards
from playtest.generator.impose.dice import net_layout, net_pages, sticker_grid, sticker_pages
from playtest.generator.impose.grid import SheetLayout, auto_template, choose_template, grid_layout
from playtest.generator.impose.options import PrintOptions
from playtest.generator.impose.tiles import plan_tiles, tile_pages
from playtest.generator.render.env import RenderEnv
from playtest.generator.render.faces import (
    Face,
    FaceError,
    back_face,
    board_face,
    card_faces,
    deck_back,
    die_faces,
    sheet_face,
    token_face,
)
from playtest.generator.render.places import layout_place

from playtest.errors import InputError, Problems
from playtest.model.game import Game
from playtest.wording import plural

TOKEN_GUTTER = 3.0


@dataclass(frozen=True)
class Section:
    title: str
    count: int
    pages: Callable[[], Iterator[Page]]


def enabled_decks(game: Game, options: dict[str, bool]):
    return [d for d in game.decks if d.optional is None
            or options.get(d.optional, game.option(d.optional))]


def card_layout(game: Game, kind: str, size: tuple[float, float], opts: PrintOptions,
                gutter: float) -> SheetLayout:
    template = choose_template(game.presets, kind, opts.paper_name, size)
    if template is None:
        template = auto_template(kind, opts.paper_name, opts.paper, size, opts.bleed,
                                 opts.margin, gutter)
    return grid_layout(template, opts.paper, size, opts.bleed, opts.margin)


def _fold_capacity(layout: SheetLayout, opts: PrintOptions) -> int:
    pw, ph = opts.paper
    t = auto_template("card", opts.paper_name, (pw, ph / 2), layout.item, opts.bleed,
                      opts.margin, layout.gutter)
    return t.cols * t.rows


def _card_pages(copies: int, per_page: int, backs: bool, opts: PrintOptions) -> int:
    sheets = math.ceil(copies / per_page)
    return sheets * (2 if backs and opts.duplex else 1)


def deck_sections(game: Game, env: RenderEnv, opts: PrintOptions,
                  options: dict[str, bool]) -> list[Section]:
    sections = []
    for deck in enabled_decks(game, options):
        size = game.size(deck.size)
        layout = card_layout(game, "card", size, opts, 0)
        copies = sum(card.count for card in deck.cards)
        has_back = deck.back is not None and opts.backs != "none"
        if has_back and opts.backs == "fold":
            count = math.ceil(copies / _fold_capacity(layout, opts))
        else:
            count = _card_pages(copies, len(layout.slots), has_back, opts)

        def pages(deck=deck, layout=layout, has_back=has_back) -> Iterator[Page]:
            back = deck_back(deck, env, opts.back_bleed) if has_back else None
            yield from impose_cards(card_faces(deck, env), back, layout, opts, deck.name)

        sections.append(Section(f"{deck.name} ({copies} cards, {layout.template})", count,
                                pages))
    return sections


def token_sections(game: Game, env: RenderEnv, opts: PrintOptions) -> list[Section]:
    sections = []
    for token in game.tokens:
        if token.count == 0:
            continue
        size = game.size(token.size)
        template = choose_template(game.presets, "token", opts.paper_name, size) or \
            auto_template("token", opts.paper_name, opts.paper, size, opts.bleed, opts.margin,
                          TOKEN_GUTTER)
        layout = grid_layout(template, opts.paper, size, opts.bleed, opts.margin)
        has_back = token.back is not None and opts.duplex
        count = _card_pages(token.count, len(layout.slots), has_back, opts)

        def pages(token=token, layout=layout, has_back=has_back, size=size) -> Iterator[Page]:
            back = back_face(token.id, token.name, token.back, size, env, f"tokens:{token.id}",
                             0) if has_back and token.back else None
            yield from impose_cards([token_face(token, env)], back, layout, opts, token.name,
                                    cut_shape=token.shape)

        sections.append(Section(f"{token.name} ({token.count} tokens)", count, pages))
    return sections


def dice_sections(game: Game, env: RenderEnv, opts: PrintOptions) -> list[Section]:
    if not game.dice:
        return []
    total = sum(d.count for d in game.dice)
    faces = lambda: [(die, die_faces(die, env)) for die in game.dice]  # noqa: E731
    per_line, lines = sticker_grid(opts)
    sections = [Section(f"dice stickers ({plural(total, 'die', 'dice')}, "
                        f"{opts.sticker_size:g} mm faces)",
                        math.ceil(total / (per_line * lines)),
                        lambda: sticker_pages(faces(), opts))]
    net = game.presets.net
    if net is not None:
        per_page = len(net_layout(net, opts).slots)
        sections.append(Section(f"dice cube nets ({plural(total, 'die', 'dice')}, "
                                f"{opts.net_face:g} mm faces)",
                                math.ceil(total / per_page),
                                lambda: net_pages(faces(), net, opts)))
    return sections


def check_sheets_fit(game: Game, opts: PrintOptions) -> None:
    """A sheet larger than the paper's printable area would print shrunk: refuse it, at its
    size, rather than print it smaller than designed (a board is tiled across pages)."""
    area = (opts.paper[0] - 2 * opts.margin, opts.paper[1] - 2 * opts.margin)
    problems = Problems()
    for sheet in game.sheets:
        w, h = game.size(sheet.size)
        if (w > area[0] + 1e-6 or h > area[1] + 1e-6) and \
                (h > area[0] + 1e-6 or w > area[1] + 1e-6):
            src = game.sources[f"sheets:{sheet.id}"]
            problems.add(src.file, src.line, f"{src.field}.size",
                         f"sheet {sheet.id} is {w:g}x{h:g} mm, larger than what {opts.paper_name} "
                         f"paper prints ({area[0]:g}x{area[1]:g} mm inside the "
                         f"{opts.margin:g} mm margin); it would print shrunk: choose a size "
                         "that fits, or make it a board (boards are tiled across pages)")
    problems.raise_if_any()


def sheet_sections(game: Game, env: RenderEnv, opts: PrintOptions) -> list[Section]:
    check_sheets_fit(game, opts)
    backs = {s.back for s in game.sheets if s.back} if opts.duplex else set()
    fronts = [s for s in game.sheets if s.id not in backs]
    if not fronts:
        return []
    by_id = {s.id: s for s in game.sheets}
    sections = []
    for template in game.presets.templates:
        if template.kind != "sheet" or template.paper != opts.paper_name:
            continue
        per_page = template.cols * template.rows
        count = sum(math.ceil(s.copies / per_page) * (2 if s.back and opts.duplex else 1)
                    for s in fronts)

        def pages(template=template, per_page=per_page) -> Iterator[Page]:
            for sheet in fronts:
                size = game.size(sheet.size)
                layout = grid_layout(template, opts.paper, size, 0, opts.margin)
                face = sheet_face(sheet, env)
                face = Face(face.id, face.title, face.width, face.height, face.shapes,
                            math.ceil(sheet.copies / per_page) * per_page)
                back = None
                if sheet.back and opts.duplex:
                    b = sheet_face(by_id[sheet.back], env)
                    back = Face(b.id, b.title, b.width, b.height, b.shapes)
                # sheets are cut, if at all, along the page: no crop marks, no bleed
                plain = replace(opts, crop_marks=False, bleed=0, back_bleed=0)
                yield from impose_cards([face], back, layout, plain, sheet.name)

        label = template.label or template.id
        sections.append(Section(f"score sheets and aids, {label}", count, pages))
    return sections


def board_sections(game: Game, env: RenderEnv, opts: PrintOptions) -> list[Section]:
    sections = []
    for board in game.boards:
        tiling = plan_tiles(board.size, opts)

        def pages(board=board) -> Iterator[Page]:
            yield from tile_pages(board_face(board, env), opts)

        sections.append(Section(f"{board.name} ({len(tiling.tiles)} tiles)",
                                1 + len(tiling.tiles), pages))
    return sections


def face_error(game: Game, exc: FaceError) -> InputError:
    """A layout that cannot be drawn for a component: reported at the layout's element (where
    the template or the option is), naming the component and where it is defined."""
    src = game.sources.get(exc.source_key)
    defined = f" ({src.file}:{src.line})" if src and src.line else ""
    place = layout_place(game, exc.error.where)
    if place is not None:
        file, line, field = place
        return InputError.one(file, line, field, f"{exc.label}{defined}: {exc.error.message}")
    file, line, field = (src.file, src.line, src.field) if src else (game.id, None, "")
    return InputError.one(file, line, field, f"{exc.label}: {exc.error}")
