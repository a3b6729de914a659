"""``GET /api/director/calls``: the queue of open calls for a Director over every table of
the server (the director secret as Bearer)."""

from __future__ import annotations

import secrets

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from bridgetable.server.endpoints.http import HTTPError, bearer, handle
from bridgetable.server.hub import Hub
from bridgetable.server.settings import Settings


def routes(hub: Hub, settings: Settings) -> list[BaseRoute]:
    """The Directors' routes."""

    async def calls(request: Request) -> Response:
        token = bearer(request)
        if not secrets.compare_digest(token.encode(), settings.director_secret.encode()):
            raise HTTPError(403, "the queue of calls is for the Directors")
        return JSONResponse({"calls": await hub.director_calls()})

    return [Route("/api/director/calls", handle(calls), methods=["GET"])]
