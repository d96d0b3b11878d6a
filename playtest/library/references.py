"""References between a game's files, checked once every file is valid on its own: layouts,
backs, sizes, icons, fonts, colours, text styles, and card fields against their deck's
declaration."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from playtest.components import SHARED
from playtest.core.errors import InputError, Problems
from playtest.core.limits import MAX_SHAPES_PER_FACE
from playtest.core.validation import validate
from playtest.core.yamlsource import Document, Loc, format_loc, load_document
from playtest.layout import LayoutCheck, check_elements
from playtest.layout.least_shapes import least_shapes
from playtest.layout.values import EVERYWHERE
from playtest.layout.verb import ElementBox
from playtest.library.registry import guest
from playtest.library.salvage import Broken
from playtest.model.entries import DeckEntry
from playtest.model.face_values import FACE_VALUES
from playtest.model.game import GameEntries


def check_references(
    game: GameEntries,
    fonts: dict[str, Path],
    field_schemas: dict[str, Any],
    docs: dict[str, Document],
    problems: Problems,
    broken: Broken | None = None,
) -> None:
    """References between files: layouts, backs, sizes, icons, fonts, colours, text styles.
    A name that something broken may define (`broken`, already reported) is not reported as
    unknown, and a broken style skips the checks that need the palette."""
    broken = broken or Broken()

    def report(key: str, suffix: tuple, message: str) -> None:
        """A problem at `suffix` inside the thing defined at `key`, on that value's own line."""
        src = game.sources[key]
        loc = (*src.loc, *suffix)
        doc = docs.get(src.file)
        line = doc.line_of(loc) if doc is not None and src.loc else src.line
        problems.add(src.file, line, format_loc(loc) if src.loc else src.field, message)

    def expect(key: str, suffix: tuple, value: str | None, known: Any, what: str) -> None:
        if value is not None and value not in known and not broken.unknown(what, value):
            listed = ", ".join(sorted(known)) or "none"
            report(key, suffix, f"unknown {what} {value!r} (expected one of: {listed})")

    for key, path in game.style.fonts.items():
        if path not in fonts:
            file, line = _style_line(game, docs, ("style", "fonts", key))
            problems.add(
                file,
                line,
                f"style.fonts.{key}",
                f"font file {path!r} not found in _shared/fonts/ or the game's fonts/ "
                f"(found: {', '.join(sorted(fonts)) or 'none'})",
            )
    for deck in game.decks:
        key = f"decks:{deck.id}"
        expect(key, ("layout",), deck.layout, game.layouts, "layout")
        expect(key, ("back",), deck.back, game.layouts, "layout")
        _check_size(game, key, deck.size, report)
        if deck.optional is not None:
            expect(key, ("optional",), deck.optional, game.info.options, "option")
        if deck.scan_back and (deck.back is None or not deck.scan_marker):
            report(key, ("scan_back",), "a back's marker needs `scan_marker: true` and a `back`")
        for name in dict.fromkeys(n for n in (deck.layout, deck.back) if n in game.layouts):
            _check_scan_marker(game, deck, name, report)
        _check_card_fields(game, deck, field_schemas, docs, problems)
    palette = {*game.style.colours, "none"}

    def colour(key: str, suffix: tuple, value: str | None) -> None:
        if (
            value is not None
            and not value.startswith("#")
            and value not in palette
            and not broken.unknown("colour")
        ):
            report(
                key,
                suffix,
                f"unknown colour {value!r} (expected #rrggbb, none or one "
                f"of: {', '.join(sorted(game.style.colours))})",
            )

    for die in game.dice:
        key = f"dice:{die.id}"
        expect(key, ("layout",), die.layout, game.layouts, "layout")
        expect(key, ("icon",), die.icon, game.icons, "icon")
        colour(key, ("colour",), die.colour)
        colour(key, ("ink",), die.ink)
        for i, face in enumerate(die.faces):
            expect(key, ("faces", i, "icon"), face.icon, game.icons, "icon")
            colour(key, ("faces", i, "colour"), face.colour)
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
    users = layout_users(game)
    for name, layout in game.layouts.items() if not broken.unknown("colour") else ():

        def report_here(at: Loc, message: str, key: str = f"layout:{name}") -> None:
            report(key, at, message)

        values, allowed = users.get(name, (None, {}))
        refs = LayoutCheck(game, report_here, values, allowed)
        check_elements(layout.frame, refs, ("frame",))
        check_elements(layout.elements, refs, ("elements",))
        _check_shapes(layout.frame, layout.elements, report_here)


def _check_shapes(
    frame: Sequence[ElementBox], elements: Sequence[ElementBox], report: Callable[[Loc, str], None]
) -> None:
    """A layout whose every face would draw more shapes than a face may is refused at load,
    at the element drawing the most of them."""
    counted = [
        ((part, i, box.kind), n)
        for part, boxes in (("frame", frame), ("elements", elements))
        for i, (box, n) in enumerate(zip(boxes, least_shapes(boxes), strict=True))
    ]
    total = sum(n for _, n in counted)
    if total > MAX_SHAPES_PER_FACE:
        at, most = max(counted, key=lambda c: c[1])
        report(
            at,
            f"every face drawn with this layout draws at least {total:,} shapes ({most:,} "
            f"here), more than the {MAX_SHAPES_PER_FACE:,} a face may (a repeat inside a "
            "repeat?)",
        )


def layout_users(game: GameEntries) -> dict[str, tuple[frozenset[str], dict[str, tuple[Any, ...]]]]:
    """For each layout used by a component: the values its users hand it (face_values.py),
    and the values a field declared as a list may take (across every deck using it)."""
    found: dict[str, tuple[set[str], dict[str, list[Any]]]] = {}

    def use(layout: str | None, kind: str, extra: Any = (), fields: Any = None) -> None:
        if layout is None:
            return
        values, allowed = found.setdefault(layout, (set(EVERYWHERE), {}))
        values |= {k for k in FACE_VALUES[kind] if k != "*"} | set(extra)
        for name, spec in (fields or {}).items():
            choices = allowed.setdefault(name, [])
            choices += spec if isinstance(spec, list) else [_ANY]

    for deck in game.decks:
        use(deck.layout, "card", deck.fields, deck.fields)
        use(deck.back, "back")
    for die in game.dice:
        use(die.layout, "die face")
    for sheet in game.sheets:
        use(sheet.layout, "sheet", sheet.data)
    for token in game.tokens:
        use(token.layout, "token", token.data)
        use(token.back, "back")
    for board in game.boards:
        use(board.layout, "board", board.data)
    return {
        name: (
            frozenset(values),
            {k: tuple(dict.fromkeys(v)) for k, v in allowed.items() if _ANY not in v},
        )
        for name, (values, allowed) in found.items()
    }


_ANY = object()  # a field of a type, not a list of values: any value may match


def _style_line(game: GameEntries, docs: dict[str, Document], loc: Loc) -> tuple[str, int | None]:
    """The file and line that define a style entry: a game file, else one in `_shared/`."""
    for doc in docs.values():
        if loc in doc.lines:
            return doc.display, doc.lines[loc]
    shared = game.folder.parent / SHARED
    for path in sorted(shared.glob("*.yaml")):
        try:
            doc = load_document(path)
        except InputError:
            continue
        if loc in doc.lines:
            return doc.display, doc.lines[loc]
    src = game.sources.get("style", game.sources["game"])
    return src.file, src.line


def _check_size(game: GameEntries, key: str, size: Any, report: Any) -> None:
    if isinstance(size, str) and size not in game.presets.sizes:
        known = ", ".join(sorted(game.presets.sizes))
        report(
            key, ("size",), f"unknown size {size!r} (expected one of: {known}, or [width, height])"
        )


def _check_scan_marker(game: GameEntries, deck: Any, layout: str, report: Any) -> None:
    """A layout's card marker (`scan_marker: [x, y]`, print.yaml `scan_card_marker` mm, a
    white margin of one of its six cells round it) lies in the safe area of every deck's card
    drawn with it (print.yaml `mark_inset` inside the trim)."""
    at = game.layouts[layout].scan_marker
    size = game.presets.sizes.get(deck.size) if isinstance(deck.size, str) else deck.size
    if at is None or size is None:
        return
    side, safe = game.presets.print.scan_card_marker, game.presets.print.mark_inset
    margin = side / 6
    if any(
        low - margin < safe or low + side + margin > extent - safe
        for low, extent in zip(at, size, strict=True)
    ):
        report(
            f"layout:{layout}",
            ("scan_marker",),
            f"the card marker at [{at[0]:g}, {at[1]:g}] ({side:g} mm, its white margin "
            f"{margin:.2g} mm) leaves the safe area of deck {deck.id}'s {size[0]:g} x "
            f"{size[1]:g} mm cards ({safe:g} mm inside the trim)",
        )


FIELD_TYPES: dict[str, type | tuple[type, ...]] = {
    "text": str,
    "integer": int,
    "number": (int, float),
    "list": list,
    "boolean": bool,
}


def _check_card_fields(
    game: GameEntries,
    deck: DeckEntry,
    field_schemas: dict[str, Any],
    docs: dict[str, Document],
    problems: Problems,
) -> None:
    """Card fields must be declared by the deck, with the declared type, values or schema. A
    declaration every card contradicts is the mistake: reported once, at `fields:`."""
    deck_src = game.sources[f"decks:{deck.id}"]

    def at_fields(name: str, message: str) -> None:
        loc = (*deck_src.loc, "fields", name)
        problems.add(deck_src.file, docs[deck_src.file].line_of(loc), format_loc(loc), message)

    def at_card(card_id: str, name: str, message: str) -> None:
        src = game.sources[f"card:{card_id}"]
        loc = (*src.loc, name)
        problems.add(
            src.file, docs[src.file].line_of(loc), format_loc(loc), f"card {card_id}: {message}"
        )

    known_types = ", ".join([*FIELD_TYPES, *field_schemas])
    for name, declared_type in deck.fields.items():
        if (
            isinstance(declared_type, str)
            and declared_type not in FIELD_TYPES
            and declared_type not in field_schemas
        ):
            at_fields(
                name,
                f"unknown field type {declared_type!r} (expected one of: "
                f"{known_types}, or a list of values)",
            )
    wrong_type: dict[str, list[tuple[str, Any]]] = {}
    given: dict[str, int] = {}
    for card in deck.cards:
        src = game.sources.get(f"card:{card.id}")
        if src is None:
            continue
        for name, value in (card.model_extra or {}).items():
            spec = deck.fields.get(name)
            given[name] = given.get(name, 0) + 1
            if spec is None:
                declared = ", ".join(sorted(deck.fields)) or "none"
                at_card(
                    card.id,
                    name,
                    f"field not declared in the deck's `fields` (declared: {declared})",
                )
            elif isinstance(spec, list):
                if value not in spec:
                    at_card(
                        card.id,
                        name,
                        f"unknown value {value!r} (expected one of: {', '.join(map(str, spec))})",
                    )
            elif spec in field_schemas:
                schema, at = field_schemas[spec], (*src.loc, name)
                check = partial(validate, schema, docs[src.file], at)
                _, errors = guest(game.info.id, f"field schema {spec!r}", schema, check)
                for error in errors:
                    problems.add(
                        error.file, error.line, error.field, f"card {card.id}: {error.message}"
                    )
            elif spec in FIELD_TYPES:
                kind = FIELD_TYPES[spec]
                if not isinstance(value, kind) or (spec != "boolean" and isinstance(value, bool)):
                    wrong_type.setdefault(name, []).append((card.id, value))
    for name, wrong in wrong_type.items():
        spec = deck.fields[name]
        if len(wrong) > 1 and len(wrong) == given[name]:
            shown = ", ".join(f"{card_id}: {value!r}" for card_id, value in wrong[:3])
            at_fields(
                name,
                f"declared {spec}, but every card gives something else "
                f"({shown}{', ...' if len(wrong) > 3 else ''})",
            )
            continue
        for card_id, value in wrong:
            at_card(card_id, name, f"expected {spec}, got {value!r}")
