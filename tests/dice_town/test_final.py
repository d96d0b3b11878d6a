"""Final scores of five recorded games (records/final-*.yaml), computed by hand in comments:
deeds + General Store points + 1 per nugget + 1 per $2 (rounded down) + 5 for the badge."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.library.loader import Library, load_library
from playtest.scorer.api import evaluate_file
from playtest.scorer.games.dice_town.final_score import player_score
from playtest.scorer.games.dice_town.position import FinalPlayer
from tests.helpers import copy_components, edit_once

from .helpers import RECORDS

Answer = Callable[..., dict[str, Any]]


def table(reply: dict[str, Any]) -> dict[str, tuple[int, dict[str, int]]]:
    return {p["name"]: (p["total"], p["breakdown"]) for p in reply["players"]}


def row(deeds: int, store: int, nuggets: int, money: int, sheriff: int) -> dict[str, int]:
    return {"deeds": deeds, "store": store, "nuggets": nuggets, "money": money, "sheriff": sheriff}


def test_final_01_two_players(answer: Answer) -> None:
    reply = answer("final-01-two-players.yaml")
    assert table(reply) == {
        # deeds P01 1 + P15 4 + P20 5; Horse 8 + Hold-up 0; 12 nuggets; $9 -> 4; badge 5
        "Ann": (39, row(10, 8, 12, 4, 5)),
        # deeds 1 + 5x2 + 5x3 + 3x4 + 5 = 43; Sack of Flour 1; 18 nuggets; $10 -> 5
        "Bob": (67, row(43, 1, 18, 5, 0)),
    }
    assert reply["winners"] == ["Bob"]
    assert reply["legal"] is True and reply["violations"] == []
    assert "variant" not in reply


def test_final_02_tie_is_shared(answer: Answer) -> None:
    reply = answer("final-02-shared-win.yaml")
    assert table(reply) == {
        "Ann": (28, row(5, 5, 10, 3, 5)),  # P19 5, Gold Pocket Watch 5, $7 -> 3
        "Bob": (28, row(9, 4, 10, 5, 0)),  # P16 4 + P10 3 + P05 2, Saddle 4, $11 -> 5
        "Cy": (12, row(1, 0, 10, 1, 0)),  # P01 1, Dynamite 0, $3 -> 1
    }
    assert reply["winners"] == ["Ann", "Bob"]


def test_final_03_five_players(answer: Answer) -> None:
    reply = answer("final-03-deeds-run-out.yaml")
    assert table(reply) == {
        "Ann": (8, row(4, 0, 4, 0, 0)),  # four deeds worth 1; $1 -> 0
        "Bob": (23, row(10, 0, 5, 8, 0)),  # five deeds worth 2; $17 -> 8
        "Cy": (25, row(9, 8, 3, 0, 5)),  # three worth 3; Horse 8 + Lucky Tonic 0; badge
        "Dan": (20, row(10, 2, 6, 2, 0)),  # 3 + 3 + 4; Coffee Beans 2; $5 -> 2
        "Eve": (20, row(12, 0, 2, 6, 0)),  # three worth 4; $13 -> 6
    }
    assert reply["winners"] == ["Cy"]
    assert reply["legal"] is True  # 18 deeds held: the display cannot be refilled


def test_final_04_lower_case_ids(answer: Answer) -> None:
    reply = answer("final-04-gold-rush.yaml")
    assert table(reply) == {
        "Ann": (40, row(0, 0, 25, 10, 5)),  # $21 -> 10
        "Bob": (35, row(10, 20, 5, 0, 0)),  # p19 5 + p20 5; Horse 8 + Watch 5 + 4 + 3
    }
    assert reply["winners"] == ["Ann"]


def test_final_05_all_the_money(answer: Answer) -> None:
    reply = answer("final-05-all-money.yaml")
    assert table(reply) == {
        "Ann": (22, row(0, 1, 0, 21, 0)),  # Cut of the Loot 0 + Rope 1; $43 -> 21
        "Bob": (21, row(2, 0, 14, 0, 5)),  # P03 1 + P04 1
        "Cy": (20, row(2, 2, 16, 0, 0)),  # P06 2; Crate of Whiskey 2
        "Dan": (0, row(0, 0, 0, 0, 0)),
        "Eve": (0, row(0, 0, 0, 0, 0)),
    }
    assert reply["winners"] == ["Ann"]
    assert reply["legal"] is True  # exactly a 5-player table's $43 is allowed


def test_final_text_answer(run_cli: Callable[..., Any]) -> None:
    result = run_cli("score", RECORDS / "final-02-shared-win.yaml")
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "dice-town",
        "player  deeds  store  nuggets  money  sheriff  total",
        "Ann         5      5       10      3        5     28",
        "Bob         9      4       10      5        0     28",
        "Cy          1      0       10      1        0     12",
        "winners: Ann, Bob",
    ]


def test_scores_follow_the_components_yaml(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    record = RECORDS / "final-01-two-players.yaml"
    before = evaluate_file(record, load_library(root))
    game_yaml = root / "dice-town" / "game.yaml"
    edit_once(game_yaml, "sheriff_badge_points: 5", "sheriff_badge_points: 7")
    edit_once(root / "dice-town" / "game.yaml", "dollars_per_point: 2", "dollars_per_point: 3")
    edit_once(
        root / "dice-town" / "cards.yaml",
        "{id: GS19, name: Horse, kind: goods, points: 8}",
        "{id: GS19, name: Horse, kind: goods, points: 10}",
    )
    after = evaluate_file(record, load_library(root))
    assert [p.total for p in before.players] == [39, 67]
    # Ann: badge 7 (+2), Horse 10 (+2), $9 -> 3 (-1): 42; Bob: $10 -> 3 (-2): 65
    assert [p.total for p in after.players] == [42, 65]
    assert after.players[0].breakdown == {
        "deeds": 10,
        "store": 10,
        "nuggets": 12,
        "money": 3,
        "sheriff": 7,
    }


def test_round_caps_follow_the_components_yaml(tmp_path: Path, run_cli: Callable[..., Any]) -> None:
    root = copy_components(tmp_path)
    game_yaml = root / "dice-town" / "game.yaml"
    text = game_yaml.read_text()
    cap = text.index("cap: 3", text.index("id: general-store"))  # the General Store's cap
    game_yaml.write_text(text[:cap] + "cap: 2" + text[cap + len("cap: 3") :])
    record = RECORDS / "round-06-four-aces.yaml"
    default = run_cli("score", record, "--json")
    changed = run_cli("score", record, "--json", "--components", root)
    assert '"general-store": 3' in default.output  # Cy's three Jacks
    assert '"general-store": 2' in changed.output


players = st.builds(
    FinalPlayer,
    name=st.just("Ann"),
    nuggets=st.integers(0, 30),
    dollars=st.integers(0, 43),
    sheriff=st.booleans(),
    store=st.just(()),
    deeds=st.just(()),
)


@settings(max_examples=100, deadline=None)
@given(players)
def test_each_nugget_and_each_two_dollars_is_a_point(library: Library, player: FinalPlayer) -> None:
    rules = library.game("dice-town").rules
    score = player_score(player, rules)
    assert score.total == sum(score.breakdown.values())
    assert score.total == player.nuggets + player.dollars // 2 + 5 * player.sheriff
    richer = player_score(
        FinalPlayer(player.name, player.nuggets + 1, player.dollars + 2, player.sheriff, (), ()),
        rules,
    )
    assert richer.total == score.total + 2
