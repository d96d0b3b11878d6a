"""Tabletop Simulator deck sheets and PNG previews, rendered with pypdfium2."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from tests.helpers import make_components


def test_tts_sheet_is_a_10_by_7_grid_with_the_back_last(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "--format", "pdf", "--tts", "-q")
    assert result.exit_code == 0, result.output
    tts = tmp_path / "output" / "mini-game" / "tts"
    assert sorted(p.name for p in tts.iterdir()) == ["deck-1.png"]
    image = Image.open(tts / "deck-1.png").convert("RGB")
    cell_w, cell_h = image.width / 10, image.height / 7
    assert abs(cell_w / cell_h - 63 / 88) < 0.01  # cells keep the card's proportions

    def centre(col: int, row: int) -> tuple[int, int, int]:
        return image.getpixel((int((col + 0.5) * cell_w), int((row + 0.1) * cell_h)))

    back = centre(9, 6)
    assert back[2] > 150 and back[0] < 100  # the blue back in the last slot
    assert centre(5, 3) == (255, 255, 255)  # an unused slot stays white
    # the first card's red title band at the top of the first cell
    band = image.getpixel((int(0.5 * cell_w), int(0.1 * cell_h)))
    assert band[0] > 150 and band[1] < 100


def test_preview_writes_the_asked_pages(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = make_components(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = run_cli(
        "preview",
        "mini-game",
        "--page",
        "1",
        "--page",
        "4",
        "--components",
        root,
        "--out",
        "prev",
        "--dpi",
        "30",
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.split() == ["prev/mini-game-page-01.png", "prev/mini-game-page-04.png"]
    image = Image.open(io.BytesIO((tmp_path / "prev" / "mini-game-page-04.png").read_bytes()))
    width, height = image.size
    assert abs(width - 210 / 25.4 * 30) <= 1 and abs(height - 297 / 25.4 * 30) <= 1
    result = run_cli("preview", "mini-game", "--page", "99", "--components", root, "--out", "prev")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "playtest: --page: page 99 does not exist (the kit has 26 pages)"
    )


def test_text_that_cannot_fit_is_a_warning_once(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = make_components(tmp_path)
    layouts = root / "mini-game" / "layouts.yaml"
    # the id box of every card: far too small for its text even at the smallest size
    layouts.write_text(
        layouts.read_text().replace(
            '{text: "{id}", x: 40, y: 80, w: 18, h: 4, style: id}',
            '{text: "identifier {deck.name}", x: 40, y: 80, w: 3, h: 1, style: id}',
        )
    )
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "--format", "pdf")
    assert result.exit_code == 0
    warnings = [line for line in result.stderr.splitlines() if "warning:" in line]
    # four cards print the same text in the same box: one warning, not four (the extra deck
    # is switched off); text never shrinks below the house minimum of 6 pt; issue 13: at the
    # layout's line, naming the element and the card
    assert warnings == [
        "warning: components/mini-game/layouts.yaml:12: layouts.card.elements[5].text: card M1 "
        "(components/mini-game/cards.yaml:9): text does not fit its 3x1 mm box even at 6.0 pt: "
        "'identifier Mini cards'"
    ]
