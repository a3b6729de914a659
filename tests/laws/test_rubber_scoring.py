"""Rubber and Chicago scoring proved on whole worked rubbers, law by law.

Each test plays a rubber (or a Chicago) deal by deal, as a score sheet would record it, and
checks every line and the totals against the scoring rules of Part 7 of the Laws of Rubber
Bridge (trick points below the line, premiums above it, games of 100, the rubber bonus,
honours, slams, the insult, undertricks, the unfinished rubber). The law numbers are those
:mod:`bridgetable.core.scoring` cites (72: what goes below and above the line, 73: game,
74: the rubber and its bonus, 80: the unfinished rubber, 81: the scoring table); the worked
rubbers are built here from the scoring table's stated values, and one is a published worked
rubber (a club's scoring lesson, deal by deal: the last test), checked entry for entry.

Chicago (four-deal bridge) is not in the Laws' main text; its rules here are the ones
:class:`bridgetable.core.scoring.Chicago` states, checked against the ACBL's statement of
four-deal bridge (vulnerability schedule; part scores combined towards game; the game premium
by the vulnerability of the deal completing it; 100 for a fourth-deal part score that
completes no game, whatever part scores either side has).
"""

from __future__ import annotations

from bridgetable.core.boards import Vulnerability
from bridgetable.core.calls import Contract, Strain
from bridgetable.core.cards import Card
from bridgetable.core.scoring import (
    Chicago,
    HonoursHeld,
    HonoursKind,
    Rubber,
    RubberEntry,
    find_honours,
)
from bridgetable.core.seats import Seat, Side

NS, EW = Side.NS, Side.EW


def c(text: str) -> Contract:
    """A contract with its declarer, e.g. ``c("4SX N")``."""
    return Contract.parse(text)


def test_law73_game_in_one_deal() -> None:
    """Law 73: 100 trick points in one deal make a game at once (4S making: 120 below)."""
    r = Rubber().record(c("4S N"), 10)
    assert r.games == (NS,)
    assert r.hands[0] == (RubberEntry(NS, below=120, label="4S made"),)
    assert (r.part_score(NS), r.part_score(EW)) == (0, 0)


def test_law73_part_scores_carried_to_the_next_deal_make_game() -> None:
    """Law 73: part scores add up over deals; 2H (60) then 2D (40) makes 100, a game; only
    the tricks bid count below the line, the overtrick goes above (Law 72)."""
    r = Rubber().record(c("2H S"), 9)  # 60 below, 30 above
    assert r.part_score(NS) == 60 and r.games == ()
    r = r.record(c("2D N"), 8)  # 40 below: 100, game
    assert r.games == (NS,)
    assert r.below(NS) == 100 and r.above(NS) == 30


def test_law73_a_part_score_wiped_by_the_opponents_game_still_counts_in_the_total() -> None:
    """Law 73: when one side wins a game, the other side's part score no longer counts
    towards game, but its points stay in that side's total."""
    r = Rubber().record(c("3D W"), 9)  # EW 60 part score
    r = r.record(c("4H N"), 10)  # NS game: EW's 60 is cut off
    assert r.games == (NS,) and r.part_score(EW) == 0
    r = r.record(c("2S E"), 8)  # EW 60: not a game (the earlier 60 is gone)
    assert r.games == (NS,) and r.part_score(EW) == 60
    assert r.total(EW) == 120 and r.below(EW) == 120


def test_law74_rubber_bonus_700_two_games_to_none() -> None:
    """Law 74: a side winning two games before its opponents win one earns 700."""
    r = Rubber().record(c("3NT N"), 9).record(c("5C S"), 11)
    assert r.winner is NS and r.is_over
    assert r.entries[-1] == RubberEntry(NS, above=700, label="rubber")
    assert r.final_totals() == (100 + 100 + 700, 0)


def test_law74_rubber_bonus_500_two_games_to_one() -> None:
    """Law 74: a side winning two games to one earns 500; the totals, not the games, decide
    the margin (here East-West's penalties outweigh the rubber)."""
    r = Rubber().record(c("4S E"), 10)  # EW game 120
    r = r.record(c("3NT N"), 9)  # NS game 100
    r = r.record(c("4HXX S"), 5)  # NS vulnerable, redoubled, five down: 400+600+600+600+600
    assert r.hands[-1] == (RubberEntry(EW, above=2800, label="undertricks"),)
    r = r.record(c("4S N"), 10)  # NS second game: 500
    assert r.winner is NS and r.entries[-1] == RubberEntry(NS, above=500, label="rubber")
    assert r.final_totals() == (100 + 120 + 500, 120 + 2800)
    assert r.margin(NS) == 720 - 2920


def test_law81_honours_100_and_150_to_the_side_holding_them_defenders_included() -> None:
    """Law 81 (table of honours): four trump honours in one hand 100, five 150, four aces in
    one hand at no trump 150, to the side holding them, declarer's or the defenders', made or
    defeated (Law 72)."""
    r = Rubber().record(c("4H N"), 10, honours=HonoursHeld(EW, HonoursKind.FOUR_TRUMP_HONOURS))
    assert r.totals == (120, 100)
    r = r.record(c("4S W"), 9, honours=HonoursHeld(EW, HonoursKind.FIVE_TRUMP_HONOURS))
    assert r.totals == (120 + 50, 100 + 150)  # EW down one not vulnerable, honours still
    r = r.record(c("3NT S"), 9, honours=HonoursHeld(NS, HonoursKind.FOUR_ACES))
    assert r.winner is NS
    assert r.totals == (120 + 50 + 100 + 150 + 700, 250)


def test_law81_honours_found_in_the_hands() -> None:
    """Law 81: only a holding in one hand scores: four of the five trump honours, or the four
    aces at no trump."""

    def cards(text: str) -> list[Card]:
        return [Card(t) for t in text.split()]

    hands = {Seat.NORTH: cards("SA SK SQ SJ HA"), Seat.EAST: cards("DA CA S2")}
    assert find_honours(hands, Strain.SPADES) == HonoursHeld(NS, HonoursKind.FOUR_TRUMP_HONOURS)
    spread = {Seat.NORTH: cards("SA SK SQ"), Seat.SOUTH: cards("SJ ST")}
    assert find_honours(spread, Strain.SPADES) is None  # five honours, not in one hand
    aces = {Seat.WEST: cards("SA HA DA CA")}
    assert find_honours(aces, Strain.NOTRUMP) == HonoursHeld(EW, HonoursKind.FOUR_ACES)
    assert find_honours(aces, Strain.HEARTS) is None


def test_law81_slam_bonuses_not_vulnerable_and_vulnerable() -> None:
    """Law 81: small slam 500 not vulnerable, 750 vulnerable; grand slam 1000 and 1500."""
    r = Rubber().record(c("6S N"), 12)
    assert RubberEntry(NS, above=500, label="small slam") in r.hands[0]
    r = r.record(c("7NT E"), 13)
    assert RubberEntry(EW, above=1000, label="grand slam") in r.hands[1]
    r = r.record(c("6H W"), 12)  # EW vulnerable now
    assert RubberEntry(EW, above=750, label="small slam") in r.hands[2]
    assert r.winner is EW and r.entries[-1].above == 500
    r2 = Rubber().record(c("4S N"), 10).record(c("7C S"), 13)
    assert RubberEntry(NS, above=1500, label="grand slam") in r2.hands[1]


def test_law81_insult_50_doubled_100_redoubled() -> None:
    """Law 81: making a doubled contract earns 50 above the line, a redoubled one 100; the
    doubled trick score goes below and can make game (1SX: 60, 2HXX: 240)."""
    r = Rubber().record(c("1SX N"), 7)
    assert r.hands[0] == (
        RubberEntry(NS, below=60, label="1S made"),
        RubberEntry(NS, above=50, label="doubled contract made"),
    )
    r = r.record(c("1HXX E"), 7)
    assert r.hands[1] == (
        RubberEntry(EW, below=120, label="1H made"),
        RubberEntry(EW, above=100, label="redoubled contract made"),
    )
    assert r.games == (EW,)


def test_law81_doubled_undertricks_not_vulnerable_and_vulnerable() -> None:
    """Law 81: doubled undertricks not vulnerable 100, 200, 200, then 300 each from the
    fourth; vulnerable 200, then 300 each; undoubled 50 and 100."""
    nv = [Rubber().record(c("4SX N"), 10 - d).entries[0].above for d in range(1, 6)]
    assert nv == [100, 300, 500, 800, 1100]
    vul = Rubber().record(c("4S N"), 10)
    v = [vul.record(c("4SX N"), 10 - d).hands[-1][0].above for d in range(1, 6)]
    assert v == [200, 500, 800, 1100, 1400]
    assert Rubber().record(c("3NT E"), 7).entries[0] == RubberEntry(
        NS, above=100, label="undertricks"
    )
    assert vul.record(c("4H S"), 8).hands[-1][0].above == 200


def test_law80_unfinished_rubber_300_for_a_game_100_for_a_part_score() -> None:
    """Law 80: a rubber stopped unfinished: 300 to a side that has won the only game, 100 to
    each side with a part score in the unfinished game."""
    r = Rubber().record(c("4S N"), 10).record(c("2C E"), 8).record(c("1NT S"), 7)
    assert r.unfinished() == (
        RubberEntry(NS, above=300, label="game in unfinished rubber"),
        RubberEntry(NS, above=100, label="part score in unfinished game"),
        RubberEntry(EW, above=100, label="part score in unfinished game"),
    )
    assert r.final_totals() == (120 + 40 + 300 + 100, 40 + 100)
    one_each = Rubber().record(c("4S N"), 10).record(c("4H E"), 10)
    assert one_each.unfinished() == ()


def test_chicago_four_deals_vulnerability_schedule() -> None:
    """Chicago: dealer North, East, South, West; vulnerable none, dealer's side, dealer's
    side, both."""
    assert [Chicago.dealer_of(d) for d in (1, 2, 3, 4)] == [
        Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST,
    ]  # fmt: skip
    assert [Chicago.vulnerability_of(d) for d in (1, 2, 3, 4)] == [
        Vulnerability.NONE, Vulnerability.EW, Vulnerability.NS, Vulnerability.BOTH,
    ]  # fmt: skip


def test_chicago_game_300_not_vulnerable_500_vulnerable_and_100_for_a_fourth_deal_part_score() -> (
    None
):
    """Chicago: a game earns 300 not vulnerable and 500 vulnerable at once; part scores carry
    until a game; a part score on the fourth deal that makes no game earns 100."""
    ch = Chicago().record(c("4S N"), 10)  # deal 1, not vulnerable: 120 + 300
    assert ch.totals == (420, 0)
    ch = ch.record(c("2H E"), 8)  # deal 2, EW vulnerable: part score 60
    assert ch.part_score(EW) == 60
    ch = ch.record(c("2S W"), 8)  # deal 3, EW not vulnerable: 60 more, game 300
    assert ch.totals == (420, 60 + 60 + 300) and ch.part_score(EW) == 0
    ch = ch.record(c("2NT S"), 8)  # deal 4, both vulnerable: 70 part score, 100
    assert ch.hands[-1][-1] == RubberEntry(NS, above=100, label="part score on the fourth deal")
    assert ch.is_over and ch.totals == (420 + 70 + 100, 420)
    vul = Chicago().record(c("1C N"), 7).record(c("4H E"), 10)  # deal 2 EW vulnerable
    assert RubberEntry(EW, above=500, label="game") in vul.hands[-1]


def test_chicago_game_premium_by_the_vulnerability_of_the_deal_that_completes_it() -> None:
    """Chicago, as the ACBL's four-deal rules state it: part scores made before combine with
    the current deal's towards game, and the game premium is the one of the vulnerability, on
    that deal, of the side completing the game (60 not vulnerable on deal 1, then 40 on deal 3
    where North-South, the dealer's side, are vulnerable: 500); a part score on the fourth deal
    that completes no game earns 100 whether or not either side has an uncompleted part
    score."""
    ch = Chicago().record(c("2S N"), 8)  # deal 1: NS 60, nobody vulnerable
    ch = ch.record(c("1NT E"), 7)  # deal 2: EW 40 part score
    ch = ch.record(c("2D S"), 8)  # deal 3: NS 40 more = 100, NS vulnerable: 500
    assert RubberEntry(NS, above=500, label="game") in ch.hands[-1]
    assert (ch.part_score(NS), ch.part_score(EW)) == (0, 0)  # EW's 40 no longer counts
    ch = ch.record(c("1H W"), 7)  # deal 4: EW 30, not game: 100
    assert ch.hands[-1] == (
        RubberEntry(EW, below=30, label="1H made"),
        RubberEntry(EW, above=100, label="part score on the fourth deal"),
    )
    carried = Chicago().record(c("1C N"), 7).record(c("1D E"), 7).record(c("1S S"), 7)
    last = carried.record(c("1NT W"), 7)  # EW 20 carried + 40 = 60: still 100, NS keep 50
    assert RubberEntry(EW, above=100, label="part score on the fourth deal") in last.hands[-1]
    assert last.part_score(NS) == 50


def test_law72_to_81_a_published_worked_rubber_deal_by_deal() -> None:
    """A worked rubber as a club's scoring lesson publishes it ("We - J&H, They - M&A",
    slides at https://www.slideserve.com/anoush/we-jh and slideplayer.com/slide/2812193;
    its deals 7 and 8 are not in the stored copy, so the sheet is checked through deal 6):
    We (J&H) are North-South, They (M&A) East-West. Each deal's entries are the lesson's."""
    r = Rubber().record(c("2H N"), 10)  # 60 below, 60 above
    assert (r.below(NS), r.above(NS)) == (60, 60)
    r = r.record(c("4SX E"), 8)  # two down doubled, not vulnerable: 100 + 200 above
    assert r.above(NS) == 60 + 300
    r = r.record(c("3NT E"), 10)  # 100 below: a game (Law 73); 30 above
    assert r.games == (EW,) and (r.below(EW), r.above(EW)) == (100, 30)
    assert r.part_score(NS) == 0  # a new line is drawn: We's 60 no longer counts to game
    r = r.record(c("3S E"), 9)  # 90 below the new line
    assert r.part_score(EW) == 90
    assert r.is_vulnerable(EW) and not r.is_vulnerable(NS)  # Law 81: a game won
    r = r.record(c("2D E"), 6)  # two down vulnerable, undoubled: 100 each above
    assert r.above(NS) == 60 + 300 + 200
    r = r.record(c("6HX N"), 13)  # 360 below: game; 100 overtrick, 50 insult, 500 slam
    assert r.games == (EW, NS) and r.part_score(EW) == 0  # They's 90 cut off
    assert r.below(NS) == 60 + 360
    assert r.above(NS) == 60 + 300 + 200 + 100 + 50 + 500
    assert (r.below(EW), r.above(EW)) == (190, 30)
    assert r.totals == (420 + 1210, 220) and not r.is_over
