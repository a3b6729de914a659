"""Issue 15, item 3: a set dealt from an uploaded PBN hand record, and a set scored against
par, over a real ``bridgetable serve`` and real sockets.

Four robots play a set of the four boards of a hand record (boards 5 to 8): the boards dealt
are the record's deals, with the record's board numbers, dealers and vulnerabilities (Law 2
from the number where a tag is missing), and a restart replays the same boards. A bad file
is refused with a 400 naming the problem, and creates no table. A set scored against par
shows each board's score, its double-dummy par (the solver's) and the IMPs (Law 78B).
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_harness import Client, ServerProcess, create_table, join
from test_sessions import play_board, session_of

from bridgetable.core.boards import Vulnerability, dealer_of, vulnerability_of
from bridgetable.core.deal import Deal
from bridgetable.core.field import cross_imps, field_percentage
from bridgetable.core.rules import RuleSet
from bridgetable.core.scoring import imps
from bridgetable.core.seats import Seat
from bridgetable.core.session import SessionSetup
from bridgetable.formats import session as records
from bridgetable.server.endpoints.http import HTTPError
from bridgetable.server.endpoints.tables import par_scores, session_from
from bridgetable.solver.port import default_solver
from bridgetable.solver.reference import ReferenceSolver

EXTRA = ["--samples", "8", "--lead-samples", "8", "--robot-workers", "1"]
ROBOTS = ["N", "E", "S", "W"]

#: The four boards: number, Dealer and Vulnerable tags (``None``: tag absent).
BOARDS: list[tuple[int, str | None, str | None]] = [
    (5, "W", "All"),  # not Law 2's (North, North-South): taken as the record gives it
    (6, None, None),  # no tags: Law 2, East and East-West
    (7, "S", "All"),
    (8, "W", "None"),
]


def hand_record(seed: int = 21) -> tuple[str, list[Deal]]:
    """The PBN text of a hand record of :data:`BOARDS`, and its deals."""
    rng = random.Random(seed)
    deals = [Deal.random(rng) for _ in BOARDS]
    lines = ["% a club's hand record", '[Event "Thursday pairs"]', ""]
    for (number, dealer, vul), deal in zip(BOARDS, deals, strict=True):
        lines.append(f'[Board "{number}"]')
        if dealer is not None:
            lines.append(f'[Dealer "{dealer}"]')
        if vul is not None:
            lines.append(f'[Vulnerable "{vul}"]')
        lines += [f'[Deal "{deal.to_pbn()}"]', ""]
    return "\n".join(lines), deals


def expected(number: int, dealer: str | None, vul: str | None) -> tuple[str, str]:
    d = dealer_of(number).letter if dealer is None else dealer
    v = vulnerability_of(number).value if vul is None else vul
    return d, v


async def tables_loaded(http: httpx.AsyncClient, server: ServerProcess) -> int:
    n: int = (await http.get(server.http + "/api/health")).json()["tables"]
    return n


async def wait_over(http: httpx.AsyncClient, server: ServerProcess, table: str) -> dict[str, Any]:
    """The table's summary once its session is over (robots play every seat)."""
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        s: dict[str, Any] = (await http.get(f"{server.http}/api/tables/{table}")).json()
        if s["session"]["over"]:
            return s
        await asyncio.sleep(0.2)
    raise AssertionError("the set did not end")


async def session_doc(http: httpx.AsyncClient, server: ServerProcess, table: str) -> Any:
    r = await http.get(f"{server.http}/api/tables/{table}/session-record?format=json")
    r.raise_for_status()
    return r.json()


async def _hand_record(tmp: Path) -> None:
    text, deals = hand_record()
    async with httpx.AsyncClient(timeout=60) as http:
        with ServerProcess(tmp, extra=EXTRA) as server:
            url = server.http + "/api/tables"
            # bad files are refused, naming the problem, and create nothing
            before = await tables_loaded(http, server)
            bad = {
                '[Board "1"]\n[Deal "N:AKQ.. ..."]\n': "line 2",
                "% nothing here\n": "no board",
                text.replace('[Board "6"]', '[Board "5"]'): "board 5 twice",
                text.replace('[Dealer "S"]', '[Dealer "Q"]'): "Dealer",
                text.replace('[Board "7"]', '[Board "20000"]'): "from 1 to 10000",
            }
            for pbn_text, words in bad.items():
                r = await http.post(url, json={"session": {"kind": "set", "pbn": pbn_text}})
                assert r.status_code == 400 and words in r.json()["error"], (words, r.text)
            for session in (
                {"kind": "set", "pbn": 5},
                {"kind": "set", "pbn": text, "boards": 3},
                {"kind": "rubber", "pbn": text},
                {"kind": "set", "pbn": text, "scoring": "best"},
            ):
                r = await http.post(url, json={"session": session, "rules": "duplicate"})
                assert r.status_code == 400, session
            too_long = text + "\n%" + "x" * 61_000 + "\n"
            r = await http.post(url, json={"session": {"kind": "set", "pbn": too_long}})
            assert r.status_code == 400 and "characters" in r.json()["error"]
            assert await tables_loaded(http, server) == before

            t = await create_table(
                http, server, robots=ROBOTS, seed=4, session={"kind": "set", "pbn": text}
            )
            # the body refused above was over 16 KiB: a table's creation takes up to 64 KiB,
            # other requests still 16 KiB
            r = await http.post(f"{url}/{t['id']}/join", content=b"x" * 20000)
            assert r.status_code == 413
            summary = await wait_over(http, server, t["id"])
            assert summary["session"]["boards"] == 4 and summary["board"] == 8
            pbn_text = (
                await http.get(f"{server.http}/api/tables/{t['id']}/session-record?format=pbn")
            ).text
            played = records.loads_pbn(pbn_text)
            assert [b.record.setup.deal for b in played] == deals
            assert [b.record.setup.board for b in played] == [n for n, _, _ in BOARDS]
            got = [
                (b.record.setup.dealer.letter, b.record.setup.vulnerability.value) for b in played
            ]
            assert got == [expected(*b) for b in BOARDS]
            doc = await session_doc(http, server, t["id"])
            assert [g["deal"] for g in doc["setup"]["given"]] == [d.to_pbn() for d in deals]
            assert doc["setup"]["scoring"] == "total"
            assert doc["total"] == sum(r["score"] for r in doc["results"])
        # a restart on the same data replays the same boards and results
        with ServerProcess(tmp, extra=EXTRA) as server:
            # the finished table, not loaded since, is in the field of a set of the same
            # record scored by matchpoints (read back from the store at startup)
            mp = await create_table(
                http,
                server,
                robots=ROBOTS,
                seed=8,
                session={"kind": "set", "pbn": text, "scoring": "mp"},
            )
            field = (await wait_over(http, server, mp["id"]))["session"]["field"]
            assert [b["results"] for b in field["boards"]] == [2, 2, 2, 2]
            theirs = [r["score"] for r in doc["results"]]
            mine = [r["score"] for r in (await session_doc(http, server, mp["id"]))["results"]]
            assert [b["percentage"] for b in field["boards"]] == [
                field_percentage(m, [o]) for m, o in zip(mine, theirs, strict=True)
            ]
            again = await session_doc(http, server, t["id"])
            assert again == doc


def test_a_set_plays_the_boards_of_an_uploaded_hand_record(tmp_path: Path) -> None:
    asyncio.run(_hand_record(tmp_path))


async def _against_par(server: ServerProcess) -> None:
    text, deals = hand_record(seed=33)
    async with httpx.AsyncClient(timeout=60) as http:
        t = await create_table(
            http,
            server,
            robots=ROBOTS,
            seed=9,
            session={"kind": "set", "pbn": text, "scoring": "par"},
        )
        summary = await wait_over(http, server, t["id"])
        assert summary["session"]["scoring"] == "par"
        doc = await session_doc(http, server, t["id"])
        solver = default_solver()
        total = 0
        for (number, dealer, vul), deal, result in zip(BOARDS, deals, doc["results"], strict=True):
            d, v = expected(number, dealer, vul)
            par = solver.par(deal, Vulnerability(v), Seat.from_letter(d))["score_ns"]
            assert result["board"] == number and result["par"] == par
            assert result["imps"] == imps(result["score"] - par)
            total += result["imps"]
        assert doc["total"] == total
        # a set of boards dealt from the seed may be scored against par too
        t2 = await create_table(
            http, server, seed=3, session={"kind": "set", "boards": 2, "scoring": "par"}
        )
        s2 = (await http.get(f"{server.http}/api/tables/{t2['id']}")).json()["session"]
        assert s2["scoring"] == "par" and s2["boards"] == 2
        r = await http.post(
            server.http + "/api/tables",
            json={"session": {"kind": "set", "boards": 37, "scoring": "par"}},
        )
        assert r.status_code == 400 and "at most 36" in r.json()["error"]


def test_a_set_scored_against_par_shows_score_par_and_imps(server: ServerProcess) -> None:
    asyncio.run(_against_par(server))


def test_par_scoring_without_the_solver_is_refused_with_a_clear_error() -> None:
    text, _ = hand_record()
    body = {"session": {"kind": "set", "pbn": text, "scoring": "par"}}
    with pytest.raises(HTTPError) as exc:
        session_from(body, RuleSet(), 1, ReferenceSolver())
    assert exc.value.status == 501 and "needs the solver" in exc.value.message
    plain = SessionSetup("set", seed=1, boards=1)
    with pytest.raises(HTTPError):
        par_scores(plain, ReferenceSolver())


async def _across_the_field(server: ServerProcess) -> None:
    text, deals = hand_record(seed=44)
    two = "\n\n".join(text.split("\n\n")[:3]) + "\n"  # the heading, boards 5 and 6
    async with httpx.AsyncClient(timeout=60) as http:
        ids = {}
        for scoring, seed in (("mp", 1), ("total", 2), ("imps", 3)):
            t = await create_table(
                http,
                server,
                robots=ROBOTS,
                seed=seed,
                session={"kind": "set", "pbn": two, "scoring": scoring},
            )
            ids[scoring] = t["id"]
        # a table of one board with board 6's deal (Law 2: East, East-West) is in its field;
        # a set dealt from a seed is not
        one = await create_table(
            http, server, robots=ROBOTS, seed=4, board=6, deal=deals[1].to_pbn()
        )
        other = await create_table(
            http, server, robots=ROBOTS, seed=5, session={"kind": "set", "boards": 2}
        )
        for tid in [*ids.values(), one["id"], other["id"]]:
            await wait_over(http, server, tid)
        scores: dict[str, list[int]] = {}
        for name, tid in [*ids.items(), ("one", one["id"]), ("other", other["id"])]:
            scores[name] = [r["score"] for r in (await session_doc(http, server, tid))["results"]]
        board5 = {k: scores[k][0] for k in ids}
        board6 = {**{k: scores[k][1] for k in ids}, "one": scores["one"][0]}

        summary = (await http.get(f"{server.http}/api/tables/{ids['mp']}")).json()
        field = summary["session"]["field"]
        assert field["largest"] == 4 and [b["results"] for b in field["boards"]] == [3, 4]
        mine5 = board5.pop("mp")
        mine6 = board6.pop("mp")
        p5 = field_percentage(mine5, list(board5.values()), largest=4)  # Neuberg: 3 of 4
        p6 = field_percentage(mine6, list(board6.values()), largest=4)
        assert [b["percentage"] for b in field["boards"]] == [p5, p6]
        assert field["percentage"] == round((p5 + p6) / 2, 2)
        # the same in the view every seat and spectator gets
        watcher = await join(http, server, ids["mp"], "spectator")
        async with Client(server, ids["mp"], watcher) as c:
            await c.wait(lambda v: True, 30)
            view = [m for m in c.messages if m["type"] == "view"][-1]
            assert view["session"]["field"] == field

        imps_field = (await http.get(f"{server.http}/api/tables/{ids['imps']}")).json()
        f = imps_field["session"]["field"]
        mine5, mine6 = scores["imps"]
        rest5 = [scores["mp"][0], scores["total"][0]]
        rest6 = [scores["mp"][1], scores["total"][1], scores["one"][0]]
        expected_imps = [cross_imps(mine5, rest5), cross_imps(mine6, rest6)]
        assert [b["imps"] for b in f["boards"]] == expected_imps
        assert f["imps"] == round(sum(expected_imps), 2)
        # a set scored by total shows no field
        total = (await http.get(f"{server.http}/api/tables/{ids['total']}")).json()
        assert "field" not in total["session"]


def test_a_set_scored_across_the_field_by_matchpoints_and_cross_imps(
    server: ServerProcess,
) -> None:
    asyncio.run(_across_the_field(server))


async def _the_field_comes_in_later(server: ServerProcess) -> None:
    async with httpx.AsyncClient(timeout=60) as http:
        session = {"kind": "set", "boards": 1, "scoring": "mp"}
        a = await create_table(http, server, robots=["N", "E", "W"], seed=21, session=session)
        async with Client(server, a["id"], a["tokens"]["S"]) as south:
            await play_board(south, 1)
            await south.wait(lambda v: session_of(south)["over"], 30)
            assert session_of(south)["field"]["boards"][0]["results"] == 1
            # another table plays the same deal after this set is over: its result comes to
            # South's view without any move of his (there is none left to make)
            b = await create_table(
                http, server, robots=ROBOTS, seed=21, session={"kind": "set", "boards": 1}
            )
            await wait_over(http, server, b["id"])
            await south.wait(lambda v: session_of(south)["field"]["boards"][0]["results"] == 2, 60)
            other = (await session_doc(http, server, b["id"]))["results"][0]["score"]
            mine = session_of(south)["results"][0]["score"]
            assert session_of(south)["field"]["boards"][0]["percentage"] == field_percentage(
                mine, [other]
            )


def test_a_result_that_comes_in_later_reaches_the_views_of_the_field(
    server: ServerProcess,
) -> None:
    asyncio.run(_the_field_comes_in_later(server))
