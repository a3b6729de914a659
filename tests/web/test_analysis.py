"""The result's par and the card-by-card analysis of ``bridgetable.server.web``, on boards
played out in memory (no browser), and the analysis endpoint's refusal while in play."""

from __future__ import annotations

import dataclasses
import itertools
import random
import time
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from web_harness import WebServer

from bridgetable.core.board import Board
from bridgetable.core.calls import Contract, Strain
from bridgetable.core.deal import Deal
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardSetup
from bridgetable.core.seats import Seat
from bridgetable.formats import json as json_format
from bridgetable.server.web import analysis_of, result_of
from bridgetable.solver.dds import DDSSolver

pytest.importorskip("endplay")

DEAL = "N:AKQ2.KQ2.AJ3.Q32 J976.A96.K82.KJ5 843.J873.Q74.A96 T5.T54.T965.T874"


def _played(seed: int) -> Any:
    """A table-like object holding 3NT by North on DEAL played out with random legal cards."""
    setup = BoardSetup.for_board(1, deal=Deal.from_pbn(DEAL))
    contract = dataclasses.replace(Contract.parse("3NT"), declarer=Seat.NORTH)
    setup = dataclasses.replace(setup, contract=contract)
    board = Board(setup)
    rng = random.Random(seed)
    while not board.is_over:
        pos = board.position()
        seat = pos.to_play
        if seat is board.dummy and board.declarer is not None:
            seat = board.declarer
        board.play(seat, rng.choice(pos.legal_cards()))
        if board.phase is Phase.CLARIFICATION:
            board.face_lead(seat)
    return SimpleNamespace(board=board, setup=setup)


def test_par_of_the_deal() -> None:
    par = result_of(_played(1).board)["par"]
    assert par == {
        "score_ns": 430,
        "contracts": [{"contract": "3NT", "declarer": "N", "result": 1, "text": "3NT by N +1"}],
    }


@pytest.mark.parametrize("seed", [1, 2])
def test_analysis_accounts_for_every_trick(seed: int) -> None:
    table = _played(seed)
    a = analysis_of(table.board)
    assert a["available"] and a["declarer"] == "N" and not a["claimed"]
    cards = [c for t in a["tricks"] for c in t["cards"]]
    assert len(cards) == 52 and [t["number"] for t in a["tricks"]] == list(range(1, 14))
    assert [t["winner"] for t in a["tricks"]] == [t.winner.letter for t in table.board.tricks]
    # each card's "before" is what the previous card left to this side (13 in all)
    for prev, card in itertools.pairwise(cards):
        left = prev["after"] if prev["side"] == card["side"] else 13 - prev["after"]
        assert card["before"] == left
        assert card["cost"] == card["before"] - card["after"] >= 0
    # the first card: the defenders' share of the double-dummy tricks of 3NT by North
    dd = result_of(table.board)["dd"]
    assert cards[0]["side"] == "EW" and cards[0]["before"] == 13 - dd["N"]["NT"]
    # declarer's tricks are the double-dummy tricks less his losses plus the defenders'
    lost = {s: sum(c["cost"] for c in cards if c["side"] == s) for s in ("NS", "EW")}
    assert table.board.declarer_tricks == dd["N"]["NT"] - lost["NS"] + lost["EW"]
    assert a["costly"] == sum(1 for c in cards if c["cost"])


def test_analysis_endpoint_refused_while_in_play(tmp_path: Any) -> None:
    server = WebServer(tmp_path).start()
    try:
        t = server.create(deal=DEAL, contract="3NT", declarer="N")
        r = httpx.get(f"{server.url}/api/tables/{t['id']}/analysis", timeout=10)
        assert r.status_code == 409
        r = httpx.get(f"{server.url}/api/tables/nosuch/analysis", timeout=10)
        assert r.status_code == 404
    finally:
        server.stop()


def test_a_board_the_session_played_before_has_its_result_and_analysis(tmp_path: Any) -> None:
    """``?board=n`` on the result and the analysis: the n-th board of the table's session,
    public once it is over (Law 66D) while the next board is in play; a board not yet played
    is refused."""
    server = WebServer(tmp_path, extra=["--samples", "8", "--lead-samples", "8"]).start()
    try:
        t = server.create(robots=["N", "E", "S", "W"], seed=5, session={"kind": "set", "boards": 3})
        base = f"{server.url}/api/tables/{t['id']}"
        for _ in range(600):  # the robots play on: wait until board 1 is over
            summary = httpx.get(base, timeout=10).json()
            if summary["board"] >= 2:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the robots did not finish board 1")
        text = httpx.get(f"{base}/record?format=json&board=1", timeout=10).text
        board = Board.replay(json_format.loads(text, strict=True)[0])
        got = httpx.get(f"{base}/result?board=1", timeout=30)
        assert got.status_code == 200, got.text
        result = got.json()
        assert result["contract"] == (None if board.contract is None else str(board.contract))
        assert result["tricks"] == (board.declarer_tricks if board.contract else None)
        dd = DDSSolver().dd_tables([board.setup.deal])[0]
        assert result["dd"]["N"]["NT"] == dd[(Seat.NORTH, Strain.NOTRUMP)]
        analysis = httpx.get(f"{base}/analysis?board=1", timeout=60).json()
        if board.contract is not None:
            assert analysis["available"] and analysis["contract"] == str(board.contract)
        for bad in ("0", "9", "x"):
            r = httpx.get(f"{base}/analysis?board={bad}", timeout=10)
            assert r.status_code == 400, (bad, r.text)
    finally:
        server.stop()
