"""The Laws engine for one board: the end of the auction and the play period.

A :class:`Board` is its setup plus an append-only list of frozen events (see
:mod:`bridgetable.core.events`); every command checks the Laws, records one event and applies
it. A refused command raises a :class:`~bridgetable.core.errors.ActionRefused` subclass whose
message names the action, the seat, the reason and the Law, and changes nothing.

The phases: ``AUCTION`` -> ``CLARIFICATION`` (Law 17D1: from the final pass until the opening
lead is faced) -> ``PLAY`` -> ``ENDED``; or ``AUCTION`` -> ``PASSED_OUT`` (Law 22B).

Commands take the acting seat first. Declarer plays dummy's cards (Law 45B): when dummy's hand
is to play, the actor is declarer, and dummy's own attempts are refused.

Example:
    >>> import random
    >>> from bridgetable.core.board import Board, Phase
    >>> from bridgetable.core.record import BoardSetup
    >>> from bridgetable.core.calls import parse_call
    >>> from bridgetable.core.seats import Seat
    >>> b = Board(BoardSetup.for_board(1, rng=random.Random(5)))
    >>> for seat, call in zip(Seat, ["1NT", "Pass", "Pass", "Pass"]):
    ...     _ = b.call(seat, parse_call(call))
    >>> b.phase, str(b.contract)
    (Phase.CLARIFICATION, '1NT N')
    >>> lead = b.legal_cards(Seat.EAST)[0]
    >>> _ = b.play(Seat.EAST, lead)          # face down (Law 41A)
    >>> b.face_down_lead == lead, b.phase
    (True, Phase.CLARIFICATION)
    >>> _ = b.face_lead(Seat.EAST)           # play period starts (41C)
    >>> b.phase, b.to_act, b.hand_to_play
    (Phase.PLAY, Seat.NORTH, Seat.SOUTH)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bridgetable.core.auction import Auction
from bridgetable.core.calls import Call, Contract, Doubling
from bridgetable.core.cards import SUIT_MASKS, Card, Hand, Suit
from bridgetable.core.claimcase import ClaimCase, trumps_just_drawn
from bridgetable.core.claims import ClaimsMixin, FloorOracle
from bridgetable.core.commands import dry_run_stop, event_dispatch
from bridgetable.core.designation import DEFENDER_CHOOSES, resolve_designation
from bridgetable.core.errors import (
    ActionRefused,
    IllegalPlay,
    InvalidDesignation,
    NotationError,
    NotEntitled,
    WrongPhase,
)
from bridgetable.core.events import (
    CallMade,
    CallReplaced,
    CallWithdrawn,
    CardExposed,
    CardPlayed,
    CardWithdrawn,
    ChangeReason,
    ContractAsked,
    DefenderToChoose,
    DesignationChanged,
    DirectorCalled,
    DummyBreach,
    DummyRightsForfeited,
    ExplanationCorrected,
    ExplanationGiven,
    ExplanationRequested,
    FaceDownLeadReturned,
    IrregularityReported,
    LeadFaced,
    OpeningLeadFaceDown,
    OwnCardLooked,
    QuittedTrickShown,
    RankNamed,
    ReviewRequested,
    RevokeInquiry,
    TrickInspected,
    TrickMarked,
    WithdrawReason,
    check_storable_text,
)
from bridgetable.core.phase import Phase
from bridgetable.core.policy import Policy, policy_for
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import SEATS, Seat, Side
from bridgetable.core.slices import NO_CLAIMS, AuctionSlice, apply_auction, replacement_notice
from bridgetable.core.table import TableMixin
from bridgetable.core.tricks import Trick, legal_mask, new_trick, winning_index

#: A face-down lead may be returned to the leader's hand only under these Laws (41A).
FACE_DOWN_RETURN_LAWS = ("47E", "54")


_PLAY = Phase.PLAY


class Board(TableMixin, ClaimsMixin):
    """One board being played; see the module docstring.

    ``oracle`` (optional) answers Law 79A2's question for claims: the fewest tricks a side
    takes under any play; the solver layer provides one.
    """

    def __init__(self, setup: BoardSetup, *, oracle: FloorOracle | None = None) -> None:
        self.setup = setup
        self.rules: RuleSet = setup.rules
        #: how a card is taken and which irregular acts are events (RuleSet.policy)
        self._policy: Policy = policy_for(self.rules)
        self.oracle = oracle
        self._events: list[Any] = []
        #: while set, a command stops where it would record its event (core.commands)
        self.dry_run = False
        self._reset()

    # ------------------------------------------------------------------ state

    def _reset(self) -> None:
        s = self.setup
        self._auction_slice = AuctionSlice.start(s.dealer)
        self._hands: list[int] = [s.deal[seat].mask for seat in SEATS]
        self._phase = Phase.AUCTION
        self._contract: Contract | None = None
        self._declarer: Seat | None = None
        self._dummy: Seat | None = None
        self._trump: Suit | None = None
        self._face_down: Card | None = None
        self._trick: list[tuple[Seat, Card]] = []
        self._trick_leader: Seat | None = None
        self._tricks: list[Trick] = []
        self._turn: Seat | None = None
        self._actor: Seat | None = None  # the player of the hand to play (declarer for dummy)
        self._won = [0, 0]
        self._review = [True, True, True, True]
        self._questions: list[tuple[Seat, int]] = []
        # answers to questions: (asker or None for everyone, text) and explanations given
        self._answers: list[tuple[Seat | None, str]] = []
        self._explanations: list[tuple[int, str]] = []
        self._attention_drawn = False
        self._dummy_forfeited = False
        self._marks: list[list[bool]] = [[], [], [], []]
        self._designated: Card | None = None
        self._changed_after: list[Seat] = []
        self._corrections: list[tuple[int, Seat]] = []  # (event index, seat)
        self._played_at: list[int] = []  # event index of each card currently on the table
        self._show_quitted: set[int] = set()
        self._pending_rank: tuple[Card, ...] = ()
        self._defender_choice = False
        self._seen_faced: bool = False  # lead faced (dummy spread)
        self.view_cache: dict[Any, Any] = {}  # parts of views that never change (views.py)
        self._claims = NO_CLAIMS
        self._table_reset()
        if s.contract is not None:
            self._start_play_period(s.contract)

    def _start_play_period(self, contract: Contract) -> None:
        declarer = contract.declarer
        if declarer is None:  # pragma: no cover - BoardSetup and Auction guarantee it
            raise NotationError("a contract without declarer")
        self._contract = contract
        self._declarer = declarer
        self._dummy = declarer.partner
        self._trump = contract.strain.suit
        self._phase = Phase.CLARIFICATION
        self._set_turn(declarer.lho)

    # ------------------------------------------------------------------ public state

    @property
    def events(self) -> tuple[Any, ...]:
        """The events so far, in order."""
        return tuple(self._events)

    @property
    def record(self) -> BoardRecord:
        """Setup plus events."""
        return BoardRecord(self.setup, tuple(self._events))

    @classmethod
    def replay(cls, record: BoardRecord) -> Board:
        """Rebuild a board from its record, checking every event as if it were made now.

        Raises the :class:`ActionRefused` of the first event the Laws would not allow.
        """
        board = cls(record.setup)
        for e in record.events:
            board.apply(e)
        return board

    def apply(self, event: Any) -> None:
        """Check ``event`` as the command that made it, then record it."""
        handler = _REPLAY.get(type(event))
        if handler is None:
            raise NotationError(f"not an event of this engine: {event!r}")
        handler(self, event)

    @property
    def policy(self) -> Policy:
        """The policy in force (``RuleSet.policy``): how a card is taken and which irregular
        acts are events (:mod:`bridgetable.core.policy`)."""
        return self._policy

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self._phase

    @property
    def auction(self) -> Auction:
        """The auction so far (immutable)."""
        return self._auction_slice.auction

    @property
    def _auction(self) -> Auction:
        return self._auction_slice.auction

    @property
    def auction_slice(self) -> AuctionSlice:
        """The auction period's state slice (:class:`~bridgetable.core.slices.AuctionSlice`)."""
        return self._auction_slice

    @property
    def replacements(self) -> int:
        """Calls replaced or withdrawn under Law 25A so far (keys the views' cache)."""
        return self._auction_slice.replacements

    @property
    def contract(self) -> Contract | None:
        """The contract with its declarer, once the auction is over (``None`` if passed out)."""
        return self._contract

    @property
    def declarer(self) -> Seat | None:
        """Declarer (presumed declarer during the Clarification Period)."""
        return self._declarer

    @property
    def dummy(self) -> Seat | None:
        """Dummy (presumed dummy during the Clarification Period)."""
        return self._dummy

    def claim_case(self) -> ClaimCase:
        """The current claim as the Director rules on it (Laws 68-71): the cards at the claim,
        the claimer, his statement, the rules in force, the show-outs before it and dummy
        (:mod:`bridgetable.core.claimcase`). Refused when no claim stands (none made, or one
        objected to, 68B2, or played on, 68D2b)."""
        claim = self._claim
        if claim is None or claim.status in ("void", "play_on"):
            raise WrongPhase("claim_case", None, "there is no claim to rule on", "70")
        return ClaimCase(
            claim.position,
            claim.claimer,
            claim.tricks,
            claim.statement,
            self.rules,
            self.shown_voids(),  # play stops at the claim: the show-outs before it
            self._dummy,
            claim.concession,
            trumps_just_drawn(
                self._tricks[-1].cards if self._tricks else (), self._trump, claim.claimer
            ),  # C4b
        )

    @property
    def opening_leader(self) -> Seat | None:
        """Presumed declarer's left-hand opponent (Law 41A)."""
        return None if self._declarer is None else self._declarer.lho

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the contract, or ``None`` (no trump, or no contract yet)."""
        return self._trump

    @property
    def shown_quitted(self) -> tuple[int, ...]:
        """Quitted tricks the Director has had faced (66C), by 0-based number."""
        return tuple(sorted(self._show_quitted))

    @property
    def face_down_lead(self) -> Card | None:
        """The opening lead while it lies face down (Law 41A)."""
        return self._face_down

    @property
    def hand_to_play(self) -> Seat | None:
        """The hand whose card is due (dummy's hand when dummy is to play)."""
        if self._phase is Phase.PLAY or (
            self._phase is Phase.CLARIFICATION and self._face_down is None
        ):
            return self._turn
        return None

    @property
    def to_act(self) -> Seat | None:
        """The seat that must act now: the caller in turn, the player of the hand to play
        (declarer for dummy's hand), or the leader who is to face his lead."""
        phase = self._phase
        if phase is _PLAY and self._pending is None:
            return self._actor  # the common case first
        if phase is Phase.AUCTION:
            return self._auction_slice.auction.turn
        if self._pending is not None:
            return self._pending.choosers[0]
        if self._phase is Phase.CLARIFICATION:
            return self.opening_leader
        if self._phase is Phase.PLAY:
            return self._actor
        return None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The quitted tricks, in order."""
        return tuple(self._tricks)

    @property
    def current_trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards of the trick in progress, in playing order, with their hands."""
        return tuple(self._trick)

    def tricks_won(self, side: Side) -> int:
        """Tricks won so far by ``side``."""
        return self._won[side]

    @property
    def declarer_tricks(self) -> int | None:
        """Tricks won by the declaring side, a resolved claim included; ``None`` before play."""
        return None if self._declarer is None else self.tricks_for(self._declarer.side)

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds (a face-down lead is not in the hand)."""
        return Hand.from_mask(self._hands[seat])

    def marks(self, seat: Seat) -> tuple[bool, ...]:
        """``seat``'s quitted cards as he has pointed them: won (True) or lost (Law 65B)."""
        return tuple(self._marks[seat])

    @property
    def dummy_rights_forfeited(self) -> bool:
        """Whether dummy has done an act of Law 43A2 on this board (43B applies)."""
        return self._dummy_forfeited

    @property
    def is_over(self) -> bool:
        """Whether play has ended (13 tricks) or the board was passed out."""
        return self._phase is Phase.ENDED or self._phase is Phase.PASSED_OUT

    @property
    def pending_questions(self) -> tuple[tuple[Seat, int], ...]:
        """Unanswered explanation requests: (asker, call index)."""
        return tuple(self._questions)

    def _player_of(self, hand: Seat) -> Seat:
        return self._declarer if hand is self._dummy and self._declarer is not None else hand

    def _is_defender(self, seat: Seat) -> bool:
        return self._declarer is not None and seat.side is not self._declarer.side

    def _led(self) -> Suit | None:
        return self._trick[0][1].suit if self._trick else None

    # ------------------------------------------------------------------ auction

    def legal_calls(self) -> list[Call]:
        """The calls the player in turn may make."""
        if self._phase is not Phase.AUCTION:
            return []
        return self._auction_slice.auction.legal_calls()

    def call(
        self, seat: Seat, call: Call, *, alert: bool = False, explanation: str | None = None
    ) -> CallMade:
        """Make a call, with an alert and explanation if any (Laws 17-22, 40)."""
        if self._phase is not Phase.AUCTION:
            raise WrongPhase("call", seat, "the auction is over", "17D, 22")
        self._auction_slice.auction.check(seat, call)
        if explanation is not None and not isinstance(explanation, str):
            raise NotationError("an explanation is text")
        e = CallMade(seat, call, bool(alert), explanation)
        self._record(e)
        return e

    def _apply_call(self, e: CallMade) -> None:
        self._auction_slice = apply_auction(self._auction_slice, e, at=len(self._events) - 1)
        self._after_call()

    def _after_call(self) -> None:
        auction = self._auction_slice.auction
        if auction.is_over:
            contract = auction.contract()
            if contract is None:
                self._phase = Phase.PASSED_OUT
            else:
                self._start_play_period(contract)

    def replaceable_call(self, seat: Seat) -> int:
        """The index in the auction of ``seat``'s call that he may replace now as unintended
        (Law 25A), or the refusal: the replacement must come at once (nothing but his LHO's
        call may have followed his call in the record) and before his partner calls. A
        call that ended the auction may be replaced while nothing else has happened."""
        action = "replace_call"
        if self._phase not in (Phase.AUCTION, Phase.CLARIFICATION, Phase.PASSED_OUT):
            raise WrongPhase(action, seat, "the auction period is over", "25A")
        auction = self._auction
        mine = [i for i in range(len(auction)) if auction.caller_of(i) is seat]
        if not mine:
            raise NotEntitled(action, seat, "there is no call of yours to replace", "25A")
        i = mine[-1]
        if len(auction) > i + 2:
            raise NotEntitled(
                action,
                seat,
                f"your partner has called since your {auction.calls[i]}: an unintended call "
                "may be replaced only until partner calls",
                "25A",
            )
        call_at = self._auction_slice.at
        allowed = {call_at[i]}
        if len(auction) == i + 2:
            allowed.add(call_at[i + 1])  # the LHO's call over it
        if any(k not in allowed for k in range(call_at[i], len(self._events))):
            raise NotEntitled(
                action,
                seat,
                f"not at once: the table has moved on since your {auction.calls[i]} (a "
                "replacement must come without pause for thought)",
                "25A",
            )
        if self._auction_slice.is_replaced(i):
            raise NotEntitled(
                action, seat, f"your {auction.calls[i]} is the intended call: it stands", "25A1"
            )
        return i

    def replacement_calls(self, seat: Seat) -> list[Call]:
        """The calls ``seat`` may make in place of his unintended call now (Law 25A): those
        legal where it was made, less the call itself; none when he may not replace it."""
        try:
            i = self.replaceable_call(seat)
        except ActionRefused:
            return []
        old = self._auction.calls[i]
        prefix = Auction(self._auction.dealer, self._auction.calls[:i])
        return [c for c in prefix.legal_calls() if c != old]

    def replace_unintended_call(
        self,
        seat: Seat,
        call: Call,
        *,
        alert: bool = False,
        explanation: str | None = None,
        lho_stands: bool | None = None,
    ) -> CallReplaced:
        """Replace ``seat``'s unintended call by ``call`` (Law 25A): only at once and until
        his partner has called; the intended call must be legal where the first was made.
        A call his LHO made over the first stands if it is still legal over the intended
        one, and the LHO may withdraw it (:meth:`withdraw_call`); otherwise it is withdrawn
        and the LHO calls again. The record keeps every call; every player is told.
        ``lho_stands`` is for replaying a record: ``False`` reads a record in which the
        LHO's call was withdrawn at once."""
        i = self.replaceable_call(seat)
        old = self._auction.calls[i]
        if call == old:
            raise NotEntitled("replace_call", seat, f"{call} is the call already made", "25A")
        prefix = Auction(self._auction.dealer, self._auction.calls[:i])
        try:
            prefix.check(seat, call)
        except ActionRefused as exc:
            raise type(exc)("replace_call", seat, exc.reason, f"{exc.law}, 25A") from None
        if explanation is not None and not isinstance(explanation, str):
            raise NotationError("an explanation is text")
        stands = self._lho_call_stands(i, call)
        if lho_stands is not None:
            if lho_stands and not stands:
                raise NotEntitled(
                    "replace_call", seat, "the LHO's call is not legal over the intended one", "25A"
                )
            stands = lho_stands
        e = CallReplaced(seat, i, call, bool(alert), explanation, stands)
        self._record(e)
        return e

    def _lho_call_stands(self, i: int, call: Call) -> bool:
        """Whether the LHO's call over auction call ``i`` is legal over ``call`` instead."""
        auction = self._auction
        if len(auction) != i + 2:
            return False
        over = Auction(auction.dealer, (*auction.calls[:i], call))
        try:
            over.check(auction.caller_of(i + 1), auction.calls[i + 1])
        except ActionRefused:
            return False
        return True

    def withdraw_call(self, seat: Seat) -> CallWithdrawn:
        """The LHO withdraws his call over a call since replaced as unintended (Law 25A):
        his right, at once, before anything else happens. He calls again."""
        action = "withdraw_call"
        last = self._events[-1] if self._events else None
        if not isinstance(last, CallReplaced) or not last.lho_stands:
            raise NotEntitled(
                action, seat, "no call over a replaced call may be withdrawn now", "25A"
            )
        index = last.index + 1
        if self._auction.caller_of(index) is not seat:
            raise NotEntitled(
                action, seat, "only the LHO of the player who replaced his call", "25A"
            )
        e = CallWithdrawn(seat, index)
        self._record(e)
        return e

    def _apply_auction_change(self, e: CallReplaced | CallWithdrawn) -> None:
        """A call replaced or withdrawn (Law 25A): the auction slice is rebuilt, every
        player is told, and the auction is open again (a call that had ended it has gone)."""
        before = self._auction_slice
        self._auction_slice = apply_auction(before, e, at=len(self._events) - 1)
        self._answers.append((None, replacement_notice(before, e)))
        self._phase = Phase.AUCTION
        self._contract = self._declarer = self._dummy = None
        self._trump = None
        self._set_turn(None)
        self._after_call()

    @property
    def replaced_calls(self) -> dict[int, Call]:
        """Auction index -> the unintended call replaced there (Law 25A), for the calls that
        stand."""
        return self._auction_slice.replaced_calls

    # ------------------------------------------------------------------ play

    def legal_cards(self, seat: Seat | None = None) -> list[Card]:
        """The cards that may be played now, highest first.

        With ``seat``, only if that seat is the one to act (declarer for dummy's hand).
        """
        return self._policy.legal_cards(self, seat)

    def check_play(self, seat: Seat, card: Card) -> None:
        """Raise the refusal for ``seat`` playing ``card`` now, if any (Laws 41, 44, 45)."""
        self._policy.check_play(self, seat, card)

    def can_play(self, seat: Seat, card: Card) -> bool:
        """Whether :meth:`play` would accept the card."""
        try:
            self.check_play(seat, card)
        except ActionRefused:
            return False
        return True

    def play(self, seat: Seat, card: Card) -> OpeningLeadFaceDown | CardPlayed | CardExposed:
        """Play ``card`` from the hand due to play; ``seat`` is its player (declarer for
        dummy's hand, where the card counts as named, Law 45B, 45C4a).

        The opening lead under the duplicate code is made face down (41A) and returns an
        :class:`OpeningLeadFaceDown`; it is faced with :meth:`face_lead`.

        Under the table policy the act is taken as it happened at the table (see
        :mod:`bridgetable.core.table`): a card of the hand holding it, in or out of turn. A
        lead out of turn waits for the entitled opponent's choice (53-56), a revoke is
        recorded silently (61), and a defender's card played before his turn becomes a
        penalty card (57) -- that and an "opening lead" by the declaring side (54E, Law 24)
        return a :class:`CardExposed` rather than a :class:`CardPlayed`.
        """
        return self._policy.play(self, seat, card)

    def _apply_face_down(self, e: OpeningLeadFaceDown) -> None:
        self._hands[e.seat] &= ~e.card.bit
        self._face_down = e.card
        self._review[e.seat] = False

    def face_lead(self, seat: Seat) -> LeadFaced:
        """Face the opening lead: the Clarification Period ends and the play period starts
        irrevocably; declarer and dummy are fixed and dummy is spread (Law 41C, 41D)."""
        if self._phase is not Phase.CLARIFICATION or self._face_down is None:
            raise WrongPhase("face_lead", seat, "there is no face-down opening lead", "41A, 41C")
        if seat is not self.opening_leader:
            raise NotEntitled("face_lead", seat, "only the opening leader faces his lead", "41C")
        if self._questions:
            asker, idx = self._questions[0]
            raise NotEntitled(
                "face_lead",
                seat,
                f"{asker}'s question about call {idx + 1} is not yet answered",
                "41B, 41C",
            )
        e = LeadFaced(seat)
        self._record(e)
        return e

    def _apply_lead_faced(self, e: LeadFaced) -> None:
        card = self._face_down
        if card is None:  # pragma: no cover - face_lead guarantees it
            raise WrongPhase("face_lead", e.seat, "no face-down lead", "41C")
        self._face_down = None
        self._phase = Phase.PLAY
        self._seen_faced = True
        self._put_card(e.seat, card)

    def _apply_card(self, e: CardPlayed) -> None:
        self._policy.apply_card(self, e)

    def _put_card(self, hand: Seat, card: Card) -> None:
        player = self._declarer if hand is self._dummy else hand
        self._review[player] = False  # type: ignore[index]
        trick = self._trick
        if not trick:
            self._trick_leader = hand
        trick.append((hand, card))
        self._played_at.append(len(self._events) - 1)
        if len(trick) == 4:
            self._complete_trick()
        else:
            self._policy.next_hand(self, hand)

    def _set_turn(self, hand: Seat | None) -> None:
        self._turn = hand
        self._actor = None if hand is None else self._player_of(hand)

    def _complete_trick(self) -> None:
        policy = self._policy
        if policy.trick_hooks:
            policy.order_trick(self)
        trick = self._trick
        w = winning_index([c for _, c in trick], self._trump)
        winner = trick[w][0]
        leader = self._trick_leader
        if leader is None:  # pragma: no cover
            leader = trick[0][0]
        self._tricks.append(new_trick(leader, tuple(trick), winner))
        self._won[winner & 1] += 1
        marks = self._marks
        ns_won = not winner & 1
        marks[0].append(ns_won)
        marks[1].append(not ns_won)
        marks[2].append(ns_won)
        marks[3].append(not ns_won)
        self._trick = []
        self._played_at = []
        self._set_turn(winner)
        if policy.trick_hooks:
            policy.after_trick(self, winner)
        if len(self._tricks) == 13:
            self._phase = Phase.ENDED
            self._set_turn(None)

    def _reopen_last_trick(self) -> None:
        """Undo the quitting of the last trick (for a change of designation, 45C4b)."""
        t = self._tricks.pop()
        # a trick the Director had faced (66C) is no longer quitted: it is the trick in play
        self._show_quitted.discard(len(self._tricks))
        self._won[t.winner & 1] -= 1
        for s in SEATS:
            self._marks[s].pop()
        self._trick = list(t.cards)
        self._trick_leader = t.leader
        if self._phase is Phase.ENDED:
            self._phase = Phase.PLAY

    # ------------------------------------------------------------------ Law 45, 46

    def designate(self, seat: Seat, text: str) -> CardPlayed | None:
        """Declarer designates dummy's card in words (Law 45B, 46).

        A complete designation plays the card (45C4a). Law 46B resolves "high", "low", "win",
        a suit alone and a rank alone; when two or more cards of a named rank qualify,
        declarer must choose among them (46B3b, then :meth:`play`), and "anything" leaves the
        choice to either defender (46B5, then :meth:`choose_for_dummy`); in those two cases
        nothing is played yet and ``None`` is returned.
        """
        if self._phase is not Phase.PLAY or self._turn is not self._dummy:
            raise WrongPhase("designate", seat, "it is not dummy's turn to play", "45B")
        if seat is not self._declarer:
            raise NotEntitled("designate", seat, "only declarer designates dummy's cards", "45B")
        if self._defender_choice:
            raise NotEntitled(
                "designate", seat, "declarer left dummy's card to the defenders", "46B5"
            )
        dummy = self._dummy
        if dummy is None:  # pragma: no cover - the phase check guarantees a dummy
            raise WrongPhase("designate", seat, "there is no dummy", "45B")
        led = self._led()
        prev_suit = None
        if led is None and self._tricks and self._tricks[-1].winner is dummy:
            prev_suit = self._tricks[-1].card_of(dummy).suit
        legal = legal_mask(self._hands[dummy], led)
        if self._pending_rank:
            legal = sum(c.bit for c in self._pending_rank)
        res = resolve_designation(
            text,
            seat=seat,
            dummy_mask=self._hands[dummy],
            led=led,
            previous_trick_suit=prev_suit,
            known_to_win=self._known_to_win,
            legal=legal,
        )
        if res == DEFENDER_CHOOSES:
            e = DefenderToChoose(seat, text)
            self._record(e)
            return None
        if isinstance(res, list):
            e2 = RankNamed(seat, text, tuple(res))
            self._record(e2)
            return None
        if not isinstance(res, Card):  # pragma: no cover
            raise InvalidDesignation("designate", seat, "no card", "46")
        self.check_play(seat, res)
        played = CardPlayed(seat, res, dummy, "designated", text)
        self._record(played)
        return played

    def _known_to_win(self, card: Card) -> bool:
        """Whether dummy's ``card`` is certain, from declarer's view, to win the trick."""
        dummy = self._dummy
        declarer = self._declarer
        if dummy is None or declarer is None:
            return False
        trick = [c for _, c in self._trick]
        if trick and winning_index([*trick, card], self._trump) != len(trick):
            return False
        led = trick[0].suit if trick else card.suit
        unknown = self._hands[declarer.lho] | self._hands[declarer.rho]
        trump = self._trump
        voids = self._shown_out()
        hand = dummy
        for _ in range(3 - len(trick)):
            hand = hand.lho
            if hand is declarer:
                continue
            if card.suit is led:
                higher = unknown & SUIT_MASKS[led] & ~((card.bit << 1) - 1)
                if higher and led not in voids[hand]:
                    return False
                if (
                    trump is not None
                    and card.suit is not trump
                    and unknown & SUIT_MASKS[trump]
                    and trump not in voids[hand]
                ):
                    return False
            elif card.suit is trump:
                higher = unknown & SUIT_MASKS[trump] & ~((card.bit << 1) - 1)
                if higher and trump not in voids[hand]:
                    return False
            else:
                return False
        return True

    def _shown_out(self) -> list[set[Suit]]:
        voids: list[set[Suit]] = [set(), set(), set(), set()]
        for t in self._tricks:
            led = t.led_suit
            for s, c in t.cards:
                if c.suit is not led:
                    voids[s].add(led)
        if self._trick:
            led = self._trick[0][1].suit
            for s, c in self._trick:
                if c.suit is not led:
                    voids[s].add(led)
        return voids

    def _apply_rank_named(self, e: RankNamed) -> None:
        self._pending_rank = e.candidates

    def _apply_defender_to_choose(self, e: DefenderToChoose) -> None:  # noqa: ARG002
        self._defender_choice = True

    def choose_for_dummy(self, seat: Seat, card: Card) -> CardPlayed:
        """Either defender chooses dummy's card after declarer said "anything" (Law 46B5)."""
        if not self._defender_choice:
            raise WrongPhase(
                "choose_for_dummy", seat, "declarer has not left dummy's card open", "46B5"
            )
        if not self._is_defender(seat):
            raise NotEntitled("choose_for_dummy", seat, "only a defender chooses", "46B5")
        if self._pending is not None:
            raise NotEntitled(
                "choose_for_dummy", seat, "a rectification choice is pending", "10, 46B5"
            )
        dummy = self._dummy
        if dummy is None or not self._hands[dummy] & card.bit:
            raise IllegalPlay("choose_for_dummy", seat, f"dummy does not hold {card}", "46B5")
        led = self._led()
        if card.bit & ~legal_mask(self._hands[dummy], led):
            raise IllegalPlay("choose_for_dummy", seat, f"{card} would be a revoke", "44C")
        e = CardPlayed(seat, card, dummy, "defender_choice", "anything")
        self._record(e)
        return e

    def change_designation(
        self, seat: Seat, card: Card, *, reason: ChangeReason = "slip"
    ) -> DesignationChanged:
        """Correct an unintended designation of a dummy card (Law 45C4b).

        Accepted only from declarer, before he next plays a card from either hand, and only
        for a slip of the tongue; a lapse of concentration or a change of mind is refused. An
        opponent who has played after the changed card may then take his card back (47D,
        :meth:`withdraw`); a card that the change makes a revoke goes back at once.
        """
        if seat is not self._declarer:
            raise NotEntitled(
                "change_designation", seat, "only declarer designates dummy's cards", "45C4b"
            )
        old = self._designated
        if old is None or self._phase not in (Phase.PLAY, Phase.ENDED):
            raise WrongPhase(
                "change_designation",
                seat,
                "no dummy card designation can be changed: declarer has played since",
                "45C4b",
            )
        if reason != "slip":
            raise NotEntitled(
                "change_designation",
                seat,
                f"a designation may be changed only when unintended, not after a {reason}",
                "45C4b",
            )
        on_table = [c for _, c in self._trick]
        if old not in on_table and not (self._tricks and self._trick == []):
            raise WrongPhase(
                "change_designation", seat, "a card has been led to the next trick", "45C4b"
            )
        if old not in on_table and old not in [c for _, c in self._tricks[-1].cards]:
            raise WrongPhase(
                "change_designation", seat, "the designated card is no longer on the table", "45C4b"
            )
        dummy = self._dummy
        if dummy is None or not self._hands[dummy] & card.bit:
            raise IllegalPlay("change_designation", seat, f"dummy does not hold {card}", "45C4b")
        cards = on_table if old in on_table else [c for _, c in self._tricks[-1].cards]
        pos = cards.index(old)
        led = cards[0].suit if pos > 0 else None
        rest = self._hands[dummy] | old.bit
        if card.bit & ~legal_mask(rest, led):
            raise IllegalPlay("change_designation", seat, f"{card} would be a revoke", "44C")
        e = DesignationChanged(seat, old, card, reason)
        self._record(e)
        return e

    def _apply_change(self, e: DesignationChanged) -> None:
        dummy = self._dummy
        if dummy is None:  # pragma: no cover
            return
        if e.old not in [c for _, c in self._trick]:
            self._reopen_last_trick()
        pos = [c for _, c in self._trick].index(e.old)
        self._trick[pos] = (dummy, e.new)
        self._hands[dummy] = (self._hands[dummy] | e.old.bit) & ~e.new.bit
        self._designated = e.new
        # opponents who played after the changed card may take their cards back (47D);
        # a card that the change turned into a revoke goes back at once.
        later = self._trick[pos + 1 :]
        self._changed_after = [s for s, _ in later]
        led = self._trick[0][1].suit
        for s, c in later:
            if c.suit is not led and self._hands[s] & SUIT_MASKS[led]:
                self._take_back(s)
                break
        if len(self._trick) == 4:
            self._complete_trick()
        else:
            self._set_turn(self._trick[-1][0].lho)

    def _take_back(self, seat: Seat) -> Card:
        """Return ``seat``'s card, and every card after it, from the current trick."""
        idx = next(i for i, (s, _) in enumerate(self._trick) if s is seat)
        taken = self._trick[idx:]
        del self._trick[idx:]
        del self._played_at[idx:]
        for s, c in taken:
            self._hands[s] |= c.bit
        self._set_turn(seat)
        return taken[0][1]

    def withdraw(self, seat: Seat, card: Card, reason: WithdrawReason) -> CardWithdrawn:
        """Take back a played card where Law 47 allows it; refused otherwise (47F).

        * ``opponent_changed_play``: after declarer's permitted change of designation, an
          opponent who had played after the changed card may take his back (47D, 45C4b).
        * ``misinformation``: a card played on an opponent's explanation that was then
          corrected, while no card has been played after it; never an opening lead once
          dummy is spread (47E2a).
        * ``turn_misstated``: 47E1 -- under the online policy no card can be played out of
          turn, so there is never such a card to return.
        """
        law = {"opponent_changed_play": "47D", "misinformation": "47E2a", "turn_misstated": "47E1"}
        if reason not in law:
            raise NotEntitled("withdraw", seat, f"{reason!r} is no reason of Law 47", "47F")
        on_table = [(s, c) for s, c in self._trick]
        mine = [i for i, (s, c) in enumerate(on_table) if c is card and self._player_of(s) is seat]
        if self._phase is Phase.CLARIFICATION and card is self._face_down:
            raise NotEntitled(
                "withdraw",
                seat,
                "a face-down opening lead goes back only on the Director's instruction",
                "41A, 47E",
            )
        if not mine:
            raise NotEntitled("withdraw", seat, f"{card} is not {seat}'s card on the table", "47F")
        i = mine[0]
        if reason == "opponent_changed_play":
            if on_table[i][0] not in self._changed_after or not self._is_defender(seat):
                raise NotEntitled(
                    "withdraw",
                    seat,
                    "declarer changed no designation before this card was played",
                    "47D, 47F",
                )
        elif reason == "misinformation":
            if i != len(on_table) - 1:
                raise NotEntitled("withdraw", seat, "a card has been played after it", "47E2a")
            if not self._tricks and i == 0 and self._seen_faced:
                raise NotEntitled(
                    "withdraw",
                    seat,
                    "an opening lead may not be taken back once dummy has faced a card",
                    "47E2a, 47E2b",
                )
            played_at = self._played_at[i]
            if not any(
                idx > played_at and cs.side is not seat.side for idx, cs in self._corrections
            ):
                raise NotEntitled(
                    "withdraw",
                    seat,
                    "no explanation given to this player was corrected after he played",
                    "47E2a",
                )
        else:
            raise NotEntitled(
                "withdraw",
                seat,
                "no card can be played out of turn under the online policy, so none returns",
                "47E1",
            )
        e = CardWithdrawn(seat, card, law[reason])
        self._record(e)
        return e

    def _apply_withdrawn(self, e: CardWithdrawn) -> None:
        hand = next(s for s, c in self._trick if c is e.card)
        self._take_back(hand)
        self._changed_after = [s for s in self._changed_after if s is not hand]

    def director_return_lead(self, law: str) -> FaceDownLeadReturned:
        """The Director returns a face-down opening lead to the leader's hand (41A, 47E, 54)."""
        if self._face_down is None:
            raise WrongPhase("return_lead", "Director", "there is no face-down lead", "41A")
        if law not in FACE_DOWN_RETURN_LAWS:
            raise NotEntitled(
                "return_lead", "Director", "only Law 47E or Law 54 returns a face-down lead", "41A"
            )
        e = FaceDownLeadReturned(None, law)
        self._record(e)
        return e

    def _apply_lead_returned(self, e: FaceDownLeadReturned) -> None:  # noqa: ARG002
        card = self._face_down
        if card is None or self.opening_leader is None:  # pragma: no cover
            return
        self._hands[self.opening_leader] |= card.bit
        self._face_down = None
        self._review[self.opening_leader] = True

    # ------------------------------------------------------------------ questions (20, 41)

    def _at_own_turn(self, seat: Seat) -> bool:
        hand = self._turn
        if hand is None or self._phase is not Phase.PLAY:
            return False
        return self._player_of(hand) is seat

    def check_review(self, seat: Seat, *, full: bool = True) -> None:
        """Raise the refusal for ``seat``'s request for a review of the auction (20C, 41B)."""
        if not full:
            raise NotEntitled(
                "request_review", seat, "only a complete restatement may be required", "20B, 20C2"
            )
        phase = self._phase
        if phase is Phase.AUCTION:
            return  # 20B: a review at one's own turn during the auction
        if phase in (Phase.ENDED, Phase.PASSED_OUT):
            raise WrongPhase("request_review", seat, "play is over", "20C2, 41B")
        if seat is self._dummy:
            raise NotEntitled(
                "request_review",
                seat,
                "presumed dummy may not ask for a review"
                if phase is Phase.CLARIFICATION
                else "dummy has no right to a review",
                "41B",
            )
        if phase is Phase.CLARIFICATION:
            if not self.rules.clarification_period:
                if seat is self.opening_leader and self._review[seat]:
                    return  # rubber: a defender at his first turn (the opening lead)
                raise NotEntitled(
                    "request_review",
                    seat,
                    "the rubber code has no Clarification Period: review at your first turn",
                    "41B (rubber)",
                )
            if seat is self.opening_leader:
                if self._face_down is None:
                    return  # at his first turn, before leading (20C2)
                raise NotEntitled(
                    "request_review", seat, "the opening leader has made his lead", "41B, 20C2"
                )
            return  # leader's partner or presumed declarer (41B)
        if not self._review[seat]:
            raise NotEntitled(
                "request_review",
                seat,
                "the right to a review ends when the player has played a card",
                "41B, 20C2",
            )
        if not self._at_own_turn(seat):
            raise NotEntitled(
                "request_review", seat, "a review may be required only at one's first turn", "41B"
            )

    def request_review(self, seat: Seat, *, full: bool = True) -> ReviewRequested:
        """Require a complete restatement of the auction; an opponent gives it (20C2, 20D,
        41B). Partial restatements are refused (20B)."""
        self.check_review(seat, full=full)
        e = ReviewRequested(seat, seat.lho)
        self._record(e)
        return e

    def check_explanation_request(self, seat: Seat, call_index: int) -> None:
        """Raise the refusal for ``seat`` asking about call ``call_index``, if any (20F, 41B)."""
        if not isinstance(call_index, int) or not 0 <= call_index < len(self._auction):
            raise NotEntitled("ask_explanation", seat, "there is no such call", "20F")
        caller = self._auction.caller_of(call_index)
        if caller.side is seat.side:
            raise NotEntitled(
                "ask_explanation", seat, "explanations are of the opponents' calls", "20F1, 20F2"
            )
        phase = self._phase
        if phase is Phase.AUCTION:
            if self._auction.turn is not seat:
                raise NotEntitled(
                    "ask_explanation", seat, "during the auction, ask at your turn to call", "20F1"
                )
            return
        if phase in (Phase.ENDED, Phase.PASSED_OUT):
            return  # after play, explanations may be sought freely
        if seat is self._dummy:
            raise NotEntitled(
                "ask_explanation",
                seat,
                "presumed dummy may not ask during the Clarification Period"
                if phase is Phase.CLARIFICATION
                else "dummy may not ask for explanations during play",
                "41B, 43A1",
            )
        if phase is Phase.CLARIFICATION:
            if seat is self.opening_leader and self._face_down is not None:
                raise NotEntitled(
                    "ask_explanation",
                    seat,
                    "the opening leader asks at his turn, before leading",
                    "41B, 20F2",
                )
            return
        if seat is self._declarer and self.rules.declarer_asks_any_time:
            return
        if not self._at_own_turn(seat):
            raise NotEntitled(
                "ask_explanation",
                seat,
                "during play a player asks only at his own turn to play"
                + (" (from either hand)" if seat is self._declarer else ""),
                "41B, 20F2",
            )

    def ask_explanation(self, seat: Seat, call_index: int) -> ExplanationRequested:
        """Ask for an explanation of an opponent's call; the caller's partner answers with
        :meth:`explain` (Laws 20F, 41B)."""
        self.check_explanation_request(seat, call_index)
        e = ExplanationRequested(seat, call_index)
        self._record(e)
        return e

    def explain(self, seat: Seat, call_index: int, text: str) -> ExplanationGiven:
        """The partner of the player who made call ``call_index`` answers a question (20F2)."""
        waiting = [q for q in self._questions if q[1] == call_index]
        if not waiting:
            raise WrongPhase("explain", seat, "nobody has asked about that call", "20F")
        caller = self._auction.caller_of(call_index)
        if seat is not caller.partner:
            raise NotEntitled(
                "explain",
                seat,
                f"the explanation comes from {caller.partner}, the caller's partner",
                "20F2",
            )
        e = ExplanationGiven(seat, call_index, str(text))
        self._record(e)
        return e

    def _apply_explained(self, e: ExplanationGiven) -> None:
        self._questions = [q for q in self._questions if q[1] != e.call_index]
        self._explanations.append((e.call_index, e.text))

    def _apply_review(self, e: ReviewRequested) -> None:
        calls = " ".join(str(c) for c in self._auction.calls)
        self._answers.append((None, f"{e.answered_by} restates the auction for {e.seat}: {calls}"))

    def _apply_contract_asked(self, e: ContractAsked) -> None:
        self._answers.append((e.seat, self.contract_answer()))

    def call_event(self, index: int) -> CallMade:
        """The event of call number ``index``, with its alert and explanation."""
        return self._auction_slice.calls[index]

    def answers_for(self, seat: Seat | None) -> tuple[str, ...]:
        """Answers to questions that ``seat`` heard (``None``: the public ones): restatements
        of the auction go to everyone, Law 41C answers only to the asker."""
        return tuple(t for who, t in self._answers if who is None or who is seat)

    @property
    def all_answers(self) -> tuple[str, ...]:
        """Every answer given, for the Director."""
        return tuple(t for _, t in self._answers)

    @property
    def explanations(self) -> tuple[tuple[int, str], ...]:
        """Explanations given at the table: (call index, text)."""
        return tuple(self._explanations)

    def correct_explanation(self, seat: Seat, call_index: int, text: str) -> ExplanationCorrected:
        """Disclose that partner's explanation of one's own call was wrong (Law 20F5b).

        Declarer and dummy do so from the final pass on (the engine prompts them during the
        Clarification Period, 20F5b ii); a defender only after the last trick (20F5b i).
        """
        if not isinstance(call_index, int) or not 0 <= call_index < len(self._auction):
            raise NotEntitled("correct_explanation", seat, "there is no such call", "20F5")
        if self._auction.caller_of(call_index) is not seat:
            raise NotEntitled(
                "correct_explanation",
                seat,
                "a player corrects his partner's explanation of his own call",
                "20F5",
            )
        phase = self._phase
        if phase is Phase.AUCTION:
            raise WrongPhase(
                "correct_explanation",
                seat,
                "partner's mistaken explanation may not be corrected during the auction",
                "20F5a",
            )
        if self._is_defender(seat) and phase is not Phase.ENDED:
            raise NotEntitled(
                "correct_explanation",
                seat,
                "a defender corrects partner's explanation only after play ends",
                "20F5b(i)",
            )
        e = ExplanationCorrected(seat, call_index, str(text))
        self._record(e)
        return e

    def misexplanation_prompt(self, seat: Seat) -> bool:
        """Whether ``seat`` is to be prompted now to disclose a mistaken explanation by his
        partner (presumed declarer and presumed dummy, Clarification Period, 20F5b ii). A board
        set up at a given contract had no auction and so no explanation to correct."""
        return (
            self._phase is Phase.CLARIFICATION
            and self.rules.clarification_period
            and seat in (self._declarer, self._dummy)
            and len(self.auction) > 0
        )

    def ask_contract(self, seat: Seat) -> ContractAsked:
        """Law 41C: at his own turn, declarer or a defender may be told the contract and
        whether it is doubled or redoubled, but not by whom. See :meth:`contract_answer`."""
        if self._phase is not Phase.PLAY:
            raise WrongPhase("ask_contract", seat, "ask during the play period", "41C")
        if seat is self._dummy:
            raise NotEntitled("ask_contract", seat, "dummy has no such right", "41C, 43A1")
        if not self._at_own_turn(seat) and not (
            seat is self._declarer and self.rules.declarer_asks_any_time
        ):
            raise NotEntitled("ask_contract", seat, "ask only at your own turn to play", "41C")
        e = ContractAsked(seat)
        self._record(e)
        return e

    def contract_answer(self) -> str:
        """The answer to the Law 41C question: level, strain and doubling, never by whom."""
        c = self._contract
        if c is None:
            return "no contract"
        word = {
            Doubling.UNDOUBLED: "",
            Doubling.DOUBLED: " doubled",
            Doubling.REDOUBLED: " redoubled",
        }
        strain = "no trump" if c.trump is None else c.strain.name.lower()
        return f"{c.level} {strain}{word[c.doubling]}"

    # ------------------------------------------------------------------ dummy (42, 43)

    def ask_revoke(self, seat: Seat, asked: Seat) -> RevokeInquiry:
        """Ask a player who failed to follow suit whether he has a card of the suit led.

        Dummy may ask declarer, never a defender (42B1); declarer may ask a defender; the
        defenders may ask declarer and, unless the RA forbids it, each other (61B).
        """
        trick = self._check_revoke_question(seat, asked)
        e = RevokeInquiry(seat, asked, trick)
        self._record(e)
        return e

    def _check_revoke_question(self, seat: Seat, asked: Seat) -> int:
        """The trick ``seat`` may ask ``asked`` about (see :meth:`ask_revoke`), or a refusal."""
        if self._phase not in (Phase.PLAY, Phase.ENDED) or self._declarer is None:
            raise WrongPhase("ask_revoke", seat, "no card has been played", "61B")
        if asked is seat or asked is self._dummy:
            raise NotEntitled("ask_revoke", seat, f"{asked} cannot be asked", "61B")
        dummy = self._dummy
        if seat is dummy and asked is not self._declarer:
            raise NotEntitled(
                "ask_revoke", seat, "dummy may ask declarer, never a defender", "42B1, 61B2"
            )
        if (
            self._is_defender(seat)
            and self._is_defender(asked)
            and self.rules.forbid_defender_revoke_questions
        ):
            raise NotEntitled(
                "ask_revoke",
                seat,
                "the Regulating Authority forbids defenders to ask each other",
                "61B3",
            )
        trick = self._open_show_out(asked)
        if trick is None:
            raise NotEntitled(
                "ask_revoke",
                seat,
                f"{asked} has not failed to follow suit to a trick still open to correction",
                "61B, 63A",
            )
        return trick

    def revoke_questions(self, seat: Seat) -> list[Seat]:
        """The players ``seat`` may ask now whether they have a card of the suit led (see
        :meth:`ask_revoke`; 42B1, 61B): those who failed to follow suit to a trick still open
        to correction, dummy asking declarer only."""
        out = []
        for asked in SEATS:
            try:
                self._check_revoke_question(seat, asked)
            except ActionRefused:
                continue
            out.append(asked)
        return out

    def _open_show_out(self, asked: Seat) -> int | None:
        """The trick (0-based) in which ``asked`` failed to follow suit, while a revoke there
        would not yet be established: his side has not played to the next trick (63A1)."""
        side = asked.side
        for s, c in self._trick:
            if s is asked and self._trick[0][1].suit is not c.suit:
                return len(self._tricks)
        if self._tricks:
            last = self._tricks[-1]
            if any(s.side is side for s, _ in self._trick):
                return None
            for s, c in last.cards:
                if (s is asked) and c.suit is not last.led_suit:
                    return len(self._tricks) - 1
        return None

    # -- for the command registry's offers (core.commands) ----------------------------

    def is_defender(self, seat: Seat) -> bool:
        """Whether ``seat`` defends the contract (no contract yet: False)."""
        return self._declarer is not None and self._is_defender(seat)

    def claimer_opponents(self, claim: Any) -> list[Seat]:
        """The players whose agreement a claim needs (68B, 69A; see ClaimsMixin)."""
        return self._claimer_opponents(claim)

    @property
    def defenders_choose_dummy_card(self) -> bool:
        """Declarer said "anything": either defender chooses dummy's card (46B5)."""
        return self._defender_choice

    @property
    def claimable(self) -> bool:
        """Whether a claim's position can state the cards as they stand (Law 68; table mode
        may leave them otherwise until an irregularity is rectified)."""
        return self._claimable()

    @property
    def misplay_open(self) -> bool:
        """Whether dummy's misplaced card may still be withdrawn (45D)."""
        return self._misplay_open()

    def proper_lead_open(self, seat: Seat) -> bool:
        """Whether ``seat`` may now make the proper lead after a lead out of turn (53B)."""
        p = self._pending
        return p is not None and p.due is not None and self._proper_lead_open(p, seat, p.due)

    def open_director_call(self) -> dict[str, Any] | None:
        """The Director call awaiting a Director, or ``None``: the last call (9B) after which
        no Director's action (an event with no seat) was recorded. ``claim`` says whether it
        is about the claim under way (the table then waits for the Director's ruling)."""
        for i in range(len(self._events) - 1, -1, -1):
            e = self._events[i]
            if isinstance(e, DirectorCalled):
                claim = self._claim
                return {
                    "caller": e.seat.letter,
                    "reason": e.reason,
                    "event": i,
                    "claim": claim is not None
                    and claim.director_called
                    and claim.status == "disputed",
                }
            if e.seat is None:
                return None
        return None

    def may_call_director(self, seat: Seat) -> bool:
        """Whether ``seat`` may summon the Director now (9B; dummy during play only after
        another player has drawn attention to an irregularity, 43A1a)."""
        return not (seat is self._dummy and self._phase is Phase.PLAY and not self._attention_drawn)

    def call_director(self, seat: Seat, reason: str = "") -> DirectorCalled:
        """Draw attention to an irregularity and summon the Director (9B). During play,
        dummy may do so only after another player has drawn attention to one (43A1a)."""
        if not self.may_call_director(seat):
            raise NotEntitled(
                "call_director",
                seat,
                "dummy may not start a Director call during play unless another player has "
                "drawn attention to an irregularity",
                "43A1a",
            )
        e = DirectorCalled(seat, str(reason))
        self._record(e)
        return e

    def _apply_director_called(self, e: DirectorCalled) -> None:
        if e.seat is not self._dummy or self._phase is not Phase.PLAY:
            self._attention_drawn = True
        self._apply_claim_event(e)

    def report_irregularity(self, seat: Seat, text: str) -> IrregularityReported:
        """Dummy points out an irregularity: only after play of the hand is over (42B3, 43A1b)."""
        if seat is not self._dummy:
            raise NotEntitled(
                "report_irregularity",
                seat,
                "this is dummy's action; others call the Director",
                "42B3",
            )
        if self._phase is not Phase.ENDED:
            raise NotEntitled(
                "report_irregularity",
                seat,
                "dummy may point out an irregularity only after play of the hand is over",
                "42B3, 43A1b",
            )
        e = IrregularityReported(seat, str(text))
        self._record(e)
        return e

    def record_dummy_breach(self, seat: Seat, act: DummyBreach) -> DummyRightsForfeited:
        """Record an act of Law 43A2 by dummy (looking at a defender's hand, exchanging
        hands, watching declarer's play): dummy's rights are then qualified by 43B."""
        if seat is not self._dummy or self._phase not in (Phase.PLAY, Phase.ENDED):
            raise NotEntitled("dummy_breach", seat, "only dummy, during play", "43A2")
        if act not in ("looked_at_defender_hand", "exchanged_hands", "watched_declarer"):
            raise NotationError(f"not an act of Law 43A2: {act!r}")
        e = DummyRightsForfeited(seat, act)
        self._record(e)
        return e

    # ------------------------------------------------------------------ tricks (65, 66)

    def _side_played_to_next(self, seat: Seat) -> bool:
        side = seat.side
        return any(s.side is side for s, _ in self._trick)

    def inspection_open(self, seat: Seat) -> bool:
        """Whether ``seat`` may still have the last trick faced (66A): a declarer or defender
        whose side has not played to the next trick."""
        return (
            bool(self._tricks)
            and seat is not self._dummy
            and self._phase in (Phase.PLAY, Phase.ENDED)
            and not self._side_played_to_next(seat)
        )

    def inspect_trick(self, seat: Seat) -> TrickInspected:
        """Have the cards of the last trick faced (66A)."""
        if seat is self._dummy:
            raise NotEntitled("inspect_trick", seat, "dummy may not inspect tricks", "66A")
        if not self.inspection_open(seat):
            raise NotEntitled(
                "inspect_trick",
                seat,
                "a trick may be inspected only until one's side plays to the next trick",
                "66A, 66C",
            )
        e = TrickInspected(seat, len(self._tricks) - 1)
        self._record(e)
        return e

    def look_at_own_card(self, seat: Seat) -> OwnCardLooked:
        """Look at (not show) one's own last played card (66B)."""
        if seat is self._dummy:
            raise NotEntitled("look_at_own_card", seat, "dummy has no such right", "66B")
        if not self.inspection_open(seat):
            raise NotEntitled(
                "look_at_own_card",
                seat,
                "one's last card may be looked at only until one's side plays to the next trick",
                "66B",
            )
        e = OwnCardLooked(seat, len(self._tricks) - 1)
        self._record(e)
        return e

    def inspect_quitted(self, seat: Seat | None, trick: int) -> QuittedTrickShown:
        """Quitted tricks are faced during play only on the Director's instruction (66C):
        ``seat=None`` is the Director; any player's request is refused."""
        if not isinstance(trick, int) or not 0 <= trick < len(self._tricks):
            raise WrongPhase("inspect_quitted", seat, "no such quitted trick", "66C")
        if seat is not None and self._phase is not Phase.ENDED:
            raise NotEntitled(
                "inspect_quitted",
                seat,
                "quitted tricks may not be inspected during play except by the Director",
                "66C",
            )
        e = QuittedTrickShown(seat, trick)
        self._record(e)
        return e

    def mark_trick(self, seat: Seat, trick: int, won: bool) -> TrickMarked:
        """Point one's own card of a quitted trick as won or lost (65B); a player may do so
        only until his side leads or plays to the next trick (65B3)."""
        if seat is self._dummy:
            raise NotEntitled("mark_trick", seat, "declarer keeps dummy's tricks", "65B")
        if not self._tricks or trick != len(self._tricks) - 1 or self._side_played_to_next(seat):
            raise NotEntitled(
                "mark_trick",
                seat,
                "a card's orientation may be changed only until one's side plays to the next trick",
                "65B3",
            )
        e = TrickMarked(seat, trick, bool(won))
        self._record(e)
        return e

    def _apply_marked(self, e: TrickMarked) -> None:
        self._marks[e.seat][e.trick] = e.won

    # ------------------------------------------------------------------ record

    def _record(self, e: Any) -> None:
        check_storable_text(e)  # nothing is recorded that the store and views cannot carry
        if self.dry_run:  # a command's checks passed (core.commands.check_command)
            raise dry_run_stop()
        self._events.append(e)
        try:
            _APPLY[type(e)](self, e)
        except BaseException:  # pragma: no cover - an apply never fails after its check
            self._events.pop()
            self._rebuild()
            raise

    def _rebuild(self) -> None:  # pragma: no cover - recovery path
        events = self._events
        self._events = []
        self._reset()
        for e in events:
            self._record(e)

    def _note(self, e: Any) -> None:
        """Events with no effect on the state beyond the record."""

    def _replay_card(self, e: CardPlayed) -> None:
        if e.how == "defender_choice":
            self.choose_for_dummy(e.seat, e.card)
            return
        self._policy.replay_card(self, e)

    def _replay_face_down(self, e: OpeningLeadFaceDown) -> None:
        if not self.rules.face_down_opening_lead:
            raise NotEntitled("play", e.seat, "opening leads are face up under these rules", "41A")
        self.check_play(e.seat, e.card)
        self._record(e)

    def _apply_question(self, e: ExplanationRequested) -> None:
        self._questions.append((e.seat, e.call_index))

    def _apply_correction(self, e: ExplanationCorrected) -> None:
        self._corrections.append((len(self._events) - 1, e.seat))

    def _apply_forfeit(self, e: DummyRightsForfeited) -> None:  # noqa: ARG002
        self._dummy_forfeited = True

    def _apply_revoke_inquiry(self, e: RevokeInquiry) -> None:
        self._policy.on_inquiry(self, e.asked, e.seat)

    def _apply_quitted_shown(self, e: QuittedTrickShown) -> None:
        self._show_quitted.add(e.trick)

    # ------------------------------------------------------------------ views

    def view_for(self, role: Any) -> Any:
        """What ``role`` (a :class:`Seat`, or :data:`~bridgetable.core.views.SPECTATOR` or
        :data:`~bridgetable.core.views.DIRECTOR`) may see now; see :mod:`.views`."""
        from bridgetable.core.views import view_for

        return view_for(self, role)


#: The dispatch tables, derived from the declarations of core.commands: each event type's
#: apply (its change to the state once recorded) and replay (its check as the command).
_APPLY, _REPLAY = event_dispatch(Board)


def replay_events(setup: BoardSetup, events: Iterable[Any]) -> Board:
    """A board with ``events`` replayed and checked on ``setup``."""
    return Board.replay(BoardRecord(setup, tuple(events)))
