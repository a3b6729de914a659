"""Solver benchmark: the pure-Python min-min search (``floor``) against DDS, by tricks left.

Run from the repository root::

    python bench/solver.py [--positions N] [--tricks 3,5,7,9,11,13] [--cap S] [--seed S] [--json]

For each number of tricks left, ``N`` positions are reached by random legal play from random
deals (random strain, no trump included; random declarer, whose left-hand opponent leads),
stopping at a trick boundary. On each position the benchmark times:

* ``floor`` for the declaring side and for the defending side (the fewest tricks each can
  be held to under any play), each capped at ``--cap`` seconds (a capped search counts at
  the cap and is reported in the "capped" column; its max is then a lower bound);
* DDS (through endplay) for the declaring side's double-dummy tricks, one ``SolveBoard``
  call on a new deal (so each call pays DDS's reset).

Times are wall-clock (``time.perf_counter``) medians, 95th percentiles and maxima over the
positions; the floor is checked to be at most the DD value on every position. The default
run takes about two minutes on a 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bridgetable.core.cards import Suit
from bridgetable.core.deal import Deal
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Seat, Side
from bridgetable.solver.search import MinResult, floor

perf = time.perf_counter
TRUMPS: tuple[Suit | None, ...] = (None, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def random_position(rng: random.Random, tricks: int) -> tuple[Position, Seat]:
    """A position with ``tricks`` left at a trick boundary, reached by random legal play
    from a random deal, and its declarer."""
    deal = Deal.random(rng)
    declarer = rng.choice(SEATS)
    pos = Position(
        (deal[SEATS[0]].mask, deal[SEATS[1]].mask, deal[SEATS[2]].mask, deal[SEATS[3]].mask),
        rng.choice(TRUMPS),
        declarer.lho,
    )
    while pos.hands[pos.to_play].bit_count() > tricks or pos.trick:
        pos = pos.play(rng.choice(pos.legal_cards()))
    return pos, declarer


@dataclass
class Series:
    """Timings (seconds) of one kind of call over the positions of one row."""

    seconds: list[float] = field(default_factory=list)
    capped: int = 0

    def add(self, seconds: float, *, capped: bool = False) -> None:
        self.seconds.append(seconds)
        self.capped += capped

    def summary(self) -> dict[str, float | int]:
        s = sorted(self.seconds)
        if not s:
            return {"median_ms": math.nan, "p95_ms": math.nan, "max_ms": math.nan, "capped": 0}
        p95 = s[min(len(s) - 1, math.ceil(0.95 * len(s)) - 1)]
        return {
            "median_ms": statistics.median(s) * 1e3,
            "p95_ms": p95 * 1e3,
            "max_ms": s[-1] * 1e3,
            "capped": self.capped,
        }


def timed_floor(pos: Position, side: Side, cap: float) -> tuple[float, MinResult]:
    start = perf()
    r = floor(pos, side, deadline=time.monotonic() + cap, clock=time.monotonic)
    return perf() - start, r


def dds_timer() -> Callable[[Position, Side], tuple[float, int]] | None:
    """A function timing one DDS ``tricks`` call, or None without endplay."""
    try:
        from bridgetable.solver.dds import DDSSolver

        solver = DDSSolver()
    except Exception:  # endplay missing or broken: the DDS column is skipped
        return None

    def run(pos: Position, side: Side) -> tuple[float, int]:
        start = perf()
        tricks = solver.tricks(pos, side)
        return perf() - start, tricks

    return run


def run(
    tricks_left: Sequence[int], positions: int, cap: float, seed: int, log: Callable[[str], None]
) -> dict[str, Any]:
    dds = dds_timer()
    rows = []
    for n in tricks_left:
        rng = random.Random(seed * 100 + n)
        decl, defe, dd = Series(), Series(), Series()
        for i in range(positions):
            pos, declarer = random_position(rng, n)
            side = declarer.side
            t_decl, r_decl = timed_floor(pos, side, cap)
            decl.add(t_decl, capped=not r_decl.complete)
            t_def, r_def = timed_floor(pos, side.opponents, cap)
            defe.add(t_def, capped=not r_def.complete)
            if dds is not None:
                t_dd, dd_tricks = dds(pos, side)
                dd.add(t_dd)
                if r_decl.complete and r_decl.tricks is not None and r_decl.tricks > dd_tricks:
                    raise SystemExit(f"floor above the DD value at {pos}")
                if r_def.complete and r_def.tricks is not None and r_def.tricks > n - dd_tricks:
                    raise SystemExit(f"defenders' floor above their DD value at {pos}")
            if (i + 1) % 10 == 0:
                log(f"  {n} tricks left: {i + 1}/{positions} positions")
        rows.append(
            {
                "tricks_left": n,
                "positions": positions,
                "floor_declaring": decl.summary(),
                "floor_defending": defe.summary(),
                "dds_tricks": dd.summary() if dds is not None else None,
            }
        )
        log(f"{n} tricks left done")
    return {
        "benchmark": "solver",
        "seed": seed,
        "cap_s": cap,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "rows": rows,
    }


def _fmt(ms: float) -> str:
    if math.isnan(ms):
        return "-"
    if ms >= 1000:
        return f"{ms / 1000:.2f} s"
    if ms >= 10:
        return f"{ms:.0f} ms"
    return f"{ms:.2f} ms"


def render(result: dict[str, Any]) -> str:
    head = (
        "| tricks left | positions | floor, declaring side: median / p95 / max | capped "
        "| floor, defending side: median / p95 / max | capped | DDS tricks: median / p95 / max |"
    )
    lines = [head, "|" + " --- |" * 7]
    for row in result["rows"]:
        cells = [str(row["tricks_left"]), str(row["positions"])]
        for key in ("floor_declaring", "floor_defending"):
            s = row[key]
            cells.append(" / ".join(_fmt(s[k]) for k in ("median_ms", "p95_ms", "max_ms")))
            cells.append(str(s["capped"]))
        dd = row["dds_tricks"]
        cells.append(
            "skipped (no endplay)"
            if dd is None
            else " / ".join(_fmt(dd[k]) for k in ("median_ms", "p95_ms", "max_ms"))
        )
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    lines.append(
        f"seed {result['seed']}, floor capped at {result['cap_s']} s (a capped search counts at"
        f" the cap), Python {result['python']} on {result['machine']}"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=40, help="positions per row (40)")
    parser.add_argument(
        "--tricks", default="3,5,7,9,11,13", help="tricks left, comma separated (3,5,7,9,11,13)"
    )
    parser.add_argument("--cap", type=float, default=3.0, help="seconds per floor search (3)")
    parser.add_argument("--seed", type=int, default=2024, help="random seed (2024)")
    parser.add_argument("--json", action="store_true", help="write a JSON object to stdout")
    args = parser.parse_args(argv)
    try:
        tricks = [int(t) for t in args.tricks.split(",")]
    except ValueError:
        parser.error("--tricks takes numbers separated by commas")
    if args.positions < 1 or args.cap <= 0 or any(not 1 <= t <= 13 for t in tricks):
        parser.error("--positions >= 1, --cap > 0 and tricks left from 1 to 13")

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    result = run(tricks, args.positions, args.cap, args.seed, log)
    if args.json:
        json.dump(result, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(render(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
