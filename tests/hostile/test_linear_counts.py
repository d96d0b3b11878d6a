"""Count checks are linear (issue 26, item 6): a log naming a great many players is answered
by one pass over the names, so its size, not its square, bounds the work. Measured by counting
comparisons, not by a clock, so a busy machine cannot make the test pass or fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.core.errors import InputError
from playtest.core.yamlsource import Document
from playtest.scorer.game_log import read_log
from playtest.scorer.header import Seats, read_header, seat_problems
from tests.games import game_ids

NAMES = 3_000


class CountedName(str):
    """A player's name that counts how often it is compared with another."""

    compared = 0

    def __eq__(self, other: object) -> bool:
        CountedName.compared += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def names(n: int) -> list[str]:
    return [CountedName(f"P{i}") for i in range(n)]


@pytest.fixture(autouse=True)
def _zero() -> None:
    CountedName.compared = 0


# the shared header reader, asked for each registered game
every_game = pytest.mark.parametrize("game", game_ids())


def log(game: str, players: list[str]) -> Document:
    data = {"game": game, "players": players, "events": []}
    return Document(Path("log.yaml"), "log.yaml", data)


@every_game
def test_a_log_of_many_players_is_read_with_a_linear_name_check(game: str) -> None:
    read = read_log(log(game, names(NAMES)), [game])
    assert len(read.players) == NAMES
    # one pass over a set: a comparison only on a hash collision; a pairwise check makes
    # n * (n - 1) / 2 = 4.5 million
    assert CountedName.compared <= NAMES, CountedName.compared


@every_game
def test_the_name_given_twice_is_still_found_in_one_pass(game: str) -> None:
    players = names(NAMES)
    players.append(CountedName("P1234"))
    with pytest.raises(InputError) as raised:
        read_log(log(game, players), [game])
    (problem,) = raised.value.problems
    assert problem.message == "two players are named 'P1234' (names must differ)"
    assert CountedName.compared <= NAMES + 1, CountedName.compared


@every_game
def test_a_record_of_many_players_is_checked_linearly(game: str) -> None:
    """The shared record header: the count (against the seats) and every name given twice,
    in one pass."""
    entries = [{"name": name} for name in names(NAMES)] + [{"name": CountedName("P7")}]
    doc = Document(Path("r.yaml"), "r.yaml", {"game": game, "players": entries})
    found = seat_problems(read_header(doc, [game]), Seats(1, 5))
    assert [p.message for p in found] == [
        f"the game has 1 to 5 players, got {NAMES + 1}",
        "player 'P7' is named twice",
    ]
    assert CountedName.compared <= NAMES + 1, CountedName.compared
