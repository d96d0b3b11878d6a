"""The win: no Artichoke in the hand drawn at the end of one's own turn, and at no other time."""

from __future__ import annotations

from typing import Any

import pytest

from playtest.library.loader import Library

from .helpers import evaluate, load_record, player


@pytest.fixture
def won() -> dict[str, Any]:
    return load_record("won.yaml")


def test_no_artichoke_after_the_own_draw_wins(won: dict[str, Any], library: Library) -> None:
    result = evaluate(won, library)
    assert result.legal
    assert result.winners == ("Ben",)
    # Artichokes left (deck + hand + discard): Ann 4 + 3 + 1 = 8, Ben 2 + 0 + 1 = 3
    assert [(p.name, p.total) for p in result.players] == [("Ann", 8), ("Ben", 3)]
    assert result.players[1].breakdown == {
        "deck": 5,
        "hand": 5,
        "discard": 5,
        "artichokes_in_deck": 2,
        "artichokes_in_hand": 0,
        "artichokes_in_discard": 1,
    }


@pytest.mark.parametrize("phase", ["replenish", "harvest", "play"])
def test_no_artichoke_earlier_in_the_turn_does_not_win(
    won: dict[str, Any], library: Library, phase: str
) -> None:
    won["phase"] = phase
    if phase == "replenish":  # a full row, as after replenishing (stack 33 -> 31)
        won["garden_row"] += ["beet", "carrot"]
        won["garden_stack"] = 31
    result = evaluate(won, library)
    assert result.legal
    assert result.winners == ()


def test_no_artichoke_in_someone_elses_turn_does_not_win(
    won: dict[str, Any], library: Library
) -> None:
    won["turn"] = "Ann"  # Ann has just drawn three Artichokes; Ben still holds none
    result = evaluate(won, library)
    assert result.legal
    assert result.winners == ()


def test_an_artichoke_in_the_drawn_hand_does_not_win(won: dict[str, Any], library: Library) -> None:
    ben = player(won, "Ben")
    ben["hand"] = ["artichoke", "corn", "leek", "pepper", "potato"]
    ben["deck"] = {"artichoke": 1, "beet": 3, "leek": 1}
    result = evaluate(won, library)
    assert (result.legal, result.winners) == (True, ())


def test_an_empty_drawn_hand_wins(won: dict[str, Any], library: Library) -> None:
    # nothing left to draw from: the hand holds no Artichoke, so Ben wins
    ben = player(won, "Ben")
    won["compost"]["artichoke"] += 3
    won["garden_stack"] += 3 + 5 + 4  # his other cards went back to the stack
    ben.update(deck={}, hand=[], discard=[])
    result = evaluate(won, library)
    assert (result.legal, result.winners) == (True, ("Ben",))


def test_score_names_the_winner_on_the_command_line(run_cli: Any) -> None:
    from .helpers import RECORDS

    result = run_cli("score", RECORDS / "won.yaml")
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "winner: Ben"
