"""JSON: bridgetable's own lossless format for board records.

A document is one object, one board per line::

    {"format": "bridgetable-records", "version": 1, "boards": [
    {"setup": {...}, "events": [...], "info": {"Event": "...", "North": "..."}},
    ...
    ]}

``setup`` and ``events`` are :meth:`BoardRecord.to_dict` (every event of the engine is kept,
unlike PBN and LIN); ``info`` holds the metadata of the game it came from, keyed by PBN tag
names. A bare list of boards, or a single board object, is read too. Reading replays every
board through the Laws engine: the first event it refuses is reported (line, board, trick,
seat, Law) and the record keeps the events before it.

Example:
    >>> import random
    >>> from bridgetable.core.record import BoardRecord, BoardSetup
    >>> rec = BoardRecord(BoardSetup.for_board(2, rng=random.Random(4)))
    >>> text = dumps([rec])
    >>> text.splitlines()[0]
    '{"format": "bridgetable-records", "version": 1, "boards": ['
    >>> loads(text)[0] == rec
    True
"""

from __future__ import annotations

import json as _json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO, Any

from bridgetable.core.board import Board
from bridgetable.core.errors import ActionRefused, BridgeError
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord
from bridgetable.formats.common import Game, Loaded, as_text, read_input, write_output
from bridgetable.formats.errors import Diagnostic, FormatError, raise_if_errors

FORMAT = "bridgetable-records"
VERSION = 1


@dataclass(kw_only=True, eq=False)
class JsonBoard(Game):
    """A board of a JSON document and its 1-based ``index``."""

    index: int = 0


def loads(text: str | bytes, *, strict: bool = False) -> Loaded[JsonBoard]:
    """Read a JSON document (see the module docstring). Tolerant by default;
    ``strict=True`` raises :class:`FormatError` when there is an error."""
    src = as_text(text, "json.loads")
    loaded = _read(src)
    if strict:
        raise_if_errors(loaded.diagnostics, "JSON")
    return loaded


def load(fp: IO[Any], *, strict: bool = False) -> Loaded[JsonBoard]:
    """Read a JSON file; see :func:`loads`."""
    return loads(read_input(fp), strict=strict)


def _skip_ws(src: str, i: int) -> int:
    while i < len(src) and src[i] in " \t\r\n":
        i += 1
    return i


def _board_offsets(src: str) -> list[int]:
    """Where each board object starts (the JSON is known to be valid)."""
    dec = _json.JSONDecoder()
    i = _skip_ws(src, 0)
    if src[i] == "{":
        i = _skip_ws(src, i + 1)
        found = False
        while src[i] != "}":
            key, i = dec.raw_decode(src, i)
            i = _skip_ws(src, i) + 1  # the ':'
            i = _skip_ws(src, i)
            if key == "boards":
                found = True
                break
            _, i = dec.raw_decode(src, i)
            i = _skip_ws(src, i)
            if src[i] == ",":
                i = _skip_ws(src, i + 1)
        if not found:
            return []
    if src[i] != "[":
        return [i]
    out = []
    i = _skip_ws(src, i + 1)
    while src[i] != "]":
        out.append(i)
        _, i = dec.raw_decode(src, i)
        i = _skip_ws(src, i)
        if src[i] == ",":
            i = _skip_ws(src, i + 1)
    return out


def _read(src: str) -> Loaded[JsonBoard]:
    try:
        data = _json.loads(src)
    except (ValueError, RecursionError) as exc:
        line = getattr(exc, "lineno", 0)
        return Loaded([], [Diagnostic(line, f"not JSON: {exc}")])
    diags: list[Diagnostic] = []
    boards: Any
    if isinstance(data, dict) and "boards" in data:
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            diags.append(
                Diagnostic(
                    1,
                    f"format {data.get('format')!r} version {data.get('version')!r}: "
                    f"this reader knows {FORMAT!r} version {VERSION}",
                    "warning",
                )
            )
        boards = data["boards"]
    elif isinstance(data, dict):
        boards = [data]
    else:
        boards = data
    if not isinstance(boards, list):
        return Loaded([], [*diags, Diagnostic(1, "the boards are not a JSON list")])
    try:
        offsets = _board_offsets(src)
    except (ValueError, IndexError, RecursionError):  # pragma: no cover - valid JSON
        offsets = []
    games = []
    for k, item in enumerate(boards):
        line = src.count("\n", 0, offsets[k]) + 1 if k < len(offsets) else 1
        games.append(_board(item, k + 1, line))
    every = sorted([d for g in games for d in g.diagnostics] + diags, key=lambda d: d.line)
    return Loaded(games, every)


def _board(item: Any, index: int, line: int) -> JsonBoard:
    g = JsonBoard(index=index, line=line)
    try:
        rec = BoardRecord.from_dict(item)
    except (BridgeError, ValueError, TypeError, KeyError, AttributeError) as exc:
        g.diagnostics.append(Diagnostic(line, f"not a board record: {exc}", game=index))
        return g
    info = item.get("info", {}) if isinstance(item, dict) else {}
    if isinstance(info, dict) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in info.items()
    ):
        g.info = dict(info)
    else:
        g.diagnostics.append(
            Diagnostic(line, "info is an object of strings; ignored", "warning", game=index)
        )
    board = Board(rec.setup)
    kept = 0
    for e in rec.events:
        try:
            board.apply(e)
        except ActionRefused as exc:
            trick = None
            if board.phase in (Phase.PLAY, Phase.CLARIFICATION, Phase.CLAIM):
                trick = min(len(board.tricks) + 1, 13)
            seat = exc.seat if exc.seat is None else str(exc.seat)
            g.diagnostics.append(
                Diagnostic(
                    line,
                    f"event {kept + 1} ({type(e).__name__}) refused: {exc.reason}",
                    board=rec.setup.board,
                    game=index,
                    trick=trick,
                    seat=seat,
                    law=exc.law,
                )
            )
            break
        except (BridgeError, ValueError, TypeError) as exc:
            g.diagnostics.append(
                Diagnostic(
                    line,
                    f"event {kept + 1} ({type(e).__name__}): {exc}",
                    board=rec.setup.board,
                    game=index,
                )
            )
            break
        kept += 1
    g.record = rec.prefix(kept)
    return g


def document(games: Iterable[Game | BoardRecord] | Loaded[Any]) -> dict[str, Any]:
    """The JSON document of records and games, as a JSON-able object: ``{"format":
    "bridgetable-records", "version": 1, "boards": [...]}``, each board
    :meth:`BoardRecord.to_dict` with the game's ``info`` when it has some (games without a
    record are left out). The one shape of a record in JSON: :func:`dumps` writes it, and
    the server's record download (``GET /api/tables/{id}/record?format=json``) answers it.
    Raises :class:`FormatError` for anything but games and records.

    >>> import random
    >>> from bridgetable.core.record import BoardSetup
    >>> doc = document([BoardRecord(BoardSetup.for_board(1, rng=random.Random(1)))])
    >>> sorted(doc), doc["format"], sorted(doc["boards"][0])
    (['boards', 'format', 'version'], 'bridgetable-records', ['events', 'setup'])
    """
    boards = []
    for g in games.games if isinstance(games, Loaded) else games:
        if isinstance(g, BoardRecord):
            boards.append(g.to_dict())
        elif isinstance(g, Game):
            if g.record is not None:
                d = g.record.to_dict()
                if g.info:
                    d["info"] = dict(g.info)
                boards.append(d)
        else:
            raise FormatError(f"json.dumps writes games and board records, not {type(g).__name__}")
    return {"format": FORMAT, "version": VERSION, "boards": boards}


def dumps(games: Iterable[Game | BoardRecord] | Loaded[Any]) -> str:
    """The text of :func:`document`: one board per line. Raises :class:`FormatError` for
    anything but games and records."""
    boards = document(games)["boards"]
    lines = [f'{{"format": "{FORMAT}", "version": {VERSION}, "boards": [']
    for k, b in enumerate(boards):
        comma = "," if k < len(boards) - 1 else ""
        lines.append(_json.dumps(b, ensure_ascii=False, separators=(",", ":")) + comma)
    lines.append("]}")
    return "\n".join(lines) + "\n"


def dump(games: Iterable[Game | BoardRecord] | Loaded[Any], fp: IO[Any]) -> None:
    """Write :func:`dumps` to a file (UTF-8 for a binary file)."""
    write_output(fp, dumps(games))


__all__ = ["FORMAT", "VERSION", "JsonBoard", "document", "dump", "dumps", "load", "loads"]
