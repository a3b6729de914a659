"""The field: every result of every deal played at this server's tables, for the sets scored
across the field (``"scoring": "mp"`` or ``"imps"``, see docs/protocol.md, "Scoring").

Two results are of the same deal when the boards had the same four hands, the same dealer
and the same vulnerability (Law 2) -- tables dealt from the same hand record or the same
seed. The hub records a table's results here when it loads the table and after every
change stored (:meth:`FieldResults.record`); a table dropped from memory keeps its results
here; at startup the results of the finished tables, which are not held, are read back from
the store in the background (:meth:`bridgetable.server.hub.Hub.recover_field`).

A set's ``field`` summary (:meth:`FieldResults.summary`) scores each board over with
:mod:`bridgetable.core.field`: matchpoints as a percentage, rescaled by the Neuberg formula
(EBU/WBF) to the largest field of the set's boards, or cross-IMPs.
"""

from __future__ import annotations

from typing import Any

from bridgetable.core.field import cross_imps, field_percentage
from bridgetable.core.record import BoardSetup
from bridgetable.core.session import Session

__all__ = ["FieldResults", "deal_key"]

DealKey = tuple[str, str, str]


def deal_key(setup: BoardSetup) -> DealKey:
    """What makes two boards the same deal: the hands, the dealer, the vulnerability."""
    return (setup.deal.to_pbn(), setup.dealer.letter, setup.vulnerability.value)


class FieldResults:
    """North-South's score of every board over at every set held here, by deal."""

    def __init__(self) -> None:
        self._scores: dict[DealKey, dict[tuple[str, int], int]] = {}
        #: per table, how many of its boards left behind (final) are recorded
        self._final: dict[str, int] = {}

    def record(self, table_id: str, session: Session) -> None:
        """Take in the results of ``session`` (table ``table_id``'s): each board over, by its
        place in the session (a rubber's or Chicago's deals are not duplicate boards: none).
        The boards left behind are final and taken once; the board in play, once over, is
        taken again each time (a ruling may still change it)."""
        if session.setup.kind != "set":
            return
        played, results = session.played_boards(), session.results
        start = min(self._final.get(table_id, 0), len(played))
        for i in range(start, len(played)):
            self._scores.setdefault(deal_key(played[i].setup), {})[table_id, i] = results[i].score
        self._final[table_id] = len(played) - (1 if session.board.is_over else 0)

    def tables_of(self, setup: BoardSetup) -> set[str]:
        """The tables with a result of the deal of ``setup``."""
        return {tid for tid, _place in self._scores.get(deal_key(setup), {})}

    def others(self, table_id: str, place: int, setup: BoardSetup) -> list[int]:
        """The scores of the deal of ``setup`` but the one of table ``table_id``'s board at
        ``place`` (0 for its first)."""
        scores = self._scores.get(deal_key(setup), {})
        return [s for k, s in scores.items() if k != (table_id, place)]

    def summary(self, table_id: str, session: Session) -> dict[str, Any] | None:
        """The ``field`` part of a set's session summary when it is scored across the field
        (``None`` otherwise): each board over with the number of results of its deal
        (``results``) and its ``percentage`` (``mp``) or ``imps`` (``imps``); ``largest``, the
        most results of one of the set's boards (the Neuberg formula's field); and the
        set's ``percentage`` (the boards' average; ``None`` before a board is over) or
        ``imps`` (their sum)."""
        scoring = session.setup.scoring
        if session.setup.kind != "set" or scoring not in ("mp", "imps"):
            return None
        rows = [
            (board.setup.board, result.score, self.others(table_id, i, board.setup))
            for i, (board, result) in enumerate(
                zip(session.played_boards(), session.results, strict=True)
            )
        ]
        largest = max((len(o) + 1 for _, _, o in rows), default=1)
        boards: list[dict[str, Any]] = []
        for number, score, others in rows:
            row: dict[str, Any] = {"board": number, "score": score, "results": len(others) + 1}
            if scoring == "mp":
                row["percentage"] = field_percentage(score, others, largest)
            else:
                row["imps"] = cross_imps(score, others)
            boards.append(row)
        out: dict[str, Any] = {"scoring": scoring, "largest": largest, "boards": boards}
        if scoring == "mp":
            pcts = [b["percentage"] for b in boards]
            out["percentage"] = round(sum(pcts) / len(pcts), 2) if pcts else None
        else:
            out["imps"] = round(sum(b["imps"] for b in boards), 2)
        return out
