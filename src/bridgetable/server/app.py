"""The ASGI application: HTTP API, WebSocket protocol, startup recovery.

HTTP (JSON; schema at ``/api/openapi.json``):

* ``GET /api/health``
* ``POST /api/tables`` -- create a table (robots, rules, policy, board, deal, contract +
  declarer); ``"policy": "table"`` is table mode (irregularities accepted and rectified)
* ``GET /api/tables/{id}`` -- public summary
* ``GET /api/tables/{id}/record?format=json|pbn|lin`` -- the record as the Director sees it;
  public once the board is over, before that only with a director token
* ``POST /api/tables/{id}/join`` -- a free seat, a spectator, or the Director (with the
  server's director secret)
* ``GET /api/director/calls`` -- the queue of open calls for a Director over every table of
  the server (the director secret as Bearer): every Director of the server sees it

WebSocket ``/ws/tables/{id}``: see ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from bridgetable import __version__
from bridgetable.core.calls import Contract, Strain
from bridgetable.core.commands import describe as describe_commands
from bridgetable.core.deal import Deal
from bridgetable.core.errors import BridgeError
from bridgetable.core.record import BoardSetup
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat
from bridgetable.core.views import DIRECTOR, Role, parse_role
from bridgetable.formats import json as json_format
from bridgetable.formats import lin, pbn
from bridgetable.robots.player import RobotConfig
from bridgetable.server.commands import bad_text
from bridgetable.server.hub import (
    CommandError,
    Connection,
    Hub,
    Table,
    TableQuarantined,
    keep_gc_young,
    role_name,
)
from bridgetable.server.schemas import openapi_schema
from bridgetable.server.store import Store
from bridgetable.server.web import web_routes
from bridgetable.solver.errors import SolverError
from bridgetable.solver.port import DoubleDummy, default_solver

log = logging.getLogger("bridgetable.server")

#: Largest HTTP body and WebSocket text accepted (bytes / characters).
MAX_BODY = 16 * 1024
MAX_MESSAGE = 8 * 1024

#: Bits of operating-system entropy in the seed of a table created without a ``seed``: far
#: beyond any search (a 31-bit seed is found from one hand in minutes).
SEED_BITS = 256


def new_seed() -> int:
    """A secret seed from the operating system's entropy (:mod:`secrets`): the deal of a table
    created without a ``seed`` is ``Deal.random(random.Random(new_seed()))``, the engine being
    given its randomness; a seed the client gives stays reproducible."""
    return secrets.randbits(SEED_BITS) | 1 << (SEED_BITS - 1)


#: The message for a text that is not Unicode scalar values.
BAD_TEXT = "text must be valid Unicode (no lone surrogate such as \\ud800)"


@dataclass(slots=True)
class Settings:
    """Server settings (from the ``serve`` command or tests)."""

    store: Store
    director_secret: str
    robot_workers: int = 1
    robot_deadline: float = 5.0
    robot_config: RobotConfig = field(default_factory=RobotConfig)
    robot_delay: float = 0.0
    rate: float = 20.0
    burst: float = 40.0
    hello_timeout: float = 10.0
    queue_limit: int = 256
    #: The adjudicator's jurisdiction profile and class of player (docs/claims.md).
    claim_profile: str = "ebu"
    player_class: str = "club"
    #: The double-dummy port (robots, proposed rulings, par, the result and analysis
    #: pages); ``None``: DDS.
    solver: DoubleDummy | None = None


class RateLimiter:
    """A token bucket: ``rate`` messages per second, bursts of ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = time.monotonic()

    def allow(self) -> bool:
        """Take one token if there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def _error(status: int, message: str, code: str | None = None) -> JSONResponse:
    body = {"error": message} if code is None else {"error": message, "code": code}
    return JSONResponse(body, status_code=status)


#: What a client is told of a quarantined table (the reason is in the log and the
#: Directors' queue: it may name cards).
QUARANTINED = (
    "this table is quarantined: its stored record cannot be replayed; the Director is told"
)


async def _quarantined(_request: Request, _exc: Exception) -> Response:
    return _error(500, QUARANTINED, "quarantined")


async def _internal(_request: Request, _exc: Exception) -> Response:
    return _error(500, "internal error (logged by the server)", "internal")


async def _body(request: Request) -> dict[str, Any]:
    size = int(request.headers.get("content-length") or 0)
    if size > MAX_BODY:
        raise _HTTPError(413, "request body too large")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise _HTTPError(413, "request body too large")
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except ValueError:
        raise _HTTPError(400, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise _HTTPError(400, "the body is a JSON object")
    if bad_text(data):
        raise _HTTPError(400, BAD_TEXT)
    return data


class _HTTPError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _setup_from(
    body: dict[str, Any], solver: DoubleDummy | None = None
) -> tuple[BoardSetup, list[Seat], int]:
    robots_raw = body.get("robots", [])
    if not isinstance(robots_raw, list) or len(robots_raw) > 4:
        raise _HTTPError(400, "robots is a list of seats")
    try:
        robots = sorted({Seat.from_letter(str(s)) for s in robots_raw})
    except BridgeError as exc:
        raise _HTTPError(400, str(exc)) from None
    rules_name = body.get("rules", "duplicate")
    if rules_name not in ("duplicate", "rubber"):
        raise _HTTPError(400, "rules is 'duplicate' or 'rubber'")
    policy = body.get("policy", "online")
    if policy not in ("online", "table"):
        raise _HTTPError(400, "policy is 'online' or 'table'")
    code = RuleSet.rubber if rules_name == "rubber" else RuleSet.duplicate
    rules = code(policy=policy)
    number = body.get("board", 1)
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 10_000:
        raise _HTTPError(400, "board is a number from 1")
    seed = body.get("seed")
    if seed is None:
        seed = new_seed()
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise _HTTPError(400, "seed is an integer")
    try:
        deal_text = body.get("deal")
        if deal_text is None:
            deal = Deal.random(random.Random(seed))
        elif isinstance(deal_text, str) and len(deal_text) < 200:
            deal = Deal.from_pbn(deal_text)
        else:
            raise _HTTPError(400, "deal is a PBN deal string")
        contract = None
        ctext = body.get("contract")
        if ctext is not None:
            decl = body.get("declarer")
            if not isinstance(ctext, str) or not isinstance(decl, str) or len(ctext) > 10:
                raise _HTTPError(400, "contract needs a declarer")
            if ctext.strip().lower() == "par":
                ctext = _par_contract(deal, Seat.from_letter(decl), solver)
            contract = Contract.parse(f"{ctext} {decl}")
        setup = BoardSetup.for_board(number, deal=deal, rules=rules, contract=contract)
    except BridgeError as exc:
        raise _HTTPError(400, str(exc)) from None
    return setup, robots, seed


def _par_contract(deal: Deal, declarer: Seat, solver: DoubleDummy | None = None) -> str:
    """The best double-dummy contract for ``declarer`` (the most valuable makeable game or
    partscore level in his best strain): practice "par" for the human declarer."""

    try:
        table = (solver or default_solver()).dd_tables([deal])[0]
    except SolverError as exc:
        raise _HTTPError(501, f"a par contract needs the solver: {exc}") from None
    best = None
    for strain_letter in ("N", "S", "H", "D", "C"):
        tricks = _dd_lookup(table, strain_letter, declarer)
        level = tricks - 6
        if level >= 1:
            key = (level + (1 if strain_letter in "NSH" else 0), strain_letter)
            if best is None or key > best[0]:
                best = (key, f"{level}{strain_letter if strain_letter != 'N' else 'NT'}")
    if best is None:
        raise _HTTPError(400, f"{declarer} makes no contract double dummy")
    return best[1]


def _dd_lookup(table: Any, strain: str, declarer: Seat) -> int:
    """Tricks for ``declarer`` in ``strain`` from the solver's table ``{(seat, strain): n}``."""
    try:
        return int(table[declarer, Strain.from_letter(strain)])
    except (KeyError, TypeError):
        raise _HTTPError(501, "cannot read the solver's table") from None


def create_app(settings: Settings) -> Starlette:
    """The application over ``settings.store``."""
    hub = Hub(
        settings.store,
        robot_deadline=settings.robot_deadline,
        robot_config=settings.robot_config,
        robot_delay=settings.robot_delay,
        claim_profile=settings.claim_profile,
        player_class=settings.player_class,
        solver=settings.solver,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await settings.store.open()
        if settings.robot_workers > 0:

            def factory() -> Executor:
                return ProcessPoolExecutor(settings.robot_workers, mp_context=get_context("spawn"))

            hub.executor_factory = factory
            hub.executor = factory()
        await settings.store.listen(hub.catch_up)
        n = await hub.recover_all()
        log.info("recovered %d tables", n)
        app.state.hub = hub
        gc_task = asyncio.create_task(keep_gc_young())
        try:
            yield
        finally:
            gc_task.cancel()
            await hub.close()
            if hub.executor is not None:
                hub.executor.shutdown(wait=True, cancel_futures=True)
            await settings.store.close()

    def handle(fn: Any) -> Any:
        async def endpoint(request: Request) -> Response:
            try:
                result: Response = await fn(request)
                return result
            except _HTTPError as exc:
                return _error(exc.status, exc.message)

        endpoint.__doc__ = fn.__doc__
        return endpoint

    async def health(_request: Request) -> Response:
        return JSONResponse({"status": "ok", "version": __version__, "tables": len(hub.tables)})

    async def _create(request: Request) -> Response:
        body = await _body(request)
        setup, robots, seed = _setup_from(body, settings.solver)
        table, tokens = await hub.create(setup, robots, seed)
        return JSONResponse(
            {
                "id": table.id,
                "tokens": tokens,
                "robots": [s.letter for s in robots],
                "policy": setup.rules.policy,
                "version": table.version,
            },
            status_code=201,
        )

    async def _table(request: Request) -> Table:
        table = await hub.get(request.path_params["table_id"])
        if table is None:
            raise _HTTPError(404, "no such table")
        return table

    async def _summary(request: Request) -> Response:
        return JSONResponse((await _table(request)).summary())

    async def _record(request: Request) -> Response:
        table = await _table(request)
        fmt = request.query_params.get("format", "json")
        if not table.board.is_over:
            auth = request.headers.get("authorization", "")
            token = auth[7:] if auth.lower().startswith("bearer ") else ""
            if hub.role_of(table, token) is not DIRECTOR and token != settings.director_secret:
                raise _HTTPError(403, "the record of a board in play is for the Director")
        record = table.board.record
        if fmt == "json":  # the one JSON shape of a record, as `bridgetable convert` writes it
            return JSONResponse(json_format.document([record]))
        if fmt in ("pbn", "lin"):
            writer = pbn if fmt == "pbn" else lin
            return PlainTextResponse(writer.dumps([record]))  # dumps takes a sequence of games
        raise _HTTPError(400, "format is json, pbn or lin")

    async def _join(request: Request) -> Response:
        table = await _table(request)
        body = await _body(request)
        try:
            role: Role = parse_role(str(body.get("role", "")))
        except BridgeError as exc:
            raise _HTTPError(400, str(exc)) from None
        if role is DIRECTOR and body.get("secret") != settings.director_secret:
            raise _HTTPError(403, "the Director's seat needs the server's director secret")
        try:
            token = await hub.join(table, role)
        except CommandError as exc:
            raise _HTTPError(409, exc.message) from None
        return JSONResponse({"token": token, "role": role_name(role)})

    async def _calls(request: Request) -> Response:
        auth = request.headers.get("authorization", "")
        token = auth[7:] if auth.lower().startswith("bearer ") else ""
        if not secrets.compare_digest(token.encode(), settings.director_secret.encode()):
            raise _HTTPError(403, "the queue of calls is for the Directors")
        return JSONResponse({"calls": await hub.director_calls()})

    async def openapi(_request: Request) -> Response:
        return JSONResponse(openapi_schema())

    async def commands(_request: Request) -> Response:
        return JSONResponse({"commands": describe_commands()})

    async def ws_endpoint(ws: WebSocket) -> None:
        await ws.accept()
        try:
            table = await hub.get(ws.path_params["table_id"])
        except TableQuarantined:
            await ws.send_text(
                json.dumps({"type": "error", "code": "quarantined", "message": QUARANTINED})
            )
            await ws.close(4500)
            return
        if table is None:
            await ws.send_text(
                json.dumps({"type": "error", "code": "not_found", "message": "no such table"})
            )
            await ws.close(4404)
            return
        try:
            raw = await asyncio.wait_for(ws.receive_text(), settings.hello_timeout)
        except (TimeoutError, WebSocketDisconnect, RuntimeError, KeyError):
            with contextlib.suppress(Exception):
                await ws.close(4408)
            return
        hello = _parse(raw)
        role = (
            None
            if hello is None or hello.get("type") != "hello" or bad_text(hello)
            else hub.role_of(table, hello.get("token", ""))
        )
        if role is None or hello is None:
            await ws.send_text(
                json.dumps(
                    {
                        "type": "error",
                        "code": "unauthorized",
                        "message": "the first message is a hello with a valid token",
                    }
                )
            )
            await ws.close(4401)
            return
        since = hello.get("version")
        since = since if isinstance(since, int) and not isinstance(since, bool) else None
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        closed = asyncio.Event()

        async def send(text: str) -> None:
            if queue.qsize() >= settings.queue_limit:
                closed.set()  # a client that does not read is dropped
                raise ConnectionError("client too slow")
            queue.put_nowait(text)

        async def writer() -> None:
            try:
                while (text := await queue.get()) is not None:
                    await ws.send_text(text)
            except Exception:
                closed.set()

        wtask = asyncio.create_task(writer())
        conn = Connection(role, send)
        await send(
            json.dumps(
                {
                    "type": "welcome",
                    "table": table.id,
                    "role": role_name(role),
                    "server": __version__,
                }
            )
        )
        await hub.attach(table, conn, since)
        limiter = RateLimiter(settings.rate, settings.burst)
        try:
            while not closed.is_set():
                try:
                    raw = await ws.receive_text()
                except (WebSocketDisconnect, RuntimeError, KeyError):
                    break
                await _on_message(table, conn, raw, limiter, send)
        finally:
            hub.detach(table, conn)
            queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(wtask, 2)
            wtask.cancel()
            if closed.is_set():
                with contextlib.suppress(Exception):
                    await ws.close(1008)

    async def _on_message(
        table: Table, conn: Connection, raw: str, limiter: RateLimiter, send: Any
    ) -> None:
        msg = _parse(raw)
        mid = msg.get("id") if isinstance(msg, dict) else None
        if mid is not None and (not isinstance(mid, str | int) or len(str(mid)) > 64):
            mid = None
        if not limiter.allow():
            await send(
                json.dumps(
                    {
                        "type": "error",
                        "id": mid,
                        "code": "rate_limited",
                        "message": "too many messages",
                    }
                )
            )
            return
        if len(raw) > MAX_MESSAGE or msg is None:
            await send(
                json.dumps(
                    {
                        "type": "error",
                        "id": mid,
                        "code": "bad_request",
                        "message": "a message is a JSON object of at most "
                        f"{MAX_MESSAGE} characters",
                    }
                )
            )
            return
        if bad_text(msg):  # nothing is stored or sent back that UTF-8 cannot carry
            await send(
                json.dumps(
                    {
                        "type": "error",
                        "id": mid if isinstance(mid, int) or not bad_text(mid) else None,
                        "code": "bad_request",
                        "message": BAD_TEXT,
                        "version": table.version,
                    }
                )
            )
            return
        kind = msg.get("type")
        if kind == "ping":
            await send(json.dumps({"type": "pong", "id": mid, "version": table.version}))
            return
        if kind == "resume":
            await hub.attach(table, conn, msg.get("version"))
            return
        if kind != "command":
            await send(
                json.dumps(
                    {
                        "type": "error",
                        "id": mid,
                        "code": "bad_request",
                        "message": f"unknown message type {kind!r}",
                    }
                )
            )
            return
        try:
            version = await hub.command(
                table, conn.role, msg.get("version"), msg.get("action"), msg.get("args")
            )
        except CommandError as exc:
            await send(
                json.dumps(
                    {
                        "type": "error",
                        "id": mid,
                        "code": exc.code,
                        "message": exc.message,
                        **exc.extra,
                    }
                )
            )
            return
        await send(json.dumps({"type": "ack", "id": mid, "version": version}))

    def _parse(raw: str) -> dict[str, Any] | None:
        if len(raw) > MAX_MESSAGE:
            return None
        try:
            data = json.loads(raw)
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    routes = [
        Route("/api/health", handle(health), methods=["GET"]),
        Route("/api/openapi.json", handle(openapi), methods=["GET"]),
        Route("/api/commands", handle(commands), methods=["GET"]),
        Route("/api/tables", handle(_create), methods=["POST"]),
        Route("/api/tables/{table_id}", handle(_summary), methods=["GET"]),
        Route("/api/tables/{table_id}/record", handle(_record), methods=["GET"]),
        Route("/api/tables/{table_id}/join", handle(_join), methods=["POST"]),
        Route("/api/director/calls", handle(_calls), methods=["GET"]),
        WebSocketRoute("/ws/tables/{table_id}", ws_endpoint),
        *web_routes(hub.get, settings.solver),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={TableQuarantined: _quarantined, 500: _internal},
    )
    app.state.hub = hub
    return app
