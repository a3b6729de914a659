"""Exhaustive pure-Python references for small endings: the test oracles.

Nothing here is clever: every legal card (or every card a policy allows) is tried at every
turn, with the core's own rules for following suit and winning a trick
(:func:`~bridgetable.core.tricks.legal_mask`, :func:`~bridgetable.core.tricks.winning_index`).
The only aid is a table of the positions already solved, at trick boundaries (a key is the
whole position, so this changes no answer). The cost grows exponentially: use these for
endings of up to about five tricks.

Example:
    >>> from bridgetable.core.position import Position
    >>> from bridgetable.core.seats import Seat, Side
    >>> p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=Seat.WEST)
    >>> ReferenceSolver().tricks(p, Side.EW), reference_min_tricks(p, Side.NS)
    (0, 2)
    >>> p = Position.from_pbn("N:A2... K3... Q4... J5...", trump=None, leader=Seat.NORTH)
    >>> ReferenceSolver().tricks(p, Side.NS), reference_min_tricks(p, Side.NS)
    (1, 1)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from bridgetable.core.cards import CARDS, Card, Suit, cards_of_mask
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Side
from bridgetable.core.tricks import legal_mask, winning_index
from bridgetable.solver.errors import SolverError
from bridgetable.solver.port import Answers

if TYPE_CHECKING:
    from bridgetable.solver.search import Policy

__all__ = ["ReferenceSolver", "reference_min_tricks"]

#: The remaining hands (masks by seat), the leader's seat number and the trick in progress.
_State = tuple[tuple[int, int, int, int], int, tuple[Card, ...]]


def _remaining(pos: Position) -> int:
    """Tricks left, the one in progress included."""
    return int(pos.hands[pos.to_play].bit_count())


def _legal(state: _State) -> int:
    hands, leader, trick = state
    return legal_mask(hands[(leader + len(trick)) & 3], trick[0].suit if trick else None)


def _play(state: _State, card: Card, trump: Suit | None) -> tuple[_State, int]:
    """The state after ``card`` and the seat number winning the trick it completes (-1 if
    the trick goes on)."""
    hands, leader, trick = state
    seat = (leader + len(trick)) & 3
    new = list(hands)
    new[seat] &= ~card.bit
    h = (new[0], new[1], new[2], new[3])
    cards = (*trick, card)
    if len(cards) == 4:
        winner = (leader + winning_index(cards, trump)) & 3
        return (h, winner, ()), winner
    return (h, leader, cards), -1


def _start(pos: Position) -> _State:
    return pos.hands, int(pos.leader), pos.trick


class ReferenceSolver(Answers):
    """The double-dummy port by plain minimax (see the module docstring); its batch
    questions are asked one position at a time (:class:`~bridgetable.solver.port.Answers`).

    An instance keeps the positions it has solved (one table per trump suit), so asking
    :meth:`tricks` and :meth:`card_values` of one position costs one search; use a fresh
    instance to free the memory.
    """

    def __init__(self) -> None:
        self._searches: dict[Suit | None, _NSMinimax] = {}

    def _search(self, trump: Suit | None) -> _NSMinimax:
        got = self._searches.get(trump)
        if got is None:
            got = self._searches[trump] = _NSMinimax(trump)
        return got

    def tricks(self, pos: Position, side: Side) -> int:
        """The most of the remaining tricks ``side`` takes with best play by all four."""
        ns = self._search(pos.trump).value(_start(pos))
        return ns if side is Side.NS else _remaining(pos) - ns

    def card_values(self, pos: Position) -> dict[Card, int]:
        """For each legal card: the remaining tricks the side to play takes after it."""
        left = _remaining(pos)
        if left == 0:
            return {}
        search = self._search(pos.trump)
        state = _start(pos)
        out: dict[Card, int] = {}
        for card in cards_of_mask(_legal(state)):
            nxt, winner = _play(state, card, pos.trump)
            ns = search.value(nxt) + (1 if winner >= 0 and winner & 1 == 0 else 0)
            out[card] = ns if pos.to_play.side is Side.NS else left - ns
        return out


class _NSMinimax:
    """North-South's tricks with best play: North and South maximise, East and West
    minimise."""

    def __init__(self, trump: Suit | None) -> None:
        self.trump = trump
        self.memo: dict[_State, int] = {}

    def value(self, state: _State) -> int:
        hands, leader, trick = state
        seat = (leader + len(trick)) & 3
        if hands[seat] == 0:
            return 0
        if not trick:
            got = self.memo.get(state)
            if got is not None:
                return got
        maximise = seat & 1 == 0
        best = -1 if maximise else len(CARDS)
        m = _legal(state)
        while m:
            bit = m & -m
            m ^= bit
            nxt, winner = _play(state, CARDS[bit.bit_length() - 1], self.trump)
            v = self.value(nxt) + (1 if winner >= 0 and winner & 1 == 0 else 0)
            best = max(best, v) if maximise else min(best, v)
        if not trick:
            self.memo[state] = best
        return best


def reference_min_tricks(pos: Position, side: Side, policy: Policy[Any] | None = None) -> int:
    """The fewest of the remaining tricks (the one in progress included) ``side`` takes when
    every card of all four hands is chosen to that end, each hand restricted to the cards
    ``policy`` allows it, by brute force over every allowed line of play.

    Raises:
        SolverError: the policy allowed no card, or a card that is not legal.
    """
    trump = pos.trump
    memo: dict[tuple[_State, Hashable], int] = {}

    def fewest(state: _State, pstate: Hashable) -> int:
        hands, leader, trick = state
        if hands[(leader + len(trick)) & 3] == 0:
            return 0
        key = (state, pstate)
        if not trick:
            got = memo.get(key)
            if got is not None:
                return got
        legal = _legal(state)
        p = None
        allowed = legal
        if policy is not None:
            p = Position(hands, trump, SEATS[leader], trick)
            allowed = policy.allowed(p, pstate)
            if allowed == 0 or allowed & ~legal:
                raise SolverError(f"the policy allowed no card or an illegal one at {p}")
        best = len(CARDS)
        for card in cards_of_mask(allowed):
            nxt, winner = _play(state, card, trump)
            won = 1 if winner >= 0 and (winner & 1) == side else 0
            after = pstate if policy is None or p is None else policy.after(p, pstate, card)
            best = min(best, won + fewest(nxt, after))
        if not trick:
            memo[key] = best
        return best

    return fewest(_start(pos), None if policy is None else policy.start(pos))
