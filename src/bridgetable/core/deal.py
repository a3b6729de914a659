"""A validated deal: 52 different cards, 13 to each seat (Law 6).

PBN deal notation names the first seat and then the hands clockwise, each as ``S.H.D.C``.
Random deals come from an injected :class:`random.Random`; the core never touches global
random state.

Example:
    >>> import random
    >>> from bridgetable.core.deal import Deal
    >>> from bridgetable.core.seats import Seat
    >>> d = Deal.random(random.Random(7))
    >>> Deal.from_pbn(d.to_pbn()) == d
    True
    >>> len(d[Seat.NORTH])
    13
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from bridgetable.core.cards import FULL_MASK, Hand
from bridgetable.core.errors import InvalidDealError, NotationError
from bridgetable.core.seats import SEATS, Seat


class Deal(Mapping[Seat, Hand]):
    """Four hands keyed by seat. Full deals are validated; see :meth:`partial`."""

    __slots__ = ("_hands",)

    def __init__(self, hands: Mapping[Seat, Hand], *, complete: bool = True) -> None:
        hs = tuple(hands.get(s, Hand()) for s in SEATS)
        seen = 0
        for s, h in zip(SEATS, hs, strict=True):
            if not isinstance(h, Hand):
                raise InvalidDealError(f"{s}'s hand is not a Hand: {h!r}")
            if seen & h.mask:
                raise InvalidDealError(f"a card is dealt twice (again in {s}'s hand)")
            seen |= h.mask
            if complete and len(h) != 13:
                raise InvalidDealError(f"{s} holds {len(h)} cards, not 13")
        if complete and seen != FULL_MASK:
            raise InvalidDealError("the deal does not hold all 52 cards")
        if not complete and len({len(h) for h in hs}) != 1:
            raise InvalidDealError("the hands of a partial deal must be of one length")
        self._hands = hs

    @classmethod
    def partial(cls, hands: Mapping[Seat, Hand]) -> Deal:
        """The remaining cards of a deal: all hands of one length, no card twice."""
        return cls(hands, complete=False)

    @classmethod
    def random(cls, rng: random.Random) -> Deal:
        """A uniformly random deal drawn from ``rng``."""
        # a uniformly random permutation: the cards ordered by independent random keys
        rnd = rng.random
        keys = [rnd() for _ in range(52)]
        # the bits in the order of their keys (_BITS[i] is card i's bit; sorted is stable)
        bits = [_BITS[i] for i in sorted(range(52), key=keys.__getitem__)]
        deal: Deal = object.__new__(cls)
        # 52 different cards, 13 to each hand by construction: no checks needed
        deal._hands = tuple(Hand.from_mask(sum(bits[13 * i : 13 * i + 13])) for i in range(4))
        return deal

    @classmethod
    def from_pbn(cls, text: str, *, complete: bool = True) -> Deal:
        """Parse ``"N:AKQ2.J84.T9.7654 ..."``: first seat, then four hands clockwise.

        A ``-`` in place of a hand, as PBN allows, means the hand is unknown; a single
        missing hand is filled in from the other three, otherwise the deal is refused.
        """
        hands: dict[Seat, Hand] = {}
        missing = []
        for seat, h in pbn_hands(text).items():
            if h is None:
                missing.append(seat)
            else:
                hands[seat] = h
        if len(missing) == 1:
            rest = FULL_MASK
            for h in hands.values():
                rest &= ~h.mask
            if rest.bit_count() == 13:
                hands[missing[0]] = Hand.from_mask(rest)
                missing = []
        if missing:
            raise InvalidDealError(
                f"{', '.join(str(s) for s in missing)}'s hand is unknown in {text!r}"
            )
        return cls(hands, complete=complete)

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """PBN deal notation starting with ``first``."""
        return f"{first.letter}:" + " ".join(self._hands[first.next(i)].to_pbn() for i in range(4))

    def __getitem__(self, seat: Seat) -> Hand:
        return self._hands[seat]

    def __iter__(self) -> Iterator[Seat]:
        return iter(SEATS)

    def __len__(self) -> int:
        return 4

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and other._hands == self._hands

    def __hash__(self) -> int:
        return hash(self._hands)

    def __repr__(self) -> str:
        return f"Deal.from_pbn('{self.to_pbn()}')"

    def __str__(self) -> str:
        return self.to_pbn()

    def owner(self, card_index: int) -> Seat | None:
        """The seat holding the card with this index, if any."""
        bit = 1 << card_index
        for s in SEATS:
            if self._hands[s].mask & bit:
                return s
        return None


_BITS = tuple(1 << i for i in range(52))


def pbn_hands(text: str) -> dict[Seat, Hand | None]:
    """The hands of PBN deal notation ``"N:AKQ2.J84.T9.7654 ..."`` by seat, unchecked as a
    deal; ``None`` for a hand written ``-`` (unknown)."""
    t = text.strip()
    if len(t) < 2 or t[1] != ":":
        raise NotationError(f"a PBN deal starts with a seat and a colon: {text!r}")
    first = Seat.from_letter(t[0])
    parts = t[2:].split()
    if len(parts) != 4:
        raise NotationError(f"a PBN deal has four hands: {text!r}")
    return {first.next(i): None if p == "-" else Hand.from_pbn(p) for i, p in enumerate(parts)}
