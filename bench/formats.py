"""Formats benchmark: bridgetable's PBN and LIN readers and writers against endplay's, on the
test corpus (tests/data/corpus), in one run; and the table of corpus files each reads correctly.

Run from the repository root::

    python bench/formats.py [--repeats R] [--json]

Throughput: every PBN and LIN file of ``tests/data/corpus`` (``pbn/``, ``lin/``, and the PBN
files of ``dds/``) is read from memory (the bytes are loaded before timing), then written
back; each figure is the median of R repeats (``time.perf_counter``). "Same files" rows
time both libraries on exactly the files both read without an exception. A board is a game
with a full deal (bridgetable) or a board endplay returns.

Correctness: see ``docs/formats.md`` ("Corpus files read correctly") for what each column
checks. Progress goes to stderr; the report to stdout (Markdown, or JSON with ``--json``).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Any

from bridgetable.core.board import Board
from bridgetable.core.deal import Deal
from bridgetable.core.events import ClaimMade
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord
from bridgetable.formats import lin, pbn
from bridgetable.formats.common import Loaded

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "corpus"
perf = time.perf_counter

#: Games per file, from corpus/SOURCES.md. Two counts there come from a quick scan and are
#: corrected: pbnverifier__correct_10 has 31 games (its own "% game N" markers), not 27;
#: ben__camrose2024_robot_play's 3 "claims" are passed-out boards (Result "0", empty Play).
EXPECTED_GAMES = {
    "endplay__example2_realbridge2021.pbn": 299,
    "endplay__example1_eytc1998.pbn": 2,
    "endplay__example4_wc2012_comments.pbn": 1,
    "endplay__sample_dd.pbn": 2,
    "bridgebots__sample_bfc.pbn": 3,
    "bridgebots__shared_deals_spingold.pbn": 4,
    "pbntools__skyclub2196_from_lin.pbn": 44,
    "pbntools__history_expected_from_lin.pbn": 2,
    "pbntools__wb120802_club_results.pbn": 216,
    "ben__bbo_forums_sunday_daylong.pbn": 10,
    "ben__camrose2024_robot_play.pbn": 160,
    "ben__christy170a.pbn": 8,
    "pbnverifier__correct_10.pbn": 31,
    "pbnverifier__correct_20.pbn": 46,
    "pbnverifier__correct_21.pbn": 2,
    "pbnverifier__errors_10.pbn": 74,
    "pbnverifier__errors_20.pbn": 22,
    "pbnverifier__errors_21.pbn": 2,
    "heilman__test_record_with_empty_line_in_comment.pbn": 1,
    "heilman__test_record_with_escape_in_comment.pbn": 1,
    "heilman__test_record_with_lots_of_curlies.pbn": 2,
    "heilman__three_test_records_crlf.pbn": 3,
    "bcdd__test1_bcalc_tables.pbn": 396,
    "dealconvert__test_dd.pbn": 16,
    "heilman__three_test_records_dd.pbn": 3,
    "ben__camrose24_handrecord_BAD_dd_from_board33.pbn": 160,
    "vugraph_gp_poland__74800.lin": 16,
    "vugraph_gp_poland__74801.lin": 32,
    "vugraph_gp_poland__74803.lin": 24,
    "vugraph_gp_poland__74805.lin": 40,
    "bridgebots__usbf_sf_14502_vugraph.lin": 30,
    "endplay__example1_multiline.lin": 8,
    "bridgebots__sample_single.lin": 1,
    "pbntools_history__3381671193.lin": 1,
    "pbntools_history__3381683999.lin": 1,
    "dealconvert__deals_only_vugraph.lin": 32,
}
#: (plays, plays of 13 tricks, claims) from SOURCES.md where it gives them.
EXPECTED_PLAY = {
    "endplay__example2_realbridge2021.pbn": (278, 64, 214),
    "pbntools__skyclub2196_from_lin.pbn": (44, 27, 15),
    "ben__bbo_forums_sunday_daylong.pbn": (10, 10, 0),
    "ben__camrose2024_robot_play.pbn": (157, 157, 0),
    "vugraph_gp_poland__74800.lin": (16, 0, 16),
    "vugraph_gp_poland__74801.lin": (32, 1, 31),
    "vugraph_gp_poland__74803.lin": (23, 3, 20),
    "vugraph_gp_poland__74805.lin": (40, 2, 38),
    "bridgebots__usbf_sf_14502_vugraph.lin": (30, 0, 30),
    "endplay__example1_multiline.lin": (8, 6, 2),
}
#: Files whose records have flaws bridgetable reports (the trick, seat and Law): reading
#: them correctly means reading every board and reporting these.
FLAWED = {
    "bridgebots__shared_deals_spingold.pbn": 2,
    "endplay__example4_wc2012_comments.pbn": 1,
}


def files() -> list[Path]:
    """The PBN and LIN files of the corpus (the 44 single-board skyclub LIN files count as
    one multi-file entry in the table, each read on its own)."""
    out = sorted((CORPUS / "pbn").glob("*.pbn")) + sorted((CORPUS / "dds").glob("*.pbn"))
    return out + sorted((CORPUS / "lin").rglob("*.lin"))


def _text(data: bytes) -> str:
    """Text for endplay, as a text-mode open would give it (UTF-8, else Latin-1; a
    byte-order mark is kept, as Python's "utf-8" codec keeps it)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


# ----------------------------------------------------------------------------- endplay


def _endplay() -> tuple[Any, Any] | None:
    try:
        import endplay.parsers.lin as elin
        import endplay.parsers.pbn as epbn
    except ImportError:  # pragma: no cover - depends on the environment
        return None
    return epbn, elin


# ----------------------------------------------------------------------------- timing


def median_time(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = perf()
        fn()
        times.append(perf() - t0)
    return statistics.median(times)


@dataclass
class Rate:
    """Boards and seconds of one timed row."""

    boards: int = 0
    seconds: float = 0.0
    files: int = 0

    @property
    def per_second(self) -> float:
        return self.boards / self.seconds if self.seconds else 0.0


@dataclass
class Bench:
    rows: dict[str, Rate] = field(default_factory=dict)

    def add(self, name: str, boards: int, seconds: float) -> None:
        r = self.rows.setdefault(name, Rate())
        r.boards += boards
        r.seconds += seconds
        r.files += 1


def run_throughput(repeats: int, data: dict[Path, bytes]) -> Bench:
    bench = Bench()
    ep = _endplay()
    for path, raw in data.items():
        mod = pbn if path.suffix == ".pbn" else lin
        fmt = path.suffix[1:].upper()
        loaded = mod.loads(raw)
        n = len(loaded)
        records = list(loaded)
        t_read = median_time(partial(mod.loads, raw), repeats)
        t_write = median_time(partial(mod.dumps, records), repeats)
        t_exact = median_time(partial(mod.dumps, loaded), repeats)
        bench.add(f"bridgetable {fmt} read (all files)", n, t_read)
        bench.add(f"bridgetable {fmt} write records (all files)", n, t_write)
        bench.add(f"bridgetable {fmt} write games exactly (all files)", n, t_exact)
        if ep is None:
            continue
        emod = ep[0] if path.suffix == ".pbn" else ep[1]
        text = _text(raw)
        try:
            boards = emod.loads(text)
        except Exception:  # endplay's failures are what we measure
            continue
        t_eread = median_time(partial(emod.loads, text), repeats)
        bench.add(f"endplay {fmt} read (same files)", len(boards), t_eread)
        bench.add(f"bridgetable {fmt} read (same files)", n, t_read)
        try:
            emod.dumps(boards)
        except Exception:  # endplay's failures are what we measure
            continue
        t_ewrite = median_time(partial(emod.dumps, boards), repeats)
        bench.add(f"endplay {fmt} write (same files)", len(boards), t_ewrite)
        bench.add(f"bridgetable {fmt} write records (same files)", n, t_write)
    return bench


# ----------------------------------------------------------------------------- correctness


@dataclass
class Verdict:
    ok: bool
    note: str


def _play_counts(records: list[BoardRecord]) -> tuple[int, int, int]:
    boards = [Board.replay(r) for r in records]
    plays = sum(bool(b.tricks or b.current_trick) for b in boards)
    full = sum(len(b.tricks) == 13 for b in boards)
    claims = sum(any(isinstance(e, ClaimMade) for e in b.events) for b in boards)
    return plays, full, claims


def _marked_reported(path: Path, loaded: Loaded[Any]) -> tuple[int, int]:
    """(games of a verifier error file, of them with a report)."""
    import re

    lines = path.read_bytes().decode("latin-1").splitlines()
    marks = [i + 1 for i, s in enumerate(lines) if re.match(r"% =+ game \d+ =+", s)]
    spans = list(zip(marks, [*marks[1:], len(lines) + 1], strict=True))
    reported = [d.line for d in loaded.diagnostics] + [i.line for i in loaded.irregularities]
    hit = sum(any(a <= x < b for x in reported) for a, b in spans)
    return len(spans), hit


def bridgetable_verdict(path: Path, raw: bytes) -> tuple[Verdict, Loaded[Any] | None]:
    mod = pbn if path.suffix == ".pbn" else lin
    try:
        loaded = mod.loads(raw)
    except Exception as exc:  # would be a bug
        return Verdict(False, f"raises {type(exc).__name__}"), None
    name = path.name
    games = len(loaded.games)
    want = EXPECTED_GAMES.get(name)
    if want is not None and games != want:
        return Verdict(False, f"{games} games, {want} expected"), loaded
    for r in loaded:
        Board.replay(r)
    if name in EXPECTED_PLAY and _play_counts(list(loaded)) != EXPECTED_PLAY[name]:
        return Verdict(False, f"play/claim counts {_play_counts(list(loaded))}"), loaded
    if "__correct_" in name:
        n = len(loaded.diagnostics)
        note = f"{games} games, no diagnostic" if n == 0 else f"{n} diagnostics"
        return Verdict(n == 0, note), loaded
    if "__errors_" in name:
        total, hit = _marked_reported(path, loaded)
        # errors_10 game 61 is a consistent control game; errors_20 games 19 and 20 are one
        # game (an open '{' in 19 ends in 20): see tests/formats/corpus.py
        missing = total - hit
        allowed = {"pbnverifier__errors_10.pbn": 1, "pbnverifier__errors_20.pbn": 1}.get(name, 0)
        ok = missing <= allowed
        return Verdict(ok, f"{hit} of {total} marked games reported"), loaded
    errors = len(loaded.errors)
    if name in FLAWED:
        ok = errors == FLAWED[name]
        return Verdict(ok, f"{len(loaded)} boards; reports {errors} flawed trick(s)"), loaded
    if errors:
        return Verdict(False, f"{errors} errors"), loaded
    warn = len(loaded.diagnostics)
    note = f"{len(loaded)} boards" + (f", {warn} dialect warnings" if warn else "")
    return Verdict(True, note), loaded


def _ep_key(eb: Any) -> tuple[Deal | None, str, int, int]:
    try:
        deal = Deal.from_pbn(eb.deal.to_pbn())
    except Exception:
        deal = None
    c = eb.contract
    contract = (
        "Pass"
        if c is None or getattr(c, "level", 0) == 0
        else (
            f"{c.level}{'SHDCN'[int(c.denom)]}{'NESW'[int(c.declarer)]}"
            f"{ {1: 0, 2: 1, 4: 2}.get(int(c.penalty), 9) }"
        )
    )
    return deal, contract, len(eb.auction), len(eb.play)


def _bt_key(rec: BoardRecord) -> tuple[Deal | None, str, int, int]:
    b = Board.replay(rec)
    c = b.contract
    if c is None or c.declarer is None:
        contract = "Pass" if b.phase is Phase.PASSED_OUT or rec.setup.contract is None else "?"
    else:
        contract = f"{c.level}{'CDHSN'[int(c.strain)]}{c.declarer.letter}{int(c.doubling)}"
    cards = 4 * len(b.tricks) + len(b.current_trick)
    return rec.setup.deal, contract, len(b.auction), cards


def endplay_verdict(path: Path, raw: bytes, ours: Loaded[Any] | None) -> Verdict:
    ep = _endplay()
    if ep is None:  # pragma: no cover
        return Verdict(False, "endplay not installed")
    emod = ep[0] if path.suffix == ".pbn" else ep[1]
    try:
        boards = emod.loads(_text(raw))
    except Exception as exc:  # endplay's failures are what we measure
        msg = str(exc).splitlines()[0][:60] if str(exc) else ""
        return Verdict(False, f"raises {type(exc).__name__}: {msg}".rstrip(": "))
    if ours is None:
        return Verdict(False, f"{len(boards)} boards")
    name = path.name
    if "__errors_" in name:
        return Verdict(False, f"no diagnostics: {len(boards)} boards accepted silently")
    want = len(ours.games) if name not in EXPECTED_GAMES else EXPECTED_GAMES[name]
    if len(boards) != want:
        return Verdict(False, f"{len(boards)} boards, {want} in the file")
    if name in FLAWED:
        return Verdict(False, f"accepts {FLAWED[name]} flawed trick(s) without a word")
    clean = [g for g in ours.games if g.record is not None and not g.diagnostics]
    if len(ours.records) != len(ours.games):
        return Verdict(True, f"{len(boards)} boards (deal-less games not compared)")
    bad = 0
    for g, eb in zip(ours.games, boards, strict=True):
        if g in clean and g.record is not None and _ep_key(eb) != _bt_key(g.record):
            bad += 1
    if bad:
        what = "deal, contract, calls or cards"
        return Verdict(False, f"{bad} of {len(boards)} boards differ ({what})")
    return Verdict(True, f"{len(boards)} boards")


def correctness(data: dict[Path, bytes]) -> list[tuple[str, Verdict, Verdict]]:
    rows = []
    sky: list[tuple[Verdict, Verdict]] = []
    for path, raw in data.items():
        bt, ours = bridgetable_verdict(path, raw)
        ep = endplay_verdict(path, raw, ours)
        if "skyclub2196" in str(path.parent):
            sky.append((bt, ep))
            continue
        rows.append((f"{path.parent.name}/{path.name}", bt, ep))
    if sky:
        bt_ok = sum(b.ok for b, _ in sky)
        ep_ok = sum(e.ok for _, e in sky)
        fails = sorted({e.note for _, e in sky if not e.ok})
        rows.append(
            (
                f"lin/pbntools_skyclub2196/*.lin ({len(sky)} files)",
                Verdict(bt_ok == len(sky), f"{bt_ok} of {len(sky)} files"),
                Verdict(
                    ep_ok == len(sky),
                    f"{ep_ok} of {len(sky)} files" + (f"; {fails[0]}" if fails else ""),
                ),
            )
        )
    return rows


# ----------------------------------------------------------------------------- report


def _mark(v: Verdict) -> str:
    return ("yes" if v.ok else "**no**") + f": {v.note}"


def files_ok(table: list[tuple[str, Verdict, Verdict]], col: int) -> int:
    """Files read correctly, the skyclub row counted file by file."""
    total = 0
    for name, bt, ep in table:
        v = bt if col == 1 else ep
        if name.startswith("lin/pbntools_skyclub2196"):
            total += int(v.note.split()[0])
        else:
            total += v.ok
    return total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = ap.parse_args(argv)
    data = {p: p.read_bytes() for p in files()}
    print(f"{len(data)} files; timing {args.repeats} repeats...", file=sys.stderr)
    bench = run_throughput(args.repeats, data)
    print("correctness...", file=sys.stderr)
    table = correctness(data)
    env = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "bridgetable": metadata.version("bridgetable"),
        "endplay": metadata.version("endplay") if _endplay() else None,
        "repeats": args.repeats,
    }
    if args.json:
        out = {
            "environment": env,
            "throughput": {
                k: {"boards": r.boards, "seconds": r.seconds, "boards_per_s": r.per_second}
                for k, r in bench.rows.items()
            },
            "correctness": [
                {"file": f, "bridgetable": [b.ok, b.note], "endplay": [e.ok, e.note]}
                for f, b, e in table
            ],
        }
        print(json.dumps(out, indent=1))
        return 0
    print(
        f"Python {env['python']} ({env['machine']}), bridgetable {env['bridgetable']}, "
        f"endplay {env['endplay']}, median of {args.repeats} repeats\n"
    )
    print("| row | files | boards | seconds | boards/s |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name in sorted(bench.rows, key=lambda k: (k.split()[1], "same" not in k, k)):
        r = bench.rows[name]
        print(f"| {name} | {r.files} | {r.boards} | {r.seconds:.3f} | {r.per_second:,.0f} |")
    n_files = len(data)
    bt_ok = sum(b.ok for _, b, _ in table)
    ep_ok = sum(e.ok for _, _, e in table)
    print(f"\nRead correctly: bridgetable {bt_ok} of {len(table)}, endplay {ep_ok} of {len(table)}")
    print(f"(files: bridgetable {files_ok(table, 1)} of {n_files}, endplay {files_ok(table, 2)})\n")
    print("| file | bridgetable | endplay |")
    print("| --- | --- | --- |")
    for f, b, e in table:
        print(f"| {f} | {_mark(b)} | {_mark(e)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
