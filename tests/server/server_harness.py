"""Test harness: a real ``bridgetable serve`` process on a free port, and WebSocket clients."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

import httpx
import websockets
from websockets.asyncio.client import ClientConnection

from serve_process import SECRET, ServerProcess, free_port

__all__ = ["SECRET", "Client", "ServerProcess", "create_table", "free_port", "join", "play_out"]


async def create_table(
    client: httpx.AsyncClient, server: ServerProcess, **body: Any
) -> dict[str, Any]:
    """POST /api/tables."""
    r = await client.post(server.http + "/api/tables", json=body)
    r.raise_for_status()
    data: dict[str, Any] = r.json()
    return data


async def join(
    client: httpx.AsyncClient,
    server: ServerProcess,
    table: str,
    role: str,
    secret: str | None = None,
) -> str:
    """POST /api/tables/{id}/join: a token."""
    body: dict[str, Any] = {"role": role}
    if secret is not None:
        body["secret"] = secret
    r = await client.post(f"{server.http}/api/tables/{table}/join", json=body)
    r.raise_for_status()
    token: str = r.json()["token"]
    return token


class Client:
    """One WebSocket client: keeps every message, the latest view and version."""

    def __init__(
        self, server: ServerProcess, table: str, token: str, *, since: int | None = None
    ) -> None:
        self.url = f"{server.ws}/ws/tables/{table}"
        self.token = token
        self.since = since
        self.messages: list[dict[str, Any]] = []
        self.view: dict[str, Any] | None = None
        self.version = -1
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self._replies: dict[Any, asyncio.Future[dict[str, Any]]] = {}
        self._next = 0
        self.closed = False

    async def __aenter__(self) -> Client:
        self._ws = await websockets.connect(self.url, max_size=2**20, compression=None)
        hello: dict[str, Any] = {"type": "hello", "token": self.token}
        if self.since is not None:
            hello["version"] = self.since
        await self._ws.send(json.dumps(hello))
        self._reader = asyncio.create_task(self._read())
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        """Close the socket and stop reading."""
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(BaseException):
                await self._reader
        self._ws = None

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for raw in self._ws:
                msg = json.loads(raw)
                self.messages.append(msg)
                if msg["type"] == "view":
                    self.view = msg["view"]
                    self.version = msg["version"]
                elif msg["type"] == "synced":
                    self.version = msg["version"]
                if msg["type"] in ("ack", "error") and msg.get("id") in self._replies:
                    fut = self._replies.pop(msg["id"])
                    if not fut.done():
                        fut.set_result(msg)
                self._changed.set()
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed = True
            self._changed.set()
            for fut in self._replies.values():
                if not fut.done():
                    fut.set_exception(ConnectionError("closed"))

    async def send_raw(self, data: str) -> None:
        """Send a raw text frame."""
        assert self._ws is not None
        await self._ws.send(data)

    async def command(
        self,
        action: str,
        args: dict[str, Any] | None = None,
        *,
        version: int | None = None,
        timeout: float = 20.0,
    ) -> dict[str, Any]:
        """Send a command against ``version`` (default: the latest seen); the ack or error.
        Without an explicit version, a ``stale`` answer is retried once the newer view is in."""
        for _ in range(5):
            reply = await self._command(action, args, version, timeout)
            if version is not None or reply.get("code") != "stale":
                return reply
            newer = reply.get("version", self.version + 1)
            await self.wait(lambda v, n=newer: self.version >= n, timeout)
        return reply

    async def _command(
        self, action: str, args: dict[str, Any] | None, version: int | None, timeout: float
    ) -> dict[str, Any]:
        assert self._ws is not None
        self._next += 1
        mid = self._next
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._replies[mid] = fut
        msg = {
            "type": "command",
            "id": mid,
            "version": self.version if version is None else version,
            "action": action,
            "args": args or {},
        }
        await self._ws.send(json.dumps(msg))
        return await asyncio.wait_for(fut, timeout)

    async def wait(self, pred: Callable[..., bool], timeout: float = 20.0) -> dict[str, Any]:
        """Wait until the latest view satisfies ``pred``."""
        deadline = time.monotonic() + timeout
        while True:
            if self.view is not None and pred(self.view):
                return self.view
            if self.closed:
                raise ConnectionError("closed")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"view never satisfied the condition: {self.view}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)

    def views(self) -> list[tuple[int, dict[str, Any]]]:
        """Every (version, view) received."""
        return [(m["version"], m["view"]) for m in self.messages if m["type"] == "view"]


def _ended(views: list[dict[str, Any]]) -> bool:
    return any(v["phase"] in ("ended", "passed_out") for v in views)


async def play_out(
    clients: dict[str, Client],
    until: Callable[[list[dict[str, Any]]], bool] = _ended,
    timeout: float = 120.0,
) -> None:
    """Each seat plays its highest legal card (declarer for dummy) until ``until`` holds for
    the clients' latest views (by default: until the board ends).

    Broadcasts reach the four sockets at slightly different moments, so the seat to act is
    read from the client whose own view says it may play, and after each play every client
    is waited for; a command made on a stale view is answered "stale" and retried.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if until([c.view for c in clients.values() if c.view is not None]):
            return
        ready = [
            c
            for c in clients.values()
            if c.view is not None and "play" in c.view["actions"] and c.view["legal_cards"]
        ]
        if not ready:
            await asyncio.sleep(0.01)
            continue
        c = ready[0]
        assert c.view is not None
        reply = await c.command("play", {"card": c.view["legal_cards"][0]})
        if reply["type"] == "ack":
            for other in clients.values():  # every seat sees the play before the next check
                await other.wait(lambda v, n=reply["version"], o=other: o.version >= n)
        else:
            assert reply.get("code") == "stale", reply
            await asyncio.sleep(0.01)
    raise TimeoutError("the play did not reach the awaited point in time")
