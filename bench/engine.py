"""Throughput benchmark: bridgetable's Laws engine against OpenSpiel's and endplay's play.

Run from the repository root::

    python bench/engine.py [--boards N] [--repeats R] [--seed S] [--json]

Every repeat uses the same seed, so each repeat times exactly the same boards; the figures
are medians over the repeats. Cards are counted 52 to a board that was played (passed-out
boards add their time but no cards). See ``bench/README.md`` for what each row measures.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from importlib import metadata
from typing import Any

from bridgetable.core.board import Board
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.seats import SEATS
from bridgetable.selfplay import random_auction, random_play

CARDS_PER_BOARD = 52
TARGET_CARDS_PER_S = 100_000.0
PASS_WEIGHT = 0.65  # as bridgetable.selfplay.random_auction
OPENSPIEL_PARAMS: dict[str, Any] = {"use_double_dummy_result": False}

perf = time.perf_counter


# --------------------------------------------------------------------------- results


@dataclass
class Row:
    """One line of the table: the per-repeat timings of one engine and workload."""

    key: str
    label: str
    boards: int
    played: int = 0
    seconds: list[float] = field(default_factory=list)
    note: str = ""
    target: str = ""

    @property
    def cards(self) -> int:
        return self.played * CARDS_PER_BOARD

    @property
    def median_s(self) -> float:
        return statistics.median(self.seconds)

    @property
    def us_per_card(self) -> float:
        return self.median_s / self.cards * 1e6 if self.cards else float("nan")

    @property
    def cards_per_s(self) -> float:
        m = self.median_s
        return self.cards / m if m > 0 else float("nan")

    @property
    def spread_pct(self) -> float:
        """(slowest - fastest) repeat, as a percentage of the median."""
        m = self.median_s
        return (max(self.seconds) - min(self.seconds)) / m * 100 if m > 0 else float("nan")


# --------------------------------------------------------------------------- bridgetable


def bt_engine(n: int, seed: int) -> tuple[float, float, int, list[BoardRecord]]:
    """Deal, bid and play ``n`` random boards through :class:`Board`.

    Returns (whole-run seconds, play-phase seconds, boards played, records).
    """
    rng = random.Random(seed)
    boards: list[Board] = []
    play = 0.0
    played = 0
    start = perf()
    for i in range(n):
        board = Board(BoardSetup.for_board(i + 1, rng=rng))
        random_auction(board, rng)
        t1 = perf()
        random_play(board, rng)
        play += perf() - t1
        if board.contract is not None:
            played += 1
        boards.append(board)
    full = perf() - start
    return full, play, played, [b.record for b in boards]


def bt_replay(records: Sequence[BoardRecord]) -> float:
    start = perf()
    for record in records:
        Board.replay(record)
    return perf() - start


def bt_json_replay(records: Sequence[BoardRecord]) -> float:
    start = perf()
    for record in records:
        Board.replay(BoardRecord.from_json(record.to_json()))
    return perf() - start


def bt_views(records: Sequence[BoardRecord]) -> tuple[float, int]:
    """Replay each record (untimed) and time building the 4 seats' views after each trick.

    Returns (seconds spent in ``view_for``, number of 4-view sets built).
    """
    spent = 0.0
    sets = 0
    for record in records:
        board = Board(record.setup)
        done = 0
        for event in record.events:
            board.apply(event)
            if len(board.tricks) != done:
                done = len(board.tricks)
                t0 = perf()
                for seat in SEATS:
                    board.view_for(seat)
                spent += perf() - t0
                sets += 1
    return spent, sets


def check_bridgetable(records: Sequence[BoardRecord]) -> None:
    """Replays and JSON round trips give back the same events, and played boards end."""
    for record in records:
        again = Board.replay(BoardRecord.from_json(record.to_json()))
        if again.events != record.events or not again.is_over:
            raise SystemExit(f"bridgetable: board {record.setup.board} does not replay")
        if again.contract is not None and len(again.tricks) != 13:
            raise SystemExit(f"bridgetable: board {record.setup.board} not fully played")


# --------------------------------------------------------------------------- OpenSpiel


@dataclass
class OpenSpiel:
    game: Any
    pass_action: int
    version: str


def load_openspiel() -> OpenSpiel | str:
    """The ``bridge`` game with card play, or why it is unavailable."""
    try:
        import pyspiel
    except ImportError as exc:
        return f"not installed ({exc})"
    spec = pyspiel.load_game("bridge").get_type().parameter_specification
    params = {k: v for k, v in OPENSPIEL_PARAMS.items() if k in spec}
    game = pyspiel.load_game("bridge", params)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    passes = [a for a in state.legal_actions() if state.action_to_string(a) == "Pass"]
    if len(passes) != 1:
        return "no Pass action found"
    return OpenSpiel(game, passes[0], _version("open_spiel"))


def os_deal_and_bid(game: Any, pass_action: int, rng: random.Random) -> Any:
    """A new state dealt at its chance nodes and bid at random (passes get PASS_WEIGHT, other
    calls prefer the cheapest, as in bridgetable.selfplay)."""
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    while not state.is_terminal() and state.current_phase() == 1:  # auction
        legal = state.legal_actions()
        if rng.random() < PASS_WEIGHT or len(legal) == 1:
            action = pass_action
        else:
            others = [a for a in legal if a != pass_action]
            action = others[min(int(rng.expovariate(0.5)), len(others) - 1)]
        state.apply_action(action)
    return state


def os_deals(spiel: OpenSpiel, n: int, seed: int) -> tuple[float, float, int]:
    """Deal (chance nodes), bid (biased to pass) and play ``n`` deals at random.

    Returns (whole-run seconds, play-phase seconds, deals played).
    """
    rng = random.Random(seed)
    game = spiel.game
    pass_action = spiel.pass_action
    play = 0.0
    played = 0
    start = perf()
    for _ in range(n):
        state = os_deal_and_bid(game, pass_action, rng)
        t1 = perf()
        if not state.is_terminal():
            played += 1
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        play += perf() - t1
    return perf() - start, play, played


def check_openspiel(spiel: OpenSpiel, seed: int) -> None:
    """A deal that is not passed out ends after exactly 52 cards."""
    rng = random.Random(seed)
    for _ in range(20):
        state = os_deal_and_bid(spiel.game, spiel.pass_action, rng)
        if state.is_terminal():
            continue
        cards = 0
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
            cards += 1
        if cards != CARDS_PER_BOARD:
            raise SystemExit(f"OpenSpiel: a played deal had {cards} cards")
        return
    raise SystemExit("OpenSpiel: no deal was played")


# --------------------------------------------------------------------------- endplay

# (PBN deal, opening leader 0-3 = N E S W, endplay Denom 0-4 = S H D C NT)
EndplayStart = tuple[str, int, int]


def endplay_starts(records: Sequence[BoardRecord]) -> list[EndplayStart]:
    """The played boards' deals, opening leaders and strains, for endplay."""
    starts: list[EndplayStart] = []
    for record in records:
        board = Board(record.setup)
        for event in record.events:
            board.apply(event)
            if board.contract is not None:
                break
        contract, leader = board.contract, board.opening_leader
        if contract is None or leader is None:
            continue
        suit = contract.strain.suit  # bridgetable Suit: C D H S = 0..3; None = notrump
        denom = 4 if suit is None else 3 - int(suit)
        starts.append((record.setup.deal.to_pbn(), int(leader), denom))
    return starts


def endplay_play(starts: Sequence[EndplayStart], seed: int) -> float:
    """Play each deal out at random with ``endplay.types.Deal.play``; legal cards (follow
    suit) are found in Python from ``curhand`` and ``curtrick``. Deals are built untimed."""
    from endplay.types import Deal, Denom, Player

    deals: list[Deal] = []
    for pbn, leader, denom in starts:
        deal = Deal(pbn, first=Player(leader), trump=Denom(denom))
        deals.append(deal)
    rng = random.Random(seed)
    start = perf()
    for deal in deals:
        for _ in range(CARDS_PER_BOARD):
            hand = list(deal.curhand)
            trick = deal.curtrick
            if trick:
                led = trick[0].suit
                follow = [c for c in hand if c.suit == led]
                if follow:
                    hand = follow
            deal.play(hand[rng.randrange(len(hand))])
    return perf() - start


def check_endplay(starts: Sequence[EndplayStart], seed: int) -> None:
    """Every card was played and the Python follow-suit filter agrees with endplay's own."""
    from endplay.types import Deal, Denom, Player

    rng = random.Random(seed)
    for pbn, leader, denom in starts[:5]:
        deal = Deal(pbn, first=Player(leader), trump=Denom(denom))
        for _ in range(CARDS_PER_BOARD):
            hand = list(deal.curhand)
            trick = deal.curtrick
            if trick:
                follow = [c for c in hand if c.suit == trick[0].suit]
                hand = follow or hand
            if sorted(map(str, hand)) != sorted(map(str, deal.legal_moves())):
                raise SystemExit("endplay: follow-suit filter disagrees with legal_moves")
            deal.play(hand[rng.randrange(len(hand))])
        if any(len(deal[p]) for p in Player):
            raise SystemExit("endplay: cards left after 52 plays")


# --------------------------------------------------------------------------- running


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def machine_info() -> dict[str, Any]:
    cpu = platform.processor() or ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        usable = os.cpu_count() or 0
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpu": cpu,
        "cpu_count": os.cpu_count(),
        "cpus_usable": usable,
        "bridgetable": _version("bridgetable"),
        "open_spiel": _version("open_spiel"),
        "endplay": _version("endplay"),
    }


def timed(fn: Callable[[], float]) -> float:
    gc.collect()
    return fn()


def run(boards: int, repeats: int, seed: int, log: Callable[[str], None]) -> dict[str, Any]:
    spiel = load_openspiel()
    rows = {
        "bt_full": Row("bt_full", "bridgetable full engine", boards),
        "bt_play": Row("bt_play", "bridgetable play phase only", boards),
        "bt_views": Row("bt_views", "bridgetable view_for x4 seats per trick", boards),
        "bt_replay": Row("bt_replay", "bridgetable Board.replay(record)", boards),
        "bt_json": Row("bt_json", "bridgetable JSON round trip + replay", boards),
        "os_full": Row("os_full", "OpenSpiel bridge whole deal", boards),
        "os_play": Row("os_play", "OpenSpiel bridge play phase only", boards),
        "ep_play": Row("ep_play", "endplay Deal.play (Python legality)", boards),
    }
    if isinstance(spiel, str):
        rows["os_full"].note = rows["os_play"].note = f"skipped: {spiel}"
    if _version("endplay") == "not installed":
        rows["ep_play"].note = "skipped: not installed"

    # warm-up and correctness checks (untimed), on other boards than the timed ones
    log("warming up and checking ...")
    _, _, _, warm = bt_engine(min(boards, 40), seed + 1)
    check_bridgetable(warm)
    bt_replay(warm)
    bt_json_replay(warm)
    bt_views(warm)
    if isinstance(spiel, OpenSpiel):
        check_openspiel(spiel, seed + 1)
        os_deals(spiel, min(boards, 40), seed + 1)
    if not rows["ep_play"].note:
        warm_starts = endplay_starts(warm)
        check_endplay(warm_starts, seed + 1)
        endplay_play(warm_starts, seed + 1)

    view_sets = 0
    for r in range(repeats):
        log(f"repeat {r + 1}/{repeats} ...")
        gc.collect()
        full, play, played, records = bt_engine(boards, seed)
        rows["bt_full"].seconds.append(full)
        rows["bt_play"].seconds.append(play)
        for key in ("bt_full", "bt_play", "bt_views", "bt_replay", "bt_json", "ep_play"):
            rows[key].played = played
        rows["bt_replay"].seconds.append(timed(partial(bt_replay, records)))
        rows["bt_json"].seconds.append(timed(partial(bt_json_replay, records)))
        gc.collect()
        spent, view_sets = bt_views(records)
        rows["bt_views"].seconds.append(spent)
        if isinstance(spiel, OpenSpiel):
            gc.collect()
            os_full, os_play, os_played = os_deals(spiel, boards, seed)
            rows["os_full"].seconds.append(os_full)
            rows["os_play"].seconds.append(os_play)
            rows["os_full"].played = rows["os_play"].played = os_played
        if not rows["ep_play"].note:
            starts = endplay_starts(records)
            rows["ep_play"].seconds.append(timed(partial(endplay_play, starts, seed)))

    full_row = rows["bt_full"]
    if view_sets:
        per_set = rows["bt_views"].median_s / view_sets * 1e6
        rows["bt_views"].note = f"{per_set:.1f} us per 4-view set; not in the full-engine row"
    rows["bt_play"].note = "deal and auction untimed"
    rows["bt_json"].note = "to_json + from_json + replay"
    rows["os_full"].note = rows["os_full"].note or "52 chance nodes + auction + play"
    rows["ep_play"].note = rows["ep_play"].note or "same deals/strains/leaders; deal untimed"
    full_ok = full_row.cards_per_s >= TARGET_CARDS_PER_S
    full_row.target = f">= {TARGET_CARDS_PER_S:,.0f}/s: {'PASS' if full_ok else 'FAIL'}"
    replay = rows["bt_replay"]
    replay_ok = replay.cards_per_s >= max(TARGET_CARDS_PER_S, full_row.cards_per_s)
    replay.target = f">= full & {TARGET_CARDS_PER_S:,.0f}/s: {'PASS' if replay_ok else 'FAIL'}"

    out_rows: list[dict[str, Any]] = []
    for row in rows.values():
        if not row.seconds:
            out_rows.append({"key": row.key, "engine": row.label, "note": row.note})
            continue
        out_rows.append(
            {
                "key": row.key,
                "engine": row.label,
                "boards": row.boards,
                "boards_played": row.played,
                "cards": row.cards,
                "median_s": row.median_s,
                "repeat_s": row.seconds,
                "us_per_card": row.us_per_card,
                "cards_per_s": row.cards_per_s,
                "spread_pct": row.spread_pct,
                "ratio_to_bt_full": row.cards_per_s / full_row.cards_per_s,
                "target": row.target,
                "note": row.note,
            }
        )
    return {
        "benchmark": "bench/engine.py",
        "machine": machine_info(),
        "params": {
            "boards": boards,
            "repeats": repeats,
            "seed": seed,
            "pass_weight": PASS_WEIGHT,
            "openspiel_params": OPENSPIEL_PARAMS,
        },
        "targets": {
            "bt_full_cards_per_s": TARGET_CARDS_PER_S,
            "bt_full_pass": full_ok,
            "bt_replay_pass": replay_ok,
        },
        "rows": out_rows,
    }


def render(result: dict[str, Any]) -> str:
    m, p = result["machine"], result["params"]
    lines = [
        f"bridgetable engine benchmark: {p['boards']} boards x {p['repeats']} repeats, "
        f"seed {p['seed']}",
        f"Python {m['python']} on {m['platform']}",
        f"CPU {m['cpu'] or '?'}: {m['cpu_count']} CPUs ({m['cpus_usable']} usable)",
        f"bridgetable {m['bridgetable']}, open_spiel {m['open_spiel']}, endplay {m['endplay']}",
        "",
    ]
    head = ("engine", "N (played)", "us/card", "cards/s", "spread", "x bt full", "target")
    table: list[tuple[str, ...]] = [head]
    notes: list[str] = []
    for row in result["rows"]:
        if "median_s" not in row:
            table.append((row["engine"], "-", "-", "-", "-", "-", row["note"]))
            continue
        table.append(
            (
                row["engine"],
                f"{row['boards']} ({row['boards_played']})",
                f"{row['us_per_card']:.2f}",
                f"{row['cards_per_s']:,.0f}",
                f"{row['spread_pct']:.1f}%",
                f"{row['ratio_to_bt_full']:.2f}",
                row["target"],
            )
        )
        if row["note"]:
            notes.append(f"  {row['engine']}: {row['note']}")
    widths = [max(len(r[i]) for r in table) for i in range(len(head))]
    for i, r in enumerate(table):
        cells = [r[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(r[1:6], widths[1:6], strict=True)
        ]
        lines.append("  ".join([*cells, r[6]]).rstrip())
        if i == 0:
            lines.append("  ".join("-" * w for w in widths).rstrip())
    lines += [
        "",
        "us/card and cards/s: median over repeats; spread: (slowest - fastest) / median;",
        "x bt full: cards/s relative to the bridgetable full-engine row (higher is faster).",
        *notes,
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--boards", type=int, default=500, help="boards per repeat (500)")
    parser.add_argument("--repeats", type=int, default=5, help="timed repeats (5)")
    parser.add_argument("--seed", type=int, default=2024, help="random seed (2024)")
    parser.add_argument("--json", action="store_true", help="write a JSON object to stdout")
    args = parser.parse_args(argv)
    if args.boards < 1 or args.repeats < 1:
        parser.error("--boards and --repeats must be at least 1")

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    result = run(args.boards, args.repeats, args.seed, log)
    if args.json:
        json.dump(result, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(render(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
