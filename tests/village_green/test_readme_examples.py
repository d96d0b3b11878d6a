"""What the README says of Village Green: its worked example of adding a card works as
written, and the number of cards it states is the number in the YAML."""

from __future__ import annotations

import re
from pathlib import Path

from playtest.library.loader import Library
from tests.conftest import REPO
from tests.helpers import make_components

README = (REPO / "README.md").read_text()


def test_adding_a_card_as_the_readme_shows(tmp_path: Path, run_cli, monkeypatch) -> None:
    example = README.split("### Example: add a new card", 1)[1]
    entry = re.search(r"```yaml\n(.*?)```", example, re.S).group(1)
    root = make_components(tmp_path, "village-green", mini=False)
    cards = root / "village-green" / "cards.yaml"
    text = cards.read_text()
    anchor = text.index("      - id: A30")
    end = text.index("\n  - id: ", anchor)  # the end of the awards deck
    cards.write_text(text[: end + 1] + entry + text[end + 1 :])
    record = tmp_path / "quiet.yaml"
    record.write_text(
        "game: village-green\nvariant: solo\nplayers:\n  - name: Ann\n    village: face-up\n"
        "    top: [A31, A02, A24]\n    left: [null, null, null]\n    grid:\n"
        "      - [G55, null, null]\n      - [G01, null, null]\n      - [G56, null, null]\n"
    )
    monkeypatch.chdir(tmp_path)
    result = run_cli("score", record, "--json", "--components", root)
    assert result.exit_code == 0, result.output
    # column 1: two lawns (2 each) and a pond (1): 5
    assert '"A31 Award for Quiet Corners (column 1)": 5' in result.stdout
    built = run_cli("build", "village-green", "--components", root, "--format", "svg", "-q")
    assert built.exit_code == 0, built.output
    svg = (tmp_path / "output" / "village-green" / "svg" / "awards-A31.svg").read_text()
    assert "Award for Quiet Corners" in svg
    # it prints like the other awards: each medal with its words and pictogram (issue 13)
    texts = re.findall(r"<text[^>]*>([^<]*)<", svg)
    # (each medal's points marked as a playtest default, issue 42)
    assert texts[2:10] == ["each", "lawn", "2", "\u2020", "each", "pond", "1", "\u2020"]
    assert svg.count("<use") >= 4  # two medals and two pictograms


def test_village_green_has_the_cards_the_readme_counts(library: Library) -> None:
    cards = int(re.search(r"\*\*Village Green\*\* \((\d+)\s+cards", README).group(1))
    game = library.game("village-green")
    # the player aids are printed for the playtest, not cards of the game (cards.yaml says so)
    decks = [deck for deck in game.decks if deck.id != "aids"]
    assert cards == sum(card.count for deck in decks for card in deck.cards)
