"""Cards and lines as people read them: suit symbols, ten as "10".

Example:
    >>> from bridgetable.adjudication.text import card_text, line_text
    >>> card_text("ST"), card_text("H2")
    ('♠10', '♥2')
"""

from __future__ import annotations

from collections.abc import Iterable

from bridgetable.core.cards import Card


def card_text(card: Card | str) -> str:
    """``♠A``, ``♥10``, ``♣2``: a card as a person reads it."""
    return (card if isinstance(card, Card) else Card(card)).text


def line_text(tricks: Iterable[Iterable[tuple[str, Card]]]) -> str:
    """Tricks as ``W ♠6, N ♣K, E ♣6, S ♣J; ...`` (seat letter and card)."""
    return "; ".join(", ".join(f"{seat} {card_text(c)}" for seat, c in t) for t in tricks)
