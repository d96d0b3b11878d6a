"""The usual record is read without the schema (record.py, for speed); whatever that reading
takes, the schema must take too and read the same way. Records are drawn from a good one with
any of its values, keys and shapes changed: the two readings never differ, and the unusual ones
are left to the schema (which then says what is wrong and where)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.core.errors import InputError
from playtest.core.yamlsource import Document
from playtest.library.loader import load_library
from playtest.scorer.games.harvest_dice.record import (
    NAME_LENGTH,
    Position,
    _usual_position,
    _validated_position,
)
from playtest.scorer.header import read_header
from playtest.scorer.interface import games

GAME = load_library().game("harvest-dice")
RULES = GAME.rules
MARKETS = {"lettuce": 4, "tomato": 4, "carrot": 1}
GOOD: dict[str, Any] = {
    "game": "harvest-dice",
    "variant": "advanced",
    "final": True,
    "markets": MARKETS,
    "players": [
        {
            "name": "Ann",
            "garden": ". C T T T .\n. L T T . .\nL L . T T T\n",
            "pig": 23,
            "powers_used": 3,
        },
        {"name": "Bob", "garden": ". . . C C C\n. . . C T C\n. . . . T L\n", "pig": 42},
        {"name": "Cid", "garden": ["TTTLL.", "T...LC", "....CC"], "pig": 24, "powers_used": 3},
    ],
}

ODD = st.sampled_from(
    [
        None,
        True,
        False,
        0,
        -1,
        3,
        10**30,
        2.0,
        2.5,
        "3",
        "",
        "x" * 41,
        b"Ann",
        [],
        [1],
        {},
        {"a": 1},
        "harvest-dice",
        "basic",
        "advanced",
    ]
)
GARDENS = st.sampled_from(
    [
        "T . . . . .\n. . . . . .\n. . . . . T\n",
        "t.....\n......\n.....l",
        "X.....\n......\n......",
        "......\n......",
        "......\n......\n......\n......",
        ".......\n......\n......",
        ["......", "......", "......"],
        ["......", "......", 7],
        "L\u00df....\n......\n......",
        "L" + " " * 90 + ".....\n......\n......",
        "LLLLLL\nLLLLLL\nLLLLLL",
    ]
)


@st.composite
def records(draw: st.DrawFn) -> Any:
    record = copy.deepcopy(GOOD)
    for _ in range(draw(st.integers(0, 3))):
        players = record.get("players")
        player = (
            draw(st.sampled_from(players))
            if isinstance(players, list) and players and isinstance(players[0], dict)
            else record
        )
        change = draw(
            st.sampled_from(
                [
                    "value",
                    "drop",
                    "unknown key",
                    "garden",
                    "markets",
                    "own markets",
                    "name",
                    "players",
                ]
            )
        )
        if change == "value":
            player[draw(st.sampled_from(sorted(player, key=str)))] = copy.deepcopy(draw(ODD))
        elif change == "drop" and player:
            del player[draw(st.sampled_from(sorted(player, key=str)))]
        elif change == "unknown key":
            player[draw(st.sampled_from(["colour", "score", 1]))] = 1
        elif change == "garden":
            player["garden"] = copy.deepcopy(draw(GARDENS))
        elif change in ("markets", "own markets"):
            markets = dict(MARKETS)
            key = draw(st.sampled_from(sorted(markets)))
            fix = draw(st.sampled_from(["odd", "drop", "extra", "reorder", "moved"]))
            if fix == "odd":
                markets[key] = copy.deepcopy(draw(ODD))
            elif fix == "drop":
                del markets[key]
            elif fix == "extra":
                markets["potato"] = 1
            elif fix == "reorder":
                markets = dict(reversed(markets.items()))
            if change == "markets":
                record["markets"] = markets
            elif isinstance(players, list):
                if fix == "moved":
                    record.pop("markets", None)
                for other in players[: draw(st.integers(0, len(players)))]:
                    if isinstance(other, dict):
                        other["markets"] = markets
        elif change == "name" and player is not record:
            player["name"] = draw(
                st.sampled_from(
                    [
                        "",
                        "A",
                        "e\u0301" * 20,
                        "\U0001f600" * NAME_LENGTH[1],
                        "x" * NAME_LENGTH[1],
                        "x" * (NAME_LENGTH[1] + 1),
                    ]
                )
            )
        elif change == "players":
            record["players"] = copy.deepcopy(
                draw(
                    st.sampled_from(
                        [
                            [],
                            GOOD["players"][:1],
                            [*GOOD["players"], {"name": "Dee"}],
                            "Ann",
                            [7],
                            [{**GOOD["players"][0], "name": "Eve"}, *GOOD["players"][1:]],
                        ]
                    )
                )
            )
    return record


def _validated(data: Any) -> Position | str:
    doc = Document(path=Path("record"), display="record", data=data)
    try:
        return _validated_position(read_header(doc, list(games())), GAME)
    except InputError as exc:
        return "; ".join(map(str, exc.problems))


def test_the_usual_record_is_read_without_the_schema() -> None:
    assert _usual_position(GOOD, RULES) is not None
    assert _usual_position(GOOD, RULES) == _validated(GOOD)


@settings(max_examples=300, deadline=None)
@given(records())
def test_what_the_usual_reading_takes_the_schema_reads_the_same(data: Any) -> None:
    usual = _usual_position(copy.deepcopy(data), RULES)
    if usual is None:
        return
    validated = _validated(data)
    assert usual == validated
    assert isinstance(validated, Position)
    assert [list(p.markets) for p in usual.players] == [
        list(p.markets) for p in validated.players
    ]  # sheet order, as the schema gives
