"""The board's state slices (core.slices) and policies (core.policy): the slices are frozen,
their ``apply`` is pure, and the board is a facade over them -- folding ``apply`` over a
record's events gives the board's own slice after every event."""

from __future__ import annotations

import dataclasses
from datetime import datetime

import pytest

from bridgetable.core.board import Board, replay_events
from bridgetable.core.calls import parse_call
from bridgetable.core.events import CallMade, CallReplaced, CallWithdrawn, ClaimMade
from bridgetable.core.policy import ONLINE, TABLE, policy_for
from bridgetable.core.rules import RuleSet
from bridgetable.core.slices import (
    CLAIM_EVENTS,
    AuctionSlice,
    ClaimSlice,
    apply_auction,
    apply_claim,
)

from support import E, N, S, W, at_play, bid, c, new_board

T0 = datetime(2026, 11, 29, 20, 0, 0)


def _auction_board() -> Board:
    """Calls, a replacement whose LHO call stands and is withdrawn, another replacement."""
    b = bid(new_board(), ["1H"])
    b.call(E, parse_call("2C"))
    b.call(S, parse_call("Pass"))
    b.replace_unintended_call(E, parse_call("2D"), lho_stands=True)
    b.withdraw_call(S)
    b.call(S, parse_call("2H"))
    b.call(W, parse_call("Pass"))
    b.call(N, parse_call("Pass"))
    b.call(E, parse_call("Pass"))
    return b


def _claim_board() -> Board:
    """A claim disputed, played on, a second claim agreed, established and restored."""
    b = at_play("C8")
    b.play(S, c("C4"))
    b.play(E, c("CA"))
    b.play(S, c("C9"))
    b.make_claim(E, 1, "CK")
    b.dispute_claim(S)
    b.request_play_on(S)
    for seat in (N, E, W):
        b.agree_play_on(seat)
    b.call_director(W, "a question")
    b.make_claim(S, 12)
    b.agree_claim(W)
    b.agree_claim(E)
    b.establish_agreement()
    b.publish_score(T0)
    b.restore_tricks(E, 1, law="69B", now=T0)
    return b


def _auction_view(s: AuctionSlice) -> tuple[object, ...]:
    return (s.auction.calls, s.calls, s.at, s.replaced, s.replacements)


def test_folding_apply_auction_gives_the_boards_auction_slice() -> None:
    b = _auction_board()
    kinds = {type(e) for e in b.events}
    assert {CallMade, CallReplaced, CallWithdrawn} <= kinds
    s = AuctionSlice.start(b.setup.dealer)
    for i, e in enumerate(b.events):
        before = s
        s = apply_auction(s, e, at=i)
        # pure: the slice given is unchanged, and the same inputs give the same slice
        assert _auction_view(apply_auction(before, e, at=i)) == _auction_view(s)
        assert _auction_view(s) == _auction_view(
            replay_events(b.setup, b.events[: i + 1]).auction_slice
        )
    assert _auction_view(s) == _auction_view(b.auction_slice)
    assert b.auction is b.auction_slice.auction
    assert b.replaced_calls == s.replaced_calls and b.replacements == s.replacements == 2


def test_apply_claim_steps_the_boards_claim_slice() -> None:
    b = _claim_board()
    events = b.events
    seen = set()
    prev = Board(b.setup).claim_slice
    for k, e in enumerate(events):
        after = replay_events(b.setup, events[: k + 1])
        if type(e) in CLAIM_EVENTS:
            seen.add(type(e))
            new = after.claim if isinstance(e, ClaimMade) else None
            assert apply_claim(prev, e, new=new) == after.claim_slice
        else:
            assert after.claim_slice == prev  # no other event changes the claims
        prev = after.claim_slice
    assert len(seen) >= 9
    assert prev == b.claim_slice and b.claim is b.claim_slice.claim


def test_slices_are_frozen() -> None:
    b = _claim_board()
    with pytest.raises(dataclasses.FrozenInstanceError):
        b.auction_slice.replacements = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        b.claim_slice.faced = frozenset()  # type: ignore[misc]
    claim = b.claim
    assert claim is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        claim.status = "void"  # type: ignore[misc]
    assert ClaimSlice() == ClaimSlice()


def test_the_policy_comes_from_the_rules() -> None:
    assert policy_for(RuleSet.duplicate()) is ONLINE
    assert policy_for(RuleSet.duplicate(policy="table")) is TABLE
    assert new_board().policy is ONLINE
    assert new_board(RuleSet.duplicate(policy="table")).policy is TABLE
    assert not ONLINE.takes("expose_card") and TABLE.takes("expose_card")
