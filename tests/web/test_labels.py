"""Every word the web scorer shows for a scorer's key comes from the game's YAML (issue 43):
each breakdown line and answer field of every game's example records, every game (those
scored in YAML included), is named by `labels:` in its `game:` or by the name its id has
elsewhere in the YAML, or is already words (an award's line); never a raw key."""

from __future__ import annotations

import pytest

from playtest.library.loader import load_library
from playtest.library.registry import record_games
from playtest.scorer.api import evaluate_file
from playtest.web.labels import RAW_KEY, label_of, score_labels
from tests.conftest import REPO

GAMES = [g for g in record_games(load_library()) if g in load_library().game_ids]


def _keys(game: str) -> set[str]:
    keys: set[str] = set()
    for path in sorted((REPO / "examples" / game).glob("*.yaml")):
        if path.name.startswith("log-"):
            continue
        for player in evaluate_file(path).to_json()["players"]:
            keys |= set(player.get("breakdown") or {})
            keys |= {
                k
                for k, v in player.items()
                if k not in ("name", "total", "breakdown") and not isinstance(v, dict | list)
            }
    return keys


@pytest.mark.parametrize("game", GAMES)
def test_every_key_a_game_answers_is_named_by_its_yaml(library, game: str) -> None:
    labels = score_labels(library.game(game))
    keys = _keys(game)
    assert keys, "no example record answered"
    unnamed = sorted(k for k in keys if RAW_KEY.fullmatch(k) and k not in labels)
    assert unnamed == []
    assert not any(RAW_KEY.fullmatch(label_of(k, labels)) for k in keys)


def test_a_label_falls_back_to_words_never_to_the_key() -> None:
    assert label_of("best_row", {}) == "Best row"
    assert label_of("gold-mine", {"gold-mine": "Gold Mine"}) == "Gold Mine"
    assert label_of("A01 The Ruby Clover Award (row 2)", {}) == "A01 The Ruby Clover Award (row 2)"
