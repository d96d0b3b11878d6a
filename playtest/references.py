"""References between a game's files, checked once every file is valid on its own: layouts,
backs, sizes, icons, fonts, colours, text styles, and card fields against their deck's
declaration."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playtest.errors import Problems
from playtest.layout import LayoutCheck, check_elements
from playtest.model.components import Deck
from playtest.model.game import Game, Source
from playtest.validation import validate
from playtest.yamlsource import Document, Loc, format_loc


def check_references(game: Game, fonts: dict[str, Path], field_schemas: dict[str, Any],
                      docs: dict[str, Document], problems: Problems) -> None:
    """References between files: layouts, backs, sizes, icons, fonts, colours, text styles."""

    def report(key: str, suffix: tuple, message: str) -> None:
        """A problem at `suffix` inside the thing defined at `key`, on that value's own line."""
        src = game.sources[key]
        loc = (*src.loc, *suffix)
        doc = docs.get(src.file)
        line = doc.line_of(loc) if doc is not None and src.loc else src.line
        problems.add(src.file, line, format_loc(loc) if src.loc else src.field, message)

    def expect(key: str, suffix: tuple, value: str | None, known: Any, what: str) -> None:
        if value is not None and value not in known:
            listed = ", ".join(sorted(known)) or "none"
            report(key, suffix, f"unknown {what} {value!r} (expected one of: {listed})")

    for key, path in game.style.fonts.items():
        if path not in fonts:
            report("style" if "style" in game.sources else "game", ("fonts", key),
                   f"font file {path!r} not found in _shared/fonts or the game's fonts/")
    for deck in game.decks:
        key = f"decks:{deck.id}"
        expect(key, ("layout",), deck.layout, game.layouts, "layout")
        expect(key, ("back",), deck.back, game.layouts, "layout")
        _check_size(game, key, deck.size, report)
        if deck.optional is not None:
            expect(key, ("optional",), deck.optional, game.info.options, "option")
        _check_card_fields(game, deck, field_schemas, docs, problems)
    for die in game.dice:
        key = f"dice:{die.id}"
        expect(key, ("layout",), die.layout, game.layouts, "layout")
        expect(key, ("icon",), die.icon, game.icons, "icon")
        for i, face in enumerate(die.faces):
            expect(key, ("faces", i, "icon"), face.icon, game.icons, "icon")
    sheet_ids = {s.id for s in game.sheets}
    for sheet in game.sheets:
        key = f"sheets:{sheet.id}"
        expect(key, ("layout",), sheet.layout, game.layouts, "layout")
        expect(key, ("back",), sheet.back, sheet_ids, "sheet")
        _check_size(game, key, sheet.size, report)
    for token in game.tokens:
        key = f"tokens:{token.id}"
        expect(key, ("layout",), token.layout, game.layouts, "layout")
        expect(key, ("back",), token.back, game.layouts, "layout")
        _check_size(game, key, token.size, report)
    for board in game.boards:
        expect(f"boards:{board.id}", ("layout",), board.layout, game.layouts, "layout")
    for name, layout in game.layouts.items():
        def report_here(at: Loc, message: str, key: str = f"layout:{name}") -> None:
            report(key, at, message)

        refs = LayoutCheck(game, report_here)
        check_elements(layout.frame, refs, ("frame",))
        check_elements(layout.elements, refs, ("elements",))


def _check_size(game: Game, key: str, size: Any, report: Any) -> None:
    if isinstance(size, str) and size not in game.presets.sizes:
        known = ", ".join(sorted(game.presets.sizes))
        report(key, ("size",),
               f"unknown size {size!r} (expected one of: {known}, or [width, height])")


FIELD_TYPES: dict[str, type | tuple[type, ...]] = {
    "text": str, "integer": int, "number": (int, float), "list": list, "boolean": bool}


def _check_card_fields(game: Game, deck: Deck, field_schemas: dict[str, Any],
                       docs: dict[str, Document], problems: Problems) -> None:
    """Card fields must be declared by the deck, with the declared type, values or schema."""
    for card in deck.cards:
        src = game.sources.get(f"card:{card.id}")
        if src is None:
            continue

        def report(name: str, message: str, src: Source = src, card_id: str = card.id) -> None:
            loc = (*src.loc, name)
            problems.add(src.file, docs[src.file].line_of(loc), format_loc(loc),
                         f"card {card_id}: {message}")

        for name, value in (card.model_extra or {}).items():
            spec = deck.fields.get(name)
            if spec is None:
                declared = ", ".join(sorted(deck.fields)) or "none"
                report(name, f"field not declared in the deck's `fields` (declared: {declared})")
            elif isinstance(spec, list):
                if value not in spec:
                    report(name, f"unknown value {value!r} "
                           f"(expected one of: {', '.join(map(str, spec))})")
            elif spec in field_schemas:
                _, errors = validate(field_schemas[spec], docs[src.file], (*src.loc, name))
                for error in errors:
                    problems.add(error.file, error.line, error.field,
                                 f"card {card.id}: {error.message}")
            elif spec in FIELD_TYPES:
                kind = FIELD_TYPES[spec]
                if not isinstance(value, kind) or (spec != "boolean" and isinstance(value, bool)):
                    report(name, f"expected {spec}, got {value!r}")
            else:
                known = ", ".join([*FIELD_TYPES, *field_schemas])
                report(name, f"the deck declares unknown field type {spec!r} "
                       f"(expected one of: {known}, or a list of values)")
