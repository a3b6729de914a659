"""The server rules on the board's own claim case (``Board.claim_case``): a rubber-bridge
table's proposed ruling gives back conceded tricks under the rubber code's Law 71 (tricks
that could not be lost by any play), a duplicate table's under the duplicate code's (by any
normal play). The hub runs in this process over a SQLite store."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat
from bridgetable.server.hub import Hub
from bridgetable.server.store import SQLiteStore

from support import law71_ending


async def _proposal(tmp: Path, rules: RuleSet) -> tuple[int, str]:
    """South concedes the last three tricks, West disputes and asks for the adjudicator's
    proposal: its tricks for South's side and its Laws."""
    store = SQLiteStore(tmp / f"{rules.code}.db")
    await store.open()
    hub = Hub(store)
    try:
        setup, plays = law71_ending(rules)
        table, _ = await hub.create(setup, [], seed=1)
        for seat, action, args in plays:
            await hub.command(table, seat, table.version, action, args)
        await hub.command(table, Seat.SOUTH, table.version, "claim", {"tricks": 0})
        await hub.command(table, Seat.WEST, table.version, "dispute_claim", {})
        await hub.command(table, Seat.WEST, table.version, "ask_ruling", {})
        for _ in range(600):
            claim = table.board.claim
            if claim is not None and claim.proposal is not None:
                return claim.proposal.tricks, claim.proposal.laws
            await asyncio.sleep(0.05)
        raise AssertionError(f"no proposal: {table.proposal}")
    finally:
        await hub.close()
        await store.close()


def test_a_rubber_tables_proposed_ruling_uses_the_rubber_law_71(tmp_path: Path) -> None:
    # duplicate: no normal play loses South's trick, so Law 71 gives it back
    tricks, laws = asyncio.run(_proposal(tmp_path, RuleSet.duplicate()))
    assert tricks == 1 and "71" in laws
    # rubber: some play, however irrational, loses it: the concession stands (Law 71)
    tricks, laws = asyncio.run(_proposal(tmp_path, RuleSet.rubber()))
    assert tricks == 0 and "71" not in laws
