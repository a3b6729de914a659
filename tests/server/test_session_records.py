"""``GET /api/tables/{id}/session-record``: a real ``bridgetable serve``, real sockets.

A person (South) and three robots play a set of two boards. The session's PBN and LIN hold
the boards over and only those (the board in play's hands stay hidden until it is over, Law
66D); the JSON, which holds the seed and the log, is the Director's until the session is over,
then anyone's, and it replays to the session the table played.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from server_harness import SECRET, Client, ServerProcess, create_table
from test_sessions import EXTRA, play_board, session_of

from bridgetable.core.deal import Deal
from bridgetable.formats import lin
from bridgetable.formats import session as records


async def _set_of_two(tmp: Path) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        with ServerProcess(tmp, extra=EXTRA) as server:
            t = await create_table(
                http, server, robots=["N", "E", "W"], seed=23, session={"kind": "set", "boards": 2}
            )
            url = f"{server.http}/api/tables/{t['id']}/session-record"
            async with Client(server, t["id"], t["tokens"]["S"]) as south:
                await south.wait(lambda v: v["board"] == 1, 30)
                empty = await http.get(url, params={"format": "pbn"})
                assert empty.status_code == 200 and "[Board " not in empty.text
                # the JSON of a session in play: the Director's only
                assert (await http.get(url, params={"format": "json"})).status_code == 403
                auth = {"Authorization": f"Bearer {SECRET}"}
                d = await http.get(url, params={"format": "json"}, headers=auth)
                assert d.status_code == 200 and d.json()["format"] == records.FORMAT
                assert (await http.get(url, params={"format": "xml"})).status_code == 400

                v1 = await play_board(south, 1)
                one = records.loads_pbn((await http.get(url)).text)  # PBN by default
                assert len(one) == 1
                deal = one[0].record.setup.deal
                assert deal == Deal.from_pbn("N:" + " ".join(v1["deal"][s] for s in "NESW"))
                score1 = session_of(south)["results"][0]["score"]
                assert one[0].scores == {"Score": f"NS {score1}"}
                await south.command("next")
                v = await south.wait(lambda v: v["board"] == 2, 30)
                # board 2 is in play: still only board 1, none of board 2's hands
                again = records.loads_pbn((await http.get(url)).text)
                assert [b.record for b in again] == [one[0].record]
                assert v["hands"]["S"] and v["deal"] == {}

                await play_board(south, 2)
                results = session_of(south)["results"]
            pbn_text = (await http.get(url, params={"format": "pbn"})).text
            boards = records.loads_pbn(pbn_text)
            assert [b.scores["Score"] for b in boards] == [f"NS {r['score']}" for r in results]
            lin_text = (await http.get(url, params={"format": "lin"})).text
            assert list(lin.loads(lin_text)) == [b.record for b in boards]
            # the session is over: its JSON is public and replays to the same session
            doc = (await http.get(url, params={"format": "json"})).json()
            session = records.from_document(doc)
            assert session.is_over
            assert [r.to_dict() for r in session.results] == results
            assert [b.record for b in session.played_boards()] == [b.record for b in boards]


def test_a_session_record_over_http_pbn_lin_and_json(tmp_path: Path) -> None:
    asyncio.run(_set_of_two(tmp_path))


async def _rubber_deal(tmp: Path) -> None:
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
            url = f"{server.http}/api/tables/{t['id']}/session-record"
            async with Client(server, t["id"], t["tokens"]["S"]) as south:
                await play_board(south, 1)
                sheet = session_of(south)["rubber"]
                lines = session_of(south)["results"][0]["lines"]
            (deal,) = records.loads_pbn((await http.get(url)).text)
            above, below = sheet["above"], sheet["below"]
            assert deal.scores["ScoreRubber"] == (
                f"NS {above['NS']}/{below['NS']} EW {above['EW']}/{below['EW']}"
            )
            ns = sum(x[1] + x[2] for x in lines if x[0] == "NS")
            ew = sum(x[1] + x[2] for x in lines if x[0] == "EW")
            assert deal.scores["Score"] == f"NS {ns} EW {ew}"
            # the rubber goes on: its JSON is the Director's
            assert (await http.get(url, params={"format": "json"})).status_code == 403


def test_a_rubber_session_record_carries_the_sheet_in_score_rubber(tmp_path: Path) -> None:
    asyncio.run(_rubber_deal(tmp_path))
