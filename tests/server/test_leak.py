"""Leak test: over 200 boards played through a real server, every view sent to a role equals
the engine's ``view_for(role)`` at that version, rebuilt from the Director's record -- so no
message holds a card that role may not see at that moment. Most boards are played by scripted
clients (random legal calls and cards, face-down leads, clarification requests); some have
robots in three seats."""

from __future__ import annotations

import asyncio
import os
import random
from typing import Any

import httpx
from server_harness import Client, ServerProcess, create_table, join

from bridgetable.core.board import Board
from bridgetable.core.events import event_from_dict
from bridgetable.core.record import BoardSetup
from bridgetable.core.views import parse_role

BOARDS = int(os.environ.get("LEAK_BOARDS", "200"))
ROBOT_BOARDS = 8
CONCURRENT = 25


async def scripted(c: Client, rng: random.Random) -> None:
    """A player who makes simple legal calls, asks once in a while, plays random legal cards,
    and faces his lead."""
    asked = False

    async def send(action: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
        # against the version of the view the choice was made on: a ``stale`` answer means
        # the table moved on (a robot's answer, a proposal), and the loop looks again
        # rather than resending a command the newer state may refuse
        return await c.command(action, args, version=c.version)

    while True:
        v = await c.wait(
            lambda v: (
                v["phase"] in ("ended", "passed_out")
                or bool(
                    {
                        "call",
                        "play",
                        "face_lead",
                        "explain",
                        "agree_claim",
                        "request_play_on",
                        "accept_ruling",
                    }
                    & set(v["actions"])
                )
                or "agree_play_on" in v["actions"]
            ),
            60,
        )
        if v["phase"] in ("ended", "passed_out"):
            return
        a = v["actions"]
        if "agree_claim" in a:
            reply = await send("agree_claim")
            if reply.get("law") == "68D" and "disputed" in reply.get("reason", ""):
                # a robot disputed it first: once this view shows it, a proposal follows
                await c.wait(lambda v: "agree_claim" not in v["actions"], 60)
                continue
        elif "accept_ruling" in a:
            # a robot disputed and asked for the adjudicator's proposal: accept it
            reply = await send("accept_ruling")
        elif "request_play_on" in a:
            # a robot disputed a robot's claim: no Director here, so the side asks to play on
            reply = await send("request_play_on")
        elif "agree_play_on" in a:
            reply = await send("agree_play_on")
        elif "explain" in a:
            idx = next((i for s, i in v["pending_questions"]), None)
            reply = await send("explain", {"call_index": idx, "text": "natural"})
        elif "call" in a:
            bids = [x for x in v["auction"] if x["call"] not in ("Pass", "X", "XX")]
            call = "Pass"
            if not bids and rng.random() < 0.8:
                call = f"{rng.randint(1, 3)}{rng.choice(['C', 'D', 'H', 'S', 'NT'])}"
            reply = await send("call", {"call": call})
        elif "face_lead" in a:
            if v["pending_questions"]:
                await c.wait(lambda v: not v["pending_questions"], 60)
                continue
            reply = await send("face_lead")
        else:
            if (
                not asked
                and "ask_explanation" in a
                and v["phase"] == "clarification"
                and rng.random() < 0.5
            ):
                asked = True
                reply = await send("ask_explanation", {"call_index": 0})
                if reply["type"] == "ack":
                    continue
            card = rng.choice(v["legal_cards"])
            reply = await send("play", {"card": card})
        if reply["type"] == "error":
            if reply["code"] != "stale":
                raise AssertionError(reply)
            newer = reply.get("version", c.version + 1)
            await c.wait(lambda v, n=newer: c.version >= n, 60)
            continue
        await c.wait(lambda v, n=reply["version"]: c.version >= n, 60)


def check_views(record: dict[str, Any], clients: list[Client]) -> int:
    """Compare every received view with the engine's view at that version."""
    setup = BoardSetup.from_dict(record["setup"])
    events = [event_from_dict(e) for e in record["events"]]
    wanted: dict[int, set[str]] = {}
    for c in clients:
        for ver, view in c.views():
            wanted.setdefault(ver, set()).add(view["role"])
    expected: dict[tuple[int, str], dict[str, Any]] = {}
    board = Board(setup)
    for i in range(len(events) + 1):
        if i:
            board.apply(events[i - 1])
        for role in wanted.get(i, ()):
            expected[i, role] = board.view_for(parse_role(role)).to_dict()
    checked = 0
    for c in clients:
        for ver, view in c.views():
            assert view == expected[ver, view["role"]], (ver, view["role"])
            checked += 1
    return checked


async def one_board(http: httpx.AsyncClient, server: ServerProcess, n: int) -> int:
    rng = random.Random(n)
    robots = ["N", "E", "W"] if n < ROBOT_BOARDS else []
    t = await create_table(http, server, board=n % 16 + 1, seed=n, robots=robots)
    tid = t["id"]
    spectator = Client(server, tid, await join(http, server, tid, "spectator"))
    players = [Client(server, tid, tok) for tok in t["tokens"].values()]
    async with spectator:
        for p in players:
            await p.__aenter__()
        try:
            await asyncio.gather(*(scripted(p, random.Random(rng.random())) for p in players))
            await spectator.wait(lambda v: v["phase"] in ("ended", "passed_out"), 60)
        finally:
            for p in players:
                await p.close()
    r = await http.get(f"{server.http}/api/tables/{tid}/record")
    r.raise_for_status()
    return check_views(r.json()["boards"][0], [spectator, *players])


def test_no_view_leaks_a_card_over_200_boards(server: ServerProcess) -> None:
    async def run() -> int:
        sem = asyncio.Semaphore(CONCURRENT)

        async def guarded(http: httpx.AsyncClient, n: int) -> int:
            async with sem:
                return await one_board(http, server, n)

        async with httpx.AsyncClient(timeout=30) as http:
            counts = await asyncio.gather(*(guarded(http, n) for n in range(BOARDS)))
        return sum(counts)

    checked = asyncio.run(run())
    assert checked > BOARDS * 20
