"""``bridgetable convert`` and ``bridgetable check``."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetable.cli import main
from bridgetable.formats import json as fjson
from bridgetable.formats import lin, pbn
from formats.corpus import CORPUS


def test_convert_through_every_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = CORPUS / "lin" / "vugraph_gp_poland__74801.lin"
    a, b, c = tmp_path / "a.pbn", tmp_path / "b.json", tmp_path / "c.lin"
    assert main(["convert", str(src), str(a)]) == 0
    assert main(["convert", str(a), str(b)]) == 0
    assert main(["convert", str(b), str(c)]) == 0
    assert "32 boards" in capsys.readouterr().err
    first = lin.loads(src.read_bytes())
    assert [r.setup for r in lin.loads(c.read_bytes())] == [r.setup for r in first]
    assert list(fjson.loads(b.read_bytes())) == list(pbn.loads(a.read_bytes()))
    assert main(["check", str(a), str(b), str(c)]) == 0


def test_check_reports_board_by_board(capsys: pytest.CaptureFixture[str]) -> None:
    good = CORPUS / "pbn" / "pbnverifier__correct_21.pbn"
    assert main(["check", str(good)]) == 0
    bad = CORPUS / "pbn" / "endplay__example4_wc2012_comments.pbn"
    assert main(["check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:line 27: game 1, board 1, trick 3, East: CQ refused" in out
    assert "1 games, 1 records, 1 errors, 1 warnings" in out
    warned = CORPUS / "pbn" / "pbntools__history_expected_from_lin.pbn"
    assert main(["check", str(warned)]) == 0
    assert main(["check", "--strict", str(warned)]) == 1


def test_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = CORPUS / "pbn" / "pbnverifier__errors_21.pbn"
    assert main(["convert", str(src), str(tmp_path / "x.txt")]) == 2
    assert main(["convert", str(tmp_path / "missing.pbn"), str(tmp_path / "x.pbn")]) == 2
    errors = CORPUS / "pbn" / "pbnverifier__errors_10.pbn"
    assert main(["convert", "--strict", str(errors), str(tmp_path / "x.json")]) == 1
    assert main(["check", str(tmp_path / "missing.lin")]) == 2
    assert "unknown format" in capsys.readouterr().err
