"""The loaded model is resolved: counts written as `{rules.x}` in YAML are numbers after
loading, and the raw forms (as written) and resolved forms are distinct types."""

from __future__ import annotations

from playtest.loader import Library
from playtest.model.components import Die, DieEntry, Token, TokenEntry


def test_raw_and_resolved_forms_are_distinct_types() -> None:
    assert not issubclass(DieEntry, Die) and not issubclass(Die, DieEntry)
    assert not issubclass(TokenEntry, Token) and not issubclass(Token, TokenEntry)
    assert Die.model_fields["count"].annotation is int
    assert Token.model_fields["count"].annotation is int


def test_every_loaded_count_is_a_number(library: Library) -> None:
    for game_id in library.game_ids:
        game = library.game(game_id)
        for item in (*game.dice, *game.tokens):
            assert type(item) in (Die, Token), (game_id, item.id)
            assert type(item.count) is int, (game_id, item.id, item.count)


def test_a_count_named_from_the_rules_is_the_rules_number(library: Library) -> None:
    game = library.game("dice-town")
    nuggets = next(t for t in game.tokens if t.id == "nugget")
    assert nuggets.count == game.rules_data["supply"]["nuggets"] > 0
