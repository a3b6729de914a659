"""Issue 15, "A table plays on": a real ``bridgetable serve`` and real sockets.

A person (South) and three robots play two boards of a set (and four, across a kill -9; and a
rubber of three or more deals): after board 1 the four hands are
shown to the person and to a spectator (Law 66D), ``next`` deals board 2 with board 2's
dealer and vulnerability (Law 2), and the running score is the sum of the boards' duplicate
scores. The session survives a restart of the server (it is stored with the table).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
from server_harness import Client, ServerProcess, create_table, join

from bridgetable.core.board import Board
from bridgetable.core.record import BoardRecord
from bridgetable.core.scoring import board_score

EXTRA = ["--samples", "8", "--lead-samples", "8", "--robot-workers", "1"]


def session_of(c: Client) -> dict[str, Any]:
    """The session summary of the client's latest view message."""
    msg = [m for m in c.messages if m["type"] == "view"][-1]
    assert msg["version"] == c.version
    summary: dict[str, Any] = msg["session"]
    return summary


def over(v: dict[str, Any]) -> bool:
    return v["phase"] in ("ended", "passed_out")


async def play_board(c: Client, board: int) -> dict[str, Any]:
    """South passes in the auction and plays his (or dummy's) lowest legal card; agrees to
    robots' claims and accepts the adjudicator's proposal when a robot disputed one.
    Returns the view once board ``board`` is over."""
    for _ in range(400):
        v = await c.wait(
            lambda v: (
                v["board"] == board
                and (
                    over(v)
                    or bool(
                        {"call", "play", "face_lead", "agree_claim", "accept_ruling"}
                        & set(v["actions"])
                    )
                )
            ),
            60,
        )
        if over(v):
            return v
        acts = v["actions"]
        if "agree_claim" in acts:
            reply = await c.command("agree_claim")
        elif "accept_ruling" in acts:  # a robot disputed a robot's claim: the proposal
            reply = await c.command("accept_ruling")
        elif "face_lead" in acts:
            reply = await c.command("face_lead")
        elif "play" in acts and v["legal_cards"]:
            reply = await c.command("play", {"card": v["legal_cards"][-1]})
        elif "call" in acts:
            reply = await c.command("call", {"call": "Pass"})
        else:
            await asyncio.sleep(0.05)
            continue
        if reply["type"] == "ack":
            await c.wait(lambda v, n=reply["version"]: c.version >= n, 30)
        else:  # a robot moved first: look again
            assert reply.get("code") in ("stale", "refused"), reply
            await asyncio.sleep(0.02)
    raise AssertionError("the board did not end")


async def record_of(
    http: httpx.AsyncClient, server: ServerProcess, table: str, query: str = ""
) -> dict[str, Any]:
    """The public record of the board just over (or of ``?board=n``)."""
    r = await http.get(f"{server.http}/api/tables/{table}/record{query}")
    r.raise_for_status()
    data: dict[str, Any] = r.json()["boards"][0]
    return data


async def score_of(http: httpx.AsyncClient, server: ServerProcess, table: str) -> int:
    """North-South's duplicate score of the board just over (Law 77), from its public
    record replayed here (a claim's tricks included)."""
    board = Board.replay(BoardRecord.from_dict(await record_of(http, server, table)))
    assert board.is_over
    tricks = None if board.contract is None else board.declarer_tricks
    return board_score(board.contract, tricks, board.setup.vulnerability)


async def _two_boards(tmp: Path) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        with ServerProcess(tmp, extra=EXTRA) as server:
            t = await create_table(
                http, server, robots=["N", "E", "W"], seed=15, session={"kind": "set", "boards": 2}
            )
            spectator = await join(http, server, t["id"], "spectator")
            async with (
                Client(server, t["id"], t["tokens"]["S"]) as south,
                Client(server, t["id"], spectator) as watcher,
            ):
                v = await south.wait(lambda v: v["board"] == 1, 30)
                assert (v["dealer"], v["vulnerability"]) == ("N", "None")
                assert session_of(south)["board"] == 1 and session_of(south)["actions"] == []
                v1 = await play_board(south, 1)
                # Law 66D: the four original hands for the player and the spectator
                assert set(v1["deal"]) == {"N", "E", "S", "W"}
                assert all(len(h.replace(".", "")) == 13 for h in v1["deal"].values())
                w = await watcher.wait(lambda w: over(w) and w["board"] == 1, 30)
                assert w["deal"] == v1["deal"]
                s1 = session_of(south)
                score1 = await score_of(http, server, t["id"])
                record1 = await record_of(http, server, t["id"])
                assert [r["score"] for r in s1["results"]] == [score1] and s1["total"] == score1
                # the robots asked for the next board at once; South has not yet
                assert s1["asked"] == ["N", "E", "W"] and s1["actions"] == ["next"]
                assert session_of(watcher)["actions"] == []
                assert "next" not in v1["actions"]
                reply = await south.command("next")
                assert reply["type"] == "ack", reply
                v = await south.wait(lambda v: v["board"] == 2, 30)
                # Law 2: board 2 is dealt by East, North-South vulnerable
                assert (v["dealer"], v["vulnerability"]) == ("E", "NS")
                assert v["deal"] == {} and set(v["hands"]) <= {"S"}
                assert v["hands"]["S"] != v1["deal"]["S"]
                v2 = await play_board(south, 2)
                s2 = session_of(south)
                score2 = await score_of(http, server, t["id"])
                assert [r["score"] for r in s2["results"]] == [score1, score2]
                assert s2["total"] == score1 + score2 and s2["over"]
                assert s2["actions"] == []
                refused = await south.command("next")
                assert refused["type"] == "error" and refused["code"] == "refused"
                assert refused["action"] == "next" and refused["law"] == "2"
                version = south.version
            # every board played stays in the record: board 1's, as it was at its end
            assert await record_of(http, server, t["id"], "?board=1") == record1
            r = await http.get(f"{server.http}/api/tables/{t['id']}/record?board=3")
            assert r.status_code == 400
            summary = (await http.get(f"{server.http}/api/tables/{t['id']}")).json()
            assert summary["board"] == 2 and summary["session"]["over"]
        # a restart on the same data: the session is replayed from the store
        with ServerProcess(tmp, extra=EXTRA) as server:
            async with Client(server, t["id"], t["tokens"]["S"]) as south:
                v = await south.wait(lambda v: v["board"] == 2, 30)
                assert south.version == version and v["deal"] == v2["deal"]
                again = session_of(south)
                assert again["results"] == s2["results"] and again["total"] == s2["total"]


def test_a_person_and_three_robots_play_two_boards_of_a_set(tmp_path: Path) -> None:
    asyncio.run(_two_boards(tmp_path))


async def _rubber(tmp: Path) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        with ServerProcess(tmp, extra=EXTRA) as server:
            url = server.http + "/api/tables"
            refused = await http.post(url, json={"session": {"kind": "rubber"}})
            assert refused.status_code == 400  # a rubber under the duplicate code
            refused = await http.post(url, json={"session": {"kind": "set"}})
            assert refused.status_code == 400  # how many boards?
            refused = await http.post(
                url, json={"session": {"kind": "set", "boards": 2}, "deal": "N:..."}
            )
            assert refused.status_code == 400  # a session deals its own boards
            t = await create_table(
                http,
                server,
                rules="rubber",
                seed=3,
                robots=["N", "E", "W"],
                session={"kind": "rubber"},
            )
            async with Client(server, t["id"], t["tokens"]["S"]) as south:
                v = await south.wait(lambda v: v["board"] == 1, 30)
                assert (v["rules"], v["dealer"], v["vulnerability"]) == ("rubber", "N", "None")
                s = session_of(south)
                assert s["kind"] == "rubber" and s["boards"] is None and s["results"] == []
                assert s["rubber"]["games"] == [] and s["rubber"]["winner"] is None
                v1 = await play_board(south, 1)
                s = session_of(south)
                lines = s["results"][0]["lines"]
                ns = sum(x[1] + x[2] for x in lines if x[0] == "NS")
                ew = sum(x[1] + x[2] for x in lines if x[0] == "EW")
                assert s["rubber"]["totals"] == {"NS": ns, "EW": ew} and s["total"] == ns - ew
                assert (await south.command("next"))["type"] == "ack"
                v = await south.wait(lambda v: v["board"] == 2, 30)
                # the dealer rotates; the vulnerability comes from the games won (Law 81)
                won = tuple(session_of(south)["rubber"]["games"])
                assert v["dealer"] == "E"
                assert v["vulnerability"] == {(): "None", ("NS",): "NS", ("EW",): "EW"}[won]
                assert v1["deal"] and v["deal"] == {}
            # four deals of Chicago: neither side vulnerable on the first
            t = await create_table(
                http,
                server,
                rules="rubber",
                seed=4,
                robots=["N", "E", "W"],
                session={"kind": "chicago"},
            )
            async with Client(server, t["id"], t["tokens"]["S"]) as south:
                v = await south.wait(lambda v: v["board"] == 1, 30)
                assert (v["dealer"], v["vulnerability"]) == ("N", "None")
                s = session_of(south)
                assert s["kind"] == "chicago" and s["chicago"]["deals"] == 0


def test_a_rubber_table_deals_on_with_the_rubber_sheet(tmp_path: Path) -> None:
    asyncio.run(_rubber(tmp_path))


#: Law 2 (and the board's table): board n's dealer and vulnerability, written out here rather
#: than computed by the code under test
LAW_2 = {1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "All")}


async def _four_boards_and_a_kill(tmp: Path) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        server = ServerProcess(tmp, extra=EXTRA).start()
        try:
            t = await create_table(
                http, server, robots=["N", "E", "W"], seed=41, session={"kind": "set", "boards": 4}
            )
            scores: list[int] = []
            for board in range(1, 5):
                south = await Client(server, t["id"], t["tokens"]["S"]).__aenter__()
                try:
                    v = await south.wait(lambda v, n=board: v["board"] == n, 60)
                    assert (v["dealer"], v["vulnerability"]) == LAW_2[board]
                    if board == 3:
                        # the server is killed in the middle of board 3 and started again on
                        # the same data: the session resumes where it was
                        # South deals board 3 (Law 2) and passes; then the kill
                        reply = await south.command("call", {"call": "Pass"})
                        assert reply["type"] == "ack", reply
                        version = reply["version"]
                        await south.close()
                        server.kill9()
                        server.start()
                        south = await Client(server, t["id"], t["tokens"]["S"]).__aenter__()
                        v = await south.wait(lambda v: v["board"] == 3, 60)
                        assert south.version >= version and v["auction"][0]["seat"] == "S"
                        assert [r["score"] for r in session_of(south)["results"]] == scores
                    await play_board(south, board)
                    scores.append(await score_of(http, server, t["id"]))
                    s = session_of(south)
                    # the running score, board by board, against each record replayed here
                    assert [r["score"] for r in s["results"]] == scores
                    assert s["total"] == sum(scores)
                    if board < 4:
                        assert (await south.command("next"))["type"] == "ack"
                    else:
                        assert s["over"] and s["actions"] == []
                finally:
                    await south.close()
        finally:
            server.stop()


def test_a_set_of_four_boards_keeps_its_running_score_across_a_kill9(tmp_path: Path) -> None:
    asyncio.run(_four_boards_and_a_kill(tmp_path))


async def _three_deal_rubber(tmp: Path) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        with ServerProcess(tmp, extra=EXTRA) as server:
            t = await create_table(
                http,
                server,
                rules="rubber",
                seed=7,
                robots=["N", "E", "W"],
                session={"kind": "rubber"},
            )
            async with Client(server, t["id"], t["tokens"]["S"]) as south:
                games: list[str] = []
                below_line = {"NS": 0, "EW": 0}
                deal = 0
                while True:
                    deal += 1
                    v = await south.wait(lambda v, n=deal: v["board"] == n, 60)
                    # Laws of Rubber Bridge: the dealer rotates clockwise from North; a side
                    # that has won a game is vulnerable (games counted from the sheet)
                    assert v["dealer"] == "NESW"[(deal - 1) % 4]
                    vul = {s for s in ("NS", "EW") if s in games}
                    assert v["vulnerability"] == (
                        "All" if len(vul) == 2 else next(iter(vul)) if vul else "None"
                    )
                    await play_board(south, deal)
                    s = session_of(south)
                    # a game is 100 or more below the line since the last game (part scores
                    # carried): the games counted here from the sheet's lines
                    for side, below, _above, _label in s["results"][-1]["lines"]:
                        below_line[side] += below
                        if below_line[side] >= 100:
                            games.append(side)
                            below_line = {"NS": 0, "EW": 0}
                    assert list(s["rubber"]["games"]) == games
                    if s["over"]:
                        assert s["rubber"]["winner"] in ("NS", "EW")
                        assert games.count(s["rubber"]["winner"]) == 2
                        break
                    assert (await south.command("next"))["type"] == "ack"
                assert deal >= 3, "a rubber of at least three deals (another seed if not)"


def test_a_rubber_of_three_or_more_deals_vulnerability_from_games_won(tmp_path: Path) -> None:
    asyncio.run(_three_deal_rubber(tmp_path))
