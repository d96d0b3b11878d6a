"""What every renderer of one game needs: fonts, palette, icons as symbols, the bleed, and the
warnings it collects (text that had to overflow its box, for instance)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playtest.core.limits import MAX_SHAPES_PER_FACE
from playtest.drawing.model import RGB, Paint

if TYPE_CHECKING:  # fonts (reportlab) and icons are loaded when a kit is drawn, not to score
    from playtest.drawing.symbols import SymbolTable
    from playtest.generator.draw.fonts import FontSet
    from playtest.generator.render.memo import FaceMemo
    from playtest.generator.render.scan_marks import ScanMarks
    from playtest.model.game import Game


WarningLine = tuple[Hashable, str]  # (the key it is said once for, or None; the line)


@dataclass(frozen=True)
class Alike:
    """The `once` key of a warning that one element gives again and again with different
    values (each item of a repeat too small): said once, with how many more there were."""

    family: str  # the element's place, the component and the kind of warning
    once: Hashable = None  # the warning's own key, if it is said only once anyway


@dataclass
class WarningLog:
    """A build's warnings in order, each key said once. While a face is drawn its warnings are
    captured instead, kept with the face, and said when the face is placed: the same lines in
    the same order whether the face is drawn now or kept from an earlier build. Warnings
    `Alike` of one family are one line, which counts the others."""

    lines: list[str]
    seen: set[Hashable] = field(default_factory=set)
    capture: list[WarningLine] | None = None
    families: dict[str, tuple[int, str, int]] = field(default_factory=dict)  # line, text, more

    def add(self, once: Hashable, line: str) -> None:
        if self.capture is not None:
            self.capture.append((once, line))
            return
        own = once.once if isinstance(once, Alike) else once
        if own is not None:
            if own in self.seen:
                return
            self.seen.add(own)
        if isinstance(once, Alike):
            if once.family in self.families:
                index, first, more = self.families[once.family]
                self.families[once.family] = (index, first, more + 1)
                self.lines[index] = f"{first} (and {more + 1} more like it at this element)"
                return
            self.families[once.family] = (len(self.lines), line, 0)
        self.lines.append(line)

    def capturing(self) -> list[WarningLine]:
        """Start capturing (returns the previous capture, for `restore`)."""
        outer = self.capture
        self.capture = []
        return outer  # type: ignore[return-value]

    def restore(self, outer: list[WarningLine] | None) -> list[WarningLine]:
        captured = self.capture or []
        self.capture = outer
        return captured


class RenderError(Exception):
    """A layout cannot be drawn for a component; `where` says which element."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


def hex_rgb(value: str) -> RGB:
    return (int(value[1:3], 16) / 255, int(value[3:5], 16) / 255, int(value[5:7], 16) / 255)


@dataclass
class RenderEnv:
    game: Game
    fonts: FontSet
    symbols: SymbolTable
    bleed: float
    warnings: list[str] = field(default_factory=list)
    # the same text in the same box (a sheet printed full page and 2-up, a label on every
    # card) is laid out once: wrapping and shrinking to fit is the costly part of drawing
    # (layout/text.py: each box, once, and the texts laid out in it)
    text_cache: dict[Any, Any] = field(default_factory=dict)
    # each text element's settings, worked out once (by the element's id: kept with it)
    text_options: dict[int, Any] = field(default_factory=dict)
    taps: bool = False  # keep layout elements' `tap:` names (the web scorer's pictures)
    fields: bool = False  # keep layout elements' input fields (playtest/sheet_fields.py)
    component: str = ""  # the component being drawn, named in warnings
    # how much the face being drawn is scaled on paper (a 2-up pad, a dice sticker): text is
    # judged at its printed size
    print_scale: float = 1.0
    # what the face being drawn has checked already (a face is drawn on its own, so a face
    # kept from an earlier build warns as if drawn again: see WarningLog)
    text_checked: set[tuple] = field(default_factory=set)
    log: WarningLog | None = None  # shared by every env of one build (backs have their own)
    faces: FaceMemo | None = None  # faces drawn before, by what they are drawn from
    symbol_warnings: dict[str, tuple[WarningLine, ...]] = field(default_factory=dict)
    scan: ScanMarks | None = None  # print scan marks on sheets and opted-in cards
    # the colours painted so far, by what the layout says (`colour`); a wrong one is not kept
    _colours: dict[str, tuple[Paint]] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.log is None:
            self.log = WarningLog(self.warnings)

    def warn(
        self, where: str, message: str, once: Hashable = None, kind: str | None = None
    ) -> None:
        """A warning at the layout's line (`layouts.yaml:8: layouts.card.elements[1].text:`),
        naming the component being drawn; one with the same `once` key is said only once, and
        those of one `kind` at one element of one component are one line with a count."""
        from playtest.generator.render.places import layout_place  # places imports the model

        place = layout_place(self.game, where)
        at = f"{place[0]}:{place[1]}: {place[2]}" if place else where
        assert self.log is not None
        key = once if kind is None else Alike(f"{at}|{self.component}|{kind}", once)
        self.log.add(
            key, f"{at}: {self.component}: {message}" if self.component else f"{at}: {message}"
        )

    drawn: int = 0  # shapes of the face being drawn (render_face starts it at 0)

    def count_drawn(self, shapes: int, where: str) -> None:
        """Bound the whole face, not each repeat: a repeat of 3,000 holding a repeat of 1,000
        is within both their bounds and three million shapes."""
        self.drawn += shapes
        if self.drawn > MAX_SHAPES_PER_FACE:
            raise RenderError(
                where,
                f"the face draws more than {MAX_SHAPES_PER_FACE:,} shapes "
                "(a repeat inside a repeat?)",
            )

    def colour(self, value: object, where: str) -> Paint:
        if type(value) is str:  # a face paints the same few colours again and again
            known = self._colours.get(value)
            if known is None:
                known = self._colours[value] = (self._colour(value, where),)
            return known[0]
        return self._colour(value, where)

    def _colour(self, value: object, where: str) -> Paint:
        if value is None:
            return None
        if not isinstance(value, str):
            raise RenderError(where, f"expected a colour, got {value!r}")
        if value == "none":
            return None
        if value.startswith("#") and len(value) == 7:
            try:
                return hex_rgb(value)
            except ValueError:
                pass
        hex_value = self.game.style.colours.get(value)
        if hex_value is None:
            known = ", ".join(sorted(self.game.style.colours))
            raise RenderError(
                where, f"unknown colour {value!r} (expected #rrggbb, none or one of: {known})"
            )
        return hex_rgb(hex_value)

    def rgb(self, value: object, where: str) -> RGB | None:
        paint = self.colour(value, where)
        return paint if isinstance(paint, tuple) else None

    def icon_symbol(self, name: str) -> str | None:
        """The symbol id of icon `name` (loaded on first use), or None if there is no such icon."""
        path = self.game.icons.get(name)
        if path is None:
            return None
        symbol_id = f"icon:{self.game.id}:{name}"
        from playtest.generator.draw.icons import load_icon

        self.symbols.get_or_make(symbol_id, lambda: load_icon(symbol_id, path))
        return symbol_id

    @classmethod
    def for_game(cls, game: Game, symbols: SymbolTable, bleed: float) -> RenderEnv:
        return cls(game, fonts_for(game), symbols, bleed)


_FONTSETS: dict[tuple, FontSet] = {}


def _identity(path: Path) -> tuple:
    """Which file, in which version: a font replaced between two builds is read again."""
    try:
        info = path.stat()
    except OSError:
        return (str(path),)  # reading it will say what is wrong
    return (str(path.resolve()), info.st_ino, info.st_mtime_ns, info.st_size)


def fonts_for(game: Game) -> FontSet:
    from playtest.generator.draw.fonts import FontSet
    from playtest.loader import font_files

    files = font_files(game)
    key = (
        game.style.family,
        game.style.fallback,
        tuple(sorted((k, _identity(p)) for k, p in files.items())),
    )
    if key not in _FONTSETS:
        _FONTSETS[key] = FontSet(game.style.family, game.style.fallback, files)
    return _FONTSETS[key]
