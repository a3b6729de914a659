"""The claims audit's class of player by event (``bench/corpus_classes.py``) stays true to
the corpus: every file it names holds claims, and its event is the one the file records."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # (bench/ is a package at the root of the repository)
    sys.path.insert(0, str(ROOT))

from bench.corpus_classes import EVENTS, class_of  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "corpus"


def _path(name: str) -> Path:
    found = list(CORPUS.rglob(name))
    assert len(found) == 1, name
    return found[0]


def test_every_listed_file_is_in_the_corpus_and_records_its_event() -> None:
    for name, (cls, event, why) in EVENTS.items():
        assert cls in ("novice", "club", "expert"), name
        assert why, name
        text = _path(name).read_bytes().decode("latin-1")
        # the event's first words are the file's own (PBN Event tag, LIN vg header)
        head = event.split(" (")[0].split(",")[0]
        assert head.lower() in text.lower(), (name, head)


def test_a_file_not_listed_is_ruled_for_club_players() -> None:
    assert class_of("20784113.lin") == "club"
    assert class_of("vugraph_gp_poland__74801.lin") == "expert"
