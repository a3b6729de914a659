"""The JSON format: lossless records with their metadata, replayed on reading."""

from __future__ import annotations

import json
import random

import pytest

from bridgetable.core.board import Board
from bridgetable.core.calls import PASS, parse_call
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.seats import Seat
from bridgetable.formats import json as fjson
from bridgetable.formats.errors import FormatError
from bridgetable.selfplay import play_random_board


def test_round_trip_with_info_and_every_event() -> None:
    board = play_random_board(5, random.Random(11))
    board.call_director(Seat.NORTH, "a question")  # an event neither PBN nor LIN keeps
    games = fjson.loads(fjson.dumps([board.record]))
    assert games[0] == board.record and games.diagnostics == ()
    games.games[0].info["Event"] = "Club night"
    loaded = fjson.loads(fjson.dumps(games))
    assert list(loaded) == [board.record]
    assert loaded.games[0].info == {"Event": "Club night"}


def test_one_board_per_line_and_its_line_in_diagnostics() -> None:
    recs = [play_random_board(n, random.Random(n)).record for n in (1, 2, 3)]
    text = fjson.dumps(recs)
    lines = text.splitlines()
    assert len(lines) == 5 and lines[-1] == "]}"
    # break the third board: a card it does not hold, played by the first hand to play
    data = json.loads(text)
    events = data["boards"][2]["events"]
    k = next(i for i, e in enumerate(events) if e["type"] == "CardPlayed")
    board = Board.replay(BoardRecord.from_dict(data["boards"][2]).prefix(k))
    hand = board.hand_to_play
    assert hand is not None
    foreign = next(c for c in board.hand(hand.lho))
    events[k]["card"] = str(foreign)
    loaded = fjson.loads(fjson.dumps([BoardRecord.from_dict(b) for b in data["boards"]]))
    (d,) = loaded.diagnostics
    assert (d.line, d.game, d.board, d.trick) == (4, 3, 3, board.tricks.__len__() + 1)
    assert d.law == "44" and f"event {k + 1} (CardPlayed)" in d.message
    assert loaded[2] == BoardRecord.from_dict(data["boards"][2]).prefix(k)


def test_bad_documents() -> None:
    assert "not JSON" in fjson.loads("{").diagnostics[0].message
    with pytest.raises(FormatError):
        fjson.loads("[1, 2]", strict=True)
    loaded = fjson.loads('[{"setup": {"board": 1}}]')
    assert "not a board record" in loaded.diagnostics[0].message and len(loaded.games) == 1
    one = BoardRecord(BoardSetup.for_board(1, rng=random.Random(1)))
    assert fjson.loads(one.to_json())[0] == one  # a single board object
    odd = fjson.loads('{"format": "x", "version": 9, "boards": []}')
    assert odd.diagnostics[0].severity == "warning"


def test_a_face_down_lead_survives_json() -> None:
    board = Board(BoardSetup.for_board(1, rng=random.Random(3)))
    board.call(Seat.NORTH, parse_call("1NT"))
    for seat in (Seat.EAST, Seat.SOUTH, Seat.WEST):
        board.call(seat, PASS)
    lead = board.legal_cards(Seat.EAST)[0]
    board.play(Seat.EAST, lead)
    assert board.face_down_lead == lead
    assert fjson.loads(fjson.dumps([board.record]))[0] == board.record
