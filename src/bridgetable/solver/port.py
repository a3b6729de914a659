"""The double-dummy port: the questions the rest of bridgetable asks a solver.

One port for every caller: the adjudicator (the believing claimer's check and the
double-dummy value of a ruling), the robots (their sampled layouts, in batches), the server's
result and analysis pages (tables, par, card values) and ``bridgetable check --dd``.
:class:`~bridgetable.solver.dds.DDSSolver` answers them with DDS (:func:`default_solver`);
:class:`~bridgetable.solver.reference.ReferenceSolver` by exhaustive search (small endings,
test oracle). A caller takes the port as an argument, so that a test may script its own:
:class:`Answers` gives every batch question from :meth:`~DoubleDummy.card_values` alone.
Nothing outside this package imports :mod:`bridgetable.solver.dds`.

Example:
    >>> from bridgetable.core.position import Position
    >>> from bridgetable.core.seats import Seat, Side
    >>> from bridgetable.solver.reference import ReferenceSolver
    >>> solver: DoubleDummy = ReferenceSolver()
    >>> p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=Seat.WEST)
    >>> solver.tricks(p, Side.NS), solver.cards_reaching_many([p], [1])
    (2, [0])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from bridgetable.core.boards import Vulnerability
from bridgetable.core.calls import STRAINS, Strain
from bridgetable.core.cards import Card
from bridgetable.core.deal import Deal
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Seat, Side
from bridgetable.solver.errors import SolverError

__all__ = ["Answers", "DDTable", "DoubleDummy", "default_solver"]

#: A double-dummy table: tricks taken by declarer ``seat`` in ``strain`` with best play.
DDTable = dict[tuple[Seat, Strain], int]


@runtime_checkable
class DoubleDummy(Protocol):
    """Double-dummy (best play by all four hands, all cards seen) questions on positions."""

    def tricks(self, pos: Position, side: Side) -> int:
        """The most of the remaining tricks, the one in progress included, that ``side``
        takes with best play by all four hands."""
        ...

    def card_values(self, pos: Position) -> dict[Card, int]:
        """For each legal card of the hand to play: the remaining tricks (the one in progress
        included) the side of that hand takes after playing it, with best play afterwards."""
        ...

    def card_values_many(self, positions: Sequence[Position]) -> list[dict[Card, int]]:
        """:meth:`card_values` for several positions (DDS: one batch call)."""
        ...

    def card_scores_many(self, positions: Sequence[Position]) -> list[list[tuple[int, int]]]:
        """:meth:`card_values_many` in groups: for each position, ``(mask of equivalent
        legal cards, tricks for the side to play)``; an empty list when no card is left."""
        ...

    def cards_reaching_many(
        self, positions: Sequence[Position], targets: Sequence[int]
    ) -> list[int]:
        """For each position, the mask of the legal cards after which the side to play takes
        at least its target of the remaining tricks (every legal card for a target of 0 or
        less, none for one above the tricks left)."""
        ...

    def dd_tables(self, deals: Sequence[Deal]) -> list[DDTable]:
        """The double-dummy table of each deal (declarer's left-hand opponent leads; a
        partial deal gives the tricks out of those that remain)."""
        ...

    def par(self, deal: Deal, vulnerability: Vulnerability, dealer: Seat) -> dict[str, Any]:
        """The par of a deal: ``{"score_ns": int, "contracts": [...]}`` (see
        :func:`bridgetable.solver.dds.par`)."""
        ...


class Answers:
    """The batch questions of :class:`DoubleDummy` answered from :meth:`card_values`, one
    position at a time: for a solver that has no batch call of its own (the reference
    solver, a test's scripted one). Subclasses give :meth:`card_values`.

    Example:
        >>> from bridgetable.core.seats import Seat
        >>> class Scripted(Answers):
        ...     def card_values(self, pos):
        ...         return {c: 1 if c.rank == 14 else 0 for c in pos.legal_cards()}
        >>> p = Position.from_pbn("N:A2... K3... Q4... J5...", trump=None, leader=Seat.NORTH)
        >>> s = Scripted()
        >>> s.tricks(p, Side.NS), s.tricks(p, Side.EW)
        (1, 1)
        >>> from bridgetable.core.cards import cards_of_mask
        >>> [str(c) for c in cards_of_mask(s.cards_reaching_many([p], [1])[0])]
        ['SA']
    """

    def card_values(self, pos: Position) -> dict[Card, int]:  # pragma: no cover - abstract
        """For each legal card of the hand to play, its side's tricks after it."""
        raise NotImplementedError

    def tricks(self, pos: Position, side: Side) -> int:
        """The best card's value, for the side to play or the other one."""
        values = self.card_values(pos)
        if not values:
            return 0
        best = max(values.values())
        return best if pos.to_play.side is side else pos.tricks_left - best

    def card_values_many(self, positions: Sequence[Position]) -> list[dict[Card, int]]:
        """:meth:`card_values` of each position."""
        return [self.card_values(p) for p in positions]

    def card_scores_many(self, positions: Sequence[Position]) -> list[list[tuple[int, int]]]:
        """Each legal card alone in its group, lowest first."""
        return [
            [(c.bit, v) for c, v in sorted(values.items())]
            for values in self.card_values_many(positions)
        ]

    def cards_reaching_many(
        self, positions: Sequence[Position], targets: Sequence[int]
    ) -> list[int]:
        """The cards whose value reaches each target."""
        if len(targets) != len(positions):
            raise ValueError("one target a position")
        out = []
        for p, t in zip(positions, targets, strict=True):
            if t <= 0:
                out.append(p.legal_mask() if p.tricks_left else 0)
            elif t > p.tricks_left:
                out.append(0)
            else:
                out.append(sum(c.bit for c, v in self.card_values(p).items() if v >= t))
        return out

    def dd_tables(self, deals: Sequence[Deal]) -> list[DDTable]:
        """Each declarer and strain solved as a position (small deals only, for a search
        that tries every card)."""
        out = []
        for deal in deals:
            masks = [deal[s].mask for s in SEATS]
            if masks[0] == 0:
                raise SolverError("a double-dummy table needs at least one card in each hand")
            hands = (masks[0], masks[1], masks[2], masks[3])
            out.append(
                {
                    (seat, strain): self.tricks(Position(hands, strain.suit, seat.lho), seat.side)
                    for seat in SEATS
                    for strain in STRAINS
                }
            )
        return out

    def par(self, deal: Deal, vulnerability: Vulnerability, dealer: Seat) -> dict[str, Any]:
        """Not answered here: par needs DDS."""
        del deal, vulnerability, dealer
        raise SolverError("the par of a deal needs the DDS solver")


def default_solver() -> DoubleDummy:
    """The solver bridgetable uses unless it is given another: DDS through endplay
    (:class:`~bridgetable.solver.dds.DDSSolver`).

    Raises:
        SolverError: endplay (DDS) is not installed.
    """
    from bridgetable.solver.dds import DDSSolver  # (dds.py imports this module)

    return DDSSolver()
