"""Records of a whole session: every board played at a table, with its result.

Three shapes, all written from a :class:`~bridgetable.core.session.Session`:

* **PBN** (:func:`dumps_pbn`): one PBN 2.1 file, one game per board over, each written by the
  PBN writer (:func:`bridgetable.formats.pbn.render_record`) with the score tags of PBN 2.1
  section 4.2: ``Score`` for every board (``"NS 620"``: a set's duplicate score for
  North-South, Law 77; in a rubber or Chicago ``"NS <points> EW <points>"``, what the deal
  put on the sheet for each side), and in a rubber or Chicago ``ScoreRubber``, the sheet's
  running ``<above>/<below>`` for each side after the deal (4.2.5). A set scored against par
  adds ``ScoreIMP`` (``"NS 5"``: the board's IMPs for North-South against its par score,
  Law 78B). A set scored across the field takes the field's figures as an argument (the
  field is the server's, not the session's: ``field``, the table's ``session.field``
  summary): ``ScorePercentage`` (``"NS 56.25"``, 4.2.4: matchpoints as a percentage, Law 78A)
  or ``ScoreIMP`` (``"NS 2.5"``: cross-IMPs, a decimal when averaged, 4.2.2).
  :func:`loads_pbn` reads such a file back into records and their score tags.
* **LIN** (:func:`dumps_lin`): the boards one after another, one board per line, as in BBO's
  files of several boards (:func:`bridgetable.formats.lin.dumps`).
* **JSON** (:func:`document`, :func:`dumps_json`): the whole session -- its setup, its log, the
  results and the rubber or Chicago sheet -- from which :func:`loads_json` replays the same
  session, checking the results it stores.

Only boards that are over are written to PBN and LIN (their four hands are public then, Law
66D). The JSON holds the seed and the log, so it shows the board in play's cards and every
deal to come: it is the record of a session that is over, or the Director's (the server's
``GET /api/tables/{id}/session-record`` keeps to that).

Example:
    >>> from bridgetable.core.seats import SEATS
    >>> from bridgetable.core.session import Session, SessionSetup
    >>> s = Session(SessionSetup("set", seed=3, boards=1))
    >>> for seat in SEATS:
    ...     _ = s.command(seat, "call", {"call": "Pass"})
    >>> s.is_over, '[Score "NS 0"]' in dumps_pbn(s)
    (True, True)
    >>> loads_json(dumps_json(s)).results == s.results
    True
"""

from __future__ import annotations

import json as _json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridgetable.core.errors import ActionRefused, NotationError
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.seats import Side
from bridgetable.core.session import (
    BoardResult,
    Session,
    SessionSetup,
    entry_from_dict,
    entry_to_dict,
)
from bridgetable.formats import lin, pbn
from bridgetable.formats.common import Game
from bridgetable.formats.errors import FormatError

__all__ = [
    "FORMAT",
    "VERSION",
    "SessionBoard",
    "document",
    "dumps_json",
    "dumps_lin",
    "dumps_pbn",
    "from_document",
    "loads_json",
    "loads_pbn",
    "session_games",
]

FORMAT = "bridgetable-session"
VERSION = 1


def _sheet_after(result: BoardResult, running: list[list[int]]) -> dict[str, str]:
    """The score tags of a rubber or Chicago deal; ``running`` (``[[above, below]]`` per
    side) is brought up to date with the deal's lines."""
    points = {"NS": 0, "EW": 0}
    for side, below, above, _label in result.lines:
        running[Side[side]][0] += above
        running[Side[side]][1] += below
        points[side] += below + above
    ns, ew = running[Side.NS], running[Side.EW]
    return {
        "Score": f"NS {points['NS']} EW {points['EW']}",
        "ScoreRubber": f"NS {ns[0]}/{ns[1]} EW {ew[0]}/{ew[1]}",
    }


def _decimal(x: float) -> str:
    """A PBN score: an integer, or a decimal with a dot (PBN 2.1, 4.2.2)."""
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}".rstrip("0")


def session_games(
    session: Session, field: Mapping[str, Any] | None = None, *, boards: int | None = None
) -> list[Game]:
    """A :class:`Game` per board over, in order, its ``info`` holding the PBN score tags
    (see the module docstring); ``field``: the figures of a set scored across the field,
    ``boards`` in the order played (the server's ``session.field``); ``boards``: only the
    first so many boards over (a team match's room: those the other room has finished)."""
    games: list[Game] = []
    running = [[0, 0], [0, 0]]
    rows = list(field.get("boards", [])) if field else []
    for i, (board, result) in enumerate(zip(session.played_boards(), session.results, strict=True)):
        if boards is not None and i >= boards:
            break
        if session.setup.kind == "set":
            info = {"Score": f"NS {result.score}"}
            if result.imps is not None:  # scored against par
                info["ScoreIMP"] = f"NS {result.imps}"
            row = rows[i] if i < len(rows) else {}
            if row.get("percentage") is not None:  # matchpoints against the field
                info["ScorePercentage"] = f"NS {_decimal(row['percentage'])}"
            elif row.get("imps") is not None:  # cross-IMPs against the field
                info["ScoreIMP"] = f"NS {_decimal(row['imps'])}"
        else:
            info = _sheet_after(result, running)
        games.append(Game(record=board.record, info=info))
    return games


def dumps_pbn(
    session: Session, field: Mapping[str, Any] | None = None, *, boards: int | None = None
) -> str:
    """The session's boards over as one PBN file, with their score tags (``field`` and
    ``boards``: see :func:`session_games`)."""
    return pbn.dumps(session_games(session, field, boards=boards))


def dumps_lin(session: Session, *, boards: int | None = None) -> str:
    """The session's boards over as LIN, one board per line (``boards``: see
    :func:`session_games`)."""
    return lin.dumps(session_games(session, boards=boards))


@dataclass(frozen=True, slots=True)
class SessionBoard:
    """A board read back from a session's PBN: its record and its score tags."""

    record: BoardRecord
    scores: dict[str, str]


_SCORE_TAGS = ("Score", "ScoreIMP", "ScorePercentage", "ScoreRubber")


def loads_pbn(text: str | bytes) -> list[SessionBoard]:
    """The boards of a session's PBN (as :func:`dumps_pbn` writes it) with their score tags.

    Raises :class:`FormatError` if a game has no full record (every board of a session's
    file has one).
    """
    out: list[SessionBoard] = []
    for g in pbn.loads(text).games:
        if g.record is None:
            raise FormatError(f"line {g.line}: a session's board has a full record")
        scores = {k: g.info[k] for k in _SCORE_TAGS if k in g.info}
        out.append(SessionBoard(g.record, scores))
    return out


def document(session: Session) -> dict[str, Any]:
    """The whole session as a JSON-able object: ``format``, ``version``, ``setup``, ``first``
    (the first board's setup when the table chose it, else ``None``), ``log``, ``results``,
    ``total`` and, for a rubber or Chicago, its sheet as the session summary gives it."""
    summary = session.summary()
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "setup": session.setup.to_dict(),
        "first": None if session.first is None else session.first.to_dict(),
        "log": [entry_to_dict(e) for e in session.log],
        "results": [r.to_dict() for r in session.results],
        "total": session.total(),
    }
    for sheet in ("rubber", "chicago"):
        if sheet in summary:
            doc[sheet] = summary[sheet]
    return doc


def dumps_json(session: Session) -> str:
    """The text of :func:`document`."""
    return _json.dumps(document(session), ensure_ascii=False, indent=1) + "\n"


def from_document(doc: Any) -> Session:
    """The session a :func:`document` describes, replayed through the Laws engine; its
    results and sheet must be the ones stored. Raises :class:`FormatError`."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise FormatError(f"not a {FORMAT} document")
    if doc.get("version") != VERSION:
        raise FormatError(f"{FORMAT} version {doc.get('version')!r} is not {VERSION}")
    try:
        setup = SessionSetup.from_dict(doc.get("setup"))
        first = doc.get("first")
        first_setup = None if first is None else BoardSetup.from_dict(first)
        log = doc.get("log")
        if not isinstance(log, list):
            raise FormatError("a session's log is a list")
        session = Session.replay(setup, [entry_from_dict(e) for e in log], first=first_setup)
    except (ActionRefused, NotationError) as exc:
        raise FormatError(f"the session does not replay: {exc}") from None
    again = document(session)
    for key in ("results", "total", "rubber", "chicago"):
        if again.get(key) != doc.get(key):
            raise FormatError(f"the session's {key} are not those its log gives")
    return session


def loads_json(text: str | bytes) -> Session:
    """The session of a :func:`dumps_json` text; raises :class:`FormatError`."""
    try:
        doc = _json.loads(text)
    except ValueError as exc:
        raise FormatError(f"not JSON: {exc}") from None
    return from_document(doc)
