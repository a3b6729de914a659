"""Table mode: irregular acts become events and the Laws' rectifications follow.

Under ``RuleSet.duplicate(policy="table")`` the engine accepts, as events, the irregular acts
of a real table -- a lead out of turn (Laws 53-56, the opening lead 54), a premature play
(57), an exposed card (48-50), a revoke (61) -- and then offers the right player exactly the
options the Law gives (:attr:`TableMixin.pending`), refuses normal play until the choice is
made (except the acts the Laws treat as acceptance: the next hand playing to a lead out of
turn, 53A and 60A; declarer playing after a defender's failure to play a penalty card, 52;
the proper lead over an opponent's lead out of turn, 53B, :meth:`TableMixin.proper_lead`,
after which the player whose card was led in error may leave it played or withdraw it; the
wrong defender playing to declarer's lead out of turn, 53C, which makes it stand and
brings in 57), and applies the choice (:meth:`TableMixin.choose`).

* Penalty cards (50) stay in their owner's hand and face up for everyone; a major one must be
  played at the first legal opportunity (50D1), a minor one bars lower non-honours of its suit
  (50C); when the partner of a major penalty card's owner obtains the lead, declarer chooses
  (50D2, 51B); when the owner of two or more could legally play more than one of them,
  declarer designates which (51A). Following suit always comes first (44C) and a player
  who cannot comply plays any otherwise legal card (59).
* Revokes are recorded silently (61), corrected when attention is drawn before they are
  established (62; :meth:`TableMixin.draw_attention`, or the "having none?" question of 42B1
  and 61B), established at the moments of 63A (but both sides' revokes on one trick are
  corrected while only one side has played to the next, 62C3), and their trick transfers
  apply at the end of play (64A, 64B); every established revoke raises a Director flag (64C).
* A dummy card placed without declarer's designation (:meth:`TableMixin.dummy_misplays`) is
  withdrawn when attention is drawn to it in time (:meth:`TableMixin.flag_misplay`), with the
  retractions of 45D; a defective trick (:meth:`TableMixin.report_defective_trick`) is fixed
  in place (67A) or, found later, the omitter places a card and a trick moves (67B).
* The Director's flags (:attr:`TableMixin.director_flags`) list every case the Laws leave to
  his judgement.

Example:
    >>> from bridgetable.core.board import Board
    >>> from bridgetable.core.calls import Contract
    >>> from bridgetable.core.cards import Card
    >>> from bridgetable.core.deal import Deal
    >>> from bridgetable.core.record import BoardSetup
    >>> from bridgetable.core.rules import RuleSet
    >>> from bridgetable.core.seats import Seat
    >>> deal = Deal.from_pbn(
    ...     "N:AKQ2.J84.T9.7654 JT9.AKQ.8765.AKQ 8765.T9.AKQJ.JT9 43.76532.432.832")
    >>> setup = BoardSetup.for_board(1, deal=deal)
    >>> b = Board(BoardSetup(1, setup.dealer, setup.vulnerability, deal,
    ...     RuleSet.duplicate(policy="table"), Contract.parse("4S S")))
    >>> _ = b.play(Seat.EAST, Card("HA"))   # East faces a lead; West was to lead (Law 54)
    >>> b.pending.kind, b.pending.option_ids
    ('54', ('spread', 'accept', 'refuse'))
    >>> b.pending.options[1].label, b.pending.options[1].law
    ('Accept the lead: I play second', '54B')
    >>> _ = b.choose(Seat.SOUTH, "accept")
    >>> b.phase.value, b.hand_to_play       # declarer plays second from his hand (54B)
    ('play', Seat.SOUTH)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bridgetable.core.cards import DISPLAY_SUITS, SUIT_MASKS, Card, Suit
from bridgetable.core.errors import IllegalPlay, NotationError, NotEntitled, WrongPhase
from bridgetable.core.events import (
    AttentionDrawn,
    CardExposed,
    CardPlayed,
    DeclarerSawDummy,
    DefectiveTrick,
    DummyIndicated,
    DummyMisplayed,
    DummyWarned,
    HandsReturned,
    MisplayFlagged,
    OpeningLeadFaceDown,
    ProperLeadMade,
    RectificationChosen,
)
from bridgetable.core.host import BoardHost
from bridgetable.core.legality import follows, obligations_mask, playable_cards, refuse_outside_play
from bridgetable.core.phase import Phase
from bridgetable.core.rectifications import (
    CardLedInError,
    DeclarerLeadOutOfTurn,
    DefenderLeadOutOfTurn,
    DesignatePenaltyCard,
    MissingCard,
    OpeningLeadOutOfTurn,
    Option,
    PenaltyCardLead,
    PenaltyCardNotPlayed,
    PrematurePlay,
    Rectification,
    RetractAfterMisplay,
    RetractAfterRevoke,
    WrongHandWarning,
)
from bridgetable.core.seats import SEATS, Seat, Side
from bridgetable.core.tricks import Trick

# ----------------------------------------------------------------------------- state


@dataclass(slots=True)
class Revoke:
    """A revoke (61A): ``hand`` failed to follow ``suit`` (or a requirement) on ``trick``."""

    trick: int
    hand: Seat
    player: Seat
    card: Card
    suit: Suit
    kind: str = "follow"  # "follow" (44C) or "requirement" (61A: a rectification obligation)
    established: bool = False
    corrected: bool = False
    penalised: bool = False  # 43B2b: corrected but treated as established for Law 64

    def summary(self) -> dict[str, Any]:
        """A JSON-able description for the Director."""
        return {
            "trick": self.trick + 1,
            "hand": self.hand.letter,
            "card": str(self.card),
            "suit": self.suit.letter,
            "kind": self.kind,
            "established": self.established,
            "corrected": self.corrected,
            "penalised": self.penalised,
        }


class TableMixin(BoardHost):
    """The table-mode commands and state of :class:`~bridgetable.core.board.Board`."""

    # table state
    _pending: Rectification | None
    _queue: list[Rectification]
    _penalty: dict[Seat, dict[Card, bool]]
    _lead_req: tuple[Seat, str, tuple[Suit, ...]] | None
    _lead_choice_done: bool
    _play_req: dict[Seat, Option]
    _must_play: dict[Seat, Card]
    _designated_pc: dict[Seat, Card]
    _revokes: list[Revoke]
    _flags: list[tuple[str, str]]
    _saw_dummy: bool
    _hands_returned: bool
    _misplay: tuple[int, Card] | None
    _defective: list[tuple[int, Seat]]
    _in_error: list[tuple[Seat, Card, Seat]]

    def _table_reset(self) -> None:
        self._pending = None
        self._queue = []
        self._penalty = {s: {} for s in SEATS}
        self._lead_req = None
        self._lead_choice_done = False
        self._play_req = {}
        self._must_play = {}
        self._designated_pc = {}
        self._revokes = []
        self._flags = []
        self._saw_dummy = False
        self._hands_returned = False
        self._misplay = None
        self._defective = []
        self._in_error = []

    # -- public state ------------------------------------------------------------------

    @property
    def pending(self) -> Rectification | None:
        """The rectification choice awaiting its chooser, if any (table mode)."""
        return self._pending

    def options_for(self, seat: Seat) -> tuple[Option, ...]:
        """The options ``seat`` may choose now (empty unless he is an entitled chooser)."""
        p = self._pending
        if p is None or seat not in p.choosers:
            return ()
        return p.options

    def penalty_cards(self, seat: Seat) -> dict[Card, bool]:
        """``seat``'s penalty cards, each with ``True`` when major (Law 50B)."""
        return dict(self._penalty[seat])

    @property
    def revokes(self) -> tuple[Revoke, ...]:
        """Every revoke recorded so far (the Director's knowledge; players see none)."""
        return tuple(self._revokes)

    @property
    def director_flags(self) -> tuple[tuple[str, str], ...]:
        """(Law, text) for every matter left to the Director's judgement: each established
        revoke (64C), and each case where a Law says the Director may adjust."""
        return tuple(self._flags)

    def _flag(self, law: str, text: str) -> None:
        self._flags.append((law, text))

    # -- geometry ----------------------------------------------------------------------

    def _first_missing(self) -> Seat | None:
        """The next hand to play to the current trick: the first, in rotation from the
        leader, that has not played to it (Law 44B)."""
        leader = self._trick_leader if self._trick else None
        if leader is None:
            return self._turn
        done = {s for s, _ in self._trick}
        h = leader
        for _ in range(4):
            if h not in done:
                return h
            h = h.lho
        return None

    def _position(self, hand: Seat) -> int:
        leader = self._trick_leader if self._trick_leader is not None else hand
        return (hand - leader) % 4

    def _table_order_trick(self) -> None:
        """Order a complete trick in rotation from its leader (premature plays, 57C)."""
        leader = self._trick_leader
        if leader is not None:
            self._trick.sort(key=lambda sc: (sc[0] - leader) % 4)

    # -- legal cards (44C, 50, 51, 57, 59) -----------------------------------------------

    def _constrained_mask(self, hand: Seat, *, penalties: bool = True) -> int:
        """The cards ``hand`` may play now: follow suit first (44C), then the rectification
        obligations, each dropped when it cannot be complied with (59); see
        :func:`bridgetable.core.legality.obligations_mask`."""
        trick = self._trick
        req = self._lead_req
        return obligations_mask(
            self._hands[hand],
            trick[0][1].suit if trick else None,
            must=self._must_play.get(hand),
            lead_req=(req[1], req[2]) if req is not None and req[0] is hand else None,
            play_req=self._play_req.get(hand),
            penalties=self._penalty[hand] if penalties else None,
            designated=self._designated_pc.get(hand),
        )

    def _table_legal(self, seat: Seat | None) -> list[Card]:
        phase = self._phase
        if phase not in (Phase.PLAY, Phase.CLARIFICATION) or self._face_down is not None:
            return []
        hand = self._turn
        if hand is None:
            return []
        if seat is not None and seat is not self._player_of(hand):
            return []
        p = self._pending
        if p is not None and not self._accepts_by_play(p, self._player_of(hand), hand):
            return []
        return playable_cards(self, hand)

    def _classify(self, hand: Seat, card: Card) -> str:
        """``"ok"``, ``"revoke"`` (44C, 61A), ``"penalty"`` (a penalty card not played, 52)
        or ``"requirement"`` (another obligation not met, 61A), for a card ``hand`` holds."""
        if not follows(self._hands[hand], self._trick, card):
            return "revoke"
        if self._constrained_mask(hand) & card.bit:
            return "ok"
        if self._constrained_mask(hand, penalties=False) & card.bit:
            return "penalty"
        return "requirement"

    # -- acceptance by play (53A, 54B, 60A, 52) ------------------------------------------

    def _accepts_by_play(self, p: Rectification, seat: Seat, hand: Seat) -> bool:
        """Whether ``seat`` playing from ``hand`` now counts as accepting the irregularity."""
        if p.kind in ("54", "56", "55"):
            nxt = p.offender.lho if p.offender is not None else None
            return hand is nxt and seat is self._player_of(hand)
        if p.kind == "52":
            return seat is self._declarer
        return False

    # -- the table-mode play command -----------------------------------------------------

    def _hand_holding(self, seat: Seat, card: Card) -> Seat:
        if self._hands[seat] & card.bit:
            return seat
        dummy = self._dummy
        if (
            seat is self._declarer
            and dummy is not None
            and self._phase is Phase.PLAY
            and self._hands[dummy] & card.bit
        ):
            return dummy
        raise IllegalPlay("play", seat, f"{seat} does not hold {card}", "44")

    def _table_check(self, seat: Seat, card: Card) -> tuple[str, Seat]:
        """Refuse what even table mode cannot accept; else say how the play is taken:
        ``"card"`` (a :class:`CardPlayed`), ``"face_down"`` (41A) or ``"exposed"`` (54E, or
        a lead to trick 13 out of turn, 53A)."""
        phase = self._phase
        refuse_outside_play(phase, seat, card)
        if seat is self._dummy and phase is Phase.PLAY:
            raise NotEntitled(
                "play", seat, "dummy plays a card only as declarer names it", "45B, 43A1c"
            )
        hand = self._hand_holding(seat, card)
        p = self._pending
        if (
            p is not None
            and self._proper_lead_open(p, seat, hand)
            and p.offender is not None
            and hand is not p.offender.lho
        ):
            return "proper_lead", hand  # 53B (the next hand uses proper_lead)
        if p is not None and self._wrong_defender_53c(p, hand):
            return "premature", hand  # 53C: the lead stands, Law 57 applies
        if p is not None and not self._accepts_by_play(p, seat, hand):
            who = ", ".join(str(s) for s in p.choosers)
            raise NotEntitled(
                "play",
                seat,
                f"{who} must first choose among: {', '.join(p.option_ids)}",
                p.law,
            )
        if phase is Phase.CLARIFICATION:
            leader = self.opening_leader
            if p is not None:  # presumed declarer plays to the lead: accepted (53A, 54B)
                return "card", hand
            if seat in (self._declarer, self._dummy):
                return "exposed", hand  # 54E: Law 24, not a lead
            if seat is leader:
                if self._face_down is not None:
                    raise NotEntitled(
                        "play",
                        seat,
                        "the face-down opening lead may be changed only on the Director's "
                        "instruction",
                        "41A, 47E, 54",
                    )
                if self._classify(hand, card) != "ok":
                    raise IllegalPlay(
                        "play", seat, f"{card} does not comply with the lead required", "50D2"
                    )
                return ("face_down" if self.rules.face_down_opening_lead else "card"), hand
            return "card", hand  # the other defender faces a lead: Law 54
        if not self._trick and hand is not self._turn and len(self._tricks) == 12:
            return "exposed", hand  # 53A: no acceptance at trick 13
        if not self._trick:
            if hand is self._turn and self._classify(hand, card) == "requirement":
                raise IllegalPlay(
                    "play", seat, f"{card} does not comply with the lead required", "50D2, 59"
                )
            return "card", hand
        if self._trick_has(hand):
            if not self._is_defender(hand):
                raise NotEntitled(
                    "play",
                    seat,
                    f"{hand} has played to this trick; declarer's extra card goes back",
                    "45E",
                )
            return "premature", hand
        if hand is not self._turn and self._is_defender(hand):
            partner = hand.partner
            due = self._turn
            before_partner = (
                not self._trick_has(partner)
                and due is not None
                and self._position(due) <= self._position(partner) < self._position(hand)
            )
            if not (before_partner and self._declarer_played_both()):
                return "premature", hand  # 57A, 57D (57C1 plays the card)
        return "card", hand

    def _proper_lead_open(self, p: Rectification, seat: Seat, hand: Seat) -> bool:
        """53B: ``hand`` was due to lead, is an opponent of the irregular leader, and
        ``seat`` plays for it."""
        return (
            p.kind in ("55", "56")
            and p.offender is not None
            and hand is p.due
            and hand.side is not p.offender.side
            and seat is self._player_of(hand)
            and len(self._trick) == 1
        )

    def _wrong_defender_53c(self, p: Rectification, hand: Seat) -> bool:
        """53C: declarer led out of turn and the defender on the irregular lead's right
        plays to it."""
        return (
            p.kind == "55"
            and p.offender is not None
            and hand is p.offender.rho
            and self._is_defender(hand)
            and len(self._trick) == 1
        )

    def proper_lead(self, seat: Seat, card: Card) -> CardPlayed:
        """Make the proper lead over an opponent's lead out of turn (53B).

        The hand that was due to lead, an opponent of the irregular leader, leads ``card``
        without it counting as played to the irregular lead: the proper lead stands, and the
        card led in error "may be withdrawn" (53B, 47F1). The player who led it (declarer for
        dummy's card) then chooses (:attr:`pending`, kind ``"53B"``):

        * ``"withdraw"`` -- the default, listed first: the card goes back to its owner's hand,
          no penalty card, but the information from it is unauthorized to the offending side
          (16C; a Director flag);
        * ``"leave"`` -- the card stays played: it is its owner's card to this trick, which he
          must play when his turn comes.

        A card its owner could not legally play to the proper lead (he can follow suit, or a
        rectification obligation forbids it, 44C, 50, 59) cannot stay played: it goes back
        with no choice, as under ``"withdraw"``.

        When the proper leader is not the next hand after the irregular lead, simply playing
        from his hand (:meth:`play`) does the same; the next hand playing to the irregular
        lead accepts it (53A), so he makes a proper lead with this command.
        """
        p = self._pending
        if not self._policy.takes("proper_lead") or p is None or not isinstance(card, Card):
            raise NotEntitled("proper_lead", seat, "no lead out of turn awaits a choice", "53B")
        hand = self._hand_holding(seat, card)
        if not self._proper_lead_open(p, seat, hand):
            raise NotEntitled(
                "proper_lead",
                seat,
                "only the opponent of the irregular leader whose turn it was to lead",
                "53B",
            )
        self._check_proper_lead(seat, hand, card)
        self._record(ProperLeadMade(seat, hand))
        e = CardPlayed(seat, card, hand, "named" if hand is self._dummy else "faced")
        self._record(e)
        return e

    def _check_proper_lead(self, seat: Seat, hand: Seat, card: Card) -> None:
        trick = self._trick
        self._trick = []
        try:
            kind = self._classify(hand, card)
        finally:
            self._trick = trick
        if kind == "requirement":
            raise IllegalPlay(
                "play", seat, f"{card} does not comply with the lead required", "50D2, 59"
            )

    def _check_proper_lead_event(self, e: ProperLeadMade) -> None:
        """Replay: the record's proper lead must be open now."""
        p = self._pending
        if p is None or not self._proper_lead_open(p, e.seat, e.hand):
            raise NotationError(f"the record's {e!r} is not open at this point")
        self._record(e)

    def _apply_proper_lead(self, e: ProperLeadMade) -> None:
        p = self._pending
        self._pending = None
        if p is None or p.offender is None:  # pragma: no cover - proper_lead guarantees it
            return
        for h, c in list(self._trick):
            self._withdraw_from_trick(h)
            self._in_error.append((h, c, e.hand))
        self._trick_leader = None
        self._set_turn(e.hand)

    def _offer_53b(self) -> None:
        """After the proper lead (53B): each card played in error may be withdrawn -- the
        choice of the player who played it, when the card could legally stay played as his
        card to the trick; otherwise it goes back at once."""
        cards, self._in_error = self._in_error, []
        for h, c, leader in cards:
            led = len(self._trick) == 1 and self._trick[0][0] is leader
            if led and not self._trick_has(h) and self._constrained_mask(h) & c.bit:
                self._queue.append(
                    CardLedInError(choosers=(self._player_of(h),), offender=h, card=c, due=leader)
                )
            else:
                self._withdrawn_53b(h, c, leader)

    def _withdrawn_53b(self, hand: Seat, card: Card, leader: Seat | None) -> None:
        self._flag("53B, 16C", f"{hand}'s {card} led out of turn goes back: {leader} led properly")

    def _table_play(self, seat: Seat, card: Card) -> Any:
        how, hand = self._table_check(seat, card)
        if how == "exposed":
            law = "24" if self._phase is Phase.CLARIFICATION else "53A"
            ex = CardExposed(seat, card, True, law)
            self._record(ex)
            return ex
        if how == "proper_lead":
            self._check_proper_lead(seat, hand, card)
            self._record(ProperLeadMade(seat, hand))
            pl = CardPlayed(seat, card, hand, "named" if hand is self._dummy else "faced")
            self._record(pl)
            return pl
        if how == "premature":
            pe = CardExposed(seat, card, True, "57")
            self._record(pe)
            return pe
        if how == "face_down":
            fd = OpeningLeadFaceDown(seat, card)
            self._record(fd)
            return fd
        e = CardPlayed(seat, card, hand, "named" if hand is self._dummy else "faced")
        self._record(e)
        return e

    # -- applying a card in table mode ---------------------------------------------------

    def _apply_table_card(self, e: CardPlayed) -> None:
        hand, card = e.hand, e.card
        self._pending_rank = ()
        self._defender_choice = False
        self._changed_after = []
        p = self._pending
        if p is not None:
            self._resolve(p, "accept")
        if self._phase is Phase.CLARIFICATION:
            if hand is not self.opening_leader:
                self._opening_lead_out_of_turn(hand, card)
                self._after()
                return
            self._phase = Phase.PLAY
            self._seen_faced = True
        self._establish_by_play(hand.side, len(self._tricks))
        if not self._trick:
            self._table_lead(hand, card)
        else:
            self._table_follow(hand, card)
        if self._in_error:
            self._offer_53b()
        if hand is self._dummy:
            self._designated = card if e.how in ("named", "designated") else self._designated
        elif hand is self._declarer:
            self._designated = None
        self._after()

    def _opening_lead_out_of_turn(self, hand: Seat, card: Card) -> None:
        """Law 54: the wrong defender faces an opening lead."""
        leader = self.opening_leader
        fd = self._face_down
        if fd is not None and leader is not None:  # 54 preamble: partner's card goes back
            self._hands[leader] |= fd.bit
            self._face_down = None
            self._review[leader] = True
        self._hands[hand] &= ~card.bit
        self._put_card(hand, card)
        declarer = self._declarer
        if declarer is None:  # pragma: no cover - a contract exists in this phase
            return
        self._pending = OpeningLeadOutOfTurn(
            choosers=(declarer,), offender=hand, card=card, due=leader, seen=self._saw_dummy
        )

    def _table_lead(self, hand: Seat, card: Card) -> None:
        due = self._turn
        if hand is due:
            kind = self._classify(hand, card)
            self._hands[hand] &= ~card.bit
            self._put_card(hand, card)
            self._after_own_card(hand, card, kind)
            return
        # a lead out of turn (53-56)
        self._hands[hand] &= ~card.bit
        self._put_card(hand, card)
        self._set_turn(hand.lho)
        if self._is_defender(hand):
            declarer = self._declarer
            if declarer is not None:
                self._pending = DefenderLeadOutOfTurn(
                    choosers=(declarer,), offender=hand, card=card, due=due
                )
        else:
            decider = hand.lho
            self._pending = DeclarerLeadOutOfTurn(
                choosers=(decider, decider.partner), offender=hand, card=card, due=due
            )

    def _after_own_card(self, hand: Seat, card: Card, kind: str) -> None:
        self._play_req.pop(hand, None)
        self._must_play.pop(hand, None)
        chosen = self._designated_pc.pop(hand, None)
        if kind in ("revoke", "requirement"):
            led = self._led_of_current(card)
            self._revokes.append(
                Revoke(
                    len(self._tricks) - (0 if self._trick_has(hand) else 1),
                    hand,
                    self._player_of(hand),
                    card,
                    led,
                    "follow" if kind == "revoke" else "requirement",
                )
            )
        elif kind == "penalty":
            declarer = self._declarer
            pcs = self._penalty[hand]
            owed = [c for c in pcs if pcs[c]] or list(pcs)
            if chosen is not None and chosen in pcs:
                owed = [chosen]
            if declarer is not None and owed:
                self._pending = PenaltyCardNotPlayed(
                    choosers=(declarer,), offender=hand, card=card, extra=owed[0]
                )

    def _trick_has(self, hand: Seat) -> bool:
        return any(s is hand for s, _ in self._trick)

    def _led_of_current(self, card: Card) -> Suit:
        if self._trick:
            return self._trick[0][1].suit
        if self._tricks:
            return self._tricks[-1].led_suit
        return card.suit  # pragma: no cover

    def _table_follow(self, hand: Seat, card: Card) -> None:
        kind = self._classify(hand, card)
        self._hands[hand] &= ~card.bit
        self._put_card(hand, card)
        self._after_own_card(hand, card, kind)

    def _declarer_played_both(self) -> bool:
        played = {s for s, _ in self._trick}
        return self._declarer in played and self._dummy in played

    def _premature(self, hand: Seat, card: Card) -> None:
        """A defender's card before his turn to a trick in progress: a lead to the next
        trick or a play before partner has played (57A), or a play at his RHO's turn (57D).
        57C1 (declarer had played from both hands) never comes here: that card is played."""
        partner = hand.partner
        due = self._turn
        if self._trick_has(hand):  # a lead to the next trick: 63A1 counts it
            self._establish_by_play(hand.side, len(self._tricks) + 1)
            self._make_penalty(hand, card, major=True)
            if not self._trick_has(partner):
                self._offer_57(hand, card)
            return
        partner_pending = (
            not self._trick_has(partner)
            and due is not None
            and self._position(due) <= self._position(partner) < self._position(hand)
        )
        if partner_pending:
            self._make_penalty(hand, card, major=True)
            self._offer_57(hand, card)
            return
        # 57D: played at his RHO's turn
        if self._classify(hand, card) == "ok":
            self._must_play[hand] = card
            self._flag("57D, 16", f"{hand} played {card} at his RHO's turn: it is played in turn")
        else:
            self._make_penalty(hand, card, major=True)

    def _offer_57(self, hand: Seat, card: Card) -> None:
        declarer = self._declarer
        if declarer is None or not self._trick:  # pragma: no cover
            return
        self._pending = PrematurePlay(
            choosers=(declarer,),
            offender=hand,
            card=card,
            due=hand.partner,
            led=self._trick[0][1].suit,
        )

    def _make_penalty(self, hand: Seat, card: Card, *, major: bool) -> None:
        """``card`` (still in ``hand``) becomes a penalty card; two or more are all major
        (50B). Never for declarer or dummy (48A)."""
        if not self._is_defender(hand):
            return
        pcs = self._penalty[hand]
        pcs[card] = major or card.rank.is_honour
        if len(pcs) > 1:
            for c in pcs:
                pcs[c] = True

    # -- after every table event ---------------------------------------------------------

    def _after(self) -> None:
        """Raise the next queued choice, or declarer's 50D2 lead choice when the partner of
        a major penalty card's owner is to lead."""
        # penalty cards leave with the card: drop those no longer held
        for s in SEATS:
            pcs = self._penalty[s]
            if pcs:
                for c in [c for c in pcs if not self._hands[s] & c.bit]:
                    del pcs[c]
        if self._pending is None and self._queue:
            self._pending = self._queue.pop(0)
        if self._pending is None:
            self._offer_51a()
        if (
            self._pending is None
            and not self._trick
            and not self._lead_choice_done
            and self._phase in (Phase.PLAY, Phase.CLARIFICATION)
            and self._face_down is None
            and self._declarer is not None
        ):
            leader = self._turn
            if leader is None or not self._is_defender(leader):
                return
            owner = leader.partner
            suits = tuple(
                s
                for s in DISPLAY_SUITS
                if any(c.suit is s and m for c, m in self._penalty[owner].items())
            )
            if not suits:
                return
            self._pending = PenaltyCardLead(
                choosers=(self._declarer,), offender=owner, due=leader, suits=suits
            )

    def _offer_51a(self) -> None:
        """51A: a defender with two or more penalty cards must play and more than one of
        them can legally be played: declarer designates which one."""
        hand = self._turn
        declarer = self._declarer
        if (
            hand is None
            or declarer is None
            or len(self._penalty[hand]) < 2
            or hand in self._designated_pc
            or self._face_down is not None
            or self._phase not in (Phase.PLAY, Phase.CLARIFICATION)
            or not self._is_defender(hand)
        ):
            return
        mask = self._constrained_mask(hand)
        playable = [c for c in self._penalty[hand] if mask & c.bit]
        if len(playable) < 2:
            return
        playable.sort(reverse=True)
        self._pending = DesignatePenaltyCard(
            choosers=(declarer,), offender=hand, due=hand, cards=tuple(playable)
        )

    def _table_after_trick(self, winner: Seat) -> None:
        """A trick was quitted: 57A options and 57D obligations lapse; a forbidden lead
        lasts while that player keeps the lead (50D2b)."""
        self._play_req = {}
        self._must_play = {}
        self._designated_pc = {}
        req = self._lead_req
        if req is not None and (req[1] == "require" or req[0] is not winner):
            self._lead_req = None
        if req is None or req[0] is not winner:
            self._lead_choice_done = False

    # -- choices -------------------------------------------------------------------------

    def choose(
        self, seat: Seat, option: Option | str, suit: Suit | None = None
    ) -> RectificationChosen:
        """Choose among the options the Law gives ``seat`` now (see :attr:`pending`).

        ``option`` is one of :attr:`pending`'s :class:`~bridgetable.core.rectifications.Option`
        values or its :attr:`~bridgetable.core.rectifications.Option.id`; an id may also be
        given as its key with ``suit`` (``"require"`` with ``Suit.SPADES`` is ``"require S"``).
        Each Law's class in :mod:`bridgetable.core.rectifications` lists its options: 54
        (``spread``/``accept``/``refuse``), 53/55/56 (``accept``/``reject``), 53B
        (``withdraw``/``leave``), 52 (``accept``/``reject``), 57A (``highest``/``lowest``/
        ``play X``/``not X``), 50D2 and 51B (``require X``/``forbid X ...``/``free``), 62C and
        45D (``retract``/``keep``), 43B2a (``lead from X``), 67B1 (``place <card>``), 51A
        (``designate <card>``). An option not offered, or a seat not entitled, is refused
        (:class:`~bridgetable.core.errors.NotEntitled`, with the choice's Law).
        """
        p = self._pending
        if p is None:
            raise WrongPhase("choose", seat, "no rectification awaits a choice", "10, 12")
        if not isinstance(option, (str, Option)):
            raise NotationError(f"an option is text, not {option!r}")
        if suit is not None:
            if not isinstance(option, str) or not isinstance(suit, Suit):
                raise NotationError(f"a suit completes an option's key, not {option!r}")
            option = f"{option} {suit.letter}"
        chosen = p.chosen(seat, option)
        e = RectificationChosen(seat, chosen.id)
        self._record(e)
        return e

    def _apply_chosen(self, e: RectificationChosen) -> None:
        p = self._pending
        if p is None:  # pragma: no cover - choose guarantees it
            return
        if p.kind == "55" and len(p.choosers) == 2 and e.seat is not p.choosers[0]:
            # the other defender's view; on disagreement the next in turn decides (55A)
            self._pending = replace(p, choosers=(p.choosers[0],))
            return
        self._resolve(p, e.option)
        self._after()

    def _resolve(self, p: Rectification, option_id: str) -> None:
        """The choice ``p`` is made: apply the option named ``option_id`` (none if it is not
        offered: the choice simply lapses)."""
        self._pending = None
        option = p.option(option_id)
        if option is not None:
            p.apply(self, option)

    # the acts the rectifications apply (bridgetable.core.rectifications)

    def _accept_opening_lead(self) -> None:
        """54B: the opening lead out of turn stands; declarer plays second from his own hand
        (41 footnote)."""
        self._phase = Phase.PLAY
        self._seen_faced = True

    def _spread_presumed_declarer(self) -> None:
        """54A: the presumed declarer spreads his hand and becomes dummy; his partner declares
        and the lead is now in turn."""
        old_declarer, old_dummy = self._declarer, self._dummy
        if old_declarer is None or old_dummy is None or self._contract is None:
            return  # pragma: no cover
        self._contract = self._contract.with_declarer(old_dummy)
        self._declarer, self._dummy = old_dummy, old_declarer
        self._phase = Phase.PLAY
        self._seen_faced = True
        self._set_turn(old_declarer)

    def _refuse_opening_lead(self, offender: Seat, card: Card, leader: Seat | None) -> None:
        """54D: the card led out of turn goes back as a major penalty card; the proper leader
        leads."""
        self._withdraw_from_trick(offender)
        self._trick_leader = None
        self._make_penalty(offender, card, major=True)
        self._review[offender] = True
        self._set_turn(leader)

    def _restrict_lead(self, owner: Seat, leader: Seat, mode: str, suits: tuple[Suit, ...]) -> None:
        """50D2a/50D2b: declarer requires (``mode`` ``"require"``) or forbids a lead of
        ``suits`` from ``leader``; ``owner``'s penalty cards of those suits are picked up."""
        for c in [c for c in self._penalty[owner] if c.suit in suits]:
            del self._penalty[owner][c]
        self._lead_req = (leader, mode, suits)

    def _withdraw_from_trick(self, hand: Seat) -> Card:
        """Take ``hand``'s card back from the trick in play. A card that is no longer played
        is no longer a revoke: an uncorrected revoke by that card (a card retracted under
        62C1 or 45D, played in error to a lead out of turn, 53B) is forgotten, so that a
        later request (62A) finds no revoke to correct instead of a card that is not there.
        A revoke being corrected is marked so before its card is withdrawn, and stays."""
        i = next(i for i, (s, _) in enumerate(self._trick) if s is hand)
        _, card = self._trick.pop(i)
        if i < len(self._played_at):
            del self._played_at[i]
        self._hands[hand] |= card.bit
        n = len(self._tricks)
        self._revokes = [
            r
            for r in self._revokes
            if r.corrected or not (r.trick == n and r.hand is hand and r.card is card)
        ]
        return card

    def _substitute(self, hand: Seat, wrong: Card, penalty: Card) -> None:
        """52B: the penalty card replaces the card illegally played, which becomes a major
        penalty card (also when that card completed the trick)."""
        self._hands[hand] = (self._hands[hand] | wrong.bit) & ~penalty.bit
        self._penalty[hand].pop(penalty, None)
        self._make_penalty(hand, wrong, major=True)
        for i, (s, c) in enumerate(self._trick):
            if s is hand and c is wrong:
                self._trick[i] = (hand, penalty)
                return
        if self._tricks and not self._trick:
            from bridgetable.core.tricks import winning_index

            t = self._tricks[-1]
            cards = tuple((s, penalty if c is wrong else c) for s, c in t.cards)
            w = cards[winning_index([c for _, c in cards], self._contract_trump())][0]
            self._won[t.winner & 1] -= 1
            self._won[w & 1] += 1
            self._tricks[-1] = Trick(t.leader, cards, w)
            ns = not w & 1
            for s in SEATS:
                self._marks[s][-1] = ns if s.side is Side.NS else not ns
            if self._phase is not Phase.ENDED:
                self._set_turn(w)

    # -- exposed cards (48, 49, 50, 54A) -------------------------------------------------

    def expose_card(self, seat: Seat, card: Card, deliberate: bool = False) -> CardExposed:
        """A card of ``seat``'s exposed other than in play (table mode).

        A defender's card becomes a penalty card: minor if a single non-honour exposed
        unintentionally, else major (49, 50B). Declarer's card is no penalty card (48A);
        but the presumed declarer who exposes a card after a faced opening lead out of turn
        must spread his hand and becomes dummy (54A).
        """
        if not self._policy.takes("expose_card"):
            raise NotEntitled(
                "expose_card", seat, "the online policy has no exposed cards", "48-50"
            )
        if self._phase not in (Phase.CLARIFICATION, Phase.PLAY):
            raise WrongPhase("expose_card", seat, "only during the play period", "49")
        if not isinstance(card, Card) or not self._hands[seat] & card.bit:
            raise IllegalPlay("expose_card", seat, f"{seat} does not hold {card}", "49")
        if card in self._penalty[seat]:
            raise NotEntitled("expose_card", seat, f"{card} is already a penalty card", "50A")
        if seat is self._dummy and self._phase is Phase.PLAY:
            raise NotEntitled("expose_card", seat, "dummy's cards are spread face up", "41D, 48A")
        p = self._pending
        if p is not None and p.kind == "54" and seat is self._declarer and p.option("spread"):
            law = "54A"
        elif self._is_defender(seat):
            law = "49"
        else:
            law = "48A"
        e = CardExposed(seat, card, bool(deliberate), law)
        self._record(e)
        return e

    def fifth_card(self, seat: Seat, card: Card, *, lead: bool = False) -> Any:
        """A card contributed to a trick that already has one from ``seat``'s hand (45E).

        If the Director judges it a lead (``lead=True``) it is a lead out of turn (53, 55,
        56, via :meth:`play`); otherwise a defender's card is a penalty card and declarer's
        goes back without rectification.
        """
        if lead:
            return self._table_play(seat, card)
        if not self._policy.takes("fifth_card") or self._phase is not Phase.PLAY:
            raise WrongPhase("fifth_card", seat, "table mode, during play", "45E")
        if not isinstance(card, Card) or not self._hands[seat] & card.bit:
            raise IllegalPlay("fifth_card", seat, f"{seat} does not hold {card}", "45E")
        e = CardExposed(seat, card, False, "45E")
        self._record(e)
        return e

    def _apply_exposed(self, e: CardExposed) -> None:
        if e.law == "54A":
            p = self._pending
            if p is not None:
                self._resolve(p, "spread")
        elif e.law in ("49", "45E"):
            self._make_penalty(e.seat, e.card, major=e.deliberate)
        elif e.law == "57":
            p = self._pending
            if p is not None and self._wrong_defender_53c(p, e.seat):
                self._resolve(p, "accept")  # 53C: the lead stands
                self._flag("53C", f"{e.seat} played to declarer's lead out of turn")
            self._premature(e.seat, e.card)
        elif e.law == "24":
            self._flag("24, 54E", f"{e.seat} exposed {e.card} before the opening lead")
        self._after()

    # -- revokes (61-64) -----------------------------------------------------------------

    def _open_revoke(self, offender: Seat) -> Revoke | None:
        for r in self._revokes:
            if r.corrected or (r.hand is not offender and r.player is not offender):
                continue
            if not r.established:
                return r
            if r.trick == 11 and self._phase is Phase.ENDED and not self._hands_returned:
                return r  # 62D1
            if self._both_sides_62c3(r):
                return r  # 62C3, 63B
        return None

    def _both_sides_62c3(self, r: Revoke) -> list[Revoke]:
        """62C3: both sides revoked on ``r``'s trick, the last one quitted, and only one side
        has played to the next trick. The uncorrected revokes of that trick, else none."""
        if (
            r.trick != len(self._tricks) - 1
            or self._phase is not Phase.PLAY
            or len({s.side for s, _ in self._trick}) != 1
        ):
            return []
        revs = [x for x in self._revokes if x.trick == r.trick and not x.corrected]
        if len({x.hand.side for x in revs}) < 2:
            return []
        return revs

    def draw_attention(self, seat: Seat, offender: Seat) -> AttentionDrawn:
        """Draw attention to a possible revoke by ``offender`` (62A).

        An unestablished revoke is then corrected (62B): the offender withdraws the card
        (a major penalty card if it came from a defender's concealed hand) and plays a legal
        one; non-offenders who played after it may retract (62C). A revoke on trick 12 is
        corrected even when established, until the hands go back into the board (62D). A
        request about an established revoke is refused (63B). Dummy may not point out an
        irregularity during play (43A1b); after a 43A2 act, his pointing out a defender's
        irregularity brings no rectification (43B3).
        """
        if not self._policy.takes("draw_attention"):
            raise NotEntitled(
                "draw_attention", seat, "the online policy prevents revokes", "61, 62"
            )
        if self._phase not in (Phase.PLAY, Phase.ENDED):
            raise WrongPhase("draw_attention", seat, "no card has been played", "62")
        if self._pending is not None:
            raise NotEntitled("draw_attention", seat, "a rectification is being chosen", "62")
        if (
            seat is self._dummy
            and self._phase is Phase.PLAY
            and not (self._dummy_forfeited and self._is_defender(offender))
        ):
            raise NotEntitled(
                "draw_attention",
                seat,
                "dummy may not point out an irregularity during play",
                "43A1b",
            )
        if offender is self._dummy:
            offender = self._declarer or offender
        if self._open_revoke(offender) is None and any(
            r.hand is offender or r.player is offender for r in self._revokes if r.established
        ):
            raise NotEntitled("draw_attention", seat, f"{offender}'s revoke is established", "63B")
        e = AttentionDrawn(seat, offender)
        self._record(e)
        return e

    def _apply_attention(self, e: AttentionDrawn) -> None:
        self._attention_drawn = True
        r = self._open_revoke(e.offender)
        if r is None:
            return
        if e.seat is self._dummy and self._phase is Phase.PLAY:
            self._flag("43B3", f"dummy first drew attention to {e.offender}'s revoke")
            return
        self._correct(r)
        self._after()

    def _revoke_inquired(self, asked: Seat, seat: Seat) -> None:
        """42B1, 61B: the question draws attention to a revoke by the player asked (table
        mode, through the policy)."""
        if self._pending is not None:
            return  # a rectification is being chosen: no correction now (as 62A requests)
        r = self._open_revoke(asked)
        if r is None or r.established:
            return
        if seat is self._dummy and self._dummy_forfeited:
            r.penalised = True  # 43B2b
            self._flag("43B2b, 64", f"dummy first asked; {r.player}'s revoke is penalised")
        self._correct(r)
        self._after()

    def _correct(self, r: Revoke) -> None:
        """Correct revoke ``r`` (62B, 62C, 62D)."""
        both = self._both_sides_62c3(r)
        if both:
            self._correct_62c3(both)
            return
        r.corrected = True
        if r.trick < len(self._tricks):
            if r.trick == 11 and len(self._tricks) == 13:
                self._correct_trick_12(r)
                return
            self._reopen_quitted()  # a non-offender's lead to the next trick goes back
        trick_hands = [s for s, _ in self._trick]
        pos = trick_hands.index(r.hand)
        later = trick_hands[pos + 1 :]
        was_penalty = r.card in self._penalty[r.hand]
        self._withdraw_from_trick(r.hand)
        if not was_penalty:
            self._make_penalty(r.hand, r.card, major=True)  # 62B1 (never declarer's, 48A)
        side = r.hand.side
        for h in later:
            if h.side is not side:
                self._queue.append(
                    RetractAfterRevoke(choosers=(self._player_of(h),), law="62C1", offender=h)
                )
        self._set_turn(self._first_missing())

    def _correct_62c3(self, revs: list[Revoke]) -> None:
        """62C3: both revokes are corrected (even an established one, 63B) and every card
        the defenders withdraw -- a revoke card or a card played to the next trick -- becomes
        a penalty card; no trick is transferred for them (64B8)."""
        led_next = list(self._trick)
        self._reopen_quitted()
        for h, c in led_next:
            self._make_penalty(h, c, major=True)
        for r in revs:
            r.corrected = True
            was_penalty = r.card in self._penalty[r.hand]
            self._withdraw_from_trick(r.hand)
            if not was_penalty:
                self._make_penalty(r.hand, r.card, major=True)
        self._flag(
            "62C3",
            f"both sides revoked on trick {revs[0].trick + 1}: "
            + ", ".join(f"{r.player}'s {r.card}" for r in revs)
            + " corrected",
        )
        self._set_turn(self._first_missing())

    def _retract_after_revoke(self, p: Rectification, hand: Seat) -> None:
        offender_side = hand.side.opponents
        pos = self._position(hand)
        card = self._withdraw_from_trick(hand)
        if p.law == "62C2":
            self._make_penalty(hand, card, major=True)
        else:
            after = [
                s for s, _ in self._trick if s.side is offender_side and self._position(s) > pos
            ]
            if after:
                h = after[0]
                self._queue.insert(
                    0, RetractAfterRevoke(choosers=(self._player_of(h),), law="62C2", offender=h)
                )
        self._set_turn(self._first_missing())

    def _correct_trick_12(self, r: Revoke) -> None:
        """62D1: the offender's cards of tricks 12 and 13 change places."""
        t12, t13 = self._tricks[11], self._tricks[12]
        c13 = t13.card_of(r.hand)
        from bridgetable.core.tricks import winning_index

        new = []
        for t, old, repl in ((t12, r.card, c13), (t13, c13, r.card)):
            cards = tuple((s, repl if c is old and s is r.hand else c) for s, c in t.cards)
            w = cards[winning_index([c for _, c in cards], self._contract_trump())][0]
            new.append(Trick(t.leader, cards, w))
        for i, t in ((11, new[0]), (12, new[1])):
            old_w = self._tricks[i].winner
            self._won[old_w & 1] -= 1
            self._won[t.winner & 1] += 1
            self._tricks[i] = t
            ns = not t.winner & 1
            for s in SEATS:
                self._marks[s][i] = ns if s.side is Side.NS else not ns

    def _contract_trump(self) -> Suit | None:
        return None if self._contract is None else self._contract.strain.suit

    def _establish_by_play(self, side: Side, trick: int) -> None:
        for r in self._revokes:
            if not r.established and not r.corrected and r.hand.side is side and trick > r.trick:
                self._establish(r, "63A1")

    def _establish(self, r: Revoke, law: str) -> None:
        r.established = True
        self._flag(
            "64C",
            f"revoke by {r.player} ({r.card} on trick {r.trick + 1}) established ({law}): "
            "review equity",
        )

    def _table_on_claim(self, claimer: Seat) -> None:
        """63A3: a claim or concession by the offending side establishes its revoke."""
        for r in self._revokes:
            if not r.established and not r.corrected and r.hand.side is claimer.side:
                self._establish(r, "63A3")

    def _table_on_agreement(self, side: Side) -> None:
        """63A4: the offending side's agreement to a claim becomes established (69A)."""
        for r in self._revokes:
            if not r.established and not r.corrected and r.hand.side is side:
                self._establish(r, "63A4")

    def revoke_transfer(self, later_by_claim: dict[Side, int] | None = None) -> dict[Side, int]:
        """Tricks transferred after play for established revokes (64A), as a signed change
        per side; none in the 64B cases (both sides' revokes established, a trick-12 revoke,
        a failure to play a penalty card or a dummy card, a repeated revoke in one suit)."""
        out = {Side.NS: 0, Side.EW: 0}
        if self._phase is not Phase.ENDED or not (self._revokes or self._defective):
            return out
        extra = later_by_claim or {}
        loss = self._defective_loss(extra)
        loss[Side.NS] += self._revoke_loss(Side.NS, extra)
        loss[Side.EW] += self._revoke_loss(Side.EW, extra)
        for side in (Side.NS, Side.EW):
            # a side never gives up more tricks than it won (64A: tricks won by the offender)
            won = sum(1 for t in self._tricks if t.winner.side is side) + extra.get(side, 0)
            loss[side] = min(loss[side], won)
        out[Side.NS] = loss[Side.EW] - loss[Side.NS]
        out[Side.EW] = loss[Side.NS] - loss[Side.EW]
        return out

    def _revoke_loss(self, offenders: Side, extra: dict[Side, int]) -> int:
        """The tricks ``offenders`` give up for their established revokes (64A), none in the
        64B cases."""
        est = [r for r in self._revokes if (r.established and not r.corrected) or r.penalised]
        if not est or len({r.hand.side for r in est}) == 2 or est[0].hand.side is not offenders:
            return 0
        seen: set[tuple[Seat, Suit]] = set()
        total = 0
        side = est[0].hand.side
        first = min(r.trick for r in est)
        for r in sorted(est, key=lambda r: r.trick):
            key = (r.player, r.suit)
            if key in seen:
                continue
            seen.add(key)
            if r.trick >= 11 or r.kind == "requirement" or r.hand is self._dummy:
                continue
            if r.trick >= len(self._tricks):
                continue
            winner = self._tricks[r.trick].winner
            later = any(t.winner.side is side for t in self._tricks[r.trick + 1 :])
            later = later or extra.get(side, 0) > 0
            if winner is r.hand:
                total += 2 if later else 1
            elif winner.side is side or later:
                total += 1
        won_since = sum(1 for t in self._tricks[first:] if t.winner.side is side)
        return min(total, won_since + extra.get(side, 0))

    # -- dummy (42B2, 43B2a, 45F) and the Director (54C, 62D) -----------------------------

    def warn_wrong_hand(self, seat: Seat) -> DummyWarned:
        """Dummy warns declarer against leading from the wrong hand (42B2). After a 43A2
        act, either defender then chooses the hand declarer leads from (43B2a)."""
        if not self._policy.takes("warn_wrong_hand"):
            raise NotEntitled("warn_wrong_hand", seat, "table mode only", "42B2")
        if seat is not self._dummy:
            raise NotEntitled("warn_wrong_hand", seat, "this is dummy's warning", "42B2")
        if (
            self._phase is not Phase.PLAY
            or self._trick
            or self._pending is not None
            or self._turn not in (self._declarer, self._dummy)
        ):
            raise WrongPhase("warn_wrong_hand", seat, "declarer is not about to lead", "42B2")
        e = DummyWarned(seat)
        self._record(e)
        return e

    def _apply_warned(self, e: DummyWarned) -> None:  # noqa: ARG002
        declarer, dummy = self._declarer, self._dummy
        if self._dummy_forfeited and declarer is not None and dummy is not None:
            self._pending = WrongHandWarning(
                choosers=(declarer.lho, declarer.rho), hands=(declarer, dummy)
            )

    def dummy_indicates(self, seat: Seat, card: Card) -> DummyIndicated:
        """Dummy touches or indicates a card without instruction: play continues and the
        Director reviews damage at the end (45F)."""
        if (
            not self._policy.takes("dummy_indicates")
            or seat is not self._dummy
            or self._phase is not Phase.PLAY
        ):
            raise NotEntitled("indicate", seat, "dummy, during play, table mode", "45F")
        if not isinstance(card, Card) or not self._hands[seat] & card.bit:
            raise IllegalPlay("indicate", seat, f"dummy does not hold {card}", "45F")
        e = DummyIndicated(seat, card)
        self._record(e)
        return e

    def _apply_indicated(self, e: DummyIndicated) -> None:
        self._flag("45F", f"dummy indicated {e.card} without instruction: review damage")

    def director_finds_dummy_seen(self) -> DeclarerSawDummy:
        """The Director finds the presumed declarer could have seen a dummy card: he must
        accept the opening lead out of turn (54C)."""
        p = self._pending
        if p is None or p.kind != "54":
            raise WrongPhase(
                "dummy_seen", None, "no opening lead out of turn awaits declarer", "54C"
            )
        e = DeclarerSawDummy(None)
        self._record(e)
        return e

    def _apply_saw_dummy(self, e: DeclarerSawDummy) -> None:  # noqa: ARG002
        self._saw_dummy = True
        p = self._pending
        if isinstance(p, OpeningLeadOutOfTurn):
            self._pending = replace(p, seen=True, law=p.law + ", 54C")

    def return_hands(self) -> HandsReturned:
        """The hands go back into the board: a trick-12 revoke can no longer be corrected
        (62D1)."""
        if self._phase is not Phase.ENDED or self._hands_returned:
            raise WrongPhase("return_hands", None, "play is not over", "62D")
        e = HandsReturned(None)
        self._record(e)
        return e

    def _apply_hands_returned(self, e: HandsReturned) -> None:  # noqa: ARG002
        self._hands_returned = True

    # -- dummy's misplaced card (45D) ----------------------------------------------------

    def _misplay_open(self) -> bool:
        """Whether dummy's misplaced card may still be withdrawn: attention is drawn before
        each side has played to the next trick (45D)."""
        m = self._misplay
        if m is None or self._phase not in (Phase.PLAY, Phase.ENDED):
            return False
        n, card = m
        dummy = self._dummy
        if dummy is None:  # pragma: no cover - a misplay needs a dummy
            return False
        if n == len(self._tricks):
            return any(s is dummy and c is card for s, c in self._trick)
        if n != len(self._tricks) - 1 or self._tricks[n].card_of(dummy) is not card:
            return False
        return len({s.side for s, _ in self._trick}) < 2

    def dummy_misplays(self, seat: Seat, card: Card) -> DummyMisplayed:
        """Dummy places ``card`` in the played position without declarer's designation, at
        dummy's turn to play to a trick in progress: a "misplay" (table mode only, 45D).

        The card counts as played until attention is drawn to it (:meth:`flag_misplay`). A
        card that would not follow suit is refused (it is no card dummy can be "played"), and
        a misplaced lead from dummy is not modelled: the lead comes from the hand declarer
        leads from (55 covers declarer's lead from the wrong hand).
        """
        if not self._policy.takes("dummy_misplays"):
            raise NotEntitled("misplay", seat, "the online policy plays only named cards", "45D")
        dummy = self._dummy
        if seat is not dummy or self._phase is not Phase.PLAY:
            raise NotEntitled("misplay", seat, "dummy's card, during play", "45D")
        if (
            self._pending is not None
            or not self._trick
            or self._turn is not dummy
            or self._pending_rank
            or self._defender_choice
        ):
            raise WrongPhase("misplay", seat, "dummy is not to play to a trick in progress", "45D")
        if not isinstance(card, Card) or not self._hands[seat] & card.bit:
            raise IllegalPlay("misplay", seat, f"dummy does not hold {card}", "45D")
        if not self._constrained_mask(seat) & card.bit:
            raise IllegalPlay("misplay", seat, f"{card} does not follow suit", "44C, 45D")
        e = DummyMisplayed(seat, card)
        self._record(e)
        return e

    def _apply_misplayed(self, e: DummyMisplayed) -> None:
        hand, card = e.seat, e.card
        self._pending_rank = ()
        self._defender_choice = False
        self._changed_after = []
        n = len(self._tricks)
        self._establish_by_play(hand.side, n)
        self._table_follow(hand, card)
        self._designated = None  # nothing was designated: 45C4b has nothing to change
        self._misplay = (n, card)
        self._after()

    def flag_misplay(self, seat: Seat | None) -> MisplayFlagged:
        """Draw attention to dummy's misplaced card (45D); ``seat=None`` is the Director.

        Before each side has played to the next trick the card is withdrawn and declarer
        names dummy's card; a defender who played after it may take his card back, and when
        declarer's RHO does, declarer may take back a card he played after it to that trick
        (45D). Later the card stays played and the request is refused. Dummy may not draw
        attention to an irregularity during play (43A1b).
        """
        if not self._policy.takes("flag_misplay"):
            raise NotEntitled("flag_misplay", seat, "table mode only", "45D")
        if seat is not None and seat is self._dummy:
            raise NotEntitled(
                "flag_misplay", seat, "dummy may not point out an irregularity during play", "43A1b"
            )
        if self._pending is not None:
            raise NotEntitled("flag_misplay", seat, "a rectification is being chosen", "45D")
        if not self._misplay_open():
            raise WrongPhase(
                "flag_misplay",
                seat,
                "no misplaced dummy card, or each side has played to the next trick",
                "45D",
            )
        e = MisplayFlagged(seat)
        self._record(e)
        return e

    def _reopen_quitted(self) -> None:
        """Reopen the last quitted trick; cards already led to the next one go back."""
        for s, c in self._trick:
            self._hands[s] |= c.bit
        self._trick = []
        self._played_at = []
        self._reopen_last_trick()
        self._played_at = [-1] * len(self._trick)

    def _apply_misplay_flagged(self, e: MisplayFlagged) -> None:  # noqa: ARG002
        m, dummy = self._misplay, self._dummy
        self._misplay = None
        if m is None or dummy is None:  # pragma: no cover - flag_misplay guarantees it
            return
        if m[0] < len(self._tricks):
            self._reopen_quitted()
        pos = self._position(dummy)
        self._withdraw_from_trick(dummy)
        for h, _ in sorted(self._trick, key=lambda sc: self._position(sc[0])):
            if self._position(h) > pos and self._is_defender(h):
                self._queue.append(RetractAfterMisplay(choosers=(h,), offender=h))
        self._set_turn(self._first_missing())
        self._after()

    def _retract_45d(self, hand: Seat) -> None:
        pos = self._position(hand)
        n = len(self._tricks)
        card = self._withdraw_from_trick(hand)
        self._revokes = [
            r for r in self._revokes if not (r.trick == n and r.hand is hand and r.card is card)
        ]
        declarer = self._declarer
        if (
            declarer is not None
            and hand is declarer.rho
            and any(s is declarer and self._position(s) > pos for s, _ in self._trick)
        ):
            self._queue.insert(0, RetractAfterMisplay(choosers=(declarer,), offender=declarer))
        self._set_turn(self._first_missing())

    # -- defective tricks (67) -----------------------------------------------------------

    def report_defective_trick(
        self, hand: Seat, trick: int, *, extra: Card | None = None
    ) -> DefectiveTrick:
        """The Director's report that trick ``trick`` (0-based) is defective (table mode only).

        Without ``extra``: ``hand`` never played the card the record shows for him to that
        trick (a missing card); the card goes back to his hand. With ``extra``: ``hand`` also
        put ``extra`` (a card the engine still counts in his hand) among his played cards to
        that trick.

        * 67A -- noticed before a player of each side has played to the next trick: the
          trick is fixed in place; a missing card is supplied at once (the trick reopens,
          any card led to the next trick goes back, and the offender plays a legal card), an
          extra card is withdrawn.
        * 67B1 -- later: the offender places a card among his played cards -- one of the suit
          led if he has one (:meth:`choose`, ``"place <card>"``); who won the trick does not
          change, and one trick is transferred after play as under 64A2 if the offending
          side won that trick or a later one.
        * 67B2 -- later, an extra card: it goes back to the offender's hand; ownership of the
          trick does not change.
        """
        if not self._policy.takes("defective_trick"):
            raise NotEntitled(
                "defective_trick", None, "the online policy keeps every trick complete", "67"
            )
        if self._phase not in (Phase.PLAY, Phase.ENDED) or self._hands_returned:
            raise WrongPhase("defective_trick", None, "only during or right after play", "67")
        if self._pending is not None:
            raise NotEntitled("defective_trick", None, "a rectification is being chosen", "67")
        if not isinstance(hand, Seat) or not isinstance(trick, int):
            raise NotationError(f"not a hand and a trick: {hand!r}, {trick!r}")
        if extra is None:
            if not 0 <= trick < len(self._tricks):
                raise WrongPhase("defective_trick", None, "no such quitted trick", "67")
        else:
            on_current = trick == len(self._tricks) and any(s is hand for s, _ in self._trick)
            if not (0 <= trick < len(self._tricks) or on_current):
                raise WrongPhase("defective_trick", None, f"{hand} played no card to it", "67")
            if not isinstance(extra, Card) or not self._hands[hand] & extra.bit:
                raise IllegalPlay(
                    "defective_trick", None, f"{hand} does not hold {extra}", "67A2, 67B2"
                )
        e = DefectiveTrick(None, hand, trick, extra)
        self._record(e)
        return e

    def _defect_in_time(self, trick: int) -> bool:
        """67A: no player of each side has played to the next trick yet."""
        if trick >= len(self._tricks):
            return True
        if trick != len(self._tricks) - 1:
            return False
        return len({s.side for s, _ in self._trick}) < 2

    def _apply_defective(self, e: DefectiveTrick) -> None:
        hand, n = e.hand, e.trick
        in_time = self._defect_in_time(n)
        if e.extra is not None:  # the engine never took the card from his hand
            law = "67A2" if in_time else "67B2"
            self._flag(law, f"{hand}'s extra card {e.extra} to trick {n + 1} goes back")
            return
        if in_time:
            self._reopen_quitted()
            card = self._withdraw_from_trick(hand)
            self._revokes = [
                r for r in self._revokes if not (r.trick == n and r.hand is hand and r.card is card)
            ]
            self._set_turn(self._first_missing())
            self._flag("67A", f"{hand} supplies his missing card to trick {n + 1}")
            self._after()
            return
        t = self._tricks[n]
        card = t.card_of(hand)
        self._hands[hand] |= card.bit
        from bridgetable.core.cards import cards_of_mask

        held = self._hands[hand]
        choice = held & SUIT_MASKS[t.led_suit] or held
        self._pending = MissingCard(
            choosers=(self._player_of(hand),),
            offender=hand,
            card=card,
            trick=n,
            cards=tuple(sorted(cards_of_mask(choice), reverse=True)),
        )

    def _place_67b1(self, hand: Seat, n: int, card: Card) -> None:
        """67B1: ``hand`` places ``card`` in trick ``n`` (0-based); who won it is unchanged."""
        if not 0 <= n < len(self._tricks):  # pragma: no cover
            return
        t = self._tricks[n]
        old = t.card_of(hand)
        self._tricks[n] = Trick(
            t.leader, tuple((s, card if s is hand else c) for s, c in t.cards), t.winner
        )
        self._hands[hand] &= ~card.bit
        self._revokes = [
            r for r in self._revokes if not (r.trick == n and r.hand is hand and r.card is old)
        ]
        self._defective.append((n, hand))
        self._flag("67B1", f"{hand} placed {card} in trick {n + 1}: one trick as under 64A2")

    def _defective_loss(self, extra: dict[Side, int]) -> dict[Side, int]:
        """67B1: one trick for each missing card found late, as under 64A2: if the offending
        side won the defective trick or a later one (never more than it won from the first
        defective trick on)."""
        loss = {Side.NS: 0, Side.EW: 0}
        first: dict[Side, int] = {}
        for n, hand in self._defective:
            side = hand.side
            won = sum(1 for t in self._tricks[n:] if t.winner.side is side)
            won += extra.get(side, 0)
            if won > 0:
                loss[side] += 1
                first[side] = min(first.get(side, n), n)
        for side, n in first.items():
            won = sum(1 for t in self._tricks[n:] if t.winner.side is side)
            loss[side] = min(loss[side], won + extra.get(side, 0))
        return loss
