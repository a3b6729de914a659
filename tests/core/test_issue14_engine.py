"""Issue 14 in the engine itself (the server tests drive the same states over sockets):
a quitted trick the Director faced and a revoke's correction then reopened (#3), Law 62A
after a 62C1 retraction of a card that was itself a revoke (#6), and free text the store
and the views cannot carry (#2)."""

from __future__ import annotations

import pytest

from bridgetable.core.board import Board
from bridgetable.core.calls import Contract, parse_call
from bridgetable.core.cards import Card
from bridgetable.core.deal import Deal
from bridgetable.core.errors import NotationError
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import SEATS, Seat
from bridgetable.core.views import DIRECTOR, SPECTATOR

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.J65 6543.J76.AKQ.T98 2.5432.JT98.AKQ7"
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _table_board() -> Board:
    setup = BoardSetup.for_board(
        1,
        deal=Deal.from_pbn(DEAL),
        rules=RuleSet.duplicate(policy="table"),
        contract=Contract.parse("4S S"),
    )
    return Board(setup)


def _every_view(b: Board) -> None:
    for role in (*SEATS, SPECTATOR, DIRECTOR):
        b.view_for(role).to_dict()
    replayed = Board.replay(BoardRecord(b.setup, b.events))
    assert replayed.view_for(DIRECTOR).to_dict() == b.view_for(DIRECTOR).to_dict()


def test_a_faced_quitted_trick_reopened_by_a_revoke_correction_is_not_shown() -> None:
    b = _table_board()
    b.play(W, Card("H2"))
    b.face_lead(W)
    b.play(S, Card("HT"))
    b.play(E, Card("S7"))  # a revoke
    b.play(S, Card("H6"))
    b.inspect_quitted(None, 0)
    assert b.shown_quitted == (0,)
    b.draw_attention(S, E)  # 62A: the trick is reopened, East's card withdrawn
    assert b.shown_quitted == ()
    _every_view(b)


def test_62a_after_a_62c1_retraction_of_a_revoke_card() -> None:
    b = _table_board()
    for seat, card in ((W, "H2"), (S, "HT"), (E, "HA"), (S, "H6"), (E, "D2"), (S, "S3")):
        b.play(seat, Card(card))
        if card == "H2":
            b.face_lead(W)
    b.play(W, Card("C7"))  # West revokes after South
    b.draw_attention(E, S)
    b.choose(W, "retract")  # 62C1: West takes his card back
    b.draw_attention(E, W)  # was: ValueError: Seat.WEST is not in list
    assert not [r for r in b.view_for(DIRECTOR).to_dict()["revokes"] if r["hand"] == "W"]
    b.play(S, Card("DA"))
    _every_view(b)


def test_the_engine_records_no_text_with_a_lone_surrogate() -> None:
    b = Board(BoardSetup.for_board(1, deal=Deal.from_pbn(DEAL)))
    with pytest.raises(NotationError):
        b.call(N, parse_call("1C"), alert=True, explanation="ok \ud800")
    assert b.events == ()
    b.call(N, parse_call("1C"), alert=True, explanation="ok \u2660")
    with pytest.raises(NotationError):
        b.call_director(E, "ok \ud800")
    assert len(b.events) == 1
    _every_view(b)
