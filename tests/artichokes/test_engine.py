"""The Abandon All Artichokes engine and the scorer agree: random games for 2, 3 and 4 players
(with and without Rhubarb) reach only positions `playtest check` passes and end on the win the
scorer names; every ability does what its card says, with the numbers of cards.yaml; the
playtest defaults (carrot-only-play, needs_stack_cards, stuck_row) switch the rules; a bot's
view of a position hides exactly the opponents' hands."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.core.yamlsource import parse_document
from playtest.scorer.api import evaluate_document
from playtest.scorer.engine import CHANCE, OVER
from playtest.scorer.games.artichokes.state import DEAL, GIVE, HARVEST, PASS, PLAY, TURN
from playtest.scorer.games.artichokes.table import pile_counts
from playtest.scorer.record_text import record_yaml
from tests.artichokes.engine_helpers import (
    ENGINE,
    LIBRARY,
    NAMES,
    changed_library,
    counts,
    engine_of,
    kind,
    states,
    table,
)
from tests.artichokes.simulation import Seat, Table, can_play

A = kind("artichoke")


def scored_as_file(state):
    text = record_yaml(ENGINE.record(state))
    return evaluate_document(parse_document(text.encode(), Path("r.yaml"), "r.yaml"), LIBRARY)


@settings(max_examples=36, deadline=None)
@given(
    players=st.integers(2, 4),
    variant=st.sampled_from(["base", "rhubarb"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_games_stay_legal_and_score_as_the_scorer(
    players: int, variant: str, seed: int
) -> None:
    state = None
    for state in states(ENGINE, players, seed, variant):
        if ENGINE.resting(state):
            result = ENGINE.result(state)
            assert result.violations == (), (seed, ENGINE.record(state), result.violations)
        if state.due == (PLAY,):
            assert playable(state) == playable_by_the_book(state), ENGINE.record(state)
    assert state is not None and ENGINE.is_over(state)
    final = ENGINE.result(state)
    assert scored_as_file(state).to_json() == final.to_json()
    assert final.winners == (state.names[state.winner],)
    assert ENGINE.scores(state) == tuple(-p.total for p in final.players)
    assert [ENGINE.seat_score(state, s) for s in range(players)] == list(ENGINE.scores(state))


def playable(state) -> set[str]:
    return {ENGINE.vegetables[m[1]] for m in ENGINE.legal_moves(state) if m[0] == "play"}


def playable_by_the_book(state) -> set[str]:
    """The cards the property tests' own table (tests/artichokes/simulation.py, written from
    the spec apart from the engine) lets the current player play here."""

    def cards(zone: tuple[int, ...]) -> list[str]:
        return [v for v, n in zip(ENGINE.vegetables, zone, strict=True) for _ in range(n)]

    kinds = len(ENGINE.kinds)
    seats = [
        Seat(name, cards(pile_counts(s.deck, kinds)), cards(s.hand), cards(s.discard))
        for name, s in zip(state.names, state.seats, strict=True)
    ]
    printed = {
        c.data()["vegetable"]: c.data()
        for c in ENGINE.game.cards().values()
        if "vegetable" in c.data()
    }
    book = Table(
        ENGINE.game,
        random.Random(0),
        state.rhubarb,
        seats,
        cards(pile_counts(state.stack, kinds)),
        cards(state.row),
        current=state.turn,
        printed=printed,
    )
    seat = seats[state.turn]
    if state.sole_done:  # the book's turn ends after a card that must be the only play
        return set()
    return {v for v in set(seat.hand) if can_play(book, seat, v, state.played)}


def test_set_up_deals_the_row_and_five_artichokes_each_without_asking() -> None:
    state = ENGINE.new_game(NAMES[:3])
    assert ENGINE.to_move(state) == CHANCE and state.due == (DEAL, "setup")
    state = ENGINE.apply_chance(state, ENGINE.sample_chance(state, random.Random(1)))
    # drawing from a deck of nothing but Artichokes has one outcome: it is not asked for
    assert ENGINE.to_move(state) == 0 and state.due[0] == HARVEST
    assert all(s.hand[A] == 5 and sum(s.hand) == 5 for s in state.seats)
    assert sum(state.row) == 5 and state.phase == "replenish" and state.turns == 0
    record = ENGINE.record(state)
    assert record["turn"] == "Ann" and record["garden_stack"] and ENGINE.result(state).legal


def test_setups_outside_the_rules_are_refused() -> None:
    from playtest.scorer.engine import SetupError

    for players, options in ((["a"], None), (list("abcde"), None), (["a", "b"], {"turbo": True})):
        with pytest.raises(SetupError):
            ENGINE.new_game(players, None, options)


def test_the_win_is_only_the_hand_drawn_at_the_end_of_ones_own_turn() -> None:
    state = table(
        hands=[{"broccoli": 1}, {"artichoke": 5}],
        decks=[{"beet": 5, "artichoke": 10}, {"artichoke": 5}],
    )
    assert ENGINE.result(state).winners == ()  # no Artichoke in hand mid-turn: no win
    state = ENGINE.apply(state, ("end",))
    drawn = ENGINE.apply_chance(state, (kind("beet"),) * 5)
    assert ENGINE.is_over(drawn) and ENGINE.result(drawn).winners == ("Ann",)
    on = ENGINE.apply_chance(state, (kind("beet"),) * 4 + (A,))
    assert not ENGINE.is_over(on) and on.turn == 1 and ENGINE.result(on).winners == ()


def test_broccoli_carrot_onion_follow_their_numbers() -> None:
    state = table(
        hands=[{"artichoke": 3, "broccoli": 1, "onion": 1, "carrot": 1}, {"artichoke": 5}],
        options={"carrot-only-play": False},
    )
    after = ENGINE.apply(state, ("play", kind("broccoli"), -1))
    assert after.seats[0].hand[A] == 2 and after.compost[A] == state.compost[A] + 1
    assert after.seats[0].discard[kind("broccoli")] == 1
    after = ENGINE.apply(after, ("play", kind("onion"), 1))  # onto Ben's discard
    assert after.seats[1].discard[kind("onion")] == 1 and after.seats[0].hand[A] == 1
    problem = ENGINE.move_problem(after, ("play", kind("carrot"), -1))
    assert problem and problem.code == "AA-22" and "needs 2 Artichokes" in problem.message
    assert ENGINE.move_problem(after, ("play", A, -1)).code == "AA-23"  # type: ignore[union-attr]


@pytest.mark.parametrize("sole_play", [True, False])
def test_carrot_only_play_is_the_games_option(sole_play: bool) -> None:
    state = table(
        hands=[{"artichoke": 3, "carrot": 1, "broccoli": 1}, {"artichoke": 5}],
        options={"carrot-only-play": sole_play},
    )
    carrot, broccoli = ("play", kind("carrot"), -1), ("play", kind("broccoli"), -1)
    after_carrot = ENGINE.apply(state, carrot)
    assert after_carrot.compost[kind("carrot")] == state.compost[kind("carrot")] + 1
    after_broccoli = ENGINE.apply(state, broccoli)
    if sole_play:
        assert ENGINE.legal_moves(after_carrot) == [("end",)]
        assert ENGINE.move_problem(after_carrot, broccoli).code == "AA-24"  # type: ignore[union-attr]
        assert ENGINE.move_problem(after_broccoli, carrot).code == "AA-24"  # type: ignore[union-attr]
    else:
        assert broccoli not in ENGINE.legal_moves(after_carrot)  # 1 Artichoke left: not 3
        assert carrot in ENGINE.legal_moves(after_broccoli)


def test_the_option_comes_from_game_yaml_and_a_log_can_switch_it() -> None:
    carrot = kind("carrot")
    assert carrot in ENGINE.new_game(NAMES[:2]).sole  # game.yaml: carrot-only-play: true
    assert carrot not in ENGINE.new_game(NAMES[:2], None, {"carrot-only-play": False}).sole


def test_beet_swaps_blind_and_two_artichokes_are_composted() -> None:
    state = table(hands=[{"artichoke": 2, "beet": 1, "corn": 1}, {"artichoke": 4, "leek": 1}])
    assert ENGINE.move_problem(state, ("play", kind("beet"), 0)).code == "AA-25"  # type: ignore[union-attr]
    played = ENGINE.apply(state, ("play", kind("beet"), 1))
    assert ENGINE.to_move(played) == CHANCE
    both = ENGINE.apply_chance(played, (A, A))
    assert both.compost[A] == state.compost[A] + 2
    assert both.seats[0].hand == counts(ENGINE, {"artichoke": 1, "corn": 1})
    assert both.seats[1].hand == counts(ENGINE, {"artichoke": 3, "leek": 1})
    kept = ENGINE.apply_chance(played, (kind("leek"), kind("corn")))
    assert kept.seats[0].hand == counts(ENGINE, {"artichoke": 2, "leek": 1})
    assert kept.seats[1].hand == counts(ENGINE, {"artichoke": 4, "corn": 1})
    assert kept.seats[0].discard[kind("beet")] == 1
    assert ENGINE.chance_problem(played, (kind("peas"), A)) is not None


def test_corn_puts_a_row_card_on_top_of_the_deck_and_its_artichoke_on_the_discard() -> None:
    state = table(
        hands=[{"artichoke": 2, "corn": 1}, {"artichoke": 5}],
        decks=[{"artichoke": 3}, {}],
        row={"leek": 2, "peas": 2},
    )
    played = ENGINE.apply(state, ("play", kind("corn"), kind("peas")))
    me = played.seats[0]
    assert me.discard == counts(ENGINE, {"artichoke": 1, "corn": 1})
    assert me.deck[0] == counts(ENGINE, {"peas": 1}) and played.row[kind("peas")] == 1
    assert ENGINE.move_problem(state, ("play", kind("corn"), kind("beet"))).code == "AA-21"  # type: ignore[union-attr]
    ended = ENGINE.apply(played, ("end",))
    assert ENGINE.chance_problem(ended, (A,) * 5) is not None  # the Peas is on top
    assert ENGINE.chance_problem(ended, (kind("peas"),) + (A,) * 4) is None


def test_eggplant_makes_everyone_pass_to_the_left() -> None:
    state = table(hands=[{"artichoke": 2, "eggplant": 1}, {"beet": 1}, {"leek": 2, "corn": 1}])
    played = ENGINE.apply(state, ("play", kind("eggplant"), -1))
    assert played.compost[kind("eggplant")] == state.compost[kind("eggplant")] + 1
    assert played.due[0] == PASS and ENGINE.to_move(played) == 0
    assert ENGINE.legal_moves(played) == [("pass", A)]  # one Artichoke left: pass it
    after = ENGINE.apply(played, ("pass", A))
    assert ENGINE.to_move(after) == 1 and ENGINE.legal_moves(after) == [("pass", kind("beet"))]
    after = ENGINE.apply(after, ("pass", kind("beet")))
    bad = ENGINE.move_problem(after, ("pass", kind("leek")))
    assert bad is not None and bad.code == "AA-25" and bad.player == "Cy"
    done = ENGINE.apply(after, ("pass", kind("corn"), kind("leek")))
    assert done.due == (PLAY,) and ENGINE.to_move(done) == 0
    assert [s.hand for s in done.seats] == [
        counts(ENGINE, {"corn": 1, "leek": 1}),
        counts(ENGINE, {"artichoke": 1}),
        counts(ENGINE, {"beet": 1, "leek": 1}),
    ]


def test_leek_reshuffles_an_empty_deck_and_takes_or_leaves_the_card() -> None:
    state = table(
        hands=[{"artichoke": 2, "leek": 1}, {"artichoke": 5}],
        discards=[{}, {"potato": 1, "artichoke": 2}],
    )
    played = ENGINE.apply(state, ("play", kind("leek"), 1))
    assert played.seats[1].deck and not any(played.seats[1].discard)  # reshuffled
    assert ENGINE.chance_problem(played, (kind("beet"),)) is not None
    turned = ENGINE.apply_chance(played, (kind("potato"),))
    assert ENGINE.legal_moves(turned) == [("take",), ("leave",)]
    taken = ENGINE.apply(turned, ("take",))
    assert taken.seats[0].hand[kind("potato")] == 1
    left = ENGINE.apply(turned, ("leave",))
    assert left.seats[1].discard[kind("potato")] == 1
    nothing = table(hands=[{"leek": 1}, {"artichoke": 5}])
    assert ENGINE.move_problem(nothing, ("play", kind("leek"), 1)).code == "AA-22"  # type: ignore[union-attr]


def test_potato_composts_an_artichoke_and_discards_anything_else() -> None:
    state = table(
        hands=[{"artichoke": 1, "potato": 1}, {"artichoke": 5}],
        decks=[{"artichoke": 2, "beet": 1}, {}],
    )
    played = ENGINE.apply(state, ("play", kind("potato"), -1))
    composted = ENGINE.apply_chance(played, (A,))
    assert composted.compost[A] == state.compost[A] + 1
    discarded = ENGINE.apply_chance(played, (kind("beet"),))
    assert discarded.seats[0].discard == counts(ENGINE, {"beet": 1, "potato": 1})


def test_peas_give_one_card_away_and_need_two_in_the_stack_by_default() -> None:
    state = table(
        hands=[{"artichoke": 1, "peas": 1}, {"artichoke": 5}], stack={"beet": 1, "corn": 1}
    )
    turned = ENGINE.apply_chance(
        ENGINE.apply(state, ("play", kind("peas"), -1)), (kind("beet"), kind("corn"))
    )
    assert turned.due[0] == GIVE
    given_away = ENGINE.apply(turned, ("give", kind("corn"), 1))
    assert given_away.seats[1].discard == counts(ENGINE, {"corn": 1})
    assert given_away.seats[0].discard == counts(ENGINE, {"beet": 1, "peas": 1})
    assert ENGINE.move_problem(turned, ("give", kind("corn"), 0)).code == "AA-25"  # type: ignore[union-attr]
    short = table(hands=[{"artichoke": 1, "peas": 1}, {"artichoke": 5}], stack={"beet": 1})
    problem = ENGINE.move_problem(short, ("play", kind("peas"), -1))
    assert problem is not None and problem.code == "AA-22" and "needs 2 cards" in problem.message


def test_peas_with_one_card_left_when_needs_stack_cards_is_1(tmp_path: Path) -> None:
    engine = engine_of(
        changed_library(tmp_path, "cards.yaml", "needs_stack_cards: 2", "needs_stack_cards: 1")
    )
    short = table(engine, hands=[{"artichoke": 1, "peas": 1}, {"artichoke": 5}], stack={"beet": 1})
    # one card to turn over: a forced outcome, so the choice is due at once
    turned = engine.apply(short, ("play", kind("peas", engine), -1))
    assert turned.due == (GIVE, (kind("beet", engine),))
    done = engine.apply(turned, ("give", kind("beet", engine), 1))
    assert done.seats[1].discard == counts(engine, {"beet": 1})
    assert done.seats[0].discard == counts(engine, {"peas": 1})


def test_pepper_puts_a_discard_card_on_top_of_the_deck() -> None:
    state = table(
        hands=[{"artichoke": 1, "pepper": 1}, {"artichoke": 5}],
        discards=[{"onion": 1, "artichoke": 1}, {}],
    )
    played = ENGINE.apply(state, ("play", kind("pepper"), kind("onion")))
    assert played.seats[0].deck == (counts(ENGINE, {"onion": 1}),)
    assert played.seats[0].discard == counts(ENGINE, {"artichoke": 1, "pepper": 1})
    assert ENGINE.move_problem(state, ("play", kind("pepper"), kind("beet"))).code == "AA-21"  # type: ignore[union-attr]


def test_pepper_with_an_empty_discard_breaks_its_own_condition_first() -> None:
    """The card says "if you have a card in your discard pile": with none, naming a card is
    AA-22 (its condition), not AA-21 (the named card missing), as the card states it."""
    state = table(hands=[{"artichoke": 1, "pepper": 1}, {"artichoke": 5}], discards=[{}, {}])
    problem = ENGINE.move_problem(state, ("play", kind("pepper"), kind("artichoke")))
    assert problem is not None and problem.code == "AA-22"
    assert problem.message == "Pepper needs a card in your discard pile"
    # with a discard, a card named that is not in it is still AA-21
    state = table(
        hands=[{"artichoke": 1, "pepper": 1}, {"artichoke": 5}], discards=[{"onion": 1}, {}]
    )
    assert ENGINE.move_problem(state, ("play", kind("pepper"), kind("beet"))).code == "AA-21"  # type: ignore[union-attr]


def test_rhubarb_slides_the_row_under_deals_a_new_one_and_harvests_again() -> None:
    state = table(
        hands=[{"artichoke": 2, "rhubarb": 1}, {"artichoke": 5}],
        row={"beet": 2, "leek": 2},
        stack={"corn": 3, "onion": 3},
        options={"rhubarb": True},
    )
    played = ENGINE.apply(state, ("play", kind("rhubarb"), -1))
    assert played.compost[kind("rhubarb")] == state.compost[kind("rhubarb")] + 1
    assert played.due == (DEAL, "rhubarb") and not any(played.row)
    # the stack's own cards come first; the old row lies under them
    assert ENGINE.chance_problem(played, (kind("beet"),) * 5) is not None
    dealt = ENGINE.apply_chance(
        played, tuple(map(kind, ("corn", "corn", "corn", "onion", "onion")))
    )
    assert dealt.due[0] == HARVEST and ENGINE.to_move(dealt) == 0
    harvested = ENGINE.apply(dealt, ("harvest", kind("corn")))
    assert harvested.due == (PLAY,) and harvested.seats[0].hand[kind("corn")] == 1
    assert ENGINE.resting(harvested) and sum(harvested.row) == 4


@pytest.mark.parametrize("stuck_row", ["keep", "end"])
def test_a_row_no_deal_can_clear_follows_stuck_row(tmp_path: Path, stuck_row: str) -> None:
    engine = engine_of(
        changed_library(tmp_path, "game.yaml", "stuck_row: keep", f"stuck_row: {stuck_row}")
    )
    state = table(
        engine,
        hands=[{"artichoke": 5}, {"artichoke": 5}],
        stack={"leek": 4, "beet": 1},
        phase="draw",
        due=(DEAL, TURN),
    )
    leeks = (kind("leek", engine),) * 4 + (kind("beet", engine),)
    dealt = engine.apply_chance(state, leeks)
    assert dealt.row == counts(engine, {"leek": 4, "beet": 1})
    if stuck_row == "keep":
        assert dealt.turn == 1 and dealt.due[0] == HARVEST
        assert "AA-09" not in [v.code for v in engine.result(dealt).violations]
    else:
        assert engine.is_over(dealt) and engine.result(dealt).winners == ()
    # a row a deal could clear is reshuffled and dealt again
    avoidable = table(
        engine,
        hands=[{"artichoke": 5}, {"artichoke": 5}],
        stack={"leek": 4, "beet": 3},
        phase="draw",
        due=(DEAL, TURN),
    )
    again = engine.apply_chance(avoidable, leeks)
    assert again.due == (DEAL, TURN) and not any(again.row) and sum(again.stack[0]) == 7


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_a_bots_view_hides_the_opponents_hands_only(seed: int, players: int) -> None:
    rng = random.Random(seed)
    for state in states(ENGINE, players, seed):
        if ENGINE.to_move(state) >= 0 and state.turns >= 3:
            break
    seat = ENGINE.to_move(state)
    seen = ENGINE.determinise(state, seat, rng)
    assert seen.seats[seat] == state.seats[seat]
    assert (seen.row, seen.stack, seen.compost) == (state.row, state.stack, state.compost)
    for other in range(players):
        before, after = state.seats[other], seen.seats[other]
        assert after.discard == before.discard and sum(after.hand) == sum(before.hand)
        assert sorted(map(sum, after.deck)) == sorted(map(sum, before.deck)) or sum(
            map(sum, after.deck)
        ) == sum(map(sum, before.deck))
        pool = [sum(z) for z in zip(before.hand, *before.deck, strict=True)]
        assert [sum(z) for z in zip(after.hand, *after.deck, strict=True)] == pool
    assert ENGINE.legal_moves(seen) == ENGINE.legal_moves(state)
    assert ENGINE.resting(seen) == ENGINE.resting(state)


def test_determinise_deals_opponents_hands_again() -> None:
    state = table(
        hands=[{"artichoke": 5}, {"beet": 2, "artichoke": 3}],
        decks=[{}, {"artichoke": 3, "corn": 4}],
    )
    hands = {ENGINE.determinise(state, 0, random.Random(s)).seats[1].hand for s in range(30)}
    assert len(hands) > 3


def test_random_play_is_reproducible_and_ends() -> None:
    one = list(states(ENGINE, 4, 5))
    assert one == list(states(ENGINE, 4, 5)) and ENGINE.to_move(one[-1]) == OVER
