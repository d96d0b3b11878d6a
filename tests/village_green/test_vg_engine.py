"""The Village Green engine and the scorer agree: random games for every player count reach
only positions `playtest check` passes, the engine's scores are `playtest score`'s on the
record it writes, a green card may go exactly where the checks accept it, and the turn, the
end, solo mode and hidden hands follow the rules."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.core.yamlsource import parse_document
from playtest.lab.overrides import changed_components
from playtest.library.loader import load_library
from playtest.scorer.api import evaluate_document
from playtest.scorer.engine import CHANCE, SetupError, engine_for
from playtest.scorer.games.village_green.engine import Engine, State
from playtest.scorer.games.village_green.state import AWARD, GREEN, STRUCTURE, TURN
from playtest.scorer.record_text import record_yaml
from tests.engines.random_games import random_states

LIBRARY = load_library()
ENGINE: Engine = engine_for(LIBRARY.game("village-green"))  # type: ignore[assignment]
RULES = ENGINE.rules
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


def scored_as_file(state: State):
    """`playtest score` on the record the engine writes: YAML text, parsed as a file is."""
    text = record_yaml(ENGINE.record(state))
    return evaluate_document(parse_document(text.encode(), Path("r.yaml"), "r.yaml"), LIBRARY)


def play(players: int, seed: int, engine: Engine = ENGINE) -> Iterator[State]:
    """Every state of one random game, chance from the seed, decisions uniform."""
    return random_states(engine, engine.new_game(NAMES[:players]), seed, check_chance=True)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(1, 5), seed=st.integers(0, 2**32 - 1))
def test_random_games_stay_legal_and_score_as_the_scorer(players: int, seed: int) -> None:
    """After the deal every position passes the checks; every seat has had as many turns when
    the game ends, which is only after an end condition (or a solo stop); the final scores are
    the scorer's on the written record."""
    turns: Counter[int] = Counter()
    last = None
    for state in play(players, seed):
        if state.phase == TURN and (last is None or last.phase != TURN or last.seat != state.seat):
            turns[state.seat] += 1  # a turn starts (a village card refresh stays in the turn)
        last = state
        if state.phase == "deal":
            continue
        result = ENGINE.result(state)
        assert result.violations == (), (seed, ENGINE.record(state), result.violations)
        for move in ENGINE.legal_moves(state):
            assert ENGINE.move_problem(state, move) is None
    assert ENGINE.is_over(state)
    if players > 1:
        assert len(set(turns.values())) == 1, turns  # the round is finished
        assert ENGINE.end_conditions(state)
    assert scored_as_file(state).to_json() == ENGINE.result(state).to_json()
    assert ENGINE.scores(state) == tuple(p.total for p in ENGINE.result(state).players)
    assert all(ENGINE.seat_score(state, s) == ENGINE.scores(state)[s] for s in range(players))


@settings(max_examples=25, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32 - 1))
def test_a_green_card_goes_exactly_where_the_checks_accept_it(players: int, seed: int) -> None:
    """Every card of the hand on every cell: while the village card is face up, the engine
    allows it exactly when the position after it passes `playtest check` (neighbours share
    flower or colour, VG-04; only lawns are covered, or one card with the village card, VG-05).
    Once it is flipped a record cannot tell which of its actions was used, so then a legal
    placement must pass the checks."""
    for state in play(players, seed):
        if state.phase != GREEN or state.due:
            continue
        face_up = state.boards[state.seat].village_face_up
        for card in set(state.hands[state.seat]):
            for cell in range(9):
                move = ("place", card, cell)
                legal = ENGINE.move_problem(state, move) is None
                after = ENGINE.result(ENGINE.apply(state, move))
                if face_up or legal:
                    assert legal == (after.violations == ()), (move, ENGINE.record(state))


def dealt(players: int, seed: int = 1) -> State:
    state = ENGINE.new_game(NAMES[:players])
    return ENGINE.apply_chance(state, ENGINE.sample_chance(state, random.Random(seed)))


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_set_up_removes_unseen_cards_and_deals_from_the_rules(players: int) -> None:
    state = dealt(players)
    removed = RULES.setup.removed[players]
    assert all(len(hand) == RULES.setup.hand_green_cards for hand in state.hands)
    assert all(all(len(slot) == 1 for slot in b.top) for b in state.boards)
    assert len(state.green_display) == RULES.setup.green_display
    assert len(state.award_display) == RULES.setup.award_display
    assert state.green.left == 60 - removed.green - players * 3 - 3
    assert state.awards.left == 30 - removed.awards - players * 3 - 3
    assert ENGINE.result(state).violations == ()


@pytest.mark.parametrize(
    ("players", "variant", "message"),
    [
        (6, None, "a multiplayer game is for 2 to 5 players, got 6"),
        (2, "solo", "a solo game is for 1 players, got 2"),
        (1, "multiplayer", "a multiplayer game is for 2 to 5 players, got 1"),
        (2, "teams", "unknown variant 'teams'"),
    ],
)
def test_impossible_set_ups_are_refused(players: int, variant: str | None, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        ENGINE.new_game(NAMES[:players] + ("Fay",) * (players > 5), variant)


def test_a_structure_brings_an_award_and_the_village_card_refreshes_a_display() -> None:
    state = dealt(2)._replace(hands=(("G02", "G13", "G25"), ("G04", "G05", "G06")))
    state = ENGINE.apply(state, ("draw", "green", None))
    state = ENGINE.apply_chance(state, ENGINE.sample_chance(state, random.Random(2)))
    state = ENGINE.apply(state, ("place", "G02", 4))  # a red rose structure
    assert state.phase == STRUCTURE and state.seat == 0
    award = state.award_display[0]
    state = ENGINE.apply(state, ("take", award, None))
    assert state.phase == AWARD and state.held == award and ENGINE.to_move(state) == CHANCE
    state = ENGINE.apply_chance(state, ENGINE.sample_chance(state, random.Random(3)))
    state = ENGINE.apply(state, ("award", award, 0))  # over the dealt award: allowed with 2
    assert state.boards[0].top[0][-1] == award and len(state.boards[0].top[0]) == 2
    assert state.phase == TURN and state.seat == 1
    shown = state.award_display
    state = ENGINE.apply(state, ("village", "awards", None))
    assert not state.boards[1].village_face_up and state.awards.bottom == shown
    assert state.due == ("awards:display",) * 3 and state.award_display == ()
    assert ENGINE.move_problem(state._replace(due=()), ("village", "green", None)).code == "VG-14"


def test_the_village_card_lets_one_green_card_cover_another() -> None:
    state = dealt(2)
    board = state.boards[0]
    board = board.__class__(
        board.player, True, board.top, board.left, ((("G01",), (), ()), ((), (), ()), ((), (), ()))
    )
    state = state._replace(
        phase=GREEN,
        boards=(board, state.boards[1]),
        hands=(("G02", "G03", "G04", "G37"), state.hands[1]),
    )
    assert ENGINE.move_problem(state, ("place", "G04", 0)) is None
    covered = ENGINE.apply(state, ("place", "G04", 0))
    assert not covered.boards[0].village_face_up and covered.boards[0].grid[0][0] == ("G01", "G04")
    flipped = state._replace(
        boards=(
            covered.boards[0].__class__("Ann", False, board.top, board.left, board.grid),
            state.boards[1],
        )
    )
    assert ENGINE.move_problem(flipped, ("place", "G04", 0)).code == "VG-05"
    assert ENGINE.move_problem(flipped, ("place", "G37", 1)) is None  # rose next to rose
    assert ENGINE.move_problem(flipped, ("place", "G99", 1)).code == "VG-12"


def test_solo_must_place_and_may_not_cover_awards_but_for_a_structure() -> None:
    state = dealt(1)._replace(phase=GREEN, hands=(("G01", "G02", "G03", "G04"),))
    assert ENGINE.move_problem(state, ("bottom", "G01", None)).code == "VG-13"
    assert all(m[0] == "place" for m in ENGINE.legal_moves(state))
    award = dealt(1)
    held = award._replace(phase=AWARD, held=award.award_display[0], award_display=())
    assert ENGINE.move_problem(held, ("award", held.held, 0)).code == "VG-06"
    assert ENGINE.move_problem(held, ("award", held.held, 3)) is None  # an empty left slot
    assert ENGINE.move_problem(held._replace(for_structure=True), ("award", held.held, 0)) is None
    assert ENGINE.legal_moves(dealt(1))[-1] == ("stop", None, None)
    assert ENGINE.is_over(ENGINE.apply(dealt(1), ("stop", None, None)))
    assert ENGINE.move_problem(dealt(2), ("stop", None, None)).code == "VG-11"


def test_lawn_on_lawn_is_a_playtest_default_in_game_yaml(tmp_path: Path) -> None:
    """rules.lawn_covers_lawn (true in game.yaml): switched off, a lawn may not cover a lawn
    (VG-15); any other green card still may."""
    root = changed_components(
        None, "village-green", ["rules.lawn_covers_lawn=false"], into=tmp_path
    )
    strict: Engine = engine_for(load_library(root).game("village-green"))  # type: ignore[assignment]
    for engine, allowed in ((ENGINE, True), (strict, False)):
        state = engine.apply_chance(
            engine.new_game(NAMES[:2]),
            engine.sample_chance(engine.new_game(NAMES[:2]), random.Random(1)),
        )
        board = state.boards[0]
        board = board.__class__(
            board.player,
            True,
            board.top,
            board.left,
            ((("G55",), (), ()), ((), (), ()), ((), (), ())),
        )
        state = state._replace(
            phase=GREEN, boards=(board, state.boards[1]), hands=(("G01", "G56"), state.hands[1])
        )
        problem = engine.move_problem(state, ("place", "G56", 0))
        assert (problem is None) == allowed
        assert allowed or problem.code == "VG-15"
        assert engine.move_problem(state, ("place", "G01", 0)) is None


def test_determinise_deals_again_only_what_the_seat_cannot_see() -> None:
    state = next(s for s in play(3, 5) if s.phase == TURN and s.seat == 1 and s.rounds == 2)
    state = state._replace(green=state.green.under((state.hands[2][0],), 2))
    again = ENGINE.determinise(state, 1, random.Random(9))
    assert again.hands[1] == state.hands[1] and again.boards == state.boards
    assert again.green_display == state.green_display and again.awards == state.awards
    assert [len(h) for h in again.hands] == [len(h) for h in state.hands]
    assert again.green.left == state.green.left
    before = Counter([*state.green.unseen, *state.hands[0], *state.hands[2], *state.green.bottom])
    after = Counter([*again.green.unseen, *again.hands[0], *again.hands[2], *again.green.bottom])
    assert before == after
    assert any(
        ENGINE.determinise(state, 1, random.Random(s)).hands[0] != state.hands[0] for s in range(5)
    )
    assert ENGINE.legal_moves(again) == ENGINE.legal_moves(state)  # the seat's own choices


def test_features_name_the_visible_awards() -> None:
    final = list(play(2, 3))[-1]
    for seat in range(2):
        board = final.boards[seat]
        tops = {stack[-1] for stack in (*board.top, *board.left) if stack}
        names = {f.split(" ")[0] for f in ENGINE.features(final, seat) if f[0] == "A"}
        assert names == tops
