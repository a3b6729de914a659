"""Replaying a board read from a file through the Laws engine.

A reader turns a game into a :class:`BoardSetup` and a list of calls and cards; a
:class:`RecordBuilder` makes each one through :class:`~bridgetable.core.board.Board`, so every
call and card is checked as if made at the table. The first one the Laws refuse is reported
with its line, board, trick, seat and Law (the fields of the engine's
:class:`~bridgetable.core.errors.ActionRefused`), and the record stops there: it always holds
a prefix of the file's board that the engine replays exactly.

A claim in a file (PBN ``*`` or unplayed ``-`` tricks with a Result, LIN ``mc``) becomes a
claim by declarer for the remaining tricks his side is credited with (the result less the
tricks already won), agreed by both defenders; a file written by bridgetable may describe the
claim in full instead (:class:`~bridgetable.formats.common.ClaimInfo`).

Example:
    >>> from bridgetable.core.calls import parse_call
    >>> from bridgetable.core.cards import Card
    >>> from bridgetable.core.deal import Deal
    >>> from bridgetable.core.record import BoardSetup
    >>> deal = Deal.from_pbn(
    ...     "N:AKQ2.J84.T9.7654 JT9.AKQ.8765.AKQ 8765.T9.AKQJ.JT9 43.76532.432.832")
    >>> diags = []
    >>> b = RecordBuilder(BoardSetup.for_board(1, deal=deal), game=1, diagnostics=diags)
    >>> for t in ("1S", "Pass", "Pass", "Pass"):
    ...     b.call(CallIn(parse_call(t), line=2))
    >>> b.card(CardIn(Card("D5"), line=3))                  # East leads
    >>> b.card(CardIn(Card("DA"), line=3))                  # South follows
    >>> b.card(CardIn(Card("S3"), line=3))                  # West has diamonds: a revoke
    >>> d = diags[0]
    >>> d.line, d.board, d.trick, d.seat, d.law
    (3, 1, 1, 'West', '44C, 61A')
    >>> d.message
    'S3 refused: S3 fails to follow suit while West holds a diamond: a revoke'
    >>> len(b.record.events)                                 # the record stops before it
    7
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgetable.core.board import Board
from bridgetable.core.calls import Call
from bridgetable.core.cards import Card
from bridgetable.core.errors import (
    ActionRefused,
    IllegalCall,
    IllegalPlay,
    NotationError,
    OutOfTurn,
)
from bridgetable.core.events import OpeningLeadFaceDown
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.seats import SEATS, Seat
from bridgetable.formats.common import ClaimInfo
from bridgetable.formats.errors import Diagnostic, Irregularity, Severity

#: The Law of each irregularity mark a PBN file may declare.
IRREGULARITY_LAWS = {
    "^I": ("insufficient bid", "27"),
    "^S": ("call out of rotation", "28-32"),
    "^R": ("revoke", "61-64"),
    "^L": ("lead out of turn", "53-56"),
}


@dataclass(frozen=True, slots=True)
class CallIn:
    """A call as a file gives it: ``call`` (``None`` when unreadable, already reported),
    the source line, alert and explanation, and a declared irregularity mark."""

    call: Call | None
    line: int
    alert: bool = False
    explanation: str | None = None
    mark: str | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class CardIn:
    """A card as a file gives it: the card, the source line, the hand the file says played
    it (``None``: the hand to play, as in LIN), and a declared irregularity mark."""

    card: Card
    line: int
    hand: Seat | None = None
    mark: str | None = None


class RecordBuilder:
    """Makes a file's calls, cards and claim through a :class:`Board`; see the module
    docstring. After the first refused action (or a declared irregularity) ``stopped`` is
    true and everything else is ignored."""

    def __init__(
        self,
        setup: BoardSetup,
        *,
        game: int | None,
        diagnostics: list[Diagnostic],
        irregularities: list[Irregularity] | None = None,
    ) -> None:
        self.setup = setup
        self.board = Board(setup)
        self.game = game
        self.stopped = False
        self.claimed = False
        self._diags = diagnostics
        self._irr = irregularities if irregularities is not None else []

    # -------------------------------------------------------------------- reporting

    @property
    def record(self) -> BoardRecord:
        """The record so far (always replayable by ``Board.replay``)."""
        return self.board.record

    def trick_number(self) -> int:
        """The 1-based number of the trick in progress (or of the last one)."""
        return min(len(self.board.tricks) + 1, 13)

    def report(
        self,
        line: int,
        message: str,
        *,
        severity: Severity = "error",
        trick: int | None = None,
        seat: Seat | str | None = None,
        law: str | None = None,
    ) -> None:
        """Add a diagnostic for this board."""
        self._diags.append(
            Diagnostic(
                line,
                message,
                severity,
                board=self.setup.board,
                game=self.game,
                trick=trick,
                seat=None if seat is None else str(seat),
                law=law,
            )
        )

    def _refused(self, line: int, what: str, exc: ActionRefused, trick: int | None) -> None:
        seat = exc.seat if isinstance(exc.seat, Seat | str) else None
        self.report(line, f"{what} refused: {exc.reason}", trick=trick, seat=seat, law=exc.law)
        self.stopped = True

    def _declare(
        self, line: int, mark: str, *, trick: int | None, seat: Seat | None, text: str
    ) -> None:
        kind, law = IRREGULARITY_LAWS[mark]
        self.declare(line, kind, law, trick=trick, seat=seat, text=text)
        self.stopped = True

    def declare(
        self,
        line: int,
        kind: str,
        law: str,
        *,
        trick: int | None = None,
        seat: Seat | None = None,
        text: str = "",
    ) -> None:
        """Note an irregularity the file declares (it does not stop the replay by itself)."""
        self._irr.append(
            Irregularity(
                line,
                kind,
                law,
                board=self.setup.board,
                game=self.game,
                trick=trick,
                seat=None if seat is None else str(seat),
                text=text,
            )
        )

    # -------------------------------------------------------------------- auction

    def call(self, c: CallIn) -> None:
        """Make the next call of the auction (the seat is the one in rotation)."""
        if self.stopped:
            return
        b = self.board
        auction = b.auction
        turn = auction.turn
        seat = turn if turn is not None else auction.dealer.next(len(auction))
        text = c.text or str(c.call)
        if c.mark == "^S":
            shown = text if text.upper().startswith("^S") else f"^S {text}".strip()
            self._declare(c.line, "^S", trick=None, seat=seat, text=shown)
            return
        if c.call is None:
            self.stopped = True
            return
        try:
            b.call(seat, c.call, alert=c.alert, explanation=c.explanation)
        except ActionRefused as exc:
            if c.mark == "^I" and isinstance(exc, IllegalCall) and "27" in exc.law:
                self._declare(c.line, "^I", trick=None, seat=seat, text=f"^I {text}")
            else:
                self._refused(c.line, str(c.call), exc, None)
            return
        if c.mark == "^I":
            self.report(
                c.line,
                f"{text} is marked insufficient (^I) but is a sufficient bid",
                seat=seat,
                law="27",
            )

    # -------------------------------------------------------------------- play

    def _trick_of(self, card: Card) -> int | None:
        """The 1-based trick in which ``card`` was played, if it was."""
        b = self.board
        for i, t in enumerate(b.tricks, 1):
            if any(c is card for _, c in t.cards):
                return i
        if any(c is card for _, c in b.current_trick) or b.face_down_lead is card:
            return len(b.tricks) + 1
        return None

    def _owner(self, card: Card) -> Seat | None:
        b = self.board
        for s in SEATS:
            if b.hand(s).mask & card.bit:
                return s
        return None

    def card(self, c: CardIn) -> None:
        """Play the next card: from ``c.hand`` if the file names the hand, else from the hand
        that holds it (the engine refuses it if that hand is not the one to play)."""
        if self.stopped:
            return
        b = self.board
        card = c.card
        if c.mark is None and c.hand is not None and c.hand is b.hand_to_play:
            # the common case: the file names the hand due to play
            named = c.hand
            actor = b.declarer if named is b.dummy and b.declarer is not None else named
            try:
                e = b.play(actor, card)
            except ActionRefused:
                pass  # reported below, with the details
            else:
                if isinstance(e, OpeningLeadFaceDown):
                    b.face_lead(actor)
                return
        trick = self.trick_number()
        if b.phase is Phase.PASSED_OUT:
            self.report(c.line, f"{card} played on a passed-out board", trick=trick, law="22B")
            self.stopped = True
            return
        due = b.hand_to_play
        owner: Seat | None = None
        if c.hand is None:
            in_due = due is not None and b.hand(due).mask & card.bit
            owner = due if in_due else self._owner(card)
        if c.mark == "^L":
            if b.current_trick or (b.phase is not Phase.PLAY and b.tricks):
                self.report(
                    c.line, f"^L marks {card}, which is not a lead", trick=trick, seat=c.hand
                )
            elif c.hand is not None and due is not None and c.hand is not due:
                self._declare(c.line, "^L", trick=trick, seat=c.hand, text=f"^L {card}")
                return
        elif c.hand is not None and due is not None and c.hand is not due:
            self._refused(
                c.line,
                str(card),
                OutOfTurn("play", c.hand, f"it is {due}'s hand to play, not {c.hand}'s", "44B"),
                trick,
            )
            return
        hand = c.hand if c.hand is not None else (owner if owner is not None else due)
        if hand is None:
            hand = b.auction.dealer
        dummy = b.dummy
        actor = b.declarer if hand is dummy and b.declarer is not None else hand
        try:
            e = b.play(actor, card)
            if isinstance(e, OpeningLeadFaceDown):
                b.face_lead(actor)
        except ActionRefused as exc:
            if c.mark == "^R" and isinstance(exc, IllegalPlay) and "61" in exc.law:
                self._declare(c.line, "^R", trick=trick, seat=hand, text=f"^R {card}")
                return
            what = str(card)
            earlier = self._trick_of(card)
            if earlier is not None and isinstance(exc, IllegalPlay):
                exc = IllegalPlay(
                    exc.action,
                    exc.seat,
                    f"{card} was already played, in trick {earlier}: a card played twice",
                    exc.law,
                )
            if owner is None:
                owner = self._owner(card)
            if (
                earlier is None
                and owner is not None
                and owner is not hand
                and isinstance(exc, IllegalPlay)
            ):
                exc = IllegalPlay(
                    exc.action, exc.seat, f"{exc.reason} ({card} is in {owner}'s hand)", exc.law
                )
            self._refused(c.line, what, exc, trick)
            return
        if c.mark == "^R":
            self.report(
                c.line,
                f"{card} is marked as a revoke (^R) but is a legal card",
                trick=trick,
                seat=hand,
                law="61A",
            )
        elif c.mark == "^L":
            self.report(
                c.line,
                f"{card} is marked as a lead out of turn (^L) but {hand} was to lead",
                trick=trick,
                seat=hand,
                law="53",
            )

    # -------------------------------------------------------------------- claims

    def claim_total(self, total: int, line: int, *, source: str, declared: bool = False) -> None:
        """A file's result for an unfinished play: declarer claims ``total`` less the tricks
        his side has won, and both defenders agree. For a finished play the result is
        compared with the tricks won. ``declared`` (a PBN ``^`` result) says the file knows
        the figure differs from the play: no mismatch is reported."""
        if self.stopped:
            return
        b = self.board
        declarer = b.declarer
        if b.phase is Phase.ENDED:
            got = b.declarer_tricks
            if got != total and not declared:
                self.report(
                    line,
                    f"{source} gives declarer {total} tricks but the play gives {got}",
                    law="79A",
                )
            return
        if b.phase is Phase.AUCTION or declarer is None:
            self.report(line, f"{source}: a result before the auction has ended", law="22")
            return
        if b.phase is Phase.CLARIFICATION:
            self.report(
                line,
                f"{source}: a claim before the opening lead is not recorded (the Laws engine "
                "takes claims only in the play period, Law 68)",
                severity="warning",
            )
            return
        if b.phase is not Phase.PLAY:
            return
        won = b.tricks_won(declarer.side)
        remaining = b.remaining_tricks()
        k = total - won
        if not 0 <= k <= remaining:
            if not declared:
                self.report(
                    line,
                    f"{source} gives declarer {total} tricks, impossible with {won} won and "
                    f"{remaining} to play",
                    trick=self.trick_number(),
                    law="79A",
                )
            return
        try:
            b.make_claim(declarer, k)
            for s in (declarer.lho, declarer.rho):
                b.agree_claim(s)
        except ActionRefused as exc:  # pragma: no cover - a plain claim is always allowed
            self._refused(line, "claim", exc, self.trick_number())
            return
        self.claimed = True

    def claim_explicit(self, info: ClaimInfo, line: int) -> None:
        """A claim as bridgetable writes it: claimer, tricks, statement, answers, ruling."""
        if self.stopped:
            return
        b = self.board
        trick = self.trick_number()
        try:
            b.make_claim(info.claimer, info.tricks, info.statement, concession=info.concession)
            for seat, agreed in info.answers:
                if agreed:
                    b.agree_claim(seat)
                else:
                    b.dispute_claim(seat)
            if info.ruling is not None:
                tricks, laws, text = info.ruling
                b.director_rule(tricks, laws=laws, text=text)
        except ActionRefused as exc:
            self._refused(line, "claim", exc, trick)
            return
        except NotationError as exc:
            self.report(line, f"claim statement: {exc}", trick=trick)
            self.stopped = True
            return
        self.claimed = True


__all__ = ["IRREGULARITY_LAWS", "CallIn", "CardIn", "RecordBuilder"]
