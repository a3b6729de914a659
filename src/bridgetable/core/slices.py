"""The board's state slices: immutable values, each changed only by a pure ``apply``.

A :class:`~bridgetable.core.board.Board` is a facade over its slices: it checks a command
against the Laws, records the event, and replaces each slice the event concerns by
``apply(slice, event)``. Nothing here checks the Laws (the board's commands do), and nothing
here mutates: the same slice and event give the same new slice.

* :class:`AuctionSlice` -- the auction period (Laws 17-22, 25A): the calls standing with their
  events and where they were recorded, and the unintended calls replaced.
* :class:`ClaimSlice` -- claims and concessions (Laws 68-71, 79C): the current claim (a
  :class:`Claim`), the hands faced, the tricks restored and when the score was published.

Example:
    >>> from bridgetable.core.calls import parse_call
    >>> from bridgetable.core.events import CallMade, CallReplaced
    >>> from bridgetable.core.seats import Seat
    >>> s = AuctionSlice.start(Seat.NORTH)
    >>> s = apply_auction(s, CallMade(Seat.NORTH, parse_call("1C")), at=0)
    >>> t = apply_auction(s, CallReplaced(Seat.NORTH, 0, parse_call("1D")), at=1)
    >>> [str(c) for c in s.auction.calls], [str(c) for c in t.auction.calls]
    (['1C'], ['1D'])
    >>> {i: str(c) for i, c in t.replaced_calls.items()}, t.replacements, s.replacements
    ({0: '1C'}, 1, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from bridgetable.core.auction import Auction
from bridgetable.core.calls import Call
from bridgetable.core.events import (
    AgreementEstablished,
    AllHandsFaced,
    CallMade,
    CallReplaced,
    CallWithdrawn,
    ClaimAgreed,
    ClaimDisputed,
    ClaimMade,
    ClaimObjected,
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
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Seat, Side
from bridgetable.core.statement import Statement

__all__ = [
    "CLAIM_EVENTS",
    "NO_CLAIMS",
    "AuctionEvent",
    "AuctionSlice",
    "Claim",
    "ClaimSlice",
    "apply_auction",
    "apply_claim",
    "replacement_notice",
]

#: The events that change the auction slice.
AuctionEvent = CallMade | CallReplaced | CallWithdrawn


@dataclass(frozen=True, slots=True)
class AuctionSlice:
    """The auction as it stands (Laws 17-22), with what Law 25A needs.

    ``calls`` are the events of the calls standing, in order, and ``at`` the index in the
    board's record of the event that made each (a replaced call's is the replacement's);
    ``replaced`` pairs an auction index with the unintended call replaced there (25A), for
    the calls that stand; ``replacements`` counts the calls replaced or withdrawn so far.
    """

    auction: Auction
    calls: tuple[CallMade, ...] = ()
    at: tuple[int, ...] = ()
    replaced: tuple[tuple[int, Call], ...] = ()
    replacements: int = 0

    @classmethod
    def start(cls, dealer: Seat) -> AuctionSlice:
        """No call yet; ``dealer`` calls first (Law 17A). (One value per dealer: a slice
        never changes.)"""
        got = _STARTS.get(dealer)
        if got is None:
            got = _STARTS[dealer] = cls(Auction(dealer))
        return got

    @property
    def replaced_calls(self) -> dict[int, Call]:
        """Auction index -> the unintended call replaced there (25A)."""
        return dict(self.replaced)

    def is_replaced(self, index: int) -> bool:
        """Whether the call at ``index`` replaced an unintended call: it stands (25A1)."""
        return any(i == index for i, _ in self.replaced)


_STARTS: dict[Seat, AuctionSlice] = {}
_new = object.__new__
_AUCTION_SETTERS = tuple(
    AuctionSlice.__dict__[f].__set__ for f in ("auction", "calls", "at", "replaced", "replacements")
)


def _rebuilt(
    s: AuctionSlice,
    calls: tuple[CallMade, ...],
    at: tuple[int, ...],
    index: int,
    replaced: Call | None = None,
) -> AuctionSlice:
    """The auction as ``calls`` now stand after a change at ``index`` (Law 25A): replaced
    calls from there on are forgotten (``replaced``: the unintended call at ``index``)."""
    kept = tuple((k, v) for k, v in s.replaced if k < index)
    if replaced is not None:
        kept = (*kept, (index, replaced))
    return AuctionSlice(
        Auction(s.auction.dealer, tuple(c.call for c in calls)),
        calls,
        at,
        kept,
        s.replacements + 1,
    )


def apply_auction(s: AuctionSlice, e: AuctionEvent, *, at: int) -> AuctionSlice:
    """The slice after ``e``, recorded as event number ``at`` of the board (pure).

    * :class:`CallMade`: the call joins the auction (Laws 17-21; checked by the board).
    * :class:`CallReplaced`: the unintended call at ``e.index`` gives way to the intended
      one (25A); the LHO's call over it stays when ``e.lho_stands``, later calls go.
    * :class:`CallWithdrawn`: the LHO's call over a replaced call, and any after it, go
      (25A); he calls again.
    """
    if type(e) is CallMade:  # the hot path: built without the dataclass's __init__
        n: AuctionSlice = _new(AuctionSlice)
        a, c, t, r, k = _AUCTION_SETTERS
        a(n, s.auction._after_checked(e.call))
        c(n, (*s.calls, e))
        t(n, (*s.at, at))
        r(n, s.replaced)
        k(n, s.replacements)
        return n
    if isinstance(e, CallReplaced):
        i = e.index
        stay = slice(i + 1, i + 2 if e.lho_stands else i + 1)
        return _rebuilt(
            s,
            (*s.calls[:i], CallMade(e.seat, e.call, e.alert, e.explanation), *s.calls[stay]),
            (*s.at[:i], at, *s.at[stay]),
            i,
            replaced=s.auction.calls[i],
        )
    if isinstance(e, CallWithdrawn):
        return _rebuilt(s, s.calls[: e.index], s.at[: e.index], e.index)
    raise TypeError(f"not an auction event: {e!r}")  # pragma: no cover


def replacement_notice(before: AuctionSlice, e: CallReplaced | CallWithdrawn) -> str:
    """What every player is told of a replaced or withdrawn call (25A, 16C2), from the
    slice ``before`` the event."""
    auction = before.auction
    if isinstance(e, CallWithdrawn):
        return (
            f"{e.seat} withdrew his {auction.calls[e.index]} over the replaced call and calls "
            "again (Law 25A; what it told is authorised to his side only, 16C2)."
        )
    old = auction.calls[e.index]
    later = [(auction.caller_of(j), c) for j, c in enumerate(auction.calls)][e.index + 1 :]
    kept = later[:1] if e.lho_stands else []
    text = f"{e.seat} replaced an unintended {old} by {e.call} (Law 25A)"
    for who, c in kept:
        text += f"; {who}'s {c} over it stands, and {who} may withdraw it now"
    for who, c in later[len(kept) :]:
        text += f"; {who}'s {c} over it is withdrawn and {who} calls again"
    return text + "."


# ----------------------------------------------------------------------------- claims


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim's state while the board lasts (Laws 68-71): a value, changed only by
    :func:`apply_claim`. ``needs`` are the players whose agreement makes it agreed (68B,
    68D1, 69A), fixed when it is made."""

    claimer: Seat
    tricks: int
    remaining: int
    statement: Statement
    concession: bool
    position: Position
    needs: tuple[Seat, ...] = ()
    status: str = "pending"  # pending, agreed, disputed, void, play_on, ruled
    agreed: frozenset[Seat] = frozenset()
    disputed: frozenset[Seat] = frozenset()
    play_on: frozenset[Seat] = frozenset()
    play_on_requested: bool = False
    established: bool = False
    ruling: DirectorRuled | RulingProposed | None = None
    #: a player asked for the adjudicator's proposal; the proposal; who accepted it
    ruling_asked: bool = False
    proposal: RulingProposed | None = None
    accepted: frozenset[Seat] = frozenset()
    #: a player called the Director while the claim was open: only the Director rules now
    director_called: bool = False

    @property
    def side(self) -> Side:
        """The claimer's side."""
        return self.claimer.side

    @property
    def conceded(self) -> int:
        """The remaining tricks the claim concedes (68B1)."""
        return self.remaining - self.tricks

    @property
    def awarded(self) -> int | None:
        """Remaining tricks to the claimer's side as resolved, or ``None`` while open."""
        if self.status == "agreed":
            return self.tricks
        if self.status == "ruled" and self.ruling is not None:
            return self.ruling.tricks
        return None

    def summary(self) -> dict[str, Any]:
        """A JSON-able description for views."""
        return {
            "claimer": self.claimer.letter,
            "tricks": self.tricks,
            "remaining": self.remaining,
            "conceded": self.conceded,
            "concession": self.concession,
            "statement": self.statement.text or None,
            # the statement as a person reads it (the claim panel shows it beside the text)
            "statement_words": self.statement.words() or None,
            "status": self.status,
            "agreed": sorted(s.letter for s in self.agreed),
            "disputed": sorted(s.letter for s in self.disputed),
            "play_on": sorted(s.letter for s in self.play_on),
            "awarded": self.awarded,
            "ruling": None if self.ruling is None else self.ruling.text,
            "ruling_laws": None if self.ruling is None else self.ruling.laws,
            "ruled_by": (
                None
                if self.ruling is None
                else "players"
                if isinstance(self.ruling, RulingProposed)
                else "director"
            ),
            "ruling_asked": self.ruling_asked,
            "proposal": (
                None
                if self.proposal is None
                else {
                    "tricks": self.proposal.tricks,
                    "laws": self.proposal.laws,
                    "text": self.proposal.text,
                    "accepted": sorted(s.letter for s in self.accepted),
                }
            ),
            "director_called": self.director_called,
        }


@dataclass(frozen=True, slots=True)
class ClaimSlice:
    """Claims on this board (Laws 68-71, 79C): the current (or last) ``claim``; the hands
    ``faced`` for everyone (a claimer's, 68C; all, 70B3); the defenders' hands shown to
    partner (rubber); the signed tricks ``restored`` to the claimer's side (69B, 71); when
    the score was ``published`` (79C1)."""

    claim: Claim | None = None
    faced: frozenset[Seat] = frozenset()
    partner_shown: frozenset[Seat] = frozenset()
    restored: tuple[int, ...] = ()
    published: datetime | None = None


#: No claim yet (one value for every board: a slice never changes).
NO_CLAIMS = ClaimSlice()

#: The events that change the claim slice (a Director call only while a claim is open).
CLAIM_EVENTS: frozenset[type[Any]] = frozenset(
    {
        ClaimMade,
        ClaimAgreed,
        ClaimDisputed,
        ClaimObjected,
        PlayOnRequested,
        PlayOnAgreed,
        RulingAsked,
        RulingProposed,
        RulingAccepted,
        DirectorCalled,
        HandShownToPartner,
        AllHandsFaced,
        DirectorRuled,
        AgreementEstablished,
        ScorePublished,
        TricksRestored,
    }
)


def apply_claim(s: ClaimSlice, e: Any, *, new: Claim | None = None) -> ClaimSlice:
    """The slice after ``e`` (pure; the board has checked it). A :class:`ClaimMade` takes
    the claim ``new`` the board built from it (the position and the players whose agreement
    it needs are the board's, 68A, 68B).

    * 68C: the claimer's hand is faced; 68D1: assent of every opponent who must agree
      makes the claim agreed; 68D2: a dispute (also after an agreement not yet
      established, 69A); 68B2: a defender's partner objects, the claim is void;
      68D2b: all four agree to play on; 70B3: a proposed ruling faces every hand, and
      accepted by all four it is the result; 9B: a Director call while the claim is open
      leaves the ruling to him; 70: the Director rules; 69A: agreement established;
      79C1: the score published; 69B, 71: tricks restored.
    """
    claim = s.claim
    t = type(e)
    if t is ClaimMade:
        if new is None:  # pragma: no cover - the board always builds it
            raise TypeError("a ClaimMade needs its claim")
        return replace(s, claim=new, faced=s.faced | {e.seat})
    if t is HandShownToPartner:
        return replace(s, partner_shown=s.partner_shown | {e.seat})
    if t is AllHandsFaced:
        return replace(s, faced=frozenset(SEATS))
    if t is ScorePublished:
        return replace(s, published=datetime.fromisoformat(e.at))
    if claim is None:  # pragma: no cover - the board's checks guarantee a claim
        return s
    if t is ClaimAgreed:
        agreed = claim.agreed | {e.seat}
        done = all(x in agreed for x in claim.needs)
        return replace(
            s, claim=replace(claim, agreed=agreed, status="agreed" if done else claim.status)
        )
    if t is ClaimDisputed:
        c = replace(
            claim,
            disputed=claim.disputed | {e.seat},
            agreed=claim.agreed - {e.seat},
            status="disputed",
        )
        return replace(s, claim=c)
    if t is ClaimObjected:
        return replace(s, claim=replace(claim, status="void"), faced=s.faced - {claim.claimer})
    if t is PlayOnRequested:
        c = replace(claim, play_on_requested=True, play_on=claim.play_on | {e.seat})
        return replace(s, claim=c)
    if t is PlayOnAgreed:
        play_on = claim.play_on | {e.seat}
        status = "play_on" if len(play_on) == 4 else claim.status
        return replace(s, claim=replace(claim, play_on=play_on, status=status))
    if t is RulingAsked:
        return replace(s, claim=replace(claim, ruling_asked=True))
    if t is RulingProposed:
        return replace(s, claim=replace(claim, proposal=e), faced=frozenset(SEATS))
    if t is RulingAccepted:
        if claim.proposal is None:  # pragma: no cover - accept_ruling guarantees it
            return s
        accepted = claim.accepted | {e.seat}
        if len(accepted) == 4:
            c = replace(claim, accepted=accepted, ruling=claim.proposal, status="ruled")
        else:
            c = replace(claim, accepted=accepted)
        return replace(s, claim=c)
    if t is DirectorCalled:
        if claim.status in ("pending", "disputed"):
            return replace(s, claim=replace(claim, director_called=True))
        return s
    if t is DirectorRuled:
        return replace(s, claim=replace(claim, ruling=e, status="ruled"))
    if t is AgreementEstablished:
        return replace(s, claim=replace(claim, established=True))
    if t is TricksRestored:
        signed = e.tricks if e.side_of.side is claim.side else -e.tricks
        return replace(s, restored=(*s.restored, signed))
    raise TypeError(f"not a claim event: {e!r}")  # pragma: no cover
