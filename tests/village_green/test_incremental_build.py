"""Incremental builds, on Village Green's kit: a rebuild after edits gives exactly the bytes
of a clean build, draws only what changed, and leaves the files it did not need to write as
they were (the previous kit's files, linked). Edits are seeded random changes to its YAML:
a card's name (sometimes with letters the kit never printed, which changes every SVG file's
font subset), a card's structure, a colour of the game's style."""

from __future__ import annotations

import hashlib
import random
import re
import shutil
from pathlib import Path

import pytest

from playtest import components
from playtest.core.yamlsource import Document
from playtest.faces.fonts import CHECKED
from playtest.generator.kit import cache as kit_cache
from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.generator.kit.cache import CACHE_DIR, CACHE_FILE, KitCache
from playtest.library import loader
from playtest.library.loader import load_library

GAME = "village-green"


@pytest.fixture(autouse=True)
def _one_build_date(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit prints its newest component file's date, and an edit makes the file it saves
    today's: on a checkout from an earlier day every page would be drawn again for the date
    alone. A fixed date keeps these tests about what the edit changes."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")


def copy_game(tmp: Path) -> Path:
    root = tmp / "components"
    shutil.copytree(components.ROOT / "_shared", root / "_shared")
    shutil.copytree(components.ROOT / GAME, root / GAME)
    return root


def build(root: Path, out: Path) -> list[str]:
    """Build the game (a new library: what a new `playtest build` reads); the warnings."""
    warned: list[str] = []
    request = BuildRequest(games=(GAME,), out_dir=out)
    list(build_kits(load_library(root), request, warn=warned.append))
    return warned


def kit_bytes(out: Path) -> dict[str, bytes]:
    """Every file of the kit, but its cache (the faces it kept: the same drawing, not always
    the same bytes)."""
    kit = out / GAME
    return {
        p.relative_to(kit).as_posix(): p.read_bytes()
        for p in kit.rglob("*")
        if p.is_file() and CACHE_DIR not in p.parts
    }


def saved(out: Path) -> kit_cache._Saved:
    """What the kit's cache file holds (every entry of it checks out: this process wrote it)."""
    found = kit_cache._parse((out / GAME / CACHE_DIR / CACHE_FILE).read_bytes())
    assert found is not None
    return found


def inodes(out: Path) -> dict[str, int]:
    kit = out / GAME
    return {p.relative_to(kit).as_posix(): p.stat().st_ino for p in kit.rglob("*.svg")}


def edit(root: Path, rng: random.Random) -> str:
    """One random edit of the YAML; says what it did."""
    cards = root / GAME / "cards.yaml"
    text = cards.read_text()
    kind = rng.choice(["name", "name", "structure", "colour"])
    if kind == "colour":
        game = root / GAME / "game.yaml"
        value = f"#{rng.randrange(0x1000000):06x}"
        old = game.read_text()
        game.write_text(re.sub(r'(    red-tint: )"#[0-9a-f]{6}"', rf'\1"{value}"', old))
        return f"red-tint: {value}"
    if kind == "structure":
        found = list(re.finditer(r"structure: (gazebo|fountain|statue|bench)\}", text))
        match = rng.choice(found)
        new = rng.choice(["gazebo", "fountain", "statue", "bench"])
        cards.write_text(text[: match.start(1)] + new + text[match.end(1) :])
        return f"structure -> {new}"
    found = list(re.finditer(r"\{id: (G\d\d), name: ([^,]+),", text))
    match = rng.choice(found)
    words = match[2].split()
    rng.shuffle(words)
    name = " ".join(words) + rng.choice(["", "", " Qz", " (new)"])
    cards.write_text(text[: match.start(2)] + name + text[match.end(2) :])
    return f"{match[1]} name -> {name}"


@pytest.mark.parametrize("seed", [1, 2])
def test_a_rebuild_after_random_edits_is_byte_identical_to_a_clean_build(
    tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    root = copy_game(tmp_path)
    out = tmp_path / "incremental"
    build(root, out)
    for step in range(2):
        did = edit(root, rng)
        warned = build(root, out)
        clean = tmp_path / f"clean-{step}"
        assert build(root, clean) == warned, did  # the same warnings, in the same order
        assert kit_bytes(out) == kit_bytes(clean), did
    assert (out / GAME / CACHE_DIR / CACHE_FILE).is_file()


def test_one_card_changed_rewrites_its_file_and_links_the_others(tmp_path: Path) -> None:
    root = copy_game(tmp_path)
    out = tmp_path / "out"
    build(root, out)
    before = inodes(out)
    cards = root / GAME / "cards.yaml"
    # the same letters in another order: no new glyph, so the font subsets stay as they were
    cards.write_text(cards.read_text().replace("name: Red rose pond,", "name: Rose red pond,"))
    build(root, out)
    after = inodes(out)
    changed = {name for name in after if after[name] != before.get(name)}
    assert changed == {"svg/green-G01.svg"}
    assert "Rose red pond" in (out / GAME / "svg" / "green-G01.svg").read_text()


def build_saying(root: Path, out: Path) -> str:
    """Build the game; what it said it drew."""
    said: list[str] = []
    request = BuildRequest(games=(GAME,), out_dir=out)
    list(build_kits(load_library(root), request, progress=said.append))
    return next(line for line in said if ": drew " in line)


def test_one_card_changed_draws_its_page_again_and_takes_the_others_as_written(
    tmp_path: Path,
) -> None:
    root = copy_game(tmp_path)
    out = tmp_path / "out"
    cold = build_saying(root, out)
    pages = int(re.search(r"of (\d+) PDF pages", cold)[1])  # type: ignore[index]
    assert f", {pages} of {pages} PDF pages" in cold
    cards = root / GAME / "cards.yaml"
    # an award's name (printed on its card) in other words of the same letters: no new code
    # in the font subsets
    text = cards.read_text()
    cards.write_text(text.replace("The Ruby Clover Award", "The Clover Ruby Award"))
    assert f", 1 of {pages} PDF pages" in build_saying(root, out)
    # a letter the kit never printed (not ASCII: those have their own codes from the start)
    # gets the next code where it is first printed: the pages after that one are drawn again
    # (their text is written in the codes that follow)
    cards.write_text(text.replace("The Ruby Clover Award", "The Ruby Clover Ærø Award"))
    said = build_saying(root, out)
    again = int(re.search(r"faces, (\d+) of", said)[1])  # type: ignore[index]
    assert 1 < again < pages, said
    clean = tmp_path / "clean"
    build(root, clean)
    assert kit_bytes(out) == kit_bytes(clean)


def test_a_deleted_or_broken_cache_means_a_cold_build_with_the_same_bytes(tmp_path: Path) -> None:
    root = copy_game(tmp_path)
    out = tmp_path / "out"
    build(root, out)
    first = kit_bytes(out)
    cache = out / GAME / CACHE_DIR / CACHE_FILE
    cache.write_bytes(cache.read_bytes()[:100])  # torn
    build(root, out)
    assert kit_bytes(out) == first
    shutil.rmtree(out / GAME / CACHE_DIR)
    before = inodes(out)
    build(root, out)
    assert kit_bytes(out) == first
    assert all(inodes(out)[name] != before[name] for name in before)  # all written again


def test_a_cache_file_changed_on_disk_is_read_again_in_the_same_process(tmp_path: Path) -> None:
    """The build keeps the cache it saved for the next build of the process (`--watch`), but
    only while the file is the one it wrote: a cache written since is read from the disk."""
    root = copy_game(tmp_path)
    out = tmp_path / "out"
    build_saying(root, out)
    cache = out / GAME / CACHE_DIR / CACHE_FILE
    assert ": drew 0 of " in build_saying(root, out)  # nothing changed: every face kept
    lines = cache.read_bytes().splitlines(keepends=True)
    # as another build of the kit would have written it: no face kept
    cache.write_bytes(b"".join(line for line in lines if b" face " not in line))
    said = build_saying(root, out)
    faces = int(re.search(r"drew (\d+) of \1 faces", said)[1])  # type: ignore[index]
    assert faces > 100, said


def test_the_cache_names_the_font_files_read_glyph_by_glyph(tmp_path: Path) -> None:
    """A new process takes the fonts the cache names as read (every glyph, without fault) and
    does not read them again; a font file of other bytes is another digest, read as new."""
    root = copy_game(tmp_path)
    out = tmp_path / "out"
    build(root, out)
    fonts = {hashlib.sha256(p.read_bytes()).hexdigest() for p in root.rglob("*.ttf")}
    assert fonts and fonts <= set(saved(out).fonts)
    CHECKED.clear()  # as in a new process
    kit_cache._SAVED.clear()
    KitCache.load(out / GAME)
    assert fonts <= CHECKED


def test_the_cache_keeps_every_yaml_file_read_when_the_memo_is_nearly_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long-lived process (`--watch`, a test worker) has read many files: the memo of files
    read makes room by its oldest, so the kit's cache still holds every YAML document of the
    game and of `_shared/` (it lost the first ones read when the memo was emptied at its limit,
    and a new process parsed `print.yaml` again)."""
    junk = {
        (i.to_bytes(2, "big"), f"/elsewhere/{i}.yaml", "x", object): (None, None, [])
        for i in range(loader._READ_MAX - 1)
    }
    monkeypatch.setattr(loader, "_READ", junk)
    root = copy_game(tmp_path)
    out = tmp_path / "out"
    build(root, out)
    kept = {Path(path) for _, path, _ in saved(out).documents}
    yaml_files = {p for folder in (root / GAME, root / "_shared") for p in folder.glob("*.yaml")}
    assert yaml_files and yaml_files <= kept


def test_a_new_process_takes_the_yaml_the_cache_kept_and_parses_the_saved_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kit's cache keeps the game's YAML documents, parsed, by their bytes: a new process
    (here: this one with what it kept in memory forgotten) parses only the file saved since,
    and the kit is the clean build's, byte for byte."""
    root = copy_game(tmp_path)
    out = tmp_path / "out"
    build(root, out)
    cards = root / GAME / "cards.yaml"
    cards.write_text(cards.read_text().replace("The Ruby Clover Award", "The Ruby Clover Prize"))
    for memo in (loader._READ, loader._PARSED, kit_cache._SAVED):
        memo.clear()
    parsed: list[Path] = []
    parse = loader.parse_document

    def counted(raw: bytes, path: Path, shown: str) -> Document:
        parsed.append(path)
        return parse(raw, path, shown)

    monkeypatch.setattr(loader, "parse_document", counted)
    assert ", 1 of " in build_saying(root, out)
    assert parsed == [cards]
    clean = tmp_path / "clean"
    build(root, clean)
    assert kit_bytes(out) == kit_bytes(clean)
