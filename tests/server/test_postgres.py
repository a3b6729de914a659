"""Several processes on real PostgreSQL: two ``serve`` processes share tables; a command
given through one reaches the clients of the other (LISTEN/NOTIFY); two writers of the same
version cannot both win; robots run in one process only (advisory lock)."""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_harness import Client, ServerProcess, create_table

ADMIN_URL = os.environ.get("BRIDGETABLE_TEST_POSTGRES", "postgresql://127.0.0.1:5432/postgres")


@pytest.fixture
def database() -> Iterator[str]:
    """A fresh database on the local PostgreSQL, dropped afterwards."""
    psycopg = pytest.importorskip("psycopg")
    try:
        admin = psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as exc:  # pragma: no cover - CI starts PostgreSQL
        pytest.skip(f"PostgreSQL not reachable: {exc}")
    name = "bt_test_" + secrets.token_hex(4)
    with admin:
        admin.execute(f"CREATE DATABASE {name}")
        try:
            yield ADMIN_URL.rsplit("/", 1)[0] + "/" + name
        finally:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_two_processes_share_tables(database: str, tmp_path: Path) -> None:
    small = ["--samples", "8", "--lead-samples", "8"]
    a = ServerProcess(tmp_path / "a", database=database, extra=small)
    b = ServerProcess(tmp_path / "b", database=database, extra=small)

    async def run() -> None:
        async with httpx.AsyncClient() as http:
            # a human table created on A, played by clients split across A and B
            t = await create_table(http, a, seed=3, contract="3NT", declarer="S")
            tid = t["id"]
            summary = (await http.get(f"{b.http}/api/tables/{tid}")).json()
            assert summary["id"] == tid
            servers = {"N": a, "E": b, "S": a, "W": b}
            clients = {s: Client(servers[s], tid, tok) for s, tok in t["tokens"].items()}
            for c in clients.values():
                await c.__aenter__()
            try:
                for c in clients.values():
                    await c.wait(lambda v: True)
                # both processes accept a command made against the same version: one wins
                w, e = clients["W"], clients["E"]
                v = await w.wait(lambda v: "play" in v["actions"])
                r1 = await w.command("play", {"card": v["legal_cards"][0]})
                assert r1["type"] == "ack"
                r2 = await w.command("play", {"card": v["legal_cards"][0]}, version=0)
                assert r2["type"] == "error" and r2["code"] == "stale"
                # the face-down lead reaches the other process's clients without its card
                ev = await e.wait(lambda v: v["face_down_leader"] == "W")
                assert ev["face_down_lead"] is None
                await w.wait(lambda v: "face_lead" in v["actions"])
                r = await w.command("face_lead")
                assert r["type"] == "ack"
                for c in clients.values():
                    await c.wait(lambda v, c=c, k=r["version"]: c.version >= k)
                while True:
                    view = clients["N"].view
                    assert view is not None
                    if view["phase"] == "ended":
                        break
                    actor = view["to_act"]
                    c = clients[actor]
                    cv = await c.wait(
                        lambda v, s=actor: (
                            (v["to_act"] == s and "play" in v["actions"]) or v["phase"] == "ended"
                        )
                    )
                    if cv["phase"] == "ended":
                        continue
                    r = await c.command("play", {"card": cv["legal_cards"][-1]})
                    assert r["type"] == "ack", r
                    for c in clients.values():
                        await c.wait(lambda v, c=c, k=r["version"]: c.version >= k)
                for c in clients.values():
                    final = await c.wait(lambda v: v["phase"] == "ended")
                    assert sum(final["tricks_won"].values()) == 13
                # a robot table created on B plays to the end, robots in one process only
                t2 = await create_table(
                    http, b, seed=5, contract="2H", declarer="N", robots=["E", "S", "W"]
                )
                n = Client(a, t2["id"], t2["tokens"]["N"])
                async with n:
                    while True:
                        nv = await n.wait(
                            lambda v: (
                                "play" in v["actions"]
                                or v["phase"] == "ended"
                                or "agree_claim" in v["actions"]
                            ),
                            60,
                        )
                        if nv["phase"] == "ended":
                            break
                        act = "agree_claim" if "agree_claim" in nv["actions"] else "play"
                        args = {"card": nv["legal_cards"][0]} if act == "play" else {}
                        r = await n.command(act, args)
                        assert r["type"] in ("ack", "error")
                        if r["type"] == "ack":
                            await n.wait(lambda v, k=r["version"]: n.version >= k)
                    got = await http.get(f"{a.http}/api/tables/{t2['id']}/record")
                    rec = got.json()["boards"][0]
                    seqs = list(rec["events"])
                    assert len(seqs) == n.version
            finally:
                for c in clients.values():
                    await c.close()

    try:
        a.start()
        b.start()
        asyncio.run(run())
    finally:
        a.stop()
        b.stop()
