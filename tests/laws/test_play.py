"""Laws 44-47: following suit, trick winners, played cards, designations and retractions."""

from __future__ import annotations

import pytest

from bridgetable.core.board import Board
from bridgetable.core.cards import Suit
from bridgetable.core.errors import IllegalPlay, InvalidDesignation, NotEntitled, OutOfTurn
from bridgetable.core.events import CardPlayed, CardWithdrawn

from support import E, N, S, W, at_play, c, refused


def test_R44_1_a_player_holding_the_suit_led_may_play_only_that_suit() -> None:
    b = at_play("C8")
    assert {x.suit for x in b.legal_cards(S)} == {Suit.CLUBS}  # dummy's clubs
    exc = refused(b.play, S, c("SA"))
    assert isinstance(exc, IllegalPlay) and "44C" in exc.law and "revoke" in str(exc)


def test_R44_1_void_player_may_play_any_card() -> None:
    b = at_play("H7")
    b.play(S, c("H4"))
    b.play(E, c("HA"))
    b.play(S, c("H9"))
    b.play(E, c("HK"))
    b.play(S, c("HT"))
    b.play(W, c("H2"))
    b.play(S, c("H8"))
    b.play(E, c("HQ"))
    assert len(b.legal_cards(S)) == len(b.hand(S))  # South is void in hearts


def test_R44_2_highest_trump_wins_and_the_winner_leads() -> None:
    b = at_play("H7")
    for seat, card in ((S, "H4"), (E, "HA"), (S, "H9"), (E, "HK"), (S, "HT"), (W, "H2")):
        b.play(seat, c(card))
    b.play(S, c("H8"))
    b.play(E, c("HQ"))
    b.play(S, c("S5"))  # South ruffs
    b.play(W, c("H3"))
    b.play(S, c("HJ"))
    t = b.tricks[-1]
    assert t.winner is S and b.hand_to_play is S
    assert [w.winner for w in b.tricks] == [E, E, S]


def test_R44_2_highest_card_of_suit_led_wins_without_trumps() -> None:
    b = at_play("C8")
    b.play(S, c("C7"))
    b.play(E, c("CK"))
    b.play(S, c("C9"))
    assert b.tricks[0].winner is E and b.hand_to_play is E and b.to_act is E


def test_R45_3_declarers_designation_of_a_dummy_card_commits_it() -> None:
    b = at_play("C8")
    e = b.designate(S, "C6")
    assert isinstance(e, CardPlayed) and e.hand is N and e.card == c("C6")
    assert b.current_trick[-1] == (N, c("C6"))


def test_R45_3_dummy_cannot_play_his_own_card() -> None:
    b = at_play("C8")
    exc = refused(b.play, N, c("C6"))
    assert isinstance(exc, NotEntitled) and "45B" in exc.law


def test_R45_4_slip_of_the_tongue_may_be_corrected_before_declarers_next_play() -> None:
    b = at_play("C8")
    b.designate(S, "C4")
    exc = refused(b.change_designation, S, c("C7"), reason="reconsideration")
    assert isinstance(exc, NotEntitled) and exc.law == "45C4b"
    exc = refused(b.change_designation, S, c("C7"), reason="lapse_of_concentration")
    assert isinstance(exc, NotEntitled)
    b.change_designation(S, c("C7"), reason="slip")
    assert b.current_trick[-1] == (N, c("C7")) and c("C4") in b.hand(N)


def test_R45_4_no_change_after_declarer_plays_again() -> None:
    b = at_play("C8")
    b.designate(S, "C4")
    b.play(E, c("CK"))
    b.play(S, c("C9"))
    exc = refused(b.change_designation, S, c("C7"))
    assert exc.law == "45C4b"


def test_R45_5_opponent_may_take_back_his_card_after_a_change() -> None:
    b = at_play("C8")
    b.designate(S, "C4")
    b.play(E, c("CQ"))
    b.change_designation(S, c("C7"))
    e = b.withdraw(E, c("CQ"), "opponent_changed_play")
    assert isinstance(e, CardWithdrawn) and e.law == "47D"
    assert c("CQ") in b.hand(E) and b.to_act is E
    b.play(E, c("CK"))
    assert e in b.events  # the withdrawn card stays in the record (UI for declarer, 16C)


def test_R45_5_no_take_back_without_a_change() -> None:
    b = at_play("C8")
    b.designate(S, "C4")
    b.play(E, c("CQ"))
    exc = refused(b.withdraw, E, c("CQ"), "opponent_changed_play")
    assert isinstance(exc, NotEntitled) and "47D" in exc.law


def _dummy_to_play_second_in_spades() -> Board:
    return at_play("S3")  # West leads a spade: North (dummy) plays second


def test_R46_1_high_low_suit_and_win() -> None:
    b = _dummy_to_play_second_in_spades()
    for text, expect in (("high", "SA"), ("low", "S2"), ("spade", "S2"), ("s", "S2")):
        b2 = at_play("S3")
        e = b2.designate(S, text)
        assert e is not None and e.card == c(expect), text
    # "win": lowest card known to win -- East may still hold JT9 of spades: SQ beats them
    e = b.designate(S, "win")
    assert e is not None and e.card == c("SQ")


def test_R46_1_win_with_no_certain_winner_asks_declarer() -> None:
    b = at_play("C8")
    exc = refused(b.designate, S, "win")  # East may hold higher clubs than dummy's 7
    assert isinstance(exc, InvalidDesignation) and exc.law == "46B1b"


def test_R46_1_high_and_low_need_a_suit_led() -> None:
    b = at_play("C8")
    b.designate(S, "low")
    b.play(E, c("CA"))
    b.play(S, c("C9"))
    b.play(E, c("CK"))  # East leads clubs again; South then dummy
    b.play(S, c("CT"))
    b.play(W, c("C3"))
    b.designate(S, "high")
    assert b.tricks[-1].card_of(N) == c("C7")


def test_R46_2_rank_only_when_leading_uses_suit_dummy_won_with() -> None:
    b = at_play("S3")
    b.designate(S, "SA")
    b.play(E, c("S9"))
    b.play(S, c("S5"))  # dummy won with the SA and leads
    assert b.hand_to_play is N
    e = b.designate(S, "K")  # dummy holds SK: the suit it won with
    assert e is not None and e.card == c("SK")


def test_R46_2_rank_only_with_two_candidates_declarer_names_which() -> None:
    b = at_play("S3")
    b.designate(S, "SA")
    b.play(E, c("S9"))
    b.play(S, c("S5"))
    # dummy leads: "4" -- dummy won with a spade and holds no S4; H4 and C4 qualify
    assert b.designate(S, "4") is None
    assert set(b.legal_cards(S)) == {c("H4"), c("C4")}
    exc = refused(b.play, S, c("HJ"))
    assert isinstance(exc, IllegalPlay) and "46B3b" in exc.law
    b.play(S, c("C4"))


def test_R46_3_card_not_in_dummy_is_rejected() -> None:
    b = at_play("C8")
    exc = refused(b.designate, S, "CA")
    assert isinstance(exc, InvalidDesignation) and exc.law == "46B4"


def test_R46_3_anything_lets_either_defender_choose() -> None:
    b = at_play("C8")
    assert b.designate(S, "play anything") is None
    exc = refused(b.play, S, c("C4"))
    assert "46B5" in exc.law
    exc = refused(b.choose_for_dummy, S, c("C4"))
    assert isinstance(exc, NotEntitled)
    exc = refused(b.choose_for_dummy, E, c("SA"))  # a revoke
    assert isinstance(exc, IllegalPlay)
    e = b.choose_for_dummy(E, c("C7"))
    assert e.seat is E and e.hand is N and e.how == "defender_choice"


def test_R47_1_withdrawal_without_a_law_47_reason_is_refused() -> None:
    b = at_play("C8")
    b.play(S, c("C4"))
    exc = refused(b.withdraw, S, c("C4"), "changed_my_mind")
    assert isinstance(exc, NotEntitled) and exc.law == "47F"


def test_R47_2_no_out_of_turn_card_to_return_in_online_policy() -> None:
    b = at_play("C8")
    exc = refused(b.play, E, c("CA"))  # even if someone said it was East's turn
    assert isinstance(exc, OutOfTurn)
    b.play(S, c("C4"))
    b.play(E, c("CA"))
    exc = refused(b.withdraw, E, c("CA"), "turn_misstated")
    assert isinstance(exc, NotEntitled) and exc.law == "47E1"


def test_R47_3_card_played_on_misinformation_may_be_withdrawn_until_next_card() -> None:
    b = at_play("C8")
    b.play(S, c("C4"))
    b.play(E, c("CA"))
    b.correct_explanation(N, 4, "4S was a splinter")  # dummy corrects partner's explanation
    b.withdraw(E, c("CA"), "misinformation")
    assert c("CA") in b.hand(E) and b.to_act is E
    b.play(E, c("CK"))
    b.play(S, c("C9"))
    b.correct_explanation(N, 4, "again")
    exc = refused(b.withdraw, E, c("CK"), "misinformation")  # South has played after it
    assert isinstance(exc, NotEntitled)


def test_R47_3_opening_lead_cannot_be_withdrawn_once_dummy_is_faced() -> None:
    b = at_play("C8")
    b.correct_explanation(S, 2, "1S showed five")
    exc = refused(b.withdraw, W, c("C8"), "misinformation")
    assert isinstance(exc, NotEntitled) and "47E2" in exc.law


def test_R47_3_no_withdrawal_without_a_correction() -> None:
    b = at_play("C8")
    b.play(S, c("C4"))
    b.play(E, c("CA"))
    exc = refused(b.withdraw, E, c("CA"), "misinformation")
    assert exc.law == "47E2a"


@pytest.mark.parametrize("seat", [N, E, W])
def test_R44_1_only_the_hand_in_turn_plays(seat: object) -> None:
    b = at_play("C8")
    exc = refused(b.play, seat, b.hand(seat).cards_in(Suit.CLUBS)[0])  # type: ignore[arg-type]
    assert isinstance(exc, OutOfTurn | NotEntitled)
