"""The claims a record holds, as the Director rules on them (Laws 68-71).

Each record is replayed through the Laws engine; at each claim or concession the board gives
its claim case (:meth:`bridgetable.core.board.Board.claim_case`): the cards at the claim, the
claimer, the claim and its statement, the record's rules (a rubber record is ruled under the
rubber code's Law 71), the show-outs before the claim and dummy. ``bridgetable adjudicate
--record`` rules on the first one.

Example:
    >>> from bridgetable.formats import pbn
    >>> text = '''[Board "1"]
    ... [Dealer "N"]
    ... [Vulnerable "None"]
    ... [Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
    ... [Scoring "Rubber"]
    ... [Declarer "N"]
    ... [Contract "7NT"]
    ... [Result "13"]
    ... [Play "E"]
    ... ST S6 S2 SA
    ... *
    ... '''
    >>> [(str(c.claimer), c.tricks, c.rules.code) for c in claim_cases(pbn.loads(text))]
    [('North', 12, 'rubber')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from bridgetable.core.board import Board
from bridgetable.core.claimcase import ClaimCase
from bridgetable.core.events import ClaimMade
from bridgetable.core.record import BoardRecord

__all__ = ["claim_cases"]


def claim_cases(records: Iterable[BoardRecord], *, board: int | None = None) -> Iterator[ClaimCase]:
    """The claim case of every claim or concession in ``records``, in order (only those of
    the boards numbered ``board`` when it is given), each as the board stood when it was
    made."""
    for rec in records:
        if board is not None and rec.setup.board != board:
            continue
        replay = Board(rec.setup)
        for event in rec.events:
            replay.apply(event)
            if isinstance(event, ClaimMade):  # the claim, as the board stood when made
                yield replay.claim_case()
