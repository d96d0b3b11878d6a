"""What reaches paper: control characters never make an SVG unreadable, and characters the
font lacks are named in a warning instead of printing as silent empty boxes."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from tests.helpers import edit_once, make_components


def test_a_card_name_with_control_characters_makes_valid_svg(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    edit_once(root / "mini-game" / "cards.yaml", "name: Red One", 'name: "Red\\x01One\\x1b[2J"')
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "--format", "svg", "-q")
    assert result.exit_code == 0, result.stderr
    svg = tmp_path / "output" / "mini-game" / "svg" / "deck-M1.svg"
    texts = ["".join(e.itertext()) for e in ET.parse(svg).iter("{http://www.w3.org/2000/svg}text")]
    assert "RedOne[2J" in texts
    title = ET.parse(svg).find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text == "RedOne[2J"


def test_characters_the_font_lacks_are_named_in_a_warning(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    edit_once(root / "mini-game" / "cards.yaml", "name: Red One", 'name: "Red 🌱 中文 One"')
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "--format", "pdf")
    assert result.exit_code == 0
    warnings = [line for line in result.stderr.splitlines() if "no glyph" in line]
    # at the layout's line, naming the card (issue 13: warnings point where the text is)
    assert warnings == [
        "warning: components/mini-game/layouts.yaml:8: "
        "layouts.card.elements[1].text: card M1 (components/mini-game/cards.yaml:"
        "9): font 'bold' has no glyph for '🌱中文' (printed as empty boxes) in "
        "'Red 🌱 中文 One'"
    ]
