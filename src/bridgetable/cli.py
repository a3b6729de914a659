"""The ``bridgetable`` command.

Subcommands:

* ``selfplay --boards N --seed S [--json] [--rules duplicate|rubber]``: play N random boards
  (random deals, random legal auctions, random legal play through the Laws engine) and print
  one JSON object per board, or a diagram and a result line per board.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from bridgetable import __version__
from bridgetable.adjudication.cli import register as register_adjudicate
from bridgetable.core.rules import RuleSet
from bridgetable.diagram import deal_diagram
from bridgetable.formats.cli import register as register_formats
from bridgetable.selfplay import play_random_board, summary
from bridgetable.server.cli import register as register_serve


def _selfplay(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    rules = RuleSet.rubber() if args.rules == "rubber" else RuleSet.duplicate()
    out = sys.stdout
    for number in range(1, args.boards + 1):
        board = play_random_board(number, rng, rules)
        s = summary(board)
        if args.json:
            out.write(json.dumps(s) + "\n")
            continue
        header = f"Board {s['board']}  Dealer {s['dealer']}  Vul {s['vulnerable']}"
        out.write(deal_diagram(board.setup.deal, header=header) + "\n")
        out.write("Auction: " + " ".join(s["auction"]) + "\n")
        if s["contract"] == "Pass":
            out.write("Passed out. Score 0\n\n")
        else:
            out.write(
                f"Contract {s['contract']} by {s['declarer']}: {s['tricks']} tricks. "
                f"Score NS {s['score']:+d}\n\n"
            )
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
    sp.add_argument("--boards", type=int, default=1, help="how many boards (numbered 1..N)")
    sp.add_argument("--seed", type=int, default=0, help="random seed")
    sp.add_argument("--json", action="store_true", help="one JSON object per line")
    sp.add_argument("--rules", choices=("duplicate", "rubber"), default="duplicate")
    sp.set_defaults(func=_selfplay)
    register_adjudicate(sub)
    register_serve(sub)
    register_formats(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "boards", 1) < 0:
        parser.error("--boards must be zero or more")
    code: int = args.func(args)
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
