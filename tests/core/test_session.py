"""The session over boards (core/session.py): a set of duplicate boards or a rubber, dealt
from a seed, scored board by board, replayable from its log."""

from __future__ import annotations

import json
import random

import pytest

from bridgetable.core.boards import dealer_of, vulnerability_of
from bridgetable.core.commands import BadCommand, run_command
from bridgetable.core.errors import NotationError, NotEntitled, WrongPhase
from bridgetable.core.rules import RuleSet
from bridgetable.core.scoring import board_score
from bridgetable.core.seats import SEATS, Seat, Side
from bridgetable.core.session import (
    NextAsked,
    Session,
    SessionSetup,
    entry_from_dict,
    entry_to_dict,
)
from bridgetable.selfplay import random_auction, random_play


def finish(s: Session, rng: random.Random) -> None:
    random_auction(s.board, rng)
    random_play(s.board, rng)
    assert s.board.is_over


def everyone_next(s: Session) -> None:
    for seat in SEATS:
        s.command(seat, "next", {})


def test_next_is_refused_until_the_board_is_over_law_7c() -> None:
    s = Session(SessionSetup("set", seed=1, boards=2))
    with pytest.raises(WrongPhase) as exc:
        s.ask_next(Seat.NORTH)
    assert exc.value.law == "7C" and exc.value.action == "next"
    assert s.actions(Seat.NORTH) == [] and s.version == 0


def test_the_next_board_is_dealt_only_when_all_four_seats_have_asked() -> None:
    s = Session(SessionSetup("set", seed=2, boards=3))
    finish(s, random.Random(2))
    for seat in SEATS[:3]:
        s.command(seat, "next", {})
        assert s.number == 1 and s.board.is_over
    assert s.actions(Seat.NORTH) == [] and s.actions(Seat.WEST) == ["next"]
    with pytest.raises(NotEntitled):
        s.ask_next(Seat.NORTH)  # once is enough
    s.ask_next(Seat.WEST)
    assert s.number == 2 and not s.board.is_over and s.asked == frozenset()


def test_law_2_each_board_of_a_set_has_its_numbers_dealer_and_vulnerability() -> None:
    s = Session(SessionSetup("set", seed=3, boards=5))
    rng = random.Random(3)
    for n in range(1, 6):
        setup = s.board.setup
        assert (setup.board, setup.dealer, setup.vulnerability) == (
            n,
            dealer_of(n),
            vulnerability_of(n),
        )
        finish(s, rng)
        if n < 5:
            everyone_next(s)


def test_the_running_total_is_the_sum_of_the_duplicate_scores() -> None:
    s = Session(SessionSetup("set", seed=4, boards=4))
    rng = random.Random(4)
    scores = []
    for n in range(1, 5):
        finish(s, rng)
        b = s.board
        tricks = b.declarer_tricks if b.contract is not None else None
        scores.append(board_score(b.contract, tricks, b.setup.vulnerability))
        assert [r.score for r in s.results] == scores
        assert s.total() == sum(scores) == s.summary()["total"]
        if n < 4:
            everyone_next(s)
    assert s.is_over
    with pytest.raises(WrongPhase) as exc:
        s.ask_next(Seat.SOUTH)
    assert exc.value.law == "2"
    assert s.summary()["over"] and s.actions(Seat.SOUTH) == []


def test_the_deals_come_from_the_seed_and_differ_from_board_to_board() -> None:
    a = SessionSetup("set", seed=5, boards=3)
    assert a.deal(1) == SessionSetup("set", seed=5, boards=3).deal(1)
    assert a.deal(1) != a.deal(2)
    assert a.deal(1) != SessionSetup("set", seed=6, boards=3).deal(1)


def test_a_session_replays_from_its_log_and_the_log_round_trips_through_json() -> None:
    s = Session(SessionSetup("set", seed=7, boards=3))
    rng = random.Random(7)
    finish(s, rng)
    everyone_next(s)
    finish(s, rng)
    s.ask_next(Seat.EAST)
    text = json.dumps([entry_to_dict(e) for e in s.log])
    log = [entry_from_dict(d) for d in json.loads(text)]
    assert log == list(s.log) and NextAsked(Seat.EAST) == log[-1]
    assert s.since(3) == s.log[3:] and len(s.log) == s.version
    again = Session.replay(SessionSetup.from_dict(s.setup.to_dict()), log)
    assert again.version == s.version and again.number == 2
    assert again.results == s.results and again.asked == {Seat.EAST}
    assert again.board.events == s.board.events
    # a log with a NextAsked before the board is over is refused when replayed
    with pytest.raises(WrongPhase):
        Session.replay(s.setup, [NextAsked(Seat.NORTH)])


def test_a_rubber_ends_when_a_side_has_won_two_games_with_the_dealer_rotating() -> None:
    s = Session(SessionSetup("rubber", seed=8, rules=RuleSet.rubber()))
    rng = random.Random(8)
    for n in range(1, 200):
        setup = s.board.setup
        assert setup.dealer is dealer_of(n)  # N, E, S, W, N...
        # the vulnerability comes from the games won (Law 81), not from the board number
        games = s.rubber.games
        assert setup.vulnerability.is_vulnerable(Side.NS) == (Side.NS in games)
        assert setup.vulnerability.is_vulnerable(Side.EW) == (Side.EW in games)
        # mostly bid: a rubber of random passes would be long
        random_auction(s.board, rng, pass_weight=0.3)
        random_play(s.board, rng)
        if s.is_over:
            break
        everyone_next(s)
    assert s.is_over and s.rubber.winner is not None
    ns, ew = s.rubber.totals
    assert s.total() == ns - ew == sum(r.score for r in s.results)
    assert s.summary()["rubber"]["winner"] == s.rubber.winner.name
    with pytest.raises(WrongPhase) as exc:
        s.ask_next(Seat.NORTH)
    assert "74" in exc.value.law
    assert len(s.results) == s.number


def test_a_session_setup_refuses_what_does_not_fit() -> None:
    with pytest.raises(NotationError):
        SessionSetup("set", seed=1)  # how many boards?
    with pytest.raises(NotationError):
        SessionSetup("set", seed=1, boards=0)
    with pytest.raises(NotationError):
        SessionSetup("rubber", seed=1)  # duplicate rules
    with pytest.raises(NotationError):
        SessionSetup("rubber", seed=1, boards=3, rules=RuleSet.rubber())
    with pytest.raises(NotationError):
        SessionSetup("chouette", seed=1, boards=3)  # type: ignore[arg-type]


def test_next_is_a_session_command_of_the_registry_not_a_boards() -> None:
    s = Session(SessionSetup("set", seed=9, boards=2))
    finish(s, random.Random(9))
    with pytest.raises(BadCommand, match="session"):
        run_command(s.board, Seat.NORTH, "next", {})
    assert "next" not in s.board.view_for(Seat.NORTH).actions
    assert s.summary(Seat.NORTH)["actions"] == ["next"]


def test_chicago_is_four_counted_deals_with_its_vulnerability_and_dealer() -> None:
    s = Session(SessionSetup("chicago", seed=10, rules=RuleSet.rubber()))
    rng = random.Random(10)
    seen = []
    for _ in range(100):
        setup = s.board.setup
        seen.append((setup.dealer.letter, setup.vulnerability.value))
        random_auction(s.board, rng)
        random_play(s.board, rng)
        passed = s.board.contract is None
        if s.is_over:
            break
        before = s.chicago.deals
        everyone_next(s)
        if passed:  # a passed-out deal is not counted: the same dealer deals again
            assert s.board.setup.dealer.letter == seen[-1][0] and s.chicago.deals == before
    assert s.is_over and s.chicago.deals == 4
    counted = [seen[i] for i, r in enumerate(s.results) if r.contract is not None]
    # none, dealer's side (East: EW), dealer's side (South: NS), both
    assert counted == [("N", "None"), ("E", "EW"), ("S", "NS"), ("W", "All")]
    ns, ew = s.chicago.totals
    assert s.total() == ns - ew == sum(r.score for r in s.results)
    with pytest.raises(WrongPhase) as exc:
        s.ask_next(Seat.EAST)
    assert exc.value.law == "Chicago"
