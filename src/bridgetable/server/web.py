"""The browser table: static files of ``bridgetable/web`` at ``/`` and ``/web/...``, and the
result of a finished board (score and double-dummy table) for the page's result panel.

* ``GET /`` -- the page (lobby, table, Director's console: one HTML file and its modules)
* ``GET /web/{path}`` -- the page's scripts and style sheet
* ``GET /favicon.svg`` and ``GET /favicon.ico`` -- the page's icon (a spade on the felt, SVG)
* ``GET /api/tables/{id}/result`` -- once the board is over: contract, declarer, tricks, the
  duplicate score for North-South (Law 77) and, with the solver installed, the double-dummy
  table and the par score and contracts of the deal; 409 while the board is in play;
  ``?board=n``: the n-th board the table's session has played (public once over, Law 66D)
* ``GET /api/tables/{id}/analysis`` -- once the board is over, with the solver installed: each
  card played, trick by trick, with the double-dummy tricks of its side before and after it;
  a card that lowered them cost a trick (or more); 409 while the board is in play;
  ``?board=n`` as for the result

Both are read-only and computed in a worker thread (the solver is slow next to the event
loop), once per table and record while among the :data:`CACHED` last asked for.

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

from bridgetable.core.board import Board
from bridgetable.core.deal import Deal
from bridgetable.core.events import CardPlayed, OpeningLeadFaceDown
from bridgetable.core.record import BoardSetup
from bridgetable.core.scoring import board_score
from bridgetable.solver.errors import SolverError
from bridgetable.solver.port import DoubleDummy, default_solver

#: The directory of the page's files (package data).
WEB_DIR = Path(__file__).resolve().parent.parent / "web"

TableGetter = Callable[[str], Awaitable[Any]]

#: Results and analyses kept (the most recently asked for; the others are computed again).
CACHED = 256

#: The page's icon: a white spade on the felt's green (served for /favicon.ico too, which
#: browsers ask for whatever the page links; they read it as SVG from its content type).
FAVICON_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
    '<rect width="64" height="64" rx="12" fill="#1f6b3a"/>'
    '<path fill="#fff" d="M32 8C24 20 12 26 12 37c0 7 6 11 12 11 3 0 5-1 7-3-1 5-3 8-7 11h16'
    'c-4-3-6-6-7-11 2 2 4 3 7 3 6 0 12-4 12-11 0-11-12-17-20-29z"/></svg>'
)


def _dd_rows(deal: Deal, solver: DoubleDummy | None = None) -> dict[str, dict[str, int]] | None:
    """The double-dummy table as ``{seat: {strain: tricks}}``, or ``None`` without a solver."""
    try:
        table = (solver or default_solver()).dd_tables([deal])[0]
    except SolverError:  # the solver is optional (no endplay, or it failed)
        return None
    out: dict[str, dict[str, int]] = {}
    for (seat, strain), tricks in table.items():
        out.setdefault(seat.letter, {})[strain.letter] = int(tricks)
    return out


def _par(setup: Any, solver: DoubleDummy | None = None) -> dict[str, Any] | None:
    """The par of the deal, or ``None`` without a solver (see the port's ``par``)."""
    try:
        return (solver or default_solver()).par(setup.deal, setup.vulnerability, setup.dealer)
    except SolverError:  # the solver is optional (no endplay, or it failed)
        return None


def result_of(board: Board, solver: DoubleDummy | None = None) -> dict[str, Any]:
    """The result of a finished board (a table's board, or one its session played before),
    the double-dummy figures from ``solver`` (default: DDS)."""
    contract = board.contract
    tricks = board.declarer_tricks if contract is not None else None
    score = board_score(contract, tricks, board.setup.vulnerability)
    return {
        "contract": None if contract is None else str(contract),
        "declarer": None if board.declarer is None else board.declarer.letter,
        "tricks": tricks,
        "score_ns": score,
        "dd": _dd_rows(board.setup.deal, solver),
        "par": _par(board.setup, solver),
    }


def analysis_of(board: Board, solver: DoubleDummy | None = None) -> dict[str, Any]:
    """The card-by-card double-dummy analysis of a finished board.

    The record is replayed event by event; before each card that enters play (the opening
    lead, faced or face down, and every later card) the position is taken and all positions
    are solved in one batch. For each card: ``before`` is the most tricks (of the whole
    board: those won so far plus the double-dummy tricks of the rest) the side to play could
    still take, ``after`` the most it can take once that card is played, and ``cost`` their
    difference. A card the solver did not score (one the position held illegal, such as a
    revoke) has ``None`` for these. A claimed board is analysed up to the claim. The values
    come from ``solver`` (default: DDS).
    """
    if board.contract is None or board.declarer is None:
        return {"available": False, "reason": "the board was passed out", "tricks": []}
    try:
        solver = solver or default_solver()
    except SolverError as e:
        return {"available": False, "reason": str(e), "tricks": []}

    replay = Board(board.setup)
    plays: list[tuple[Any, Any, int, int]] = []  # (hand, card, trick number, won so far)
    positions = []
    for event in board.events:
        card_hand = None
        if isinstance(event, OpeningLeadFaceDown):
            card_hand = event.seat
        elif isinstance(event, CardPlayed):
            card_hand = event.hand
        if card_hand is not None and len(replay.tricks) < 13:
            pos = replay.position()
            if pos.to_play is card_hand:
                won = replay.tricks_won(card_hand.side)
                plays.append((card_hand, event.card, len(replay.tricks) + 1, won))
                positions.append(pos)
        replay.apply(event)
    try:
        values = solver.card_values_many(positions)
    except SolverError as e:
        return {"available": False, "reason": str(e), "tricks": []}

    tricks: list[dict[str, Any]] = []
    for (hand, card, number, won), scored in zip(plays, values, strict=True):
        if not tricks or tricks[-1]["number"] != number:
            quitted = board.tricks[number - 1] if number <= len(board.tricks) else None
            tricks.append(
                {
                    "number": number,
                    "winner": None if quitted is None else quitted.winner.letter,
                    "cards": [],
                }
            )
        got = scored.get(card)
        entry: dict[str, Any] = {"seat": hand.letter, "side": hand.side.name, "card": str(card)}
        if got is None:  # not a card the position allowed (a revoke): not scored
            entry.update(before=None, after=None, cost=None)
        else:
            best = max(scored.values())
            entry.update(before=won + best, after=won + got, cost=best - got)
        tricks[-1]["cards"].append(entry)
    declarer = board.declarer
    return {
        "available": True,
        "contract": str(board.contract),
        "declarer": declarer.letter,
        "declarer_side": declarer.side.name,
        "claimed": board.claim is not None,
        "cards": len(plays),
        "costly": sum(1 for t in tricks for c in t["cards"] if c["cost"]),
        "tricks": tricks,
    }


def web_routes(
    get_table: TableGetter,
    solver: DoubleDummy | None = None,
    may_see: Callable[[Request, Any, int], Awaitable[bool]] | None = None,
) -> list[BaseRoute]:
    """The page's routes; ``get_table(id)`` is the hub's table or ``None``; the double-dummy
    figures come from ``solver`` (default: DDS); ``may_see(request, table, index)`` says
    whether the reader may see the table's board at ``index`` of its session, over (a team
    match's room: server/matches.py ``visible``; default: anyone)."""
    cache: dict[tuple[str, str, BoardSetup, int], dict[str, Any]] = {}
    compute: dict[str, Callable[[Board, DoubleDummy | None], dict[str, Any]]] = {
        "result": result_of,
        "analysis": analysis_of,
    }

    async def index(_request: Request) -> Response:
        return FileResponse(WEB_DIR / "index.html", headers={"Cache-Control": "no-cache"})

    async def favicon(_request: Request) -> Response:
        return Response(
            FAVICON_SVG,
            media_type="image/svg+xml",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    def after_the_board(what: str) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            table_id = request.path_params["table_id"]
            table = await get_table(table_id)
            if table is None:
                return JSONResponse({"error": "no such table"}, status_code=404)
            board = table.board
            number = request.query_params.get("board")
            played = table.session.played_boards()
            index = len(played) - 1
            if number is not None:  # a board of the session already played (Law 66D)
                if not number.isdigit() or not 1 <= int(number) <= len(played):
                    return JSONResponse(
                        {"error": f"board is the number of a board played, 1 to {len(played)}"},
                        status_code=400,
                    )
                index = int(number) - 1
                board = played[index]
            if not board.is_over:
                return JSONResponse({"error": "the board is in play"}, status_code=409)
            if may_see is not None and not await may_see(request, table, index):
                return JSONResponse(
                    {"error": "the other room of the match has not finished this board"},
                    status_code=403,
                )
            # a board over changes only by the events added to it (a restoration): its setup
            # (deal, number, dealer) and its number of events are its key
            key = (what, table_id, board.setup, len(board.events))
            got = cache.pop(key, None)
            if got is None:
                got = await run_in_threadpool(compute[what], board, solver)
            cache[key] = got  # the most recently asked for last
            while len(cache) > CACHED:
                del cache[next(iter(cache))]
            return JSONResponse(got)

        return endpoint

    return [
        Route("/", index, methods=["GET"]),
        Route("/favicon.svg", favicon, methods=["GET"]),
        Route("/favicon.ico", favicon, methods=["GET"]),
        Route("/api/tables/{table_id}/result", after_the_board("result"), methods=["GET"]),
        Route("/api/tables/{table_id}/analysis", after_the_board("analysis"), methods=["GET"]),
        Mount("/web", app=StaticFiles(directory=WEB_DIR), name="web"),
    ]
