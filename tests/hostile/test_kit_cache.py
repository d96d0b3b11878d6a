"""A kit's cache (`OUT/<game>/.playtest-cache/`) is data, never code, and trusts nothing it did
not write itself (issue 38, point 1): a file planted there runs nothing and cannot fill
memory, a FIFO there blocks nothing, a cache another user wrote or whose entries were moved
is not used, and a previous kit's file is reused only while its bytes are the ones written.
Whatever is wrong, the kit is byte for byte a clean build's."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from playtest import components
from playtest.core import cache_key
from playtest.generator.kit import cache as kit_cache
from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.generator.kit.cache import CACHE_DIR, CACHE_FILE, KitCache
from playtest.library import loader
from playtest.library.loader import load_library, parsed_documents, source_folders
from tests.helpers import edit_once, make_components
from tests.hostile.fresh import run_fresh

GAME = "mini-game"  # the test game (tests/fixtures)
CACHE_NAMES = (CACHE_FILE, "kit.pickle")  # this version's file, and the pickle it once was


@pytest.fixture(autouse=True)
def _one_build_date(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # an edit keeps the printed date


def kit_files(kit: Path) -> dict[str, bytes]:
    """Every file of a kit but its cache; a link is refused (a kit holds files only)."""
    found = {}
    for path in sorted(kit.rglob("*")):
        if CACHE_DIR in path.parts or path.is_dir():
            continue
        assert not path.is_symlink(), path
        found[path.relative_to(kit).as_posix()] = path.read_bytes()
    return found


def forget() -> None:
    """What a new process would not know: the caches this one read or saved."""
    for memo in (kit_cache._SAVED, loader._READ, loader._PARSED):
        memo.clear()


def build(root: Path, out: Path, *formats: str) -> list[str]:
    """The game built in this process as a new `playtest build` would; what it said."""
    forget()
    said: list[str] = []
    request = BuildRequest(games=(GAME,), out_dir=out, formats=frozenset(formats or ("pdf", "svg")))
    list(build_kits(load_library(root), request, said.append, said.append, said.append))
    return said


def clean_build(root: Path, tmp_path: Path) -> dict[str, bytes]:
    out = tmp_path / "clean"
    shutil.rmtree(out, ignore_errors=True)
    build(root, out)
    return kit_files(out / GAME)


def drew_everything(said: list[str]) -> bool:
    line = next(line for line in said if ": drew " in line)
    faces = line.split(": drew ")[1].split(" faces")[0]  # "12 of 12"
    drawn, of = faces.split(" of ")
    return drawn == of and " 0 of " in line.split(";")[1]  # no file kept either


@pytest.mark.parametrize("what", ["runs code", "fills memory"])
def test_a_pickle_planted_as_the_cache_is_never_loaded(tmp_path: Path, what: str) -> None:
    root = make_components(tmp_path)
    assert run_fresh("build", "--components", root, "-q", cwd=tmp_path).returncode == 0
    kit = tmp_path / "output" / GAME
    marker = tmp_path / "pwned"
    payload = _RunsCode(marker) if what == "runs code" else _FillsMemory()
    for name in CACHE_NAMES:
        (kit / CACHE_DIR / name).write_bytes(pickle.dumps(payload))
    run = run_fresh("build", "--components", root, "-q", cwd=tmp_path)
    assert run.returncode == 0 and run.within_bounds(), run
    assert not marker.exists()
    assert kit_files(kit) == clean_build(root, tmp_path)


class _RunsCode:
    """Unpickled, it creates the file `marker` (any code would run the same way)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple:
        return (open, (str(self.marker), "w"))


class _FillsMemory:
    """Unpickled, it makes 1.2 GB of bytes (the issue's 52-byte pickle took 2.9 GB)."""

    def __reduce__(self) -> tuple:
        return (bytes.__mul__, (b"x", 1_200_000_000))


def test_a_fifo_as_the_cache_blocks_nothing(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    assert run_fresh("build", "--components", root, "-q", cwd=tmp_path).returncode == 0
    kit = tmp_path / "output" / GAME
    for name in CACHE_NAMES:
        (kit / CACHE_DIR / name).unlink(missing_ok=True)
        os.mkfifo(kit / CACHE_DIR / name)
    run = run_fresh("build", "--components", root, "-q", cwd=tmp_path, timeout=30)
    assert run.returncode == 0 and run.within_bounds(), run
    assert kit_files(kit) == clean_build(root, tmp_path)


def test_a_kit_another_user_built_is_built_cold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kit folder shared, unzipped or cloned carries its builder's cache: signed with
    another key, nothing of it is taken."""
    root = make_components(tmp_path)
    out = tmp_path / "out"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "their-cache"))
    cache_key.cache_key.cache_clear()
    build(root, out)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "my-cache"))
    cache_key.cache_key.cache_clear()
    try:
        said = build(root, out)
        assert drew_everything(said), said
        assert kit_files(out / GAME) == clean_build(root, tmp_path)
    finally:
        cache_key.cache_key.cache_clear()


def test_a_cache_whose_pages_were_swapped_gives_no_wrong_kit(tmp_path: Path) -> None:
    """The cache as the build that wrote it would, but two PDF pages kept under each other's
    key: a page is taken for the key it was written for only."""
    root = make_components(tmp_path)
    out = tmp_path / "out"
    build(root, out)
    kit = out / GAME
    forget()
    cache = KitCache.load(kit)
    kept = cache.pages.kept
    keys = list(kept)
    first, second = keys[0], next(k for k in keys[1:] if kept[k] != kept[keys[0]])
    kept[first], kept[second] = kept[second], kept[first]
    for memo in (cache.faces, cache.pages, cache.subsets):
        for key in list(memo.kept):
            memo.get(key)  # what a build taking every record would keep
    cache.files = {}  # no file linked: the PDF is written from its pages
    cache.save(kit, parsed_documents(source_folders(root / GAME)))
    build(root, out)
    assert kit_files(kit) == clean_build(root, tmp_path)


def test_an_output_edited_since_is_written_again(tmp_path: Path) -> None:
    """Edited in place, even with its modification time put back: its bytes are not the ones
    the cache recorded, so it is not linked into the next kit."""
    root = make_components(tmp_path)
    out = tmp_path / "out"
    build(root, out)
    svg = out / GAME / "svg" / "deck-M1.svg"
    pdf = out / GAME / f"{GAME}-kit.pdf"
    for path in (svg, pdf):
        before = path.stat()
        with path.open("r+b") as handle:
            handle.seek(-10, os.SEEK_END)
            handle.write(b"<!--x-->\n\n")  # as long as what it replaces
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    edit_once(root / GAME / "cards.yaml", "name: Red Three", "name: Red Thre")  # a rebuild
    build(root, out)
    assert kit_files(out / GAME) == clean_build(root, tmp_path)


def test_an_output_replaced_by_a_link_to_a_private_file_is_not_kept(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    out = tmp_path / "out"
    build(root, out)
    secret = tmp_path / "secret.txt"
    secret.write_text("the user's private notes\n")
    svg = out / GAME / "svg" / "deck-M1.svg"
    svg.unlink()
    svg.symlink_to(secret)
    build(root, out)
    files = kit_files(out / GAME)  # refuses a link
    assert files == clean_build(root, tmp_path)
    assert not any(b"private notes" in data for data in files.values())


def test_an_output_kept_by_another_format_is_kept_only_as_it_was_written(
    tmp_path: Path,
) -> None:
    """`--format svg` keeps the previous PDF: not when it was edited since (it is said)."""
    root = make_components(tmp_path)
    out = tmp_path / "out"
    build(root, out)
    pdf = out / GAME / f"{GAME}-kit.pdf"
    pdf.write_bytes(pdf.read_bytes() + b"% edited by hand\n")
    said = build(root, out, "svg")
    assert not pdf.exists()
    assert any(
        line.startswith(f"warning: {os.path.relpath(pdf)}: not kept from the previous build")
        for line in said
    ), said
    build(root, out, "pdf")  # written again, then kept by an SVG build as it is
    said = build(root, out, "svg")
    assert any(line.endswith("kept from the previous build (not rebuilt)") for line in said)
    assert kit_files(out / GAME) == clean_build(root, tmp_path)


def test_a_cached_web_font_is_served_only_as_this_user_wrote_it(tmp_path: Path) -> None:
    """The web scorer keeps its fonts in the user's cache folder: one edited, one another user
    wrote there or a FIFO in its place is made again, not served, and blocks nothing."""
    font = sorted((Path(components.ROOT) / "_shared" / "fonts").glob("*.ttf"))[0]
    code = (
        "import sys\nfrom pathlib import Path\nfrom playtest.web.fonts import web_font\n"
        "sys.stdout.buffer.write(web_font(Path(sys.argv[1])))\n"
    )

    def served() -> bytes:
        env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
        done = subprocess.run(
            [sys.executable, "-c", code, str(font)], capture_output=True, env=env, timeout=60
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    made = served()
    assert made.startswith(b"wOFF")
    (cached,) = (tmp_path / "cache" / "playtest-kit" / "web-fonts").iterdir()
    assert made in cached.read_bytes()  # kept
    cached.write_bytes(cached.read_bytes().replace(b"wOFF", b"wOFF" + b"\0" * 16, 1))
    assert served() == made
    cached.write_bytes(made)  # as another user's (unsigned) font would be
    assert served() == made and cached.read_bytes() != made
    cached.unlink()
    os.mkfifo(cached)
    assert served() == made
