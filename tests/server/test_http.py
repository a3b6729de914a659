"""The HTTP API and the protocol's guards, against a real server: health, OpenAPI, table
creation and validation, joining seats, the Director's secret, the record's access rule,
tokens, message size and rate limits; every message validates against the JSON Schemas."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import websockets
from json_schema import valid
from server_harness import SECRET, Client, ServerProcess, create_table, join

from bridgetable.server.schemas import SERVER_MESSAGES


def _valid(msg: dict[str, Any]) -> bool:
    """``msg`` validates against SERVER_MESSAGES (every keyword the schemas use), and as the
    one message type its ``"type"`` names."""
    options = [o for o in SERVER_MESSAGES["oneOf"] if o["title"] == msg.get("type")]
    return len(options) == 1 and valid(msg, SERVER_MESSAGES) and valid(msg, options[0])


def test_http_api(server: ServerProcess) -> None:
    async def run() -> None:
        async with httpx.AsyncClient() as http:
            h = (await http.get(server.http + "/api/health")).json()
            assert h["status"] == "ok"
            api = (await http.get(server.http + "/api/openapi.json")).json()
            assert api["openapi"].startswith("3.") and "/api/tables" in api["paths"]
            for bad in (
                {"robots": ["X"]},
                {"rules": "chicago"},
                {"deal": "N:AKQ"},
                {"contract": "4S"},
                {"board": 0},
            ):
                r = await http.post(server.http + "/api/tables", json=bad)
                assert r.status_code == 400, bad
            r = await http.post(server.http + "/api/tables", content=b"x" * 70000)
            assert r.status_code == 413
            t = await create_table(http, server, robots=["E", "W"], seed=1)
            assert set(t["tokens"]) == {"N", "S"} and len(t["tokens"]["N"]) >= 32
            tid = t["id"]
            s = (await http.get(f"{server.http}/api/tables/{tid}")).json()
            assert s["seats"] == {"N": "taken", "E": "robot", "S": "taken", "W": "robot"}
            assert (await http.get(f"{server.http}/api/tables/nope")).status_code == 404
            # seats: taken seats cannot be joined; a free seat can, once
            r = await http.post(f"{server.http}/api/tables/{tid}/join", json={"role": "N"})
            assert r.status_code == 409
            t2 = await create_table(http, server, seed=2)
            t3 = await create_table(http, server, seed=2, robots=["N", "E", "S", "W"])
            assert t3["tokens"] == {}
            del t2
            # the Director needs the server's secret
            r = await http.post(
                f"{server.http}/api/tables/{tid}/join", json={"role": "director", "secret": "wrong"}
            )
            assert r.status_code == 403
            dtok = await join(http, server, tid, "director", SECRET)
            # the record of a board in play is the Director's only
            r = await http.get(f"{server.http}/api/tables/{tid}/record")
            assert r.status_code == 403
            r = await http.get(
                f"{server.http}/api/tables/{tid}/record",
                headers={"authorization": f"Bearer {dtok}"},
            )
            assert r.status_code == 200 and "setup" in r.json()["boards"][0]
            r = await http.get(
                f"{server.http}/api/tables/{tid}/record?format=xml",
                headers={"authorization": f"Bearer {dtok}"},
            )
            assert r.status_code == 400
            for fmt, start in (("pbn", "% PBN"), ("lin", "pn|")):
                r = await http.get(
                    f"{server.http}/api/tables/{tid}/record?format={fmt}",
                    headers={"authorization": f"Bearer {dtok}"},
                )
                assert r.status_code == 200 and r.text.startswith(start), (fmt, r.text[:80])

    asyncio.run(run())


def test_socket_guards(server: ServerProcess) -> None:
    async def run() -> None:
        async with httpx.AsyncClient() as http:
            t = await create_table(http, server, seed=9)
            tid = t["id"]
            # a bad token is refused and the socket closed
            async with websockets.connect(f"{server.ws}/ws/tables/{tid}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": "guess"}))
                msg = json.loads(await ws.recv())
                assert msg["code"] == "unauthorized"
            spec = Client(server, tid, await join(http, server, tid, "spectator"))
            n = Client(server, tid, t["tokens"]["N"])
            e = Client(server, tid, t["tokens"]["E"])
            async with spec, n, e:
                await n.wait(lambda v: v["role"] == "N")
                await e.wait(lambda v: v["role"] == "E")
                # N may not act for E; a spectator may not act at all
                err = await n.command("call", {"call": "1C"}, version=n.version)
                assert err["type"] == "ack"  # North deals board 1
                err = await n.command("call", {"call": "1D"})
                assert err["code"] == "refused"
                await spec.wait(lambda v: True)
                err = await spec.command("call", {"call": "Pass"}, version=spec.version)
                assert err["code"] == "forbidden"
                err = await e.command("fly", {})
                assert err["code"] == "bad_request"
                err = await e.command("call", {"call": 7})
                assert err["code"] == "bad_request"
                # oversized message
                await e.send_raw(json.dumps({"type": "ping", "pad": "x" * 9000}))
                # rate limit: a burst beyond the bucket is answered rate_limited
                for i in range(60):
                    await e.send_raw(json.dumps({"type": "ping", "id": f"p{i}"}))
                await asyncio.sleep(0.5)
                codes = [m.get("code") for m in e.messages if m["type"] == "error"]
                assert "rate_limited" in codes and "bad_request" in codes
                # reconnect resumes from a version: nothing new, it is told it is in sync
                again = Client(server, tid, t["tokens"]["E"], since=e.version)
                async with again:
                    for _ in range(100):
                        if any(m["type"] == "synced" for m in again.messages):
                            break
                        await asyncio.sleep(0.02)
                    assert any(m["type"] == "synced" for m in again.messages)
                for c in (spec, n, e):
                    for m in c.messages:
                        assert _valid(m), m
                # no view to the spectator or to East holds North's hand
                for _, v in e.views():
                    assert "N" not in v["hands"]
                for _, v in spec.views():
                    assert v["hands"] == {}

    asyncio.run(run())
