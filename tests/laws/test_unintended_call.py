"""Law 25A: an unintended call replaced by the intended one, at once and before partner calls.

The spec's R-items (tests/data/spec/laws.md) stop at the auction's end (R17, R20); Law 25A has
no R-item, so these tests are named after the Law. The record keeps both calls, every prefix
of it replays, the opponents are told, and the exports write the auction as it stands.
"""

from __future__ import annotations

import json

import pytest

from bridgetable.core.board import Board, replay_events
from bridgetable.core.calls import parse_call
from bridgetable.core.errors import IllegalCall, NotEntitled, WrongPhase
from bridgetable.core.events import (
    CallMade,
    CallReplaced,
    event_from_dict,
    event_to_dict,
    standing_calls,
)
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord
from bridgetable.formats import lin, pbn

from support import E, N, S, W, bid, new_board, refused


def _calls(b: Board) -> list[str]:
    return [str(c) for c in b.auction.calls]


def _replays(b: Board) -> None:
    """The record and every prefix of it replay to the same state and views."""
    events = b.events
    for k in range(len(events) + 1):
        replay_events(b.setup, events[:k])
    again = Board.replay(b.record)
    assert again.events == b.events
    assert [again.view_for(s).to_dict() for s in (N, E, S, W)] == [
        b.view_for(s).to_dict() for s in (N, E, S, W)
    ]
    decoded = [event_from_dict(json.loads(json.dumps(event_to_dict(e)))) for e in events]
    assert decoded == list(events)


def test_law25a_a_call_is_replaced_before_lho_calls() -> None:
    b = bid(new_board(), ["1H"])  # North opens, East means 2D and his 2C slips out
    b.call(E, parse_call("2C"))
    assert "replace_call" in b.view_for(E).actions
    assert str(b.view_for(E).replace_calls[0]) == "Pass"
    e = b.replace_unintended_call(E, parse_call("2D"))
    assert e == CallReplaced(E, 1, parse_call("2D"))
    assert _calls(b) == ["1H", "2D"]
    assert b.to_act is S
    # the record keeps both calls: the first event stays, a new one records the replacement
    assert [type(x) for x in b.events] == [CallMade, CallMade, CallReplaced]
    assert str(b.events[1].call) == "2C"
    # the opponents are told: the auction shows the replaced call, and the answer is public
    for seat in (N, S, W):
        v = b.view_for(seat)
        assert v.auction[1].replaced == parse_call("2C")
        assert any("East replaced an unintended 2C by 2D (Law 25A)" in t for t in v.answers)
    assert "replace_call" not in b.view_for(E).actions or b.view_for(E).replace_index == 1
    _replays(b)


def test_law25a_lho_call_no_longer_legal_over_the_intended_call_is_withdrawn() -> None:
    b = bid(new_board(), ["1H", "2C", "2D"])  # South bid 2D over the unintended 2C
    b.replace_unintended_call(E, parse_call("3C"))  # 2D is insufficient over 3C
    assert _calls(b) == ["1H", "3C"]
    assert b.to_act is S  # South calls again over the intended call
    assert any("South's 2D over it is withdrawn" in t for t in b.answers_for(W))
    assert "withdraw_call" not in b.view_for(S).actions
    bid(b, ["Pass", "Pass", "Pass"])
    assert str(b.contract) == "3C E"
    _replays(b)


def test_law25a_lho_may_withdraw_his_call_over_the_replaced_call() -> None:
    # Law 25A: "LHO may withdraw any call he made over the first call": his option
    b = bid(new_board(), ["1H", "2C", "X"])  # South doubled the unintended 2C
    e = b.replace_unintended_call(E, parse_call("2D"))
    assert e.lho_stands
    assert _calls(b) == ["1H", "2D", "X"]  # South's double stands, now of 2D
    assert b.to_act is W
    assert any("South's X over it stands" in t for t in b.answers_for(W))
    assert "withdraw_call" in b.view_for(S).actions
    assert all("withdraw_call" not in b.view_for(s).actions for s in (N, E, W))
    exc = refused(b.withdraw_call, W)
    assert isinstance(exc, NotEntitled) and exc.action == "withdraw_call" and exc.law == "25A"
    b.withdraw_call(S)
    assert _calls(b) == ["1H", "2D"] and b.to_act is S  # South calls again
    assert any("South withdrew his X" in t for t in b.answers_for(N))
    exc = refused(b.withdraw_call, S)  # once
    assert isinstance(exc, NotEntitled)
    bid(b, ["Pass", "Pass", "Pass"])
    assert str(b.contract) == "2D E"
    _replays(b)
    assert [str(c.call) for c in standing_calls(b.events)] == ["1H", "2D", "Pass", "Pass", "Pass"]


def test_law25a_the_lho_call_kept_stands_once_the_table_moves_on() -> None:
    b = bid(new_board(), ["1H", "2C", "X"])
    b.replace_unintended_call(E, parse_call("2D"))
    bid(b, ["Pass"])  # West calls: South's double is kept for good
    assert "withdraw_call" not in b.view_for(S).actions
    exc = refused(b.withdraw_call, S)
    assert isinstance(exc, NotEntitled) and exc.law == "25A"
    bid(b, ["Pass", "Pass"])
    assert str(b.contract) == "2DX E"
    assert [str(c.call) for c in standing_calls(b.events)] == [
        "1H",
        "2D",
        "X",
        "Pass",
        "Pass",
        "Pass",
    ]
    _replays(b)
    text = pbn.render_record(b.record, {})
    assert text.split('[Auction "N"]', 1)[1].split("[", 1)[0].split() == [
        "1H",
        "2D",
        "X",
        "Pass",
        "Pass",
        "Pass",
    ]


def test_law25a_the_intended_call_stands_it_is_not_replaced_again() -> None:
    b = bid(new_board(), ["1H", "2C"])
    b.replace_unintended_call(E, parse_call("2D"))
    exc = refused(b.replace_unintended_call, E, parse_call("2H"))
    assert isinstance(exc, NotEntitled) and exc.law == "25A1"


def test_law25a_a_record_from_before_the_lho_option_replays_as_it_was_played() -> None:
    # records written when the LHO's call was always withdrawn carry no lho_stands: False
    b = bid(new_board(), ["1H", "2C", "X"])
    events = [*b.events, CallReplaced(E, 1, parse_call("2D"))]
    data = [event_to_dict(ev) for ev in events]
    del data[-1]["lho_stands"]
    again = replay_events(b.setup, [event_from_dict(d) for d in data])
    assert _calls(again) == ["1H", "2D"] and again.to_act is S


def test_law25a_refused_once_partner_has_called() -> None:
    b = bid(new_board(), ["1H", "2C", "Pass", "Pass"])  # West, East's partner, has called
    exc = refused(b.replace_unintended_call, E, parse_call("2D"))
    assert isinstance(exc, NotEntitled)
    assert (exc.action, exc.seat, exc.law) == ("replace_call", E, "25A")
    assert "partner has called" in exc.reason
    assert "replace_call by East refused" in str(exc) and "(Law 25A)" in str(exc)
    assert "replace_call" not in b.view_for(E).actions
    assert b.view_for(E).replace_calls == ()


def test_law25a_refused_when_the_table_has_moved_on() -> None:
    b = bid(new_board(), ["1H", "2C"])
    b.call_director(N, "a slip?")
    exc = refused(b.replace_unintended_call, E, parse_call("2D"))
    assert isinstance(exc, NotEntitled) and "without pause for thought" in exc.reason


def test_law25a_the_intended_call_must_be_legal_where_it_was_made() -> None:
    b = bid(new_board(), ["1H", "2C"])
    exc = refused(b.replace_unintended_call, E, parse_call("1C"))
    assert isinstance(exc, IllegalCall) and "25A" in exc.law and "18B" in exc.law
    exc = refused(b.replace_unintended_call, E, parse_call("2C"))
    assert isinstance(exc, NotEntitled) and "already made" in exc.reason
    # North's partner has not called either: North may still replace his 1H (East's 2C over
    # it would be withdrawn)
    assert b.view_for(N).replace_index == 0 and parse_call("1S") in b.view_for(N).replace_calls
    exc = refused(b.replace_unintended_call, S, parse_call("1S"))
    assert isinstance(exc, NotEntitled) and "no call of yours" in exc.reason


def test_law25a_a_pass_that_ended_the_auction_is_replaced_and_the_auction_goes_on() -> None:
    b = bid(new_board(), ["1H", "Pass", "Pass", "Pass"])
    assert b.phase is Phase.CLARIFICATION
    b.replace_unintended_call(W, parse_call("2C"))
    assert b.phase is Phase.AUCTION and b.contract is None and b.to_act is N
    assert _calls(b) == ["1H", "Pass", "Pass", "2C"]
    bid(b, ["Pass", "Pass", "Pass"])
    assert str(b.contract) == "2C W"
    _replays(b)


def test_law25a_a_passed_out_board_reopens() -> None:
    b = bid(new_board(), ["Pass", "Pass", "Pass", "Pass"])
    assert b.phase is Phase.PASSED_OUT
    b.replace_unintended_call(W, parse_call("1NT"))
    assert b.phase is Phase.AUCTION and b.to_act is N
    _replays(b)


def test_law25a_no_replacement_once_the_opening_lead_is_made() -> None:
    b = bid(new_board(), ["1H", "Pass", "Pass", "Pass"])
    b.play(E, b.legal_cards(E)[0])
    exc = refused(b.replace_unintended_call, W, parse_call("2C"))
    assert isinstance(exc, NotEntitled) and exc.law == "25A"
    b.face_lead(E)
    exc = refused(b.replace_unintended_call, W, parse_call("2C"))
    assert isinstance(exc, WrongPhase) and exc.law == "25A"


@pytest.mark.parametrize("module", [pbn, lin])
def test_law25a_exports_write_the_auction_as_it_stands(module: object) -> None:
    b = bid(new_board(), ["1H", "2C", "X"])
    b.replace_unintended_call(E, parse_call("2D"))
    b.withdraw_call(S)  # South takes his double back (Law 25A) and passes
    bid(b, ["Pass", "Pass", "Pass"])
    record: BoardRecord = b.record
    assert [str(c.call) for c in standing_calls(record.events)] == ["1H", "2D"] + ["Pass"] * 3
    text = module.render_record(record, {})  # type: ignore[attr-defined]
    if module is pbn:
        auction = text.split('[Auction "N"]', 1)[1].split("[", 1)[0].split()
        assert auction == ["1H", "2D", "Pass", "Pass", "Pass"], text
    else:
        calls = [p.split("|")[0] for p in text.split("mb|")[1:]]
        assert calls == ["1H", "2D", "p", "p", "p"], text
