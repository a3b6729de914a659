"""``bridgetable adjudicate``: rule on a claim from a position.

Example::

    bridgetable adjudicate --deal "W:2.2.. AK... 3.3.. Q.Q.." --trump S --declarer S \\
        --leader N --claimer N --tricks 2 --json
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bridgetable.core.calls import Strain
from bridgetable.core.cards import Card, Suit
from bridgetable.core.errors import BridgeError
from bridgetable.core.position import Position
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat


def _run(args: argparse.Namespace) -> int:
    from bridgetable.adjudication.ruling import adjudicate

    try:
        strain = Strain.from_letter(args.trump)
        leader = Seat.from_letter(args.leader)
        claimer = Seat.from_letter(args.claimer)
        declarer = Seat.from_letter(args.declarer)
        trick = tuple(Card(c) for c in (args.trick.split() if args.trick else ()))
        pos = Position.from_pbn(args.deal, trump=strain.suit, leader=leader, trick=trick)
        if claimer is declarer.partner:
            raise BridgeError(f"{claimer} is dummy: only declarer or a defender claims (68A)")
        voids: set[tuple[Seat, Suit]] = set()
        for v in args.void or ():
            seat_text, _, suit_text = v.partition(":")
            voids.add((Seat.from_letter(seat_text), Suit.from_letter(suit_text)))
        rules = RuleSet.rubber() if args.rules == "rubber" else RuleSet.duplicate()
        ruling = adjudicate(
            pos,
            claimer,
            args.tricks,
            args.statement,
            rules=rules,
            prof=args.profile,
            known_voids=frozenset(voids),
            dd=not args.no_dd,
            time_cap=args.time_cap,
        )
    except (BridgeError, ValueError) as exc:
        print(f"bridgetable adjudicate: {exc}", file=sys.stderr)
        return 2
    out: dict[str, Any] = ruling.to_dict()
    if args.json:
        print(json.dumps(out))
    else:
        print(ruling.text)
        print(
            f"Awarded {out['awarded']} of {out['remaining']} to the claimer's side "
            f"(claimed {out['claimed']}; double dummy {out['dd']}; fewest possible "
            f"{out['floor']}). Laws: {', '.join(out['laws'])}."
        )
    return 0


def register(sub: Any) -> None:
    """Add the ``adjudicate`` subcommand to the ``bridgetable`` parser."""
    p = sub.add_parser(
        "adjudicate",
        help="rule on a claim from a position, as a Director would (Laws 70, 71)",
        description="Rule on a claim. --deal holds the remaining cards (hands of one length).",
    )
    p.add_argument("--deal", required=True, help='remaining cards, e.g. "W:AK.. ..." (PBN)')
    p.add_argument("--trump", required=True, help="S, H, D, C or NT")
    p.add_argument("--declarer", required=True, help="declarer's seat")
    p.add_argument("--leader", required=True, help="the seat on lead (or that led the trick)")
    p.add_argument("--trick", default="", help="cards already played to the trick, in order")
    p.add_argument("--claimer", required=True, help="the claiming seat")
    p.add_argument(
        "--tricks", type=int, required=True, help="remaining tricks claimed for the claimer's side"
    )
    p.add_argument("--statement", default=None, help="the claim statement (docs/claims.md)")
    p.add_argument("--rules", choices=("duplicate", "rubber"), default="duplicate")
    p.add_argument("--profile", choices=("ebu", "acbl", "wbf"), default="ebu")
    p.add_argument(
        "--void", action="append", help="a show-out known before the claim, e.g. W:S (repeatable)"
    )
    p.add_argument("--time-cap", type=float, default=5.0, help="seconds per search")
    p.add_argument("--no-dd", action="store_true", help="skip the double-dummy value")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_run)
