"""The order of a kit's pages, so that printing the whole PDF double-sided puts every back
behind its own front: each sheet of paper is two pages (front odd, back even), a sheet printed
on one side only gets a back page that says it is intentionally blank. Page 1 (contents and
print check) has the component checklist on its back; the duplex alignment test is one sheet.
Every page gets the footer; every section a bookmark and, on page 1, its pages and how to
print them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from playtest.core.errors import InputError
from playtest.core.limits import MAX_KIT_PAGES
from playtest.drawing.model import Page, PaperSheet
from playtest.faces.fonts import FontSet
from playtest.generator.impose.calibration import alignment_sheet, calibration_page
from playtest.generator.impose.checklist import Item, checklist_page
from playtest.generator.impose.footer import blank_page, footer_text, with_footer
from playtest.generator.impose.stamp import Stamp
from playtest.generator.kit.reference import REFERENCE_ID
from playtest.generator.kit.sections import Section
from playtest.model.game import Game
from playtest.model.print_options import PrintOptions

CONTENTS = "Contents and print check"
# a section's kind -> where its components are defined (`Game.sources` keys)
SOURCE_KINDS = {
    "cards": "decks",
    "tokens": "tokens",
    "dice stickers": "dice",
    "dice nets": "dice",
    "sheets": "sheets",
    "board": "boards",
}  # and `reference`, a key of its own
ALIGNMENT = "Duplex alignment test"


@dataclass(frozen=True)
class Part:
    """A section as it falls in the PDF."""

    title: str
    first: int
    last: int
    sheets: int
    sides: int  # pages per sheet: 2 when its backs are pages of the PDF
    how: str  # how to print it
    section: Section | None = None

    @property
    def pages(self) -> str:
        return (
            f"page {self.first}"
            if self.first == self.last
            else f"pages {self.first}\u2013{self.last}"
        )


class KitBook:
    def __init__(
        self,
        game: Game,
        stamp: Stamp,
        opts: PrintOptions,
        sections: list[Section],
        options: dict[str, bool],
        fonts: FontSet,
        *,
        alignment: bool,
    ) -> None:
        self.game, self.stamp, self.opts, self.options = game, stamp, opts, options
        self.fonts = fonts
        edge = "long" if opts.backs == "duplex-long" else "short"
        double = f"double-sided, flip on the {edge} edge"
        single = "odd pages only, single-sided" if opts.duplex else "single-sided"
        sides = 2 if opts.duplex else 1
        plan: list[tuple[str, int, int, str, Section | None]] = [
            (
                CONTENTS,
                1,
                2,
                "double-sided (checklist on the back)"
                if opts.duplex
                else "single-sided (page 2: checklist)",
                None,
            )
        ]
        if alignment:
            plan.append((ALIGNMENT, 1, 2, double, None))
        for section in sections:
            how = double if section.double_sided else single
            if section.folded:
                how = "single-sided; fold each sheet, glue, then cut"
            plan.append((section.title, section.sheets, sides, how, section))
        self.parts_: list[Part] = []
        page = 1
        for title, sheets, per, how, planned in plan:
            self.parts_.append(
                Part(title, page, page + sheets * per - 1, sheets, per, how, planned)
            )
            page += sheets * per
        self.total = page - 1
        self._check_total()

    def _check_total(self) -> None:
        """A kit of more pages than anyone prints is refused as planned, before any page is
        drawn, at the component that takes the most of them."""
        if self.total <= MAX_KIT_PAGES:
            return
        part = max(
            (p for p in self.parts_ if p.section is not None), key=lambda p: p.last - p.first
        )
        assert part.section is not None
        kind, first = part.section.kind, part.section.ids[0]
        sources = self.game.sources
        source = sources.get(f"{SOURCE_KINDS.get(kind)}:{first}") or sources.get(kind)
        source = source or sources["game"]
        raise InputError.one(
            source.file,
            source.line,
            source.field,
            f"the kit would print {self.total:,} pages, more than the {MAX_KIT_PAGES:,} a kit "
            f"may have; {part.section.title} takes {part.last - part.first + 1:,} of them",
        )

    def parts(self) -> Iterator[tuple[Part, Callable[[], Iterator[PaperSheet]]]]:
        for part in self.parts_:
            if part.title == CONTENTS:
                yield part, lambda: iter([PaperSheet(self._contents(), self._checklist())])
            elif part.title == ALIGNMENT:
                yield part, lambda: iter([alignment_sheet(self.opts)])
            else:
                assert part.section is not None
                yield part, part.section.draw

    def pages(
        self, part: Part, sheets: Callable[[], Iterator[PaperSheet]]
    ) -> Iterator[tuple[int, Page]]:
        number = part.first
        for n, sheet in enumerate(sheets(), start=1):
            sides = [sheet.front]
            if part.sides == 2:
                sides.append(sheet.back or blank_page(sheet.front))
            for side, page in zip(("", " (back)"), sides, strict=False):
                text = footer_text(self.stamp, part.title, n, part.sheets, side, number, self.total)
                yield number, with_footer(page, text, self.opts)
                number += 1

    def _contents(self) -> Page:
        opts = self.opts
        notes = self._variant_lines()
        if opts.duplex:
            edge = "long" if opts.backs == "duplex-long" else "short"
            notes.append(
                f"Print the whole file double-sided, flipping on the {edge} edge: "
                "every back lands behind its own front (blank backs say so)."
            )
        else:
            notes.append(
                "Print single-sided"
                + (
                    ": each card sheet holds fronts and backs; fold it on the line."
                    if opts.backs == "fold"
                    else "."
                )
            )
        version = f", version {self.stamp.version}" if self.stamp.version else ""
        notes.append(
            f"Kit built {self.stamp.date}{version}; every card carries "
            f"'{self.stamp.mark}' in a corner."
        )
        contents = [(p.title, p.pages, p.how) for p in self.parts_]
        return calibration_page(self.game.info.name, contents, opts, notes, self.fonts)

    def _variant_lines(self) -> list[str]:
        """Every option of the game as this kit was built with it, in players' words (its
        `option_words`; a setting's name only for an option without them); nothing for a
        game without options. How to change one is the designer's business, not the table's."""
        info = self.game.info
        said = []
        for name, default in info.options.items():
            on = self.options.get(name, default)
            words = info.option_words.get(name)
            if words is None:
                said.append(f"{name} {'on' if on else 'off'}")
            else:
                said.append(words.if_on if on else words.if_off)
        return [f"Variants in this kit: {'; '.join(said)}."] if said else []

    def _checklist(self) -> Page:
        game = self.game
        where: dict[str, list[str]] = {}
        for part in self.parts_:
            if part.section is not None:
                for i in part.section.ids:
                    where.setdefault(i, []).append(part.pages)
        items: list[Item] = []
        if REFERENCE_ID in where:
            items.append(Item("Rules reference", "1 per table", where[REFERENCE_ID][0]))
        for deck in game.decks:
            if deck.id in where:
                items.append(
                    Item(
                        deck.name,
                        _count(sum(c.count for c in deck.cards), "card"),
                        where[deck.id][0],
                    )
                )
        for token in game.tokens:
            if token.id in where:
                items.append(Item(token.name, _count(token.count, "token"), where[token.id][0]))
        for die in game.dice:
            if die.id in where:
                items.append(
                    Item(
                        die.name, _count(int(die.count), "die", "dice"), " or ".join(where[die.id])
                    )
                )
        for sheet in game.sheets:
            if sheet.id in where:
                also = (
                    f", {_name_of(sheet.back, game)} on the back"
                    if sheet.back and self.opts.duplex
                    else ""
                )
                items.append(
                    Item(
                        sheet.name + also,
                        _count(sheet.copies, "copy", "copies") + " per layout",
                        ", ".join(where[sheet.id]),
                    )
                )
        for board in game.boards:
            if board.id in where:
                items.append(Item(board.name, "1 board", where[board.id][0]))
        kinds = []
        for part in self.parts_:
            if part.section is not None and part.section.kind not in kinds:
                kinds.append(part.section.kind)
        advice = [
            (kind, game.presets.advice[kind]) for kind in kinds if kind in game.presets.advice
        ]
        options = self._variant_lines()
        return checklist_page(
            game.info.name,
            items,
            list(game.info.not_printed),
            advice,
            self.opts,
            self.fonts,
            options,
        )


def _name_of(sheet_id: str, game: Game) -> str:
    return next(s.name for s in game.sheets if s.id == sheet_id)


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"
