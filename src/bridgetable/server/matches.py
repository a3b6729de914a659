"""Team matches on the server: two tables, the open and the closed room, playing the same
set of boards (one :class:`~bridgetable.core.session.SessionSetup`, so the same deals, dealers
and vulnerability: Law 2), scored in IMPs board by board (:mod:`bridgetable.core.match`,
Law 78B). Team A sits North-South in the open room and East-West in the closed room.

Each table keeps its place in the match in its stored metadata, ``meta["match"] = {"id":
match id, "room": "open" | "closed", "other": the other room's table id}``, so a match
survives a restart like any table. The match id is the two tables' ids joined by a dot
(``"<open id>.<closed id>"``; a table id has no dot), so it needs no store of its own.

* ``POST /api/matches`` ``{"boards": N, "seed"?: S, "robots"?: {"open": [...], "closed":
  [...]}}`` -- creates both tables; returns the match id and each room's table id, tokens
  (one per human seat, as ``POST /api/tables``) and robots.
* ``GET /api/matches/{id}`` -- the match as a reader at neither table sees it: only boards
  over in both rooms.
* Every view message of a match table carries ``session.match``
  (:func:`bridgetable.core.match.match_summary` for its room): a board appears once it is
  over at this table, and only then the other room's result of it.

Example (the id of a match and its rooms):
    >>> split_id("abc.def")
    ('abc', 'def')
    >>> split_id("abc") is None
    True
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from bridgetable.core.errors import BridgeError
from bridgetable.core.match import ROOMS, Room, match_summary
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat
from bridgetable.core.session import Session, SessionSetup
from bridgetable.server.endpoints.http import HTTPError, body_of, handle, is_director_secret
from bridgetable.server.limits import WindowCounter

if TYPE_CHECKING:
    from bridgetable.server.hub import Hub, Table
    from bridgetable.server.settings import Settings

__all__ = [
    "create_match",
    "match_of",
    "partner_id",
    "public_boards",
    "routes",
    "split_id",
    "view_of",
    "visible",
]


def split_id(match_id: str) -> tuple[str, str] | None:
    """The open and closed rooms' table ids of a match id, or ``None`` if it is not one."""
    parts = match_id.split(".")
    if len(parts) != 2 or not all(parts):
        return None
    return parts[0], parts[1]


def _place(table: Table) -> tuple[Room, str | None] | None:
    m = table.meta.get("match")
    if not isinstance(m, dict) or m.get("room") not in ROOMS:
        return None
    other = m.get("other")
    return m["room"], other if isinstance(other, str) else None


def partner_id(table: Table) -> str | None:
    """The other room's table id of a match table, else ``None``."""
    place = _place(table)
    return None if place is None else place[1]


async def public_boards(hub: Hub, table: Table) -> int | None:
    """How many of a match table's boards over may be shown to anyone outside its seats and
    Director (its records, results and analyses, its boards in its session's PBN): those the
    other room has finished too, since the other room's players must not see a board before
    they have played it (issue 15: "neither table sees the other's results before it has
    played the board"; the same boards, Law 2). ``None``: not a match table, no limit. The
    other room is loaded when it is not in memory; a room that cannot be loaded shows
    nothing of this one's."""
    place = _place(table)
    if place is None:
        return None
    other_id = place[1]
    other = None
    if other_id is not None:
        with contextlib.suppress(Exception):  # quarantined: nothing is shown
            other = await hub.get(other_id)
    return 0 if other is None else len(other.session.results)


async def visible(hub: Hub, table: Table, index: int, token: str, director_secret: str) -> bool:
    """Whether the board at ``index`` (0: the first) of ``table``'s session, over, may be
    shown to a reader with ``token`` (``""``: none): to anyone once :func:`public_boards`
    allows it; before that, to those who hold a token of this table (its seats, its
    spectators, its Director, who have seen the board played) or the server's director
    secret."""
    limit = await public_boards(hub, table)
    if limit is None or index < limit:
        return True
    if token and hub.role_of(table, token) is not None:
        return True
    return is_director_secret(token, director_secret)


def view_of(tables: Mapping[str, Table], table: Table) -> dict[str, Any] | None:
    """The ``match`` summary a view message of ``table`` carries (``None``: not a match
    table): its room's view (:func:`bridgetable.core.match.match_summary`), with the other
    room's results as this server last saw them: the other table's own while it is in memory,
    else the results it had when it last was (``Table.partner_results``; a room never loaded
    here adds none)."""
    place = _place(table)
    if place is None:
        return None
    room, other_id = place
    other = tables.get(other_id) if other_id is not None else None
    mine = table.session.results
    if other is not None:
        table.partner_results = other.session.results
    theirs = table.partner_results
    open_, closed = (mine, theirs) if room == "open" else (theirs, mine)
    out = match_summary(open_, closed, room, boards=table.session.setup.boards)
    out["id"] = table.meta["match"].get("id")
    return out


def _whole(x: Any) -> Any:
    """A JSON number that is a whole number as an int (JSON Schema's integer: 1.0 is one)."""
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _robots(body: dict[str, Any]) -> dict[Room, list[Seat]]:
    raw = body.get("robots", {})
    if not isinstance(raw, dict) or set(raw) - set(ROOMS):
        raise HTTPError(400, "robots is {open: [seats], closed: [seats]}")
    out: dict[Room, list[Seat]] = {}
    for room in ROOMS:
        seats = raw.get(room, [])
        if not isinstance(seats, list) or len(seats) > 4:
            raise HTTPError(400, f"robots.{room} is a list of seats")
        try:
            out[room] = sorted({Seat.from_letter(str(s)) for s in seats})
        except BridgeError as exc:
            raise HTTPError(400, str(exc)) from None
    return out


async def create_match(hub: Hub, body: dict[str, Any]) -> dict[str, Any]:
    """Create a match's two tables from a ``POST /api/matches`` body; raises
    :class:`HTTPError` (400). Both play a set from one setup (Law 2)."""
    from bridgetable.server.endpoints.tables import new_seed

    if set(body) - {"boards", "seed", "robots"}:
        raise HTTPError(400, "a match is {boards, seed?, robots?}")
    seed = _whole(body["seed"]) if "seed" in body else new_seed()
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise HTTPError(400, "seed is an integer")
    robots = _robots(body)
    try:
        ss = SessionSetup(
            "set", seed=seed, boards=_whole(body.get("boards")), rules=RuleSet.duplicate()
        )
    except BridgeError as exc:
        raise HTTPError(400, str(exc)) from None
    first = Session(ss).board_setup(1)
    op, op_tokens = await hub.create(
        first, robots["open"], seed, ss, extra_meta={"match": {"room": "open"}}
    )
    cl, cl_tokens = await hub.create(
        first, robots["closed"], seed, ss, extra_meta={"match": {"room": "closed"}}
    )
    match_id = f"{op.id}.{cl.id}"
    for table, room, other in ((cl, "closed", op.id), (op, "open", cl.id)):
        async with table.lock:  # the robots may be ending a board (the end's time in meta)
            meta = {**table.meta, "match": {"id": match_id, "room": room, "other": other}}
            await hub.store.update_meta(table.id, meta)
            table.meta = meta
    return {
        "id": match_id,
        "boards": ss.boards,
        "open": {"id": op.id, "tokens": op_tokens, "robots": [s.letter for s in robots["open"]]},
        "closed": {
            "id": cl.id,
            "tokens": cl_tokens,
            "robots": [s.letter for s in robots["closed"]],
        },
    }


async def match_of(hub: Hub, match_id: str) -> dict[str, Any]:
    """The public summary of a match: only boards over in both rooms; raises
    :class:`HTTPError` (404)."""
    ids = split_id(match_id)
    if ids is None:
        raise HTTPError(404, "no such match")
    tables = [await hub.get(tid) for tid in ids]
    rooms: list[Table] = []
    for table, room in zip(tables, ROOMS, strict=True):
        place = None if table is None else _place(table)
        if table is None or place is None or place[0] != room:
            raise HTTPError(404, "no such match")
        if table.meta["match"].get("id") != match_id:
            raise HTTPError(404, "no such match")
        rooms.append(table)
    op, cl = rooms
    out = match_summary(
        op.session.results, cl.session.results, None, boards=op.session.setup.boards
    )
    out.update(id=match_id, tables={"open": op.id, "closed": cl.id})
    return out


def routes(hub: Hub, settings: Settings) -> list[BaseRoute]:
    """The matches' routes."""
    created = WindowCounter(settings.tables_per_minute, 60.0)

    async def create(request: Request) -> Response:
        client = request.client.host if request.client is not None else ""
        if not created.allow(client, time.monotonic()):
            raise HTTPError(429, f"at most {settings.tables_per_minute} matches a minute")
        body = await body_of(request)
        return JSONResponse(await create_match(hub, body), status_code=201)

    async def summary(request: Request) -> Response:
        return JSONResponse(await match_of(hub, request.path_params["match_id"]))

    return [
        Route("/api/matches", handle(create), methods=["POST"]),
        Route("/api/matches/{match_id}", handle(summary), methods=["GET"]),
    ]
