"""The exceptions the Laws engine raises.

Every refused action raises an :class:`ActionRefused` (or a subclass) whose message names the
action, the seat, the reason and the Law, and the engine's state is left exactly as it was.
Bad notation raises a :class:`NotationError`. Nothing in the engine uses ``assert`` on input.

The tree::

    BridgeError
     ├── NotationError (ValueError)          text that is not a card, call, hand, deal...
     ├── InvalidDealError (ValueError)       52 different cards, 13 to each hand (Law 6)
     └── ActionRefused (ValueError)          an action the Laws or the policy do not allow now
          ├── WrongPhase                     not in this phase of the board
          ├── OutOfTurn                      not this seat's turn (Laws 44B, 53-57, 31)
          ├── NotEntitled                    this role has no such right (Laws 20, 41B, 42-43, 66)
          ├── IllegalCall                    insufficient bid, double of partner (18-19, 27, 36)
          ├── IllegalPlay                    revoke, card not held or already played (44, 61)
          └── InvalidDesignation             a dummy card designation that names no card (Law 46)

Example:
    >>> from bridgetable.core.errors import ActionRefused
    >>> from bridgetable.core.seats import Seat
    >>> e = ActionRefused("play", Seat.NORTH, "the auction is not over", "41A")
    >>> str(e)
    'play by North refused: the auction is not over (Law 41A)'
"""

from __future__ import annotations

from typing import Any


class BridgeError(Exception):
    """The root of every error bridgetable raises on purpose."""


class NotationError(BridgeError, ValueError):
    """Text that does not spell what it should (a card, a call, a hand, a deal)."""


class InvalidDealError(BridgeError, ValueError):
    """A deal that is not 52 different cards, 13 to each hand (Law 6)."""


class ActionRefused(BridgeError, ValueError):
    """An action refused by the engine; nothing was changed.

    Attributes:
        action: the command refused, e.g. ``"play"``, ``"call"``, ``"request_review"``.
        seat: the acting seat (or role name) or ``None``.
        reason: a sentence saying why.
        law: the Law (or Laws) that decide, e.g. ``"44C"`` or ``"41B, 20F2"``.
    """

    def __init__(self, action: str, seat: Any, reason: str, law: str) -> None:
        self.action = action
        self.seat = seat
        self.reason = reason
        self.law = law
        who = f" by {seat}" if seat is not None else ""
        super().__init__(f"{action}{who} refused: {reason} (Law {law})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.action, self.seat, self.reason, self.law))


class WrongPhase(ActionRefused):
    """The action belongs to another phase of the board."""


class OutOfTurn(ActionRefused):
    """It is not this seat's turn to act."""


class NotEntitled(ActionRefused):
    """The acting role has no such right at this moment."""


class IllegalCall(ActionRefused):
    """A call the auction does not allow (an insufficient bid, a double of partner...)."""


class IllegalPlay(ActionRefused):
    """A card that may not be played (not held, already played, or a revoke)."""


class InvalidDesignation(ActionRefused):
    """A designation of a dummy card that names no card, or none that may be played (Law 46)."""
