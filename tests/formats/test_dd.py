"""``bridgetable check --dd``: double-dummy tables in files against DDS (needs endplay)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetable.cli import main
from bridgetable.formats import json as fjson
from bridgetable.formats import pbn
from bridgetable.formats.dd import check_dd
from formats.corpus import CORPUS, load

pytest.importorskip("endplay.dds")

CAMROSE = CORPUS / "dds" / "ben__camrose24_handrecord_BAD_dd_from_board33.pbn"


def test_good_tables_agree_with_dds(capsys: pytest.CaptureFixture[str]) -> None:
    path = CORPUS / "dds" / "heilman__three_test_records_dd.pbn"
    reports = check_dd(load(path).games)
    assert [(r.board, r.source, r.entries, r.ok) for r in reports][:2] == [
        (1, "DoubleDummyTricks", 20, True),
        (1, "OptimumResultTable", 20, True),
    ]
    assert len(reports) == 6 and all(r.ok for r in reports)
    assert main(["check", "--dd", str(path)]) == 0
    assert "6 DD tables checked (0 differ from DDS)" in capsys.readouterr().out


def test_the_bad_camrose_tables_are_flagged_board_by_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = load(CAMROSE).games[31:34]  # boards 32 (right), 33 and 34 (wrong)
    part = tmp_path / "camrose_32_34.pbn"
    part.write_text(pbn.dumps(games), encoding="utf-8")
    assert main(["check", "--dd", str(part)]) == 1
    out = capsys.readouterr().out
    assert "board 32:" not in out
    for board in (33, 34):
        assert f"board {board}: DoubleDummyTricks differs from DDS" in out
        assert f"board {board}: OptimumResultTable differs from DDS" in out
    assert "6 DD tables checked (4 differ from DDS)" in out
    (first,) = [r for r in check_dd(games) if r.board == 33 and r.source == "DoubleDummyTricks"]
    assert str(first.mismatches[0]) == "N NT 1 (DDS 4)"
    # the same check from JSON, where the tags travel as the game's info
    js = tmp_path / "camrose_32_34.json"
    js.write_text(fjson.dumps(games), encoding="utf-8")
    assert main(["check", "--dd", str(js)]) == 1
    assert "3 DD tables checked (2 differ from DDS)" in capsys.readouterr().out
