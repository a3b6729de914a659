"""Read, write, read again: equal records; our own output re-reads byte for byte.

For every corpus file, in its own format (games re-written with their tags and comments),
from its records alone, and through JSON; and PBN, LIN and JSON exports of other formats'
records read back equal.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetable.formats import json as fjson
from bridgetable.formats import lin, pbn
from formats.corpus import DD_FILES, LIN_FILES, PBN_FILES, ids, load

LIN_SAMPLE = [p for p in LIN_FILES if "skyclub" not in str(p)] + [
    p for p in LIN_FILES if "skyclub" in str(p)
][:4]
ALL = PBN_FILES + DD_FILES + LIN_SAMPLE


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_read_write_read(path: Path) -> None:
    mod = pbn if path.suffix == ".pbn" else lin
    first = load(path)
    records = list(first)

    # the games, re-written: equal records, and our output is stable byte for byte
    text = mod.dumps(first)
    again = mod.loads(text)
    assert list(again) == records
    assert mod.dumps(again) == text
    assert len(again.errors) <= len(first.errors)  # a stray '}' or an open '{' is mended

    # the records alone, written afresh: equal records, stable bytes, no diagnostic at all
    fresh = mod.dumps(records)
    back = mod.loads(fresh)
    assert list(back) == records
    assert back.diagnostics == ()
    assert mod.dumps(list(back)) == fresh

    # JSON keeps records and metadata
    js = fjson.dumps(first)
    j = fjson.loads(js, strict=True)
    assert list(j) == records and j.diagnostics == ()
    assert fjson.dumps(j) == js
    assert [g.info for g in j.games] == [g.info for g in first.games if g.record is not None]


@pytest.mark.parametrize("path", PBN_FILES[:8], ids=ids(PBN_FILES[:8]))
def test_pbn_through_json_and_back(path: Path) -> None:
    first = load(path)
    via = pbn.loads(pbn.dumps(fjson.loads(fjson.dumps(first))))
    assert list(via) == list(first)
    kept = [g for g in first.games if g.record is not None]
    # simple tags travel through JSON's info
    assert [g.values["Event"] for g in via.games] == [g.values.get("Event", "?") for g in kept]


def test_lin_to_pbn_to_lin_keeps_players_and_rooms() -> None:
    path = next(p for p in LIN_FILES if p.name == "vugraph_gp_poland__74800.lin")
    first = lin.loads(path.read_bytes())
    as_pbn = pbn.loads(pbn.dumps(first), strict=True)
    assert as_pbn.games[0].values["Room"] == "Open" and as_pbn.games[1].values["Room"] == "Closed"
    assert as_pbn.games[1].values["North"] == "Oglobin"
    back = lin.loads(lin.dumps(as_pbn), strict=True)
    assert [r.setup for r in back] == [r.setup for r in first]
    assert [g.info["North"] for g in back.games] == [g.info["North"] for g in first.games]
