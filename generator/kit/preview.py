"""`playtest preview`: PNG pictures of kit pages, to see what will be printed."""

from __future__ import annotations

import re
import tempfile
from dataclasses import replace
from pathlib import Path

from playtest.core.errors import InputError
from playtest.core.finite import require_range
from playtest.core.output_files import check_output
from playtest.core.output_folder import check_out_dir, write_bytes, write_error
from playtest.core.wording import plural
from playtest.generator.backends.raster import page_count, render_png
from playtest.generator.kit.build import BuildRequest, Progress, build_game
from playtest.library.loader import Library

MIN_DPI, MAX_DPI = 10, 600
PREVIEW_MARKER = ".playtest-preview"  # marks a folder as ours: we write into no one else's
PAGE_FILE = re.compile(r"[^/]+-page-\d+\.png")  # the pictures a preview writes


def page_file(game_id: str, page: int, count: int) -> str:
    """`GAME-page-03.png`: zero-padded, so the pages list in order."""
    return f"{game_id}-page-{page:0{max(2, len(str(count)))}d}.png"


def preview(
    library: Library,
    game_id: str,
    pages: list[int] | None,
    out_dir: Path,
    request: BuildRequest,
    dpi: float,
    warn: Progress = None,
) -> list[Path]:
    """Build the kit in a scratch folder and write the chosen pages (all by default) as PNG;
    `warn` gets the warnings `build` gives. The folder then holds these pages only: the pages
    of an earlier preview are removed."""
    require_range(dpi, MIN_DPI, MAX_DPI, "playtest", "--dpi")
    game = library.game(game_id)
    # the rules of `build`: any folder, but never among the components, never into a folder
    # that is not ours
    check_out_dir(out_dir, library.root)
    written = []
    with tempfile.TemporaryDirectory() as scratch:
        kit = Path(scratch) / game.id
        only_pdf = replace(request, formats=frozenset({"pdf"}), tts=False)
        build_game(game, only_pdf, kit, None, warn=warn)
        pdf = kit / f"{game.id}-kit.pdf"
        count = page_count(pdf)
        for page in pages or ():
            if not 1 <= page <= count:  # before anything is written
                raise InputError.one(
                    "playtest",
                    None,
                    "--page",
                    f"page {page} does not exist (the kit has {plural(count, 'page')})",
                )
        _prepare(out_dir)
        for page in pages or range(1, count + 1):
            path = out_dir / page_file(game.id, page, count)
            check_output(path, "--out")  # a FIFO or a link there is not written over
            try:
                write_bytes(path, render_png(pdf, page, dpi))
            except OSError as exc:
                raise write_error(exc, path) from None
            written.append(path)
    _remove_older_pages(out_dir, written)
    return written


def _remove_older_pages(out_dir: Path, kept: list[Path]) -> None:
    """Pages an earlier preview wrote (the folder is ours: it carries the marker)."""
    names = {path.name for path in kept}
    for entry in out_dir.iterdir():
        if PAGE_FILE.fullmatch(entry.name) and entry.name not in names and not entry.is_dir():
            try:
                entry.unlink()  # a link is removed, never followed
            except OSError as exc:
                raise write_error(exc, entry) from None


def _prepare(out_dir: Path) -> None:
    """The preview folder: made and marked as ours, or already ours (or empty)."""
    if out_dir.is_symlink() or (out_dir.exists() and not out_dir.is_dir()):
        raise InputError.one(
            "playtest", None, "--out", f"{out_dir} exists and is not a folder; not writing into it"
        )
    if out_dir.exists() and not (out_dir / PREVIEW_MARKER).exists() and any(out_dir.iterdir()):
        raise InputError.one(
            "playtest",
            None,
            "--out",
            f"{out_dir} exists and is not a playtest preview folder; not writing into it",
        )
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        write_bytes(out_dir / PREVIEW_MARKER, b"pages previewed by playtest-kit\n")
    except OSError as exc:
        raise write_error(exc, out_dir) from None
