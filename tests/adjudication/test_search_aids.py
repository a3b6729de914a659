"""The policy's search aids (``NormalPlay.accelerator()``) against the exhaustive reference:
the sure-trick bound never exceeds the true minimum, and the accelerated search sharing table
entries among positions equal in relative ranks (``rank_key``) still equals the reference,
under every profile option; the free hands and per-suit states (``free``, ``suit_after``)
agree with ``allowed`` and ``after``; a claim's searches sharing one table (``table``) answer
as they do alone. (``test_accelerator.py`` checks the accelerated search against the plain
one on bigger endings and on the worked examples.)"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudication.test_random_endings import random_ending, random_statement
from bridgetable.adjudication.normal import NormalPlay
from bridgetable.adjudication.profiles import Profile, profile
from bridgetable.core.cards import Suit, cards_of_mask
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Seat
from bridgetable.core.statement import Statement, TrumpMention, parse_statement
from bridgetable.solver.reference import reference_min_tricks
from bridgetable.solver.search import MinResult, min_tricks

many = settings(max_examples=400, deadline=None, derandomize=True, database=None)


def random_profile(rng: random.Random) -> Profile:
    base = profile(rng.choice(["ebu", "wbf", "dbf"]))
    return replace(
        base,
        top_down=rng.random() < 0.7,
        careless_spot_cards=rng.random() < 0.7,
        ruff_low=rng.random() < 0.8,
    )


def random_voids(rng: random.Random, pos: Position) -> frozenset[tuple[Seat, Suit]]:
    """Show-outs the claimer knows of: some of the seats' real voids."""
    return frozenset(
        (seat, suit)
        for seat in SEATS
        for suit in Suit
        if not pos.holds(seat, suit) and rng.random() < 0.5
    )


def random_policy(rng: random.Random, pos: Position, claimer: Seat, text: str | None) -> NormalPlay:
    """The claimer's policy for a random claim with ``text`` as its statement: random known
    show-outs and profile (and a random number of tricks claimed, which the policy does not
    depend on: drawn to keep the sequence of cases)."""
    rng.randint(0, pos.tricks_left)
    return NormalPlay.for_claim(
        pos,
        claimer,
        parse_statement(text),
        known_voids=random_voids(rng, pos),
        prof=random_profile(rng),
    )


def boundary_ending(rng: random.Random) -> Position:
    """A random ending at a trick boundary, often with one side short of trumps."""
    pos = random_ending(rng)
    while pos.trick:
        pos = pos.play(rng.choice(pos.legal_cards()))
    return pos


@many
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_sure_tricks_never_exceed_the_minimum(seed: int) -> None:
    rng = random.Random(seed)
    pos = boundary_ending(rng)
    if pos.tricks_left == 0:
        return
    claimer = rng.choice(SEATS)
    text = None if rng.random() < 0.8 else random_statement(rng, pos, claimer)
    policy = random_policy(rng, pos, claimer, text)
    state = policy.start(pos)
    bound = policy.accelerator().sure_tricks(pos.hands, int(pos.leader), state)
    assert 0 <= bound <= reference_min_tricks(pos, claimer.side, policy)


@many
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_min_tricks_under_every_profile_equals_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    pos = random_ending(rng)
    claimer = rng.choice(SEATS)
    text = random_statement(rng, pos, claimer)
    policy = random_policy(rng, pos, claimer, text)
    want = reference_min_tricks(pos, claimer.side, policy)
    got = min_tricks(pos, claimer.side, policy, accelerator=policy.accelerator())
    assert got.complete and got.tricks == want == got.lower
    # the line obeys the policy and gives the answer
    p, state, won = pos, policy.start(pos), 0
    for card in got.line:
        assert card.bit & policy.allowed(p, state)
        state = policy.after(p, state, card)
        p, winner = p.play_scored(card)
        won += winner is not None and winner.side is claimer.side
    assert p.tricks_left == 0 and won == want
    # a boolean search at any target agrees
    k = rng.randint(0, pos.tricks_left)
    probe = min_tricks(pos, claimer.side, policy, stop_at=k, accelerator=policy.accelerator())
    if want <= k:
        assert probe.tricks is not None and probe.tricks <= k
    else:
        assert probe.lower > k


@many
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_free_hands_and_suit_states_agree_with_the_policy(seed: int) -> None:
    """Along a random play: a hand the policy calls free is allowed every legal card, and
    ``suit_after``, when it answers, is the state ``after`` gives for every legal card of
    that suit."""
    rng = random.Random(seed)
    pos = random_ending(rng)
    claimer = rng.choice(SEATS)
    text = None if rng.random() < 0.5 else random_statement(rng, pos, claimer)
    policy = random_policy(rng, pos, claimer, text)
    state = policy.start(pos)
    aids = policy.accelerator()
    while pos.tricks_left:
        seat = int(pos.to_play)
        legal = pos.legal_mask()
        allowed = policy.allowed(pos, state)
        assert allowed and not allowed & ~legal
        if aids.free(seat):
            assert allowed == legal
        led = int(pos.trick[0].suit) if pos.trick else -1
        for card in pos.legal_cards():
            fast = aids.suit_after(state, seat, led, int(card.suit))
            assert fast is None or fast == policy.after(pos, state, card)
        card = rng.choice(cards_of_mask(allowed))
        state = policy.after(pos, state, card)
        pos = pos.play(card)


def test_rank_key_needs_exact_cards_while_the_statement_runs() -> None:
    pos = Position.from_pbn("N:AK2... QJ3... T94... 876...", trump=None, leader=Seat.NORTH)
    silent = NormalPlay.for_claim(pos, Seat.NORTH, parse_statement(None))
    stated = NormalPlay.for_claim(pos, Seat.NORTH, parse_statement("SA SK"))
    assert silent.accelerator().rank_key(pos.hands, silent.start(pos)) is not None
    assert stated.accelerator().rank_key(pos.hands, stated.start(pos)) is None


def test_sure_tricks_count_a_run_of_winners() -> None:
    # North cashes AKQ of spades and the H5; South's cards are lower: four tricks
    pos = Position.from_pbn("N:AKQ.5.. J.3.32. 4.2.54. 3.4.76.", trump=None, leader=Seat.NORTH)
    policy = NormalPlay.for_claim(pos, Seat.NORTH, parse_statement(None))
    assert policy.accelerator().sure_tricks(pos.hands, int(Seat.NORTH), policy.start(pos)) == 4
    assert reference_min_tricks(pos, Seat.NORTH.side, policy) == 4
    # with South's heart above North's, South might overtake once the H2 is a winner, and
    # then lead a loser: the two hearts above it go at the earliest on trick 2, and the
    # overtaking trick is won: two tricks are sure (the search finds three)
    pos = Position.from_pbn("N:AKQ.2.. J.3.32. 4.5.54. 3.4.76.", trump=None, leader=Seat.NORTH)
    assert policy.accelerator().sure_tricks(pos.hands, int(Seat.NORTH), policy.start(pos)) == 2
    assert reference_min_tricks(pos, Seat.NORTH.side, policy) == 3
    # North's heart already a winner, South's above it: only the first trick is sure
    pos = Position.from_pbn("N:AKQ.K.. J.3.32. 4.A.54. 3.4.76.", trump=None, leader=Seat.NORTH)
    assert policy.accelerator().sure_tricks(pos.hands, int(Seat.NORTH), policy.start(pos)) == 1
    assert reference_min_tricks(pos, Seat.NORTH.side, policy) >= 1


def test_sure_tricks_wait_for_partner_s_low_cards() -> None:
    # South's H2 goes under North's HK: South overtakes no earlier than the second heart lead
    pos = Position.from_pbn("N:AKQ.K.. J.Q..32 .A2.54. 3.4.76.", trump=None, leader=Seat.NORTH)
    policy = NormalPlay.for_claim(pos, Seat.NORTH, parse_statement(None))
    assert policy.accelerator().sure_tricks(pos.hands, int(Seat.NORTH), policy.start(pos)) == 2
    assert reference_min_tricks(pos, Seat.NORTH.side, policy) == 2


def test_sure_tricks_with_a_trump_out() -> None:
    # the opponents hold a trump but follow to two spades: North's SA SK are sure
    pos = Position.from_pbn("N:AK.A.. QJ.2.. T9..2. 32.3..", trump=Suit.HEARTS, leader=Seat.NORTH)
    policy = NormalPlay.for_claim(pos, Seat.NORTH, parse_statement(None))
    assert policy.accelerator().sure_tricks(pos.hands, int(Seat.NORTH), policy.start(pos)) == 2
    assert reference_min_tricks(pos, Seat.NORTH.side, policy) == 3
    # East leads a spade; West must follow, North (fourth, void) ruffs
    pos = Position.from_pbn("N:.AK.. QJ... ..32. T.2..", trump=Suit.HEARTS, leader=Seat.EAST)
    policy = NormalPlay.for_claim(pos, Seat.NORTH, parse_statement(None))
    assert policy.accelerator().sure_tricks(pos.hands, int(Seat.EAST), policy.start(pos)) == 1
    assert reference_min_tricks(pos, Seat.NORTH.side, policy) == 2


def test_cards_a_statement_names_are_not_merged() -> None:
    # East's CQ and CT are adjacent, but the statement names the CT: playing the CQ on the
    # first club keeps the CT for later (the search once took the two as equivalent: 3)
    pos = Position.from_pbn("N:9.32..K3 AK..J.QT J53..8.A .A.7.652", trump=None, leader=Seat.WEST)
    policy = NormalPlay.for_claim(
        pos, Seat.WEST, parse_statement("cash C then CT SA HA, C6 C2"), prof=profile("ebu")
    )
    want = reference_min_tricks(pos, Seat.WEST.side, policy)
    assert want == 2
    assert min_tricks(pos, Seat.WEST.side, policy, accelerator=policy.accelerator()).tricks == want


@many
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_searches_sharing_a_table_answer_as_alone(seed: int) -> None:
    """The ruling's searches share one table: the claimer's statement, then the 70C check of
    a claimer aware of the trumps. The aware search after the unaware one, on the table the
    unaware one filled, equals the reference and the aware search alone."""
    rng = random.Random(seed)
    pos = random_ending(rng)
    if pos.trump is None:
        pos = Position(pos.hands, Suit(rng.randrange(4)), pos.leader, pos.trick)
    claimer = rng.choice(SEATS)
    text = None if rng.random() < 0.6 else random_statement(rng, pos, claimer)
    stmt = parse_statement(text)
    aware = Statement((*stmt.groups, (TrumpMention(),)), stmt.text)
    rng.randint(0, pos.tricks_left)  # (the claim's count: drawn to keep the sequence of cases)
    prof = random_profile(rng)
    voids = random_voids(rng, pos)

    def policy(statement: Statement) -> NormalPlay:
        return NormalPlay.for_claim(pos, claimer, statement, known_voids=voids, prof=prof)

    def search(statement: Statement, table: dict[object, list[object]] | None) -> MinResult:
        pol = policy(statement)
        return min_tricks(pos, claimer.side, pol, table=table, accelerator=pol.accelerator())

    table: dict[object, list[object]] = {}
    unaware = search(stmt, table)
    shared = search(aware, table)
    alone = search(aware, None)
    assert unaware.tricks == reference_min_tricks(pos, claimer.side, policy(stmt))
    assert shared.tricks == alone.tricks == reference_min_tricks(pos, claimer.side, policy(aware))
