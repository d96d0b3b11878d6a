"""The loaded model is resolved: counts written as `{rules.x}` in YAML are numbers after
loading, size presets are millimetres, names are checked ids; the raw forms (as written,
`playtest.model.entries`) and the resolved forms (`playtest.model.components`) are distinct
types, and no field of a resolved form is a union of raw alternatives."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from playtest.core.errors import InputError
from playtest.library.loader import Library, load_library
from playtest.model import components, entries
from playtest.model.components import Board, Deck, Die, Sheet, Token
from playtest.model.entries import BoardEntry, DeckEntry, DieEntry, SheetEntry, TokenEntry
from playtest.model.ids import ColourName, LayoutId, SheetId
from tests.helpers import edit_once, make_components

PAIRS = [
    (DeckEntry, Deck),
    (DieEntry, Die),
    (SheetEntry, Sheet),
    (TokenEntry, Token),
    (BoardEntry, Board),
]


@pytest.mark.parametrize(("raw", "resolved"), PAIRS)
def test_raw_and_resolved_forms_are_distinct_types(raw: type, resolved: type) -> None:
    assert not issubclass(raw, resolved) and not issubclass(resolved, raw)
    assert raw.__module__ == entries.__name__ and resolved.__module__ == components.__name__


def test_resolved_fields_hold_resolved_types() -> None:
    hints = {cls: typing.get_type_hints(cls) for _, cls in PAIRS}
    assert hints[Die]["count"] is int and hints[Token]["count"] is int
    for cls in (Deck, Sheet, Token, Board):
        assert hints[cls]["size"] == tuple[float, float], cls
        assert hints[cls]["layout"] is LayoutId, cls
    assert hints[Die]["colour"] is ColourName and hints[Die]["ink"] is ColourName
    assert hints[Sheet]["back"] == SheetId | None
    # the raw forms keep what YAML may say: a preset name, a count naming the rules
    assert str in typing.get_args(typing.get_type_hints(DeckEntry)["size"])
    assert str in typing.get_args(typing.get_type_hints(DieEntry)["count"])


def test_every_loaded_component_is_resolved(library: Library) -> None:
    for game_id in library.game_ids:
        game = library.game(game_id)
        for item in (*game.decks, *game.dice, *game.sheets, *game.tokens, *game.boards):
            assert type(item) in (Deck, Die, Sheet, Token, Board), (game_id, item.id)
            assert item.layout in game.layouts, (game_id, item.id)
        for item in (*game.dice, *game.tokens):
            assert type(item.count) is int, (game_id, item.id, item.count)
        for item in (*game.decks, *game.sheets, *game.tokens, *game.boards):
            w, h = item.size
            assert isinstance(w, float) and isinstance(h, float), (game_id, item.id)


def test_a_size_preset_is_its_millimetres(tmp_path: Path) -> None:
    game = load_library(make_components(tmp_path)).game("mini-game")
    assert game.deck("deck").size == game.presets.sizes["poker"] == (63.0, 88.0)
    sheet = next(s for s in game.sheets if s.id == "front-sheet")
    assert sheet.size == game.presets.sizes["a5"] and sheet.back == "back-sheet"


def test_a_count_naming_nothing_in_the_rules_is_an_error_at_count(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    edit_once(root / "mini-game" / "cards.yaml", "count: 12,", 'count: "{rules.coins}",')
    with pytest.raises(InputError) as caught:
        load_library(root).game("mini-game")
    [problem] = caught.value.problems
    assert problem.file.endswith("mini-game/cards.yaml") and problem.line == 31
    assert (problem.field, problem.message) == (
        "tokens[0].count",
        "{rules.coins} names nothing in the rules",
    )
