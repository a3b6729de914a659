"""The policies: how a board takes a card and which irregular acts it accepts.

``RuleSet.policy`` names one of two; :func:`policy_for` gives its object, and the
:class:`~bridgetable.core.board.Board` asks it whatever the two answer differently -- how a card
play is checked, taken, applied and replayed, who plays next to the trick, what the legal cards
are, and which irregular acts are events:

* :class:`OnlinePolicy` (``"online"``): the software prevents irregularities. Only the hand to
  play may play, and only a legal card (Laws 44, 45B, 46B); a card out of turn, a revoke or an
  exposed card is refused up front, so no rectification ever arises (Law 10 has nothing to
  do).
* :class:`TablePolicy` (``"table"``): the engine takes the acts of a real table as they
  happened -- a lead out of turn (53-56), a premature play (57), an exposed card (48-50), a
  revoke (61), dummy's misplay (45D), a defective trick (67) -- and the Laws' rectifications
  follow (:mod:`bridgetable.core.table`).

Card legality itself lives in :mod:`bridgetable.core.legality`; a policy only adds the
obligations it knows of (:meth:`Policy.obligations`).

Example:
    >>> from bridgetable.core.rules import RuleSet
    >>> policy_for(RuleSet.duplicate()).name, policy_for(RuleSet.duplicate(policy="table")).name
    ('online', 'table')
    >>> policy_for(RuleSet.duplicate()).takes("expose_card")
    False
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgetable.core.cards import SUIT_MASKS, Card
from bridgetable.core.errors import (
    IllegalPlay,
    NotationError,
    NotEntitled,
    OutOfTurn,
    WrongPhase,
)
from bridgetable.core.events import CardExposed, CardPlayed, OpeningLeadFaceDown, card_played
from bridgetable.core.legality import (
    follow_cards,
    follows,
    legal_mask,
    playable_cards,
    refuse_outside_play,
)
from bridgetable.core.phase import Phase
from bridgetable.core.seats import SEATS

if TYPE_CHECKING:
    from bridgetable.core.board import Board
    from bridgetable.core.rules import RuleSet
    from bridgetable.core.seats import Seat, Side

__all__ = ["ONLINE", "TABLE", "OnlinePolicy", "Policy", "TablePolicy", "policy_for"]

_PLAY = Phase.PLAY
_LHO = {s: s.lho for s in SEATS}

#: The table-mode acts and commands: irregular acts taken as events, and the acts that
#: rectify them (Laws 42B2, 45D, 45E, 45F, 48-57, 61-62, 67).
TABLE_ACTS = frozenset(
    {
        "proper_lead",  # 53B
        "expose_card",  # 48-50, 54A
        "fifth_card",  # 45E
        "draw_attention",  # 62A
        "revoke_inquiry",  # 42B1, 61B as a call of attention (62A)
        "warn_wrong_hand",  # 42B2, 43B2a
        "dummy_indicates",  # 45F
        "dummy_misplays",  # 45D
        "flag_misplay",  # 45D
        "defective_trick",  # 67
    }
)


class Policy:
    """What the two policies answer differently; see the module docstring."""

    name: str = ""
    #: the irregular acts (and their rectifying acts) this policy takes as events
    acts: frozenset[str] = frozenset()

    def takes(self, act: str) -> bool:
        """Whether this policy takes ``act`` (one of :data:`TABLE_ACTS`) as an event."""
        return act in self.acts

    def legal_cards(self, b: Board, seat: Seat | None) -> list[Card]:
        """:meth:`Board.legal_cards <bridgetable.core.board.Board.legal_cards>`."""
        raise NotImplementedError

    def check_play(self, b: Board, seat: Seat, card: Card) -> None:
        """:meth:`Board.check_play <bridgetable.core.board.Board.check_play>`."""
        raise NotImplementedError

    def play(
        self, b: Board, seat: Seat, card: Card
    ) -> CardPlayed | OpeningLeadFaceDown | CardExposed:
        """:meth:`Board.play <bridgetable.core.board.Board.play>`."""
        raise NotImplementedError

    def apply_card(self, b: Board, e: CardPlayed) -> None:
        """Apply a recorded :class:`CardPlayed`."""
        raise NotImplementedError

    def replay_card(self, b: Board, e: CardPlayed) -> None:
        """Check a record's :class:`CardPlayed` as this policy takes that card, and record it."""
        raise NotImplementedError

    def next_hand(self, b: Board, hand: Seat) -> None:
        """Set the hand to play after ``hand`` played to an incomplete trick (44B)."""
        raise NotImplementedError

    def obligations(self, b: Board, hand: Seat) -> int:
        """The cards ``hand`` may play under this policy, Law 46 aside (44C, 44D, and table
        mode's rectification obligations)."""
        raise NotImplementedError

    #: whether order_trick and after_trick do anything (Board skips them otherwise)
    trick_hooks = False

    def order_trick(self, b: Board) -> None:
        """Before a complete trick is quitted (57C: table mode orders its cards)."""

    def after_trick(self, b: Board, winner: Seat) -> None:
        """After a trick is quitted (table mode: obligations lapse, 50D2b, 57)."""

    def claimable(self, b: Board) -> bool:  # noqa: ARG002
        """Whether the cards stand as a claim's position can state them (Law 68)."""
        return True

    def on_claim(self, b: Board, claimer: Seat) -> None:
        """A claim or concession was made (63A3 under table mode)."""

    def on_agreement(self, b: Board, side: Side) -> None:
        """``side`` agreed to a claim (63A4 under table mode)."""

    def on_inquiry(self, b: Board, asked: Seat, seat: Seat) -> None:
        """``seat`` asked ``asked`` whether he has a card of the suit led (42B1, 61B)."""


class OnlinePolicy(Policy):
    """The online policy: irregular acts are refused up front (see the module docstring)."""

    name = "online"

    def legal_cards(self, b: Board, seat: Seat | None) -> list[Card]:
        """The hand to play's legal cards (44C, 44D, 46B3b, 46B5), for its player only."""
        if b._phase is _PLAY and not b._pending_rank and not b._defender_choice:
            if seat is not None and seat is not b._actor:
                return []
            return follow_cards(b._hands[b._turn], b._trick)  # type: ignore[index]
        hand = b.hand_to_play
        if hand is None or (seat is not None and seat is not b._player_of(hand)):
            return []
        return playable_cards(b, hand)

    def check_play(self, b: Board, seat: Seat, card: Card) -> None:
        """Refuse any card but a legal one from the hand to play by its player (Laws 41, 44,
        45B, 46B)."""
        phase = b._phase
        if (
            phase is _PLAY
            and seat is b._actor
            and not b._pending_rank
            and not b._defender_choice
            and follows(b._hands[b._turn], b._trick, card)  # type: ignore[index]
        ):
            return  # the common case, checked in full: the right player, a legal card held
        refuse_outside_play(phase, seat, card)
        if phase is Phase.CLARIFICATION:
            leader = b.opening_leader
            if b._face_down is not None:
                if seat is leader:
                    raise NotEntitled(
                        "play",
                        seat,
                        "the face-down opening lead may be changed only on the Director's "
                        "instruction",
                        "41A, 47E, 54",
                    )
                raise WrongPhase(
                    "play", seat, "no card may be played until the opening lead is faced", "41C"
                )
            if seat is not leader:
                raise OutOfTurn(
                    "play",
                    seat,
                    f"the opening lead is made by presumed declarer's left-hand opponent, {leader}",
                    "41A, 54",
                )
        hand = b._turn
        if hand is None:  # pragma: no cover - guarded by the phase checks
            raise WrongPhase("play", seat, "no hand is to play", "44")
        actor = b._player_of(hand)
        if seat is not actor:
            if seat is b._dummy and hand is b._dummy:
                raise NotEntitled(
                    "play",
                    seat,
                    "dummy plays a card only as declarer names it",
                    "45B, 43A1c",
                )
            raise OutOfTurn("play", seat, f"it is {hand}'s hand to play", "44B, 53-57")
        if b._defender_choice:
            raise NotEntitled(
                "play", seat, "declarer left dummy's card to the defenders' choice", "46B5"
            )
        hmask = b._hands[hand]
        if not hmask & card.bit:
            raise IllegalPlay("play", seat, f"{hand}'s hand does not hold {card}", "44")
        if b._pending_rank and card not in b._pending_rank:
            names = ", ".join(str(c) for c in b._pending_rank)
            raise IllegalPlay("play", seat, f"declarer named a rank; choose among {names}", "46B3b")
        if not follows(hmask, b._trick, card):
            led = b._trick[0][1].suit
            raise IllegalPlay(
                "play",
                seat,
                f"{card} fails to follow suit while {hand} holds a "
                f"{led.name.lower()[:-1]}: a revoke",
                "44C, 61A",
            )

    def play(
        self, b: Board, seat: Seat, card: Card
    ) -> CardPlayed | OpeningLeadFaceDown | CardExposed:
        """Play a legal card of the hand to play (44, 45B); the duplicate code's opening lead
        is made face down (41A)."""
        hand = b._turn
        if (
            b._phase is _PLAY
            and seat is b._actor
            and not b._pending_rank
            and not b._defender_choice
            and (hmask := b._hands[hand]) & card.bit  # type: ignore[index]
            and (
                not (trick := b._trick)
                or card.suit is (led := trick[0][1].suit)
                or not hmask & SUIT_MASKS[led]
            )  # legality.follows, inlined (the hot path)
        ):
            # the common case (check_play's fast path): recorded without the full checks
            e = card_played(seat, card, hand, "named" if hand is b._dummy else "faced")  # type: ignore[arg-type]
            b._events.append(e)
            self.apply_card(b, e)
            return e
        self.check_play(b, seat, card)
        if b._phase is _PLAY:
            e = card_played(seat, card, hand, "named" if hand is b._dummy else "faced")  # type: ignore[arg-type]
            b._events.append(e)
            self.apply_card(b, e)
            return e
        if b._phase is Phase.CLARIFICATION and b.rules.face_down_opening_lead:
            fd = OpeningLeadFaceDown(seat, card)
            b._record(fd)
            return fd
        if hand is None:  # pragma: no cover - check_play guarantees it
            raise WrongPhase("play", seat, "no hand is to play", "44")
        e = CardPlayed(seat, card, hand, "named" if hand is b._dummy else "faced")
        b._record(e)
        return e

    def apply_card(self, b: Board, e: CardPlayed) -> None:
        """The card leaves its hand and joins the trick; a face-up opening lead starts the
        play period (41C); a Law 46 choice is over (46B3b, 46B5); dummy's designated card
        is kept for 45C4b."""
        hand = e.hand
        card = e.card
        b._hands[hand] &= ~card.bit
        if b._phase is not _PLAY:
            b._phase = Phase.PLAY  # face-up opening lead (rubber, or RA option)
            b._seen_faced = True
        if b._pending_rank:
            b._pending_rank = ()
        if b._defender_choice:
            b._defender_choice = False
        if b._changed_after:
            b._changed_after = []
        # Board._put_card with this policy's next_hand, inlined (the hot path)
        dummy = b._dummy
        declarer = b._declarer
        b._review[declarer if hand is dummy else hand] = False  # type: ignore[index]
        trick = b._trick
        if not trick:
            b._trick_leader = hand
        trick.append((hand, card))
        b._played_at.append(len(b._events) - 1)
        if len(trick) == 4:
            b._complete_trick()
        else:
            nxt = _LHO[hand]
            b._turn = nxt
            b._actor = declarer if nxt is dummy else nxt
        if hand is dummy:
            if e.how in ("named", "designated"):
                b._designated = card
        elif hand is declarer:
            b._designated = None

    def replay_card(self, b: Board, e: CardPlayed) -> None:
        """The record's card must be legal from the hand to play (44B)."""
        self.check_play(b, e.seat, e.card)
        if e.hand is not b.hand_to_play:
            raise OutOfTurn("play", e.seat, f"the record plays from {e.hand} out of turn", "44B")
        b._record(e)

    def next_hand(self, b: Board, hand: Seat) -> None:
        """Play proceeds clockwise (44B)."""
        nxt = _LHO[hand]
        b._turn = nxt
        b._actor = b._declarer if nxt is b._dummy else nxt

    def obligations(self, b: Board, hand: Seat) -> int:
        """Follow suit (44C, 44D)."""
        trick = b._trick
        return legal_mask(b._hands[hand], trick[0][1].suit if trick else None)


class TablePolicy(Policy):
    """The table policy: irregular acts are events and rectified (:mod:`.table`)."""

    name = "table"
    acts = TABLE_ACTS
    trick_hooks = True

    def legal_cards(self, b: Board, seat: Seat | None) -> list[Card]:
        """The hand to play's cards under its obligations (44C, 50, 51, 57, 59)."""
        return b._table_legal(seat)

    def check_play(self, b: Board, seat: Seat, card: Card) -> None:
        """Refuse only what even a real table cannot do (:meth:`TableMixin._table_check`)."""
        b._table_check(seat, card)

    def play(
        self, b: Board, seat: Seat, card: Card
    ) -> CardPlayed | OpeningLeadFaceDown | CardExposed:
        """Take the card as it happened at the table (53-57, 61; :mod:`.table`)."""
        result: CardPlayed | OpeningLeadFaceDown | CardExposed = b._table_play(seat, card)
        return result

    def apply_card(self, b: Board, e: CardPlayed) -> None:
        """Apply the card and whatever irregularity it makes or accepts (:mod:`.table`)."""
        b._apply_table_card(e)

    def replay_card(self, b: Board, e: CardPlayed) -> None:
        """The record's card must be taken as a card played, from the hand it names."""
        how, hand = b._table_check(e.seat, e.card)
        if how != "card" or hand is not e.hand:
            raise NotationError(f"the record's {e!r} is not how the table takes that card")
        b._record(e)

    def next_hand(self, b: Board, hand: Seat) -> None:  # noqa: ARG002
        """The first hand in rotation from the leader that has not played (44B, 57C)."""
        b._set_turn(b._first_missing())

    def obligations(self, b: Board, hand: Seat) -> int:
        """Follow suit, then the rectification obligations (50, 51, 57, 59)."""
        return b._constrained_mask(hand)

    def order_trick(self, b: Board) -> None:
        """Order the complete trick in rotation from its leader (57C)."""
        b._table_order_trick()

    def after_trick(self, b: Board, winner: Seat) -> None:
        """57A options and 57D obligations lapse; a forbidden lead lasts (50D2b)."""
        b._table_after_trick(winner)

    def claimable(self, b: Board) -> bool:
        """An irregularity may leave the cards out of rotation or a hand short (67)."""
        return b._cards_claimable()

    def on_claim(self, b: Board, claimer: Seat) -> None:
        """63A3: a claim or concession by the offending side establishes its revoke."""
        b._table_on_claim(claimer)

    def on_agreement(self, b: Board, side: Side) -> None:
        """63A4: the offending side's agreement to a claim establishes its revoke."""
        b._table_on_agreement(side)

    def on_inquiry(self, b: Board, asked: Seat, seat: Seat) -> None:
        """The question draws attention to a revoke by the player asked (42B1, 61B, 62A)."""
        b._revoke_inquired(asked, seat)


ONLINE = OnlinePolicy()
TABLE = TablePolicy()


def policy_for(rules: RuleSet) -> Policy:
    """The policy object ``rules.policy`` names."""
    return TABLE if rules.policy == "table" else ONLINE
