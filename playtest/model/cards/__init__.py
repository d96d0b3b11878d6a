"""Each game's cards as its rules see them (a catalogue: typed cards, copies, the spellings a
record may type), built once when the game is loaded and kept on the `Game` as `catalogue`.

A module here names its game in `GAME_ID` and defines `catalogue(game) -> ...`; the loader
calls it after the game's rules module has checked the cards (its `check(game)`), so a kit
and a scorer see the same cards, and a deck the rules cannot use is refused for both.
"""

from __future__ import annotations

from types import ModuleType

from playtest.model.game_modules import by_game_id


def catalogue_modules() -> dict[str, ModuleType]:
    return by_game_id(__name__, __path__)
