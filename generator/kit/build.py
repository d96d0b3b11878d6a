"""Build the print-and-play kit of each game: one PDF (page 1 contents and print check, then
every section) and one SVG per component, written atomically and deterministically."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from playtest.core.errors import InputError
from playtest.core.finite import in_range
from playtest.core.game_ids import canonical_id
from playtest.core.output_folder import check_out_dir, staged_folder
from playtest.core.wording import plural
from playtest.core.yamlsource import display_path
from playtest.drawing.symbols import SymbolTable
from playtest.faces.digest import Digest
from playtest.faces.painter import FaceError, FacePainter, face_error
from playtest.faces.scan_marks import ScanMarks
from playtest.generator.backends.pdf import PdfWriter
from playtest.generator.impose.stamp import kit_stamp
from playtest.generator.kit.book import KitBook
from playtest.generator.kit.cache import KitCache
from playtest.generator.kit.collector import fewer_collections
from playtest.generator.kit.reference import reference_sections
from playtest.generator.kit.sections import (
    Section,
    board_sections,
    deck_sections,
    dice_sections,
    sheet_sections,
    token_sections,
)
from playtest.library.loader import Library, parsed_documents, source_folders
from playtest.model.game import Game
from playtest.model.print_options import PrintOptions

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
    only: tuple[str, ...] = ()  # reprint these components' sections only (one game)

    @classmethod
    def from_cli(
        cls,
        *,
        games: tuple[str, ...],
        formats: str,
        paper: str | None,
        out_dir: Path,
        bleed: float | None = None,
        crop_marks: bool | None = None,
        guides: bool = False,
        backs: str | None = None,
        back_offset: str | None = None,
        scale_x: float = 1.0,
        scale_y: float = 1.0,
        options: tuple[str, ...] = (),
        shortcuts: Mapping[str, str] = MappingProxyType({}),
        tts: bool = False,
        gutter: float | None = None,
        ink_saver: bool = False,
        scan_marks: bool = False,
        only: str | None = None,
    ) -> BuildRequest:
        wanted = frozenset(f.strip().lower() for f in formats.split(",") if f.strip())
        unknown = wanted - set(FORMATS)
        if unknown or not wanted:
            raise InputError.one(
                "playtest",
                None,
                "--format",
                f"unknown format {', '.join(sorted(unknown)) or formats!r} "
                f"(expected a comma-separated list of: {', '.join(FORMATS)})",
            )
        switches: dict[str, bool] = {}
        for item in options:
            name, _, value = item.partition("=")
            if value.lower() not in ("on", "off", "true", "false", "yes", "no"):
                raise InputError.one(
                    "playtest", None, "--option", f"expected NAME=on or NAME=off, got {item!r}"
                )
            on = value.lower() in ("on", "true", "yes")
            if switches.get(name, on) != on:
                raise InputError.one(
                    "playtest", None, "--option", f"{name} is switched both on and off; choose one"
                )
            switches[name] = on
        for flag, name in shortcuts.items():  # a game's `--with-NAME`: --option NAME=on
            if switches.get(name, True) is False:
                raise InputError.one(
                    "playtest", None, f"--{flag}", f"conflicts with --option {name}=off; choose one"
                )
            switches[name] = True
        overrides = {
            "paper": paper,
            "bleed": bleed,
            "crop_marks": crop_marks,
            "guides": guides or None,
            "backs": backs,
            "back_offset": parse_offset(back_offset),
            "scale_x": scale_x,
            "scale_y": scale_y,
            "gutter": gutter,
            "ink_saver": ink_saver or None,
            "scan_marks": scan_marks or None,
        }
        reprint = tuple(i.strip() for i in (only or "").split(",") if i.strip())
        if only is not None and (len(games) != 1 or not reprint):
            raise InputError.one(
                "playtest",
                None,
                "--only",
                "name one game and its components, e.g. playtest build GAME --only DECK,SHEET",
            )
        return cls(tuple(games), wanted, out_dir, overrides, switches, tts, reprint)


def parse_offset(text: str | None) -> tuple[float, float] | None:
    """`--back-offset X,Y` in mm (the command line's words, parsed with `BuildRequest`)."""
    if text is None:
        return None
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise InputError.one(
            "playtest", None, "--back-offset", f"expected X,Y in mm (e.g. 0.5,-1), got {text!r}"
        ) from None
    if not (in_range(x, -20, 20) and in_range(y, -20, 20)):
        raise InputError.one(
            "playtest",
            None,
            "--back-offset",
            f"{text!r} is out of range (expected at most 20 mm each way)",
        )
    return (x, y)


def build_kits(
    library: Library,
    request: BuildRequest,
    progress: Progress = None,
    done: Progress = None,
    warn: Progress = None,
) -> Iterator[Path]:
    """Build each requested game (all by default); yields every file written. `done` gets the
    closing lines: what was written where, and how to print it; `warn` the warnings (text
    that cannot fit its box), which `progress` gets when no `warn` is given."""
    with fewer_collections():
        yield from _build_kits(library, request, progress, done, warn)


def _build_kits(
    library: Library, request: BuildRequest, progress: Progress, done: Progress, warn: Progress
) -> Iterator[Path]:
    # a game named in another case is that game (its kit's folder is named by its own id)
    game_ids = tuple(canonical_id(g, library.game_ids) or g for g in request.games)
    game_ids = game_ids or tuple(library.game_ids)
    for game_id in set(game_ids) & set(library.game_ids):  # its YAML as the last build read it
        KitCache.preload(request.out_dir.resolve() / kit_name(game_id, request))
    games = [library.game(game_id) for game_id in game_ids]  # all validated before any write
    out = check_out_dir(request.out_dir, library.root)
    # an option switches the games that have it; one that no game being built has is a typo
    known = {name for game in games for name in game.info.options}
    for unknown in sorted(set(request.options) - known):
        listed = ", ".join(sorted(known)) or "none"
        names = ", ".join(game.id for game in games)
        raise InputError.one(
            "playtest",
            None,
            "--option",
            f"{names} {'has' if len(games) == 1 else 'have'} no option "
            f"{unknown!r} (options: {listed})",
        )
    advice = ""
    for game in games:
        folder = out / kit_name(game.id, request)
        yield from build_game(game, request, folder, progress, done, warn)
        advice = print_advice(PrintOptions.from_presets(game.presets, **request.overrides))
    if "pdf" in request.formats and advice:
        _say(done, advice)


def kit_name(game_id: str, request: BuildRequest) -> str:
    """The folder of a game's kit: a reprint goes next to the kit, never replacing it."""
    return f"{game_id}-reprint" if request.only else game_id


def print_advice(opts: PrintOptions) -> str:
    how = {
        "duplex-long": "double-sided, flipping on the long edge",
        "duplex-short": "double-sided, flipping on the short edge",
        "fold": "single-sided (fronts and backs on one page: fold and glue)",
        "none": "single-sided (no backs)",
    }[opts.backs]
    return (
        f'Print the PDF at 100 % ("actual size", not "fit to page"), {how}; '
        "page 1 checks the scale."
    )


# what each output is, in the kit folder: kept from the previous kit when not rebuilt
OUTPUT_NAMES = {"pdf": "{game}-kit.pdf", "svg": "svg"}


def build_game(
    game: Game,
    request: BuildRequest,
    final: Path,
    progress: Progress,
    done: Progress = None,
    warn: Progress = None,
) -> list[Path]:
    opts = PrintOptions.from_presets(game.presets, **request.overrides)
    opts = replace(opts, card_mark=kit_stamp(game).mark)
    options = {k: v for k, v in request.options.items() if k in game.info.options}
    game = game.with_options(options)  # layouts read the switches in force
    symbols = SymbolTable()
    cache = KitCache.load(final)  # first: it names the font files already checked
    scan = ScanMarks(opts.scan_sizes, game.info.version) if opts.scan_marks else None
    env = FacePainter.for_game(game, symbols, opts.bleed, faces=cache.faces, scan=scan)
    written: list[Path] = []
    summary: list[str] = []
    not_kept: list[str] = []
    shown = display_path(final)
    try:
        with staged_folder(final) as staging:
            if "pdf" in request.formats or request.only:
                name = "-".join((game.id, *request.only)) if request.only else f"{game.id}-kit"
                pdf = staging / f"{name}.pdf"
                pages = write_pdf(
                    game, env, opts, options, pdf, progress, request.only, cache, final
                )
                written.append(pdf)
                summary.append(f"{shown}/{pdf.name}: {plural(pages, 'page')}")
            # a reprint (--only) is the PDF of those sections only
            if "svg" in request.formats and not request.only:
                # svgwrite compiles its validator's patterns when imported (~0.07 s): a PDF
                # build does not pay it
                from playtest.generator.kit.svg_files import write_svgs

                _say(progress, f"{game.id}: SVG files")
                files = write_svgs(
                    game,
                    env,
                    options,
                    staging / "svg",
                    progress,
                    cache,
                    final / "svg",
                    mark=opts.card_mark,
                    opts=opts,
                )
                written += files
                summary.append(f"{shown}/svg/: {plural(len(files), 'SVG file')}")
            if request.tts and not request.only:
                from playtest.generator.kit.tts import write_tts

                files = write_tts(game, env, options, staging / "tts", progress)
                written += files
                summary.append(f"{shown}/tts/: {plural(len(files), 'Tabletop Simulator sheet')}")
            for fmt, name in OUTPUT_NAMES.items():
                if fmt not in request.formats:
                    output = name.format(game=game.id)
                    kept, changed = cache.carry(final, staging, output)
                    if kept:
                        summary.append(
                            f"{display_path(final / output)}: kept from the previous build "
                            "(not rebuilt)"
                        )
                    for each in changed:
                        not_kept.append(
                            f"warning: {display_path(final / each)}: not kept from the previous "
                            "build: it is not as that build wrote it (changed since, or the "
                            f"kit's cache is gone); build it again with --format {fmt}"
                        )
            # replaces the previous kit's cache with the kit itself
            cache.save(staging, parsed_documents(source_folders(game.folder)))
        cache.settle(final)
    except FaceError as exc:
        raise face_error(game, exc) from None
    faces, kept_pages = cache.faces, cache.pages
    drawn_pages = (
        f", {kept_pages.drawn} of {len(kept_pages.used)} PDF pages" if kept_pages.used else ""
    )
    _say(
        progress,
        f"{game.id}: drew {faces.drawn} of {len(faces.used)} faces{drawn_pages}; "
        f"{cache.reused} of {plural(len(written), 'file')} kept from the previous kit",
    )
    for warning in env.warnings:
        _say(warn or progress, f"warning: {warning}")
    for line in not_kept:
        _say(warn or progress, line)
    for line in summary:
        _say(done, line)
    return [final / path.relative_to(staging) for path in written]


def _say(progress: Progress, line: str) -> None:
    if progress is not None:
        progress(line)


def plan(
    game: Game,
    env: FacePainter,
    opts: PrintOptions,
    options: dict[str, bool],
    only: tuple[str, ...] = (),
) -> list[Section]:
    sections = [
        *reference_sections(game, env, opts),
        *deck_sections(game, env, opts, options),
        *token_sections(game, env, opts),
        *dice_sections(game, env, opts),
        *sheet_sections(game, env, opts),
        *board_sections(game, env, opts),
    ]
    if not only:
        return sections
    known = list(dict.fromkeys(i for section in sections for i in section.ids))
    for name in only:
        if name not in known and name != "dice":
            raise InputError.one(
                "playtest",
                None,
                "--only",
                f"{game.id} prints no {name!r} (expected one of: "
                f"{', '.join([*known, 'dice'] if game.dice else known)})",
            )
    return [
        s
        for s in sections
        if set(s.ids) & set(only) or ("dice" in only and s.kind.startswith("dice"))
    ]


def write_pdf(
    game: Game,
    env: FacePainter,
    opts: PrintOptions,
    options: dict[str, bool],
    path: Path,
    progress: Progress,
    only: tuple[str, ...] = (),
    cache: KitCache | None = None,
    previous: Path | None = None,
) -> int:
    """Write the kit PDF at `path`; its number of pages. Pages written before (`cache`) are
    taken rather than drawn; when every page is what the `previous` kit's PDF was written
    from, that file is linked instead (and the document is not put together)."""
    sections = plan(game, env, opts, options, only)
    stamp = kit_stamp(game)
    book = KitBook(
        game, stamp, opts, sections, options, env.fonts, alignment=opts.duplex and not only
    )

    written = Digest()  # what the PDF is written from: each page's key (see PdfWriter)
    tmp = path.with_name(f".{path.name}.tmp")
    old = previous / path.name if previous is not None else None
    with tmp.open("wb") as handle:
        writer = PdfWriter(
            handle,
            env.fonts,
            env.symbols,
            title=f"{game.info.name} kit",
            duplex=opts.backs,
            scale_x=opts.scale_x,
            scale_y=opts.scale_y,
            kept=cache.pages if cache is not None else None,
            subsets=cache.subsets if cache is not None else None,
            names=cache.faces.names if cache is not None else None,
        )
        for part, sheets in book.parts():
            pages = (
                f"pages {part.first}-{part.last}"
                if part.last > part.first
                else f"page {part.first}"
            )
            _say(progress, f"{game.id}: {part.title}: {pages}")
            drawn = 0
            for number, page in book.pages(part, sheets):
                written.add(
                    writer.add_page(page, bookmark=part.title if number == part.first else None)
                )
                drawn += 1
            if drawn != part.last - part.first + 1:  # page 1 promised these numbers
                raise AssertionError(
                    f"{part.title}: planned pages {part.first}-{part.last}, drew {drawn}"
                )
        if cache is not None and writer.kept is not None:  # pages keyed (reportlab's internals)
            key = written.add((env.fonts.files, game.info.name, opts)).hexdigest()
            # every page what the previous kit's file was written from: that file is linked
            if cache.reuse_digest(path.name, key, old, path):
                _say(progress, f"{game.id}: {path.name}: unchanged")
                handle.close()
                tmp.unlink()
                return writer.pages
        writer.close()
    tmp.replace(path)
    if cache is not None:
        cache.wrote(path.name, path)
    return writer.pages
