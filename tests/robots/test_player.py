"""Robots from views only: memory, sampling consistent with the view, deterministic choices,
legal calls, facing the lead, explanations, card play, claims and answers to claims."""

from __future__ import annotations

import random

from bridgetable.core.board import Board
from bridgetable.core.calls import Contract, parse_call
from bridgetable.core.cards import Card
from bridgetable.core.deal import Deal
from bridgetable.core.record import BoardSetup
from bridgetable.core.seats import Seat
from bridgetable.robots.memory import Memory
from bridgetable.robots.player import choose_call, claim_holds, decide
from bridgetable.robots.sampler import sample_layouts, unseen_cards

DEAL = "N:AKQ2.KQ2.AJ3.Q32 J976.A96.K82.KJ5 843.J873.Q74.A96 T5.T54.T965.T874"


def practice(contract: str = "3NT S") -> Board:
    setup = BoardSetup.for_board(1, deal=Deal.from_pbn(DEAL), contract=Contract.parse(contract))
    return Board(setup)


def test_memory_notes_cards_and_voids() -> None:
    m = Memory()
    m.observe({"trick": [["W", "S2"], ["N", "H3"]], "last_trick": None})
    assert m.played == {"S2", "H3"} and ("N", "S") in m.voids and m.leader == "W"
    assert Memory.from_dict(m.to_dict()) == m


def test_samples_respect_view_and_voids() -> None:
    b = practice()
    b.play(Seat.WEST, Card("ST"))
    b.face_lead(Seat.WEST)
    view = b.view_for(Seat.SOUTH).to_dict()
    mem = Memory()
    mem.observe(view)
    mem.voids.add(("E", "C"))
    layouts = sample_layouts(view, mem, 20, random.Random(1))
    hidden = unseen_cards(view, mem)
    for lay in layouts:
        assert lay["E"] | lay["W"] == hidden
        assert not any(c[0] == "C" for c in lay["E"])
        assert len(lay["E"]) == 13 and len(lay["W"]) == 12
        assert lay["S"] == {str(c) for c in b.hand(Seat.SOUTH)}


def test_opening_lead_is_deterministic_and_legal() -> None:
    b = practice()
    view = b.view_for(Seat.WEST).to_dict()
    cfg = {"lead_samples": 8, "play_samples": 8}
    one = decide(view, Memory().to_dict(), cfg, 7)
    two = decide(view, Memory().to_dict(), cfg, 7)
    assert one == two and one is not None and one["action"] == "play"
    assert one["args"]["card"] in view["legal_cards"]


def test_robot_faces_its_lead_and_explains() -> None:
    b = Board(BoardSetup.for_board(1, deal=Deal.from_pbn(DEAL)))
    for i, call in enumerate(["1NT", "Pass", "2C", "Pass", "2D", "Pass", "Pass", "Pass"]):
        b.call(Seat.NORTH.next(i), parse_call(call))
    b.ask_explanation(Seat.EAST, 2)
    cmd = decide(b.view_for(Seat.NORTH).to_dict(), {}, {}, 1)
    assert cmd == {
        "action": "explain",
        "args": {"call_index": 2, "text": "Natural; no special agreement"},
    }
    b.explain(Seat.NORTH, 2, "Stayman")
    b.play(Seat.EAST, b.legal_cards(Seat.EAST)[0])
    assert decide(b.view_for(Seat.EAST).to_dict(), {}, {}, 1) == {"action": "face_lead", "args": {}}


def test_calls_are_legal() -> None:
    rng = random.Random(3)
    for n in range(30):
        b = Board(BoardSetup.for_board(n % 16 + 1, rng=rng))
        while b.phase.value == "auction":
            seat = b.to_act
            assert seat is not None
            call = choose_call(b.view_for(seat).to_dict())
            b.call(seat, call)
        assert b.is_over or b.contract is not None


def test_claim_answers() -> None:
    b = practice()
    b.play(Seat.WEST, Card("ST"))
    b.face_lead(Seat.WEST)
    b.make_claim(Seat.SOUTH, 13)  # North-South cannot take 13 tricks on a spade lead
    view = b.view_for(Seat.WEST).to_dict()
    mem = Memory()
    mem.observe(b.view_for(Seat.WEST).to_dict())
    claim = view["claim"]
    assert not claim_holds(view, mem, claim, random.Random(1))
    cmd = decide(view, mem.to_dict(), {}, 1)
    assert cmd == {"action": "dispute_claim", "args": {}}
    b2 = practice()
    b2.play(Seat.WEST, Card("ST"))
    b2.face_lead(Seat.WEST)
    b2.make_claim(Seat.SOUTH, 1)
    v2 = b2.view_for(Seat.EAST).to_dict()
    assert decide(v2, {"leader": "N"}, {}, 1) == {"action": "agree_claim", "args": {}}
