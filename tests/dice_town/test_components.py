"""The real components/dice-town data: the numbers of the spec, the decks' contents, and the
rules schema refusing data the scorer could not play by."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from playtest import components
from playtest.core.errors import InputError
from playtest.library.loader import Library, load_library
from playtest.scorer.games.dice_town.rules import Rules


def test_rules_numbers(library: Library) -> None:
    game = library.game("dice-town")
    rules: Rules = game.rules
    assert game.info.players == (2, 5)
    assert [(f.label, f.rank) for f in rules.dice.faces] == [
        ("9", 1),
        ("10", 2),
        ("J", 3),
        ("Q", 4),
        ("K", 5),
        ("A", 6),
    ]
    assert rules.dice.per_player == 5
    assert (
        rules.supply.banknotes,
        rules.supply.banknote_value,
        rules.supply.nuggets,
        rules.supply.sheriff_badges,
    ) == (43, 1, 30, 1)
    assert (rules.setup.starting_money, rules.setup.bank_start) == (8, 3)
    assert (rules.display.deeds, rules.display.doc_badluck) == (3, 3)
    assert (
        rules.scoring.points_per_nugget,
        rules.scoring.dollars_per_point,
        rules.scoring.sheriff_badge_points,
    ) == (1, 2, 5)
    assert [p.id for p in rules.poker_hands] == [
        "five-of-a-kind",
        "four-of-a-kind",
        "full-house",
        "straight",
        "three-of-a-kind",
        "two-pair",
        "one-pair",
        "nothing",
    ]


def test_locations_in_resolution_order(library: Library) -> None:
    rules: Rules = library.game("dice-town").rules
    summary = [
        (loc.id, loc.face, loc.counted_face(), loc.amount.model_dump() if loc.amount else None)
        for loc in rules.locations
    ]
    assert summary == [
        ("gold-mine", "9", "9", {"base": 0, "per_die": 1, "of_face": None, "cap": 3}),
        ("bank", "10", "10", None),
        ("general-store", "J", "J", {"base": 0, "per_die": 1, "of_face": None, "cap": 3}),
        ("saloon", "Q", "Q", {"base": 0, "per_die": 1, "of_face": None, "cap": 3}),
        ("sheriff", "K", "K", None),
        ("town-hall", None, "A", {"base": 1, "per_die": 1, "of_face": "A", "cap": 3}),
        ("doc-badluck", None, None, None),
    ]


def test_money_at_the_start_fits_the_banknotes(library: Library) -> None:
    rules: Rules = library.game("dice-town").rules
    most_players = library.game("dice-town").info.players[1]
    # 5 players x $8 + $3 on the bank = $43: every banknote is out at the start
    assert most_players * rules.setup.starting_money + rules.setup.bank_start == rules.supply.money


def test_decks(library: Library) -> None:
    game = library.game("dice-town")
    store, deeds, doc = (game.deck(d) for d in ("general-store", "deeds", "doc-badluck"))
    assert [c.id for c in store.cards] == [f"GS{i:02}" for i in range(1, 20)]
    assert [c.id for c in deeds.cards] == [f"P{i:02}" for i in range(1, 21)]
    assert [c.id for c in doc.cards] == [f"DB{i}" for i in range(1, 8)]
    assert all(c.count == 1 for d in (store, deeds, doc) for c in d.cards)
    effects = [c for c in store.cards if c.data()["kind"] == "effect"]
    goods = [c.data()["points"] for c in store.cards if c.data()["kind"] == "goods"]
    assert len(effects) == 11 and all(c.data()["points"] == 0 for c in effects)
    assert all(c.data()["timing"] and c.data()["effect"] for c in effects)
    assert sorted(goods) == [1, 1, 2, 2, 3, 4, 5, 8]
    assert Counter(c.data()["points"] for c in deeds.cards) == {1: 4, 2: 5, 3: 5, 4: 4, 5: 2}
    assert len({c.name for c in deeds.cards}) == 20  # every deed has its own name
    assert [c.name for c in doc.cards] == [
        "Donation",
        "Wealth",
        "Power",
        "Protection",
        "Luck",
        "Friendship",
        "Charm",
    ]
    assert all(d.back in game.layouts and d.layout in game.layouts for d in game.decks)


def test_playtest_defaults_are_marked() -> None:
    cards = (components.ROOT / "dice-town" / "cards.yaml").read_text().splitlines()
    marked = [line for line in cards if "# playtest default" in line]
    assert len(marked) == 8 + 20  # goods values and deed values


def _broken_copy(tmp_path: Path, old: str, new: str) -> Library:
    root = tmp_path / "components"
    shutil.copytree(components.ROOT, root)
    path = root / "dice-town" / "game.yaml"
    text = path.read_text()
    assert text.count(old) == 1
    path.write_text(text.replace(old, new))
    return load_library(root)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "    - {id: one-pair, name: One pair, groups: [2, 1, 1, 1]}\n",
            "",
            "poker_hands: no category matches the dice 10 10 9 A J",
        ),
        ('face: "9"', 'face: "8"', "location gold-mine: unknown die face '8'"),
        ("groups: [3, 2]", "groups: [3, 3]", "poker hand full-house: groups must add up to 5 dice"),
        (
            "      - {label: J, rank: 3}",
            "      - {label: J, rank: 2}",
            "two faces have the same rank",
        ),
    ],
)
def test_rules_schema_refuses_unplayable_data(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    library = _broken_copy(tmp_path, old, new)
    with pytest.raises(InputError) as caught:
        library.game("dice-town")
    assert any(
        message in p.message and p.file.endswith("game.yaml") for p in caught.value.problems
    ), caught.value


def test_a_count_named_from_the_rules_is_the_rules_number(library: Library) -> None:
    game = library.game("dice-town")
    nuggets = next(t for t in game.tokens if t.id == "nugget")
    assert nuggets.count == game.rules_data["supply"]["nuggets"] > 0
