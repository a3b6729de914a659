"""Board numbers, dealers and vulnerability (Law 2).

Board 1 is dealt by North with neither side vulnerable; the dealer rotates clockwise and the
vulnerability follows the standard 16-board cycle, repeated for board numbers above 16.

Example:
    >>> from bridgetable.core.boards import dealer_of, vulnerability_of
    >>> dealer_of(5), vulnerability_of(5)
    (Seat.NORTH, Vulnerability.NS)
"""

from __future__ import annotations

from enum import Enum

from bridgetable.core.errors import NotationError
from bridgetable.core.seats import Seat, Side


class Vulnerability(Enum):
    """Which sides are vulnerable."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def is_vulnerable(self, who: Seat | Side) -> bool:
        """Whether the seat's (or side's) partnership is vulnerable."""
        side = who.side if isinstance(who, Seat) else who
        if self is Vulnerability.BOTH:
            return True
        if self is Vulnerability.NONE:
            return False
        return (self is Vulnerability.NS) == (side is Side.NS)

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Parse PBN/LIN spellings: ``None``/``Love``/``-``/``0``, ``NS``, ``EW``,
        ``All``/``Both``."""
        t = text.strip().upper()
        if t in ("NONE", "LOVE", "-", "0", "O", ""):
            return cls.NONE
        if t in ("NS", "N", "N-S"):
            return cls.NS
        if t in ("EW", "E", "E-W"):
            return cls.EW
        if t in ("ALL", "BOTH", "B"):
            return cls.BOTH
        raise NotationError(f"not a vulnerability: {text!r}")

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"

    def __str__(self) -> str:
        return self.value


_CYCLE = "0NEBNEBOEBONBONE"  # boards 1..16: O/0 none, N NS, E EW, B both
_VUL = {
    "0": Vulnerability.NONE,
    "O": Vulnerability.NONE,
    "N": Vulnerability.NS,
    "E": Vulnerability.EW,
    "B": Vulnerability.BOTH,
}


def _check(board: int) -> None:
    if not isinstance(board, int) or isinstance(board, bool) or board < 1:
        raise NotationError(f"a board number is a positive integer, not {board!r}")


def dealer_of(board: int) -> Seat:
    """The dealer of a board: North on board 1, then clockwise (Law 2)."""
    _check(board)
    return Seat((board - 1) % 4)


def vulnerability_of(board: int) -> Vulnerability:
    """The vulnerability of a board in the standard 16-board cycle (Law 2)."""
    _check(board)
    return _VUL[_CYCLE[(board - 1) % 16]]
