"""The commands a client may give, mapped onto the engine's methods.

Each command is ``{"action": name, "args": {...}}``. Players act for their own seat only
(declarer for dummy's hand, as the engine enforces: Law 45B); the Director's commands are
taken from the director role only. Arguments are checked here for type; the Laws are checked
by the engine, whose :class:`~bridgetable.core.errors.ActionRefused` goes back to the one
client that asked.

Under the table policy (``RuleSet(policy="table")``, :mod:`bridgetable.core.table`) a lead or
play out of turn, a revoke or a premature play is simply ``play``: the engine takes it as it
happened. The table-mode commands are the other acts of a real table: ``choose`` (one of the
options the Law gives this player, Laws 50-57 (53B: withdraw or leave a card played in
error), 62C, 43B2a, 45D, 51A, 67B1), ``proper_lead``
(53B), ``expose_card`` (48-50), ``fifth_card`` (45E), ``draw_attention`` (62A; with
``question`` the "having none?" question of 42B1 and 61B), ``warn_wrong_hand`` (42B2),
``misplay`` and ``indicate`` (dummy's own card, 45D and 45F), ``flag_misplay`` (45D); and the
Director's ``dummy_seen`` (54C), ``return_hands`` (62D), ``defective_trick`` (67) and
``flag_misplay``.

Example:
    >>> import random
    >>> from bridgetable.core.board import Board
    >>> from bridgetable.core.record import BoardSetup
    >>> from bridgetable.core.seats import Seat
    >>> b = Board(BoardSetup.for_board(1, rng=random.Random(5)))
    >>> _ = run_command(b, Seat.NORTH, "call", {"call": "1NT"})
    >>> len(b.events)
    1
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from bridgetable.core.board import Board
from bridgetable.core.calls import Call, parse_call
from bridgetable.core.cards import Card, Suit
from bridgetable.core.errors import NotationError
from bridgetable.core.events import is_storable_text
from bridgetable.core.seats import Seat
from bridgetable.core.views import DIRECTOR, Role


class BadCommand(ValueError):
    """A command that is not well formed (unknown action, missing or mistyped argument)."""


def bad_text(value: Any) -> bool:
    r"""Whether a decoded JSON value holds a string (a key or a value, at any depth) that is
    not Unicode scalar values: a lone surrogate, which a JSON ``\ud800`` escape carries but
    UTF-8 (the store, the views) cannot. Walked without recursion.

    >>> bad_text({"args": {"text": ["ok", "ok \ud800"]}}), bad_text({"text": "ok \u2660"})
    (True, False)
    """
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if not is_storable_text(v):
                return True
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return False


def _str(args: dict[str, Any], key: str, *, default: str | None = None, limit: int = 500) -> str:
    v = args.get(key, default)
    if not isinstance(v, str) or len(v) > limit:
        raise BadCommand(f"argument {key!r} must be text of at most {limit} characters")
    if not is_storable_text(v):
        raise BadCommand(f"argument {key!r} must be valid Unicode (no lone surrogate)")
    return v


def _int(args: dict[str, Any], key: str, *, default: int | None = None) -> int:
    v = args.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadCommand(f"argument {key!r} must be an integer")
    return v


def _bool(args: dict[str, Any], key: str, *, default: bool = False) -> bool:
    v = args.get(key, default)
    if not isinstance(v, bool):
        raise BadCommand(f"argument {key!r} must be true or false")
    return v


def _card(args: dict[str, Any], key: str = "card") -> Card:
    try:
        return Card(_str(args, key, limit=3))
    except NotationError as exc:
        raise BadCommand(str(exc)) from None


def _optional_card(args: dict[str, Any], key: str) -> Card | None:
    return None if args.get(key) is None else _card(args, key)


def _suit(args: dict[str, Any], key: str) -> Suit | None:
    if args.get(key) is None:
        return None
    try:
        return Suit.from_letter(_str(args, key, limit=8))
    except NotationError as exc:
        raise BadCommand(str(exc)) from None


def _seat(args: dict[str, Any], key: str) -> Seat:
    try:
        return Seat.from_letter(_str(args, key, limit=5))
    except NotationError as exc:
        raise BadCommand(str(exc)) from None


def _call_args(a: dict[str, Any]) -> tuple[Call, bool, str | None]:
    """A call's arguments: the call, its alert and its explanation."""
    try:
        call = parse_call(_str(a, "call", limit=10))
    except NotationError as exc:
        raise BadCommand(str(exc)) from None
    expl = a.get("explanation")
    if expl is not None:
        expl = _str(a, "explanation")
    return call, _bool(a, "alert"), expl


def _call(b: Board, s: Seat, a: dict[str, Any]) -> Any:
    call, alert, expl = _call_args(a)
    return b.call(s, call, alert=alert, explanation=expl)


def _replace_call(b: Board, s: Seat, a: dict[str, Any]) -> Any:
    """Law 25A: the intended call in place of the caller's unintended one."""
    call, alert, expl = _call_args(a)
    return b.replace_unintended_call(s, call, alert=alert, explanation=expl)


def _claim(concession: bool) -> Callable[[Board, Seat, dict[str, Any]], Any]:
    def run(b: Board, s: Seat, a: dict[str, Any]) -> Any:
        stmt = a.get("statement")
        if stmt is not None:
            stmt = _str(a, "statement")
        return b.make_claim(s, _int(a, "tricks"), stmt, concession=concession)

    return run


def _choose(b: Board, s: Seat, a: dict[str, Any]) -> Any:
    """One of the options of ``view.options``, by its ``id`` (``"accept"``, ``"require S"``,
    ``"place HA"``: also the text stored records hold); ``suit`` completes an id given by its
    key (``"require"`` + ``"S"``)."""
    return b.choose(s, _str(a, "option", limit=40), _suit(a, "suit"))


def _draw_attention(b: Board, s: Seat, a: dict[str, Any]) -> Any:
    """Draw attention to a possible revoke by ``offender`` (62A); with ``question``, ask him
    whether he has a card of the suit led (dummy of declarer, 42B1; 61B)."""
    offender = _seat(a, "offender")
    if _bool(a, "question"):
        return b.ask_revoke(s, offender)
    return b.draw_attention(s, offender)


Handler = Callable[[Board, Seat, dict[str, Any]], Any]

#: Player commands: action -> handler(board, seat, args).
PLAYER_COMMANDS: dict[str, Handler] = {
    "call": _call,
    "replace_call": _replace_call,
    "play": lambda b, s, a: b.play(s, _card(a)),
    "face_lead": lambda b, s, _a: b.face_lead(s),
    "designate": lambda b, s, a: b.designate(s, _str(a, "text", limit=40)),
    "choose_for_dummy": lambda b, s, a: b.choose_for_dummy(s, _card(a)),
    "request_review": lambda b, s, _a: b.request_review(s),
    "ask_explanation": lambda b, s, a: b.ask_explanation(s, _int(a, "call_index")),
    "explain": lambda b, s, a: b.explain(s, _int(a, "call_index"), _str(a, "text")),
    "correct_explanation": lambda b, s, a: b.correct_explanation(
        s, _int(a, "call_index"), _str(a, "text")
    ),
    "ask_contract": lambda b, s, _a: b.ask_contract(s),
    "ask_revoke": lambda b, s, a: b.ask_revoke(s, _seat(a, "asked")),
    "call_director": lambda b, s, a: b.call_director(s, _str(a, "reason", default="")),
    "report_irregularity": lambda b, s, a: b.report_irregularity(s, _str(a, "text")),
    "inspect_trick": lambda b, s, _a: b.inspect_trick(s),
    "look_at_own_card": lambda b, s, _a: b.look_at_own_card(s),
    "mark_trick": lambda b, s, a: b.mark_trick(s, _int(a, "trick"), _bool(a, "won")),
    "claim": _claim(False),
    "concede": _claim(True),
    "announce_current_trick": lambda b, s, a: b.announce_current_trick(
        s, _str(a, "text", default="")
    ),
    "agree_claim": lambda b, s, _a: b.agree_claim(s),
    "dispute_claim": lambda b, s, _a: b.dispute_claim(s),
    "object": lambda b, s, _a: b.object_to_partners_claim(s),
    "request_play_on": lambda b, s, _a: b.request_play_on(s),
    "agree_play_on": lambda b, s, _a: b.agree_play_on(s),
    "ask_ruling": lambda b, s, _a: b.ask_ruling(s),
    "accept_ruling": lambda b, s, _a: b.accept_ruling(s),
    "show_hand": lambda b, s, _a: b.show_hand_to_partner(s),
    # table mode (RuleSet policy "table"; the online policy refuses these)
    "choose": _choose,
    "proper_lead": lambda b, s, a: b.proper_lead(s, _card(a)),
    "expose_card": lambda b, s, a: b.expose_card(s, _card(a), _bool(a, "deliberate")),
    "fifth_card": lambda b, s, a: b.fifth_card(s, _card(a)),
    "draw_attention": _draw_attention,
    "warn_wrong_hand": lambda b, s, _a: b.warn_wrong_hand(s),
    "misplay": lambda b, s, a: b.dummy_misplays(s, _card(a)),
    "indicate": lambda b, s, a: b.dummy_indicates(s, _card(a)),
    "flag_misplay": lambda b, s, _a: b.flag_misplay(s),
}

#: The table-mode player commands (a subset of :data:`PLAYER_COMMANDS`).
TABLE_COMMANDS: frozenset[str] = frozenset(
    {
        "choose",
        "proper_lead",
        "expose_card",
        "fifth_card",
        "draw_attention",
        "warn_wrong_hand",
        "misplay",
        "indicate",
        "flag_misplay",
    }
)


def _now() -> datetime:
    return datetime.now(UTC)


DirectorHandler = Callable[[Board, dict[str, Any]], Any]

#: The Director's commands: action -> handler(board, args).
DIRECTOR_COMMANDS: dict[str, DirectorHandler] = {
    "rule": lambda b, a: b.director_rule(
        _int(a, "tricks"), laws=_str(a, "laws", default="70"), text=_str(a, "text", default="")
    ),
    "face_all": lambda b, _a: b.director_face_all(),
    "inspect_quitted": lambda b, a: b.inspect_quitted(None, _int(a, "trick")),
    "return_lead": lambda b, a: b.director_return_lead(_str(a, "law", limit=10)),
    "establish_agreement": lambda b, _a: b.establish_agreement(),
    "publish_score": lambda b, _a: b.publish_score(_now()),
    "restore_tricks": lambda b, a: b.restore_tricks(
        _seat(a, "side_of"), _int(a, "tricks"), law=_str(a, "law", limit=10), now=_now()
    ),
    # table mode
    "dummy_seen": lambda b, _a: b.director_finds_dummy_seen(),
    "return_hands": lambda b, _a: b.return_hands(),
    "flag_misplay": lambda b, _a: b.flag_misplay(None),
    "defective_trick": lambda b, a: b.report_defective_trick(
        _seat(a, "hand"), _int(a, "trick"), extra=_optional_card(a, "extra")
    ),
}


def run_command(board: Board, role: Role, action: str, args: dict[str, Any]) -> None:
    """Give ``action`` on ``board`` for ``role``; raises :class:`BadCommand` for a malformed
    command and the engine's ``ActionRefused`` for one the Laws do not allow now."""
    if not isinstance(args, dict):
        raise BadCommand("args must be a JSON object")
    if role is DIRECTOR:
        handler = DIRECTOR_COMMANDS.get(action)
        if handler is None:
            raise BadCommand(f"not a Director's command: {action!r}")
        handler(board, args)
        return
    if not isinstance(role, Seat):
        raise BadCommand("spectators give no commands")
    player = PLAYER_COMMANDS.get(action)
    if player is None:
        raise BadCommand(f"unknown command: {action!r}")
    player(board, role, args)
