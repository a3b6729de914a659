"""Claims and concessions: the procedure of Laws 68, 69, 71 and 79 and of the rubber code.

A claim (or concession) names how many of the remaining tricks, the trick in progress
included, the claimer's side will win, with an optional statement (Law 68C, see
:mod:`bridgetable.core.statement`). Play is suspended at once (68D); the claimer's hand is
faced for everyone (68C). Then:

* each opponent of the claimer who is not dummy agrees, or any player (dummy included)
  disputes (68D1, 68D2);
* a defender's partner may object at once to the defender's claim or concession: there is
  then neither claim nor concession and play continues (68B2, duplicate); under the rubber
  code a defender's concession stands only if his partner concedes too;
* after a dispute, the non-claiming side may ask to play on, which needs all four players'
  agreement: the claim is then void and play continues (68D2b);
* otherwise the Director rules (Law 70; the ruling itself comes from
  :mod:`bridgetable.adjudication`);
* with no Director at the table, any player may instead ask for the adjudicator's proposed
  ruling: the server records it with its explanation and every remaining card is faced so
  that all four can check it (70B3); when all four players accept it, it is the result
  (an agreement of all four, as 68D2b(i) asks for playing on; the Director may still review it
  within the Correction Period, 69B and 71); any player may call the Director instead, and
  then only the Director rules (68D2a, 9B);
* agreement becomes established when the agreeing side makes a call on a later board or the
  round ends (69A) -- the table reports it; within the Correction Period (79C) the Director
  may return tricks to a side that agreed (69B) or cancel a concession (71).

Times come in as arguments (the core reads no clock).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from bridgetable.core.cards import Suit
from bridgetable.core.errors import NotationError, NotEntitled, WrongPhase
from bridgetable.core.events import (
    AgreementEstablished,
    AllHandsFaced,
    ClaimAgreed,
    ClaimDisputed,
    ClaimObjected,
    CurrentTrickStatement,
    DirectorCalled,
    DirectorRuled,
    HandShownToPartner,
    PlayOnAgreed,
    PlayOnRequested,
    RulingAccepted,
    RulingAsked,
    RulingProposed,
    ScorePublished,
    TricksRestored,
)

# Every event is defined in core.events; adjudication/cli.py still imports this one from here.
from bridgetable.core.events import ClaimMade as ClaimMade  # noqa: PLC0414
from bridgetable.core.host import BoardHost
from bridgetable.core.phase import Phase
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Seat, Side
from bridgetable.core.slices import Claim, ClaimSlice, apply_claim
from bridgetable.core.statement import parse_statement

#: An oracle for Law 79A2: the fewest of the remaining tricks ``side`` takes under any play
#: of all four hands from ``position``. The solver layer provides one.
FloorOracle = Callable[[Position, Side], int]


# ----------------------------------------------------------------------------- state


class ClaimsMixin(BoardHost):
    """The claim commands of :class:`~bridgetable.core.board.Board`."""

    # the claim's state slice (set in Board._reset; core.slices.ClaimSlice)
    oracle: FloorOracle | None
    _claims: ClaimSlice

    @property
    def claim_slice(self) -> ClaimSlice:
        """The claims' state slice (:class:`~bridgetable.core.slices.ClaimSlice`)."""
        return self._claims

    @property
    def _claim(self) -> Claim | None:
        return self._claims.claim

    @property
    def _faced(self) -> frozenset[Seat]:
        return self._claims.faced

    @property
    def _restored(self) -> tuple[int, ...]:
        return self._claims.restored

    @property
    def _published(self) -> datetime | None:
        return self._claims.published

    # -- helpers -------------------------------------------------------------------

    def shown_voids(self) -> frozenset[tuple[Seat, Suit]]:
        """Every (seat, suit) where the seat has failed to follow to that suit so far: the
        show-outs a claimer knows of (Law 70 adjudication's ``known_voids``)."""
        shown: set[tuple[Seat, Suit]] = set()
        for cards in [*(t.cards for t in self._tricks), self._trick]:
            if cards:
                led = cards[0][1].suit
                shown |= {(s, led) for s, c in cards if c.suit is not led}
        return frozenset(shown)

    def _claimable(self) -> bool:
        """Whether the cards stand as a claim's position can state them: the trick in
        progress in rotation and every hand of the right length (always so online; at a
        real table an irregularity may leave them otherwise until it is rectified)."""
        return self._policy.claimable(self)  # type: ignore[arg-type]  # a Board

    def _cards_claimable(self) -> bool:
        """The trick in progress in rotation from its leader, and a position of the cards
        as they stand (table mode: Laws 57C, 67)."""
        trick = self._trick
        if any(s is not trick[0][0].next(i) for i, (s, _) in enumerate(trick)):
            return False
        try:
            self.position()
        except NotationError:
            return False
        return True

    def position(self) -> Position:
        """The card-play position now: remaining hands, trump, the trick in progress."""
        trick = self._trick
        leader = trick[0][0] if trick else self._next_leader()
        return Position(
            tuple(self._hands),  # type: ignore[arg-type]
            self._trump,
            leader,
            tuple(c for _, c in trick),
        )

    def _next_leader(self) -> Seat:
        if self._tricks:
            return self._tricks[-1].winner
        if self._declarer is None:  # pragma: no cover
            raise WrongPhase("position", None, "no contract", "41")
        return self._declarer.lho

    @property
    def claim(self) -> Claim | None:
        """The current (or last) claim."""
        return self._claim

    @property
    def faced_hands(self) -> frozenset[Seat]:
        """Hands faced for everyone: a claimer's (68C), all after 70B3."""
        return frozenset(self._faced)

    def shown_to(self, seat: Seat) -> frozenset[Seat]:
        """Hands faced to ``seat`` only (rubber: a defender to his partner)."""
        return frozenset(s for s in self._claims.partner_shown if s.partner is seat)

    def remaining_tricks(self) -> int:
        """Tricks not yet quitted, the one in progress included."""
        return 13 - len(self._tricks)

    def _apply_claim_event(self, e: Any) -> None:
        """Replace the claim slice by its :func:`~bridgetable.core.slices.apply_claim`; a
        claim's new status sets the phase: play is suspended while it is open (68D), ends
        when it is agreed or ruled (68D1, 70), and continues when it is void (68B2, 68D2b).
        The policy hears of a claim (63A3) and of an established agreement (63A4)."""
        t = type(e)
        if t is DirectorCalled and self._phase is not Phase.CLAIM:
            return  # 9B: only a call while the claim is open leaves the ruling to the Director
        before = self._claims.claim
        new = None
        if t is ClaimMade:
            new = Claim(
                claimer=e.seat,
                tricks=e.tricks,
                remaining=self.remaining_tricks(),
                statement=parse_statement(e.statement),
                concession=e.concession,
                position=self.position(),
                needs=tuple(self._agreement_needed(e.seat)),
            )
        self._claims = apply_claim(self._claims, e, new=new)
        after = self._claims.claim
        if after is not None and (
            new is not None or (before is not None and after.status != before.status)
        ):
            self._phase = _PHASE_OF[after.status]
        if t is ClaimMade:
            self._policy.on_claim(self, e.seat)  # type: ignore[arg-type]  # a Board
        elif t is AgreementEstablished and after is not None:
            self._policy.on_agreement(self, after.side.opponents)  # type: ignore[arg-type]

    def _claimer_opponents(self, claim: Claim) -> list[Seat]:
        """The players whose agreement makes the claim agreed: the claimer's opponents other
        than dummy, and a defender's partner too: under the rubber code he must concede as
        well; under the duplicate code his answer closes the moment in which he could object
        at once (68B2)."""
        return self._agreement_needed(claim.claimer)

    def _agreement_needed(self, claimer: Seat) -> list[Seat]:
        out = [s for s in SEATS if s.side is not claimer.side and s is not self._dummy]
        if self._is_defender(claimer):
            out.append(claimer.partner)
        return out

    def claim_actions(self, seat: Seat) -> list[str]:
        """The claim commands ``seat`` may give now (for views)."""
        out: list[str] = []
        claim = self._claim
        if self._phase is Phase.PLAY and seat is not self._dummy:
            out += ["announce_current_trick"]
            if self._claimable():
                out[:0] = ["claim", "concede"]
        if self._phase is not Phase.CLAIM or claim is None:
            return out
        if claim.status == "pending":
            if (
                self._is_defender(claim.claimer)
                and seat is claim.claimer.partner
                and seat not in claim.agreed
            ):
                out.append("object")
            if seat in self._claimer_opponents(claim) and seat not in claim.agreed:
                out.append("agree_claim")
        if (
            claim.status in ("pending", "agreed")
            and seat is not claim.claimer
            and seat not in claim.disputed
        ):
            out.append("dispute_claim")
        if claim.status == "disputed":
            # the hands are faced once a ruling is proposed: no playing on after that
            if claim.proposal is None:
                if seat.side is not claim.side and not claim.play_on_requested:
                    out.append("request_play_on")
                if claim.play_on_requested and seat not in claim.play_on:
                    out.append("agree_play_on")
                if not claim.ruling_asked and not claim.director_called:
                    out.append("ask_ruling")
            elif not claim.director_called and seat not in claim.accepted:
                out.append("accept_ruling")
        return out

    # -- commands ------------------------------------------------------------------

    def make_claim(
        self,
        seat: Seat,
        tricks: int,
        statement: str | None = None,
        *,
        concession: bool = False,
    ) -> ClaimMade:
        """Claim ``tricks`` of the remaining tricks for ``seat``'s side (68A) or, with
        ``concession``, concede the rest (68B). Dummy cannot claim. Play is suspended."""
        if self._phase is not Phase.PLAY:
            raise WrongPhase("claim", seat, "a claim is made during the play period", "68")
        if seat is self._dummy:
            raise NotEntitled("claim", seat, "only declarer or a defender claims", "68A")
        if self.pending is not None:
            raise NotEntitled("claim", seat, "a rectification choice is pending", "68, 10")
        if not self._claimable():
            raise NotEntitled(
                "claim",
                seat,
                "the trick in progress is out of rotation or a hand holds a card too many or "
                "too few: a claim waits until the trick is complete and the hands are regular",
                "68, 57C2, 67",
            )
        remaining = self.remaining_tricks()
        if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= remaining:
            raise NotEntitled(
                "claim", seat, f"a claim is of 0 to {remaining} remaining tricks", "68A"
            )
        parse_statement(statement)  # raises NotationError for bad notation
        e = ClaimMade(seat, tricks, statement or None, bool(concession))
        self._record(e)
        return e

    def announce_current_trick(self, seat: Seat, text: str = "") -> CurrentTrickStatement:
        """A statement about the trick in progress only ("this one is mine"): no claim, play
        continues; a defender's card shown in it is no penalty card (68 preamble)."""
        if self._phase is not Phase.PLAY:
            raise WrongPhase("announce_current_trick", seat, "only during play", "68")
        e = CurrentTrickStatement(seat, str(text))
        self._record(e)
        return e

    def _open_claim(self, action: str, seat: Seat) -> Claim:
        claim = self._claim
        if claim is None or self._phase is not Phase.CLAIM:
            raise WrongPhase(action, seat, "no claim is awaiting an answer", "68D")
        return claim

    def agree_claim(self, seat: Seat) -> ClaimAgreed:
        """Assent to the claim (68D1). With an oracle, assent is refused when the claimer's
        side takes more tricks than claimed however the cards are played: the other side may
        not accept tricks it cannot win (79A2)."""
        claim = self._open_claim("agree_claim", seat)
        if seat is claim.claimer:
            raise NotEntitled("agree_claim", seat, "the claimer does not agree to himself", "68D")
        if claim.status != "pending":
            raise WrongPhase("agree_claim", seat, f"the claim is {claim.status}", "68D")
        if seat not in self._claimer_opponents(claim):
            raise NotEntitled(
                "agree_claim",
                seat,
                "the claimer's opponents (not dummy) answer a claim",
                "68D, 68B2",
            )
        if seat in claim.agreed:
            raise NotEntitled("agree_claim", seat, "already agreed", "68D")
        if self.oracle is not None and seat.side is not claim.side:
            floor = self.oracle(claim.position, claim.side)
            if floor > claim.tricks:
                raise NotEntitled(
                    "agree_claim",
                    seat,
                    f"the claimer's side takes at least {floor} tricks however the cards are "
                    f"played; a side may not accept tricks it cannot win",
                    "79A2",
                )
        e = ClaimAgreed(seat)
        self._record(e)
        return e

    def dispute_claim(self, seat: Seat) -> ClaimDisputed:
        """Dispute the claim (68D2): any player but the claimer, dummy included. A side that
        agreed may still object until its agreement is established (69A)."""
        claim = self._claim
        if claim is None:
            raise WrongPhase("dispute_claim", seat, "there is no claim", "68D")
        if seat is claim.claimer:
            raise NotEntitled("dispute_claim", seat, "the claimer cannot dispute", "68D2")
        if claim.status == "agreed":
            if claim.established:
                raise NotEntitled(
                    "dispute_claim",
                    seat,
                    "the agreement is established; only a withdrawal under 69B remains",
                    "69A",
                )
        elif claim.status != "pending" or self._phase is not Phase.CLAIM:
            raise WrongPhase("dispute_claim", seat, f"the claim is {claim.status}", "68D2")
        if seat in claim.disputed:
            raise NotEntitled("dispute_claim", seat, "already disputed", "68D2")
        e = ClaimDisputed(seat)
        self._record(e)
        return e

    def object_to_partners_claim(self, seat: Seat) -> ClaimObjected:
        """A defender objects at once to his partner's claim or concession: there is neither
        claim nor concession; play continues; cards shown are no penalty cards (68B2)."""
        claim = self._open_claim("object", seat)
        if not self._is_defender(claim.claimer) or seat is not claim.claimer.partner:
            raise NotEntitled(
                "object", seat, "only a defender's partner objects to his concession", "68B2"
            )
        if seat in claim.agreed or seat in claim.disputed:
            raise NotEntitled(
                "object", seat, "the objection must come at once, before his own answer", "68B2"
            )
        e = ClaimObjected(seat)
        self._record(e)
        return e

    def request_play_on(self, seat: Seat) -> PlayOnRequested:
        """After a dispute the non-claiming side may ask to play on (68D2b)."""
        claim = self._open_claim("request_play_on", seat)
        if claim.status != "disputed":
            raise WrongPhase("request_play_on", seat, "play on follows a dispute", "68D2b")
        if seat.side is claim.side:
            raise NotEntitled(
                "request_play_on", seat, "only the non-claiming side may ask to play on", "68D2b"
            )
        if claim.play_on_requested:
            raise NotEntitled("request_play_on", seat, "play on has been asked already", "68D2b")
        if claim.proposal is not None:
            raise NotEntitled(
                "request_play_on",
                seat,
                "every hand is faced with the proposed ruling",
                "68D2b, 70B3",
            )
        e = PlayOnRequested(seat)
        self._record(e)
        return e

    def agree_play_on(self, seat: Seat) -> PlayOnAgreed:
        """Agree to play on; with all four agreeing the claim is void and play continues, the
        claimer's hand still faced (68D2b)."""
        claim = self._open_claim("agree_play_on", seat)
        if not claim.play_on_requested:
            raise WrongPhase("agree_play_on", seat, "nobody asked to play on", "68D2b")
        if seat in claim.play_on:
            raise NotEntitled("agree_play_on", seat, "already agreed", "68D2b")
        if claim.proposal is not None:
            raise NotEntitled(
                "agree_play_on", seat, "every hand is faced with the proposed ruling", "68D2b, 70B3"
            )
        e = PlayOnAgreed(seat)
        self._record(e)
        return e

    def ask_ruling(self, seat: Seat) -> RulingAsked:
        """Ask for the adjudicator's proposed ruling on a disputed claim, with no Director at
        the table. Any player may ask, once, before the Director has been called."""
        claim = self._open_claim("ask_ruling", seat)
        if claim.status != "disputed":
            raise WrongPhase("ask_ruling", seat, "a ruling follows a dispute", "68D2")
        if claim.director_called:
            raise NotEntitled(
                "ask_ruling", seat, "the Director has been called: he rules", "68D2a, 9B"
            )
        if claim.ruling_asked:
            raise NotEntitled("ask_ruling", seat, "a ruling has been asked for already", "68D2")
        e = RulingAsked(seat)
        self._record(e)
        return e

    def propose_ruling(self, tricks: int, *, laws: str = "70", text: str = "") -> RulingProposed:
        """Record the adjudicator's proposed ruling once a player has asked for it: ``tricks``
        of the remaining tricks to the claimer's side. Every remaining card is faced so that
        all four can check the explanation (70B3)."""
        claim = self._claim
        if claim is None or self._phase is not Phase.CLAIM or claim.status != "disputed":
            raise WrongPhase("propose_ruling", None, "no disputed claim awaits a ruling", "70")
        if not claim.ruling_asked or claim.proposal is not None:
            raise WrongPhase(
                "propose_ruling", None, "a proposal answers one request for a ruling", "70"
            )
        if claim.director_called:
            raise NotEntitled(
                "propose_ruling", None, "the Director has been called: he rules", "68D2a"
            )
        if not isinstance(tricks, int) or isinstance(tricks, bool):
            raise NotEntitled("propose_ruling", None, "a number of tricks", "70")
        if not 0 <= tricks <= claim.remaining:
            raise NotEntitled("propose_ruling", None, f"0 to {claim.remaining} tricks", "70")
        e = RulingProposed(None, tricks, str(laws), str(text))
        self._record(e)
        return e

    def accept_ruling(self, seat: Seat) -> RulingAccepted:
        """Accept the proposed ruling; when all four players have, it is the result."""
        claim = self._open_claim("accept_ruling", seat)
        if claim.proposal is None or claim.status != "disputed":
            raise WrongPhase("accept_ruling", seat, "no ruling has been proposed", "70")
        if claim.director_called:
            raise NotEntitled(
                "accept_ruling", seat, "the Director has been called: he rules", "68D2a, 9B"
            )
        if seat in claim.accepted:
            raise NotEntitled("accept_ruling", seat, "already accepted", "70")
        e = RulingAccepted(seat)
        self._record(e)
        return e

    def show_hand_to_partner(self, seat: Seat) -> HandShownToPartner:
        """Rubber: when declarer claims, either defender may face his hand to his partner."""
        claim = self._claim
        if not self.rules.is_rubber:
            raise NotEntitled(
                "show_hand", seat, "a defender does not show his hand to partner", "16, 68"
            )
        if (
            claim is None
            or self._phase is not Phase.CLAIM
            or claim.claimer is not self._declarer
            or not self._is_defender(seat)
        ):
            raise NotEntitled(
                "show_hand", seat, "only a defender, after declarer's claim", "68 (rubber)"
            )
        e = HandShownToPartner(seat)
        self._record(e)
        return e

    def director_face_all(self) -> AllHandsFaced:
        """The Director has all remaining cards faced while ruling (70B3)."""
        claim = self._open_claim("face_all", None)  # type: ignore[arg-type]
        del claim
        e = AllHandsFaced(None)
        self._record(e)
        return e

    def director_rule(self, tricks: int, *, laws: str = "70", text: str = "") -> DirectorRuled:
        """Record the Director's ruling on a disputed claim: ``tricks`` of the remaining
        tricks to the claimer's side (Law 70)."""
        claim = self._claim
        if claim is None or claim.status not in ("disputed", "pending", "agreed"):
            raise WrongPhase("rule", "Director", "no claim awaits a ruling", "70")
        if claim.status == "agreed" and claim.established:
            raise WrongPhase("rule", "Director", "the claim was agreed (69A)", "69")
        if not isinstance(tricks, int) or not 0 <= tricks <= claim.remaining:
            raise NotEntitled("rule", "Director", f"0 to {claim.remaining} tricks", "70")
        e = DirectorRuled(None, tricks, str(laws), str(text))
        self._record(e)
        return e

    def establish_agreement(self) -> AgreementEstablished:
        """The agreeing side has called on a later board, or the round has ended (69A)."""
        claim = self._claim
        if claim is None or claim.status != "agreed" or claim.established:
            raise WrongPhase(
                "establish_agreement", None, "no agreed claim awaits establishment", "69A"
            )
        e = AgreementEstablished(None)
        self._record(e)
        return e

    def publish_score(self, at: datetime) -> ScorePublished:
        """The official score is available from ``at``: the Correction Period starts (79C1)."""
        if self._phase not in (Phase.ENDED, Phase.PASSED_OUT):
            raise WrongPhase("publish_score", None, "the board is not over", "79C")
        if self._published is not None:
            raise WrongPhase("publish_score", None, "already published", "79C")
        e = ScorePublished(None, _iso(at))
        self._record(e)
        return e

    def correction_period_open(self, now: datetime) -> bool:
        """Whether ``now`` is within the Correction Period: until the score is published and
        for ``rules.correction_period_minutes`` after (79C1)."""
        if self._published is None:
            return True
        return now <= self._published + timedelta(minutes=self.rules.correction_period_minutes)

    def restore_tricks(self, seat: Seat, tricks: int, *, law: str, now: datetime) -> TricksRestored:
        """The Director returns tricks to ``seat``'s side within the Correction Period: a
        withdrawn agreement (69B: tricks the side won or would likely have won) or a cancelled
        concession (71: tricks already won or that could not be lost by any normal play). The
        number comes from the adjudicator's Law 69B or 71 check."""
        claim = self._claim
        if law not in ("69B", "71"):
            raise NotEntitled(
                "restore_tricks", seat, "tricks are restored under 69B or 71", "69B, 71"
            )
        if claim is None or claim.status not in ("agreed", "ruled"):
            raise WrongPhase("restore_tricks", seat, "no agreed claim or concession", law)
        if law == "69B" and (seat.side is claim.side or claim.status != "agreed"):
            raise NotEntitled("restore_tricks", seat, "69B is for the side that agreed", "69B")
        if law == "71" and seat.side is not claim.side:
            raise NotEntitled("restore_tricks", seat, "71 is for the conceding side", "71")
        if not self.correction_period_open(now):
            raise NotEntitled("restore_tricks", seat, "the Correction Period has ended", "79C")
        limit = claim.conceded if law == "71" else claim.tricks
        if not isinstance(tricks, int) or not 1 <= tricks <= limit - sum(self._restored):
            raise NotEntitled("restore_tricks", seat, f"at most {limit} tricks", law)
        e = TricksRestored(None, seat, tricks, law, _iso(now))
        self._record(e)
        return e

    # -- results -------------------------------------------------------------------

    def tricks_for(self, side: Side) -> int:
        """Tricks ``side`` has taken so far, counting a resolved claim and any 69B/71
        restoration."""
        won = self._won[side]
        claim = self._claim
        by_claim = {Side.NS: 0, Side.EW: 0}
        if claim is not None:
            awarded = claim.awarded
            if awarded is not None:
                by_claim[claim.side] = awarded
                by_claim[claim.side.opponents] = claim.remaining - awarded
                won += by_claim[side]
                delta = sum(self._restored)
                won += delta if side is claim.side else -delta
        return won + self.revoke_transfer(by_claim)[side]


#: The phase a claim's new status puts the board in (68D, 68D1, 68B2, 68D2b, 70).
_PHASE_OF = {
    "pending": Phase.CLAIM,
    "disputed": Phase.CLAIM,
    "agreed": Phase.ENDED,
    "ruled": Phase.ENDED,
    "void": Phase.PLAY,
    "play_on": Phase.PLAY,
}


def _iso(at: datetime) -> str:
    if not isinstance(at, datetime):
        raise NotationError(f"a time is a datetime, not {at!r}")
    return at.isoformat()
