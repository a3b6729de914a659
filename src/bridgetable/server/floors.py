"""Law 79A2 at the server's tables: the floor oracle given to every board.

Law 79A2: "a player may not knowingly accept either the score for a trick that his side did
not win or the concession of a trick that his opponents could not lose". The engine asks its
oracle, when an opponent of the claimer agrees to a claim, for the fewest of the remaining
tricks the claimer's side takes under any play of all four hands (see
:meth:`bridgetable.core.board.Board.agree_claim`); more than claimed and the agreement is
refused, naming 79A2.

The engine's call is synchronous and runs under the table's lock on the event loop, so the
server computes the answer ahead: when a claim is made, the hub asks a worker for it
(:func:`floor_of`, bounded by a time budget) and stores it here. If an agreement arrives
before the worker has answered, a short search on the spot decides; what cannot be proven
in that time is not refused (only a proven lower bound counts).
"""

from __future__ import annotations

import time
from collections import OrderedDict

from bridgetable.core.position import Position
from bridgetable.core.seats import Side
from bridgetable.solver.search import floor


def floor_of(position: Position, side: Side, budget: float) -> int:
    """A proven lower bound on the tricks ``side`` takes from ``position`` under any play
    (the exact floor when the search completes within ``budget`` seconds).

    Example:
        >>> from bridgetable.core.seats import Seat, Side
        >>> p = Position.from_pbn("N:A2... K3... Q4... J5...", trump=None, leader=Seat.NORTH)
        >>> floor_of(p, Side.NS, 1.0)
        1
    """
    r = floor(position, side, deadline=time.monotonic() + budget, clock=time.monotonic)
    if r.complete and r.tricks is not None:
        return r.tricks
    return r.lower


class ClaimFloors:
    """The oracle: known floors by position and side, and a bounded search for the rest.

    Example:
        >>> from bridgetable.core.seats import Seat, Side
        >>> p = Position.from_pbn("N:A2... K3... Q4... J5...", trump=None, leader=Seat.NORTH)
        >>> floors = ClaimFloors(budget=1.0)
        >>> floors(p, Side.NS)
        1
        >>> floors.known(p, Side.NS)
        True
    """

    def __init__(self, budget: float = 0.05, size: int = 4096) -> None:
        self.budget = budget
        self.size = size
        self._known: OrderedDict[tuple[Position, Side], int] = OrderedDict()

    def known(self, position: Position, side: Side) -> bool:
        """Whether the floor of this position is already stored."""
        return (position, side) in self._known

    def store(self, position: Position, side: Side, tricks: int) -> None:
        """Remember a floor computed elsewhere (by a worker)."""
        self._known[(position, side)] = tricks
        self._known.move_to_end((position, side))
        while len(self._known) > self.size:
            self._known.popitem(last=False)

    def __call__(self, position: Position, side: Side) -> int:
        got = self._known.get((position, side))
        if got is None:
            got = floor_of(position, side, self.budget)
            self.store(position, side, got)
        return got
