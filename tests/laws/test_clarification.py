"""Laws 20 and 41: the face-down lead, the Clarification Period, reviews and explanations."""

from __future__ import annotations

from bridgetable.core.errors import NotEntitled, OutOfTurn, WrongPhase
from bridgetable.core.events import OpeningLeadFaceDown
from bridgetable.core.phase import Phase
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat
from bridgetable.core.views import SPECTATOR

from support import E, N, S, W, at_clarification, at_play, bid, c, new_board, refused


def test_R41_1_lead_by_presumed_declarers_lho_is_held_face_down() -> None:
    b = at_clarification()
    e = b.play(W, c("C8"))
    assert isinstance(e, OpeningLeadFaceDown)
    assert b.face_down_lead == c("C8") and b.phase is Phase.CLARIFICATION
    assert c("C8") not in b.hand(W)


def test_R41_1_lead_by_anyone_else_is_refused_in_the_online_policy() -> None:
    b = at_clarification()
    for seat, card in ((E, "CA"), (S, "C9"), (N, "C4")):
        exc = refused(b.play, seat, c(card))
        assert isinstance(exc, OutOfTurn) and "41A" in exc.law


def test_R41_1_face_up_opening_lead_option_faces_the_lead_at_once() -> None:
    b = at_clarification(RuleSet.duplicate(face_up_opening_lead=True))
    e = b.play(W, c("C8"))
    assert not isinstance(e, OpeningLeadFaceDown)
    assert b.phase is Phase.PLAY and b.face_down_lead is None
    assert b.current_trick == ((W, c("C8")),)


def test_R41_1_rubber_leads_face_up_with_no_clarification_period() -> None:
    b = at_clarification(RuleSet.rubber())
    b.play(W, c("C8"))
    assert b.phase is Phase.PLAY
    exc = refused(b.request_review, E)  # rubber: not East's turn, no Clarification Period
    assert isinstance(exc, NotEntitled)


def test_R41_2_a_player_cannot_change_his_face_down_lead() -> None:
    b = at_clarification()
    b.play(W, c("C8"))
    exc = refused(b.play, W, c("H7"))
    assert isinstance(exc, NotEntitled) and "47E" in exc.law
    exc = refused(b.withdraw, W, c("C8"), "misinformation")
    assert isinstance(exc, NotEntitled)


def test_R41_2_only_the_director_returns_a_face_down_lead_under_47E_or_54() -> None:
    b = at_clarification()
    b.play(W, c("C8"))
    exc = refused(b.director_return_lead, "16")
    assert "41A" in exc.law
    b.director_return_lead("47E")
    assert b.face_down_lead is None and c("C8") in b.hand(W)
    b.play(W, c("H7"))
    assert b.face_down_lead == c("H7")


def test_R41_3_presumed_dummy_may_not_ask_for_review_or_explanation() -> None:
    b = at_clarification()
    b.play(W, c("C8"))
    exc = refused(b.request_review, N)
    assert isinstance(exc, NotEntitled) and exc.law == "41B" and "North" in str(exc)
    exc = refused(b.ask_explanation, N, 5)  # East's double
    assert isinstance(exc, NotEntitled) and "41B" in exc.law


def test_R41_4_leaders_partner_and_presumed_declarer_may_ask_while_the_lead_is_face_down() -> None:
    b = at_clarification()
    b.play(W, c("C8"))
    b.request_review(E)
    b.request_review(S)
    b.ask_explanation(S, 5)  # declarer asks about East's double
    b.ask_explanation(E, 4)  # East asks about North's 4S
    exc = refused(b.face_lead, W)  # questions are answered before the lead is faced
    assert "41B" in exc.law
    b.explain(W, 5, "penalty")
    b.explain(S, 4, "to play")
    b.face_lead(W)
    assert b.phase is Phase.PLAY


def test_R41_5_review_at_first_turn_then_refused_after_playing() -> None:
    b = at_play()
    b.play(S, c("C4"))  # declarer plays dummy's card to trick 1
    b.request_review(E)  # East, third hand, at his first turn
    b.play(E, c("CA"))
    exc = refused(b.request_review, E)
    assert isinstance(exc, NotEntitled) and "20C2" in exc.law


def test_R41_5_review_only_at_ones_turn_during_play() -> None:
    b = at_play()
    exc = refused(b.request_review, E)  # dummy's turn: not East's
    assert isinstance(exc, NotEntitled)


def test_R41_6_declarers_first_turn_is_from_dummy_and_his_review_right_ends_there() -> None:
    b = at_play()
    assert b.hand_to_play is N and b.to_act is S
    b.request_review(S)  # at his first turn, from dummy
    b.play(S, c("C4"))
    b.play(E, c("CA"))
    exc = refused(b.request_review, S)  # now his turn from his own hand: too late
    assert isinstance(exc, NotEntitled) and "41B" in exc.law


def test_R41_8_facing_fixes_roles_puts_card_in_trick_and_shows_dummy() -> None:
    b = at_clarification()
    b.play(W, c("C8"))
    assert N not in b.view_for(E).hands and N not in b.view_for(SPECTATOR).hands
    b.face_lead(W)
    assert b.declarer is S and b.dummy is N
    assert b.current_trick == ((W, c("C8")),)
    for role in (*Seat, SPECTATOR):
        assert b.view_for(role).hands[N] == b.hand(N)
    exc = refused(b.call, W, __import__("bridgetable.core.calls").core.calls.PASS)
    assert isinstance(exc, WrongPhase)
    exc = refused(b.face_lead, W)
    assert isinstance(exc, WrongPhase)


def test_R41_9_dummy_spread_trumps_on_dummys_right_lowest_nearest_declarer() -> None:
    b = at_play()
    cols = b.view_for(E).dummy_columns
    assert cols[0].suit.letter == "S" and cols[0].trumps
    assert [str(x) for x in cols[0].cards] == ["S2", "SQ", "SK", "SA"]
    assert not any(col.trumps for col in cols[1:])
    for col in cols:
        ranks = [x.rank for x in col.cards]
        assert ranks == sorted(ranks)


def test_R41_9_no_trump_column_in_no_trump() -> None:
    b = bid(new_board(), ["1NT", "Pass", "Pass", "Pass"])
    b.play(E, c("D8"))
    b.face_lead(E)
    cols = b.view_for(W).dummy_columns
    assert cols and not any(col.trumps for col in cols)


def test_R41_10_contract_query_gives_level_strain_and_doubling_never_by_whom() -> None:
    b = at_play()
    b.play(S, c("C4"))
    b.play(E, c("CA"))
    b.play(S, c("C9"))
    b.play(E, c("D8"))  # trick 2: East leads; South's turn
    b.ask_contract(S)
    ans = b.view_for(S).answers[-1]
    assert ans == "4 spades doubled"
    assert "East" not in ans and "E" not in ans.split()
    exc = refused(b.ask_contract, W)  # not West's turn
    assert isinstance(exc, NotEntitled) and "41C" in exc.law
    exc = refused(b.ask_contract, N)
    assert isinstance(exc, NotEntitled)


def test_R41_11_explanations_during_play_only_at_own_turn() -> None:
    b = at_play()
    b.ask_explanation(S, 5)  # declarer at his turn (from dummy)
    b.explain(W, 5, "penalty")
    exc = refused(b.ask_explanation, E, 4)
    assert isinstance(exc, NotEntitled) and "20F2" in exc.law
    b.play(S, c("C4"))
    b.ask_explanation(E, 4)  # now East's turn
    b.explain(S, 4, "to play")
    exc = refused(b.ask_explanation, S, 5)  # East to play: not declarer's turn
    assert isinstance(exc, NotEntitled)
    exc = refused(b.ask_explanation, N, 5)  # dummy never
    assert isinstance(exc, NotEntitled)


def test_R41_11_rubber_declarer_may_ask_at_any_time() -> None:
    b = at_clarification(RuleSet.rubber())
    b.play(W, c("C8"))
    b.play(S, c("C4"))
    assert b.to_act is E
    b.ask_explanation(S, 5)
    exc = refused(b.ask_explanation, W, 4)
    assert isinstance(exc, NotEntitled)


def test_R20_1_presumed_declarer_and_dummy_are_prompted_and_may_disclose() -> None:
    b = at_clarification()
    assert "disclose_misexplanation" in b.view_for(S).prompts
    assert "disclose_misexplanation" in b.view_for(N).prompts
    assert not b.view_for(E).prompts and not b.view_for(W).prompts
    e = b.correct_explanation(N, 4, "4S was a splinter, not to play")
    assert e in b.events
    b.play(W, c("C8"))
    b.face_lead(W)
    assert not b.view_for(S).prompts


def test_R20_1_no_prompt_when_the_board_starts_at_a_given_contract() -> None:
    """A practice board set up at a contract had no auction: nothing to disclose."""
    b = new_board(contract="4S S")
    b.play(W, c("C8"))
    assert b.face_down_lead is not None
    assert not b.view_for(S).prompts and not b.view_for(N).prompts


def test_R20_2_defender_corrects_partners_explanation_only_after_the_last_trick() -> None:
    from bridgetable.selfplay import random_play

    b = at_play()
    exc = refused(b.correct_explanation, E, 5, "it was for takeout")
    assert isinstance(exc, NotEntitled) and "20F5b(i)" in exc.law
    import random

    random_play(b, random.Random(1))
    assert b.phase is Phase.ENDED
    b.correct_explanation(E, 5, "it was for takeout")


def test_R20_2_no_correction_during_the_auction() -> None:
    b = bid(new_board(), ["1C", "Pass"])
    exc = refused(b.correct_explanation, N, 0, "natural")
    assert isinstance(exc, WrongPhase) and "20F5a" in exc.law


def test_R20_3_restatement_comes_from_an_opponent_and_is_complete() -> None:
    b = at_clarification()
    b.play(W, c("C8"))
    e = b.request_review(E)
    assert e.answered_by.side is not E.side
    ans = b.view_for(E).answers[-1]
    assert ans.endswith("Pass Pass 1S Pass 4S X Pass Pass Pass")
    exc = refused(b.request_review, S, full=False)
    assert isinstance(exc, NotEntitled) and "20C2" in exc.law


def test_R20_3_explanation_is_given_by_the_callers_partner_only() -> None:
    b = at_clarification()
    b.play(W, c("C8"))
    b.ask_explanation(S, 5)
    exc = refused(b.explain, E, 5, "penalty")  # the doubler himself
    assert isinstance(exc, NotEntitled) and "20F2" in exc.law
    exc = refused(b.explain, N, 5, "penalty")
    assert isinstance(exc, NotEntitled)
    b.explain(W, 5, "penalty")
    assert (5, "penalty") in b.view_for(N).explanations
