"""Each game's cards as its rules see them (a catalogue: typed cards, copies, the spellings a
record may type), built once when the game is loaded and kept on the `Game` as `catalogue`.

A module here defines `catalogue(game) -> ...`, declared by the game's registration
(`playtest/registry.py`); the loader calls it after the game's rules checks (its `check`), so a
kit and a scorer see the same cards, and a deck the rules cannot use is refused for both.
"""
