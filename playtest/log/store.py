"""The log's database: stdlib sqlite3 in WAL mode, one short transaction per write, so a
process killed mid-save loses at most that save and leaves a consistent file."""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from playtest.core.errors import InputError
from playtest.log.entries import LoggedGame, NewGame
from playtest.log.migrations import migrate
from playtest.log.values import (
    MAX_ID,
    PLAYED,
    SIMULATED,
    SOURCES,
    game_problem,
    new_uid,
    parse_json,
)

DEFAULT_DB = Path("playtest.db")
BUSY_TIMEOUT_MS = 30_000  # writers queue behind each other instead of failing

_COLUMNS = (
    "id, game, variant, played_on, kit_version, record, result, start_seat, source, "
    "created_at, updated_at, uid"
)
_INSERT = (
    "INSERT INTO games (game, variant, played_on, kit_version, record, result, legal,"
    " start_seat, source, created_at, updated_at, uid)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING"
)


class PlaytestLog:
    """One log file. Each call opens its own connection, so the log may be used from many
    threads (a web server's workers) and processes at once."""

    def __init__(self, path: Path | str = DEFAULT_DB) -> None:
        self.path = Path(path)
        with self._connect() as conn:
            conn.execute("PRAGMA journal_mode=WAL")
            migrate(conn)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        conn = sqlite3.connect(
            self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
        try:
            conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA synchronous=NORMAL")  # WAL: safe against a killed process
            yield conn
        finally:
            conn.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._connect() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("UPDATE changes SET count = count + 1")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    # ---- writes: each one transaction
    def save(self, entry: NewGame) -> int:
        return self.save_once(entry)[0]

    def save_once(self, entry: NewGame) -> tuple[int, bool]:
        """(id, True) for a new game; (the id it has, False) when a game of the same identity
        is already in the log (a Save sent twice, a file imported again)."""
        with self._transaction() as conn:
            return _insert(conn, entry, _now())

    def save_all(
        self, entries: Iterable[NewGame], check: Callable[[], None] = lambda: None
    ) -> tuple[list[int], list[int]]:
        """Many games in ONE transaction (an import): all are saved or none is (an error, or
        `check` raising before the commit, rolls back). Returns the ids of the new games and
        of those already in the log, each once."""
        now = _now()
        added: list[int] = []
        found: list[int] = []
        with self._transaction() as conn:
            for entry in entries:
                check()
                game_id, new = _insert(conn, entry, now)
                (added if new else found).append(game_id)
            check()  # the last moment to stop: the commit follows
        return added, list(dict.fromkeys(found))

    def save_many(self, entries: Iterable[NewGame]) -> list[int]:
        """Many games in ONE transaction (a simulation's thousands): all or none are saved,
        and the ids are given here so games and seats go in as two bulk inserts."""
        now = _now()
        with self._transaction() as conn:
            first = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM games").fetchone()[0]
            ids: list[int] = []
            rows, seats = [], []
            for game_id, entry in enumerate(entries, start=first):
                ids.append(game_id)
                rows.append((game_id, *_values(entry, now)))
                seats += _seat_rows(game_id, entry)
            conn.executemany(
                "INSERT INTO games (id, game, variant, played_on, kit_version, record, result,"
                " legal, start_seat, source, created_at, updated_at, uid)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            conn.executemany(SEATS_INSERT, seats)
        return ids

    def update(self, game_id: int, entry: NewGame) -> bool:
        if not 0 < game_id <= MAX_ID:
            return False
        with self._transaction() as conn:
            cursor = conn.execute(
                "UPDATE games SET game=?, variant=?, played_on=?, kit_version=?, record=?,"
                " result=?, legal=?, start_seat=?, updated_at=? WHERE id=?",
                (
                    entry.game,
                    entry.variant,
                    entry.played_on,
                    entry.kit_version,
                    _json(entry.record),
                    _json(entry.result),
                    int(entry.result["legal"]),
                    entry.start_seat,
                    _now(),
                    game_id,
                ),
            )
            if not cursor.rowcount:
                return False
            conn.execute("DELETE FROM seats WHERE game_id=?", (game_id,))
            _write_seats(conn, game_id, entry)
        return True

    def delete(self, game_id: int) -> bool:
        if not 0 < game_id <= MAX_ID:
            return False
        with self._transaction() as conn:
            return bool(conn.execute("DELETE FROM games WHERE id=?", (game_id,)).rowcount)

    # ---- reads
    def get(self, game_id: int) -> LoggedGame | None:
        if not 0 < game_id <= MAX_ID:  # no such row, and sqlite3 cannot even bind it
            return None
        with self._connect() as conn:
            row = conn.execute(f"SELECT {_COLUMNS} FROM games WHERE id=?", (game_id,)).fetchone()
        return self._entry(row) if row else None

    def with_uid(self, uid: str) -> int | None:
        """The id of the game of this identity (a board's key), if it is in the log."""
        with self._connect() as conn:
            row = conn.execute("SELECT id FROM games WHERE uid=?", (uid,)).fetchone()
        return int(row[0]) if row else None

    def games(
        self,
        game: str | None = None,
        version: str | None = None,
        source: str | None = None,
        limit: int | None = None,
        *,
        offset: int = 0,
        player: str | None = None,
    ) -> list[LoggedGame]:
        """Newest first, optionally only one game, one kit version, one source (`PLAYED`:
        every source but `SIMULATED`), one player (a part of a name, in any case), at most
        `limit` of them after the first `offset` (a page of the history)."""
        where, args = _filters(game, version, source, player)
        page = f" LIMIT {int(limit)} OFFSET {int(offset)}" if limit is not None else ""
        with self._connect() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM games{where} ORDER BY played_on DESC, id DESC{page}",
                args,
            ).fetchall()
        return [self._entry(row) for row in rows]

    def _entry(self, row: tuple) -> LoggedGame:
        """A row as a game, every value checked: a bad row is one line naming it (InputError),
        never a traceback or a file name built from whatever it holds."""
        try:
            entry = _entry(row)
            wrong = game_problem(entry)
        except ValueError as exc:
            wrong = str(exc)
        if wrong:
            raise InputError.one(self.path.name, None, f"game {row[0]}", wrong)
        return entry

    def versions(self, source: str | None = None) -> list[tuple[str, str, int]]:
        """(game, kit version, games logged), for the filters and the stats pages."""
        where, args = _filters(None, None, source)
        with self._connect() as conn:
            return conn.execute(
                f"SELECT game, kit_version, count(*) FROM games{where}"
                " GROUP BY game, kit_version ORDER BY game, max(id) DESC",
                args,
            ).fetchall()

    def changes(self) -> int:
        """How many write transactions the log has seen: what is worked out from it stays
        true while this number stays the same."""
        with self._connect() as conn:
            return conn.execute("SELECT count FROM changes").fetchone()[0]

    def count(
        self,
        game: str | None = None,
        version: str | None = None,
        source: str | None = None,
        player: str | None = None,
    ) -> int:
        where, args = _filters(game, version, source, player)
        with self._connect() as conn:
            return conn.execute(f"SELECT count(*) FROM games{where}", args).fetchone()[0]


def _filters(
    game: str | None, version: str | None, source: str | None = None, player: str | None = None
) -> tuple[str, tuple[str, ...]]:
    clauses, args = [], []
    if player:  # any seat whose name holds it, in any case (LIKE, its wildcards escaped)
        clauses.append(r"id IN (SELECT game_id FROM seats WHERE name LIKE ? ESCAPE '\')")
        args.append("%" + re.sub(r"([%_\\])", r"\\\1", player) + "%")
    if game:
        clauses.append("game=?")
        args.append(game)
    if version:
        clauses.append("kit_version=?")
        args.append(version)
    if source == PLAYED:
        clauses.append("source!=?")
        args.append(SIMULATED)
    elif source in SOURCES:
        clauses.append("source=?")
        args.append(source)
    elif source:
        raise ValueError(f"unknown source {source!r}")
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), tuple(args)


SEATS_INSERT = "INSERT INTO seats (game_id, seat, name, total, winner) VALUES (?, ?, ?, ?, ?)"


def _seat_rows(game_id: int, entry: NewGame) -> list[tuple[int, int, str, object, int]]:
    winners = set(entry.result["winners"])
    return [
        (game_id, seat, p["name"], p.get("total"), int(p["name"] in winners))
        for seat, p in enumerate(entry.players)
    ]


def _write_seats(conn: sqlite3.Connection, game_id: int, entry: NewGame) -> None:
    conn.executemany(SEATS_INSERT, _seat_rows(game_id, entry))


def _values(entry: NewGame, now: str) -> tuple[object, ...]:
    return (
        entry.game,
        entry.variant,
        entry.played_on,
        entry.kit_version,
        _json(entry.record),
        _json(entry.result),
        int(entry.result["legal"]),
        entry.start_seat,
        entry.source,
        now,
        now,
        entry.uid or new_uid(),
    )


def _insert(conn: sqlite3.Connection, entry: NewGame, now: str) -> tuple[int, bool]:
    values = _values(entry, now)
    cursor = conn.execute(_INSERT, values)
    if cursor.rowcount:
        game_id = int(cursor.lastrowid or 0)
        _write_seats(conn, game_id, entry)
        return game_id, True
    row = conn.execute("SELECT id FROM games WHERE uid=?", (values[-1],)).fetchone()
    return int(row[0]), False


def _entry(row: tuple) -> LoggedGame:
    (
        game_id,
        game,
        variant,
        played_on,
        version,
        record,
        result,
        start_seat,
        source,
        created,
        updated,
        uid,
    ) = row
    return LoggedGame(
        game=game,
        variant=variant,
        played_on=played_on,
        kit_version=version,
        record=parse_json(record, "record"),
        result=parse_json(result, "result"),
        start_seat=start_seat,
        source=source,
        id=game_id,
        created_at=created,
        updated_at=updated,
        uid=uid,
    )


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=False)


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


__all__ = ["DEFAULT_DB", "PLAYED", "SIMULATED", "PlaytestLog"]
