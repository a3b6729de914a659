"""The accelerated search against the plain one: the Law 70 policy (``NormalPlay``) is the
reference, and its search aids (``NormalPlay.accelerator()``: sure-trick bounds, the table
key in relative ranks, free hands, merged runs) may only make the search faster. Each check
runs the min-min search twice on one position and policy, with the aids and without them
(``accelerator=None``), and asks for the same answer, both searches complete, and a witness
line that obeys the policy and takes the answer's tricks.

The positions: random endings of three to seven tricks (bigger than the exhaustive
reference's in ``test_search_aids.py``) under every profile and class of player, with random
statements, known show-outs, the belief check's edits and judges; and every worked example
(``worked_examples.py`` and ``published_rulings.py``, as ``test_worked_examples.py`` rules
them) with the policy and position of the first search its ruling runs, up to nine tricks
left. The plain search may not finish in its cap on a big position: such a case is counted,
never compared, like a bigger worked example, and most cases must be compared. A mismatch
always fails.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import Any

import pytest

import bridgetable.adjudication.ruling as ruling_module
from adjudication.test_random_endings import random_statement
from adjudication.test_worked_examples import CASES, _rule
from bridgetable.adjudication import slips as sl
from bridgetable.adjudication.believer import Believer
from bridgetable.adjudication.normal import (
    Edits,
    NormalAccelerator,
    NormalPlay,
    State,
    node_live,
    to_rel,
)
from bridgetable.adjudication.profiles import PROFILES, profile
from bridgetable.core.cards import Suit, cards_of_mask
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Side
from bridgetable.core.statement import parse_statement
from bridgetable.core.tricks import winning_index
from bridgetable.solver.search import Accelerator, MinResult, min_tricks

#: Seconds for the plain search of one position (a case past it is counted, not compared):
#: a random ending, a worked example.
PLAIN_CAP = 4.0
WORKED_PLAIN_CAP = 10.0
#: Worked examples with more tricks left are counted, not compared (their plain search
#: takes minutes: the twelve- and thirteen-trick rulings).
WORKED_MAX_TRICKS = 9
#: Seconds for the accelerated search: it must finish where the plain one has.
FAST_CAP = 30.0
#: Random endings for each profile and class of player.
ENDINGS = 40
#: The least share of the cases compared (the others: the plain search past its cap, or
#: a worked example too big for it), of the random endings and of the worked examples.
MIN_COMPARED = 0.9
MIN_WORKED_COMPARED = 0.75

COMBOS = [(name, pclass) for name in PROFILES for pclass in sl.PLAYER_CLASSES]


def _search(
    pos: Position, side: Side, policy: NormalPlay, accel: Accelerator[Any] | None, cap: float
) -> MinResult:
    return min_tricks(
        pos,
        side,
        policy,
        accelerator=accel,
        deadline=time.monotonic() + cap,
        clock=time.monotonic,
    )


def _replay(pos: Position, side: Side, policy: NormalPlay, line: Sequence[Any]) -> int:
    """The tricks ``side`` takes on ``line`` from ``pos``, checking it obeys the policy."""
    p, state, won = pos, policy.start(pos), 0
    for card in line:
        assert card.bit & policy.allowed(p, state), f"{card} is not allowed at {p}"
        state = policy.after(p, state, card)
        p, winner = p.play_scored(card)
        won += winner is not None and winner.side is side
    assert p.tricks_left == 0
    return won


def compare(
    pos: Position,
    side: Side,
    policy: NormalPlay,
    what: str,
    *,
    stop_at: int | None = None,
    accel: Callable[[NormalPlay], Accelerator[Any]] = NormalPlay.accelerator,
    plain_cap: float = PLAIN_CAP,
) -> bool:
    """Whether the plain search finished (then the accelerated one must agree with it)."""
    plain = _search(pos, side, policy, None, plain_cap)
    if not plain.complete:
        return False
    assert plain.tricks is not None
    fast = _search(pos, side, policy, accel(policy), FAST_CAP)
    assert fast.complete, f"{what}: the accelerated search did not finish at {pos}"
    assert fast.tricks == plain.tricks == fast.lower == plain.lower, (
        f"{what}: accelerated {fast.tricks}, plain {plain.tricks} at {pos}"
    )
    assert _replay(pos, side, policy, fast.line) == fast.tricks, what
    if stop_at is not None:  # the question the ruling asked: "at most stop_at?"
        probe = min_tricks(pos, side, policy, accelerator=accel(policy), stop_at=stop_at)
        if plain.tricks <= stop_at:
            assert probe.tricks is not None and probe.tricks <= stop_at, what
        else:
            assert probe.lower > stop_at, what
    return True


# ------------------------------------------------------------------------ random endings


def random_ending(rng: random.Random) -> Position:
    """Three to seven tricks dealt at random (random trump and leader), then up to three
    cards of the first trick played."""
    n = rng.choice((3, 4, 4, 5, 5, 6, 6, 7, 7))
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[i * n : (i + 1) * n]) for i in range(4)]
    pos = Position(
        (hands[0], hands[1], hands[2], hands[3]), rng.choice([None, *Suit]), rng.choice(SEATS)
    )
    for _ in range(rng.choice((0, 0, 1, 2, 3))):
        pos = pos.play(rng.choice(pos.legal_cards()))
    return pos


def _pick(rng: random.Random, mask: int) -> int:
    return rng.choice(cards_of_mask(mask)).bit if mask else 0


def random_edits(rng: random.Random, pos: Position, policy: NormalPlay) -> Edits:
    """Edits like the belief check's: at some of the claimer's choices along a random line,
    a card banned and a legal card added (keyed by ``node_key``, in relative ranks)."""
    edits: Edits = {}
    p, state = pos, policy.start(pos)
    while p.tricks_left:
        legal = p.legal_mask()
        if p.to_play.side is policy.side and legal & (legal - 1) and rng.random() < 0.5:
            opts = policy.base_allowed(p, state)
            live = node_live(p)
            ban = _pick(rng, opts) if rng.random() < 0.5 else 0
            add = _pick(rng, legal & ~opts) if rng.random() < 0.5 else 0
            edits[policy.node_key(p, state)] = (to_rel(ban, live), to_rel(add, live))
        card = rng.choice(cards_of_mask(policy.allowed(p, state)))
        state = policy.after(p, state, card)
        p = p.play(card)
    return edits


def random_judge(
    rng: random.Random, holder: list[NormalPlay], add_from: int
) -> Callable[[Position, State, int], int]:
    """A judge like the belief check's: a choice fixed by the node (the hands of the
    claimer's side in relative ranks, the trick's length, suit led and winning side, the
    policy state and the local rules' cards): the local rules' cards, the lowest of them,
    or (at nodes of ``add_from`` tricks or more) one legal card more. Like the belief
    check's (which reads double-dummy values and the local rules), it chooses alike at
    positions equal but for which of an opponent's equivalent cards was played to the
    trick and which kept: the search tries one of them for all."""
    salt = rng.getrandbits(32)

    def judge(pos: Position, state: State, base: int) -> int:
        live = node_live(pos)
        side = holder[0].side
        trick = pos.trick
        led = int(trick[0].suit) if trick else -1
        winning = (pos.leader + winning_index(trick, pos.trump)) & 1 if trick else -1
        node = (
            int(pos.to_play),
            to_rel(pos.hands[side], live),
            to_rel(pos.hands[side ^ 2], live),
            len(trick),
            led,
            winning,
            state[0],
            state[1],
            state[3],
            holder[0].need(pos, state),
        )
        pick = hash((salt, node, to_rel(base, live))) % 3
        if pick == 1:
            return base & -base
        extra = pos.legal_mask() & ~base
        if pick == 2 and extra and pos.tricks_left >= add_from:
            return base | (extra & -extra)
        return base

    return judge


def random_policy(rng: random.Random, pos: Position, name: str, pclass: str) -> NormalPlay:
    """A claim's policy as ``ruling.py`` builds it under profile ``name`` for ``pclass``,
    with a random claimer, statement, show-outs and (sometimes) edits or a judge."""
    claimer = rng.choice(SEATS)
    text = None if rng.random() < 0.4 else random_statement(rng, pos, claimer)
    pr = profile(name)
    if rng.random() < 0.2:
        pr = replace(pr, top_down=False)  # (a regulating authority without a deemed order)
    enabled = sl.enabled_slips(name, pclass)
    careless = sl.CARELESS_SPOTS[pclass] if sl.CARELESS_SPOT in enabled else 0
    voids = frozenset(
        (seat, suit)
        for seat in SEATS
        for suit in Suit
        if not pos.holds(seat, suit) and rng.random() < 0.5
    )
    dummy = None
    if rng.random() < 0.5:
        dummy = claimer.next(rng.choice((1, 3)))  # a defender's claim, dummy face up

    stmt = parse_statement(text)
    seen = rng.random() < 0.2

    def make(
        edits: Edits | None = None,
        judge: Callable[[Position, State, int], int] | None = None,
        judge_below: int = 13,
        add_depth: int = 14,
    ) -> NormalPlay:
        return NormalPlay.for_claim(
            pos,
            claimer,
            stmt,
            known_voids=voids,
            prof=pr,
            trumps_seen=seen,
            dummy=dummy,
            careless=careless,
            edits=edits,
            judge=judge,
            judge_below=judge_below,
            judge_add_depth=add_depth,
        )

    policy = make()
    kind = rng.random()
    if kind < 0.25:
        policy = make(edits=random_edits(rng, pos, policy))
    elif kind < 0.45:
        holder = [policy]
        add_from = rng.randint(1, pos.tricks_left + 1)
        judge = random_judge(rng, holder, add_from)
        policy = make(judge=judge, judge_below=rng.randint(1, pos.tricks_left), add_depth=add_from)
        holder[0] = policy
    return policy


@pytest.mark.parametrize(("name", "pclass"), COMBOS, ids=[f"{n}-{c}" for n, c in COMBOS])
def test_accelerated_search_equals_the_plain_one_on_random_endings(name: str, pclass: str) -> None:
    compared = 0
    for i in range(ENDINGS):
        rng = random.Random(f"{name}-{pclass}-{i}")
        pos = random_ending(rng)
        policy = random_policy(rng, pos, name, pclass)
        compared += compare(pos, policy.side, policy, f"{name}/{pclass} ending {i}")
    assert compared >= MIN_COMPARED * ENDINGS, f"only {compared} of {ENDINGS} compared"


# ------------------------------------------------------------------------ worked examples


class _FirstSearch(Exception):
    """Raised by the stand-in for ``min_tricks`` at the first search of a ruling."""

    def __init__(self, pos: Position, side: Side, policy: NormalPlay, stop_at: int | None):
        super().__init__()
        self.pos, self.side, self.policy, self.stop_at = pos, side, policy, stop_at


def _first_search(*args: Any, **kw: Any) -> MinResult:
    pos, side, policy = args
    raise _FirstSearch(pos, side, policy, kw.get("stop_at"))


def test_accelerated_search_equals_the_plain_one_on_every_worked_example(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The position and the policy of the first search each worked example's ruling runs,
    taken from ``adjudicate`` itself (its policy as ``ruling.py`` builds it: the case's
    profile, class, show-outs, awareness, dummy, and the belief check's judge where the
    ending is small)."""
    monkeypatch.setattr(ruling_module, "min_tricks", _first_search)
    compared: list[str] = []
    too_big: list[str] = []
    for case in CASES:
        try:
            _rule(case)
        except _FirstSearch as first:
            got = first
        else:  # pragma: no cover - every ruling searches
            pytest.fail(f"{case.id}: no search")
        if got.pos.tricks_left > WORKED_MAX_TRICKS:
            too_big.append(case.id)
            continue
        policy = got.policy
        believer = getattr(policy.judge, "__self__", None)  # the judge's belief check
        assert believer is None or isinstance(believer, Believer)
        while True:
            depth = policy.judge_add_depth
            try:
                done = compare(
                    got.pos,
                    got.side,
                    policy,
                    case.id,
                    stop_at=got.stop_at,
                    plain_cap=WORKED_PLAIN_CAP,
                )
            except AssertionError:
                if believer is None or believer.judge_depth == depth:
                    raise  # a mismatch under the bounds the policy allowed: a wrong aid
                done = False
            if believer is None or believer.judge_depth == depth:
                break
            # the judge added a card above the policy's bound on where it adds: the belief
            # check searches again with the new bound, and keeps that search: compare it
            policy = replace(policy, judge_add_depth=believer.judge_depth)
        (compared if done else too_big).append(case.id)
    assert len(compared) + len(too_big) == len(CASES)
    assert len(compared) >= MIN_WORKED_COMPARED * len(CASES), f"not compared: {too_big}"


# ------------------------------------------------------------------ the check's own check


class _Overstated:
    """The policy's aids with a sure-trick bound one trick too high: a wrong bound."""

    def __init__(self, policy: NormalPlay) -> None:
        self.aids = NormalAccelerator(policy)

    def sure_tricks(self, hands: Sequence[int], leader: int, state: State) -> int:
        return min(hands[leader].bit_count(), self.aids.sure_tricks(hands, leader, state) + 1)

    def rank_key(self, hands: Sequence[int], state: State) -> Hashable | None:
        return self.aids.rank_key(hands, state)

    def free(self, seat: int) -> bool:
        return self.aids.free(seat)

    def suit_after(self, state: State, seat: int, led: int, suit: int) -> State | None:
        return self.aids.suit_after(state, seat, led, suit)

    def merge_runs(self) -> bool:
        return self.aids.merge_runs()


def test_a_wrong_bound_is_caught() -> None:
    """The comparison fails on an accelerator whose bound overstates the sure tricks."""
    caught = 0
    for i in range(40):
        rng = random.Random(f"wrong-{i}")
        pos = random_ending(rng)
        policy = random_policy(rng, pos, "ebu", "club")
        try:
            compare(pos, policy.side, policy, f"ending {i}", accel=_Overstated)
        except AssertionError:
            caught += 1
    assert caught
