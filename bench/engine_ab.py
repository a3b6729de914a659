"""Side by side: ``bench/engine.py``'s full-engine and replay rows for two source trees, in
alternating fresh interpreters, on the same boards (same seed).

Run from the repository root, against the source of an earlier commit::

    git archive <commit> src bench | tar -x -C /tmp/base
    python bench/engine_ab.py /tmp/base [--rounds 8] [--boards 300] [--repeats 5] [--wall]

Each round runs both trees once (which goes first alternates); a run times ``--repeats``
repeats and keeps its fastest. The figures are cards per second, best and median over the
rounds. By default the time is the process's CPU time (``time.process_time``), which a
machine shared with other work disturbs far less than the wall clock; ``--wall`` times the
wall clock as ``bench/engine.py`` does.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

_CHILD = r"""
import gc, json, sys, time
src, bench, boards, repeats, wall = sys.argv[1:6]
sys.path[:0] = [bench, src]
import engine
if wall != "wall":
    engine.perf = time.process_time
full = []
replay = []
cards = 0
for _ in range(int(repeats)):
    gc.collect()
    f, _play, played, records = engine.bt_engine(int(boards), 2024)
    full.append(f)
    replay.append(engine.bt_replay(records))
    cards = played * engine.CARDS_PER_BOARD
import bridgetable
print(json.dumps({"full": cards / min(full), "replay": cards / min(replay),
                  "package": bridgetable.__file__}))
"""


def run(tree: Path, boards: int, repeats: int, wall: bool) -> dict[str, float | str]:
    args = [str(tree / "src"), str(tree / "bench"), str(boards), str(repeats)]
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, *args, "wall" if wall else "cpu"],
        capture_output=True,
        text=True,
        check=True,
    )
    out: dict[str, float | str] = json.loads(done.stdout)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", type=Path, help="a tree holding src/ and bench/ (the baseline)")
    parser.add_argument("new", type=Path, nargs="?", default=Path(__file__).resolve().parents[1])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--wall", action="store_true", help="time the wall clock")
    a = parser.parse_args(argv)
    trees = {"base": a.base.resolve(), "new": a.new.resolve()}
    got: dict[str, dict[str, list[float]]] = {k: {"full": [], "replay": []} for k in trees}
    for n in range(a.rounds):
        for key in ("base", "new") if n % 2 == 0 else ("new", "base"):
            r = run(trees[key], a.boards, a.repeats, a.wall)
            if not str(r["package"]).startswith(str(trees[key])):
                raise SystemExit(f"{key}: imported {r['package']}, not {trees[key]}")
            for row in ("full", "replay"):
                got[key][row].append(float(r[row]))
    clock = "wall clock" if a.wall else "CPU time"
    print(f"cards/s ({clock}; {a.rounds} rounds of {a.boards} boards, best of {a.repeats})")
    for key, tree in trees.items():
        for row, xs in got[key].items():
            print(
                f"{key:4} {row:6} best {max(xs):>9,.0f}  median {statistics.median(xs):>9,.0f}"
                f"  ({tree})"
            )
    for row in ("full", "replay"):
        best = max(got["new"][row]) / max(got["base"][row])
        med = statistics.median(got["new"][row]) / statistics.median(got["base"][row])
        print(f"new/base {row:6} best {best:.3f}  median {med:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
