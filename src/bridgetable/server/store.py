"""Durable event stores: one row per event, written before it is acknowledged or broadcast.

A table is its :class:`~bridgetable.core.record.BoardSetup` (plus server metadata: robot
seats, seat tokens, the robots' seed) and the ordered events of its board. An event is stored
under ``(table, seq)`` with ``seq`` the version it creates minus one; the primary key makes the
store the final arbiter between two writers (two server processes on PostgreSQL): the second
writer of the same ``seq`` fails with :class:`VersionConflict` and must catch up first.

Two back ends share one interface: :class:`SQLiteStore` (the default, a file in the data
directory, WAL mode) and :class:`PostgresStore` (``psycopg`` 3, for several processes, with
``LISTEN/NOTIFY`` fan-out of new versions).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sqlite3
import stat
import threading
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger("bridgetable.server")

#: The NOTIFY channel new versions are announced on (payload ``"<table id> <version>"``).
CHANNEL = "bridgetable_events"

_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS bt_tables (
        id TEXT PRIMARY KEY,
        setup TEXT NOT NULL,
        meta TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS bt_events (
        table_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        event TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    )""",
]


def make_private_dir(path: Path) -> None:
    """Create ``path`` (and its parents) readable by the owner only (0700); an existing
    directory is left as it is (:func:`not_private` says so)."""
    if not path.exists():
        path.mkdir(parents=True, mode=0o700, exist_ok=True)
        path.chmod(0o700)  # mkdir's mode is masked by the umask, which may be looser


def not_private(*paths: Path) -> list[str]:
    """A warning for each existing path that other local accounts may read or write: a
    directory not 0700-like, a file not 0600-like (no group or other bits)."""
    out = []
    for p in paths:
        try:
            mode = stat.S_IMODE(p.stat().st_mode)
        except OSError:
            continue
        if mode & 0o077:
            want = "700" if p.is_dir() else "600"
            out.append(
                f"{p} is open to other local accounts (mode {mode:o}): it holds every hidden "
                f"hand of the tables in play; chmod {want} {p}"
            )
    return out


def warn_not_private(*paths: Path) -> list[str]:
    """Log :func:`not_private`'s warnings; returns them."""
    warnings = not_private(*paths)
    for w in warnings:
        log.warning("warning: %s", w)
    return warnings


class StoreError(Exception):
    """The store could not do what was asked."""


class VersionConflict(StoreError):
    """Another writer stored an event at this version first."""


@dataclass(slots=True)
class StoredTable:
    """A table as stored: its id, setup and metadata (JSON-able dicts), and its events. (The
    row's ``finished`` flag only selects the tables to resume: :meth:`Store.table_ids`.)"""

    id: str
    setup: dict[str, Any]
    meta: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)


Listener = Callable[[str, int], Awaitable[None]]


class Store(Protocol):
    """What the server needs from a store."""

    async def open(self) -> None:
        """Connect and create the schema if needed."""

    async def close(self) -> None:
        """Release connections."""

    async def create_table(
        self, table_id: str, setup: dict[str, Any], meta: dict[str, Any], created: float
    ) -> None:
        """Store a new table."""

    async def update_meta(self, table_id: str, meta: dict[str, Any]) -> None:
        """Replace a table's metadata (a seat taken)."""

    async def append(
        self, table_id: str, start: int, events: Sequence[dict[str, Any]], finished: bool
    ) -> None:
        """Store ``events`` at versions ``start, start+1, ...`` atomically; raise
        :class:`VersionConflict` if any of those versions exists."""

    async def load(self, table_id: str) -> StoredTable | None:
        """A table with all its events, or ``None``."""

    async def events_since(self, table_id: str, version: int) -> list[dict[str, Any]]:
        """The events from ``version`` on."""

    async def table_ids(self, *, unfinished_only: bool) -> list[str]:
        """The ids of stored tables."""

    async def listen(self, callback: Listener) -> None:
        """Call ``callback(table_id, version)`` when another process stores events (a no-op
        for single-process stores)."""

    async def try_lock_robots(self, table_id: str) -> bool:
        """Whether this process may run the table's robots (one process at a time)."""


class SQLiteStore:
    """A SQLite file in WAL mode; one process. Each append is one committed transaction
    (durable against a killed process before it returns: with ``synchronous=NORMAL`` a commit
    is in the write-ahead log, which survives the process).

    The log is copied back into the database (a *checkpoint*, the one step that waits for the
    disk) by a background thread on its own connection, never by a commit on the event loop,
    so a slow disk does not stall every table."""

    #: Seconds between background checkpoints.
    CHECKPOINT_EVERY = 1.0

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None

    @property
    def db(self) -> sqlite3.Connection:
        """The open connection."""
        if self._db is None:
            raise StoreError("the store is not open")
        return self._db

    async def open(self) -> None:
        """Open the file (creating it and the schema). A new file is created 0600 in a 0700
        directory (SQLite gives its ``-wal`` and ``-shm`` files the database's mode); a file
        or directory open to other accounts is reported with a warning."""
        make_private_dir(self.path.parent)
        if not self.path.exists():
            os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600))
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA wal_autocheckpoint=0")
        for stmt in _SCHEMA:
            db.execute(stmt)
        self._db = db
        side = [self.path.with_name(self.path.name + x) for x in ("-wal", "-shm")]
        warn_not_private(self.path.parent, self.path, *side)
        self._stop.clear()
        self._checkpointer = threading.Thread(
            target=self._checkpoint_loop, name="sqlite-checkpoint", daemon=True
        )
        self._checkpointer.start()

    def _checkpoint_loop(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            while not self._stop.wait(self.CHECKPOINT_EVERY):
                # PASSIVE: copies what it can without blocking the writer
                db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        finally:
            db.close()

    async def close(self) -> None:
        """Close the file (after a last checkpoint)."""
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join()
            self._checkpointer = None
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._db.close()
            self._db = None

    async def create_table(
        self, table_id: str, setup: dict[str, Any], meta: dict[str, Any], created: float
    ) -> None:
        """Store a new table."""
        self.db.execute(
            "INSERT INTO bt_tables (id, setup, meta, created) VALUES (?, ?, ?, ?)",
            (table_id, json.dumps(setup), json.dumps(meta), created),
        )

    async def update_meta(self, table_id: str, meta: dict[str, Any]) -> None:
        """Replace a table's metadata."""
        self.db.execute("UPDATE bt_tables SET meta = ? WHERE id = ?", (json.dumps(meta), table_id))

    async def append(
        self, table_id: str, start: int, events: Sequence[dict[str, Any]], finished: bool
    ) -> None:
        """Store events atomically at consecutive versions."""
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
            db.executemany(
                "INSERT INTO bt_events (table_id, seq, event) VALUES (?, ?, ?)",
                [(table_id, start + i, json.dumps(e)) for i, e in enumerate(events)],
            )
            if finished:
                db.execute("UPDATE bt_tables SET finished = 1 WHERE id = ?", (table_id,))
            db.execute("COMMIT")
        except sqlite3.IntegrityError:
            db.execute("ROLLBACK")
            raise VersionConflict(f"table {table_id} version {start} exists") from None
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    async def load(self, table_id: str) -> StoredTable | None:
        """A table with its events."""
        row = self.db.execute(
            "SELECT setup, meta FROM bt_tables WHERE id = ?", (table_id,)
        ).fetchone()
        if row is None:
            return None
        events = await self.events_since(table_id, 0)
        return StoredTable(table_id, json.loads(row[0]), json.loads(row[1]), events)

    async def events_since(self, table_id: str, version: int) -> list[dict[str, Any]]:
        """Events from ``version`` on."""
        rows = self.db.execute(
            "SELECT event FROM bt_events WHERE table_id = ? AND seq >= ? ORDER BY seq",
            (table_id, version),
        ).fetchall()
        return [json.loads(r[0]) for r in rows]

    async def table_ids(self, *, unfinished_only: bool) -> list[str]:
        """Stored table ids, oldest first."""
        q = "SELECT id FROM bt_tables"
        if unfinished_only:
            q += " WHERE finished = 0"
        return [r[0] for r in self.db.execute(q + " ORDER BY created").fetchall()]

    async def listen(self, callback: Listener) -> None:
        """Single process: nothing to listen to."""

    async def try_lock_robots(self, table_id: str) -> bool:
        """Single process: always."""
        del table_id
        return True


class PostgresStore:
    """PostgreSQL through ``psycopg`` 3 (async). Appends are transactions that end with a
    ``NOTIFY`` of the new version; a second connection listens and hands other processes'
    versions to the server. Robots of a table run in the process that holds the table's
    session-level advisory lock (released when that process dies)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._conn: Any = None
        self._listen_conn: Any = None
        self._lock = asyncio.Lock()
        self._listen_task: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Connect and create the schema."""
        import psycopg

        self._conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        async with self._lock:
            for stmt in _SCHEMA:
                await self._conn.execute(stmt)

    async def close(self) -> None:
        """Stop listening and close the connections."""
        if self._listen_task is not None:
            self._listen_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listen_task
            self._listen_task = None
        for c in (self._listen_conn, self._conn):
            if c is not None:
                await c.close()
        self._conn = self._listen_conn = None

    async def _exec(self, query: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self._lock:
            cur = await self._conn.execute(query, params)
            if cur.description is None:
                return []
            rows: list[Any] = await cur.fetchall()
            return rows

    async def create_table(
        self, table_id: str, setup: dict[str, Any], meta: dict[str, Any], created: float
    ) -> None:
        """Store a new table."""
        await self._exec(
            "INSERT INTO bt_tables (id, setup, meta, created) VALUES (%s, %s, %s, %s)",
            (table_id, json.dumps(setup), json.dumps(meta), created),
        )

    async def update_meta(self, table_id: str, meta: dict[str, Any]) -> None:
        """Replace a table's metadata."""
        await self._exec(
            "UPDATE bt_tables SET meta = %s WHERE id = %s", (json.dumps(meta), table_id)
        )

    async def append(
        self, table_id: str, start: int, events: Sequence[dict[str, Any]], finished: bool
    ) -> None:
        """Store events in one transaction and announce the new version."""
        import psycopg

        async with self._lock:
            conn = self._conn
            try:
                async with conn.transaction(), conn.cursor() as cur:
                    await cur.executemany(
                        "INSERT INTO bt_events (table_id, seq, event) VALUES (%s, %s, %s)",
                        [(table_id, start + i, json.dumps(e)) for i, e in enumerate(events)],
                    )
                    if finished:
                        await cur.execute(
                            "UPDATE bt_tables SET finished = 1 WHERE id = %s", (table_id,)
                        )
                    await cur.execute(
                        "SELECT pg_notify(%s, %s)",
                        (CHANNEL, f"{table_id} {start + len(events)}"),
                    )
            except psycopg.errors.UniqueViolation:
                raise VersionConflict(f"table {table_id} version {start} exists") from None

    async def load(self, table_id: str) -> StoredTable | None:
        """A table with its events."""
        rows = await self._exec("SELECT setup, meta FROM bt_tables WHERE id = %s", (table_id,))
        if not rows:
            return None
        setup, meta = rows[0]
        events = await self.events_since(table_id, 0)
        return StoredTable(table_id, json.loads(setup), json.loads(meta), events)

    async def events_since(self, table_id: str, version: int) -> list[dict[str, Any]]:
        """Events from ``version`` on."""
        rows = await self._exec(
            "SELECT event FROM bt_events WHERE table_id = %s AND seq >= %s ORDER BY seq",
            (table_id, version),
        )
        return [json.loads(r[0]) for r in rows]

    async def table_ids(self, *, unfinished_only: bool) -> list[str]:
        """Stored table ids, oldest first."""
        q = "SELECT id FROM bt_tables"
        if unfinished_only:
            q += " WHERE finished = 0"
        return [r[0] for r in await self._exec(q + " ORDER BY created")]

    async def listen(self, callback: Listener) -> None:
        """Start a task that hands every NOTIFY to ``callback``."""
        import psycopg

        self._listen_conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        await self._listen_conn.execute(f"LISTEN {CHANNEL}")

        async def run() -> None:
            async for note in self._listen_conn.notifies():
                table_id, _, version = note.payload.partition(" ")
                try:
                    await callback(table_id, int(version))
                except Exception:  # pragma: no cover - one bad table must not stop fan-out
                    continue

        self._listen_task = asyncio.create_task(run())

    async def try_lock_robots(self, table_id: str) -> bool:
        """Take the table's advisory lock for this process's session, if free."""
        rows = await self._exec("SELECT pg_try_advisory_lock(hashtext(%s))", (table_id,))
        return bool(rows and rows[0][0])


def open_store(database: str | None, data_dir: Path) -> Store:
    """The store a ``--database`` URL (or, without one, the data directory) names."""
    if database:
        if database.startswith(("postgresql://", "postgres://")):
            return PostgresStore(database)
        if database.startswith("sqlite:///"):
            return SQLiteStore(Path(database[len("sqlite:///") :]))
        raise StoreError(f"unsupported database URL: {database!r}")
    return SQLiteStore(data_dir / "bridgetable.sqlite3")
