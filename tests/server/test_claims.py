"""Claims through a real server (Laws 68-71): agreed; disputed and ruled by a Director client
with the adjudicator's proposal; a defender's concession objected to by his partner (68B2)."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from typing import Any

import httpx
from server_harness import SECRET, Client, ServerProcess, create_table, join, play_out

DEAL = "N:AKQ2.KQ2.AJ3.Q32 J976.A96.K82.KJ5 843.J873.Q74.A96 T5.T54.T965.T874"


async def _table(
    http: httpx.AsyncClient,
    server: ServerProcess,
    stack: AsyncExitStack,
) -> tuple[dict[str, Client], Client]:
    """A practice table at 3NT by South with the lead faced; four players and a Director."""
    t = await create_table(http, server, deal=DEAL, contract="3NT", declarer="S")
    tid = t["id"]
    clients = {
        s: await stack.enter_async_context(Client(server, tid, tok))
        for s, tok in t["tokens"].items()
    }
    director = await stack.enter_async_context(
        Client(server, tid, await join(http, server, tid, "director", SECRET))
    )
    w = clients["W"]
    v = await w.wait(lambda v: "play" in v["actions"])
    assert (await w.command("play", {"card": v["legal_cards"][0]}))["type"] == "ack"
    await w.wait(lambda v: "face_lead" in v["actions"])
    assert (await w.command("face_lead"))["type"] == "ack"
    await clients["S"].wait(lambda v: v["phase"] == "play" and "claim" in v["actions"])
    await director.wait(lambda v: v["phase"] == "play")
    return clients, director


def test_claim_agreed(server: ServerProcess) -> None:
    async def run() -> None:
        async with httpx.AsyncClient() as http, AsyncExitStack() as stack:
            clients, director = await _table(http, server, stack)
            s = clients["S"]
            reply = await s.command("claim", {"tricks": 9})
            assert reply["type"] == "ack", reply
            for seat in ("W", "E"):
                c = clients[seat]
                await c.wait(lambda v: "agree_claim" in v["actions"])
                # the claimer's hand is faced for everyone (68C)
                assert "S" in c.view["hands"]  # type: ignore[index]
                assert (await c.command("agree_claim"))["type"] == "ack"
            v = await director.wait(lambda v: v["phase"] == "ended")
            assert v["claim"]["status"] == "agreed" and v["claim"]["awarded"] == 9
            assert v["claim"]["remaining"] == 13

    asyncio.run(run())


def test_claim_disputed_and_ruled_by_director(server: ServerProcess) -> None:
    async def run() -> None:
        async with httpx.AsyncClient() as http, AsyncExitStack() as stack:
            clients, director = await _table(http, server, stack)
            s = clients["S"]
            assert (await s.command("claim", {"tricks": 13}))["type"] == "ack"
            w = clients["W"]
            await w.wait(lambda v: "dispute_claim" in v["actions"])
            assert (await w.command("dispute_claim"))["type"] == "ack"
            await director.wait(
                lambda v: v["claim"] is not None and v["claim"]["status"] == "disputed"
            )
            # the Director gets the adjudicator's proposed ruling
            for _ in range(1200):
                props = [m for m in director.messages if m["type"] == "ruling_proposal"]
                if props:
                    break
                await asyncio.sleep(0.05)
            assert props, "no ruling proposal"
            proposal = props[-1]
            awarded = (proposal.get("ruling") or {}).get("awarded")
            tricks = awarded if isinstance(awarded, int) else 9
            # a player cannot give the Director's commands
            err = await s.command("rule", {"tricks": 13})
            assert err["type"] == "error"
            reply = await director.command("rule", {"tricks": tricks, "text": "Law 70"})
            assert reply["type"] == "ack", reply
            v = await w.wait(lambda v: v["phase"] == "ended")
            assert v["claim"]["status"] == "ruled"
            assert v["claim"]["awarded"] == tricks

    asyncio.run(run())


def test_defender_concession_objected_by_partner(server: ServerProcess) -> None:
    async def run() -> None:
        async with httpx.AsyncClient() as http, AsyncExitStack() as stack:
            clients, director = await _table(http, server, stack)
            s = clients["S"]
            # declarer plays dummy's card; then East concedes the rest
            sv = await s.wait(lambda v: "play" in v["actions"])
            assert (await s.command("play", {"card": sv["legal_cards"][-1]}))["type"] == "ack"
            e = clients["E"]
            await e.wait(lambda v: "concede" in v["actions"])
            assert (await e.command("concede", {"tricks": 0}))["type"] == "ack"
            w = clients["W"]
            await w.wait(lambda v: "object" in v["actions"])
            assert (await w.command("object"))["type"] == "ack"
            v = await director.wait(lambda v: v["phase"] == "play")
            assert v["claim"]["status"] == "void"
            # play continues; the conceder's hand is no longer faced
            sv = await s.wait(lambda v: v["phase"] == "play")
            assert "E" not in sv["hands"]

    asyncio.run(run())


#: North-South hold every card above East-West's in each suit: they win every trick however
#: the cards are played.
ALL_TOPS = "N:AKQ8.AKQ.AKQ.AKQ 765.765.8765.876 JT9.JT98.JT9.JT9 432.432.432.5432"


def test_R79_2_agreement_to_a_claim_below_the_floor_refused(server: ServerProcess) -> None:
    """Law 79A2 at the server: South claims two of the last three tricks though his side
    wins all three however the cards are played; the defenders may not accept the trick."""

    async def run() -> None:
        async with httpx.AsyncClient() as http, AsyncExitStack() as stack:
            t = await create_table(http, server, deal=ALL_TOPS, contract="3NT", declarer="S")
            clients = {
                s: await stack.enter_async_context(Client(server, t["id"], tok))
                for s, tok in t["tokens"].items()
            }
            w = clients["W"]
            v = await w.wait(lambda v: "play" in v["actions"])
            assert (await w.command("play", {"card": v["legal_cards"][0]}))["type"] == "ack"
            await w.wait(lambda v: "face_lead" in v["actions"])
            assert (await w.command("face_lead"))["type"] == "ack"
            s = clients["S"]

            def three_left(views: list[dict[str, Any]]) -> bool:
                v = s.view
                return v is not None and v["hand_sizes"]["S"] == 3 and not v["trick"]

            await play_out(clients, three_left)
            await s.wait(lambda v: "claim" in v["actions"])
            assert (await s.command("claim", {"tricks": 2}))["type"] == "ack"
            e = clients["E"]
            await e.wait(lambda v: "agree_claim" in v["actions"])
            reply = await e.command("agree_claim")
            assert reply["type"] == "error" and reply["code"] == "refused", reply
            assert reply["law"] == "79A2" and "at least 3" in reply["message"]
            # nothing changed: the claim still awaits its answers
            assert e.view is not None and e.view["claim"]["status"] == "pending"

    asyncio.run(run())


# ----------------------------------------------------------------------------- no Director


async def _against_robots(
    http: httpx.AsyncClient, server: ServerProcess, stack: AsyncExitStack
) -> tuple[str, Client]:
    """3NT by South against robots (North is a robot too); the robots lead and face it."""
    t = await create_table(
        http, server, deal=DEAL, contract="3NT", declarer="S", robots=["N", "E", "W"]
    )
    s = await stack.enter_async_context(Client(server, t["id"], t["tokens"]["S"]))
    await s.wait(lambda v: v["phase"] == "play" and "claim" in v["actions"], 60)
    return t["id"], s


def test_overclaim_against_robots_the_proposal_is_accepted_and_scored(
    server: ServerProcess,
) -> None:
    """South claims all thirteen against robots; a robot disputes and asks for the
    adjudicator's proposal; it is shown to all four with its explanation, the robots accept
    it, South accepts it, and the board is scored."""

    async def run() -> None:
        async with httpx.AsyncClient() as http, AsyncExitStack() as stack:
            tid, s = await _against_robots(http, server, stack)
            assert (await s.command("claim", {"tricks": 13}))["type"] == "ack"
            v = await s.wait(
                lambda v: (
                    "accept_ruling" in v["actions"] and len(v["claim"]["proposal"]["accepted"]) == 3
                ),
                60,
            )
            claim = v["claim"]
            assert claim["status"] == "disputed" and claim["ruling_asked"]
            proposal = claim["proposal"]
            assert proposal is not None and proposal["text"]
            assert 0 <= proposal["tricks"] < 13
            assert set(proposal["accepted"]) == {"N", "E", "W"}  # the robots accepted
            # every hand is faced for the players to check the explanation (70B3)
            assert set(v["hands"]) == {"N", "E", "S", "W"}
            assert (await s.command("accept_ruling"))["type"] == "ack"
            v = await s.wait(lambda v: v["phase"] == "ended")
            assert v["claim"]["status"] == "ruled" and v["claim"]["ruled_by"] == "players"
            assert v["claim"]["awarded"] == proposal["tricks"]
            r = (await http.get(f"{server.http}/api/tables/{tid}/result")).json()
            assert r["tricks"] == 0 + proposal["tricks"]  # no trick was played
            assert isinstance(r["score_ns"], int)

    asyncio.run(run())


def test_a_side_calls_the_director_and_the_director_rules(server: ServerProcess) -> None:
    """South overclaims; West disputes and calls the Director instead of taking a proposal;
    the call is in the server's queue of calls, which only a Director may read; the
    Director joins from it and rules; the call leaves the queue."""

    async def run() -> None:
        async with httpx.AsyncClient() as http, AsyncExitStack() as stack:
            t = await create_table(http, server, deal=DEAL, contract="3NT", declarer="S")
            tid = t["id"]
            clients = {
                s: await stack.enter_async_context(Client(server, tid, tok))
                for s, tok in t["tokens"].items()
            }
            w = clients["W"]
            v = await w.wait(lambda v: "play" in v["actions"])
            assert (await w.command("play", {"card": v["legal_cards"][0]}))["type"] == "ack"
            await w.wait(lambda v: "face_lead" in v["actions"])
            assert (await w.command("face_lead"))["type"] == "ack"
            s = clients["S"]
            await s.wait(lambda v: "claim" in v["actions"])
            assert (await s.command("claim", {"tricks": 13}))["type"] == "ack"
            await w.wait(lambda v: "dispute_claim" in v["actions"])
            assert (await w.command("dispute_claim"))["type"] == "ack"
            v = await w.wait(lambda v: "ask_ruling" in v["actions"])
            assert "call_director" in v["actions"]
            reply = await w.command("call_director", {"reason": "I have the spade king"})
            assert reply["type"] == "ack", reply
            v = await s.wait(lambda v: v["claim"]["director_called"])
            assert "accept_ruling" not in v["actions"] and "ask_ruling" not in v["actions"]

            calls_url = f"{server.http}/api/director/calls"
            assert (await http.get(calls_url)).status_code == 403
            bad = {"Authorization": "Bearer not-the-secret"}
            assert (await http.get(calls_url, headers=bad)).status_code == 403
            auth = {"Authorization": f"Bearer {SECRET}"}
            calls = (await http.get(calls_url, headers=auth)).json()["calls"]
            mine = [c for c in calls if c["id"] == tid]
            assert len(mine) == 1 and mine[0]["claim"] and mine[0]["caller"] == "W"
            assert mine[0]["reason"] == "I have the spade king"

            director = await stack.enter_async_context(
                Client(server, tid, await join(http, server, tid, "director", SECRET))
            )
            await director.wait(lambda v: v["claim"] is not None)
            reply = await director.command("rule", {"tricks": 9, "text": "Law 70: 9 tricks"})
            assert reply["type"] == "ack", reply
            v = await w.wait(lambda v: v["phase"] == "ended")
            assert v["claim"]["ruled_by"] == "director" and v["claim"]["awarded"] == 9
            calls = (await http.get(calls_url, headers=auth)).json()["calls"]
            assert not [c for c in calls if c["id"] == tid]

    asyncio.run(run())
