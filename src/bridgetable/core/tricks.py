"""Tricks: following suit and the winner of a trick (Law 44).

Example:
    >>> from bridgetable.core.tricks import Trick, winning_index
    >>> from bridgetable.core.cards import Card, Suit
    >>> from bridgetable.core.seats import Seat
    >>> cards = (Card("H2"), Card("HA"), Card("S3"), Card("HK"))
    >>> winning_index(cards, Suit.SPADES), winning_index(cards, None)
    (2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgetable.core.cards import SUIT_MASKS, Card, Suit
from bridgetable.core.seats import Seat


def winning_index(cards: Sequence[Card], trump: Suit | None) -> int:
    """Index of the card winning a (possibly incomplete) trick: the highest trump if any, else
    the highest card of the suit led (Law 44E, 44F)."""
    best = 0
    b = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if c.suit is b.suit:
            if c.rank > b.rank:
                best, b = i, c
        elif c.suit is trump:
            best, b = i, c
    return best


def legal_mask(hand_mask: int, led: Suit | None) -> int:
    """The cards of ``hand_mask`` that may be played: all when leading or void in the suit
    led, else the cards of the suit led (Law 44C, 44D)."""
    if led is None:
        return hand_mask
    follow = hand_mask & SUIT_MASKS[led]
    return follow if follow else hand_mask


@dataclass(frozen=True, slots=True)
class Trick:
    """A quitted trick: who led, the four cards in playing order with their hands, the winner."""

    leader: Seat
    cards: tuple[tuple[Seat, Card], ...]
    winner: Seat

    @property
    def led_suit(self) -> Suit:
        """The suit of the card led."""
        return self.cards[0][1].suit

    def card_of(self, seat: Seat) -> Card:
        """The card ``seat``'s hand contributed."""
        for s, c in self.cards:
            if s is seat:
                return c
        raise KeyError(seat)


_TRICK_SETTERS = tuple(Trick.__dict__[f].__set__ for f in ("leader", "cards", "winner"))


def new_trick(leader: Seat, cards: tuple[tuple[Seat, Card], ...], winner: Seat) -> Trick:
    """Build a :class:`Trick` quickly (the engine's hot path); equal to the constructor."""
    t: Trick = object.__new__(Trick)
    a, b, c = _TRICK_SETTERS
    a(t, leader)
    b(t, cards)
    c(t, winner)
    return t
