"""LIN reading and writing on small texts."""

from __future__ import annotations

import pytest

from bridgetable.core.board import Board
from bridgetable.core.calls import parse_call
from bridgetable.core.cards import Card
from bridgetable.core.deal import Deal
from bridgetable.core.events import CallMade, ClaimAgreed, ClaimMade
from bridgetable.core.record import BoardSetup
from bridgetable.core.seats import Seat
from bridgetable.formats import lin
from bridgetable.formats.errors import FormatError

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
# South 8765.T9.AKQJ.JT9, West 43.76532.432.832, North AKQ2.J84.T9.7654 (East: the rest)
MD = "md|3S8765HT9DAKQJCJT9,S43H76532D432C832,SAKQ2HJ84DT9C7654,|"
AUCTION = "mb|1N!|an|15-17|mb|p|mb|p|mb|p|"


def test_a_board_with_an_alert_and_a_claim() -> None:
    text = f"pn|s,w,n,e|st||{MD}rh||ah|Board 7|sv|b|{AUCTION}pc|hA|pc|hT|pc|h2|pc|h4|pg||mc|3|"
    loaded = lin.loads(text, strict=True)
    assert loaded.diagnostics == ()
    rec = loaded[0]
    assert (rec.setup.board, rec.setup.dealer, rec.setup.vulnerability.value) == (7, N, "All")
    first = rec.events[0]
    assert isinstance(first, CallMade) and first.alert and first.explanation == "15-17"
    b = Board.replay(rec)
    assert b.declarer_tricks == 3
    made = next(e for e in rec.events if isinstance(e, ClaimMade))
    assert (made.seat, made.tricks) == (N, 3)
    assert [e.seat for e in rec.events if isinstance(e, ClaimAgreed)] == [E, W]
    assert loaded.games[0].info == {"South": "s", "West": "w", "North": "n", "East": "e"}


def test_a_board_spread_over_lines_and_vugraph_header() -> None:
    text = (
        "vg|Cup,Final,I,7,7,Home,0,Away,0|\nrs|1NN-10,|\npn|a,b,c,d,e,f,g,h|pg||\n"
        f"qx|o7|st||{MD}sv|b|\n{AUCTION}\npc|hA|pc|hT|\npc|h2|pc|h4|pg||\nmc|3|pg||\n"
        f"qx|c7|st||{MD}sv|b|mb|p|mb|p|mb|p|mb|p|pg||\n"
    )
    loaded = lin.loads(text)
    assert len(loaded) == 2
    assert loaded.games[0].info["Room"] == "Open" and loaded.games[1].info["North"] == "g"
    assert loaded.games[0].info["Event"] == "Cup" and loaded.games[0].info["Scoring"] == "IMP"
    # the rs entry says 1NT by North went ten down: the record gives declarer 3 tricks
    (w,) = loaded.diagnostics
    assert w.severity == "warning" and "rs gives 1NN-10" in w.message
    again = lin.loads(lin.dumps(loaded)).games[0].items
    assert [(i.cmd, i.value) for i in again] == [(i.cmd, i.value) for i in loaded.games[0].items]


def test_a_revoke_and_a_wrong_hand() -> None:
    revoke = lin.loads(f"{MD}{AUCTION}pc|hA|pc|c9|")  # dummy (South) has hearts
    (d,) = revoke.errors
    assert (d.trick, d.seat, d.law) == (1, "North", "44C, 61A")  # declarer plays for dummy
    assert "South holds a heart" in d.message
    wrong = lin.loads(f"{MD}{AUCTION}pc|hA|pc|h2|")  # West's heart while South is to play
    (d,) = wrong.errors
    assert (d.trick, d.seat, d.law) == (1, "West", "44B, 53-57")
    twice = lin.loads(f"{MD}{AUCTION}pc|hA|pc|hT|pc|h2|pc|h4|pc|hA|")
    assert "played twice" in twice.errors[0].message


def test_bad_values() -> None:
    loaded = lin.loads(f"{MD}mb|1Z|mb|p|pc|x|sv|q|zz|?|")
    messages = [d.message for d in loaded.diagnostics]
    assert "mb '1Z' is not a call" in messages
    assert "sv is o, n, e or b, not 'q'" in messages
    assert any("unknown command" in m for m in messages)
    with pytest.raises(FormatError):
        lin.loads("md|3SAAK|", strict=True)


def test_a_claim_followed_by_play_is_ignored() -> None:
    loaded = lin.loads(f"{MD}{AUCTION}pc|hA|mc|3|pc|hT|pc|h2|pc|h4|")
    assert any("claim followed by more play" in d.message for d in loaded.diagnostics)
    assert len(Board.replay(loaded[0]).tricks) == 1


def test_records_written_as_lin() -> None:
    deal = Deal.from_pbn("N:AKQ2.J84.T9.7654 JT9.AKQ.8765.AKQ 8765.T9.AKQJ.JT9 43.76532.432.832")
    b = Board(BoardSetup.for_board(1, deal=deal))
    for seat, call in zip((N, E, S, W), ("1NT", "Pass", "Pass", "Pass"), strict=True):
        b.call(seat, parse_call(call), explanation="weak" if call == "1NT" else None)
    b.play(E, Card("S9"))
    b.face_lead(E)
    b.play(N, Card("S5"))  # declarer plays dummy's card
    b.make_claim(N, 2, "SA HA")
    b.agree_claim(E)
    text = lin.dumps([b.record])
    assert "mb|1N|an|weak|" in text and "nt|Claim: N 2|nt|Claim statement: SA HA|" in text
    assert "mc|" not in text  # the claim is not agreed yet: West has not answered
    assert lin.loads(text, strict=True)[0] == b.record
