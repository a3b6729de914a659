"""Suits, ranks, cards and hands.

Cards are interned values: ``Card('SA') is Card('SA')``. A :class:`Hand` is an immutable set of
cards backed by a 52-bit integer (bit ``card.index``), so set operations cost one integer
operation. Hands iterate in display order: spades to clubs, each suit from the ace down.

Example:
    >>> from bridgetable.core.cards import Card, Hand, Suit, Rank
    >>> Card("SA"), str(Card("h10")), Card.of(Suit.CLUBS, Rank.TWO)
    (Card('SA'), 'HT', Card('C2'))
    >>> h = Hand.from_pbn("AKQ2.J84.T9.7654")
    >>> len(h), Card("HJ") in h, h.to_pbn()
    (13, True, 'AKQ2.J84.T9.7654')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Any

from bridgetable.core.errors import NotationError


class Suit(IntEnum):
    """A suit, in ascending rank order for bidding (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣ ♦ ♥ ♠."""
        return "\u2663\u2666\u2665\u2660"[self]

    @classmethod
    def from_letter(cls, text: str) -> Suit:
        """Parse ``S``/``H``/``D``/``C`` (any case), a symbol, or a name like ``spades``."""
        t = text.strip().upper()
        if len(t) == 1:
            i = "CDHS".find(t)
            if i < 0:
                i = "\u2663\u2666\u2665\u2660".find(t)
            if i >= 0:
                return SUITS[i]
        for s in SUITS:
            if t in (s.name, s.name[:-1]):
                return s
        raise NotationError(f"not a suit: {text!r}")

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self.letter


SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
#: Suits in display order (spades first), as hands are written in PBN.
DISPLAY_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Rank(IntEnum):
    """A rank, two to ace. Honours are the ace, king, queen, jack and ten."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """``"2"``-``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``."""
        return _RANK_LETTERS[self - 2]

    @property
    def is_honour(self) -> bool:
        """Ace, king, queen, jack or ten."""
        return self >= Rank.TEN

    @classmethod
    def from_letter(cls, text: str) -> Rank:
        """Parse a rank letter (``T`` or ``10`` for the ten; any case)."""
        t = text.strip().upper()
        if t == "10":
            return cls.TEN
        if len(t) == 1:
            i = _RANK_LETTERS.find(t)
            if i >= 0:
                return RANKS[i]
        for r in RANKS:
            if t == r.name:
                return r
        raise NotationError(f"not a rank: {text!r}")

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __str__(self) -> str:
        return self.letter


_RANK_LETTERS = "23456789TJQKA"
RANKS = tuple(Rank(r) for r in range(2, 15))


class Card:
    """A playing card; construct from notation (``Card('SA')``) or with :meth:`Card.of`.

    ``index`` is ``13 * suit + rank - 2`` (clubs 0-12 ... spades 39-51); ``bit`` is
    ``1 << index``. Cards are interned, so ``is`` and ``==`` agree.
    """

    __slots__ = ("bit", "index", "name", "rank", "suit")

    suit: Suit
    rank: Rank
    index: int
    bit: int
    #: The two-character notation, ``"SA"``.
    name: str

    def __new__(cls, text: str) -> Card:
        card = _BY_TEXT.get(text)
        if card is not None:
            return card
        return cls._parse(text)

    @classmethod
    def _parse(cls, text: str) -> Card:
        if not isinstance(text, str):
            raise NotationError(f"not a card: {text!r}")
        t = text.strip().upper()
        if len(t) >= 2:
            try:
                suit = Suit.from_letter(t[0])
                rank = Rank.from_letter(t[1:])
            except NotationError:
                pass
            else:
                return CARDS[suit * 13 + rank - 2]
            # rank first, as in "AS" or "10H"
            try:
                suit = Suit.from_letter(t[-1])
                rank = Rank.from_letter(t[:-1])
            except NotationError:
                pass
            else:
                return CARDS[suit * 13 + rank - 2]
        raise NotationError(f"not a card: {text!r}")

    @classmethod
    def _make(cls, suit: Suit, rank: Rank) -> Card:
        self = object.__new__(cls)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "index", suit * 13 + rank - 2)
        object.__setattr__(self, "bit", 1 << (suit * 13 + rank - 2))
        object.__setattr__(self, "name", suit.letter + rank.letter)
        return self

    @staticmethod
    def of(suit: Suit, rank: Rank) -> Card:
        """The card of this suit and rank."""
        return CARDS[suit * 13 + rank - 2]

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this index (0 = club two ... 51 = spade ace)."""
        return CARDS[index]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (str(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: Any) -> Card:
        return self

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __hash__(self) -> int:
        return self.index

    @property
    def text(self) -> str:
        """The card as a person reads it, with its suit's symbol and the ten as ``10``.

        >>> Card("ST").text, Card("H2").text
        ('♠10', '♥2')
        """
        rank = "10" if self.rank is Rank.TEN else self.rank.letter
        return self.suit.symbol + rank

    def __repr__(self) -> str:
        return f"Card('{self.suit.letter}{self.rank.letter}')"

    def __str__(self) -> str:
        return self.name


CARDS: tuple[Card, ...] = tuple(Card._make(s, r) for s in SUITS for r in RANKS)
_BY_TEXT: dict[str, Card] = {str(c): c for c in CARDS}

SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in SUITS)
FULL_MASK = (1 << 52) - 1


_PATTERNS: list[dict[int, tuple[Card, ...]]] = [{}, {}, {}, {}]

#: The ranks of every 13-bit suit pattern (bit 0 = the two), highest first: ``"AKQ2"``.
_SUIT_TEXT: tuple[str, ...] = tuple(
    "".join(_RANK_LETTERS[i] for i in range(12, -1, -1) if m >> i & 1) for m in range(1 << 13)
)


def suit_cards(suit: int, pattern: int) -> tuple[Card, ...]:
    """The cards of one suit whose 13-bit rank pattern (bit 0 = the two) is ``pattern``,
    highest first."""
    cache = _PATTERNS[suit]
    got = cache.get(pattern)
    if got is None:
        base = 13 * suit
        got = tuple(CARDS[base + i] for i in range(12, -1, -1) if pattern >> i & 1)
        cache[pattern] = got
    return got


def cards_of_mask(mask: int) -> list[Card]:
    """The cards of a 52-bit mask, highest index first (spade ace first)."""
    # suit_cards' cache read here first (the hot path of legal_cards)
    c, d, h, s = _PATTERNS
    sp = s.get(mask >> 39)
    if sp is None:
        sp = suit_cards(3, mask >> 39)
    hp = h.get((mask >> 26) & 0x1FFF)
    if hp is None:
        hp = suit_cards(2, (mask >> 26) & 0x1FFF)
    dp = d.get((mask >> 13) & 0x1FFF)
    if dp is None:
        dp = suit_cards(1, (mask >> 13) & 0x1FFF)
    cp = c.get(mask & 0x1FFF)
    if cp is None:
        cp = suit_cards(0, mask & 0x1FFF)
    return [*sp, *hp, *dp, *cp]


class Hand:
    """An immutable set of cards backed by a 52-bit integer.

    Iteration is in display order: spades to clubs, ace down.
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        m = 0
        for c in cards:
            if not isinstance(c, Card):
                raise NotationError(f"not a card: {c!r}")
            m |= c.bit
        object.__setattr__(self, "mask", m)

    @classmethod
    def from_mask(cls, mask: int) -> Hand:
        """A hand from a 52-bit mask."""
        if mask < 0 or mask > FULL_MASK:
            raise NotationError(f"not a 52-bit card mask: {mask!r}")
        h = object.__new__(cls)
        object.__setattr__(h, "mask", mask)
        return h

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Parse PBN hand notation ``S.H.D.C``, e.g. ``AKQ2.J84.T9.7654`` (``-`` for a void).

        A hand of fewer than 13 cards is allowed (the remaining cards of a deal).
        """
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise NotationError(f"a PBN hand has four suits separated by dots: {text!r}")
        mask = 0
        for suit, part in zip(DISPLAY_SUITS, parts, strict=True):
            p = part.strip().upper()
            if p in ("-", ""):
                continue
            p = p.replace("10", "T")
            for ch in p:
                i = _RANK_LETTERS.find(ch)
                if i < 0:
                    raise NotationError(f"not a rank {ch!r} in hand {text!r}")
                bit = 1 << (suit * 13 + i)
                if mask & bit:
                    raise NotationError(f"card {suit.letter}{ch} twice in hand {text!r}")
                mask |= bit
        return cls.from_mask(mask)

    def to_pbn(self) -> str:
        """PBN hand notation, spades first; a void is empty."""
        m = self.mask
        t = _SUIT_TEXT
        return f"{t[m >> 39]}.{t[(m >> 26) & 0x1FFF]}.{t[(m >> 13) & 0x1FFF]}.{t[m & 0x1FFF]}"

    def suit_text(self, suit: Suit) -> str:
        """The ranks held in one suit, highest first, e.g. ``"AKQ2"``."""
        return _SUIT_TEXT[(self.mask >> (13 * suit)) & 0x1FFF]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Hand is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Hand.from_mask, (self.mask,))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of_mask(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: Hand) -> Hand:
        return Hand.from_mask(self.mask | other.mask)

    def __and__(self, other: Hand) -> Hand:
        return Hand.from_mask(self.mask & other.mask)

    def __sub__(self, other: Hand) -> Hand:
        return Hand.from_mask(self.mask & ~other.mask)

    def add(self, card: Card) -> Hand:
        """A new hand with ``card`` added."""
        return Hand.from_mask(self.mask | card.bit)

    def remove(self, card: Card) -> Hand:
        """A new hand without ``card`` (which must be held)."""
        if not self.mask & card.bit:
            raise KeyError(card)
        return Hand.from_mask(self.mask & ~card.bit)

    def cards_in(self, suit: Suit) -> list[Card]:
        """The cards held in ``suit``, highest first."""
        return cards_of_mask(self.mask & SUIT_MASKS[suit])

    def count(self, suit: Suit) -> int:
        """How many cards of ``suit`` are held."""
        return (self.mask & SUIT_MASKS[suit]).bit_count()

    def has_suit(self, suit: Suit) -> bool:
        """Whether any card of ``suit`` is held."""
        return bool(self.mask & SUIT_MASKS[suit])

    def __repr__(self) -> str:
        return f"Hand.from_pbn('{self.to_pbn()}')"

    def __str__(self) -> str:
        return self.to_pbn()
