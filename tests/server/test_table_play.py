"""Four clients play a board to the end through a real server, over real sockets: a full
auction with an alert, a face-down opening lead (Law 41A), a clarification request answered
by declarer (41B), the lead faced (41C), dummy played by declarer (45B); stale and illegal
commands answered on the one socket only."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from server_harness import SECRET, Client, ServerProcess, create_table, join, play_out

DEAL = "N:AKQ2.KQ2.AJ3.Q32 J976.A96.K82.KJ5 843.J873.Q74.A96 T5.T54.T965.T874"


def test_four_clients_face_down_lead_and_clarification(server: ServerProcess) -> None:
    async def run() -> None:
        async with httpx.AsyncClient() as http:
            t = await create_table(http, server, deal=DEAL, board=1)
            assert set(t["tokens"]) == {"N", "E", "S", "W"}
            tid = t["id"]
            spec_token = await join(http, server, tid, "spectator")
            dir_token = await join(http, server, tid, "director", SECRET)
            clients = {s: Client(server, tid, tok) for s, tok in t["tokens"].items()}
            spectator = Client(server, tid, spec_token)
            director = Client(server, tid, dir_token)
            async with clients["N"], clients["E"], clients["S"], clients["W"], spectator, director:
                for c in [*clients.values(), spectator, director]:
                    await c.wait(lambda v: True)
                calls: list[tuple[str, dict[str, Any]]] = [
                    ("N", {"call": "1NT"}),
                    ("E", {"call": "Pass"}),
                    ("S", {"call": "2C", "alert": True, "explanation": "Stayman"}),
                    ("W", {"call": "Pass"}),
                    ("N", {"call": "2D"}),
                    ("E", {"call": "Pass"}),
                    ("S", {"call": "3NT"}),
                    ("W", {"call": "Pass"}),
                    ("N", {"call": "Pass"}),
                    ("E", {"call": "Pass"}),
                ]
                for seat, args in calls:
                    c = clients[seat]
                    await c.wait(lambda v, s=seat: v["to_act"] == s)
                    # a stale command is refused on this socket only
                    if seat == "W" and args["call"] == "Pass" and c.version == 3:
                        err = await c.command("call", args, version=c.version - 1)
                        assert err["type"] == "error" and err["code"] == "stale"
                        before = [len(x.messages) for x in clients.values()]
                        await asyncio.sleep(0.1)
                        assert [len(x.messages) for x in clients.values()] == before
                    reply = await c.command("call", args)
                    assert reply["type"] == "ack", reply
                # out of turn: refused with the Law, nothing changes
                s = clients["S"]
                await s.wait(lambda v: v["phase"] == "clarification")
                err = await s.command("play", {"card": "SA"})
                assert err["code"] in ("refused", "bad_request")
                e = clients["E"]
                ev = await e.wait(lambda v: "play" in v["actions"])
                assert ev["declarer"] == "N" and ev["dummy"] == "S"
                # the opening leader asks about South's 2C at his turn, before leading (41B)
                reply = await e.command("ask_explanation", {"call_index": 2})
                assert reply["type"] == "ack", reply
                n = clients["N"]
                await n.wait(lambda v: "explain" in v["actions"])
                reply = await n.command(
                    "explain", {"call_index": 2, "text": "Stayman: asks for a major"}
                )
                assert reply["type"] == "ack", reply
                ev = await e.wait(lambda v: "play" in v["actions"] and not v["pending_questions"])
                assert any("Stayman" in str(x) for x in [*ev["answers"], *ev["explanations"]]), ev
                lead = ev["legal_cards"][-1]
                assert (await e.command("play", {"card": lead}))["type"] == "ack"
                ev = await e.wait(lambda v: v["face_down_lead"] is not None)
                assert ev["face_down_lead"] == lead
                w = await clients["W"].wait(lambda v: v["face_down_leader"] == "E")
                assert w["face_down_lead"] is None
                assert all(lead not in h for h in w["hands"].values())
                sp = await spectator.wait(lambda v: v["face_down_leader"] == "E")
                assert sp["face_down_lead"] is None and sp["hands"] == {}
                # no card may be played before the lead is faced (41C)
                err = await clients["N"].command("play", {"card": "SA"})
                assert err["code"] == "refused" and err["law"]
                await e.wait(lambda v: "face_lead" in v["actions"])
                assert (await e.command("face_lead"))["type"] == "ack"
                wv = await clients["W"].wait(lambda v: v["phase"] == "play")
                assert wv["trick"] == [["E", lead]]
                assert "S" in wv["hands"]  # dummy is spread (41D)
                # dummy may not play his own cards (45B)
                dv = await clients["S"].wait(lambda v: v["phase"] == "play")
                assert "play" not in dv["actions"]
                await play_out(clients)
                final = await director.wait(lambda v: v["phase"] == "ended")
                assert sum(final["tricks_won"].values()) == 13
                r = await http.get(f"{server.http}/api/tables/{tid}/record")
                assert r.status_code == 200
                assert len(r.json()["boards"][0]["events"]) == director.version
                summary = (await http.get(f"{server.http}/api/tables/{tid}")).json()
                assert summary["over"] and summary["phase"] == "ended"

    asyncio.run(run())
