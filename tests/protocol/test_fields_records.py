"""Every registered game whose fields make its record (`fields=` in its registration,
scorer/fields_record.py): random readings of its declared fields either are refused as input
(one line each, never a traceback) or make a record that `score` reads and that comes back
the same through its fields."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playtest.core.errors import InputError
from playtest.expr.fields import InputField
from playtest.faces.fields import game_fields
from playtest.library.loader import Library, load_library
from playtest.scorer.api import evaluate_data
from playtest.scorer.fields_record import (
    FieldsReading,
    PlayerFields,
    fields_of_record,
    record_of_fields,
)
from tests.games import games_with

GAMES = games_with(lambda g: g.fields)
LIBRARY: Library = load_library(None)
REPO = Path(__file__).resolve().parents[2]


def _value(field: InputField) -> st.SearchStrategy[Any]:
    if field.kind == "box":
        return st.booleans()
    if field.kind in ("track", "number"):
        return st.integers(field.min or 0, min(field.max or 0, 12))
    return st.sampled_from(field.values or ("",))


@st.composite
def readings(draw: st.DrawFn, game_id: str) -> FieldsReading:
    game = LIBRARY.game(game_id)
    surface = draw(st.sampled_from([s for s in game_fields(game) if s.fields]))
    fewest, most = game.info.players
    # one value per field, each player filling in about half of them (a field shared by
    # every copy, a game's shared zones, then never disagrees)
    values = {f.id: draw(_value(f)) for f in surface.fields}
    players = []
    for seat in range(draw(st.integers(fewest, most))):
        chosen = {i: v for i, v in values.items() if draw(st.booleans())}
        players.append(PlayerFields(f"P{seat + 1}", chosen, surface.id))
    return FieldsReading(game_id, tuple(players))


def _example_readings(game_id: str) -> list[FieldsReading]:
    """The fields of each shipped example record of the game that `score` reads."""
    found = []
    for path in sorted((REPO / "examples" / game_id).glob("*.yaml")):
        try:
            found.append(fields_of_record(yaml.safe_load(path.read_text()), LIBRARY, path.name))
        except InputError:
            continue  # a game log, or a record the scorer refuses
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_random_fields_make_a_record_that_comes_back_the_same(game_id: str) -> None:
    assert len(GAMES) >= 4  # the four games shipped declare theirs
    made = []

    def round_trip(reading: FieldsReading) -> None:
        try:
            record = record_of_fields(reading, LIBRARY)
            result = evaluate_data(record, LIBRARY)
        except InputError as exc:
            assert exc.problems and all("\n" not in str(p) for p in exc.problems)
            return
        assert [p.name for p in result.players] == [p.name for p in reading.players]
        again = record_of_fields(fields_of_record(record, LIBRARY), LIBRARY)
        assert again == record
        assert evaluate_data(again, LIBRARY).to_json() == result.to_json()
        made.append(record)

    # the game's own example boards first: random fields rarely make a legal board of a game
    # with many rules (one game's refused all 60 at times), and the round trip must be tried
    for reading in _example_readings(game_id):
        round_trip(reading)
    settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])(
        given(readings(game_id))(round_trip)
    )()
    assert made  # not every reading refused: the round trip was tried


@pytest.mark.parametrize("game_id", GAMES)
def test_a_value_no_field_can_hold_is_named(game_id: str) -> None:
    game = LIBRARY.game(game_id)
    surface = next(s for s in game_fields(game) if s.fields)
    field = surface.fields[0]
    players = tuple(
        PlayerFields(f"P{n}", {field.id: object(), "no.such.field": 1}, surface.id)
        for n in range(1, game.info.players[0] + 1)
    )
    with pytest.raises(InputError) as caught:
        record_of_fields(FieldsReading(game_id, players), LIBRARY, "web")
    said = [str(p) for p in caught.value.problems]
    assert said[0].startswith(f"web: players[0].fields.{field.id}: ")
    assert (
        said[1] == f"web: players[0].fields.no.such.field: {game_id} has no field 'no.such.field'"
    )
