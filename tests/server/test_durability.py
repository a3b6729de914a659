"""Durability: kill -9 the server while many tables are being played; after a restart on the
same data no acknowledged action is lost (each acknowledged command's event is in the stored
record at the version it was acknowledged with) and every table plays on to the end, clients
resuming from the version they had."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
from server_harness import SECRET, Client, ServerProcess, create_table

TABLES = 20


async def player(
    c: Client,
    rng: random.Random,
    acked: list[tuple[int, str, dict[str, Any]]],
    stop: asyncio.Event | None,
) -> None:
    """Practice boards: face the lead, play random legal cards; note every ack."""
    while stop is None or not stop.is_set():
        try:
            v = await c.wait(
                lambda v: v["phase"] == "ended" or bool({"play", "face_lead"} & set(v["actions"])),
                30,
            )
        except ConnectionError:
            return
        if v["phase"] == "ended":
            return
        if "face_lead" in v["actions"]:
            action, args = "face_lead", {}
        else:
            action, args = "play", {"card": rng.choice(v["legal_cards"])}
        try:
            reply = await c.command(action, args, timeout=5)
        except (ConnectionError, TimeoutError):
            return
        if reply["type"] == "ack":
            acked.append((reply["version"], action, args))
            await c.wait(lambda v, n=reply["version"]: c.version >= n, 30)


def test_kill9_then_restart_loses_no_acknowledged_action(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = ServerProcess(data)
    acked: dict[str, list[tuple[int, str, dict[str, Any]]]] = {}
    tokens: dict[str, dict[str, str]] = {}

    async def first_half() -> None:
        async with httpx.AsyncClient() as http:
            for n in range(TABLES):
                t = await create_table(http, server, seed=n, contract="4S", declarer="S")
                tokens[t["id"]] = t["tokens"]
                acked[t["id"]] = []
            clients = [
                (tid, Client(server, tid, tok)) for tid, ts in tokens.items() for tok in ts.values()
            ]
            for _, c in clients:
                await c.__aenter__()
            stop = asyncio.Event()
            tasks = [
                asyncio.create_task(player(c, random.Random(i), acked[tid], stop))
                for i, (tid, c) in enumerate(clients)
            ]
            await asyncio.sleep(1.5)
            server.kill9()  # in the middle of play
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
            for _, c in clients:
                await c.close()

    async def second_half() -> None:
        async with httpx.AsyncClient() as http:
            lost = []
            for tid, acks in acked.items():
                r = await http.get(
                    f"{server.http}/api/tables/{tid}/record",
                    headers={"authorization": f"Bearer {SECRET}"},
                )
                r.raise_for_status()
                events = r.json()["boards"][0]["events"]
                for version, action, args in acks:
                    if len(events) < version:
                        lost.append((tid, version))
                        continue
                    e = events[version - 1]
                    if action == "play":
                        assert e["card"] == args["card"], (e, args)
            assert not lost, lost
            assert sum(len(a) for a in acked.values()) > TABLES
            # every table continues: clients resume from the version they had
            clients = [
                Client(server, tid, tok, since=0)
                for tid, ts in tokens.items()
                for tok in ts.values()
            ]
            for c in clients:
                await c.__aenter__()
            try:
                ignore: list[tuple[int, str, dict[str, Any]]] = []
                await asyncio.wait_for(
                    asyncio.gather(
                        *(player(c, random.Random(i), ignore, None) for i, c in enumerate(clients))
                    ),
                    90,
                )
                for c in clients:
                    assert c.view is not None and c.view["phase"] == "ended"
            finally:
                for c in clients:
                    await c.close()

    try:
        server.start()
        asyncio.run(first_half())
        server.start()
        asyncio.run(second_half())
    finally:
        server.stop()
