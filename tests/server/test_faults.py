"""Issue 14, defect 8: faults.

- the robots' worker processes (and multiprocessing's resource tracker) end with a server
  killed by SIGKILL (was: they outlived it), over a real ``bridgetable serve`` process;
- a store that fails is answered with ``storage_error`` naming it, nothing is acknowledged
  that was not stored, and the table stays where it was (was: a dropped socket with no
  ``error``), on a real SQLite store whose database is gone under the hub.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from pathlib import Path

import httpx
import psutil  # type: ignore[import-untyped]
import pytest
from server_harness import ServerProcess, create_table

from bridgetable.core.record import BoardSetup
from bridgetable.core.seats import Seat
from bridgetable.server.hub import CommandError, Hub
from bridgetable.server.store import SQLiteStore


def test_the_robot_workers_end_with_a_killed_server(tmp_path: Path) -> None:
    # a robot is thinking hard (thousands of samples for the opening lead) when the server
    # is killed: its worker must not go on computing for nobody
    slow = ["--robot-workers", "1", "--lead-samples", "20000", "--robot-deadline", "120"]
    server = ServerProcess(tmp_path / "data", extra=slow).start()
    assert server.proc is not None
    pid = server.proc.pid
    try:

        async def main() -> None:
            async with httpx.AsyncClient(timeout=30) as http:
                await create_table(http, server, robots=["E"], contract="3NT", declarer="N")

        asyncio.run(main())
        # the robot (East, on lead) is thinking: its worker process is up and computing
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not psutil.Process(pid).children(recursive=True):
            time.sleep(0.2)
        time.sleep(1.5)
        children = psutil.Process(pid).children(recursive=True)
        assert children, "the server has started its robot worker"
        os.kill(pid, signal.SIGKILL)  # the server alone, not its process group
        server.proc.wait(10)
        deadline = time.monotonic() + 10
        alive = [c for c in children if c.is_running() and c.status() != psutil.STATUS_ZOMBIE]
        while alive and time.monotonic() < deadline:
            time.sleep(0.2)
            alive = [c for c in alive if c.is_running() and c.status() != psutil.STATUS_ZOMBIE]
        assert not alive, f"outlived the server: {[c.cmdline()[:3] for c in alive]}"
    finally:
        server.stop()


def test_a_failing_store_is_answered_and_nothing_is_acknowledged(tmp_path: Path) -> None:
    async def main() -> None:
        store = SQLiteStore(tmp_path / "db.sqlite3")
        await store.open()
        hub = Hub(store)
        table, _ = await hub.create(BoardSetup.for_board(1, rng=random.Random(1)), [], 1)
        assert await hub.command(table, Seat.NORTH, 0, "call", {"call": "1C"}) == 1
        await store.close()  # the database is gone under the hub (a disk, a volume)
        with pytest.raises(CommandError) as exc:
            await hub.command(table, Seat.EAST, 1, "call", {"call": "1H"})
        assert exc.value.code == "storage_error" and "could not store" in exc.value.message
        assert table.version == 1 and len(table.board.events) == 1  # nothing kept
        await store.open()  # the store comes back: the table goes on from where it was
        assert await hub.command(table, Seat.EAST, 1, "call", {"call": "1H"}) == 2
        await hub.close()
        await store.close()

    asyncio.run(main())


def test_tokens_expire_a_while_after_the_board_ends(tmp_path: Path) -> None:
    now = [1_000_000.0]

    async def main() -> None:
        store = SQLiteStore(tmp_path / "db.sqlite3")
        await store.open()
        hub = Hub(store, token_hours=24, clock=lambda: now[0])
        table, tokens = await hub.create(BoardSetup.for_board(1, rng=random.Random(1)), [], 1)
        north = tokens["N"]
        for v, seat in enumerate([Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]):
            await hub.command(table, seat, v, "call", {"call": "Pass"})  # passed out: over
        assert table.board.is_over and hub.role_of(table, north) is Seat.NORTH
        now[0] += 23 * 3600
        assert hub.role_of(table, north) is Seat.NORTH  # the day after, still good
        now[0] += 2 * 3600
        assert hub.role_of(table, north) is None  # then gone
        with pytest.raises(CommandError) as exc:
            await hub.join(table, Seat.NORTH)
        assert exc.value.code == "expired"
        await hub.close()
        # the end's time is stored: a restarted server agrees
        again = Hub(store, token_hours=24, clock=lambda: now[0])
        t2 = await again.get(table.id)
        assert t2 is not None and again.role_of(t2, north) is None
        assert Hub(store, token_hours=0).role_of(t2, north) is Seat.NORTH  # 0: never
        await again.close()
        await store.close()

    asyncio.run(main())
