"""What the HTTP endpoints share: JSON errors, reading a JSON body, bearer tokens."""

from __future__ import annotations

import json
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bridgetable.server.commands import bad_text
from bridgetable.server.wire import BAD_TEXT, MAX_DEPTH, too_deep

#: Largest HTTP body accepted (bytes).
MAX_BODY = 16 * 1024
#: Largest body of ``POST /api/tables``, which may carry a PBN hand record (bytes).
MAX_TABLE_BODY = 64 * 1024

#: What a client is told of a quarantined table (the reason is in the log and the
#: Directors' queue: it may name cards).
QUARANTINED = (
    "this table is quarantined: its stored record cannot be replayed; the Director is told"
)

Endpoint = Callable[[Request], Awaitable[Response]]


class HTTPError(Exception):
    """An HTTP request answered ``{"error": message}`` with ``status``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def error(status: int, message: str, code: str | None = None) -> JSONResponse:
    """The JSON error answer."""
    body = {"error": message} if code is None else {"error": message, "code": code}
    return JSONResponse(body, status_code=status)


def handle(fn: Endpoint) -> Endpoint:
    """``fn`` with its :class:`HTTPError` answered as JSON."""

    async def endpoint(request: Request) -> Response:
        try:
            return await fn(request)
        except HTTPError as exc:
            return error(exc.status, exc.message)

    endpoint.__doc__ = fn.__doc__
    return endpoint


async def quarantined(_request: Request, _exc: Exception) -> Response:
    """The answer to any request on a quarantined table."""
    return error(500, QUARANTINED, "quarantined")


async def full(_request: Request, exc: Exception) -> Response:
    """The answer to a new table while the server holds its most tables, all in use
    (``--max-tables``; docs/security.md): 503, to be tried again later."""
    return error(503, str(exc), "full")


async def internal(_request: Request, _exc: Exception) -> Response:
    """The answer to an unexpected error (JSON, never plain text)."""
    return error(500, "internal error (logged by the server)", "internal")


async def body_of(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object (``{}`` for an empty body); at most ``limit`` bytes
    (:data:`MAX_BODY` unless the endpoint takes more), every string Unicode scalar values."""
    size = int(request.headers.get("content-length") or 0)
    if size > limit:
        raise HTTPError(413, "request body too large")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise HTTPError(413, "request body too large")
    if not raw:
        return {}
    if not json_content(request):
        # a cross-site form may POST text/plain without a preflight: only JSON is read
        raise HTTPError(415, "the body is JSON: Content-Type: application/json")
    if too_deep(raw):
        raise HTTPError(400, f"the body nests deeper than {MAX_DEPTH} levels")
    try:
        data = json.loads(raw)
    except ValueError:
        raise HTTPError(400, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise HTTPError(400, "the body is a JSON object")
    if bad_text(data):
        raise HTTPError(400, BAD_TEXT)
    return data


def json_content(request: Request) -> bool:
    """Whether the request says its body is JSON (``application/json``, any parameters)."""
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    return kind == "application/json"


def is_director_secret(given: object, secret: str) -> bool:
    """Whether ``given`` is the server's director secret, compared in constant time."""
    if not isinstance(given, str) or not given:
        return False
    return secrets.compare_digest(given.encode(), secret.encode())


def bearer(request: Request) -> str:
    """The ``Authorization: Bearer`` token, or ``""``."""
    auth = request.headers.get("authorization", "")
    return auth[7:] if auth.lower().startswith("bearer ") else ""
