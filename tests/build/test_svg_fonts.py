"""SVG files carry their fonts: each embeds, as an `@font-face` data URL, a subset of every face
it uses holding the characters it prints (a kit's files: the characters the whole kit prints
with that face, subset once). Rendered by a browser (Chromium) on a machine
without Lato, the SVG then looks like the PDF page; with the embedded fonts taken out, the same
file falls back to a wider font and does not (so the test can tell)."""

from __future__ import annotations

import base64
import io
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from lxml import etree
from PIL import Image

from playtest import components
from playtest.loader import load_library
from tests.golden.cases import cases
from tests.pictures import colour_blur, pdf_picture, picture_difference

SVG = "{http://www.w3.org/2000/svg}"
FACE = re.compile(
    r'@font-face \{ font-family: "([^"]+)"; font-weight: (\w+); '
    r'font-style: (\w+); src: url\("data:font/ttf;base64,([A-Za-z0-9+/=]+)"\)'
)
DPI = 60


def sheet_case():
    """The Harvest Dice score sheet: the header line whose fallback font ran past its box."""
    game = load_library(components.ROOT).game("harvest-dice")
    return next(c for c in cases(game) if c.name.startswith("sheet-"))


def embedded(svg: str) -> dict[tuple[str, str], TTFont]:
    return {
        (weight, style): TTFont(io.BytesIO(base64.b64decode(data)))
        for _, weight, style, data in FACE.findall(svg)
    }


def test_each_face_used_is_embedded_as_a_subset_of_the_characters_printed() -> None:
    case = sheet_case()
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
    assert svg == sheet_case().svg()  # deterministic, byte for byte


def test_a_kit_subsets_each_face_once_and_every_file_embeds_that_subset(
    tmp_path: Path, monkeypatch
) -> None:
    """Subsetting is most of an SVG file's cost: a kit cuts each face once, to every character
    it prints with it, and every file using the face embeds those same bytes."""
    from playtest.generator.backends import svg_fonts
    from playtest.generator.kit import BuildRequest, build_kits

    cuts: list[str] = []
    cut = svg_fonts._cut

    def counted(data: bytes, chars: str) -> bytes:
        cuts.append(chars)
        return cut(data, chars)

    monkeypatch.setattr(svg_fonts, "_cut", counted)
    monkeypatch.setattr(svg_fonts, "_SUBSETS", {})
    request = BuildRequest(games=("village-green",), formats=frozenset({"svg"}), out_dir=tmp_path)
    files = [p for p in build_kits(load_library(components.ROOT), request) if p.suffix == ".svg"]
    assert len(files) > 90
    shared: dict[tuple[str, str], str] = {}
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
            cmap = {chr(u) for u in TTFont(io.BytesIO(base64.b64decode(data))).getBestCmap()}
            assert {c for c in printed[key] if not c.isspace()} <= cmap, (path.name, key)
    assert len(cuts) == len(shared)  # each face cut once for the whole kit


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


@pytest.mark.skipif(
    chromium() is None,
    reason="needs Chromium: tests/setup_browser.py (README, second command) could not install it",
)
def test_the_svg_looks_like_the_pdf_in_a_browser_without_lato(tmp_path: Path) -> None:
    case = sheet_case()
    pdf = pdf_picture(case.pdf(), dpi=DPI)
    svg = case.svg()
    with (
        tempfile.TemporaryDirectory(dir=tmp_path) as a,
        tempfile.TemporaryDirectory(dir=tmp_path) as b,
    ):
        shown = browser_picture(svg, pdf.size, Path(a))
        without = re.sub(r"<style[^>]*>.*?</style>", "", svg, flags=re.S)
        fallback = browser_picture(without, pdf.size, Path(b))
    # two renderers: glyph edges and hinting blurred away, where the ink lies must agree
    same = picture_difference(colour_blur(pdf), colour_blur(shown), threshold=60)
    other = picture_difference(colour_blur(pdf), colour_blur(fallback), threshold=60)
    assert same.share <= 0.001, f"the SVG in a browser differs from the PDF: {same}"
    # a fallback font puts the ink elsewhere: the embedded fonts are what makes them agree
    assert other.share > 5 * same.share, (same, other)
