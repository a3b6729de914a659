"""A team match scored in IMPs (core/match.py): two rooms, the same boards, Law 78B."""

from __future__ import annotations

import random

import pytest

from bridgetable.core.boards import Vulnerability
from bridgetable.core.calls import Contract, Strain
from bridgetable.core.errors import NotationError
from bridgetable.core.match import match_summary, match_totals, score_match
from bridgetable.core.seats import SEATS, Seat
from bridgetable.core.session import BoardResult, Session, SessionSetup
from bridgetable.selfplay import random_auction, random_play

NONE = Vulnerability.NONE
FOUR_S = Contract(4, Strain.SPADES, declarer=Seat.NORTH)


def result(n: int, score: int, tricks: int = 10) -> BoardResult:
    return BoardResult(n, Seat.NORTH, NONE, FOUR_S, tricks, score)


def test_board_imps_are_open_ns_minus_closed_ns_on_the_wbf_scale_law_78b() -> None:
    rows = score_match([result(1, 420), result(2, -50, 9)], [result(1, -50, 9), result(2, 420)])
    assert [(r.difference, r.imps) for r in rows] == [(470, 10), (-470, -10)]
    assert match_totals(rows) == (10, 10)


def test_a_flat_board_is_zero_imps_law_78b() -> None:
    rows = score_match([result(1, 420)], [result(1, 420)])
    assert (rows[0].difference, rows[0].imps) == (0, 0)


def test_a_board_over_in_one_room_only_has_no_imps_yet() -> None:
    rows = score_match([result(1, 420), result(2, 100)], [result(1, 420)])
    assert rows[1].imps is None and rows[1].closed is None
    assert match_totals(rows) == (0, 0)


def test_the_other_rooms_result_is_hidden_until_the_board_is_over_here() -> None:
    open_, closed = [result(1, 420), result(2, 100)], [result(1, -50, 9)]
    seen_closed = match_summary(open_, closed, "closed")
    assert [b["board"] for b in seen_closed["boards"]] == [1]  # board 2: not played here
    assert "100" not in str(seen_closed)
    seen_open = match_summary(open_, closed, "open")
    assert [b["board"] for b in seen_open["boards"]] == [1, 2]
    assert seen_open["boards"][1]["closed"] is None and seen_open["boards"][1]["imps"] is None
    assert seen_open["totals"] == {"A": 10, "B": 0}
    reader = match_summary(open_, closed, None)
    assert [b["board"] for b in reader["boards"]] == [1]


def test_the_same_board_in_both_rooms_has_the_same_dealer_and_vulnerability_law_2() -> None:
    other = BoardResult(1, Seat.EAST, Vulnerability.BOTH, FOUR_S, 10, 420)
    with pytest.raises(NotationError):
        score_match([result(1, 420)], [other])
    with pytest.raises(NotationError):
        score_match([result(1, 420), result(1, 420)], [])
    with pytest.raises(NotationError):
        match_summary([], [], "lounge")  # type: ignore[arg-type]


def test_two_sessions_of_one_setup_score_as_a_match_law_78b() -> None:
    setup = SessionSetup("set", seed=11, boards=3)
    rooms = [Session(setup), Session(setup)]
    for i, s in enumerate(rooms):
        rng = random.Random(i)
        while True:
            random_auction(s.board, rng)
            random_play(s.board, rng)
            if s.is_over:
                break
            for seat in SEATS:
                s.ask_next(seat)
    rows = score_match(rooms[0].results, rooms[1].results)
    assert [r.number for r in rows] == [1, 2, 3]
    for r, o, c in zip(rows, rooms[0].results, rooms[1].results, strict=True):
        assert r.difference == o.score - c.score
        assert r.imps is not None and abs(r.imps) <= 24
    a, b = match_totals(rows)
    assert a - b == sum(r.imps or 0 for r in rows)
