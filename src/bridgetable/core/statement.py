"""Claim statements (Law 68C): a structured line of play and its compact text notation.

A statement is a sequence of *groups* taken in order ("then"); the steps inside one group may
be taken in any order (a list such as "four hearts, three spades"), which Law 70 reads in the
order worst for the claimer (spec C2). The notation (see ``docs/claims.md``):

* ``SA HA HK``: the claimer's side leads these cards in this order;
* ``draw trumps``: lead trumps from the top until the opponents have none;
* ``cash S`` / ``run spades``: lead the suit from the top from the hand on lead;
* ``ruff H``: lead a heart and ruff it in the other hand;
* ``concede 1`` / ``give up 1``: lose a trick along the way;
* ``finesse SQ against W``: lead the suit towards the queen, playing it if West plays low;
* ``trumps out`` (or ``1 trump out``): an explicit mention of an outstanding trump (70C);
* steps separated by ``,`` or ``and`` form one unordered group; ``then`` or ``;`` starts the
  next group.

Example:
    >>> from bridgetable.core.statement import parse_statement
    >>> s = parse_statement("draw trumps then cash H, cash D then concede 1")
    >>> [len(g) for g in s.groups], s.mentions_trumps
    ([1, 2, 1], True)
    >>> str(parse_statement("sa  ha hk"))
    'SA HA HK'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridgetable.core.cards import Card, Suit
from bridgetable.core.errors import NotationError
from bridgetable.core.seats import Seat


@dataclass(frozen=True, slots=True)
class PlayCards:
    """Lead these cards, in this order."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    def words(self) -> str:
        """As a person reads it (see :meth:`Statement.words`)."""
        return "leads " + " then ".join(c.text for c in self.cards)


@dataclass(frozen=True, slots=True)
class DrawTrumps:
    """Lead trumps from the top until the opponents hold none."""

    def __str__(self) -> str:
        return "draw trumps"

    def words(self) -> str:
        """As a person reads it."""
        return "draws trumps"


@dataclass(frozen=True, slots=True)
class Cash:
    """Lead ``suit`` from the top from the hand on lead, while it lasts."""

    suit: Suit

    def __str__(self) -> str:
        return f"cash {self.suit.letter}"

    def words(self) -> str:
        """As a person reads it."""
        return f"cashes the {self.suit.name.lower()}"


@dataclass(frozen=True, slots=True)
class Ruff:
    """Lead a card of ``suit`` and ruff it in the other hand."""

    suit: Suit

    def __str__(self) -> str:
        return f"ruff {self.suit.letter}"

    def words(self) -> str:
        """As a person reads it."""
        return f"ruffs a {self.suit.name.lower()[:-1]} in the other hand"


@dataclass(frozen=True, slots=True)
class Concede:
    """Lose ``count`` tricks along the way."""

    count: int = 1

    def __str__(self) -> str:
        return f"concede {self.count}"

    def words(self) -> str:
        """As a person reads it."""
        return f"gives up {self.count} trick{'' if self.count == 1 else 's'}"


@dataclass(frozen=True, slots=True)
class Finesse:
    """Lead towards ``card`` and play it if ``against`` (the opponent before it) plays low."""

    card: Card
    against: Seat

    def __str__(self) -> str:
        return f"finesse {self.card} against {self.against.letter}"

    def words(self) -> str:
        """As a person reads it."""
        return f"finesses the {self.card.text} against {self.against}"


@dataclass(frozen=True, slots=True)
class TrumpMention:
    """An explicit mention of outstanding trumps (Law 70C1)."""

    def __str__(self) -> str:
        return "trumps out"

    def words(self) -> str:
        """As a person reads it."""
        return "says that trumps are out"


Step = PlayCards | DrawTrumps | Cash | Ruff | Concede | Finesse | TrumpMention


@dataclass(frozen=True, slots=True)
class Statement:
    """Groups of steps: groups in order, steps inside a group in any order."""

    groups: tuple[tuple[Step, ...], ...] = ()
    text: str = ""

    @property
    def is_empty(self) -> bool:
        """Whether no line of play was stated (Law 70: a claim without statement)."""
        return not any(not isinstance(s, TrumpMention) for g in self.groups for s in g)

    @property
    def mentions_trumps(self) -> bool:
        """Whether the statement mentions outstanding trumps or drawing them (70C1)."""
        return any(isinstance(s, DrawTrumps | TrumpMention) for g in self.groups for s in g)

    @property
    def conceded(self) -> int:
        """Tricks the statement says will be lost."""
        return sum(s.count for g in self.groups for s in g if isinstance(s, Concede))

    def __str__(self) -> str:
        return " then ".join(", ".join(str(s) for s in g) for g in self.groups)

    def words(self) -> str:
        """The line as a person reads it, cards with their suit symbols: the groups in order
        ("then"), the steps of a group "in any order" (Law 70 reads such a list in the order
        worst for the claimer). Empty for no statement.

        >>> parse_statement("C6 H3").words()
        'leads ♣6 then ♥3'
        >>> parse_statement("draw trumps then cash H, concede 1").words()
        'draws trumps; then cashes the hearts and gives up 1 trick, in any order'
        >>> parse_statement("finesse SQ against W").words()
        'finesses the ♠Q against West'
        """
        out = []
        for g in self.groups:
            steps = [s.words() for s in g]
            if len(steps) == 1:
                out.append(steps[0])
            else:
                out.append(f"{', '.join(steps[:-1])} and {steps[-1]}, in any order")
        return "; then ".join(out)


_SEP_GROUP = re.compile(r"\s*(?:\bthen\b|;|->)\s*", re.I)
_SEP_STEP = re.compile(r"\s*(?:,|\band\b)\s*", re.I)
_FILLER = {"all", "rest", "the", "good", "is", "are", "tricks", "winners", "claim", "high"}


def _suit(word: str, text: str) -> Suit:
    w = word.lower().rstrip("s") if len(word) > 2 else word
    try:
        return Suit.from_letter(w)
    except NotationError:
        raise NotationError(f"{word!r} is not a suit in statement {text!r}") from None


def _card(word: str, text: str) -> Card:
    try:
        return Card(word)
    except NotationError:
        raise NotationError(f"{word!r} is not a card in statement {text!r}") from None


def _step(words: list[str], text: str) -> Step | None:
    lw = [w.lower() for w in words]
    if not lw or all(w in _FILLER for w in lw):
        return None
    head = lw[0]
    if head == "draw" and len(lw) >= 2 and lw[1].startswith("trump"):
        return DrawTrumps()
    if head in ("cash", "run") and len(lw) == 2:
        return Cash(_suit(words[1], text))
    if head == "ruff" and len(lw) == 2:
        return Ruff(_suit(words[1], text))
    if head == "concede" or (head == "give" and len(lw) >= 2 and lw[1] == "up"):
        rest = lw[1:] if head == "concede" else lw[2:]
        rest = [w for w in rest if w not in ("a", "trick", "tricks")]
        if not rest:
            return Concede(1)
        if len(rest) == 1 and rest[0].isdigit() and 1 <= int(rest[0]) <= 13:
            return Concede(int(rest[0]))
        raise NotationError(f"concede takes a number of tricks: {' '.join(words)!r}")
    if head == "finesse":
        if len(lw) == 4 and lw[2] in ("against", "vs", "through", "over"):
            return Finesse(_card(words[1], text), Seat.from_letter(words[3]))
        raise NotationError(
            f"write a finesse as 'finesse SQ against W': {' '.join(words)!r} in {text!r}"
        )
    if any(w.startswith("trump") for w in lw) and (
        "out" in lw or "outstanding" in lw or "left" in lw
    ):
        return TrumpMention()
    cards = []
    for w in words:
        if w.lower() in _FILLER:
            continue
        cards.append(_card(w, text))
    return PlayCards(tuple(cards))


def parse_statement(text: str | None) -> Statement:
    """Parse the notation; ``None`` or blank text is the empty statement. Raises
    :class:`NotationError` naming the word it cannot read."""
    if text is None or not text.strip():
        return Statement((), "")
    if len(text) > 2000:
        raise NotationError("a claim statement is at most 2000 characters")
    groups: list[tuple[Step, ...]] = []
    for gtext in _SEP_GROUP.split(text.strip()):
        steps: list[Step] = []
        for stext in _SEP_STEP.split(gtext):
            words = stext.replace("(", " ").replace(")", " ").split()
            step = _step(words, text)
            if step is not None:
                steps.append(step)
        if steps:
            groups.append(tuple(steps))
    seen: set[Card] = set()
    for g in groups:
        for s in g:
            if isinstance(s, PlayCards):
                for c in s.cards:
                    if c in seen:
                        raise NotationError(f"{c} appears twice in statement {text!r}")
                    seen.add(c)
    return Statement(tuple(groups), text.strip())
