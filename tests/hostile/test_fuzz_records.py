"""Fuzzing the record loader of every game: any record gives an answer (a JSON-ready Result
whose violations are the game's own codes) or located one-line problems (InputError, exit 2),
never a crash."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playtest.library.loader import load_library
from tests.games import game_ids
from tests.hostile.answers import answer
from tests.hostile.strategies import mutations, trees

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RECORDS = {
    f"{p.parent.name}/{p.name}": yaml.safe_load(p.read_text())
    for p in sorted(EXAMPLES.glob("*/*.yaml"))
}
LIBRARY = load_library()
GAMES = [LIBRARY.game(game_id) for game_id in LIBRARY.game_ids]  # the components must be valid
FUZZ = settings(
    max_examples=150,
    deadline=10_000,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def test_there_are_examples_to_mutate() -> None:
    assert len(RECORDS) >= 12


@FUZZ
@given(name=st.sampled_from(sorted(RECORDS)), data=st.data())
def test_one_hostile_value_in_a_real_record(name: str, data: st.DataObject) -> None:
    answer(data.draw(mutations(RECORDS[name])), LIBRARY)


@FUZZ
@given(
    game=st.sampled_from([*game_ids(), 7, None]),
    tree=trees(),
)
def test_a_random_tree_as_a_record(game: object, tree: object) -> None:
    record = {"game": game, **tree} if isinstance(tree, dict) else tree
    answer(record, LIBRARY)
