"""The web editor of the games scored in YAML (`fields.py`: one generic editor for all of them).
What the web scorer needs of a game with code (the variants offered on "new game", a blank
record, what the board editor picks from, where each violation is shown) is that game's
`WebGame` (`playtest/scorer/web_game.py`), the `web` part of its registration
(`playtest/library/registry.py`), kept in its own package: `scorer/games/<package>/web.py`."""
