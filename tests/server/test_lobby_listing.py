"""Issue 15, item 5, over a real ``bridgetable serve`` and real sockets: the lobby's list of
tables (``GET /api/tables``).

* the tables created are listed, newest first, each as its public summary; a table whose
  session is over is not;
* ``open=1`` keeps the tables with a free seat (``"free"`` at creation), until it is taken;
* ``limit`` bounds the list (default 50, at most 200); a bad parameter is a 400;
* a team match's two rooms are not listed, nor watched without the director secret;
* a quarantined table is not listed and does not stop the list; a table whose summary
  cannot be built is left out;
* a property (Hypothesis): whatever the deal, the robots and the seats left free, no listed
  JSON holds a card of any hand, a hand, a token or a seed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_harness import Client, ServerProcess

from bridgetable.core.cards import CARDS, Hand
from bridgetable.core.deal import Deal
from bridgetable.core.record import BoardSetup
from bridgetable.core.seats import SEATS
from bridgetable.core.session import Session, SessionSetup
from bridgetable.server.endpoints.lobby import DEFAULT_LIMIT, MAX_LIMIT, listing
from bridgetable.server.hub import Table

CARD_NAMES = frozenset(str(c) for c in CARDS)


def _create(server: ServerProcess, **body: Any) -> dict[str, Any]:
    r = httpx.post(server.http + "/api/tables", json=body, timeout=20)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _list(server: ServerProcess, query: str = "") -> list[dict[str, Any]]:
    r = httpx.get(f"{server.http}/api/tables{query}", timeout=20)
    assert r.status_code == 200, r.text
    tables: list[dict[str, Any]] = r.json()["tables"]
    return tables


def _ids(tables: list[dict[str, Any]]) -> list[str]:
    return [t["id"] for t in tables]


def test_created_tables_are_listed_newest_first_as_their_summaries(
    server: ServerProcess,
) -> None:
    made = [_create(server, robots=["N", "E", "W"], board=n) for n in (1, 2, 3)]
    listed = _list(server)
    ids = _ids(listed)
    mine = [t["id"] for t in made]
    assert all(i in ids for i in mine)
    assert sorted(mine, key=ids.index) == mine[::-1]  # the newest first
    for t, n in zip(made, (1, 2, 3), strict=True):
        entry = next(e for e in listed if e["id"] == t["id"])
        assert entry["board"] == n
        assert entry["seats"] == {"N": "robot", "E": "robot", "S": "taken", "W": "robot"}
        assert entry["session"] == {"kind": "set", "scoring": "total", "boards": 1, "over": False}
        assert entry["match"] is None
        one = httpx.get(f"{server.http}/api/tables/{t['id']}", timeout=20).json()
        assert set(one) == set(entry) and one["seats"] == entry["seats"]


def test_a_table_whose_session_is_over_is_not_listed(server: ServerProcess) -> None:
    t = _create(server, board=1)  # four people; North deals
    assert t["id"] in _ids(_list(server))

    async def pass_out() -> None:
        clients = {s: Client(server, t["id"], t["tokens"][s]) for s in "NESW"}
        async with clients["N"], clients["E"], clients["S"], clients["W"]:
            for seat in "NESW":
                c = clients[seat]
                await c.wait(lambda v: "call" in v["actions"])
                reply = await c.command("call", {"call": "Pass"})
                assert reply["type"] == "ack", reply
            await clients["N"].wait(lambda v: v["phase"] == "passed_out")

    asyncio.run(pass_out())
    summary = httpx.get(f"{server.http}/api/tables/{t['id']}", timeout=20).json()
    assert summary["session"]["over"] is True
    assert t["id"] not in _ids(_list(server))
    assert t["id"] not in _ids(_list(server, f"?limit={MAX_LIMIT}"))


def test_open_keeps_the_tables_with_a_free_seat_until_it_is_taken(
    server: ServerProcess,
) -> None:
    free = _create(server, robots=["N", "E", "W"], free=["S"])
    assert free["tokens"] == {} and free["free"] == ["S"]
    full = _create(server, robots=["N", "E", "W"])
    two = _create(server, robots=["N", "S"], free=["E", "W"])
    assert set(two["tokens"]) == set() and two["free"] == ["E", "W"]
    everyone = _ids(_list(server, "?open=0"))
    assert {free["id"], full["id"], two["id"]} <= set(everyone)
    assert _ids(_list(server)) == everyone  # open=0 is the default
    opened = _list(server, "?open=1")
    assert {free["id"], two["id"]} <= set(_ids(opened)) and full["id"] not in _ids(opened)
    assert all("free" in e["seats"].values() for e in opened)
    entry = next(e for e in opened if e["id"] == free["id"])
    assert entry["seats"]["S"] == "free"
    # the first to join takes the seat; the second is refused; the table is no longer open
    r = httpx.post(f"{server.http}/api/tables/{free['id']}/join", json={"role": "S"})
    assert r.status_code == 200 and r.json()["role"] == "S"
    again = httpx.post(f"{server.http}/api/tables/{free['id']}/join", json={"role": "S"})
    assert again.status_code == 409
    assert free["id"] not in _ids(_list(server, "?open=1"))
    assert free["id"] in _ids(_list(server))
    # one of two free seats taken: still open
    httpx.post(f"{server.http}/api/tables/{two['id']}/join", json={"role": "E"})
    entry = next(e for e in _list(server, "?open=1") if e["id"] == two["id"])
    assert entry["seats"] == {"N": "robot", "E": "taken", "S": "robot", "W": "free"}


def test_of_many_joining_one_free_seat_at_once_one_takes_it(server: ServerProcess) -> None:
    t = _create(server, robots=["N", "E", "W"], free=["S"])

    async def rush() -> list[httpx.Response]:
        async with httpx.AsyncClient(timeout=20) as http:
            url = f"{server.http}/api/tables/{t['id']}/join"
            return await asyncio.gather(*(http.post(url, json={"role": "S"}) for _ in range(8)))

    answers = [r.status_code for r in asyncio.run(rush())]
    assert sorted(answers) == [200] + [409] * 7, answers
    assert t["id"] not in _ids(_list(server, "?open=1"))


def test_a_free_seat_that_is_a_robots_is_refused_and_nothing_is_made(
    server: ServerProcess,
) -> None:
    before = _ids(_list(server, f"?limit={MAX_LIMIT}"))
    for free in (["N"], "S", ["X"], [1, 2, 3, 4, 5]):
        r = httpx.post(server.http + "/api/tables", json={"robots": ["N"], "free": free})
        assert r.status_code == 400, (free, r.text)
        assert r.json()["error"]
    assert _ids(_list(server, f"?limit={MAX_LIMIT}")) == before


def test_a_team_matchs_rooms_are_not_listed_nor_watched_freely(server: ServerProcess) -> None:
    """A match's rooms are reached by their links: listed or watched, one room would show
    its boards to the other room's players before they play them (server/matches.py)."""
    body = {"boards": 2, "robots": {"open": ["N", "E", "W"], "closed": ["N", "S"]}}
    r = httpx.post(server.http + "/api/matches", json=body, timeout=20)
    assert r.status_code == 201, r.text
    m = r.json()
    listed = {e["id"] for e in _list(server, f"?limit={MAX_LIMIT}")}
    assert not listed & {m["open"]["id"], m["closed"]["id"]}
    summary = httpx.get(f"{server.http}/api/tables/{m['closed']['id']}", timeout=10).json()
    assert summary["match"] == {"id": m["id"], "room": "closed"}
    assert summary["contract"] is None  # never a match room's contract in public
    assert summary["seats"] == {"N": "robot", "E": "taken", "S": "robot", "W": "taken"}
    join = f"{server.http}/api/tables/{m['closed']['id']}/join"
    r = httpx.post(join, json={"role": "spectator"}, timeout=10)
    assert r.status_code == 403 and "director secret" in r.json()["error"]


def test_the_limit_bounds_the_list_and_bad_parameters_are_refused(
    server: ServerProcess,
) -> None:
    made = [_create(server)["id"] for _ in range(DEFAULT_LIMIT + 5)]
    assert len(_list(server)) == DEFAULT_LIMIT
    everyone = _list(server, f"?limit={MAX_LIMIT}")
    assert DEFAULT_LIMIT + 5 <= len(everyone) <= MAX_LIMIT
    assert _ids(_list(server, "?limit=3")) == made[::-1][:3]
    assert _ids(_list(server, "?limit=1&open=0")) == made[-1:]
    for query in (
        "?limit=0",
        f"?limit={MAX_LIMIT + 1}",
        "?limit=-1",
        "?limit=abc",
        "?limit=1.5",
        "?limit=",
        "?limit=%EF%BC%93",  # a full-width digit three
        "?open=2",
        "?open=true",
        "?open=",
        "?limit=1&limit=2",
        "?sort=newest",
    ):
        r = httpx.get(f"{server.http}/api/tables{query}", timeout=20)
        assert r.status_code == 400, (query, r.text)
        assert isinstance(r.json()["error"], str) and r.json()["error"], query


def test_a_quarantined_table_is_not_listed_and_the_rest_are(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = ServerProcess(data, extra=["--robot-workers", "0"])
    with server:
        good = [_create(server, robots=["N", "E", "W"])["id"] for _ in range(2)]
        bad = _create(server, robots=["N", "E", "W"])["id"]
    with contextlib.closing(sqlite3.connect(data / "bridgetable.sqlite3")) as db:
        db.execute("UPDATE bt_tables SET setup = '[]' WHERE id = ?", (bad,))
        db.commit()
    with server:  # restarted: the bad table is quarantined at recovery
        r = httpx.get(f"{server.http}/api/tables/{bad}", timeout=20)
        assert r.status_code == 500 and r.json()["code"] == "quarantined"
        listed = _ids(_list(server))
        assert bad not in listed
        assert listed == good[::-1]  # newest first again: the time made is stored


def test_a_table_whose_summary_cannot_be_built_is_left_out() -> None:
    """``listing`` itself: one table's failure leaves the others listed (the server logs
    it)."""
    setup = BoardSetup.for_board(1, deal=Deal.random(random.Random(1)))

    def table(tid: str, meta: dict[str, Any]) -> Table:
        return Table(tid, setup, meta, Session(SessionSetup("set", seed=1, boards=1)))

    ok = table("ok", {"robots": ["N"], "taken": ["E"], "created": 2.0})
    older = table("older", {"robots": [], "taken": [], "created": 1.0})
    broken = table("broken", {"robots": 5, "created": 3.0})  # summary() raises
    with pytest.raises(TypeError):
        broken.summary()
    rows = listing([older, broken, ok], limit=10, open_only=False)
    assert [r["id"] for r in rows] == ["ok", "older"]
    assert [r["id"] for r in listing([older, broken, ok], limit=10, open_only=True)] == [
        "ok",
        "older",
    ]
    assert [r["id"] for r in listing([older, ok], limit=1, open_only=False)] == ["ok"]


# ---------------------------------------------------------------------------- the property


def _strings(x: Any) -> Iterator[str]:
    """Every string of a JSON value: keys and values."""
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for k, v in x.items():
            yield k
            yield from _strings(v)
    elif isinstance(x, list):
        for v in x:
            yield from _strings(v)


def _deal_of(order: list[int]) -> Deal:
    """The deal of a permutation of the 52 cards: North the first 13, East the next..."""
    return Deal(
        {seat: Hand(CARDS[i] for i in order[k * 13 : (k + 1) * 13]) for k, seat in enumerate(SEATS)}
    )


_SEAT_SETS = st.lists(st.sampled_from("NESW"), unique=True, max_size=4)


@pytest.fixture(scope="module")
def secrets_seen() -> dict[str, set[str]]:
    """What the property's tables were given: every hand (PBN), token and seed."""
    return {"hands": set(), "tokens": set(), "seeds": set()}


@settings(
    max_examples=12,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    order=st.permutations(range(52)),
    robots=_SEAT_SETS,
    free=_SEAT_SETS,
    contract=st.sampled_from([None, "4S", "3NT", "7CXX"]),
    seed=st.integers(10**20, 10**30),
)
def test_no_listed_json_holds_a_card_a_hand_a_token_or_a_seed(
    server: ServerProcess,
    secrets_seen: dict[str, set[str]],
    order: list[int],
    robots: list[str],
    free: list[str],
    contract: str | None,
    seed: int,
) -> None:
    deal = _deal_of(order)
    free = [s for s in free if s not in robots]
    body: dict[str, Any] = {"deal": deal.to_pbn(), "robots": robots, "free": free, "seed": seed}
    if contract is not None:
        body.update(contract=contract, declarer="S")
    t = _create(server, **body)
    secrets_seen["hands"].update(str(deal[s]) for s in SEATS)
    secrets_seen["tokens"].update(t["tokens"].values())
    secrets_seen["seeds"].add(str(seed))
    for seat in free[:1]:  # a seat taken from the lobby gets a token too
        r = httpx.post(f"{server.http}/api/tables/{t['id']}/join", json={"role": seat})
        secrets_seen["tokens"].add(r.json()["token"])
    watch = httpx.post(f"{server.http}/api/tables/{t['id']}/join", json={"role": "spectator"})
    secrets_seen["tokens"].add(watch.json()["token"])
    for query in (f"?limit={MAX_LIMIT}", f"?limit={MAX_LIMIT}&open=1"):
        r = httpx.get(f"{server.http}/api/tables{query}", timeout=20)
        assert r.status_code == 200
        text = r.text
        listed = r.json()["tables"]
        if "open" not in query:
            assert t["id"] in _ids(listed)
        for s in _strings(listed):
            words = set(s.replace(",", " ").split())
            assert s not in CARD_NAMES and not words & CARD_NAMES, s
        for secret in (*secrets_seen["hands"], *secrets_seen["tokens"], *secrets_seen["seeds"]):
            assert secret not in text
        assert json.loads(text) == {"tables": listed}
