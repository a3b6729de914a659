"""One authority per table: the in-memory boards, their connections, robots and fan-out.

The :class:`Hub` holds every loaded table. A command is handled under the table's lock:

1. the version it was made against must be the table's version (else ``stale``);
2. the engine applies it (a refusal changes nothing and goes back to that client only);
3. the new events are stored (one row per event) -- only then is the command acknowledged
   and the views broadcast, each connection getting its own role's view;
4. the table's robots are asked whether they have something to do.

With PostgreSQL, several processes may hold the same table: the store's primary key on
``(table, seq)`` decides between two writers, the loser catches up and answers ``stale``;
``NOTIFY`` tells the other processes to catch up and broadcast to their own clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import hashlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import BrokenExecutor, Executor
from dataclasses import dataclass, field
from typing import Any

from bridgetable.adjudication.ruling import adjudicate_case
from bridgetable.core.board import Board
from bridgetable.core.claimcase import ClaimCase
from bridgetable.core.errors import ActionRefused, BridgeError
from bridgetable.core.record import BoardSetup
from bridgetable.core.seats import SEATS, Seat
from bridgetable.core.session import (
    Session,
    SessionSetup,
    entry_from_dict,
    entry_to_dict,
)
from bridgetable.core.views import DIRECTOR, SPECTATOR, Role, parse_role
from bridgetable.robots.memory import Memory
from bridgetable.robots.player import RobotConfig, decide, fallback_card
from bridgetable.server import matches
from bridgetable.server.commands import BadCommand, run_session_command
from bridgetable.server.eviction import EVICT_AFTER, Eviction
from bridgetable.server.field import FieldResults
from bridgetable.server.floors import ClaimFloors, floor_of
from bridgetable.server.limits import TALK, WindowCounter
from bridgetable.server.store import Store, StoredTable, VersionConflict
from bridgetable.server.stored import check_meta
from bridgetable.server.wire import (
    Error,
    Fault,
    MessageId,
    RulingProposal,
    ServerMessage,
    Synced,
    View,
    encode,
)
from bridgetable.solver.port import DoubleDummy

log = logging.getLogger("bridgetable.server")

#: A connection's way out: the encoded text of one message (:func:`wire.encode`).
Send = Callable[[str], Awaitable[None]]


async def keep_gc_young(every: float = 1.0, release_every: float = 3600.0) -> None:
    """Keep the cyclic garbage collector's pauses short under load.

    A server with thousands of sockets holds millions of long-lived objects (connections,
    protocol state, boards); a full collection walks them all and stalls every table for
    hundreds of milliseconds. Every ``every`` seconds the survivors are moved to the
    collector's permanent generation (:func:`gc.freeze`), so collections look at young objects
    only; reference counting still frees everything that is not in a cycle. Every
    ``release_every`` seconds they are handed back (:func:`gc.unfreeze`) so that cycles among
    them (closed connections) are eventually collected. (Freezing is a constant-time list
    splice.)
    """
    loop = asyncio.get_running_loop()
    released = loop.time()
    while True:
        await asyncio.sleep(every)
        if loop.time() - released >= release_every:
            gc.unfreeze()
            released = loop.time()
        else:
            gc.freeze()


def token_hash(token: str) -> str:
    """Tokens are stored hashed; a stolen database does not hand out seats."""
    return hashlib.sha256(token.encode()).hexdigest()


def role_name(role: Role) -> str:
    """``N``/``E``/``S``/``W``, ``spectator`` or ``director``."""
    return role.letter if isinstance(role, Seat) else role.value


@dataclass(eq=False, slots=True)
class Connection:
    """One client's socket on one table, seen from the hub."""

    role: Role
    send: Send
    version: int = -1
    #: the token it said hello with (for the limit of sockets per token)
    token: str = ""

    async def send_message(self, msg: ServerMessage) -> None:
        """Encode and send one message."""
        await self.send(encode(msg))


#: Every role a view is built for: a command is stored only when all of them can be built.
ROLES: tuple[Role, ...] = (*SEATS, SPECTATOR, DIRECTOR)


class TableQuarantined(Exception):
    """A stored table that could not be replayed (or whose views cannot be built): kept out
    of the server, which goes on with the other tables; ``reason`` is for the log and the
    Directors' queue only (it may name cards)."""

    def __init__(self, table_id: str, reason: str) -> None:
        super().__init__(f"table {table_id} is quarantined")
        self.table_id = table_id
        self.reason = reason


def robot_seed(secret: int, version: int, seat: Seat) -> int:
    """A robot's seed for one decision: 128 bits of SHA-256 of the table's seed, the version
    and the seat, so that a robot's choices never reveal the table's seed (and so the deal).

    >>> robot_seed(1, 0, Seat.NORTH) == robot_seed(1, 0, Seat.NORTH) != robot_seed(1, 1, Seat.NORTH)
    True
    """
    digest = hashlib.sha256(f"robot:{secret}:{version}:{int(seat)}".encode()).digest()
    return int.from_bytes(digest[:16], "big")


def _printable(text: str, limit: int = 500) -> str:
    """``text`` cut to ``limit`` characters, lone surrogates escaped (for a log or a JSON
    answer)."""
    return text[:limit].encode("utf-8", "backslashreplace").decode("utf-8")


class CommandError(Exception):
    """A command answered with an error message to its sender only (:meth:`answer`):
    ``action``, ``reason`` and ``law`` are the engine's refusal's, ``version`` the table's
    when the client is told it."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        version: int | None = None,
        action: str | None = None,
        reason: str | None = None,
        law: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.version = version
        self.action = action
        self.reason = reason
        self.law = law

    def answer(self, mid: MessageId | None) -> Error:
        """The error message answering the command whose ``id`` is ``mid``."""
        return Error(
            id=mid,
            code=self.code,
            message=self.message,
            action=self.action,
            reason=self.reason,
            law=self.law,
            version=self.version,
        )


def session_setup_of(meta: Mapping[str, Any], first: BoardSetup) -> SessionSetup:
    """The session a stored table plays: ``meta["session"]``, or for a table made for one
    board (no session in its metadata) a set of that one board."""
    data = meta.get("session")
    if data is None:
        return SessionSetup("set", seed=int(meta.get("seed", 0)), boards=1, rules=first.rules)
    return SessionSetup.from_dict(data)


@dataclass(eq=False, slots=True, weakref_slot=True)
class Table:
    """One table: its session over boards (the authority; the board in play is its
    ``board``), metadata and connections. ``first`` is the stored setup of its first board."""

    id: str
    first: BoardSetup
    meta: dict[str, Any]
    session: Session
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    memories: dict[Seat, Memory] = field(default_factory=dict)
    robot_tasks: dict[Seat, asyncio.Task[None]] = field(default_factory=dict)
    runs_robots: bool = False
    #: the adjudicator's proposal message (for the Director's console) and the claim it is for
    proposal: RulingProposal | None = None
    #: the claim it is for, known by its position (a claim is a frozen value, replaced at
    #: every answer; its position is the same object from the claim to its end)
    proposal_for: Any = None
    #: the last command refused because a view could not be built with it (for the Director)
    fault: str | None = None
    #: the board number the robots' memories are of
    memory_board: int = 0
    #: a match table's last sight of the other room's results (a prefix of them: results are
    #: only ever added), shown while that room is out of memory (evicted when idle)
    partner_results: tuple[Any, ...] = ()

    @property
    def board(self) -> Board:
        """The board in play (or the last one played)."""
        return self.session.board

    @property
    def setup(self) -> BoardSetup:
        """The setup of the board in play."""
        return self.session.board.setup

    @property
    def version(self) -> int:
        """The number of entries in the session's log so far (every board's events and the
        seats' requests for the next board)."""
        return self.session.version

    @property
    def robots(self) -> list[Seat]:
        """The seats the server's robots play."""
        return [Seat.from_letter(s) for s in self.meta.get("robots", [])]

    def summary(self) -> dict[str, Any]:
        """The public summary: no card in it; for a team match's table no contract either
        (the other room's players must not learn it before they play the board)."""
        b = self.board
        secret_contract = self.match_place() is not None
        taken = set(self.meta.get("taken", []))
        seats = {}
        for s in SEATS:
            if s.letter in self.meta.get("robots", []):
                seats[s.letter] = "robot"
            elif s.letter in taken:
                seats[s.letter] = "taken"
            else:
                seats[s.letter] = "free"
        return {
            "id": self.id,
            "board": self.setup.board,
            "rules": self.setup.rules.code,
            "phase": b.phase.value,
            "version": self.version,
            "seats": seats,
            "contract": None if b.contract is None or secret_contract else str(b.contract),
            "to_act": None if b.to_act is None else b.to_act.letter,
            "over": b.is_over,
            "session": {
                "kind": self.session.setup.kind,
                "scoring": self.session.setup.scoring,
                "boards": self.session.setup.boards,
                "over": self.session.is_over,
            },
            "match": self.match_place(),
        }

    def match_place(self) -> dict[str, Any] | None:
        """A team match's table: ``{"id": the match's id, "room": "open" | "closed"}``
        (server/matches.py), else ``None``."""
        m = self.meta.get("match")
        if not isinstance(m, dict) or m.get("room") not in ("open", "closed"):
            return None
        mid = m.get("id")
        return {"id": mid if isinstance(mid, str) else None, "room": m["room"]}


class Hub:
    """Every loaded table of this process (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        *,
        executor: Executor | None = None,
        robot_deadline: float = 5.0,
        robot_config: RobotConfig | None = None,
        robot_delay: float = 0.0,
        executor_factory: Callable[[], Executor] | None = None,
        claim_profile: str = "ebu",
        player_class: str = "club",
        solver: DoubleDummy | None = None,
        talk_per_minute: int = 30,
        token_hours: float = 24.0,
        clock: Callable[[], float] = time.time,
        evict_after: float = EVICT_AFTER,
        max_tables: int = 0,
    ) -> None:
        self.store = store
        #: The double-dummy port for the robots and the adjudicator (``None``: DDS, made
        #: where it is used, in the worker process).
        self.solver = solver
        #: The adjudicator's jurisdiction profile and class of player for the rulings it
        #: proposes (``bridgetable serve --claim-profile/--player-class``).
        self.claim_profile = claim_profile
        self.player_class = player_class
        self.executor = executor
        self.executor_factory = executor_factory
        self.robot_deadline = robot_deadline
        self.robot_config = robot_config or RobotConfig()
        self.robot_delay = robot_delay
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        #: the commands other than the play itself a seat may give per minute (docs/security.md)
        self._talk = WindowCounter(talk_per_minute, 60.0)
        #: hours after a board's end when its tokens expire (0: never); the wall clock
        self.token_hours = token_hours
        self.clock = clock
        #: tables that could not be loaded, with the reason (for the log and the Directors)
        self.quarantined: dict[str, str] = {}
        self.closing = False
        #: Law 79A2's oracle for every board (floors computed ahead by a worker).
        self.floors = ClaimFloors()
        #: which tables are held in memory: finished ones dropped once idle for
        #: ``evict_after`` seconds, at most ``max_tables`` while some are idle (eviction.py)
        self.eviction = Eviction(grace=evict_after, max_tables=max_tables)
        #: the tasks re-sending a match partner's views (kept until done)
        self._pokes: set[asyncio.Task[None]] = set()
        #: every result of the sets held here, by deal, for the sets scored across the field
        self.field = FieldResults()

    # ------------------------------------------------------------------ tables

    async def create(
        self,
        setup: BoardSetup,
        robots: list[Seat],
        seed: int,
        session: SessionSetup | None = None,
        extra_meta: Mapping[str, Any] | None = None,
        *,
        free: Sequence[Seat] = (),
    ) -> tuple[Table, dict[str, str]]:
        """Create and store a table; returns it and one token per human seat but the
        ``free`` ones (left for the lobby: the first to join takes each). ``setup`` is its
        first board; with ``session`` the table plays on, board after board; ``extra_meta``
        is stored with its metadata (a match's room: server/matches.py). The metadata keeps
        the time it was made (``created``: the lobby lists the newest first)."""
        self.eviction.make_room(self.tables)  # raises TablesFull when all are in use
        table_id = secrets.token_urlsafe(9)
        tokens = {
            s.letter: secrets.token_urlsafe(24) for s in SEATS if s not in robots and s not in free
        }
        now = time.time()
        meta = {
            "robots": [s.letter for s in robots],
            "seed": seed,
            "tokens": {token_hash(t): s for s, t in tokens.items()},
            "taken": sorted(tokens),
            "created": now,
        }
        if session is not None:
            meta["session"] = session.to_dict()
        meta.update(extra_meta or {})
        game = Session(session_setup_of(meta, setup), first=setup, oracle=self.floors)
        await self.store.create_table(table_id, setup.to_dict(), meta, now)
        table = Table(table_id, setup, meta, game)
        self.tables[table_id] = table
        self.eviction.admit(self.tables, table)
        await self._start_robots(table)
        return table, tokens

    async def get(self, table_id: str) -> Table | None:
        """A loaded table, loading (and replaying) it from the store if needed; raises
        :class:`TableQuarantined` for a stored table that cannot be replayed or shown."""
        t = self.tables.get(table_id)
        if t is not None:
            self.eviction.touch(table_id)
            return t
        if len(table_id) > 64 or not table_id.isascii():
            return None  # table ids are ASCII (secrets.token_urlsafe)
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            return await self._get_locked(table_id, lock)
        finally:
            # an id that named no table (or has loaded) leaves no lock behind
            if self._loading.get(table_id) is lock and not lock.locked():
                del self._loading[table_id]

    async def _get_locked(self, table_id: str, lock: asyncio.Lock) -> Table | None:
        async with lock:
            t = self.tables.get(table_id)
            if t is not None:
                return t
            reason = self.quarantined.get(table_id)
            if reason is not None:
                raise TableQuarantined(table_id, reason)
            t = self.eviction.revive(table_id)
            if t is not None:  # dropped from memory, still referred to: the same object
                return await self._revive(t)
            try:
                stored = await self.store.load(table_id)
                if stored is None:
                    return None
                t = self._build(stored)
                self.field.record(t.id, t.session)
                self._view_messages(t)  # every role's view can be built and sent
            except Exception as exc:
                reason = _printable(f"{type(exc).__name__}: {exc}")
                self.quarantined[table_id] = reason
                log.error(
                    "table %s quarantined: its stored record cannot be replayed (%s)",
                    table_id,
                    reason,
                )
                raise TableQuarantined(table_id, reason) from None
            self.tables[table_id] = t
            self.eviction.admit(self.tables, t)
        try:
            await self._start_robots(t)
        except Exception:  # a table whose robots cannot start is still served
            log.exception("table %s: the robots could not be started", table_id)
        claim = t.board.claim
        if claim is not None and claim.status == "disputed" and t.board.phase.value == "claim":
            self._propose_ruling(t)  # for the Director's console, and a request left open
        return t

    async def _revive(self, table: Table) -> Table:
        """Hold again a table dropped from memory (eviction.py), caught up from the store."""
        async with table.lock:
            before = table.version
            await self._catch_up_locked(table)
        self.tables[table.id] = table
        self.eviction.admit(self.tables, table)
        if table.version > before:
            await self._after_change(table, table.session.since(before))
        return table

    def _build(self, stored: StoredTable) -> Table:
        """Recovery by replay: every stored event is checked again by the engine."""
        check_meta(stored.meta)
        first = BoardSetup.from_dict(stored.setup)
        entries = [entry_from_dict(e) for e in stored.events]
        game = Session.replay(
            session_setup_of(stored.meta, first), entries, first=first, oracle=self.floors
        )
        return Table(stored.id, first, stored.meta, game)

    def _rebuild(self, table: Table, version: int) -> Session:
        """The table's session as it was at ``version`` (a write that failed is undone)."""
        return Session.replay(
            table.session.setup,
            table.session.log[:version],
            first=table.first,
            oracle=self.floors,
        )

    async def recover_all(self) -> int:
        """Load every unfinished table (at startup), the ``max_tables`` newest when bounded
        (the others load on demand); returns how many."""
        n = 0
        ids = await self.store.table_ids(unfinished_only=True)
        if self.eviction.max_tables:
            ids = ids[-self.eviction.max_tables :]
        for tid in ids:
            try:
                await self.get(tid)
                n += 1
            except TableQuarantined:  # logged; a bad table never stops the rest
                continue
            except Exception:  # pragma: no cover - nor anything else one table does
                log.exception("table %s could not be recovered", tid)
        if self.quarantined:
            log.warning("%d tables quarantined at recovery", len(self.quarantined))
        return n

    async def recover_field(self) -> int:
        """The field after a restart (server/field.py): the results of every stored table not
        held here -- the finished ones, which load on demand only -- replayed from the store
        (each event checked again) and recorded, the table itself not held. Run once at
        startup, in the background; a table that cannot be replayed is left out (it is
        quarantined when asked for). Returns how many tables were read."""
        n = 0
        for tid in await self.store.table_ids(unfinished_only=False):
            if tid in self.tables or tid in self.quarantined:
                continue  # held tables record their results themselves
            try:
                stored = await self.store.load(tid)
                if stored is None:
                    continue
                table = self._build(stored)
            except Exception:  # logged; the field goes on without it
                log.warning("table %s: its results cannot be read for the field", tid)
                continue
            self.field.record(tid, table.session)
            n += 1
            await asyncio.sleep(0)  # one table at a time: the requests go first
        return n

    async def join(self, table: Table, role: Role) -> str:
        """Issue a token for ``role`` (a free seat, a spectator, the Director). Under the
        table's lock, as every change of its metadata: of two people joining one free seat at
        once, the second is told it is taken."""
        async with table.lock:
            if self.expired(table):
                raise CommandError(
                    "expired",
                    "the board is long over: its tokens have expired, its record is public",
                )
            meta = dict(table.meta)
            if isinstance(role, Seat):
                if role.letter in meta.get("robots", []) or role.letter in meta.get("taken", []):
                    raise CommandError("seat_taken", f"{role} is not free")
                meta["taken"] = sorted([*meta.get("taken", []), role.letter])
            token = secrets.token_urlsafe(24)
            meta["tokens"] = {**meta.get("tokens", {}), token_hash(token): role_name(role)}
            await self.store.update_meta(table.id, meta)
            table.meta = meta
            return token

    def role_of(self, table: Table, token: str) -> Role | None:
        """The role a token gives on ``table``, if any: none once the board has been over
        for ``token_hours`` (its record is public then; docs/security.md)."""
        if not isinstance(token, str) or len(token) > 100:
            return None
        if self.expired(table):
            return None
        name = table.meta.get("tokens", {}).get(token_hash(token))
        return None if name is None else parse_role(name)

    def expired(self, table: Table) -> bool:
        """Whether the table's tokens have expired (``token_hours`` after its board ended)."""
        ended = table.meta.get("ended")
        if not self.token_hours or not isinstance(ended, int | float):
            return False
        return self.clock() - ended > self.token_hours * 3600

    async def _note_end(self, table: Table) -> None:
        """Keep the time the session ended, once (the tokens expire from it)."""
        if table.session.is_over and "ended" not in table.meta:
            meta = {**table.meta, "ended": self.clock()}
            await self.store.update_meta(table.id, meta)
            table.meta = meta

    # ------------------------------------------------------------------ connections

    async def attach(self, table: Table, conn: Connection, since: int | None) -> Table:
        """Add a connection and send it its view (a reconnect resumes from ``since``: when
        nothing changed it is told so; otherwise it gets the current view). Returns the table
        the connection joined: ``table``, held again if it was dropped from memory while the
        socket said hello, or the table held in its place where it could not be taken back
        (raises :class:`TableQuarantined` where none can be held)."""
        other = matches.partner_id(table)
        if other is not None and other not in self.tables:  # a match: the other room's results
            with contextlib.suppress(Exception):  # quarantined or no room: shown without them
                await self.get(other)
        while True:
            if self.tables.get(table.id) is not table:
                # dropped from memory while the socket said hello (the sweep over
                # --max-tables found it idle): held again, the same object caught up from
                # the store (eviction.py), or a fresh copy where that one is gone
                held = await self.get(table.id)
                if held is None:
                    raise TableQuarantined(table.id, "no longer in the store")
                table = held
            async with table.lock:
                if self.tables.get(table.id) is not table:
                    continue  # dropped again while this waited for the lock
                table.conns.add(conn)
                if since is not None and since == table.version:
                    conn.version = since
                    await conn.send_message(Synced(version=since))
                else:
                    await conn.send(self._view_message(table, conn.role))
                    conn.version = table.version
                if conn.role is DIRECTOR and table.proposal is not None:
                    await conn.send_message(table.proposal)
                return table

    def detach(self, table: Table, conn: Connection) -> None:
        """Forget a closed connection."""
        table.conns.discard(conn)
        self.eviction.touch(table.id)

    def _view_message(self, table: Table, role: Role) -> str:
        view = table.board.view_for(role).to_dict()
        seat = role if isinstance(role, Seat) else None
        summary = table.session.summary(seat)
        match = matches.view_of(self.tables, table)
        if match is not None:  # a team match's table: its room's view of the match
            summary["match"] = match
        field = self.field.summary(table.id, table.session)
        if field is not None:  # a set scored across the field: against the results here
            summary["field"] = field
        return encode(View(table=table.id, version=table.version, view=view, session=summary))

    def _view_messages(self, table: Table) -> dict[Role, str]:
        """Every role's view message; raises if one cannot be built or encoded."""
        return {role: self._view_message(table, role) for role in ROLES}

    async def _broadcast(self, table: Table, views: dict[Role, str] | None = None) -> None:
        cache: dict[Role, str] = dict(views or {})
        for conn in list(table.conns):
            text = cache.get(conn.role)
            if text is None:
                text = cache[conn.role] = self._view_message(table, conn.role)
            conn.version = table.version
            try:
                await conn.send(text)
            except Exception:  # a dead socket is detached by its own handler
                table.conns.discard(conn)

    # ------------------------------------------------------------------ commands

    async def command(self, table: Table, role: Role, version: Any, action: Any, args: Any) -> int:
        """Handle one command (see the module docstring); returns the new version or raises
        :class:`CommandError`."""
        if role is SPECTATOR:
            raise CommandError("forbidden", "spectators give no commands")
        if not isinstance(version, int) or isinstance(version, bool):
            raise CommandError("bad_request", "a command carries the version it was made against")
        if not isinstance(action, str):
            raise CommandError("bad_request", "a command names its action")
        if action in TALK and not self._talk.allow(f"{table.id}/{role}", time.monotonic()):
            raise CommandError(
                "rate_limited",
                f"at most {self._talk.limit} questions, calls and announcements a minute",
            )
        async with table.lock:
            before = table.version
            if version != before:
                raise CommandError(
                    "stale",
                    f"made against version {version}; the table is at {before}",
                    version=before,
                )
            try:
                run_session_command(table.session, role, action, args if args is not None else {})
            except ActionRefused as exc:
                raise CommandError(
                    "refused",
                    str(exc),
                    action=exc.action,
                    reason=exc.reason,
                    law=exc.law,
                    version=before,
                ) from None
            except (BadCommand, BridgeError) as exc:
                raise CommandError("bad_request", str(exc), version=before) from None
            await self._commit(table, before)
            return table.version

    async def _commit(self, table: Table, before: int) -> None:
        """Store the entries logged since ``before`` (the table's lock held), or undo them;
        then broadcast and run what follows them."""
        game = table.session
        self._robots_ask_next(table)
        new = game.since(before)
        views: dict[Role, str] | None = None
        if new:
            try:
                views = self._view_messages(table)
            except Exception as exc:  # isolated: this table refuses the change, nothing stored
                table.session = self._rebuild(table, before)
                await self._fault(table, new, exc)
                raise CommandError(
                    "table_fault",
                    "not recorded: the table's views cannot be built after it "
                    "(the Director is told)",
                    version=before,
                ) from None
            try:
                await self.store.append(
                    table.id, before, [entry_to_dict(e) for e in new], game.is_over
                )
            except VersionConflict:
                table.session = self._rebuild(table, before)
                await self._catch_up_locked(table)
                raise CommandError(
                    "stale", "another process changed the table first", version=table.version
                ) from None
            except Exception as exc:  # the store failed (disk full, database gone): say so
                table.session = self._rebuild(table, before)
                log.error("table %s: the store failed; not recorded", table.id, exc_info=exc)
                raise CommandError(
                    "storage_error",
                    f"not recorded: the server could not store it ({type(exc).__name__}); "
                    "try again",
                    version=before,
                ) from None
            except BaseException:
                table.session = self._rebuild(table, before)
                raise
            with contextlib.suppress(Exception):  # the end's time is kept when it can be
                await self._note_end(table)
        await self._after_change(table, new, views)

    async def _fault(self, table: Table, new: tuple[Any, ...], exc: Exception) -> None:
        """A change after which a view could not be built was undone: log it and flag it to
        the Directors (a ``fault`` message, and the queue of calls)."""
        names = ", ".join(type(e).__name__ for e in new)
        table.fault = _printable(f"{names} at version {table.version}: {type(exc).__name__}")
        log.error(
            "table %s: a view cannot be built after %s; not recorded", table.id, names, exc_info=exc
        )
        text = encode(Fault(table=table.id, version=table.version, message=table.fault))
        for conn in list(table.conns):
            if conn.role is DIRECTOR:
                with contextlib.suppress(Exception):
                    await conn.send(text)

    async def _after_change(
        self, table: Table, new: tuple[Any, ...], views: dict[Role, str] | None = None
    ) -> None:
        self.eviction.touch(table.id)
        self.field.record(table.id, table.session)
        await self._broadcast(table, views)
        if new and table.board.is_over:
            self._poke_partner(table)
            self._poke_field(table)
        if any(type(e).__name__ == "ClaimMade" for e in new):
            self._compute_floor(table)
        if any(type(e).__name__ == "ClaimDisputed" for e in new):
            self._propose_ruling(table)
        if any(type(e).__name__ == "RulingAsked" for e in new):
            await self._offer_proposal(table)
        if table.runs_robots:
            self._feed_robots(table)

    def _poke_partner(self, table: Table) -> None:
        """A match table's board is over: the other room's views are sent again (its match
        summary may now show this board), in a task of its own under that table's lock."""
        other = self.tables.get(matches.partner_id(table) or "")
        if other is not None:
            self._send_again(other)

    def _poke_field(self, table: Table) -> None:
        """A set's board is over: the other tables held here that are scored across the field
        and have a result of the same deal see their figures again (server/field.py): a
        table whose session is over, or that waits for its players, would never learn of
        the results that come in after its own."""
        if table.session.setup.kind != "set":
            return
        for tid in self.field.tables_of(table.board.setup) - {table.id}:
            other = self.tables.get(tid)
            if other is not None and other.session.setup.scoring in ("mp", "imps"):
                self._send_again(other)

    def _send_again(self, other: Table) -> None:
        """Send ``other``'s views again, in a task of its own under its lock."""

        async def run() -> None:
            async with other.lock:
                await self._broadcast(other)

        task = asyncio.get_running_loop().create_task(run())
        self._pokes.add(task)
        task.add_done_callback(self._pokes.discard)

    async def catch_up(self, table_id: str, version: int) -> None:
        """Another process stored events up to ``version``: replay them here and broadcast."""
        table = self.tables.get(table_id)
        if table is None or table.version >= version:
            return
        async with table.lock:
            before = table.version
            await self._catch_up_locked(table)
            if table.version > before:
                await self._after_change(table, table.session.since(before))

    async def _catch_up_locked(self, table: Table) -> None:
        for e in await self.store.events_since(table.id, table.version):
            table.session.apply(entry_from_dict(e))

    # ------------------------------------------------------------------ Law 79A2

    def _compute_floor(self, table: Table) -> None:
        """Ask a worker for the claim's floor (79A2) before anyone agrees to it."""
        claim = table.board.claim
        if claim is None or self.floors.known(claim.position, claim.side):
            return
        position, side = claim.position, claim.side
        # a worker process may search longer than a thread sharing the event loop's GIL
        budget = 2.0 if self.executor is not None else 0.2

        async def run() -> None:
            loop = asyncio.get_running_loop()
            with contextlib.suppress(Exception):
                tricks = await asyncio.wait_for(
                    loop.run_in_executor(self.executor, floor_of, position, side, budget), 10
                )
                self.floors.store(position, side, tricks)

        asyncio.get_running_loop().create_task(run())

    # ------------------------------------------------------------------ Director

    def _propose_ruling(self, table: Table) -> None:
        """Ask a worker for the adjudicator's ruling on the disputed claim: for the Director's
        console, and for the players once one of them asks for it (``ask_ruling``)."""
        claim = table.board.claim
        if claim is None or table.proposal_for is claim.position:
            return
        try:
            case = table.board.claim_case()
        except ActionRefused:  # objected to or played on: no claim to rule on
            return
        table.proposal_for = claim.position
        table.proposal = None
        version = table.version
        job = functools.partial(
            propose_ruling,
            case,
            profile=self.claim_profile,
            player_class=self.player_class,
            solver=self.solver,
        )

        async def run() -> None:
            loop = asyncio.get_running_loop()
            try:
                ruling = await asyncio.wait_for(loop.run_in_executor(self.executor, job), 30)
            except Exception as exc:
                ruling = {"error": f"no proposal: {exc!r}"}
            if table.proposal_for is not claim.position:
                return
            msg = RulingProposal(
                table=table.id,
                version=version,
                ruling=ruling.get("ruling"),
                text=ruling.get("text"),
                error=ruling.get("error"),
            )
            table.proposal = msg
            text = encode(msg)
            for conn in list(table.conns):
                if conn.role is DIRECTOR:
                    await conn.send(text)
            async with table.lock:
                await self._offer_proposal_locked(table)

        asyncio.get_running_loop().create_task(run())

    async def _offer_proposal(self, table: Table) -> None:
        """A player asked for the ruling: record the proposal when it is ready (now, or when
        the worker answers)."""
        claim = table.board.claim
        if claim is None or table.proposal_for is not claim.position:
            self._propose_ruling(table)  # a table recovered after the dispute
            return
        if table.proposal is not None:
            await self._offer_proposal_locked(table)

    async def _offer_proposal_locked(self, table: Table) -> None:
        """Record the adjudicator's proposal for the players (the table's lock held) when one
        was asked for and none is recorded; a refusal (the Director was called meanwhile)
        records nothing."""
        claim = table.board.claim
        msg = table.proposal
        if (
            claim is None
            or msg is None
            or table.proposal_for is not claim.position
            or not claim.ruling_asked
            or claim.proposal is not None
            or claim.status != "disputed"
            or claim.director_called
        ):
            return
        tricks, laws, text = proposal_terms(msg, claim.tricks)
        before = table.version
        try:
            table.board.propose_ruling(tricks, laws=laws, text=text)
        except ActionRefused:
            return
        try:
            await self._commit(table, before)
        except CommandError:  # another process recorded first; its events are replayed
            return

    # ------------------------------------------------------------------ Director's calls

    async def director_calls(self) -> list[dict[str, Any]]:
        """Every open call for a Director on this server's unfinished tables: a claim disputed
        and sent to the Director, or a Director called during the board and not yet
        answered by a Director's action."""
        out = []
        ids = dict.fromkeys([*await self.store.table_ids(unfinished_only=True), *self.tables])
        for tid in [*ids, *(q for q in self.quarantined if q not in ids)]:
            try:
                table = await self.get(tid)
            except TableQuarantined as exc:  # the Director is told of it
                out.append({"id": tid, "quarantined": True, "reason": exc.reason})
                continue
            except BridgeError:  # pragma: no cover - a corrupt table must not hide the rest
                continue
            if table is None:
                continue
            call = table.board.open_director_call()
            if call is not None:
                out.append({**table.summary(), **call})
            elif table.fault is not None:
                out.append({**table.summary(), "fault": table.fault})
        return out

    # ------------------------------------------------------------------ robots

    async def _start_robots(self, table: Table) -> None:
        if not table.robots or table.session.is_over:
            return
        if not await self.store.try_lock_robots(table.id):
            return
        table.runs_robots = True
        self._remember_board(table)
        self._feed_robots(table, observe=False)

    def _remember_board(self, table: Table) -> None:
        """Rebuild each robot's memory of the board in play from the views it would have been
        shown, in order (a new board starts a new memory)."""
        table.memories = {s: Memory() for s in table.robots}
        table.memory_board = table.session.number
        replay = Board(table.setup)
        for s in table.robots:
            table.memories[s].observe(replay.view_for(s).to_dict())
        for e in table.board.events:
            replay.apply(e)
            for s in table.robots:
                table.memories[s].observe(replay.view_for(s).to_dict())

    def _robots_ask_next(self, table: Table) -> None:
        """The robots ask for the next board as soon as the board is over (a person's seat
        asks with the ``next`` command)."""
        game = table.session
        for seat in table.robots:
            if game.board.is_over and "next" in game.actions(seat):
                game.ask_next(seat)

    def _feed_robots(self, table: Table, *, observe: bool = True) -> None:
        if self.closing:
            return
        if table.memory_board != table.session.number:  # a new board was dealt
            self._remember_board(table)
            observe = False
        for seat in table.robots:
            view = table.board.view_for(seat).to_dict()
            if observe:
                table.memories[seat].observe(view)
            if not view["actions"] or seat in table.robot_tasks:
                continue
            task = asyncio.get_running_loop().create_task(
                self._robot_turn(table, seat, view, table.version)
            )
            table.robot_tasks[seat] = task

    async def _robot_turn(
        self, table: Table, seat: Seat, view: dict[str, Any], version: int
    ) -> None:
        seed = robot_seed(int(table.meta.get("seed", 0)), version, seat)
        mem = table.memories[seat].to_dict()
        # a card, or an answer to a claim (the adjudicator's check), goes to a worker; the
        # other answers (accepting a proposal, asking for one, playing on) are instant
        heavy = bool({"play", "agree_claim", "object"} & set(view["actions"]))
        cmd: dict[str, Any] | None
        retry = False
        try:
            if self.robot_delay:
                await asyncio.sleep(self.robot_delay)
            if heavy and self.executor is not None:
                loop = asyncio.get_running_loop()
                fut = loop.run_in_executor(
                    self.executor,
                    decide,
                    view,
                    mem,
                    self.robot_config.to_dict(),
                    seed,
                    self.solver,
                )
                try:
                    cmd = await asyncio.wait_for(fut, self.robot_deadline)
                except TimeoutError:
                    log.warning("robot %s at table %s missed its deadline", seat, table.id)
                    cmd = fallback_card(view) if "play" in view["actions"] else None
                    retry = cmd is None  # an answer to a claim: think again, not freeze
                except BrokenExecutor:
                    if self.closing:
                        return
                    # a worker died (a crash in the solver): replace the pool, play safe
                    log.error("robot worker pool broken; starting a new one")
                    self._replace_executor()
                    cmd = fallback_card(view) if "play" in view["actions"] else None
            else:
                cmd = decide(view, mem, self.robot_config.to_dict(), seed, self.solver)
            if cmd is not None and not self.closing:
                try:
                    await self.command(table, seat, version, cmd["action"], cmd.get("args", {}))
                except CommandError as exc:
                    if exc.code != "stale":
                        log.warning("robot %s at %s: %s %s", seat, table.id, cmd, exc.message)
        except asyncio.CancelledError:
            raise
        except Exception:  # pragma: no cover - a robot failure must not kill the table
            log.exception("robot %s at table %s failed", seat, table.id)
        finally:
            table.robot_tasks.pop(seat, None)
        if not self.closing and table.version != version:
            self._feed_robots(table, observe=False)
        elif retry and not self.closing:
            loop = asyncio.get_running_loop()
            loop.call_later(
                self.robot_deadline, functools.partial(self._feed_robots, table, observe=False)
            )

    def _replace_executor(self) -> None:
        old = self.executor
        if self.executor_factory is not None:
            self.executor = self.executor_factory()
        if old is not None and old is not self.executor:
            old.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop every robot task."""
        self.closing = True
        tasks = [t for tab in self.tables.values() for t in tab.robot_tasks.values()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def proposal_terms(msg: RulingProposal | Mapping[str, Any], claimed: int) -> tuple[int, str, str]:
    """The tricks, Laws and explanation to propose to the players from a worker's answer
    (:func:`propose_ruling`'s, or the :class:`~bridgetable.server.wire.RulingProposal` made
    of it).
    The headline is the final result, Law 71 included; when the adjudicator could not decide
    in time the double-dummy figure is proposed and the text says so; with no answer at all,
    the claim as made (the players may still call the Director)."""
    if isinstance(msg, RulingProposal):
        msg = {"ruling": msg.ruling, "text": msg.text}
    r = msg.get("ruling")
    if not isinstance(r, dict):
        return (
            claimed,
            "70",
            (
                "The adjudicator gave no proposal; the claim is proposed as made. "
                "Call the Director if you do not accept it."
            ),
        )
    tricks = r.get("final", r.get("awarded"))
    laws = ", ".join(r.get("laws") or ["70"])
    text = str(msg.get("text") or r.get("ruling") or "")
    if tricks is None:
        dd = r.get("dd")
        tricks = claimed if dd is None else min(int(dd), claimed)
        text = (
            "The adjudicator could not decide in time; this is the double-dummy result "
            "(never more than the claim). " + text
        ).strip()
    return int(tricks), laws, text


def propose_ruling(
    case: ClaimCase,
    *,
    profile: str = "ebu",
    player_class: str = "club",
    solver: DoubleDummy | None = None,
) -> dict[str, Any]:
    """The adjudicator's proposed ruling on a claim case and its witness line, for the
    Director and for the players (Laws 70, 71): under the case's rules (Law 71 by normal
    play under the duplicate code, by any play under the rubber code), with its show-outs
    and dummy; run in a worker."""
    r = adjudicate_case(
        case,
        prof=profile,
        player_class=player_class,
        solver=solver,
        want_floor=False,
        time_cap=5.0,
    )
    return {"ruling": r.to_dict(), "text": r.text}
