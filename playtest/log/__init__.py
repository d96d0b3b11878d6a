"""The playtest log: every scored game kept in an embedded SQLite database.

migrations.py (the numbered schema), store.py (open, save, list, edit, delete),
entries.py (a scored record as a log entry), records.py (record files in and out),
stats.py (per game and kit version: win rates, scores, categories, cards).
"""

from playtest.log.entries import LoggedGame, NewGame, kit_version, new_game
from playtest.log.store import DEFAULT_DB, PLAYED, SIMULATED, PlaytestLog

__all__ = [
    "DEFAULT_DB",
    "PLAYED",
    "SIMULATED",
    "LoggedGame",
    "NewGame",
    "PlaytestLog",
    "kit_version",
    "new_game",
]
