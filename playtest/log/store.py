"""The log's database: stdlib sqlite3 in WAL mode, one short transaction per write, so a
process killed mid-save loses at most that save and leaves a consistent file."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from playtest.log.entries import LoggedGame, NewGame
from playtest.log.migrations import migrate

DEFAULT_DB = Path("playtest.db")
BUSY_TIMEOUT_MS = 30_000  # writers queue behind each other instead of failing
SIMULATED = "simulated"  # the source of games bots played (`playtest simulate`)
PLAYED = "played"  # a source filter: every game people played (web, cli, import)

_COLUMNS = (
    "id, game, variant, played_on, kit_version, record, result, start_seat, source, "
    "created_at, updated_at"
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
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    # ---- writes: each one transaction
    def save(self, entry: NewGame) -> int:
        now = _now()
        with self._transaction() as conn:
            cursor = conn.execute(
                "INSERT INTO games (game, variant, played_on, kit_version, record, result, legal,"
                " start_seat, source, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
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
                ),
            )
            game_id = int(cursor.lastrowid or 0)
            _write_seats(conn, game_id, entry)
        return game_id

    def save_many(self, entries: Iterable[NewGame]) -> list[int]:
        """Many games in ONE transaction (a simulation's thousands): all or none are saved,
        and the ids are given here so games and seats go in as two bulk inserts."""
        now = _now()
        with self._transaction() as conn:
            first = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM games").fetchone()[0]
            rows, seats = [], []
            for game_id, entry in enumerate(entries, start=first):
                rows.append(
                    (
                        game_id,
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
                    )
                )
                seats += _seat_rows(game_id, entry)
            conn.executemany(
                "INSERT INTO games (id, game, variant, played_on, kit_version, record, result,"
                " legal, start_seat, source, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            conn.executemany(SEATS_INSERT, seats)
        return [row[0] for row in rows]

    def update(self, game_id: int, entry: NewGame) -> bool:
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
        with self._transaction() as conn:
            return bool(conn.execute("DELETE FROM games WHERE id=?", (game_id,)).rowcount)

    # ---- reads
    def get(self, game_id: int) -> LoggedGame | None:
        with self._connect() as conn:
            row = conn.execute(f"SELECT {_COLUMNS} FROM games WHERE id=?", (game_id,)).fetchone()
        return _entry(row) if row else None

    def games(
        self,
        game: str | None = None,
        version: str | None = None,
        source: str | None = None,
        limit: int | None = None,
    ) -> list[LoggedGame]:
        """Newest first, optionally only one game, one kit version, one source (`PLAYED`:
        every source but `SIMULATED`), at most `limit` of them."""
        where, args = _filters(game, version, source)
        with self._connect() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM games{where}"
                " ORDER BY played_on DESC, id DESC"
                + (f" LIMIT {int(limit)}" if limit is not None else ""),
                args,
            ).fetchall()
        return [_entry(row) for row in rows]

    def versions(self, source: str | None = None) -> list[tuple[str, str, int]]:
        """(game, kit version, games logged), for the filters and the stats pages."""
        where, args = _filters(None, None, source)
        with self._connect() as conn:
            return conn.execute(
                f"SELECT game, kit_version, count(*) FROM games{where}"
                " GROUP BY game, kit_version ORDER BY game, max(id) DESC",
                args,
            ).fetchall()

    def count(
        self, game: str | None = None, version: str | None = None, source: str | None = None
    ) -> int:
        where, args = _filters(game, version, source)
        with self._connect() as conn:
            return conn.execute(f"SELECT count(*) FROM games{where}", args).fetchone()[0]


def _filters(
    game: str | None, version: str | None, source: str | None = None
) -> tuple[str, tuple[str, ...]]:
    clauses, args = [], []
    if game:
        clauses.append("game=?")
        args.append(game)
    if version:
        clauses.append("kit_version=?")
        args.append(version)
    if source == PLAYED:
        clauses.append("source!=?")
        args.append(SIMULATED)
    elif source:
        clauses.append("source=?")
        args.append(source)
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
    ) = row
    return LoggedGame(
        game=game,
        variant=variant,
        played_on=played_on,
        kit_version=version,
        record=json.loads(record),
        result=json.loads(result),
        start_seat=start_seat,
        source=source,
        id=game_id,
        created_at=created,
        updated_at=updated,
    )


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=False)


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


__all__ = ["DEFAULT_DB", "PLAYED", "SIMULATED", "PlaytestLog"]
