"""Which tables the hub holds in memory (issue 14, "Limits"; docs/security.md).

Every table is in the store; memory only holds the ones in use. :class:`Eviction` keeps the
hub's tables in the order they were last used and drops from memory:

* a *finished* table (its board over: played out, passed out, a claim settled) once it has
  been idle for ``grace`` seconds -- no socket on it, no robot thinking, no command under
  way (the sweep, :meth:`Eviction.sweep_forever`, every few seconds);
* beyond ``max_tables`` tables held, the idle ones least recently used, finished or not
  (at every admission of a table, and at every sweep). A table in use is never dropped, so
  the bound can be passed while more than ``max_tables`` are in use; a new table is then
  refused (:class:`TablesFull`, HTTP 503 ``full``) until one is idle again.

A table dropped is reloaded from the store on demand (``Hub.get``: an HTTP request or a
socket), transparently. One process never holds two live objects of one table: a table
dropped while something still refers to it (a socket that has not said hello yet, a request
under way) is kept in a weak map, and taken back by the next ``get`` (caught up from the
store first: with PostgreSQL another process may have moved it on) instead of being loaded a
second time.

>>> class Board:
...     is_over = True
>>> class T:
...     def __init__(self, tid: str) -> None:
...         self.id, self.conns, self.robot_tasks, self.fault = tid, set(), {}, None
...         self.board, self.lock = Board(), asyncio.Lock()
>>> now = [0.0]
>>> ev = Eviction(grace=10.0, max_tables=2, clock=lambda: now[0])
>>> tables = {t: T(t) for t in "abc"}
>>> for t in "abc":
...     ev.touch(t)
>>> ev.over_bound(tables), ev.due(tables)  # "a" is the least recently used
(['a'], [])
>>> now[0] = 11.0
>>> sorted(ev.due(tables))  # all three are finished and quiet past the grace period
['a', 'b', 'c']
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bridgetable.server.hub import Table

log = logging.getLogger("bridgetable.server")

#: Defaults of ``bridgetable serve --evict-after`` and ``--max-tables``.
EVICT_AFTER = 300.0
MAX_TABLES = 2000


class TablesFull(Exception):
    """The hub holds its most tables and every one is in use: no new table now."""


def idle(table: Table) -> bool:
    """Whether nothing uses ``table`` now: no socket, no robot task, its lock free, and no
    fault flagged for the Directors (that flag lives in memory only)."""
    return (
        not table.conns
        and not table.robot_tasks
        and not table.lock.locked()
        and table.fault is None
    )


class Eviction:
    """The hub's tables in order of use, and which of them to drop (see the module)."""

    def __init__(
        self,
        *,
        grace: float = EVICT_AFTER,
        max_tables: int = 0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        #: seconds a finished table stays in memory once idle
        self.grace = grace
        #: tables held at most while some are idle (0: no bound)
        self.max_tables = max_tables
        self.clock = clock
        #: table id -> when it was last used, least recently used first
        self._used: dict[str, float] = {}
        #: tables dropped that something still refers to (taken back by :meth:`revive`)
        self._dropped: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()
        #: how many tables were dropped so far
        self.evicted = 0

    def touch(self, table_id: str) -> None:
        """``table_id`` was used now (it goes to the most recent end)."""
        self._used.pop(table_id, None)
        self._used[table_id] = self.clock()

    def due(self, tables: Mapping[str, Table]) -> list[str]:
        """The finished tables idle for ``grace`` seconds."""
        now = self.clock()
        return [
            tid
            for tid, used in self._used.items()
            if now - used >= self.grace
            and (t := tables.get(tid)) is not None
            and t.board.is_over
            and idle(t)
        ]

    def over_bound(
        self, tables: Mapping[str, Table], keep: Iterable[str] = (), room: int = 0
    ) -> list[str]:
        """The idle tables, least recently used first, to drop so that at most
        ``max_tables - room`` are held (never those in ``keep``)."""
        excess = len(tables) - (self.max_tables - room)
        if not self.max_tables or excess <= 0:
            return []
        kept = set(keep)
        out: list[str] = []
        for tid in self._used:
            if len(out) >= excess:
                break
            t = tables.get(tid)
            if t is not None and tid not in kept and idle(t):
                out.append(tid)
        return out

    def drop(self, tables: MutableMapping[str, Table], ids: Iterable[str], why: str) -> int:
        """Drop the tables ``ids`` from memory; how many were dropped."""
        n = 0
        for tid in ids:
            t = tables.pop(tid, None)
            self._used.pop(tid, None)
            if t is None:
                continue
            self._dropped[tid] = t
            self.evicted += 1
            n += 1
            log.info("table %s dropped from memory (%s); kept in the store", tid, why)
        return n

    def forget(self, table_id: str) -> None:
        """Forget ``table_id`` (no longer held)."""
        self._used.pop(table_id, None)

    def revive(self, table_id: str) -> Table | None:
        """A dropped table that something still refers to, taken back (else ``None``)."""
        t: Table | None = self._dropped.pop(table_id, None)
        return t

    def admit(self, tables: MutableMapping[str, Table], table: Table) -> None:
        """``table`` is held (now in ``tables``): drop the idle tables over the bound."""
        self.touch(table.id)
        self.drop(tables, self.over_bound(tables, keep=[table.id]), "over --max-tables")

    def make_room(self, tables: MutableMapping[str, Table]) -> None:
        """Before a new table: drop an idle one if the bound is reached; raise
        :class:`TablesFull` when every table held is in use."""
        if not self.max_tables or len(tables) < self.max_tables:
            return
        self.drop(tables, self.over_bound(tables, room=1), "over --max-tables")
        if len(tables) >= self.max_tables:
            raise TablesFull(f"the server holds its most tables ({self.max_tables}), all in use")

    def sweep(self, tables: MutableMapping[str, Table]) -> int:
        """Drop the finished tables idle past the grace period, then the idle ones over the
        bound; how many were dropped."""
        for tid in [t for t in self._used if t not in tables]:
            del self._used[tid]  # used while not held (a task on a dropped table)
        n = self.drop(tables, self.due(tables), "finished and idle")
        return n + self.drop(tables, self.over_bound(tables), "over --max-tables")

    def every(self) -> float:
        """Seconds between two sweeps: a quarter of the grace period, within 0.1-5 s."""
        return min(5.0, max(0.1, self.grace / 4))

    async def sweep_forever(self, tables: MutableMapping[str, Table]) -> None:
        """Sweep ``tables`` every :meth:`every` seconds (a task of the server's life)."""
        while True:
            await asyncio.sleep(self.every())
            try:
                self.sweep(tables)
            except Exception:  # pragma: no cover - a sweep must never end the server
                log.exception("the sweep of idle tables failed")
