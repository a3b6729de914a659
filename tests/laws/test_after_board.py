"""Law 66D: once play has ended the cards may be examined -- the deal is no longer secret.

Every role (the four players and the spectators) then sees the four original hands, the 13
cards each seat was dealt, in ``View.deal``; before the end no role but the Director does.
"""

from __future__ import annotations

from bridgetable.core.board import Board
from bridgetable.core.cards import CARDS
from bridgetable.core.phase import Phase
from bridgetable.core.seats import SEATS, Side
from bridgetable.core.views import DIRECTOR, SPECTATOR
from bridgetable.selfplay import random_play

from support import DEAL, E, S, W, at_play, bid, c, new_board

ROLES = (*SEATS, SPECTATOR, DIRECTOR)


def _shows_the_deal(b: Board) -> None:
    for role in ROLES:
        v = b.view_for(role)
        assert v.deal == {s: DEAL[s] for s in SEATS}, role
        assert v.visible_cards() == set(CARDS), role
        d = v.to_dict()["deal"]
        assert d == {s.letter: DEAL[s].to_pbn() for s in SEATS}


def test_law66d_after_the_last_trick_every_role_sees_the_four_original_hands() -> None:
    import random

    b = at_play("C8")
    for role in ROLES:  # during play: no original hands for anyone
        assert b.view_for(role).deal == {}
    assert set(b.view_for(SPECTATOR).hands) == {b.dummy}
    random_play(b, random.Random(3))
    assert b.phase is Phase.ENDED
    _shows_the_deal(b)


def test_law66d_a_passed_out_board_shows_the_four_hands() -> None:
    b = bid(new_board(), ["Pass", "Pass", "Pass"])
    assert b.view_for(E).deal == {}  # three passes: the auction is not over yet
    bid(b, ["Pass"])
    assert b.phase is Phase.PASSED_OUT
    _shows_the_deal(b)


def test_law66d_a_settled_claim_shows_the_four_hands_as_dealt() -> None:
    b = at_play("C8")
    b.play(S, c("C4"))
    b.play(E, c("CA"))
    b.play(S, c("C9"))
    b.make_claim(S, 0, None, concession=True)
    assert b.view_for(W).deal == {}  # the claim is not settled yet
    b.agree_claim(E)
    b.agree_claim(W)
    assert b.phase is Phase.ENDED and b.tricks_for(Side.EW) == 13
    _shows_the_deal(b)  # the original 13 cards, not the 12 left in each hand
