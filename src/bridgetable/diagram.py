"""Plain-text deal diagrams.

Example:
    >>> from bridgetable.core.deal import Deal
    >>> from bridgetable.diagram import deal_diagram
    >>> d = Deal.from_pbn("N:AKQ2.J84.T9.7654 JT9.AKQ.8765.AKQ 8765.T9.AKQJ.JT9 43.76532.432.832")
    >>> print(deal_diagram(d))
                S AKQ2
                H J84
                D T9
                C 7654
    S 43                    S JT9
    H 76532                 H AKQ
    D 432                   D 8765
    C 832                   C AKQ
                S 8765
                H T9
                D AKQJ
                C JT9
"""

from __future__ import annotations

from collections.abc import Mapping

from bridgetable.core.cards import DISPLAY_SUITS, Hand
from bridgetable.core.seats import Seat


def _lines(hand: Hand | None, symbols: bool) -> list[str]:
    out = []
    for s in DISPLAY_SUITS:
        mark = s.symbol if symbols else s.letter
        text = "?" if hand is None else (hand.suit_text(s) or "-")
        out.append(f"{mark} {text}")
    return out


def deal_diagram(
    hands: Mapping[Seat, Hand], *, symbols: bool = False, header: str | None = None
) -> str:
    """The four hands in compass layout; a missing hand shows as ``?``."""
    col = 12
    rows: list[str] = []
    if header:
        rows.append(header)
    north = _lines(hands.get(Seat.NORTH), symbols)
    south = _lines(hands.get(Seat.SOUTH), symbols)
    west = _lines(hands.get(Seat.WEST), symbols)
    east = _lines(hands.get(Seat.EAST), symbols)
    rows.extend(" " * col + line for line in north)
    rows.extend(f"{w:<{2 * col}}{e}".rstrip() for w, e in zip(west, east, strict=True))
    rows.extend(" " * col + line for line in south)
    return "\n".join(rows)
