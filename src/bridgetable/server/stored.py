"""What a stored table's metadata must be for the server to serve it (issue 14, "Views": a
bad row quarantines its table, never stops the server nor answers an internal error).

The metadata is the server's own JSON (``Hub.create``, ``Hub.join``): the robots' seats,
the seats taken, the hashes of the tokens and the roles they give, the robots' seed, the
setup of the table's session over boards when it has one, the time it was created and the
time it ended.
:func:`check_meta` is run on every table loaded from the store; a table whose metadata is
anything else is quarantined.

>>> check_meta({"robots": ["E"], "taken": ["N"], "tokens": {"ab": "N", "cd": "spectator"}})
>>> check_meta({"robots": None, "tokens": {}})
Traceback (most recent call last):
...
ValueError: the table's metadata: robots is not a list of seats
>>> check_meta({"tokens": {}, "match": {"room": "lounge"}})
Traceback (most recent call last):
...
ValueError: the table's metadata: match is not {id, room: open|closed, other}
"""

from __future__ import annotations

from typing import Any

from bridgetable.core.errors import BridgeError
from bridgetable.core.views import parse_role

_SEATS = frozenset("NESW")


def check_meta(meta: Any) -> None:
    """Raise :class:`ValueError` unless ``meta`` is a table's metadata as the server writes
    it (see the module)."""

    def fail(what: str) -> None:
        raise ValueError(f"the table's metadata: {what}")

    if not isinstance(meta, dict):
        fail("not an object")
    for key in ("robots", "taken"):
        seats = meta.get(key, [])
        if not isinstance(seats, list) or not all(
            isinstance(s, str) and s in _SEATS for s in seats
        ):
            fail(f"{key} is not a list of seats")
    tokens = meta.get("tokens")
    if not isinstance(tokens, dict):
        fail("tokens is not an object")
    for name in tokens.values():
        try:
            parse_role(name if isinstance(name, str) else "")
        except BridgeError:
            fail("a token gives no role")
    seed = meta.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        fail("seed is not an integer")
    session = meta.get("session")
    if session is not None and not isinstance(session, dict):
        fail("session is not an object")
    match = meta.get("match")
    if match is not None:
        if not isinstance(match, dict) or match.get("room") not in ("open", "closed"):
            fail("match is not {id, room: open|closed, other}")
        for key in ("id", "other"):  # both are written once the second room exists
            if key in match and not (isinstance(match[key], str) and match[key]):
                fail(f"match.{key} is not a table id")
        parts = str(match.get("id", "a.b")).split(".")
        if len(parts) != 2 or "" in parts:
            fail("match.id is not <open room>.<closed room>")
    for key in ("ended", "created"):
        at = meta.get(key)
        if at is not None and (not isinstance(at, int | float) or isinstance(at, bool)):
            fail(f"{key} is not a time")
