"""The kit's rules reference as a section: a folded sheet (two columns a side) or a deck of
reference cards, as the game's `reference:` block says. Its text is laid out when the kit is
planned, so page 1 knows how many sheets it takes."""

from __future__ import annotations

import math
from collections.abc import Iterator

from playtest.core.wording import plural
from playtest.drawing.face import DrawnFace
from playtest.drawing.model import PaperSheet
from playtest.faces.painter import FacePainter
from playtest.faces.version_mark import VersionMark
from playtest.generator.impose.cards import impose_cards
from playtest.generator.impose.reference import (
    card_panel_size,
    card_shapes,
    column_size,
    flow,
    fold_columns,
    folded_sheets,
)
from playtest.generator.impose.reference_text import paragraphs
from playtest.generator.kit.sections import Section, card_layout
from playtest.model.game import Game
from playtest.model.print_options import PrintOptions

REFERENCE_ID = "rules-reference"  # not a component id: a game may have a deck `reference`


def reference_sections(game: Game, env: FacePainter, opts: PrintOptions) -> list[Section]:
    reference = game.reference
    if reference is None:
        return []
    paras = paragraphs(game, env.scan is not None)
    if reference.layout == "folded-sheet":
        folded = fold_columns(
            paras,
            column_size(opts),
            env.fonts,
            reference.text_size,
            reference.max_text_size,
            reference.mark,
            reference.footnote,
        )
        pages = math.ceil(len(folded.panels) / 2)
        sheets = math.ceil(pages / 2) if opts.duplex else pages
        return [
            Section(
                f"Rules reference (folded sheet, {plural(pages, 'side')})",
                sheets,
                lambda: folded_sheets(folded, opts),
                "reference",
                (REFERENCE_ID,),
                opts.duplex,
            )
        ]
    size = game.size(reference.size)
    args = (env.fonts, reference.text_size, reference.mark, reference.footnote)
    panels = flow(paras, card_panel_size(size), *args)
    mark = VersionMark(opts.card_mark, game.presets.print.mark_inset)
    faces = [
        mark.on(
            DrawnFace(f"reference-{n}", "Rules reference", size[0], size[1], card_shapes(p, size))
        )
        for n, p in enumerate(panels, 1)
    ]
    layout = card_layout(game, "card", size, opts)

    def draw() -> Iterator[PaperSheet]:
        yield from impose_cards(faces, None, layout, opts, "Rules reference")

    return [
        Section(
            f"Rules reference ({plural(len(faces), 'card')}, {len(layout.slots)} a sheet)",
            math.ceil(len(faces) / len(layout.slots)),
            draw,
            "reference",
            (REFERENCE_ID,),
        )
    ]
