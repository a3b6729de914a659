"""Laws 65 and 66: quitted tricks kept in order with won/lost marks, and inspection."""

from __future__ import annotations

from bridgetable.core.board import Board
from bridgetable.core.errors import NotEntitled

from support import E, N, S, W, at_play, c, refused


def one_trick() -> Board:
    b = at_play("C8")
    b.play(S, c("C4"))
    b.play(E, c("CA"))
    b.play(S, c("C9"))  # East wins trick 1 and is to lead
    return b


def test_R65_1_each_players_cards_are_kept_in_order_with_won_lost_marks() -> None:
    b = one_trick()
    assert b.marks(E) == (True,) and b.marks(W) == (True,)
    assert b.marks(N) == (False,) and b.marks(S) == (False,)
    b.play(E, c("D8"))
    b.play(S, c("DA"))
    b.play(W, c("D2"))
    b.play(S, c("D9"))
    assert b.marks(S) == (False, True) and b.marks(E) == (True, False)
    assert b.view_for(E).quitted_marks == (True, False)


def test_R65_1_marker_correction_only_until_the_side_plays_to_the_next_trick() -> None:
    b = one_trick()
    b.mark_trick(W, 0, False)  # West points his card wrongly...
    assert b.marks(W) == (False,)
    b.mark_trick(W, 0, True)  # ...and corrects it in time
    assert b.marks(W) == (True,)
    b.play(E, c("D8"))  # East, West's partner, leads to trick 2
    exc = refused(b.mark_trick, W, 0, False)
    assert isinstance(exc, NotEntitled) and exc.law == "65B3"
    b.mark_trick(S, 0, False)  # South's side has not yet played to trick 2


def test_R66_1_current_trick_inspection_until_own_side_plays_to_next() -> None:
    b = one_trick()
    b.inspect_trick(S)
    assert b.view_for(S).last_trick is not None
    b.play(E, c("D8"))
    b.inspect_trick(S)  # South's side still has not played to trick 2
    exc = refused(b.inspect_trick, W)
    assert isinstance(exc, NotEntitled) and "66A" in exc.law
    assert b.view_for(W).last_trick is None
    b.play(S, c("DA"))
    exc = refused(b.inspect_trick, S)
    assert isinstance(exc, NotEntitled)


def test_R66_2_quitted_tricks_only_on_directors_instruction_and_dummy_never() -> None:
    b = one_trick()
    exc = refused(b.inspect_trick, N)
    assert isinstance(exc, NotEntitled) and exc.law == "66A"
    b.play(E, c("D8"))
    b.play(S, c("DA"))
    b.play(W, c("D2"))
    b.play(S, c("D9"))
    exc = refused(b.inspect_quitted, E, 0)
    assert isinstance(exc, NotEntitled) and exc.law == "66C"
    b.inspect_quitted(None, 0)  # the Director has trick 1 faced
    assert 0 in b.view_for(E).shown_tricks


def test_R66_3_own_last_card_may_be_looked_at_until_side_plays_on() -> None:
    b = one_trick()
    b.look_at_own_card(W)
    assert b.view_for(W).own_last_card == c("C8")
    b.play(E, c("D8"))
    exc = refused(b.look_at_own_card, W)
    assert isinstance(exc, NotEntitled) and exc.law == "66B"
    assert b.view_for(W).own_last_card is None
    exc = refused(b.look_at_own_card, N)
    assert isinstance(exc, NotEntitled)
