"""Issue 14, defects 1-6, over the real path: a real ``bridgetable serve`` process, real
sockets, a real SQLite file.

1. an unseeded table's deal comes from a seed of 256 bits of OS entropy (was 31 bits: found
   from one hand by brute force); a given seed still reproduces its deal;
2. a text that is not Unicode scalar values (a lone surrogate in an ASCII JSON frame) is
   refused with ``bad_request`` and changes nothing; the table goes on, also after a restart;
3. the table-mode state of the issue (a faced quitted trick reopened by a revoke's
   correction) no longer crashes the views;
4. a bad stored row quarantines its table only: the server starts, answers a JSON error
   for it, tells the Directors, and the other tables play on;
5. the data directory is created 0700 and the database files 0600, with a warning at start
   when they are open to other accounts;
6. Law 62A after a 62C1 retraction of a card that was itself a revoke: acknowledged, not a
   dropped socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sqlite3
import stat
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from server_harness import SECRET, Client, ServerProcess, create_table, join

from bridgetable.core.deal import Deal
from bridgetable.core.record import BoardSetup

FAST = ["--robot-workers", "0"]
ISSUE_DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.J65 6543.J76.AKQ.T98 2.5432.JT98.AKQ7"
#: an ASCII JSON frame carries a lone surrogate as an escape: ``"ok \ud800"``
SURROGATE = "ok \ud800"


def _db(data: Path) -> sqlite3.Connection:
    return sqlite3.connect(data / "bridgetable.sqlite3")


def _meta_setup(data: Path, table: str) -> tuple[dict[str, Any], BoardSetup]:
    with contextlib.closing(_db(data)) as db:
        meta, setup = db.execute(
            "SELECT meta, setup FROM bt_tables WHERE id = ?", (table,)
        ).fetchone()
    return json.loads(meta), BoardSetup.from_dict(json.loads(setup))


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of its own (restarted by some tests), robots in the event loop."""
    server = ServerProcess(tmp_path / "data", extra=FAST)
    try:
        yield server.start()
    finally:
        server.stop()


@dataclass
class Seated:
    id: str
    seats: dict[str, Client]
    director: Client
    spectator: Client

    @property
    def everyone(self) -> list[Client]:
        return [*self.seats.values(), self.director, self.spectator]


@contextlib.asynccontextmanager
async def seated(
    server: ServerProcess, table: str, tokens: dict[str, str]
) -> AsyncIterator[Seated]:
    """The four players, the Director and a spectator connected, each holding a view."""
    async with httpx.AsyncClient() as http:
        dtok = tokens.get("director") or await join(http, server, table, "director", SECRET)
        stok = tokens.get("spectator") or await join(http, server, table, "spectator")
    tokens.update(director=dtok, spectator=stok)
    seats = {s: Client(server, table, tokens[s]) for s in "NESW"}
    director, spectator = Client(server, table, dtok), Client(server, table, stok)
    async with seats["N"], seats["E"], seats["S"], seats["W"], director, spectator:
        t = Seated(table, seats, director, spectator)
        for c in t.everyone:
            await c.wait(lambda v: True, 10)
        yield t


async def ack(c: Client, action: str, args: dict[str, Any] | None = None) -> int:
    reply = await c.command(action, args)
    assert reply["type"] == "ack", reply
    version: int = reply["version"]
    await c.wait(lambda v: c.version >= version)
    return version


async def all_at(t: Seated, version: int) -> None:
    for c in t.everyone:
        await c.wait(lambda v, c=c: c.version >= version, 10)


# ---------------------------------------------------------------------------- 1. deals


def test_an_unseeded_deal_comes_from_a_256_bit_secret_and_a_seed_reproduces(
    fresh: ServerProcess,
) -> None:
    async def run() -> dict[str, list[str]]:
        async with httpx.AsyncClient() as http:
            free = [(await create_table(http, fresh))["id"] for _ in range(3)]
            seeded = [(await create_table(http, fresh, seed=12345))["id"] for _ in range(2)]
        return {"free": free, "seeded": seeded}

    ids = asyncio.run(run())
    seeds = []
    for tid in ids["free"]:
        meta, setup = _meta_setup(fresh.data, tid)
        seed = meta["seed"]
        # the secret is at least 128 bits (here 256): no longer a 2^31 search from one hand
        assert isinstance(seed, int) and seed.bit_length() >= 128 > 31
        # ... and it is what the deal came from (the engine is given its randomness)
        assert Deal.random(random.Random(seed)) == setup.deal
        assert Deal.random(random.Random(seed % 2**31)) != setup.deal
        seeds.append(seed)
    assert len(set(seeds)) == 3
    deals = [_meta_setup(fresh.data, tid)[1].deal for tid in ids["seeded"]]
    assert deals[0] == deals[1] == Deal.random(random.Random(12345))


# ---------------------------------------------------------------------------- 2. text


def _frame(mid: int, version: int, action: str, args: dict[str, Any]) -> str:
    text = json.dumps(
        {"type": "command", "id": mid, "version": version, "action": action, "args": args}
    )
    assert text.isascii() and "\\ud800" in text  # the surrogate travels as an escape
    return text


async def _refused(c: Client, t: Seated, mid: int, action: str, args: dict[str, Any]) -> None:
    version = c.version
    await c.send_raw(_frame(mid, version, action, args))
    for _ in range(100):
        got = [m for m in c.messages if m.get("id") == mid]
        if got:
            break
        await asyncio.sleep(0.05)
    assert got and got[0]["type"] == "error" and got[0]["code"] == "bad_request", got
    assert not c.closed
    await asyncio.sleep(0.1)
    assert all(x.version == version for x in t.everyone)  # nothing changed


def test_a_lone_surrogate_is_refused_and_the_table_goes_on(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data", extra=FAST)
    tokens: dict[str, str] = {}

    async def first() -> str:
        async with httpx.AsyncClient() as http:
            t = await create_table(http, server, policy="table")
            r = await http.post(
                server.http + "/api/tables",
                content=json.dumps({"deal": SURROGATE}),
                headers={"content-type": "application/json"},
            )
            assert r.status_code == 400 and "Unicode" in r.json()["error"]
        tokens.update(t["tokens"])
        async with seated(server, t["id"], tokens) as s:
            n, e = s.seats["N"], s.seats["E"]
            await _refused(n, s, 901, "call", {"call": "1C", "explanation": SURROGATE})
            v = await ack(n, "call", {"call": "1C", "alert": True, "explanation": "short"})
            await all_at(s, v)
            await _refused(e, s, 902, "call_director", {"reason": SURROGATE})
            await _refused(n, s, 903, "explain", {"call_index": 0, "text": SURROGATE})
            await _refused(n, s, 904, "correct_explanation", {"call_index": 0, "text": SURROGATE})
            await _refused(s.director, s, 905, "rule", {"tricks": 3, "text": SURROGATE})
            await _refused(e, s, 906, "call", {SURROGATE: 1, "call": "Pass"})
            # a hello whose token holds one: unauthorized, not a crash
            bad = Client(server, t["id"], SURROGATE)
            async with bad:
                for _ in range(100):
                    if bad.closed:
                        break
                    await asyncio.sleep(0.05)
            assert bad.messages and bad.messages[-1]["code"] == "unauthorized"
            # every role still gets its views
            v = await ack(e, "call", {"call": "Pass"})
            await all_at(s, v)
        return str(t["id"])

    async def second(tid: str) -> None:
        async with seated(server, tid, tokens) as s:
            assert all(c.version == 2 for c in s.everyone)
            v = await ack(s.seats["S"], "call", {"call": "1H"})
            await all_at(s, v)

    with server:
        tid = asyncio.run(first())
    with server:  # a restart replays the table
        asyncio.run(second(tid))


# ---------------------------------------------------------------------------- 3. views


def test_a_faced_quitted_trick_reopened_by_a_revoke_correction(tmp_path: Path) -> None:
    """The exact commands of issue 14, defect 3; then a restart with a robot at the table."""
    server = ServerProcess(tmp_path / "data", extra=FAST)
    tokens: dict[str, str] = {}

    async def run() -> str:
        async with httpx.AsyncClient() as http:
            t = await create_table(
                http, server, policy="table", deal=ISSUE_DEAL, contract="4S", declarer="S"
            )
        tokens.update(t["tokens"])
        async with seated(server, t["id"], tokens) as s:
            n, e, so, w = (s.seats[x] for x in "NESW")
            await ack(w, "play", {"card": "H2"})
            await ack(w, "face_lead")
            await ack(so, "play", {"card": "HT"})
            await ack(e, "play", {"card": "S7"})  # a revoke: East holds hearts
            await ack(so, "play", {"card": "H6"})
            v = await ack(s.director, "inspect_quitted", {"trick": 0})
            await all_at(s, v)
            assert s.director.view is not None and s.director.view["shown_tricks"]
            v = await ack(so, "draw_attention", {"offender": "E"})
            await all_at(s, v)
            for c in s.everyone:
                assert c.view is not None and c.view["shown_tricks"] == {}
                assert len(c.view["trick"]) == 3  # East's card is back in his hand
            del n
        return str(t["id"])

    with server:
        tid = asyncio.run(run())
    with server:
        r = httpx.get(f"{server.http}/api/tables/{tid}")
        assert r.status_code == 200 and r.json()["version"] == 7, r.text


# ---------------------------------------------------------------------------- 4. recovery


def test_a_bad_stored_row_quarantines_its_table_only(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = ServerProcess(data, extra=FAST)
    made: dict[str, dict[str, Any]] = {}

    async def setup_tables() -> None:
        async with httpx.AsyncClient() as http:
            for name in ("bad_event", "bad_json", "bad_setup", "good"):
                t = await create_table(http, server, seed=7, contract="4S", declarer="S")
                made[name] = t
                async with Client(server, t["id"], t["tokens"]["W"]) as w:
                    await w.wait(lambda v: True)
                    await ack(w, "play", {"card": w.view["legal_cards"][0]} if w.view else {})

    with server:
        asyncio.run(setup_tables())
    with contextlib.closing(_db(data)) as db:
        db.execute(  # valid JSON, not a valid event: an illegal card
            "UPDATE bt_events SET event = ? WHERE table_id = ? AND seq = 0",
            (
                json.dumps({"type": "CardPlayed", "seat": "W", "card": "ZZ"}),
                made["bad_event"]["id"],
            ),
        )
        db.execute(
            "UPDATE bt_events SET event = '{not json' WHERE table_id = ?",
            (made["bad_json"]["id"],),
        )
        db.execute("UPDATE bt_tables SET setup = '[]' WHERE id = ?", (made["bad_setup"]["id"],))
        db.commit()

    async def after() -> None:
        async with httpx.AsyncClient() as http:
            for name in ("bad_event", "bad_json", "bad_setup"):
                tid = made[name]["id"]
                for path in ("", "/record", "/result"):
                    r = await http.get(f"{server.http}/api/tables/{tid}{path}")
                    assert r.status_code == 500, (name, path, r.text)
                    assert r.json()["code"] == "quarantined", r.text
                async with websockets.connect(f"{server.ws}/ws/tables/{tid}") as ws:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    assert msg["type"] == "error" and msg["code"] == "quarantined", msg
                    with pytest.raises(websockets.ConnectionClosed):
                        await asyncio.wait_for(ws.recv(), 10)
                    assert ws.close_code == 4500
            r = await http.get(
                server.http + "/api/director/calls", headers={"authorization": f"Bearer {SECRET}"}
            )
            flagged = {c["id"] for c in r.json()["calls"] if c.get("quarantined")}
            assert flagged == {made[x]["id"] for x in ("bad_event", "bad_json", "bad_setup")}
            good = made["good"]
            async with Client(server, good["id"], good["tokens"]["W"]) as w:
                await w.wait(lambda v: "face_lead" in v["actions"])
                await ack(w, "face_lead")  # the other table plays on

    with server:  # the server starts
        asyncio.run(after())
    log = server.log.read_text()
    assert log.count("quarantined: its stored record cannot be replayed") >= 3


# ---------------------------------------------------------------------------- 5. files


def _mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


def test_the_data_directory_and_files_are_private(tmp_path: Path) -> None:
    private = tmp_path / "new" / "data"
    # the harness's own log goes to tmp_path; the server's data to a directory it creates
    server = ServerProcess(tmp_path, extra=[*FAST, "--data", str(private), "--director-secret", ""])

    async def play() -> None:
        async with httpx.AsyncClient() as http:
            t = await create_table(http, server, contract="4S", declarer="S")
        async with Client(server, t["id"], t["tokens"]["W"]) as w:
            await w.wait(lambda v: True)
            assert w.view is not None
            await ack(w, "play", {"card": w.view["legal_cards"][0]})

    with server:
        asyncio.run(play())
        db = private / "bridgetable.sqlite3"
        assert _mode(private) == 0o700
        assert _mode(private / "director_secret") == 0o600
        for p in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
            assert p.exists() and _mode(p) == 0o600, (p, oct(_mode(p)))
    assert "open to other local accounts" not in server.log.read_text()
    # opened up by someone: the server still starts, and says so
    private.chmod(0o755)
    db.chmod(0o644)
    with server:
        pass
    log = server.log.read_text()
    assert f"{private} is open to other local accounts (mode 755)" in log
    assert f"{db} is open to other local accounts (mode 644)" in log


# ---------------------------------------------------------------------------- 6. Law 62A


def test_draw_attention_to_a_revoke_retracted_under_62c1(fresh: ServerProcess) -> None:
    """South revokes, West revokes after him; East draws attention to South's revoke (62A),
    West retracts his card (62C1), then East draws attention to West: acknowledged (West's
    retracted card is no longer a revoke), the table plays on."""

    async def run() -> None:
        async with httpx.AsyncClient() as http:
            t = await create_table(
                http, fresh, policy="table", deal=ISSUE_DEAL, contract="4S", declarer="S"
            )
        async with seated(fresh, t["id"], dict(t["tokens"])) as s:
            e, so, w = s.seats["E"], s.seats["S"], s.seats["W"]
            await ack(w, "play", {"card": "H2"})
            await ack(w, "face_lead")
            await ack(so, "play", {"card": "HT"})
            await ack(e, "play", {"card": "HA"})
            await ack(so, "play", {"card": "H6"})
            await ack(e, "play", {"card": "D2"})
            await ack(so, "play", {"card": "S3"})  # South revokes (he holds diamonds)
            await ack(w, "play", {"card": "C7"})  # so does West
            v = await ack(e, "draw_attention", {"offender": "S"})
            await all_at(s, v)
            assert w.view is not None and [o["id"] for o in w.view["options"]] == [
                "retract",
                "keep",
            ]
            await ack(w, "choose", {"option": "retract"})
            v = await ack(e, "draw_attention", {"offender": "W"})
            await all_at(s, v)
            assert not e.closed
            assert s.director.view is not None
            assert not [r for r in s.director.view["revokes"] if r.get("hand") == "W"]
            # the trick goes on: South plays a diamond
            await so.wait(lambda v: "play" in v["actions"])
            await ack(so, "play", {"card": "DA"})

    asyncio.run(run())
