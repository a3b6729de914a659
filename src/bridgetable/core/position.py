"""A card-play position: the remaining cards, the trump suit and the trick in progress.

Positions are immutable values used by claims and by the solvers. ``hands`` are 52-bit masks
indexed by seat; ``trick`` holds the cards already played to the trick in progress, led by
``leader``.

Example:
    >>> from bridgetable.core.position import Position
    >>> from bridgetable.core.seats import Seat
    >>> p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=Seat.WEST)
    >>> p.to_play, p.tricks_left, [str(c) for c in p.legal_cards()]
    (Seat.WEST, 2, ['SJ', 'ST'])
    >>> q = p.play(p.legal_cards()[0])
    >>> q.to_play, [str(c) for c in q.trick]
    (Seat.NORTH, ['SJ'])
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgetable.core.cards import SUIT_MASKS, Card, Hand, Suit, cards_of_mask
from bridgetable.core.deal import pbn_hands
from bridgetable.core.errors import NotationError
from bridgetable.core.seats import SEATS, Seat, Side
from bridgetable.core.tricks import legal_mask, winning_index


@dataclass(frozen=True, slots=True)
class Position:
    """Remaining hands (masks by seat), trump, the leader of the trick in progress and its
    cards so far."""

    hands: tuple[int, int, int, int]
    trump: Suit | None
    leader: Seat
    trick: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if len(self.trick) > 3:
            raise NotationError("a trick in progress holds at most three cards")
        sizes = [m.bit_count() for m in self.hands]
        for i, s in enumerate(SEATS):
            played = 1 if (s - self.leader) % 4 < len(self.trick) else 0
            sizes[i] += played
        if len(set(sizes)) != 1:
            raise NotationError(f"hands of unequal length for this trick: {sizes}")
        seen = 0
        for m in self.hands:
            if seen & m:
                raise NotationError("a card is in two hands")
            seen |= m
        for c in self.trick:
            if seen & c.bit:
                raise NotationError(f"{c} is both played and held")
            seen |= c.bit

    @classmethod
    def from_pbn(
        cls,
        deal: str,
        *,
        trump: Suit | None,
        leader: Seat,
        trick: tuple[Card, ...] = (),
    ) -> Position:
        """A position from PBN deal notation of the remaining cards; the hands that already
        played to the trick in progress hold one card fewer."""
        masks = [0, 0, 0, 0]
        for seat, hand in pbn_hands(deal).items():
            if hand is None:
                raise NotationError(f"{seat}'s hand is unknown in {deal!r}")
            masks[seat] = hand.mask
        return cls(tuple(masks), trump, leader, trick)  # type: ignore[arg-type]

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """The remaining cards in PBN deal notation."""
        return f"{first.letter}:" + " ".join(
            Hand.from_mask(self.hands[first.next(i)]).to_pbn() for i in range(4)
        )

    @property
    def to_play(self) -> Seat:
        """The seat whose card is due."""
        return SEATS[(self.leader + len(self.trick)) & 3]

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the one in progress included (counted in the hand
        to play, which has not yet played to it)."""
        return self.hands[(self.leader + len(self.trick)) & 3].bit_count()

    def legal_mask(self) -> int:
        """The legal cards of the hand to play, as a mask (Law 44C)."""
        led = self.trick[0].suit if self.trick else None
        return legal_mask(self.hands[self.to_play], led)

    def legal_cards(self) -> list[Card]:
        """The legal cards of the hand to play, highest first."""
        return cards_of_mask(self.legal_mask())

    def play(self, card: Card) -> Position:
        """The position after ``card``, which must be one of :meth:`legal_cards` (not checked:
        this is the solvers' hot path); a completed trick is quitted."""
        return self.play_scored(card)[0]

    def play_scored(self, card: Card) -> tuple[Position, Seat | None]:
        """As :meth:`play`, also returning the winner when the card completes a trick."""
        seat = self.to_play
        hands = list(self.hands)
        hands[seat] &= ~card.bit
        trick = (*self.trick, card)
        if len(trick) == 4:
            winner = self.leader.next(winning_index(trick, self.trump))
            return unchecked_position(tuple(hands), self.trump, winner, ()), winner  # type: ignore[arg-type]
        return unchecked_position(tuple(hands), self.trump, self.leader, trick), None  # type: ignore[arg-type]

    def current_winner(self) -> Seat | None:
        """The seat winning the trick in progress so far, or ``None`` before the lead."""
        if not self.trick:
            return None
        return self.leader.next(winning_index(self.trick, self.trump))

    def side_mask(self, side: Side) -> int:
        """The remaining cards of both hands of ``side``."""
        a, b = side.seats
        return self.hands[a] | self.hands[b]

    def holds(self, seat: Seat, suit: Suit) -> bool:
        """Whether ``seat`` still holds a card of ``suit``."""
        return bool(self.hands[seat] & SUIT_MASKS[suit])

    def __str__(self) -> str:
        t = " ".join(str(c) for c in self.trick)
        trump = "NT" if self.trump is None else self.trump.letter
        return f"{self.to_pbn()} trump {trump} leader {self.leader.letter}" + (
            f" trick {t}" if t else ""
        )


_SETTERS = tuple(Position.__dict__[f].__set__ for f in ("hands", "trump", "leader", "trick"))


def unchecked_position(
    hands: tuple[int, int, int, int], trump: Suit | None, leader: Seat, trick: tuple[Card, ...]
) -> Position:
    """A position known to be valid (the result of a legal play), built without the checks."""
    p: Position = object.__new__(Position)
    s0, s1, s2, s3 = _SETTERS
    s0(p, hands)
    s1(p, trump)
    s2(p, leader)
    s3(p, trick)
    return p
