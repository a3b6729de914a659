"""Issue 14, defect 7: the server's limits, over the real path (a ``bridgetable serve``
process, real sockets, a real SQLite file).

- tables one address may create a minute (``--tables-per-minute``): 429 past it;
- sockets at once on one token and on one table (``--sockets-per-token``,
  ``--sockets-per-table``): ``too_many_sockets`` and close 4429 past it;
- questions, Director calls and announcements one seat may give a minute
  (``--talk-per-minute``): ``rate_limited`` past it, while calls and cards go on;
- JSON nested too deep is ``bad_request`` on a socket and 400 over HTTP (was a dropped
  socket and a 500); a ``text/plain`` POST (a cross-site form needs no preflight) creates
  no table (415);
- unknown table ids leave nothing behind in the hub (was one lock per id, forever);
- a ``"par"`` contract asks the solver off the event loop: the health check answers while
  several are computed.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets
from server_harness import Client, ServerProcess, create_table

from bridgetable.server.limits import TALK, WindowCounter
from bridgetable.server.wire import MAX_DEPTH, too_deep

LIMITS = [
    "--robot-workers",
    "0",
    "--tables-per-minute",
    "5",
    "--sockets-per-token",
    "2",
    "--sockets-per-table",
    "3",
    "--talk-per-minute",
    "4",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    s = ServerProcess(tmp_path_factory.mktemp("limits") / "data", extra=LIMITS)
    try:
        yield s.start()
    finally:
        s.stop()


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of its own with the small limits above."""
    s = ServerProcess(tmp_path / "data", extra=LIMITS).start()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def plain(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of its own with the default limits, robots in the event loop."""
    s = ServerProcess(tmp_path / "data", extra=["--robot-workers", "0"]).start()
    try:
        yield s
    finally:
        s.stop()


def test_tables_per_address_per_minute(server: ServerProcess) -> None:
    async def main() -> list[int]:
        async with httpx.AsyncClient() as http:
            codes = []
            for _ in range(7):
                r = await http.post(server.http + "/api/tables", json={"robots": []})
                codes.append(r.status_code)
            last = r.json()
            assert "5 tables a minute" in last["error"]
            return codes

    codes = asyncio.run(main())
    assert codes.count(201) <= 5 and codes[-1] == 429


def test_a_text_plain_post_creates_no_table(plain: ServerProcess) -> None:
    server = plain
    r = httpx.post(
        server.http + "/api/tables",
        content=json.dumps({"robots": []}),
        headers={"content-type": "text/plain"},
        timeout=10,
    )
    assert r.status_code == 415 and "application/json" in r.json()["error"]
    deep = "[" * 5000 + "]" * 5000
    r = httpx.post(
        server.http + "/api/tables",
        content=json.dumps({"robots": []})[:-1] + ', "x": ' + deep + "}",
        headers={"content-type": "application/json"},
        timeout=10,
    )
    assert r.status_code == 400 and "nests deeper" in r.json()["error"]
    assert httpx.get(server.http + "/api/health", timeout=10).json()["tables"] == 0


def test_sockets_per_token_and_per_table(limited: ServerProcess) -> None:
    server = limited

    async def main() -> None:
        async with httpx.AsyncClient() as http:
            t = await create_table(http, server)
        tokens = t["tokens"]
        a = await Client(server, t["id"], tokens["N"]).__aenter__()
        b = await Client(server, t["id"], tokens["N"]).__aenter__()
        await a.wait(lambda v: True)
        await b.wait(lambda v: True)
        # a third socket on North's token is refused and closed
        async with websockets.connect(f"{server.ws}/ws/tables/{t['id']}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": tokens["N"]}))
            msg = json.loads(await ws.recv())
            assert msg["type"] == "error" and msg["code"] == "too_many_sockets"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        c = await Client(server, t["id"], tokens["E"]).__aenter__()
        await c.wait(lambda v: True)
        # the table holds three sockets: a fourth, on another token, is refused too
        async with websockets.connect(f"{server.ws}/ws/tables/{t['id']}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": tokens["S"]}))
            msg = json.loads(await ws.recv())
            assert msg["code"] == "too_many_sockets"
        await b.close()  # a socket closed frees its place
        d = await Client(server, t["id"], tokens["S"]).__aenter__()
        await d.wait(lambda v: True)
        assert not d.closed
        for x in (a, c, d):
            await x.close()

    asyncio.run(main())


def test_talk_per_seat_per_minute_while_the_play_goes_on(limited: ServerProcess) -> None:
    server = limited

    async def main() -> None:
        async with httpx.AsyncClient() as http:
            t = await create_table(http, server)
        n = await Client(server, t["id"], t["tokens"]["N"]).__aenter__()
        await n.wait(lambda v: True)
        answers = [
            (await n.command("call_director", {"reason": "x" * 400}))["type"] for _ in range(6)
        ]
        assert answers[:4] == ["ack"] * 4
        reply = await n.command("call_director", {"reason": "again"})
        assert reply["type"] == "error" and reply["code"] == "rate_limited"
        assert "4 questions" in reply["message"]
        # the auction itself is never limited
        assert (await n.command("call", {"call": "1C"}))["type"] == "ack"
        await n.close()
        r = httpx.get(f"{server.http}/api/tables/{t['id']}", timeout=10)
        assert r.json()["version"] == 5  # four calls of the Director and one bid

    asyncio.run(main())


def test_deep_json_on_a_socket_is_bad_request_and_the_socket_stays(plain: ServerProcess) -> None:
    server = plain

    async def main() -> None:
        async with httpx.AsyncClient() as http:
            t = await create_table(http, server)
        n = await Client(server, t["id"], t["tokens"]["N"]).__aenter__()
        await n.wait(lambda v: True)
        deep = '{"type": "command", "id": 7, "args": ' + "[" * 3000 + "]" * 3000 + "}"
        await n.send_raw(deep)
        deadline = time.monotonic() + 10
        while not any(m["type"] == "error" for m in n.messages):
            assert time.monotonic() < deadline and not n.closed
            await asyncio.sleep(0.05)
        err = next(m for m in n.messages if m["type"] == "error")
        assert err["code"] == "bad_request"
        assert (await n.command("call", {"call": "1C"}))["type"] == "ack"
        await n.close()

    asyncio.run(main())


def test_unknown_table_ids_leave_nothing_behind_and_par_is_off_the_loop(
    plain: ServerProcess,
) -> None:
    server = plain

    async def main() -> None:
        async with httpx.AsyncClient(timeout=30) as http:
            for i in range(50):
                r = await http.get(f"{server.http}/api/tables/nosuch{i}")
                assert r.status_code == 404
            body = {
                "robots": [],
                "deal": "N:AKQ2.J84.T9.7654 JT9.AKQ.8765.AKQ 8765.T9.AKQJ.JT9 43.76532.432.832",
                "contract": "par",
                "declarer": "E",
            }
            pars = [
                asyncio.create_task(http.post(server.http + "/api/tables", json=body))
                for _ in range(4)
            ]
            start = time.monotonic()
            health = await http.get(server.http + "/api/health")
            waited = time.monotonic() - start
            results = await asyncio.gather(*pars)
        assert health.status_code == 200
        assert all(r.status_code in (201, 501) for r in results)
        assert waited < 2.0  # the loop was free while the solver ran

    asyncio.run(main())


def test_hub_forgets_the_locks_of_ids_that_name_no_table() -> None:
    from bridgetable.server.hub import Hub
    from bridgetable.server.store import SQLiteStore

    async def main(path: Path) -> int:
        store = SQLiteStore(path)
        await store.open()
        hub = Hub(store)
        for i in range(100):
            assert await hub.get(f"missing{i}") is None
        await store.close()
        return len(hub._loading)

    import tempfile

    with tempfile.TemporaryDirectory() as d:
        assert asyncio.run(main(Path(d) / "db.sqlite3")) == 0


def test_the_limit_helpers() -> None:
    c = WindowCounter(3, 60.0)
    assert [c.allow("x", t) for t in (0, 1, 2, 3)] == [True, True, True, False]
    assert c.allow("x", 61.0)  # the window slides
    assert too_deep("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert not too_deep("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert not too_deep('"\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["')  # inside a string
    assert "call" not in TALK and "play" not in TALK and "call_director" in TALK
