"""``Board.claim_case``: the one claim case every ruling starts from (Laws 68-71): the cards
at the claim, the claimer, the claim and its statement (68C), the rules in force (Law 71),
the show-outs before it (70E1) and dummy; none once the claim is objected to (68B2)."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from bridgetable.core.board import Board
from bridgetable.core.cards import Suit
from bridgetable.core.claimcase import ClaimCase
from bridgetable.core.errors import NotationError, WrongPhase
from bridgetable.core.position import Position
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Side
from bridgetable.core.statement import parse_statement

from support import E, N, S, W, at_play, c, refused


def _after_a_show_out(rules: RuleSet | None = None) -> Board:
    """4SX by South, West leads the H7; four hearts later South shows out of them."""
    b = at_play("H7", rules)
    for seat, card in ((S, "H4"), (E, "HA"), (S, "H9")):
        b.play(seat, c(card))
    for seat, card in ((E, "HK"), (S, "HT"), (W, "H2"), (S, "H8")):
        b.play(seat, c(card))
    b.play(E, c("HQ"))
    b.play(S, c("S5"))  # South shows out of hearts
    return b


def test_claim_case_gathers_what_the_ruling_needs() -> None:
    b = _after_a_show_out(RuleSet.rubber(deemed_suit_order="none"))
    position, voids = b.position(), b.shown_voids()
    assert voids
    b.make_claim(S, 5, "draw trumps, cash H")
    case = b.claim_case()
    assert case.position == position and case.known_voids == voids
    assert (case.claimer, case.tricks, case.dummy, case.concession) == (S, 5, N, False)
    assert case.statement == parse_statement("draw trumps, cash H")
    assert case.rules is b.rules and case.rules.is_rubber
    assert case.side is Side.NS and case.remaining == position.tricks_left
    assert case.conceded == case.remaining - 5
    # a frozen value that crosses to a worker process
    assert pickle.loads(pickle.dumps(case)) == case
    with pytest.raises(AttributeError):
        case.tricks = 3  # type: ignore[misc]


def test_the_case_stands_while_disputed_and_after_the_ruling() -> None:
    b = at_play()
    b.make_claim(S, 13)
    b.dispute_claim(W)
    assert b.claim_case().tricks == 13
    b.director_rule(10)
    assert b.claim_case().tricks == 13  # the claim as made, for a review


def test_no_case_without_a_claim_or_after_an_objection() -> None:
    b = at_play()
    exc = refused(b.claim_case)
    assert isinstance(exc, WrongPhase) and exc.law == "70"
    b.make_claim(E, 0, concession=True)
    assert b.claim_case().concession
    b.object_to_partners_claim(W)  # 68B2: neither claim nor concession
    assert isinstance(refused(b.claim_case), WrongPhase)


def test_claim_case_refuses_what_no_claim_can_be() -> None:
    b = at_play()
    p = b.position()
    with pytest.raises(NotationError, match="68A"):
        ClaimCase.of(p, S, 14)
    with pytest.raises(NotationError, match="dummy"):
        ClaimCase.of(p, N, 3, dummy=N)
    with pytest.raises(NotationError, match="statement"):
        ClaimCase.of(p, S, 3, "cash X")


def test_a_layout_of_the_same_claim() -> None:
    """A robot's sample: the same claim on another layout of the hands it cannot see, with
    the same trump, tricks left and trick in progress."""
    p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=W)
    case = ClaimCase.of(p, N, 2, "cash S", dummy=S)
    q = Position.from_pbn("N:AK... JT... 43... Q2...", trump=None, leader=W)
    assert case.at(q) == replace(case, position=q)
    with pytest.raises(NotationError, match="same claim"):
        case.at(Position.from_pbn("N:AK... JT... 43... Q2...", trump=Suit.SPADES, leader=W))
