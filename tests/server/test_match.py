"""Issue 15, item 4, "a team match": a real ``bridgetable serve`` and real sockets.

Two tables, the open and the closed room, play the same four boards (Law 2: same deals,
dealers and vulnerability); team A sits North-South in the open room. A person (South in the
open room) and robots play; the closed room is four robots. The match's IMPs (Law 78B) are
checked against this test's own duplicate scoring and IMP scale, over the boards' public
records; a room never sees the other room's result of a board it has not finished; the match
survives a restart.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
from server_harness import Client, ServerProcess
from test_sessions import EXTRA, play_board, session_of

from bridgetable.core.board import Board
from bridgetable.core.record import BoardRecord
from serve_process import SECRET

#: The WBF IMP scale written out here: (the least difference, IMPs), from the top.
IMP_STEPS = [
    (4000, 24), (3500, 23), (3000, 22), (2500, 21), (2250, 20), (2000, 19), (1750, 18),
    (1500, 17), (1300, 16), (1100, 15), (900, 14), (750, 13), (600, 12), (500, 11),
    (430, 10), (370, 9), (320, 8), (270, 7), (220, 6), (170, 5), (130, 4), (90, 3), (50, 2),
    (20, 1), (0, 0),
]  # fmt: skip


def my_imps(diff: int) -> int:
    size = next(n for low, n in IMP_STEPS if abs(diff) >= low)
    return size if diff >= 0 else -size


def my_score(level: int, strain: str, doubled: int, vul: bool, tricks: int) -> int:
    """Declarer's side's duplicate score, written out independently of bridgetable."""
    need = 6 + level
    if tricks < need:
        down = need - tricks
        if doubled == 0:
            return -down * (100 if vul else 50)
        steps = [200, 300, 300] if vul else [100, 200, 200]
        pen = sum(steps[min(i, 2)] if i < 3 else 300 for i in range(down))
        return -pen * doubled
    per = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    trick_score = (per * level + (10 if strain == "NT" else 0)) * (1, 2, 4)[doubled]
    score = trick_score + ((500 if vul else 300) if trick_score >= 100 else 50)
    score += {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)
    score += (0, 50, 100)[doubled]
    over = tricks - need
    score += over * (per if doubled == 0 else (200 if vul else 100) * doubled)
    return score


def ns_score(board: Board) -> int:
    c = board.contract
    if c is None:
        return 0
    assert c.declarer is not None and board.declarer_tricks is not None
    vul = board.setup.vulnerability.is_vulnerable(c.declarer)
    s = my_score(c.level, c.strain.letter, int(c.doubling), vul, board.declarer_tricks)
    return s if c.declarer.letter in "NS" else -s


async def board_of(
    http: httpx.AsyncClient, server: ServerProcess, table: str, n: int, token: str = ""
) -> Board:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = await http.get(f"{server.http}/api/tables/{table}/record?board={n}", headers=headers)
    r.raise_for_status()
    board = Board.replay(BoardRecord.from_dict(r.json()["boards"][0]))
    assert board.is_over
    return board


async def wait_over(
    http: httpx.AsyncClient, server: ServerProcess, table: str, boards: int
) -> None:
    """Until the table's session has finished ``boards`` boards."""
    for _ in range(1200):
        s = (await http.get(f"{server.http}/api/tables/{table}")).json()
        if s["session"]["over"] or s["board"] > boards:
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the robots' table did not finish")


def match_views(c: Client) -> list[dict[str, Any]]:
    return [m["session"] for m in c.messages if m["type"] == "view" and "session" in m]


async def _match(tmp: Path) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        with ServerProcess(tmp, extra=EXTRA) as server:
            url = server.http + "/api/matches"
            assert (await http.post(url, json={})).status_code == 400  # how many boards?
            bad = {"boards": 2, "robots": {"lounge": []}}
            assert (await http.post(url, json=bad)).status_code == 400
            assert (await http.get(url + "/nope.nope")).status_code == 404
            body = {"boards": 4, "seed": 78, "robots": {"open": ["N", "E", "W"], "closed": "NESW"}}
            assert (await http.post(url, json=body)).status_code == 400  # a list of seats
            body["robots"] = {"open": ["N", "E", "W"], "closed": ["N", "E", "S", "W"]}
            r = await http.post(url, json=body)
            assert r.status_code == 201, r.text
            m = r.json()
            op, cl = m["open"]["id"], m["closed"]["id"]
            assert set(m["open"]["tokens"]) == {"S"} and m["closed"]["tokens"] == {}
            # the closed room's robots finish board 1 before South has made a call
            await wait_over(http, server, cl, 1)
            async with Client(server, op, m["open"]["tokens"]["S"]) as south:
                await south.wait(lambda v: v["board"] == 1, 30)
                first = session_of(south)["match"]
                # the closed room's board 1 is not public while the open room plays it
                r = await http.get(f"{server.http}/api/tables/{cl}/record?board=1")
                assert r.status_code == 403, r.text
                closed1 = await board_of(http, server, cl, 1, SECRET)
                assert first["room"] == "open" and first["boards"] == []
                assert first["totals"] == {"A": 0, "B": 0}
                if closed1.contract is not None:
                    assert str(closed1.contract) not in str(first)
                public = (await http.get(f"{url}/{m['id']}")).json()
                assert public["boards"] == []  # board 1 not over in the open room
                for n in range(1, 5):
                    await play_board(south, n)
                    if n < 4:
                        assert (await south.command("next"))["type"] == "ack"
                # the hiding rule, in every view message South received
                for s in match_views(south):
                    own = {r["board"] for r in s["results"]}
                    assert {b["board"] for b in s["match"]["boards"]} <= own
                await wait_over(http, server, cl, 4)
                last = await south.wait(lambda v: len(session_of(south)["match"]["boards"]) == 4
                                        and session_of(south)["match"]["boards"][3]["imps"]
                                        is not None, 30)  # fmt: skip
                assert last["board"] == 4
                seen = session_of(south)["match"]
            public = (await http.get(f"{url}/{m['id']}")).json()
            assert public["tables"] == {"open": op, "closed": cl}
            assert public["boards"] == seen["boards"] and public["totals"] == seen["totals"]
            a = b = 0
            for n, row in enumerate(public["boards"], 1):
                o, c = await board_of(http, server, op, n), await board_of(http, server, cl, n)
                assert o.setup.deal == c.setup.deal  # the same board in both rooms (Law 2)
                assert (o.setup.dealer, o.setup.vulnerability) == (
                    c.setup.dealer,
                    c.setup.vulnerability,
                )
                diff = ns_score(o) - ns_score(c)
                assert (row["board"], row["difference"], row["imps"]) == (n, diff, my_imps(diff))
                assert row["open"]["score"] == ns_score(o)
                a, b = a + max(my_imps(diff), 0), b + max(-my_imps(diff), 0)
            assert public["totals"] == {"A": a, "B": b}
        # a restart: both rooms' places in the match are stored with the tables
        with ServerProcess(tmp, extra=EXTRA) as server:
            # both tables finished: neither is loaded at start; South's view loads the other room
            async with Client(server, op, m["open"]["tokens"]["S"]) as south:
                await south.wait(lambda v: v["board"] == 4, 30)
                assert session_of(south)["match"]["boards"] == public["boards"]
            again = (await http.get(f"{server.http}/api/matches/{m['id']}")).json()
            assert again["boards"] == public["boards"] and again["totals"] == public["totals"]


def test_a_team_match_of_four_boards_is_scored_in_imps_law_78b(tmp_path: Path) -> None:
    asyncio.run(_match(tmp_path))


def test_a_room_shows_no_board_the_other_room_has_not_finished(tmp_path: Path) -> None:
    """The open room's robots finish board 1 while the closed room (a person's seats, idle)
    has not played it: its record, result, analysis and session PBN are refused to anyone
    but the open room's own token holders, since the closed room's players would see the
    board before playing it (issue 15: neither table sees the other's results before it
    has played the board)."""
    server = ServerProcess(tmp_path, extra=EXTRA)
    server.start()
    try:
        body = {"boards": 2, "seed": 5, "robots": {"open": list("NESW"), "closed": ["N", "S"]}}
        r = httpx.post(server.http + "/api/matches", json=body, timeout=20)
        assert r.status_code == 201, r.text
        m = r.json()
        op = m["open"]["id"]
        base = f"{server.http}/api/tables/{op}"
        for _ in range(600):  # the open room's four robots finish board 1
            if httpx.get(base, timeout=10).json()["board"] >= 2:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the open room did not finish board 1")
        for path in ("record?format=pbn&board=1", "result?board=1", "analysis?board=1"):
            r = httpx.get(f"{base}/{path}", timeout=30)
            assert r.status_code == 403, (path, r.text)
        pbn_text = httpx.get(f"{base}/session-record?format=pbn", timeout=10).text
        assert "[Deal " not in pbn_text
        # with the director secret (or a token of the open room) it is shown
        auth = {"Authorization": f"Bearer {SECRET}"}
        r = httpx.get(f"{base}/result?board=1", headers=auth, timeout=30)
        assert r.status_code == 200, r.text
        r = httpx.get(f"{base}/session-record?format=pbn", headers=auth, timeout=10)
        assert "[Deal " in r.text
    finally:
        server.stop()
