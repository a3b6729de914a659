"""No record lost without a word (issue 14, defect 9).

* The LIN of a board started at a given contract (a practice table: ``contract`` and
  ``declarer``, no auction) reads back to the same record.
* A reader that cannot replay a board says so, and ``convert`` and ``check`` exit 1.
* PBN lines stay within 255 characters (a long ruling, explanation or name included).
* A round trip keeps the metadata: no invented ``?`` tags, and LIN keeps the vugraph header.
* One JSON shape for a record: ``formats.json.document``, used by ``convert`` and the server.
* Every record the server exports reads back through our readers to the same record: boards
  built the way the server builds them (``_setup_from`` of ``POST /api/tables``), written
  the way its record download writes them, read back strictly.
"""

from __future__ import annotations

import asyncio
import json
import random
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgetable.cli import main
from bridgetable.core.board import Board
from bridgetable.core.calls import STRAINS, Doubling
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.seats import SEATS
from bridgetable.formats import json as fjson
from bridgetable.formats import lin, pbn
from bridgetable.formats._pbnlex import MAX_LINE
from bridgetable.server.app import _setup_from
from formats.corpus import LIN_FILES
from formats.test_pbn_table_mode import random_table_board

LONG = (
    'The Director rules that the defence keeps the heart: "declarer did not mention the '
    'trump still out, and a careless {but not irrational} line loses a trick to it" '
    "(Law 70C; café; 100% sure; a\\b). " * 4
)


def server_setup(**body: Any) -> BoardSetup:
    """The setup ``POST /api/tables`` makes of ``body``."""
    setup: BoardSetup = _setup_from(body)[0]
    return setup


def practice_board(contract: str = "4SX", declarer: str = "S", cards: int = 6) -> Board:
    """A practice table: the board starts at ``contract``; ``cards`` cards played."""
    board = Board(server_setup(seed=7, board=3, contract=contract, declarer=declarer))
    while len(board.record.events) < cards + 1:
        if board.face_down_lead is not None:
            leader = board.opening_leader
            assert leader is not None
            board.face_lead(leader)
            continue
        seat = board.to_act
        assert seat is not None
        board.play(seat, board.legal_cards(seat)[0])
    return board


def ruled_claim(board: Board, text: str = LONG) -> None:
    declarer = board.declarer
    assert declarer is not None
    n = board.remaining_tricks()
    board.make_claim(declarer, n, "draw trumps then cash H")
    board.dispute_claim(declarer.lho)
    board.director_rule(n - 1, laws="70C", text=text)


def lines_fit(text: str) -> None:
    """Every line within PBN's 255 characters with a CRLF end-of-line."""
    longest = max(text.splitlines(), key=len)
    assert len(longest) + 2 <= MAX_LINE, longest


# ----------------------------------------------------------------------------- LIN


def test_lin_of_a_practice_table_reads_back() -> None:
    board = practice_board()
    ruled_claim(board)
    rec = board.record
    text = lin.dumps([rec])
    assert "nt|Contract: 4SX S, no auction|mb|4S|mb|d|mb|p|mb|p|mb|p|pc|" in text
    back = lin.loads(text, strict=True)
    assert back.diagnostics == () and back[0] == rec
    assert lin.dumps(list(back)) == text
    # PBN gets it from the LIN as it was
    as_pbn = pbn.loads(pbn.dumps(back), strict=True)
    assert as_pbn[0] == rec and as_pbn.games[0].values["Contract"] == "4SX"


def test_lin_given_contract_with_other_calls_is_an_error() -> None:
    text = lin.dumps([practice_board().record]).replace("mb|4S|", "mb|3S|")
    back = lin.loads(text)
    assert [d.message for d in back.errors] == [
        "the calls are not the ones that lead to the given contract 4SX S"
    ]


def test_lin_rubber_board_reads_back() -> None:
    board = Board(server_setup(seed=3, rules="rubber"))
    while board.phase is Phase.AUCTION:
        seat = board.to_act
        assert seat is not None
        board.call(seat, board.legal_calls()[0 if len(board.auction) else 5])
    rec = board.record
    assert rec.setup.rules.is_rubber
    back = lin.loads(lin.dumps([rec]), strict=True)
    assert back[0] == rec


# ----------------------------------------------------------------------------- CLI

# what bridgetable wrote for a practice table before: cards with no auction
OLD_PRACTICE_LIN = (
    "pn|,,,|st||md|1SQTHAJDK943CJ6432,S32HK9763DJ8CQT75,SJ876HQ42DAQT5CK8,SAK954HT85D762CA9|"
    "rh||ah|Board 3|sv|e|pc|S3|pc|SJ|pc|SA|pc|SQ|pg||mc|10|\n"
)


def test_convert_and_check_fail_on_a_board_they_cannot_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "practice.lin"
    src.write_text(OLD_PRACTICE_LIN)
    out = tmp_path / "out.pbn"
    assert main(["convert", str(src), str(out)]) == 1
    err = capsys.readouterr().err
    assert "pc S3 before the end of the auction" in err
    assert "1 boards; 1 errors in game 1 (board 3): what follows the first error" in err
    assert main(["check", str(src)]) == 1
    assert "1 errors" in capsys.readouterr().out
    # with --strict, nothing is written
    assert main(["convert", "--strict", str(src), str(tmp_path / "x.json")]) == 1
    assert not (tmp_path / "x.json").exists()


def test_convert_of_a_practice_table_keeps_the_play(tmp_path: Path) -> None:
    rec = practice_board().record
    src = tmp_path / "p.lin"
    src.write_text(lin.dumps([rec]))
    for ext in ("pbn", "json", "lin"):
        assert main(["convert", str(src), str(tmp_path / f"o.{ext}")]) == 0
    assert fjson.loads((tmp_path / "o.json").read_bytes(), strict=True)[0] == rec
    assert pbn.loads((tmp_path / "o.pbn").read_bytes(), strict=True)[0] == rec


# ----------------------------------------------------------------------------- PBN


def test_pbn_lines_stay_within_255_characters() -> None:
    board = Board(server_setup(seed=11, board=5))
    while board.phase is Phase.AUCTION:
        seat = board.to_act
        assert seat is not None
        first = len(board.auction) == 0
        board.call(
            seat,
            board.legal_calls()[9 if first else 0],
            alert=first,
            explanation=LONG if first else None,
        )
    while len(board.tricks) < 2:
        if board.face_down_lead is not None:
            leader = board.opening_leader
            assert leader is not None
            board.face_lead(leader)
            continue
        seat = board.to_act
        assert seat is not None
        board.play(seat, board.legal_cards(seat)[0])
    ruled_claim(board)
    rec = board.record
    info = {"Event": "A very long event name " * 15, "North": "Ñ " * 200}
    text = pbn.dumps([as_game(rec, info)])
    lines_fit(text)
    assert '[Ruling "' in text and "{BridgetableValue" in text
    back = pbn.loads(text, strict=True)
    assert back.diagnostics == () and back[0] == rec
    assert back.games[0].info["Event"] == info["Event"]
    assert back.games[0].info["North"] == info["North"]
    assert pbn.dumps(back) == text and pbn.dumps(list(back.games)) == text


def as_game(record: BoardRecord, info: dict[str, str]) -> fjson.JsonBoard:
    """A game of another format with ``info``."""
    return fjson.JsonBoard(record=record, info=dict(info))


def test_pbn_reads_a_long_tag_line_and_writes_it_within_255() -> None:
    rec = practice_board().record
    text = pbn.dumps([rec]).replace('[Event "?"]', f'[Event "{"x" * 300}"]')
    first = pbn.loads(text)
    assert [d.message for d in first.diagnostics if d.severity == "warning"]  # over 255
    again = pbn.dumps(first)
    lines_fit(again)
    back = pbn.loads(again, strict=True)
    assert back.diagnostics == () and back.games[0].values["Event"] == "x" * 300


def test_json_pbn_json_invents_no_metadata() -> None:
    rec = practice_board().record
    for info in ({}, {"Event": "Club pairs", "Date": "2024.05.01"}):
        js = fjson.dumps([as_game(rec, info)])
        via = fjson.dumps(pbn.loads(pbn.dumps(fjson.loads(js, strict=True)), strict=True))
        assert via == js
        assert fjson.loads(via).games[0].info == info


# ----------------------------------------------------------------------------- LIN header


def test_lin_keeps_the_vugraph_header() -> None:
    path = next(p for p in LIN_FILES if p.name == "vugraph_gp_poland__74800.lin")
    first = lin.loads(path.read_bytes())
    info = first.games[0].info
    assert info["Event"] and info["HomeTeam"] and info["VisitTeam"]
    as_pbn = pbn.loads(pbn.dumps(first), strict=True)
    text = lin.dumps(as_pbn)
    assert text.startswith("vg|") and text.count("vg|") == 1  # one header for all boards
    back = lin.loads(text, strict=True)
    assert [g.info for g in back.games] == [g.info for g in first.games]
    assert list(back) == list(first)
    # and records of other formats with different headers
    rec = practice_board().record
    games = [
        as_game(rec, {"Event": "A, B", "Stage": "Final", "Scoring": "IMP"}),
        as_game(rec, {"Event": "A, B", "Stage": "Final", "Scoring": "IMP"}),
        as_game(rec, {}),
    ]
    text = lin.dumps(games)
    assert text.count("vg|") == 2
    assert [g.info for g in lin.loads(text, strict=True).games] == [
        {"Event": "A  B", "Stage": "Final", "Scoring": "IMP"},
        {"Event": "A  B", "Stage": "Final", "Scoring": "IMP"},
        {},
    ]


# ----------------------------------------------------------------------------- JSON shape


def test_one_json_shape() -> None:
    rec = practice_board().record
    doc = fjson.document([rec])
    assert json.loads(fjson.dumps([rec])) == doc
    assert doc == {"format": "bridgetable-records", "version": 1, "boards": [rec.to_dict()]}
    assert fjson.loads(json.dumps(doc), strict=True)[0] == rec


def test_the_server_exports_read_back(tmp_path: Path) -> None:
    """A real server: practice, auction and rubber tables; each record download (json, pbn,
    lin) reads back through our readers to the record of the JSON download, which has the
    shape ``convert`` writes."""
    from serve_process import SECRET, ServerProcess

    bodies: list[dict[str, Any]] = [
        {"contract": "3NTX", "declarer": "W", "seed": 5},
        {"seed": 6, "board": 7},
        {"seed": 8, "rules": "rubber", "contract": "2H", "declarer": "N"},
    ]

    async def run(server: ServerProcess) -> None:
        auth = {"authorization": f"Bearer {SECRET}"}
        async with httpx.AsyncClient(timeout=20) as http:
            for body in bodies:
                r = await http.post(server.http + "/api/tables", json=body)
                r.raise_for_status()
                url = f"{server.http}/api/tables/{r.json()['id']}/record"
                doc = (await http.get(url, headers=auth)).json()
                assert doc["format"] == "bridgetable-records" and doc["version"] == 1
                rec = fjson.loads(json.dumps(doc), strict=True)[0]
                assert rec.setup == server_setup(**body)
                for mod in (pbn, lin):
                    text = (await http.get(f"{url}?format={mod.__name__[-3:]}", headers=auth)).text
                    assert mod.loads(text, strict=True)[0] == rec
                    assert fjson.document(mod.loads(text)) == fjson.document([rec])

    with ServerProcess(tmp_path / "serve") as server:
        asyncio.run(run(server))


# ----------------------------------------------------------------------------- property


def server_board(seed: int, *, table_mode: bool) -> Board:
    """A board the way the server makes one: a setup from a ``POST /api/tables`` body
    (auction or practice contract, duplicate or rubber), random calls with alerts and
    explanations (every explanation alerted: a PBN note is an alert, 3.5.4), play stopped
    anywhere, claims plain, ruled with long texts, conceded or unanswered."""
    rng = random.Random(seed)
    if table_mode:
        return random_table_board(seed)
    body: dict[str, Any] = {"seed": rng.randrange(2**40), "board": rng.randint(1, 32)}
    if rng.random() < 0.3:
        body["rules"] = "rubber"
    if rng.random() < 0.4:
        strain = rng.choice(STRAINS)
        body["contract"] = f"{rng.randint(1, 7)}{strain.letter}{rng.choice(list(Doubling)).suffix}"
        body["declarer"] = rng.choice(SEATS).letter
    board = Board(server_setup(**body))
    while board.phase is Phase.AUCTION:
        seat = board.to_act
        assert seat is not None
        legal = board.legal_calls()
        call = (
            legal[0]
            if rng.random() < 0.6
            else legal[min(int(rng.expovariate(0.5)), len(legal) - 1)]
        )
        text = rng.choice([None, None, "15-17", LONG, 'a "q" {b} %'])
        board.call(seat, call, alert=text is not None or rng.random() < 0.2, explanation=text)
    if board.phase is Phase.PASSED_OUT:
        return board
    cards = rng.randint(0, 52)
    while cards and board.phase in (Phase.CLARIFICATION, Phase.PLAY):
        if board.face_down_lead is not None:
            leader = board.opening_leader
            assert leader is not None
            board.face_lead(leader)
            continue
        seat = board.to_act
        assert seat is not None
        board.play(seat, rng.choice(board.legal_cards(seat)))
        cards -= 1
    if board.phase is Phase.PLAY and rng.random() < 0.7:
        declarer = board.declarer
        assert declarer is not None
        n = board.remaining_tricks()
        kind = rng.randint(0, 3)
        if kind == 0:
            board.make_claim(declarer, rng.randint(0, n))
            board.agree_claim(declarer.lho)
            board.agree_claim(declarer.rho)
        elif kind == 1:
            board.make_claim(declarer, rng.randint(0, n), rng.choice([None, "cash S; cash D"]))
            board.dispute_claim(rng.choice([declarer.lho, declarer.rho]))
            board.director_rule(rng.randint(0, n), laws="70", text=rng.choice(["", LONG]))
        elif kind == 2:
            board.make_claim(declarer.lho, rng.randint(0, n), concession=True)
            board.agree_claim(declarer)
        else:
            board.make_claim(declarer, rng.randint(0, n), "draw trumps then cash H")
    return board


SETTINGS = settings(
    max_examples=60,
    deadline=timedelta(seconds=10),
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def exports_read_back(rec: BoardRecord, *, lin_too: bool) -> None:
    doc = fjson.document([rec])  # the server's JSON download
    assert fjson.loads(json.dumps(doc), strict=True)[0] == rec
    text = pbn.dumps([rec])  # the server's PBN download
    lines_fit(text)
    back = pbn.loads(text, strict=True)
    assert back.diagnostics == () and back[0] == rec and pbn.dumps(back) == text
    if lin_too:
        text = lin.dumps([rec])
        back_lin = lin.loads(text, strict=True)
        assert back_lin.diagnostics == () and back_lin[0] == rec


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_every_server_export_reads_back(seed: int) -> None:
    exports_read_back(server_board(seed, table_mode=False).record, lin_too=True)


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_every_table_mode_export_reads_back(seed: int) -> None:
    """Table mode: JSON and PBN keep every event; LIN keeps no irregularity (documented)."""
    exports_read_back(server_board(seed, table_mode=True).record, lin_too=False)
