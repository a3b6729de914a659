"""Laws 68, 69, 71 and 79: the procedure of claims and concessions (R68.1-R68.7, R69.1,
R69.2, R79.2, and the procedure side of R71.1)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from bridgetable.core.board import Board
from bridgetable.core.errors import NotEntitled, WrongPhase
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Side
from bridgetable.core.views import SPECTATOR

from support import E, N, S, W, at_play, c, refused

T0 = datetime(2026, 11, 29, 20, 0, 0)


def after_trick_one(rules: RuleSet | None = None) -> Board:
    """4SX by South: West led C8, dummy C4, East won CA, South C9. East on lead."""
    b = at_play("C8", rules)
    b.play(S, c("C4"))
    b.play(E, c("CA"))
    b.play(S, c("C9"))
    return b


def test_R68_1_statement_about_the_current_trick_does_not_suspend_play() -> None:
    b = after_trick_one()
    b.play(E, c("D8"))
    b.announce_current_trick(S, "this one is mine")
    assert b.phase is Phase.PLAY
    b.play(S, c("DA"))
    assert c("DA") in [x for _, x in b.current_trick]


def test_R68_2_a_claim_suspends_play() -> None:
    b = after_trick_one()
    b.make_claim(E, 1, "CK")
    assert b.phase is Phase.CLAIM
    exc = refused(b.play, E, c("CK"))
    assert isinstance(exc, WrongPhase) and exc.law == "68D"


def test_R68_2_dummy_cannot_claim() -> None:
    b = after_trick_one()
    exc = refused(b.make_claim, N, 10)
    assert isinstance(exc, NotEntitled) and exc.law == "68A"


def test_R68_3_claim_without_statement_is_recorded_and_the_hand_faced() -> None:
    b = after_trick_one()
    assert E not in b.view_for(W).hands
    b.make_claim(E, 2)
    claim = b.claim
    assert claim is not None and claim.statement.is_empty
    for role in (N, S, W, SPECTATOR):
        assert b.view_for(role).hands[E] == b.hand(E)
    assert b.view_for(W).claim is not None
    assert b.view_for(W).claim["statement"] is None


def test_R68_4_a_claim_of_k_tricks_concedes_the_rest() -> None:
    b = after_trick_one()
    b.make_claim(S, 9, "draw trumps then cash D")
    claim = b.claim
    assert claim is not None
    assert claim.remaining == 12 and claim.tricks == 9 and claim.conceded == 3
    b.agree_claim(E)
    b.agree_claim(W)
    assert b.phase is Phase.ENDED
    assert b.declarer_tricks == 9 and b.tricks_for(Side.EW) == 4


def test_R68_4_concession_of_all_remaining_tricks() -> None:
    b = after_trick_one()
    b.make_claim(S, 0, None, concession=True)
    b.agree_claim(E)
    b.agree_claim(W)
    assert b.declarer_tricks == 0 and b.tricks_for(Side.EW) == 13


def test_R68_5_defenders_concession_voided_by_partners_immediate_objection() -> None:
    b = after_trick_one()
    b.make_claim(E, 0, concession=True)
    b.object_to_partners_claim(W)
    claim = b.claim
    assert claim is not None and claim.status == "void"
    assert b.phase is Phase.PLAY and b.to_act is E
    assert E not in b.view_for(S).hands  # no longer faced; no penalty cards exist
    b.play(E, c("CK"))


def test_R68_5_objection_must_come_at_once_and_only_from_partner() -> None:
    b = after_trick_one()
    b.make_claim(E, 0, concession=True)
    exc = refused(b.object_to_partners_claim, S)
    assert isinstance(exc, NotEntitled) and exc.law == "68B2"
    b.agree_claim(S)
    assert b.phase is Phase.CLAIM  # West's answer is awaited
    b.object_to_partners_claim(W)  # still at once: before his own answer
    assert b.phase is Phase.PLAY
    b.make_claim(E, 0, concession=True)
    b.agree_claim(W)
    exc = refused(b.object_to_partners_claim, W)
    assert isinstance(exc, NotEntitled) and "at once" in exc.reason
    b.agree_claim(S)
    assert b.phase is Phase.ENDED and b.tricks_for(Side.EW) == 1


def test_R68_5_rubber_defenders_concession_needs_partners_concession() -> None:
    b = after_trick_one(RuleSet.rubber())
    b.make_claim(E, 0, concession=True)
    b.agree_claim(S)
    assert b.phase is Phase.CLAIM  # West has not conceded too
    b.agree_claim(W)
    assert b.phase is Phase.ENDED and b.tricks_for(Side.EW) == 1


def test_R68_6_dispute_by_any_player_including_dummy() -> None:
    for disputer in (N, W):
        b = after_trick_one()
        b.make_claim(E, 12)
        b.dispute_claim(disputer)
        claim = b.claim
        assert claim is not None and claim.status == "disputed"
        assert b.phase is Phase.CLAIM


def test_R68_6_dummy_does_not_agree_for_declarer() -> None:
    b = after_trick_one()
    b.make_claim(E, 2)
    exc = refused(b.agree_claim, N)
    assert isinstance(exc, NotEntitled)
    b.agree_claim(S)
    b.agree_claim(W)  # the claimer's partner does not object
    assert b.phase is Phase.ENDED and b.tricks_for(Side.EW) == 3


def test_R68_7_play_on_needs_the_non_claiming_side_and_all_four() -> None:
    b = after_trick_one()
    b.make_claim(S, 12, "draw trumps")
    exc = refused(b.request_play_on, E)  # before any dispute
    assert isinstance(exc, WrongPhase)
    b.dispute_claim(E)
    exc = refused(b.request_play_on, N)  # the claiming side may not ask
    assert isinstance(exc, NotEntitled) and exc.law == "68D2b"
    b.request_play_on(W)
    for seat in (N, S, E):
        assert b.phase is Phase.CLAIM
        b.agree_play_on(seat)
    claim = b.claim
    assert claim is not None and claim.status == "play_on"
    assert b.phase is Phase.PLAY and b.to_act is E
    assert b.view_for(W).hands[S] == b.hand(S)  # the claimer's hand stays faced
    import random

    from bridgetable.selfplay import random_play

    random_play(b, random.Random(3))
    assert b.phase is Phase.ENDED
    won = sum(1 for t in b.tricks if t.winner.side is Side.NS)
    assert b.declarer_tricks == won  # the played result stands; the claim is void


def test_R68_7_without_all_four_the_director_rules() -> None:
    b = after_trick_one()
    b.make_claim(S, 12)
    b.dispute_claim(E)
    b.request_play_on(E)
    b.agree_play_on(N)
    assert b.phase is Phase.CLAIM  # South and West have not agreed
    b.director_rule(10, text="a trump trick lost to the outstanding trump")
    assert b.phase is Phase.ENDED and b.declarer_tricks == 10


def test_R68_7_with_no_director_the_proposal_stands_when_all_four_accept() -> None:
    # no Director at the table: instead of playing on, a player asks for the adjudicator's
    # proposal; it faces every hand (70B3) and is the result once all four accept it
    b = after_trick_one()
    b.make_claim(S, 12)
    b.dispute_claim(W)
    assert "ask_ruling" in b.view_for(N).actions  # any player, dummy included
    exc = refused(b.propose_ruling, 11)  # nobody asked for it
    assert isinstance(exc, WrongPhase)
    b.ask_ruling(W)
    exc = refused(b.ask_ruling, E)
    assert isinstance(exc, NotEntitled)
    assert E not in b.view_for(S).hands  # nothing faced before the proposal
    b.propose_ruling(11, laws="70C", text="East's spade ruffs the third heart")
    view = b.view_for(S)
    assert view.hands[E] == b.hand(E) and view.hands[W] == b.hand(W)
    assert "request_play_on" not in b.view_for(W).actions  # every hand is faced now
    for seat in (S, W, N):
        b.accept_ruling(seat)
        assert b.phase is Phase.CLAIM
    exc = refused(b.accept_ruling, S)
    assert isinstance(exc, NotEntitled)
    b.accept_ruling(E)
    claim = b.claim
    assert claim is not None and claim.status == "ruled" and claim.awarded == 11
    assert claim.summary()["ruled_by"] == "players"
    assert b.phase is Phase.ENDED and b.declarer_tricks == 11
    again = Board.replay(BoardRecord(b.setup, b.events))
    assert again.declarer_tricks == 11 and again.claim is not None
    assert again.claim.summary() == claim.summary()


def test_R68_7_a_director_call_leaves_the_ruling_to_the_director() -> None:
    # 68D2a, 9B: once a player calls the Director, the proposal cannot settle the claim
    b = after_trick_one()
    b.make_claim(S, 12)
    b.dispute_claim(E)
    b.ask_ruling(E)
    b.propose_ruling(12)
    b.accept_ruling(N)
    b.call_director(E, "the claim missed the trump")
    assert "accept_ruling" not in b.view_for(S).actions
    exc = refused(b.accept_ruling, S)
    assert isinstance(exc, NotEntitled) and "68D2a" in exc.law
    call = b.open_director_call()
    assert call is not None and call["claim"] and call["caller"] == "E"
    b.director_rule(10, text="a trump trick lost to the outstanding trump")
    assert b.open_director_call() is None
    assert b.phase is Phase.ENDED and b.declarer_tricks == 10
    # called before any proposal: none may be recorded
    b = after_trick_one()
    b.make_claim(S, 12)
    b.dispute_claim(W)
    b.call_director(W)
    assert "ask_ruling" not in b.view_for(W).actions
    b2 = Board.replay(BoardRecord(b.setup, b.events))
    exc = refused(b2.ask_ruling, W)
    assert isinstance(exc, NotEntitled)


def test_R69_1_agreement_is_provisional_until_established() -> None:
    b = after_trick_one()
    b.make_claim(S, 11)
    b.agree_claim(E)
    b.agree_claim(W)
    assert b.phase is Phase.ENDED
    b.dispute_claim(W)  # objects before the side's next call or the end of the round
    claim = b.claim
    assert claim is not None and claim.status == "disputed"
    b.director_rule(10)
    assert b.declarer_tricks == 10

    b2 = after_trick_one()
    b2.make_claim(S, 11)
    b2.agree_claim(E)
    b2.agree_claim(W)
    b2.establish_agreement()
    exc = refused(b2.dispute_claim, W)
    assert isinstance(exc, NotEntitled) and exc.law == "69A"


def test_R69_2_withdrawal_of_agreement_within_the_correction_period() -> None:
    b = after_trick_one()
    b.make_claim(S, 11)
    b.agree_claim(E)
    b.agree_claim(W)
    b.establish_agreement()
    b.publish_score(T0)
    b.restore_tricks(E, 1, law="69B", now=T0 + timedelta(minutes=10))
    assert b.declarer_tricks == 10 and b.tricks_for(Side.EW) == 3
    exc = refused(b.restore_tricks, S, 1, law="69B", now=T0 + timedelta(minutes=11))
    assert isinstance(exc, NotEntitled) and exc.law == "69B"


def test_R71_1_concession_cancelled_only_within_the_correction_period() -> None:
    b = after_trick_one()
    b.make_claim(S, 9)
    b.agree_claim(E)
    b.agree_claim(W)
    b.publish_score(T0)
    exc = refused(b.restore_tricks, S, 1, law="71", now=T0 + timedelta(minutes=31))
    assert isinstance(exc, NotEntitled) and exc.law == "79C"
    b.restore_tricks(S, 1, law="71", now=T0 + timedelta(minutes=29))
    assert b.declarer_tricks == 10


def test_R79_2_correction_period_length_is_set_by_the_organizer() -> None:
    b = after_trick_one(RuleSet.duplicate(correction_period_minutes=60))
    b.make_claim(S, 9)
    b.agree_claim(E)
    b.agree_claim(W)
    assert b.correction_period_open(T0)  # not yet published: open
    b.publish_score(T0)
    assert b.correction_period_open(T0 + timedelta(minutes=45))
    assert not b.correction_period_open(T0 + timedelta(minutes=61))


def test_R79_2_default_is_thirty_minutes() -> None:
    b = after_trick_one()
    b.make_claim(S, 9)
    b.agree_claim(E)
    b.agree_claim(W)
    b.publish_score(T0)
    assert b.correction_period_open(T0 + timedelta(minutes=30))
    assert not b.correction_period_open(T0 + timedelta(minutes=30, seconds=1))


def test_claim_record_replays_and_round_trips() -> None:
    b = after_trick_one()
    b.make_claim(S, 12, "draw trumps then cash D")
    b.dispute_claim(E)
    b.director_face_all()
    b.director_rule(11, laws="70C", text="one trick to the outstanding trump")
    b.publish_score(T0)
    rec = b.record
    again = Board.replay(BoardRecord.from_json(rec.to_json()))
    assert again.events == b.events and again.declarer_tricks == 11
    assert again.view_for(W).hands.keys() == b.view_for(W).hands.keys() == {N, E, S, W}


@pytest.mark.parametrize("tricks", [-1, 13, True])
def test_R68_4_claim_of_an_impossible_number_is_refused(tricks: int) -> None:
    b = after_trick_one()
    exc = refused(b.make_claim, S, tricks)
    assert isinstance(exc, NotEntitled)
