"""The browser table: static files of ``bridgetable/web`` at ``/`` and ``/web/...``, and the
result of a finished board (score and double-dummy table) for the page's result panel.

* ``GET /`` -- the page (lobby, table, Director's console: one HTML file and its modules)
* ``GET /web/{path}`` -- the page's scripts and style sheet
* ``GET /api/tables/{id}/result`` -- once the board is over: contract, declarer, tricks, the
  duplicate score for North-South (Law 77) and, with the solver installed, the double-dummy
  table of the deal; 409 while the board is in play

The page holds no rules: it renders the views the WebSocket sends and sends commands.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

#: The directory of the page's files (package data).
WEB_DIR = Path(__file__).resolve().parent.parent / "web"

TableGetter = Callable[[str], Awaitable[Any]]


def _dd_rows(deal: Any) -> dict[str, dict[str, int]] | None:
    """The double-dummy table as ``{seat: {strain: tricks}}``, or ``None`` without a solver."""
    try:
        from bridgetable.solver.dds import dd_table

        table = dd_table(deal)
    except Exception:  # the solver is optional (no endplay, or it failed)
        return None
    out: dict[str, dict[str, int]] = {}
    for (seat, strain), tricks in table.items():
        out.setdefault(seat.letter, {})[strain.letter] = int(tricks)
    return out


def result_of(table: Any) -> dict[str, Any]:
    """The result of a finished board on ``table`` (a hub ``Table``)."""
    from bridgetable.core.scoring import board_score

    board = table.board
    contract = board.contract
    tricks = board.declarer_tricks if contract is not None else None
    score = board_score(contract, tricks, table.setup.vulnerability)
    return {
        "contract": None if contract is None else str(contract),
        "declarer": None if board.declarer is None else board.declarer.letter,
        "tricks": tricks,
        "score_ns": score,
        "dd": _dd_rows(table.setup.deal),
    }


def web_routes(get_table: TableGetter) -> list[BaseRoute]:
    """The page's routes; ``get_table(id)`` is the hub's table or ``None``."""
    cache: dict[str, dict[str, Any]] = {}

    async def index(_request: Request) -> Response:
        return FileResponse(WEB_DIR / "index.html", headers={"Cache-Control": "no-cache"})

    async def result(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        table = await get_table(table_id)
        if table is None:
            return JSONResponse({"error": "no such table"}, status_code=404)
        if not table.board.is_over:
            return JSONResponse({"error": "the board is in play"}, status_code=409)
        got = cache.get(table_id)
        if got is None:
            got = cache[table_id] = await run_in_threadpool(result_of, table)
        return JSONResponse(got)

    return [
        Route("/", index, methods=["GET"]),
        Route("/api/tables/{table_id}/result", result, methods=["GET"]),
        Mount("/web", app=StaticFiles(directory=WEB_DIR), name="web"),
    ]
