"""The one loader for `components/`: every file parsed safely, every schema checked, every
reference between files resolved, and all problems reported together.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from playtest.errors import InputError, Problems
from playtest.model.components import Deck
from playtest.model.elements import Element, element_body
from playtest.model.game import Game, GameFile, SharedFile, Source
from playtest.model.presets import Presets, Print, SheetTemplate
from playtest.model.rules import rules_modules
from playtest.model.style import Style
from playtest.validation import validate
from playtest.yamlsource import Document, Loc, format_loc, load_document

SHARED = "_shared"
KINDS = ("decks", "dice", "sheets", "tokens", "boards")


def default_root() -> Path:
    import components

    return components.ROOT


@dataclass
class Library:
    """All games under one components folder; each game is loaded when first asked for."""

    root: Path
    _games: dict[str, Game] = field(default_factory=dict)

    @cached_property
    def game_ids(self) -> list[str]:
        if not self.root.is_dir():
            raise InputError.one(str(self.root), None, "", "components folder not found")
        return sorted(p.name for p in self.root.iterdir()
                      if (p / "game.yaml").is_file() and not p.name.startswith((".", "_")))

    @cached_property
    def shared(self) -> tuple[Presets, dict[str, Any], dict[str, Path], dict[str, Path]]:
        return _load_shared(self.root / SHARED)

    def game(self, game_id: str) -> Game:
        if game_id not in self._games:
            if game_id not in self.game_ids:
                known = ", ".join(self.game_ids) or "none"
                raise InputError.one("playtest", None, "game",
                                     f"unknown game {game_id!r} (expected one of: {known})")
            self._games[game_id] = _load_game(self.root / game_id, self.shared)
        return self._games[game_id]


def load_library(root: Path | None = None) -> Library:
    return Library(Path(root) if root else default_root())


def _yaml_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.yaml") if p.is_file())


def _svg_files(folder: Path) -> dict[str, Path]:
    return {p.stem: p for p in sorted(folder.glob("*.svg"))} if folder.is_dir() else {}


def _load_shared(folder: Path) -> tuple[Presets, dict[str, Any], dict[str, Path], dict[str, Path]]:
    problems = Problems()
    merged: dict[str, Any] = {"papers": {}, "sizes": {}, "templates": [], "print": Print(),
                              "net": None}
    style: dict[str, Any] = {}
    for path in _yaml_files(folder):
        doc = load_document(path)
        part, errors = validate(SharedFile, doc)
        problems.extend(errors)
        if part is None:
            continue
        merged["papers"].update(part.papers or {})
        merged["sizes"].update(part.sizes or {})
        merged["templates"].extend(part.templates or [])
        if part.print is not None:
            merged["print"] = part.print
        if part.net is not None:
            merged["net"] = part.net
        if part.style:
            _, errors = validate(Style, doc, ("style",))
            problems.extend(errors)
            style = _merge_style(style, part.style)
    problems.raise_if_any()
    presets = Presets(**merged)
    fonts = {p.name: p for p in sorted((folder / "fonts").glob("*.ttf"))}
    return presets, style, _svg_files(folder / "icons"), fonts


def _merge_style(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


def _load_game(folder: Path, shared: tuple) -> Game:
    presets, shared_style, shared_icons, shared_fonts = shared
    problems = Problems()
    parts: list[tuple[Document, GameFile]] = []
    for path in _yaml_files(folder):
        try:
            doc = load_document(path)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        if doc.data is None:
            continue
        part, errors = validate(GameFile, doc)
        problems.extend(errors)
        if part is not None:
            parts.append((doc, part))
    problems.raise_if_any()
    return _assemble(folder, parts, presets, shared_style, shared_icons, shared_fonts)


def _assemble(folder: Path, parts: list[tuple[Document, GameFile]], presets: Presets,
              shared_style: dict[str, Any], shared_icons: dict[str, Path],
              shared_fonts: dict[str, Path]) -> Game:
    problems = Problems()
    info = rules_doc = None
    rules_raw: dict[str, Any] = {}
    style_raw = shared_style
    layouts: dict[str, Any] = {}
    items: dict[str, list] = {kind: [] for kind in KINDS}
    sources: dict[str, Source] = {}

    docs = {doc.display: doc for doc, _ in parts}

    def where(doc: Document, loc: Loc) -> Source:
        return Source(doc.display, doc.line_of(loc), format_loc(loc), loc)

    def claim(key: str, doc: Document, loc: Loc) -> bool:
        if key in sources:
            first = sources[key]
            name = key.split(":", 1)[1]
            problems.add(doc.display, doc.line_of(loc), format_loc(loc),
                         f"{name!r} is already defined at {first.file}:{first.line}")
            return False
        sources[key] = where(doc, loc)
        return True

    for doc, part in parts:
        if part.game is not None:
            if info is not None:
                problems.add(doc.display, doc.line_of(("game",)), "game", "second `game:` block")
            info = part.game
            sources["game"] = where(doc, ("game",))
        if part.rules is not None:
            if rules_doc is not None:
                problems.add(doc.display, doc.line_of(("rules",)), "rules", "second `rules:` block")
            rules_doc, rules_raw = doc, part.rules
        if part.style:
            _, errors = validate(Style, doc, ("style",))
            problems.extend(errors)
            style_raw = _merge_style(style_raw, part.style)
            sources.setdefault("style", where(doc, ("style",)))
        for name, layout in part.layouts.items():
            if claim(f"layout:{name}", doc, ("layouts", name)):
                layouts[name] = layout
        for kind in KINDS:
            for index, item in enumerate(getattr(part, kind)):
                if claim(f"{kind}:{item.id}", doc, (kind, index)):
                    items[kind].append(item)
                    if kind == "decks":
                        for c, card in enumerate(item.cards):
                            if claim(f"card:{card.id}", doc, (kind, index, "cards", c)):
                                pass
    if info is None:
        problems.add(str(folder / "game.yaml"), None, "game", "no `game:` block in the folder")
    problems.raise_if_any()  # reference checks below need whole, valid parts
    assert info is not None

    rules: Any = rules_raw
    module = rules_modules().get(info.id)
    schema = getattr(module, "Rules", None)
    field_schemas = getattr(module, "FIELD_SCHEMAS", {})
    if schema is not None:
        if rules_doc is None:
            problems.add(sources["game"].file, None, "rules", "no `rules:` block for this game")
        else:
            rules, errors = validate(schema, rules_doc, ("rules",))
            problems.extend(errors)
    try:
        style = Style.model_validate(style_raw)
    except Exception as exc:
        src = sources.get("style", sources["game"])
        style = Style()
        problems.add(src.file, src.line, "style", f"invalid style: {_first_error(exc)}")

    rules_data = rules.model_dump(mode="json") if isinstance(rules, BaseModel) else rules
    if isinstance(rules_data, dict) and not problems:  # counts may read valid rules only
        for kind in ("dice", "tokens"):
            items[kind] = [_resolve_count(item, rules_data, sources[f"{kind}:{item.id}"],
                                          problems) for item in items[kind]]
    icons = {**shared_icons, **_svg_files(folder / "icons")}
    fonts = {**shared_fonts, **{p.name: p for p in sorted((folder / "fonts").glob("*.ttf"))}}
    game = Game(
        info=info, folder=folder, rules=rules,
        rules_data=rules_data,
        style=style, presets=presets, layouts=layouts,
        decks=tuple(items["decks"]), dice=tuple(items["dice"]), sheets=tuple(items["sheets"]),
        tokens=tuple(items["tokens"]), boards=tuple(items["boards"]), icons=icons,
        sources=sources,
    )
    _check_references(game, fonts, field_schemas, docs, problems)
    problems.raise_if_any()
    # the game's own consistency checks across files (e.g. card counts against its rules)
    check = getattr(module, "check", None)
    if check is not None:
        problems.extend(check(game))
        problems.raise_if_any()
    return game


def _resolve_count(item: Any, rules: Any, src: Source, problems: Problems) -> Any:
    """A count written as `{rules.x.y}` takes that number from the rules."""
    if not isinstance(item.count, str):
        return item
    value: Any = rules
    for part in item.count[1:-1].split(".")[1:]:
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            problems.add(src.file, src.line, f"{src.field}.count",
                         f"{item.count} names nothing in the rules")
            return item.model_copy(update={"count": 0})
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100_000:
        problems.add(src.file, src.line, f"{src.field}.count",
                     f"{item.count} is {value!r}, not a number of copies")
        return item.model_copy(update={"count": 0})
    return item.model_copy(update={"count": value})


def _first_error(exc: Exception) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        err = errors()[0]
        return f"{format_loc(tuple(err['loc']))}: {err['msg']}"
    return str(exc)


def _check_references(game: Game, fonts: dict[str, Path], field_schemas: dict[str, Any],
                      docs: dict[str, Document], problems: Problems) -> None:
    """References between files: layouts, backs, sizes, icons, fonts, colours, text styles."""

    def report(key: str, suffix: str, message: str) -> None:
        src = game.sources[key]
        problems.add(src.file, src.line, f"{src.field}.{suffix}" if suffix else src.field, message)

    def expect(key: str, suffix: str, value: str | None, known: Any, what: str) -> None:
        if value is not None and value not in known:
            listed = ", ".join(sorted(known)) or "none"
            report(key, suffix, f"unknown {what} {value!r} (expected one of: {listed})")

    for key, path in game.style.fonts.items():
        if path not in fonts:
            report("style" if "style" in game.sources else "game", f"fonts.{key}",
                   f"font file {path!r} not found in _shared/fonts or the game's fonts/")
    for deck in game.decks:
        key = f"decks:{deck.id}"
        expect(key, "layout", deck.layout, game.layouts, "layout")
        expect(key, "back", deck.back, game.layouts, "layout")
        _check_size(game, key, deck.size, report)
        if deck.optional is not None:
            expect(key, "optional", deck.optional, game.info.options, "option")
        _check_card_fields(game, deck, field_schemas, docs, problems)
    for die in game.dice:
        key = f"dice:{die.id}"
        expect(key, "layout", die.layout, game.layouts, "layout")
        expect(key, "icon", die.icon, game.icons, "icon")
        for i, face in enumerate(die.faces):
            expect(key, f"faces[{i}].icon", face.icon, game.icons, "icon")
    sheet_ids = {s.id for s in game.sheets}
    for sheet in game.sheets:
        key = f"sheets:{sheet.id}"
        expect(key, "layout", sheet.layout, game.layouts, "layout")
        expect(key, "back", sheet.back, sheet_ids, "sheet")
        _check_size(game, key, sheet.size, report)
    for token in game.tokens:
        key = f"tokens:{token.id}"
        expect(key, "layout", token.layout, game.layouts, "layout")
        expect(key, "back", token.back, game.layouts, "layout")
        _check_size(game, key, token.size, report)
    for board in game.boards:
        expect(f"boards:{board.id}", "layout", board.layout, game.layouts, "layout")
    for name, layout in game.layouts.items():
        for part in ("frame", "elements"):
            _check_elements(game, f"layout:{name}", part, getattr(layout, part), report)


def _check_size(game: Game, key: str, size: Any, report: Any) -> None:
    if isinstance(size, str) and size not in game.presets.sizes:
        known = ", ".join(sorted(game.presets.sizes))
        report(key, "size", f"unknown size {size!r} (expected one of: {known}, or [width, height])")


FIELD_TYPES = {"text": str, "integer": int, "number": (int, float), "list": list, "boolean": bool}


def _check_card_fields(game: Game, deck: Deck, field_schemas: dict[str, Any],
                       docs: dict[str, Document], problems: Problems) -> None:
    """Card fields must be declared by the deck, with the declared type, values or schema."""
    for card in deck.cards:
        src = game.sources.get(f"card:{card.id}")
        if src is None:
            continue

        def report(name: str, message: str, src: Source = src, card_id: str = card.id) -> None:
            problems.add(src.file, src.line, f"{src.field}.{name}", f"card {card_id}: {message}")

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


def _is_template(value: Any) -> bool:
    return isinstance(value, str) and "{" in value


def _check_elements(game: Game, key: str, part: str, elements: list[Element], report: Any) -> None:
    colours = {*game.style.colours, "none"}
    for index, element in enumerate(elements):
        kind = next(iter(type(element).model_fields))
        body = element_body(element)
        here = f"{part}[{index}].{kind}"
        for attr in ("fill", "stroke", "colour"):
            value = getattr(body, attr, None)
            if isinstance(value, str) and not _is_template(value) and not value.startswith("#") \
                    and value not in colours:
                report(key, f"{here}.{attr}",
                       f"unknown colour {value!r} (expected a palette name, #rrggbb or none)")
        if kind == "icon" and not _is_template(body.name) and body.name not in game.icons:
            report(key, f"{here}.name", f"unknown icon {body.name!r} (no {body.name}.svg in "
                   "the game's icons/ or _shared/icons/)")
        if kind == "text":
            if body.style is not None and body.style not in game.style.text:
                known = ", ".join(sorted(game.style.text))
                report(key, f"{here}.style", f"unknown text style {body.style!r} "
                       f"(expected one of: {known})")
            if body.font is not None and body.font not in game.style.fonts:
                known = ", ".join(sorted(game.style.fonts))
                report(key, f"{here}.font",
                       f"unknown font {body.font!r} (expected one of: {known})")
        if kind in ("group", "repeat"):
            _check_elements(game, key, f"{here}.elements", body.elements, report)


def font_files(game: Game) -> dict[str, Path]:
    """Font key -> TTF path, from the game's fonts/ folder or _shared/fonts."""
    out: dict[str, Path] = {}
    for key, name in game.style.fonts.items():
        own = game.folder / "fonts" / name
        out[key] = own if own.is_file() else game.folder.parent / SHARED / "fonts" / name
    return out


def sheet_templates(game: Game) -> list[SheetTemplate]:
    return sorted(game.presets.templates, key=lambda t: -t.priority)
