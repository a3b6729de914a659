"""A team match: two tables play the same boards with the directions swapped, scored in IMPs.

Team A sits North-South in the open room and East-West in the closed room; team B the other
way round. Both rooms play a set from the same :class:`~bridgetable.core.session.SessionSetup`,
so each board has the same deal, dealer and vulnerability in both rooms (Law 2). A board is
scored when it is over in both rooms: the open room's North-South score minus the closed
room's North-South score is team A's gain in points, converted with the WBF IMP scale
(:func:`~bridgetable.core.scoring.imps`, Law 78B). A board over in one room only has no IMPs yet.

The hiding rule (:func:`match_summary` with ``room``): a room sees the other room's result of
a board only once its own board is over, so no table learns the other table's contract or
score before it has played the board. A reader with no room sees only boards over in both.

Example:
    >>> from bridgetable.core.boards import Vulnerability
    >>> from bridgetable.core.calls import Contract, Strain
    >>> from bridgetable.core.seats import Seat
    >>> from bridgetable.core.session import BoardResult
    >>> none = Vulnerability.NONE
    >>> four = Contract(4, Strain.SPADES, declarer=Seat.NORTH)
    >>> open_ = (BoardResult(1, Seat.NORTH, none, four, 10, 420),)
    >>> closed = (BoardResult(1, Seat.NORTH, none, four, 9, -50),)
    >>> rows = score_match(open_, closed)
    >>> rows[0].difference, rows[0].imps, match_totals(rows)
    (470, 10, (10, 0))
    >>> match_summary(open_, (), room="closed")["boards"]  # not played there: nothing shown
    []
    >>> match_summary((), closed, room="closed")["boards"][0]["open"] is None
    True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from bridgetable.core.errors import NotationError
from bridgetable.core.scoring import imps
from bridgetable.core.session import BoardResult

__all__ = ["ROOMS", "MatchBoard", "Room", "match_summary", "match_totals", "score_match"]

Room = Literal["open", "closed"]
#: The two rooms: team A is North-South in the open room, East-West in the closed room.
ROOMS: tuple[Room, Room] = ("open", "closed")


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a match.

    Attributes:
        number: the board number.
        open, closed: the board's result in each room, ``None`` while not over there.
        difference: open North-South score minus closed North-South score (team A's gain),
            ``None`` until the board is over in both rooms.
        imps: ``difference`` on the WBF IMP scale (Law 78B), positive for team A.
    """

    number: int
    open: BoardResult | None
    closed: BoardResult | None
    difference: int | None
    imps: int | None


def _by_number(results: Iterable[BoardResult], room: str) -> dict[int, BoardResult]:
    out: dict[int, BoardResult] = {}
    for r in results:
        if r.number in out:
            raise NotationError(f"board {r.number} has two results in the {room} room")
        out[r.number] = r
    return out


def score_match(
    open_results: Iterable[BoardResult], closed_results: Iterable[BoardResult]
) -> tuple[MatchBoard, ...]:
    """The match board by board (numbers in order), from each room's results (Law 78B).

    Raises:
        NotationError: a room has two results for one board, or the two rooms' results of a
            board differ in dealer or vulnerability (not the same board, Law 2).

    >>> score_match((), ())
    ()
    """
    op = _by_number(open_results, "open")
    cl = _by_number(closed_results, "closed")
    rows: list[MatchBoard] = []
    for n in sorted(set(op) | set(cl)):
        o, c = op.get(n), cl.get(n)
        if o is None or c is None:
            rows.append(MatchBoard(n, o, c, None, None))
            continue
        if (o.dealer, o.vulnerability) != (c.dealer, c.vulnerability):
            raise NotationError(f"board {n} is not the same board in both rooms (Law 2)")
        diff = o.score - c.score
        rows.append(MatchBoard(n, o, c, diff, imps(diff)))
    return tuple(rows)


def match_totals(rows: Iterable[MatchBoard]) -> tuple[int, int]:
    """The IMPs won by team A and by team B over the scored boards.

    >>> match_totals(())
    (0, 0)
    """
    a = b = 0
    for row in rows:
        if row.imps is not None:
            if row.imps > 0:
                a += row.imps
            else:
                b -= row.imps
    return a, b


def _result_dict(r: BoardResult | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"contract": None if r.contract is None else str(r.contract), "tricks": r.tricks,
            "score": r.score}  # fmt: skip


def match_summary(
    open_results: Iterable[BoardResult],
    closed_results: Iterable[BoardResult],
    room: Room | None = None,
    *,
    boards: int | None = None,
) -> dict[str, Any]:
    """What ``room`` may see of the match (``None``: a reader at neither table).

    A board appears once ``room``'s own result of it is in (for ``None``: once both are);
    the other room's result of a board is shown only then, so a table never sees the other
    table's contract or score of a board it has not finished. ``totals`` count the boards
    shown with IMPs; ``boards`` is the number of boards of the match, if given.

    Raises:
        NotationError: ``room`` is not a room, or as :func:`score_match`.

    >>> match_summary((), (), "open", boards=4)["totals"]
    {'A': 0, 'B': 0}
    """
    if room is not None and room not in ROOMS:
        raise NotationError(f"a room is open or closed, not {room!r}")
    rows = score_match(open_results, closed_results)
    shown = []
    for row in rows:
        own = None if room is None else (row.open if room == "open" else row.closed)
        if room is None and row.imps is None:
            continue
        if room is not None and own is None:
            continue
        shown.append(row)
    a, b = match_totals(shown)
    return {
        "room": room,
        "boards_in_match": boards,
        "boards": [
            {
                "board": row.number,
                "open": _result_dict(row.open),
                "closed": _result_dict(row.closed),
                "difference": row.difference,
                "imps": row.imps,
            }
            for row in shown
        ],
        "totals": {"A": a, "B": b},
    }
