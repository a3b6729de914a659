"""Robot move time: the opening lead with 32 samples and a mid-play card with 100 samples
(DDS batch call), p50 and p90 over random practice deals.

Wall time is what a player waits; CPU time (the process's, DDS's threads included) is the
work done, steadier than wall time on a shared machine: on an idle one, wall time is about
CPU time over the cores DDS uses.

    python bench/robots.py --positions 10
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from bridgetable.core.board import Board
from bridgetable.core.calls import Contract
from bridgetable.core.record import BoardSetup
from bridgetable.core.seats import Seat
from bridgetable.robots.memory import Memory
from bridgetable.robots.player import RobotConfig, decide


def _board(seed: int) -> Board:
    rng = random.Random(seed)
    setup = BoardSetup.for_board(1, rng=rng, contract=Contract.parse("3NT S"))
    return Board(setup)


def _quantiles(xs: list[float], cpu: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    return {
        "p50_ms": round(statistics.median(xs) * 1000, 1),
        "p90_ms": round(xs[max(0, int(len(xs) * 0.9) - 1)] * 1000, 1),
        "max_ms": round(xs[-1] * 1000, 1),
        "cpu_p50_ms": round(statistics.median(cpu) * 1000, 1),
    }


def _timed(
    view: dict[str, Any], memory: Memory, config: dict[str, Any], seed: int
) -> tuple[float, float]:
    """Wall and CPU seconds of one decision."""
    t, c = time.perf_counter(), time.process_time()
    decide(view, memory.to_dict(), config, seed)
    return time.perf_counter() - t, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--positions", type=int, default=10)
    args = ap.parse_args()
    lead_cfg = RobotConfig(lead_samples=32).to_dict()
    mid_cfg = RobotConfig(play_samples=100).to_dict()
    leads: list[float] = []
    mids: list[float] = []
    lead_cpu: list[float] = []
    mid_cpu: list[float] = []
    for seed in range(args.positions):
        b = _board(seed)
        view = b.view_for(Seat.WEST).to_dict()
        wall, cpu = _timed(view, Memory(), lead_cfg, seed)
        leads.append(wall)
        lead_cpu.append(cpu)
        # random play to trick 5, then time declarer's (or a defender's) next card
        rng = random.Random(seed)
        b.play(Seat.WEST, b.legal_cards(Seat.WEST)[0])
        b.face_lead(Seat.WEST)
        mems = {s: Memory() for s in Seat}
        while len(b.tricks) < 4 or b.current_trick:
            for s in Seat:
                mems[s].observe(b.view_for(s).to_dict())
            actor = b.to_act
            assert actor is not None
            b.play(actor, rng.choice(b.legal_cards(actor)))
        actor = b.to_act
        assert actor is not None
        for s in Seat:
            mems[s].observe(b.view_for(s).to_dict())
        view = b.view_for(actor).to_dict()
        wall, cpu = _timed(view, mems[actor], mid_cfg, seed)
        mids.append(wall)
        mid_cpu.append(cpu)
    print(
        json.dumps(
            {
                "opening_lead_32": _quantiles(leads, lead_cpu),
                "trick5_100": _quantiles(mids, mid_cpu),
                "positions": args.positions,
            }
        )
    )


if __name__ == "__main__":
    main()
