"""Records made by the Laws engine survive every format: random deals, auctions with alerts
and explanations, play stopped anywhere, and claims of every kind (plain, with statement,
disputed and ruled, a defender's concession, unanswered).

PBN keeps all of these (rubber rules too, as ``Scoring "Rubber"``); LIN keeps boards with an
auction under the duplicate rules; JSON keeps everything. PBN writes an explained call as a
note, which is an alert (PBN 3.5.4), so the records given to PBN alert every explained call.
"""

from __future__ import annotations

import dataclasses
import random
from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgetable.core.board import Board
from bridgetable.core.calls import STRAINS, Contract, Doubling
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import SEATS
from bridgetable.formats import json as fjson
from bridgetable.formats import lin, pbn

STATEMENTS = (None, "draw trumps then cash H", "SA HA HK", "concede 1", "cash S; cash D")
TEXTS = (None, "15-17", 'a "quoted" \\ text', " leading space", "5+ !S; forcing")


def random_record(seed: int, *, pbn_alerts: bool, lin_only: bool) -> BoardRecord:
    rng = random.Random(seed)
    rules = RuleSet() if lin_only or rng.random() < 0.8 else RuleSet.rubber()
    setup = BoardSetup.for_board(rng.randint(1, 40), rng=rng, rules=rules)
    if not lin_only and rng.random() < 0.15:  # the board starts at the opening lead
        contract = Contract(
            rng.randint(1, 7), rng.choice(STRAINS), rng.choice(list(Doubling)), rng.choice(SEATS)
        )
        setup = dataclasses.replace(setup, contract=contract)
    board = Board(setup)
    stop_calls = rng.randint(0, 40) if rng.random() < 0.1 else 99
    while board.phase is Phase.AUCTION and len(board.auction) < stop_calls:
        seat = board.auction.turn
        assert seat is not None
        legal = board.legal_calls()
        call = (
            legal[0]
            if rng.random() < 0.6
            else legal[min(int(rng.expovariate(0.5)), len(legal) - 1)]
        )
        text = rng.choice(TEXTS)
        alert = rng.random() < 0.3
        if pbn_alerts and text is not None:
            alert = True
        board.call(seat, call, alert=alert, explanation=text)
    if board.phase is not Phase.CLARIFICATION:
        return board.record
    cards = rng.randint(0, 52)
    played = 0
    while played < cards and board.phase in (Phase.CLARIFICATION, Phase.PLAY):
        if board.face_down_lead is not None:
            leader = board.opening_leader
            assert leader is not None
            board.face_lead(leader)
            continue
        seat = board.to_act
        assert seat is not None
        board.play(seat, rng.choice(board.legal_cards(seat)))
        played += 1
    if board.face_down_lead is not None:
        leader = board.opening_leader
        assert leader is not None
        board.face_lead(leader)
    if _in_play(board) and rng.random() < 0.7:
        _claim(board, rng)
    return board.record


def _in_play(board: Board) -> bool:
    return board.phase is Phase.PLAY


def _claim(board: Board, rng: random.Random) -> None:
    declarer = board.declarer
    assert declarer is not None
    remaining = board.remaining_tricks()
    kind = rng.randint(0, 3)
    if kind == 0:  # plain
        board.make_claim(declarer, rng.randint(0, remaining))
        board.agree_claim(declarer.lho)
        board.agree_claim(declarer.rho)
    elif kind == 1:  # statement, dispute, ruling
        board.make_claim(declarer, rng.randint(0, remaining), rng.choice(STATEMENTS))
        board.dispute_claim(rng.choice([declarer.lho, declarer.rho, declarer.partner]))
        board.director_rule(rng.randint(0, remaining), laws="70", text=rng.choice(["", "x;y"]))
    elif kind == 2:  # a defender's concession agreed by declarer
        board.make_claim(declarer.lho, rng.randint(0, remaining), concession=True)
        board.agree_claim(declarer)
    else:  # left unanswered
        board.make_claim(declarer, rng.randint(0, remaining), rng.choice(STATEMENTS))


SETTINGS = settings(
    max_examples=80,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow],
)


@SETTINGS
@given(st.integers(0, 2**32))
def test_pbn_keeps_engine_records(seed: int) -> None:
    rec = random_record(seed, pbn_alerts=True, lin_only=False)
    text = pbn.dumps([rec])
    back = pbn.loads(text, strict=True)
    assert back.diagnostics == ()
    assert back[0] == rec
    assert pbn.dumps(back) == text and pbn.dumps(list(back)) == text


@SETTINGS
@given(st.integers(0, 2**32))
def test_lin_keeps_engine_records(seed: int) -> None:
    rec = random_record(seed, pbn_alerts=False, lin_only=True)
    text = lin.dumps([rec])
    back = lin.loads(text, strict=True)
    assert back.diagnostics == ()
    assert back[0] == rec
    assert lin.dumps(list(back)) == text


@SETTINGS
@given(st.integers(0, 2**32))
def test_json_keeps_engine_records(seed: int) -> None:
    rec = random_record(seed, pbn_alerts=False, lin_only=False)
    text = fjson.dumps([rec])
    back = fjson.loads(text, strict=True)
    assert back[0] == rec and fjson.dumps(back) == text
