"""Laws 42 and 43: dummy's rights and limitations (R42.1-R42.3, R43.1-R43.2)."""

from __future__ import annotations

import random

from bridgetable.core.board import Board
from bridgetable.core.errors import NotEntitled, WrongPhase
from bridgetable.core.rules import RuleSet
from bridgetable.selfplay import random_play

from support import E, N, S, W, at_play, c, refused


def hearts_until_declarer_shows_out() -> Board:
    """West leads H7; East wins two hearts; on the third South ruffs with S5."""
    b = at_play("H7")
    for seat, card in ((S, "H4"), (E, "HA"), (S, "H9")):  # trick 1: N H4, E HA, S H9
        b.play(seat, c(card))
    for seat, card in ((E, "HK"), (S, "HT"), (W, "H2"), (S, "H8")):  # trick 2, E wins
        b.play(seat, c(card))
    b.play(E, c("HQ"))
    b.play(S, c("S5"))  # declarer fails to follow suit (ruffs)
    return b


def test_R42_1_dummy_may_ask_declarer_who_failed_to_follow() -> None:
    b = hearts_until_declarer_shows_out()
    e = b.ask_revoke(N, S)
    assert e.asked is S and e.trick == 2


def test_R42_1_question_offered_in_dummys_view_at_a_real_table() -> None:
    """Under the table policy a show-out may be a revoke, so dummy's view offers the
    question while it is open (and only then); online, where a revoke cannot happen, not."""
    online = hearts_until_declarer_shows_out()
    assert "ask_revoke" not in online.view_for(N).actions
    rules = RuleSet.duplicate(policy="table")
    b = at_play("H7", rules)
    assert "ask_revoke" not in b.view_for(N).actions
    for seat, card in ((S, "H4"), (E, "HA"), (S, "H9")):
        b.play(seat, c(card))
    for seat, card in ((E, "HK"), (S, "HT"), (W, "H2"), (S, "H8")):
        b.play(seat, c(card))
    b.play(E, c("HQ"))
    b.play(S, c("S5"))
    assert b.revoke_questions(N) == [S]
    assert "ask_revoke" in b.view_for(N).actions
    b.play(W, c("H3"))
    b.play(S, c("HJ"))  # the trick is quitted: still open until South's side plays again
    assert "ask_revoke" in b.view_for(N).actions
    b.play(S, c("S6"))
    assert b.revoke_questions(N) == []
    assert "ask_revoke" not in b.view_for(N).actions


def test_R42_1_question_allowed_after_a_43A2_breach() -> None:
    b = hearts_until_declarer_shows_out()
    b.record_dummy_breach(N, "looked_at_defender_hand")
    b.ask_revoke(N, S)
    assert b.dummy_rights_forfeited


def test_R42_1_no_question_when_declarer_followed_or_window_closed() -> None:
    b = at_play("H7")
    b.play(S, c("H4"))
    b.play(E, c("HA"))
    b.play(S, c("H9"))
    exc = refused(b.ask_revoke, N, S)  # declarer followed suit
    assert isinstance(exc, NotEntitled)
    b2 = hearts_until_declarer_shows_out()
    b2.play(W, c("H3"))
    b2.play(S, c("HJ"))  # trick 3 complete, South won with the ruff
    b2.play(S, c("S6"))  # declarer leads to the next trick: a revoke would be established
    exc = refused(b2.ask_revoke, N, S)
    assert "63A" in exc.law


def test_R42_2_dummy_cannot_send_the_question_to_a_defender() -> None:
    b = at_play("H7")
    b.play(S, c("H4"))
    b.play(E, c("HA"))
    b.play(S, c("H9"))
    b.play(E, c("D8"))  # East leads a diamond
    b.play(S, c("DA"))
    b.play(W, c("D2"))
    b.play(S, c("D9"))  # South won; South leads clubs
    b.play(S, c("CJ"))
    b.play(W, c("C2"))
    b.play(S, c("C4"))
    b.play(E, c("CQ"))  # East wins; East leads a club...
    exc = refused(b.ask_revoke, N, E)
    assert isinstance(exc, NotEntitled) and "42B1" in exc.law


def test_R42_3_dummy_points_out_irregularities_only_after_play() -> None:
    b = at_play()
    exc = refused(b.report_irregularity, N, "East's card was exposed")
    assert isinstance(exc, NotEntitled) and "42B3" in exc.law
    random_play(b, random.Random(4))
    b.report_irregularity(N, "East's card was exposed")


def test_R43_1_dummy_may_not_start_a_director_call_during_play() -> None:
    b = at_play()
    exc = refused(b.call_director, N, "revoke?")
    assert isinstance(exc, NotEntitled) and exc.law == "43A1a"
    b.call_director(E, "irregularity")
    b.call_director(N, "as well")  # attention already drawn by another player


def test_R43_2_a_43A2_act_forfeits_dummys_rights_for_the_board() -> None:
    b = at_play()
    assert not b.dummy_rights_forfeited
    b.record_dummy_breach(N, "exchanged_hands")
    assert b.dummy_rights_forfeited
    random_play(b, random.Random(2))
    assert b.dummy_rights_forfeited
    assert all(v.dummy_rights_forfeited for v in (b.view_for(s) for s in (N, E, S, W)))
    exc = refused(b.record_dummy_breach, E, "exchanged_hands")
    assert isinstance(exc, NotEntitled)


def test_R43_2_breach_only_recorded_during_play() -> None:
    from support import at_clarification

    b = at_clarification()
    exc = refused(b.record_dummy_breach, N, "watched_declarer")
    assert isinstance(exc, NotEntitled | WrongPhase)


def test_R61_1_declarer_and_defenders_may_ask_a_player_who_showed_out() -> None:
    from bridgetable.core.rules import RuleSet

    def west_shows_out(rules: RuleSet | None = None) -> Board:
        b = at_play("S3", rules)
        b.designate(S, "SA")
        b.play(E, c("S9"))
        b.play(S, c("S5"))  # dummy wins, leads a spade again
        b.play(S, c("SK"))
        b.play(E, c("ST"))
        b.play(S, c("S6"))
        b.play(W, c("S4"))  # West follows; dummy leads the last top spade
        b.play(S, c("SQ"))
        b.play(E, c("SJ"))
        b.play(S, c("S7"))
        b.play(W, c("H7"))  # West shows out of spades
        return b

    b = west_shows_out()
    b.ask_revoke(S, W)  # declarer asks the defender
    b.ask_revoke(E, W)  # his partner may ask too (no RA restriction)
    b2 = west_shows_out(RuleSet.duplicate(forbid_defender_revoke_questions=True))
    exc = refused(b2.ask_revoke, E, W)
    assert isinstance(exc, NotEntitled) and exc.law == "61B3"
    b2.ask_revoke(S, W)
