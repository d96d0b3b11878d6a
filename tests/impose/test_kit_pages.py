"""The pages round the sections: the footer's version and build date (deterministic), the
version mark on every card, the component checklist, the duplex alignment sheet's scales,
--only, --ink-saver and --gutter."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from playtest.generator.backends.raster import render_png
from tests.helpers import edit_once, kit_sections, make_components
from tests.impose.pdfgeom import lines, page_text
from tests.impose.pdfplace import placements
from tests.kits.mini_kit import build


def _mini(tmp: Path, version: str | None = "0.7") -> Path:
    root = make_components(tmp)
    if version is not None:
        edit_once(
            root / "mini-game" / "game.yaml",
            "  players: [2, 4]\n",
            f'  players: [2, 4]\n  version: "{version}"\n'
            '  not_printed: ["a pencil per player", "two blank dice"]\n',
        )
    return root


def test_the_build_date_comes_from_source_date_epoch(tmp_path: Path, monkeypatch) -> None:
    _mini(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14 UTC
    pdf = build(tmp_path) / "mini-game-kit.pdf"
    for page in (1, 2, 5, 6):
        assert "version 0.7 \u00b7 built 2023-11-14" in page_text(pdf, page)


def test_without_source_date_epoch_the_newest_component_file_dates_the_kit(
    tmp_path: Path, monkeypatch
) -> None:
    root = _mini(tmp_path)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    for path in root.rglob("*"):
        os.utime(path, (1600000000, 1600000000))  # 2020-09-13
    os.utime(root / "mini-game" / "cards.yaml", (1650000000, 1650000000))  # 2022-04-15
    first = (build(tmp_path) / "mini-game-kit.pdf").read_bytes()
    assert "built 2022-04-15" in page_text(build(tmp_path) / "mini-game-kit.pdf", 1)
    again = (build(tmp_path) / "mini-game-kit.pdf").read_bytes()
    assert first == again  # the date is the files', not the clock's


def test_every_card_carries_the_version_mark(tmp_path: Path) -> None:
    _mini(tmp_path)
    pdf = build(tmp_path) / "mini-game-kit.pdf"
    cards = kit_sections(pdf)["Mini cards (4 cards, 9 a sheet)"]
    assert page_text(pdf, cards[0]).count("v0.7") == 4  # four cards on the sheet
    assert "v0.7" not in page_text(pdf, cards[1])  # not on the backs


def test_the_checklist_lists_counts_needs_and_paper(tmp_path: Path) -> None:
    _mini(tmp_path)
    pdf = build(tmp_path) / "mini-game-kit.pdf"
    text = page_text(pdf, 2)
    assert "Mini Game: component checklist" in text
    assert re.search(r"Mini cards\s+4 cards\s+pages 5\u20136", text)
    assert re.search(r"Coin\s+12 tokens\s+pages 7\u20138", text)
    assert "a pencil per player" in text and "two blank dice" in text  # from game.yaml
    assert "160-250 g/m2 card" in text  # paper advice from print.yaml, for the cards


def test_the_alignment_back_has_numbered_scales_and_the_sign_convention(tmp_path: Path) -> None:
    _mini(tmp_path)
    pdf = build(tmp_path, back_offset=(0.5, -1.0)) / "mini-game-kit.pdf"
    back = page_text(pdf, 4)
    for number in ("-4", "-2", "0", "+2", "+4"):
        assert back.count(number) >= 5 * 2  # on both scales of all five targets
    assert "+X = the front's line is right of 0" in back
    assert "--back-offset 0.5+X,-1+Y" in back
    # the front's crosses reach past the back's scales (10 to 13 mm from each target)
    arms = [m for m in lines(pdf, 3) if abs(m.width - 28) < 0.01 or abs(m.height - 28) < 0.01]
    assert len(arms) == 10


def test_only_reprints_a_section_next_to_the_kit_still_double_sided(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = _mini(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert run_cli("build", "mini-game", "--components", root, "-q").exit_code == 0
    result = run_cli("build", "mini-game", "--only", "deck", "--components", root, "-q")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "output" / "mini-game-reprint" / "mini-game-deck.pdf"
    assert list(kit_sections(pdf)) == [
        "Contents and print check",
        "Mini cards (4 cards, 9 a sheet)",
    ]
    assert kit_sections(pdf)["Mini cards (4 cards, 9 a sheet)"] == [3, 4]  # front odd
    assert (tmp_path / "output" / "mini-game" / "mini-game-kit.pdf").exists()  # kit kept
    wrong = run_cli("build", "mini-game", "--only", "nope", "--components", root)
    assert wrong.exit_code == 2
    assert (
        "--only: mini-game prints no 'nope' (expected one of: deck, coin, pips, "
        "front-sheet, board, dice)" in wrong.stderr
    )
    too_wide = run_cli("build", "mini-game", "--gutter", "6", "--components", root)
    assert too_wide.exit_code == 2 and "9.0 mm too wide" in too_wide.stderr


def _darkness(pdf: Path, page: int) -> float:
    image = Image.open(io.BytesIO(render_png(pdf, page, 30))).convert("L")
    return 1 - ImageStat.Stat(image).mean[0] / 255


def test_ink_saver_lightens_backs_and_large_fills_in_the_same_places(tmp_path: Path) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        _mini(tmp_path / name)
    normal, saver = build(tmp_path / "a"), build(tmp_path / "b", ink_saver=True)
    # the blue backs (page 6) print light; the fronts (page 5, a white ground) barely change:
    # text on a lightened fill is darkened to stay readable (4.5:1, issue 27), a few pixels
    assert _darkness(saver / "mini-game-kit.pdf", 6) < 0.3 * _darkness(
        normal / "mini-game-kit.pdf", 6
    )
    front_saver = _darkness(saver / "mini-game-kit.pdf", 5)
    assert front_saver <= 1.01 * _darkness(normal / "mini-game-kit.pdf", 5)
    for page in (5, 6):
        assert [p.clip for p in placements_of(saver, page)] == [
            p.clip for p in placements_of(normal, page)
        ]


def placements_of(kit: Path, page: int):
    from pypdf import PdfReader

    return placements(PdfReader(kit / "mini-game-kit.pdf"), page)


@pytest.mark.parametrize("gutter", [0.0, 1.5])
def test_gutter_option_gives_full_bleed_between_cards(tmp_path: Path, gutter: float) -> None:
    _mini(tmp_path)
    kit = build(tmp_path, gutter=gutter)
    cards = placements_of(kit, 5)
    trims = sorted((round(p.clip.x0, 2), round(p.clip.x1, 2)) for p in cards if p.clip.y0 < 100)
    # the first row: three cards; inner sides get half the gutter (never more than 3 mm)
    (a0, a1), (b0, _), _ = trims
    assert b0 - a1 == pytest.approx(0.0, abs=0.01)  # bleeds meet in the middle of the gutter
    assert a1 - a0 == pytest.approx(63 + 3 + min(3, gutter / 2), abs=0.01)
