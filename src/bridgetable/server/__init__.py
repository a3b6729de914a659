"""The table server: an ASGI app (Starlette on uvicorn) over WebSockets, one authority per
table, a durable event store (SQLite by default, PostgreSQL for several processes), seat
tokens, per-role views and robots. See ``docs/protocol.md``."""

from __future__ import annotations
