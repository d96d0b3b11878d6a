"""The face painter: the build's state while it draws one game's faces (fonts, icons as symbols,
the bleed, the warnings it collects, the face memo, scan marks) and the drawing of one face from
its layout. Each face is painted through its own immutable `PaintContext`
(playtest/layout/paint.py), which the painter makes: the verbs see only that."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from playtest.core.errors import InputError
from playtest.core.limits import MAX_SHAPES_PER_FACE
from playtest.drawing.face import DrawnFace
from playtest.drawing.geometry import Affine
from playtest.drawing.model import Shape, Symbol, Use
from playtest.drawing.symbols import SymbolTable
from playtest.faces.fonts import FontSet, fonts_for
from playtest.faces.icons import load_icon
from playtest.faces.layout import render_face
from playtest.faces.memo import DrawnRecord, FaceMemo
from playtest.faces.places import layout_place
from playtest.faces.scan_marks import ScanMarks
from playtest.faces.warnings import Alike, WarningLine, WarningLog
from playtest.layout.paint import PaintContext, PaintMemo, RenderError
from playtest.layout.templates import Context
from playtest.model.game import Game


class FaceError(Exception):
    """Carries the component's source place with the layout problem."""

    def __init__(self, source_key: str, label: str, error: RenderError) -> None:
        super().__init__(f"{label}: {error}")
        self.source_key = source_key
        self.label = label
        self.error = error


def face_error(game: Game, exc: FaceError) -> InputError:
    """A layout that cannot be drawn for a component: reported at the layout's element (where
    the template or the option is), naming the component and where it is defined."""
    src = game.sources.get(exc.source_key)
    defined = f" ({src.file}:{src.line})" if src and src.line else ""
    place = layout_place(game, exc.error.where)
    if place is not None:
        file, line, where = place
        return InputError.one(file, line, where, f"{exc.label}{defined}: {exc.error.message}")
    file, line, where = (src.file, src.line, src.field) if src else (game.id, None, "")
    return InputError.one(file, line, where, f"{exc.label}: {exc.error}")


def game_scope(game: Game) -> dict[str, Any]:
    return {"rules": game.rules_data, "game": game.info.model_dump(mode="json")}


@dataclass
class FacePainter:
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
    log: WarningLog | None = None  # shared by every painter of one build (backs have their own)
    faces: FaceMemo | None = None  # faces drawn before, by what they are drawn from
    symbol_warnings: dict[str, tuple[WarningLine, ...]] = field(default_factory=dict)
    scan: ScanMarks | None = None  # print scan marks on sheets and opted-in cards

    def __post_init__(self) -> None:
        if self.log is None:
            self.log = WarningLog(self.warnings)

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
    ) -> FacePainter:
        return cls(
            game, fonts_for(game), symbols, bleed, taps=taps, fields=fields, faces=faces, scan=scan
        )

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
        self.symbols.get_or_make(symbol_id, lambda: load_icon(symbol_id, path))
        return symbol_id

    def face(
        self,
        layout_name: str,
        data: dict[str, Any],
        size: tuple[float, float],
        source_key: str,
        label: str,
        scale: float = 1.0,
    ) -> list[Shape]:
        """One face of a component drawn from its layout with `data` (or kept from an earlier
        build: the face memo), its warnings said as a cold build says them."""
        src = self.game.sources.get(source_key)
        # warnings name the component and where it is defined (`warn` puts them at the layout)
        component = f"{label} ({src.file}:{src.line})" if src and src.line else label
        memo = self.faces
        key = memo.key(self, layout_name, data, size, component, scale) if memo is not None else ""
        record = memo.get(key) if memo is not None else None
        if record is None:
            record = self._draw(layout_name, data, size, source_key, label, component, scale, key)
            if memo is not None:
                memo.put(key, record)
        else:
            for symbol, said in zip(record.symbols, record.symbol_warnings, strict=True):
                self.symbols.get_or_make(symbol.id, partial(_same, symbol))
                self.symbol_warnings.setdefault(symbol.id, said)
        if memo is not None and memo.names is not None:
            memo.names.name(key, record.shapes)
        assert self.log is not None
        for once, line in record.warnings:
            self.log.add(once, line)
        return list(record.shapes)

    def _draw(
        self,
        layout_name: str,
        data: dict[str, Any],
        size: tuple[float, float],
        source_key: str,
        label: str,
        component: str,
        scale: float,
        key: str,
    ) -> DrawnRecord:
        ctx = Context(data, game_scope(self.game))
        paint = self.paint(component, scale)
        assert self.log is not None
        outer_log = self.log.capturing()
        try:
            layout = self.game.layouts[layout_name]
            shapes = tuple(render_face(layout_name, layout, ctx, self, paint, size))
        except RenderError as exc:
            raise FaceError(source_key, label, exc) from None
        finally:
            own = self.log.restore(outer_log)
        symbols = tuple(self.symbols.used_by(shapes))
        # a symbol's warnings (a frame's text) go with every face placing it, said once
        said = tuple(self.symbol_warnings.get(symbol.id, ()) for symbol in symbols)
        return DrawnRecord(shapes, symbols, said, tuple(own), key)

    def back(
        self,
        owner_id: str,
        title: str,
        layout_name: str,
        size: tuple[float, float],
        source_key: str,
        extra_bleed: float,
        marks: tuple[Shape, ...] = (),
    ) -> DrawnFace:
        """A back is the same for every card of its deck: drawn once, as a symbol, with extra
        bleed so a printer's drift between the two sides shows no white edge; `marks` (a scan
        marker) are drawn over it."""
        w, h = size
        b = self.bleed + extra_bleed
        symbol_id = f"back:{self.game.id}:{owner_id}:{w:g}x{h:g}:{b:g}" + (":scan" if marks else "")

        def make() -> Symbol:
            # the same build (warnings, memos), its bleed wider; a back keeps no taps, fields
            # or scan marks of its own
            wide = replace(self, bleed=b, taps=False, fields=False, scan=None)
            shapes = wide.face(
                layout_name,
                {"id": owner_id, "name": title},
                size,
                source_key,
                f"back of {owner_id}",
            )
            return Symbol(symbol_id, (-b, -b, w + 2 * b, h + 2 * b), (*shapes, *marks))

        self.symbols.get_or_make(symbol_id, make)
        return DrawnFace(f"{owner_id}-back", f"{title} (back)", w, h, (Use(symbol_id, Affine()),))


def _same(symbol: Symbol) -> Symbol:
    return symbol


@dataclass(frozen=True)
class GameIcons:
    """The game's icons as a face's paint sees them (the `Icons` of layout/paint.py)."""

    painter: FacePainter

    def symbol(self, name: str) -> str | None:
        return self.painter.icon_symbol(name)

    def names(self) -> Iterable[str]:
        return self.painter.game.icons


@dataclass
class FaceRun:
    """One face's log (the `FaceLog` of layout/paint.py): its warnings name its component, its
    shapes are counted against one bound, and each text it checks is checked once."""

    painter: FacePainter
    component: str
    checked: set[tuple[Any, ...]] = field(default_factory=set)
    drawn: int = 0

    def warn(
        self, where: str, message: str, once: Hashable = None, kind: str | None = None
    ) -> None:
        self.painter.warn(self.component, where, message, once, kind)

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
