"""Issue 15, item 3 (core): a set played from a hand record's boards, and a set scored
against par (core/session.py: :class:`GivenBoard`, ``scoring``, ``pars``)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.core.boards import Vulnerability, dealer_of, vulnerability_of
from bridgetable.core.calls import Contract, Strain
from bridgetable.core.deal import Deal
from bridgetable.core.errors import NotationError
from bridgetable.core.rules import RuleSet
from bridgetable.core.scoring import board_score, imps
from bridgetable.core.seats import SEATS, Seat
from bridgetable.core.session import GivenBoard, Session, SessionSetup
from bridgetable.selfplay import random_auction, random_play


def finish(s: Session, rng: random.Random) -> None:
    random_auction(s.board, rng)
    random_play(s.board, rng)
    assert s.board.is_over


def everyone_next(s: Session) -> None:
    for seat in SEATS:
        s.command(seat, "next", {})


def record(numbers: list[int], seed: int = 0) -> tuple[GivenBoard, ...]:
    """Boards ``numbers`` of a hand record: deals from ``seed``, dealer East and North-South
    vulnerable whatever the number (as a record may give them)."""
    rng = random.Random(seed)
    return tuple(GivenBoard(n, Seat.EAST, Vulnerability.NS, Deal.random(rng)) for n in numbers)


def test_the_boards_of_a_hand_record_are_played_in_order_as_given() -> None:
    boards = record([17, 18, 19])
    s = Session(SessionSetup("set", seed=5, boards=3, given=boards))
    rng = random.Random(1)
    seen = []
    for i in range(3):
        setup = s.board.setup
        seen.append((setup.board, setup.dealer, setup.vulnerability, setup.deal))
        finish(s, rng)
        if i < 2:
            everyone_next(s)
    assert seen == [(g.number, g.dealer, g.vulnerability, g.deal) for g in boards]
    assert s.is_over and [r.number for r in s.results] == [17, 18, 19]
    # scored with the given vulnerability (Law 77), not board 17's by Law 2
    r = s.results[0]
    assert r.vulnerability is Vulnerability.NS
    assert r.score == board_score(r.contract, r.tricks, Vulnerability.NS)
    assert s.total() == sum(x.score for x in s.results)


def test_a_given_board_by_number_takes_law_2() -> None:
    g = GivenBoard.for_number(6, Deal.random(random.Random(3)))
    assert (g.dealer, g.vulnerability) == (dealer_of(6), vulnerability_of(6))
    assert GivenBoard.from_dict(json.loads(json.dumps(g.to_dict()))) == g


def test_a_set_from_a_hand_record_survives_to_dict_and_replays_the_same_boards() -> None:
    setup = SessionSetup("set", seed=8, boards=2, given=record([3, 4], seed=9))
    s = Session(setup)
    rng = random.Random(2)
    finish(s, rng)
    everyone_next(s)
    finish(s, rng)
    again = SessionSetup.from_dict(json.loads(json.dumps(setup.to_dict())))
    assert again == setup
    r = Session.replay(again, s.log)
    assert r.results == s.results and r.board.setup == s.board.setup


def test_an_old_stored_setup_without_the_new_keys_is_still_read() -> None:
    old = {"kind": "set", "seed": 4, "boards": 2, "rules": RuleSet().to_dict()}
    setup = SessionSetup.from_dict(old)
    assert setup.given == () and setup.scoring == "total" and setup.pars == ()
    assert Session(setup).board.setup.deal == SessionSetup("set", seed=4, boards=2).deal(1)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"boards": 3, "given": record([1, 2])}, "2 given boards"),
        ({"boards": 2, "given": record([5, 5])}, "board 5 is given twice"),
        ({"boards": 2, "scoring": "best"}, "total, par, mp or imps"),
        ({"boards": 2, "scoring": "par", "pars": (100,)}, "not 1"),
        ({"boards": 1, "scoring": "par", "pars": (105,)}, "a par score"),
        ({"boards": 1, "pars": (100,)}, "scoring='par'"),
    ],
)
def test_bad_setups_are_refused(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(NotationError, match=words):
        SessionSetup("set", seed=1, **kwargs)  # type: ignore[arg-type]


def test_a_rubber_has_no_given_boards_nor_par_scoring() -> None:
    with pytest.raises(NotationError, match="no given boards"):
        SessionSetup("rubber", seed=1, rules=RuleSet.rubber(), given=record([1]))
    with pytest.raises(NotationError, match="own sheet"):
        SessionSetup("chicago", seed=1, rules=RuleSet.rubber(), scoring="mp")


def test_scoring_against_par_gives_each_board_imps_law_78b() -> None:
    # board 1 (nobody vulnerable): North plays 4S; par is 4S making, +420 for North-South
    deal = Deal.random(random.Random(11))
    given_ = (GivenBoard.for_number(1, deal), GivenBoard.for_number(2, deal))
    s = Session(
        SessionSetup("set", seed=1, boards=2, given=given_, scoring="par", pars=(420, -100))
    )
    assert s.board.setup.dealer is Seat.NORTH
    s.command(Seat.NORTH, "call", {"call": "4S"})
    for seat in (Seat.EAST, Seat.SOUTH, Seat.WEST):
        s.command(seat, "call", {"call": "Pass"})
    assert s.board.contract == Contract(4, Strain.SPADES, declarer=Seat.NORTH)
    random_play(s.board, random.Random(4))
    r = s.results[0]
    assert r.par == 420 and r.imps == imps(r.score - 420)
    assert s.total() == r.imps
    summary = s.summary()
    assert summary["scoring"] == "par"
    assert summary["results"][0]["par"] == 420 and summary["results"][0]["imps"] == r.imps
    everyone_next(s)
    # board 2 passed out: 0 against a par of -100 is +100, 3 IMPs for North-South
    for seat in (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH):
        s.command(seat, "call", {"call": "Pass"})
    assert s.results[1].score == 0 and s.results[1].imps == 3
    assert s.total() == r.imps + 3 and s.is_over


def test_a_set_scored_by_total_shows_no_par() -> None:
    s = Session(SessionSetup("set", seed=3, boards=1))
    finish(s, random.Random(3))
    assert "par" not in s.summary()["results"][0] and s.summary()["scoring"] == "total"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), pars=st.lists(st.integers(-760, 760), min_size=3, max_size=3))
def test_the_par_total_is_the_sum_of_the_boards_imps_and_replays(
    seed: int, pars: list[int]
) -> None:
    setup = SessionSetup(
        "set", seed=seed, boards=3, scoring="par", pars=tuple(p * 10 for p in pars)
    )
    s = Session(setup)
    rng = random.Random(seed)
    for i in range(3):
        finish(s, rng)
        if i < 2:
            everyone_next(s)
    assert [r.par for r in s.results] == list(setup.pars)
    assert all(r.imps == imps(r.score - (r.par or 0)) for r in s.results)
    assert s.total() == sum(r.imps or 0 for r in s.results)
    again = Session.replay(SessionSetup.from_dict(json.loads(json.dumps(setup.to_dict()))), s.log)
    assert again.results == s.results and again.total() == s.total()


def test_the_session_json_of_a_par_set_from_a_hand_record_replays() -> None:
    from bridgetable.formats import session as records

    setup = SessionSetup(
        "set", seed=6, boards=2, given=record([9, 10], seed=6), scoring="par", pars=(-50, 620)
    )
    s = Session(setup)
    rng = random.Random(6)
    finish(s, rng)
    everyone_next(s)
    finish(s, rng)
    again = records.loads_json(records.dumps_json(s))
    assert again.results == s.results and again.total() == s.total()
    assert [r.par for r in again.results] == [-50, 620]


def test_the_session_pbn_of_a_par_set_has_each_boards_imps() -> None:
    from bridgetable.formats import session as records

    setup = SessionSetup("set", seed=2, boards=1, scoring="par", pars=(110,))
    s = Session(setup)
    finish(s, random.Random(2))
    (board,) = records.loads_pbn(records.dumps_pbn(s))
    assert board.scores == {
        "Score": f"NS {s.results[0].score}",
        "ScoreIMP": f"NS {s.results[0].imps}",
    }
