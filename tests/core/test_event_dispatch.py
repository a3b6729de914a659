"""Board's apply and replay dispatch derive from the command registry (issue 13): each event
type is declared once, as a :class:`~bridgetable.core.commands.Recorded` of the command that
owns it (or of :data:`~bridgetable.core.commands.RECORDED_WITHOUT_COMMAND`), and
:func:`~bridgetable.core.commands.event_dispatch` refuses a registry where one is missing,
declared twice, or names a method Board does not have.

The last test adds a command the way a new one is added -- one declaration carrying its
event's :class:`Recorded`, its Board method and the apply of its event -- and plays and
replays it through the derived tables.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest

from bridgetable.core import board as board_module
from bridgetable.core.board import Board
from bridgetable.core.calls import parse_call
from bridgetable.core.commands import (
    COMMANDS,
    RECORDED_WITHOUT_COMMAND,
    Arg,
    Command,
    Kind,
    Recorded,
    event_dispatch,
)
from bridgetable.core.errors import ActionRefused, NotEntitled
from bridgetable.core.events import EVENT_TYPES, CallMade
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.seats import Seat


def _replacing(name: str, **changes: Any) -> list[Command]:
    return [dataclasses.replace(c, **changes) if c.name == name else c for c in COMMANDS.values()]


def test_the_boards_tables_are_derived_for_every_event_type_and_only_those() -> None:
    apply, replay = event_dispatch(Board)
    assert set(apply) == set(replay) == set(EVENT_TYPES.values())
    assert board_module._APPLY.keys() == apply.keys()
    assert board_module._REPLAY.keys() == replay.keys()
    owners = [r for c in COMMANDS.values() for r in c.events if isinstance(r, Recorded)]
    owners += RECORDED_WITHOUT_COMMAND
    assert sorted(r.event for r in owners) == sorted(EVENT_TYPES)  # each declared once
    for cmd in COMMANDS.values():
        # a session's commands record the session's events (core/session.py)
        if cmd.scope == "board":
            assert set(cmd.event_names) <= set(EVENT_TYPES), cmd.name


def test_an_event_no_command_declares_is_refused() -> None:
    # withdraw_call names its event but no longer carries its Recorded
    with pytest.raises(ValueError, match="'withdraw_call': no command declares CallWithdrawn"):
        event_dispatch(Board, _replacing("withdraw_call", events=("CallWithdrawn",)))
    # the command gone altogether: the event is still registered, so still refused
    cmds = [c for c in COMMANDS.values() if c.name != "withdraw_call"]
    with pytest.raises(ValueError, match="events no command declares: CallWithdrawn"):
        event_dispatch(Board, cmds)
    with pytest.raises(ValueError, match="DesignationChanged"):
        event_dispatch(Board, without_command=RECORDED_WITHOUT_COMMAND[1:])


def test_an_event_declared_twice_or_a_missing_method_is_refused() -> None:
    twice = _replacing(
        "withdraw_call",
        events=(Recorded("CallWithdrawn", "_apply_auction_change"), Recorded("CallMade", "_note")),
    )
    with pytest.raises(ValueError, match="CallMade is declared twice"):
        event_dispatch(Board, twice)
    with pytest.raises(ValueError, match="Board has no method '_apply_withdrawl'"):
        event_dispatch(
            Board,
            _replacing("withdraw_call", events=(Recorded("CallWithdrawn", "_apply_withdrawl"),)),
        )
    with pytest.raises(ValueError, match="Board has no method '_replay_it'"):
        event_dispatch(
            Board,
            _replacing(
                "withdraw_call",
                events=(Recorded("CallWithdrawn", "_apply_auction_change", "_replay_it"),),
            ),
        )


def test_a_replay_that_the_command_cannot_say_must_be_declared() -> None:
    # claim's call goes through invoke (the concession flag is not an argument)
    bare = _replacing("claim", events=(Recorded("ClaimMade", "_apply_claim_event"),))
    with pytest.raises(ValueError, match="'claim': declare how ClaimMade is replayed"):
        event_dispatch(Board, bare)
    # an argument the event does not carry
    extra = (*COMMANDS["withdraw_call"].args, Arg("why", Kind.TEXT))
    with pytest.raises(ValueError, match="the event has no why"):
        event_dispatch(Board, _replacing("withdraw_call", args=extra))
    with pytest.raises(ValueError, match="Stray is not a registered event type"):
        event_dispatch(Board, _replacing("withdraw_call", events=(Recorded("Stray", "_note"),)))


# ------------------------------------------------------------------ adding a command


@dataclass(frozen=True, slots=True)
class TempoNoted:
    """A test's new event: a player notes a break in tempo."""

    seat: Seat
    text: str


class TempoBoard(Board):
    """A test's Board with one new command: its method and the apply of its event."""

    def _reset(self) -> None:
        super()._reset()
        self.tempo_notes: list[tuple[Seat, str]] = []

    def note_tempo(self, seat: Seat, text: str) -> TempoNoted:
        if self.phase is not Phase.AUCTION:
            raise NotEntitled("note_tempo", seat, "only during the auction", "16B")
        e = TempoNoted(seat, text)
        self._record(e)
        return e

    def _apply_tempo(self, e: TempoNoted) -> None:
        self.tempo_notes.append((e.seat, e.text))


NOTE_TEMPO = Command(
    "note_tempo",
    "note_tempo",
    (Recorded("TempoNoted", "_apply_tempo"),),
    "16B",
    "Note a break in tempo",
    args=(Arg("text", Kind.TEXT, required=True),),
    widget="form",
)


def test_a_new_command_is_one_declaration_plus_its_method_and_apply(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    types = {**EVENT_TYPES, "TempoNoted": TempoNoted}
    apply, replay = event_dispatch(TempoBoard, [*COMMANDS.values(), NOTE_TEMPO], event_types=types)
    assert apply[TempoNoted] is TempoBoard._apply_tempo
    monkeypatch.setattr(board_module, "_APPLY", apply)
    monkeypatch.setattr(board_module, "_REPLAY", replay)
    b = TempoBoard(BoardSetup.for_board(1, rng=random.Random(3)))
    NOTE_TEMPO.give(b, Seat.NORTH, {"text": "slow pass"}, datetime(2026, 1, 1, tzinfo=UTC))
    assert b.tempo_notes == [(Seat.NORTH, "slow pass")]
    again = TempoBoard.replay(BoardRecord(b.setup, b.events))  # the derived replay
    assert isinstance(again, TempoBoard)
    assert again.events == b.events and again.tempo_notes == b.tempo_notes
    # the derived replay checks the event as the command: refused out of the auction
    done = TempoBoard(BoardSetup.for_board(1, rng=random.Random(3)))
    for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST):
        done.apply(CallMade(seat, parse_call("Pass")))
    with pytest.raises(ActionRefused, match="only during the auction"):
        done.apply(TempoNoted(Seat.NORTH, "late"))
