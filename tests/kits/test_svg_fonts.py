"""SVG files carry their fonts: each embeds, as an `@font-face` data URL, a subset of every face
it uses holding the characters it prints (a kit's files: the characters the whole kit prints
with that face, subset once). Rendered by a browser (Chromium) on a machine
without Lato, the SVG then looks like the PDF page; with the embedded fonts taken out, the same
file falls back to a wider font and does not (so the test can tell): that comparison, in a
browser, is made on one game's sheet in that game's own tests (`test_svg_in_browser.py`), with
the helpers here."""

from __future__ import annotations

import base64
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from lxml import etree
from PIL import Image

from playtest import components
from playtest.generator.backends.svg_fonts import font_subset
from playtest.library.loader import load_library
from tests.games import game_ids
from tests.golden.cases import cases

SVG = "{http://www.w3.org/2000/svg}"
FACE = re.compile(
    r'@font-face \{ font-family: "([^"]+)"; font-weight: (\w+); '
    r'font-style: (\w+); src: url\("data:font/ttf;base64,([A-Za-z0-9+/=]+)"\)'
)
DPI = 60


def sheet_case(game_id: str):
    """The game's first score sheet: text in several faces and sizes, in boxes a wider
    fallback font runs past."""
    game = load_library(components.ROOT).game(game_id)
    return next(c for c in cases(game) if c.name.startswith("sheet-"))


WITH_SHEETS = [g for g in game_ids() if load_library(components.ROOT).game(g).sheets]
every_game = pytest.mark.parametrize("game_id", game_ids())
with_sheets = pytest.mark.parametrize("game_id", WITH_SHEETS)


def embedded(svg: str) -> dict[tuple[str, str], TTFont]:
    return {
        (weight, style): TTFont(io.BytesIO(base64.b64decode(data)))
        for _, weight, style, data in FACE.findall(svg)
    }


@with_sheets
def test_each_face_used_is_embedded_as_a_subset_of_the_characters_printed(game_id: str) -> None:
    case = sheet_case(game_id)
    svg = case.svg()
    fonts = embedded(svg)
    root = etree.fromstring(svg.encode())
    printed: dict[tuple[str, str], set[str]] = {}
    for text in root.iter(f"{SVG}text"):
        key = (text.get("font-weight", "normal"), text.get("font-style", "normal"))
        printed.setdefault(key, set()).update(text.text or "")
    assert set(fonts) == set(printed)  # every face printed, and only those
    for key, chars in printed.items():
        cmap = fonts[key].getBestCmap()
        assert {c for c in chars if not c.isspace()} <= {chr(u) for u in cmap}, key
        assert len(cmap) < 120, key  # a subset, not the whole font
        assert "SIL Open Font License" in " ".join(
            r.toUnicode() for r in fonts[key]["name"].names
        ), key
    assert svg == sheet_case(game_id).svg()  # deterministic, byte for byte


@every_game
def test_a_kit_subsets_each_face_once_and_every_file_embeds_that_subset(
    tmp_path: Path, monkeypatch, game_id: str
) -> None:
    """Subsetting is most of an SVG file's cost: a kit cuts each face once, to every character
    it prints with it, and every file using the face embeds those same bytes."""
    from playtest.generator.backends import svg_fonts
    from playtest.generator.kit.build import BuildRequest, build_kits

    cuts: list[str] = []
    cut = svg_fonts._cut

    def counted(data: bytes, chars: str) -> bytes:
        cuts.append(chars)
        return cut(data, chars)

    monkeypatch.setattr(svg_fonts, "_cut", counted)
    monkeypatch.setattr(svg_fonts, "_SUBSETS", {})
    request = BuildRequest(games=(game_id,), formats=frozenset({"svg"}), out_dir=tmp_path)
    files = [p for p in build_kits(load_library(components.ROOT), request) if p.suffix == ".svg"]
    shared: dict[tuple[str, str], str] = {}
    users: dict[tuple[str, str], int] = {}  # how many files embed each face
    for path in files:
        svg = path.read_text()
        root = etree.fromstring(svg.encode())
        printed: dict[tuple[str, str], set[str]] = {}
        for text in root.iter(f"{SVG}text"):
            key = (text.get("font-weight", "normal"), text.get("font-style", "normal"))
            printed.setdefault(key, set()).update(text.text or "")
        faces = {(weight, style): data for _, weight, style, data in FACE.findall(svg)}
        assert set(faces) == set(printed), path.name  # the faces it prints, and only those
        for key, data in faces.items():
            assert shared.setdefault(key, data) == data, (path.name, key)  # one subset per face
            users[key] = users.get(key, 0) + 1
            cmap = {chr(u) for u in TTFont(io.BytesIO(base64.b64decode(data))).getBestCmap()}
            assert {c for c in printed[key] if not c.isspace()} <= cmap, (path.name, key)
    assert len(cuts) == len(shared)  # each face cut once for the whole kit
    assert max(users.values()) > 1, users  # and that cut is shared by several files


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def no_lato_fontconfig(folder: Path) -> Path:
    """The system's fonts only (Lato is not one of them here; the test checks): the machine a
    person opens the SVG on."""
    config = folder / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
        "<fontconfig>\n  <dir>/usr/share/fonts</dir>\n"
        f"  <cachedir>{folder / 'cache'}</cachedir>\n</fontconfig>\n"
    )
    return config


def browser_picture(svg: str, size: tuple[int, int], folder: Path) -> Image.Image:
    tool = chromium()
    if tool is None:
        raise RuntimeError(
            "chromium not found: run tests/setup_browser.py (the README's second command)"
        )
    (folder / "page.svg").write_text(svg)
    w, h = size
    (folder / "page.html").write_text(
        '<html><body style="margin:0;background:white">'
        f'<img src="page.svg" style="display:block;width:{w}px;height:{h}px"></body></html>'
    )
    env = {
        "FONTCONFIG_FILE": str(no_lato_fontconfig(folder)),
        "PATH": "/usr/bin:/bin",
        "HOME": str(folder),
    }
    lato = subprocess.run(["fc-list"], capture_output=True, text=True, env=env, check=False)
    assert "lato" not in lato.stdout.lower()  # really a machine without Lato
    shot = folder / "shot.png"
    subprocess.run(
        [
            tool,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            f"--window-size={w},{h}",
            f"--user-data-dir={folder / 'profile'}",
            f"--screenshot={shot}",
            (folder / "page.html").as_uri(),
        ],
        capture_output=True,
        env=env,
        timeout=120,
        check=True,
    )
    with Image.open(shot) as image:
        return image.convert("RGB")


# The `head` table's fields a subset keeps from its font, as bytes (offsets of the OpenType
# spec): version and revision, magic number, flags and units per em, the dates created and
# modified, the style, the smallest readable size and the direction hint. The checksum and the
# glyphs' bounds and offset format are the subset's own.
HEAD_KEPT = [(0, 8), (12, 36), (44, 50)]
CODE_PAGES = slice(78, 86)  # OS/2's ulCodePageRange1 and 2: pruned by newer fontTools only


@pytest.mark.parametrize("face", sorted(components.ROOT.glob("_shared/fonts/*.ttf")), ids=str)
def test_a_subset_carries_the_head_fields_of_its_font_file(face: Path) -> None:
    """Issue 37: fontTools "repairs" a date before 1970 as it reads a font, by an amount that
    changed in 4.61, and newer versions prune the code page bits; a subset that kept what
    fontTools made differed with its version, and so did every SVG file and kit digest. The
    subset holds the file's own bytes."""
    subset = TTFont(io.BytesIO(font_subset(face, "Sample text 0123 ★")), lazy=True)
    font = TTFont(face, lazy=True)
    ours, theirs = subset.reader["head"], font.reader["head"]
    assert [ours[a:b] for a, b in HEAD_KEPT] == [theirs[a:b] for a, b in HEAD_KEPT]
    assert subset.reader["OS/2"][CODE_PAGES] == font.reader["OS/2"][CODE_PAGES]
