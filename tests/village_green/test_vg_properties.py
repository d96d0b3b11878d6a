"""Property tests: tableaux built by legal placements break no rule; a copied card is always
caught; and no junk in a record gets past the reader without a `file:line: field` message."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playtest.core.errors import InputError
from playtest.core.yamlsource import parse_document
from playtest.library.loader import Library
from playtest.scorer.api import evaluate_document
from playtest.scorer.games.village_green.cards import Catalogue
from playtest.scorer.result import Result

from .simulation import play

MOVES = st.lists(
    st.tuples(st.sampled_from(["green", "green", "award", "village"]), st.integers(0, 1000)),
    max_size=45,
)
SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def evaluate_data(data: dict[str, Any], library: Library) -> Result:
    text = yaml.safe_dump(data, sort_keys=False).encode()
    return evaluate_document(parse_document(text, Path("sim.yaml"), "sim.yaml"), library)


def simulated(catalogue: Catalogue, players: int, moves: list, seed: int) -> dict[str, Any]:
    table = play(catalogue, players, moves, random.Random(seed))
    return {
        "game": "village-green",
        "variant": "solo" if players == 1 else "multiplayer",
        "players": [area.to_record() for area in table.areas],
    }


@SETTINGS
@given(players=st.integers(1, 4), moves=MOVES, seed=st.integers(0, 2**32))
def test_legal_placements_break_no_rule(
    library: Library, catalogue: Catalogue, players: int, moves: list, seed: int
) -> None:
    result = evaluate_data(simulated(catalogue, players, moves, seed), library)
    assert result.violations == ()
    for score in result.players:
        assert score.total == sum(score.breakdown.values())
        assert (score.to_json().get("rank") is not None) == (players == 1)
    assert result.winners


@SETTINGS
@given(moves=MOVES, seed=st.integers(0, 2**32), pick=st.integers(0, 10**6))
def test_a_card_copied_to_an_empty_cell_is_vg01(
    library: Library, catalogue: Catalogue, moves: list, seed: int, pick: int
) -> None:
    data = simulated(catalogue, 2, moves, seed)
    first, second = data["players"]
    used = [cid for slot in first["top"] if slot for cid in slot]
    empty = [(r, c) for r in range(3) for c in range(3) if second["grid"][r][c] is None]
    if not empty:
        return
    r, c = empty[pick % len(empty)]
    copied = used[pick % len(used)]
    second["grid"][r][c] = [copied]
    result = evaluate_data(data, library)
    vg01 = [v for v in result.violations if v.code == "VG-01"]
    assert [(v.player, v.where) for v in vg01] == [("P2", f"grid row {r + 1}, column {c + 1}")]


JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 99)
    | st.sampled_from([".", "G01", "g60", "A30", "G00", "A31", "V1", "", "face-up", "lawn"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["name", "top", "grid", "x"]), inner, max_size=2)
    ),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None)
@given(
    where=st.sampled_from(["name", "village", "top", "left", "grid", "variant", "players"]),
    junk=JUNK,
)
def test_junk_is_read_or_refused_with_a_located_message(
    library: Library, where: str, junk: Any
) -> None:
    data: dict[str, Any] = {
        "game": "village-green",
        "variant": "multiplayer",
        "players": [
            {
                "name": "Ann",
                "village": "face-up",
                "top": ["A01", "A02", "A03"],
                "left": [None, None, None],
                "grid": [[None] * 3 for _ in range(3)],
            },
            {
                "name": "Ben",
                "village": "flipped",
                "top": ["A04", "A05", "A06"],
                "left": [None, None, None],
                "grid": [[None] * 3 for _ in range(3)],
            },
        ],
    }
    if where in ("variant", "players"):
        data[where] = junk
    else:
        data["players"][0][where] = junk
    try:
        evaluate_data(data, library)
    except InputError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.file == "sim.yaml" and problem.line is not None and problem.message
            assert problem.field or problem.message.startswith("a record")
