"""Card legality in one place: may this hand play this card now, and the legal cards.

Every question the engine asks about a card's legality comes here:

* :func:`follows` -- whether a held card follows suit (Law 44C), or the hand is void in the
  suit led or is leading (44D): the one-card form of :func:`~bridgetable.core.tricks.legal_mask`,
  the primitive;
* :func:`follow_cards` -- the cards a hand may play to the trick (44C, 44D), highest first;
* :func:`obligations_mask` -- the cards left once the rectification obligations of table mode
  are applied on top of following suit: a card to be played in turn (57D), a lead required or
  forbidden (50D2), declarer's 57A choice for the offender's partner, and penalty cards (50C,
  50D1, 51A), each dropped when it cannot be complied with (59);
* :func:`playable_mask` -- the legal cards of a hand of a board now: the rank candidates of
  Law 46B3b, none while the defenders choose dummy's card (46B5), else the cards following
  suit under the policy's obligations.

The board's ``legal_cards``, ``check_play`` and ``play`` (both policies) and table mode's
classification of a card (revoke, penalty card not played, requirement not met) use these.

Example:
    >>> from bridgetable.core.cards import Card, Hand
    >>> hand = Hand.from_pbn("AK.Q2..T9876532").mask
    >>> trick = [(None, Card("H5"))]
    >>> follows(hand, trick, Card("HQ")), follows(hand, trick, Card("SA"))
    (True, False)
    >>> [str(c) for c in follow_cards(hand, trick)]
    ['HQ', 'H2']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bridgetable.core.cards import SUIT_MASKS, Card, Suit, cards_of_mask, suit_cards
from bridgetable.core.errors import NotationError, WrongPhase
from bridgetable.core.phase import Phase
from bridgetable.core.tricks import legal_mask

if TYPE_CHECKING:
    from bridgetable.core.host import BoardHost
    from bridgetable.core.rectifications import Option
    from bridgetable.core.seats import Seat

__all__ = [
    "follow_cards",
    "follows",
    "legal_mask",
    "obligations_mask",
    "playable_cards",
    "playable_mask",
]

#: The non-honours (two to nine) of every suit (Law 50B, 50C).
LOW_RANKS = sum(((1 << 8) - 1) << (13 * s) for s in range(4))


def follows(hmask: int, trick: Sequence[tuple[Any, Card]], card: Card) -> bool:
    """Whether ``card`` is in ``hmask`` and may be played to ``trick`` (the cards so far, in
    order): any card to lead, or a card of the suit led, or any card when void in it (Law
    44C, 44D). The hot path of both policies."""
    if not hmask & card.bit:
        return False
    if not trick:
        return True
    led = trick[0][1].suit
    return card.suit is led or not hmask & SUIT_MASKS[led]


def follow_cards(hmask: int, trick: Sequence[tuple[Any, Card]]) -> list[Card]:
    """The cards of ``hmask`` that may be played to ``trick``, highest first (Law 44C, 44D):
    ``cards_of_mask(legal_mask(hmask, led))``, without building the mask."""
    if trick:
        led = trick[0][1].suit
        pattern = (hmask >> (13 * led)) & 0x1FFF
        if pattern:
            return list(suit_cards(led, pattern))
    return cards_of_mask(hmask)


def _apply_57(base: int, opt: Option, led: Suit) -> int:
    """The cards partner may play under declarer's 57A choice ``opt`` (57A1, 57A2)."""
    follow = base & SUIT_MASKS[led]
    if opt.key == "highest" and follow:
        return 1 << (follow.bit_length() - 1)
    if opt.key == "lowest" and follow:
        return follow & -follow
    if opt.key in ("play", "not") and not follow:
        smask = 0
        for suit in opt.suits():
            smask |= SUIT_MASKS[suit]
        m = base & smask if opt.key == "play" else base & ~smask
        if m:
            return m
    return base


def obligations_mask(
    hmask: int,
    led: Suit | None,
    *,
    must: Card | None = None,
    lead_req: tuple[str, tuple[Suit, ...]] | None = None,
    play_req: Option | None = None,
    penalties: dict[Card, bool] | None = None,
    designated: Card | None = None,
) -> int:
    """The cards of ``hmask`` a hand may play: following suit first (Law 44C), then its
    rectification obligations, each dropped when it cannot be complied with (59):

    * ``must``: a card played at his RHO's turn, played in turn if legal (57D);
    * ``lead_req``: declarer's ``("require" | "forbid", suits)`` for a lead (50D2);
    * ``play_req``: declarer's 57A option for the partner of a premature player (57A);
    * ``penalties``: his penalty cards, major ``True`` (50D1 plays a major one; a minor one
      bars lower non-honours of its suit, 50C), ``designated`` the one declarer named (51A).
    """
    base = legal_mask(hmask, led)
    if must is not None and base & must.bit:
        return must.bit
    if led is None:
        if lead_req is not None:
            smask = 0
            for s in lead_req[1]:
                smask |= SUIT_MASKS[s]
            m = base & smask if lead_req[0] == "require" else base & ~smask
            if m:
                base = m
    elif play_req is not None:
        base = _apply_57(base, play_req, led)
    if penalties:
        if designated is not None and designated in penalties and base & designated.bit:
            return designated.bit  # 51A: the one declarer designated
        major = 0
        for c, is_major in penalties.items():
            if is_major:
                major |= c.bit
        if base & major:
            return base & major
        for c, is_major in penalties.items():
            if not is_major:
                lower = SUIT_MASKS[c.suit] & LOW_RANKS & ~c.bit
                m = base & ~lower
                if m:
                    base = m
    return base


def playable_mask(board: BoardHost, hand: Seat) -> int:
    """The legal cards of ``hand`` of ``board`` now, as a mask: the candidates of a rank
    declarer named (Law 46B3b), none while the defenders choose dummy's card (46B5), else
    the cards following suit (44C, 44D) under the obligations of the board's policy (table
    mode: 50, 51, 57, 59; see :func:`obligations_mask`)."""
    if board._pending_rank:
        m = 0
        for c in board._pending_rank:
            m |= c.bit
        return m
    if board._defender_choice:
        return 0
    return board._policy.obligations(board, hand)  # type: ignore[arg-type]


def playable_cards(board: BoardHost, hand: Seat) -> list[Card]:
    """:func:`playable_mask` as cards: the rank candidates in the order declarer's
    designation gave them (46B3b), else highest first."""
    if board._pending_rank:
        return list(board._pending_rank)
    return cards_of_mask(playable_mask(board, hand))


def refuse_outside_play(phase: Phase, seat: Any, card: object) -> None:
    """Refuse a card put on the table when no card can be played, by any policy: during the
    auction (41A), once play is over (44), while a claim suspends it (68D); and a ``card``
    that is not a card."""
    if phase is Phase.AUCTION:
        raise WrongPhase("play", seat, "the auction is not over", "41A")
    if phase in (Phase.ENDED, Phase.PASSED_OUT):
        raise WrongPhase("play", seat, "play of this board is over", "44")
    if phase is Phase.CLAIM:
        raise WrongPhase("play", seat, "play is suspended by a claim", "68D")
    if not isinstance(card, Card):
        raise NotationError(f"not a card: {card!r}")
