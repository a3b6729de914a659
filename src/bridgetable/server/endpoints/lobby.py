"""``GET /api/tables``: the lobby's list of the tables open to join or watch (issue 15,
item 5), as BBO's and RealBridge's lobbies show them.

The list is of the tables this process holds in memory (``Hub.tables``) whose session is not
over, newest first, each as its public summary (:meth:`bridgetable.server.hub.Table.
summary`: seats free, taken or a robot's, board, rules, phase, contract, the session's kind
and, for a team match's table, its match and room). A summary holds no card, no token and
no seed: who may see a hand is the views' business (Laws 16 and 66), not the lobby's. A team
match's rooms are not listed: their seats are all given at creation, and watching one room
would show its boards to the other room's players before they play them
(server/matches.py).

* ``limit`` -- at most this many tables (1 to :data:`MAX_LIMIT`, default
  :data:`DEFAULT_LIMIT`);
* ``open`` -- ``1``: only the tables with a free seat; ``0`` (the default): every one.

Any other parameter, or a bad value, is refused (400) and the list is not read. One table
that cannot be summarised (a bad row that loaded, a fault) is left out of the list and
logged; it never stops the others. A quarantined table is not held, so never listed.

Example (the query's reading):
    >>> parse_query([("limit", "5"), ("open", "1")])
    (5, True)
    >>> parse_query([])
    (50, False)
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bridgetable.server.endpoints.http import Endpoint, HTTPError
from bridgetable.server.hub import Hub, Table

__all__ = ["DEFAULT_LIMIT", "MAX_LIMIT", "endpoint", "listing", "parse_query"]

log = logging.getLogger("bridgetable.server")

#: Tables listed when the query names no ``limit``.
DEFAULT_LIMIT = 50
#: The most tables one answer lists.
MAX_LIMIT = 200


def parse_query(items: Sequence[tuple[str, str]]) -> tuple[int, bool]:
    """The ``limit`` and ``open`` of a listing's query string (its key, value pairs); raises
    :class:`HTTPError` (400) for another key, a key given twice or a bad value."""
    seen: dict[str, str] = {}
    for key, value in items:
        if key not in ("limit", "open"):
            raise HTTPError(400, f"the list of tables takes limit and open, not {key[:40]!r}")
        if key in seen:
            raise HTTPError(400, f"{key} is given once")
        seen[key] = value
    limit = DEFAULT_LIMIT
    if "limit" in seen:
        text = seen["limit"]
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_LIMIT:
            raise HTTPError(400, f"limit is a whole number from 1 to {MAX_LIMIT}")
        limit = int(text)
    flag = seen.get("open", "0")
    if flag not in ("0", "1"):
        raise HTTPError(400, "open is 1 (only the tables with a free seat) or 0")
    return limit, flag == "1"


def _created(table: Table) -> float:
    at = table.meta.get("created")
    return float(at) if isinstance(at, int | float) and not isinstance(at, bool) else 0.0


def listing(tables: Iterable[Table], *, limit: int, open_only: bool) -> list[dict[str, Any]]:
    """The summaries of ``tables`` whose session is not over, but a team match's rooms (with
    ``open_only``, only those with a free seat), newest first (by the time made; a table made
    before that time was kept counts as the oldest, then in the order held), at most
    ``limit``."""
    rows: list[tuple[float, int, dict[str, Any]]] = []
    for order, table in enumerate(list(tables)):
        try:
            if table.session.is_over or table.match_place() is not None:
                continue  # (a match's rooms: reached by their links, never watched freely)
            entry = table.summary()
            created = _created(table)
        except Exception:  # one bad table never stops the list
            log.exception("table %s left out of the lobby's list", table.id)
            continue
        if open_only and "free" not in entry["seats"].values():
            continue
        rows.append((created, order, entry))
    rows.sort(key=lambda r: (r[0], r[1]), reverse=True)
    return [entry for _, _, entry in rows[:limit]]


def endpoint(hub: Hub) -> Endpoint:
    """``GET /api/tables`` over ``hub`` (its route, one with ``POST /api/tables``, is in
    :mod:`.tables`: one path, one ``Allow``)."""

    async def tables(request: Request) -> Response:
        limit, open_only = parse_query(request.query_params.multi_items())
        return JSONResponse(
            {"tables": listing(hub.tables.values(), limit=limit, open_only=open_only)}
        )

    return tables
