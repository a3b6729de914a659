"""The claimer's normal plays (adjudication/normal.py), choice by choice."""

from __future__ import annotations

from bridgetable.adjudication.normal import NormalPlay
from bridgetable.adjudication.profiles import Profile
from bridgetable.core.cards import Card, Suit, cards_of_mask
from bridgetable.core.position import Position
from bridgetable.core.seats import Seat
from bridgetable.core.statement import parse_statement

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def allowed(
    pos: Position, claimer: Seat, stmt: str | None, claimed: int, **kw: object
) -> list[str]:
    pol = NormalPlay.for_claim(pos, claimer, parse_statement(stmt), **kw)  # type: ignore[arg-type]
    return [str(c) for c in cards_of_mask(pol.allowed(pos, pol.start(pos)))]


def test_silent_claimer_leads_top_of_suits_holding_winners() -> None:
    # North: AK5 of spades, 42 of hearts; opponents hold the spade J and heart winners
    pos = Position.from_pbn("N:AK5.42.. QT.AK3.. 876.QJ.. J32.T9..", trump=None, leader=N)
    assert allowed(pos, N, None, 5) == ["SA"]


def test_claimer_cashes_winners_first_unless_the_statement_concedes_first() -> None:
    pos = Position.from_pbn("N:AK5.42.. QT.AK3.. 876.QJ.. J32.T9..", trump=None, leader=N)
    assert allowed(pos, N, None, 2) == ["SA"]
    assert allowed(pos, N, "concede 1 then cash S", 2) == ["SA", "H4", "H2"]


def test_spot_cards_without_an_honour_may_go_in_any_order() -> None:
    pos = Position.from_pbn("N:754... 2.A2.. ...A32 .98.3.", trump=None, leader=N)
    assert set(allowed(pos, N, None, 3)) == {"S7", "S5", "S4"}
    strict = Profile("strict", careless_spot_cards=False)
    assert allowed(pos, N, None, 3, prof=strict) == ["S7"]


def test_statement_cards_are_led_in_order_from_the_hand_on_lead() -> None:
    pos = Position.from_pbn("N:AK.A.. QJ.K.. 32.2.. T9.Q..", trump=None, leader=N)
    pol = NormalPlay.for_claim(pos, N, parse_statement("HA SA SK"))
    st = pol.start(pos)
    assert cards_of_mask(pol.allowed(pos, st)) == [Card("HA")]


def test_statement_card_in_the_other_hand_is_not_credited_from_here() -> None:
    # C7: "SA" is in South's hand but North is on lead: silent play from North
    pos = Position.from_pbn("N:K.A.. Q.K.. A.2.. J.Q..", trump=None, leader=N)
    got = allowed(pos, N, "SA", 2)
    assert "SA" not in got and set(got) <= {"SK", "HA"}


def test_following_when_partner_wins_plays_low() -> None:
    pos = Position.from_pbn("N:.A2.. .KQ.. .53.. .J..", trump=None, leader=W, trick=(Card("H4"),))
    # North plays second and wins with the ace: ducking a sure winner is not normal
    assert allowed(pos, N, None, 2) == ["HA"]
    pos2 = pos.play(Card("HA")).play(Card("HK"))  # South to play, partner winning
    assert allowed(pos2, N, None, 2) == ["H3"]


def test_void_claimer_ruffs_as_low_as_possible() -> None:
    pos = Position.from_pbn("N:AQ2... 3..2.2 ..A.53 .32..4", trump=Suit.SPADES, leader=W)
    pos = pos.play(Card("C4"))  # West leads a club; North is void
    assert allowed(pos, N, None, 3) == ["S2"]


def test_known_layout_after_a_show_out_credits_the_winning_finesse() -> None:
    # North leads the H2 towards South's AQ; East plays low. West is known void in hearts
    # (he showed out before the claim), so East holds the king: the queen wins (70E1).
    pos = Position.from_pbn("N:.2..2 .K4.. .AQ.. ..32.", trump=None, leader=N)
    pos = pos.play(Card("H2")).play(Card("H4"))  # South to play
    assert set(allowed(pos, S, None, 2)) == {"HQ", "HA"}  # unknown: a guess
    known = allowed(pos, S, None, 2, known_voids=frozenset({(W, Suit.HEARTS)}))
    assert known == ["HQ"]


def test_tricks_left_counts_the_trick_in_progress() -> None:
    p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=W)
    assert p.tricks_left == 2
    p = p.play(Card("SJ"))
    assert p.tricks_left == 2
    p = p.play(Card("SA")).play(Card("S2"))
    assert p.tricks_left == 2
    p = p.play(Card("S3"))
    assert p.tricks_left == 1


def test_C4d_no_trump_led_while_partner_can_ruff_and_the_opponents_have_none() -> None:
    # spades trumps, the opponents have none: South leads the diamond for North to ruff
    # (a cross-ruff), not his S9 that would swallow North's S8 (ACBL 2019 guideline 4)
    pos = Position.from_pbn("N:8.2.. .A.K. 9..2. .K.A.", trump=Suit.SPADES, leader=S)
    assert allowed(pos, S, None, 2) == ["D2"]
    # with a trump still out, the silent claimer may lead his trump
    pos2 = Position.from_pbn("N:8.2.. 2.A.. 9..2. .K.A.", trump=Suit.SPADES, leader=S)
    assert "S9" in allowed(pos2, S, None, 2)


def test_partners_card_that_fourth_hand_may_beat_is_not_played_under() -> None:
    # North leads the ST, East plays low; West, still to play, may hold the SQ as far as
    # South knows: he overtakes with the SK rather than play low to an unsure card
    pos = Position.from_pbn("N:T2... Q3... K5... 94...", trump=None, leader=N)
    pos = pos.play(Card("ST")).play(Card("S3"))
    assert allowed(pos, S, None, 2) == ["SK"]
    # with West known to be void in spades, North's ten is sure: South plays low
    assert allowed(pos, S, None, 2, known_voids=frozenset({(W, Suit.SPADES)})) == ["S5"]


def test_a_trump_is_not_thrown_on_partners_sure_winner() -> None:
    # North leads the DA; South, void in diamonds, discards rather than ruff it
    pos = Position.from_pbn("N:.A.A.3 3..K.4 2.2..A 4..2.5", trump=Suit.SPADES, leader=N)
    pos = pos.play(Card("DA")).play(Card("DK"))
    assert set(allowed(pos, N, None, 3)) == {"H2", "CA"}


def test_C4b_trumps_seen_and_70E1_dummy_seen() -> None:
    pos = Position.from_pbn("N:8.2.. 2.A.. 9..2. .K.A.", trump=Suit.SPADES, leader=S)
    seen = NormalPlay.for_claim(pos, S, parse_statement(None), trumps_seen=True)
    assert seen.aware_of_trumps
    # East, a defender, claims over dummy South's CQ: seeing it, he wins with the ace
    pos2 = Position.from_pbn("N:...32 ...AJ ...Q4 ...65", trump=None, leader=N)
    pos2 = pos2.play(Card("C2"))
    assert allowed(pos2, E, None, 2, dummy=S) == ["CA"]
    assert "CJ" in allowed(pos2, E, None, 2)


def test_show_outs_before_the_claim_are_known_to_the_claimer() -> None:
    """``Board.shown_voids``: what adjudication takes as ``known_voids`` (the server's and the
    CLI's rulings from a record)."""
    from support import at_play, c

    b = at_play("H7")
    assert b.shown_voids() == frozenset()
    for seat, card in ((S, "H4"), (E, "HA"), (S, "H9")):
        b.play(seat, c(card))
    for seat, card in ((E, "HK"), (S, "HT"), (W, "H2"), (S, "H8")):
        b.play(seat, c(card))
    b.play(E, c("HQ"))
    b.play(S, c("S5"))  # South shows out of hearts
    assert b.shown_voids() == frozenset({(S, Suit.HEARTS)})
