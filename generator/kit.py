"""Build the print-and-play kit of each game: one PDF (page 1 contents and print check, then
every section) and one SVG per component, written atomically and deterministically."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from playtest.generator.backends.pdf import PdfWriter
from playtest.generator.book import KitBook
from playtest.generator.draw.symbols import SymbolTable
from playtest.generator.impose.options import PrintOptions, parse_offset
from playtest.generator.output import check_out_dir, staged_folder
from playtest.generator.render.env import RenderEnv
from playtest.generator.render.faces import FaceError
from playtest.generator.sections import (
    Section,
    board_sections,
    deck_sections,
    dice_sections,
    face_error,
    sheet_sections,
    token_sections,
)
from playtest.generator.stamp import kit_stamp
from playtest.generator.svg_export import write_svgs

from playtest.errors import InputError
from playtest.loader import Library
from playtest.model.game import Game

FORMATS = ("pdf", "svg")
Progress = Callable[[str], None] | None


@dataclass(frozen=True)
class BuildRequest:
    games: tuple[str, ...] = ()
    formats: frozenset[str] = frozenset(FORMATS)
    out_dir: Path = Path("output")
    overrides: dict[str, Any] = field(default_factory=dict)
    options: dict[str, bool] = field(default_factory=dict)
    tts: bool = False
    allow_outside: bool = False

    @classmethod
    def from_cli(cls, *, games: tuple[str, ...], formats: str, paper: str | None, out_dir: Path,
                 bleed: float | None = None, crop_marks: bool | None = None,
                 guides: bool = False, backs: str | None = None, back_offset: str | None = None,
                 scale_x: float = 1.0, scale_y: float = 1.0, options: tuple[str, ...] = (),
                 with_rhubarb: bool = False, tts: bool = False, allow_outside: bool = False
                 ) -> BuildRequest:
        wanted = frozenset(f.strip().lower() for f in formats.split(",") if f.strip())
        unknown = wanted - set(FORMATS)
        if unknown or not wanted:
            raise InputError.one("playtest", None, "--format",
                                 f"unknown format {', '.join(sorted(unknown)) or formats!r} "
                                 f"(expected a comma-separated list of: {', '.join(FORMATS)})")
        switches: dict[str, bool] = {}
        for item in options:
            name, _, value = item.partition("=")
            if value.lower() not in ("on", "off", "true", "false", "yes", "no"):
                raise InputError.one("playtest", None, "--option",
                                     f"expected NAME=on or NAME=off, got {item!r}")
            switches[name] = value.lower() in ("on", "true", "yes")
        if with_rhubarb:
            switches["rhubarb"] = True
        overrides = {"paper": paper, "bleed": bleed, "crop_marks": crop_marks,
                     "guides": guides or None, "backs": backs,
                     "back_offset": parse_offset(back_offset), "scale_x": scale_x,
                     "scale_y": scale_y}
        return cls(tuple(games), wanted, out_dir, overrides, switches, tts, allow_outside)


def build_kits(library: Library, request: BuildRequest, progress: Progress = None
               ) -> Iterator[Path]:
    """Build each requested game (all by default); yields every file written."""
    game_ids = request.games or tuple(library.game_ids)
    games = [library.game(game_id) for game_id in game_ids]  # all validated before any write
    out = check_out_dir(request.out_dir, library.root, request.allow_outside)
    # an option switches the games that have it; one that no game being built has is a typo
    known = {name for game in games for name in game.info.options}
    for unknown in sorted(set(request.options) - known):
        listed = ", ".join(sorted(known)) or "none"
        names = ", ".join(game.id for game in games)
        raise InputError.one("playtest", None, "--option",
                             f"{names} {'has' if len(games) == 1 else 'have'} no option "
                             f"{unknown!r} (options: {listed})")
    for game in games:
        yield from build_game(game, request, out / game.id, progress)


def build_game(game: Game, request: BuildRequest, final: Path, progress: Progress
               ) -> list[Path]:
    opts = PrintOptions.from_presets(game.presets, **request.overrides)
    opts = replace(opts, card_mark=kit_stamp(game).mark)
    options = {k: v for k, v in request.options.items() if k in game.info.options}
    game = game.with_options(options)  # layouts read the switches in force
    symbols = SymbolTable()
    env = RenderEnv.for_game(game, symbols, opts.bleed)
    written: list[Path] = []
    try:
        with staged_folder(final) as staging:
            if "pdf" in request.formats:
                pdf = staging / f"{game.id}-kit.pdf"
                pages = write_pdf(game, env, opts, options, pdf, progress)
                written.append(pdf)
                _say(progress, f"{game.id}: {pdf.name}, {pages} pages")
            if "svg" in request.formats:
                files = write_svgs(game, env, options, staging / "svg")
                written += files
                _say(progress, f"{game.id}: {len(files)} SVG files")
            if request.tts:
                from playtest.generator.tts import write_tts

                files = write_tts(game, env, options, staging / "tts")
                written += files
                _say(progress, f"{game.id}: {len(files)} Tabletop Simulator sheets")
    except FaceError as exc:
        raise face_error(game, exc) from None
    for warning in env.warnings:
        _say(progress, f"{game.id}: warning: {warning}")
    return [final / path.relative_to(staging) for path in written]


def _say(progress: Progress, line: str) -> None:
    if progress is not None:
        progress(line)


def plan(game: Game, env: RenderEnv, opts: PrintOptions, options: dict[str, bool],
         only: tuple[str, ...] = ()) -> list[Section]:
    sections = [*deck_sections(game, env, opts, options), *token_sections(game, env, opts),
                *dice_sections(game, env, opts), *sheet_sections(game, env, opts),
                *board_sections(game, env, opts)]
    if not only:
        return sections
    known = [i for section in sections for i in section.ids]
    for name in only:
        if name not in known and name != "dice":
            raise InputError.one("playtest", None, "--only",
                                 f"{game.id} prints no {name!r} (expected one of: "
                                 f"{', '.join([*known, 'dice'] if game.dice else known)})")
    return [s for s in sections if set(s.ids) & set(only)
            or ("dice" in only and s.kind.startswith("dice"))]


def write_pdf(game: Game, env: RenderEnv, opts: PrintOptions, options: dict[str, bool],
              path: Path, progress: Progress, only: tuple[str, ...] = ()) -> int:
    sections = plan(game, env, opts, options, only)
    stamp = kit_stamp(game)
    book = KitBook(game, stamp, opts, sections, options, alignment=opts.duplex and not only)
    tmp = path.with_name(f".{path.name}.tmp")
    with tmp.open("wb") as handle:
        writer = PdfWriter(handle, env.fonts, env.symbols, title=f"{game.info.name} kit",
                           duplex=opts.backs, scale_x=opts.scale_x, scale_y=opts.scale_y)
        for part, sheets in book.parts():
            _say(progress, f"{game.id}: {part.title}: pages {part.first}-{part.last}")
            drawn = 0
            for number, page in book.pages(part, sheets):
                writer.add_page(page, bookmark=part.title if number == part.first else None)
                drawn += 1
            if drawn != part.last - part.first + 1:  # page 1 promised these numbers
                raise AssertionError(f"{part.title}: planned pages {part.first}-{part.last}, "
                                     f"drew {drawn}")
        writer.close()
    tmp.replace(path)
    return writer.pages
