"""WebSocket ``/ws/tables/{id}``: the protocol of ``docs/protocol.md``.

Every frame is read with :func:`bridgetable.server.wire.decode_client` and every message
written with :func:`bridgetable.server.wire.encode`. The first message is a ``hello`` with a
valid token (within ``Settings.hello_timeout``); then each message is rate-limited, decoded
and answered: a frame that is not a message by :class:`~bridgetable.server.wire.BadMessage`'s
``bad_request``, a command by the hub (``ack`` or the hub's error).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable

from starlette.routing import BaseRoute, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from bridgetable import __version__
from bridgetable.server.endpoints.http import QUARANTINED
from bridgetable.server.hub import CommandError, Connection, Hub, Table, TableQuarantined, role_name
from bridgetable.server.settings import Settings
from bridgetable.server.wire import (
    Ack,
    BadMessage,
    Command,
    Error,
    Hello,
    Ping,
    Pong,
    Resume,
    ServerMessage,
    Welcome,
    decode_client,
    encode,
)

#: What the client is told when its first message is not a good ``hello``.
UNAUTHORIZED = "the first message is a hello with a valid token"


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


Reply = Callable[[ServerMessage], Awaitable[None]]


async def on_message(
    hub: Hub, table: Table, conn: Connection, raw: str, *, limiter: RateLimiter, reply: Reply
) -> None:
    """Answer one frame of a connection past its ``hello``."""
    msg: Hello | Command | Resume | Ping | BadMessage
    try:
        msg = decode_client(raw)
    except BadMessage as exc:
        msg = exc
    mid = msg.id if isinstance(msg, BadMessage | Command | Ping) else None
    if not limiter.allow():
        await reply(Error(id=mid, code="rate_limited", message="too many messages"))
        return
    if isinstance(msg, BadMessage):
        await reply(msg.answer(table.version))
    elif isinstance(msg, Ping):
        await reply(Pong(id=mid, version=table.version))
    elif isinstance(msg, Resume):
        await hub.attach(table, conn, msg.version)
    elif isinstance(msg, Hello):  # only the first message is a hello
        await reply(Error(id=mid, code="bad_request", message="unknown message type 'hello'"))
    else:
        try:
            version = await hub.command(table, conn.role, msg.version, msg.action, msg.args)
        except CommandError as exc:
            await reply(exc.answer(mid))
            return
        await reply(Ack(id=mid, version=version))


def routes(hub: Hub, settings: Settings) -> list[BaseRoute]:
    """The WebSocket route."""

    async def endpoint(ws: WebSocket) -> None:
        await ws.accept()

        async def refuse(code: str, message: str, close: int) -> None:
            await ws.send_text(encode(Error(code=code, message=message)))
            await ws.close(close)

        try:
            table = await hub.get(ws.path_params["table_id"])
        except TableQuarantined:
            await refuse("quarantined", QUARANTINED, 4500)
            return
        if table is None:
            await refuse("not_found", "no such table", 4404)
            return
        try:
            raw = await asyncio.wait_for(ws.receive_text(), settings.hello_timeout)
        except (TimeoutError, WebSocketDisconnect, RuntimeError, KeyError):
            with contextlib.suppress(Exception):
                await ws.close(4408)
            return
        try:
            hello = decode_client(raw)
        except BadMessage:
            hello = None
        role = hub.role_of(table, hello.token) if isinstance(hello, Hello) else None
        if role is None or not isinstance(hello, Hello):
            await refuse("unauthorized", UNAUTHORIZED, 4401)
            return
        mine = sum(1 for c in table.conns if c.token == hello.token)
        if mine >= settings.sockets_per_token or len(table.conns) >= settings.sockets_per_table:
            await refuse(
                "too_many_sockets",
                f"at most {settings.sockets_per_token} sockets on one token and "
                f"{settings.sockets_per_table} on one table",
                4429,
            )
            return
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
        conn = Connection(role, send, token=hello.token)
        limiter = RateLimiter(settings.rate, settings.burst)
        try:
            await conn.send_message(
                Welcome(table=table.id, role=role_name(role), server=__version__)
            )
            try:
                # (the table it joins: the one held, if it left memory meanwhile)
                table = await hub.attach(table, conn, hello.version)
            except TableQuarantined:
                await conn.send_message(Error(code="quarantined", message=QUARANTINED))
                closed.set()
            while not closed.is_set():
                try:
                    raw = await ws.receive_text()
                except (WebSocketDisconnect, RuntimeError, KeyError):
                    break
                await on_message(hub, table, conn, raw, limiter=limiter, reply=conn.send_message)
        finally:
            hub.detach(table, conn)
            queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(wtask, 2)
            wtask.cancel()
            if closed.is_set():
                with contextlib.suppress(Exception):
                    await ws.close(1008)

    return [WebSocketRoute("/ws/tables/{table_id}", endpoint)]
