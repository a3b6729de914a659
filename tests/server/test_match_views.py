"""A match table's view of the other room (server/matches.py) and the stored metadata of a
match table (server/stored.py): the other room's results stay in the view once that room has
been evicted from memory, and a table whose ``meta["match"]`` is not the server's own is
quarantined, never served."""

from __future__ import annotations

from typing import Any

import pytest

from bridgetable.core.seats import SEATS
from bridgetable.core.session import Session, SessionSetup
from bridgetable.server.hub import Table
from bridgetable.server.matches import view_of
from bridgetable.server.stored import check_meta


def room(table_id: str, room_name: str, other: str, passed_out: int) -> Table:
    """A match table of two boards with its first ``passed_out`` boards passed out."""
    session = Session(SessionSetup("set", seed=3, boards=2))
    for _ in range(passed_out):
        while not session.board.is_over:
            seat = session.board.to_act
            assert seat is not None
            session.command(seat, "call", {"call": "Pass"})
        for seat in SEATS:
            session.ask_next(seat)
    meta = {"match": {"id": "o.c", "room": room_name, "other": other}, "tokens": {}}
    return Table(table_id, session.board_setup(1), meta, session)


def test_the_other_rooms_results_stay_in_view_once_it_is_evicted() -> None:
    open_room, closed_room = room("o", "open", "c", 1), room("c", "closed", "o", 1)
    tables = {"o": open_room, "c": closed_room}
    seen = view_of(tables, open_room)
    assert seen is not None and [b["board"] for b in seen["boards"]] == [1]
    assert seen["boards"][0]["imps"] == 0  # passed out in both rooms
    del tables["c"]  # the closed room idles out of memory (server/eviction.py)
    assert view_of(tables, open_room) == seen


def test_a_room_never_loaded_adds_no_result() -> None:
    open_room = room("o", "open", "c", 1)
    seen = view_of({"o": open_room}, open_room)
    assert seen is not None and seen["boards"][0]["imps"] is None


@pytest.mark.parametrize(
    "match",
    [
        "open",
        {"room": "lounge"},
        {"room": "open", "other": 7},
        {"room": "open", "other": ""},
        {"room": "closed", "id": "abc"},
        {"room": "closed", "id": "a.b.c"},
        {"room": "closed", "id": ".b"},
    ],
)
def test_a_match_place_the_server_never_writes_is_refused(match: Any) -> None:
    with pytest.raises(ValueError, match="match"):
        check_meta({"tokens": {}, "match": match})


def test_the_match_places_the_server_writes_are_accepted() -> None:
    check_meta({"tokens": {}, "match": {"room": "open"}})  # before the closed room exists
    check_meta({"tokens": {}, "match": {"id": "a.b", "room": "closed", "other": "a"}})
