"""Law 70 and 71 rulings and the deeming rules C1-C12 (R70.1-R70.5, R71.1, R79.1).

Positions are small endings written as the remaining cards (PBN, North first).
"""

from __future__ import annotations

import random

from bridgetable.adjudication.normal import NormalPlay
from bridgetable.adjudication.ruling import adjudicate
from bridgetable.core.board import Board
from bridgetable.core.cards import Card, Suit, cards_of_mask
from bridgetable.core.errors import NotEntitled
from bridgetable.core.phase import Phase
from bridgetable.core.position import Position
from bridgetable.core.record import BoardSetup
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat, Side
from bridgetable.core.statement import Statement
from bridgetable.selfplay import random_auction
from bridgetable.solver.search import floor

from support import refused

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def pos(deal: str, trump: str | None, leader: Seat, *trick: str) -> Position:
    t = None if trump is None else Suit.from_letter(trump)
    return Position.from_pbn(deal, trump=t, leader=leader, trick=tuple(Card(c) for c in trick))


# -- positions ---------------------------------------------------------------------------

#: Spades trumps. South: SA HA HK; West SQ and two clubs (void in hearts); South on lead.
TRUMP_OUT = "N:..432. .543.. A.AK.. Q...32"

#: No trump. North AQ of hearts over West's king; South leads.
FINESSE = "N:.AQ.. ..32. .32.. .K4.."


def test_R70_1_only_the_original_statement_counts() -> None:
    p = pos(FINESSE, None, S)
    plain = adjudicate(p, S, 2, None, dd=None)
    assert plain.awarded == 1
    later = adjudicate(p, S, 2, None, later_statement="finesse HQ against W", dd=None)
    assert later.awarded == 1  # added after the objection: not credited
    stated = adjudicate(p, S, 2, "finesse HQ against W", dd=None)
    assert stated.awarded == 2


def test_R70_1_a_later_addition_never_improves_the_ruling() -> None:
    p = pos(TRUMP_OUT, "S", S)
    first = adjudicate(p, S, 3, None, dd=None)
    later = adjudicate(p, S, 3, None, later_statement="draw trumps", dd=None)
    assert later.awarded == first.awarded == 2


def test_R70_2_unmentioned_outstanding_trump_costs_a_trick() -> None:
    p = pos(TRUMP_OUT, "S", S)
    r = adjudicate(p, S, 3, None, dd=None)
    assert r.awarded == 2 and "70C" in r.laws
    assert r.dd is None and r.floor is not None
    # the witness: a heart ruffed by West's queen of spades
    assert (W, Card("SQ")) in r.witness


def test_R70_2_mentioned_trump_is_drawn() -> None:
    p = pos(TRUMP_OUT, "S", S)
    for text in ("draw trumps then cash H", "1 trump out"):
        r = adjudicate(p, S, 3, text, dd=None)
        assert r.awarded == 3 and "70C" not in r.laws, text


def test_R70_2_a_trump_seen_after_the_claim_makes_the_claimer_aware() -> None:
    # the HA is ruffed by West's unmentioned trump (70C); having seen it, South draws the
    # last trump before the HK (awareness shown by the play, EBU White Book 8.70.4(b))
    p = pos("N:..5432. .5432.. AK.AK.. QJ...32", "S", S)
    r = adjudicate(p, S, 4, None, dd=None)
    assert r.awarded == 3
    assert [(s.kind, s.card, s.law) for s in r.slips] == [("unaware-trump", "HA", "70C")]


def test_R70_2_a_claimer_unaware_of_a_trump_leads_no_trump_while_he_has_side_winners() -> None:
    # (corpus: USBF semi-final vugraph, board 57, 6 tricks left) South claims all six in
    # spades; East's S9 is out and unmentioned. As far as South knows no trump is left, so,
    # as C4d has it, he cashes and cross-ruffs rather than lead the SK from North and crash
    # his own S7 under it (Law 70C, ACBL 2019 guideline 4)
    pos = Position.from_pbn(
        "N:K6..J98.9 9.97..KT2 A7...A863 .T85.T5.J", trump=Suit.SPADES, leader=S
    )
    r = adjudicate(pos, S, 6, None)
    assert r.awarded == 6 and not r.slips
    # a claimer known to be aware of the S9 draws it, in an order that costs his ruff
    seen = adjudicate(pos, S, 6, None, trumps_seen=True)
    assert seen.awarded == 5 and [s.kind for s in seen.slips] == ["suit-order"]


def test_R70_2_a_claimer_unaware_of_a_trump_counts_as_if_none_were_out() -> None:
    # (corpus: a BBO Sky Club pairs record, 20784140.lin, 7 tricks left) West's HT is out
    # when South claims all seven; South, unaware of it, counts his diamonds (DK-Q-4-2
    # opposite DA-J-8) as he would with no trump out, and plays them in the order that
    # keeps four tricks (C1)
    pos = Position.from_pbn(
        "N:9.9.AJ8.9 T7..953.T A63..KQ42. J2.T.T76.5",
        trump=Suit.HEARTS,
        leader=N,
        trick=(Card("HK"), Card("S5")),
    )
    r = adjudicate(pos, S, 7, None)
    assert r.awarded == 7 and not r.slips


def test_R70_3_a_losing_guess_is_named_and_a_pseudo_finesse_is_not_normal() -> None:
    # South holds AKQ6 third in hand: playing the 6 to "finesse" gains nothing in any
    # layout, so it is no guess (70E1) and the claim of all four stands
    p = pos("N:2.432.. 5.JT9.. AKQ6... J.765..", None, N)
    r = adjudicate(p, S, 4, None, dd=None)
    assert r.awarded == 4 and not r.slips


def test_R70_3_unstated_finesse_is_not_credited() -> None:
    r = adjudicate(pos(FINESSE, None, S), S, 2, None, dd=None)
    assert r.awarded == 1 and r.floor == 1


def test_R70_3_finesse_credited_after_a_show_out() -> None:
    p = pos(FINESSE, None, S)
    r = adjudicate(p, S, 2, None, known_voids=frozenset({(E, Suit.HEARTS)}), dd=None)
    assert r.awarded == 2


def test_R70_3_a_show_out_on_the_claimed_line_places_the_cards() -> None:
    # GP Poland (vugraph 74805) board 28, 2S by West, six tricks left, West claims them all.
    # At trick 3 of the line South shows out of hearts; on the club lead at trick 4 West
    # ruffs or discards. No layout the claimer can still imagine makes the one better than
    # the other, so it is no guess: Law 70E1 accepts a line whose success depends on a card
    # an opponent "would subsequently fail to follow" to on the line, not only a show-out
    # before the claim. (Counting only show-outs before the claim awarded 5.)
    p = pos("N:.97652.6. .AKJ.Q.J8 .T.AJT.Q7 97.Q843..", "S", S)
    voids = frozenset({(W, Suit.DIAMONDS), (E, Suit.SPADES), (W, Suit.CLUBS)})
    r = adjudicate(p, W, 6, None, known_voids=voids, dummy=E, dd=None, time_cap=600)
    assert r.awarded == 6 and not r.slips, r.text


def test_R70_3_a_claimer_does_not_risk_his_claimed_tricks_on_a_guess_for_one_more() -> None:
    # A corpus claim (endplay's RealBridge 2021 file, board 13): South claims two of three
    # with the H7 and North's CA-J-8, East's CK-4 under West's Q-T-9. Having cashed the
    # heart he needs one trick: the ace takes it wherever the king lies, so he does not
    # finesse the jack, which could win only a third, beyond his claim
    pos = Position.from_pbn("N:...AJ8 9...K4 .7..53 ...QT9", trump=None, leader=Seat.SOUTH)
    r = adjudicate(pos, Seat.SOUTH, 2, None, dummy=Seat.NORTH)
    assert r.awarded == 2 and not r.slips


def test_R70_3_a_guess_the_claim_needs_stays_a_guess() -> None:
    # AQ8 over West's K-T-9: all three need the unstated finesse, which is not credited
    # (70E1): the ace first is a guess taken the losing way. Claiming two, South needs one
    # club after the heart and may play the ace on the way: his claim stands
    pos = Position.from_pbn("N:...AQ8 9...J4 .7..53 ...KT9", trump=None, leader=Seat.SOUTH)
    all_three = adjudicate(pos, Seat.SOUTH, 3, None, dummy=Seat.NORTH)
    assert all_three.awarded == 2 and [s.kind for s in all_three.slips] == ["guess"]
    assert adjudicate(pos, Seat.SOUTH, 2, None, dummy=Seat.NORTH).awarded == 2


def test_R70_3_a_finesse_against_a_sure_winner_of_the_trick_is_no_guess() -> None:
    # A corpus claim (Polish Grand Prix vugraph, board 28): North leads his last trump and
    # claims all six; East's S-J-8-7-6 holds a spade trick. On North's S2 East plays the S8:
    # South's SQ takes the trick wherever the ST lies, so the S9 (a finesse against West's
    # ten) is no guess that the claimer might take (70E1: a guess is a line that needs a card
    # to lie with one opponent): he loses only the spade trick. (It was ruled 3: the S9
    # "finesse" lost to the ST and East's SJ made later)
    pos = Position.from_pbn(
        "N:K2.9.J73. J876..K.K AQ93..Q.T T4..T842.", trump=Suit.HEARTS, leader=Seat.NORTH
    ).play(Card("H9"))
    r = adjudicate(pos, Seat.NORTH, 6, None, player_class="expert")
    assert r.awarded == 5 and not r.slips, r.text


def test_C4e_ruffing_partners_winner_is_no_low_ruff_where_the_right_play_is_not_to_ruff() -> None:
    # A corpus claim (Polish Grand Prix vugraph, board 5): hearts trumps, East claims 7 of
    # 8. When East's D9 is winning the trick and West, void, ruffs it with the H7 (North
    # still to play and South's H8 still out), the trick is lost by ruffing at all, not by
    # the height of the ruff: double dummy West discards. ACBL 2019 guideline 5 (ruff as
    # low as possible) is about an over-ruff that a higher ruff would have stopped, so slip f
    # needs a higher ruff among the right cards; this one is judged as the choice it is
    pos = Position.from_pbn(
        "N:874...T7532 .KT6.9.J984 QT5.8.8.AQ6 963.QJ97..K", trump=Suit.HEARTS, leader=N
    )
    voids = frozenset({(N, Suit.DIAMONDS)})
    r = adjudicate(pos, E, 7, None, dummy=W, known_voids=voids, player_class="expert")
    assert r.dd == 7, r.text
    assert not any(s.kind == "ruff-low" and s.card == "H7" for s in r.slips), r.text


def test_R70_3_rising_with_the_ace_where_only_an_unstated_finesse_keeps_the_value() -> None:
    # A corpus claim (USBF vugraph, board 57): spades trumps, North leads the DJ and claims 4
    # of 5 with dummy's C A-Q-8-6-3 and no statement. Later North leads the C9 and East
    # plays the C10: the CQ makes 4 only because East holds the CK; with a singleton CK in
    # West the CA is right. The finesse is an unstated line that depends on finding one
    # opponent with a card (70E1): not credited, and rising with the ace is its losing way
    # (a Director's review of the corpus rulings: 3, as the table's Director would rule)
    pos = Position.from_pbn(
        "N:T..93.9 .9..KT42 ...AQ863 .2.T5.J5", trump=Suit.SPADES, leader=N, trick=(Card("DJ"),)
    )
    voids = frozenset({(N, Suit.HEARTS), (S, Suit.HEARTS), (W, Suit.SPADES)})
    r = adjudicate(pos, N, 4, None, dummy=S, known_voids=voids, player_class="expert")
    assert r.dd == 4 and r.awarded == 3, r.text
    assert [(s.kind, s.card) for s in r.slips] == [("guess", "CA")]


def test_C6_taking_the_trick_is_normal_where_only_an_unstated_duck_keeps_the_value() -> None:
    # A corpus claim's ending (USBF vugraph, board 50): West (declarer) leads the DQ, North
    # covers with the DK; dummy holds DA-9-2 and the SK over North's SQ. Double dummy, the
    # duck endplays North (3 tricks); taking the ace gives 2. The duck is a throw-in West
    # did not state: not credited (70D1), and taking the trick is the normal play
    pos = Position.from_pbn("N:Q..K76. K..A92. 8..JT.K ..Q8.J8", trump=Suit.HEARTS, leader=W)
    pos = pos.play(Card("DQ")).play(Card("DK"))
    voids = frozenset({(S, Suit.HEARTS)})
    r = adjudicate(pos, W, 3, None, dummy=E, known_voids=voids, player_class="expert")
    assert r.dd == 3 and r.awarded == 2, r.text
    assert [(s.kind, s.seat, s.card) for s in r.slips] == [("unstated-technique", "East", "DA")]


def test_C4b_a_claim_at_once_after_drawing_a_round_is_made_aware_of_the_trumps() -> None:
    # EBU White Book 8.70.4(b): declarer draws a round, sees both opponents follow and
    # claims at once: he clearly has not forgotten the trumps still out, so 70C (a trump he
    # was "at all likely" unaware of) does not apply. 4SX by South; West leads the S4 to
    # dummy's SA, dummy's SK draws East's ST and West's S3, and South claims 7 (double dummy
    # 7) with East's SJ still out
    from dataclasses import replace

    from bridgetable.adjudication.ruling import adjudicate_case

    from support import at_play, c

    def drawn(then_a_diamond: bool) -> Board:
        b = at_play("S4")
        for seat, card in ((S, "SA"), (E, "S9"), (S, "S5")):
            b.play(seat, c(card))
        for seat, card in ((S, "SK"), (E, "ST"), (S, "S6"), (W, "S3")):
            b.play(seat, c(card))
        if then_a_diamond:
            for seat, card in ((S, "DT"), (E, "D5"), (S, "DJ"), (W, "D2")):
                b.play(seat, c(card))
        return b

    b = drawn(False)
    b.make_claim(S, 7)
    case = b.claim_case()
    assert case.trumps_seen
    assert adjudicate_case(case, player_class="expert").awarded == 7
    # the same claim unaware (70C): the side winners first, and East's SJ ruffs one
    unaware = adjudicate_case(replace(case, trumps_seen=False), player_class="expert")
    assert unaware.awarded == 6 and "70C" in unaware.laws
    # a trick later, or after a round the opponents led, the presumption stands (C4b)
    later = drawn(True)
    later.make_claim(S, 6)
    assert not later.claim_case().trumps_seen
    led_by_them = at_play("S4")
    for seat, card in ((S, "SA"), (E, "S9"), (S, "S5")):
        led_by_them.play(seat, c(card))
    led_by_them.make_claim(S, 8)
    assert not led_by_them.claim_case().trumps_seen


def test_C4d_not_made_to_run_trumps_that_squeeze_his_own_partner() -> None:
    # A corpus claim (endplay's RealBridge example, board 16): spades trumps, the defenders
    # out of them; West leads the DQ to North's DA and North claims 5 of the last 6 with
    # S8-6-5 and H8-3, South HT, D8-7-4, CK-6. Run the trumps and South must find three
    # discards in front of East's HQ-7 and DK-9-6 (a guess, so it was ruled 4). ACBL 2019
    # guideline 4: the claimer is not forced to play out his trumps to his disadvantage
    # once both opponents have shown out, so he leads the heart and ruffs: 5
    pos = Position.from_pbn(
        "N:865.83.A. .Q7.K963. .T.874.K6 ..JT5.T5", trump=Suit.SPADES, leader=W, trick=(Card("DQ"),)
    )
    voids = frozenset({(E, Suit.SPADES), (W, Suit.SPADES)})
    r = adjudicate(pos, N, 5, None, known_voids=voids, player_class="expert")
    assert r.dd == 5 and r.awarded == 5 and not r.slips, r.text
    north = [card for seat, card in r.witness if seat is N]
    assert north[1].suit is not Suit.SPADES  # (after the DA, a heart, not a trump)


def test_R70_3_a_discard_keeps_the_tricks_the_claimer_counts_on() -> None:
    # a corpus claim (a club pairs event, 2196 at the Sky Club): West claims all seven in
    # notrumps with SK-Q-J-3 opposite SA-6-5-2, two heart winners in East, CA-Q-8. On East's
    # hearts the S3 keeps the double-dummy value only because North's CK is bare (the CA then
    # drops it); a player who counts four spade tricks throws his clubs and needs no guess.
    # Before the count was read the ruling was 3: the S3 thrown, then the CQ "finessed"
    pos = Position.from_pbn("N:T97..J9.KT A652.84..2 84..T8.J96 KQJ3...AQ8", trump=None, leader=E)
    r = adjudicate(pos, W, 7, None)
    assert r.awarded == 7 and not r.slips
    west = [card for seat, card in r.witness if seat is W]
    assert Card("S3") not in west[:2]  # (the two discards on East's hearts)


def test_R70_3_a_discard_on_the_opponents_trick_keeps_the_counted_winners() -> None:
    # a real table (USBF semi-final vugraph, board 56): North claims four of the last seven
    # in notrumps, conceding the diamonds; South holds HA-Q and CA-T, North HK-J-6 and CJ-3.
    # On East's diamonds, North's H6 keeps the double-dummy value only as the unseen cards
    # lie and leaves H A-Q opposite K-J, two heart tricks where three were counted: a player
    # who believes his claim throws the idle C3 first ("discards losers before winners"),
    # and needs no guess in clubs. Before the count was read on the opponents' tricks the
    # ruling was 3 (the H6 thrown, then South's CA "guessed" on East's C2)
    p = pos("N:.KJ6.T7.J3 .32.K92.K2 .AQ75..AT7 .T984..Q9", None, W, "D8")
    r = adjudicate(p, N, 4, None, player_class="expert")
    assert r.dd == 4 and r.awarded == 4, r.text


def test_R70_4_deemed_top_down_order() -> None:
    # AK5 of spades opposite 42, West's jack doubleton: top down drops it (EBU WB 8.70.5)
    p = pos("N:AK5... 3..A2. 42.2.. J8..3.", None, N)
    top = adjudicate(p, N, 3, None, dd=None)
    assert top.awarded == 3
    free = adjudicate(p, N, 3, None, rules=RuleSet.duplicate(deemed_suit_order="none"), dd=None)
    assert free.awarded is not None and free.awarded < 3  # the 5 may go first


def test_R70_4_within_a_suit_the_short_hands_high_cards_go_first() -> None:
    # 70E2: the deemed order of a suit's cards is that of the suit in both hands, the short
    # hand's high cards first (ACBL 2019 guideline 1; EBU club TD course). West (DK-Q-4-2,
    # CK) claims four of five; East's DA is bare: the DK led first crashes with it, which is
    # no order between suits (a real table, USBF semi-final vugraph, board 60)
    p = pos("N:..J97.Q9 ..A3.T43 ..T85.J ..KQ42.K", None, S, "S9")
    assert adjudicate(p, W, 4, None, dd=None).awarded == 4
    # an order between suits stays the worst one (guideline 1): East on lead cashes his
    # clubs, West's S7 into East's bare SA strands the CA
    q = pos("N:Q32.95.. AJ.T..T9 T986.J.. K7...AK8", None, E)
    assert adjudicate(q, E, 5, None, dd=None).awarded == 4


def _local_choices(p: Position, claimer: Seat, claimed: int) -> list[str]:
    """The cards the claimer's local rules allow at ``p`` (before the belief check)."""
    policy = NormalPlay.for_claim(p, claimer, Statement((), ""), claimed=claimed)
    return [str(c) for c in cards_of_mask(policy.allowed(p, policy.start(p)))]


def test_R70_4_the_long_hand_leads_low_to_the_short_hands_high_cards_where_the_count_gains() -> (
    None
):
    # a real table (RealBridge, endplay's example file, board 20): North claims all eight in
    # notrumps with DK-Q-8-3-2 opposite South's DA-T and South's entries. The DK first
    # leaves the diamonds under the ace; the claimer who counts his tricks leads low to it
    # (70E2, C1: the short hand's high cards first). Before, the local rules led the DK and
    # the belief check added the low ones at every such node, which cost the search its
    # bounds
    p = pos("N:9..KQ832.93 J4..96.JT65 Q.A5.AT.AK8 T.9.J754.Q2", None, N)
    assert _local_choices(p, N, 8) == ["D2"]
    # the same suit with nothing to gain by the count: the top card, as before
    q = pos("N:..KQ2. ..97.J ..A3.K ..J8.Q", None, N)
    assert _local_choices(q, N, 3) == ["DK"]


def test_R70_4_the_short_hand_overtakes_partners_last_card_to_run_its_suit() -> None:
    # later on that board: South leads his last diamond, the DT, and North's DK-Q-8-3 have
    # no entry. With one diamond out (the D7) the count gives North all four after the DQ
    # overtakes (the D7 must fall under the DK), and three tricks after the D3: the claimer
    # overtakes (crossing to partner's winners, issue 17)
    p = pos("N:..KQ83. J4...JT Q...K8 T..7.Q", None, S, "DT", "D5")
    assert _local_choices(p, S, 4) == ["DQ"]
    # two diamonds out, East still to play: the D8 and D3 may never be winners, and South's
    # SQ and CK are two sure tricks after the DT holds; playing low is no worse by the count
    q = pos("N:..KQ83. J..9.JT Q...K8 T..7.Q", None, S, "DT", "D5")
    assert _local_choices(q, S, 4) == ["D3"]
    for p_ in (p, q):
        assert adjudicate(p_, S, 4, None, dd=None).awarded == 4


def test_R70_4_the_short_hand_unblocks_under_partners_winner_where_the_count_gains() -> None:
    # a real table (Polish Grand Prix vugraph, board 2, spades trumps and none out), late in
    # the search of East's claim: West leads the CA from A-Q-T, East holds CK-6 and no
    # entry. The C6 under the ace leaves the king to block the suit; the claimer who counts
    # his tricks unblocks it (70E2, C1)
    p = pos("N:..J8. ..3.K6 .T3.T. ...QT", "S", W, "CA", "C9")
    assert _local_choices(p, W, 3) == ["CK"]
    assert adjudicate(p, W, 3, None, dd=None).awarded == 3


def test_C7_the_void_hand_leaves_partners_sure_trick_to_him_where_the_count_gains() -> None:
    # diamonds trumps, none out: East leads the S7 and South is void. Ruffing with the D8
    # spends a trump on a trick North's S9 takes anyway; with it kept, the side takes the S9
    # and cross-ruffs (North's C8 ruffed, South's heart ruffed): one trick more by the count.
    # The claimer who counts lets partner's card take the trick (the hand on lead matters
    # to the line, C7); with nothing to gain by it (North's CA a winner) he ruffs, as before
    p = pos("N:9..J.8 6...Q .76.8. 85.8..", "D", E, "S7")
    assert _local_choices(p, S, 2) == ["H6"]
    q = pos("N:9..J.A 6...Q .76.8. 85.8..", "D", E, "S7")
    assert _local_choices(q, S, 3) == ["D8"]


def test_R70_4_a_suit_is_played_in_the_order_that_keeps_the_counted_tricks() -> None:
    # a real table (RealBridge, endplay's example file, board 19): South claims seven of
    # eight in hearts, the opponents out of trumps, after East's DK covers North's DQ. With
    # D A-T-9-4 opposite D J-8 the count is four diamond tricks, the short hand's DJ crossed
    # to by a low one (70E2, C1). The DT led from the long hand keeps the double-dummy value
    # only as the opponents' diamonds lie; before the count was read in a suit's order, the
    # ruling was 6 (the DT first, then a winner cashed too soon: "unstated technique")
    p = pos("N:K83.98.J8. J9742..6.3 Q6..AT94.K7 AT..7532.T8", "H", N, "DQ", "DK")
    for cls in ("club", "expert"):
        r = adjudicate(p, S, 7, None, dd=None, player_class=cls)
        assert r.awarded == 7 and not r.slips, cls


def test_R70_4_a_stranding_order_is_no_unstated_technique_where_it_is_irrational() -> None:
    # a real table (RealBridge, endplay's example file, board 13): South claims all six in
    # notrumps, North holding HA-T, DT, CA-8-6 and South HJ-7-5, DQ-7, C5. Once the DQ has
    # won, the HJ led into North's bare HA crashes two winners where the D7 first keeps
    # them: an order between suits (slip e, ACBL guideline 1) under the White Book profile.
    # The Danish federation holds an order stranding the claimer's own winners irrational
    # (LKU-20, profile dbf); the same play, the count showing the loss whatever the
    # opponents hold, is then no "technique not stated" either, and only the club guess
    # (North's CA, West's CQ over the C8) costs a trick. Before, dbf gave 4, naming the HJ
    # an unstated technique
    p = pos("N:.AT.T.A86 96.84.8.4 .J75.Q7.5 .93..Q972", None, S)
    ebu = adjudicate(p, S, 6, None, dd=None)
    assert ebu.awarded == 4 and [s.kind for s in ebu.slips] == ["suit-order"]
    dbf = adjudicate(p, S, 6, None, dd=None, prof="dbf")
    assert dbf.awarded == 5 and [(s.kind, s.card) for s in dbf.slips] == [("guess", "CA")]


def test_R70_5_defenders_claim_relying_on_partners_choice() -> None:
    # West cashes SA SK and leads the H2 to East's HA; East, discarding twice, may keep
    # the DA instead of the HA: the claim depends on partner's choice (70D2)
    # (dummy is North: a defender claims, and his partner's choices are his own, 70D2)
    p = pos("N:.3.K3. .A.A2. ...432 AK.2..", None, W)
    r = adjudicate(p, W, 3, None, dd=None, dummy=N)
    assert r.awarded == 2
    assert any(s.kind == "partner-choice" and s.seat == "East" for s in r.slips)
    assert adjudicate(p, W, 2, None, dd=None, dummy=N).awarded == 2


def test_R71_1_concession_of_a_trick_no_normal_play_loses() -> None:
    p = pos("N:AK... 32... ..32. ...32", None, N)
    r = adjudicate(p, N, 1, None, dd=None)
    assert r.awarded == 1 and r.law71 == 1 and "71" in r.laws
    rubber = adjudicate(p, N, 1, None, rules=RuleSet.rubber(), dd=None)
    assert rubber.law71 == 1


def test_R79_1_agreement_to_tricks_that_cannot_be_won_is_refused() -> None:
    def oracle(p: Position, side: Side) -> int:
        got = floor(p, side)
        return 0 if got.tricks is None else got.tricks

    for seed in range(40):
        rng = random.Random(seed)
        b = Board(BoardSetup.for_board(1, rng=rng), oracle=oracle)
        random_auction(b, rng)
        if b.contract is None:
            continue
        if b.face_down_lead is None and b.phase is Phase.CLARIFICATION:
            b.play(b.to_act, b.legal_cards()[0])  # type: ignore[arg-type]
        b.face_lead(b.opening_leader)  # type: ignore[arg-type]
        while len(b.tricks) < 11:
            seat = b.to_act
            assert seat is not None
            b.play(seat, rng.choice(b.legal_cards(seat)))
        declarer = b.declarer
        assert declarer is not None
        low = oracle(b.position(), declarer.side)
        if low == 0:
            continue
        b.make_claim(declarer, low - 1)
        exc = refused(b.agree_claim, declarer.lho)
        assert isinstance(exc, NotEntitled) and exc.law == "79A2"
        return
    raise AssertionError("no suitable board")


# -- deeming rules ------------------------------------------------------------------------


def test_C1_careless_spot_cards_may_lose_to_a_singleton() -> None:
    # 754 opposite a void, West's singleton 6: leading a low spot first is careless, normal
    p = pos("N:754... ..432. ...AKQ 6...32", None, N)
    assert adjudicate(p, N, 3, None, dd=None).awarded == 2


def test_C2_unordered_list_is_played_in_the_worst_order() -> None:
    # hearts blocked: AK opposite Q3; South has no other entry
    p = pos("N:.AK.2. 432... .Q3..3 ..J54.", None, N)
    assert adjudicate(p, N, 3, None, dd=None).awarded == 2
    assert adjudicate(p, N, 3, "cash H", dd=None).awarded == 2
    # a list without "then": the diamond may go first, and West runs the diamonds
    assert adjudicate(p, N, 3, "cash H, cash D", dd=None).awarded == 0


def test_C3_stated_suit_run_without_noticing_a_bad_break() -> None:
    # "run the spades": East shows out at once, West's JT98 stops the fourth round
    p = pos("N:AKQ2..A. .AKQJT.. ..65432. JT98.2..", None, N)
    ebu = adjudicate(p, N, 5, "cash S", dd=None)
    assert ebu.awarded == 3  # EBU: he carries on with the spades (WB 8.70.9)
    wbf = adjudicate(p, N, 5, "cash S", prof="wbf", dd=None)
    assert wbf.awarded == 4  # noticing the show-out, he cashes the DA first


def test_C4_claimer_ruffs_low_and_is_overruffed() -> None:
    # hearts trumps; East leads a club, South ruffs as low as possible and West overruffs
    p = pos("N:..43. ...K3 .A2.. .5.2.", "H", E)
    r = adjudicate(p, S, 2, None, dd=None)
    assert r.awarded == 1
    assert (S, Card("H2")) in r.witness[:3] and (W, Card("H5")) in r.witness[:3]


def test_C5_guess_resolved_against_the_claimer() -> None:
    r = adjudicate(pos(FINESSE, None, S), S, 2, None, dd=None)
    assert r.awarded == 1 and "70A" in r.laws


def test_C6_unstated_technique_is_never_credited_beyond_the_worst_normal_line() -> None:
    from bridgetable.solver.reference import ReferenceSolver

    rng = random.Random(6)
    ref = ReferenceSolver()
    for _ in range(60):
        cards = list(range(52))
        rng.shuffle(cards)
        n = rng.randint(1, 3)
        hands = [sum(1 << c for c in cards[i * n : (i + 1) * n]) for i in range(4)]
        trump = rng.choice([None, *Suit])
        p = Position(tuple(hands), trump, rng.choice(list(Seat)))  # type: ignore[arg-type]
        claimer = rng.choice(list(Seat))
        r = adjudicate(p, claimer, n, None, dd=None)
        assert r.awarded is not None
        assert r.floor is not None and r.floor <= r.awarded <= ref.tricks(p, claimer.side)


def test_C7_claim_from_the_wrong_hand() -> None:
    # South claims "SA SK" but North is on lead with no entry to South
    p = pos("N:..2.2 ..AK. AK... ..43.", None, N)
    r = adjudicate(p, S, 2, "SA SK", dd=None)
    assert r.awarded == 1  # North's club; the spades are never reached


def test_C8_law_71_uses_normal_play_in_duplicate_any_play_in_rubber() -> None:
    p = pos("N:AK... 32... ..32. ...32", None, N)
    assert adjudicate(p, N, 0, None, dd=None).law71 == 2
    assert adjudicate(p, N, 0, None, rules=RuleSet.rubber(), dd=None).law71 == 2


def test_C9_withdrawal_of_agreement_is_recorded_for_the_director() -> None:
    from datetime import datetime

    from support import at_play

    b = at_play("C8")
    b.make_claim(S, 13)
    b.agree_claim(E)
    b.agree_claim(W)
    b.restore_tricks(W, 1, law="69B", now=datetime(2026, 1, 1))
    assert b.tricks_for(Side.EW) == 1


def test_C10_revokes_cannot_happen_online() -> None:
    from support import at_play, c

    b = at_play("C8")
    exc = refused(b.play, S, c("SA"))  # dummy holds clubs
    assert "44C" in exc.law


def test_C11_defender_concession_objected() -> None:
    from support import at_play, c

    b = at_play("C8")
    b.play(S, c("C4"))
    b.play(E, c("CA"))
    b.play(S, c("C9"))
    b.make_claim(E, 0, concession=True)
    b.object_to_partners_claim(W)
    assert b.phase is Phase.PLAY


def test_C12_ethics_guard_refuses_accepting_unwinnable_tricks() -> None:
    test_R79_1_agreement_to_tricks_that_cannot_be_won_is_refused()
