"""Seats and sides.

A seat knows its left-hand opponent, partner and right-hand opponent; play goes clockwise
(Law 44B), so the next seat in rotation is always ``seat.lho``.

Example:
    >>> from bridgetable.core.seats import Seat, Side
    >>> Seat.NORTH.lho, Seat.NORTH.partner, Seat.NORTH.rho
    (Seat.EAST, Seat.SOUTH, Seat.WEST)
    >>> Seat.from_letter("w").side
    Side.EW
"""

from __future__ import annotations

from enum import IntEnum

from bridgetable.core.errors import NotationError


class Side(IntEnum):
    """A partnership: North-South or East-West."""

    NS = 0
    EW = 1

    @property
    def opponents(self) -> Side:
        """The other partnership."""
        return Side(1 - self)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of the side, North or East first."""
        return (Seat(self), Seat(self + 2))

    def __repr__(self) -> str:
        return f"Side.{self.name}"

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str) -> Side:
        """``"NS"``/``"EW"`` (either order, any case) to a side."""
        t = text.strip().upper()
        if t in ("NS", "SN"):
            return cls.NS
        if t in ("EW", "WE"):
            return cls.EW
        raise NotationError(f"not a side: {text!r}")


class Seat(IntEnum):
    """A compass seat, in clockwise order from North."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise."""
        return _SEATS[(self + 1) & 3]

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return _SEATS[(self + 2) & 3]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat clockwise."""
        return _SEATS[(self + 3) & 3]

    @property
    def side(self) -> Side:
        """The partnership this seat belongs to."""
        return Side.NS if self & 1 == 0 else Side.EW

    @property
    def letter(self) -> str:
        """``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
        return "NESW"[self]

    def next(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise."""
        return _SEATS[(self + steps) & 3]

    @classmethod
    def from_letter(cls, text: str) -> Seat:
        """Parse ``N``/``E``/``S``/``W`` or a full name, any case."""
        t = text.strip().upper()
        if t[:1] in _BY_LETTER and (len(t) == 1 or t == _SEATS[_BY_LETTER[t[0]]].name):
            return _SEATS[_BY_LETTER[t[0]]]
        raise NotationError(f"not a seat: {text!r}")

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __str__(self) -> str:
        return self.name.capitalize()


_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_BY_LETTER = {"N": 0, "E": 1, "S": 2, "W": 3}
SEATS = _SEATS
