"""The defenders' signals by their stated convention (standard attitude and count): the
robot gives them with cards equal double dummy, and its partner's sampler reads them; the
layouts a defender draws for his lead after the opening lead (``switch_samples``)."""

from __future__ import annotations

import random

import pytest

from bridgetable.core.board import Board
from bridgetable.core.calls import Contract
from bridgetable.core.cards import Card
from bridgetable.core.deal import Deal
from bridgetable.core.record import BoardSetup
from bridgetable.core.seats import Seat
from bridgetable.robots.memory import Memory
from bridgetable.robots.player import (
    RobotConfig,
    decide,
    defenders_signals,
    partner_signals,
    signal_card,
    signal_kind,
)
from bridgetable.robots.sampler import SamplingError, Signal, sample_hands

# North-South take every trick: every defender's card is equal double dummy to the others
# of its suit, so what a defender plays is the signal alone. West holds four clubs, East two.
EVEN = "N:AKQ.AKQ.AKQJ.973 432.5432.5432.T5 JT9.JT9.T98.AKQJ 8765.876.76.8642"
# East with dummy's queen of hearts for his five, and West's two of clubs for his two of
# diamonds: three clubs each
ODD = "N:AKQ.AK5.AKQJ.973 432.Q432.543.T52 JT9.JT9.T98.AKQJ 8765.876.762.864"


def board(deal: str) -> tuple[Board, dict[Seat, Memory]]:
    setup = BoardSetup.for_board(1, deal=Deal.from_pbn(deal), contract=Contract.parse("3NT S"))
    return Board(setup), {s: Memory() for s in Seat}


def observe(b: Board, mems: dict[Seat, Memory]) -> None:
    for s, m in mems.items():
        m.observe(b.view_for(s).to_dict())


def play(b: Board, mems: dict[Seat, Memory], seat: Seat, card: str) -> None:
    b.play(seat, Card(card))
    if b.face_down_lead is not None:
        b.face_lead(seat)
    observe(b, mems)


def robot_card(b: Board, mems: dict[Seat, Memory], seat: Seat, **cfg: object) -> str:
    cmd = decide(b.view_for(seat).to_dict(), mems[seat].to_dict(), {**cfg}, 7)
    assert cmd is not None and cmd["action"] == "play"
    return str(cmd["args"]["card"])


def after_heart_lead(deal: str) -> tuple[Board, dict[Seat, Memory]]:
    """West leads a heart, dummy (North) wins with the ace: East to follow."""
    b, mems = board(deal)
    observe(b, mems)
    play(b, mems, Seat.WEST, "H8")
    play(b, mems, Seat.SOUTH, "HA")  # dummy's card, by declarer
    return b, mems


def test_attitude_on_partners_lead() -> None:
    # East encourages with the queen of hearts (his highest spot), discourages without it
    b, mems = after_heart_lead(ODD)
    assert signal_kind(b.view_for(Seat.EAST).to_dict(), mems[Seat.EAST]) == "attitude"
    assert robot_card(b, mems, Seat.EAST) == "H4"
    assert robot_card(b, mems, Seat.EAST, signals="none") == "H2"
    b, mems = after_heart_lead(EVEN)
    assert robot_card(b, mems, Seat.EAST) == "H2"


def clubs_led(deal: str) -> tuple[Board, dict[Seat, Memory]]:
    """Trick 1 as above (East plays his lowest heart), then dummy leads a club: East to
    follow second hand."""
    b, mems = after_heart_lead(deal)
    play(b, mems, Seat.EAST, "H2")
    play(b, mems, Seat.SOUTH, "H9")
    play(b, mems, Seat.SOUTH, "C3")  # dummy won the trick and leads
    return b, mems


def test_count_on_declarers_lead() -> None:
    # high-low with an even number (East's T5, West's 8642), the lowest with an odd one
    b, mems = clubs_led(EVEN)
    assert signal_kind(b.view_for(Seat.EAST).to_dict(), mems[Seat.EAST]) == "count"
    assert robot_card(b, mems, Seat.EAST) == "CT"
    play(b, mems, Seat.EAST, "CT")
    play(b, mems, Seat.SOUTH, "CA")
    assert robot_card(b, mems, Seat.WEST) == "C8"
    assert robot_card(b, mems, Seat.WEST, signals="none") == "C2"
    b, mems = clubs_led(ODD)
    assert robot_card(b, mems, Seat.EAST) == "C2"
    play(b, mems, Seat.EAST, "C2")
    play(b, mems, Seat.SOUTH, "CA")
    assert robot_card(b, mems, Seat.WEST) == "C4"


def test_no_signal_on_a_later_round_or_as_declarer() -> None:
    b, mems = clubs_led(EVEN)
    for seat, card in ((Seat.EAST, "CT"), (Seat.SOUTH, "CA"), (Seat.WEST, "C8")):
        play(b, mems, seat, card)
    play(b, mems, Seat.SOUTH, "CK")  # South won and leads clubs again
    assert signal_kind(b.view_for(Seat.WEST).to_dict(), mems[Seat.WEST]) is None
    assert robot_card(b, mems, Seat.WEST) == "C2"  # no longer high-low: the lowest
    view = b.view_for(Seat.SOUTH).to_dict()
    assert signal_kind(view, mems[Seat.SOUTH]) is None


def west_signalled(deal: str, card: str) -> tuple[Board, dict[Seat, Memory]]:
    b, mems = clubs_led(deal)
    east = "CT" if deal == EVEN else "C2"
    for seat, c in ((Seat.EAST, east), (Seat.SOUTH, "CA"), (Seat.WEST, card)):
        play(b, mems, seat, c)
    return b, mems


def west_clubs(hands: tuple[int, int, int, int], played: int) -> int:
    return ((hands[3] | played) & 0x1FFF).bit_count()


def _fits_west_count_c8(h: tuple[int, int, int, int]) -> bool:
    """Whether a layout fits West's count signal with the C8: an even number of clubs where
    the eight was above his lowest, an odd number where it was his lowest (no signal where
    it was his only club below the jack)."""
    c8 = Card("C8")
    lower = h[3] & (c8.bit - 1) & 0x1FFF != 0
    if ((h[3] | c8.bit) & 0x1FF).bit_count() < 2:
        return True
    return lower == (west_clubs(h, c8.bit) % 2 == 0)


def test_partner_reads_the_count_signal() -> None:
    # East saw West play the eight of clubs on dummy's lead: high, an even number
    b, mems = west_signalled(EVEN, "C8")
    view = b.view_for(Seat.EAST).to_dict()
    sigs = partner_signals(view, mems[Seat.EAST], RobotConfig())
    c8 = Card("C8")
    h8 = Card("H8")  # West's lead, top of his sequence: it denies the nine
    assert sigs == [
        Signal("W", "lead", h8.index, h8.bit, Card("H9").bit),
        Signal("W", "count", c8.index, c8.bit),
    ]
    assert partner_signals(view, mems[Seat.EAST], RobotConfig(signals="none")) == []

    # the layouts drawn keep it: where the eight was above West's lowest club he held an
    # even number of them, where it was his lowest an odd number (unless it was his only
    # club below the jack: no signal); not so drawn without it
    kept = sample_hands(view, mems[Seat.EAST], 32, random.Random(5), signals=sigs, draws=8)
    assert all(_fits_west_count_c8(h) for h in kept)
    free = sample_hands(view, mems[Seat.EAST], 32, random.Random(5))
    assert not all(_fits_west_count_c8(h) for h in free)
    # the same seed, the same layouts
    again = sample_hands(view, mems[Seat.EAST], 32, random.Random(5), signals=sigs, draws=8)
    assert again == kept


def test_partner_reads_the_attitude_signal() -> None:
    # West, who led the eight of hearts, saw East follow with the four
    b, mems = after_heart_lead(ODD)
    play(b, mems, Seat.EAST, "H4")
    play(b, mems, Seat.SOUTH, "H9")
    view = b.view_for(Seat.WEST).to_dict()
    sigs = partner_signals(view, mems[Seat.WEST], RobotConfig())
    assert [(s.seat, s.kind) for s in sigs] == [("E", "attitude")]

    # where East's four was above his lowest heart he holds the queen (dummy has the king),
    # where it was his lowest he does not (unless it was his only heart below the jack)
    def fits(h: tuple[int, int, int, int]) -> bool:
        lower = h[1] & (Card("H4").bit - 1) & (0x1FFF << 26) != 0
        if ((h[1] | Card("H4").bit) & (0x1FF << 26)).bit_count() < 2:
            return True
        return lower == (h[1] & Card("HQ").bit != 0)

    kept = sample_hands(view, mems[Seat.WEST], 32, random.Random(2), signals=sigs, draws=8)
    assert all(fits(h) for h in kept)
    free = sample_hands(view, mems[Seat.WEST], 32, random.Random(2))
    assert not all(fits(h) for h in free)


def test_declarer_reads_both_defenders_signals(monkeypatch: pytest.MonkeyPatch) -> None:
    # East's two of hearts on West's lead (attitude), then East's ten and West's eight of
    # clubs on dummy's lead (count): declarer, to whom the carding is disclosed, reads
    # all three as the defenders read each other's; a defender reads only his partner's
    b, mems = west_signalled(EVEN, "C8")
    view = b.view_for(Seat.SOUTH).to_dict()
    got = [
        (s.seat, s.kind, str(Card.from_index(s.card)))
        for s in partner_signals(view, mems[Seat.SOUTH], RobotConfig())
    ]
    assert sorted(got) == [
        ("E", "attitude", "H2"),
        ("E", "count", "CT"),
        ("W", "count", "C8"),
        ("W", "lead", "H8"),
    ]
    assert partner_signals(view, mems[Seat.SOUTH], RobotConfig(signals="none")) == []
    east = b.view_for(Seat.EAST).to_dict()
    assert defenders_signals(east, mems[Seat.EAST], RobotConfig()) == []
    assert {s.seat for s in partner_signals(east, mems[Seat.EAST], RobotConfig())} == {"W"}

    # declarer's layouts keep West's count (an even number of clubs with the eight above
    # his lowest, where he had two spot cards): the sampler is handed the signals
    sigs = defenders_signals(view, mems[Seat.SOUTH], RobotConfig())

    kept = sample_hands(view, mems[Seat.SOUTH], 32, random.Random(3), signals=sigs, draws=8)
    assert all(_fits_west_count_c8(h) for h in kept)
    seen: list[object] = []

    def spy(*args: object, signals: object = (), **kw: object) -> None:
        seen.append(signals)
        raise SamplingError("spied")

    monkeypatch.setattr("bridgetable.robots.player.sample_hands", spy)
    decide(view, mems[Seat.SOUTH].to_dict(), {}, 1)
    assert seen == [sigs]


def test_a_signal_only_weighs_the_layouts() -> None:
    # a card no layout fits (West "showed" an odd number holding every club left) leaves
    # the sample full rather than empty
    b, mems = west_signalled(EVEN, "C8")
    view = b.view_for(Seat.EAST).to_dict()
    wrong = Signal("W", "attitude", Card("C8").index, Card("C8").bit)
    kept = sample_hands(view, mems[Seat.EAST], 16, random.Random(1), signals=[wrong], draws=4)
    assert len(kept) == 16


def test_no_signal_is_read_from_a_hand_without_two_spot_cards() -> None:
    # the convention signals only with two cards below the jack: from QJ7 the seven is
    # forced (no discouragement), from 97 the seven is the lowest and says what it says
    c7 = Card("C7")
    sig = Signal("W", "attitude", c7.index, c7.bit)
    assert sig.misfit(Card("CQ").bit | Card("CJ").bit) == 0  # QJ7: no signal
    assert sig.misfit(Card("CQ").bit | Card("C9").bit) == 1  # Q97: the seven discourages
    assert sig.misfit(Card("C9").bit) == 0  # 97 without an honour: discouraging
    count = Signal("W", "count", c7.index, c7.bit)
    assert count.misfit(Card("CK").bit | Card("CQ").bit) == 0  # KQ7: no choice of spot
    assert count.misfit(Card("C8").bit | Card("C2").bit) == 1  # 872: the seven would be even


def test_a_card_played_to_win_is_not_read() -> None:
    # West led the three of spades; East, third hand, played the nine above dummy's two:
    # third hand high, not a signal. On declarer's lead, East second hand played the eight
    # above dummy's four: second hand low by the same carding, read as count
    view = {"role": "W", "declarer": "S", "dummy": "N"}
    mem = Memory(tricks=[[("W", "S3"), ("N", "S2"), ("E", "S9"), ("S", "SK")]])
    assert partner_signals(view, mem, RobotConfig()) == []
    mem.tricks[0] = [("W", "S3"), ("N", "SQ"), ("E", "S9"), ("S", "S4")]
    assert [s.kind for s in partner_signals(view, mem, RobotConfig())] == ["attitude"]
    mem.tricks.append([("N", "H4"), ("E", "H8"), ("S", "HK"), ("W", "H2")])
    sigs = partner_signals(view, mem, RobotConfig())
    assert [(s.kind, s.card) for s in sigs] == [
        ("attitude", Card("S9").index),
        ("count", Card("H8").index),
    ]
    # a later round of a suit, or a trick partner led, says nothing
    mem.tricks.append([("E", "C5"), ("S", "C2"), ("W", "C3"), ("N", "CA")])
    mem.tricks.append([("S", "H5"), ("W", "H3"), ("N", "H6"), ("E", "H7")])
    assert [s.kind for s in partner_signals(view, mem, RobotConfig())] == [
        "attitude",
        "count",
        "lead",  # East's lead of the five (top of a sequence: it denies the six)
    ]


def test_switch_samples_are_for_a_defenders_lead_after_the_opening_lead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counts: list[int] = []

    def counted(view: object, mem: object, count: int, *args: object, **kw: object) -> None:
        counts.append(count)
        raise SamplingError("counted")  # the robot falls back to its lowest card

    monkeypatch.setattr("bridgetable.robots.player.sample_hands", counted)
    b, mems = after_heart_lead(EVEN)
    cfg: dict[str, object] = {}  # the default: 96 for a defender's lead
    play(b, mems, Seat.EAST, "H2")
    play(b, mems, Seat.SOUTH, "H9")
    decide(b.view_for(Seat.SOUTH).to_dict(), mems[Seat.SOUTH].to_dict(), cfg, 1)  # declarer
    # the same trick as East would see it had he won it: a defender on lead
    view = b.view_for(Seat.EAST).to_dict()
    view.update(hand_to_play="E", legal_cards=["S2", "S3", "S4", "H3", "D5", "CT"])
    view["actions"] = ["play", *view["actions"]]
    decide(view, mems[Seat.EAST].to_dict(), cfg, 1)
    decide(view, mems[Seat.EAST].to_dict(), {"switch_samples": 0}, 1)  # as play_samples
    assert counts == [48, 96, 48]


def test_a_defender_leads_the_top_of_touching_cards() -> None:
    # East on lead (as in the switch test) with S432, every card equal double dummy: the
    # top of the sequence, the four (the lowest card before: signals "none")
    b, mems = after_heart_lead(EVEN)
    play(b, mems, Seat.EAST, "H2")
    play(b, mems, Seat.SOUTH, "H9")
    view = b.view_for(Seat.EAST).to_dict()
    view.update(hand_to_play="E", legal_cards=["S2", "S3", "S4"])
    view["actions"] = ["play", *view["actions"]]
    cmd = decide(view, mems[Seat.EAST].to_dict(), {}, 1)
    assert cmd is not None and cmd["args"]["card"] == "S4"
    cmd = decide(view, mems[Seat.EAST].to_dict(), {"signals": "none"}, 1)
    assert cmd is not None and cmd["args"]["card"] == "S2"


def test_partner_and_declarer_read_a_lead_as_top_of_a_sequence() -> None:
    # West led the king of spades: he does not hold the ace; later, the queen having gone,
    # his jack of hearts led after the king and queen of hearts were played denies the ace
    view = {"role": "E", "declarer": "S", "dummy": "N"}
    mem = Memory(tricks=[[("W", "SK"), ("N", "S2"), ("E", "S3"), ("S", "S4")]])
    sigs = [g for g in partner_signals(view, mem, RobotConfig()) if g.kind == "lead"]
    assert sigs == [Signal("W", "lead", Card("SK").index, Card("SK").bit, Card("SA").bit)]
    assert sigs[0].misfit(Card("SQ").bit) == 0 and sigs[0].misfit(Card("SA").bit) == 1
    mem.tricks.append([("S", "HK"), ("W", "H2"), ("N", "HQ"), ("E", "H3")])
    mem.tricks.append([("W", "HJ"), ("N", "H4"), ("E", "H5"), ("S", "H6")])
    denied = {
        str(Card.from_index(g.card)): g.denies
        for g in partner_signals(view, mem, RobotConfig())
        if g.kind == "lead"
    }
    assert denied == {"SK": Card("SA").bit, "HJ": Card("HA").bit}
    # declarer reads the defenders' leads too; an ace led denies nothing
    south = {**view, "role": "S"}
    mem.tricks.append([("E", "DA"), ("S", "D2"), ("W", "D3"), ("N", "D4")])
    leads = [g for g in partner_signals(south, mem, RobotConfig()) if g.kind == "lead"]
    assert [(g.seat, str(Card.from_index(g.card))) for g in leads] == [("W", "SK"), ("W", "HJ")]
    assert partner_signals(view, mem, RobotConfig(signals="none")) == []


def test_a_defenders_first_discard_of_a_suit_is_attitude() -> None:
    # East, void in clubs, discards: of equal cards, the highest spot of a suit where he
    # holds the ace, king or queen (encouraging), else the lowest of a suit where he does not
    view = {
        "role": "E",
        "declarer": "S",
        "dummy": "N",
        "contract": "3NT S",
        "hand_to_play": "E",
        "trick": [["S", "CA"]],
        "hands": {"E": "K93.8654.5432.", "N": "AQJ.AKQ.AKQJ.T98"},
    }
    spades = [Card("S3"), Card("S9")]
    hearts = [Card("H4"), Card("H5"), Card("H6"), Card("H8")]
    diamonds = [Card("D2"), Card("D3")]
    std = RobotConfig()
    assert str(signal_card(view, Memory(), std, [*spades, *hearts, *diamonds])) == "S9"
    assert str(signal_card(view, Memory(), std, [*hearts, *diamonds])) == "D2"
    assert str(signal_card(view, Memory(), std, [Card("S3"), *hearts])) == "H4"
    assert str(signal_card(view, Memory(), RobotConfig(signals="none"), spades)) == "S3"
    # a suit discarded from before: no second signal in it
    mem = Memory(tricks=[[("S", "CK"), ("W", "C2"), ("N", "C3"), ("E", "D4")]])
    assert str(signal_card(view, mem, std, [*hearts, *diamonds])) == "H4"

    # partner reads the first discard of each suit (not a ruff, nor a later discard)
    west = {"role": "W", "declarer": "S", "dummy": "N", "contract": "3NT S"}
    mem = Memory(tricks=[[("S", "CA"), ("W", "C2"), ("N", "C3"), ("E", "S9")]])
    mem.tricks.append([("S", "CK"), ("W", "C4"), ("N", "C5"), ("E", "S3")])
    got = [(g.kind, str(Card.from_index(g.card))) for g in partner_signals(west, mem, std)]
    assert got == [("attitude", "S9")]
    sig = partner_signals(west, mem, std)[0]
    assert sig.misfit(Card("SK").bit) == 0 and sig.misfit(Card("S2").bit) == 1
    trumps = {**west, "contract": "4S S"}
    assert partner_signals(trumps, mem, std) == []
