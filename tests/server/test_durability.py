"""Durability: kill -9 the server three times while many tables are being played, four
clients at each human table and robots at others; after every restart on the same data no
acknowledged action is lost (each acknowledged command's event is in the stored record at the
version it was acknowledged with, and no robot table is behind a version its sockets were
shown), no process of the killed server outlives it (robot workers, multiprocessing's
resource tracker: the server alone is killed, not its process group), and at the end every
table plays on to the end, clients resuming from the version they had."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import psutil  # type: ignore[import-untyped]
from server_harness import SECRET, Client, ServerProcess, create_table

TABLES = 16
ROBOT_TABLES = 2
KILLS = 3
#: robots quick enough to play several tricks between two kills, in one worker process
ROBOTS = ["--robot-workers", "1", "--samples", "8", "--lead-samples", "8"]
Acks = list[tuple[int, str, dict[str, Any]]]


async def player(
    c: Client,
    rng: random.Random,
    acked: Acks,
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


def session_of(pid: int) -> list[psutil.Process]:
    """The live processes of the session the server ``pid`` leads (it is started in a
    session of its own: its children, and theirs, are in it unless they left it)."""
    out = []
    for p in psutil.process_iter():
        with contextlib.suppress(psutil.Error, OSError):
            if p.pid != pid and os.getsid(p.pid) == pid and p.status() != psutil.STATUS_ZOMBIE:
                out.append(p)
    return out


def kill_server_alone(server: ServerProcess) -> list[psutil.Process]:
    """SIGKILL the server process itself (its children are left to end on their own); the
    processes it had."""
    assert server.proc is not None
    pid = server.proc.pid
    children: list[psutil.Process] = psutil.Process(pid).children(recursive=True)
    os.kill(pid, signal.SIGKILL)
    server.proc.wait(10)
    server.proc = None
    return children


def assert_no_orphan(pid: int, children: list[psutil.Process]) -> None:
    deadline = time.monotonic() + 15
    left = session_of(pid)
    while left and time.monotonic() < deadline:
        time.sleep(0.2)
        left = session_of(pid)
    alive = [c for c in children if c.is_running() and c.status() != psutil.STATUS_ZOMBIE]
    names = [p.cmdline()[:4] for p in {*left, *alive}]
    for p in {*left, *alive}:  # a failing test leaves nothing running either
        with contextlib.suppress(psutil.Error):
            p.kill()
    assert not names, f"outlived the server: {names}"


async def check_acks(
    http: httpx.AsyncClient, server: ServerProcess, acked: dict[str, Acks], seen: dict[str, int]
) -> None:
    """Every acknowledged command is in the stored record at its version; no robot table is
    behind the version its summary showed."""
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
            else:
                assert e["type"] == "LeadFaced", (e, action)
    assert not lost, lost
    for tid, version in seen.items():
        r = await http.get(f"{server.http}/api/tables/{tid}")
        assert r.json()["version"] >= version, (tid, r.json(), version)


def test_three_kill9s_lose_no_acknowledged_action_and_leave_no_process(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = ServerProcess(data, extra=ROBOTS)
    acked: dict[str, Acks] = {}
    tokens: dict[str, dict[str, str]] = {}
    robot_tables: list[str] = []
    seen: dict[str, int] = {}

    async def create() -> None:
        async with httpx.AsyncClient(timeout=30) as http:
            for n in range(TABLES):
                t = await create_table(http, server, seed=n, contract="4S", declarer="S")
                tokens[t["id"]] = t["tokens"]
                acked[t["id"]] = []
            for n in range(ROBOT_TABLES):
                t = await create_table(
                    http,
                    server,
                    seed=100 + n,
                    robots=["N", "E", "S", "W"],
                    contract="3NT",
                    declarer="N",
                )
                robot_tables.append(t["id"])

    async def play_a_while(rnd: int) -> None:
        """Connect four clients to every human table, play, then kill the server."""
        async with httpx.AsyncClient(timeout=30) as http:
            await check_acks(http, server, acked, seen)
            clients = []
            for tid, ts in tokens.items():
                clients += [(tid, Client(server, tid, tok)) for tok in ts.values()]
            for _, c in clients:
                await c.__aenter__()
            stop = asyncio.Event()
            tasks = [
                asyncio.create_task(player(c, random.Random(rnd * 1000 + i), acked[tid], stop))
                for i, (tid, c) in enumerate(clients)
            ]
            await asyncio.sleep(1.5)
            # the robots have played (a loaded machine may need longer than the sleep)
            for _ in range(120):
                for tid in robot_tables:
                    r = await http.get(f"{server.http}/api/tables/{tid}")
                    seen[tid] = r.json()["version"]
                if any(v > 1 for v in seen.values()):
                    break
                await asyncio.sleep(0.5)
            assert server.proc is not None
            pid = server.proc.pid
            children = kill_server_alone(server)  # in the middle of play
            assert children, "the robots' worker is up (and multiprocessing's tracker)"
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
            for _, c in clients:
                await c.close()
            assert_no_orphan(pid, children)

    async def finish() -> None:
        async with httpx.AsyncClient(timeout=30) as http:
            await check_acks(http, server, acked, seen)
            assert sum(len(a) for a in acked.values()) > TABLES * KILLS
            assert any(v > 1 for v in seen.values()), "the robots played between the kills"
            # every table continues: clients resume from the version they had
            clients = [
                Client(server, tid, tok, since=0)
                for tid, ts in tokens.items()
                for tok in ts.values()
            ]
            for c in clients:
                await c.__aenter__()
            try:
                ignore: Acks = []
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
        asyncio.run(create())
        for rnd in range(KILLS):
            if server.proc is None:
                server.start()
            asyncio.run(play_a_while(rnd))
        server.start()
        asyncio.run(finish())
    finally:
        server.stop()
