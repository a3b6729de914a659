"""docs/laws-coverage.md stays true: every R-item of the spec is listed with the tests that
prove it (found by name, ``test_R41_3_...``) or "not yet", and every test it names exists.

Regenerate the map after adding tests: ``python tests/laws/test_coverage_map.py --write``.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "laws-coverage.md"
SPEC = ROOT / "tests" / "data" / "spec" / "laws.md"

#: Every R-item of spec section 3: (item, what it requires, where it is planned if not done).
ITEMS: list[tuple[str, str, str]] = [
    ("R17.1", "end of auction: three passes after a call, four passes, rotation", ""),
    ("R17.2", "Clarification Period ends when a defender faces the opening lead", ""),
    ("R41.1", "opening lead by presumed declarer's LHO, face down (RA: face up)", ""),
    ("R41.2", "face-down lead returned only by the Director (47E, 54)", ""),
    ("R41.3", "presumed dummy may not ask for review or explanation", ""),
    ("R41.4", "leader's partner and presumed declarer may ask while lead is face down", ""),
    ("R41.5", "review at first turn to play; refused after playing", ""),
    ("R41.6", "declarer's first turn from dummy; his review right ends there", ""),
    ("R41.7", "after 54B acceptance declarer's first turn is from his own hand", ""),
    ("R41.8", "facing the lead fixes roles, starts trick 1, shows dummy", ""),
    ("R41.9", "dummy spread: columns, lowest nearest declarer, trumps on dummy's right", ""),
    ("R41.10", "contract query: level, strain, doubling, never by whom", ""),
    ("R41.11", "explanations during play only at own turn", ""),
    ("R20.1", "prompt presumed declarer and dummy to disclose mis-explanations", ""),
    ("R20.2", "defender's correction only after the last trick", ""),
    ("R20.3", "restatement by an opponent, complete, never partial", ""),
    ("R42.1", "dummy may ask declarer who failed to follow suit", ""),
    ("R42.2", "dummy may not ask a defender", ""),
    ("R42.3", "dummy points out irregularities only after play", ""),
    ("R43.1", "dummy may not start a Director call during play", ""),
    ("R43.2", "a 43A2 act forfeits dummy's rights for the board", ""),
    ("R43.3", "forfeited rights: warning about the wrong hand", ""),
    ("R43.4", "forfeited rights: dummy's revoke question", ""),
    ("R43.5", "forfeited rights: dummy points out a defender's irregularity", ""),
    ("R45.1", "dummy's card placed without designation (misplay)", ""),
    ("R45.2", "dummy touching or indicating a card", ""),
    ("R44.1", "follow suit outranks every other obligation", ""),
    ("R44.2", "trick winner; the winner leads", ""),
    ("R45.3", "designation of a dummy card commits it", ""),
    ("R45.4", "change of an unintended designation", ""),
    ("R45.5", "opponent may retract after a change of designation", ""),
    ("R45.6", "fifth card to a trick", ""),
    ("R46.1", "high, low, win, suit only", ""),
    ("R46.2", "rank only", ""),
    ("R46.3", "card not in dummy; anything", ""),
    ("R47.1", "withdrawal only for a reason of Law 47", ""),
    ("R47.2", "card played after an opponent misstated the turn", ""),
    ("R47.3", "card played on misinformation", ""),
    ("R48.1", "no penalty card for declarer or dummy", ""),
    ("R50.1", "minor and major penalty cards", ""),
    ("R50.2", "minor penalty card restriction", ""),
    ("R50.3", "major penalty card must be played", ""),
    ("R50.4", "lead restrictions after a major penalty card", ""),
    ("R52.1", "failure to play a penalty card", ""),
    ("R53.1", "lead out of turn accepted", ""),
    ("R53.2", "lead out of turn at trick 13", ""),
    ("R54.1", "faced opening lead out of turn: face-down lead returned", ""),
    ("R54.2", "presumed declarer's options after an opening lead out of turn", ""),
    ("R54.3", "exposing a card while spreading", ""),
    ("R54.4", "presumed declarer saw dummy's cards", ""),
    ("R54.5", "after 54B, second card from declarer's hand", ""),
    ("R54.6", "opening lead by the declaring side (Law 24)", ""),
    ("R55.1", "declarer's lead out of turn", ""),
    ("R56.1", "defender's lead out of turn refused: major penalty card", ""),
    ("R57.1", "premature lead or play by a defender", ""),
    ("R57.2", "no 57A rectification after declarer played from both hands", ""),
    ("R59.1", "inability to comply with a requirement", ""),
    ("R60.1", "play after an irregularity forfeits rectification", ""),
    ("R61.1", "revoke inquiries", ""),
    ("R62.1", "correction of a revoke", ""),
    ("R62.2", "retractions after a corrected revoke", ""),
    ("R62.3", "revoke on trick 12", ""),
    ("R63.1", "establishment of a revoke", ""),
    ("R63.2", "established revoke cannot be corrected", ""),
    ("R64.1", "trick transfer after an established revoke", ""),
    ("R64.2", "no transfer in the 64B cases; equity flag", ""),
    ("R65.1", "quitted cards in order with won/lost marks; correction window", ""),
    ("R66.1", "inspection of the last trick", ""),
    ("R66.2", "quitted tricks only on the Director's instruction; not dummy", ""),
    ("R66.3", "looking at one's own last card", ""),
    ("R67.1", "defective trick", ""),
    ("R68.1", "statement about the current trick only", "claims"),
    ("R68.2", "a claim suspends play", "claims"),
    ("R68.3", "claim without statement; claimer's hand shown", "claims"),
    ("R68.4", "a claim of k tricks concedes the rest", "claims"),
    ("R68.5", "defender's concession voided by partner's objection", "claims"),
    ("R68.6", "dispute by any player, dummy included", "claims"),
    ("R68.7", "play on by agreement of all four", "claims"),
    ("R69.1", "agreement becomes established", "claims"),
    ("R69.2", "withdrawal of agreement within the Correction Period", "claims"),
    ("R70.1", "only the original statement counts", "claims"),
    ("R70.2", "outstanding trump", "claims"),
    ("R70.3", "unstated finesse", "claims"),
    ("R70.4", "deemed suit order", "claims"),
    ("R70.5", "defender's claim relying on partner", "claims"),
    ("R71.1", "concession cancelled", "claims"),
    ("R79.1", "acceptance of a trick that cannot be won is refused", "claims"),
    ("R79.2", "Correction Period", "claims"),
]

_NAME = re.compile(r"^test_(R\d+)_(\d+)_")


def item_tests() -> dict[str, list[str]]:
    """R-item -> ``file::test`` names of every test named after it under tests/."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                m = _NAME.match(node.name)
                if m:
                    item = f"{m.group(1)}.{m.group(2)}"
                    rel = path.relative_to(ROOT).as_posix()
                    found.setdefault(item, []).append(f"{rel}::{node.name}")
    return found


def render() -> str:
    """The coverage map as Markdown."""
    found = item_tests()
    lines = [
        "# Laws coverage map",
        "",
        "Every requirement (R-item) of the spec (`tests/data/spec/laws.md`, section 3), the tests",
        "that prove it, or where it is planned. Generated by",
        "`python tests/laws/test_coverage_map.py --write`; a test fails when this file is stale",
        "or names a test that does not exist.",
        "",
        "Status: **done** (tested), **not yet** (planned: *table mode* is the irregularities",
        "issue, *claims* the claims issue).",
        "",
        "| R-item | requirement | status | tests |",
        "| --- | --- | --- | --- |",
    ]
    done = 0
    for item, what, plan in ITEMS:
        tests = found.get(item, [])
        if tests:
            done += 1
            status = "done"
            cell = "<br>".join(f"`{t}`" for t in tests)
        else:
            status = f"not yet ({plan or 'unplanned'})"
            cell = ""
        lines.append(f"| {item} | {what} | {status} | {cell} |")
    lines += ["", f"{done} of {len(ITEMS)} R-items have tests.", ""]
    return "\n".join(lines)


def test_every_spec_item_is_in_the_map() -> None:
    listed = [i for i, _, _ in ITEMS]
    assert len(set(listed)) == len(listed)
    in_spec = re.findall(r"^\* \*\*(R\d+\.\d+)\*\*", SPEC.read_text(encoding="utf-8"), re.M)
    assert sorted(in_spec) == sorted(listed)


def test_map_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == render(), (
        "run tests/laws/test_coverage_map.py --write"
    )


def test_every_named_test_exists() -> None:
    found = {t for ts in item_tests().values() for t in ts}
    named = set(re.findall(r"`(tests/[^`]+::test_\w+)`", DOC.read_text(encoding="utf-8")))
    assert named <= found


def test_every_item_test_names_a_known_item() -> None:
    listed = {i for i, _, _ in ITEMS}
    assert set(item_tests()) <= listed


def test_items_planned_for_this_release_are_done() -> None:
    found = item_tests()
    missing = [i for i, _, plan in ITEMS if not plan and i not in found]
    assert not missing


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        DOC.write_text(render(), encoding="utf-8")
    else:
        print(render())
