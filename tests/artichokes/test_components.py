"""The real components data, and the scorer reading its numbers from there (not from code)."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from playtest import components
from playtest.core.errors import InputError
from playtest.library.loader import Library, load_library

from .helpers import evaluate, load_record, player

GAME = "abandon-all-artichokes"
VEGETABLES = [
    "beet",
    "broccoli",
    "carrot",
    "corn",
    "eggplant",
    "leek",
    "onion",
    "peas",
    "pepper",
    "potato",
]


def test_rules_block(library: Library) -> None:
    rules = library.game(GAME).rules
    assert rules.model_dump() == {
        "artichokes_per_player": 10,
        "garden_row_size": 5,
        "reshuffle_threshold": 4,
        "hand_size": 5,
        "cards_harvested": 1,
        "turn_phases": ("replenish", "harvest", "play", "discard", "draw"),
        "stuck_row": "keep",
    }
    assert library.game(GAME).info.players == (2, 4)
    assert library.game(GAME).info.options == {"rhubarb": False, "carrot-only-play": True}


def test_playtest_default_is_marked() -> None:
    text = (components.ROOT / GAME / "cards.yaml").read_text()
    rhubarb = text[text.index("- id: rhubarb\n") :]
    assert re.search(r"^\s+count: 6 .*# playtest default$", rhubarb, re.M)


def test_decks(library: Library) -> None:
    game = library.game(GAME)
    garden = Counter()
    for card in game.deck("garden").cards:
        garden[card.data()["vegetable"]] += card.count
    assert garden == {"artichoke": 40, **dict.fromkeys(VEGETABLES, 6)}
    artichokes = [c for c in game.deck("garden").cards if c.data()["vegetable"] == "artichoke"]
    assert [(c.id, c.count) for c in artichokes] == [(f"artichoke-{i}", 8) for i in range(1, 6)]
    rhubarb = game.deck("rhubarb")
    assert (rhubarb.optional, [(c.id, c.count) for c in rhubarb.cards]) == (
        "rhubarb",
        [("rhubarb", 6)],
    )
    assert [(c.id, c.count) for c in game.deck("reference").cards] == [("reference", 4)]
    assert {d.back for d in game.decks} == {"back"}  # one back for every card


def test_every_vegetable_has_colour_icon_and_wording(library: Library) -> None:
    game = library.game(GAME)
    kinds = {}
    for deck in (game.deck("garden"), game.deck("rhubarb")):
        for card in deck.cards:
            data = card.data()
            assert data["colour"] in game.style.colours, card.id
            # Peas' condition is built from the cards the stack must hold
            assert data["ability"] and (data.get("condition") or data["needs_stack_cards"]), card.id
            kinds[data["vegetable"]] = (data["colour"], data["icon"])
    assert len(kinds) == 12
    assert len({colour for colour, _ in kinds.values()}) == 12
    assert {icon for _, icon in kinds.values()} == set(kinds)


def test_card_set_reads_the_decks(library: Library) -> None:
    cards = library.game(GAME).catalogue  # built once, at load
    assert [(k.vegetable, k.copies) for k in cards.in_play(frozenset())] == [
        ("artichoke", 40),
        *((v, 6) for v in VEGETABLES),
    ]
    assert len(cards.in_play(frozenset({"rhubarb"}))) == 12
    assert [k.vegetable for k in cards.kinds if k.composts_itself] == [
        "carrot",
        "eggplant",
        "rhubarb",
    ]
    assert cards.resolve("ARTICHOKE-4") == "artichoke"
    assert cards.resolve("reference") is None


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    root = tmp_path / "components"
    shutil.copytree(components.ROOT, root)
    return root


def edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / GAME / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_artichokes_per_player_come_from_the_yaml(copy: Path, library: Library) -> None:
    # 8 each for 3 players = 24: take 2 Artichokes from each of Ann, Ben and Cy's decks
    mid = load_record("mid-game.yaml")
    for name, deck in (
        ("Ann", {"artichoke": 1, "broccoli": 1}),
        ("Ben", {"artichoke": 3}),
        ("Cy", {"artichoke": 3, "peas": 1}),
    ):
        player(mid, name)["deck"] = deck
    assert [v.message for v in evaluate(mid, library).violations] == [
        "24 Artichoke cards in play; 3 players have 30 (10 each)"
    ]
    edit(copy, "game.yaml", "artichokes_per_player: 10", "artichokes_per_player: 8")
    assert evaluate(mid, load_library(copy)).legal


def test_hand_size_comes_from_the_yaml(copy: Path, library: Library) -> None:
    mid = load_record("mid-game.yaml")
    player(mid, "Ann")["hand"] = {"artichoke": 4, "onion": 1, "potato": 1}
    player(mid, "Ann")["discard"] = ["artichoke", "pepper"]
    assert [v.code for v in evaluate(mid, library).violations] == ["AA-10"]
    edit(copy, "game.yaml", "hand_size: 5", "hand_size: 6")
    assert evaluate(mid, load_library(copy)).legal  # six cards between turns are now normal


def test_copies_come_from_the_cards(copy: Path, library: Library) -> None:
    # 7 copies of each of the 10 vegetables: 70 cards, 15 outside the stack leave 55 in it
    text = (copy / GAME / "cards.yaml").read_text()
    (copy / GAME / "cards.yaml").write_text(text.replace("count: 6\n", "count: 7\n"))
    mid = load_record("mid-game.yaml")
    result = evaluate(mid, load_library(copy))
    assert [v.message for v in result.violations] == [
        "holds 45 cards, but the 70 non-Artichoke cards minus the 15 elsewhere leave 55"
    ]
    mid["garden_stack"] = 55
    assert evaluate(mid, load_library(copy)).legal


def test_too_few_artichokes_for_the_most_players_is_an_input_error(
    copy: Path, run_cli: Any
) -> None:
    # five arts of 7 copies: 35 Artichokes, but 4 players need 10 each
    path = copy / GAME / "cards.yaml"
    path.write_text(path.read_text().replace("count: 8", "count: 7"))
    record = Path(__file__).parent / "records" / "mid-game.yaml"
    result = run_cli("check", "--components", copy, record)
    assert result.exit_code == 2
    assert result.output.strip().endswith(
        "rules.artichokes_per_player: 4 players need 10 Artichokes each, more than the 35 "
        "Artichoke cards"
    )
    with pytest.raises(InputError):  # refused at load: no kit is built either
        load_library(copy).game(GAME)
    built = run_cli("build", GAME, "--components", copy, "--out", copy / "out")
    assert built.exit_code == 2
    assert "more than the 35 Artichoke cards" in built.output
