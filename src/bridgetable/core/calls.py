"""Strains, calls and contracts.

Strains compare in bidding order (clubs < diamonds < hearts < spades < no trump), and bids
compare by level, then strain (Law 18). ``PASS``, ``DOUBLE`` and ``REDOUBLE`` are the only
instances of their classes.

Example:
    >>> from bridgetable.core.calls import parse_call, Contract, Bid, Strain, Doubling
    >>> [str(parse_call(t)) for t in ("1nt", "pass", "x", "XX", "7S")]
    ['1NT', 'Pass', 'X', 'XX', '7S']
    >>> Bid(1, Strain.NOTRUMP) > Bid(1, Strain.SPADES)
    True
    >>> c = Contract.parse("4SX S")
    >>> str(c), c.level, c.doubling
    ('4SX S', 4, Doubling.DOUBLED)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar

from bridgetable.core.cards import Suit
from bridgetable.core.errors import NotationError
from bridgetable.core.seats import Seat


class Strain(IntEnum):
    """A denomination, in bidding order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        """``C``, ``D``, ``H``, ``S`` or ``NT``."""
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` for no trump."""
        return None if self is Strain.NOTRUMP else Suit(self.value)

    @classmethod
    def from_letter(cls, text: str) -> Strain:
        """Parse ``C``/``D``/``H``/``S``/``N``/``NT`` (any case) or a suit symbol."""
        t = text.strip().upper()
        if t in ("N", "NT", "NOTRUMP", "NOTRUMPS", "NO TRUMP"):
            return cls.NOTRUMP
        try:
            return cls(Suit.from_letter(t).value)
        except NotationError:
            raise NotationError(f"not a strain: {text!r}") from None

    @classmethod
    def of_suit(cls, suit: Suit) -> Strain:
        """The strain in which ``suit`` is trumps."""
        return STRAINS[suit]

    def __repr__(self) -> str:
        return f"Strain.{self.name}"

    def __str__(self) -> str:
        return self.letter


STRAINS = tuple(Strain)


class Doubling(IntEnum):
    """Whether a contract is undoubled, doubled or redoubled."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        """``""``, ``"X"`` or ``"XX"``."""
        return ("", "X", "XX")[self]

    def __repr__(self) -> str:
        return f"Doubling.{self.name}"


@dataclass(frozen=True, slots=True, order=False)
class Bid:
    """A bid of ``level`` (1-7) in ``strain``."""

    level: int
    strain: Strain

    def __post_init__(self) -> None:
        if not isinstance(self.level, int) or not 1 <= self.level <= 7:
            raise NotationError(f"a bid's level is 1 to 7, not {self.level!r}")
        if not isinstance(self.strain, Strain):
            raise NotationError(f"not a strain: {self.strain!r}")

    @property
    def rank(self) -> int:
        """0 for 1C ... 34 for 7NT: the order of bids (Law 18B)."""
        return (self.level - 1) * 5 + self.strain

    def __lt__(self, other: Bid) -> bool:
        return self.rank < other.rank

    def __gt__(self, other: Bid) -> bool:
        return self.rank > other.rank

    def __repr__(self) -> str:
        return f"Bid({self.level}, {self.strain!r})"

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}"


class _Singleton:
    __slots__ = ()
    _text: ClassVar[str]
    _instance: ClassVar[Any] = None

    def __new__(cls) -> Any:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), ())

    def __repr__(self) -> str:
        return self._text.upper() if self._text != "Pass" else "PASS"

    def __str__(self) -> str:
        return self._text


class PassCall(_Singleton):
    """A pass. Use the constant :data:`PASS`."""

    __slots__ = ()
    _text = "Pass"


class DoubleCall(_Singleton):
    """A double. Use the constant :data:`DOUBLE`."""

    __slots__ = ()
    _text = "X"

    def __repr__(self) -> str:
        return "DOUBLE"


class RedoubleCall(_Singleton):
    """A redouble. Use the constant :data:`REDOUBLE`."""

    __slots__ = ()
    _text = "XX"

    def __repr__(self) -> str:
        return "REDOUBLE"


PASS: PassCall = PassCall()
DOUBLE: DoubleCall = DoubleCall()
REDOUBLE: RedoubleCall = RedoubleCall()

Call = Bid | PassCall | DoubleCall | RedoubleCall

ALL_BIDS: tuple[Bid, ...] = tuple(Bid(lv, s) for lv in range(1, 8) for s in STRAINS)


def parse_call(text: str) -> Call:
    """Parse a call: ``1C``..``7NT`` (``N`` for no trump), ``Pass``/``P``, ``X``/``D``,
    ``XX``/``R``."""
    if not isinstance(text, str):
        raise NotationError(f"not a call: {text!r}")
    t = text.strip().upper()
    if t in ("P", "PASS", "AP"):
        return PASS
    if t in ("X", "D", "DBL", "DOUBLE"):
        return DOUBLE
    if t in ("XX", "R", "RDBL", "REDOUBLE"):
        return REDOUBLE
    if len(t) >= 2 and t[0] in "1234567":
        try:
            return ALL_BIDS[(int(t[0]) - 1) * 5 + Strain.from_letter(t[1:])]
        except NotationError:
            pass
    raise NotationError(f"not a call: {text!r}")


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract: a bid, its doubling, and the declarer (Law 22)."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        Bid(self.level, self.strain)  # validates level and strain
        if not isinstance(self.doubling, Doubling):
            raise NotationError(f"not a doubling: {self.doubling!r}")

    @property
    def bid(self) -> Bid:
        """The bid that became the contract."""
        return Bid(self.level, self.strain)

    @property
    def tricks_needed(self) -> int:
        """Six plus the level."""
        return 6 + self.level

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` in no trump."""
        return self.strain.suit

    def with_declarer(self, declarer: Seat) -> Contract:
        """The same contract played by ``declarer``."""
        return Contract(self.level, self.strain, self.doubling, declarer)

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse ``4S``, ``4SX``, ``3NTXX``, optionally followed by a declarer: ``4SX S``."""
        t = text.strip().upper()
        parts = t.split()
        declarer = None
        if len(parts) == 2:
            declarer = Seat.from_letter(parts[1])
        elif len(parts) != 1:
            raise NotationError(f"not a contract: {text!r}")
        body = parts[0] if parts else ""
        doubling = Doubling.UNDOUBLED
        if body.endswith(("XX", "R")):
            doubling = Doubling.REDOUBLED
            body = body[:-2] if body.endswith("XX") else body[:-1]
        elif body.endswith("X") or (body.endswith("D") and len(body) > 2):
            doubling = Doubling.DOUBLED
            body = body[:-1]
        call = parse_call(body) if body else None
        if not isinstance(call, Bid):
            raise NotationError(f"not a contract: {text!r}")
        return cls(call.level, call.strain, doubling, declarer)

    def __str__(self) -> str:
        s = f"{self.level}{self.strain.letter}{self.doubling.suffix}"
        return s if self.declarer is None else f"{s} {self.declarer.letter}"
