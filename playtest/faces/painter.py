"""The build's state while it draws one game's faces: fonts, icons as symbols, the bleed, the
warnings it collects (text that had to overflow its box, for instance), the face memo and scan
marks. Each face is painted through its own immutable `PaintContext` (playtest/layout/paint.py),
which it makes: the verbs see only that."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playtest.core.limits import MAX_SHAPES_PER_FACE
from playtest.layout.paint import PaintContext, PaintMemo, RenderError

if TYPE_CHECKING:  # fonts (reportlab) and icons are loaded when a kit is drawn, not to score
    from playtest.drawing.symbols import SymbolTable
    from playtest.faces.fonts import FontSet
    from playtest.faces.memo import FaceMemo
    from playtest.faces.scan_marks import ScanMarks
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


@dataclass
class RenderEnv:
    game: Game
    fonts: FontSet
    symbols: SymbolTable
    bleed: float
    warnings: list[str] = field(default_factory=list)
    # the same text in the same box (a sheet printed full page and 2-up, a label on every
    # card) is laid out once, each text element's settings worked out once, each colour
    # looked up once: shared by every face of the build (layout/text.py)
    memo: PaintMemo = field(default_factory=PaintMemo)
    taps: bool = False  # keep layout elements' `tap:` names (the web scorer's pictures)
    fields: bool = False  # keep layout elements' input fields (playtest/faces/fields.py)
    log: WarningLog | None = None  # shared by every env of one build (backs have their own)
    faces: FaceMemo | None = None  # faces drawn before, by what they are drawn from
    symbol_warnings: dict[str, tuple[WarningLine, ...]] = field(default_factory=dict)
    scan: ScanMarks | None = None  # print scan marks on sheets and opted-in cards

    def __post_init__(self) -> None:
        if self.log is None:
            self.log = WarningLog(self.warnings)

    def paint(self, component: str = "", scale: float = 1.0) -> PaintContext:
        """The context one face is painted in: `component` is named in its warnings, and
        `scale` is how much it prints scaled (a 2-up pad, a dice sticker: text is judged at
        its printed size)."""
        return PaintContext(
            self.game.style,
            self.fonts,
            GameIcons(self),
            FaceRun(self, component),
            self.memo,
            self.bleed,
            scale,
            self.taps,
            self.fields,
        )

    def warn(
        self,
        component: str,
        where: str,
        message: str,
        once: Hashable = None,
        kind: str | None = None,
    ) -> None:
        """A warning at the layout's line (`layouts.yaml:8: layouts.card.elements[1].text:`),
        naming the component being drawn; one with the same `once` key is said only once, and
        those of one `kind` at one element of one component are one line with a count."""
        from playtest.faces.places import layout_place  # places imports the model

        place = layout_place(self.game, where)
        at = f"{place[0]}:{place[1]}: {place[2]}" if place else where
        assert self.log is not None
        key = once if kind is None else Alike(f"{at}|{component}|{kind}", once)
        self.log.add(key, f"{at}: {component}: {message}" if component else f"{at}: {message}")

    def icon_symbol(self, name: str) -> str | None:
        """The symbol id of icon `name` (loaded on first use), or None if there is no such icon."""
        path = self.game.icons.get(name)
        if path is None:
            return None
        symbol_id = f"icon:{self.game.id}:{name}"
        from playtest.faces.icons import load_icon

        self.symbols.get_or_make(symbol_id, lambda: load_icon(symbol_id, path))
        return symbol_id

    @classmethod
    def for_game(
        cls,
        game: Game,
        symbols: SymbolTable,
        bleed: float,
        *,
        taps: bool = False,
        fields: bool = False,
        faces: FaceMemo | None = None,
        scan: ScanMarks | None = None,
    ) -> RenderEnv:
        return cls(
            game, fonts_for(game), symbols, bleed, taps=taps, fields=fields, faces=faces, scan=scan
        )


@dataclass(frozen=True)
class GameIcons:
    """The game's icons as a face's paint sees them (the `Icons` of layout/paint.py)."""

    env: RenderEnv

    def symbol(self, name: str) -> str | None:
        return self.env.icon_symbol(name)

    def names(self) -> Iterable[str]:
        return self.env.game.icons


@dataclass
class FaceRun:
    """One face's log (the `FaceLog` of layout/paint.py): its warnings name its component, its
    shapes are counted against one bound, and each text it checks is checked once."""

    env: RenderEnv
    component: str
    checked: set[tuple[Any, ...]] = field(default_factory=set)
    drawn: int = 0

    def warn(
        self, where: str, message: str, once: Hashable = None, kind: str | None = None
    ) -> None:
        self.env.warn(self.component, where, message, once, kind)

    def count(self, shapes: int, where: str) -> None:
        """Bound the whole face, not each repeat: a repeat of 3,000 holding a repeat of 1,000
        is within both their bounds and three million shapes."""
        self.drawn += shapes
        if self.drawn > MAX_SHAPES_PER_FACE:
            raise RenderError(
                where,
                f"the face draws more than {MAX_SHAPES_PER_FACE:,} shapes "
                "(a repeat inside a repeat?)",
            )


_FONTSETS: dict[tuple, FontSet] = {}


def _identity(path: Path) -> tuple:
    """Which file, in which version: a font replaced between two builds is read again."""
    try:
        info = path.stat()
    except OSError:
        return (str(path),)  # reading it will say what is wrong
    return (str(path.resolve()), info.st_ino, info.st_mtime_ns, info.st_size)


def fonts_for(game: Game) -> FontSet:
    from playtest.faces.fonts import FontSet
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
