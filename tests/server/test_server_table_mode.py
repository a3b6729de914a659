"""Table mode over a real server and real sockets (``"policy": "table"``): a faced opening
lead out of turn accepted by declarer (Law 54B) and play going on from declarer's hand;
dummy's "No clubs, partner?" (42B1, 61B) correcting declarer's revoke, with a defender's
retraction right (62C1); a defender's revoke corrected when declarer draws attention to it
(62A, 62B: a major penalty card, face up for everyone, 50A); stale, malformed and illegal
table-mode commands answered on the one socket only."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
from server_harness import SECRET, Client, ServerProcess, create_table, join

from bridgetable.server.commands import DIRECTOR_COMMANDS, PLAYER_COMMANDS, TABLE_COMMANDS
from bridgetable.server.schemas import CLIENT_MESSAGES, COMMAND_ARGS

# 4S by South: West is to lead; East holds AKQ of hearts and of clubs
DEAL = "N:AKQ2.J84.T9.7654 JT9.AKQ.8765.AKQ 8765.T9.AKQJ.JT9 43.76532.432.832"


def ids(options: list[dict[str, Any]]) -> list[str]:
    """The ids of a view's options (each also carries its Law, label and arguments)."""
    return [o["id"] for o in options]


@dataclass
class Seated:
    """Four players and the Director on one table."""

    id: str
    seats: dict[str, Client]
    director: Client

    def __getitem__(self, seat: str) -> Client:
        return self.seats[seat]

    @property
    def everyone(self) -> list[Client]:
        return [*self.seats.values(), self.director]


@contextlib.asynccontextmanager
async def seated(server: ServerProcess, **body: Any) -> AsyncIterator[Seated]:
    """A 4S-by-South table (table mode unless ``body`` says otherwise), everyone connected
    and holding the first view."""
    async with httpx.AsyncClient() as http:
        t = await create_table(
            http,
            server,
            **{"deal": DEAL, "contract": "4S", "declarer": "S", "policy": "table", **body},
        )
        dir_token = await join(http, server, t["id"], "director", SECRET)
    seats = {s: Client(server, t["id"], tok) for s, tok in t["tokens"].items()}
    director = Client(server, t["id"], dir_token)
    async with seats["N"], seats["E"], seats["S"], seats["W"], director:
        table = Seated(t["id"], seats, director)
        for c in table.everyone:
            await c.wait(lambda v: True)
        yield table


def _conforms(action: str, args: dict[str, Any]) -> bool:
    """A structural check of a command against COMMAND_ARGS (required keys, types)."""
    schema = COMMAND_ARGS[action]
    if any(k not in args for k in schema.get("required", [])):
        return False
    types = {"string": str, "integer": int, "boolean": bool}
    for key, value in args.items():
        prop = schema["properties"].get(key, {})
        if "type" in prop and not isinstance(value, types[prop["type"]]):
            return False
        if "enum" in prop and value not in prop["enum"]:
            return False
        if "pattern" in prop and not re.search(prop["pattern"], value):
            return False
    return True


async def ok(client: Client, action: str, args: dict[str, Any] | None = None) -> int:
    """Send a command that must be acknowledged; wait for the view it produced."""
    assert _conforms(action, args or {}), (action, args)
    reply = await client.command(action, args)
    assert reply["type"] == "ack", reply
    version: int = reply["version"]
    await client.wait(lambda v: client.version >= version)
    return version


async def synced(table: Seated, version: int) -> None:
    """Every client holds the view of ``version``."""
    for c in table.everyone:
        await c.wait(lambda v, c=c: c.version >= version)


async def refused_here_only(
    table: Seated, client: Client, action: str, args: dict[str, Any], **kw: Any
) -> dict[str, Any]:
    """Send a command that must fail; the error comes to ``client`` only and nothing
    changes at the table."""
    await synced(table, max(c.version for c in table.everyone))
    before = {id(c): len(c.messages) for c in table.everyone if c is not client}
    version = client.version
    reply = await client.command(action, args, **kw)
    assert reply["type"] == "error", reply
    await asyncio.sleep(0.15)
    assert {id(c): len(c.messages) for c in table.everyone if c is not client} == before
    assert all(c.version == version for c in table.everyone)
    return reply


def test_every_command_has_an_args_schema() -> None:
    assert set(COMMAND_ARGS) == {*PLAYER_COMMANDS, *DIRECTOR_COMMANDS}
    assert set(PLAYER_COMMANDS) >= TABLE_COMMANDS
    command = next(o for o in CLIENT_MESSAGES["oneOf"] if o["title"] == "command")
    assert {"choose", "expose_card", "draw_attention"} <= set(
        command["properties"]["action"]["enum"]
    )
    assert len(command["allOf"]) == len(COMMAND_ARGS)


def test_lead_out_of_turn_accepted_then_revokes_corrected(server: ServerProcess) -> None:
    async def run() -> None:
        async with seated(server) as t:
            n, e, s, w = t["N"], t["E"], t["S"], t["W"]
            assert w.view is not None and w.view["to_act"] == "W"
            assert "expose_card" in w.view["actions"]
            # East faces an opening lead out of turn: Law 54 gives declarer the choice
            await ok(e, "play", {"card": "HA"})
            sv = await s.wait(lambda v: v["pending"] is not None)
            assert sv["pending"]["kind"] == "54" and sv["pending"]["offender"] == "E"
            assert (
                ids(sv["options"]) == ["spread", "accept", "refuse"] and "choose" in sv["actions"]
            )
            for c in (n, e, w):
                v = await c.wait(lambda v: v["trick"] == [["E", "HA"]])
                assert v["pending"] is None and v["options"] == [] and "choose" not in v["actions"]
            dv = await t.director.wait(lambda v: v["pending"] is not None)
            assert ids(dv["pending"]["options"]) == ["spread", "accept", "refuse"]
            # the proper leader may not lead now: the choice is declarer's
            err = await refused_here_only(t, w, "play", {"card": "S4"})
            assert err["code"] == "refused" and err["law"] == "54", err
            # declarer accepts: he plays second, from his own hand (54B); dummy is spread
            version = await ok(s, "choose", {"option": "accept"})
            await synced(t, version)
            sv = await s.wait(lambda v: v["phase"] == "play" and v["hand_to_play"] == "S")
            assert sv["pending"] is None and sorted(sv["legal_cards"]) == ["H9", "HT"]
            wv = await w.wait(lambda v: "N" in v["hands"])
            assert wv["dummy"] == "N" and wv["declarer"] == "S"
            await ok(s, "play", {"card": "H9"})
            await ok(w, "play", {"card": "H2"})
            await s.wait(lambda v: v["hand_to_play"] == "N")
            version = await ok(s, "play", {"card": "H4"})  # dummy's card, named by declarer
            await synced(t, version)
            for c in t.everyone:
                assert c.view is not None
                assert c.view["tricks_won"] == {"NS": 0, "EW": 1}
                assert c.view["hand_to_play"] == "E" and c.view["trick"] == []

            # declarer revokes on East's club lead; dummy asks "No clubs, partner?"
            await ok(e, "play", {"card": "CA"})
            await ok(s, "play", {"card": "DA"})  # South holds clubs: a revoke (61A)
            await ok(w, "play", {"card": "C2"})
            nv = await n.wait(lambda v: len(v["trick"]) == 3)
            assert nv["trick"] == [["E", "CA"], ["S", "DA"], ["W", "C2"]]
            # dummy may not draw attention during play (43A1b), but may ask (42B1)
            err = await refused_here_only(t, n, "draw_attention", {"offender": "S"})
            assert err["code"] == "refused" and err["law"] == "43A1b", err
            version = await ok(n, "draw_attention", {"offender": "S", "question": True})
            await synced(t, version)
            sv = await s.wait(lambda v: "DA" not in [c for _, c in v["trick"]])
            assert sv["trick"] == [["E", "CA"], ["W", "C2"]]
            assert "A" in sv["hands"]["S"].split(".")[2]  # the card went back (62B)
            assert sv["penalty_cards"] == {}  # declarer's card is no penalty card (48A)
            # West, who played after the revoke, may take his card back (62C1)
            wv = await w.wait(lambda v: v["pending"] is not None)
            assert wv["pending"]["kind"] == "62C" and ids(wv["options"]) == ["retract", "keep"]
            await ok(w, "choose", {"option": "keep"})
            sv = await s.wait(lambda v: v["pending"] is None and "play" in v["actions"])
            assert sorted(sv["legal_cards"]) == ["C9", "CJ", "CT"]
            await ok(s, "play", {"card": "C9"})
            version = await ok(s, "play", {"card": "C4"})
            await synced(t, version)
            final = t.director.view
            assert final is not None and final["tricks_won"] == {"NS": 0, "EW": 2}
            assert final["revokes"][0]["corrected"] and not final["revokes"][0]["established"]

            # West revokes on East's heart; declarer draws attention before it is
            # established: West's club becomes a major penalty card, face up (62B1, 50A)
            await ok(e, "play", {"card": "HK"})
            await ok(s, "play", {"card": "HT"})
            await ok(w, "play", {"card": "C8"})
            await s.wait(lambda v: v["hand_to_play"] == "N")
            await ok(s, "play", {"card": "H8"})
            sv = await s.wait(lambda v: v["trick"] == [] and v["hand_to_play"] == "E")
            assert "draw_attention" in sv["actions"]
            version = await ok(s, "draw_attention", {"offender": "W"})
            await synced(t, version)
            for c in t.everyone:
                assert c.view is not None and c.view["penalty_cards"] == {"W": ["C8"]}
                assert c.view["trick"] == [["E", "HK"], ["S", "HT"], ["N", "H8"]]
            # dummy played after the revoke: declarer may retract dummy's card (62C1)
            sv = await s.wait(lambda v: v["pending"] is not None)
            assert sv["pending"]["offender"] == "N" and ids(sv["options"]) == ["retract", "keep"]
            await ok(s, "choose", {"option": "keep"})
            wv = await w.wait(lambda v: "play" in v["actions"])
            assert wv["legal_cards"] and all(c[0] == "H" for c in wv["legal_cards"])
            version = await ok(w, "play", {"card": "H3"})
            await synced(t, version)
            assert t.director.view is not None
            assert t.director.view["tricks_won"] == {"NS": 0, "EW": 3}

    asyncio.run(run())


def test_table_mode_refusals_on_one_socket(server: ServerProcess) -> None:
    async def run() -> None:
        async with httpx.AsyncClient() as http:
            r = await http.post(server.http + "/api/tables", json={"policy": "chaos"})
            assert r.status_code == 400 and "policy" in r.json()["error"]
        async with seated(server) as t:
            n, e, s, w = t["N"], t["E"], t["S"], t["W"]
            # nothing to choose yet (Laws 10, 12)
            err = await refused_here_only(t, s, "choose", {"option": "accept"})
            assert err["code"] == "refused" and err["action"] == "choose", err
            await ok(e, "play", {"card": "HA"})
            await synced(t, e.version)
            # only declarer chooses after a faced opening lead out of turn (54)
            err = await refused_here_only(t, n, "choose", {"option": "accept"})
            assert err["code"] == "refused" and err["law"] == "54", err
            err = await refused_here_only(t, s, "choose", {"option": "reject"})
            assert err["code"] == "refused" and "not one of" in err["reason"], err
            # malformed arguments
            for action, args in (
                ("choose", {"option": 3}),
                ("choose", {"option": "accept", "suit": "Z"}),
                ("expose_card", {"card": "ZZ"}),
                ("expose_card", {"card": "SJ", "deliberate": "yes"}),
                ("draw_attention", {}),
                ("draw_attention", {"offender": "S", "question": 1}),
            ):
                assert not _conforms(action, args)
                err = await refused_here_only(t, s, action, args)
                assert err["code"] == "bad_request", (action, err)
            # a stale choice: made against an older version
            err = await refused_here_only(
                t, s, "choose", {"option": "accept"}, version=s.version - 1
            )
            assert err["code"] == "stale" and err["version"] == s.version, err
            # the choice is still open: declarer refuses the lead (54D), a penalty card
            version = await ok(s, "choose", {"option": "refuse"})
            await synced(t, version)
            for c in t.everyone:
                assert c.view is not None and c.view["penalty_cards"] == {"E": ["HA"]}
                assert c.view["trick"] == []
            # West is to lead with partner's major penalty card: declarer's choice (50D2)
            sv = await s.wait(lambda v: v["pending"] is not None)
            assert sv["pending"]["kind"] == "50D"
            assert ids(sv["options"]) == ["require H", "forbid H", "free"]
            version = await ok(s, "choose", {"option": "require", "suit": "H"})
            await synced(t, version)
            wv = await w.wait(lambda v: "play" in v["actions"])
            assert wv["legal_cards"] and all(c[0] == "H" for c in wv["legal_cards"])
            assert wv["penalty_cards"] == {}  # the penalty card is picked up (50D2a)
            # West exposes a card by accident: a minor penalty card (49, 50B)
            version = await ok(w, "expose_card", {"card": "S3"})
            await synced(t, version)
            assert t.director.view is not None
            assert t.director.view["penalty_cards"] == {"W": ["S3"]}
            err = await refused_here_only(t, w, "expose_card", {"card": "S3"})
            assert err["code"] == "refused" and err["law"] == "50A", err
        # the online policy refuses every table-mode act
        async with seated(server, policy="online") as t:
            err = await refused_here_only(t, t["W"], "expose_card", {"card": "S3"})
            assert err["code"] == "refused" and err["law"] == "48-50", err
            err = await refused_here_only(t, t["E"], "draw_attention", {"offender": "W"})
            assert err["code"] == "refused", err

    asyncio.run(run())
