"""The ``bridgetable`` command.

Subcommands:

* ``selfplay --boards N --seed S [--json] [--rules duplicate|rubber|chicago]``: play N random boards
  (random deals, random legal auctions, random legal play through the Laws engine) and print
  one JSON object per board, or a diagram and a result line per board; with
  ``--rules rubber``, a rubber to its end (no ``--boards``), each deal with its lines on the
  rubber sheet, then the sheet (a last JSON object ``{"rubber": ...}``); with
  ``--rules chicago``, four deals of Chicago the same way (``{"chicago": ...}``);
  ``--out FILE.pbn`` (a rubber or Chicago) also writes the session's PBN, every deal with its
  ``Score`` and ``ScoreRubber`` (:mod:`bridgetable.formats.session`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from bridgetable import __version__
from bridgetable.adjudication.cli import register as register_adjudicate
from bridgetable.core.board import Board
from bridgetable.core.rules import RuleSet
from bridgetable.diagram import deal_diagram
from bridgetable.formats import session as session_records
from bridgetable.formats.cli import register as register_formats
from bridgetable.selfplay import play_random_board, play_random_rubber, rubber_summary, summary
from bridgetable.server.cli import register as register_serve


def _selfplay(args: argparse.Namespace) -> int:
    if args.rules in ("rubber", "chicago"):
        return _selfplay_rubber(args)
    if args.out is not None:
        print("bridgetable selfplay: --out writes a rubber or Chicago session", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    rules = RuleSet.duplicate()
    out = sys.stdout
    boards = 1 if args.boards is None else args.boards
    for number in range(1, boards + 1):
        board = play_random_board(number, rng, rules)
        s = summary(board)
        if args.json:
            out.write(json.dumps(s) + "\n")
            continue
        _write_board(out, board, s)
        if s["contract"] != "Pass":
            out.write(f" Score NS {s['score']:+d}\n")
        out.write("\n")
    return 0


def _write_board(out: TextIO, board: Board, s: dict[str, Any]) -> None:
    header = f"Board {s['board']}  Dealer {s['dealer']}  Vul {s['vulnerable']}"
    out.write(deal_diagram(board.setup.deal, header=header) + "\n")
    out.write("Auction: " + " ".join(s["auction"]) + "\n")
    if s["contract"] == "Pass":
        out.write("Passed out. Score 0\n")
    else:
        out.write(f"Contract {s['contract']} by {s['declarer']}: {s['tricks']} tricks.")


def _selfplay_rubber(args: argparse.Namespace) -> int:
    """A rubber (or four deals of Chicago) to its end, deal by deal, then the score sheet
    (Laws of Rubber Bridge, 72-81): the number of deals is the play's, so ``--boards`` is
    refused."""
    if args.boards is not None:
        print(
            f"bridgetable selfplay: a {args.rules} is played to its end: no --boards",
            file=sys.stderr,
        )
        return 2
    game = play_random_rubber(args.seed, random.Random(args.seed), kind=args.rules)
    if args.out is not None:
        with open(args.out, "w", encoding="utf-8", newline="\n") as fp:
            fp.write(session_records.dumps_pbn(game))
    out = sys.stdout
    boards = game.played_boards()
    for board, result in zip(boards, game.results, strict=True):
        s = summary(board)
        s["score"] = result.score  # North-South's points on the sheet minus East-West's
        s["lines"] = [list(x) for x in result.lines]
        if args.json:
            out.write(json.dumps(s) + "\n")
            continue
        _write_board(out, board, s)
        if s["contract"] != "Pass":
            out.write("\n")
        for side, below, above, label in result.lines:
            where = f"{below} below" if below else f"{above} above"
            out.write(f"  {side} {where} the line ({label})\n")
        out.write("\n")
    sheet = rubber_summary(game)
    if args.json:
        out.write(json.dumps(sheet) + "\n")
        return 0
    if "chicago" in sheet:
        r = sheet["chicago"]
        out.write(f"Chicago: {r['deals']} deals\n")
    else:
        r = sheet["rubber"]
        won = f": won by {r['winner']}" if r["winner"] else ": unfinished"
        out.write("Rubber sheet" + won + "\n")
    out.write(f"{'':8}{'NS':>8}{'EW':>8}\n")
    for key in ("above", "below"):
        out.write(f"{key.capitalize():8}{r[key]['NS']:>8}{r[key]['EW']:>8}\n")
    out.write(f"{'Total':8}{r['totals']['NS']:>8}{r['totals']['EW']:>8}\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``bridgetable`` command."""
    p = argparse.ArgumentParser(
        prog="bridgetable",
        description="Contract bridge's play period exactly as the Laws describe it.",
    )
    p.add_argument("--version", action="version", version=f"bridgetable {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    sp = sub.add_parser("selfplay", help="play random legal boards through the Laws engine")
    sp.add_argument(
        "--boards",
        type=int,
        default=None,
        help="how many duplicate boards (numbered 1..N; default 1); a rubber is played to its end",
    )
    sp.add_argument("--seed", type=int, default=0, help="random seed")
    sp.add_argument("--json", action="store_true", help="one JSON object per line")
    sp.add_argument(
        "--rules",
        choices=("duplicate", "rubber", "chicago"),
        default="duplicate",
        help="duplicate boards; a rubber to its end; four deals of Chicago",
    )
    sp.add_argument(
        "--out",
        default=None,
        help="a rubber or Chicago: also write the session's PBN to this file",
    )
    sp.set_defaults(func=_selfplay)
    register_adjudicate(sub)
    register_serve(sub)
    register_formats(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    boards = getattr(args, "boards", None)
    if boards is not None and boards < 0:
        parser.error("--boards must be zero or more")
    code: int = args.func(args)
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
