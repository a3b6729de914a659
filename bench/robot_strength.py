"""Robot strength: how well bridgetable's robots bid and play, next to the robots (BEN) of
the corpus's robot-played records on the same deals, and on random deals.

For every record of ``tests/data/corpus/pbn/ben__camrose2024_robot_play.pbn`` and
``ben__christy170a.pbn`` (four BEN robots bid and played them; see
``tests/data/corpus/SOURCES.md``), and for ``--random`` seeded random deals:

- **Auction.** Four of our robots bid the deal (its dealer and vulnerability). The final
  contract is scored double dummy (DDS's trick count for that declarer and strain), and
  ``|IMPs vs par|`` is the IMPs between that score and the deal's par score (DDS). The
  record's own contract is scored the same way, so the two columns compare the auctions
  alone, not the play.
- **Play.** Four of our robots play the record's contract from the record's declarer,
  after the record's auction, which they read by their own system (random deals: after our
  own auction). Every card, ours and the record's, is
  scored against DDS in the position where it was played: its cost is the tricks the side
  to play gets with the best card minus those it gets after the card chosen (0 for a card
  as good as any). A board's costs are summed for the declaring side (declarer and dummy)
  and for the defenders. Play stops at a claim (the record's, or our declarer's: a robot
  claims when every sample gives it the rest, or near the end the same tricks on every
  sample, and the adjudicator upholds its stated line; the claim is then checked double
  dummy, a wrong one counted, and a trick it concedes that double dummy would take is
  added to our declarer's loss).
- **Time.** Wall seconds of every robot decision: each call, the opening lead, each other
  card (forced ones included: that is what a player waits for), p50 and p90.

Everything is seeded (``--seed``): the random deals and every robot decision, so that two
runs on the same code give the same figures, times apart.

    python bench/robot_strength.py                       # every record and 20 random deals
    python bench/robot_strength.py --boards 40 --random 0 --no-play
    python bench/robot_strength.py --json > strength.json

Progress goes to stderr; the table (or one JSON object) to stdout.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from bridgetable.core.board import Board
from bridgetable.core.calls import Contract, Strain, parse_call
from bridgetable.core.cards import Card
from bridgetable.core.events import CallMade, CardPlayed, ClaimMade, OpeningLeadFaceDown
from bridgetable.core.phase import Phase
from bridgetable.core.position import Position
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.scoring import board_score, imps
from bridgetable.core.seats import Seat
from bridgetable.formats import pbn
from bridgetable.robots.bidding import system_names
from bridgetable.robots.memory import Memory
from bridgetable.robots.player import RobotConfig, decide
from bridgetable.solver.port import DDTable, DoubleDummy, default_solver

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "corpus" / "pbn"
FILES = ("ben__camrose2024_robot_play.pbn", "ben__christy170a.pbn")


def load_records(limit: int | None) -> list[tuple[str, BoardRecord]]:
    """The records of :data:`FILES` (``file:board`` names), the first ``limit`` of them."""
    out: list[tuple[str, BoardRecord]] = []
    for name in FILES:
        loaded = pbn.loads((CORPUS / name).read_bytes())
        for rec in loaded:
            out.append((f"{name.removesuffix('.pbn')}:{rec.setup.board}", rec))
    return out if limit is None else out[:limit]


# ----------------------------------------------------------------------------- scoring


def card_costs(
    moves: list[tuple[Position, Card, bool]], solver: DoubleDummy
) -> tuple[int, int, int]:
    """The double-dummy cost of each card (best card's tricks minus the chosen card's, for
    the side to play), summed for declarer's side and for the defenders; and the number of
    cards that cost something. ``moves`` are (position, card, is declarer's side)."""
    if not moves:
        return 0, 0, 0
    values = solver.card_values_many([p for p, _, _ in moves])
    decl = defe = errors = 0
    for (_, card, declaring), v in zip(moves, values, strict=True):
        cost = max(v.values()) - v[card]
        errors += cost > 0
        if declaring:
            decl += cost
        else:
            defe += cost
    return decl, defe, errors


def record_moves(record: BoardRecord) -> list[tuple[Position, Card, bool]]:
    """Every card of a record with the position it was played in, up to a claim."""
    board = Board(record.setup)
    moves: list[tuple[Position, Card, bool]] = []
    for e in record.events:
        if isinstance(e, ClaimMade):
            break
        if isinstance(e, CardPlayed | OpeningLeadFaceDown):
            pos = board.position()
            declarer = board.declarer
            assert declarer is not None
            moves.append((pos, e.card, pos.to_play.side is declarer.side))
        board.apply(e)
    return moves


def dd_score(setup: BoardSetup, contract: Contract | None, table: DDTable) -> int:
    """North-South's score of ``contract`` made exactly as DDS says (0 passed out)."""
    if contract is None:
        return 0
    assert contract.declarer is not None
    tricks = table[(contract.declarer, contract.strain)]
    return board_score(contract, tricks, setup.vulnerability)


# ----------------------------------------------------------------------------- robots

#: Wall and CPU seconds of a decision (CPU: the process's, DDS's threads included).
Timing = tuple[float, float]


def _seed(base: int, name: str, step: int) -> int:
    """A decision's seed, the same in every run (FNV-1a; ``hash`` of a str is not)."""
    h = 2166136261
    for ch in f"{base}:{name}:{step}".encode():
        h = ((h ^ ch) * 16777619) & 0xFFFFFFFF
    return h


def robot_auction(
    setup: BoardSetup, cfg: dict[str, Any], seed: int, name: str
) -> tuple[Contract | None, list[CallMade], list[Timing]]:
    """Four robots bid the deal: the contract (``None`` passed out), the calls, and the
    wall and CPU seconds of each call."""
    board = Board(dataclasses.replace(setup, contract=None))
    times: list[Timing] = []
    calls: list[CallMade] = []
    while board.phase is Phase.AUCTION:
        seat = board.to_act
        assert seat is not None
        view = board.view_for(seat).to_dict()
        t, c = time.perf_counter(), time.process_time()
        cmd = decide(view, Memory().to_dict(), cfg, _seed(seed, name, len(calls)))
        times.append((time.perf_counter() - t, time.process_time() - c))
        assert cmd is not None and cmd["action"] == "call", cmd
        args = cmd["args"]
        calls.append(
            board.call(
                seat,
                parse_call(args["call"]),
                alert=bool(args.get("alert")),
                explanation=args.get("explanation"),
            )
        )
    return board.contract, calls, times


@dataclasses.dataclass
class Played:
    """Our robots' play of one contract."""

    moves: list[tuple[Position, Card, bool]]
    lead_time: Timing
    card_times: list[Timing]
    claim: tuple[Position, int] | None  # where declarer claimed, and how many tricks


def robot_play(
    setup: BoardSetup, auction: list[CallMade], cfg: dict[str, Any], seed: int, name: str
) -> Played:
    """Four robots play the contract of ``auction`` (the calls made on ``setup``), each
    seeing only its own view, the auction included, and remembering what it was shown."""
    board = Board(setup)
    for e in auction:
        board.apply(e)
    declarer = board.declarer
    dummy = board.dummy
    assert declarer is not None and dummy is not None
    mems = {s: Memory() for s in Seat}

    def observe() -> None:
        for s in Seat:
            mems[s].observe(board.view_for(s).to_dict())

    observe()
    moves: list[tuple[Position, Card, bool]] = []
    lead_time = (0.0, 0.0)
    card_times: list[Timing] = []
    step = 0
    while board.phase in (Phase.CLARIFICATION, Phase.PLAY):
        if board.face_down_lead is not None:
            leader = board.opening_leader
            assert leader is not None
            board.face_lead(leader)
            observe()
            continue
        seat = board.to_act
        assert seat is not None
        actor = declarer if seat is dummy else seat
        view = board.view_for(actor).to_dict()
        t, c = time.perf_counter(), time.process_time()
        cmd = decide(view, mems[actor].to_dict(), cfg, _seed(seed, name, 100 + step))
        took = (time.perf_counter() - t, time.process_time() - c)
        step += 1
        assert cmd is not None, view["actions"]
        if cmd["action"] == "claim":
            return Played(moves, lead_time, card_times, (board.position(), cmd["args"]["tricks"]))
        assert cmd["action"] == "play", cmd
        if not moves:
            lead_time = took
        else:
            card_times.append(took)
        pos = board.position()
        card = Card(cmd["args"]["card"])
        moves.append((pos, card, pos.to_play.side is declarer.side))
        board.play(actor, card)
        observe()
    return Played(moves, lead_time, card_times, None)


# ----------------------------------------------------------------------------- the run


def _q(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def _ms(ts: list[Timing]) -> dict[str, float | int]:
    wall = [w for w, _ in ts]
    cpu = [c for _, c in ts]
    return {
        "p50_ms": round(_q(wall, 0.5) * 1000, 1),
        "p90_ms": round(_q(wall, 0.9) * 1000, 1),
        "cpu_p50_ms": round(_q(cpu, 0.5) * 1000, 1),
        "cpu_p90_ms": round(_q(cpu, 0.9) * 1000, 1),
        "n": len(ts),
    }


def _mean(xs: list[float]) -> float:
    return round(statistics.fmean(xs), 3) if xs else 0.0


def _median(xs: list[float]) -> float:
    return round(statistics.median(xs), 3) if xs else 0.0


def run(args: argparse.Namespace) -> dict[str, Any]:
    solver = default_solver()
    settings: dict[str, Any] = {"system": args.system}
    for item in args.robot:
        key, _, value = item.partition("=")
        settings[key] = value if key in ("system", "regulation", "ties", "signals") else int(value)
    cfg = RobotConfig(**settings).to_dict()
    jobs: list[tuple[str, BoardRecord | None, BoardSetup]] = [
        (name, rec, rec.setup) for name, rec in load_records(args.boards)
    ]
    rng = random.Random(args.seed)
    for n in range(args.random):
        jobs.append((f"random:{n + 1}", None, BoardSetup.for_board(n + 1, rng=rng)))
    rows: list[dict[str, Any]] = []
    call_times: list[Timing] = []
    lead_times: list[Timing] = []
    card_times: list[Timing] = []
    started = time.perf_counter()
    cache: dict[str, Any] = {}
    if args.dd_cache and Path(args.dd_cache).exists():
        cache = json.loads(Path(args.dd_cache).read_text())
    for i, (name, rec, setup) in enumerate(jobs):
        table, par_ns = dd_facts(setup, solver, cache)
        ours, calls, times = robot_auction(setup, cfg, args.seed, name)
        call_times += times
        row: dict[str, Any] = {
            "board": name,
            "par_ns": par_ns,
            "our_contract": str(ours) if ours else "pass",
            "our_auction": " ".join(str(c.call) for c in calls),
            "our_imps_vs_par": abs(imps(dd_score(setup, ours, table) - par_ns)),
        }
        theirs: Contract | None = None
        if rec is not None:
            theirs = Board.replay(rec).contract
            row["record_contract"] = str(theirs) if theirs else "pass"
            row["record_imps_vs_par"] = abs(imps(dd_score(setup, theirs, table) - par_ns))
        # the record's auction (its contract, declarer and the calls our robots read the
        # hidden hands from), or ours on a random deal
        auction = calls if rec is None else [e for e in rec.events if isinstance(e, CallMade)]
        play_in = ours if rec is None else theirs
        if not args.no_play and play_in is not None:
            played = robot_play(setup, auction, cfg, args.seed, name)
            lead_times.append(played.lead_time)
            card_times += played.card_times
            decl, defe, errs = card_costs(played.moves, solver)
            row.update(our_declarer_loss=decl, our_defence_loss=defe, our_errors=errs)
            if played.claim is not None:
                pos, claimed = played.claim
                got = solver.tricks(pos, pos.to_play.side)
                row["our_claim_wrong"] = got < claimed
                # a claim that concedes a trick double dummy would take costs that trick
                row["our_declarer_loss"] = decl + max(0, got - claimed)
            if rec is not None:
                decl, defe, errs = card_costs(record_moves(rec), solver)
                row.update(record_declarer_loss=decl, record_defence_loss=defe, record_errors=errs)
        rows.append(row)
        print(
            f"[{i + 1}/{len(jobs)}] {name} ours {row['our_contract']} "
            f"({row['our_imps_vs_par']} IMPs)"
            + (
                f" record {row['record_contract']} ({row['record_imps_vs_par']})"
                if rec is not None
                else ""
            )
            + (
                f" loss decl {row['our_declarer_loss']}/{row.get('record_declarer_loss', '-')}"
                f" def {row['our_defence_loss']}/{row.get('record_defence_loss', '-')}"
                if "our_declarer_loss" in row
                else ""
            )
            + f"  {time.perf_counter() - started:.0f}s",
            file=sys.stderr,
        )
    if args.dd_cache:
        Path(args.dd_cache).write_text(json.dumps(cache))
    return summarize(rows, call_times, lead_times, card_times, args)


def dd_facts(setup: BoardSetup, solver: DoubleDummy, cache: dict[str, Any]) -> tuple[DDTable, int]:
    """The deal's double-dummy table and par score for North-South, from ``cache`` (keyed by
    the deal, vulnerability and dealer; DDS's answers, which the code measured cannot
    change) or DDS."""
    key = f"{setup.deal.to_pbn()}|{setup.vulnerability.name}|{setup.dealer.letter}"
    if key not in cache:
        table = solver.dd_tables([setup.deal])[0]
        par_ns = int(solver.par(setup.deal, setup.vulnerability, setup.dealer)["score_ns"])
        cache[key] = [[[s.letter, t.letter, n] for (s, t), n in table.items()], par_ns]
    cells, par_ns = cache[key]
    return {(Seat.from_letter(s), Strain.from_letter(t)): int(n) for s, t, n in cells}, int(par_ns)


def _group(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of a set of boards."""
    out: dict[str, Any] = {"boards": len(rows)}
    for who in ("our", "record"):
        got = [float(r[f"{who}_imps_vs_par"]) for r in rows if f"{who}_imps_vs_par" in r]
        if got:
            out[f"{who}_imps_vs_par"] = {"mean": _mean(got), "median": _median(got)}
        played = [r for r in rows if f"{who}_declarer_loss" in r]
        if played:
            for kind in ("declarer", "defence"):
                xs = [float(r[f"{who}_{kind}_loss"]) for r in played]
                out[f"{who}_{kind}_loss"] = {"mean": _mean(xs), "median": _median(xs)}
            out[f"{who}_played"] = len(played)
    for key in ("imps_vs_par", "declarer_loss", "defence_loss"):
        a, b = out.get(f"our_{key}"), out.get(f"record_{key}")
        if a and b and b["mean"]:
            out[f"ratio_{key}"] = round(a["mean"] / b["mean"], 2)
    wrong = sum(1 for r in rows if r.get("our_claim_wrong"))
    claims = sum(1 for r in rows if "our_claim_wrong" in r)
    if claims:
        out["our_claims"] = {"made": claims, "wrong": wrong}
    return out


def summarize(
    rows: list[dict[str, Any]],
    call_times: list[Timing],
    lead_times: list[Timing],
    card_times: list[Timing],
    args: argparse.Namespace,
) -> dict[str, Any]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault(r["board"].split(":")[0], []).append(r)
    return {
        "command": " ".join(sys.argv),
        "seed": args.seed,
        "system": args.system,
        "robot": args.robot,
        "sets": {k: _group(v) for k, v in groups.items()},
        "records_all": _group([r for r in rows if "record_contract" in r]),
        "time": {
            "call": _ms(call_times),
            "opening_lead": _ms(lead_times),
            "other_card": _ms(card_times),
        },
        "rows": rows if args.rows else None,
    }


def _fmt(g: dict[str, Any], key: str) -> str:
    v = g.get(key)
    return "-" if v is None else f"{v['mean']:.2f} (median {v['median']:.1f})"


def print_table(out: dict[str, Any]) -> None:
    print(f"robot strength, system {out['system']}, seed {out['seed']}")
    sets = dict(out["sets"])
    if out["records_all"]["boards"]:
        sets["records (all)"] = out["records_all"]
    for name, g in sets.items():
        print(f"\n{name}: {g['boards']} boards, {g.get('our_played', 0)} played by ours")
        print(f"  {'per board':<22} {'ours':<24} {'record (BEN)':<24} ratio")
        for key, label in (
            ("imps_vs_par", "|IMPs vs par|"),
            ("declarer_loss", "DD loss as declarer"),
            ("defence_loss", "DD loss in defence"),
        ):
            ratio = g.get(f"ratio_{key}")
            print(
                f"  {label:<22} {_fmt(g, 'our_' + key):<24} {_fmt(g, 'record_' + key):<24} "
                f"{'-' if ratio is None else ratio}"
            )
        if "our_claims" in g:
            c = g["our_claims"]
            print(f"  our claims: {c['made']}, wrong double dummy: {c['wrong']}")
    print("\nseconds per decision: wall (CPU, DDS's threads included)")
    for key, label in (("call", "call"), ("opening_lead", "opening lead"), ("other_card", "card")):
        t = out["time"][key]
        print(
            f"  {label:<14} p50 {t['p50_ms']:>8.1f} ms ({t['cpu_p50_ms']:.1f})"
            f"  p90 {t['p90_ms']:>8.1f} ms ({t['cpu_p90_ms']:.1f})  n={t['n']}"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--boards", type=int, default=None, help="the first N records only")
    ap.add_argument("--random", type=int, default=20, help="N seeded random deals (default 20)")
    ap.add_argument("--no-play", action="store_true", help="auctions only")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument(
        "--system", choices=system_names(), default="sayc", help="our robots' bidding system"
    )
    ap.add_argument(
        "--robot",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a RobotConfig setting (lead_samples=48, play_draws=8...); repeatable",
    )
    ap.add_argument(
        "--dd-cache",
        metavar="PATH",
        help="keep the deals' DD tables and par scores in this JSON file (faster reruns)",
    )
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    ap.add_argument("--rows", action="store_true", help="with --json: every board's row too")
    args = ap.parse_args()
    out = run(args)
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        print_table(out)


if __name__ == "__main__":
    main()
