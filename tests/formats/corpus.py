"""Where the test corpus is, and what it holds (from tests/data/corpus/SOURCES.md)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from bridgetable.formats import lin, pbn
from bridgetable.formats.common import Loaded

#: The repository's own copy of the corpus (origins and licences in tests/data/SOURCES.md).
CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"

PBN_FILES = sorted((CORPUS / "pbn").glob("*.pbn"))
LIN_FILES = sorted((CORPUS / "lin").rglob("*.lin"))
DD_FILES = sorted((CORPUS / "dds").glob("*.pbn"))
CORRECT = [p for p in PBN_FILES if "__correct_" in p.name]
ERRORS = [p for p in PBN_FILES if "__errors_" in p.name]

#: Games of the errors_* files with no deliberate error of their own, and why.
NO_ERROR_OF_ITS_OWN = {
    # Result "13": declarer's side has won 6 of the 6 finished tricks and claims the 7 left;
    # the game is the same as game 60 but for the Result, and has no '%' note of an error.
    ("pbnverifier__errors_10.pbn", 61): "a consistent control game",
    # Game 19 ends with '1 {': the '{' opens a comment that runs over the empty line and
    # ends at the '}' of game 20, so games 19 and 20 are one game (PBN 3.8); the report is
    # at game 19's line.
    ("pbnverifier__errors_20.pbn", 20): "merged into game 19 by an open '{' comment",
}

_MARK = re.compile(r"% =+ game (\d+) =+")


def marked_games(path: Path) -> list[tuple[int, int, int]]:
    """The ``% ==== game N ====`` blocks of a verifier file: (N, first line, end line)."""
    lines = path.read_bytes().decode("latin-1").splitlines()
    marks = [(i + 1, int(m.group(1))) for i, s in enumerate(lines) if (m := _MARK.match(s))]
    out = []
    for k, (start, num) in enumerate(marks):
        end = marks[k + 1][0] if k + 1 < len(marks) else len(lines) + 1
        out.append((num, start, end))
    return out


def ids(paths: list[Path]) -> list[str]:
    """Test ids: the file names."""
    return [p.name for p in paths]


@cache
def load(path: Path) -> Loaded[Any]:
    """A corpus file read once per test session (tolerant; games are not modified)."""
    mod = pbn if path.suffix == ".pbn" else lin
    loaded: Loaded[Any] = mod.loads(path.read_bytes())
    return loaded
