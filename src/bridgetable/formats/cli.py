"""The ``convert`` and ``check`` subcommands of the ``bridgetable`` command.

* ``bridgetable convert IN OUT [--strict]``: read IN and write OUT, the formats chosen by the
  extensions (``.pbn``, ``.lin``, ``.json``); every board of IN goes to OUT. Diagnostics go
  to standard error. Exit status 1 when IN has an error (a board the reader cannot replay
  is written only up to its first error, and the summary line names it; with ``--strict``
  nothing is written), 2 for a file that cannot be opened or an unknown extension.
* ``bridgetable check FILE... [--strict] [--dd]``: print each file's diagnostics board by
  board, the irregularities it declares, and a summary line. Exit status 1 when a strict
  read of a file would fail (an error); with ``--strict`` warnings count too. ``--dd`` also
  checks every double-dummy table against DDS and counts each table DDS contradicts as an
  error.

Example:
    >>> import argparse
    >>> p = argparse.ArgumentParser(prog="bridgetable")
    >>> register(p.add_subparsers(dest="command"))
    >>> p.parse_args(["check", "a.pbn", "--dd"]).dd
    True
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

from bridgetable.formats.common import Loaded
from bridgetable.formats.dd import check_dd
from bridgetable.formats.errors import FormatError
from bridgetable.solver.errors import SolverError

EXTENSIONS = (".pbn", ".lin", ".json")


def format_module(path: str) -> ModuleType:
    """The format module for a file name, by its extension; raises :class:`FormatError`."""
    ext = Path(path).suffix.lower()
    if ext == ".pbn":
        from bridgetable.formats import pbn

        return pbn
    if ext == ".lin":
        from bridgetable.formats import lin

        return lin
    if ext == ".json":
        from bridgetable.formats import json

        return json
    raise FormatError(
        f"{path}: unknown format {ext or '(no extension)'!r}; use .pbn, .lin or .json"
    )


def read_file(path: str, *, strict: bool = False) -> Loaded[Any]:
    """Read a file in the format of its extension (see :func:`format_module`)."""
    mod = format_module(path)
    with open(path, "rb") as fp:
        loaded: Loaded[Any] = mod.load(fp, strict=strict)
    return loaded


def _convert(args: argparse.Namespace) -> int:
    err: TextIO = sys.stderr
    try:
        target = format_module(args.output)
        loaded = read_file(args.input, strict=args.strict)
    except FormatError as exc:
        err.write(f"bridgetable convert: {exc}\n")
        for d in exc.diagnostics:
            err.write(f"{args.input}:{d}\n")
        return 1 if exc.diagnostics else 2
    except OSError as exc:
        err.write(f"bridgetable convert: {exc}\n")
        return 2
    for d in loaded.diagnostics:
        err.write(f"{args.input}:{d}\n")
    try:
        text = target.dumps(loaded)
        with open(args.output, "w", encoding="utf-8", newline="") as fp:
            fp.write(text)
    except FormatError as exc:  # pragma: no cover - our records always replay
        err.write(f"bridgetable convert: {exc}\n")
        return 1
    except OSError as exc:
        err.write(f"bridgetable convert: {exc}\n")
        return 2
    kept = sum(1 for g in loaded.games if g.record is not None)
    if Path(args.input).suffix.lower() == Path(args.output).suffix.lower():
        what = f"{len(loaded.games)} games"
    else:
        left = len(loaded.games) - kept
        what = f"{kept} boards" + (f"; {left} games without a full deal left out" if left else "")
    bad = [g for g in loaded.games if any(d.is_error for d in g.diagnostics)]
    if bad or len(loaded.errors) > sum(len(g.diagnostics) for g in bad):
        names = ", ".join(_game_name(g) for g in bad[:10]) + (", ..." if len(bad) > 10 else "")
        what += f"; {len(loaded.errors)} errors" + (
            f" in {names}: what follows the first error of a board is not written" if bad else ""
        )
        err.write(f"{args.input} -> {args.output}: {what}\n")
        return 1
    err.write(f"{args.input} -> {args.output}: {what}\n")
    return 0


def _game_name(g: Any) -> str:
    board = g.record.setup.board if g.record is not None else None
    return f"game {getattr(g, 'index', '?')}" + (f" (board {board})" if board else "")


def _check(args: argparse.Namespace) -> int:
    out: TextIO = sys.stdout
    status = 0
    for path in args.files:
        try:
            loaded = read_file(path)
        except (FormatError, OSError) as exc:
            out.write(f"{path}: cannot be read: {exc}\n")
            status = max(status, 2)
            continue
        for d in loaded.diagnostics:
            out.write(f"{path}:{d}\n")
        for irr in loaded.irregularities:
            out.write(f"{path}:{irr}\n")
        errors = len(loaded.errors)
        warnings = len(loaded.diagnostics) - errors
        dd_note = ""
        if args.dd:
            try:
                reports = check_dd(loaded.games)
            except SolverError as exc:
                out.write(f"{path}: --dd: {exc}\n")
                return 2
            bad = [r for r in reports if not r.ok]
            for r in reports:
                if not r.ok:
                    where = f"game {r.game}, board {r.board}" if r.board else f"game {r.game}"
                    out.write(f"{path}:line {r.line}: {where}: {r.summary()}\n")
            errors += len(bad)
            dd_note = f", {len(reports)} DD tables checked ({len(bad)} differ from DDS)"
        out.write(
            f"{path}: {len(loaded.games)} games, {len(loaded)} records, {errors} errors, "
            f"{warnings} warnings, {len(loaded.irregularities)} declared irregularities"
            f"{dd_note}\n"
        )
        if errors or (args.strict and warnings):
            status = max(status, 1)
    return status


def register(subparsers: Any) -> None:
    """Add ``convert`` and ``check`` to the ``bridgetable`` command's subparsers."""
    cv = subparsers.add_parser(
        "convert",
        help="convert a PBN, LIN or JSON file to another (formats by extension)",
        description="Read IN and write every board to OUT; formats by extension "
        "(.pbn, .lin, .json).",
    )
    cv.add_argument("input", metavar="IN", help="the file to read")
    cv.add_argument("output", metavar="OUT", help="the file to write")
    cv.add_argument("--strict", action="store_true", help="refuse an input with errors")
    cv.set_defaults(func=_convert)

    ck = subparsers.add_parser(
        "check",
        help="report each board's problems in PBN, LIN or JSON files",
        description="Print the diagnostics of each file board by board; the exit status is "
        "1 when a strict read of a file would fail.",
    )
    ck.add_argument("files", nargs="+", metavar="FILE", help="files to check")
    ck.add_argument("--strict", action="store_true", help="warnings make the exit status 1 too")
    ck.add_argument(
        "--dd", action="store_true", help="check double-dummy tables against DDS (needs endplay)"
    )
    ck.set_defaults(func=_check)


__all__ = ["EXTENSIONS", "format_module", "read_file", "register"]
