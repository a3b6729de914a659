"""Designations of dummy's cards by declarer, complete or not (Laws 45B, 45C4a, 46).

:func:`parse_designation` reads what declarer said; :func:`resolve_designation` applies Law 46B
to it. The result is a card, a list of cards for declarer to choose among (46B3b), or
:data:`DEFENDER_CHOOSES` (46B5).

Example:
    >>> from bridgetable.core.designation import parse_designation
    >>> parse_designation("low"), parse_designation("queen of spades"), parse_designation("h")
    (('low', None, None), ('card', Suit.SPADES, Rank.QUEEN), ('suit', Suit.HEARTS, None))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Literal

from bridgetable.core.cards import SUIT_MASKS, Card, Rank, Suit, cards_of_mask
from bridgetable.core.errors import InvalidDesignation, NotationError
from bridgetable.core.seats import Seat

Kind = Literal["card", "suit", "rank", "high", "low", "win", "anything"]
Parsed = tuple[Kind, Suit | None, Rank | None]

DEFENDER_CHOOSES: Final = "defender_chooses"

_WORDS: dict[str, Kind] = {
    "high": "high",
    "highest": "high",
    "top": "high",
    "low": "low",
    "lowest": "low",
    "small": "low",
    "little": "low",
    "win": "win",
    "winner": "win",
    "win it": "win",
    "any": "anything",
    "anything": "anything",
    "any card": "anything",
    "play anything": "anything",
    "whatever": "anything",
}


def parse_designation(text: str) -> Parsed:
    """Read a designation: a card (``SQ``, ``Q of spades``), a suit, a rank, ``high``,
    ``low``, ``win`` or ``anything``. Raises :class:`NotationError` for anything else."""
    t = " ".join(text.strip().lower().replace("\u2660", " s ").split())
    if t in _WORDS:
        return (_WORDS[t], None, None)
    words = t.replace(" of ", " ").split()
    if len(words) == 1:
        w = words[0]
        try:
            return ("card", *_card(Card(w)))
        except NotationError:
            pass
        try:
            return ("suit", Suit.from_letter(w.rstrip("s") if len(w) > 2 else w), None)
        except NotationError:
            pass
        try:
            return ("rank", None, Rank.from_letter(w))
        except NotationError:
            pass
    elif len(words) == 2:
        for r, s in (words, reversed(words)):
            try:
                rank = Rank.from_letter(r)
                suit = Suit.from_letter(s.rstrip("s") if len(s) > 2 else s)
            except NotationError:
                continue
            return ("card", suit, rank)
    raise NotationError(f"not a designation of a card: {text!r}")


def _card(c: Card) -> tuple[Suit, Rank]:
    return (c.suit, c.rank)


def resolve_designation(
    text: str,
    *,
    seat: Seat,
    dummy_mask: int,
    led: Suit | None,
    previous_trick_suit: Suit | None,
    known_to_win: Callable[[Card], bool],
    legal: int,
) -> Card | list[Card] | str:
    """Apply Law 46 to what declarer said for dummy's card.

    Args:
        text: the words used.
        seat: declarer (for error messages).
        dummy_mask: dummy's remaining cards.
        led: the suit led to the trick, or ``None`` when dummy leads.
        previous_trick_suit: when dummy leads, the suit of the card with which dummy won the
            previous trick (46B3a), else ``None``.
        known_to_win: whether a dummy card is known (from declarer's view) to win the trick.
        legal: dummy's legally playable cards.
    """
    try:
        kind, suit, rank = parse_designation(text)
    except NotationError as exc:
        raise InvalidDesignation("designate", seat, str(exc), "46A") from None
    if kind == "card":
        if suit is None or rank is None:  # pragma: no cover - parse_designation gives both
            raise InvalidDesignation("designate", seat, "no card named", "46A")
        card = Card.of(suit, rank)
        if not dummy_mask & card.bit:
            raise InvalidDesignation(
                "designate",
                seat,
                f"{card} is not in dummy; name a legal card instead",
                "46B4",
            )
        return card
    if kind == "anything":
        return DEFENDER_CHOOSES
    if kind in ("high", "low"):
        if led is None:
            raise InvalidDesignation(
                "designate",
                seat,
                f'"{text}" has no meaning when dummy leads; name the card',
                "46B1",
            )
        held = cards_of_mask(dummy_mask & SUIT_MASKS[led])
        if not held:
            raise InvalidDesignation(
                "designate",
                seat,
                f'dummy has no card of the suit led, so "{text}" names none; name the card',
                "46B1",
            )
        return held[0] if kind == "high" else held[-1]
    if kind == "win":
        winners = [c for c in cards_of_mask(legal) if known_to_win(c)]
        if not winners:
            raise InvalidDesignation(
                "designate",
                seat,
                "no dummy card is known to win this trick; name the card",
                "46B1b",
            )
        return winners[-1]
    if kind == "suit":
        if suit is None:  # pragma: no cover - parse_designation gives the suit
            raise InvalidDesignation("designate", seat, "no suit named", "46B2")
        held = cards_of_mask(dummy_mask & SUIT_MASKS[suit])
        if not held:
            raise InvalidDesignation(
                "designate", seat, f"dummy holds no {suit.name.lower()}; name a legal card", "46B4"
            )
        return held[-1]
    # rank only (46B3)
    if rank is None:  # pragma: no cover - parse_designation gives the rank
        raise InvalidDesignation("designate", seat, "no rank named", "46B3")
    if led is None and previous_trick_suit is not None:
        c = Card.of(previous_trick_suit, rank)
        if dummy_mask & c.bit:
            return c
    cands = [c for c in cards_of_mask(legal) if c.rank is rank]
    if not cands:
        raise InvalidDesignation(
            "designate",
            seat,
            f"dummy has no legally playable {rank.name.lower()}; name a legal card",
            "46B4",
        )
    if len(cands) == 1:
        return cands[0]
    return cands
