"""A generated deck of 1,000 / 5,000 / 10,000 cards: time should grow linearly and memory
stay nearly flat (pages are streamed to the PDF writer, card art is reused). The peak is
shown whole, once the deck is loaded (the YAML itself), and as what drawing adds."""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchmarks.common import measure
from playtest.core.limits import MAX_DECK_CARDS

LAYOUT = """layouts:
  card:
    frame:
      - rect: {x: 0, y: 0, w: 63, h: 88, fill: paper, bleed: true}
      - rect: {x: 3, y: 3, w: 57, h: 82, r: 3, stroke: ink, stroke_width: 0.5}
    elements:
      - rect: {x: 3, y: 3, w: 57, h: 12, r: 3, fill: "{colour}"}
      - text: {text: "{name}", x: 5, y: 3, w: 53, h: 12, style: title, colour: paper}
      - icon: {name: leaf, x: 21.5, y: 22, w: 20, h: 20, fill: "{colour}"}
      - text: {text: "{text}", x: 6, y: 50, w: 51, h: 25, style: body, align: center}
      - text: {text: "{id}", x: 40, y: 80, w: 18, h: 4, style: id}
  back:
    elements:
      - rect: {x: 0, y: 0, w: 63, h: 88, fill: green, bleed: true}
"""


def make_deck(root: Path, cards: int) -> None:
    """`cards` cards in games of one deck each: a deck holds at most 5,000 cards and a kit at
    most 2,000 pages (10,000 cards are two games, two kits of 1,112 pages each, one build)."""
    import shutil

    from playtest import components

    shutil.copytree(components.ROOT / "_shared", root / "_shared")
    for start in range(0, cards, MAX_DECK_CARDS):
        number = start // MAX_DECK_CARDS + 1
        game = root / f"big{number}"
        (game / "icons").mkdir(parents=True)
        shutil.copy(
            Path(__file__).resolve().parent.parent
            / "tests"
            / "fixtures"
            / "mini-game"
            / "icons"
            / "leaf.svg",
            game / "icons" / "leaf.svg",
        )
        (game / "game.yaml").write_text(
            f"game: {{id: big{number}, name: Big deck {number}, players: [1, 4]}}\n"
            "style: {colours: {red: '#cc2222', blue: '#2244cc', green: '#2f8f3a'}}\n"
        )
        (game / "layouts.yaml").write_text(LAYOUT)
        lines = [
            "decks:",
            "  - id: deck",
            "    name: Big deck",
            "    layout: card",
            "    back: back",
            "    fields: {colour: [red, blue], text: text}",
            "    cards:",
        ]
        for i in range(start, min(cards, start + MAX_DECK_CARDS)):
            colour = "red" if i % 2 else "blue"
            lines.append(
                f"      - {{id: C{i:05d}, name: Card {i}, colour: {colour}, "
                f"text: 'Gain {i % 7} coins, then draw a card for every other player.'}}"
            )
        (game / "cards.yaml").write_text("\n".join(lines) + "\n")


BODY = """
from pathlib import Path
from playtest.library.loader import load_library
from playtest.generator.kit.build import BuildRequest, build_kits
library = load_library(Path({root!r}))
for game_id in library.game_ids:
    library.game(game_id)
EXTRA = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # peak once loaded
list(build_kits(library, BuildRequest(formats=frozenset({{'pdf'}}), out_dir=Path('out'))))
"""


def run() -> list[tuple[str, ...]]:
    rows = []
    base = None
    for cards in (1_000, 5_000, 10_000):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "components"
            make_deck(root, cards)
            result = measure(BODY.format(root=str(root)), cwd=Path(tmp), repeat=3)
        per_card = result["seconds"] / cards * 1000
        drawing = result["peak_mb"] - result["extra"]  # what building adds to the loaded deck
        base = base or drawing
        rows.append(
            (
                f"{cards:,} cards, PDF",
                f"{result['seconds']:.2f} s",
                f"{result['cpu']:.2f} s" + (" (target: under 5 s)" if cards == 10_000 else ""),
                f"{per_card:.2f} ms/card",
                f"{result['peak_mb']:.0f} MB",
                f"{result['extra']:.0f} MB",
                f"+{drawing:.0f} MB",
            )
        )
    return rows
