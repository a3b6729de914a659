"""Properties over thousands of random boards (Hypothesis drives the seeds).

For every board: 13 tricks and each card played once; replay of the record (and of random
prefixes) equals the live state; the JSON round trip is exact; no view ever holds a card its
role may not see at that moment (checked against an independent tracker); and at every step
a sample of illegal actions is refused without changing anything.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgetable.core.board import Board
from bridgetable.core.calls import DOUBLE, PASS, REDOUBLE, Bid, Strain
from bridgetable.core.cards import CARDS, Card
from bridgetable.core.errors import ActionRefused
from bridgetable.core.events import CardPlayed, LeadFaced, OpeningLeadFaceDown, QuittedTrickShown
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import SEATS, Seat, Side
from bridgetable.core.views import DIRECTOR, SPECTATOR, Observer
from bridgetable.selfplay import random_auction

ROLES: tuple[Seat | Observer, ...] = (*SEATS, SPECTATOR, DIRECTOR)
RULES = (
    RuleSet.duplicate(),
    RuleSet.rubber(),
    RuleSet.duplicate(face_up_opening_lead=True),
)


class Tracker:
    """An independent account of which card faces each role may see (Laws 41, 65, 66)."""

    def __init__(self, setup: BoardSetup) -> None:
        self.hands = {s: set(setup.deal[s]) for s in SEATS}
        self.face_down: tuple[Seat, Card] | None = None
        self.trick: list[tuple[Seat, Card]] = []
        self.last: list[tuple[Seat, Card]] = []
        self.quitted: list[list[tuple[Seat, Card]]] = []
        self.shown: set[int] = set()
        self.faced = False
        self.dummy: Seat | None = None
        self.trump: Any = None
        self.over = False

    def update(self, board: Board, event: Any) -> None:
        # after play (or a pass-out) the deal is no longer secret (Law 66D)
        self.over = board.is_over
        if board.dummy is not None:
            self.dummy = board.dummy
            self.trump = board.contract.strain.suit if board.contract else None
        if isinstance(event, OpeningLeadFaceDown):
            self.face_down = (event.seat, event.card)
            self.hands[event.seat].discard(event.card)
        elif isinstance(event, LeadFaced):
            assert self.face_down is not None
            self._put(*self.face_down)
            self.face_down = None
        elif isinstance(event, CardPlayed):
            self.hands[event.hand].discard(event.card)
            self._put(event.hand, event.card)
        elif isinstance(event, QuittedTrickShown):
            self.shown.add(event.trick)

    def _put(self, hand: Seat, card: Card) -> None:
        self.faced = True
        self.trick.append((hand, card))
        if len(self.trick) == 4:
            self.quitted.append(self.trick)
            self.last = self.trick
            self.trick = []

    def allowed(self, role: Seat | Observer) -> set[Card]:
        if role is DIRECTOR or self.over:
            return set(CARDS)
        out = {c for _, c in self.trick}
        if self.faced and self.dummy is not None:
            out |= self.hands[self.dummy]
        for i in self.shown:
            out |= {c for _, c in self.quitted[i]}
        if isinstance(role, Seat):
            out |= self.hands[role]
            if self.face_down is not None and self.face_down[0] is role:
                out.add(self.face_down[1])
            side_played = any(s.side is role.side for s, _ in self.trick)
            if self.last and role is not self.dummy and not side_played:
                out |= {c for _, c in self.last}
        return out


def snapshot(board: Board) -> tuple[Any, ...]:
    return (
        board.events,
        board.phase,
        tuple(board.hand(s) for s in SEATS),
        board.current_trick,
        board.tricks,
        tuple(board.view_for(r) for r in ROLES),
    )


def illegal_attempts(board: Board, rng: random.Random) -> list[tuple[str, Any]]:
    """Actions the engine must refuse now."""
    out: list[tuple[str, Any]] = []
    to_act = board.to_act
    for s in SEATS:
        if s is not to_act:
            held = list(board.hand(s))
            if held:
                out.append(("play", (s, rng.choice(held))))
    if to_act is not None and board.phase is not Phase.AUCTION:
        hand = board.hand_to_play
        if hand is not None:
            not_held = [c for c in CARDS if c not in board.hand(hand)]
            out.append(("play", (to_act, rng.choice(not_held))))
            legal = set(board.legal_cards(to_act))
            revokes = [c for c in board.hand(hand) if c not in legal]
            if revokes:
                out.append(("play", (to_act, rng.choice(revokes))))
        out.append(("call", (to_act, PASS)))
    if board.phase is Phase.AUCTION and to_act is not None:
        legal_calls = board.legal_calls()
        bad = [
            x
            for x in (DOUBLE, REDOUBLE, Bid(1, Strain.CLUBS), Bid(rng.randint(1, 7), Strain.SPADES))
            if x not in legal_calls
        ]
        if bad:
            out.append(("call", (to_act, rng.choice(bad))))
    if board.dummy is not None and board.phase in (Phase.CLARIFICATION, Phase.PLAY):
        out.append(("request_review", (board.dummy,)))
        out.append(("inspect_trick", (board.dummy,)))
    if board.phase is Phase.PLAY and board.tricks:
        out.append(("inspect_quitted", (rng.choice(SEATS), 0)))
    return out


def random_extra(board: Board, rng: random.Random) -> None:
    """Now and then, exercise a right the view says a player has."""
    seat = rng.choice(SEATS)
    actions = board.view_for(seat).actions
    choices = [a for a in actions if a not in ("play", "call", "designate", "face_lead")]
    if not choices or rng.random() < 0.7:
        return
    a = rng.choice(choices)
    if a == "request_review":
        board.request_review(seat)
    elif a == "ask_explanation":
        for i in range(len(board.auction)):
            try:
                board.ask_explanation(seat, i)
                return
            except ActionRefused:
                continue
        raise AssertionError("view offered ask_explanation but no call could be asked about")
    elif a == "explain":
        _asker, idx = next(
            q for q in board.pending_questions if board.auction.caller_of(q[1]).partner is seat
        )
        board.explain(seat, idx, "natural")
    elif a == "ask_contract":
        board.ask_contract(seat)
    elif a == "inspect_trick":
        board.inspect_trick(seat)
    elif a == "look_at_own_card":
        board.look_at_own_card(seat)
    elif a == "mark_trick":
        board.mark_trick(seat, len(board.tricks) - 1, rng.random() < 0.5)
    elif a == "correct_explanation":
        mine = [i for i in range(len(board.auction)) if board.auction.caller_of(i) is seat]
        if mine:
            board.correct_explanation(seat, mine[0], "corrected")


def answer_questions(board: Board) -> None:
    while board.pending_questions:
        _asker, idx = board.pending_questions[0]
        board.explain(board.auction.caller_of(idx).partner, idx, "as agreed")


def step(board: Board, rng: random.Random) -> bool:
    """One regular action; False when the board is over."""
    if board.is_over:
        return False
    if board.phase is Phase.AUCTION:
        random_auction_one(board, rng)
        return True
    if board.phase is Phase.CLARIFICATION and board.face_down_lead is not None:
        answer_questions(board)
        leader = board.opening_leader
        assert leader is not None
        board.face_lead(leader)
        return True
    seat = board.to_act
    assert seat is not None
    cards = board.legal_cards(seat)
    assert cards, "a player to act always has a legal card"
    card = rng.choice(cards)
    if board.hand_to_play is board.dummy and rng.random() < 0.3:
        board.designate(seat, str(card))
    else:
        board.play(seat, card)
    return True


def random_auction_one(board: Board, rng: random.Random) -> None:
    seat = board.to_act
    assert seat is not None
    legal = board.legal_calls()
    call = (
        PASS if rng.random() < 0.6 or len(legal) == 1 else rng.choice(legal[1 : min(8, len(legal))])
    )
    board.call(seat, call)


def play_checked(seed: int, *, check_every_step: bool) -> Board:
    rng = random.Random(seed)
    rules = RULES[seed % len(RULES)]
    setup = BoardSetup.for_board(seed % 32 + 1, rng=rng, rules=rules)
    board = Board(setup)
    tracker = Tracker(setup)
    seen = 0
    prefixes: dict[int, tuple[Any, ...]] = {}
    while True:
        for e in board.events[seen:]:
            tracker.update(board, e)
        seen = len(board.events)
        if check_every_step or rng.random() < 0.1:
            for role in ROLES:
                v = board.view_for(role)
                leaked = v.visible_cards() - tracker.allowed(role)
                assert not leaked, (role, leaked, board.events[-3:])
                assert set(v.legal_cards) <= v.visible_cards()
            before = snapshot(board)
            for name, args in illegal_attempts(board, rng)[:4]:
                try:
                    getattr(board, name)(*args)
                except ActionRefused:
                    pass
                else:
                    raise AssertionError(f"{name}{args} was accepted")
                assert snapshot(board) == before, name
            if rng.random() < 0.05:
                prefixes[len(board.events)] = before
        if not board.is_over:  # the original hands are shown only after the board
            assert all(not board.view_for(role).deal for role in ROLES)
        random_extra(board, rng)
        if not step(board, rng):
            break
    for role in ROLES:  # after it, every role sees the four hands as dealt (Law 66D)
        v = board.view_for(role)
        assert v.deal == {s: setup.deal[s] for s in SEATS}
        assert v.visible_cards() == set(CARDS)
    return_board_checks(board, prefixes)
    return board


def return_board_checks(board: Board, prefixes: dict[int, tuple[Any, ...]]) -> None:
    if board.phase is Phase.ENDED:
        assert len(board.tricks) == 13
        played = [c for t in board.tricks for _, c in t.cards]
        assert len(played) == 52 and set(played) == set(CARDS)
        assert all(len(board.hand(s)) == 0 for s in SEATS)
        assert sum(board.tricks_won(sd) for sd in (SEATS[0].side, SEATS[1].side)) == 13
    else:
        assert board.phase is Phase.PASSED_OUT
    rec = board.record
    again = BoardRecord.from_json(rec.to_json())
    assert again == rec
    replayed = Board.replay(again)
    assert snapshot(replayed) == snapshot(board)
    for n, snap in prefixes.items():
        assert snapshot(Board.replay(rec.prefix(n))) == snap


@settings(
    max_examples=2000,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_boards_hold_every_property(seed: int) -> None:
    play_checked(seed, check_every_step=False)


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_boards_checked_at_every_step(seed: int) -> None:
    play_checked(seed, check_every_step=True)


def test_random_auction_helper_ends_every_auction() -> None:
    rng = random.Random(0)
    for n in range(1, 50):
        b = Board(BoardSetup.for_board(n, rng=rng))
        random_auction(b, rng)
        assert b.phase in (Phase.CLARIFICATION, Phase.PASSED_OUT)


# --------------------------------------------------------------------------- table mode

TABLE = RuleSet.duplicate(policy="table")


def table_setup(seed: int) -> BoardSetup:
    """A random deal with a random contract, under the table policy."""
    from bridgetable.core.calls import Contract, Doubling

    rng = random.Random(seed)
    base = BoardSetup.for_board(rng.randint(1, 16), rng=rng)
    contract = Contract(
        rng.randint(1, 7), rng.choice(list(Strain)), rng.choice(list(Doubling)), rng.choice(SEATS)
    )
    return BoardSetup(base.board, base.dealer, base.vulnerability, base.deal, TABLE, contract)


def irregular_act(board: Board, rng: random.Random) -> None:
    """One random irregular act of a real table (it may be refused)."""
    declarer, dummy = board.declarer, board.dummy
    assert declarer is not None and dummy is not None
    r = rng.random()
    seat = rng.choice([s for s in SEATS if s is not dummy])
    if r < 0.55:  # a card from any hand, in or out of turn, following suit or not
        hand = dummy if seat is declarer and rng.random() < 0.5 else seat
        held = list(board.hand(hand))
        if held:
            board.play(seat, rng.choice(held))
    elif r < 0.7:
        held = list(board.hand(seat))
        if held:
            board.expose_card(seat, rng.choice(held), deliberate=rng.random() < 0.5)
    elif r < 0.9:
        board.draw_attention(seat, rng.choice(SEATS))
    else:
        board.ask_revoke(dummy, declarer)


def concealed_from(board: Board, seat: Seat) -> set[Card]:
    """Cards ``seat`` may never see now: other players' concealed cards (dummy's are faced
    once play starts; penalty cards lie face up, Law 50A)."""
    out: set[Card] = set()
    if board.is_over:  # the four hands are shown after the board (Law 66D)
        return out
    faced = board.phase in (Phase.PLAY, Phase.ENDED)
    for s in SEATS:
        if s is seat or (faced and s is board.dummy):
            continue
        out |= set(board.hand(s)) - set(board.penalty_cards(s))
    return out


def play_table_board(seed: int) -> Board:
    rng = random.Random(seed)
    board = Board(table_setup(seed))
    for _ in range(1500):
        if board.is_over:
            break
        p = board.pending
        if p is not None:
            for s in SEATS:  # the options go to the chooser only
                v = board.view_for(s)
                assert (v.options == p.options) is (s in p.choosers) or not p.options
                if s not in p.choosers:
                    assert v.pending is None and not v.options
            if rng.random() < 0.85:
                board.choose(rng.choice(p.choosers), rng.choice(p.options))
                continue
        before = board.events
        try:
            if rng.random() < 0.12 or p is not None:
                irregular_act(board, rng)
            elif board.phase is Phase.CLARIFICATION and board.face_down_lead is not None:
                leader = board.opening_leader
                assert leader is not None
                board.face_lead(leader)
            else:
                seat = board.to_act
                assert seat is not None
                cards = board.legal_cards(seat)
                assert cards, f"{seat} to act has no card: {board.view_for(DIRECTOR)}"
                board.play(seat, rng.choice(cards))
        except ActionRefused:
            assert board.events == before
        for s in SEATS:
            assert not board.view_for(s).visible_cards() & concealed_from(board, s)
    assert board.is_over, "a table-mode board always reaches its end"
    return board


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_table_mode_boards_reach_a_consistent_end(seed: int) -> None:
    board = play_table_board(seed)
    # 13 tricks, every card played once: 52 cards accounted for
    assert len(board.tricks) == 13
    played = [c for t in board.tricks for _, c in t.cards]
    assert len(set(played)) == 52
    assert all(len(board.hand(s)) == 0 for s in SEATS)
    ns, ew = board.tricks_for(Side.NS), board.tricks_for(Side.EW)
    assert ns + ew == 13 and ns >= 0 and ew >= 0
    # replay equals live state; the JSON round trip is exact
    record = BoardRecord.from_json(board.record.to_json())
    assert record == board.record
    again = Board.replay(record)
    assert again.events == board.events
    assert again.tricks == board.tricks
    assert again.contract == board.contract
    assert again.director_flags == board.director_flags
    assert (again.tricks_for(Side.NS), again.tricks_for(Side.EW)) == (ns, ew)
    for r in ROLES:
        assert again.view_for(r) == board.view_for(r)
