"""The server's field (server/field.py): every set's results by deal, each board of a set
scored across the field against them (matchpoints with the Neuberg formula, cross-IMPs)."""

from __future__ import annotations

import random

from bridgetable.core.deal import Deal
from bridgetable.core.field import cross_imps, field_percentage
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import SEATS
from bridgetable.core.session import GivenBoard, Scoring, Session, SessionSetup
from bridgetable.selfplay import random_auction, random_play
from bridgetable.server.field import FieldResults


def given(seed: int, numbers: list[int]) -> tuple[GivenBoard, ...]:
    rng = random.Random(seed)
    return tuple(GivenBoard.for_number(n, Deal.random(rng)) for n in numbers)


def finish(s: Session, rng: random.Random) -> None:
    random_auction(s.board, rng)
    random_play(s.board, rng)
    assert s.board.is_over


def next_board(s: Session) -> None:
    for seat in SEATS:
        s.ask_next(seat)


def a_set(boards: tuple[GivenBoard, ...], seed: int, scoring: Scoring = "mp") -> Session:
    return Session(
        SessionSetup("set", seed=seed, boards=len(boards), given=boards, scoring=scoring)
    )


def test_results_are_compared_by_deal_and_a_rubber_is_no_field() -> None:
    boards = given(1, [1, 2])
    field = FieldResults()
    rng = random.Random(1)
    a, b = a_set(boards, 1), a_set(boards, 2, "total")
    other = Session(SessionSetup("set", seed=3, boards=1))  # another deal
    rubber = Session(SessionSetup("rubber", seed=1, rules=RuleSet.rubber()))
    for name, s in (("a", a), ("b", b), ("o", other), ("r", rubber)):
        finish(s, rng)
        field.record(name, s)
    mine, theirs = a.results[0].score, b.results[0].score
    assert field.others("a", 0, a.board.setup) == [theirs]
    out = field.summary("a", a)
    pct = field_percentage(mine, [theirs])
    assert out == {
        "scoring": "mp",
        "largest": 2,
        "boards": [{"board": 1, "score": mine, "results": 2, "percentage": pct}],
        "percentage": pct,
    }
    assert field.summary("b", b) is None  # scored by total: no field of its own
    assert field.summary("r", rubber) is None


def test_a_board_played_fewer_times_is_rescaled_by_neuberg() -> None:
    boards = given(2, [1, 2])
    field = FieldResults()
    rng = random.Random(2)
    sets = {k: a_set(boards, i) for i, k in enumerate("abc")}
    for k, s in sets.items():
        finish(s, rng)
        field.record(k, s)
        next_board(s)
    for k in "ab":  # board 2 at a and b only
        finish(sets[k], rng)
        field.record(k, sets[k])
    out = field.summary("a", sets["a"])
    assert out is not None and out["largest"] == 3
    assert [b["results"] for b in out["boards"]] == [3, 2]
    score = [[s.results[i].score for s in sets.values() if len(s.results) > i] for i in (0, 1)]
    p1 = field_percentage(score[0][0], score[0][1:], largest=3)
    p2 = field_percentage(score[1][0], score[1][1:], largest=3)  # Neuberg: 2 of 3
    assert [b["percentage"] for b in out["boards"]] == [p1, p2]
    assert out["percentage"] == round((p1 + p2) / 2, 2)
    # cross-IMPs of a fourth table's board 1 against the three others
    d = a_set(boards, 9, "imps")
    finish(d, rng)
    field.record("d", d)
    got = field.summary("d", d)
    assert got is not None
    assert got["boards"][0]["imps"] == cross_imps(d.results[0].score, score[0])
    assert got["imps"] == got["boards"][0]["imps"]


def test_each_result_counts_once_however_often_a_table_is_recorded() -> None:
    boards = given(3, [1, 2])
    field = FieldResults()
    rng = random.Random(3)
    s = a_set(boards, 1, "imps")
    field.record("t", s)
    assert field.others("x", 0, s.board.setup) == []  # nothing over yet
    finish(s, rng)
    first = s.board.setup
    for _ in range(3):
        field.record("t", s)
    assert field.others("x", 0, first) == [s.results[0].score]
    next_board(s)
    finish(s, rng)
    field.record("t", s)
    # board 1, left behind, is still there; board 2 is its own deal
    assert field.others("x", 0, first) == [s.results[0].score]
    assert field.others("x", 1, s.board.setup) == [s.results[1].score]
    assert field.others("t", 1, s.board.setup) == []  # not compared with itself


def test_the_session_pbn_carries_the_fields_figures_pbn_4_2() -> None:
    """A set scored across the field writes each board's field figure in its PBN game:
    ``ScorePercentage`` for matchpoints (PBN 2.1, 4.2.4), ``ScoreIMP`` for cross-IMPs
    (4.2.2), read back with the board's ``Score``."""
    from bridgetable.formats import session as session_format

    boards = given(4, [1])
    field = FieldResults()
    rng = random.Random(4)
    sets = {k: a_set(boards, i, "mp" if k != "d" else "imps") for i, k in enumerate("abcd")}
    for k, s in sets.items():
        finish(s, rng)
        field.record(k, s)
    for k, tag, key in (("a", "ScorePercentage", "percentage"), ("d", "ScoreIMP", "imps")):
        summary = field.summary(k, sets[k])
        assert summary is not None
        text = session_format.dumps_pbn(sets[k], summary)
        (back,) = session_format.loads_pbn(text)
        value = float(back.scores[tag].split()[1])
        assert back.scores[tag].startswith("NS ")
        assert abs(value - summary["boards"][0][key]) < 0.006
        assert back.scores["Score"] == f"NS {sets[k].results[0].score}"
