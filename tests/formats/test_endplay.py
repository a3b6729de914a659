"""Other tools read our exports: endplay's PBN and LIN parsers, on records of the corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetable.core.board import Board
from bridgetable.core.deal import Deal
from bridgetable.core.record import BoardRecord
from bridgetable.formats import lin, pbn
from formats.corpus import CORPUS, load

endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
endplay_lin = pytest.importorskip("endplay.parsers.lin")

FILES = [
    CORPUS / "pbn" / "endplay__example2_realbridge2021.pbn",
    CORPUS / "pbn" / "ben__camrose2024_robot_play.pbn",
    CORPUS / "lin" / "vugraph_gp_poland__74803.lin",
    CORPUS / "lin" / "bridgebots__usbf_sf_14502_vugraph.lin",
]


def _same(ours: list[BoardRecord], theirs: list[object]) -> None:
    assert len(theirs) == len(ours)
    for rec, eb in zip(ours, theirs, strict=True):
        b = Board.replay(rec)
        assert Deal.from_pbn(eb.deal.to_pbn()) == rec.setup.deal  # type: ignore[attr-defined]
        assert len(eb.auction) == len(b.auction)  # type: ignore[attr-defined]
        played = [c for t in b.tricks for _, c in t.cards] + [c for _, c in b.current_trick]
        assert len(eb.play) == len(played)  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_endplay_reads_our_pbn(path: Path) -> None:
    records = list(load(path))
    _same(records, endplay_pbn.loads(pbn.dumps(records)))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_endplay_reads_our_lin(path: Path) -> None:
    records = list(load(path))
    _same(records, endplay_lin.loads(lin.dumps(records)))
