"""Issue 16 over a real ``bridgetable serve`` and real sockets: the robots' bidding system is
the server's choice (``--robot-system``). With Acol, a robot holding 12 HCP balanced opens a
weak 1NT, announced under the EBU's regulation (the system's own); with SAYC, the default, the
same robot opens one of a suit. A name the package does not ship stops the server at start."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from server_harness import Client, ServerProcess, create_table

#: Board 1 (North deals): North, a robot, 12 HCP balanced; East, a person, calls next and
#: sees the opening's alert (an opponent's, Law 20F).
DEAL = "N:AQ7.K94.QJ32.852 J96.A86.K87.QJT4 K843.QJ73.94.AK6 T52.T52.AT65.973"
EXTRA = ["--samples", "8", "--lead-samples", "8", "--robot-workers", "1"]


@pytest.mark.parametrize(
    ("flags", "opening", "alerted"),
    [
        (["--robot-system", "acol"], "1NT", True),  # 12-14, announced (ebu)
        (["--robot-system", "acol", "--robot-regulation", "acbl"], "1NT", True),
        ([], "1D", False),  # SAYC: 15-17 no trump, so one of a suit
    ],
)
def test_the_servers_robots_bid_its_system(
    tmp_path: Path, flags: list[str], opening: str, alerted: bool
) -> None:
    asyncio.run(_opening(tmp_path, flags, opening, alerted))


async def _opening(tmp_path: Path, flags: list[str], opening: str, alerted: bool) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        with ServerProcess(tmp_path, extra=EXTRA + flags) as server:
            t = await create_table(http, server, robots=["N", "S", "W"], deal=DEAL, board=1, seed=1)
            async with Client(server, t["id"], t["tokens"]["E"]) as east:
                v = await east.wait(lambda v: v["to_act"] == "E", 60)
                assert [a["call"] for a in v["auction"]] == [opening], v["auction"]
                assert bool(v["auction"][0]["alert"]) is alerted, v["auction"]
                if alerted:
                    assert v["auction"][0]["explanation"] == "12-14 HCP, balanced"


def test_an_unknown_system_stops_the_server(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bridgetable", "serve", "--data", str(tmp_path),
         "--robot-system", "precision"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip
    assert proc.returncode == 2
    assert "--robot-system: invalid choice: 'precision' (choose from 'acol', 'sayc')" in proc.stderr
    assert not (tmp_path / "director_secret").exists()  # nothing was started or written
