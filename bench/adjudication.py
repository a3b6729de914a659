"""Claim adjudication over every claim point in the test corpus (tests/data/corpus).

Reads every PBN and LIN file in ``tests/data/corpus`` with :mod:`bridgetable.formats`, replays
each board that ends in a claim (PBN ``*`` with a Result, LIN ``mc``) to the moment of the
claim, and times the ruling: the Law 70 award plus the Law 71 check (no DD value or floor, which
a ruling does not need). Prints p50, p95, p99 and max for claims with 7 or fewer tricks left
and for all claims, against the targets, and how many hit the time cap.

    python bench/adjudication.py [--cap SECONDS] [--json] [--slowest N] [--only I,J,...] [--cpu]

``--slowest N`` lists the N slowest claim points (with their index, for ``--only``, and the
position at the claim); ``--only`` times just the claim points of those indices. ``--cpu``
takes the percentiles (and the slowest) from the process's CPU time rather than wall time:
on a machine shared with other work, the steadier measure of the code's own cost (the cap
stays on wall time, as in a ruling). Each row of ``--json`` holds both.

It times whichever build of bridgetable it imports and says which: the pure-Python sources, or
the compiled copy that ``scripts/build-native`` makes (run it with ``PYTHONPATH=build/native``);
a compiled copy older than the sources is refused.
"""

from __future__ import annotations

import argparse
import json
import runpy
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bridgetable.adjudication.ruling import adjudicate
from bridgetable.core.board import Board
from bridgetable.core.events import ClaimMade
from bridgetable.core.record import BoardRecord

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "corpus"
ROOT = Path(__file__).resolve().parents[1]


def build() -> str:
    """Which build of the claim searches is imported: ``"pure Python"`` or ``"compiled
    (mypyc)"``; exits when the compiled copy is older than the sources."""
    import bridgetable.adjudication.believer as believer
    import bridgetable.adjudication.normal as normal
    import bridgetable.solver.search as search

    compiled = [m for m in (search, normal, believer) if not str(m.__file__).endswith(".py")]
    if not compiled:
        return "pure Python"
    stamp_file = Path(str(search.__file__)).parents[2] / "STAMP"
    stamp = runpy.run_path(str(ROOT / "scripts" / "native_stamp.py"))["stamp"]
    if not stamp_file.is_file() or stamp_file.read_text().strip() != stamp():
        sys.exit("the compiled build is older than the sources: run scripts/build-native")
    return "compiled (mypyc)"


#: (tricks left at most, p50 target s, p99 target s)
TARGETS = ((7, 0.002, 0.020), (13, 0.020, 0.500))


def claim_points() -> list[tuple[str, BoardRecord, ClaimMade, int]]:
    """(file, record, claim event, its index) for every claim in the corpus."""
    from bridgetable.formats import lin, pbn

    out = []
    for path in sorted(CORPUS.rglob("*")):
        if path.suffix.lower() not in (".pbn", ".lin") or not path.is_file():
            continue
        reader = pbn if path.suffix.lower() == ".pbn" else lin
        loaded = reader.loads(path.read_bytes())
        for rec in loaded:
            for i, e in enumerate(rec.events):
                if isinstance(e, ClaimMade):
                    out.append((path.name, rec, e, i))
                    break
    return out


def percentile(xs: list[float], q: float) -> float:
    """The q-quantile (0..1) by nearest rank."""
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def warm_up() -> None:
    """Load the double-dummy solver and let DDS set up its threads and tables before the first
    timing: a ruling server pays that once, when it starts (about a second of CPU time, which
    would otherwise land on whichever claim point is timed first)."""
    from bridgetable.core.position import Position
    from bridgetable.core.seats import Seat
    from bridgetable.solver.port import default_solver

    pos = Position.from_pbn("N:AK2... QJ3... T94... 876...", trump=None, leader=Seat.NORTH)
    solver = default_solver()
    solver.card_values_many([pos])  # one position alone
    solver.card_values_many([pos] * 8)  # and a batch


def run(cap: float, only: set[int] | None = None, *, cpu: bool = False) -> dict[str, Any]:
    which = build()  # (first: a stale compiled copy is refused before any timing)
    points = claim_points()
    warm_up()
    rows: list[dict[str, Any]] = []
    for number, (name, rec, claim, index) in enumerate(points):
        if only is not None and number not in only:
            continue
        board = Board.replay(rec.prefix(index))
        pos = board.position()
        start, cpu_start = time.perf_counter(), time.process_time()
        ruling = adjudicate(
            pos, claim.seat, claim.tricks, claim.statement, dd=None, want_floor=False, time_cap=cap
        )
        took = time.perf_counter() - start
        used = time.process_time() - cpu_start
        rows.append(
            {
                "index": number,
                "file": name,
                "board": rec.setup.board,
                "left": pos.tricks_left,
                "seconds": took,
                "cpu_seconds": used,
                "claimed": claim.tricks,
                "awarded": ruling.awarded,
                "law71": ruling.law71,
                "laws": list(ruling.laws),
                "undetermined": ruling.undetermined,
                "statement": claim.statement,
                "position": str(pos),
            }
        )
    clock = "cpu_seconds" if cpu else "seconds"
    summary = []
    for most, p50_target, p99_target in TARGETS:
        times = [r[clock] for r in rows if r["left"] <= most]
        if not times:
            continue
        p50, p95, p99 = (percentile(times, q) for q in (0.5, 0.95, 0.99))
        summary.append(
            {
                "tricks_left_at_most": most,
                "claims": len(times),
                "p50_ms": p50 * 1e3,
                "p95_ms": p95 * 1e3,
                "p99_ms": p99 * 1e3,
                "max_ms": max(times) * 1e3,
                "mean_ms": statistics.fmean(times) * 1e3,
                "p50_target_ms": p50_target * 1e3,
                "p99_target_ms": p99_target * 1e3,
                "pass": p50 <= p50_target and p99 <= p99_target,
            }
        )
    return {
        "build": which,
        "claims": len(rows),
        "undetermined": sum(r["undetermined"] for r in rows),
        "reduced": sum(1 for r in rows if r["awarded"] is not None and r["awarded"] < r["claimed"]),
        "law71": sum(1 for r in rows if r["law71"]),
        "cap_s": cap,
        "clock": "process CPU time" if cpu else "wall time",
        "summary": summary,
        "rows": rows,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=5.0, help="time cap per search (s)")
    parser.add_argument("--json", action="store_true", help="print the JSON result")
    parser.add_argument("--slowest", type=int, default=5, help="list the N slowest claims")
    parser.add_argument("--only", default=None, help="time only these claim indices (I,J,...)")
    parser.add_argument(
        "--cpu", action="store_true", help="percentiles of process CPU time, not wall time"
    )
    args = parser.parse_args(argv)
    only = None if args.only is None else {int(i) for i in args.only.split(",") if i.strip()}
    result = run(args.cap, only, cpu=args.cpu)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"build: {result['build']}; {result['clock']}")
    print(
        f"{result['claims']} claim points; {result['reduced']} rulings below the claim, "
        f"{result['law71']} Law 71 returns, {result['undetermined']} undetermined "
        f"(cap {args.cap:g} s)"
    )
    print(
        f"{'tricks left':>12} {'claims':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} "
        f"{'max ms':>8}  target (p50 / p99)"
    )
    for s in result["summary"]:
        verdict = "PASS" if s["pass"] else "FAIL"
        print(
            f"{'<= ' + str(s['tricks_left_at_most']):>12} {s['claims']:>7} {s['p50_ms']:>8.2f} "
            f"{s['p95_ms']:>8.2f} {s['p99_ms']:>8.2f} {s['max_ms']:>8.1f}  "
            f"{s['p50_target_ms']:g} / {s['p99_target_ms']:g} ms: {verdict}"
        )
    clock = "cpu_seconds" if args.cpu else "seconds"
    slow = sorted(result["rows"], key=lambda r: -r[clock])[: args.slowest]
    print("slowest:")
    for r in slow:
        outcome = "undetermined" if r["undetermined"] else f"awarded {r['awarded']}"
        print(
            f"  [{r['index']}] {r['file']} #{r['board']} ({r['left']} left, claimed "
            f"{r['claimed']}, {outcome}) {r[clock] * 1e3:.0f} ms"
        )
        if args.slowest > 5:
            print(f"      {r['position']}  statement: {r['statement']!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
