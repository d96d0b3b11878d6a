"""No printed text below 6 pt: the build warns (naming game, component and element) about any
text that ends below its style's minimum, judged at the size it prints (a 2-up pad prints a
sheet smaller), and the shipped kits print every character at 6 pt or more, read back from
their PDFs."""

from __future__ import annotations

import os
from pathlib import Path

import pdfplumber
import pytest

from playtest import components
from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.library.loader import load_library
from tests.helpers import edit_once, make_components
from tests.pdf_text import text_page

GAMES = load_library().game_ids  # every game of the components shipped: each has a kit
MINIMUM_PT = 6.0


def build_logged(root: Path, out: Path, **overrides) -> list[str]:
    """Build every game of `root` into `out`; returns the progress lines (warnings included)."""
    lines: list[str] = []
    cwd = os.getcwd()
    os.chdir(out.parent)
    try:
        request = BuildRequest(
            formats=frozenset({"pdf"}), out_dir=Path(out.name), overrides=overrides
        )
        list(build_kits(load_library(root), request, lines.append))
    finally:
        os.chdir(cwd)
    return lines


def printed_size(char: dict) -> float:
    """The glyph's em size in points on paper, whatever way it is turned (pdfminer's `size`
    is the box's height, which for text turned a quarter is its advance instead)."""
    a, b = char["matrix"][:2]
    return char["height"] if abs(a) >= abs(b) else char["width"]


@pytest.fixture(scope="module", params=["a4", "letter"])
def shipped(request, tmp_path_factory) -> tuple[str, Path, list[str]]:
    out = tmp_path_factory.mktemp(f"kits-{request.param}") / "out"
    log = build_logged(components.ROOT, out, paper=request.param)
    return request.param, out, log


def test_the_shipped_kits_build_without_any_text_warning(shipped) -> None:
    paper, out, log = shipped
    assert sorted(p.name for p in out.iterdir()) == sorted(GAMES)
    assert [line for line in log if "warning" in line] == [], paper


def test_every_printed_character_is_at_least_6_pt(shipped) -> None:
    paper, out, _ = shipped
    for game in GAMES:
        with pdfplumber.open(out / game / f"{game}-kit.pdf") as pdf:
            counted = 0
            for number, whole in enumerate(pdf.pages, 1):
                page = text_page(whole)
                small = [
                    (c["text"], round(printed_size(c), 2))
                    for c in page.chars
                    if printed_size(c) < MINIMUM_PT - 0.01
                ]
                assert small == [], f"{paper} {game} page {number}: {small[:10]}"
                counted += len(page.chars)
            assert counted > 1000, game  # the kit really printed its text


def test_text_below_its_style_minimum_is_a_warning_naming_game_component_and_element(
    tmp_path: Path,
) -> None:
    root = make_components(tmp_path)
    edit_once(
        root / "mini-game" / "layouts.yaml",
        '{text: "{id}", x: 40, y: 80, w: 18, h: 4, style: id}',
        '{text: "{id}", x: 40, y: 80, w: 18, h: 4, style: id, size: 4.5}',
    )
    warnings = [line for line in build_logged(root, tmp_path / "out") if "warning" in line]
    # one per card id: the same text in the same box warns once
    # at the layout's line, naming the element and the card (issue 13)
    assert warnings[0] == (
        "warning: components/mini-game/layouts.yaml:12: layouts.card.elements[5].text: card M1 "
        "(components/mini-game/cards.yaml:9): text ends at 4.5 pt, below its style's minimum of "
        "6 pt: 'M1'"
    )
    assert [w.split(": ")[3].split(" (")[0] for w in warnings] == ["card M1", "card M2", "card M3"]


def test_a_style_may_raise_the_minimum_and_text_shrinks_no_further(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    edit_once(
        root / "mini-game" / "layouts.yaml",
        '{text: "{id}", x: 40, y: 80, w: 18, h: 4, style: id}',
        '{text: "{id} {name} {name}", x: 40, y: 80, w: 18, h: 4, style: id, size: 9, min_size: 8}',
    )
    warnings = [line for line in build_logged(root, tmp_path / "out") if "warning" in line]
    assert warnings[0] == (
        "warning: components/mini-game/layouts.yaml:12: layouts.card.elements[5].text: card M1 "
        "(components/mini-game/cards.yaml:9): text does not fit its 18x4 mm box even at 8.1 pt: "
        "'M1 Red One Red One'"
    )


def test_a_sheet_is_judged_at_the_size_its_2_up_pad_prints_it(tmp_path: Path) -> None:
    """The A5 sheet prints at about 0.93 of its size on the A4 2-up pad (above the footer
    band): 6.2 pt text is fine
    on the full page and too small on the pad, where it cannot shrink to fit either."""
    root = make_components(tmp_path)
    layouts = root / "mini-game" / "layouts.yaml"
    layouts.write_text(
        layouts.read_text().replace(
            '- text: {text: "{name}", x: 10, y: 10, w: 128, h: 12, style: title}',
            '- text: {text: "{name}", x: 10, y: 10, w: 128, h: 12, style: title, size: 6.2}',
            1,
        )
    )
    warnings = [line for line in build_logged(root, tmp_path / "out") if "warning" in line]
    layout = "components/mini-game/layouts.yaml:24: layouts.sheet.elements[0].text"
    assert warnings == [
        f"warning: {layout}: sheet front-sheet (components/mini-game/cards.yaml:28): text ends "
        "at 5.7 pt (scaled by 0.93), below its style's minimum of 6 pt: 'Score sheet'",
        f"warning: {layout}: sheet back-sheet (components/mini-game/cards.yaml:29): text ends "
        "at 5.7 pt (scaled by 0.93), below its style's minimum of 6 pt: 'Score sheet (back)'",
    ]
