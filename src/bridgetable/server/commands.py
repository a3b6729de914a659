"""The commands a client may give: the server's side of :mod:`bridgetable.core.commands`.

Each command is ``{"action": name, "args": {...}}``; its name, arguments, roles and Law are
declared once in :data:`bridgetable.core.commands.COMMANDS`, and this module gives them with
the server's clock. Players act for their own seat only
(declarer for dummy's hand, as the engine enforces: Law 45B); the Director's commands are
taken from the director role only. Arguments are checked here for type; the Laws are checked
by the engine, whose :class:`~bridgetable.core.errors.ActionRefused` goes back to the one
client that asked.

Under the table policy (``RuleSet(policy="table")``, :mod:`bridgetable.core.table`) a lead or
play out of turn, a revoke or a premature play is simply ``play``: the engine takes it as it
happened. The table-mode commands are the other acts of a real table: ``choose`` (one of the
options the Law gives this player, Laws 50-57 (53B: withdraw or leave a card played in
error), 62C, 43B2a, 45D, 51A, 67B1), ``proper_lead``
(53B), ``expose_card`` (48-50), ``fifth_card`` (45E), ``draw_attention`` (62A; with
``question`` the "having none?" question of 42B1 and 61B), ``warn_wrong_hand`` (42B2),
``misplay`` and ``indicate`` (dummy's own card, 45D and 45F), ``flag_misplay`` (45D); and the
Director's ``dummy_seen`` (54C), ``return_hands`` (62D), ``defective_trick`` (67) and
``flag_misplay``.

Example:
    >>> import random
    >>> from bridgetable.core.board import Board
    >>> from bridgetable.core.record import BoardSetup
    >>> from bridgetable.core.seats import Seat
    >>> b = Board(BoardSetup.for_board(1, rng=random.Random(5)))
    >>> _ = run_command(b, Seat.NORTH, "call", {"call": "1NT"})
    >>> len(b.events)
    1
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from bridgetable.core import commands as _registry
from bridgetable.core.board import Board
from bridgetable.core.commands import BadCommand, Command
from bridgetable.core.events import is_storable_text
from bridgetable.core.session import Session
from bridgetable.core.views import Role

__all__ = [
    "DIRECTOR_COMMANDS",
    "PLAYER_COMMANDS",
    "TABLE_COMMANDS",
    "BadCommand",
    "bad_text",
    "run_command",
    "run_session_command",
]


def bad_text(value: Any) -> bool:
    r"""Whether a decoded JSON value holds a string (a key or a value, at any depth) that is
    not Unicode scalar values: a lone surrogate, which a JSON ``\ud800`` escape carries but
    UTF-8 (the store, the views) cannot. Walked without recursion.

    >>> bad_text({"args": {"text": ["ok", "ok \ud800"]}}), bad_text({"text": "ok \u2660"})
    (True, False)
    """
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if not is_storable_text(v):
                return True
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return False


#: Player commands, by action (declared in :data:`bridgetable.core.commands.COMMANDS`).
PLAYER_COMMANDS: dict[str, Command] = _registry.commands_of(_registry.PLAYER)

#: The table-mode player commands (a subset of :data:`PLAYER_COMMANDS`).
TABLE_COMMANDS: frozenset[str] = frozenset(n for n, c in PLAYER_COMMANDS.items() if c.table_only)

#: The Director's commands, by action.
DIRECTOR_COMMANDS: dict[str, Command] = _registry.commands_of(_registry.DIRECTOR)


def run_command(board: Board, role: Role, action: str, args: dict[str, Any]) -> None:
    """Give ``action`` on ``board`` for ``role`` now; raises :class:`BadCommand` for a
    malformed command and the engine's ``ActionRefused`` for one the Laws do not allow now."""
    _registry.run_command(board, role, action, args, now=datetime.now(UTC))


def run_session_command(session: Session, role: Role, action: str, args: dict[str, Any]) -> None:
    """Give ``action`` at a table playing ``session`` for ``role`` now: ``next`` to the
    session (:mod:`bridgetable.core.session`), any other command to its board in play; raises
    as :func:`run_command` does."""
    session.command(role, action, args, now=datetime.now(UTC))
