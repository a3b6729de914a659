"""Issue 16 over a real ``bridgetable serve`` and real sockets: robots at a table.

* A table of four robots bids and plays a set of 20 boards to its end, with no board left
  waiting: every board's record is over, and the session's results are the records'.
* A person asks about a robot's alerted call at his turn in the auction (Law 20F1) and the
  caller's partner -- a robot -- explains it from the system (Law 20F: partner explains,
  from the partnership's agreements, not from his own hand).
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

#: Board 4 (West deals): West 1NT (15 HCP, balanced), North passes (2 HCP), East transfers
#: with 2D (five hearts), and South, a person, is next to call.
DEAL = "N:JT98.T53.987.JT9 K4.QJ976.T54.876 6532.A2.AK6.AQ43 AQ7.K84.QJ32.K52"


def test_four_robots_bid_and_play_twenty_boards(tmp_path: Path) -> None:
    asyncio.run(_twenty_boards(tmp_path))


async def _twenty_boards(tmp_path: Path) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        with ServerProcess(tmp_path, extra=EXTRA) as server:
            t = await create_table(
                http,
                server,
                robots=["N", "E", "S", "W"],
                seed=1616,
                session={"kind": "set", "boards": 20},
            )
            spectator = await join(http, server, t["id"], "spectator")
            async with Client(server, t["id"], spectator) as watcher:
                last: dict[str, Any] = {}
                for board in range(1, 21):
                    # each board is over within its own time: none is left waiting
                    await watcher.wait(
                        lambda v, b=board: (
                            v["board"] > b
                            or (v["board"] == b and v["phase"] in ("ended", "passed_out"))
                        ),
                        120,
                    )
                msg = [m for m in watcher.messages if m["type"] == "view"][-1]
                last = msg["session"]
            assert last["over"] is True and last["board"] == 20
            results = last["results"]
            assert isinstance(results, list) and [r["board"] for r in results] == list(range(1, 21))
            for r in results:
                rec = await http.get(
                    f"{server.http}/api/tables/{t['id']}/record?board={r['board']}"
                )
                rec.raise_for_status()
                b = Board.replay(BoardRecord.from_dict(rec.json()["boards"][0]))
                assert b.is_over, r
                tricks = None if b.contract is None else b.declarer_tricks
                assert r["score"] == board_score(b.contract, tricks, b.setup.vulnerability)
            # the robots bid: not every board is passed out at the one level
            assert sum(r["contract"] is not None for r in results) >= 15


def test_a_person_asks_a_robot_about_its_partners_call(tmp_path: Path) -> None:
    asyncio.run(_ask_a_robot(tmp_path))


async def _ask_a_robot(tmp_path: Path) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        with ServerProcess(tmp_path, extra=EXTRA) as server:
            t = await create_table(http, server, robots=["N", "E", "W"], deal=DEAL, board=4, seed=4)
            async with Client(server, t["id"], t["tokens"]["S"]) as south:
                v = await south.wait(lambda v: v["to_act"] == "S", 60)
                calls = [a["call"] for a in v["auction"]]
                assert calls == ["1NT", "Pass", "2D"], v["auction"]
                # East's 2D is a transfer: alerted (announced) to South
                assert v["auction"][2]["alert"], v["auction"]
                assert "ask_explanation" in v["actions"] and v["explanations"] == []
                reply = await south.command("ask_explanation", {"call_index": 2})
                assert reply["type"] == "ack", reply
                # West, East's partner, answers from the system
                v = await south.wait(lambda v: bool(v["explanations"]), 60)
                assert v["explanations"] == [
                    [2, "Transfer to hearts, 5+ hearts, forcing one round"]
                ]
                assert v["pending_questions"] == []
                # and the auction goes on: South may call
                assert "call" in v["actions"]
