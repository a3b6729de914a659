"""The double-dummy port: the questions the rest of bridgetable asks a solver.

:class:`~bridgetable.solver.dds.DDSSolver` answers them with DDS,
:class:`~bridgetable.solver.reference.ReferenceSolver` by exhaustive search (small endings,
test oracle); a test may script its own.

Example:
    >>> from bridgetable.core.position import Position
    >>> from bridgetable.core.seats import Seat, Side
    >>> from bridgetable.solver.reference import ReferenceSolver
    >>> solver: DoubleDummy = ReferenceSolver()
    >>> p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=Seat.WEST)
    >>> solver.tricks(p, Side.NS)
    2
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from bridgetable.core.cards import Card
from bridgetable.core.position import Position
from bridgetable.core.seats import Side

__all__ = ["DoubleDummy"]


@runtime_checkable
class DoubleDummy(Protocol):
    """Double-dummy (best play by all four hands, all cards seen) questions on a position."""

    def tricks(self, pos: Position, side: Side) -> int:
        """The most of the remaining tricks, the one in progress included, that ``side``
        takes with best play by all four hands."""
        ...

    def card_values(self, pos: Position) -> dict[Card, int]:
        """For each legal card of the hand to play: the remaining tricks (the one in progress
        included) the side of that hand takes after playing it, with best play afterwards."""
        ...
