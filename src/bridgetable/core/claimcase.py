"""A claim as the Director rules on it: everything the adjudicator needs, gathered once.

Law 70A asks the Director to rule on a contested claim "as equitably as possible to both
sides", on the cards at the claim (the remaining tricks, the one in progress included, 68A),
the claimer's statement (68C, 70B1), the code of Laws in force (Law 71 differs between the
duplicate and the rubber code), what the claimer knew of the opponents' show-outs (70E1)
and, when a defender claims, dummy's cards (which he sees). A :class:`ClaimCase` is that
record, a frozen value: :meth:`bridgetable.core.board.Board.claim_case` builds it from a
board; a robot, which sees only its view, builds it with its own sampled layouts
(:meth:`ClaimCase.at`). :func:`bridgetable.adjudication.ruling.adjudicate_case` rules on it.

Example:
    >>> from bridgetable.core.position import Position
    >>> from bridgetable.core.rules import RuleSet
    >>> from bridgetable.core.seats import Seat
    >>> p = Position.from_pbn("N:AK... 32... ..32. ...32", trump=None, leader=Seat.NORTH)
    >>> case = ClaimCase.of(p, Seat.NORTH, 1, "cash S", rules=RuleSet.rubber())
    >>> case.remaining, case.conceded, case.statement.text, case.rules.is_rubber
    (2, 1, 'cash S', True)
    >>> ClaimCase.of(p, Seat.NORTH, 3)
    Traceback (most recent call last):
    ...
    bridgetable.core.errors.NotationError: a claim is of 0 to 2 remaining tricks, not 3 (68A)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from bridgetable.core.cards import Card, Suit
from bridgetable.core.errors import NotationError
from bridgetable.core.position import Position
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat, Side
from bridgetable.core.statement import Statement, parse_statement

__all__ = ["ClaimCase", "trumps_just_drawn"]


def trumps_just_drawn(last: Sequence[tuple[Seat, Card]], trump: Suit | None, claimer: Seat) -> bool:
    """Whether the play shows beyond doubt that the claimer knew of the trumps still out
    (spec C4b; EBU White Book 8.70.4(b)): ``last``, the last trick quitted before the claim
    (its cards in playing order with their hands; empty for none), was led
    with a trump by his side and both opponents followed with trumps. He claims having just
    drawn a round and seen the trumps fall, so Law 70C's condition that he was "at all
    likely" unaware of an outstanding trump does not hold. A claim made later, or after a
    round the opponents led, is presumed made unaware (C4b): mere assertion does not count.

    Example:
        >>> cards = [Card(c) for c in ("HJ", "HA", "H2", "H3")]
        >>> t = [(Seat.SOUTH.next(i), cards[i]) for i in range(4)]
        >>> trumps_just_drawn(t, Suit.HEARTS, Seat.SOUTH)
        True
        >>> trumps_just_drawn(t, Suit.HEARTS, Seat.EAST)  # (the opponents drew them)
        False
    """
    if trump is None or not last:
        return False
    leader, card = last[0]
    if leader.side is not claimer.side or card.suit is not trump:
        return False
    return all(c.suit is trump for s, c in last if s.side is not claimer.side)


@dataclass(frozen=True, slots=True)
class ClaimCase:
    """A claim or concession and what a ruling on it takes into account (Laws 68-71).

    Attributes:
        position: the cards at the claim: remaining hands, trump, the trick in progress (68A).
        claimer: the seat that claimed or conceded (never dummy, 68A).
        tricks: the remaining tricks, the one in progress included, claimed for the
            claimer's side.
        statement: the statement made with the claim (68C), parsed.
        rules: the code of Laws and the Regulating Authority's options: Law 71 (normal play
            under the duplicate code, any play under the rubber code), the deemed suit order
            (70E2) and the published claim guidance.
        known_voids: the (seat, suit) show-outs before the claim, which the claimer knew of
            (70E1).
        dummy: dummy's seat: a defender who claims sees dummy's cards (70E1).
        concession: whether it was made as a concession (68B).
        trumps_seen: the play before the claim shows beyond doubt that the claimer knew of
            the trumps still out (C4b, :func:`trumps_just_drawn`): 70C does not apply.
    """

    position: Position
    claimer: Seat
    tricks: int
    statement: Statement = field(default_factory=Statement)
    rules: RuleSet = field(default_factory=RuleSet)
    known_voids: frozenset[tuple[Seat, Suit]] = frozenset()
    dummy: Seat | None = None
    concession: bool = False
    trumps_seen: bool = False

    def __post_init__(self) -> None:
        left = self.position.tricks_left
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int):
            raise NotationError(f"a claim is of a number of tricks, not {self.tricks!r} (68A)")
        if not 0 <= self.tricks <= left:
            raise NotationError(
                f"a claim is of 0 to {left} remaining tricks, not {self.tricks} (68A)"
            )
        if self.claimer is self.dummy:
            raise NotationError("dummy does not claim: only declarer or a defender (68A)")

    @classmethod
    def of(
        cls,
        position: Position,
        claimer: Seat,
        tricks: int,
        statement: Statement | str | None = None,
        *,
        rules: RuleSet | None = None,
        known_voids: Iterable[tuple[Seat, Suit]] = (),
        dummy: Seat | None = None,
        concession: bool = False,
        trumps_seen: bool = False,
    ) -> ClaimCase:
        """A case from its parts, the statement as notation text (parsed here, raising
        :class:`NotationError`) or already parsed; the duplicate code by default."""
        stmt = statement if isinstance(statement, Statement) else parse_statement(statement)
        return cls(
            position,
            claimer,
            tricks,
            stmt,
            rules or RuleSet(),
            frozenset(known_voids),
            dummy,
            bool(concession),
            bool(trumps_seen),
        )

    @property
    def side(self) -> Side:
        """The claimer's side."""
        return self.claimer.side

    @property
    def remaining(self) -> int:
        """The tricks not yet quitted at the claim, the one in progress included."""
        return self.position.tricks_left

    @property
    def conceded(self) -> int:
        """The remaining tricks the claim concedes to the opponents (68B1)."""
        return self.remaining - self.tricks

    def at(self, position: Position) -> ClaimCase:
        """The same claim on another layout of the unseen cards (a robot's sample): the
        same trump, tricks left and trick in progress."""
        here = self.position
        if (position.trump, position.leader, position.trick, position.tricks_left) != (
            here.trump,
            here.leader,
            here.trick,
            here.tricks_left,
        ):
            raise NotationError(
                "a layout of the same claim keeps its trump, tricks left and trick in progress"
            )
        return replace(self, position=position)
