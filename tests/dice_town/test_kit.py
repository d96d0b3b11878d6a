"""The Dice Town kit, read back from the PDF and the SVG files it writes: every card printed,
the board tiled, the supply counted, and the numbers printed (scoring, prizes, displays) taken
from the YAML, so that changing one changes the print (and the score)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from lxml import etree
from pypdf import PdfReader
from pypdf.generic import ContentStream

from playtest.generator.impose.tiles import plan_tiles
from playtest.generator.kit.build import BuildRequest, build_game
from playtest.library.loader import load_library
from playtest.model.game import Game
from playtest.model.print_options import PrintOptions
from playtest.scorer.api import evaluate_file
from playtest.scorer.games.dice_town.poker import HandRanker
from tests.helpers import kit_sections, make_components
from tests.pdf_text import page_text

from .helpers import RECORDS

GAME = "dice-town"
SVG_TEXT = "{http://www.w3.org/2000/svg}text"


@dataclass(frozen=True)
class Kit:
    game: Game
    folder: Path
    reader: PdfReader
    pages: list[str]  # the text of every PDF page
    log: list[str]  # progress lines, warnings included

    def section(self, title_start: str) -> list[int]:
        """Indexes of the pages of the section whose title (its bookmark) starts so."""
        sections = kit_sections(self.folder / f"{GAME}-kit.pdf")
        for title, pages in sections.items():
            if title.startswith(title_start):
                return [page - 1 for page in pages]
        raise AssertionError(f"no section {title_start!r} in {list(sections)}")

    def text(self, title_start: str) -> str:
        return "\n".join(self.pages[i] for i in self.section(title_start))

    def svg_texts(self, name: str) -> list[str]:
        root = etree.parse(str(self.folder / "svg" / f"{name}.svg")).getroot()
        return ["".join(t.itertext()) for t in root.iter(SVG_TEXT)]

    def placed(self, title_start: str) -> int:
        """Items placed on a section's pages: each is one form XObject drawn on the page."""
        return sum(
            op == b"Do"
            for i in self.section(title_start)
            for _, op in ContentStream(self.reader.pages[i].get_contents(), self.reader).operations
        )


def build_kit(root: Path, out: Path) -> Kit:
    game = load_library(root).game(GAME)
    log: list[str] = []
    build_game(game, BuildRequest(), out / GAME, log.append)
    pdf = out / GAME / f"{GAME}-kit.pdf"
    doc = pdfium.PdfDocument(pdf)  # text: pdfium is much faster than pypdf here
    pages = [page_text(doc[i]) for i in range(len(doc))]
    doc.close()
    return Kit(game, out / GAME, PdfReader(pdf), pages, log)


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Kit:
    tmp = tmp_path_factory.mktemp("dice-town-kit")
    return build_kit(make_components(tmp, GAME, mini=False), tmp / "out")


def contains_run(seq: list[str], run: list[str]) -> bool:
    return any(seq[i : i + len(run)] == run for i in range(len(seq) - len(run) + 1))


def test_the_build_warns_of_nothing(kit: Kit) -> None:
    assert [line for line in kit.log if "warning:" in line] == []


def test_every_card_is_printed_with_its_id_and_points(kit: Kit) -> None:
    words = set(" ".join(kit.text(f"{deck.name} (") for deck in kit.game.decks).split())
    for deck in kit.game.decks:
        for card in deck.cards:
            assert card.id in words, card.id
            texts = kit.svg_texts(f"{deck.id}-{card.id}")
            assert card.id in texts
            if deck.id != "doc-badluck":  # Doc Badluck cards are never scored: no points shown
                assert str(card.model_extra["points"]) in texts, card.id


def test_each_deck_has_a_back_of_its_own(kit: Kit) -> None:
    backs = {deck.id: tuple(kit.svg_texts(f"{deck.id}-back")) for deck in kit.game.decks}
    assert len(set(backs.values())) == len(kit.game.decks) == 3
    for deck in kit.game.decks:  # one back page after each page of fronts (duplex)
        assert len(kit.section(f"{deck.name} (")) % 2 == 0


def test_the_board_is_tiled_with_an_assembly_page(kit: Kit) -> None:
    board = kit.game.boards[0]
    tiles = plan_tiles(board.size, PrintOptions.from_presets(kit.game.presets)).tiles
    pages = kit.section(f"{board.name} (")
    # every page has a blank back (a tile is cut and glued: nothing may print behind it)
    assert len(tiles) > 1 and len(pages) == 2 * (1 + len(tiles))
    assert all("intentionally blank" in kit.pages[page] for page in pages[1::2])
    assert f"{board.name}: assembly" in kit.pages[pages[0]]
    for tile, page in zip(tiles, pages[2::2], strict=True):
        assert f"{board.name}: tile {tile.name} " in kit.pages[page]


def test_the_board_shows_the_locations_in_order_and_the_displays(kit: Kit) -> None:
    rules = kit.game.rules
    texts = kit.svg_texts("board-town")
    names = [t for t in texts if t in {loc.name for loc in rules.locations}]
    assert names[: len(rules.locations)] == [loc.name for loc in rules.locations]
    mine = rules.locations[0]
    assert f"Most {mine.face} dice: take {mine.amount.per_die} nugget" in " ".join(texts)
    assert [t for t in texts if re.fullmatch(r"Deed \d+", t)] == [
        f"Deed {n}" for n in range(1, rules.display.deeds + 1)
    ]
    assert [t for t in texts if re.fullmatch(r"Doc Badluck \d+", t)] == [
        f"Doc Badluck {n}" for n in range(1, rules.display.doc_badluck + 1)
    ]


def test_supply_counts_in_the_kit_match_the_rules(kit: Kit) -> None:
    supply, tokens = kit.game.rules.supply, {t.id: t for t in kit.game.tokens}
    assert tokens["banknote"].count == supply.banknotes
    assert tokens["nugget"].count == supply.nuggets
    assert tokens["sheriff-badge"].count == supply.sheriff_badges
    assert kit.placed(f"Banknote ({supply.banknotes} tokens)") == supply.banknotes
    assert kit.placed(f"Gold nugget ({supply.nuggets} tokens)") == supply.nuggets
    assert kit.placed("Sheriff badge (") == supply.sheriff_badges
    # the section's bookmark says "1 token", not "1 tokens" (issue 26)
    titles = kit_sections(kit.folder / f"{GAME}-kit.pdf")
    assert supply.sheriff_badges == 1 and "Sheriff badge (1 token)" in titles
    note = f"${supply.banknote_value}"
    assert kit.text("Banknote (").split().count(note) == 2 * supply.banknotes


def test_dice_count_and_faces_come_from_the_rules(kit: Kit) -> None:
    (die,) = kit.game.dice
    dice = kit.game.rules.dice
    assert die.count == dice.per_player * kit.game.info.players[1]
    assert kit.svg_texts("die-poker-die") == [face.label for face in dice.faces]
    stickers = kit.text("dice stickers (")
    assert f"Poker die {die.count} of {die.count}" in stickers
    assert stickers.split().count(dice.faces[-1].label) == die.count


def test_the_example_hands_are_the_hands_they_illustrate(kit: Kit) -> None:
    rules = kit.game.rules
    ranker = HandRanker(rules)
    aid = next(s for s in kit.game.sheets if s.id == "player-aid")
    for examples in (aid.data["examples"], kit.game.boards[0].data["examples"]):
        assert [ranker.hand(dice).category.id for dice in examples] == [
            hand.id for hand in rules.poker_hands
        ]
    texts = kit.svg_texts("sheet-player-aid")
    for n, (hand, dice) in enumerate(
        zip(rules.poker_hands, aid.data["examples"], strict=True), start=1
    ):
        assert contains_run(texts, [str(n), hand.name, *dice]), hand.id


def test_the_score_pad_prints_the_scoring_rules(kit: Kit) -> None:
    scoring = kit.game.rules.scoring
    printed = [
        f"{scoring.points_per_nugget} per nugget",
        f"1 per ${scoring.dollars_per_point}, rounded down",
        f"+{scoring.sheriff_badge_points} for its holder",
    ]
    texts = kit.svg_texts("sheet-score-pad")
    pdf = kit.text("score sheets and aids, full page")
    for line in printed:
        assert texts.count(line) == kit.game.sheets[1].data["games"]
        assert line in pdf


def test_the_set_up_and_rolling_aid_is_printed_on_the_player_aids_back(kit: Kit) -> None:
    rules = kit.game.rules
    per = rules.dice.per_player
    aid = " ".join(" ".join(kit.svg_texts("sheet-setup-aid")).split())
    for line in (
        f"Each player takes a dice cup, {per} dice and ${rules.setup.starting_money}.",
        "The oldest player takes the sheriff badge.",
        f"All {rules.supply.nuggets} gold nuggets go in the mine, "
        f"${rules.setup.bank_start} on the bank.",
        f"takes {rules.rolling.free_dice_per_roll} die out of the cup, for free, and may take more",
        f"Each more die kept from the same roll costs ${rules.rolling.extra_die_cost}; "
        f"keeping none costs ${rules.rolling.keep_none_cost}, paid under the bank.",
        f"The last roll: once a player has all {per} dice out, everyone else rolls "
        "once more and keeps every die, for free",
    ):
        assert line in aid
    # double-sided, its page comes right after the player aid's, on the back of the sheet
    pages = kit.section("score sheets and aids, full page")
    texts = [" ".join(kit.pages[i].split()) for i in pages]
    front = next(k for k, t in enumerate(texts) if "Player aid" in t)
    assert "The oldest player takes the sheriff badge." in texts[front + 1]


def _edit(path: Path, old: str, new: str, after: str = "") -> None:
    text = path.read_text()
    start = text.index(after)
    at = text.index(old, start)
    path.write_text(text[:at] + new + text[at + len(old) :])


def test_changed_numbers_change_the_print_and_the_score(tmp_path: Path) -> None:
    root = make_components(tmp_path, GAME)
    record = RECORDS / "final-01-two-players.yaml"
    before = evaluate_file(record, load_library(root))
    game_yaml = root / GAME / "game.yaml"
    _edit(game_yaml, "sheriff_badge_points: 5", "sheriff_badge_points: 7")
    _edit(game_yaml, "dollars_per_point: 2", "dollars_per_point: 3")
    _edit(game_yaml, "cap: 3", "cap: 4", after="id: gold-mine")
    _edit(game_yaml, "deeds: 3", "deeds: 4", after="display:")
    _edit(game_yaml, "extra_die_cost: 1", "extra_die_cost: 2")
    changed = build_kit(root, tmp_path / "out")
    aid = " ".join(" ".join(changed.svg_texts("sheet-setup-aid")).split())
    assert "from the same roll costs $2; keeping none costs $1, paid under the bank." in aid

    pad = changed.svg_texts("sheet-score-pad")
    assert "+7 for its holder" in pad and "1 per $3, rounded down" in pad
    assert "+5 for its holder" not in pad
    assert "+7" in changed.svg_texts("token-sheriff-badge")
    board = " ".join(changed.svg_texts("board-town"))
    assert "take 1 nugget per 9, at most 4." in board and "Deed 4" in board
    assert "+7 for its holder" in changed.text("score sheets and aids, full page")

    after = evaluate_file(record, load_library(root))
    # Ann holds the badge: 5 -> 7; her $9 scores 3 not 4. Bob's $10 scores 3 not 5.
    assert [p.total for p in before.players] == [39, 67]
    assert [p.total for p in after.players] == [39 + 2 - 1, 67 - 2]
    assert after.players[0].breakdown["sheriff"] == 7


def test_the_town_hall_takes_the_bottom_deed_in_print(kit: Kit) -> None:
    """The write-up: the winner takes the bottom card of the display, not the lowest value."""
    printed = " ".join(" ".join(page.split()) for page in kit.pages)
    assert "take 1 deed, the bottom one of the display, plus 1 more per A" in printed
    assert "Deed 1 is the bottom card: the Town Hall winner takes it first." in printed
    assert "the game ends after this round" in printed  # rules.resolution.finish_round
    assert "lowest" not in printed.lower()
