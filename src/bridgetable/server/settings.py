"""The server's settings (from the ``serve`` command or tests)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgetable.robots.player import RobotConfig
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
    #: The adjudicator's jurisdiction profile and class of player (docs/claims.md).
    claim_profile: str = "ebu"
    player_class: str = "club"
    #: The double-dummy port (robots, proposed rulings, par, the result and analysis
    #: pages); ``None``: DDS.
    solver: DoubleDummy | None = None
