"""The robots' bidding system (SAYC as data, robots/systems/sayc.toml) and its interpreter:
openings, responses, rebids, notrump conventions, competition and Blackwood on hand-made
hands; the explanation of each call; legal calls whose explanation holds for the hand that
made them over random deals; four robots at a table completing auctions."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgetable.core.board import Board
from bridgetable.core.calls import parse_call
from bridgetable.core.cards import Hand
from bridgetable.core.deal import Deal
from bridgetable.core.record import BoardSetup
from bridgetable.core.seats import Seat
from bridgetable.robots.bidding import HandInfo, System, internal_call, legal, load_system
from bridgetable.robots.player import call_with_meaning, decide
from bridgetable.robots.simulate import close_candidates

SAYC = load_system()


def view(hand: str, calls: str = "", dealer: str = "N") -> dict[str, Any]:
    """The view of the player to call after ``calls`` (space separated), holding ``hand``."""
    seq = calls.split()
    d = Seat.from_letter(dealer)
    me = d.next(len(seq))
    return {
        "role": me.letter,
        "dealer": dealer,
        "hands": {me.letter: hand},
        "auction": [{"seat": d.next(i).letter, "call": c} for i, c in enumerate(seq)],
    }


def bid(hand: str, calls: str = "", dealer: str = "N") -> str:
    return str(call_with_meaning(view(hand, calls, dealer))[0])


def meaning(calls: str, call: str) -> str:
    m = SAYC.meaning(tuple(internal_call(c) for c in calls.split()), internal_call(call))
    assert m is not None, f"{call} after {calls!r} has no meaning"
    return m.describe()


# ----------------------------------------------------------------------------- openings

OPENINGS = [
    ("AKJ76.K42.Q3.J52", "", "1S"),  # five spades, 14
    ("K42.AQJ76.Q3.J52", "", "1H"),
    ("AKJ76.KQ942.3.52", "", "1S"),  # 5-5: the higher
    ("AK76.K942.Q32.J5", "P", "1D"),  # no five-card major, 3-2 minors: 1D with three
    ("AK7.K94.J532.Q52", "", "1D"),  # 4-3 minors
    ("AK7.K942.Q32.J52", "", "1C"),  # 3-3 minors: 1C
    ("A7.K94.QJ32.K852", "", "1D"),  # 4-4 minors: 1D
    ("AQ7.K94.QJ32.K52", "", "1NT"),  # 15 balanced
    ("AQ7.KJ943.QJ.K52", "", "1NT"),  # 16 balanced with a five-card major
    ("AQ7.KQ4.AJ32.KQ2", "", "2NT"),  # 21 balanced
    ("AKQ7.AKJ4.AQ2.K2", "", "2C"),  # 26
    ("AKQJ765.AKQ.A2.2", "", "2C"),  # 22
    ("KQT976.K42.32.52", "", "2S"),  # weak two
    ("42.KQT976.J32.52", "P", "2H"),
    ("42.K32.KQT976.52", "P P", "2D"),
    ("42.3.J2.KQJT9762", "", "3C"),  # seven clubs, weak
    ("KQJT9762.3.J2.42", "", "4S"),  # eight spades
    ("AJ976.K4.Q32.J52", "", "1S"),  # 11 HCP, rule of twenty with a five-card suit? no: pass
    ("Q8765.K4.Q32.J52", "", "Pass"),
    ("AK876.KJ942.2.52", "", "1S"),  # 11 HCP, 5-5: the rule of twenty
]


@pytest.mark.parametrize(("hand", "calls", "want"), OPENINGS)
def test_openings(hand: str, calls: str, want: str) -> None:
    if hand == "AJ976.K4.Q32.J52":
        want = "Pass"  # 11 + 5 + 3 = 19: not the rule of twenty
    assert bid(hand, calls) == want


# ----------------------------------------------------------------------------- responses

RESPONSES = [
    # to 1H
    ("K42.Q976.J32.852", "1H P", "2H"),  # single raise
    ("K42.Q976.A32.Q52", "1H P", "3H"),  # limit raise
    ("K42.AQ97.A32.K52", "1H P", "2NT"),  # Jacoby
    ("K4.Q9762.J8532.2", "1H P", "4H"),  # preemptive raise
    ("KJ42.Q9.J32.8652", "1H P", "1S"),  # new suit at the one level
    ("K42.Q9.AJ32.K652", "1H P", "2D"),  # two over one
    ("K42.Q9.J732.Q652", "1H P", "1NT"),
    ("KQ4.Q9.AJ32.KJ52", "1H P", "3NT"),  # 15-17 balanced, two hearts
    ("42.96.J732.Q8652", "1H P", "Pass"),
    ("K95432.73.5.QT62", "1H P", "1S"),  # five HCP and six spades: 7 points, respond
    # to 1S
    ("42.KQT96.A32.K52", "1S P", "2H"),  # 2H promises five
    ("42.KQT9.A32.K852", "1S P", "2C"),
    # to 1C / 1D
    ("K42.AQ97.J32.852", "1C P", "1H"),
    ("KJ42.AQ97.J32.85", "1D P", "1H"),  # four-four majors: up the line
    ("KJ642.AQ97.J3.85", "1D P", "1S"),  # five spades first
    ("K42.Q97.J32.Q852", "1D P", "1NT"),
    ("K42.A97.KJ3.Q852", "1D P", "2NT"),  # 13-15 balanced, no major
    ("K42.A97.KJ3.KQ52", "1D P", "3NT"),  # 16-17 balanced
    ("K4.Q97.Q832.J852", "1D P", "2D"),  # simple raise
    ("K4.A97.K832.Q852", "1C P", "1D"),
    ("93.QJT832.QT96.5", "1D P", "1H"),  # five HCP and six hearts
    ("93.QJT83.QT96.52", "1D P", "Pass"),  # five HCP and five: no response
    # to 1NT
    ("KJ42.Q97.Q32.852", "1NT P", "2C"),  # Stayman with a four-card major and 8+
    ("K4.QJ976.J32.852", "1NT P", "2D"),  # transfer to hearts
    ("KJ976.4.J32.8652", "1NT P", "2H"),  # transfer to spades, weak too
    ("K42.Q97.KJ3.Q852", "1NT P", "3NT"),
    ("K42.Q97.J73.Q852", "1NT P", "2NT"),
    ("942.972.J73.Q852", "1NT P", "Pass"),
    # to 2C, 2NT, weak twos
    ("942.972.J73.Q852", "2C P", "2D"),
    ("942.KQ972.A73.85", "2C P", "2H"),
    ("K42.Q97.J73.Q852", "2NT P", "3NT"),
    ("K4.QJ976.J32.852", "2NT P", "3D"),
    ("A42.K97.AK73.852", "2S P", "4S"),
    ("A4.K97.AJ73.KQ52", "2S P", "2NT"),
]


@pytest.mark.parametrize(("hand", "calls", "want"), RESPONSES)
def test_responses(hand: str, calls: str, want: str) -> None:
    assert bid(hand, calls) == want


# ----------------------------------------------------------------------------- rebids

REBIDS = [
    # the quoted case: 19 HCP opposite a forcing 1H; a raise to game
    ("AQ.AK82.K6.KT432", "1C P 1H P", "4H"),
    ("AQ2.K82.Q63.KT43", "1C P 1H P", "1NT"),  # 12-14 balanced
    ("AQ2.K2.K63.KQJ43", "1C P 1H P", "2NT"),  # 18-19 balanced
    ("A2.Q82.K63.KJT432", "1C P 1H P", "2C"),  # six clubs, minimum
    ("A2.K8.K63.AQJT432", "1C P 1H P", "3C"),  # six clubs, 16-18
    ("AQ42.K8.K6.KT432", "1C P 1H P", "1S"),  # a new suit at the one level
    ("AJ2.K832.6.KT432", "1C P 1H P", "2H"),  # minimum raise
    ("AJ2.KQ832.6.KT43", "1H P 2H P", "Pass"),
    ("AK2.KQ832.762.K2", "1H P 2H P", "3H"),  # 16 total points and a doubleton: 17 invites
    ("AK2.KQ832.6.KQ43", "1H P 2H P", "4H"),  # 18 and the singleton: 20 (opener revalues)
    ("AK2.AKQ83.6.KQ43", "1H P 2H P", "4H"),
    ("AQ2.KQ832.6.KT43", "1H P 3H P", "4H"),
    ("AQ2.KQ832.6.KT43", "1H P 2NT P", "3D"),  # Jacoby: shortness
    # notrump conventions
    ("AQ2.KQ83.J6.KT43", "1NT P 2C P", "2H"),
    ("AQ42.KQ8.J6.KT43", "1NT P 2C P", "2S"),
    ("AQ2.KQ8.J64.KT43", "1NT P 2C P", "2D"),
    ("AQ2.KQ8.J64.KT43", "1NT P 2D P", "2H"),  # completes the transfer
    ("AQ2.KQ84.A64.QT4", "1NT P 2D P", "3H"),  # super-accept: 17 and four hearts
    ("AQ2.KQ8.J64.KT43", "1NT P 2H P", "2S"),
    ("KQ2.A8.J64.KQT43", "2NT P 3D P", "3H"),
    # after Stayman over 2NT: the major opener showed, never his 3D denial
    ("KT42.JT62.JT84.4", "2NT P 3C P 3D P", "3NT"),
    ("KT42.JT62.JT84.4", "2NT P 3C P 3H P", "4H"),
    # opposite 22-24 (2C, then 2NT) three HCP make game; opposite a 20-21 2NT, four
    ("Q82.J643.T942.65", "2C P 2D P 2NT P", "3NT"),
    ("Q82.J643.T942.65", "2NT P", "Pass"),
    ("Q82.J64.T942.K53", "2NT P", "3NT"),
    # responder's second call
    ("K4.QJ976.J32.852", "1NT P 2D P 2H P", "Pass"),  # weak: sign-off
    ("K4.QJ976.AJ2.852", "1NT P 2D P 2H P", "3NT"),  # choice of games
    ("K4.QJ9762.AJ.852", "1NT P 2D P 2H P", "4H"),
    ("KJ42.Q97.K32.Q52", "1NT P 2C P 2S P", "4S"),
    ("KJ42.Q97.K32.Q52", "1NT P 2C P 2H P", "3NT"),
    ("KJ42.Q97.Q32.852", "1NT P 2C P 2D P", "2NT"),
    ("KJ42.Q97.A32.Q52", "1C P 1S P 1NT P", "2NT"),
    ("KJ42.Q97.AK2.852", "1C P 1S P 1NT P", "3NT"),
    ("KJ4.Q97.AK2.8652", "1S P 2C P 2S P", "4S"),
    ("KT72.AKJT8.42.J7", "1S P 2H P 2S P", "4S"),  # 12 HCP, 13 points: the fit, not 3NT
    # five spades and four hearts with game values over 1NT: the jump in hearts forces to
    # game, and opener raises with four
    ("KJ653.AJ86.Q3.QT", "1C P 1S P 1NT P", "3H"),
    ("T9.KQ32.A97.AJ84", "1C P 1S P 1NT P 3H P", "4H"),
    ("5.QJT964.K3.AKT6", "1D P 1H P 3D P", "4H"),  # six hearts after the jump rebid
    ("5.QJT9.K763.AKT6", "1D P 1H P 3D P", "3NT"),
    # six spades opposite opener's 3NT rebid (no four-card support, a doubleton at least):
    # game in the major; with five, 3NT stands
    ("QJ9742.K5.863.74", "1C P 1S P 3NT P", "4S"),
    ("QJ974.K52.863.74", "1C P 1S P 3NT P", "Pass"),
    # 11-12 without a fit invites with 2NT over a one-level rebid too (1NT is 6-10)
    ("Q3.KJ76.KJ42.Q86", "1C P 1H P 1S P", "2NT"),
    ("Q3.KJ76.KJ42.Q86", "1C P 1H P 2D P", "2NT"),
    ("Q32.KJ76.QT543.8", "1C P 1H P 1S P", "1NT"),
    # 18-19 balanced rebids 2NT even with four spades (a 1S rebid would be passed)
    ("A743.AQ2.K32.KQ8", "1C P 1H P", "2NT"),
    ("AQ74.A2.K3.KQ843", "1C P 1H P", "1S"),  # 18 unbalanced: the new suit
    # responder invites after a transfer: a minimum with three trumps plays in the major
    ("KJT4.K54.A32.A64", "1NT P 2D P 2H P 2NT P", "3H"),
    ("KJT4.K54.A32.A64", "1NT P 2H P 2S P 2NT P", "3S"),
    ("KJT4.K54.AQ2.A64", "1NT P 2D P 2H P 2NT P", "4H"),  # a maximum: game
    ("KJT4.K5.AQ32.A64", "1NT P 2D P 2H P 2NT P", "3NT"),  # a doubleton: notrump
    # opener after a single raise over an overcall (or a double)
    ("AKQJT2.AQT2.A6.6", "1S 2C 2S P", "4S"),
    ("AK2.KQ832.762.K2", "1H 1S 2H P", "3H"),  # 16 total points and a doubleton: 17 invites
    ("AK2.KQ832.6.KQ43", "1H 1S 2H P", "4H"),  # 18 and the singleton: 20 (opener revalues)
    ("AJ2.KQ832.6.KT43", "1H X 2H P", "Pass"),  # minimum
    # opener raised the two-over-one major: game in the fit, not 3NT
    ("K2.AQJ76.K43.Q32", "1S P 2H P 3H P", "4H"),
    ("K2.AQJ76.K43.Q32", "1S P 2H P 2S P", "3NT"),
    # a quantitative 4NT over 2NT (11-12): 6NT with a maximum
    ("AQ7.KQ4.AJ32.KQ2", "2NT P 4NT P", "6NT"),
    ("AQ7.KQ4.AJ32.KJ2", "2NT P 4NT P", "Pass"),
    ("AQ7.KQ4.AJ32.AQ2", "2C P 2D P 2NT P 4NT P", "6NT"),  # 22-24: always
    # opposite opener's 2NT rebid (18-19 balanced): 33 together bid 6NT, whatever the
    # shape; 31-32 and balanced invite with a quantitative 4NT, accepted with 19
    ("K2.AQJ7.K43.Q932", "1C P 1H P 2NT P", "6NT"),
    ("Q.AQJ9.K3.AQT643", "1C P 1H P 2NT P", "6NT"),
    ("K2.AQJ7.K43.9432", "1C P 1H P 2NT P", "4NT"),
    ("K2.AQJ7.943.9432", "1C P 1H P 2NT P", "3NT"),
    ("AQ2.K2.KJ3.AQ432", "1C P 1H P 2NT P 4NT P", "6NT"),
    ("AQ2.K2.KJ3.KQ432", "1C P 1H P 2NT P 4NT P", "Pass"),
]


@pytest.mark.parametrize(("hand", "calls", "want"), REBIDS)
def test_rebids(hand: str, calls: str, want: str) -> None:
    assert bid(hand, calls) == want


def test_eight_hearts_are_not_passed_over_1d() -> None:
    # the quoted case, as an overcaller and as responder
    hand = "4.KQJ97652.K2.Q2"
    assert bid(hand, "1D") in ("1H", "4H")
    assert bid(hand, "1D P") == "1H"
    assert bid(hand, "1D P 1H P 1NT P") == "4H"


# ----------------------------------------------------------------------------- competition

COMPETITIVE = [
    ("AQ42.K.KJ76.KJ52", "1H", "X"),  # takeout double
    ("AQ2.K4.KJ76.AJ52", "1H", "1NT"),  # 15-18 with a stopper
    ("KQJ76.K42.32.Q52", "1D", "1S"),  # simple overcall
    ("42.KQT976.32.852", "1C", "2H"),  # weak jump overcall
    ("42.AQT96.K32.A52", "1S", "2H"),  # two-level overcall
    ("KJ42.Q3.J532.852", "1C 1H", "X"),  # negative double: four spades
    ("KJ976.Q3.J53.852", "1C 1H", "1S"),  # five spades are bid
    ("K3.AQJ76.J53.852", "1S 2D", "2H"),  # five hearts and 10+: 2H forcing, not the double
    ("K42.Q953.J532.85", "1H 1S", "2H"),  # raise over the overcall
    ("K42.Q96.J532.852", "1H X P", "1NT"),  # 6-10, a heart stopper
    ("K42.962.J532.852", "1H X P", "2D"),  # advancing a takeout double
    ("K42.QJ96.AJ32.85", "1C X P", "2H"),  # a jump with 9-12
    ("K42.Q96.J532.K85", "1D 1S P", "2S"),  # raising the overcall
    ("AQ42.K3.AJ32.852", "1C 1H X P", "1S"),  # opener answers the negative double
    ("KQJT2.QT7.A95.T9", "1S 2D X P", "2S"),  # a minimum: no 2NT (that is not 12-14)
    ("A92.KJ4.Q975.Q82", "1C 1D X P", "1NT"),  # 12-14 balanced at the one level
    # a limit raise counts shortness: the cue-bid with 10 HCP and a doubleton or singleton
    ("T732.KJT9.K6.KT7", "1D 1S P", "2D"),  # advancer, four trumps
    ("Q63.KQ963.3.QJ86", "1H 1S", "2S"),  # responder, five trumps
    ("Q63.Q9632.3.QJ86", "1H 1S", "2H"),  # 7 HCP: a single raise
    # advancing an overcall after responder bid or doubled
    ("AT4.T8752.6.KJ42", "1C 1H 1NT", "3H"),  # preemptive raise with five trumps
    ("K42.Q96.J532.K85", "1D 1S X", "2S"),  # a single raise over the negative double
    # takeout doubles of weak twos (short in their suit, three cards in the others), not of 2C
    ("AKQ7.8.J653.A753", "2H", "X"),
    ("AKQ7.J653.8.A753", "2D", "X"),
    ("AKQ7.J653.A753.8", "3C", "X"),
    ("AKQ7.J653.A753.8", "2C", "Pass"),
    ("A7.KQ3.Q8653.AJ7", "2D", "2NT"),  # five of their suit: 2NT (15-18, a stopper), no double
    ("KQ42.Q96.J532.85", "2D X P", "2S"),
    # 2NT over a takeout double: a limit raise or better (the SAYC card), then opener
    ("K42.QJ96.KJ32.85", "1H X", "2NT"),
    ("K42.QJ9.KJ32.852", "1H X", "XX"),  # three trumps, 10 HCP: the redouble
    ("AJ2.KQ832.6.KT43", "1H X 2NT P", "3H"),
    ("AK2.KQ832.6.KQ43", "1H X 2NT P", "4H"),
    # opener after responder's cue-bid raise: game with 14+ HCP, else the minimum rebid
    ("AK42.KQT92.Q5.Q6", "1H 2D 3D P", "4H"),
    ("AJ.AJT54.AJ82.75", "1H 1S 2S P", "4H"),
    ("AJ2.KQ832.6.KT43", "1H 1S 2S P", "3H"),
    # the overcaller after advancer's cue-bid: game with opening values
    ("KQJ985.AQ852.54.", "1D 1S P 2D P", "4S"),
    ("KQJ76.K42.32.Q52", "1D 1S P 2D P", "2S"),
    ("KQJ985.AQ852.54.", "1D 1S X 2D P", "4S"),  # the same over a negative double
    # the defender behind a response: a six-card suit from 10 HCP, a five-card one from 12
    ("A4.K2.KQJ976.J52", "1C P 1S", "2D"),
    ("74.82.KJ8765.AQ9", "1S P 2S", "3D"),
    ("K4.Q82.KJ876.J52", "1C P 1S", "Pass"),
    # opener's raise of responder's major over an overcall
    ("A3.KQ76.KJ52.Q43", "1D P 1H 1S", "2H"),
    # opener after the negative double and their raise: game in the doubler's major with
    # 16+ support points, a minimum passes
    (".AKQ2.K6543.JT62", "1D 1S X 3S", "4H"),
    ("Q3.KJ76.KJ52.Q43", "1D 1S X 2S", "Pass"),
    # advancing a weak jump overcall, as a weak two: game with 14+, else a preemptive raise
    ("AK4.Q73.A852.K73", "1C 2H P", "4H"),
    ("Q73.K84.8652.732", "1C 2H P", "3H"),
    # over a suit overcall of 1NT, natural: a major at three forces, at two it is weak;
    # 3NT with their suit stopped
    ("K4.QJ976.A32.852", "1NT 2C", "3H"),
    ("K4.QJ976.J32.852", "1NT 2C", "2H"),
    ("KQ4.976.A32.Q852", "1NT 2C", "3NT"),
    # a weak two raised: the takeout double at the three level, and its advance
    ("AK83.J.A643.AT93", "2H P 3H", "X"),
    ("J9763.T87.K2.K65", "2H P 3H X P", "3S"),
    # opener after their raise: a takeout double short in their suit, else a pass
    ("AJT3.AT3.3.AJ875", "1C 2D P 3D", "X"),
    ("AJT3.AT3.93.AJ87", "1C 2D P 3D", "Pass"),
    # Stayman over partner's 1NT overcall (15-18): asked, answered, raised, accepted
    ("QT54.A95.4.Q6543", "1D 1NT P", "2C"),
    ("AKJ96.64.QT5.AJ2", "1D 1NT P 2C P", "2S"),
    ("QT54.A95.4.Q6543", "1D 1NT P 2C P 2S P", "3S"),
    ("AKJ96.K4.QT5.AJ2", "1D 1NT P 2C P 2S P 3S P", "4S"),
    ("AKJ96.64.QT5.AJ2", "1D 1NT P 2C P 2S P 3S P", "Pass"),
    # opener's and responder's rebids after their overcall keep their meaning
    ("A853.A652.QT8.KT", "1D 1H 2C P", "2NT"),
    ("KQ9.T9.J74.AQJ84", "1D 1H 2C P 2NT P", "3NT"),
    # advancing an overcall: 2NT is 11-13, not a 10-count's cheapest notrump
    ("Q52.K652.A7.J953", "1C 1D 1NT", "Pass"),
    # no 3NT without a stopper in their suit
    ("6.Q5.AQJ32.AKT96", "1D 1S X 3S", "Pass"),
]


@pytest.mark.parametrize(("hand", "calls", "want"), COMPETITIVE)
def test_competition(hand: str, calls: str, want: str) -> None:
    assert bid(hand, calls) == want


# Partner's 2NT overcall of a weak two (15-18 balanced, their suit stopped) is raised to
# 3NT with 10+ HCP, as the 1NT overcall is: the overcall has shown the stopper the "game"
# fallback wanted in the advancer's own hand, so a 10-count passed it.
ADVANCING_2NT_OVERCALL = [
    ("J5.AKJ94.T2.J973", "2D 2NT P", "3N"),  # 10 HCP, no diamond stopper of his own
    ("J5.AKJ94.T2.J973", "2S 2NT P", "3N"),
    ("J5.AQJ94.T2.J973", "2D 2NT P", "P"),  # 9: 24 at most opposite 15
]


@pytest.mark.parametrize(("hand", "calls", "want"), ADVANCING_2NT_OVERCALL)
def test_advancer_raises_a_2nt_overcall_of_a_weak_two(hand: str, calls: str, want: str) -> None:
    assert rules_call(hand, calls) == want
    if want == "3N":
        assert meaning(calls, "3NT") == "8+ HCP"  # the rule's 10, and its simulation twin's 8


# Partner's suit overcall of a weak two (12-17 HCP; 9-11 with six cards in the pass-out seat)
# is advanced as a one-level overcall is: a raise with 7-10 support points, the cue-bid
# limit raise, game on the count of 25, notrump with their suit stopped, a new suit not
# forcing. These hands had no call and passed the overcall.
ADVANCING_WEAK_TWO_OVERCALL = [
    ("Q4.Q83.A964.J875", "2D 2H P", "3H"),  # 9 HCP, 10 support points: the raise
    ("K4.Q832.A64.J752", "2D 2H P", "3D"),  # 11 support points: the cue-bid
    ("T98.3.KQ64.AQ752", "2H 2S P", "4S"),  # 13 support points: 25 opposite 12
    ("AQ984.3.K64.K752", "2D 2H P", "2NT"),  # 12 HCP, diamonds stopped, no fit
    ("Q4.Q3.AJ64.KJ875", "2D 2H P", "3NT"),  # 13 HCP: 25 opposite 12
    ("QJT98.3.K64.Q752", "2D 2H P", "2S"),  # a five-card suit, not forcing
    ("AT9643.3..KJ8753", "2D P P 2H P", "2S"),  # after the balancing overcall too
    ("Q4.Q83.A964.J875", "2S 3H P", "P"),  # the raise to game wants the values
]


@pytest.mark.parametrize(("hand", "calls", "want"), ADVANCING_WEAK_TWO_OVERCALL)
def test_advancer_answers_a_suit_overcall_of_a_weak_two(hand: str, calls: str, want: str) -> None:
    assert rules_call(hand, calls) == internal_call(want)


def test_overcaller_answers_the_cue_bid_over_a_weak_two() -> None:
    # the answers to the cue-bid of a one-level overcall: game in a major with 12+ HCP and
    # 14+ total points, else the minimum
    assert rules_call("K76.AQJ83.64.K72", "2D 2H P 3D P") == "4H"
    assert rules_call("K76.KQJ83.64.872", "2D 2H P 3D P") == "3H"
    assert meaning("2D 2H P", "3D").startswith("Cue-bid: a limit raise or better")


# Responder raises partner's weak two over their overcall as over a pass: game with 14+
# HCP and three trumps, else preemptively by the Law of Total Tricks (three trumps the three
# level, four game). These hands had no call and passed the overcall.
WEAK_TWO_RAISES_IN_COMPETITION = [
    ("A874.KJ73.A2.J65", "2H 2S", "4H"),  # four trumps: ten, game
    ("AT64.AQT.8732.J4", "2H 3D", "3H"),  # three trumps: nine, the three level
    ("AKT4.AQT.832.K42", "2H 2S", "4H"),  # 16 HCP and three trumps: game
    ("AT64.AQT.8732.J4", "2S 3H", "4S"),  # four spades over their three-level overcall
    ("AT64.AQT.8732.J4", "2H 3S", "P"),  # three hearts: 4H is too high
    ("Q64.AQT.8732.J42", "2D 2H", "3D"),  # the weak 2D raised
    ("AT64.AQT.8732.J4", "2H X", "P"),  # over the double: no raise (tried, not kept)
]


@pytest.mark.parametrize(("hand", "calls", "want"), WEAK_TWO_RAISES_IN_COMPETITION)
def test_responder_raises_a_weak_two_over_their_overcall(hand: str, calls: str, want: str) -> None:
    assert rules_call(hand, calls) == want
    if want == "3H":
        assert meaning(calls, want) == "Preemptive raise, at most 13 HCP, 3 hearts"


# Over partner's three-level preempt, game in responder's own six-card major, to play, on
# the raise's values and with a singleton or void in the preempt's suit (it had no call).
PREEMPT_NEW_MAJOR_GAME = [
    ("8.KT6432.AK82.AT", "3S P", "4H"),  # 14 HCP, six hearts, a singleton spade
    ("K8.AKT643.2.AT82", "3D P", "4H"),  # over a minor too (a singleton diamond)
    ("8.KT6432.AK82.T2", "3S P", "P"),  # 11 HCP: too few
    ("84.KT6432.AK8.AT", "3S P", "4S"),  # two spades: the raise, as before
]


@pytest.mark.parametrize(("hand", "calls", "want"), PREEMPT_NEW_MAJOR_GAME)
def test_responder_bids_his_own_major_game_over_a_preempt(hand: str, calls: str, want: str) -> None:
    assert rules_call(hand, calls) == want


# Opener answers a negative double of their weak jump overcall as of a simple overcall: the
# major the double showed first (the "forced to bid" fallback bid his six-card suit).
NEGATIVE_DOUBLE_OF_A_JUMP_OVERCALL = [
    ("AJT3.543.AKT7.Q4", "1D 2H X P", "2S"),  # four spades: 2S (15 support points)
    ("65.KJ93.AKT74.Q4", "1D 2S X P", "3H"),  # four hearts at the three level
    ("AKJ3.5.AKT743.Q4", "1D 2H X P", "3S"),  # 17 HCP: the jump
    ("T53.5.AKJ743.AQ4", "1D 2H X P", "3D"),  # no four spades: the six-card suit
]


# The jump answer to a negative double counts support points (the double showed the four
# cards): 16+ with shortness, as the game answer over their raise does.
NEGATIVE_DOUBLE_JUMP_BY_SUPPORT_POINTS = [
    ("AJT3.5.AKT743.Q4", "1D 2H X P", "3S"),  # 14 HCP and a singleton: 16 (2S by HCP)
    ("AJT3.5.AKT7.Q643", "1C 1H X P", "2S"),  # the same over 1H: the jump to 2S, not 1S
]


@pytest.mark.parametrize(
    ("hand", "calls", "want"),
    NEGATIVE_DOUBLE_OF_A_JUMP_OVERCALL + NEGATIVE_DOUBLE_JUMP_BY_SUPPORT_POINTS,
)
def test_opener_answers_a_negative_double(hand: str, calls: str, want: str) -> None:
    # (of a jump overcall as of a simple one; the jump by support points)
    assert rules_call(hand, calls) == want


# The overcaller with a second five-card suit bids it over partner's 1NT advance (it had
# no call and passed 1NT); other hands pass as before.
OVERCALLER_AFTER_1NT_ADVANCE = [
    ("AK7654..AQ875.J8", "1H 1S P 1NT P", "2D"),  # 6-5
    ("AK765.3.AQ875.J8", "1H 1S P 1NT P", "2D"),  # 5-5
    ("AK7654.3.AQ87.J8", "1H 1S P 1NT P", "P"),  # 6-4: no rule, a pass
]


@pytest.mark.parametrize(("hand", "calls", "want"), OVERCALLER_AFTER_1NT_ADVANCE)
def test_overcaller_shows_a_second_suit_over_the_1nt_advance(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == want
    if want != "P":
        assert meaning(calls, want) == "5+ spades, 5+ diamonds"


# ----------------------------------------------------------------------------- jump shifts

JUMP_SHIFTS = [
    # opener after responder's jump shift (19+, forcing to game): support first
    ("AJ2.KQ832.6.KT43", "1H P 2S P", "3S"),  # three-card support
    ("A2.KQJ832.K6.T43", "1H P 2S P", "3H"),  # a six-card suit
    ("AQ32.KQ832.65.T4", "1H P 3C P", "3S"),  # a second suit
    ("AQ3.KQ832.J65.T4", "1H P 3C P", "3NT"),  # balanced
    ("KJ4.A3.KQ943.J62", "1D P 2H P", "2NT"),  # 5-3-3-2: notrump, not the five-card suit
    ("T.AKQ75.Q82.Q863", "1H P 3D P", "4D"),  # three diamonds: support, not 3NT
    # responder after opener's answer
    ("AKJ76.K2.A43.KQ2", "1D P 2S P 3S P", "4S"),  # the major agreed: game
    ("AKJ76.K2.A43.KQ2", "1D P 2S P 3H P", "3NT"),  # no fit, balanced
    ("AKJ76.KQ2.2.AKJ2", "1D P 2S P 2NT P", "3C"),  # a new suit
    # responder after opener's jump shift (19+, forcing to game)
    ("KJ76.Q82.95.J952", "1H P 1S P 3C P", "3H"),  # preference to opener's major
    ("KJ76.Q8532.95.J9", "1D P 1H P 2S P", "3S"),  # four cards in opener's second major
    ("K6.QJ8532.95.J92", "1C P 1H P 2S P", "3H"),  # a six-card suit
    ("Q4.KJ763.Q85.J92", "1D P 1H P 2S P", "2NT"),  # balanced
    # opener after a positive response to 2C (forcing to game)
    ("AKJ6.AQ2.KQ3.KQ7", "2C P 2S P", "3S"),  # support
    ("AKQJ87.A.KQ3.K72", "2C P 2H P", "2S"),  # his own suit
    ("AKJ6.AQ.KQ3.KQ72", "2C P 2H P", "2NT"),  # balanced
    ("AKJ86.A.KQ32.KQ7", "2C P 3D P", "4D"),  # four diamonds: support
    ("AKQJ87.A.KQ3.K72", "2C P 2NT P", "3S"),  # 2NT positive (8+ balanced): his suit
    ("AKJ6.AQ2.KQ3.K87", "2C P 2NT P", "3NT"),  # balanced
    ("AKJ6.AQ2.KQ3.AQ7", "2C P 2NT P", "6NT"),  # 25 balanced: 33 together
]


@pytest.mark.parametrize(("hand", "calls", "want"), JUMP_SHIFTS)
def test_jump_shifts(hand: str, calls: str, want: str) -> None:
    assert bid(hand, calls) == want


def test_jump_shift_auctions_have_their_own_sections() -> None:
    # the continuations are the system's, not the fallback "forced to bid"
    for calls, call, section in [
        ("1H P 3C P", "3S", "opener's rebid after a jump shift"),
        ("1H P 3D P 4D P", "5D", "responder's rebid after his jump shift"),
        ("1H P 1S P 3C P", "3H", "responder after opener's jump shift"),
        ("2C P 3D P", "3S", "opener's rebid after a positive response to 2C"),
        ("2C P 2NT P", "3S", "opener's rebid after a positive 2NT response to 2C"),
    ]:
        entries, _, _ = SAYC._table(tuple(internal_call(c) for c in calls.split()))
        owner = next(e.section for e in entries if e.call == internal_call(call))
        assert SAYC.sections[owner].name == section, (calls, call)


# ----------------------------------------------------------------------------- Blackwood

BLACKWOOD = [
    ("AKJ76.KQ4.A3.K52", "1S P 2NT P 3NT P", "4NT"),  # 33+ with spades agreed
    ("AKJ76.KQ4.A3.K52", "1S P 2NT P 3NT P 4NT P", "5H"),  # two aces
    ("KQ42.A97.KQ3.A52", "1S P 2NT P 3S P", "4NT"),
    ("KQ42.KQ7.KQ3.Q52", "1S P 2NT P 3S P 4NT P", "5C"),  # no ace
    ("KQ42.A97.KQ3.A52", "1S P 2NT P 3S P 4NT P 5H P", "6S"),  # two plus two
    ("KQ42.A97.KQ3.A52", "1S P 2NT P 3S P 4NT P 5C P", "5S"),  # two missing: sign off
]


@pytest.mark.parametrize(("hand", "calls", "want"), BLACKWOOD)
def test_blackwood(hand: str, calls: str, want: str) -> None:
    assert bid(hand, calls) == want


def rules_call(hand: str, calls: str) -> str:
    """The call of the system's rules alone (no simulation) after ``calls``."""
    got = SAYC.choose(
        tuple(internal_call(c) for c in calls.split()), HandInfo.of(Hand.from_pbn(hand))
    )
    return "P" if got is None else got[0]


# Slam values counted with distribution once a fit is found (33 points, partner at the
# fewest points his calls showed): opener's jump to 4H shows 19-21 total points.
SLAM_BY_POINTS = [
    ("KQ74.AQ82.K643.5", "1C P 1H P 4H P", "4N"),  # 14 HCP (30 between them), 16 support
    ("KQ74.AQ82.K64.53", "1C P 1H P 4H P", "4N"),  # 14 HCP, 15 support: 34 points
    ("KQ74.Q982.K643.5", "1C P 1H P 4H P", "P"),  # 10 HCP, 12 support: 31, not enough
    ("AKQJ2.AK3.KQ2.32", "1S P 3S P", "4N"),  # 22 HCP, 23 points; the limit raise 10-12
    ("AKQJ2.AK3.KQ2.32", "1S P 2S P", "4S"),  # the single raise 6-10: 29, game only
]


@pytest.mark.parametrize(("hand", "calls", "want"), SLAM_BY_POINTS)
def test_blackwood_counts_support_points_with_a_fit(hand: str, calls: str, want: str) -> None:
    assert rules_call(hand, calls) == want


def test_blackwood_within_a_king_by_points_is_a_candidate_for_simulation_only() -> None:
    # 10 HCP (26 between them), 12 support points: 31 points, within a king of 33
    hand, calls = "KQ74.Q982.K643.5", "1C P 1H P 4H P"
    assert rules_call(hand, calls) == "P"
    seq = tuple(calls.split())
    assert "4N" in [c for c, _ in SAYC.candidates(seq, HandInfo.of(Hand.from_pbn(hand)))]
    # 8 HCP, 9 support points: 28, no candidate
    assert "4N" not in [
        c for c, _ in SAYC.candidates(seq, HandInfo.of(Hand.from_pbn("QJ74.Q982.K64.53")))
    ]


# Over opener's jump rebid of his minor (six cards, 16+ points), responder with three cards
# in it (nine between them) and slam values asks for aces at once: 4NT over a suit bid, no
# notrump bid yet, is Blackwood for that suit. 33 points counting shortness, as with a suit
# agreed; within a king of them a candidate for simulation only.
MINOR_JUMP_REBID_BLACKWOOD = [
    ("AQ74.AK82.K64.53", "1D P 1H P 3D P", "4N"),  # 17 HCP, 18 support points: 34
    ("AQ74.AK82.K643.5", "1D P 1H P 3D P", "4N"),  # 17 HCP and a singleton: 36
    ("AQ74.AK82.K6.532", "1D P 1H P 3D P", "3N"),  # a doubleton diamond: no fit, 3NT
    ("KQ74.A982.K643.5", "1D P 1H P 3D P", "3N"),  # 14 support points (30): 3NT by the rules
    ("AKJ.Q82.AKQ964.5", "1D P 1H P 3D P 4N P", "5H"),  # opener answers: two aces
    ("AQ74.AK82.K64.53", "1D P 1H P 3D P 4N P 5D P", "6D"),  # three aces: the small slam
    # two missing: partner's 5C is the sign-off itself, passed (6C before: 5C was no bid)
    ("AQ74.AK82.K64.53", "1C P 1H P 3C P 4N P 5C P", "P"),
]


@pytest.mark.parametrize(("hand", "calls", "want"), MINOR_JUMP_REBID_BLACKWOOD)
def test_blackwood_over_a_jump_rebid_of_a_minor_with_a_fit(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == want


def test_blackwood_over_a_minor_jump_rebid_within_a_king_is_weighed_by_simulation() -> None:
    # 12 HCP and a singleton: 14 support points and the jump rebid's 16, within a king of 33;
    # 4NT (Blackwood, a slam try) and 3NT are both four-level-or-below notrump bids, but
    # Blackwood counts as a slam try, so the decision is a close one
    hand, calls = "KQ74.A982.K643.5", ("1D", "P", "1H", "P", "3D", "P")
    info = HandInfo.of(Hand.from_pbn(hand))
    assert "4N" in [c for c, _ in SAYC.candidates(calls, info)]
    assert close_candidates(SAYC, calls, info) == ["3N", "4N"]
    assert meaning(" ".join(calls), "4NT") == (
        "Blackwood: asks for aces, 14+ support points, 3+ diamonds, forcing one round"
    )
    # the asker's pass of an answer in the agreed minor itself: the sign-off
    assert meaning("1C P 1H P 3C P 4NT P 5C P", "Pass") == "Sign-off: two aces are missing"


# Opener revalues after his major is raised: HCP, length and now shortness (void 3,
# singleton 2, doubleton 1).
OPENER_REVALUES = [
    ("AKJ76.KQ42.QJ32.", "1S P 2S P", "4S"),  # 16 HCP, 17 total points, the void: 20
    ("AKJ76.KQ42.Q32.5", "1S P 2S P", "3S"),  # 15 HCP, 16, the singleton: 18
    ("AKJ76.K42.Q32.52", "1S P 2S P", "P"),  # 13 HCP, 14, a doubleton: 15
    ("AKJ76.KQ42.QJ32.", "1S 2C 2S P", "4S"),  # the same over their overcall
    ("AQJ76.K842.Q32.5", "1S P 3S P", "4S"),  # 12 HCP, 13, the singleton: 15 (14 accept)
    ("AQJ76.K842.Q32.5", "1S P 2S P", "P"),
]


@pytest.mark.parametrize(("hand", "calls", "want"), OPENER_REVALUES)
def test_opener_revalues_after_his_major_is_raised(hand: str, calls: str, want: str) -> None:
    assert rules_call(hand, calls) == want


# Opener's rebid after Jacoby 2NT without shortness counts total points (length too).
JACOBY_REBIDS = [
    ("AK9765.T4.T5.AK6", "1S P 2N P", "3N"),  # 14 HCP, 16 total points: 15-17
    ("AKQ765.K4.Q5.K62", "1S P 2N P", "3S"),  # 17 HCP, 19 total points: 18+
    ("AK976.Q54.T5.K62", "1S P 2N P", "4S"),  # 12 HCP, 13 total points: a minimum
]


@pytest.mark.parametrize(("hand", "calls", "want"), JACOBY_REBIDS)
def test_jacoby_rebids_count_total_points(hand: str, calls: str, want: str) -> None:
    assert rules_call(hand, calls) == want


def test_a_long_major_over_a_weak_two_bids_game_with_a_strong_hand_too() -> None:
    # 17 HCP and eight hearts over 2S: 4H, not 3NT on the spade ace
    assert rules_call("A.AQ876532.K2.A9", "2S") == "4H"
    assert rules_call("A.AQ876532.K2.A9", "2S P P") == "4H"
    assert rules_call("A.AQ87653.K32.A9", "2S") == "4H"  # seven hearts


# 3NT over their weak 2S: a balanced hand or a long minor, a spade stopper, 16-20 HCP; with
# a six-card major the overcall is in the major.
THREE_NT_OVER_A_WEAK_TWO = [
    ("A4.AJT862.AT2.A9", "2S", "3H"),  # 17 HCP, six hearts: the suit, not 3NT
    ("A4.AJT862.AT2.A9", "2S P P", "3H"),  # in the balancing seat too
    ("AJ4.AJ8.KT62.AQ9", "2S", "3N"),  # balanced, 19
    ("A4.A8.AKJ862.Q92", "2S", "3N"),  # a long minor
]


@pytest.mark.parametrize(("hand", "calls", "want"), THREE_NT_OVER_A_WEAK_TWO)
def test_3nt_over_a_weak_two_is_balanced_or_a_long_minor(hand: str, calls: str, want: str) -> None:
    assert rules_call(hand, calls) == want
    got = SAYC.meaning(tuple(calls.split()), internal_call(want))
    assert got is not None and got.holds(HandInfo.of(Hand.from_pbn(hand)))


# Responder raises partner's major over a three-level (jump) overcall: 3M with three trumps
# and 7-11 support points, 4M with 12+ (negative doubles stop at 2S; the raise shows the fit).
RAISES_OVER_A_THREE_LEVEL_OVERCALL = [
    ("KQT6.T873.K2.J75", "1S 3D", "3S"),  # four trumps, 9 HCP
    ("K53.KJ76.A92.873", "1S 3C", "3S"),  # three trumps, 11 HCP
    ("K53.KJ76.A92.8", "1S 3C", "4S"),  # 11 HCP and a singleton: 13 support points
    ("763.A742.A3.T732", "1H 3D", "3H"),  # 8 HCP, a doubleton: 9
    ("J2.KQ96.KT65.J84", "1S 3C", "P"),  # two trumps: no raise
    ("J54.Q962.8652.J4", "1S 3C", "P"),  # 4 HCP
]


@pytest.mark.parametrize(("hand", "calls", "want"), RAISES_OVER_A_THREE_LEVEL_OVERCALL)
def test_responder_raises_a_major_over_a_three_level_overcall(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == want
    if want != "P":
        assert "spades" in meaning(calls, want) or "hearts" in meaning(calls, want)


# Opener when their game-level overcall is passed round: a six-card suit and 19+ points bid
# it; 17+ HCP short in their suit double for takeout; partner bids a six-card suit or passes.
OPENER_OVER_A_GAME_LEVEL_OVERCALL = [
    ("A.AT76.A752.AKT6", "1D 4S P P", "X"),  # 19 HCP, a singleton spade
    ("AKQJ75..Q64.AK54", "1S 4H P P", "4S"),  # six spades, 19 HCP: 21 points
    ("A3.A5.KQ872.9654", "1D 4H P P", "P"),  # 13 HCP
    ("AQ.AT76.A752.KT6", "1D 4S P P", "P"),  # 19 HCP, two spades
    ("4.Q98543.J94.932", "1D 4S P P X P", "5H"),  # six hearts
    ("JT62.KJ.63.QJ875", "1D 4S P P X P", "P"),  # defends
]


@pytest.mark.parametrize(("hand", "calls", "want"), OPENER_OVER_A_GAME_LEVEL_OVERCALL)
def test_opener_acts_over_a_game_level_overcall_with_a_strong_hand(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == want


def test_opener_double_of_a_game_level_overcall_is_explained() -> None:
    assert meaning("1D 4S P P", "X") == (
        "Takeout: a strong hand short in their suit, 17+ HCP, at most 1 spades, forcing one round"
    )


# The takeout doubler when their raise is passed round: 17+ HCP bid a five-card suit, or
# double again short in their suit; a minimum passes.
DOUBLER_AFTER_THEIR_RAISE = [
    ("A.K7.AJ754.AK984", "1S X 3S P P", "4D"),  # 19 HCP, five diamonds (the longest first)
    ("K5.AKJ852.A.KJ93", "1S X 3S P P", "4H"),  # 19 HCP, six hearts
    ("A.KQ75.AQ64.KJ93", "1S X 2S P P", "X"),  # 4-4-4-1 with 19 HCP: double again
    ("5.KQ75.AJ64.KJ93", "1S X 2S P P", "P"),  # 14 HCP: a minimum
]


@pytest.mark.parametrize(("hand", "calls", "want"), DOUBLER_AFTER_THEIR_RAISE)
def test_doubler_acts_again_after_their_raise_with_a_strong_hand(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == want


# Opener after partner's pass and their balancing bid: a six-card suit with 16+ points is
# rebid at the cheapest level; 17+ HCP short in their suit double; a minimum passes.
OPENER_AFTER_THEIR_BALANCING_BID = [
    ("A.A92.8.AQJT7652", "1C P P 1S", "2C"),  # 15 HCP, eight clubs: 19 points
    ("AQ93.AKQ854.K.J9", "1H P P 2D", "2H"),  # 19 HCP, six hearts
    ("A.Q5.AJ75.AKJ764", "1C P P 1D", "2C"),
    ("AK65.AKQJ4.Q75.2", "1H P P 2C", "X"),  # 19 HCP, five hearts, a singleton club
    ("K3.AJ9854.K75.Q2", "1H P P 1S", "P"),  # 13 HCP, six hearts: 15 points
]


@pytest.mark.parametrize(("hand", "calls", "want"), OPENER_AFTER_THEIR_BALANCING_BID)
def test_opener_bids_again_over_a_balancing_bid_with_extra_values(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == want


# Responder doubles their 1NT overcall for penalty with 10+ HCP, and opener leaves it in.
PENALTY_DOUBLE_OF_A_1NT_OVERCALL = [
    ("A952.92.K543.K94", "1H 1N", "X"),  # 10 HCP
    ("AT6532.J.KQ965.J", "1C 1N", "X"),  # 11 HCP
    ("Q52.AKJ83.Q4.K93", "1H 1N X P", "P"),  # opener, 15 HCP: defends
]


@pytest.mark.parametrize(("hand", "calls", "want"), PENALTY_DOUBLE_OF_A_1NT_OVERCALL)
def test_responder_doubles_a_1nt_overcall_for_penalty(hand: str, calls: str, want: str) -> None:
    assert rules_call(hand, calls) == want
    assert meaning("1H 1N", "X") == "Penalty, 10+ HCP"


def test_partner_points_are_the_fewest_his_calls_showed() -> None:
    # 1C: 10+ HCP; the jump to 4H: 19-21 total points (15+ HCP); P.pts reads 19, P.hcp 16
    st = SAYC.state(("1C", "P", "1H", "P", "4H", "P"))
    assert st.partner().pts == 19 and st.partner().hcp[0] == 16
    assert SAYC.state(("1C", "P")).partner().pts == 10  # HCP shown only: the HCP


# ----------------------------------------------------------------------------- explanations

EXPLANATIONS = [
    ("", "1NT", "15-17 HCP, balanced"),
    ("", "2C", "Strong, artificial, 22+ HCP, forcing one round"),
    ("", "2S", "5-11 HCP, 6 spades, at most 3 hearts"),
    ("1NT P", "2C", "Stayman: asks for a four-card major, 8+ HCP, forcing one round"),
    ("1NT P", "2D", "Transfer to hearts, 5+ hearts, forcing one round"),
    ("1NT P", "2H", "Transfer to spades, 5+ spades, forcing one round"),
    (
        "1NT P 2C P",
        "2D",
        "Answer to Stayman: no four-card major, at most 3 spades, at most 3 hearts",
    ),
    ("1H P", "2NT", "Jacoby 2NT: a raise, 10+ HCP, 13+ support points, 4+ hearts, forcing to game"),
    ("1H P", "3H", "Limit raise, 8-12 HCP, 10-12 support points, 3+ hearts, invitational"),
    ("1H 1S 2S P", "3H", "Minimum, at most 13 HCP, 5+ hearts"),
    ("1C P 1H P 1S P", "1NT", "6-10 HCP"),
    (
        "1H X",
        "2NT",
        "A limit raise or better, 8+ HCP, 11+ support points, 4+ hearts, forcing one round",
    ),
    ("1C P 1H P 1S P", "2NT", "11-12 HCP, invitational"),
    ("1H 1S 2S P", "4H", "12+ HCP, 5+ hearts"),  # 14+ by the rules; 12+ by simulation
    ("1H 1S P", "1NT", "8-11 HCP, a stopper in hearts"),
    ("1H 2C P", "2NT", "11-13 HCP, a stopper in hearts"),
    ("1C 2D P 3D", "X", "Takeout, 14+ HCP, at most 1 diamonds, forcing one round"),
    ("1D 1NT P", "2C", "Stayman: asks for a four-card major, 8+ HCP, forcing one round"),
    ("1D 1S P 2D P", "4S", "10+ HCP, 12+ total points, 5+ spades"),
    ("1S P", "2H", "10+ HCP, 5+ hearts, forcing one round"),
    ("1C 1H", "X", "Negative double: four cards in the unbid major(s), 7+ HCP, forcing one round"),
    ("1S P 2NT P 3NT P", "4NT", "Blackwood: asks for aces, forcing one round"),  # HCP or points
    ("1S P 2NT P 3NT P 4NT P", "5D", "Answer to Blackwood, 1 aces, forcing one round"),
    ("1H", "1NT", "15-18 HCP, balanced, a stopper in hearts"),
    ("1D P", "1H", "5+ HCP, 4+ hearts, forcing one round"),  # 5 HCP with six hearts
    ("1C 1H", "1S", "6+ HCP, 5+ spades, forcing one round"),
    ("1C P 1S", "2D", "10-16 HCP, 5+ diamonds"),
    ("1C P 1S P 1NT P", "3H", "Jump shift, 13+ HCP, 5+ spades, 4+ hearts, forcing to game"),
    ("1NT 2C", "3H", "10+ HCP, 5+ hearts, forcing to game"),
    ("1NT 2C", "2H", "At most 9 HCP, 5+ hearts"),
    ("1C 2H P", "3H", "Preemptive raise, at most 13 HCP, 3+ hearts"),
    ("1H P 2S P", "3S", "Support, 3+ spades, forcing to game"),
    ("1D P 1H P 2S P", "3S", "Support, 4+ spades, forcing to game"),
    ("2C P 2H P", "3H", "Support, 3+ hearts, forcing to game"),
    ("2C P 2D P 2H P", "3H", "4+ HCP, 3+ hearts, forcing to game"),  # 0-3 jump to 4H
    ("1C P 1H P 2NT P", "4NT", "Quantitative, invites 6NT, 13+ HCP, balanced, invitational"),
]


@pytest.mark.parametrize(("calls", "call", "text"), EXPLANATIONS)
def test_explanations(calls: str, call: str, text: str) -> None:
    assert meaning(calls, call) == text


def test_alerts_follow_the_regulation() -> None:
    def alert(calls: str, call: str, reg: str) -> str:
        m = SAYC.meaning(tuple(internal_call(c) for c in calls.split()), internal_call(call))
        assert m is not None
        return m.alert_kind(reg)

    assert alert("1NT P", "2D", "acbl") == "announce"
    assert alert("1NT P", "2D", "ebu") == "alert"
    assert alert("1NT P", "2C", "acbl") == "none"
    assert alert("", "1NT", "acbl") == "announce"
    assert alert("1H P", "2NT", "ebu") == "alert"
    assert alert("", "1S", "acbl") == "none"


def test_robot_alerts_and_explains_its_own_call() -> None:
    call, alert, text = call_with_meaning(view("K4.QJ976.J32.852", "1NT P"))
    assert (str(call), alert, text) == (
        "2D",
        True,
        "Transfer to hearts, 5+ hearts, forcing one round",
    )
    call, alert, text = call_with_meaning(view("AKJ76.K42.Q3.J52"))
    assert (str(call), alert, text) == ("1S", False, None)
    # under the EBU's regulation, Stayman is not alerted either; the transfer is
    v = view("K4.QJ976.J32.852", "1NT P")
    assert call_with_meaning(v, regulation="ebu")[1]


DEAL = "N:AQ7.K94.QJ32.K52 J96.A86.K87.QJT4 K843.QJ73.94.A96 T52.T52.AT65.873"
#: North and West exchange hands
DEAL2 = "N:T52.T52.AT65.873 J96.A86.K87.QJT4 K843.QJ73.94.A96 AQ7.K94.QJ32.K52"


def test_robot_explains_partners_call_from_the_system_not_its_hand() -> None:
    texts = set()
    for deal in (DEAL, DEAL2):
        b = Board(BoardSetup.for_board(1, deal=Deal.from_pbn(deal)))
        for i, c in enumerate(["1NT", "Pass", "2C"]):
            b.call(Seat.NORTH.next(i), parse_call(c))
        b.ask_explanation(Seat.WEST, 2)  # South's 2C, explained by North
        cmd = decide(b.view_for(Seat.NORTH).to_dict(), {}, {}, 1)
        assert cmd is not None and cmd["action"] == "explain"
        texts.add(cmd["args"]["text"])
    assert texts == {"Stayman: asks for a four-card major, 8+ HCP, forcing one round"}


def test_robot_call_carries_the_alert_through_the_board() -> None:
    b = Board(BoardSetup.for_board(1, deal=Deal.from_pbn(DEAL)))
    for _ in range(4):
        seat = b.to_act
        assert seat is not None
        cmd = decide(b.view_for(seat).to_dict(), {}, {}, 1)
        assert cmd is not None and cmd["action"] == "call"
        a = cmd["args"]
        b.call(
            seat,
            parse_call(a["call"]),
            alert=a.get("alert", False),
            explanation=a.get("explanation"),
        )
    first = b.call_event(0)
    assert str(first.call) == "1NT" and first.alert and first.explanation == "15-17 HCP, balanced"


# ----------------------------------------------------------------------------- the file

_SUIT_VARS = frozenset({"M", "m", "x", "y", "z", "w", "oM", "om"})


def _unbound_suit_variables(system: System) -> list[str]:
    """Rules whose lengths, stoppers or conditions name a suit variable that neither the
    context nor the rule's own call binds (the test then reads nothing: a rule that never
    fits, or fits any hand)."""
    found = []
    for sec in system.sections:
        for ctx in sec.contexts:
            bound = {t[1:] for t in ctx if t[1:] in _SUIT_VARS}
            bound |= {"oM"} if "M" in bound else set()
            bound |= {"om"} if "m" in bound else set()
            for rule in sec.rules:
                used = {s for s, _, _ in rule.lengths} | set(rule.stop)
                for cond in rule.cond:
                    for term in cond.split():
                        head, _, tail = term.partition(".")
                        used.add(tail if head in ("rank", "top", "minexcept", "P") else term)
                used &= _SUIT_VARS
                missing = used - bound - {rule.call[1:]}
                if missing:
                    found.append(f"{sec.name} [{' '.join(ctx)}] {rule.call}: {sorted(missing)}")
    return found


def test_every_suit_variable_a_rule_tests_is_bound() -> None:
    assert _unbound_suit_variables(SAYC) == []
    # the check finds the case it is for: a weak 2D named literally, x left unbound
    text = """
[[section]]
context = "2D"
  [[section.rule]]
  call = "X"
  len = { x = "0-2" }
"""
    assert _unbound_suit_variables(System.from_toml(text)) == ["2D [2D] X: ['x']"]


# ----------------------------------------------------------------------------- properties


def _auction(seed: int, system: System = SAYC) -> list[tuple[Seat, str, Any]]:
    """Four robots bid a random deal; each call with the features of the hand making it."""
    rng = random.Random(seed)
    b = Board(BoardSetup.for_board(seed % 16 + 1, rng=rng))
    out = []
    while b.phase.value == "auction":
        seat = b.to_act
        assert seat is not None
        v = b.view_for(seat).to_dict()
        call, alert, explanation = call_with_meaning(v)
        assert call in b.auction.legal_calls()
        b.call(seat, call, alert=alert, explanation=explanation)
        out.append((seat, str(call), HandInfo.of(Hand.from_pbn(v["hands"][seat.letter]))))
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**9))
def test_every_call_is_legal_and_its_meaning_holds(seed: int) -> None:
    calls: tuple[str, ...] = ()
    for _, call, info in _auction(seed):
        c = internal_call(call)
        assert legal(calls, c)
        m = SAYC.meaning(calls, c)
        if m is not None and c != "P":
            assert m.holds(info), (calls, c, m)
        calls = (*calls, c)


def test_four_robots_complete_fifty_auctions() -> None:
    # the rules alone (no simulation: test_simulate bids auctions with it, fewer of them)
    cfg = {"bid_samples": 0}
    contracts = 0
    for seed in range(50):
        rng = random.Random(seed)
        b = Board(BoardSetup.for_board(seed % 16 + 1, rng=rng))
        for _ in range(60):
            seat = b.to_act
            if b.phase.value != "auction" or seat is None:
                break
            cmd = decide(b.view_for(seat).to_dict(), {}, cfg, seed)
            assert cmd is not None and cmd["action"] == "call"
            a = cmd["args"]
            b.call(
                seat,
                parse_call(a["call"]),
                alert=a.get("alert", False),
                explanation=a.get("explanation"),
            )
        assert b.phase.value != "auction"
        contracts += b.contract is not None
    assert contracts >= 40  # most deals are bid, not passed out


# Responder's pass over their takeout double: 0-5 HCP (10+ redoubles, and every 6-9 hand
# has a call, 1NT at the least).
def test_responder_pass_over_a_takeout_double_shows_at_most_5_hcp() -> None:
    for calls in ("1C X", "1D X", "1H X", "P 1S X"):
        assert meaning(calls, "P") == "Too weak to respond, at most 5 HCP"
        st = SAYC.state((*(internal_call(c) for c in calls.split()), "P"))
        assert st.seats[len(calls.split()) % 4].hcp == (0, 5)
    assert rules_call("T83.J6.Q432.J742", "1H X") == "P"  # 4 HCP, two hearts


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["1C X", "1D X", "1H X", "1S X"]))
def test_every_responder_who_passes_a_takeout_double_has_at_most_5_hcp(
    rng: random.Random, calls: str
) -> None:
    _a_pass_fits_its_meaning(rng, calls)


def _a_pass_fits_its_meaning(rng: random.Random, calls: str) -> None:
    """A random hand that passes after ``calls`` by the rules fits the pass's meaning."""
    cards = [r + s for s in "SHDC" for r in "AKQJT98765432"]
    hand = sorted(rng.sample(cards, 13), key=cards.index)
    pbn = ".".join("".join(c[0] for c in hand if c[1] == s) for s in "SHDC")
    m = SAYC.meaning(tuple(calls.split()), "P")
    assert m is not None
    if rules_call(pbn, calls) == "P":
        assert m.holds(HandInfo.of(Hand.from_pbn(pbn))), (pbn, calls)


# Opener's pass of partner's raise of his major: a minimum (17+ points invite or bid game
# after a single raise, 14+ bid game after a limit raise).
def test_opener_pass_of_a_raise_shows_a_minimum() -> None:
    assert meaning("1S P 2S P", "P") == (
        "A minimum: no game interest, at most 16 HCP, at most 16 total points"
    )
    assert meaning("1H P 3H P", "P") == (
        "A minimum: declines the invitation, at most 13 HCP, at most 13 total points"
    )
    assert SAYC.state(("1S", "P", "2S", "P", "P")).seats[0].hcp[1] == 16
    assert SAYC.state(("1H", "P", "3H", "P", "P")).seats[0].hcp[1] == 13
    assert rules_call("KQ876.K42.Q32.J5", "1S P 2S P") == "P"  # 12 HCP, 13 points
    assert rules_call("K42.AJ876.Q32.J5", "1H P 3H P") == "P"  # 11 HCP, 13 revalued


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["1S P 2S P", "1H P 3H P"]))
def test_every_opener_who_passes_a_raise_fits_the_pass(rng: random.Random, calls: str) -> None:
    _a_pass_fits_its_meaning(rng, calls)


# Jacoby 2NT counts support points: four trumps and 13+ points with shortness raise to game
# (11-12 HCP and a singleton or two doubletons passed, or bid a side suit, before).
JACOBY_ON_SUPPORT_POINTS = [
    ("AT53.JT52.A2.K74", "1S P", "2NT"),  # 12 HCP, two doubletons: 14 support points
    ("K8653.AKJ2.T.874", "1S P", "2NT"),  # 11 HCP, a singleton: 13
    ("874.K8653.AKJ2.T", "1H P", "2NT"),  # the same over 1H (2D before)
    ("AT53.J52.A32.K74", "1S P", "3S"),  # 12 HCP, no shortness: the limit raise
]


@pytest.mark.parametrize(("hand", "calls", "want"), JACOBY_ON_SUPPORT_POINTS)
def test_jacoby_2nt_counts_support_points(hand: str, calls: str, want: str) -> None:
    assert rules_call(hand, calls) == internal_call(want)
    if want == "2NT":
        assert "13+ support points" in meaning(calls, want)


# The limit raise of a minor with four trumps (four raise 1D, five 1C): 10-12 HCP, no
# four-card major (balanced 11-12 such hands had no call: 1NT is 6-10, 2NT 13-15). Over 1C
# a 3-3-3-4 with 11-12 too, with no four diamonds to bid.
LIMIT_RAISES_OF_A_MINOR = [
    ("AT5.J43.AJ87.J75", "1D P", "3D"),  # 11 HCP, four diamonds
    ("KJ8.KJ5.K874.843", "1D P", "3D"),  # 12 HCP
    ("KJ8.KJ5.K8743.84", "1D P", "3D"),  # five diamonds, as before
    ("Q82.KJ4.A95.Q853", "1C P", "3C"),  # 12 HCP, 3-3-3-4
    ("Q82.K74.A95.Q853", "1C P", "3C"),  # 11 HCP
    ("J82.K74.A95.Q853", "1C P", "2C"),  # 10 HCP: the single raise, as before
    ("Q8.KJ4.A952.Q853", "1C P", "1D"),  # four diamonds: 1D, as before
]


@pytest.mark.parametrize(("hand", "calls", "want"), LIMIT_RAISES_OF_A_MINOR)
def test_limit_raise_of_a_minor_with_four_trumps(hand: str, calls: str, want: str) -> None:
    assert rules_call(hand, calls) == internal_call(want)
    if want in ("3C", "3D"):
        assert meaning(calls, want).startswith("Limit raise, 10-12 HCP")


# Control bids with a major agreed below game (first- and second-round controls alike, the
# cheapest first): a step short of Blackwood, 30-32 points between them counting shortness.
CONTROL_BIDS = [
    ("AKJ76.A42.KQ3.K2", "1S P 3S P", "4C"),  # 20 HCP, 21 support points + the raise's 10
    ("AKJ76.A42.KQ3.KQ", "1S P 3S P", "4NT"),  # 23 + 10: Blackwood, as before
    ("AKJ76.Q42.KQ3.K2", "1S P 3S P", "4S"),  # 19 + 10: game
    ("Q876.A2.KJ987.32", "1S P 3S P 4C P", "4D"),  # the top of the limit raise: a control
    ("Q876.A2.K9876.32", "1S P 3S P 4C P", "4S"),  # 11 support points: sign off
    ("KQ76.A2.Q9876.32", "1S P 2N P 3S P", "4H"),  # after Jacoby 2NT and opener's 18+
    ("KQ76.A2.Q9876.32", "1S P 2N P 3S P 4H P", "4S"),  # opener without the values
    ("AKJ76.A42.KQ3.K2", "1S P 3S P 4C P 4D P", "4NT"),  # 21 + the maximum's 12: Blackwood
]


@pytest.mark.parametrize(("hand", "calls", "want"), CONTROL_BIDS)
def test_control_bids_with_a_major_agreed(hand: str, calls: str, want: str) -> None:
    assert rules_call(hand, calls) == internal_call(want)


def test_a_control_bid_is_explained() -> None:
    assert meaning("1S P 3S P", "4C") == (
        "Control bid: slam interest, 20+ support points, forcing one round"
    )


# 16-17 HCP and a five-card minor, not balanced, over 1NT: Stayman, then three of the minor
# (a five-card suit and slam interest); opener raises with three cards, else 3NT; with the
# fit Blackwood follows (the hand passed 1NT before).
MINOR_SLAM_TRIES_OVER_1NT = [
    ("K84.A.K92.AQJ765", "1NT P", "2C"),  # 17 HCP, six clubs, a singleton
    ("K84.A.K92.AQJ765", "1NT P 2C P 2D P", "3C"),
    ("K84.A.K92.AQJ765", "1NT P 2C P 2S P", "3C"),
    ("AQ52.KJ3.K82.Q52", "1NT P 2C P 2S P 3C P", "4C"),  # three clubs: the fit
    ("AQ52.KJ3.K872.Q2", "1NT P 2C P 2S P 3C P", "3NT"),  # two: no fit
    ("K84.A.K92.AQJ765", "1NT P 2C P 2D P 3C P 4C P", "4NT"),
]


@pytest.mark.parametrize(("hand", "calls", "want"), MINOR_SLAM_TRIES_OVER_1NT)
def test_a_strong_hand_with_a_long_minor_tries_for_slam_over_1nt(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == internal_call(want)


# Responder over partner's 1NT with slam values: 6NT with 18-21, 7NT with 22+ (20+ passed
# before: the 6NT rule stopped at 19 and there was no 7NT).
NOTRUMP_SLAMS = [
    ("AKQ.AKT.QJ.Q9742", "1NT P", "6NT"),  # 21 HCP
    ("AKQ.AKT.KJ.Q9742", "1NT P", "7NT"),  # 22 HCP
]


@pytest.mark.parametrize(("hand", "calls", "want"), NOTRUMP_SLAMS)
def test_responder_bids_a_slam_over_1nt_with_every_strong_balanced_hand(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == internal_call(want)


# The answers to a strong 2C are the section's alone (2D waiting, a positive, 2NT): the
# fallbacks' game bids (3NT on opener's 22 HCP) are neither chosen nor weighed by
# simulation, and a call the section has no rule for has no meaning there.
@pytest.mark.parametrize(
    ("hand", "want"),
    [
        ("KT98752.T875.4.2", ["2D"]),  # 3 HCP and a seven-card suit: 3NT was a candidate
        ("Q72.J64.8532.Q72", ["2D"]),  # 5 HCP balanced
        ("KQ752.A64.853.72", ["2S", "2N", "2D"]),  # a positive (the rules' call) first
    ],
)
def test_the_answers_to_2c_are_the_sections_only(hand: str, want: list[str]) -> None:
    info = HandInfo.of(Hand.from_pbn(hand))
    calls = ("2C", "P")
    assert [c for c, _ in SAYC.candidates(calls, info)] == want
    assert SAYC.meaning(calls, "3N") is None


# Over one of a minor, 3NT with game values and no balanced shape is for a hand with no
# suit to bid: with four cards in the other minor SAYC bids it (1D over 1C, 2C over 1D with
# 10+ HCP), and 3NT is no candidate for simulation either.
@pytest.mark.parametrize(
    ("hand", "calls", "want", "three_nt"),
    [
        ("Q.A9.KQ2.AQT6432", "1D P", "2C", False),  # 17 HCP, seven clubs: 3NT was weighed
        ("T98.T8.AQ82.AQT2", "1C P", "1D", False),  # 12 HCP, four diamonds
        ("KQ3.A9.KQJ643.Q2", "1D P", "3NT", True),  # 17 HCP, long diamonds: no new suit
        ("KQ3.A9.Q2.KJT643", "1C P", "3NT", True),  # 15 HCP, six clubs, no diamonds
    ],
)
def test_3nt_over_a_minor_is_for_a_hand_with_no_new_suit(
    hand: str, calls: str, want: str, three_nt: bool
) -> None:
    _check_call_and_candidate(hand, calls, want, "3N", three_nt)


def _check_call_and_candidate(hand: str, calls: str, want: str, call: str, candidate: bool) -> None:
    """The rules' call is ``want``, and ``call`` is among the candidates (the rules' calls
    and those weighed by simulation) exactly when ``candidate``."""
    assert rules_call(hand, calls) == internal_call(want)
    seq = tuple(internal_call(c) for c in calls.split())
    got = [c for c, _ in SAYC.candidates(seq, HandInfo.of(Hand.from_pbn(hand)))]
    assert (call in got) == candidate


# 6NT on 33 HCP between the hands with no suit agreed: the rules' call with a balanced
# hand; with an unbalanced one (a long suit, shortness) a candidate for simulation only.
@pytest.mark.parametrize(
    ("hand", "calls", "want", "candidate"),
    [
        ("Q.A9.KQ2.AQT6432", "1D P 2C P 3NT P", "P", True),  # 17 HCP + the 3NT rebid's 18
        ("Q.A9.K32.KQT6432", "1D P 2C P 3NT P", "P", False),  # 14 HCP: 32, no slam
        ("Q2.A93.KQ2.AQT64", "1D P 2C P 3NT P", "6NT", True),  # 17 HCP balanced: the rules
    ],
)
def test_6nt_with_an_unbalanced_hand_is_a_candidate_for_simulation(
    hand: str, calls: str, want: str, candidate: bool
) -> None:
    _check_call_and_candidate(hand, calls, want, "6N", candidate)


# Over one of a minor a balanced hand with no four-card major bids 3NT with 16-18 HCP
# (18 passed before: the 3NT rule stopped at 17 and no other rule fitted).
@pytest.mark.parametrize(
    ("hand", "calls", "want"),
    [
        ("AQJ.A54.Q75.KQ97", "1C P", "3NT"),  # 18 HCP balanced, four clubs
        ("AQJ.A54.KQ7.Q975", "1D P", "3NT"),  # 18 HCP, 3-3-3-4: not 2C (3NT first)
        ("AQJ.A54.Q75.Q987", "1C P", "2NT"),  # 15: 13-15
    ],
)
def test_3nt_over_a_minor_with_16_to_18_balanced(hand: str, calls: str, want: str) -> None:
    assert rules_call(hand, calls) == internal_call(want)


# In the pass-out seat over a weak two, a six-card suit at the two level with 9-11 HCP (a
# king lighter than the direct overcall's 12-17): balancing.
@pytest.mark.parametrize(
    ("hand", "calls", "want"),
    [
        ("K87.QJ9864.AT9.4", "2D P P", "2H"),  # 10 HCP, six hearts: passed before
        ("K87.QJ9864.AT9.4", "2D", "P"),  # the direct seat: 12-17
        ("K87.QJ9864.AT9.4", "2S P P", "P"),  # the three level: not lighter
    ],
)
def test_a_balancing_overcall_of_a_weak_two_is_a_king_lighter(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == internal_call(want)


# A weak jump overcall is "similar to opening weak two-bids or three-level preempts" (the
# ACBL's SAYC booklet): six cards at the two level, seven at the three level (a six-card
# suit jumped to the three level before).
@pytest.mark.parametrize(
    ("hand", "calls", "want"),
    [
        ("42.KQT976.32.852", "1D", "2H"),  # six hearts over 1D: the two level
        ("42.KQT976.32.852", "1S", "P"),  # six hearts over 1S: 3H needs seven
        ("42.KQT9762.2.852", "1S", "3H"),  # seven hearts: a three-level preempt
        ("QJT5.5.JT.AJ9632", "1D", "P"),  # six clubs over 1D: no 3C
        ("QJ5.5.JT2.AJT9632", "1D", "3C"),  # seven clubs
    ],
)
def test_a_weak_jump_overcall_at_the_three_level_has_seven_cards(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == internal_call(want)
    if want != "P":
        cards = "6+" if want.startswith("2") else "7+"
        assert meaning(calls, want).startswith(f"Weak jump overcall, 5-10 HCP, {cards}")


# Short in their suit (a singleton or void) with three or more cards in each other suit and
# 12+ HCP, a five-card minor is not overcalled at the two level: the takeout double
# (bridgewithgino.com, "Overcall a Suit or Double?"; bidandmade.com, "To overcall, or to
# double"). A six-card minor, a doubleton in their suit or a one-level overcall as before.
@pytest.mark.parametrize(
    ("hand", "calls", "want"),
    [
        ("AQ52.AJ4.8.JT865", "1D", "X"),  # 4-3-1-5, 12 HCP: 2C before
        ("A852.8.AQ4.KJT65", "1H", "X"),  # over a major, a singleton heart
        ("8.AQ52.AJ4.KJT65", "1S", "X"),
        ("AQ5.AJ4.8.JT8653", "1D", "2C"),  # six clubs: the overcall
        ("AQ52.AJ42..KT865", "1D", "X"),  # a void in their suit
        ("AQ52.J4.85.AKT65", "1D", "2C"),  # a doubleton in their suit
        ("AQ52.AJ4.KJT86.8", "1C", "1D"),  # the one level: the overcall
    ],
)
def test_short_in_their_suit_a_five_card_minor_doubles_rather_than_overcalls(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == internal_call(want)
    if want == "X":
        assert meaning(calls, "X").startswith("Takeout")


# A semi-balanced 5-4-2-2 with 20-21 HCP and the five cards in a minor opens 2NT ("opening
# 2NT on a semi-balanced hand has widespread acceptance": Bernard Magee's glossary,
# "Semi-balanced"); it opened one of the minor, which a partner with 0-5 HCP passes. The
# opening shows a semi-balanced hand: no singleton or void.
@pytest.mark.parametrize(
    ("hand", "calls", "want"),
    [
        ("AKQ7.75.AKQT7.K2", "P", "2NT"),  # 21 HCP, 4-2-5-2
        ("AQ.KQ.AKJ74.Q742", "", "2NT"),  # 20 HCP, 2-2-5-4
        ("AQ7.KQ4.AJ32.KQ2", "", "2NT"),  # balanced, as before
        ("AKQ7.7.AKQT75.K2", "", "1D"),  # a singleton: not semi-balanced
        ("AK.KQ742.AKJ4.J2", "", "1H"),  # the five cards a major: one of it
        ("AKQ7.75.AKQT7.J2", "", "1D"),  # 19 HCP
    ],
)
def test_a_semi_balanced_20_to_21_with_a_five_card_minor_opens_2nt(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == internal_call(want)
    if want == "2NT":
        assert meaning(calls, want) == "20-21 HCP, semi-balanced"


def test_a_semi_balanced_meaning_holds_for_no_singleton_and_no_suit_beyond_six() -> None:
    m = SAYC.meaning(("P",), "2N")
    assert m is not None
    assert m.holds(HandInfo.of(Hand.from_pbn("AKQ7.75.AKQT7.K2")))  # 5-4-2-2
    assert m.holds(HandInfo.of(Hand.from_pbn("AQ7.KQ4.AJ32.KQ2")))  # balanced
    assert not m.holds(HandInfo.of(Hand.from_pbn("AKQ7.7.AKQT75.K2")))  # a singleton
    # partner reads two or more cards in each suit, as of a balanced 2NT
    assert SAYC.state(("2N",)).seats[0].lengths == ((2, 13),) * 4


# With both majors unbid and their overcall at the two level (1C (2D), 1D (2C)), the
# negative double promises one four-card major, not both, with 8+ HCP (Marty Bergen,
# "Points Schmoints Series: Negative Doubles"); 1C (1D) X still shows both. Such a hand had
# no call (a new major at the two level shows five cards and 10+ HCP).
@pytest.mark.parametrize(
    ("hand", "calls", "want"),
    [
        ("9852.AJ3.5.KQJ73", "1C 2D", "X"),  # four spades, three hearts
        ("A2.KQ75.J643.732", "1D 2C", "X"),  # four hearts (Bergen's example)
        ("KJ75.A954.J65.82", "1D 2C", "X"),  # both majors, as before
        ("852.AJ3.75.KQJ73", "1C 2D", "P"),  # no four-card major
        ("9852.AJ3.5.KQJ73", "1C 1D", "P"),  # 1C (1D): both majors wanted
        ("9852.J43.5.QJ873", "1C 2D", "P"),  # 4 HCP
    ],
)
def test_a_negative_double_of_a_two_level_minor_overcall_shows_one_major(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == internal_call(want)


# The other semi-balanced pattern, 6-3-2-2 with the six cards in a minor, opens 2NT with
# 20-21 HCP too (Bernard Magee's glossary: "a 5-4-2-2 or 6-3-2-2 shape").
@pytest.mark.parametrize(
    ("hand", "calls", "want"),
    [
        ("AK7.K2.AKQT75.Q2", "", "2NT"),  # 3-2-6-2, 21 HCP
        ("AK.K2.AQT752.KQ2", "", "2NT"),  # 2-2-6-3
        ("AK7.KQ2.AQT752.K", "", "1D"),  # a singleton
        ("AK.KQ72.AQT752.K", "", "1D"),  # 2-4-6-1: not semi-balanced
    ],
)
def test_a_6_3_2_2_with_a_six_card_minor_and_20_to_21_opens_2nt(
    hand: str, calls: str, want: str
) -> None:
    assert rules_call(hand, calls) == internal_call(want)


@pytest.mark.parametrize(
    ("hand", "calls", "allowed"),
    [
        ("AK4.Q2.KQJ3.AQ52", "2N P 3D P", {"3H"}),  # 21 HCP, two hearts: completes
        ("AK4.Q82.KQJ3.AQ5", "2N P 3H P", {"3S"}),
        ("AK4.Q2.KQJ3.AQ52", "2C P 2D P 2N P 3D P", {"3H"}),
        ("AK4.Q982.KQJ.Q52", "1N P 2D P", {"2H", "3H"}),  # 17 and four hearts: may jump
        ("AK4.Q82.KQJ3.Q52", "1N P 2H P", {"2S"}),
    ],
)
def test_opener_completes_a_transfer_and_nothing_else(
    hand: str, calls: str, allowed: set[str]
) -> None:
    # a transfer is forcing: opener completes it (over 1NT with 17 and four trumps he may
    # jump), so no other call is a candidate and the simulation has nothing to weigh
    seq = tuple(calls.split())
    info = HandInfo.of(Hand.from_pbn(hand))
    assert {c for c, _ in SAYC.candidates(seq, info)} <= allowed
    assert close_candidates(SAYC, seq, info) == []
    assert bid(hand, calls) in allowed
