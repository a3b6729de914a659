"""``bridgetable adjudicate``: rule on a claim from a position, or on the claim a record holds
(its claim case, :mod:`bridgetable.formats.claims`: the record's rules, show-outs and dummy).

Example::

    bridgetable adjudicate --deal "W:2.2.. AK... 3.3.. Q.Q.." --trump S --declarer S \\
        --leader N --claimer N --tricks 2 --json
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import Any

from bridgetable.adjudication.ruling import adjudicate_case
from bridgetable.adjudication.slips import PLAYER_CLASSES, PROFILE_SLIPS
from bridgetable.core.calls import Strain
from bridgetable.core.cards import Card, Suit
from bridgetable.core.claimcase import ClaimCase
from bridgetable.core.errors import BridgeError
from bridgetable.core.position import Position
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat
from bridgetable.formats.claims import claim_cases
from bridgetable.formats.cli import read_file


def _run(args: argparse.Namespace) -> int:
    try:
        case = _from_record(args) if args.record else _from_position(args)
        voids = set(case.known_voids)
        for v in args.void or ():
            seat_text, _, suit_text = v.partition(":")
            voids.add((Seat.from_letter(seat_text), Suit.from_letter(suit_text)))
        ruling = adjudicate_case(
            replace(case, known_voids=frozenset(voids)),
            prof=args.profile,
            player_class=args.player_class,
            trumps_seen=args.trumps_seen,
            dd=not args.no_dd,
            time_cap=args.time_cap,
        )
    except (BridgeError, ValueError, OSError) as exc:
        print(f"bridgetable adjudicate: {exc}", file=sys.stderr)
        return 2
    out: dict[str, Any] = ruling.to_dict()
    if args.json:
        print(json.dumps(out))
    else:
        print(ruling.text)
        if ruling.undetermined:
            print(f"Undetermined: refer to the Director. Laws: {', '.join(out['laws'])}.")
        else:
            print(
                f"Result: {out['final']} of {out['remaining']} to the claimer's side (Law 70: "
                f"{out['awarded']} awarded; Law 71: {out['law71']} given back; claimed "
                f"{out['claimed']}; double dummy "
                f"{'not computed' if out['dd'] is None else out['dd']}; fewest possible "
                f"{out['floor']}). Laws: {', '.join(out['laws'])}."
            )
    return 0


def _from_position(args: argparse.Namespace) -> ClaimCase:
    """The claim case the options describe: the remaining cards, the claim and the code of
    Laws (``--rules``, duplicate by default)."""
    missing = [
        f"--{n}"
        for n in ("deal", "trump", "declarer", "leader", "claimer", "tricks")
        if getattr(args, n) is None
    ]
    if missing:
        raise BridgeError(f"without --record, give {' '.join(missing)}")
    strain = Strain.from_letter(args.trump)
    claimer = Seat.from_letter(args.claimer)
    declarer = Seat.from_letter(args.declarer)
    trick = tuple(Card(c) for c in (args.trick.split() if args.trick else ()))
    pos = Position.from_pbn(
        args.deal, trump=strain.suit, leader=Seat.from_letter(args.leader), trick=trick
    )
    if claimer is declarer.partner:
        raise BridgeError(f"{claimer} is dummy: only declarer or a defender claims (68A)")
    rules = RuleSet.rubber() if args.rules == "rubber" else RuleSet.duplicate()
    return ClaimCase.of(
        pos, claimer, args.tricks, args.statement, rules=rules, dummy=declarer.partner
    )


def _from_record(args: argparse.Namespace) -> ClaimCase:
    """The case of the first claim of a board in a PBN, LIN or JSON file (the board
    numbered ``--board``, or the first board with a claim): the board's claim case, under
    the record's rules (``--rules`` replaces their code of Laws)."""
    case = next(claim_cases(read_file(args.record), board=args.board), None)
    if case is None:
        which = f"board {args.board}" if args.board is not None else "any board"
        raise BridgeError(f"{args.record}: no claim found in {which}")
    if args.rules is not None:
        case = replace(case, rules=replace(case.rules, code=args.rules))
    return case


def register(sub: Any) -> None:
    """Add the ``adjudicate`` subcommand to the ``bridgetable`` parser."""
    p = sub.add_parser(
        "adjudicate",
        help="rule on a claim from a position, as a Director would (Laws 70, 71)",
        description="Rule on a claim: from a position (--deal holds the remaining cards) or "
        "from the claim recorded in a file (--record FILE [--board N]).",
    )
    p.add_argument("--deal", help='remaining cards, e.g. "W:AK.. ..." (PBN)')
    p.add_argument("--trump", help="S, H, D, C or NT")
    p.add_argument("--declarer", help="declarer's seat")
    p.add_argument("--leader", help="the seat on lead (or that led the trick)")
    p.add_argument("--trick", default="", help="cards already played to the trick, in order")
    p.add_argument("--claimer", help="the claiming seat")
    p.add_argument("--tricks", type=int, help="remaining tricks claimed for the claimer's side")
    p.add_argument("--statement", default=None, help="the claim statement (docs/claims.md)")
    p.add_argument(
        "--record", default=None, help="a PBN, LIN or JSON file: rule on the claim recorded in it"
    )
    p.add_argument("--board", type=int, default=None, help="with --record: the board number")
    p.add_argument(
        "--rules",
        choices=("duplicate", "rubber"),
        default=None,
        help="the code of Laws (default: the record's, or duplicate)",
    )
    p.add_argument(
        "--profile",
        choices=tuple(PROFILE_SLIPS),
        default="ebu",
        help="jurisdiction: which slips are normal (docs/claims.md)",
    )
    p.add_argument(
        "--class",
        dest="player_class",
        choices=PLAYER_CLASSES,
        default="club",
        help="class of player whose careless play counts as normal (Law 70 footnote)",
    )
    p.add_argument(
        "--void", action="append", help="a show-out known before the claim, e.g. W:S (repeatable)"
    )
    p.add_argument(
        "--trumps-seen",
        action="store_true",
        help="the play before the claim showed the claimer knew of the trumps out (C4b)",
    )
    p.add_argument("--time-cap", type=float, default=5.0, help="seconds per search")
    p.add_argument("--no-dd", action="store_true", help="skip the double-dummy value")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_run)
