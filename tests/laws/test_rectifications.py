"""Every registered rectification (Laws 43B2a, 45D, 50D, 51A, 52, 53B, 54-57, 62C, 67B1):
its options carry a Law, a label and typed arguments; each option, once chosen, is applied
and the board plays on to its end; an option not offered, or a choice by a player it does not
belong to, is refused with the choice's Law and changes nothing.

The boards are the stored records of ``tests/data/rectification_records.json``, replayed to
the first point where each Law's choice awaits its chooser.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from typing import Any

import pytest

from bridgetable.core.board import Board
from bridgetable.core.calls import Contract
from bridgetable.core.cards import Card, Suit
from bridgetable.core.deal import Deal
from bridgetable.core.errors import ActionRefused, NotEntitled
from bridgetable.core.events import RectificationChosen
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.rectifications import (
    RECTIFICATIONS,
    Option,
    PrematurePlay,
    Rectification,
)
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import SEATS, Seat
from bridgetable.core.views import DIRECTOR
from laws.rectification_records import DATA

from support import E, S, W, c, refused

STORED: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))


def _first(kind: str) -> tuple[BoardRecord, int]:
    """The first stored record and event count after which a ``kind`` choice awaits."""
    for r in STORED:
        for step in r["digest"]["steps"]:
            if step[1] is not None and step[1][0] == kind:
                return BoardRecord.from_json(json.dumps(r["record"])), step[0] + 1
    raise AssertionError(f"no stored record reaches a {kind} choice")


def board_at(kind: str) -> Board:
    """A board on which a ``kind`` choice awaits its chooser."""
    record, n = _first(kind)
    b = Board.replay(record.prefix(n))
    assert b.pending is not None and b.pending.kind == kind
    return b


def _cases() -> list[tuple[str, int]]:
    out = []
    for kind in sorted(RECTIFICATIONS):
        p = board_at(kind).pending
        assert p is not None
        out += [(kind, i) for i in range(len(p.options))]
    return out


KINDS = sorted(RECTIFICATIONS)
CASES = _cases()


def test_every_law_with_a_choice_is_registered_once() -> None:
    assert set(RECTIFICATIONS) == {
        "43B2a",
        "45D",
        "50D",
        "51A",
        "52",
        "53B",
        "54",
        "55",
        "56",
        "57A",
        "62C",
        "67B1",
    }
    for kind, cls in RECTIFICATIONS.items():
        assert issubclass(cls, Rectification) and cls.kind == kind
        assert cls.text and cls.__doc__ and f"Law {kind}" in cls.__doc__.replace("Laws ", "Law ")


def test_stored_records_cover_every_registered_rectification() -> None:
    kinds = {s[1][0] for r in STORED for s in r["digest"]["steps"] if s[1] is not None}
    assert kinds == set(RECTIFICATIONS)


@pytest.mark.parametrize("kind", KINDS)
def test_options_carry_a_law_a_label_and_typed_arguments(kind: str) -> None:
    b = board_at(kind)
    p = b.pending
    assert isinstance(p, RECTIFICATIONS[kind]) and p.options
    assert len(set(p.option_ids)) == len(p.options)  # an id names one option
    for o in p.options:
        assert isinstance(o, Option) and o.key and o.label and o.law
        assert o.law.split(",")[0].strip()[:2] == kind[:2]  # a Law of this choice
        assert all(isinstance(v, (Suit, Card, Seat, tuple)) for v in o.args.values())
        assert all(isinstance(s, Suit) for v in o.args.values() if isinstance(v, tuple) for s in v)
        assert o.id.split()[0] == o.key.split()[0]
        with pytest.raises(TypeError):
            o.args["x"] = Suit.SPADES  # type: ignore[index]
        d = o.to_dict()
        assert d["id"] == o.id and d["law"] == o.law and d["label"] == o.label
        assert json.loads(json.dumps(d)) == d
        hash(o)  # a frozen value
    # the chooser's view and the Director's carry the same options, with what happened
    chooser = p.choosers[0]
    v = b.view_for(chooser).to_dict()
    assert v["options"] == [o.to_dict() for o in p.options]
    assert v["pending"]["text"] == type(p).text and v["pending"]["law"] == p.law
    assert b.view_for(DIRECTOR).to_dict()["pending"]["options"] == v["options"]


@pytest.mark.parametrize(("kind", "i"), CASES, ids=[f"{k}-{i}" for k, i in CASES])
def test_each_option_is_applied_and_play_goes_on(kind: str, i: int) -> None:
    b = board_at(kind)
    p = b.pending
    assert p is not None
    option, seat = p.options[i], p.choosers[0]
    e = b.choose(seat, option)
    assert e == RectificationChosen(seat, option.id) and b.events[-1] == e
    assert b.pending is not p
    # the same choice by its id, on a fresh copy, gives the same board
    again = board_at(kind)
    again.choose(seat, option.id)
    assert again.view_for(DIRECTOR) == b.view_for(DIRECTOR)
    # play on to the end, taking the first option of each later choice
    for _ in range(400):
        if b.is_over:
            break
        q = b.pending
        actor = b.to_act
        assert actor is not None
        if q is not None:
            b.choose(q.choosers[0], q.options[0])
        elif b.face_down_lead is not None and actor is b.opening_leader:
            b.face_lead(actor)
        else:
            b.play(actor, b.legal_cards(actor)[0])
    assert b.is_over
    replayed = Board.replay(BoardRecord.from_json(b.record.to_json()))
    assert replayed.view_for(DIRECTOR) == b.view_for(DIRECTOR)


@pytest.mark.parametrize("kind", KINDS)
def test_an_option_not_offered_is_refused_and_changes_nothing(kind: str) -> None:
    b = board_at(kind)
    p = b.pending
    assert p is not None
    seat, offered = p.choosers[0], p.options[0]
    not_offered: list[Option | str] = [
        "nonsense",
        offered.id + " S",
        replace(offered, law="1"),  # the same id, another Law: not this choice's option
        replace(offered, label="something else"),
        Option("place", "67B1", "Place the ace", {"card": Card("SA")}) if kind != "67B1" else "x",
    ]
    for option in not_offered:
        exc = refused(b.choose, seat, option)
        assert isinstance(exc, NotEntitled)
        assert exc.action == "choose" and exc.seat is seat and exc.law == p.law
        assert "is not one of" in exc.reason and ", ".join(p.option_ids) in exc.reason
        assert str(exc) == f"choose by {seat} refused: {exc.reason} (Law {p.law})"
    for other in (s for s in SEATS if s not in p.choosers):
        exc = refused(b.choose, other, offered)
        assert isinstance(exc, NotEntitled) and exc.seat is other and exc.law == p.law
        assert "the choice belongs to" in exc.reason
    assert b.pending == p


@pytest.mark.parametrize("kind", KINDS)
def test_the_options_of_one_choice_lead_to_different_boards(kind: str) -> None:
    """Each option is applied as itself: no two options of a choice leave the same board
    (the Director's view, or the cards the hand concerned may play next) -- except 57A2's,
    which bind partner only when he is void in the suit led (57A2)."""
    p = board_at(kind).pending
    assert p is not None
    outcomes = []
    for o in p.options:
        b = board_at(kind)
        b.choose(p.choosers[0], o)
        due = p.due if p.due is not None else p.offender
        nxt = []
        if due is not None:
            b2 = Board.replay(b.record)
            with contextlib.suppress(ActionRefused):
                while b2.hand_to_play is not due and not b2.is_over and b2.pending is None:
                    actor = b2.to_act
                    assert actor is not None
                    b2.play(actor, b2.legal_cards(actor)[0])
            if b2.hand_to_play is due and b2.to_act is not None:
                nxt = b2.legal_cards(b2.to_act)
        outcomes.append((o, repr((b.view_for(DIRECTOR), tuple(nxt)))))
    if kind == "57A" and isinstance(p, PrematurePlay):
        # partner holds the suit led here: the 57A2 options (for a void) change nothing
        free = [out for o, out in outcomes if o.key not in ("highest", "lowest")]
        assert len(set(free)) == 1
        outcomes = [(o, out) for o, out in outcomes if o.key in ("highest", "lowest")]
    assert len({out for _, out in outcomes}) == len(outcomes)


# East is void in hearts; 4S by South, West to lead
VOID_DEAL = "N:AKQ2.J84.T9.7654 JT9..876543.AKQ3 8765.T9.AKQJ.JT9 43.AKQ76532.2.82"


@pytest.mark.parametrize(
    ("key", "letter", "legal"),
    [
        ("play", "D", {"D"}),
        ("not", "D", {"S", "C"}),
        ("play", "C", {"C"}),
        ("highest", None, {"S", "D", "C"}),  # 57A1 binds only a partner who can follow
    ],
)
def test_R57_1_void_partner_plays_or_avoids_the_suit_named_57A2(
    key: str, letter: str | None, legal: set[str]
) -> None:
    deal = Deal.from_pbn(VOID_DEAL)
    setup = BoardSetup.for_board(1, deal=deal)
    b = Board(
        BoardSetup(
            1,
            setup.dealer,
            setup.vulnerability,
            deal,
            RuleSet.duplicate(policy="table"),
            Contract.parse("4S S"),
        )
    )
    b.play(W, c("HA"))
    if b.face_down_lead is not None:
        b.face_lead(W)
    b.play(S, c("H4"))  # dummy's card
    b.play(W, c("HK"))  # West leads again before his partner played: 57A
    p = b.pending
    assert isinstance(p, PrematurePlay) and p.due is E and p.led is Suit.HEARTS
    option = next(
        o for o in p.options if o.key == key and (letter is None or o.suits()[0].letter == letter)
    )
    b.choose(S, option)
    assert {x.suit.letter for x in b.legal_cards(E)} == legal
