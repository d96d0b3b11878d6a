"""The sections of a kit, each knowing its sheet count before drawing anything (so page 1 can
list them) and drawing its sheets only when the PDF asks for them (so memory stays flat)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import overload

from playtest.core.errors import InputError, Problems
from playtest.core.wording import plural
from playtest.drawing.face import DrawnFace
from playtest.drawing.model import Page, PaperSheet
from playtest.faces.component_faces import (
    board_face,
    card_faces,
    deck_back,
    die_faces,
    sheet_face,
    token_face,
)
from playtest.faces.painter import FacePainter
from playtest.faces.version_mark import deck_mark
from playtest.generator.impose.cards import fold_layout, impose_cards
from playtest.generator.impose.dice import (
    net_layout,
    net_pages,
    printed_scale,
    sticker_grid,
    sticker_pages,
)
from playtest.generator.impose.grid import (
    SheetLayout,
    auto_template,
    choose_template,
    grid_layout,
    roomy_template,
)
from playtest.generator.impose.pad import with_cut_lines
from playtest.generator.impose.tiles import plan_tiles, tile_pages
from playtest.generator.ink.contrast import Readable
from playtest.generator.ink.ink_saver import InkSaver
from playtest.model.game import Game
from playtest.model.presets import Kind
from playtest.model.print_options import PrintOptions

TOKEN_GUTTER = 3.0


@dataclass(frozen=True)
class Section:
    """One part of the kit: what it holds, how many sheets of paper, and how to draw them."""

    title: str
    sheets: int
    draw: Callable[[], Iterator[PaperSheet]]
    kind: str  # cards, tokens, dice stickers, dice nets, sheets, board: how it is printed
    ids: tuple[str, ...]  # the components it prints (what `--only` names)
    double_sided: bool = False  # its sheets have backs of their own
    folded: bool = False  # fronts and backs on one page about a fold line (--backs fold)


@contextmanager
def sized_at(game: Game, key: str) -> Iterator[None]:
    """A component that does not fit the paper is named at its own file and line (the grid
    that places it knows its size only)."""
    try:
        yield
    except InputError as exc:
        src = game.sources.get(key)
        if src is None or [p.file for p in exc.problems] != ["components"]:
            raise
        raise InputError.one(
            src.file, src.line, f"{src.field}.size", exc.problems[0].message
        ) from None


def single(pages: Iterator[Page]) -> Iterator[PaperSheet]:
    """Pages printed on one side only."""
    for page in pages:
        yield PaperSheet(page)


@overload
def saved(
    face: DrawnFace, env: FacePainter, opts: PrintOptions, *, back: bool = False
) -> DrawnFace: ...
@overload
def saved(face: None, env: FacePainter, opts: PrintOptions, *, back: bool = False) -> None: ...
def saved(
    face: DrawnFace | None, env: FacePainter, opts: PrintOptions, *, back: bool = False
) -> DrawnFace | None:
    """With --ink-saver: the face with its large fills (every fill, on a back) printed light,
    and its text darkened (or lightened) where it would fall below 4.5:1 on them."""
    if face is None or not opts.ink_saver:
        return face
    shapes = InkSaver(env.symbols).face(face.shapes, face.width * face.height, back=back)
    # then every text made readable again on the fills it now stands on
    return replace(face, shapes=Readable(env.symbols).face(shapes))


def enabled_decks(game: Game, options: dict[str, bool]):
    return [
        d
        for d in game.decks
        if d.optional is None or options.get(d.optional, game.option(d.optional))
    ]


def printed_decks(game: Game, options: dict[str, bool]):
    """The decks the kit prints: those in the game, and a promo or variant deck whose option
    is off but which a table may add (`printed_when_off`)."""
    enabled = enabled_decks(game, options)
    return [d for d in game.decks if d in enabled or d.printed_when_off]


def card_layout(
    game: Game, kind: Kind, size: tuple[float, float], opts: PrintOptions
) -> SheetLayout:
    """The size's template for the paper, or an automatic grid: `--gutter` apart when given,
    else print.yaml's `gutter` apart as far as room allows without losing a card."""
    template = choose_template(game.presets, kind, opts.paper_name, size)
    if template is None:
        args = (kind, opts.paper_name, opts.paper, size, opts.bleed, opts.margin)
        if opts.gutter is None:
            template = roomy_template(*args, opts.auto_gutter, footer=opts.marks_band)
        else:
            template = auto_template(*args, opts.gutter, footer=opts.marks_band)
    elif opts.gutter is not None:
        template = template.model_copy(update={"gutter": opts.gutter})
    return grid_layout(
        template,
        opts.paper,
        size,
        opts.bleed,
        opts.margin,
        footer=opts.footer,
        footer_gap=opts.footer_gap,
    )


def deck_sections(
    game: Game, env: FacePainter, opts: PrintOptions, options: dict[str, bool]
) -> list[Section]:
    sections = []
    for deck in printed_decks(game, options):
        size = deck.size
        with sized_at(game, f"decks:{deck.id}"):
            layout = card_layout(game, "card", size, opts)
        copies = sum(card.count for card in deck.cards)
        has_back = deck.back is not None and opts.backs != "none"
        per_sheet = len(layout.slots)
        if has_back and opts.backs == "fold":
            with sized_at(game, f"decks:{deck.id}"):
                per_sheet = len(fold_layout(layout, opts).slots)

        def pages(deck=deck, layout=layout, has_back=has_back) -> Iterator[PaperSheet]:
            back = (
                saved(deck_back(deck, env, opts.back_bleed), env, opts, back=True)
                if has_back
                else None
            )
            mark = deck_mark(game, deck, opts.card_mark, env.scan is not None)
            fronts = (mark.on(saved(face, env, opts)) for face in card_faces(deck, env))
            yield from impose_cards(fronts, back, layout, opts, deck.name)

        sections.append(
            Section(
                f"{deck.name} ({plural(copies, 'card')}, {per_sheet} a sheet)",
                math.ceil(copies / per_sheet),
                pages,
                "cards",
                (deck.id,),
                has_back and opts.duplex,
                has_back and opts.backs == "fold",
            )
        )
    return sections


def token_sections(game: Game, env: FacePainter, opts: PrintOptions) -> list[Section]:
    sections = []
    for token in game.tokens:
        if token.count == 0:
            continue
        size = token.size
        with sized_at(game, f"tokens:{token.id}"):
            template = choose_template(
                game.presets, "token", opts.paper_name, size
            ) or auto_template(
                "token",
                opts.paper_name,
                opts.paper,
                size,
                opts.bleed,
                opts.margin,
                TOKEN_GUTTER,
                footer=opts.footer,
            )
        layout = grid_layout(
            template, opts.paper, size, opts.bleed, opts.margin, footer=opts.footer
        )
        # a back prints behind its front when duplex, beside it about the fold line in fold
        has_back = token.back is not None and opts.backs != "none"
        per_sheet = len(layout.slots)
        if has_back and opts.backs == "fold":
            per_sheet = len(fold_layout(layout, opts).slots)

        def pages(token=token, layout=layout, has_back=has_back, size=size) -> Iterator[PaperSheet]:
            back = (
                env.back(token.id, token.name, token.back, size, f"tokens:{token.id}", 0)
                if has_back and token.back
                else None
            )
            back = saved(back, env, opts, back=True)
            yield from impose_cards(
                [saved(token_face(token, env), env, opts)],
                back,
                layout,
                opts,
                token.name,
                cut_shape=token.shape,
            )

        sections.append(
            Section(
                f"{token.name} ({plural(token.count, 'token')})",
                math.ceil(token.count / per_sheet),
                pages,
                "tokens",
                (token.id,),
                has_back and opts.duplex,
                has_back and opts.backs == "fold",
            )
        )
    return sections


def dice_sections(game: Game, env: FacePainter, opts: PrintOptions) -> list[Section]:
    if not game.dice:
        return []
    total = sum(d.count for d in game.dice)
    faces = lambda: [  # noqa: E731
        (
            die,
            [saved(f, env, opts) for f in die_faces(die, env, printed_scale(die, opts))],
        )
        for die in game.dice
    ]
    per_line, lines = sticker_grid(opts)
    ids = tuple(d.id for d in game.dice)
    sections = [
        Section(
            f"dice stickers ({plural(total, 'die', 'dice')}, {opts.sticker_size:g} mm faces)",
            math.ceil(total / (per_line * lines)),
            lambda: single(sticker_pages(faces(), opts)),
            "dice stickers",
            ids,
        )
    ]
    net = game.presets.net
    if net is not None:
        per_page = len(net_layout(net, opts).slots)
        sections.append(
            Section(
                f"dice cube nets ({plural(total, 'die', 'dice')}, {opts.net_face:g} mm faces)",
                math.ceil(total / per_page),
                lambda: single(net_pages(faces(), net, opts)),
                "dice nets",
                ids,
            )
        )
    return sections


def check_sheets_fit(game: Game, opts: PrintOptions) -> None:
    """A sheet larger than the paper's printable area would print shrunk: refuse it, at its
    size, rather than print it smaller than designed (a board is tiled across pages)."""
    area = (opts.paper[0] - 2 * opts.margin, opts.paper[1] - 2 * opts.margin)
    problems = Problems()
    for sheet in game.sheets:
        w, h = sheet.size
        if (w > area[0] + 1e-6 or h > area[1] + 1e-6) and (
            h > area[0] + 1e-6 or w > area[1] + 1e-6
        ):
            src = game.sources[f"sheets:{sheet.id}"]
            problems.add(
                src.file,
                src.line,
                f"{src.field}.size",
                f"sheet {sheet.id} is {w:g}x{h:g} mm, larger than what {opts.paper_name} "
                f"paper prints ({area[0]:g}x{area[1]:g} mm inside the "
                f"{opts.margin:g} mm margin); it would print shrunk: choose a size "
                "that fits, or make it a board (boards are tiled across pages)",
            )
    problems.raise_if_any()


def sheet_sections(game: Game, env: FacePainter, opts: PrintOptions) -> list[Section]:
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
        count = sum(math.ceil(s.copies / per_page) for s in fronts)

        def pages(template=template, per_page=per_page) -> Iterator[PaperSheet]:
            for sheet in fronts:
                size = sheet.size
                layout = grid_layout(template, opts.paper, size, 0, opts.margin, footer=opts.footer)
                face = saved(sheet_face(sheet, env, layout.slots[0].scale), env, opts)
                face = DrawnFace(
                    face.id,
                    face.title,
                    face.width,
                    face.height,
                    face.shapes,
                    math.ceil(sheet.copies / per_page) * per_page,
                )
                back = None
                if sheet.back and opts.duplex:
                    b = saved(sheet_face(by_id[sheet.back], env, layout.slots[0].scale), env, opts)
                    back = DrawnFace(b.id, b.title, b.width, b.height, b.shapes)
                # sheets are cut, if at all, along the page: no crop marks, no bleed
                plain = replace(opts, crop_marks=False, bleed=0, back_bleed=0)
                yield from with_cut_lines(
                    impose_cards([face], back, layout, plain, sheet.name), layout, opts
                )

        label = template.label or template.id
        sections.append(
            Section(
                f"score sheets and aids, {label}",
                count,
                pages,
                "sheets",
                tuple(s.id for s in fronts),
                any(s.back for s in fronts) and opts.duplex,
            )
        )
    return sections


def board_sections(game: Game, env: FacePainter, opts: PrintOptions) -> list[Section]:
    sections = []
    for board in (b for b in game.boards if b.printed):
        tiling = plan_tiles(board.size, opts)

        def pages(board=board) -> Iterator[PaperSheet]:
            yield from single(
                tile_pages(saved(board_face(board, env), env, opts), opts, env.symbols)
            )

        sections.append(
            Section(
                f"{board.name} ({len(tiling.tiles)} tiles)",
                1 + len(tiling.tiles),
                pages,
                "board",
                (board.id,),
            )
        )
    return sections
