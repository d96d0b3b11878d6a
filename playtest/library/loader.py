"""The one loader for `components/`: every file parsed safely, every schema checked, every
reference between files resolved, and all problems reported together.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from playtest import resolve
from playtest.components import SHARED, default_root
from playtest.core.errors import InputError, Problem, Problems
from playtest.core.game_ids import canonical_id, unknown_game
from playtest.core.input_files import check_inside, display_path, read_bounded
from playtest.core.limits import MAX_DECK_CARDS
from playtest.core.validation import validate
from playtest.core.yamlsource import MAX_BYTES, Document, Loc, format_loc, parse_document
from playtest.expr.plan import compile_plan
from playtest.layout.style import Style
from playtest.library.fields import fields_by_id
from playtest.library.references import check_references
from playtest.library.registry import GameRegistration, guest, registration
from playtest.library.salvage import Broken, salvage
from playtest.model.components import Card, GameInfo
from playtest.model.game import Game, GameEntries, GameFile, SharedFile, Source
from playtest.model.presets import PRINT_FALLBACK, Presets, Print
from playtest.model.reference import Reference

KINDS = ("decks", "dice", "sheets", "tokens", "boards")


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
    def declared_scored_in_yaml(self) -> list[str]:
        """The games whose folder declares `scoring:` or `checks:`, read once (not loaded:
        whether that YAML is right is said when the game loads); none when the folder cannot
        be read (its own error is said where the games are loaded)."""
        try:
            return [g for g in self.game_ids if _declares_scoring(self.root / g)]
        except InputError:
            return []

    @cached_property
    def shared(self) -> tuple[Presets, dict[str, Any], dict[str, Path], dict[str, Path]]:
        return _load_shared(self.root / SHARED)

    def game_id(self, typed: str) -> str:
        """The id of the game `typed` names, in any case (`My-Game`); an unknown one is
        an InputError with the near miss, or how to use a folder of one's own."""
        found = canonical_id(typed, self.game_ids)
        if found is None:
            raise unknown_game(typed, self.game_ids, installed=self.root == default_root())
        return found

    def game(self, game_id: str) -> Game:
        if game_id not in self._games:
            game_id = self.game_id(game_id)
        if game_id not in self._games:
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


def _declares_scoring(folder: Path) -> bool:
    """Whether a game folder (loaded or not) means to be scored in YAML. A file that cannot be
    read (a FIFO, a device, a link out of the folder) is passed over here: loading the game
    says what is wrong with it."""
    found = re.compile(rb"^(scoring|checks):", re.MULTILINE)
    try:
        files = sorted(folder.glob("*.yaml"))
    except OSError:
        return False
    for path in files:
        try:
            check_inside(path, folder)
            if found.search(read_bounded(path, MAX_BYTES)):
                return True
        except InputError:
            continue
    return False


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
        "print": None,
        "net": None,
        "advice": {},
    }
    installed = folder.resolve() == (default_root() / SHARED).resolve()
    # the print settings as written, each file's over the earlier ones' and, in a designer's
    # own folder, over the installed print.yaml's: Python holds none of them
    settings: dict[str, Any] = {} if installed else installed_print()
    style: dict[str, Any] = {}
    for path in _yaml_files(folder):
        try:
            doc, part, errors = _read_valid(path, SharedFile)
        except InputError as exc:  # reported with the other files' problems
            problems.extend(exc.problems)
            continue
        problems.extend(errors)
        if part is None:
            continue
        merged["papers"].update(part.papers or {})
        merged["sizes"].update(part.sizes or {})
        merged["templates"].extend(part.templates or [])
        if part.print is not None:
            merged["print"], errors = validate(Print, doc, ("print",), {PRINT_FALLBACK: settings})
            problems.extend(errors)
            settings = {**settings, **part.print}
        if part.net is not None:
            merged["net"] = part.net
        merged["advice"].update(part.advice or {})
        if part.style:
            _, errors = validate(Style, doc, ("style",))
            problems.extend(errors)
            style = _merge_style(style, part.style)
    if merged["print"] is None and not problems:
        if not settings:
            raise InputError.one(
                display_path(folder), None, "print", "missing (the print settings: print.yaml)"
            )
        merged["print"] = Print.model_validate(settings)  # the installed ones, checked there
    problems.raise_if_any()
    presets = Presets(**merged)
    return presets, style, _svg_files(folder / "icons"), _font_files(folder / "fonts")


def installed_print() -> dict[str, Any]:
    """The print settings of the installed `components/_shared/`, as written there (that
    folder is checked whole first): what a key a designer's own print.yaml leaves out takes."""
    folder = default_root() / SHARED
    _load_shared(folder)  # a broken installation is said at its own lines
    settings: dict[str, Any] = {}
    for path in _yaml_files(folder):
        data = _read_valid(path, SharedFile)[0].data
        if isinstance(data, dict) and isinstance(data.get("print"), dict):
            settings.update(data["print"])
    return settings


M = TypeVar("M", bound=BaseModel)
# Files read and checked before in this process, by their bytes: `playtest build --watch`
# loads the game again after each save, and all its files but the one saved are unchanged.
# What is kept is never changed by its users: schemas are frozen models, a document's data is
# only read. A file that cannot be read or parsed is not kept (it is said again each time).
_READ: dict[tuple[bytes, str, str, type], tuple[Document, Any, list[Problem]]] = {}
_READ_MAX = 256  # files kept, at most (a components folder's: a few dozen)


def _read_valid(path: Path, model: type[M]) -> tuple[Document, M | None, list[Problem]]:
    """The document at `path` and its data checked against `model` (None with the problems
    when it fails; None without any for an empty document)."""
    raw = read_bounded(path, MAX_BYTES)
    shown = display_path(path)
    key = (hashlib.sha256(raw).digest(), str(path), shown, model)
    known = _READ.pop(key, None)
    if known is not None:
        _READ[key] = known  # the newest again: the files of the game being loaded stay
        return known
    doc = _PARSED.get(key[:3]) or parse_document(raw, path, shown)
    part, errors = validate(model, doc) if doc.data is not None else (None, [])
    if len(_READ) >= _READ_MAX:
        # the oldest goes, not all: a kit's cache keeps what this load read (parsed_documents)
        del _READ[next(iter(_READ))]
    _READ[key] = (doc, part, errors)
    return doc, part, errors


# Documents parsed by an earlier process (a kit's cache keeps its game's: generator/kit/cache.py),
# by the same key without the model: a document is plain data, checked again when it is taken.
DocKey = tuple[bytes, str, str]
_PARSED: dict[DocKey, Document] = {}


def source_folders(game_folder: Path) -> list[Path]:
    """The folders a game's load reads: its own, its components folder's `_shared/` and the
    installed `_shared/`, whose print settings fill what a designer's own leave out."""
    return [game_folder, game_folder.parent / SHARED, default_root() / SHARED]


def parsed_documents(folders: list[Path]) -> dict[DocKey, Document]:
    """The documents this process read in `folders` (a game's and `_shared/`), by their key."""
    inside = tuple(f"{folder}{os.sep}" for folder in folders)
    return {key[:3]: doc for key, (doc, _, _) in _READ.items() if key[1].startswith(inside)}


def know_documents(documents: dict[DocKey, Document]) -> None:
    """Documents parsed before, taken instead of parsing a file of the same bytes again."""
    if len(_PARSED) + len(documents) > _READ_MAX:
        _PARSED.clear()
    _PARSED.update(documents)


def _merge_style(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


def _game_files(
    folder: Path, problems: Problems, broken: Broken
) -> list[tuple[Document, GameFile]]:
    """Every file of the game, checked against its schema; a file that fails keeps the entries
    that are valid on their own (for the cross-file checks) and names the broken ones."""
    parts: list[tuple[Document, GameFile]] = []
    for path in _yaml_files(folder):
        try:
            doc, part, errors = _read_valid(path, GameFile)
        except InputError as exc:
            problems.extend(exc.problems)
            broken.everything()
            continue
        if doc.data is None:
            continue
        problems.extend(errors)
        parts.append((doc, part if part is not None else salvage(doc, broken)))
    return parts


def _load_game(folder: Path, shared: tuple) -> Game:
    presets, shared_style, shared_icons, shared_fonts = shared
    problems = Problems()
    broken = Broken()
    parts = _game_files(folder, problems, broken)
    written = _collect(folder, parts, shared_style, problems, broken)
    info = written.game_info
    code = registration(info.id)  # the game's own parts (none for a game of YAML only)
    rules = _typed_rules(written, code, problems, broken)
    style = _style(written, problems, broken)
    rules_data = rules.model_dump(mode="json") if isinstance(rules, BaseModel) else rules
    counts = _counts(written, rules_data, problems, broken)
    fonts = {**shared_fonts, **_font_files(folder / "fonts")}
    entries = GameEntries(
        info=info,
        folder=folder,
        style=style,
        presets=presets,
        layouts=written.layouts,
        decks=tuple(written.items["decks"]),
        dice=tuple(written.items["dice"]),
        sheets=tuple(written.items["sheets"]),
        tokens=tuple(written.items["tokens"]),
        boards=tuple(written.items["boards"]),
        icons={**shared_icons, **_svg_files(folder / "icons")},
        sources=written.sources,
    )
    field_schemas = dict(code.field_schemas) if code else {}
    docs = {doc.display: doc for doc, _ in parts}
    check_references(entries, fonts, field_schemas, docs, problems, broken)
    problems.raise_if_any()  # resolving and the rules checks below need every file valid
    game = _resolved(entries, rules, rules_data, counts, written.reference)
    game = _with_game_code(game, code, problems)
    return _with_scoring(game, parts)


@dataclass
class _Written:
    """What a game's files say, gathered file by file: each block once, each id once."""

    folder: Path
    problems: Problems
    style_raw: dict[str, Any]
    info: GameInfo | None = None
    rules_doc: Document | None = None
    rules_raw: dict[str, Any] = field(default_factory=dict)
    reference: Reference | None = None
    layouts: dict[str, Any] = field(default_factory=dict)
    items: dict[str, list[Any]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    sources: dict[str, Source] = field(default_factory=dict)
    claimed: dict[str, str] = field(default_factory=dict)  # case-folded key -> first spelling

    def where(self, doc: Document, loc: Loc) -> Source:
        return Source(doc.display, doc.line_of(loc), format_loc(loc), loc)

    def claim(self, key: str, doc: Document, loc: Loc) -> bool:
        """Whether `key` (`kind:id`) is defined here first; a second definition is reported.
        Ids are read in any case (records type them so), so two that differ only in case
        clash."""
        first_key = self.claimed.setdefault(key.casefold(), key)
        if first_key != key or key in self.sources:
            first = self.sources[first_key]
            name, first_name = key.split(":", 1)[1], first_key.split(":", 1)[1]
            at = f"{first.file}:{first.line}"
            self.problems.add(
                doc.display,
                doc.line_of(loc),
                format_loc(loc),
                f"{name!r} is already defined at {at}"
                if name == first_name
                else f"{name!r} differs only in case from {first_name!r} at {at} "
                "(ids are read in any case)",
            )
            return False
        self.sources[key] = self.where(doc, loc)
        return True

    @property
    def game_info(self) -> GameInfo:
        assert self.info is not None, "_collect fills in the game's info"
        return self.info

    def second_block(self, doc: Document, key: str, what: str) -> None:
        self.problems.add(doc.display, doc.line_of((key,)), key, f"second `{what}` block")


def _collect(
    folder: Path,
    parts: list[tuple[Document, GameFile]],
    shared_style: dict[str, Any],
    problems: Problems,
    broken: Broken,
) -> _Written:
    written = _Written(folder, problems, shared_style)
    for doc, part in parts:
        _take_game(written, doc, part)
        _take_rules(written, doc, part)
        _take_reference(written, doc, part)
        _take_style(written, doc, part, broken)
        _take_named(written, doc, part)
    if written.info is None:
        _no_game_block(written, broken)
    return written


def _take_game(written: _Written, doc: Document, part: GameFile) -> None:
    if part.game is None:
        return
    if written.info is not None:
        written.second_block(doc, "game", "game:")
    info = written.info = part.game
    written.sources["game"] = written.where(doc, ("game",))
    if info.id != written.folder.name:  # `build GAME` names the folder, a record the id
        written.problems.add(
            doc.display,
            doc.line_of(("game", "id")),
            "game.id",
            f"{info.id!r} is not the name of its folder, {written.folder.name!r} "
            "(a game's id and its folder's name are the same)",
        )


def _take_rules(written: _Written, doc: Document, part: GameFile) -> None:
    if part.rules is None:
        return
    if written.rules_doc is not None:
        written.second_block(doc, "rules", "rules:")
    written.rules_doc, written.rules_raw = doc, part.rules


def _take_reference(written: _Written, doc: Document, part: GameFile) -> None:
    if part.reference is None:
        return
    if written.reference is not None:
        written.second_block(doc, "reference", "reference:")
    reference = written.reference = part.reference
    written.sources["reference"] = written.where(doc, ("reference",))
    for s, section in enumerate(reference.sections):  # each paragraph's own line
        for n in range(len(section.lines)):
            loc = ("reference", "sections", s, "lines", n)
            written.sources[f"reference:{s}:{n}"] = written.where(doc, loc)


def _take_style(written: _Written, doc: Document, part: GameFile, broken: Broken) -> None:
    if not part.style:
        return
    _, errors = validate(Style, doc, ("style",))
    written.problems.extend(errors)
    if errors:  # its colours, fonts and text styles are unknown
        broken.add("colour")
    written.style_raw = _merge_style(written.style_raw, part.style)
    written.sources.setdefault("style", written.where(doc, ("style",)))


def _take_named(written: _Written, doc: Document, part: GameFile) -> None:
    """Layouts, components and cards, each id claimed where it is first defined."""
    for name, layout in part.layouts.items():
        if written.claim(f"layout:{name}", doc, ("layouts", name)):
            written.layouts[name] = layout
    for kind in KINDS:
        for index, item in enumerate(getattr(part, kind)):
            if not written.claim(f"{kind}:{item.id}", doc, (kind, index)):
                continue
            written.items[kind].append(item)
            if kind == "decks":  # a card's id is claimed for its line; nothing else to keep
                for c, card in enumerate(item.cards):
                    written.claim(f"card:{card.id}", doc, (kind, index, "cards", c))
                _deck_total(item.cards, doc, (kind, index, "cards"), written.problems)


def _no_game_block(written: _Written, broken: Broken) -> None:
    """A folder without `game:`: reported once, and a stand-in so the other checks run."""
    folder = written.folder
    if not broken.unknown("option"):  # else its `game:` block is broken, and reported
        written.problems.add(
            str(folder / "game.yaml"), None, "game", "no `game:` block in the folder"
        )
    broken.add("option")
    written.info = GameInfo.model_construct(id=folder.name, name=folder.name, players=(1, 20))
    written.sources["game"] = Source(str(folder / "game.yaml"), None, "game")


def _typed_rules(
    written: _Written, code: GameRegistration | None, problems: Problems, broken: Broken
) -> Any:
    """The `rules:` block read with the game's schema, or as plain data without one."""
    schema = code.rules if code else None
    if schema is None:
        return written.rules_raw
    if written.rules_doc is None:
        if not broken.unknown("rules"):  # else the block is there, broken, and reported
            problems.add(
                written.sources["game"].file, None, "rules", "no `rules:` block for this game"
            )
        broken.add("rules")
        return written.rules_raw
    doc = written.rules_doc
    rules, errors = guest(
        written.game_info.id, "rules schema", schema, lambda: validate(schema, doc, ("rules",))
    )
    problems.extend(errors)
    if errors:
        broken.add("rules")
    return rules


def _style(written: _Written, problems: Problems, broken: Broken) -> Style:
    try:
        return Style.model_validate(written.style_raw)
    except Exception as exc:
        if not broken.unknown("colour"):  # else its errors are reported at their lines
            src = written.sources.get("style", written.sources["game"])
            problems.add(src.file, src.line, "style", f"invalid style: {_first_error(exc)}")
        broken.add("colour")
        return Style()


def _counts(
    written: _Written, rules_data: Any, problems: Problems, broken: Broken
) -> dict[str, int]:
    """The dice's and tokens' counts, which may name a number of the rules."""
    # counts may read valid rules only (else they are left 0: the load fails anyway)
    readable = rules_data if isinstance(rules_data, dict) and not broken.unknown("rules") else None
    return {
        f"{kind}:{item.id}": _count(
            item.count, readable, written.sources[f"{kind}:{item.id}"], problems
        )
        for kind in ("dice", "tokens")
        for item in written.items[kind]
    }


def _resolved(
    entries: GameEntries,
    rules: Any,
    rules_data: Any,
    counts: dict[str, int],
    reference: Reference | None,
) -> Game:
    """The game with every component resolved (sizes in mm, counts as numbers)."""
    sizes = entries.presets.sizes
    return Game(
        info=entries.info,
        folder=entries.folder,
        rules=rules,
        rules_data=rules_data,
        style=entries.style,
        presets=entries.presets,
        layouts=entries.layouts,
        decks=tuple(resolve.deck(d, sizes) for d in entries.decks),
        dice=tuple(resolve.die(d, counts[f"dice:{d.id}"]) for d in entries.dice),
        sheets=tuple(resolve.sheet(s, sizes) for s in entries.sheets),
        tokens=tuple(resolve.token(t, sizes, counts[f"tokens:{t.id}"]) for t in entries.tokens),
        boards=tuple(resolve.board(b) for b in entries.boards),
        icons=entries.icons,
        sources=entries.sources,
        reference=reference,
    )


def _with_game_code(game: Game, code: GameRegistration | None, problems: Problems) -> Game:
    """The game's own consistency checks across files (e.g. card counts against its rules),
    then its catalogue, built once: every record scored shares it."""
    if code and code.check is not None:
        check = code.check
        problems.extend(guest(code.id, "check", check, lambda: list(check(game))))
        problems.raise_if_any()
    if code and code.catalogue is not None:
        make = code.catalogue
        game = replace(game, catalogue=guest(code.id, "catalogue", make, lambda: make(game)))
    return game


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
    scoring_doc, written = scoring[0] if scoring else (None, None)
    checks_doc, listed = checks[0] if checks else (None, [])
    rules = game.rules_data if isinstance(game.rules_data, dict) else {}
    plan = compile_plan(
        fields_by_id(game), rules, game.id, written, listed, scoring_doc, checks_doc
    )
    return replace(game, scoring=plan)


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
