"""Table mode (policy "table"): irregularities accepted as events and rectified as the Laws
say (43B, 45, 48-64). The deal is :data:`support.DEAL`; 4S by South, West to lead:

North AKQ2.J84.T9.7654, East JT9.AKQ.8765.AKQ, South 8765.T9.AKQJ.JT9, West 43.76532.432.832
"""

from __future__ import annotations

from bridgetable.core.board import Board
from bridgetable.core.cards import Suit
from bridgetable.core.events import CardExposed, CardPlayed
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat, Side
from bridgetable.core.views import DIRECTOR

from support import E, N, S, W, c, new_board, refused

TABLE = RuleSet.duplicate(policy="table")


def table() -> Board:
    """4S by South under the table policy; West to make the opening lead."""
    return new_board(TABLE, contract="4S S")


def after_trick_1() -> Board:
    """West leads C8; dummy C4, East CA, South C9: East won and is to lead."""
    b = table()
    b.play(W, c("C8"))
    b.face_lead(W)
    for seat, card in ((S, "C4"), (E, "CA"), (S, "C9")):
        b.play(seat, c(card))
    assert b.hand_to_play is E
    return b


def finish(b: Board, pick: int = -1) -> Board:
    """Play out with regular cards (the lowest by default)."""
    while not b.is_over:
        seat = b.to_act
        assert seat is not None
        if b.pending is not None:
            b.choose(seat, b.pending.options[-1])
            continue
        b.play(seat, b.legal_cards(seat)[pick])
    return b


def replays(b: Board) -> None:
    again = Board.replay(BoardRecord.from_json(b.record.to_json()))
    assert again.events == b.events and again.tricks == b.tricks
    assert again.view_for(DIRECTOR) == b.view_for(DIRECTOR)


# ------------------------------------------------------------------ Law 54 (and 41B footnote)


def test_R54_1_face_down_lead_returned_when_the_other_defender_faces_a_lead() -> None:
    b = table()
    b.play(W, c("C8"))  # face down
    b.play(E, c("HA"))  # East faces a lead
    assert b.face_down_lead is None and c("C8") in b.hand(W)
    assert b.current_trick == ((E, c("HA")),)
    assert b.pending is not None and b.pending.kind == "54"
    replays(b)


def test_R54_2_presumed_declarer_alone_gets_the_three_options() -> None:
    b = table()
    b.play(E, c("HA"))
    assert b.pending is not None and b.pending.option_ids == ("spread", "accept", "refuse")
    assert b.view_for(S).options == b.pending.options
    assert "choose" in b.view_for(S).actions
    for seat in (N, E, W):
        assert b.view_for(seat).options == () and b.view_for(seat).pending is None
    refused(b.choose, N, "accept")
    refused(b.play, W, c("C8"))  # normal play waits for the choice


def test_R54_2_refuse_makes_a_major_penalty_card_and_offers_50D() -> None:
    b = table()
    b.play(E, c("HA"))
    b.choose(S, "refuse")
    assert b.penalty_cards(E) == {c("HA"): True}
    assert b.phase is Phase.CLARIFICATION and b.current_trick == ()
    assert b.pending is not None and b.pending.option_ids == ("require H", "forbid H", "free")
    for seat in Seat:  # the penalty card lies face up for everyone
        assert b.view_for(seat).penalty_cards == {E: (c("HA"),)}
    b.choose(S, "require", Suit.HEARTS)
    assert b.penalty_cards(E) == {}
    assert {x.suit for x in b.legal_cards(W)} == {Suit.HEARTS}
    replays(b)


def test_R54_2_spread_declarer_becomes_dummy() -> None:
    b = table()
    b.play(E, c("HA"))
    b.choose(S, "spread")
    assert b.declarer is N and b.dummy is S and b.contract is not None
    assert b.contract.declarer is N and b.phase is Phase.PLAY
    assert b.hand_to_play is S and b.to_act is N  # the lead is now in turn
    assert b.view_for(W).hands[S] == b.hand(S)  # the new dummy is spread
    finish(b)
    replays(b)


def test_R54_3_exposing_a_card_while_spreading_makes_him_dummy() -> None:
    b = table()
    b.play(E, c("HA"))
    e = b.expose_card(S, c("SA") if c("SA") in b.hand(S) else c("S8"))
    assert isinstance(e, CardExposed) and e.law == "54A"
    assert b.declarer is N and b.dummy is S and b.pending is None
    assert b.penalty_cards(S) == {}


def test_R54_4_declarer_who_saw_dummy_must_accept() -> None:
    b = table()
    b.play(E, c("HA"))
    b.director_finds_dummy_seen()
    assert b.pending is not None and b.pending.option_ids == ("accept",)
    refused(b.choose, S, "spread")
    b.choose(S, "accept")
    assert b.declarer is S


def test_R54_5_after_acceptance_second_card_from_declarers_hand() -> None:
    b = table()
    b.play(E, c("HA"))
    b.choose(S, "accept")
    assert b.phase is Phase.PLAY and b.hand_to_play is S and b.to_act is S
    assert b.view_for(W).hands[N] == b.hand(N)  # dummy spread (41D)
    # declarer plays from dummy instead: the card stands (54B, 57C2)
    b.play(S, c("H4"))
    assert (N, c("H4")) in b.current_trick and b.hand_to_play is S
    b.play(S, c("H9"))
    b.play(W, c("H2"))
    assert len(b.tricks) == 1 and b.tricks[0].leader is E
    assert [s for s, _ in b.tricks[0].cards] == [E, S, W, N]
    finish(b)
    replays(b)


def test_R41_7_accepted_opening_lead_out_of_turn_declarer_reviews_until_he_plays() -> None:
    b = table()
    b.play(E, c("HA"))
    b.choose(S, "accept")
    b.request_review(S)  # his first turn is from his own hand
    b.play(S, c("H9"))
    refused(b.request_review, S)


def test_R54_5_next_hand_playing_to_the_lead_accepts_it() -> None:
    b = table()
    b.play(E, c("HA"))
    b.play(S, c("HT"))  # 53A: the next hand in rotation played to it
    assert b.pending is None and b.phase is Phase.PLAY and b.declarer is S


def test_R54_6_opening_lead_by_the_declaring_side_is_a_law_24_exposure() -> None:
    for seat in (S, N):
        b = table()
        e = b.play(seat, next(iter(b.hand(seat))))
        assert isinstance(e, CardExposed) and e.law == "24"
        assert b.current_trick == () and b.pending is None and b.phase is Phase.CLARIFICATION
        assert b.penalty_cards(seat) == {}
        assert any(law.startswith("24") for law, _ in b.director_flags)


# ------------------------------------------------------------------ Laws 53, 55, 56, 60


def test_R53_1_lead_out_of_turn_accepted_by_the_entitled_opponent() -> None:
    b = after_trick_1()
    b.play(W, c("H2"))  # East was to lead
    assert b.pending is not None and b.pending.kind == "56" and b.pending.choosers == (S,)
    b.choose(S, "accept")
    assert b.current_trick == ((W, c("H2")),) and b.hand_to_play is N


def test_R60_1_next_hand_playing_forfeits_the_rectification() -> None:
    b = after_trick_1()
    b.play(W, c("H2"))
    b.play(S, c("H4"))  # declarer plays dummy's card to it: the lead is accepted
    assert b.pending is None and b.current_trick == ((W, c("H2")), (N, c("H4")))
    assert b.penalty_cards(W) == {}


def test_R56_1_rejected_defenders_lead_becomes_a_major_penalty_card() -> None:
    b = after_trick_1()
    b.play(W, c("H2"))
    b.choose(S, "reject")
    assert b.penalty_cards(W) == {c("H2"): True} and c("H2") in b.hand(W)
    assert b.current_trick == () and b.hand_to_play is E
    # R50.4: East obtains the lead with partner's major penalty card on the table
    assert b.pending is not None and b.pending.kind == "50D"
    assert b.pending.option_ids == ("require H", "forbid H", "free")


def test_R50_4_forbid_lasts_while_the_leader_keeps_the_lead() -> None:
    b = after_trick_1()
    b.play(W, c("H2"))
    b.choose(S, "reject")
    b.choose(S, "forbid H")
    assert b.penalty_cards(W) == {}
    assert all(x.suit is not Suit.HEARTS for x in b.legal_cards(E))
    b.play(E, c("CK"))
    b.play(S, c("CT"))
    b.play(W, c("C2"))
    b.play(S, c("C5"))
    assert b.tricks[-1].winner is E
    assert all(x.suit is not Suit.HEARTS for x in b.legal_cards(E))  # he kept the lead


def test_R50_4_free_lead_keeps_the_penalty_card() -> None:
    b = after_trick_1()
    b.play(W, c("H2"))
    b.choose(S, "reject")
    b.choose(S, "free")
    assert b.penalty_cards(W) == {c("H2"): True}
    b.play(E, c("HA"))
    b.play(S, c("H9"))
    assert b.legal_cards(W) == [c("H2")]  # R50.3: forced at the first legal opportunity


def test_R53_2_no_acceptance_at_trick_13() -> None:
    b = table()
    b.play(W, c("C8"))
    b.face_lead(W)
    while len(b.tricks) < 12:
        seat = b.to_act
        assert seat is not None
        b.play(seat, b.legal_cards(seat)[-1])
    leader = b.hand_to_play
    assert leader is not None
    other = next(s for s in (W, E) if s is not leader and b.hand(s))
    e = b.play(other, next(iter(b.hand(other))))
    assert isinstance(e, CardExposed) and e.law == "53A" and b.pending is None
    assert b.current_trick == () and len(b.hand(other)) == 1
    finish(b)
    assert len(b.tricks) == 13
    replays(b)


def test_R55_1_declarers_lead_out_of_turn_either_defender_next_in_turn_decides() -> None:
    b = after_trick_1()
    b.play(S, c("S5"))  # East was to lead
    p = b.pending
    assert p is not None and p.kind == "55" and p.choosers == (W, E)
    b.choose(E, "accept")  # East's view; West, next in turn, decides
    assert b.pending is not None and b.pending.choosers == (W,)
    b.choose(W, "reject")
    assert c("S5") in b.hand(S) and b.penalty_cards(S) == {}  # no rectification (55B1)
    assert b.current_trick == () and b.hand_to_play is E and b.pending is None


def test_R55_1_next_defender_playing_accepts() -> None:
    b = after_trick_1()
    b.play(S, c("S5"))
    b.play(W, c("S3"))
    assert b.pending is None and b.current_trick == ((S, c("S5")), (W, c("S3")))


# ------------------------------------------------------------------ Laws 48-52, 59


def test_R48_1_no_penalty_card_for_declarer_or_dummy() -> None:
    b = after_trick_1()
    e = b.expose_card(S, c("DA"), deliberate=True)
    assert e.law == "48A" and b.penalty_cards(S) == {} and b.penalty_cards(N) == {}
    refused(b.expose_card, N, c("SA"))  # dummy's cards are not exposed by dummy
    assert c("DA") in b.hand(S)


def test_R50_1_minor_and_major_penalty_cards() -> None:
    b = after_trick_1()
    b.expose_card(W, c("H3"))  # a single non-honour, unintentionally: minor
    assert b.penalty_cards(W) == {c("H3"): False}
    b.expose_card(E, c("HK"))  # an honour: major
    assert b.penalty_cards(E) == {c("HK"): True}
    b.expose_card(E, c("D5"), deliberate=True)
    assert b.penalty_cards(E) == {c("HK"): True, c("D5"): True}
    b.expose_card(W, c("D2"))  # a second penalty card: all major
    assert b.penalty_cards(W) == {c("H3"): True, c("D2"): True}


def test_R50_2_minor_penalty_card_bars_other_non_honours_of_its_suit() -> None:
    b = after_trick_1()
    b.expose_card(W, c("H3"))
    b.play(E, c("HA"))
    b.play(S, c("H9"))
    assert b.legal_cards(W) == [c("H3")]


def test_R50_3_major_penalty_card_must_be_played_when_legal() -> None:
    b = after_trick_1()
    b.expose_card(W, c("C2"), deliberate=True)
    b.choose(S, "free")  # East is on lead: declarer's 50D2 choice first
    b.play(E, c("HA"))
    b.play(S, c("H9"))
    assert c("C2") not in b.legal_cards(W)  # R44.1: following suit comes first
    b.play(W, c("H2"))
    b.play(S, c("H4"))
    b.choose(S, "free")  # East has the lead again (50D2)
    b.play(E, c("CK"))
    b.play(S, c("CT"))
    assert b.legal_cards(W) == [c("C2")]


def test_R52_1_failure_to_play_a_penalty_card_declarer_rejects() -> None:
    b = after_trick_1()
    b.expose_card(W, c("C2"), deliberate=True)
    b.choose(S, "free")  # East is on lead: declarer's 50D2 choice first
    b.play(E, c("CK"))
    b.play(S, c("CT"))
    b.play(W, c("C3"))  # should have played C2
    p = b.pending
    assert p is not None and p.kind == "52" and p.option_ids == ("accept", "reject")
    b.choose(S, "reject")
    assert (W, c("C2")) in b.current_trick and b.penalty_cards(W) == {c("C3"): True}
    replays(b)


def test_R52_1_declarer_playing_accepts() -> None:
    b = after_trick_1()
    b.expose_card(W, c("C2"), deliberate=True)
    b.choose(S, "free")  # East is on lead: declarer's 50D2 choice first
    b.play(E, c("CK"))
    b.play(S, c("CT"))
    b.play(W, c("C3"))
    b.play(S, c("C5"))  # declarer plays from dummy: accepted, the penalty card remains
    assert b.pending is None or b.pending.kind != "52"
    assert b.penalty_cards(W) == {c("C2"): True}


def spade_trick_4() -> Board:
    """Tricks 2-3 regular; South won trick 3 and leads S5 to trick 4; West is due."""
    b = after_trick_1()
    for seat, card in ((E, "HA"), (S, "H9"), (W, "H2"), (S, "H4")):
        b.play(seat, c(card))
    for seat, card in ((E, "D8"), (S, "DA"), (W, "D2"), (S, "D9")):
        b.play(seat, c(card))
    assert b.hand_to_play is S
    b.play(S, c("S5"))
    return b


def test_R57_1_premature_play_before_partner_four_options() -> None:
    b = spade_trick_4()
    e = b.play(E, c("S9"))  # before West, his partner
    assert isinstance(e, CardExposed) and b.penalty_cards(E) == {c("S9"): True}
    p = b.pending
    assert p is not None and p.kind == "57A" and p.choosers == (S,)
    assert p.option_ids == (
        "highest", "lowest", "play H", "play D", "play C", "not H", "not D", "not C",
    )  # fmt: skip
    b.choose(S, "lowest")
    assert b.legal_cards(W) == [c("S3")]
    replays(b)


def test_R59_1_a_requirement_yields_to_following_suit() -> None:
    b = spade_trick_4()
    b.play(E, c("S9"))
    b.choose(S, "play H")  # West holds spades: he must follow (44C, 59)
    assert {x.suit for x in b.legal_cards(W)} == {Suit.SPADES}
    b.play(W, c("S4"))
    b.play(S, c("S2"))
    assert b.legal_cards(E) == [c("S9")]  # his major penalty card, now legal (50D1)


def test_R57_2_no_rectification_after_declarer_played_from_both_hands() -> None:
    b = spade_trick_4()
    b.play(S, c("S2"))  # declarer plays dummy's card early: it stands (57C2)
    e = b.play(E, c("S9"))  # before West, but declarer has played from both hands
    assert isinstance(e, CardPlayed) and b.pending is None and b.penalty_cards(E) == {}
    b.play(W, c("S3"))
    assert len(b.tricks) == 4


# ------------------------------------------------------------------ revokes (61-64)


def test_R62_1_revoke_corrected_before_establishment() -> None:
    b = after_trick_1()
    b.play(E, c("HA"))
    b.play(S, c("H9"))
    b.play(W, c("S3"))  # West holds hearts: a revoke, recorded silently
    assert b.revokes and not b.view_for(S).revokes and b.view_for(DIRECTOR).revokes
    b.play(S, c("H4"))
    assert len(b.tricks) == 2  # West ruffed and won
    b.draw_attention(S, W)
    assert len(b.tricks) == 1 and c("S3") in b.hand(W)
    assert b.penalty_cards(W) == {c("S3"): True}  # from a defender's concealed hand
    p = b.pending  # dummy's card was played after the revoke (62C1)
    assert p is not None and p.kind == "62C" and p.choosers == (S,)
    b.choose(S, "keep")
    assert b.hand_to_play is W
    assert {x.suit for x in b.legal_cards(W)} == {Suit.HEARTS}
    b.play(W, c("H2"))
    assert len(b.tricks) == 2 and b.tricks[1].winner is E
    finish(b)
    assert b.tricks_for(Side.NS) == b.tricks_won(Side.NS)  # no transfer
    replays(b)


def test_R62_2_non_offender_retracts_a_card_played_after_the_revoke() -> None:
    b = after_trick_1()
    b.play(E, c("HA"))
    b.play(S, c("H9"))
    b.play(W, c("S3"))
    b.play(S, c("H4"))
    b.draw_attention(E, W)
    b.choose(S, "retract")
    assert c("H4") in b.hand(N) and b.current_trick == ((E, c("HA")), (S, c("H9")))
    b.play(W, c("H2"))
    b.play(S, c("HJ"))  # dummy plays another card
    assert b.tricks[1].card_of(N) == c("HJ")


def test_R61_1_no_spades_partner_prevents_a_revoke() -> None:
    """Dummy asks declarer, who failed to follow, "having none?" (42B1, 61B; seed 003)."""
    b = table()
    b.play(W, c("S4"))
    b.face_lead(W)
    b.play(S, c("S2"))
    b.play(E, c("S9"))
    b.play(S, c("HT"))  # declarer fails to follow with spades in hand
    assert len(b.tricks) == 1 and b.revokes
    b.ask_revoke(N, S)  # "No spades, partner?"
    assert c("HT") in b.hand(S) and b.penalty_cards(S) == {}  # back silently (62B2)
    assert len(b.tricks) == 0 and b.hand_to_play is S
    b.play(S, c("S5"))
    assert b.tricks[0].card_of(S) == c("S5")
    finish(b)
    assert b.tricks_for(Side.NS) == b.tricks_won(Side.NS)
    replays(b)


def revoke_by_west_ruffing() -> Board:
    """Trick 2: East HA, South H9, West ruffs S3 with hearts in hand, dummy H4: West wins."""
    b = after_trick_1()
    for seat, card in ((E, "HA"), (S, "H9"), (W, "S3"), (S, "H4")):
        b.play(seat, c(card))
    assert b.tricks[1].winner is W
    return b


def test_R63_1_revoke_established_when_the_offending_side_plays_to_the_next_trick() -> None:
    b = revoke_by_west_ruffing()
    b.play(W, c("D2"))
    assert b.revokes[0].established
    assert any(law == "64C" for law, _ in b.view_for(DIRECTOR).flags)
    assert b.view_for(W).flags == ()  # flags are for the Director


def test_R63_1_claim_by_the_offending_side_establishes() -> None:
    b = revoke_by_west_ruffing()
    b.make_claim(E, 0, concession=True)
    assert b.revokes[0].established


def test_R63_2_established_revoke_cannot_be_corrected() -> None:
    b = revoke_by_west_ruffing()
    b.play(W, c("D2"))
    err = refused(b.draw_attention, S, W)
    assert "63B" in str(err)


def test_R64_1_revoking_player_won_the_trick_two_tricks_transferred() -> None:
    b = revoke_by_west_ruffing()
    finish(b, pick=0)
    later_ew = sum(1 for t in b.tricks[2:] if t.winner.side is Side.EW)
    assert later_ew >= 1
    assert b.tricks_for(Side.NS) == b.tricks_won(Side.NS) + 2
    assert b.tricks_for(Side.EW) == b.tricks_won(Side.EW) - 2
    replays(b)


def test_R64_1_declarer_revokes_and_loses_the_trick_one_trick_transferred() -> None:
    b = after_trick_1()
    for seat, card in ((E, "HA"), (S, "DA"), (W, "H2"), (S, "H4")):
        b.play(seat, c(card))
    assert b.tricks[1].winner is E
    finish(b, pick=0)
    assert b.revokes[0].established
    assert b.tricks_for(Side.NS) == b.tricks_won(Side.NS) - 1
    assert b.tricks_for(Side.EW) == b.tricks_won(Side.EW) + 1


def test_R64_2_no_transfer_for_a_dummy_revoke_but_a_flag() -> None:
    b = table()
    b.play(W, c("C8"))
    b.face_lead(W)
    b.play(S, c("H4"))  # dummy holds clubs
    finish(b)
    assert b.revokes[0].established and b.revokes[0].hand is N
    assert b.tricks_for(Side.NS) == b.tricks_won(Side.NS)
    assert any(law == "64C" for law, _ in b.director_flags)


def trick_12_revoke() -> tuple[Board, Seat]:
    """Regular play to trick 12, then a revoke there by a player who can follow."""
    for pick in (-1, 0):
        b = table()
        b.play(W, c("C8"))
        b.face_lead(W)
        while len(b.tricks) < 11:
            seat = b.to_act
            assert seat is not None
            b.play(seat, b.legal_cards(seat)[pick])
        seat = b.to_act
        assert seat is not None
        b.play(seat, b.legal_cards(seat)[0])
        led = b.current_trick[0][1].suit
        for _ in range(3):
            hand = b.hand_to_play
            assert hand is not None
            held = list(b.hand(hand))
            off = [x for x in held if x.suit is not led]
            if hand is not N and off and len(off) < len(held):
                b.play(b._player_of(hand), off[0])
                return b, hand
            b.play(b._player_of(hand), b.legal_cards()[0])
    raise AssertionError("no trick-12 revoke in this deal")


def test_R62_3_trick_12_revoke_corrected_even_when_established() -> None:
    b, offender = trick_12_revoke()
    finish(b)
    assert b.revokes[0].established and b.revokes[0].trick == 11
    assert b.tricks_for(Side.NS) == b.tricks_won(Side.NS)  # 64B: no transfer on trick 12
    b.draw_attention(offender.lho, offender)
    led = b.tricks[11].led_suit
    assert b.tricks[11].card_of(offender).suit is led
    replays(b)


def test_R64_2_trick_12_revoke_final_once_the_hands_are_returned() -> None:
    b, offender = trick_12_revoke()
    finish(b)
    b.return_hands()
    refused(b.draw_attention, offender.lho, offender)


# ------------------------------------------------------------------ dummy (43B, 45E, 45F)


def test_R43_3_forfeited_dummy_warning_defenders_choose_the_hand() -> None:
    b = spade_trick_4()
    b.play(W, c("S3"))
    b.play(S, c("SA"))
    b.play(E, c("S9"))  # dummy wins trick 4 and is on lead
    b.warn_wrong_hand(N)  # rights intact: a permitted warning, no choice
    assert b.pending is None
    b.record_dummy_breach(N, "looked_at_defender_hand")
    b.warn_wrong_hand(N)
    p = b.pending
    assert p is not None and p.choosers == (W, E) and p.option_ids == ("lead from S", "lead from N")
    b.choose(E, "lead from S")
    assert b.hand_to_play is S and b.to_act is S


def test_R43_4_forfeited_dummy_asks_declarer_revoke_penalised() -> None:
    b = after_trick_1()
    b.record_dummy_breach(N, "watched_declarer")
    for seat, card in ((E, "HA"), (S, "DA"), (W, "H2"), (S, "H4")):
        b.play(seat, c(card))
    b.ask_revoke(N, S)
    assert c("DA") in b.hand(S) and b.revokes[0].penalised
    b.choose(W, "keep")  # West played after the revoke (62C1)
    b.play(S, c("H9"))
    finish(b, pick=0)
    assert b.tricks_for(Side.NS) == b.tricks_won(Side.NS) - 1  # treated as established
    assert any(law.startswith("43B2b") for law, _ in b.director_flags)


def test_R43_5_forfeited_dummy_points_out_a_defenders_revoke_no_rectification() -> None:
    b = after_trick_1()
    for seat, card in ((E, "HA"), (S, "H9"), (W, "S3")):
        b.play(seat, c(card))
    refused(b.draw_attention, N, W)  # 43A1b: rights intact, dummy may not
    b.record_dummy_breach(N, "looked_at_defender_hand")
    b.draw_attention(N, W)
    assert not b.revokes[0].corrected and b.penalty_cards(W) == {}
    assert any(law == "43B3" for law, _ in b.director_flags)


def test_R45_6_fifth_card_penalty_card_or_lead() -> None:
    b = after_trick_1()
    b.play(E, c("HA"))
    e = b.fifth_card(E, c("D5"))
    assert e.law == "45E" and b.penalty_cards(E) == {c("D5"): False}
    b.fifth_card(S, c("DA"))
    assert b.penalty_cards(S) == {}
    b2 = after_trick_1()
    b2.play(E, c("HA"))
    b2.play(S, c("H9"))
    b2.play(W, c("H2"))
    b2.play(S, c("H4"))  # East won; West's card judged a lead: a lead out of turn
    b2.fifth_card(W, c("D2"), lead=True)
    assert b2.pending is not None and b2.pending.kind == "56"


def test_R45_2_dummy_indicating_a_card_is_flagged() -> None:
    b = after_trick_1()
    b.dummy_indicates(N, c("SA"))
    assert b.pending is None and any(law == "45F" for law, _ in b.director_flags)
    refused(b.dummy_indicates, S, c("SA"))


def test_online_policy_unchanged() -> None:
    b = new_board(contract="4S S")
    refused(b.play, E, c("HA"))
    refused(b.expose_card, W, c("H2"))


# ------------------------------------------------------------------ Law 45D (dummy's misplay)


def misplay_trick_1() -> Board:
    """West leads H2; dummy places H4 undesignated; East HK, South H9 complete the trick."""
    b = table()
    b.play(W, c("H2"))
    b.face_lead(W)
    e = b.dummy_misplays(N, c("H4"))
    assert e.card == c("H4") and b.hand_to_play is E
    b.play(E, c("HK"))
    b.play(S, c("H9"))
    assert len(b.tricks) == 1 and b.tricks[0].winner is E
    return b


def test_R45_1_misplay_flagged_in_time_is_withdrawn_with_45D_retractions() -> None:
    b = misplay_trick_1()
    assert "flag_misplay" in b.view_for(S).actions
    assert "flag_misplay" not in b.view_for(N).actions
    refused(b.flag_misplay, N)  # dummy may not point it out (43A1b)
    b.flag_misplay(W)
    assert not b.tricks and c("H4") in b.hand(N)
    # East (declarer's RHO) played after the misplay: he may take his card back
    assert b.pending is not None and b.pending.kind == "45D" and b.pending.choosers == (E,)
    b.choose(E, "retract")
    assert c("HK") in b.hand(E)
    # East changed his card: declarer may take back the card he played afterwards
    assert b.pending is not None and b.pending.choosers == (S,)
    b.choose(S, "retract")
    assert b.pending is None and b.current_trick == ((W, c("H2")),)
    assert b.hand_to_play is N and b.to_act is S
    b.play(S, c("HJ"))  # declarer now names dummy's card
    b.play(E, c("HA"))
    b.play(S, c("H9"))
    assert b.tricks[0].card_of(N) == c("HJ") and b.tricks[0].winner is E
    replays(b)


def test_R45_1_defender_may_keep_his_card_then_declarer_keeps_his() -> None:
    b = misplay_trick_1()
    b.flag_misplay(None)  # the Director
    b.choose(E, "keep")
    assert b.pending is None and b.hand_to_play is N
    assert b.current_trick == ((W, c("H2")), (E, c("HK")), (S, c("H9")))
    b.play(S, c("H8"))
    assert len(b.tricks) == 1 and b.tricks[0].card_of(N) == c("H8")
    replays(b)


def test_R45_1_late_flag_is_refused_and_the_card_stays_played() -> None:
    b = misplay_trick_1()
    b.play(E, c("D5"))  # one side has played to the next trick: still in time
    assert "flag_misplay" in b.view_for(W).actions
    b.play(S, c("DA"))  # now each side has
    assert "flag_misplay" not in b.view_for(W).actions
    refused(b.flag_misplay, W)
    assert b.tricks[0].card_of(N) == c("H4")
    replays(b)


def test_R45_1_misplay_only_in_table_mode_at_dummys_turn_and_following_suit() -> None:
    refused(new_board(contract="4S S").dummy_misplays, N, c("H4"))
    b = table()
    b.play(W, c("H2"))
    b.face_lead(W)
    refused(b.dummy_misplays, S, c("H4"))  # only dummy's own act
    refused(b.dummy_misplays, N, c("SA"))  # dummy holds hearts
    refused(b.flag_misplay, E)  # nothing to flag
    b.play(S, c("H4"))
    refused(b.dummy_misplays, N, c("H8"))  # not dummy's turn
    b2 = after_trick_1()
    refused(b2.dummy_misplays, N, c("S2"))  # East is to lead


# ------------------------------------------------------------------ Law 67 (defective trick)


def test_R67_1_missing_card_noticed_in_time_is_supplied_in_place() -> None:
    b = after_trick_1()
    b.play(E, c("HA"))  # East's lead to trick 2: only one side has played to it
    b.report_defective_trick(E, 0)  # East never played to trick 1
    assert not b.tricks and c("HA") in b.hand(E) and c("CA") in b.hand(E)
    assert b.current_trick == ((W, c("C8")), (N, c("C4")), (S, c("C9")))
    assert b.hand_to_play is E and any(law == "67A" for law, _ in b.director_flags)
    b.play(E, c("CK"))
    assert b.tricks[0].card_of(E) == c("CK") and b.tricks[0].winner is E
    replays(b)


def late_defect() -> Board:
    """After trick 2 each side plays to trick 3; then East's card to trick 1 is missing."""
    b = after_trick_1()
    for seat, card in ((E, "HA"), (S, "H9"), (W, "H2"), (S, "H4"), (E, "HK"), (S, "HT")):
        b.play(seat, c(card))
    b.report_defective_trick(E, 0)
    return b


def test_R67_1_missing_card_found_later_is_placed_of_the_suit_led_and_one_trick_moves() -> None:
    b = late_defect()
    p = b.pending
    assert p is not None and p.kind == "67B1" and p.choosers == (E,)
    assert p.option_ids == ("place CA", "place CK", "place CQ")  # clubs were led
    assert b.view_for(W).options == ()
    refused(b.play, W, c("H3"))  # play waits for the card to be placed
    b.choose(E, "place CQ")
    assert b.tricks[0].card_of(E) == c("CQ") and b.tricks[0].winner is E  # won as before
    assert c("CA") in b.hand(E) and c("CQ") not in b.hand(E)
    assert any(law == "67B1" for law, _ in b.director_flags)
    replays(b)
    finish(b)
    assert len({card for t in b.tricks for _, card in t.cards}) == 52
    ns, ew = b.tricks_won(Side.NS), b.tricks_won(Side.EW)
    assert b.tricks_for(Side.NS) == ns + 1 and b.tricks_for(Side.EW) == ew - 1  # as 64A2
    replays(b)


def test_R67_1_extra_card_goes_back_to_its_owner() -> None:
    b = after_trick_1()
    b.report_defective_trick(W, 0, extra=c("C2"))
    assert c("C2") in b.hand(W) and b.tricks[0].card_of(W) == c("C8")
    assert any(law == "67A2" for law, _ in b.director_flags)
    late = late_defect()
    late.choose(E, "place CK")
    late.report_defective_trick(W, 0, extra=c("C2"))
    assert c("C2") in late.hand(W) and any(law == "67B2" for law, _ in late.director_flags)
    replays(late)


def test_R67_1_defective_trick_reports_only_in_table_mode_and_for_real_tricks() -> None:
    refused(new_board(contract="4S S").report_defective_trick, E, 0)
    b = after_trick_1()
    refused(b.report_defective_trick, E, 1)  # no second trick yet
    refused(b.report_defective_trick, W, 0, extra=c("CA"))  # West does not hold it
    late = late_defect()
    refused(late.report_defective_trick, W, 1)  # a choice is pending


# ------------------------------------------------------------------ Law 51A


def west_with_two_spade_penalty_cards() -> Board:
    """After trick 1 West exposes S4 and S3 (two penalty cards: both major); East leads SJ
    and South follows: West must play a spade, and either penalty card is legal."""
    b = after_trick_1()
    b.expose_card(W, c("S4"))
    b.expose_card(W, c("S3"))
    assert b.penalty_cards(W) == {c("S4"): True, c("S3"): True}
    b.choose(S, "free")  # East is on lead: declarer's 50D2 choice first
    b.play(E, c("SJ"))
    b.play(S, c("S5"))
    return b


def test_R50_3_declarer_designates_which_of_two_legal_penalty_cards_51A() -> None:
    b = west_with_two_spade_penalty_cards()
    p = b.pending
    assert p is not None and p.kind == "51A" and p.choosers == (S,)
    assert set(p.option_ids) == {"designate S4", "designate S3"}
    assert b.to_act is S and b.view_for(S).options == p.options
    assert b.view_for(W).options == () and b.view_for(W).pending is None
    refused(b.play, W, c("S4"))  # the owner waits for declarer's designation
    refused(b.choose, W, "designate S4")
    b.choose(S, "designate S3")
    assert b.legal_cards(W) == [c("S3")]  # the owner must play it
    b.play(W, c("S3"))
    assert b.penalty_cards(W) == {c("S4"): True}
    b.play(S, c("S2"))
    assert b.tricks[-1].card_of(W) == c("S3")
    replays(b)


def test_R52_1_playing_another_penalty_card_than_the_designated_one_51A() -> None:
    b = west_with_two_spade_penalty_cards()
    b.choose(S, "designate S3")
    b.play(W, c("S4"))  # the other penalty card: a failure to play the designated one
    p = b.pending
    assert p is not None and p.kind == "52" and p.extra == c("S3")
    b.choose(S, "reject")
    assert (W, c("S3")) in b.current_trick and b.penalty_cards(W) == {c("S4"): True}
    replays(b)


def test_R50_3_no_designation_when_only_one_penalty_card_is_legal_51A() -> None:
    b = after_trick_1()
    b.expose_card(W, c("S3"))
    b.expose_card(W, c("D2"))
    b.choose(S, "free")
    b.play(E, c("SJ"))
    b.play(S, c("S5"))
    assert b.pending is None and b.legal_cards(W) == [c("S3")]  # following suit first


# ------------------------------------------------------------------ Law 53B, 53C


def south_on_lead_to_trick_4() -> Board:
    """Tricks 2-3 regular; South won trick 3 and is to lead to trick 4."""
    b = after_trick_1()
    for seat, card in ((E, "HA"), (S, "H9"), (W, "H2"), (S, "H4")):
        b.play(seat, c(card))
    for seat, card in ((E, "D8"), (S, "DA"), (W, "D2"), (S, "D9")):
        b.play(seat, c(card))
    assert b.hand_to_play is S
    return b


def test_R53_1_proper_lead_over_an_improper_one_53B() -> None:
    b = south_on_lead_to_trick_4()
    b.play(W, c("C2"))  # West leads out of turn; South, his opponent, was to lead
    assert b.pending is not None and b.pending.kind == "56"
    assert "proper_lead" in b.view_for(S).actions
    e = b.play(S, c("S5"))  # South makes his proper lead: it does not follow West's card
    assert isinstance(e, CardPlayed) and e.hand is S and b.pending is None
    assert b.current_trick == ((S, c("S5")),) and b.hand_to_play is W
    assert c("C2") in b.hand(W) and b.penalty_cards(W) == {}  # taken back (53B)
    # West holds spades: his club cannot stay played to a spade lead, so no choice
    assert any(law == "53B, 16C" for law, _ in b.director_flags)
    assert not b.revokes
    b.play(W, c("S3"))
    b.play(S, c("S2"))
    b.play(E, c("S9"))
    assert len(b.tricks) == 4 and b.tricks[3].leader is S
    finish(b)
    replays(b)


def test_R53_1_card_led_in_error_may_stay_played_53B() -> None:
    b = south_on_lead_to_trick_4()
    b.play(W, c("C2"))  # out of turn; South was to lead
    b.play(S, c("CJ"))  # the proper lead, in the suit of West's card
    p = b.pending  # 53B: the cards played in error "may be withdrawn": West's choice
    assert p is not None and p.kind == "53B" and p.law == "53B"
    assert p.choosers == (W,) and p.option_ids == ("withdraw", "leave") and p.card == c("C2")
    assert b.view_for(W).options == p.options
    for seat in (N, E, S):
        assert b.view_for(seat).options == () and b.view_for(seat).pending is None
    refused(b.play, W, c("C3"))  # play waits for the choice
    refused(b.choose, S, "withdraw")
    b.choose(W, "leave")
    assert b.pending is None and b.current_trick == ((S, c("CJ")),)
    assert b.legal_cards(W) == [c("C2")]  # his card to this trick, played in his turn
    assert any(law == "53B" for law, _ in b.director_flags)
    assert not any(law == "53B, 16C" for law, _ in b.director_flags)
    b.play(W, c("C2"))
    b.play(S, c("C5"))
    b.play(E, c("CK"))
    assert len(b.tricks) == 4 and b.tricks[3].card_of(W) == c("C2") and not b.revokes
    finish(b)
    replays(b)


def test_R53_1_card_led_in_error_withdrawn_by_choice_53B() -> None:
    b = south_on_lead_to_trick_4()
    b.play(W, c("C2"))
    b.play(S, c("CJ"))
    b.choose(W, "withdraw")  # the default, listed first
    assert b.pending is None and c("C2") in b.hand(W) and b.penalty_cards(W) == {}
    assert b.legal_cards(W) == [c("C3"), c("C2")]  # any club: no obligation
    assert any(law == "53B, 16C" for law, _ in b.director_flags)  # the information is UI
    b.play(W, c("C3"))
    assert b.current_trick == ((S, c("CJ")), (W, c("C3")))
    replays(b)


def test_R53_1_declarer_chooses_for_dummys_card_led_in_error_53B() -> None:
    b = after_trick_1()
    b.play(S, c("S2"))  # from dummy; East was to lead
    b.proper_lead(E, c("SJ"))  # a spade: dummy's S2 could stay played
    p = b.pending
    assert p is not None and p.kind == "53B" and p.choosers == (S,) and p.offender is N
    refused(b.choose, N, "leave")  # dummy has no say (43A1c)
    b.choose(S, "leave")
    b.play(S, c("S5"))
    b.play(W, c("S3"))
    assert b.legal_cards(S) == [c("S2")]  # dummy's card in his turn
    b.play(S, c("S2"))
    assert len(b.tricks) == 2 and b.tricks[1].card_of(N) == c("S2")
    replays(b)


def test_R53_1_next_hand_makes_the_proper_lead_explicitly_53B() -> None:
    b = after_trick_1()
    b.play(S, c("S2"))  # declarer leads from dummy; East, dummy's LHO, was to lead
    p = b.pending
    assert p is not None and p.kind == "55" and p.due is E
    refused(b.proper_lead, W, c("H2"))  # only the opponent whose turn it was
    refused(b.proper_lead, S, c("S5"))
    e = b.proper_lead(E, c("HA"))  # not a card played to dummy's lead (53B)
    assert isinstance(e, CardPlayed) and b.pending is None
    assert b.current_trick == ((E, c("HA")),) and c("S2") in b.hand(N)
    assert b.hand_to_play is S and not b.revokes
    finish(b)
    replays(b)


def test_R53_1_proper_lead_must_meet_a_lead_restriction_53B() -> None:
    b = after_trick_1()
    b.play(W, c("H2"))
    b.choose(S, "reject")
    b.choose(S, "forbid H")  # East may not lead hearts (50D2b)
    b.play(S, c("S5"))  # declarer leads out of turn: East was to lead
    refused(b.play, E, c("HA"))  # a proper lead must respect the restriction
    b.play(E, c("CK"))
    assert b.current_trick == ((E, c("CK")),) and c("S5") in b.hand(S)
    replays(b)


def test_R53_1_wrong_defender_plays_to_declarers_lead_out_of_turn_53C() -> None:
    b = spade_trick_4()
    for seat, card in ((W, "S3"), (S, "SA"), (E, "S9")):
        b.play(seat, c(card))
    assert b.hand_to_play is N  # dummy won trick 4
    b.play(S, c("HT"))  # declarer leads from his own hand; West is next after South
    assert b.pending is not None and b.pending.kind == "55"
    e = b.play(E, c("H5") if c("H5") in b.hand(E) else c("HK"))  # on the lead's right
    assert isinstance(e, CardExposed) and e.law == "57"
    assert b.current_trick == ((S, c("HT")),)  # the lead stands
    assert b.penalty_cards(E) == {e.card: True}
    p = b.pending
    assert p is not None and p.kind == "57A" and p.choosers == (S,) and p.due is W
    assert any(law == "53C" for law, _ in b.director_flags)
    b.choose(S, "lowest")
    assert b.legal_cards(W) == [c("H3")]
    b.play(W, c("H3"))
    b.play(S, c("H8"))
    assert b.legal_cards(E) == [e.card]  # his major penalty card (50D1)
    b.play(E, e.card)
    assert len(b.tricks) == 5 and b.tricks[4].leader is S
    replays(b)


def test_R53_1_wrong_defender_plays_to_a_lead_from_dummy_53C() -> None:
    b = after_trick_1()
    b.play(S, c("S2"))  # from dummy; East, dummy's LHO, was to lead
    b.play(W, c("S3"))  # West, on dummy's right
    assert b.current_trick == ((N, c("S2")),) and b.penalty_cards(W) == {c("S3"): True}
    p = b.pending
    assert p is not None and p.kind == "57A" and p.due is E
    replays(b)


# ------------------------------------------------------------------ Law 62C3


def both_sides_revoke_on_trick_2() -> Board:
    """Trick 2: East HA, South DA (revoke), West S3 (revoke), dummy H4: West ruffs and
    wins, then leads D2 to trick 3 -- West's revoke is established (63A1)."""
    b = after_trick_1()
    for seat, card in ((E, "HA"), (S, "DA"), (W, "S3"), (S, "H4")):
        b.play(seat, c(card))
    assert b.tricks[1].winner is W and len(b.revokes) == 2
    b.play(W, c("D2"))
    assert [r.established for r in b.revokes] == [False, True]
    return b


def test_R62_2_both_sides_revoked_on_one_trick_both_corrected_62C3() -> None:
    b = both_sides_revoke_on_trick_2()
    b.draw_attention(E, S)
    assert all(r.corrected for r in b.revokes)
    assert len(b.tricks) == 1 and b.current_trick == ((E, c("HA")), (N, c("H4")))
    assert c("DA") in b.hand(S) and b.penalty_cards(S) == {}  # declarer's goes back
    # every card the defenders withdrew becomes a penalty card, the lead to trick 3 too
    assert b.penalty_cards(W) == {c("S3"): True, c("D2"): True}
    assert any(law == "62C3" for law, _ in b.director_flags)
    assert b.hand_to_play is S
    b.play(S, c("H9"))
    assert {x.suit for x in b.legal_cards(W)} == {Suit.HEARTS}
    b.play(W, c("H2"))
    assert b.tricks[-1].winner is E  # trick 2
    replays(b)


def test_R64_2_no_transfer_for_revokes_corrected_under_62C3_64B8() -> None:
    b = both_sides_revoke_on_trick_2()
    b.draw_attention(E, S)
    finish(b, pick=0)
    assert all(r.corrected for r in b.revokes)
    assert b.tricks_for(Side.NS) == b.tricks_won(Side.NS)  # 64B8
    replays(b)


def test_R63_2_established_revoke_corrected_under_62C3() -> None:
    b = both_sides_revoke_on_trick_2()
    b.draw_attention(S, W)  # West's revoke is established, yet corrected (63B)
    assert all(r.corrected for r in b.revokes)
    assert c("S3") in b.hand(W) and c("D2") in b.hand(W)
    replays(b)


def test_R63_2_both_sides_played_to_the_next_trick_no_62C3() -> None:
    b = both_sides_revoke_on_trick_2()
    b.play(S, c("D9"))  # dummy plays to trick 3: declarer's revoke is established too
    assert all(r.established for r in b.revokes)
    assert "63B" in str(refused(b.draw_attention, S, W))
    assert "63B" in str(refused(b.draw_attention, E, S))
    finish(b)
    assert b.tricks_for(Side.NS) == b.tricks_won(Side.NS)  # 64B7: both established


def test_R57_2_claim_waits_while_declarers_premature_play_leaves_the_trick_out_of_rotation() -> (
    None
):
    """57C2: declarer's premature play from dummy is a played card, so the trick in progress
    is out of rotation; a claim waits until it is complete (our position cannot state it)."""
    b = after_trick_1()
    b.play(E, c("HA"))  # East leads; South is due
    b.play(S, c("H4"))  # declarer plays dummy's card before his own (57C2)
    assert [s for s, _ in b.current_trick] == [E, N]
    assert "claim" not in b.view_for(S).actions
    exc = refused(b.make_claim, S, 8)
    assert "57C2" in exc.law
    b.play(S, c("HT"))
    b.play(W, c("H7"))
    assert "claim" in b.view_for(S).actions
    b.make_claim(S, 8)


def test_R64_1_transfers_never_take_more_tricks_than_the_offending_side_won() -> None:
    """64A transfers tricks won by the offending side; with 67B1's defective-trick tricks on
    top, the total is capped at what that side won (a board found by the PBN property test:
    North-South won 3 tricks, owed 2 for a revoke and 1 each for two defective tricks)."""
    from formats.test_pbn_table_mode import random_table_board

    b = random_table_board(515)
    assert b.is_over
    won = {side: b.tricks_won(side) for side in (Side.NS, Side.EW)}
    assert won[Side.NS] == 3
    moved = b.revoke_transfer()
    assert moved == {Side.NS: -3, Side.EW: 3}
    assert all(won[side] + moved[side] >= 0 for side in moved)
