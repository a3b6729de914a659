"""Shared builders for the tests: a known deal and boards brought to a given point."""

from __future__ import annotations

from collections.abc import Iterable

from bridgetable.core.board import Board
from bridgetable.core.calls import Contract, parse_call
from bridgetable.core.cards import Card
from bridgetable.core.deal import Deal
from bridgetable.core.errors import ActionRefused
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardSetup
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

#: North AKQ2.J84.T9.7654, East JT9.AKQ.8765.AKQ, South 8765.T9.AKQJ.JT9, West 43.76532.432.832
DEAL = Deal.from_pbn("N:AKQ2.J84.T9.7654 JT9.AKQ.8765.AKQ 8765.T9.AKQJ.JT9 43.76532.432.832")

#: Dealer North: Pass Pass 1S Pass 4S X(East) Pass Pass Pass -> 4SX by South; West leads.
AUCTION_4SX = ["Pass", "Pass", "1S", "Pass", "4S", "X", "Pass", "Pass", "Pass"]


def c(text: str) -> Card:
    """A card from notation."""
    return Card(text)


def new_board(rules: RuleSet | None = None, *, contract: str | None = None) -> Board:
    """Board 1 (dealer North) with :data:`DEAL`; with ``contract`` (e.g. ``"4S S"``) the
    auction is skipped."""
    return Board(
        BoardSetup(
            1,
            N,
            BoardSetup.for_board(1, deal=DEAL).vulnerability,
            DEAL,
            rules or RuleSet(),
            None if contract is None else Contract.parse(contract),
        )
    )


def bid(board: Board, calls: Iterable[str], **alerts: str) -> Board:
    """Make ``calls`` in rotation; ``alerts`` maps a call's index as ``c<i>`` to its
    explanation (the call is then alerted)."""
    for i, text in enumerate(calls):
        seat = board.to_act
        if seat is None:
            raise AssertionError("auction over")
        expl = alerts.get(f"c{i}")
        board.call(seat, parse_call(text), alert=expl is not None, explanation=expl)
    return board


def at_clarification(rules: RuleSet | None = None) -> Board:
    """4SX by South after a real auction; West to make the opening lead."""
    b = bid(new_board(rules), AUCTION_4SX, c5="penalty")
    if b.phase is not Phase.CLARIFICATION:
        raise AssertionError(b.phase)
    return b


def at_play(lead: str = "C8", rules: RuleSet | None = None) -> Board:
    """As :func:`at_clarification`, with West's lead made face down and faced."""
    b = at_clarification(rules)
    b.play(W, c(lead))
    if b.face_down_lead is not None:
        b.face_lead(W)
    return b


def refused(fn: object, *args: object, **kwargs: object) -> ActionRefused:
    """Call ``fn`` and return the refusal it must raise; checks that the board did not
    change (events and views) when ``fn`` is a bound method of a Board."""
    board = getattr(fn, "__self__", None)
    before = None
    if isinstance(board, Board):
        before = (board.events, [board.view_for(s) for s in Seat])
    try:
        fn(*args, **kwargs)  # type: ignore[operator]
    except ActionRefused as exc:
        if isinstance(board, Board):
            assert before == (board.events, [board.view_for(s) for s in Seat])
        return exc
    raise AssertionError(f"{fn} was not refused")


#: A command at a table: the seat giving it, its name and its arguments.
Command = tuple[Seat, str, dict[str, str]]


def law71_ending(rules: RuleSet) -> tuple[BoardSetup, list[Command]]:
    """3NT by South on a random deal (seed 0), ten tricks played at random, the opening lead
    faced where it is made face down: an ending of three tricks, South on lead, in which a
    concession of all three (``claim`` 0) gives a trick back under the duplicate code's
    Law 71 (no normal play loses it) and none under the rubber code's (some play does).
    Returns the setup and the commands that reach the ending."""
    import random

    rng = random.Random(0)
    setup = BoardSetup.for_board(
        1, deal=Deal.random(rng), contract=Contract.parse("3NT S"), rules=rules
    )
    b = Board(setup)
    commands: list[Command] = []
    while len(b.tricks) < 10:
        if b.face_down_lead is not None:
            commands.append((W, "face_lead", {}))
            b.face_lead(W)
        seat = b.to_act
        assert seat is not None
        card = rng.choice(b.legal_cards(seat))
        commands.append((seat, "play", {"card": str(card)}))
        b.play(seat, card)
    assert b.position().tricks_left == 3 and b.to_act is S
    return setup, commands
