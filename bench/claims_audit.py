"""Claims audit: how the adjudicator rules on the claims players accepted at real tables.

Every claim point of the test corpus (``tests/data/corpus``: PBN ``*`` with a Result, LIN
``mc``; the same points ``bench/adjudication.py`` times) is ruled on as a Director would
(``adjudicate``, no statement: the records carry none), and compared with the double-dummy
value at the claim (DDS through endplay). A claim is *sound double dummy* when the claimer's
side takes at least the claimed tricks with best play by all four; a Director upholds nearly
all such claims made by real players, so the cut rate among them measures how far the
adjudicator's "normal play" strays from a Director's.

    python bench/claims_audit.py [--cap SECONDS] [--profile ebu|wbf|dbf]
                                 [--player-class novice|club|expert|event] [--json] [--list N]
                                 [--only I,J,...] [--cpu]

Prints: claims, upheld, cut, undetermined, the cut rate among sound claims (target: at most
12%), each cut with the slips its ruling names (target: every cut of a sound claim names at
least one catalogued slip; a claim above double dummy is cut by the cards), and nothing
undetermined at the cap (target).

The cap is wall time, as at a table. ``--cpu`` puts the cap (and the timings) on the
process's CPU time instead: on a machine shared with other work, a ruling then gets the
same search whatever the load, so that two runs (or two builds run side by side) give the
same rulings.

Law 70 judges careless play "for the class of player involved" (the footnote to Laws 68-71):
``--player-class event`` rules each claim for the class of the players of its event (the
table in ``bench/corpus_classes.py``: experts at the national and international events the
vugraph and qualifier records come from, club players at the online club tournament), as a
Director at that event would.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # (run as a script)

from bench.adjudication import build, claim_points, percentile
from bench.corpus_classes import class_of
from bridgetable.adjudication.ruling import adjudicate
from bridgetable.core.board import Board
from bridgetable.core.claimcase import trumps_just_drawn
from bridgetable.core.seats import Seat
from bridgetable.solver.dds import DDSSolver

#: (cut rate among sound claims at most, cuts without a slip at most, undetermined at most)
TARGETS = (0.12, 0, 0)


def _ruling_args(board: Board, claimer: Seat) -> dict[str, Any]:
    """What the Director knows at the claim besides the cards: the show-outs before it,
    dummy's seat (a defender who claims sees dummy) and whether the claimer had just drawn
    a round of trumps (C4b), as :meth:`Board.claim_case` has them."""
    return {
        "known_voids": board.shown_voids(),
        "dummy": board.dummy,
        "trumps_seen": trumps_just_drawn(
            board.tricks[-1].cards if board.tricks else (), board.trump, claimer
        ),
    }


def run(
    cap: float,
    prof: str | None,
    player_class: str | None,
    only: set[int] | None = None,
    *,
    cpu: bool = False,
) -> dict[str, Any]:
    which = build()
    solver = DDSSolver()
    rows: list[dict[str, Any]] = []
    for number, (name, rec, claim, index) in enumerate(claim_points()):
        if only is not None and number not in only:
            continue
        board = Board.replay(rec.prefix(index))
        pos = board.position()
        dd = solver.tricks(pos, claim.seat.side)
        extra: dict[str, Any] = {}
        if player_class == "event":
            extra["player_class"] = class_of(name)
        elif player_class is not None:
            extra["player_class"] = player_class
        clock = time.process_time if cpu else time.perf_counter
        start = clock()
        ruling = adjudicate(
            pos,
            claim.seat,
            claim.tricks,
            claim.statement,
            dd=None,
            want_floor=False,
            time_cap=cap,
            prof=prof,
            clock=clock,
            **_ruling_args(board, claim.seat),
            **extra,
        )
        took = clock() - start
        rows.append(
            {
                "index": number,
                "file": name,
                "board": rec.setup.board,
                "claimer": claim.seat.letter,
                "class": extra.get("player_class", "club"),
                "left": pos.tricks_left,
                "claimed": claim.tricks,
                "dd": dd,
                "sound": dd >= claim.tricks,
                "awarded": ruling.awarded,
                "final": ruling.final,
                "undetermined": ruling.undetermined,
                "slips": [s.kind for s in ruling.slips],
                "laws": list(ruling.laws),
                "seconds": took,
                "ruling": ruling.text,
                "position": str(pos),
            }
        )
    sound = [r for r in rows if r["sound"]]
    cut = [r for r in rows if r["awarded"] is not None and r["awarded"] < r["claimed"]]
    sound_cut = [r for r in cut if r["sound"]]
    # a cut of a claim that double dummy makes must name the slip that costs it; a claim
    # above the double-dummy value is cut by the cards themselves
    no_slip = [r for r in sound_cut if not r["slips"]]
    return {
        "build": which,
        "profile": prof or "ebu",
        "player_class": player_class or "club",
        "cap_s": cap,
        "clock": "process CPU time" if cpu else "wall time",
        "claims": len(rows),
        "upheld": sum(1 for r in rows if r["awarded"] == r["claimed"]),
        "cut": len(cut),
        "undetermined": sum(1 for r in rows if r["undetermined"]),
        "sound": len(sound),
        "sound_cut": len(sound_cut),
        "sound_cut_rate": len(sound_cut) / len(sound) if sound else 0.0,
        "tricks_cut_from_sound": sum(r["claimed"] - r["awarded"] for r in sound_cut),
        "cuts_without_slip": len(no_slip),
        "rows": rows,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=5.0, help="time cap per ruling (s)")
    parser.add_argument("--profile", default=None, help="jurisdiction profile (default ebu)")
    parser.add_argument(
        "--player-class",
        default=None,
        help="novice, club or expert for every claim, or 'event': each claim for the class of "
        "the players of its event (bench/corpus_classes.py); default: the records' own (club)",
    )
    parser.add_argument("--json", action="store_true", help="print the JSON result")
    parser.add_argument("--list", type=int, default=1000, help="list at most N cuts")
    parser.add_argument(
        "--only",
        default=None,
        help="rule only these claim points (comma-separated indices, as listed): a subset "
        "for quick iteration, whose figures are not the corpus's",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="cap each ruling (and time it) on the process's CPU time, not wall time",
    )
    args = parser.parse_args(argv)
    only = {int(i) for i in args.only.split(",")} if args.only else None
    result = run(args.cap, args.profile, args.player_class, only, cpu=args.cpu)
    if args.json:
        print(json.dumps(result))
        return 0
    rate_target, slip_target, undetermined_target = TARGETS
    print(
        f"build: {result['build']}; profile {result['profile']}, "
        f"class {result['player_class']}; cap {args.cap:g} s ({result['clock']})"
    )
    print(
        f"{result['claims']} claims: {result['upheld']} upheld, {result['cut']} cut, "
        f"{result['undetermined']} undetermined"
    )
    rate = result["sound_cut_rate"]
    print(
        f"sound double dummy: {result['sound']}; cut {result['sound_cut']} "
        f"({rate:.1%}, {result['tricks_cut_from_sound']} tricks); target at most "
        f"{rate_target:.0%}: {'PASS' if rate <= rate_target else 'FAIL'}"
    )
    print(
        f"cuts naming no slip: {result['cuts_without_slip']} (target {slip_target}: "
        f"{'PASS' if result['cuts_without_slip'] <= slip_target else 'FAIL'}); "
        f"undetermined: {result['undetermined']} (target {undetermined_target}: "
        f"{'PASS' if result['undetermined'] <= undetermined_target else 'FAIL'})"
    )
    for label, rows in (
        ("7 or fewer tricks left", [r for r in result["rows"] if r["left"] <= 7]),
        ("all", result["rows"]),
    ):
        took = [r["seconds"] for r in rows]
        if took:
            p50, p99 = percentile(took, 0.5), percentile(took, 0.99)
            print(f"timings, {label} ({len(took)}): p50 {p50 * 1000:.1f} ms, p99 {p99:.2f} s")
    cuts = [r for r in result["rows"] if r["awarded"] is not None and r["awarded"] < r["claimed"]]
    if cuts and args.list:
        print("cuts:")
    for r in cuts[: args.list]:
        print(
            f"  [{r['index']}] {r['file']} #{r['board']} {r['claimer']} claimed {r['claimed']} "
            f"of {r['left']}, dd {r['dd']}, awarded {r['awarded']}: "
            f"{', '.join(r['slips']) or ('NO SLIP' if r['sound'] else 'claim above double dummy')}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
