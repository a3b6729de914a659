r"""The one vocabulary of commands: each command a player or the Director may give, declared once.

A :class:`Command` names the act (``"play"``), the Board method that checks and records it,
the event types it records, who may give it (a player for his own seat, declarer for dummy's
hand as the engine enforces, or the Director), its typed arguments (:class:`Arg`), when the
views offer it, the label a person reads and the Law that gives the right. Everything else
derives from :data:`COMMANDS`:

- :func:`run_command` parses a command's arguments and gives it (the server's dispatcher);
- :func:`check_command` / :func:`can_command` ask whether the engine would take it now,
  changing nothing (a dry run: the Board method runs its checks and stops at the record);
- :func:`actions_for` is the action list of a seat's (or the Director's) view;
- :func:`args_schema` is the JSON Schema of a command's ``args`` (the wire schema and the
  OpenAPI document are built from it in :mod:`bridgetable.server.schemas`);
- :func:`describe` is the document the browser reads for its labels (``GET /api/commands``).

Each event type is declared once, as a :class:`Recorded` in the ``events`` of the command
that owns it (or in :data:`RECORDED_WITHOUT_COMMAND` for the few no client gives): the Board
method that applies it and how a record's event is replayed. :func:`event_dispatch` derives
the Board's apply and replay tables from these declarations.

Adding a command is one :class:`Command` in :data:`COMMANDS` (with the :class:`Recorded` of
its event) plus its Board method and the apply of its event.

Example:
    >>> import random
    >>> from bridgetable.core.board import Board
    >>> from bridgetable.core.record import BoardSetup
    >>> from bridgetable.core.seats import Seat
    >>> b = Board(BoardSetup.for_board(1, rng=random.Random(5)))
    >>> COMMANDS["call"].law, [a.name for a in COMMANDS["call"].args]
    ('17, 18', ['call', 'alert', 'explanation'])
    >>> can_command(b, Seat.NORTH, "call", {"call": "1NT"})
    True
    >>> can_command(b, Seat.EAST, "call", {"call": "1NT"})
    False
    >>> len(b.events)
    0
    >>> _ = run_command(b, Seat.NORTH, "call", {"call": "1NT"})
    >>> "call" in actions_for(b, Seat.EAST), len(b.events)
    (True, 1)
    >>> run_command(b, Seat.EAST, "flie", {})
    Traceback (most recent call last):
    ...
    bridgetable.core.commands.BadCommand: unknown command: 'flie'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal

from bridgetable.core.calls import parse_call
from bridgetable.core.cards import Card, Suit
from bridgetable.core.errors import ActionRefused, NotationError
from bridgetable.core.events import EVENT_TYPES, is_storable_text
from bridgetable.core.phase import Phase
from bridgetable.core.seats import Seat

if TYPE_CHECKING:
    from bridgetable.core.board import Board
    from bridgetable.core.events import (
        AttentionDrawn,
        CallMade,
        CallReplaced,
        CardExposed,
        CardWithdrawn,
        ClaimMade,
        DesignationChanged,
        DummyRightsForfeited,
        QuittedTrickShown,
        RectificationChosen,
        RulingProposed,
        ScorePublished,
        TricksRestored,
        WithdrawReason,
    )

__all__ = [
    "COMMANDS",
    "DIRECTOR",
    "PLAYER",
    "RECORDED_WITHOUT_COMMAND",
    "Arg",
    "BadCommand",
    "Command",
    "Kind",
    "Recorded",
    "actions_for",
    "args_schema",
    "can_command",
    "check_command",
    "describe",
    "event_dispatch",
    "run_command",
]

PLAYER: Literal["player"] = "player"
DIRECTOR: Literal["director"] = "director"
Who = Literal["player", "director"]


class BadCommand(ValueError):
    """A command that is not well formed (unknown action, missing or mistyped argument); the
    board is not touched."""


class Kind(StrEnum):
    """The type of a command's argument on the wire and in Python."""

    TEXT = "text"  # str, at most Arg.limit characters of Unicode scalar values
    INT = "int"
    BOOL = "bool"
    CARD = "card"  # "SA", "HT": a Card
    SEAT = "seat"  # "N": a Seat
    SUIT = "suit"  # "S": a Suit
    CALL = "call"  # "1NT", "Pass", "X": a Call


_CARD_PATTERN = "^[SHDCshdc](10|[2-9TJQKAtjqka])$"


@dataclass(frozen=True, slots=True)
class Arg:
    """One argument of a command: its wire name, type, whether it is required, its default,
    and the Board method's keyword (``param``, the name if not given)."""

    name: str
    kind: Kind
    required: bool = False
    default: Any = None
    limit: int = 500
    minimum: int | None = None
    description: str = ""
    param: str | None = None

    @property
    def keyword(self) -> str:
        return self.param or self.name

    def parse(self, args: Mapping[str, Any]) -> Any:
        """The typed value of this argument in ``args``; :class:`BadCommand` if it is missing
        or mistyped."""
        if args.get(self.name) is None:
            if self.required:
                raise BadCommand(f"argument {self.name!r} is required")
            if self.kind is Kind.BOOL and self.default is None:
                return False
            return self.default
        v = args[self.name]
        kind = self.kind
        if kind is Kind.INT:
            if not isinstance(v, int) or isinstance(v, bool):
                raise BadCommand(f"argument {self.name!r} must be an integer")
            if self.minimum is not None and v < self.minimum:
                raise BadCommand(f"argument {self.name!r} must be at least {self.minimum}")
            return v
        if kind is Kind.BOOL:
            if not isinstance(v, bool):
                raise BadCommand(f"argument {self.name!r} must be true or false")
            return v
        limit = {Kind.CARD: 3, Kind.SEAT: 5, Kind.SUIT: 8, Kind.CALL: 10}.get(kind, self.limit)
        if not isinstance(v, str) or len(v) > limit:
            raise BadCommand(f"argument {self.name!r} must be text of at most {limit} characters")
        if not is_storable_text(v):
            raise BadCommand(f"argument {self.name!r} must be valid Unicode (no lone surrogate)")
        try:
            if kind is Kind.CARD:
                return Card(v)
            if kind is Kind.SEAT:
                return Seat.from_letter(v)
            if kind is Kind.SUIT:
                return Suit.from_letter(v)
            if kind is Kind.CALL:
                return parse_call(v)
        except NotationError as exc:
            raise BadCommand(str(exc)) from None
        return v

    def schema(self) -> dict[str, Any]:
        """This argument's JSON Schema."""
        kind = self.kind
        out: dict[str, Any]
        if kind is Kind.INT:
            out = {"type": "integer"}
            if self.minimum is not None:
                out["minimum"] = self.minimum
        elif kind is Kind.BOOL:
            out = {"type": "boolean"}
        elif kind is Kind.CARD:
            out = {"type": "string", "pattern": _CARD_PATTERN}
        elif kind is Kind.SEAT:
            out = {"enum": ["N", "E", "S", "W"]}
        elif kind is Kind.SUIT:
            out = {"enum": ["S", "H", "D", "C"]}
        elif kind is Kind.CALL:
            out = {"type": "string", "maxLength": 10}
        else:
            out = {"type": "string", "maxLength": self.limit}
        if self.description:
            out["description"] = self.description
        return out


Offer = Callable[["Board", "Seat | None"], bool]
Invoke = Callable[["Board", "Seat | None", dict[str, Any], datetime], Any]
#: How a record's event is checked again and recorded on replay: a function of the board and
#: the event, or the name of a Board method taking the event.
Replay = Callable[["Board", Any], object] | str
Apply = Callable[["Board", Any], None]


@dataclass(frozen=True, slots=True)
class Recorded:
    """An event type (``event``, its name in :data:`~bridgetable.core.events.EVENT_TYPES`),
    declared once with the command that records it (its owner).

    ``apply`` names the Board method that changes the state once the event is recorded (the
    command's checks have passed; it never refuses). ``replay`` says how an event of a record
    is checked and recorded again (:meth:`Board.apply
    <bridgetable.core.board.Board.apply>`); when not given it is the owner's own call with
    the arguments read from the event's fields of the same names (``board.<method>(e.seat,
    **args)``; the Director's ``board.<method>(**args)``), which needs a command without
    ``invoke`` whose arguments are all fields of the event. A command that also records an
    event another command owns lists it by name alone.
    """

    event: str
    apply: str
    replay: Replay | None = None


@dataclass(frozen=True, slots=True)
class Command:
    """One command, declared once (see the module docstring).

    ``offered(board, seat)`` says when the views list it (``seat`` is ``None`` for the
    Director); when not given, a command is offered when :func:`check_command` with its
    ``probe`` arguments (none by default) passes. ``invoke`` replaces the default call
    ``board.<method>(seat, **args)`` (the Director's: ``board.<method>(**args)``).
    ``widget`` tells a user interface whether the command is a plain button (no argument to
    ask for) or needs a form of its own.
    """

    name: str
    method: str
    #: the events it records: a :class:`Recorded` for each it owns, the name of the others
    events: tuple[Recorded | str, ...]
    law: str
    label: str
    who: Who = PLAYER
    args: tuple[Arg, ...] = ()
    offered: Offer | None = None
    probe: Callable[[Board, Seat | None], Iterable[dict[str, Any]]] | None = None
    invoke: Invoke | None = None
    table_only: bool = False
    widget: Literal["button", "form"] = "button"
    #: the engine may refuse it on what the player cannot see (79A2: a floor the hidden
    #: hands set), so the views offer it regardless: the offer reveals nothing
    hidden_refusal: bool = False
    #: one sentence for a player who does not know the Law: what the command does and
    #: when to use it (a user interface shows it beside its label, e.g. as a tooltip)
    help: str = field(default="", compare=False)
    #: ``"board"``: given to the board in play (``Board.<method>``); ``"session"``: given to
    #: the table's session over boards (``Session.<method>``, :mod:`bridgetable.core.session`),
    #: which offers it in its own summary, never in a board's view
    scope: Literal["board", "session"] = "board"

    @property
    def event_names(self) -> tuple[str, ...]:
        """The names of the event types it may record."""
        return tuple(e if isinstance(e, str) else e.event for e in self.events)

    def parse(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """The typed arguments, by the Board method's keywords."""
        if not isinstance(args, Mapping):
            raise BadCommand("args must be a JSON object")
        return {a.keyword: a.parse(args) for a in self.args}

    def give(self, board: Board, seat: Seat | None, args: Mapping[str, Any], now: datetime) -> Any:
        """Parse ``args`` and give the command on ``board`` (see :func:`run_command`)."""
        kw = self.parse(args)
        if self.invoke is not None:
            return self.invoke(board, seat, kw, now)
        method = getattr(board, self.method)
        if self.who == DIRECTOR:
            return method(**kw)
        return method(seat, **kw)

    def is_offered(self, board: Board, seat: Seat | None) -> bool:
        """Whether the views list this command for ``seat`` (``None``: the Director) now."""
        if self.table_only and not board.policy.acts:
            return False
        if self.offered is not None:
            return self.offered(board, seat)
        probes = self.probe(board, seat) if self.probe is not None else ({},)
        return any(_dry(board, self, seat, p) is None for p in probes)


_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)


class _DryRun(BaseException):
    """Raised by Board._record during a dry run, before anything is recorded."""


def _dry(board: Board, cmd: Command, seat: Seat | None, args: Mapping[str, Any]) -> Any:
    """None if ``cmd`` would be taken now, else the refusal; nothing changes."""
    if board.dry_run:
        raise RuntimeError("a dry run inside a dry run")
    board.dry_run = True
    try:
        cmd.give(board, seat, args, _EPOCH)
    except _DryRun:
        return None
    except (ActionRefused, BadCommand) as exc:
        return exc
    finally:
        board.dry_run = False
    return None  # pragma: no cover - a command that records nothing


def dry_run_stop() -> BaseException:
    """The exception Board._record raises during a dry run (see :func:`check_command`)."""
    return _DryRun()


def _command(name: str, who: Who) -> Command:
    cmd = _BY_WHO[who].get(name) if isinstance(name, str) else None
    if cmd is None:
        if who == DIRECTOR:
            raise BadCommand(f"not a Director's command: {name!r}")
        raise BadCommand(f"unknown command: {name!r}")
    return cmd


def _who(role: Any) -> tuple[Who, Seat | None]:
    if isinstance(role, Seat):
        return PLAYER, role
    if getattr(role, "value", None) == "director":
        return DIRECTOR, None
    raise BadCommand("spectators give no commands")


def run_command(
    board: Board, role: Any, action: str, args: Mapping[str, Any], *, now: datetime | None = None
) -> Any:
    """Give ``action`` on ``board`` for ``role`` (a Seat, or the Director's role) and return
    the event recorded. Raises :class:`BadCommand` for a malformed command and the engine's
    :class:`~bridgetable.core.errors.ActionRefused` for one the Laws do not allow now; in
    both cases nothing changes. ``now`` is the time of the command (for the Correction
    Period and the published score, Law 79C); the caller brings the clock."""
    if not isinstance(args, Mapping):
        raise BadCommand("args must be a JSON object")
    who, seat = _who(role)
    cmd = _command(action, DIRECTOR if who == DIRECTOR else PLAYER)
    if cmd.scope != "board":
        raise BadCommand(f"{action!r} is given to the table's session, not to a board")
    return cmd.give(board, seat, args, now if now is not None else _EPOCH)


def check_command(
    board: Board, role: Any, action: str, args: Mapping[str, Any], *, now: datetime | None = None
) -> None:
    """Raise what :func:`run_command` would raise now, changing nothing (the Board method
    runs its checks and stops where it would record its event)."""
    who, seat = _who(role)
    cmd = _command(action, DIRECTOR if who == DIRECTOR else PLAYER)
    if cmd.scope != "board":
        raise BadCommand(f"{action!r} is given to the table's session, not to a board")
    if board.dry_run:
        raise RuntimeError("a dry run inside a dry run")
    board.dry_run = True
    try:
        cmd.give(board, seat, args, now if now is not None else _EPOCH)
    except _DryRun:
        return
    finally:
        board.dry_run = False


def can_command(board: Board, role: Any, action: str, args: Mapping[str, Any]) -> bool:
    """Whether :func:`run_command` would take the command now (see :func:`check_command`)."""
    try:
        check_command(board, role, action, args)
    except (ActionRefused, BadCommand):
        return False
    return True


def actions_for(board: Board, seat: Seat | None) -> list[str]:
    """The commands ``seat`` (``None``: the Director) may give now, in the order of
    :data:`COMMANDS`: the action list of the views."""
    who = PLAYER if seat is not None else DIRECTOR
    return [
        c.name
        for c in COMMANDS.values()
        if c.who == who and c.scope == "board" and c.is_offered(board, seat)
    ]


def args_schema(cmd: Command) -> dict[str, Any]:
    """The JSON Schema of ``cmd``'s ``args`` object."""
    out: dict[str, Any] = {
        "type": "object",
        "properties": {a.name: a.schema() for a in cmd.args},
    }
    required = [a.name for a in cmd.args if a.required]
    if required:
        out["required"] = required
    return out


def describe() -> list[dict[str, Any]]:
    """Every command as plain data, for clients: name, who gives it, label, Law, widget,
    table mode only, the events it records and its arguments (``GET /api/commands``)."""
    return [
        {
            "name": c.name,
            "who": c.who,
            "label": c.label,
            "law": c.law,
            "widget": c.widget,
            "help": c.help,
            "table_only": c.table_only,
            "scope": c.scope,
            "events": list(c.event_names),
            "args": [{"name": a.name, "kind": str(a.kind), "required": a.required} for a in c.args],
        }
        for c in COMMANDS.values()
    ]


# ---------------------------------------------------------------------- when offered

_AUCTION_PERIOD = frozenset({Phase.AUCTION, Phase.CLARIFICATION, Phase.PASSED_OUT})


def _player(seat: Seat | None) -> Seat:
    if seat is None:  # pragma: no cover - the registry asks players' commands for a seat
        raise BadCommand("a player's command needs a seat")
    return seat


def _offer_call(b: Board, seat: Seat | None) -> bool:
    return b.phase is Phase.AUCTION and b.to_act is seat


def _offer_replace(b: Board, seat: Seat | None) -> bool:
    return b.phase in _AUCTION_PERIOD and bool(b.replacement_calls(_player(seat)))


def _offer_play(b: Board, seat: Seat | None) -> bool:
    return b.to_act is seat and bool(b.legal_cards(seat))


def _offer_designate(b: Board, seat: Seat | None) -> bool:
    return (
        b.phase is Phase.PLAY
        and b.hand_to_play is b.dummy
        and b.to_act is seat
        and bool(b.legal_cards(seat))
    )


def _offer_ask_explanation(b: Board, seat: Seat | None) -> bool:
    s = _player(seat)
    first = next(
        (i for i in range(len(b.auction)) if b.auction.caller_of(i).side is not s.side), None
    )
    # every other condition of the right to ask is the same for each opponent's call
    if first is None:
        return False
    try:
        b.check_explanation_request(s, first)
    except ActionRefused:
        return False
    return True


def _offer_explain(b: Board, seat: Seat | None) -> bool:
    return any(b.auction.caller_of(i).partner is seat for _, i in b.pending_questions)


def _offer_inspection(b: Board, seat: Seat | None) -> bool:
    return b.inspection_open(_player(seat))


def _offer_correct(b: Board, seat: Seat | None) -> bool:
    return b.misexplanation_prompt(_player(seat))


def _offer_choose_for_dummy(b: Board, seat: Seat | None) -> bool:
    return b.defenders_choose_dummy_card and seat is not None and b.is_defender(seat)


def _offer_ask_revoke(b: Board, seat: Seat | None) -> bool:
    # at a real table a show-out may be a revoke: "No spades, partner?" (42B1, 61B)
    return b.phase is Phase.PLAY and bool(b.revoke_questions(_player(seat)))


def _offer_director_call(b: Board, seat: Seat | None) -> bool:
    return b.may_call_director(_player(seat))


def _offer_claim(b: Board, seat: Seat | None) -> bool:
    return b.phase is Phase.PLAY and seat is not b.dummy and b.claimable and b.pending is None


def _offer_agree_claim(b: Board, seat: Seat | None) -> bool:
    # offered whatever the floor (79A2): refusing an agreement below it is the engine's
    c = b.claim
    return (
        b.phase is Phase.CLAIM
        and c is not None
        and c.status == "pending"
        and seat in b.claimer_opponents(c)
        and seat not in c.agreed
    )


def _offer_choose(b: Board, seat: Seat | None) -> bool:
    return bool(b.options_for(_player(seat)))


def _offer_proper_lead(b: Board, seat: Seat | None) -> bool:
    return b.proper_lead_open(_player(seat))


def _offer_expose(b: Board, seat: Seat | None) -> bool:
    return b.phase in (Phase.CLARIFICATION, Phase.PLAY) and seat is not b.dummy


def _offer_attention(b: Board, seat: Seat | None) -> bool:
    return (
        b.phase in (Phase.PLAY, Phase.ENDED)
        and b.pending is None
        and (seat is not b.dummy or b.dummy_rights_forfeited)
    )


def _offer_flag_misplay(b: Board, seat: Seat | None) -> bool:
    return seat is not b.dummy and b.pending is None and b.misplay_open


def _offer_fifth(b: Board, seat: Seat | None) -> bool:
    return b.phase is Phase.PLAY and b.hand(_player(seat)).mask != 0


def _own_cards(b: Board, seat: Seat | None) -> Iterable[dict[str, Any]]:
    """Probe: each card ``seat`` holds (dummy's own cards for dummy's acts)."""
    if seat is None:  # pragma: no cover
        return ()
    return ({"card": str(c)} for c in b.hand(seat))


def _dummy_cards(b: Board, seat: Seat | None) -> Iterable[dict[str, Any]]:
    if seat is None or seat is not b.dummy or b.phase is not Phase.PLAY:
        return ()
    return _own_cards(b, seat)


def _offer_rule(b: Board, seat: Seat | None) -> bool:  # noqa: ARG001
    c = b.claim
    return (
        c is not None
        and c.status in ("disputed", "pending", "agreed")
        and not (c.status == "agreed" and c.established)
    )


def _offer_inspect_quitted(b: Board, seat: Seat | None) -> bool:  # noqa: ARG001
    return bool(b.tricks)


def _offer_return_lead(b: Board, seat: Seat | None) -> bool:  # noqa: ARG001
    return b.face_down_lead is not None


def _offer_restore(b: Board, seat: Seat | None) -> bool:  # noqa: ARG001
    # the Correction Period (79C) depends on the time, which views do not know
    c = b.claim
    return b.phase is Phase.ENDED and c is not None and c.status in ("agreed", "ruled")


def _offer_defective(b: Board, seat: Seat | None) -> bool:  # noqa: ARG001
    return bool(b.tricks)


# ---------------------------------------------------------------------- invocations


def _invoke_claim(concession: bool) -> Invoke:
    def run(b: Board, seat: Seat | None, kw: dict[str, Any], now: datetime) -> Any:  # noqa: ARG001
        return b.make_claim(_player(seat), kw["tricks"], kw["statement"], concession=concession)

    return run


def _invoke_attention(b: Board, seat: Seat | None, kw: dict[str, Any], now: datetime) -> Any:  # noqa: ARG001
    """Draw attention to a possible revoke by ``offender`` (62A); with ``question``, ask him
    whether he has a card of the suit led (dummy of declarer, 42B1; 61B)."""
    if kw["question"]:
        return b.ask_revoke(_player(seat), kw["offender"])
    return b.draw_attention(_player(seat), kw["offender"])


def _invoke_choose(b: Board, seat: Seat | None, kw: dict[str, Any], now: datetime) -> Any:  # noqa: ARG001
    return b.choose(_player(seat), kw["option"], kw["suit"])


def _invoke_publish(b: Board, seat: Seat | None, kw: dict[str, Any], now: datetime) -> Any:  # noqa: ARG001
    return b.publish_score(now)


def _invoke_restore(b: Board, seat: Seat | None, kw: dict[str, Any], now: datetime) -> Any:  # noqa: ARG001
    return b.restore_tricks(kw["side_of"], kw["tricks"], law=kw["law"], now=now)


def _invoke_director_flag(b: Board, seat: Seat | None, kw: dict[str, Any], now: datetime) -> Any:  # noqa: ARG001
    return b.flag_misplay(None)


def _invoke_inspect_quitted(
    b: Board,
    seat: Seat | None,  # noqa: ARG001
    kw: dict[str, Any],
    now: datetime,  # noqa: ARG001
) -> Any:
    return b.inspect_quitted(None, kw["trick"])


# ---------------------------------------------------------------------- replays
# A record's event checked again as the command that made it (Recorded.replay), where the
# owner's plain call with the event's fields cannot say it.


def _replay_replaced(b: Board, e: CallReplaced) -> None:
    if b.replaceable_call(e.seat) != e.index:
        raise NotationError(f"the record's {e!r} replaces another call than the table's")
    b.replace_unintended_call(
        e.seat, e.call, alert=e.alert, explanation=e.explanation, lho_stands=e.lho_stands
    )


def _replay_call(b: Board, e: CallMade) -> None:
    # the derived replay's call, written out: the hot path of a replayed auction
    b.call(e.seat, e.call, alert=e.alert, explanation=e.explanation)


def _replay_exposed(b: Board, e: CardExposed) -> None:
    if e.law in ("24", "53A", "57"):
        got: Any = b.play(e.seat, e.card)
    elif e.law == "45E":
        got = b.fifth_card(e.seat, e.card)
    else:
        got = b.expose_card(e.seat, e.card, deliberate=e.deliberate)
    if got != e:
        raise NotationError(f"the record's {e!r} is not how the table takes that card")


def _replay_claim(b: Board, e: ClaimMade) -> object:
    return b.make_claim(e.seat, e.tricks, e.statement, concession=e.concession)


def _replay_quitted_shown(b: Board, e: QuittedTrickShown) -> object:
    return b.inspect_quitted(e.seat, e.trick)


def _replay_published(b: Board, e: ScorePublished) -> object:
    return b.publish_score(datetime.fromisoformat(e.at))


def _replay_restored(b: Board, e: TricksRestored) -> object:
    return b.restore_tricks(e.side_of, e.tricks, law=e.law, now=datetime.fromisoformat(e.at))


def _replay_chosen(b: Board, e: RectificationChosen) -> object:
    return b.choose(e.seat, e.option)


def _replay_attention(b: Board, e: AttentionDrawn) -> object:
    return b.draw_attention(e.seat, e.offender)


def _replay_designation_changed(b: Board, e: DesignationChanged) -> object:
    return b.change_designation(e.seat, e.new, reason=e.reason)


_WITHDRAW_REASONS: dict[str, WithdrawReason] = {
    "47D": "opponent_changed_play",
    "47E2a": "misinformation",
}


def _replay_card_withdrawn(b: Board, e: CardWithdrawn) -> object:
    return b.withdraw(e.seat, e.card, _WITHDRAW_REASONS.get(e.law, "turn_misstated"))


def _replay_forfeit(b: Board, e: DummyRightsForfeited) -> object:
    return b.record_dummy_breach(e.seat, e.act)


def _replay_proposed(b: Board, e: RulingProposed) -> object:
    return b.propose_ruling(e.tricks, laws=e.laws, text=e.text)


# ---------------------------------------------------------------------- the registry

_TEXT = Arg("text", Kind.TEXT, required=True)
_CARD = Arg("card", Kind.CARD, required=True, description="suit then rank: SA, HT, D2")


def _call_args(description: str) -> tuple[Arg, ...]:
    return (
        Arg("call", Kind.CALL, required=True, description=description),
        Arg("alert", Kind.BOOL),
        Arg("explanation", Kind.TEXT),
    )


_ALL: tuple[Command, ...] = (
    # -- the auction and the clarification period
    Command(
        "call",
        "call",
        (Recorded("CallMade", "_apply_call", _replay_call),),
        "17, 18",
        "Call",
        args=_call_args("1NT, Pass, X, XX"),
        offered=_offer_call,
        widget="form",
    ),
    Command(
        "replace_call",
        "replace_unintended_call",
        (Recorded("CallReplaced", "_apply_auction_change", _replay_replaced),),
        "25A",
        "Replace an unintended call",
        args=_call_args("the intended call in place of an unintended one (Law 25A)"),
        offered=_offer_replace,
        widget="form",
    ),
    Command(
        "withdraw_call",
        "withdraw_call",
        (Recorded("CallWithdrawn", "_apply_auction_change"),),
        "25A",
        "Withdraw my call over the replaced call",
        help=(
            "Your opponent has replaced his unintended call since you called over it: you may take "
            "your call back at once and call again (Law 25A)."
        ),
    ),
    Command(
        "play",
        "play",
        (
            Recorded("CardPlayed", "_apply_card", "_replay_card"),
            Recorded("OpeningLeadFaceDown", "_apply_face_down", "_replay_face_down"),
            "CardExposed",
            "ProperLeadMade",
        ),
        "41A, 44, 45",
        "Play a card",
        args=(_CARD,),
        offered=_offer_play,
        widget="form",
    ),
    Command(
        "designate",
        "designate",
        (
            "CardPlayed",
            Recorded("RankNamed", "_apply_rank_named"),
            Recorded("DefenderToChoose", "_apply_defender_to_choose"),
        ),
        "45B, 46",
        "Name dummy's card",
        args=(Arg("text", Kind.TEXT, required=True, limit=40),),
        offered=_offer_designate,
        widget="form",
    ),
    Command(
        "face_lead",
        "face_lead",
        (Recorded("LeadFaced", "_apply_lead_faced"),),
        "41C",
        "Face the opening lead",
        help=(
            "Turn your face-down opening lead face up: questions are over, play begins and dummy is"
            " spread (Law 41C)."
        ),
    ),
    Command(
        "request_review",
        "request_review",
        (Recorded("ReviewRequested", "_apply_review"),),
        "20C2, 41B",
        "Ask for a review of the auction",
        help="Have the whole auction restated, call by call (Laws 20C2, 41B).",
    ),
    Command(
        "ask_explanation",
        "ask_explanation",
        (Recorded("ExplanationRequested", "_apply_question"),),
        "20F, 41B",
        "Ask for an explanation",
        args=(Arg("call_index", Kind.INT, required=True),),
        offered=_offer_ask_explanation,
        widget="form",
    ),
    Command(
        "explain",
        "explain",
        (Recorded("ExplanationGiven", "_apply_explained"),),
        "20F, 40B",
        "Explain",
        args=(Arg("call_index", Kind.INT, required=True), _TEXT),
        offered=_offer_explain,
        widget="form",
    ),
    Command(
        "ask_contract",
        "ask_contract",
        (Recorded("ContractAsked", "_apply_contract_asked"),),
        "41C",
        "Ask what the contract is",
        help="At your turn, be told the contract and whether it is doubled or redoubled (Law 41C).",
    ),
    Command(
        "inspect_trick",
        "inspect_trick",
        (Recorded("TrickInspected", "_note"),),
        "66A",
        "Look at the last trick",
        help=(
            "Look at the last trick again, until your side has led or played to the next one (Law "
            "66A)."
        ),
        offered=_offer_inspection,
    ),
    Command(
        "look_at_own_card",
        "look_at_own_card",
        (Recorded("OwnCardLooked", "_note"),),
        "66B",
        "Look at my last card",
        help="Look at your own last card without showing it (Law 66B).",
        offered=_offer_inspection,
    ),
    Command(
        "mark_trick",
        "mark_trick",
        (Recorded("TrickMarked", "_apply_marked"),),
        "65B3",
        "Turn my last quitted card",
        args=(Arg("trick", Kind.INT, required=True), Arg("won", Kind.BOOL)),
        offered=_offer_inspection,
        widget="form",
    ),
    Command(
        "correct_explanation",
        "correct_explanation",
        (Recorded("ExplanationCorrected", "_apply_correction"),),
        "20F5, 75B",
        "Correct the explanation",
        args=(Arg("call_index", Kind.INT, required=True), _TEXT),
        offered=_offer_correct,
        widget="form",
    ),
    Command(
        "choose_for_dummy",
        "choose_for_dummy",
        ("CardPlayed",),
        "46B5",
        "Choose dummy's card",
        args=(_CARD,),
        offered=_offer_choose_for_dummy,
        widget="form",
    ),
    # -- the table's session over boards (bridgetable.core.session)
    Command(
        "next",
        "ask_next",
        ("NextAsked",),
        "7C",
        "Next board",
        help="Go on to the next board of the session.",
        scope="session",
    ),
    # -- claims and concessions
    Command(
        "claim",
        "make_claim",
        (Recorded("ClaimMade", "_apply_claim_event", _replay_claim),),
        "68A",
        "Claim",
        args=(Arg("tricks", Kind.INT, required=True), Arg("statement", Kind.TEXT)),
        offered=_offer_claim,
        invoke=_invoke_claim(False),
        widget="form",
    ),
    Command(
        "concede",
        "make_claim",
        ("ClaimMade",),
        "68B",
        "Concede",
        args=(Arg("tricks", Kind.INT, required=True), Arg("statement", Kind.TEXT)),
        offered=_offer_claim,
        invoke=_invoke_claim(True),
        widget="form",
    ),
    Command(
        "announce_current_trick",
        "announce_current_trick",
        (Recorded("CurrentTrickStatement", "_note"),),
        "68",
        "Announce: this trick is mine",
        help=(
            "Say that the trick now being played is yours: it speaks of this trick only, so it is "
            "no claim and play goes on (Law 68)."
        ),
        args=(Arg("text", Kind.TEXT, default=""),),
    ),
    Command(
        "object",
        "object_to_partners_claim",
        (Recorded("ClaimObjected", "_apply_claim_event"),),
        "68B2",
        "Object to partner's claim",
        help=(
            "Your partner claimed or conceded: object at once and there is neither claim nor "
            "concession, play goes on (Law 68B2)."
        ),
    ),
    Command(
        "agree_claim",
        "agree_claim",
        (Recorded("ClaimAgreed", "_apply_claim_event"),),
        "69A",
        "Agree with the claim",
        help="Accept the claim: play ends and the claimed tricks are scored (Laws 68D, 69A).",
        offered=_offer_agree_claim,
        hidden_refusal=True,
    ),
    Command(
        "dispute_claim",
        "dispute_claim",
        (Recorded("ClaimDisputed", "_apply_claim_event"),),
        "68D",
        "Dispute the claim",
        help=(
            "Do not accept the claim: play stays stopped and the claim is ruled on, or all four "
            "agree to play on (Laws 68D, 70)."
        ),
    ),
    Command(
        "request_play_on",
        "request_play_on",
        (Recorded("PlayOnRequested", "_apply_claim_event"),),
        "68D2b",
        "Ask to play on",
        help=(
            "After a dispute, ask that the four of you play the cards out instead of a ruling; all "
            "four must agree (Law 68D2b)."
        ),
    ),
    Command(
        "agree_play_on",
        "agree_play_on",
        (Recorded("PlayOnAgreed", "_apply_claim_event"),),
        "68D2b",
        "Agree to play on",
        help="Agree to play the cards out: the claim is void and play goes on (Law 68D2b).",
    ),
    Command(
        "ask_ruling",
        "ask_ruling",
        (Recorded("RulingAsked", "_apply_claim_event"),),
        "68D, 70",
        "Ask for the adjudicator's ruling",
        help=(
            "With no Director at the table, ask for the adjudicator's proposed ruling on the "
            "disputed claim; it binds only if all four accept it (Law 70)."
        ),
    ),
    Command(
        "accept_ruling",
        "accept_ruling",
        (Recorded("RulingAccepted", "_apply_claim_event"),),
        "69A, 70",
        "Accept the proposed ruling",
        help=(
            "Accept the proposed ruling; once all four have, it is the result. Call the Director "
            "instead if you disagree (Law 70)."
        ),
    ),
    Command(
        "show_hand",
        "show_hand_to_partner",
        (Recorded("HandShownToPartner", "_apply_claim_event"),),
        "68 (rubber)",
        "Show my hand to partner",
        help=(
            "Rubber bridge: after declarer's claim, face your hand to your partner (Law 68, "
            "rubber)."
        ),
    ),
    # -- table mode (RuleSet policy "table"; the online policy refuses these)
    Command(
        "choose",
        "choose",
        (Recorded("RectificationChosen", "_apply_chosen", _replay_chosen),),
        "10C, 50-57, 62C, 43B2a, 45D, 51A, 67B1",
        "Choose the rectification",
        args=(
            Arg(
                "option",
                Kind.TEXT,
                required=True,
                limit=40,
                description="the id of one of view.options (accept, require S, place HA ...), "
                "also the text stored records hold",
            ),
            Arg("suit", Kind.SUIT, description="completes an id given by its key"),
        ),
        offered=_offer_choose,
        invoke=_invoke_choose,
        table_only=True,
        widget="form",
    ),
    Command(
        "proper_lead",
        "proper_lead",
        (
            Recorded("ProperLeadMade", "_apply_proper_lead", "_check_proper_lead_event"),
            "CardPlayed",
        ),
        "53B",
        "Lead it properly",
        args=(_CARD,),
        offered=_offer_proper_lead,
        table_only=True,
        widget="form",
    ),
    Command(
        "expose_card",
        "expose_card",
        (Recorded("CardExposed", "_apply_exposed", _replay_exposed),),
        "48-50",
        "Expose a card",
        args=(_CARD, Arg("deliberate", Kind.BOOL)),
        offered=_offer_expose,
        table_only=True,
        widget="form",
    ),
    Command(
        "fifth_card",
        "fifth_card",
        ("CardExposed", "CardPlayed"),
        "45E",
        "A fifth card to the trick",
        args=(_CARD,),
        offered=_offer_fifth,
        table_only=True,
        widget="form",
    ),
    Command(
        "draw_attention",
        "draw_attention",
        (Recorded("AttentionDrawn", "_apply_attention", _replay_attention), "RevokeInquiry"),
        "62A, 42B1, 61B",
        "Draw attention to a revoke",
        args=(
            Arg("offender", Kind.SEAT, required=True),
            Arg(
                "question",
                Kind.BOOL,
                description="ask whether he has a card of the suit led (42B1, 61B)",
            ),
        ),
        offered=_offer_attention,
        invoke=_invoke_attention,
        table_only=True,
        widget="form",
    ),
    Command(
        "warn_wrong_hand",
        "warn_wrong_hand",
        (Recorded("DummyWarned", "_apply_warned"),),
        "42B2",
        "Warn declarer: the lead is in the other hand (Law 42B2)",
        help="As dummy, warn declarer that he is about to lead from the wrong hand (Law 42B2).",
        table_only=True,
    ),
    Command(
        "misplay",
        "dummy_misplays",
        (Recorded("DummyMisplayed", "_apply_misplayed"),),
        "45D",
        "Dummy places a card not named",
        args=(_CARD,),
        probe=_dummy_cards,
        table_only=True,
        widget="form",
    ),
    Command(
        "indicate",
        "dummy_indicates",
        (Recorded("DummyIndicated", "_apply_indicated"),),
        "45F",
        "Dummy indicates a card",
        args=(_CARD,),
        probe=_dummy_cards,
        table_only=True,
        widget="form",
    ),
    Command(
        "flag_misplay",
        "flag_misplay",
        (Recorded("MisplayFlagged", "_apply_misplay_flagged"),),
        "45D",
        "Dummy's card was not named: draw attention to it (Law 45D)",
        help=(
            "Dummy put out a card that declarer did not name: draw attention to it, and declarer "
            "names the card (Law 45D)."
        ),
        offered=_offer_flag_misplay,
        table_only=True,
    ),
    # -- any player, online or at the table
    Command(
        "call_director",
        "call_director",
        (Recorded("DirectorCalled", "_apply_director_called"),),
        "9B",
        "Call the Director",
        args=(Arg("reason", Kind.TEXT, default=""),),
        offered=_offer_director_call,
        widget="form",
    ),
    Command(
        "ask_revoke",
        "ask_revoke",
        (Recorded("RevokeInquiry", "_apply_revoke_inquiry"),),
        "42B1, 61B",
        "Ask about a revoke",
        args=(Arg("asked", Kind.SEAT, required=True),),
        offered=_offer_ask_revoke,
        table_only=True,
        widget="form",
    ),
    Command(
        "report_irregularity",
        "report_irregularity",
        (Recorded("IrregularityReported", "_note"),),
        "42B3, 43A1b",
        "Point out an irregularity",
        args=(_TEXT,),
        probe=lambda _b, _s: ({"text": "irregularity"},),
        widget="form",
    ),
    # -- the Director's
    Command(
        "rule",
        "director_rule",
        (Recorded("DirectorRuled", "_apply_claim_event"),),
        "70, 71",
        "Give the ruling",
        who=DIRECTOR,
        args=(
            Arg("tricks", Kind.INT, required=True),
            Arg("laws", Kind.TEXT, default="70"),
            Arg("text", Kind.TEXT, default=""),
        ),
        offered=_offer_rule,
        widget="form",
    ),
    Command(
        "face_all",
        "director_face_all",
        (Recorded("AllHandsFaced", "_apply_claim_event"),),
        "70B3",
        "Face all hands",
        who=DIRECTOR,
    ),
    Command(
        "inspect_quitted",
        "inspect_quitted",
        (Recorded("QuittedTrickShown", "_apply_quitted_shown", _replay_quitted_shown),),
        "66C",
        "Show a quitted trick",
        who=DIRECTOR,
        args=(Arg("trick", Kind.INT, required=True),),
        offered=_offer_inspect_quitted,
        invoke=_invoke_inspect_quitted,
        widget="form",
    ),
    Command(
        "return_lead",
        "director_return_lead",
        (Recorded("FaceDownLeadReturned", "_apply_lead_returned"),),
        "41A, 47E, 54",
        "Return the face-down lead",
        who=DIRECTOR,
        args=(Arg("law", Kind.TEXT, required=True, limit=10),),
        offered=_offer_return_lead,
        widget="form",
    ),
    Command(
        "establish_agreement",
        "establish_agreement",
        (Recorded("AgreementEstablished", "_apply_claim_event"),),
        "69A",
        "Establish agreement",
        who=DIRECTOR,
    ),
    Command(
        "publish_score",
        "publish_score",
        (Recorded("ScorePublished", "_apply_claim_event", _replay_published),),
        "79C",
        "Publish the score",
        who=DIRECTOR,
        invoke=_invoke_publish,
    ),
    Command(
        "restore_tricks",
        "restore_tricks",
        (Recorded("TricksRestored", "_apply_claim_event", _replay_restored),),
        "69B, 71",
        "Restore tricks",
        who=DIRECTOR,
        args=(
            Arg("side_of", Kind.SEAT, required=True),
            Arg("tricks", Kind.INT, required=True),
            Arg("law", Kind.TEXT, required=True, limit=10),
        ),
        offered=_offer_restore,
        invoke=_invoke_restore,
        widget="form",
    ),
    Command(
        "dummy_seen",
        "director_finds_dummy_seen",
        (Recorded("DeclarerSawDummy", "_apply_saw_dummy"),),
        "54C",
        "Declarer could have seen dummy's cards: he must accept (Law 54C)",
        who=DIRECTOR,
        table_only=True,
    ),
    Command(
        "return_hands",
        "return_hands",
        (Recorded("HandsReturned", "_apply_hands_returned"),),
        "62D",
        "The hands are back in the board (Law 62D)",
        who=DIRECTOR,
        table_only=True,
    ),
    Command(
        "flag_misplay",
        "flag_misplay",
        ("MisplayFlagged",),
        "45D",
        "Dummy's card was not named (Law 45D)",
        who=DIRECTOR,
        invoke=_invoke_director_flag,
        table_only=True,
    ),
    Command(
        "defective_trick",
        "report_defective_trick",
        (Recorded("DefectiveTrick", "_apply_defective"),),
        "67",
        "A defective trick",
        who=DIRECTOR,
        args=(
            Arg("hand", Kind.SEAT, required=True),
            Arg("trick", Kind.INT, required=True, minimum=0),
            Arg("extra", Kind.CARD),
        ),
        offered=_offer_defective,
        table_only=True,
        widget="form",
    ),
)


def _registry(commands: Iterable[Command]) -> dict[str, Command]:
    out: dict[str, Command] = {}
    for c in commands:
        key = c.name if c.who == PLAYER else f"{c.name}@director"
        if key in out:
            raise ValueError(f"command {c.name!r} declared twice")
        out[key] = c
    return out


#: Every command, players' first then the Director's, keyed by name (a Director's command
#: whose name a player's command also has is keyed ``name@director``).
COMMANDS: dict[str, Command] = _registry(_ALL)


def commands_of(who: Who) -> dict[str, Command]:
    """The players' or the Director's commands, by name."""
    return dict(_BY_WHO[who])


_BY_WHO: dict[Who, dict[str, Command]] = {
    w: {c.name: c for c in COMMANDS.values() if c.who == w} for w in (PLAYER, DIRECTOR)
}


#: Events recorded by a Board method that no client gives as a command (the engine's own
#: acts and the server's): a declarer's change of designation (45C4b), a withdrawal after a
#: permitted change (47), dummy's breach of his rights (43A2) and the adjudicator's proposed
#: ruling (70).
RECORDED_WITHOUT_COMMAND: tuple[Recorded, ...] = (
    Recorded("DesignationChanged", "_apply_change", _replay_designation_changed),
    Recorded("CardWithdrawn", "_apply_withdrawn", _replay_card_withdrawn),
    Recorded("DummyRightsForfeited", "_apply_forfeit", _replay_forfeit),
    Recorded("RulingProposed", "_apply_claim_event", _replay_proposed),
)


def _derived_replay(
    board: type[Any], cmd: Command, rec: Recorded, event: type[Any]
) -> Callable[[Any, Any], object]:
    """The owner's own call, its arguments read from the event's fields (see :class:`Recorded`)."""
    keys = tuple(a.keyword for a in cmd.args)
    fields = {f.name for f in dataclasses.fields(event)}
    missing = [k for k in keys if k not in fields]
    if cmd.invoke is not None or missing or (cmd.who == PLAYER and "seat" not in fields):
        lacks = f" (the event has no {', '.join(missing)})" if missing else ""
        raise ValueError(
            f"command {cmd.name!r}: declare how {rec.event} is replayed: it is not "
            f"board.{cmd.method}(seat, **args) with the event's fields{lacks}"
        )
    method = getattr(board, cmd.method)
    if cmd.who == DIRECTOR:
        if not keys:
            return lambda b, _e: method(b)
        return lambda b, e: method(b, **{k: getattr(e, k) for k in keys})
    if not keys:
        return lambda b, e: method(b, e.seat)
    return lambda b, e: method(b, e.seat, **{k: getattr(e, k) for k in keys})


def _board_method(board: type[Any], name: str, owner: str) -> Callable[..., Any]:
    fn = getattr(board, name, None)
    if not callable(fn):
        raise ValueError(f"{owner}: Board has no method {name!r}")
    return fn  # type: ignore[no-any-return]


def event_dispatch(
    board: type[Board],
    commands: Iterable[Command] | None = None,
    without_command: Iterable[Recorded] = RECORDED_WITHOUT_COMMAND,
    event_types: Mapping[str, type[Any]] = EVENT_TYPES,
) -> tuple[dict[type[Any], Apply], dict[type[Any], Callable[[Board, Any], object]]]:
    """The Board's two dispatch tables, derived from the declarations: for each event type
    the method that applies it once recorded, and how a record's event is replayed.

    Raises :class:`ValueError` (at the import of :mod:`bridgetable.core.board`) unless every
    event type of ``event_types`` is declared exactly once, by the command that owns it or in
    :data:`RECORDED_WITHOUT_COMMAND`, every event a command names is declared, and every
    method named exists.
    """
    apply: dict[type[Any], Apply] = {}
    replay: dict[type[Any], Callable[[Board, Any], object]] = {}
    # a session's commands record the session's events (core/session.py), not a board's
    cmds = [c for c in (_ALL if commands is None else commands) if c.scope == "board"]
    owned: list[tuple[Command | None, Recorded]] = [
        (c, r) for c in cmds for r in c.events if isinstance(r, Recorded)
    ]
    owned += [(None, r) for r in without_command]
    for cmd, rec in owned:
        owner = f"command {cmd.name!r}" if cmd is not None else "a Board method"
        event = event_types.get(rec.event)
        if event is None:
            raise ValueError(f"{owner}: {rec.event} is not a registered event type")
        if event in apply:
            raise ValueError(f"{owner}: {rec.event} is declared twice")
        apply[event] = _board_method(board, rec.apply, owner)
        if isinstance(rec.replay, str):
            replay[event] = _board_method(board, rec.replay, owner)
        elif rec.replay is not None:
            replay[event] = rec.replay
        elif cmd is not None:
            replay[event] = _derived_replay(board, cmd, rec, event)
        else:
            raise ValueError(f"a Board method: declare how {rec.event} is replayed")
    names = {t.__name__ for t in apply}
    for c in cmds:
        unknown = [n for n in c.event_names if n not in names]
        if unknown:
            raise ValueError(f"command {c.name!r}: no command declares {', '.join(unknown)}")
    undeclared = sorted(set(event_types) - names)
    if undeclared:
        raise ValueError(f"events no command declares: {', '.join(undeclared)}")
    return apply, replay
