"""Robots: clients of the same views and commands as people.

A robot sees only its role's view (``View.to_dict()``), remembers what it has seen (cards
played, voids shown; :mod:`.memory`), and answers with a command (``{"action": ..., "args":
...}``). :mod:`.player` holds the decisions: calls by a bidding system (:mod:`.bidding`
reads SAYC from ``systems/sayc.toml``) with their alerts and explanations, facing the lead,
answering explanation requests from the system, Monte-Carlo double-dummy card play
(:mod:`.sampler` deals the unseen cards consistently with the view; DDS's batch call scores
them), claims when every remaining trick is certain, and answers to claims.
"""

from __future__ import annotations

from bridgetable.robots.memory import Memory
from bridgetable.robots.player import RobotConfig, decide

__all__ = ["Memory", "RobotConfig", "decide"]
