"""Load test of the table server on loopback.

Starts ``bridgetable serve`` (SQLite in a temporary directory, no robots), creates N practice
tables (3NT by South, so play starts at the opening lead) with four scripted clients each, and
plays cards at a set pace per table for a fixed window. Reports plays per second, the latency
from a command's send to the last of the table's four broadcasts for that version (p50, p99),
the server's CPU (percent of one core) and resident memory.

    python bench/server.py --tables 10 100 1000 --seconds 10 --rate 0.25

The pace: after the four broadcasts of a play arrive, a table waits ``1/rate`` seconds before
its next play. The default, a card every 4 seconds at every table, is about twice the pace of
a fast online table (a board of 52 cards in 7 minutes is a card every 8 seconds); at 1,000
tables it is some 200 to 250 plays a second, each sending four views. ``--rate 1`` finds the
throughput where the machine saturates: on 2 cores the load generator's 4,000 sockets
(parsing every view) share the CPU with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
import psutil  # type: ignore[import-untyped]
import websockets


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Table:
    """Four sockets of one table and the latency bookkeeping."""

    def __init__(self) -> None:
        self.socks: dict[str, Any] = {}
        self.views: dict[str, dict[str, Any]] = {}
        self.sent: dict[int, float] = {}
        self.arrived: dict[int, int] = {}
        self.latencies: list[float] = []
        self.plays = 0
        self.version = 0
        self.changed = asyncio.Event()


async def reader(t: Table, seat: str, ws: Any) -> None:
    with contextlib.suppress(websockets.ConnectionClosed):
        async for raw in ws:
            msg = orjson.loads(raw)
            if msg["type"] != "view":
                continue
            v = msg["version"]
            t.views[seat] = msg["view"]
            t.version = max(t.version, v)
            n = t.arrived.get(v, 0) + 1
            t.arrived[v] = n
            if n == 4 and v in t.sent:
                t.latencies.append(time.perf_counter() - t.sent.pop(v))
            t.changed.set()


async def driver(t: Table, pace: float, until: float, rng: random.Random) -> None:
    await asyncio.sleep(rng.random() * pace)
    while time.perf_counter() < until:
        view = t.views.get("N")
        if view is None or t.arrived.get(t.version, 0) < 4:
            t.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(t.changed.wait(), 1)
            continue
        if view["phase"] == "ended":
            return
        actor = view["to_act"]
        v = t.views[actor]
        if "face_lead" in v["actions"]:
            action, args = "face_lead", {}
        elif v["legal_cards"]:
            action, args = "play", {"card": rng.choice(v["legal_cards"])}
        else:
            await asyncio.sleep(0.01)
            continue
        t.sent[t.version + 1] = time.perf_counter()
        t.arrived.pop(t.version + 1, None)
        await t.socks[actor].send(
            json.dumps({"type": "command", "version": t.version, "action": action, "args": args})
        )
        t.plays += 1
        target = t.version + 1
        while t.arrived.get(target, 0) < 4 and time.perf_counter() < until:
            t.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(t.changed.wait(), 1)
        if pace:
            await asyncio.sleep(pace)


async def run_part(
    base: str, first: int, tables: int, seconds: float, rate: float, go: Any, ready: Any
) -> dict[str, Any]:
    """One load-generator process: ``tables`` tables, started together with the others."""
    ts: list[Table] = []
    async with httpx.AsyncClient(limits=httpx.Limits(max_connections=20), timeout=60) as http:
        created = []
        for i in range(first, first + tables):
            r = await http.post(
                f"{base}/api/tables", json={"seed": i, "contract": "3NT", "declarer": "S"}
            )
            created.append(r.json())
    ws_base = base.replace("http", "ws")
    for c in created:
        t = Table()
        for seat, tok in c["tokens"].items():
            ws = await websockets.connect(
                f"{ws_base}/ws/tables/{c['id']}", compression=None, max_size=2**20
            )
            await ws.send(json.dumps({"type": "hello", "token": tok}))
            t.socks[seat] = ws
        ts.append(t)
    # the load generator's own collector must not pause the clocks it reads
    gc.collect()
    gc.freeze()
    gc.disable()
    readers = [asyncio.create_task(reader(t, s, ws)) for t in ts for s, ws in t.socks.items()]
    await asyncio.sleep(0.5)
    ready.set()
    await asyncio.get_running_loop().run_in_executor(None, go.wait)
    start = time.perf_counter()
    until = start + seconds
    pace = 1.0 / rate if rate > 0 else 0.0
    await asyncio.gather(
        *(driver(t, pace, until, random.Random(first + i)) for i, t in enumerate(ts))
    )
    elapsed = time.perf_counter() - start
    for t in ts:
        for ws in t.socks.values():
            await ws.close()
    for task in readers:
        task.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    return {
        "latencies": [x for t in ts for x in t.latencies],
        "plays": sum(t.plays for t in ts),
        "elapsed": elapsed,
    }


def _part(args: tuple[str, int, int, float, float, Any, Any]) -> dict[str, Any]:
    return asyncio.run(run_part(*args))


def run_load(
    base: str, tables: int, seconds: float, rate: float, procs: int, proc: psutil.Process
) -> dict[str, Any]:
    """Run ``procs`` load-generator processes against the server; the figures."""
    ctx = multiprocessing.get_context("spawn")
    manager = ctx.Manager()
    go = manager.Event()
    readies = [manager.Event() for _ in range(procs)]
    share = [tables // procs + (1 if i < tables % procs else 0) for i in range(procs)]
    firsts = [sum(share[:i]) for i in range(procs)]
    with ctx.Pool(procs) as pool:
        res = pool.map_async(
            _part,
            [(base, firsts[i], share[i], seconds, rate, go, readies[i]) for i in range(procs)],
        )
        for r in readies:
            r.wait()
        cpu0 = proc.cpu_times()
        t0 = time.perf_counter()
        go.set()
        parts = res.get()
        elapsed = time.perf_counter() - t0
        cpu1 = proc.cpu_times()
    rss = proc.memory_info().rss
    manager.shutdown()
    lat = sorted(x for p in parts for x in p["latencies"])
    plays = sum(p["plays"] for p in parts)
    run = max(p["elapsed"] for p in parts)
    cpu = (cpu1.user + cpu1.system - cpu0.user - cpu0.system) / elapsed * 100
    return {
        "tables": tables,
        "connections": tables * 4,
        "plays_per_s": round(plays / run, 1),
        "p50_ms": round(statistics.median(lat) * 1000, 2) if lat else None,
        "p99_ms": round(lat[int(len(lat) * 0.99) - 1] * 1000, 2) if lat else None,
        "server_cpu_pct": round(cpu, 1),
        "server_rss_mb": round(rss / 2**20, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tables", type=int, nargs="+", default=[10, 100, 1000])
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument(
        "--rate", type=float, default=0.25, help="cards per second per table (see above)"
    )
    ap.add_argument("--procs", type=int, default=2, help="load-generator processes")
    args = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    for n in args.tables:
        with tempfile.TemporaryDirectory() as tmp:
            port = _free_port()
            log = open(Path(tmp) / "server.log", "wb")  # noqa: SIM115
            server = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "bridgetable.cli",
                    "serve",
                    "--port",
                    str(port),
                    "--data",
                    tmp,
                    "--robot-workers",
                    "0",
                    "--director-secret",
                    "bench",
                    # the benchmark creates its tables from one address at once
                    "--tables-per-minute",
                    "1000000",
                    "--sockets-per-table",
                    "1000",
                ],
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
            try:
                base = f"http://127.0.0.1:{port}"
                for _ in range(100):
                    with contextlib.suppress(httpx.HTTPError):
                        if httpx.get(base + "/api/health").status_code == 200:
                            break
                    time.sleep(0.1)
                result = run_load(
                    base, n, args.seconds, args.rate, args.procs, psutil.Process(server.pid)
                )
                print(json.dumps(result), flush=True)
            finally:
                os.killpg(server.pid, signal.SIGTERM)
                server.wait(10)
                log.close()
    del soft


if __name__ == "__main__":
    main()
