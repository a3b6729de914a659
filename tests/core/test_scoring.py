"""Tests for bridgetable.core.scoring: Law 77 duplicate scores, IMPs, matchpoints, rubber."""

from __future__ import annotations

import doctest

import pytest
from endplay.types import Contract as EpContract
from endplay.types import Denom, Penalty, Player, Vul
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.core import scoring
from bridgetable.core.boards import Vulnerability
from bridgetable.core.calls import Contract, Doubling, Strain
from bridgetable.core.cards import Card
from bridgetable.core.errors import NotationError, WrongPhase
from bridgetable.core.scoring import (
    HonoursHeld,
    HonoursKind,
    Rubber,
    RubberEntry,
    board_score,
    contract_score,
    find_honours,
    imps,
    matchpoint_percentages,
    matchpoints,
)
from bridgetable.core.seats import Seat, Side

NS, EW = Side.NS, Side.EW

# no example database: keep the working tree clean
_settings = settings(database=None, deadline=None)


def c(text: str) -> Contract:
    return Contract.parse(text)


# ---------------------------------------------------------------------------------------------
# contract_score against endplay, every contract and result
# ---------------------------------------------------------------------------------------------

_DENOM = {
    Strain.CLUBS: Denom.clubs,
    Strain.DIAMONDS: Denom.diamonds,
    Strain.HEARTS: Denom.hearts,
    Strain.SPADES: Denom.spades,
    Strain.NOTRUMP: Denom.nt,
}
_PENALTY = {
    Doubling.UNDOUBLED: Penalty.passed,
    Doubling.DOUBLED: Penalty.doubled,
    Doubling.REDOUBLED: Penalty.redoubled,
}


def endplay_score(level: int, strain: Strain, doubling: Doubling, tricks: int, vul: bool) -> int:
    """The score endplay gives North as declarer (an implementation independent of ours)."""
    ep = EpContract(
        level=level,
        denom=_DENOM[strain],
        declarer=Player.north,
        penalty=_PENALTY[doubling],
        result=tricks - 6 - level,
    )
    return int(ep.score(Vul.both if vul else Vul.none))


@pytest.mark.parametrize("vul", [False, True], ids=["nv", "vul"])
@pytest.mark.parametrize("doubling", list(Doubling), ids=["undoubled", "X", "XX"])
@pytest.mark.parametrize("strain", list(Strain), ids=str)
@pytest.mark.parametrize("level", range(1, 8))
def test_contract_score_matches_endplay(
    level: int, strain: Strain, doubling: Doubling, vul: bool
) -> None:
    contract = Contract(level, strain, doubling)
    for tricks in range(14):
        expected = endplay_score(level, strain, doubling, tricks, vul)
        assert contract_score(contract, tricks, vul) == expected, (str(contract), tricks, vul)


# ---------------------------------------------------------------------------------------------
# contract_score against a hand-typed Law 77 table
# ---------------------------------------------------------------------------------------------

# (contract, tricks, vulnerable, score), each worked out by hand from the Law 77 table.
LAW77_TABLE: list[tuple[str, int, bool, int]] = [
    ("1NT", 7, False, 90),  # 40 + part score 50
    ("1NT", 8, False, 120),  # 40 + 30 overtrick + 50
    ("1S", 7, False, 80),  # 30 + 50
    ("2S", 8, False, 110),  # 60 + 50
    ("2S", 9, False, 140),  # 60 + 30 + 50
    ("2D", 8, False, 90),  # 40 + 50
    ("3D", 9, False, 110),  # 60 + 50
    ("4D", 10, False, 130),  # 80 + 50 (80 is not game)
    ("3NT", 9, False, 400),  # 100 + game 300
    ("3NT", 9, True, 600),  # 100 + game 500
    ("3NT", 10, False, 430),  # 100 + 30 + 300
    ("4H", 10, False, 420),  # 120 + 300
    ("4H", 11, False, 450),  # 120 + 30 + 300
    ("4S", 10, True, 620),  # 120 + 500
    ("5C", 11, False, 400),  # 100 + 300
    ("5D", 11, True, 600),  # 100 + 500
    ("6S", 12, False, 980),  # 180 + 300 + small slam 500
    ("6S", 12, True, 1430),  # 180 + 500 + 750
    ("6NT", 12, False, 990),  # 190 + 300 + 500
    ("6NT", 12, True, 1440),  # 190 + 500 + 750
    ("7S", 13, False, 1510),  # 210 + 300 + grand slam 1000
    ("7S", 13, True, 2210),  # 210 + 500 + 1500
    ("7NT", 13, False, 1520),  # 220 + 300 + 1000
    ("7NT", 13, True, 2220),  # 220 + 500 + 1500
    ("1CX", 7, False, 140),  # 20*2=40 + 50 + insult 50
    ("1CX", 7, True, 140),  # 40 + 50 + 50 (vulnerability changes nothing here)
    ("1CX", 8, False, 240),  # 140 + doubled overtrick 100
    ("1CX", 8, True, 340),  # 140 + doubled overtrick 200
    ("2CX", 8, False, 180),  # 80 + 50 + 50
    ("3CX", 9, False, 470),  # 120 (game) + 300 + 50
    ("3CX", 9, True, 670),  # 120 + 500 + 50
    ("2HX", 8, False, 470),  # 120 + 300 + 50: doubled into game
    ("3NTX", 9, False, 550),  # 200 + 300 + 50
    ("4HX", 11, True, 990),  # 240 + 500 + 50 + 200
    ("6CX", 12, True, 1540),  # 240 + 500 + 750 + 50
    ("1NTXX", 7, False, 560),  # 40*4=160 + 300 + insult 100
    ("1NTXX", 7, True, 760),  # 160 + 500 + 100
    ("1NTXX", 8, False, 760),  # 560 + redoubled overtrick 200
    ("1NTXX", 8, True, 1160),  # 760 + 400
    ("7NTXX", 13, True, 2980),  # 220*4=880 + 500 + 1500 + 100
    ("7NTXX", 13, False, 2280),  # 880 + 300 + 1000 + 100
    ("1NT", 6, False, -50),  # one down undoubled
    ("1NT", 6, True, -100),
    ("4S", 7, True, -300),  # three down, 100 each
    ("7NT", 0, False, -650),  # thirteen down, 50 each
    ("7NT", 0, True, -1300),  # thirteen down, 100 each
    ("4SX", 9, False, -100),  # 100
    ("4SX", 8, False, -300),  # 100 + 200
    ("4SX", 7, False, -500),  # 100 + 200 + 200
    ("4SX", 6, False, -800),  # 100 + 200 + 200 + 300
    ("4SX", 5, False, -1100),  # ... + 300
    ("3NTX", 8, True, -200),  # 200
    ("4SX", 8, True, -500),  # 200 + 300
    ("4SX", 7, True, -800),  # 200 + 300 + 300
    ("4SX", 6, True, -1100),  # 200 + 3 * 300
    ("4SXX", 9, False, -200),  # 2 * 100
    ("4SXX", 7, False, -1000),  # 2 * 500
    ("4SXX", 8, True, -1000),  # 2 * 500
    ("7NTXX", 0, False, -7000),  # 2 * (100 + 200 + 200 + 10 * 300)
    ("7NTXX", 0, True, -7600),  # 2 * (200 + 12 * 300)
]


@pytest.mark.parametrize(("text", "tricks", "vul", "expected"), LAW77_TABLE)
def test_contract_score_law77_table(text: str, tricks: int, vul: bool, expected: int) -> None:
    assert contract_score(c(text), tricks, vul) == expected


def test_contract_score_ignores_declarer() -> None:
    assert contract_score(c("4S W"), 10, True) == contract_score(c("4S"), 10, True) == 620


@pytest.mark.parametrize("tricks", [-1, 14, 7.0, True, "9", None])
def test_contract_score_rejects_bad_tricks(tricks: object) -> None:
    with pytest.raises(NotationError):
        contract_score(c("3NT"), tricks, False)  # type: ignore[arg-type]


def test_contract_score_rejects_bad_contract_and_vulnerability() -> None:
    with pytest.raises(NotationError):
        contract_score("3NT", 9, False)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        contract_score(c("3NT"), 9, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="0 to 13"):  # NotationError is a ValueError
        contract_score(c("3NT"), 20, False)


# ---------------------------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------------------------

contracts = st.builds(
    Contract,
    st.integers(1, 7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Doubling)),
    st.sampled_from(list(Seat)),
)


@_settings
@given(contracts, st.integers(0, 13), st.booleans())
def test_made_contracts_score_positive_and_defeated_negative(
    contract: Contract, tricks: int, vul: bool
) -> None:
    score = contract_score(contract, tricks, vul)
    if tricks >= contract.tricks_needed:
        assert score > 0
    else:
        assert score < 0
    assert score % 10 == 0


@_settings
@given(contracts, st.integers(0, 12), st.booleans())
def test_more_tricks_never_score_less(contract: Contract, tricks: int, vul: bool) -> None:
    assert contract_score(contract, tricks + 1, vul) > contract_score(contract, tricks, vul)


@_settings
@given(contracts, st.integers(0, 13))
def test_vulnerability_raises_the_stakes(contract: Contract, tricks: int) -> None:
    nv, vul = contract_score(contract, tricks, False), contract_score(contract, tricks, True)
    assert abs(vul) >= abs(nv)
    assert (vul > 0) == (nv > 0)


@_settings
@given(contracts, st.integers(0, 13), st.sampled_from(list(Vulnerability)))
def test_board_score_is_the_declaring_sides_score_signed_for_ns(
    contract: Contract, tricks: int, vulnerability: Vulnerability
) -> None:
    assert contract.declarer is not None
    own = contract_score(contract, tricks, vulnerability.is_vulnerable(contract.declarer))
    ns = board_score(contract, tricks, vulnerability)
    assert ns == (own if contract.declarer.side is NS else -own)
    # the same result by declarer's partner scores the same
    partner = contract.with_declarer(contract.declarer.partner)
    assert board_score(partner, tricks, vulnerability) == ns


# ---------------------------------------------------------------------------------------------
# board_score
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tricks", "vul", "expected"),
    [
        ("4S N", 10, Vulnerability.NONE, 420),
        ("4S S", 10, Vulnerability.NS, 620),
        ("4S E", 10, Vulnerability.NS, -420),  # EW not vulnerable
        ("4S W", 10, Vulnerability.EW, -620),
        ("4S W", 10, Vulnerability.BOTH, -620),
        ("3NTX E", 8, Vulnerability.BOTH, 200),  # EW down one doubled vul: +200 to NS
        ("3NTX N", 8, Vulnerability.EW, -100),  # NS not vulnerable
        ("1C S", 0, Vulnerability.NONE, -350),
    ],
)
def test_board_score_sign(text: str, tricks: int, vul: Vulnerability, expected: int) -> None:
    assert board_score(c(text), tricks, vul) == expected


def test_board_score_passed_out_and_errors() -> None:
    assert board_score(None, None, Vulnerability.BOTH) == 0
    with pytest.raises(NotationError):
        board_score(None, 7, Vulnerability.NONE)
    with pytest.raises(NotationError, match="declarer"):
        board_score(c("4S"), 10, Vulnerability.NONE)
    with pytest.raises(NotationError):
        board_score(c("4S N"), None, Vulnerability.NONE)
    with pytest.raises(NotationError):
        board_score(c("4S N"), 10, "None")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# IMPs
# ---------------------------------------------------------------------------------------------

# (lowest difference, highest difference, IMPs) of the WBF scale, typed from the table.
IMP_SCALE = [
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, 4000, 24),
]


@pytest.mark.parametrize(("low", "high", "expected"), IMP_SCALE)
def test_imps_scale_boundaries(low: int, high: int, expected: int) -> None:
    for diff in range(low, high + 10, 10):
        assert imps(diff) == expected, diff
        assert imps(-diff) == -expected, -diff


def test_imps_top_and_odd_differences() -> None:
    assert imps(4000) == imps(7600) == imps(100_000) == 24
    assert imps(-7600) == -24
    assert imps(15) == 0
    assert imps(45) == 1
    assert imps(-2995) == -21
    assert imps(620 - 170) == 10
    assert imps(-(1430 - 680)) == -13


@pytest.mark.parametrize("bad", [1.5, "20", True, None])
def test_imps_rejects_non_integers(bad: object) -> None:
    with pytest.raises(NotationError):
        imps(bad)  # type: ignore[arg-type]


@_settings
@given(st.integers(-10_000, 10_000), st.integers(0, 500))
def test_imps_odd_and_monotone(diff: int, step: int) -> None:
    assert imps(-diff) == -imps(diff)
    assert imps(diff + step) >= imps(diff)
    assert 0 <= abs(imps(diff)) <= 24


# ---------------------------------------------------------------------------------------------
# Matchpoints
# ---------------------------------------------------------------------------------------------


def test_matchpoints_with_ties() -> None:
    # five tables: 620 beats three and ties one (2*3 + 1 = 7); 170 beats 140 and -100
    assert matchpoints([620, 170, 620, -100, 140]) == [7.0, 4.0, 7.0, 0.0, 2.0]
    assert matchpoints([100, 100, 100]) == [2.0, 2.0, 2.0]
    assert matchpoints([50]) == [0.0]
    assert matchpoints([]) == []


def test_matchpoint_percentages() -> None:
    assert matchpoint_percentages([620, 170, 620, -100, 140]) == [87.5, 50.0, 87.5, 0.0, 25.0]
    assert matchpoint_percentages([1, 2]) == [0.0, 100.0]
    assert matchpoint_percentages([400]) == [50.0]
    assert matchpoint_percentages(()) == []


def test_matchpoints_reject_non_integers() -> None:
    with pytest.raises(NotationError):
        matchpoints([100, 1.5])  # type: ignore[list-item]


@_settings
@given(st.lists(st.integers(-3000, 3000).map(lambda x: x * 10), max_size=30))
def test_matchpoints_share_the_board(scores: list[int]) -> None:
    mps = matchpoints(scores)
    n = len(scores)
    assert sum(mps) == n * (n - 1)
    assert all(0 <= mp <= 2 * max(n - 1, 0) for mp in mps)
    for a, b in zip(scores, mps, strict=True):
        for x, y in zip(scores, mps, strict=True):
            if a > x:
                assert b > y


# ---------------------------------------------------------------------------------------------
# Rubber
# ---------------------------------------------------------------------------------------------


def test_rubber_two_games_to_none() -> None:
    r = Rubber()
    r = r.record(c("4S N"), 10)  # 120 below: game
    assert r.games == (NS,) and r.is_vulnerable(NS) and not r.is_vulnerable(EW)
    assert r.vulnerability is Vulnerability.NS
    assert not r.is_over and r.winner is None
    r = r.record(c("3NT S"), 10)  # 100 below, 30 above: second game, 700 rubber
    assert r.is_over and r.winner is NS
    assert r.hands[-1] == (
        RubberEntry(NS, below=100, label="3NT made"),
        RubberEntry(NS, above=30, label="overtricks"),
        RubberEntry(NS, above=700, label="rubber"),
    )
    assert r.below(NS) == 220 and r.above(NS) == 730
    assert r.totals == (950, 0)
    assert r.margin(NS) == 950 and r.margin(EW) == -950
    assert r.unfinished() == ()
    with pytest.raises(WrongPhase):
        r.record(c("1C E"), 7)


def test_rubber_two_games_to_one() -> None:
    r = Rubber()
    r = r.record(c("4H N"), 10)  # NS game: 120
    r = r.record(c("5D E"), 11)  # EW game: 100
    assert r.vulnerability is Vulnerability.BOTH
    r = r.record(c("2S W"), 8)  # EW part score 60
    assert r.part_score(EW) == 60
    r = r.record(c("3NT S"), 9)  # NS 100: rubber 2-1, EW's 60 no longer counts towards game
    assert r.games == (NS, EW, NS) and r.winner is NS
    assert r.entries[-1] == RubberEntry(NS, above=500, label="rubber")
    assert r.part_score(EW) == 0
    assert r.totals == (120 + 100 + 500, 100 + 60)
    assert r.margin(NS) == 560


def test_rubber_part_scores_carried_to_game() -> None:
    r = Rubber()
    r = r.record(c("2H N"), 8)  # NS 60
    r = r.record(c("2C E"), 8)  # EW 40
    r = r.record(c("1NT W"), 6)  # EW down one, not vulnerable: NS 50 above
    assert (r.part_score(NS), r.part_score(EW), r.games) == (60, 40, ())
    r = r.record(c("2D S"), 8)  # NS 40 more: 100, game
    assert r.games == (NS,)
    assert (r.part_score(NS), r.part_score(EW)) == (0, 0)
    # the part scores still count in the totals
    assert r.totals == (60 + 50 + 40, 40)
    assert r.below(EW) == 40


def test_rubber_no_game_bonus_per_hand_but_slam_and_insult_above() -> None:
    r = Rubber().record(c("2HX S"), 9)  # 120 below (game), 50 insult + 100 overtrick above
    assert r.hands[0] == (
        RubberEntry(NS, below=120, label="2H made"),
        RubberEntry(NS, above=100, label="overtricks"),
        RubberEntry(NS, above=50, label="doubled contract made"),
    )
    r = r.record(c("6NT E"), 12)  # EW not vulnerable: 190 below, small slam 500 above
    assert r.hands[1][1] == RubberEntry(EW, above=500, label="small slam")
    r = r.record(c("7SXX N"), 13)  # NS vulnerable: 840 below, 100 insult, 1500 grand slam
    assert r.hands[2] == (
        RubberEntry(NS, below=840, label="7S made"),
        RubberEntry(NS, above=100, label="redoubled contract made"),
        RubberEntry(NS, above=1500, label="grand slam"),
        RubberEntry(NS, above=500, label="rubber"),
    )
    assert r.totals == (120 + 150 + 840 + 100 + 1500 + 500, 190 + 500)


def test_rubber_honours_credited_to_defenders() -> None:
    four = HonoursHeld(EW, HonoursKind.FOUR_TRUMP_HONOURS)
    r = Rubber().record(c("4S N"), 10, honours=four)  # NS make game, EW score 100 honours
    assert r.hands[0][-1] == RubberEntry(EW, above=100, label="honours")
    assert r.totals == (120, 100)
    # honours score even when the contract fails, to whoever holds them
    aces = HonoursHeld(NS, HonoursKind.FOUR_ACES)
    r = r.record(c("3NT E"), 8, honours=aces)  # EW down 1 not vul (50) + NS aces 150
    assert r.totals == (120 + 50 + 150, 100)
    five = HonoursHeld(NS, HonoursKind.FIVE_TRUMP_HONOURS)
    r = r.record(c("2H S"), 7, honours=five)  # NS down 1 vulnerable: EW 100; NS honours 150
    assert r.totals == (120 + 50 + 150 + 150, 100 + 100)


def test_rubber_rejects_honours_of_the_wrong_kind() -> None:
    with pytest.raises(NotationError):
        Rubber().record(c("4S N"), 10, honours=HonoursHeld(NS, HonoursKind.FOUR_ACES))
    with pytest.raises(NotationError):
        Rubber().record(c("3NT N"), 9, honours=HonoursHeld(NS, HonoursKind.FIVE_TRUMP_HONOURS))
    with pytest.raises(NotationError):
        HonoursHeld(Seat.NORTH, HonoursKind.FOUR_ACES)  # type: ignore[arg-type]


def test_rubber_doubled_undertricks_vulnerable_after_a_game() -> None:
    before = Rubber().record(c("4HX E"), 8)  # EW not vulnerable, two down doubled: 300
    assert before.entries == (RubberEntry(NS, above=300, label="undertricks"),)
    r = Rubber().record(c("4S W"), 10)  # EW game, now vulnerable
    assert r.is_vulnerable(EW)
    r = r.record(c("4HX E"), 8)  # two down doubled vulnerable: 200 + 300
    assert r.hands[-1] == (RubberEntry(NS, above=500, label="undertricks"),)
    r = r.record(c("2SX W"), 9)  # doubled overtrick vulnerable: 200
    assert RubberEntry(EW, above=200, label="overtricks") in r.hands[-1]


def test_rubber_unfinished() -> None:
    r = Rubber().record(c("4S N"), 10).record(c("2D E"), 8)  # NS game; EW part score 40
    assert r.unfinished() == (
        RubberEntry(NS, above=300, label="game in unfinished rubber"),
        RubberEntry(EW, above=100, label="part score in unfinished game"),
    )
    assert r.final_totals() == (120 + 300, 40 + 100)
    assert r.totals == (120, 40)
    assert r.margin(NS) == 280
    # one game each: no premium for games; a part score for each side: 100 each
    r = r.record(c("3NT W"), 9).record(c("1S N"), 7).record(c("1NT E"), 7)
    assert r.games == (NS, EW)
    assert r.unfinished() == (
        RubberEntry(NS, above=100, label="part score in unfinished game"),
        RubberEntry(EW, above=100, label="part score in unfinished game"),
    )
    assert Rubber().unfinished() == ()
    assert Rubber().final_totals() == (0, 0)


def test_rubber_is_immutable_and_validates() -> None:
    start = Rubber()
    after = start.record(c("1C N"), 7)
    assert start.hands == () and len(after.hands) == 1
    assert after == Rubber().record(c("1C N"), 7) and hash(after) == hash(
        Rubber().record(c("1C N"), 7)
    )
    assert repr(after) == "<Rubber hands=1 games=- NS=20 EW=0>"  # no part-score bonus
    with pytest.raises(NotationError, match="declarer"):
        start.record(c("1C"), 7)
    with pytest.raises(NotationError):
        start.record(c("1C N"), 14)
    with pytest.raises(NotationError):
        RubberEntry(NS, below=-10)
    with pytest.raises(NotationError):
        start.record(c("1C N"), 7, honours="four aces")  # type: ignore[arg-type]


@_settings
@given(st.lists(st.tuples(contracts, st.integers(0, 13)), max_size=40))
def test_rubber_bookkeeping(hands: list[tuple[Contract, int]]) -> None:
    r = Rubber()
    for contract, tricks in hands:
        if r.is_over:
            break
        assert contract.declarer is not None
        side = contract.declarer.side
        vulnerable = r.is_vulnerable(side)
        before = r.total(side) - r.total(side.opponents)
        r = r.record(contract, tricks)
        after = r.total(side) - r.total(side.opponents)
        rubber_bonus = sum(e.above for e in r.hands[-1] if e.label == "rubber")
        assert rubber_bonus == (0 if not r.is_over else 500 if r.games_won(side.opponents) else 700)
        # a hand moves the difference by the duplicate score less its part-score or game bonus
        duplicate = contract_score(contract, tricks, vulnerable)
        if duplicate < 0:
            assert after - before == duplicate
        else:
            per_hand_bonus = duplicate - (after - before - rubber_bonus)
            assert per_hand_bonus in (50, 500 if vulnerable else 300)
    assert sum(r.games_won(s) for s in Side) == len(r.games) <= 3
    assert all(r.part_score(s) < 100 for s in Side)
    assert r.totals[NS] + r.totals[EW] == sum(e.points for e in r.entries)


# ---------------------------------------------------------------------------------------------
# Honours from the cards
# ---------------------------------------------------------------------------------------------


def cards(*texts: str) -> list[Card]:
    return [Card(t) for t in texts]


def test_find_honours() -> None:
    hands = {
        Seat.NORTH: cards("SA", "SK", "SQ", "SJ", "H2"),
        Seat.EAST: cards("ST", "HA", "DA", "CA"),
        Seat.SOUTH: cards("CK"),
        Seat.WEST: cards("D2"),
    }
    assert find_honours(hands, Strain.SPADES) == HonoursHeld(NS, HonoursKind.FOUR_TRUMP_HONOURS)
    assert find_honours(hands, Strain.HEARTS) is None
    west = {Seat.WEST: cards("HA", "HK", "HQ", "HJ", "HT")}
    assert find_honours(west, Strain.HEARTS) == HonoursHeld(EW, HonoursKind.FIVE_TRUMP_HONOURS)
    aces = {Seat.EAST: cards("SA", "HA", "DA", "CA"), Seat.NORTH: cards("SK")}
    assert find_honours(aces, Strain.NOTRUMP) == HonoursHeld(EW, HonoursKind.FOUR_ACES)
    assert find_honours(aces, Strain.CLUBS) is None
    with pytest.raises(NotationError):
        find_honours(aces, "NT")  # type: ignore[arg-type]


def test_honours_points() -> None:
    assert HonoursKind.FOUR_TRUMP_HONOURS.points == 100
    assert HonoursKind.FIVE_TRUMP_HONOURS.points == 150
    assert HonoursHeld(NS, HonoursKind.FOUR_ACES).points == 150


# ---------------------------------------------------------------------------------------------
# The examples in the docstrings
# ---------------------------------------------------------------------------------------------


def test_docstring_examples() -> None:
    result = doctest.testmod(scoring, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_chicago_games_part_scores_carried_and_the_fourth_deal_bonus() -> None:
    from bridgetable.core.calls import Contract
    from bridgetable.core.errors import WrongPhase
    from bridgetable.core.scoring import Chicago
    from bridgetable.core.seats import Side

    c = Chicago()
    assert [Chicago.vulnerability_of(n).value for n in (1, 2, 3, 4)] == ["None", "EW", "NS", "All"]
    c = c.record(Contract.parse("4S N"), 10)  # game, not vulnerable: 120 + 300
    assert c.totals == (420, 0)
    c = c.record(Contract.parse("2D E"), 8)  # a part score, carried
    assert c.part_score(Side.EW) == 40 and c.totals == (420, 40)
    c = c.record(Contract.parse("3NT S"), 8)  # vulnerable on deal 3 (South deals): 1 down
    assert c.totals == (420, 140)
    c = c.record(Contract.parse("2C W"), 8)  # 40 + 40 carried: no game; deal 4 part score
    assert c.part_score(Side.EW) == 80
    assert [e.label for e in c.hands[-1]] == ["2C made", "part score on the fourth deal"]
    assert c.totals == (420, 280) and c.is_over
    with pytest.raises(WrongPhase):
        c.record(Contract.parse("1NT N"), 7)
    # a game on the fourth deal (both vulnerable) earns 500 and no part-score bonus
    d = Chicago()
    for contract in ("1C N", "1C N", "1C N"):
        d = d.record(Contract.parse(contract), 6)  # all down one
    d = d.record(Contract.parse("4H E"), 10)
    assert [e.label for e in d.hands[-1]] == ["4H made", "game"]
    assert d.hands[-1][-1].above == 500


def test_chicago_scores_honours_as_the_rubber_does_and_rejects_the_wrong_kind() -> None:
    from bridgetable.core.calls import Contract
    from bridgetable.core.scoring import Chicago

    c = Chicago().record(
        Contract.parse("3NT N"), 9, honours=HonoursHeld(NS, HonoursKind.FOUR_ACES)
    )  # Law 81: four aces at no trump, 150
    assert c.totals == (100 + 300 + 150, 0)
    assert [e.label for e in c.hands[-1]] == ["3NT made", "game", "honours"]
    with pytest.raises(NotationError):
        Chicago().record(Contract.parse("4S N"), 10, honours=HonoursHeld(NS, HonoursKind.FOUR_ACES))
    with pytest.raises(NotationError):
        Chicago().record(
            Contract.parse("3NT N"), 9, honours=HonoursHeld(NS, HonoursKind.FIVE_TRUMP_HONOURS)
        )
