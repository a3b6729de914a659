"""The ASGI application: :func:`create_app` assembles the endpoints' routes
(:mod:`bridgetable.server.endpoints`) over one :class:`~bridgetable.server.hub.Hub`, and runs
the startup recovery.

HTTP (JSON; schema at ``/api/openapi.json``):

* ``GET /api/health``, ``GET /api/openapi.json``, ``GET /api/commands`` (:mod:`.endpoints.meta`)
* ``GET /api/tables?limit=&open=`` -- the lobby's list of the tables not over, newest first,
  as public summaries (:mod:`.endpoints.lobby`)
* ``POST /api/tables`` -- create a table (robots, seats left free for the lobby, rules,
  policy, board, deal, contract + declarer); ``"policy": "table"`` is table mode
  (irregularities accepted and rectified)
* ``GET /api/tables/{id}`` -- public summary
* ``GET /api/tables/{id}/record?format=json|pbn|lin`` -- the record as the Director sees it;
  public once the board is over, before that only with a director token
* ``POST /api/tables/{id}/join`` -- a free seat, a spectator, or the Director (with the
  server's director secret) (these four: :mod:`.endpoints.tables`)
* ``GET /api/director/calls`` -- the queue of open calls for a Director over every table of
  the server (the director secret as Bearer): every Director of the server sees it
  (:mod:`.endpoints.director`)

WebSocket ``/ws/tables/{id}`` (:mod:`.endpoints.sockets`, messages in
:mod:`bridgetable.server.wire`): see ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request

from bridgetable.server import matches
from bridgetable.server.children import bind_to_parent
from bridgetable.server.endpoints import director, meta, sockets, tables
from bridgetable.server.endpoints.http import (
    MAX_BODY,
    QUARANTINED,
    bearer,
    full,
    internal,
    quarantined,
)
from bridgetable.server.endpoints.sockets import RateLimiter
from bridgetable.server.endpoints.tables import SEED_BITS, new_seed
from bridgetable.server.endpoints.tables import setup_from as _setup_from
from bridgetable.server.eviction import TablesFull
from bridgetable.server.hub import Hub, TableQuarantined, keep_gc_young
from bridgetable.server.settings import Settings
from bridgetable.server.web import web_routes
from bridgetable.server.wire import BAD_TEXT, MAX_MESSAGE

__all__ = [
    "BAD_TEXT",
    "MAX_BODY",
    "MAX_MESSAGE",
    "QUARANTINED",
    "SEED_BITS",
    "RateLimiter",
    "Settings",
    "_setup_from",
    "create_app",
    "new_seed",
]

log = logging.getLogger("bridgetable.server")


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
        talk_per_minute=settings.talk_per_minute,
        token_hours=settings.token_hours,
        evict_after=settings.evict_after,
        max_tables=settings.max_tables,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await settings.store.open()
        if settings.robot_workers > 0:

            def factory() -> Executor:
                # the workers end with the server, even when it is killed (children.py)
                return ProcessPoolExecutor(
                    settings.robot_workers,
                    mp_context=get_context("spawn"),
                    initializer=bind_to_parent,
                    initargs=(os.getpid(),),
                )

            hub.executor_factory = factory
            hub.executor = factory()
        await settings.store.listen(hub.catch_up)
        n = await hub.recover_all()
        log.info("recovered %d tables", n)
        app.state.hub = hub
        gc_task = asyncio.create_task(keep_gc_young())
        sweep_task = asyncio.create_task(hub.eviction.sweep_forever(hub.tables))
        # the finished tables' results, for the sets scored across the field (server/field.py)
        field_task = asyncio.create_task(hub.recover_field())
        try:
            yield
        finally:
            gc_task.cancel()
            sweep_task.cancel()
            field_task.cancel()
            await hub.close()
            if hub.executor is not None:
                hub.executor.shutdown(wait=True, cancel_futures=True)
            await settings.store.close()

    async def may_see(request: Request, table: Any, index: int) -> bool:
        """A team match's room: its board at ``index`` for outsiders once the other room has
        finished it, for its own seats and Director at once (server/matches.py)."""
        return await matches.visible(hub, table, index, bearer(request), settings.director_secret)

    routes = [
        *meta.routes(hub),
        *tables.routes(hub, settings),
        *director.routes(hub, settings),
        *matches.routes(hub, settings),
        *sockets.routes(hub, settings),
        *web_routes(hub.get, settings.solver, may_see),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={TableQuarantined: quarantined, TablesFull: full, 500: internal},
    )
    app.state.hub = hub
    return app
