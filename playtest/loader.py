"""The one loader for `components/`: every file parsed safely, every schema checked, every
reference between files resolved, and all problems reported together.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from playtest import resolve
from playtest.errors import InputError, Problems
from playtest.limits import MAX_DECK_CARDS
from playtest.model.components import Card, GameInfo
from playtest.model.game import Game, GameEntries, GameFile, SharedFile, Source
from playtest.model.presets import Presets, Print
from playtest.model.style import Style
from playtest.references import check_references
from playtest.registry import registration
from playtest.safe_files import check_inside, display_path
from playtest.salvage import Broken, salvage
from playtest.validation import validate
from playtest.yamlsource import Document, Loc, format_loc, load_document

SHARED = "_shared"
KINDS = ("decks", "dice", "sheets", "tokens", "boards")


def default_root() -> Path:
    from playtest import components

    return components.ROOT


@dataclass
class Library:
    """All games under one components folder; each game is loaded when first asked for."""

    root: Path
    _games: dict[str, Game] = field(default_factory=dict)

    @cached_property
    def game_ids(self) -> list[str]:
        check_components_folder(self.root)
        return _game_folders(self.root)

    @cached_property
    def shared(self) -> tuple[Presets, dict[str, Any], dict[str, Path], dict[str, Path]]:
        return _load_shared(self.root / SHARED)

    def game(self, game_id: str) -> Game:
        if game_id not in self._games:
            if game_id not in self.game_ids:
                known = ", ".join(self.game_ids) or "none"
                raise InputError.one(
                    "playtest", None, "game", f"unknown game {game_id!r} (expected one of: {known})"
                )
            try:
                shared = self.shared
            except InputError as exc:  # report the game's own schema errors with these
                problems = Problems()
                problems.extend(exc.problems)
                _game_files(self.root / game_id, problems, Broken())
                problems.raise_if_any()
                raise
            self._games[game_id] = _load_game(self.root / game_id, shared)
        return self._games[game_id]


def load_library(root: Path | None = None) -> Library:
    return Library(Path(root) if root else default_root())


def _entries(folder: Path) -> list[Path]:
    try:
        return sorted(folder.iterdir())
    except OSError as exc:
        raise InputError.one(
            display_path(folder), None, "", f"cannot read folder ({exc.strerror})"
        ) from None


FOLDER_NEEDS = (
    "a components folder holds `_shared/` (style.yaml, print.yaml, fonts/) and one "
    "folder per game with a game.yaml"
)


def _game_folders(root: Path) -> list[str]:
    found = []
    for folder in _entries(root):
        if folder.name.startswith((".", "_")):
            continue
        try:
            if (folder / "game.yaml").exists():
                found.append(folder.name)
        except OSError as exc:
            raise InputError.one(
                display_path(folder), None, "", f"cannot read folder ({exc.strerror})"
            ) from None
    return sorted(found)


def check_components_folder(root: Path) -> None:
    """A folder that is not a components folder is one clear error, never silence or a flood
    of errors that never say what is missing."""
    shown = str(root)
    if not root.is_dir():
        raise InputError.one(
            shown, None, "--components", f"components folder not found ({FOLDER_NEEDS})"
        )
    if (root / "game.yaml").exists():
        raise InputError.one(
            shown,
            None,
            "--components",
            f"this is a game folder; pass the folder that holds it, "
            f"{root.resolve().parent} ({FOLDER_NEEDS})",
        )
    if not (root / SHARED).is_dir():
        raise InputError.one(
            shown,
            None,
            "--components",
            f"no `_shared/` folder here ({FOLDER_NEEDS}; copy `_shared/` "
            "from the installed components or run `playtest new`)",
        )
    if not _game_folders(root):
        raise InputError.one(
            shown,
            None,
            "--components",
            f"no game here ({FOLDER_NEEDS}; `playtest new GAME` writes one)",
        )


def _listed(folder: Path, pattern: str) -> list[Path]:
    """The files of `folder` matching `pattern`, each checked to stay inside the components
    folder (`folder.parent`, or the folder above it for icons/ and fonts/)."""
    try:
        if not folder.is_dir():
            return []
        os.listdir(folder)  # glob would hide an unreadable folder; say so instead
        found = sorted(folder.glob(pattern))
    except OSError as exc:
        raise InputError.one(
            display_path(folder), None, "", f"cannot read folder ({exc.strerror})"
        ) from None
    root = folder.parent.parent if folder.name in ("icons", "fonts") else folder.parent
    for path in found:
        check_inside(path, root)
    return found


def _yaml_files(folder: Path) -> list[Path]:
    return [p for p in _listed(folder, "*.yaml") if not p.is_dir()]


def _svg_files(folder: Path) -> dict[str, Path]:
    return {p.stem: p for p in _listed(folder, "*.svg")}


def _font_files(folder: Path) -> dict[str, Path]:
    return {p.name: p for p in _listed(folder, "*.ttf")}


def _load_shared(folder: Path) -> tuple[Presets, dict[str, Any], dict[str, Path], dict[str, Path]]:
    problems = Problems()
    merged: dict[str, Any] = {
        "papers": {},
        "sizes": {},
        "templates": [],
        "print": Print(),
        "net": None,
        "advice": {},
    }
    style: dict[str, Any] = {}
    for path in _yaml_files(folder):
        try:
            doc = load_document(path)
        except InputError as exc:  # reported with the other files' problems
            problems.extend(exc.problems)
            continue
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
        merged["advice"].update(part.advice or {})
        if part.style:
            _, errors = validate(Style, doc, ("style",))
            problems.extend(errors)
            style = _merge_style(style, part.style)
    problems.raise_if_any()
    presets = Presets(**merged)
    return presets, style, _svg_files(folder / "icons"), _font_files(folder / "fonts")


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
    broken = Broken()
    parts = _game_files(folder, problems, broken)
    return _assemble(
        folder, parts, presets, shared_style, shared_icons, shared_fonts, problems, broken
    )


def _game_files(
    folder: Path, problems: Problems, broken: Broken
) -> list[tuple[Document, GameFile]]:
    """Every file of the game, checked against its schema; a file that fails keeps the entries
    that are valid on their own (for the cross-file checks) and names the broken ones."""
    parts: list[tuple[Document, GameFile]] = []
    for path in _yaml_files(folder):
        try:
            doc = load_document(path)
        except InputError as exc:
            problems.extend(exc.problems)
            broken.everything()
            continue
        if doc.data is None:
            continue
        part, errors = validate(GameFile, doc)
        problems.extend(errors)
        parts.append((doc, part if part is not None else salvage(doc, broken)))
    return parts


def _assemble(
    folder: Path,
    parts: list[tuple[Document, GameFile]],
    presets: Presets,
    shared_style: dict[str, Any],
    shared_icons: dict[str, Path],
    shared_fonts: dict[str, Path],
    problems: Problems,
    broken: Broken,
) -> Game:
    info = rules_doc = None
    reference = None
    rules_raw: dict[str, Any] = {}
    style_raw = shared_style
    layouts: dict[str, Any] = {}
    items: dict[str, list] = {kind: [] for kind in KINDS}
    sources: dict[str, Source] = {}

    docs = {doc.display: doc for doc, _ in parts}

    def where(doc: Document, loc: Loc) -> Source:
        return Source(doc.display, doc.line_of(loc), format_loc(loc), loc)

    claimed: dict[str, str] = {}  # case-folded key -> the key as first written

    def claim(key: str, doc: Document, loc: Loc) -> bool:
        # ids are read in any case (records type them so), so two that differ only in case clash
        first_key = claimed.setdefault(key.casefold(), key)
        if first_key != key or key in sources:
            first = sources[first_key]
            name, first_name = key.split(":", 1)[1], first_key.split(":", 1)[1]
            at = f"{first.file}:{first.line}"
            problems.add(
                doc.display,
                doc.line_of(loc),
                format_loc(loc),
                f"{name!r} is already defined at {at}"
                if name == first_name
                else f"{name!r} differs only in case from {first_name!r} at {at} "
                "(ids are read in any case)",
            )
            return False
        sources[key] = where(doc, loc)
        return True

    for doc, part in parts:
        if part.game is not None:
            if info is not None:
                problems.add(doc.display, doc.line_of(("game",)), "game", "second `game:` block")
            info = part.game
            sources["game"] = where(doc, ("game",))
            if info.id != folder.name:  # `build GAME` names the folder, a record the id
                problems.add(
                    doc.display,
                    doc.line_of(("game", "id")),
                    "game.id",
                    f"{info.id!r} is not the name of its folder, {folder.name!r} "
                    "(a game's id and its folder's name are the same)",
                )
        if part.rules is not None:
            if rules_doc is not None:
                problems.add(doc.display, doc.line_of(("rules",)), "rules", "second `rules:` block")
            rules_doc, rules_raw = doc, part.rules
        if part.reference is not None:
            if reference is not None:
                problems.add(
                    doc.display,
                    doc.line_of(("reference",)),
                    "reference",
                    "second `reference:` block",
                )
            reference = part.reference
            sources["reference"] = where(doc, ("reference",))
            for s, section in enumerate(reference.sections):  # each paragraph's own line
                for n in range(len(section.lines)):
                    loc = ("reference", "sections", s, "lines", n)
                    sources[f"reference:{s}:{n}"] = where(doc, loc)
        if part.style:
            _, errors = validate(Style, doc, ("style",))
            problems.extend(errors)
            if errors:  # its colours, fonts and text styles are unknown
                broken.add("colour")
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
                        _deck_total(item.cards, doc, (kind, index, "cards"), problems)
    if info is None:
        if not broken.unknown("option"):  # else its `game:` block is broken, and reported
            problems.add(str(folder / "game.yaml"), None, "game", "no `game:` block in the folder")
        broken.add("option")
        info = GameInfo.model_construct(id=folder.name, name=folder.name, players=(1, 20))
        sources["game"] = Source(str(folder / "game.yaml"), None, "game")

    rules: Any = rules_raw
    code = registration(info.id)  # the game's own parts (none for a game of YAML only)
    schema = code.rules if code else None
    field_schemas = dict(code.field_schemas) if code else {}
    if schema is not None:
        if rules_doc is None:
            if not broken.unknown("rules"):  # else the block is there, broken, and reported
                problems.add(sources["game"].file, None, "rules", "no `rules:` block for this game")
            broken.add("rules")
        else:
            rules, errors = validate(schema, rules_doc, ("rules",))
            problems.extend(errors)
            if errors:
                broken.add("rules")
    try:
        style = Style.model_validate(style_raw)
    except Exception as exc:
        style = Style()
        if not broken.unknown("colour"):  # else its errors are reported at their lines
            src = sources.get("style", sources["game"])
            problems.add(src.file, src.line, "style", f"invalid style: {_first_error(exc)}")
        broken.add("colour")

    rules_data = rules.model_dump(mode="json") if isinstance(rules, BaseModel) else rules
    # counts may read valid rules only (else they are left 0: the load fails anyway)
    readable = rules_data if isinstance(rules_data, dict) and not broken.unknown("rules") else None
    counts = {
        f"{kind}:{item.id}": _count(item.count, readable, sources[f"{kind}:{item.id}"], problems)
        for kind in ("dice", "tokens")
        for item in items[kind]
    }
    fonts = {**shared_fonts, **_font_files(folder / "fonts")}
    entries = GameEntries(
        info=info,
        folder=folder,
        style=style,
        presets=presets,
        layouts=layouts,
        decks=tuple(items["decks"]),
        dice=tuple(items["dice"]),
        sheets=tuple(items["sheets"]),
        tokens=tuple(items["tokens"]),
        boards=tuple(items["boards"]),
        icons={**shared_icons, **_svg_files(folder / "icons")},
        sources=sources,
    )
    check_references(entries, fonts, field_schemas, docs, problems, broken)
    problems.raise_if_any()  # resolving and the rules checks below need every file valid
    sizes = presets.sizes
    game = Game(
        info=info,
        folder=folder,
        rules=rules,
        rules_data=rules_data,
        style=style,
        presets=presets,
        layouts=layouts,
        decks=tuple(resolve.deck(d, sizes) for d in entries.decks),
        dice=tuple(resolve.die(d, counts[f"dice:{d.id}"]) for d in entries.dice),
        sheets=tuple(resolve.sheet(s, sizes) for s in entries.sheets),
        tokens=tuple(resolve.token(t, sizes, counts[f"tokens:{t.id}"]) for t in entries.tokens),
        boards=tuple(resolve.board(b) for b in entries.boards),
        icons=entries.icons,
        sources=sources,
        reference=reference,
    )
    # the game's own consistency checks across files (e.g. card counts against its rules)
    if code and code.check is not None:
        problems.extend(code.check(game))
        problems.raise_if_any()
    if code and code.catalogue is not None:  # built once: every record scored shares it
        game = replace(game, catalogue=code.catalogue(game))
    return _with_scoring(game, parts)


def _with_scoring(game: Game, parts: list[tuple[Document, GameFile]]) -> Game:
    """A game scored in YAML gets its `scoring:` and `checks:` compiled here, so a mistake in
    an expression is a load error at its line and column."""
    scoring = [(doc, part.scoring) for doc, part in parts if part.scoring is not None]
    checks = [(doc, part.checks) for doc, part in parts if part.checks]
    if not scoring and not checks:
        return game
    problems = Problems()
    for doc, _ in scoring[1:]:
        problems.add(doc.display, doc.line_of(("scoring",)), "scoring", "second `scoring:` block")
    for doc, _ in checks[1:]:
        problems.add(doc.display, doc.line_of(("checks",)), "checks", "second `checks:` list")
    problems.raise_if_any()
    from playtest.scoring_plan import compile_plan  # fields draw the sheets: only when needed

    scoring_doc, written = scoring[0] if scoring else (None, None)
    checks_doc, listed = checks[0] if checks else (None, [])
    return replace(game, scoring=compile_plan(game, written, listed, scoring_doc, checks_doc))


def _deck_total(cards: list[Card], doc: Document, loc: Loc, problems: Problems) -> None:
    """Every card's `count` is bounded, and so is what they add up to (a deck is printed)."""
    total = sum(card.count for card in cards)
    if total > MAX_DECK_CARDS:
        problems.add(
            doc.display,
            doc.line_of(loc),
            format_loc(loc),
            f"{total:,} cards, every card's count added (a deck holds at most {MAX_DECK_CARDS:,})",
        )


def _count(
    written: int | str, rules: dict[str, Any] | None, src: Source, problems: Problems
) -> int:
    number, wrong = resolve.count(written, rules)
    if wrong is not None:
        problems.add(src.file, src.line, f"{src.field}.count", wrong)
    return number


def _first_error(exc: Exception) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        err = errors()[0]
        return f"{format_loc(tuple(err['loc']))}: {err['msg']}"
    return str(exc)


def font_files(game: Game) -> dict[str, Path]:
    """Font key -> TTF path, from the game's fonts/ folder or _shared/fonts."""
    out: dict[str, Path] = {}
    for key, name in game.style.fonts.items():
        own = game.folder / "fonts" / name
        out[key] = own if own.is_file() else game.folder.parent / SHARED / "fonts" / name
    return out
