"""The round resolver on eight hand-checked rounds (records/round-*.yaml), then properties of
random rounds. Hand computations are in the comments; faces are 9 10 J Q K A."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.library.loader import Library
from playtest.scorer.games.dice_town.position import RoundPlayer, RoundPosition
from playtest.scorer.games.dice_town.round_resolver import resolve_round

from .helpers import by_location

Answer = Callable[..., dict[str, Any]]


def outcome(entry: dict[str, Any]) -> tuple[Any, list[str], int]:
    return entry["winner"], entry["tied"], entry["amount"]


def hands(reply: dict[str, Any]) -> dict[str, str | None]:
    return {p["name"]: p["hand"]["category"] for p in reply["players"]}


def test_round_01_ties_for_the_sheriff(answer: Answer) -> None:
    # Ann 9 9 K K A, Bob 10 10 J J A, Cy Q Q Q 9 A, Dan J J K K 9; sheriff Ann, bank $4
    reply = answer("round-01-ties-for-the-sheriff.yaml")
    places = by_location(reply)
    assert outcome(places["gold-mine"]) == ("Ann", [], 2)  # 9s: Ann 2, Cy 1, Dan 1
    assert outcome(places["bank"]) == ("Bob", [], 4)  # 10s: Bob 2 -> the $4
    assert outcome(places["general-store"]) == (None, ["Bob", "Dan"], 2)  # J: 2 and 2
    assert places["general-store"]["decided_by"] == ["Ann"]
    assert outcome(places["saloon"]) == ("Cy", [], 3)  # Q: Cy 3
    assert outcome(places["sheriff"]) == (None, ["Ann", "Dan"], 1)  # K: 2 and 2
    # three queens beat three two pairs; one ace: 1 + 1 deeds, the lowest (1) then 3 or 4
    assert outcome(places["town-hall"]) == ("Cy", [], 2)
    assert places["town-hall"]["deeds"] == {"taken": [1], "choose": 1, "among": [3, 4]}
    assert hands(reply) == {
        "Ann": "two-pair",
        "Bob": "two-pair",
        "Cy": "three-of-a-kind",
        "Dan": "two-pair",
    }
    # Dan won nothing for sure, but the sheriff may give him the store or the badge
    assert reply["doc_badluck"]["visitors"] == []
    assert reply["doc_badluck"]["unless"] == {"Dan": ["general-store", "sheriff"]}
    assert [(p["name"], p["total"]) for p in reply["players"]] == [
        ("Ann", 1),
        ("Bob", 1),
        ("Cy", 2),
        ("Dan", 0),
    ]
    assert reply["winners"] == [] and reply["legal"] is True


def test_round_02_straights(answer: Answer) -> None:
    # Ann 10 J Q K A, Bob 9 10 J Q K: Bob alone has a 9, every other face is one each
    places = by_location(answer("round-02-straights.yaml"))
    assert outcome(places["gold-mine"]) == ("Bob", [], 1)
    for tied in ("bank", "general-store", "saloon", "sheriff"):
        assert places[tied]["tied"] == ["Ann", "Bob"]
        assert places[tied]["decided_by"] == ["Bob"]
    assert places["bank"]["amount"] == 2
    # 10-A beats 9-K; one ace: 2 deeds (no display given: the winner takes the lowest first)
    assert outcome(places["town-hall"]) == ("Ann", [], 2)
    assert places["town-hall"]["hand"]["dice"] == ["A", "K", "Q", "J", "10"]


def test_round_03_empty_bank_does_not_count(answer: Answer) -> None:
    # Ann 10 10 J Q A, Bob 9 9 K K Q, Cy A A J J Q, Dan 9 10 K A A; sheriff Cy, bank $0
    reply = answer("round-03-empty-bank.yaml")
    places = by_location(reply)
    assert outcome(places["gold-mine"]) == ("Bob", [], 2)
    assert outcome(places["bank"]) == ("Ann", [], 0)  # 10s: Ann 2, Dan 1; nothing to take
    assert outcome(places["general-store"]) == ("Cy", [], 2)
    assert outcome(places["saloon"]) == (None, ["Ann", "Bob", "Cy"], 1)  # one Q each
    assert places["saloon"]["decided_by"] == ["Cy"]  # still Cy's badge at the Saloon
    assert outcome(places["sheriff"]) == ("Bob", [], 1)  # K: Bob 2, Dan 1
    # two pair A-J beats two pair K-9; two aces: 3 deeds, all of them from the bottom up
    assert outcome(places["town-hall"]) == ("Cy", [], 3)
    assert places["town-hall"]["deeds"] == {"taken": [2, 5, 2], "choose": 0, "among": []}
    # Dan won nothing; Ann's bank was empty, so only the Saloon could spare her
    doc = reply["doc_badluck"]
    assert doc["visitors"] == ["Dan"]
    assert doc["unless"] == {"Ann": ["saloon"]}
    assert doc["order_chosen_by"] == ["Bob"]  # the new sheriff


def test_round_04_town_hall_tie_decided_by_the_next_sheriff(answer: Answer) -> None:
    # Ann 10 10 J Q A, Bob K K Q Q 9, Cy 9 Q K Q K (the same faces as Bob); sheriff Ann
    reply = answer("round-04-town-hall-tie.yaml")
    places = by_location(reply)
    assert outcome(places["gold-mine"]) == (None, ["Bob", "Cy"], 1)
    assert outcome(places["bank"]) == ("Ann", [], 3)
    assert outcome(places["general-store"]) == ("Ann", [], 1)
    assert outcome(places["saloon"]) == (None, ["Bob", "Cy"], 2)
    assert outcome(places["sheriff"]) == (None, ["Bob", "Cy"], 1)
    assert places["sheriff"]["decided_by"] == ["Ann"]
    # K K Q Q 9 twice: a tie, decided by whichever of them Ann makes sheriff; no ace: 1 deed
    assert outcome(places["town-hall"]) == (None, ["Bob", "Cy"], 1)
    assert places["town-hall"]["decided_by"] == ["Bob", "Cy"]
    every_tie = ["gold-mine", "saloon", "sheriff", "town-hall"]
    assert reply["doc_badluck"]["unless"] == {"Bob": every_tie, "Cy": every_tie}
    assert reply["doc_badluck"]["visitors"] == []


def test_round_05_caps_and_an_almost_empty_mine(answer: Answer) -> None:
    # Ann 9 9 9 9 9: 5 nuggets, capped at 3, and only 2 in the mine; Bob A A A A K
    places = by_location(answer("round-05-five-of-a-kind.yaml"))
    assert outcome(places["gold-mine"]) == ("Ann", [], 2)
    assert outcome(places["bank"]) == (None, [], 0)  # nobody has a 10
    assert outcome(places["sheriff"]) == ("Bob", [], 1)
    # five of a kind beats four aces; no ace in Ann's hand: 1 deed
    assert outcome(places["town-hall"]) == ("Ann", [], 1)
    assert places["town-hall"]["hand"]["category"] == "five-of-a-kind"


def test_round_06_aces_capped_by_the_display(answer: Answer) -> None:
    # Ann A A A A Q, Bob K K K Q Q, Cy J J J 10 10; face-up deeds 4 and 1
    reply = answer("round-06-four-aces.yaml")
    places = by_location(reply)
    assert outcome(places["gold-mine"]) == (None, [], 0)
    assert outcome(places["bank"]) == ("Cy", [], 2)
    assert outcome(places["general-store"]) == ("Cy", [], 3)  # 3 Jacks, cap 3
    assert outcome(places["saloon"]) == ("Bob", [], 2)  # Q: Bob 2, Ann 1
    assert outcome(places["sheriff"]) == ("Bob", [], 1)
    # four aces beat two full houses; 1 + 4 = 5, cap 3, only 2 face up -> both
    assert outcome(places["town-hall"]) == ("Ann", [], 2)
    assert places["town-hall"]["deeds"]["taken"] == [1, 4]
    assert reply["doc_badluck"] == {
        "visitors": [],
        "unless": {},
        "order_chosen_by": ["Bob"],
        "text": "nobody visits",
    }


def test_round_07_four_dice_still_count_for_kings(answer: Answer) -> None:
    # Ann 9 10 J Q K, Bob 10 J Q K A, Cy K K K K (four dice: DT-07, no hand)
    reply = answer("round-07-four-dice.yaml")
    places = by_location(reply)
    assert outcome(places["gold-mine"]) == ("Ann", [], 1)
    assert outcome(places["bank"]) == (None, ["Ann", "Bob"], 5)
    assert outcome(places["sheriff"]) == ("Cy", [], 1)
    assert outcome(places["town-hall"]) == ("Bob", [], 2)  # the higher straight, one ace
    assert hands(reply)["Cy"] is None
    assert [v["code"] for v in reply["violations"]] == ["DT-07"]


def test_round_08_two_visitors_ordered_by_the_new_sheriff(answer: Answer) -> None:
    # Ann Q Q Q 9 9, Bob J J J A A, Cy 9 10 J Q A, Dan 9 10 J K A, Eve 9 10 Q A A; bank $0
    reply = answer("round-08-full-houses.yaml")
    places = by_location(reply)
    assert outcome(places["gold-mine"]) == ("Ann", [], 2)  # 9s: Ann 2, the others 1
    assert outcome(places["bank"]) == (None, ["Cy", "Dan", "Eve"], 0)
    assert outcome(places["general-store"]) == ("Bob", [], 3)
    assert outcome(places["saloon"]) == ("Ann", [], 3)
    assert outcome(places["sheriff"]) == ("Dan", [], 1)  # Dan's single K
    # full house Q over 9 beats J over A: the triple decides before the pair
    assert outcome(places["town-hall"]) == ("Ann", [], 1)
    assert hands(reply) == {
        "Ann": "full-house",
        "Bob": "full-house",
        "Cy": "nothing",
        "Dan": "nothing",
        "Eve": "one-pair",
    }
    doc = reply["doc_badluck"]
    assert doc["visitors"] == ["Cy", "Eve"]  # the empty bank spares nobody
    assert doc["unless"] == {}
    assert doc["order_chosen_by"] == ["Dan"]


def test_round_text_answer(run_cli: Callable[..., Any]) -> None:
    from .helpers import RECORDS

    result = run_cli("score", RECORDS / "round-03-empty-bank.yaml")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert "Cy hand: Two pair: A A J J Q" in lines
    assert "  Bank (most 10s): Ann (2 × 10) takes nothing: the bank is empty" in lines
    assert (
        "  Saloon (most Qs): tie between Ann, Bob and Cy (1 × Q each): the sheriff (Cy) "
        "chooses who draws 1 card from one player of their choice and keeps one"
    ) in lines
    assert (
        "  Town Hall (best poker hand): Cy (Two pair: A A J J Q) takes 3 deeds "
        "(the bottom 3, worth 2, 5, 2)"
    ) in lines
    assert lines[-1] == (
        "doc_badluck: Dan visits; Ann visits unless the sheriff gives them the Saloon"
    )


FACES = ["9", "10", "J", "Q", "K", "A"]
NAMES = ["Ann", "Bob", "Cy", "Dan", "Eve"]
rounds = st.builds(
    lambda dice, sheriff, bank: RoundPosition(
        sheriff=NAMES[sheriff % len(dice)],
        bank=bank,
        mine=None,
        deeds=None,
        players=tuple(RoundPlayer(NAMES[i], tuple(d)) for i, d in enumerate(dice)),
    ),
    st.lists(st.lists(st.sampled_from(FACES), min_size=5, max_size=5), min_size=2, max_size=5),
    st.integers(0, 4),
    st.integers(0, 20),
)


@settings(max_examples=150, deadline=None)
@given(rounds)
def test_random_rounds_follow_the_rules(library: Library, position: RoundPosition) -> None:
    rules = library.game("dice-town").rules
    result = resolve_round(position, rules)
    dice = {p.name: p.dice for p in position.players}
    for place in result.locations:
        face = place.location.face
        if face is not None:  # the most dice of the face win, and at least one is needed
            most = max(d.count(face) for d in dice.values())
            expected = [n for n, d in dice.items() if most and d.count(face) == most]
            assert list(place.contenders) == expected
        cap = place.location.amount.cap if place.location.amount else None
        if cap is not None:
            assert place.amount <= cap
    rewarded = {o.winner for o in result.locations if o.winner and o.amount > 0}
    doc = result.doc_badluck
    assert doc is not None
    assert not rewarded & set(doc.visitors)
    assert not rewarded & set(doc.unless)
    for name in dice:  # everyone is rewarded, a visitor, or waits on the sheriff
        assert (name in rewarded) + (name in doc.visitors) + (name in doc.unless) == 1
