"""The min-min searches against the brute-force reference, lines replayed, deadlines and
bounds."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_endings import LeadHighest, Lowest, Parity, endings, played_ending, remaining, replay

from bridgetable.core.cards import Card, Suit
from bridgetable.core.position import Position
from bridgetable.core.seats import Seat, Side
from bridgetable.solver.dds import DDSSolver
from bridgetable.solver.errors import SolverError
from bridgetable.solver.reference import reference_min_tricks
from bridgetable.solver.search import MinResult, Policy, floor, min_tricks

SIDES = st.sampled_from((Side.NS, Side.EW))
POLICIES: tuple[Policy[Any], ...] = (
    LeadHighest(Side.NS),
    LeadHighest(Side.EW),
    Lowest(Seat.NORTH),
    Parity(Seat.SOUTH),
)
many = settings(
    max_examples=500,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)

#: A 13-trick position the search cannot finish in a few seconds.
HARD = Position.from_pbn(
    "N:QJT9.J7543.A6.53 K654.Q982.QJ4.AT A.K.K875.KQJ8642 8732.AT6.T932.97",
    trump=Suit.DIAMONDS,
    leader=Seat.WEST,
)


class JumpingClock:
    """A fake monotonic clock: each reading is ``step`` seconds after the last."""

    def __init__(self, step: float = 1.0) -> None:
        self.now = 0.0
        self.step = step
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now


def check_result(pos: Position, side: Side, r: MinResult, policy: Policy[Any] | None) -> None:
    assert r.complete
    assert r.tricks is not None
    assert r.lower == r.tricks
    assert replay(pos, side, r.line, policy) == r.tricks


@many
@given(endings(), SIDES)
def test_floor_equals_the_brute_force_minimum(pos: Position, side: Side) -> None:
    r = floor(pos, side)
    assert r.tricks == reference_min_tricks(pos, side)
    check_result(pos, side, r, None)


@many
@given(endings(), SIDES, st.sampled_from(POLICIES))
def test_min_tricks_under_a_policy_equals_the_brute_force_minimum(
    pos: Position, side: Side, policy: Policy[Any]
) -> None:
    r = min_tricks(pos, side, policy)
    assert r.tricks == reference_min_tricks(pos, side, policy)
    check_result(pos, side, r, policy)


@settings(max_examples=40, deadline=None, database=None, derandomize=True)
@given(st.integers(0, 2**32), st.integers(6, 8), SIDES, st.sampled_from(POLICIES))
def test_bigger_endings_lie_between_floor_and_double_dummy(
    seed: int, tricks: int, side: Side, policy: Policy[Any]
) -> None:
    pos = played_ending(random.Random(seed), tricks)
    low = floor(pos, side)
    check_result(pos, side, low, None)
    assert low.tricks is not None
    assert low.tricks <= DDSSolver().tricks(pos, side)
    restricted = min_tricks(pos, side, policy)
    check_result(pos, side, restricted, policy)
    assert restricted.tricks is not None
    assert restricted.tricks >= low.tricks


def test_known_floors() -> None:
    # all spades: the ace and king must win
    p = Position.from_pbn("N:AK2... QJ3... T94... 876...", trump=None, leader=Seat.NORTH)
    assert floor(p, Side.NS).tricks == 2
    assert floor(p, Side.EW).tricks == 0
    # the side's trumps cannot be over-ruffed
    p = Position.from_pbn("N:AK2... .QJ3.. ..T94. ...876", trump=Suit.SPADES, leader=Seat.EAST)
    assert floor(p, Side.NS).tricks == 3
    # in no trump the same cards can all be thrown away
    p = Position.from_pbn("N:AK2... .QJ3.. ..T94. ...876", trump=None, leader=Seat.EAST)
    assert floor(p, Side.NS).tricks == 0
    assert floor(Position((0, 0, 0, 0), None, Seat.NORTH), Side.NS) == MinResult(0, (), True, 0, 0)


def test_a_trick_in_progress_counts() -> None:
    p = Position.from_pbn("N:A2... K3... Q4... J5...", trump=None, leader=Seat.NORTH)
    q = p.play(Card("SA"))  # North's ace wins the trick in progress
    r = floor(q, Side.NS)
    assert r.tricks == 1
    assert r.line[:3] == (Card("S3"), Card("S4"), Card("S5")) or len(r.line) == 7
    check_result(q, Side.NS, r, None)


def test_deadline_with_a_jumping_clock_gives_an_incomplete_answer() -> None:
    clock = JumpingClock()
    r = floor(HARD, Side.NS, deadline=5.0, clock=clock)
    assert not r.complete
    assert r.tricks is not None
    assert r.lower <= r.tricks
    assert replay(HARD, Side.NS, r.line, None) == r.tricks
    assert clock.readings <= 5
    assert r.nodes < 5 * 1000
    policy = Lowest(Seat.EAST)
    r = min_tricks(HARD, Side.EW, policy, deadline=3.0, clock=JumpingClock())
    assert not r.complete
    assert r.tricks is not None
    assert replay(HARD, Side.EW, r.line, policy) == r.tricks


def test_a_deadline_already_passed_still_gives_a_line() -> None:
    r = floor(HARD, Side.EW, deadline=0.0, clock=JumpingClock())
    assert not r.complete
    assert r.tricks is not None
    assert replay(HARD, Side.EW, r.line, None) == r.tricks


def test_a_deadline_needs_a_clock() -> None:
    with pytest.raises(SolverError, match="clock"):
        floor(HARD, Side.NS, deadline=1.0)


def test_double_dummy_bounds_give_the_same_answers() -> None:
    rng = random.Random(8)
    dds = DDSSolver()
    for tricks in (3, 5, 7):
        pos = played_ending(rng, tricks)
        for side in (Side.NS, Side.EW):
            calls: list[Position] = []

            def dd(
                p: Position, side: Side = side, calls: list[Position] = calls
            ) -> tuple[int, int]:
                calls.append(p)
                return 0, dds.tricks(p, side)

            r = floor(pos, side, bounds=dd)
            assert calls
            assert r.tricks == floor(pos, side).tricks
            check_result(pos, side, r, None)


def test_unsound_or_inconsistent_bounds_are_refused() -> None:
    p = Position.from_pbn("N:AK2... QJ3... T94... 876...", trump=None, leader=Seat.NORTH)
    with pytest.raises(SolverError, match="below the answer"):
        floor(p, Side.NS, bounds=lambda _: (0, 1))
    with pytest.raises(SolverError, match="inconsistent"):
        floor(p, Side.NS, bounds=lambda _: (2, 1))


@dataclass(frozen=True)
class Broken:
    """A policy that allows ``mask`` (masked to nothing, or an illegal card)."""

    mask: int

    def start(self, pos: Position) -> None:
        return None

    def allowed(self, pos: Position, state: None) -> int:
        return self.mask

    def after(self, pos: Position, state: None, card: Card) -> None:
        return None


@pytest.mark.parametrize("mask", [0, Card("HA").bit])
def test_a_policy_must_allow_legal_cards(mask: int) -> None:
    p = Position.from_pbn("N:AK2... QJ3... T94... 876...", trump=None, leader=Seat.NORTH)
    with pytest.raises(SolverError, match="policy"):
        min_tricks(p, Side.NS, Broken(mask))
    with pytest.raises(SolverError, match="policy"):
        reference_min_tricks(p, Side.NS, Broken(mask))


def test_equivalent_cards_are_kept_apart_when_the_policy_state_differs() -> None:
    # South's 3 and 2 are equivalent, but Parity makes South's next card depend on which
    p = Position.from_pbn("N:A54... K87... 32Q... JT9...", trump=None, leader=Seat.NORTH)
    policy = Parity(Seat.SOUTH)
    for side in (Side.NS, Side.EW):
        r = min_tricks(p, side, policy)
        assert r.tricks == reference_min_tricks(p, side, policy)
        check_result(p, side, r, policy)
    assert remaining(p) == 3
