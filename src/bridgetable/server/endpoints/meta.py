"""``GET /api/health``, ``GET /api/openapi.json`` and ``GET /api/commands``."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from bridgetable import __version__
from bridgetable.core.commands import describe as describe_commands
from bridgetable.server.endpoints.http import handle
from bridgetable.server.hub import Hub
from bridgetable.server.schemas import openapi_schema


def routes(hub: Hub) -> list[BaseRoute]:
    """The routes of the server's description of itself."""

    async def health(_request: Request) -> Response:
        return JSONResponse({"status": "ok", "version": __version__, "tables": len(hub.tables)})

    async def openapi(_request: Request) -> Response:
        return JSONResponse(openapi_schema())

    async def commands(_request: Request) -> Response:
        return JSONResponse({"commands": describe_commands()})

    return [
        Route("/api/health", handle(health), methods=["GET"]),
        Route("/api/openapi.json", handle(openapi), methods=["GET"]),
        Route("/api/commands", handle(commands), methods=["GET"]),
    ]
