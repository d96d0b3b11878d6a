"""The Dice Town engine and the scorer agree: random games reach only positions `playtest check`
passes (mid-game: every rule but the end trigger), with money, nuggets and cards conserved; the
final scores are `playtest score`'s on the written record; and the rolling phase, the locations
and every card do what the rules and the cards say."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.core.yamlsource import parse_document
from playtest.library.loader import load_library
from playtest.scorer.api import evaluate_document
from playtest.scorer.engine import CHANCE, engine_for
from playtest.scorer.games.dice_town.checks import check_round
from playtest.scorer.games.dice_town.engine import Engine, State
from playtest.scorer.games.dice_town.position import RoundPlayer, RoundPosition
from playtest.scorer.record_text import record_yaml
from tests.engines.random_games import random_states
from tests.helpers import copy_components, edit_once

LIBRARY = load_library()
ENGINE: Engine = engine_for(LIBRARY.game("dice-town"))  # type: ignore[assignment]
RULES = ENGINE.rules
NAMES = ("Ann", "Bob", "Cy", "Dan", "Eve")


def play(engine: Engine, players: int, seed: int):
    """Every state of one random game: chance from the seed, decisions uniform."""
    return random_states(engine, engine.new_game(NAMES[:players]), seed)


def where_cards_are(s: State) -> Counter[str]:
    # General Store cards played are out of the game (in `used`); Doc Badluck cards used are
    # in the discard (and may be shuffled back), so `used` lists them as a history only
    played = [tuple(c for c in used if c.startswith("GS")) for used in s.used]
    places = [
        *s.store,
        *s.deeds,
        *played,
        s.store_pile,
        s.store_under,
        s.deed_deck,
        s.deed_display,
        s.doc_deck,
        s.doc_display,
        s.doc_discard,
    ]
    found = Counter(card for place in places for card in place)
    if s.need and s.need[0] == "take-card" and s.need[3] < 0:  # drawn from the General
        # Store, not yet kept: out of every pile (the Saloon's stay in their owner's hand)
        found.update(s.need[2])
    if s.need and s.need[0] == "hold-up":  # played as soon as got: its target is due
        found.update([s.need[2]])
    return found


EVERY_CARD = Counter(
    card for deck in (ENGINE.cards.store, ENGINE.cards.deeds, ENGINE.cards.docs) for card in deck
)


def assert_sound(state: State) -> None:
    """What no game can break: money, nuggets and cards conserved, the scorer's checks."""
    n = len(state.names)
    assert sum(state.dollars) + state.bank + state.box == RULES.setup.table_money(n)
    assert min(state.dollars) >= 0 and state.mine >= 0
    assert sum(state.nuggets) + state.mine == RULES.supply.nuggets
    assert where_cards_are(state) == EVERY_CARD, state
    codes = {v.code for v in ENGINE.result(state).violations}
    assert codes == set(), (ENGINE.record(state), codes)
    if not any(state.cups) and any(state.kept):  # the dice are out: a `kind: round` record
        round_record = RoundPosition(
            sheriff=state.names[state.sheriff],
            bank=state.bank,
            mine=state.mine,
            deeds=tuple(ENGINE.flow.points[d] for d in state.deed_display),
            players=tuple(
                RoundPlayer(name, dice) for name, dice in zip(state.names, state.kept, strict=True)
            ),
        )
        assert check_round(round_record, LIBRARY.game("dice-town")) == []


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_random_games_stay_legal_and_score_as_the_scorer(players: int, seed: int) -> None:
    for state in play(ENGINE, players, seed):
        assert_sound(state)
        if ENGINE.to_move(state) >= 0:
            legal = ENGINE.legal_moves(state)
            assert legal and len(legal) == len(set(legal))
            for move in legal:
                assert ENGINE.move_problem(state, move) is None
                assert ENGINE.parse_move(state, ENGINE.format_move(state, move)) == move
    assert state.over and state.ending  # the game ended on a trigger
    assert state.mine == 0 or len(state.deed_deck) == 0
    text = record_yaml(ENGINE.record(state))
    scored = evaluate_document(parse_document(text.encode(), Path("r.yaml"), "r.yaml"), LIBRARY)
    assert scored.to_json() == ENGINE.result(state).to_json()
    assert scored.violations == ()
    assert ENGINE.scores(state) == tuple(p.total for p in scored.players)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_chance_events_round_trip_through_the_notation(players: int) -> None:
    for seed in range(3):
        for state in play(ENGINE, players, seed):
            if ENGINE.to_move(state) == CHANCE:
                chance = ENGINE.sample_chance(state, random.Random(seed))
                key, value = ENGINE.format_chance(state, chance)
                assert ENGINE.parse_chance(state, key, value) == chance
                assert ENGINE.chance_problem(state, chance) is None


# -- a round played by hand -----------------------------------------------------------------


def run(state: State, *events: tuple[str, Any], engine: Engine = ENGINE) -> State:
    """Events as a log writes them: (`roll`, {name: faces}), (`store`, `GS01`), (`Ann`, move)."""
    for key, value in events:
        if key in engine.chance_names:
            chance = engine.parse_chance(state, key, value)
            assert engine.chance_problem(state, chance) is None, (key, value)
            state = engine.apply_chance(state, chance)
        else:
            assert state.names[engine.to_move(state)] == key, (key, value, state.need)
            move = engine.parse_move(state, value)
            assert engine.move_problem(state, move) is None, (key, value)
            state = engine.apply(state, move)
    return state


def dealt(state: State, **hands: str) -> State:
    """Cards put in players' hands from the piles (`Ann="GS01 P05"`)."""
    s = state.copy()
    for name, cards in hands.items():
        seat = s.names.index(name)
        for card in cards.split():
            if card.startswith("GS"):
                s.store_pile = tuple(c for c in s.store_pile if c != card)
                s.store = (
                    *s.store[:seat],
                    tuple(sorted((*s.store[seat], card))),
                    *s.store[seat + 1 :],
                )
            else:
                s.deed_deck = tuple(c for c in s.deed_deck if c != card)
                s.deeds = (
                    *s.deeds[:seat],
                    tuple(sorted((*s.deeds[seat], card))),
                    *s.deeds[seat + 1 :],
                )
    return s


def round_with(dice: dict[str, str], engine: Engine = ENGINE, **hands: str) -> State:
    """A game set up (deeds 5, 2, 3 face up; Charm, Friendship, Luck), the hands dealt, and a
    first roll every player keeps whole ($4 each): the state the locations start from."""
    state = run(
        engine.new_game(tuple(dice)),
        ("deeds", "P20 P09 P12"),
        ("doc", "DB7 DB6 DB5"),
        engine=engine,
    )
    state = dealt(state, **hands)
    return run(
        state,
        ("roll", dice),
        *((name, f"keep {faces}") for name, faces in dice.items()),
        engine=engine,
    )


def test_keeping_costs_and_the_last_roll() -> None:
    state = run(
        ENGINE.new_game(("Ann", "Bob", "Cy")),
        ("deeds", "P20 P09 P12"),
        ("doc", "DB7 DB6 DB5"),
        ("roll", {"Ann": "9 9 K Q A", "Bob": "10 J J Q K", "Cy": "9 10 J Q A"}),
    )
    keep_two = ENGINE.move_problem(state, ENGINE.parse_move(state, "keep 9 9 Q"))
    assert keep_two is None
    wrong = ENGINE.move_problem(state, ENGINE.parse_move(state, "keep 10"))
    assert wrong is not None and wrong.code == "DT-10"
    state = run(state, ("Ann", "keep 9 9 Q"), ("Bob", "keep none"), ("Cy", "keep A"))
    assert state.dollars == (6, 7, 8) and state.box == 3 and state.cups == (2, 5, 4)
    # Ann keeps her last two: Bob and Cy roll once more and keep everything, for free
    state = run(
        state,
        ("roll", {"Ann": "K K", "Bob": "9 9 10 10 A", "Cy": "J Q K A"}),
        ("Ann", "keep K K"),
        ("Bob", "keep 9"),
        ("Cy", "keep J"),
    )
    assert state.cups == (0, 4, 3) and state.dollars == (5, 7, 8) and state.box == 4
    state = run(state, ("roll", {"Bob": "10 10 10 10", "Cy": "Q K A"}))
    assert state.cups == (0, 0, 0) and state.kept[1] == ("9", "10", "10", "10", "10")
    # the last roll is free (rules.rolling.last_roll_paid); Bob's four 10s take the bank's $3
    assert state.box == 4 and state.dollars == (5, 10, 8)


def test_a_paid_last_roll_is_a_yaml_switch(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    edit_once(root / "dice-town" / "game.yaml", "last_roll_paid: false", "last_roll_paid: true")
    engine: Engine = engine_for(load_library(root).game("dice-town"))  # type: ignore[assignment]
    state = run(
        engine.new_game(("Ann", "Bob")),
        ("deeds", "P20 P09 P12"),
        ("doc", "DB7 DB6 DB5"),
        ("roll", {"Ann": "9 9 K Q A", "Bob": "10 J J Q K"}),
        ("Ann", "keep 9 9 K Q A"),
        ("Bob", "keep J"),
        ("roll", {"Bob": "9 10 Q K"}),
        engine=engine,
    )
    # Bob's last four dice cost $3 (three beyond the free one); then his 10 takes the bank's $3
    assert state.box == 7 and state.dollars == (4, 8)


def test_no_money_means_one_die_a_roll() -> None:
    state = run(ENGINE.new_game(("Ann", "Bob")), ("deeds", "P20 P09 P12"), ("doc", "DB7 DB6 DB5"))
    state = dataclasses.replace(state, dollars=(0, 8), box=8)
    state = run(state, ("roll", {"Ann": "9 9 K Q A", "Bob": "10 J J Q K"}))
    assert {" ".join(m) for m in ENGINE.legal_moves(state)} == {
        "keep 9",
        "keep K",
        "keep Q",
        "keep A",
    }
    none = ENGINE.move_problem(state, ENGINE.parse_move(state, "keep none"))
    assert none is not None and none.code == "DT-11" and "costs $1; Ann has $0" in none.message


def test_the_locations_pay_out_and_ties_go_to_the_sheriff() -> None:
    state = round_with({"Ann": "9 J J A A", "Bob": "9 10 Q K A"})
    assert state.need[0] == "tie" and state.names[state.need[1]] == "Ann"  # Gold Mine: 1 each
    state = run(state, ("Ann", "choose Bob"))
    assert state.nuggets == (0, 1) and state.mine == 29
    assert state.dollars == (4, 7)  # Bob took the bank's $3 after paying $4
    state = run(state, ("store", "GS12 GS19"), ("Ann", "keep GS19"))
    assert state.store[0] == ("GS19",) and state.store_under == ("GS12",)
    state = run(state, ("Bob", "from Ann"), ("saloon", "GS19"))  # Bob's Queen
    assert state.store == ((), ("GS19",))
    assert state.sheriff == 1  # Bob's King
    # Ann's two pair takes the bottom deed and, for two Aces, the other two
    assert state.deeds[0] == ("P09", "P12", "P20") and state.need[0] == "deeds"


def test_doc_badluck_is_for_who_won_nothing() -> None:
    state = round_with({"Ann": "9 9 9 9 K", "Bob": "9 9 9 A A"})
    state = run(state, ("deeds", "P01"))
    assert state.need == ("doc-pick", 1)  # Bob won nothing
    assert {" ".join(m) for m in ENGINE.legal_moves(state)} == {"DB7", "DB6", "DB5"}
    state = run(state, ("Bob", "DB7"))  # Charm: $2 from every opponent
    assert state.dollars == (2, 6)
    assert state.doc_display == ("DB6", "DB5") and state.need[0] == "doc"


@pytest.mark.parametrize(
    ("power", "hands", "dice", "events", "check"),
    [
        # Dynamite: twice the nuggets
        (
            "dynamite",
            {"Bob": "GS01"},
            {"Ann": "10 J Q K A", "Bob": "9 9 10 10 K"},
            [("Bob", "GS01")],
            lambda s: s.nuggets == (0, 4),
        ),
        # Wanted Poster cancels it
        (
            "wanted-poster",
            {"Bob": "GS01", "Ann": "GS05"},
            {"Ann": "10 J Q K A", "Bob": "9 9 10 10 K"},
            [("Bob", "GS01"), ("Ann", "GS05")],
            lambda s: s.nuggets == (0, 2) and s.used == (("GS05",), ("GS01",)),
        ),
        # Cut of the Loot: half the bank ($3 -> $1)
        (
            "cut-of-the-loot",
            {"Ann": "GS02"},
            {"Ann": "J Q K A A", "Bob": "9 10 10 10 Q"},
            [("Ann", "GS02")],
            lambda s: s.dollars == (5, 6),
        ),
        # Tin Star: the sheriff stays
        (
            "tin-star",
            {"Ann": "GS07"},
            {"Ann": "Q Q A A A", "Bob": "9 9 10 K K"},
            [("Ann", "GS07")],
            lambda s: s.sheriff == 0 and s.deeds[0] == ("P09", "P12", "P20"),
        ),
        # Two for One: the General Store twice
        (
            "two-for-one",
            {"Bob": "GS04"},
            {"Ann": "9 9 Q K A", "Bob": "10 J J K A"},
            [
                ("Bob", "GS04"),
                ("store", "GS12 GS13"),
                ("Bob", "keep GS12"),
                ("store", "GS14 GS15"),
                ("Bob", "keep GS15"),
            ],
            lambda s: s.store[1] == ("GS12", "GS15"),
        ),
        # Backhander: the top deed of the deck too
        (
            "backhander",
            {"Ann": "GS08"},
            {"Ann": "A A K K K", "Bob": "9 9 9 10 10"},
            [("Ann", "GS08"), ("deeds", "P01")],
            lambda s: (
                s.deeds[0] == ("P01", "P09", "P12", "P20") and s.need == ("deeds", CHANCE, 3, -1)
            ),
        ),
    ],
)
def test_general_store_cards_do_what_they_say(
    power: str, hands: dict[str, str], dice: dict[str, str], events: list, check: Any
) -> None:
    state = run(round_with(dice, **hands), *events)
    assert check(state), (power, state)


def test_saloon_girl_draws_twice() -> None:
    state = round_with({"Ann": "Q Q K A A", "Bob": "9 9 10 10 10"}, Ann="GS06", Bob="GS12 GS13")
    state = run(
        state,
        ("Ann", "GS06"),
        ("Ann", "from Bob"),
        ("saloon", "GS12 GS13"),
        ("Ann", "keep GS13"),
        ("Ann", "from Bob"),
        ("saloon", "GS12"),
    )
    assert state.store == (("GS12", "GS13"), ())
    # Bob's full house takes the Town Hall: one deed, no Ace
    assert state.deeds[1] == ("P20",) and state.need == ("deeds", CHANCE, 1, -1)


def test_scoundrel_cardsharp_and_lucky_tonic() -> None:
    state = run(ENGINE.new_game(("Ann", "Bob")), ("deeds", "P20 P09 P12"), ("doc", "DB7 DB6 DB5"))
    state = dealt(state, Ann="GS09 GS10", Bob="GS11")
    state = run(
        state,
        ("roll", {"Ann": "9 9 9 K A", "Bob": "10 10 J Q K"}),
        ("Ann", "keep 9 9 9 K A with GS09"),
        ("Bob", "keep 10 10 J Q K"),
    )
    assert state.dollars == (8, 4)  # Scoundrel: Ann's extra dice are free
    state = run(state, ("Ann", "GS10 K as 9"))  # Cardsharp: four 9s
    assert state.kept[0] == ("9", "9", "9", "9", "A") and state.nuggets == (3, 0)
    # Bob: the bank, a General Store card, the badge (Ann's King is gone)
    state = run(state, ("store", "GS12"))
    assert state.sheriff == 1 and state.store[1] == ("GS11", "GS12")
    # Ann's four 9s and an Ace: the bottom deed and one of her choice
    state = run(state, ("Ann", "take P12"), ("deeds", "P01 P02"))
    assert state.deeds[0] == ("P12", "P20")
    # Bob won locations, but Lucky Tonic sends him to Doc Badluck
    state = run(state, ("Bob", "GS11"))
    assert state.need == ("doc-pick", 1)


def test_protection_keeps_deeds_from_the_saloon() -> None:
    state = round_with({"Ann": "9 9 9 9 K", "Bob": "9 9 9 A A"}, Bob="P05 P06 P07")
    state = dataclasses.replace(
        state, doc_display=("DB4", "DB6", "DB5"), doc_deck=("DB1", "DB2", "DB3", "DB7")
    )
    state = run(state, ("deeds", "P01"))
    assert ("DB4", "P05", "P06") in ENGINE.legal_moves(state)
    state = run(state, ("Bob", "DB4 P06 P05"), ("doc", "DB1"))
    assert state.protected[1] == ("P05", "P06")
    assert ENGINE.flow.stealable(state, 1) == ("P07",)  # what the Saloon may draw


def test_doc_badluck_cards_take_from_the_others() -> None:
    state = round_with({"Ann": "9 9 9 9 K", "Bob": "9 9 9 A A"}, Ann="GS12 GS13 P05 P06")
    state = dataclasses.replace(
        state, doc_display=("DB1", "DB2", "DB3"), doc_deck=("DB4", "DB5", "DB6", "DB7")
    )
    state = run(state, ("deeds", "P01"), ("Bob", "DB1 Ann"), ("Ann", "give P06"))
    assert state.deeds[1] == ("P06",)
    state = dataclasses.replace(state, need=("doc-pick", 1), agenda=())
    state = run(state, ("Bob", "DB2"))  # Wealth: a nugget from Ann
    assert state.nuggets == (2, 1)
    state = dataclasses.replace(state, need=("doc-pick", 1), agenda=())
    state = run(state, ("Bob", "DB3"))  # Power: the badge (Ann took it with her King)
    assert state.sheriff == 1


@pytest.mark.parametrize("reshuffle", [True, False])
def test_an_empty_doc_badluck_deck_is_reshuffled_by_the_yaml_switch(
    tmp_path: Path, reshuffle: bool
) -> None:
    root = copy_components(tmp_path)
    if not reshuffle:
        edit_once(
            root / "dice-town" / "game.yaml",
            "reshuffle_doc_badluck: true",
            "reshuffle_doc_badluck: false",
        )
    engine: Engine = engine_for(load_library(root).game("dice-town"))  # type: ignore[assignment]
    state = engine.new_game(("Ann", "Bob")).copy()
    state.doc_display, state.doc_deck, state.doc_discard = ("DB1", "DB2"), (), ("DB3", "DB4")
    state.need, state.agenda = None, (("reveal-docs",),)
    state = engine.flow.advance(state)
    if reshuffle:
        assert state.need == ("doc", CHANCE, 1) and state.doc_deck == ("DB3", "DB4")
    else:
        assert state.need is None and state.doc_display == ("DB1", "DB2")


def test_a_cancelled_scoundrel_pays_for_the_extra_dice() -> None:
    state = run(ENGINE.new_game(("Ann", "Bob")), ("deeds", "P20 P09 P12"), ("doc", "DB7 DB6 DB5"))
    state = dealt(state, Ann="GS09", Bob="GS05")
    state = run(
        state,
        ("roll", {"Ann": "9 9 9 K A", "Bob": "10 10 J Q K"}),
        ("Ann", "keep 9 9 9 with GS09"),
        ("Bob", "keep 10"),
    )
    assert state.need == ("play", 1, "GS05", state.need[3])  # Bob may cancel it
    state = run(state, ("Bob", "GS05"))
    assert state.dollars == (6, 8) and state.box == 2  # Ann pays for her two extra dice
    assert state.used == (("GS09",), ("GS05",)) and state.store == ((), ())
