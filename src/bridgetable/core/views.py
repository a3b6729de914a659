"""Per-role views: the security boundary of the engine.

:func:`view_for` builds, for one role at one moment, exactly what that role may see under the
Laws, and nothing more:

* a player's own hand; dummy's hand for everyone once the opening lead is faced (41C, 41D);
* the face-down opening lead for its leader only (41A); the others see that a card lies face
  down, not which;
* the cards of the trick in progress; the last trick while the player may still have it faced
  (66A, not dummy); his own last card while he may look at it (66B);
* his own quitted cards only as the row of won/lost marks he has pointed (65B, 66C);
* the auction; an alert and the caller's own explanation go to the opponents, not to partner;
* the Director sees everything; a spectator sees what every player may see (dummy, the
  current trick), and no concealed hand;
* once play has ended or the board is passed out (a claim settled ends play too), the deal
  is no longer secret: every role -- the four players and the spectators -- sees the four
  original hands, the 13 cards each seat was dealt (``deal``; Law 66D lets the cards be
  examined after play, and the record is then public).
* a Director call awaiting the Director, with the caller's seat and reason, for every role:
  a player summons the Director aloud at the table (9B), and states the facts there.

Example:
    >>> import random
    >>> from bridgetable.core.board import Board
    >>> from bridgetable.core.record import BoardSetup
    >>> from bridgetable.core.calls import parse_call
    >>> from bridgetable.core.seats import Seat
    >>> from bridgetable.core.views import SPECTATOR
    >>> b = Board(BoardSetup.for_board(1, rng=random.Random(5)))
    >>> for seat, call in zip(Seat, ["1NT", "Pass", "Pass", "Pass"]):
    ...     _ = b.call(seat, parse_call(call))
    >>> _ = b.play(Seat.EAST, b.legal_cards(Seat.EAST)[0])
    >>> b.view_for(Seat.EAST).face_down_lead is not None
    True
    >>> v = b.view_for(Seat.WEST)
    >>> v.face_down_lead, v.face_down_leader
    (None, Seat.EAST)
    >>> sorted(s.letter for s in b.view_for(SPECTATOR).hands)
    []
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bridgetable.core.calls import Call, Contract
from bridgetable.core.cards import DISPLAY_SUITS, Card, Hand, Suit
from bridgetable.core.commands import actions_for
from bridgetable.core.errors import NotationError
from bridgetable.core.phase import Phase
from bridgetable.core.rectifications import Option
from bridgetable.core.seats import SEATS, Seat, Side

if TYPE_CHECKING:
    from bridgetable.core.board import Board


class Observer(Enum):
    """Roles that are not seats at the table."""

    SPECTATOR = "spectator"
    DIRECTOR = "director"

    def __repr__(self) -> str:
        return self.name

    def __str__(self) -> str:
        return self.value.capitalize()


SPECTATOR = Observer.SPECTATOR
DIRECTOR = Observer.DIRECTOR
Role = Seat | Observer


def parse_role(text: str) -> Role:
    """``N``/``E``/``S``/``W``, ``spectator`` or ``director``."""
    t = text.strip().lower()
    for o in Observer:
        if t == o.value:
            return o
    try:
        return Seat.from_letter(t)
    except NotationError:
        raise NotationError(f"not a role: {text!r}") from None


@dataclass(frozen=True, slots=True)
class AuctionEntry:
    """One call as the viewer may see it: the alert and explanation only if visible."""

    seat: Seat
    call: Call
    alert: bool
    explanation: str | None
    replaced: Call | None = None  # the unintended call this one replaced (Law 25A)


@dataclass(frozen=True, slots=True)
class DummyColumn:
    """One column of dummy's spread (41D): cards listed from the one nearest declarer (the
    lowest) to the farthest; ``trumps`` marks the trump column."""

    suit: Suit
    cards: tuple[Card, ...]
    trumps: bool


@dataclass(frozen=True, slots=True)
class View:
    """What one role may see at one moment. Card-bearing fields hold only visible cards."""

    role: Role
    board: int
    dealer: Seat
    vulnerability: str
    rules: str
    phase: str
    auction: tuple[AuctionEntry, ...]
    contract: Contract | None
    declarer: Seat | None
    dummy: Seat | None
    hands: dict[Seat, Hand]
    hand_sizes: dict[Seat, int]
    dummy_columns: tuple[DummyColumn, ...]
    face_down_lead: Card | None
    face_down_leader: Seat | None
    trick: tuple[tuple[Seat, Card], ...]
    trick_leader: Seat | None
    last_trick: tuple[tuple[Seat, Card], ...] | None
    own_last_card: Card | None
    quitted_marks: tuple[bool, ...]
    shown_tricks: dict[int, tuple[tuple[Seat, Card], ...]]
    tricks_won: dict[str, int]
    hand_to_play: Seat | None
    to_act: Seat | None
    legal_cards: tuple[Card, ...]
    actions: tuple[str, ...]
    prompts: tuple[str, ...]
    answers: tuple[str, ...]
    explanations: tuple[tuple[int, str], ...]
    pending_questions: tuple[tuple[Seat, int], ...]
    dummy_rights_forfeited: bool
    claim: dict[str, Any] | None = None
    played: tuple[tuple[Seat, Card], ...] = field(default=())
    penalty_cards: dict[Seat, tuple[Card, ...]] = field(default_factory=dict)
    pending: dict[str, Any] | None = None
    options: tuple[Option, ...] = ()
    flags: tuple[tuple[str, str], ...] = ()
    revokes: tuple[dict[str, Any], ...] = ()
    legal_calls: tuple[Call, ...] = ()
    replace_calls: tuple[Call, ...] = ()
    replace_index: int | None = None
    #: the four original hands (13 cards each, as dealt), for every role once the board is
    #: over (ended or passed out: Law 66D); empty before
    deal: dict[Seat, Hand] = field(default_factory=dict)
    #: the Director call awaiting the Director (9B), for every role: who called, what he
    #: said the call was about, and whether it is about the claim under way; ``None`` when
    #: no call is open
    director_call: dict[str, Any] | None = None

    def visible_cards(self) -> set[Card]:
        """Every card whose face this view shows (the leak test's measure)."""
        out: set[Card] = set()
        for h in self.hands.values():
            out.update(h)
        for col in self.dummy_columns:
            out.update(col.cards)
        if self.face_down_lead is not None:
            out.add(self.face_down_lead)
        out.update(c for _, c in self.trick)
        if self.last_trick:
            out.update(c for _, c in self.last_trick)
        if self.own_last_card is not None:
            out.add(self.own_last_card)
        for t in self.shown_tricks.values():
            out.update(c for _, c in t)
        out.update(c for _, c in self.played)
        out.update(self.legal_cards)
        for pcs in self.penalty_cards.values():
            out.update(pcs)
        if self.pending is not None and self.pending.get("card"):
            out.add(Card(self.pending["card"]))
        for h in self.deal.values():
            out.update(h)
        return out

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (cards as ``"SA"``, seats as letters)."""

        def cards(seq: Any) -> list[str]:
            return [str(c) for c in seq]

        def plays(seq: Any) -> list[list[str]]:
            return [[s.letter, str(c)] for s, c in seq]

        return {
            "role": self.role.letter if isinstance(self.role, Seat) else self.role.value,
            "board": self.board,
            "dealer": self.dealer.letter,
            "vulnerability": self.vulnerability,
            "rules": self.rules,
            "phase": self.phase,
            "auction": [
                {
                    "seat": a.seat.letter,
                    "call": str(a.call),
                    "alert": a.alert,
                    "explanation": a.explanation,
                    "replaced": None if a.replaced is None else str(a.replaced),
                }
                for a in self.auction
            ],
            "contract": None if self.contract is None else str(self.contract),
            "declarer": None if self.declarer is None else self.declarer.letter,
            "dummy": None if self.dummy is None else self.dummy.letter,
            "hands": {s.letter: h.to_pbn() for s, h in self.hands.items()},
            "hand_sizes": {s.letter: n for s, n in self.hand_sizes.items()},
            "dummy_columns": [
                {"suit": c.suit.letter, "cards": cards(c.cards), "trumps": c.trumps}
                for c in self.dummy_columns
            ],
            "face_down_lead": None if self.face_down_lead is None else str(self.face_down_lead),
            "face_down_leader": None
            if self.face_down_leader is None
            else self.face_down_leader.letter,
            "trick": plays(self.trick),
            "trick_leader": None if self.trick_leader is None else self.trick_leader.letter,
            "last_trick": None if self.last_trick is None else plays(self.last_trick),
            "own_last_card": None if self.own_last_card is None else str(self.own_last_card),
            "quitted_marks": list(self.quitted_marks),
            "shown_tricks": {str(k): plays(v) for k, v in self.shown_tricks.items()},
            "tricks_won": dict(self.tricks_won),
            "hand_to_play": None if self.hand_to_play is None else self.hand_to_play.letter,
            "to_act": None if self.to_act is None else self.to_act.letter,
            "legal_cards": cards(self.legal_cards),
            "actions": list(self.actions),
            "prompts": list(self.prompts),
            "answers": list(self.answers),
            "explanations": [[i, t] for i, t in self.explanations],
            "pending_questions": [[s.letter, i] for s, i in self.pending_questions],
            "dummy_rights_forfeited": self.dummy_rights_forfeited,
            "claim": self.claim,
            "played": plays(self.played),
            "penalty_cards": {s.letter: cards(cs) for s, cs in self.penalty_cards.items()},
            "pending": self.pending,
            "options": [o.to_dict() for o in self.options],
            "flags": [[law, text] for law, text in self.flags],
            "revokes": list(self.revokes),
            "legal_calls": [str(c) for c in self.legal_calls],
            "replace_calls": [str(c) for c in self.replace_calls],
            "replace_index": self.replace_index,
            "deal": {s.letter: h.to_pbn() for s, h in self.deal.items()},
            "director_call": self.director_call,
        }


def dummy_columns(hand: Hand, trump: Suit | None) -> tuple[DummyColumn, ...]:
    """Dummy's spread (Law 41D): one column per suit held, listed from dummy's right to his
    left, the trump suit first (on dummy's right); each column from the lowest card (nearest
    declarer) up. In no trump no column is marked."""
    order = list(DISPLAY_SUITS)
    if trump is not None:
        order.remove(trump)
        order.insert(0, trump)
    cols = []
    for s in order:
        cs = hand.cards_in(s)
        if cs:
            cols.append(DummyColumn(s, tuple(reversed(cs)), s is trump))
    return tuple(cols)


@lru_cache(maxsize=8192)
def _dummy_columns(mask: int, trump: Suit | None) -> tuple[DummyColumn, ...]:
    return dummy_columns(Hand.from_mask(mask), trump)


def _auction_entries(b: Board, seat: Seat | None) -> tuple[AuctionEntry, ...]:
    """The auction as ``seat`` may see it (cached per board, call count and viewer): the
    caller's alert and explanation go to the opponents and spectators, and to the caller
    himself, not to his partner."""
    n = len(b.auction)
    key = (n, b.replacements, seat)
    cache = b.view_cache
    got = cache.get(key)
    if got is None:
        entries = []
        replaced = b.replaced_calls
        for i, (caller, call) in enumerate(b.auction):
            ev = b.call_event(i)
            sees = seat is None or caller is seat or caller.side is not seat.side
            entries.append(
                AuctionEntry(
                    caller,
                    call,
                    ev.alert if sees else False,
                    ev.explanation if sees else None,
                    replaced.get(i),
                )
            )
        got = tuple(entries)
        cache[key] = got
    return got


def view_for(board: Board, role: Role) -> View:
    """What ``role`` may see on ``board`` now. See the module docstring for the rules."""
    if not isinstance(role, Seat | Observer):
        raise NotationError(f"not a role: {role!r}")
    b = board
    director = role is DIRECTOR
    seat = role if isinstance(role, Seat) else None
    phase = b.phase
    declarer = b.declarer
    dummy = b.dummy
    play_started = phase in (Phase.PLAY, Phase.ENDED)

    hands: dict[Seat, Hand] = {}
    faced = b.faced_hands
    shown = b.shown_to(seat) if seat is not None else frozenset()
    play_started = play_started or phase is Phase.CLAIM
    for s in SEATS:
        if director or s is seat or (play_started and s is dummy) or s in faced or s in shown:
            hands[s] = b.hand(s)
    cols: tuple[DummyColumn, ...] = ()
    if play_started and dummy is not None:
        cols = _dummy_columns(b.hand(dummy).mask, b.trump)

    fd = b.face_down_lead
    face_down_lead = fd if fd is not None and (director or seat is b.opening_leader) else None
    face_down_leader = b.opening_leader if fd is not None else None

    auction = _auction_entries(b, seat)

    last_trick = None
    own_last = None
    marks: tuple[bool, ...] = ()
    tricks = b.tricks
    if seat is not None:
        marks = b.marks(seat)
        if b.inspection_open(seat):
            last_trick = tricks[-1].cards
            own_last = tricks[-1].card_of(seat)
    shown_tricks = {i: tricks[i].cards for i in b.shown_quitted}
    played: tuple[tuple[Seat, Card], ...] = ()
    if director:
        played = tuple(pc for t in tricks for pc in t.cards)

    to_act = b.to_act
    legal: tuple[Card, ...] = ()
    if director or (seat is not None and seat is to_act):
        legal = tuple(b.legal_cards())
        if not director and phase is Phase.CLARIFICATION and fd is not None:
            legal = ()

    answers = b.all_answers if director else b.answers_for(seat)

    # the auction: the calls the caller in turn may make (Laws 18-19), and a caller's
    # replacement of an unintended call while Law 25A allows it
    legal_calls: tuple[Call, ...] = ()
    if phase is Phase.AUCTION and (director or (seat is not None and seat is to_act)):
        legal_calls = tuple(b.legal_calls())
    replace_calls: tuple[Call, ...] = ()
    replace_index = None
    if seat is not None and phase in _AUCTION_PERIOD:
        replace_calls = tuple(b.replacement_calls(seat))
        if replace_calls:
            replace_index = b.replaceable_call(seat)

    # table mode: penalty cards lie face up for everyone (50A); a pending choice (what
    # happened, its Law and its options, each with its Law, label and arguments) goes to the
    # chooser and the Director, the options to choose from to the chooser; flags and revokes
    # to the Director only
    penalty = {s: tuple(sorted(b.penalty_cards(s), reverse=True)) for s in SEATS}
    penalty = {s: cs for s, cs in penalty.items() if cs}
    p = b.pending
    pending = None
    options: tuple[Option, ...] = ()
    if p is not None and (director or (seat is not None and seat in p.choosers)):
        pending = p.summary()
        options = p.options if seat is not None else ()

    # after the board (play ended, a claim settled, or passed out) the four hands as dealt
    # are shown to everyone: Law 66D lets the cards be examined after play
    deal: dict[Seat, Hand] = {}
    if phase is Phase.ENDED or phase is Phase.PASSED_OUT:
        deal = {s: b.setup.deal[s] for s in SEATS}

    # a Director call is made aloud at the table (9B): every role sees who called and why,
    # as the players hear it when the Director comes to the table
    call = b.open_director_call()
    director_call = None
    if call is not None:
        director_call = {k: call[k] for k in ("caller", "reason", "claim")}

    prompts = []
    if seat is not None and b.misexplanation_prompt(seat):
        prompts.append("disclose_misexplanation")

    return View(
        role=role,
        board=b.setup.board,
        dealer=b.setup.dealer,
        vulnerability=b.setup.vulnerability.value,
        rules=b.rules.code,
        phase=phase.value,
        auction=auction,
        contract=b.contract,
        declarer=declarer,
        dummy=dummy,
        hands=hands,
        hand_sizes={s: len(b.hand(s)) for s in SEATS},
        dummy_columns=cols,
        face_down_lead=face_down_lead,
        face_down_leader=face_down_leader,
        trick=b.current_trick,
        trick_leader=b.current_trick[0][0] if b.current_trick else None,
        last_trick=last_trick,
        own_last_card=own_last,
        quitted_marks=marks,
        shown_tricks=shown_tricks,
        claim=None if b.claim is None else b.claim.summary(),
        tricks_won={"NS": b.tricks_won(Side.NS), "EW": b.tricks_won(Side.EW)},
        hand_to_play=b.hand_to_play,
        to_act=to_act,
        legal_cards=legal,
        actions=tuple(_actions(b, seat) if seat is not None or director else ()),
        prompts=tuple(prompts),
        answers=answers,
        explanations=b.explanations,
        pending_questions=b.pending_questions,
        dummy_rights_forfeited=b.dummy_rights_forfeited,
        played=played,
        penalty_cards=penalty,
        pending=pending,
        options=options,
        flags=b.director_flags if director else (),
        revokes=tuple(r.summary() for r in b.revokes) if director else (),
        legal_calls=legal_calls,
        replace_calls=replace_calls,
        replace_index=replace_index,
        deal=deal,
        director_call=director_call,
    )


def _actions(b: Board, seat: Seat | None) -> list[str]:
    """The commands ``seat`` (``None``: the Director) may give now: the offers of the one
    command registry, :mod:`bridgetable.core.commands`."""
    return actions_for(b, seat)


#: The phases in which a call may still be replaced (Law 25A; see Board.replaceable_call).
_AUCTION_PERIOD = frozenset({Phase.AUCTION, Phase.CLARIFICATION, Phase.PASSED_OUT})
