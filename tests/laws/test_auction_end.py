"""Law 17D and Law 22: the end of the auction and the Clarification Period (R17.1, R17.2)."""

from __future__ import annotations

import pytest

from bridgetable.core.calls import DOUBLE, PASS, parse_call
from bridgetable.core.errors import IllegalCall, OutOfTurn, WrongPhase
from bridgetable.core.phase import Phase

from support import AUCTION_4SX, E, N, S, W, at_clarification, bid, c, new_board, refused


def test_R17_1_three_passes_after_a_bid_end_the_auction() -> None:
    b = bid(new_board(), ["1C", "Pass", "Pass"])
    assert b.phase is Phase.AUCTION
    b.call(W, PASS)
    assert b.phase is Phase.CLARIFICATION
    assert str(b.contract) == "1C N"


def test_R17_1_three_passes_after_a_double_end_the_auction() -> None:
    b = bid(new_board(), ["1C", "X", "Pass", "Pass", "Pass"])
    assert b.phase is Phase.CLARIFICATION
    assert str(b.contract) == "1CX N"


def test_R17_1_four_passes_end_the_board_without_play() -> None:
    b = bid(new_board(), ["Pass", "Pass", "Pass"])
    assert b.phase is Phase.AUCTION
    b.call(W, PASS)
    assert b.phase is Phase.PASSED_OUT
    assert b.contract is None and b.is_over
    exc = refused(b.play, N, c("SA"))
    assert isinstance(exc, WrongPhase)


def test_R17_1_a_pass_out_of_rotation_is_refused_and_does_not_end_the_auction() -> None:
    b = bid(new_board(), ["1C", "Pass"])
    exc = refused(b.call, W, PASS)  # South's turn: West may not pass out of rotation
    assert isinstance(exc, OutOfTurn) and "17" in exc.law
    bid(b, ["Pass", "Pass"])
    assert b.phase is Phase.CLARIFICATION
    assert b.auction.calls[-1] is PASS and len(b.auction) == 4


def test_R17_1_declarer_is_the_first_of_the_side_to_name_the_strain() -> None:
    b = at_clarification()
    assert b.declarer is S and b.dummy is N and b.opening_leader is W
    assert str(b.contract) == "4SX S"


def test_R17_2_no_card_is_played_during_the_auction() -> None:
    b = bid(new_board(), ["1C"])
    exc = refused(b.play, E, c("SJ"))
    assert isinstance(exc, WrongPhase) and "41A" in exc.law


def test_R17_2_clarification_period_ends_exactly_when_the_lead_is_faced() -> None:
    b = at_clarification()
    b.play(W, c("C8"))
    assert b.phase is Phase.CLARIFICATION
    for seat, card in ((N, "C4"), (E, "CA"), (S, "C9")):
        exc = refused(b.play, seat, c(card))
        assert isinstance(exc, WrongPhase)
    b.face_lead(W)
    assert b.phase is Phase.PLAY


@pytest.mark.parametrize(
    ("calls", "bad", "law"),
    [
        (["1S"], "1H", "18B, 27"),
        (["1S"], "1S", "18B, 27"),
        (["1S", "Pass"], "X", "19A1, 36"),  # partner's bid
        (["Pass"], "X", "19A1, 36"),  # nothing to double
        (["1S", "X"], "X", "19A1, 36"),
        (["1S", "X", "Pass"], "XX", "19B1, 36"),  # partner's double is not redoubled by E... S
        (["1S"], "XX", "19B1, 36"),
    ],
)
def test_R17_1_irregular_calls_are_refused_under_the_online_policy(
    calls: list[str], bad: str, law: str
) -> None:
    b = bid(new_board(), calls)
    seat = b.to_act
    assert seat is not None
    exc = refused(b.call, seat, parse_call(bad))
    assert isinstance(exc, IllegalCall) and exc.law == law and str(seat) in str(exc)


def test_R17_1_legal_calls_list_matches_the_checks() -> None:
    b = bid(new_board(), ["1S", "X"])
    legal = b.legal_calls()
    assert DOUBLE not in legal and parse_call("XX") in legal and parse_call("1S") not in legal
    assert parse_call("1NT") in legal and PASS in legal
    assert AUCTION_4SX  # the fixture auction used elsewhere stays a real one
