"""The log's schema as numbered migrations: a database is brought up to date by running, in
order, every migration above the version stored in `schema_version`, each in its own
transaction. Never edit a released migration; add the next one."""

from __future__ import annotations

import sqlite3

MIGRATIONS: tuple[str, ...] = (
    # 1: one row per game, one row per seat (players in seat order, their totals)
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        game        TEXT NOT NULL,
        variant     TEXT,
        played_on   TEXT NOT NULL,           -- ISO date the game was played
        kit_version TEXT NOT NULL,           -- the game's YAML version: never mix rule versions
        record      TEXT NOT NULL,           -- the record, as JSON (exported as YAML)
        result      TEXT NOT NULL,           -- `playtest score --json`'s answer
        legal       INTEGER NOT NULL,
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL
    );
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat    INTEGER NOT NULL,            -- 0 = first seat
        name    TEXT NOT NULL,
        total   INTEGER,
        winner  INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX games_by_kit ON games (game, kit_version, played_on);
    """,
    # 2: who started the game (a seat), and where the entry came from (web, cli, import)
    """
    ALTER TABLE games ADD COLUMN start_seat INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN source TEXT NOT NULL DEFAULT 'cli';
    """,
    # 3: simulated games (thousands a run) are kept apart from played ones: find them fast
    """
    CREATE INDEX games_by_source ON games (game, source, kit_version);
    """,
    # 4: the stats page reads the newest games of one game, version and source: an index in
    # that order, so it stops after the ones it shows instead of sorting a whole run
    """
    CREATE INDEX games_newest ON games (game, kit_version, source, played_on, id);
    """,
    # 5: each game's identity (kept in its exported file): a game imported again, or a Save
    # sent twice, is found here instead of stored twice. Games logged before get a random one.
    """
    ALTER TABLE games ADD COLUMN uid TEXT;
    UPDATE games SET uid = lower(hex(randomblob(16))) WHERE uid IS NULL;
    CREATE UNIQUE INDEX games_by_uid ON games (uid);
    """,
    # 6: a counter every write transaction moves on, so what is worked out from the log (the
    # stats page's plots) is kept until the log changes, and no longer
    """
    CREATE TABLE changes (count INTEGER NOT NULL);
    INSERT INTO changes (count) VALUES (0);
    """,
)

LATEST = len(MIGRATIONS)


def schema_version(conn: sqlite3.Connection) -> int:
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = conn.execute("SELECT max(version) FROM schema_version").fetchone()
    return row[0] or 0


def migrate(conn: sqlite3.Connection, target: int = LATEST) -> int:
    """Run the missing migrations up to `target`; returns the version reached. A database
    newer than this program is refused rather than guessed at."""
    conn.execute("BEGIN IMMEDIATE")  # one process migrates; the others wait, then see it done
    try:
        current = schema_version(conn)
        if current > LATEST:
            raise sqlite3.DatabaseError(
                f"schema version {current} is newer than this playtest-kit knows ({LATEST})"
            )
        for number in range(current + 1, target + 1):
            for statement in _statements(MIGRATIONS[number - 1]):
                conn.execute(statement)
            conn.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return max(current, target)


def _statements(script: str) -> list[str]:
    # executescript() would commit the open transaction; run the statements one by one instead
    return [s.strip() for s in script.split(";") if s.strip()]
