"""Issue 13, CLI polish: what a build says it wrote and how to print it, `--format svg` keeping
the PDF, conflicting options refused, `--paper A4`, and `--scale-x 50/49.5`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from playtest.library.registry import OptionShortcut, registrations
from tests.helpers import make_components


def test_the_final_message_lists_what_was_written_and_how_to_print(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    root = make_components(tmp_path)
    result = run_cli("build", "--components", root, "-q", "--backs", "duplex-short")
    assert result.exit_code == 0, result.output
    pages = len(PdfReader(tmp_path / "output" / "mini-game" / "mini-game-kit.pdf").pages)
    assert result.stdout.splitlines() == [
        f"output/mini-game/mini-game-kit.pdf: {pages} pages",
        "output/mini-game/svg/: 9 SVG files",
        'Print the PDF at 100 % ("actual size", not "fit to page"), double-sided, flipping on '
        "the short edge; page 1 checks the scale.",
    ]
    assert result.stderr == ""  # -q


def test_progress_names_every_step_with_plurals_right(tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    root = make_components(tmp_path)
    result = run_cli("build", "--components", root, "--tts")
    assert result.exit_code == 0, result.output
    progress = result.stderr.splitlines()
    assert "mini-game: SVG files" in progress
    assert "mini-game: SVG files: 9 of 9" in progress  # the count, as the PDF gives its pages
    assert any(line.startswith("mini-game: Tabletop Simulator sheets: ") for line in progress)
    assert any(re.search(r": pages \d+-\d+$", line) for line in progress)
    assert not any(line.endswith(" 1 pages") for line in progress)
    assert "output/mini-game/tts/: 1 Tabletop Simulator sheet" in result.stdout.splitlines()


def test_format_svg_keeps_the_pdf_and_says_so(tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    root = make_components(tmp_path)
    assert run_cli("build", "--components", root, "-q").exit_code == 0
    pdf = tmp_path / "output" / "mini-game" / "mini-game-kit.pdf"
    before = pdf.read_bytes()
    result = run_cli("build", "--components", root, "-q", "--format", "svg")
    assert result.exit_code == 0, result.output
    assert pdf.read_bytes() == before
    assert result.stdout.splitlines() == [
        "output/mini-game/svg/: 9 SVG files",
        "output/mini-game/mini-game-kit.pdf: kept from the previous build (not rebuilt)",
    ]
    # and the other way round: a PDF-only build keeps the SVG folder
    result = run_cli("build", "--components", root, "-q", "--format", "pdf")
    assert (tmp_path / "output" / "mini-game" / "svg" / "deck-M1.svg").is_file()
    assert "output/mini-game/svg: kept from the previous build (not rebuilt)" in result.stdout


SHORTCUTS = [(game_id, s) for game_id, g in registrations().items() for s in g.shortcuts]


@pytest.mark.parametrize(("game_id", "shortcut"), SHORTCUTS)
def test_conflicting_option_switches_are_refused(
    game_id: str, shortcut: OptionShortcut, tmp_path: Path, run_cli, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    option = shortcut.option
    result = run_cli("build", game_id, "--option", f"{option}=off", f"--{shortcut.flag}")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"playtest: --{shortcut.flag}: conflicts with --option {option}=off; choose one"
    )


def test_an_option_switched_both_ways_is_refused(tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--option", "rhubarb=on", "--option", "rhubarb=no")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "playtest: --option: rhubarb is switched both on and off; choose one"
    )
    assert not (tmp_path / "output").exists()


def test_paper_in_capitals_and_scale_as_a_fraction(tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    root = make_components(tmp_path)
    result = run_cli(
        "build",
        "--components",
        root,
        "-q",
        "--paper",
        "LETTER",
        "--format",
        "PDF",
        "--scale-x",
        "50/49.5",
        "--backs",
        "None",
    )
    assert result.exit_code == 0, result.output
    page = PdfReader(tmp_path / "output" / "mini-game" / "mini-game-kit.pdf").pages[0]
    assert round(float(page.mediabox.width) / 72 * 25.4) == 216  # letter, not a4
    result = run_cli("build", "--components", root, "--scale-x", "50/0")
    assert result.exit_code == 2
    assert "expected a number or a fraction such as 50/49.5, got '50/0'" in result.stderr
    result = run_cli("build", "--components", root, "--scale-y", "nan")
    assert result.exit_code == 2
    assert result.stderr.strip() == "playtest: --scale-y: nan is not a number from 0.5 to 2"


def test_a_fraction_is_the_exact_ratio() -> None:
    from playtest.cli.params import Ratio

    assert Ratio().convert("50/49.5", None, None) == 50 / 49.5
    assert Ratio().convert(" 1.01 ", None, None) == 1.01


def test_a_sheet_larger_than_the_paper_is_refused_not_shrunk(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    root = make_components(tmp_path)
    cards = root / "mini-game" / "cards.yaml"
    cards.write_text(
        cards.read_text().replace(
            "{id: front-sheet, name: Score sheet, size: a5,",
            "{id: front-sheet, name: Score sheet, size: [210, 297],",
        )
    )
    result = run_cli("build", "--components", root, "-q")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "components/mini-game/cards.yaml:28: sheets[0].size: sheet front-sheet is 210x297 mm, "
        "larger than what a4 paper prints (198x285 mm inside the 6 mm margin); it would print "
        "shrunk: choose a size that fits, or make it a board (boards are tiled across pages)"
    )
    assert not (tmp_path / "output" / "mini-game").exists()
