"""The frozen events of a board's record.

A board is its setup plus an append-only list of these events; the state is a replay of them
(see :mod:`bridgetable.core.record`). Every event names the seat that acted (``seat``). Events
convert to and from plain JSON-able dicts with :func:`event_to_dict` and :func:`event_from_dict`.

Every event type of the engine is defined here -- the auction and play, the table mode's
irregularities (:mod:`bridgetable.core.table`), claims (:mod:`bridgetable.core.claims`) and the
states of Laws 41A and 46 -- and listed in :data:`Event`, the one registry the codec reads
(:data:`EVENT_TYPES`): a record decodes in any process that imports
:mod:`bridgetable.core.record`, whatever else it has imported. The ``"type"`` of an event on
the wire is its class name.

Example:
    >>> from bridgetable.core.events import CardPlayed, event_to_dict, event_from_dict
    >>> from bridgetable.core.cards import Card
    >>> from bridgetable.core.seats import Seat
    >>> e = CardPlayed(Seat.SOUTH, Card("SA"), Seat.NORTH, "named")
    >>> event_to_dict(e)["card"], event_to_dict(e)["hand"]
    ('SA', 'N')
    >>> event_from_dict(event_to_dict(e)) == e
    True
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from bridgetable.core.calls import Call, parse_call
from bridgetable.core.cards import Card
from bridgetable.core.errors import NotationError
from bridgetable.core.seats import Seat

#: How a card came to count as played (Law 45): faced from one's own hand (45A, 45C1-2),
#: named by declarer from dummy (45B, 45C4a), designated incompletely and resolved by
#: Law 46 ("designated"), or chosen for dummy by a defender (46B5).
PlayManner = Literal["faced", "named", "designated", "defender_choice"]

#: Acts by dummy that forfeit his qualified rights (Law 43A2).
DummyBreach = Literal["looked_at_defender_hand", "exchanged_hands", "watched_declarer"]

#: Reasons a change of designation may be offered under (Law 45C4b): only "slip" is accepted.
ChangeReason = Literal["slip", "lapse_of_concentration", "reconsideration"]

#: Reasons for a withdrawal request (Law 47): after an opponent's permitted change (47D), an
#: opponent's misstatement of the turn (47E1), or an opponent's mistaken explanation (47E2a).
WithdrawReason = Literal["opponent_changed_play", "turn_misstated", "misinformation"]


@dataclass(frozen=True, slots=True)
class CallMade:
    """A call in the auction, with the caller's alert and explanation if any (Laws 17-22, 40)."""

    seat: Seat
    call: Call
    alert: bool = False
    explanation: str | None = None


@dataclass(frozen=True, slots=True)
class CallReplaced:
    """An unintended call replaced by the intended one (Law 25A): at once, without pause
    for thought, and before the caller's partner has called.

    ``index`` is the 0-based place in the auction of the call replaced; the event that made
    it stays in the record. ``call``, ``alert`` and ``explanation`` are the intended call's,
    as for :class:`CallMade`. A call the caller's LHO made over the first call stands when
    it is still legal over the intended one (``lho_stands``): the LHO may then withdraw it
    (Law 25A; :class:`CallWithdrawn`); a call that is no longer legal is withdrawn with the
    first call and the LHO calls again. Records written before this field read as
    ``lho_stands=False``: the LHO's call was withdrawn at once.
    """

    seat: Seat
    index: int
    call: Call
    alert: bool = False
    explanation: str | None = None
    lho_stands: bool = False


@dataclass(frozen=True, slots=True)
class CallWithdrawn:
    """The LHO withdraws the call he made over a call since replaced as unintended (Law
    25A): at once, before anything else happens. He calls again; information from the
    withdrawn call is authorised to his side and unauthorised to the other (16C2).

    ``index`` is the 0-based place in the auction of the call withdrawn.
    """

    seat: Seat
    index: int


@dataclass(frozen=True, slots=True)
class OpeningLeadFaceDown:
    """The opening leader's card placed face down (Law 41A)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class LeadFaced:
    """The face-down opening lead is faced: the play period starts, dummy is spread (41C, 41D)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A card played to the current trick from ``hand`` by ``seat`` (Laws 44, 45).

    ``seat`` is the player who acted: declarer when the card is dummy's, a defender when
    he chose dummy's card under Law 46B5.
    """

    seat: Seat
    card: Card
    hand: Seat
    how: PlayManner = "faced"
    designation: str | None = None


_CP_SETTERS = tuple(
    CardPlayed.__dict__[f].__set__ for f in ("seat", "card", "hand", "how", "designation")
)


def card_played(
    seat: Seat, card: Card, hand: Seat, how: PlayManner = "faced", designation: str | None = None
) -> CardPlayed:
    """Build a :class:`CardPlayed` quickly (the engine's hot path); equal to the constructor."""
    e: CardPlayed = object.__new__(CardPlayed)
    s0, s1, s2, s3, s4 = _CP_SETTERS
    s0(e, seat)
    s1(e, card)
    s2(e, hand)
    s3(e, how)
    s4(e, designation)
    return e


@dataclass(frozen=True, slots=True)
class DesignationChanged:
    """Declarer's change of an unintended designation of a dummy card (Law 45C4b)."""

    seat: Seat
    old: Card
    new: Card
    reason: ChangeReason = "slip"


@dataclass(frozen=True, slots=True)
class CardWithdrawn:
    """A card taken back into its hand under a Law that allows it (Law 47)."""

    seat: Seat
    card: Card
    law: str


@dataclass(frozen=True, slots=True)
class ReviewRequested:
    """A full restatement of the auction, given by an opponent of the asker (20C2, 20D, 41B)."""

    seat: Seat
    answered_by: Seat


@dataclass(frozen=True, slots=True)
class ExplanationRequested:
    """A request to explain an opponent's call (Laws 20F, 41B)."""

    seat: Seat
    call_index: int


@dataclass(frozen=True, slots=True)
class ExplanationGiven:
    """The caller's partner explains a call (Law 20F2)."""

    seat: Seat
    call_index: int
    text: str


@dataclass(frozen=True, slots=True)
class ExplanationCorrected:
    """A player discloses that his partner's explanation was wrong (Law 20F5b)."""

    seat: Seat
    call_index: int
    text: str


@dataclass(frozen=True, slots=True)
class ContractAsked:
    """The Law 41C question: the contract and whether doubled or redoubled (never by whom)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class RevokeInquiry:
    """A question to a player who failed to follow suit: "having none?" (Laws 42B1, 61B)."""

    seat: Seat
    asked: Seat
    trick: int


@dataclass(frozen=True, slots=True)
class DirectorCalled:
    """Attention drawn and the Director summoned (Laws 9B, 43A1a)."""

    seat: Seat
    reason: str = ""


@dataclass(frozen=True, slots=True)
class IrregularityReported:
    """Dummy points out an irregularity once play is over (Laws 42B3, 43A1b)."""

    seat: Seat
    text: str


@dataclass(frozen=True, slots=True)
class DummyRightsForfeited:
    """Dummy did one of the acts of Law 43A2; his rights are qualified for the board (43B)."""

    seat: Seat
    act: DummyBreach


@dataclass(frozen=True, slots=True)
class TrickInspected:
    """A player has the cards of the last trick faced for inspection (Law 66A)."""

    seat: Seat
    trick: int


@dataclass(frozen=True, slots=True)
class OwnCardLooked:
    """A player looks at his own last played card (Law 66B)."""

    seat: Seat
    trick: int


@dataclass(frozen=True, slots=True)
class QuittedTrickShown:
    """The Director has quitted tricks faced during play (Law 66C)."""

    seat: Seat | None
    trick: int


@dataclass(frozen=True, slots=True)
class TrickMarked:
    """A player points his played card of a trick as won or lost (Law 65B)."""

    seat: Seat
    trick: int
    won: bool


# --- table mode: irregular acts and their rectifications (core.table) ---------------


@dataclass(frozen=True, slots=True)
class CardExposed:
    """A card exposed other than in normal play (Laws 24, 45E, 48-50, 53A at trick 13, 54A).

    ``law`` says how it was handled: ``"49"`` a defender's card, now a penalty card;
    ``"48A"`` declarer's card, no rectification; ``"54A"`` presumed declarer exposing a card
    after a faced opening lead out of turn, who then spreads his hand; ``"24"`` an "opening
    lead" by the presumed declarer or dummy (54E); ``"45E"`` a fifth card; ``"53A"`` a lead
    out of turn to the thirteenth trick, played later in its turn.
    """

    seat: Seat
    card: Card
    deliberate: bool
    law: str


@dataclass(frozen=True, slots=True)
class RectificationChosen:
    """The entitled player chose one of the options the Law gave him."""

    seat: Seat
    option: str


@dataclass(frozen=True, slots=True)
class AttentionDrawn:
    """A player draws attention to a possible revoke by ``offender`` (Laws 9, 62A)."""

    seat: Seat
    offender: Seat


@dataclass(frozen=True, slots=True)
class DummyWarned:
    """Dummy warns declarer against leading from the wrong hand (42B2; 43B2a if his rights
    are forfeited)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class DummyIndicated:
    """Dummy touched or indicated one of his cards without declarer's instruction (45F)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class DeclarerSawDummy:
    """The Director finds the presumed declarer could have seen dummy's cards (54C)."""

    seat: Seat | None


@dataclass(frozen=True, slots=True)
class HandsReturned:
    """The four hands went back into the board: a trick-12 revoke is then final (62D)."""

    seat: Seat | None


@dataclass(frozen=True, slots=True)
class DummyMisplayed:
    """Dummy placed ``card`` in the played position without declarer's designation (45D)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class MisplayFlagged:
    """``seat`` (``None``: the Director) drew attention to dummy's misplaced card (45D)."""

    seat: Seat | None


@dataclass(frozen=True, slots=True)
class DefectiveTrick:
    """Trick ``trick`` (0-based) is defective (67): ``hand`` never played the card recorded
    for him, or (``extra``) also put that card among his played cards to it."""

    seat: Seat | None
    hand: Seat
    trick: int
    extra: Card | None


@dataclass(frozen=True, slots=True)
class ProperLeadMade:
    """``seat`` makes the proper lead from ``hand`` over an opponent's lead out of turn
    (53B): the cards played in error to the trick leave it; each "may be withdrawn" (16C),
    as the player who played it then chooses (a ``"53B"``
    :class:`~bridgetable.core.table.Pending`). The lead itself follows as a
    :class:`CardPlayed`."""

    seat: Seat
    hand: Seat


# --- claims and concessions (core.claims) ----------------------------------------


@dataclass(frozen=True, slots=True)
class ClaimMade:
    """A claim or concession (Law 68A, 68B): ``tricks`` of the remaining tricks (the one in
    progress included) go to the claimer's side; ``statement`` is the notation text."""

    seat: Seat
    tricks: int
    statement: str | None = None
    concession: bool = False


@dataclass(frozen=True, slots=True)
class CurrentTrickStatement:
    """A statement about the trick in progress only: not a claim, play goes on (68 preamble)."""

    seat: Seat
    text: str = ""


@dataclass(frozen=True, slots=True)
class ClaimAgreed:
    """A player assents to the claim (68D1, 69A)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class ClaimDisputed:
    """A player, dummy included, disputes the claim (68D2)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class ClaimObjected:
    """A defender's partner objects at once to his claim or concession (68B2)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class PlayOnRequested:
    """The non-claiming side asks to play on after a dispute (68D2b)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class PlayOnAgreed:
    """A player agrees to play on (68D2b(i): all four must)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class HandShownToPartner:
    """Rubber: after declarer's claim a defender faces his hand to his partner."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class AllHandsFaced:
    """The Director has all remaining cards faced (70B3)."""

    seat: Seat | None = None


@dataclass(frozen=True, slots=True)
class DirectorRuled:
    """The Director's ruling on a disputed claim (Law 70): ``tricks`` of the remaining tricks
    to the claimer's side."""

    seat: Seat | None
    tricks: int
    laws: str = "70"
    text: str = ""


@dataclass(frozen=True, slots=True)
class RulingAsked:
    """A player asks for the adjudicator's proposed ruling on a disputed claim, with no Director
    at the table (instead of playing on, 68D2b, or calling the Director, 68D2a)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class RulingProposed:
    """The adjudicator's proposed ruling on a disputed claim, recorded by the server:
    ``tricks`` of the remaining tricks to the claimer's side, with the Laws and the
    explanation shown to all four. Every remaining card is faced (70B3). It becomes the
    result when all four players accept it."""

    seat: Seat | None
    tricks: int
    laws: str = "70"
    text: str = ""


@dataclass(frozen=True, slots=True)
class RulingAccepted:
    """A player accepts the proposed ruling; with all four it is the result."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class AgreementEstablished:
    """The agreeing side made a call on a later board, or the round ended (69A)."""

    seat: Seat | None = None


@dataclass(frozen=True, slots=True)
class ScorePublished:
    """The official score was made available; the Correction Period runs from here (79C1)."""

    seat: Seat | None
    at: str


@dataclass(frozen=True, slots=True)
class TricksRestored:
    """The Director returns ``tricks`` to ``side_of`` 's side: withdrawal of agreement (69B)
    or a cancelled concession (71)."""

    seat: Seat | None
    side_of: Seat
    tricks: int
    law: str
    at: str


# --- the states of Laws 41A and 46 (core.board) -----------------------------------


@dataclass(frozen=True, slots=True)
class RankNamed:
    """Declarer named a rank that two or more of dummy's cards qualify for (46B3b)."""

    seat: Seat
    text: str
    candidates: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DefenderToChoose:
    """Declarer said "anything": either defender chooses dummy's card (46B5)."""

    seat: Seat
    text: str


@dataclass(frozen=True, slots=True)
class FaceDownLeadReturned:
    """The Director returned the face-down opening lead to the leader (41A, 47E, 54)."""

    seat: Seat | None
    law: str


#: Every event a board's record may hold: the one registry of the JSON codec.
Event = (
    CallMade
    | CallReplaced
    | CallWithdrawn
    | OpeningLeadFaceDown
    | LeadFaced
    | CardPlayed
    | DesignationChanged
    | CardWithdrawn
    | ReviewRequested
    | ExplanationRequested
    | ExplanationGiven
    | ExplanationCorrected
    | ContractAsked
    | RevokeInquiry
    | DirectorCalled
    | IrregularityReported
    | DummyRightsForfeited
    | TrickInspected
    | OwnCardLooked
    | QuittedTrickShown
    | TrickMarked
    | CardExposed
    | RectificationChosen
    | AttentionDrawn
    | DummyWarned
    | DummyIndicated
    | DeclarerSawDummy
    | HandsReturned
    | DummyMisplayed
    | MisplayFlagged
    | DefectiveTrick
    | ProperLeadMade
    | ClaimMade
    | CurrentTrickStatement
    | ClaimAgreed
    | ClaimDisputed
    | ClaimObjected
    | PlayOnRequested
    | PlayOnAgreed
    | HandShownToPartner
    | AllHandsFaced
    | DirectorRuled
    | RulingAsked
    | RulingProposed
    | RulingAccepted
    | AgreementEstablished
    | ScorePublished
    | TricksRestored
    | RankNamed
    | DefenderToChoose
    | FaceDownLeadReturned
)

EVENT_TYPES: dict[str, type[Any]] = {t.__name__: t for t in typing.get_args(Event)}


def standing_calls(events: Iterable[Any]) -> list[CallMade]:
    """The calls of the auction as they stand after the record's ``events``: each
    :class:`CallReplaced` takes the place of the call it replaced and withdraws the calls made
    after it (Law 25A). The record keeps every event; this is the auction a score sheet or an
    export writes.

    Example:
        >>> from bridgetable.core.calls import parse_call
        >>> n, e = Seat.NORTH, Seat.EAST
        >>> evs = [CallMade(n, parse_call("2C")), CallMade(e, parse_call("Pass")),
        ...        CallReplaced(n, 0, parse_call("2D"))]
        >>> [str(c.call) for c in standing_calls(evs)]
        ['2D']
    """
    out: list[CallMade] = []
    for e in events:
        if isinstance(e, CallMade):
            out.append(e)
        elif isinstance(e, CallReplaced):
            kept = out[e.index + 1 : e.index + 2] if e.lho_stands else []
            del out[e.index :]
            out.append(CallMade(e.seat, e.call, e.alert, e.explanation))
            out.extend(kept)
        elif isinstance(e, CallWithdrawn):
            del out[e.index :]
    return out


# --- JSON codec -------------------------------------------------------------------------

_Enc = Callable[[Any], Any]


def _codec_for(tp: Any) -> tuple[_Enc, _Enc]:
    """Encoder and decoder for one annotated field type."""
    origin = typing.get_origin(tp)
    if origin in (types.UnionType, typing.Union):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            enc, dec = _codec_for(args[0])
            return (
                lambda v: None if v is None else enc(v),
                lambda v: None if v is None else dec(v),
            )
        if set(args) >= set(typing.get_args(Call)):
            return (str, parse_call)
        raise TypeError(f"no codec for {tp}")
    if origin is Literal:
        allowed = typing.get_args(tp)

        def dec_lit(v: Any) -> Any:
            if v not in allowed:
                raise NotationError(f"{v!r} is not one of {allowed}")
            return v

        return (lambda v: v, dec_lit)
    if origin is tuple:
        (inner, _ellipsis) = typing.get_args(tp)
        enc, dec = _codec_for(inner)
        return (lambda v: [enc(x) for x in v], lambda v: tuple(dec(x) for x in v))
    if tp is Seat:
        return (lambda v: v.letter, Seat.from_letter)
    if tp is Card:
        return (str, Card)
    if tp in (int, str):

        def dec_prim(v: Any, _tp: Any = tp) -> Any:
            if type(v) is not _tp:
                raise NotationError(f"expected {_tp.__name__}, got {v!r}")
            return v

        return (lambda v: v, dec_prim)
    if tp is bool:

        def dec_bool(v: Any) -> bool:
            if not isinstance(v, bool):
                raise NotationError(f"expected a boolean, got {v!r}")
            return v

        return (lambda v: v, dec_bool)
    raise TypeError(f"no codec for {tp}")


_CODECS: dict[str, list[tuple[str, _Enc, _Enc]]] = {}


def _codecs(cls: type[Any]) -> list[tuple[str, _Enc, _Enc]]:
    name = cls.__name__
    got = _CODECS.get(name)
    if got is None:
        hints = typing.get_type_hints(
            cls, globalns=vars(__import__(cls.__module__, fromlist=["x"]))
        )
        got = []
        for f in dataclasses.fields(cls):
            if tp := hints.get(f.name):
                if isinstance(tp, str):  # pragma: no cover - resolved above
                    raise TypeError(tp)
                enc, dec = _codec_for(tp)
                got.append((f.name, enc, dec))
        _CODECS[name] = got
    return got


def is_storable_text(text: str) -> bool:
    r"""Whether ``text`` is Unicode scalar values only (no lone surrogate, which JSON's
    ``\ud800`` escape can carry but UTF-8 cannot): text the store and the views can carry.

    >>> is_storable_text("ok \u2660"), is_storable_text("ok \ud800")
    (True, False)
    """
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_storable_text(event: Any) -> None:
    """Raise :class:`NotationError` if a text field of ``event`` holds a lone surrogate: the
    engine records only text that can be stored and shown (a free-text explanation, reason,
    statement, designation or ruling)."""
    names = _FIELD_NAMES.get(type(event))
    if names is None:
        names = _FIELD_NAMES[type(event)] = _text_fields(type(event))
    for name in names:
        value = getattr(event, name)
        texts = value if isinstance(value, tuple) else (value,)
        for v in texts:
            if isinstance(v, str) and not is_storable_text(v):
                raise NotationError(
                    f"the text of {name!r} in {type(event).__name__} is not valid Unicode "
                    "(a lone surrogate)"
                )


#: each event type's fields that may hold text, for check_storable_text (found once per type)
_FIELD_NAMES: dict[type[Any], tuple[str, ...]] = {}


def _may_hold_text(tp: Any) -> bool:
    if tp is str or tp is Any or tp is object:
        return True
    args = typing.get_args(tp)
    if typing.get_origin(tp) is Literal:
        return any(isinstance(a, str) for a in args)
    return any(_may_hold_text(a) for a in args)


def _text_fields(cls: type[Any]) -> tuple[str, ...]:
    """The fields of ``cls`` whose type may hold text (all of them if the types are not known):
    a call, card, seat, number or flag holds none."""
    fields = dataclasses.fields(cls)
    try:
        hints = typing.get_type_hints(cls)  # in the namespace of the module defining cls
    except Exception:
        return tuple(f.name for f in fields)
    return tuple(f.name for f in fields if f.name not in hints or _may_hold_text(hints[f.name]))


def event_to_dict(event: Any) -> dict[str, Any]:
    """A JSON-able dict for an event, with its class name under ``"type"``."""
    out: dict[str, Any] = {"type": type(event).__name__}
    for name, enc, _dec in _codecs(type(event)):
        out[name] = enc(getattr(event, name))
    return out


def event_from_dict(data: dict[str, Any]) -> Any:
    """The event a dict from :func:`event_to_dict` describes; raises :class:`NotationError`."""
    if not isinstance(data, dict):
        raise NotationError(f"an event is a JSON object, not {data!r}")
    cls = EVENT_TYPES.get(data.get("type", ""))
    if cls is None:
        raise NotationError(f"unknown event type {data.get('type')!r}")
    kwargs: dict[str, Any] = {}
    for name, _enc, dec in _codecs(cls):
        if name in data:
            try:
                kwargs[name] = dec(data[name])
            except (ValueError, TypeError, KeyError) as exc:
                raise NotationError(f"bad field {name!r} in {cls.__name__}: {exc}") from None
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise NotationError(f"incomplete {cls.__name__}: {exc}") from None
