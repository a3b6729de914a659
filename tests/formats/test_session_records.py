"""Records of a whole session (:mod:`bridgetable.formats.session`): PBN with the score tags,
LIN one board per line, JSON that replays to the same session."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.cli import main
from bridgetable.core.seats import SEATS, Side
from bridgetable.core.session import Session, SessionSetup
from bridgetable.formats import lin, pbn
from bridgetable.formats import session as records
from bridgetable.formats.errors import FormatError
from bridgetable.selfplay import play_random_rubber, random_auction, random_play

NS, EW = Side.NS, Side.EW


def play_set(seed: int, boards: int, rng: random.Random) -> Session:
    """A set of ``boards`` boards bid and played at random to its end."""
    s = Session(SessionSetup("set", seed=seed, boards=boards))
    while True:
        random_auction(s.board, rng)
        random_play(s.board, rng)
        if s.is_over:
            return s
        for seat in SEATS:
            s.ask_next(seat)


def test_session_pbn_has_every_board_and_its_score_and_reads_back() -> None:
    s = play_set(5, 3, random.Random(5))
    text = records.dumps_pbn(s)
    assert text.count("[Board ") == 3
    back = records.loads_pbn(text)
    assert [b.record for b in back] == [b.record for b in s.played_boards()]
    assert [b.scores for b in back] == [{"Score": f"NS {r.score}"} for r in s.results]
    assert not pbn.loads(text).diagnostics


def test_session_pbn_of_a_rubber_carries_the_sheet_in_score_rubber() -> None:
    s = play_random_rubber(9, random.Random(9))
    text = records.dumps_pbn(s)
    assert not pbn.loads(text).diagnostics  # Score and ScoreRubber as PBN 2.1 4.2 has them
    back = records.loads_pbn(text)
    assert len(back) == len(s.results)
    r = s.rubber
    last = back[-1].scores
    assert last["ScoreRubber"] == (f"NS {r.above(NS)}/{r.below(NS)} EW {r.above(EW)}/{r.below(EW)}")
    for b, res in zip(back, s.results, strict=True):
        ns = sum(b_ + a for side, b_, a, _ in res.lines if side == "NS")
        ew = sum(b_ + a for side, b_, a, _ in res.lines if side == "EW")
        assert b.scores["Score"] == f"NS {ns} EW {ew}"
        assert ns - ew == res.score


def test_session_lin_one_board_per_line() -> None:
    s = play_set(11, 2, random.Random(11))
    text = records.dumps_lin(s)
    assert len(text.splitlines()) == 2
    assert list(lin.loads(text)) == [b.record for b in s.played_boards()]


def test_session_json_round_trip_of_a_rubber_and_a_chicago() -> None:
    for kind in ("rubber", "chicago"):
        s = play_random_rubber(3, random.Random(3), kind=kind)
        back = records.loads_json(records.dumps_json(s))
        assert back.results == s.results and back.log == s.log
        assert records.document(back) == records.document(s)
        assert (back.rubber, back.chicago) == (s.rubber, s.chicago)


def test_session_json_refuses_results_its_log_does_not_give() -> None:
    s = play_set(2, 2, random.Random(2))
    doc = records.document(s)
    doc["results"][0]["score"] += 10
    with pytest.raises(FormatError):
        records.from_document(doc)
    with pytest.raises(FormatError):
        records.loads_json("{}")
    with pytest.raises(FormatError):
        records.loads_json("not json")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), boards=st.integers(1, 3), play=st.integers(0, 2**16))
def test_session_json_round_trip_random_short_sets(seed: int, boards: int, play: int) -> None:
    s = play_set(seed, boards, random.Random(play))
    back = records.loads_json(records.dumps_json(s))
    assert records.document(back) == records.document(s)
    assert [b.record for b in records.loads_pbn(records.dumps_pbn(s))] == [
        b.record for b in s.played_boards()
    ]


def test_selfplay_rubber_out_writes_the_session_pbn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rubber.pbn"
    assert main(["selfplay", "--rules", "rubber", "--seed", "4", "--out", str(out)]) == 0
    game = play_random_rubber(4, random.Random(4))
    assert out.read_text(encoding="utf-8") == records.dumps_pbn(game)
    assert [b.record for b in records.loads_pbn(out.read_bytes())] == [
        b.record for b in game.played_boards()
    ]
    assert main(["selfplay", "--boards", "2", "--out", str(tmp_path / "x.pbn")]) == 2
    assert not (tmp_path / "x.pbn").exists()
    capsys.readouterr()
