"""Finding, loading and checking a game: the one loader (`loader.py`: `Library`, every problem
of a game in one pass), the references between its files (`references.py`), what a broken
file still gives the cross-file checks (`salvage.py`), the registry of games' code
(`registry.py`: one `GameRegistration` a game, found by entry points) and a game's fields,
painted on first ask (`fields.py`). The layer above the faces and below the two wings: the kit
(`playtest.generator`) and the scorer (`playtest.scorer`) both stand on it."""
