"""The tables' HTTP API.

* ``GET /api/tables`` -- the lobby's list of the tables open to join or watch
  (:mod:`.lobby`)
* ``POST /api/tables`` -- create a table (robots, seats left free for the lobby, rules,
  policy, board, deal, contract + declarer); ``"policy": "table"`` is table mode
  (irregularities accepted and rectified); ``"session": {"kind": "set", "boards": N}``,
  ``{"kind": "rubber"}`` or ``{"kind": "chicago"}`` makes a table that plays on, board
  after board, dealt from the seed; a set may play the boards of a PBN hand
  record (``"pbn"``) and be scored against par (``"scoring": "par"``)
* ``GET /api/tables/{id}`` -- public summary
* ``GET /api/tables/{id}/record?format=json|pbn|lin[&board=n]`` -- the record as the Director
  sees it; public once the board is over, before that only with a director token; ``board``
  names a board of the table's session already played (the n-th)
* ``GET /api/tables/{id}/session-record?format=pbn|lin|json`` -- the whole session: every
  board over (public, Law 66D) as PBN or LIN; the JSON (seed and log) once the session is over,
  or for the Director
* ``POST /api/tables/{id}/join`` -- a free seat, a spectator, or the Director (with the
  server's director secret)
"""

from __future__ import annotations

import asyncio
import random
import secrets
import threading
import time
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from bridgetable.core.calls import Contract, Strain
from bridgetable.core.deal import Deal
from bridgetable.core.errors import BridgeError
from bridgetable.core.record import BoardSetup
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat
from bridgetable.core.session import SCORINGS, GivenBoard, Session, SessionSetup
from bridgetable.core.views import DIRECTOR, SPECTATOR, Role, parse_role
from bridgetable.formats import json as json_format
from bridgetable.formats import lin, pbn
from bridgetable.formats import session as session_format
from bridgetable.server import matches
from bridgetable.server.endpoints import lobby
from bridgetable.server.endpoints.http import (
    MAX_TABLE_BODY,
    HTTPError,
    bearer,
    body_of,
    handle,
    is_director_secret,
)
from bridgetable.server.hub import CommandError, Hub, Table, role_name
from bridgetable.server.limits import WindowCounter
from bridgetable.server.settings import Settings
from bridgetable.solver.errors import SolverError
from bridgetable.solver.port import DoubleDummy, default_solver

#: Bits of operating-system entropy in the seed of a table created without a ``seed``: far
#: beyond any search (a 31-bit seed is found from one hand in minutes).
SEED_BITS = 256


def new_seed() -> int:
    """A secret seed from the operating system's entropy (:mod:`secrets`): the deal of a table
    created without a ``seed`` is ``Deal.random(random.Random(new_seed()))``, the engine being
    given its randomness; a seed the client gives stays reproducible."""
    return secrets.randbits(SEED_BITS) | 1 << (SEED_BITS - 1)


#: A hand record uploaded with a set: at most this many boards, this many characters.
MAX_HAND_RECORD_BOARDS = 64
MAX_HAND_RECORD_TEXT = 60_000
#: A set scored against par has at most this many boards (the solver gives each its par
#: when the table is created, about a tenth of a second a board).
MAX_PAR_BOARDS = 36


def hand_record(text: Any) -> tuple[GivenBoard, ...]:
    """The boards of a PBN hand record, in file order: each game's ``Board``, ``Dealer``,
    ``Vulnerable`` and ``Deal`` as the record gives them (clubs' dealing programs write them
    by Law 2); a missing ``Dealer`` or ``Vulnerable`` comes from the board number (Law 2),
    a missing ``Board`` is the game's place in the file; a game without a ``Deal`` tag is
    not a board and is left out. Any auction or play in the file is not used.

    Raises :class:`HTTPError` (400) naming the problem: not text, too long, an error the PBN
    reader reports (with its line), a game without a full deal, no board or too many, a
    board number twice."""
    if not isinstance(text, str):
        raise HTTPError(400, "session.pbn is the text of a PBN hand record")
    if len(text) > MAX_HAND_RECORD_TEXT:
        raise HTTPError(400, f"a hand record has at most {MAX_HAND_RECORD_TEXT} characters")
    loaded = pbn.loads(text)
    for d in loaded.diagnostics:
        if d.severity == "error":
            raise HTTPError(400, f"the hand record, line {d.line}: {d.message}")
    # a game of tags only (an Event heading the file, say) is no board
    games = [g for g in loaded.games if g.record is not None or g.tag("Deal")]
    if not games:
        raise HTTPError(400, "the hand record has no board")
    if len(games) > MAX_HAND_RECORD_BOARDS:
        raise HTTPError(
            400, f"a hand record has at most {MAX_HAND_RECORD_BOARDS} boards, not {len(games)}"
        )
    out: list[GivenBoard] = []
    numbers: set[int] = set()
    for g in games:
        if g.record is None:
            raise HTTPError(400, f"the hand record, line {g.line}: the game has no full deal")
        setup = g.record.setup
        if setup.board in numbers:
            raise HTTPError(400, f"the hand record, line {g.line}: board {setup.board} twice")
        numbers.add(setup.board)
        try:
            out.append(GivenBoard(setup.board, setup.dealer, setup.vulnerability, setup.deal))
        except BridgeError as exc:
            raise HTTPError(400, f"the hand record, line {g.line}: {exc}") from None
    return tuple(out)


def par_scores(ss: SessionSetup, solver: DoubleDummy | None = None) -> tuple[int, ...]:
    """Each board's double-dummy par score for North-South (the solver's par, with the
    board's dealer and vulnerability), in the order of the set; raises :class:`HTTPError`
    (501 without the solver)."""
    session = Session(ss)
    out = []
    try:
        with _PAR_LOCK:
            dd = solver or default_solver()
            for n in range(1, (ss.boards or 0) + 1):
                b = session.board_setup(n)
                out.append(int(dd.par(b.deal, b.vulnerability, b.dealer)["score_ns"]))
    except SolverError as exc:
        raise HTTPError(501, f"scoring against par needs the solver: {exc}") from None
    return tuple(out)


def session_from(
    body: dict[str, Any], rules: RuleSet, seed: int, solver: DoubleDummy | None = None
) -> tuple[SessionSetup, BoardSetup] | None:
    """The session a ``POST /api/tables`` body asks for (``"session": {"kind": "set",
    "boards": N, "pbn": text, "scoring": "total"|"par"|"mp"|"imps"}`` or ``{"kind":
    "rubber"}``) and its first board, or ``None`` for a table of one board; raises
    :class:`HTTPError` (400; 501 for par scoring without the solver). A set scored against
    par asks ``solver`` for each board's par (:func:`par_scores`): call it off the event
    loop."""
    spec = body.get("session")
    if spec is None:
        return None
    if not isinstance(spec, dict) or set(spec) - {"kind", "boards", "pbn", "scoring"}:
        raise HTTPError(
            400,
            "session is {kind: set|rubber|chicago, boards: N, pbn: hand record, "
            "scoring: total|par|mp|imps for a set}",
        )
    for key in ("deal", "contract", "declarer", "board"):
        if key in body:
            raise HTTPError(400, f"a session deals its own boards: no {key}")
    kind = spec.get("kind")
    if kind not in ("set", "rubber", "chicago"):
        raise HTTPError(400, "a session's kind is 'set', 'rubber' or 'chicago'")
    scoring = spec.get("scoring", "total")
    if scoring not in SCORINGS:
        raise HTTPError(400, "a set's scoring is 'total', 'par', 'mp' or 'imps'")
    if kind != "set" and ("pbn" in spec or scoring != "total"):
        raise HTTPError(400, f"a {kind} deals its own deals and keeps its own score")
    given = hand_record(spec["pbn"]) if "pbn" in spec else ()
    boards = spec.get("boards", len(given) if given else None)
    try:
        plain = SessionSetup(
            kind,
            seed=seed,
            boards=boards,
            rules=rules,
            given=given,
            scoring="total" if scoring == "par" else scoring,
        )
        ss = plain
        if scoring == "par":
            if (plain.boards or 0) > MAX_PAR_BOARDS:
                raise HTTPError(
                    400, f"a set scored against par has at most {MAX_PAR_BOARDS} boards"
                )
            ss = SessionSetup(
                kind,
                seed=seed,
                boards=boards,
                rules=rules,
                given=given,
                scoring="par",
                pars=par_scores(plain, solver),
            )
    except BridgeError as exc:
        raise HTTPError(400, str(exc)) from None
    return ss, Session(ss).board_setup(1)


def setup_from(
    body: dict[str, Any], solver: DoubleDummy | None = None
) -> tuple[BoardSetup, list[Seat], int]:
    """The board, the robots' seats and the seed a ``POST /api/tables`` body asks for;
    raises :class:`HTTPError` (400, or 501 for a par contract without the solver). (With a
    ``session``, the first board the session deals: see :func:`session_from`.)"""
    setup, robots, seed, _session = table_from(body, solver)
    return setup, robots, seed


def table_from(
    body: dict[str, Any], solver: DoubleDummy | None = None
) -> tuple[BoardSetup, list[Seat], int, SessionSetup | None]:
    """:func:`setup_from` and the session the body asks for (``None``: a table of one
    board); may ask the solver (a par contract, a set scored against par): call it off the
    event loop."""
    robots_raw = body.get("robots", [])
    if not isinstance(robots_raw, list) or len(robots_raw) > 4:
        raise HTTPError(400, "robots is a list of seats")
    try:
        robots = sorted({Seat.from_letter(str(s)) for s in robots_raw})
    except BridgeError as exc:
        raise HTTPError(400, str(exc)) from None
    rules_name = body.get("rules", "duplicate")
    if rules_name not in ("duplicate", "rubber"):
        raise HTTPError(400, "rules is 'duplicate' or 'rubber'")
    policy = body.get("policy", "online")
    if policy not in ("online", "table"):
        raise HTTPError(400, "policy is 'online' or 'table'")
    code = RuleSet.rubber if rules_name == "rubber" else RuleSet.duplicate
    rules = code(policy=policy)
    number = body.get("board", 1)
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 10_000:
        raise HTTPError(400, "board is a number from 1")
    seed = body.get("seed")
    if seed is None:
        seed = new_seed()
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise HTTPError(400, "seed is an integer")
    session = session_from(body, rules, seed, solver)
    if session is not None:
        return session[1], robots, seed, session[0]
    try:
        deal_text = body.get("deal")
        if deal_text is None:
            deal = Deal.random(random.Random(seed))
        elif isinstance(deal_text, str) and len(deal_text) < 200:
            deal = Deal.from_pbn(deal_text)
        else:
            raise HTTPError(400, "deal is a PBN deal string")
        contract = None
        ctext = body.get("contract")
        if "declarer" in body and ctext is None:
            raise HTTPError(400, "declarer goes with a contract")
        if ctext is not None:
            decl = body.get("declarer")
            if not isinstance(ctext, str) or not isinstance(decl, str) or len(ctext) > 10:
                raise HTTPError(400, "contract needs a declarer")
            if ctext.strip().lower() == "par":
                ctext = par_contract(deal, Seat.from_letter(decl), solver)
            contract = Contract.parse(f"{ctext} {decl}")
        setup = BoardSetup.for_board(number, deal=deal, rules=rules, contract=contract)
    except BridgeError as exc:
        raise HTTPError(400, str(exc)) from None
    return setup, robots, seed, None


def free_from(body: dict[str, Any], robots: list[Seat]) -> list[Seat]:
    """The seats a ``POST /api/tables`` body leaves free (``"free": [seats]``): no token is
    issued for them at creation; the table is listed in the lobby (``GET /api/tables``) and
    the first ``POST /api/tables/{id}/join`` for such a seat takes it. Raises
    :class:`HTTPError` (400) for a list that is not of seats, or names a robot's seat."""
    raw = body.get("free", [])
    if not isinstance(raw, list) or len(raw) > 4:
        raise HTTPError(400, "free is a list of seats")
    try:
        free = sorted({Seat.from_letter(str(s)) for s in raw})
    except BridgeError as exc:
        raise HTTPError(400, str(exc)) from None
    both = [s.letter for s in free if s in robots]
    if both:
        raise HTTPError(400, f"a seat is a robot's or free, not both: {', '.join(both)}")
    return free


#: One solver call at a time from the request threads (DDS keeps per-thread state).
_PAR_LOCK = threading.Lock()


def par_contract(deal: Deal, declarer: Seat, solver: DoubleDummy | None = None) -> str:
    """The best double-dummy contract for ``declarer`` (the most valuable makeable game or
    partscore level in his best strain): practice "par" for the human declarer."""

    try:
        with _PAR_LOCK:
            table = (solver or default_solver()).dd_tables([deal])[0]
    except SolverError as exc:
        raise HTTPError(501, f"a par contract needs the solver: {exc}") from None
    best = None
    for strain_letter in ("N", "S", "H", "D", "C"):
        tricks = _dd_lookup(table, strain_letter, declarer)
        level = tricks - 6
        if level >= 1:
            key = (level + (1 if strain_letter in "NSH" else 0), strain_letter)
            if best is None or key > best[0]:
                best = (key, f"{level}{strain_letter if strain_letter != 'N' else 'NT'}")
    if best is None:
        raise HTTPError(400, f"{declarer} makes no contract double dummy")
    return best[1]


def _dd_lookup(table: Any, strain: str, declarer: Seat) -> int:
    """Tricks for ``declarer`` in ``strain`` from the solver's table ``{(seat, strain): n}``."""
    try:
        return int(table[declarer, Strain.from_letter(strain)])
    except (KeyError, TypeError):
        raise HTTPError(501, "cannot read the solver's table") from None


def routes(hub: Hub, settings: Settings) -> list[BaseRoute]:
    """The tables' routes."""

    created = WindowCounter(settings.tables_per_minute, 60.0)

    async def create(request: Request) -> Response:
        client = request.client.host if request.client is not None else ""
        if not created.allow(client, time.monotonic()):
            raise HTTPError(429, f"at most {settings.tables_per_minute} tables a minute")
        body = await body_of(request, MAX_TABLE_BODY)  # room for a PBN hand record
        # a par contract or par scores ask the solver: off the event loop (one at a time)
        setup, robots, seed, session = await asyncio.to_thread(table_from, body, settings.solver)
        free = free_from(body, robots)
        table, tokens = await hub.create(setup, robots, seed, session, free=free)
        return JSONResponse(
            {
                "id": table.id,
                "tokens": tokens,
                "robots": [s.letter for s in robots],
                "free": [s.letter for s in free],
                "policy": setup.rules.policy,
                "version": table.version,
            },
            status_code=201,
        )

    listing = lobby.endpoint(hub)

    async def collection(request: Request) -> Response:
        """``/api/tables``: ``GET`` lists (:mod:`.lobby`), ``POST`` creates."""
        return await (create(request) if request.method == "POST" else listing(request))

    async def table_of(request: Request) -> Table:
        table = await hub.get(request.path_params["table_id"])
        if table is None:
            raise HTTPError(404, "no such table")
        return table

    async def summary(request: Request) -> Response:
        table = await table_of(request)
        out = table.summary()
        field = hub.field.summary(table.id, table.session)
        if field is not None:  # a set scored across the field (server/field.py)
            out["session"]["field"] = field
        return JSONResponse(out)

    async def record(request: Request) -> Response:
        table = await table_of(request)
        fmt = request.query_params.get("format", "json")
        board = table.board
        number = request.query_params.get("board")
        played = table.session.played_boards()
        index = len(played) - 1
        if number is not None:  # a board of the session already played: public (Law 66D)
            if not number.isdigit() or not 1 <= int(number) <= len(played):
                raise HTTPError(400, f"board is the number of a board played, 1 to {len(played)}")
            index = int(number) - 1
            board = played[index]
        if board.is_over and not await matches.visible(
            hub, table, index, bearer(request), settings.director_secret
        ):
            raise HTTPError(403, "the other room of the match has not finished this board")
        if not board.is_over:
            token = bearer(request)
            if hub.role_of(table, token) is not DIRECTOR and not is_director_secret(
                token, settings.director_secret
            ):
                raise HTTPError(403, "the record of a board in play is for the Director")
        rec = board.record
        if fmt == "json":  # the one JSON shape of a record, as `bridgetable convert` writes it
            return JSONResponse(json_format.document([rec]))
        if fmt in ("pbn", "lin"):
            writer = pbn if fmt == "pbn" else lin
            return PlainTextResponse(writer.dumps([rec]))  # dumps takes a sequence of games
        raise HTTPError(400, "format is json, pbn or lin")

    async def session_record(request: Request) -> Response:
        """The whole session's record (:mod:`bridgetable.formats.session`). PBN and LIN hold
        only the boards over, public once over (Law 66D); the JSON holds the seed and the log,
        which tell the board in play's hands and the deals to come, so before the session is
        over it is the Director's, as the record of a board in play is."""
        table = await table_of(request)
        fmt = request.query_params.get("format", "pbn")
        session = table.session
        # a match table's boards that the other room has not finished stay out, but for its
        # own seats and Director (server/matches.py)
        limit = await matches.public_boards(hub, table)
        if limit is not None and await matches.visible(
            hub, table, len(session.results), bearer(request), settings.director_secret
        ):
            limit = None
        if fmt == "pbn":  # a set scored across the field: the field's figures too
            field = hub.field.summary(table.id, session)
            return PlainTextResponse(session_format.dumps_pbn(session, field, boards=limit))
        if fmt == "lin":
            return PlainTextResponse(session_format.dumps_lin(session, boards=limit))
        if fmt != "json":
            raise HTTPError(400, "format is pbn, lin or json")
        if not session.is_over:
            token = bearer(request)
            if hub.role_of(table, token) is not DIRECTOR and not is_director_secret(
                token, settings.director_secret
            ):
                raise HTTPError(403, "the JSON of a session in play is for the Director")
        return JSONResponse(session_format.document(session))

    async def join(request: Request) -> Response:
        table = await table_of(request)
        body = await body_of(request)
        try:
            role: Role = parse_role(str(body.get("role", "")))
        except BridgeError as exc:
            raise HTTPError(400, str(exc)) from None
        if role is DIRECTOR and not is_director_secret(
            body.get("secret"), settings.director_secret
        ):
            raise HTTPError(403, "the Director's seat needs the server's director secret")
        if (
            role is SPECTATOR
            and table.match_place() is not None
            and not is_director_secret(body.get("secret"), settings.director_secret)
        ):
            # a player of the other room would see the boards before playing them
            raise HTTPError(403, "a team match's rooms are watched with the director secret")
        try:
            token = await hub.join(table, role)
        except CommandError as exc:
            raise HTTPError(409, exc.message) from None
        return JSONResponse({"token": token, "role": role_name(role)})

    return [
        Route("/api/tables", handle(collection), methods=["GET", "POST"]),
        Route("/api/tables/{table_id}", handle(summary), methods=["GET"]),
        Route("/api/tables/{table_id}/record", handle(record), methods=["GET"]),
        Route("/api/tables/{table_id}/session-record", handle(session_record), methods=["GET"]),
        Route("/api/tables/{table_id}/join", handle(join), methods=["POST"]),
    ]
