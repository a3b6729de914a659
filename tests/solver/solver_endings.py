"""Random endings (Hypothesis strategies), test policies and a line checker for the solver
tests (a plain module: a `solver` package here would clash with `bench/solver.py` for mypy)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from bridgetable.core.cards import Card, Suit
from bridgetable.core.deal import Deal
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Seat, Side
from bridgetable.solver.search import Policy

TRUMPS: tuple[Suit | None, ...] = (None, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def remaining(pos: Position) -> int:
    """Tricks left, the one in progress included."""
    return pos.hands[pos.to_play].bit_count()


@st.composite
def endings(
    draw: st.DrawFn,
    tricks: Sequence[int] = (1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5),
    in_progress: Sequence[int] = (0, 0, 0, 1, 2, 3),
    in_progress_big: Sequence[int] = (2, 3, 3, 3),
    big: int = 5,
) -> Position:
    """A random ending: ``n`` tricks (drawn from ``tricks``) dealt at random, random trump
    and leader, then ``k`` random legal cards of the first trick played, ``k`` drawn from
    ``in_progress`` (from ``in_progress_big`` when ``n >= big``: the exhaustive references
    are slow on big endings at a trick boundary)."""
    n = draw(st.sampled_from(tricks))
    order = draw(st.permutations(range(52)))
    hands = [0, 0, 0, 0]
    for i in range(4):
        for j in order[i * n : (i + 1) * n]:
            hands[i] |= 1 << j
    pos = Position(
        (hands[0], hands[1], hands[2], hands[3]),
        draw(st.sampled_from(TRUMPS)),
        draw(st.sampled_from(SEATS)),
    )
    for _ in range(draw(st.sampled_from(in_progress if n < big else in_progress_big))):
        legal = pos.legal_cards()
        pos = pos.play(legal[draw(st.integers(0, len(legal) - 1))])
    return pos


def played_ending(rng: random.Random, tricks: int) -> Position:
    """A position at a trick boundary with ``tricks`` left, reached by random legal play
    from a random deal (random trump, the leader at random)."""
    deal = Deal.random(rng)
    pos = Position(
        (deal[SEATS[0]].mask, deal[SEATS[1]].mask, deal[SEATS[2]].mask, deal[SEATS[3]].mask),
        rng.choice(TRUMPS),
        rng.choice(SEATS),
    )
    while remaining(pos) > tricks or pos.trick:
        pos = pos.play(rng.choice(pos.legal_cards()))
    return pos


# ------------------------------------------------------------------------------ policies


@dataclass(frozen=True)
class LeadHighest:
    """A hand of ``side`` on lead leads the highest card of the suit of its choice."""

    side: Side

    def start(self, pos: Position) -> None:
        return None

    def allowed(self, pos: Position, state: None) -> int:
        legal = pos.legal_mask()
        if pos.trick or pos.to_play.side is not self.side:
            return legal
        out = 0
        for suit in Suit:
            cards = pos.hands[pos.to_play] & (0x1FFF << (13 * suit))
            if cards:
                out |= 1 << (cards.bit_length() - 1)
        return out

    def after(self, pos: Position, state: None, card: Card) -> None:
        return None


@dataclass(frozen=True)
class Lowest:
    """``seat`` always plays its lowest legal card (lowest rank; clubs first on a tie)."""

    seat: Seat = Seat.NORTH

    def start(self, pos: Position) -> None:
        return None

    def allowed(self, pos: Position, state: None) -> int:
        legal = pos.legal_mask()
        if pos.to_play is not self.seat:
            return legal
        low = min(pos.legal_cards(), key=lambda c: (c.rank, c.suit))
        return low.bit

    def after(self, pos: Position, state: None, card: Card) -> None:
        return None


@dataclass(frozen=True)
class Parity:
    """A stateful policy whose state tells equivalent cards apart: the state is the parity
    of ``seat``'s last card's rank, and ``seat`` must play a card of the other parity when
    it can."""

    seat: Seat = Seat.SOUTH

    def start(self, pos: Position) -> int:
        return 0

    def allowed(self, pos: Position, state: int) -> int:
        legal = pos.legal_mask()
        if pos.to_play is not self.seat:
            return legal
        out = 0
        for c in pos.legal_cards():
            if c.rank % 2 != state:
                out |= c.bit
        return out or legal

    def after(self, pos: Position, state: int, card: Card) -> int:
        return card.rank % 2 if pos.to_play is self.seat else state


def replay(pos: Position, side: Side, line: Sequence[Card], policy: Policy[Any] | None) -> int:
    """The tricks ``side`` takes along ``line`` from ``pos``; fails the test if a card is
    illegal, not allowed by ``policy``, or the line does not end the play."""
    state = None if policy is None else policy.start(pos)
    got = 0
    for card in line:
        if not pos.legal_mask() & card.bit:
            raise AssertionError(f"{card} is not legal at {pos}")
        if policy is not None:
            if not policy.allowed(pos, state) & card.bit:
                raise AssertionError(f"{card} is not allowed by the policy at {pos}")
            state = policy.after(pos, state, card)
        pos, winner = pos.play_scored(card)
        if winner is not None and winner.side is side:
            got += 1
    if any(pos.hands):
        raise AssertionError(f"the line stops before the end, at {pos}")
    return got
