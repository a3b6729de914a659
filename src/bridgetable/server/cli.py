"""The ``bridgetable serve`` subcommand."""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import sys
from pathlib import Path
from typing import Any

from bridgetable.adjudication.slips import PLAYER_CLASSES, PROFILE_SLIPS
from bridgetable.robots.bidding import REGULATIONS, load_system, system_names
from bridgetable.robots.player import RobotConfig
from bridgetable.server.eviction import EVICT_AFTER, MAX_TABLES
from bridgetable.server.store import make_private_dir, warn_not_private


def _director_secret(data: Path, given: str | None) -> str:
    """The director secret: given, from ``BRIDGETABLE_DIRECTOR_SECRET``, or kept in the data
    directory (created once, readable by the owner only)."""
    if given:
        return given
    env = os.environ.get("BRIDGETABLE_DIRECTOR_SECRET")
    if env:
        return env
    path = data / "director_secret"
    if path.exists():
        return path.read_text().strip()
    make_private_dir(data)
    secret = secrets.token_urlsafe(24)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(secret + "\n")
    return secret


def default_data_dir() -> Path:
    """Where the server keeps its data when ``--data`` is not given: ``$BRIDGETABLE_DATA``,
    else the per-user data folder (``$XDG_DATA_HOME/bridgetable``, by default
    ``~/.local/share/bridgetable``), never the current directory.

    >>> import os
    >>> os.environ["BRIDGETABLE_DATA"] = "/tmp/bt-data"
    >>> str(default_data_dir())
    '/tmp/bt-data'
    >>> del os.environ["BRIDGETABLE_DATA"]
    """
    env = os.environ.get("BRIDGETABLE_DATA")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "bridgetable"


def _address(host: str, port: int) -> str:
    """The URL a person opens for a server bound to ``host``."""
    shown = "127.0.0.1" if host in ("", "0.0.0.0") else "[::1]" if host == "::" else host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from bridgetable.server.app import Settings, create_app
    from bridgetable.server.store import StoreError, open_store

    data = Path(args.data) if args.data else default_data_dir()
    try:
        store = open_store(args.database, data)
    except StoreError as exc:
        sys.stderr.write(f"bridgetable serve: {exc}\n")
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    make_private_dir(data)
    secret = _director_secret(data, args.director_secret)
    warn_not_private(data, data / "director_secret")
    settings = Settings(
        store=store,
        director_secret=secret,
        robot_workers=args.robot_workers,
        robot_deadline=args.robot_deadline,
        robot_config=RobotConfig(
            lead_samples=args.lead_samples,
            play_samples=args.samples,
            system=args.robot_system,
            regulation=args.robot_regulation or load_system(args.robot_system).regulation,
        ),
        robot_delay=args.robot_delay,
        claim_profile=args.claim_profile,
        player_class=args.player_class,
        tables_per_minute=args.tables_per_minute,
        sockets_per_token=args.sockets_per_token,
        sockets_per_table=args.sockets_per_table,
        talk_per_minute=args.talk_per_minute,
        token_hours=args.token_hours,
        evict_after=args.evict_after,
        max_tables=args.max_tables,
    )
    app = create_app(settings)
    sys.stderr.write(
        f"bridgetable: data in {data}; director secret in {data / 'director_secret'}\n"
    )
    config: dict[str, Any] = {
        "host": args.host,
        "port": args.port,
        "ws_max_size": 16 * 1024,
        "ws_per_message_deflate": False,
        "log_level": "warning",
        "access_log": False,
        "lifespan": "on",
        "timeout_graceful_shutdown": 3,
        "timeout_keep_alive": 75,
    }

    class _Server(uvicorn.Server):
        """Says where it listens once its sockets are bound (and so answer)."""

        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.should_exit or not self.servers:
                return
            port = self.servers[0].sockets[0].getsockname()[1]
            url = _address(args.host, port)
            sys.stderr.write(f"bridgetable: serving at {url} (Ctrl+C stops)\n")
            sys.stderr.flush()

    server = _Server(uvicorn.Config(app, **config))
    server.run()
    return 0 if server.started else 1


def register(subparsers: Any) -> None:
    """Add ``serve`` to the ``bridgetable`` command's subparsers."""
    sp = subparsers.add_parser("serve", help="run the table server (HTTP + WebSockets)")
    sp.add_argument("--host", default="127.0.0.1")
    sp.add_argument("--port", type=int, default=8000)
    sp.add_argument(
        "--data",
        default=None,
        help="data directory (default $BRIDGETABLE_DATA, else ~/.local/share/bridgetable)",
    )
    sp.add_argument(
        "--database", default=None, help="postgresql://... (default: SQLite in the data directory)"
    )
    sp.add_argument("--director-secret", default=None, help="the Director's secret")
    sp.add_argument("--robot-workers", type=int, default=1, help="robot worker processes")
    sp.add_argument("--robot-deadline", type=float, default=5.0, help="seconds per robot move")
    sp.add_argument("--robot-delay", type=float, default=0.0, help="pause before robot moves")
    sp.add_argument("--samples", type=int, default=48, help="robot samples in mid-play")
    sp.add_argument("--lead-samples", type=int, default=32, help="robot samples for leads")
    sp.add_argument(
        "--robot-system",
        choices=system_names(),
        default="sayc",
        help="the robots' bidding system (docs/protocol.md, Robots)",
    )
    sp.add_argument(
        "--robot-regulation",
        choices=REGULATIONS,
        default=None,
        help="the regulation the robots' alerts and announcements follow (default: the "
        "system's own, acbl for sayc, ebu for acol)",
    )
    sp.add_argument(
        "--claim-profile",
        choices=tuple(PROFILE_SLIPS),
        default="ebu",
        help="jurisdiction profile of the proposed claim rulings (docs/claims.md)",
    )
    sp.add_argument(
        "--player-class",
        choices=PLAYER_CLASSES,
        default="club",
        help="class of player for the proposed claim rulings (Law 70 footnote)",
    )
    limits = sp.add_argument_group("limits (docs/security.md)")
    limits.add_argument(
        "--tables-per-minute", type=int, default=30, help="tables one address may create a minute"
    )
    limits.add_argument(
        "--sockets-per-token", type=int, default=8, help="sockets open at once on one token"
    )
    limits.add_argument(
        "--sockets-per-table", type=int, default=64, help="sockets open at once on one table"
    )
    limits.add_argument(
        "--talk-per-minute",
        type=int,
        default=30,
        help="questions, explanations, Director calls and announcements a seat may give a minute",
    )
    limits.add_argument(
        "--token-hours",
        type=float,
        default=24.0,
        help="hours after a board's end when its seat tokens expire (0: never)",
    )
    limits.add_argument(
        "--evict-after",
        type=float,
        default=EVICT_AFTER,
        help="seconds a finished table stays in memory with no socket (then reloaded on demand)",
    )
    limits.add_argument(
        "--max-tables",
        type=int,
        default=MAX_TABLES,
        help="tables held in memory while some are idle (0: no bound); past it with all in "
        "use, new tables are refused (503)",
    )
    sp.set_defaults(func=_serve)
