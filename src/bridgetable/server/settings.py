"""The server's settings (from the ``serve`` command or tests)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgetable.robots.player import RobotConfig
from bridgetable.server.eviction import EVICT_AFTER, MAX_TABLES
from bridgetable.server.store import Store
from bridgetable.solver.port import DoubleDummy


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
    #: Limits (docs/security.md): tables one client address may create per minute; sockets
    #: open at once on one token and on one table; the commands other than the play itself
    #: (questions, calls of the Director, announcements) one seat may give per minute.
    tables_per_minute: int = 30
    sockets_per_token: int = 8
    sockets_per_table: int = 64
    talk_per_minute: int = 30
    #: hours after a board's end when its tokens expire (0: never)
    token_hours: float = 24.0
    #: seconds a finished table stays in memory once idle (no socket), and the most tables
    #: held in memory while some are idle (0: no bound); the store keeps them all
    #: (server/eviction.py)
    evict_after: float = EVICT_AFTER
    max_tables: int = MAX_TABLES
    #: The adjudicator's jurisdiction profile and class of player (docs/claims.md).
    claim_profile: str = "ebu"
    player_class: str = "club"
    #: The double-dummy port (robots, proposed rulings, par, the result and analysis
    #: pages); ``None``: DDS.
    solver: DoubleDummy | None = None
