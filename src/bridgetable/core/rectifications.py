"""The rectification choices the Laws give a player in table mode, one class per Law.

When an irregularity leaves a choice to a player -- a lead out of turn (53B, 54, 55, 56), a
penalty card (50D, 51A, 52), a premature play (57A), a corrected revoke (62C), dummy's
misplaced card (45D), dummy's warning after forfeiting his rights (43B2a), a card missing from
a quitted trick (67B1) -- the board holds a :class:`Rectification` of that Law's class: what
happened (:attr:`~Rectification.text`), who chooses, and the :class:`Option` values the Law
gives him (:attr:`~Rectification.options`). The class applies the option chosen
(:meth:`~Rectification.apply`), and every class is in :data:`RECTIFICATIONS`, by its Law.

An option is a frozen value: its Law, its label for people and its arguments, typed
(:class:`~bridgetable.core.cards.Suit`, :class:`~bridgetable.core.cards.Card`,
:class:`~bridgetable.core.seats.Seat`, or a tuple of suits). Its :attr:`Option.id` -- the key
followed by the arguments, ``"require S"``, ``"place HA"`` -- names it in the record
(:class:`~bridgetable.core.table.RectificationChosen`) and on the wire, and is unique among
the options of one choice.

Example:
    >>> from bridgetable.core.cards import Suit
    >>> from bridgetable.core.seats import Seat
    >>> r = RECTIFICATIONS["50D"](
    ...     choosers=(Seat.SOUTH,), offender=Seat.EAST, due=Seat.WEST, suits=(Suit.HEARTS,))
    >>> r.option_ids
    ('require H', 'forbid H', 'free')
    >>> o = r.options[0]
    >>> o.key, o.law, dict(o.args)
    ('require', '50D2a', {'suit': Suit.HEARTS})
    >>> o.label
    'Require a heart lead; the penalty card is picked up'
    >>> o.to_dict()["args"]
    {'suit': 'H'}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from bridgetable.core.cards import DISPLAY_SUITS, Card, Suit
from bridgetable.core.errors import NotEntitled
from bridgetable.core.seats import Seat

if TYPE_CHECKING:
    from bridgetable.core.table import TableMixin

#: The types an option's argument may have.
Arg = Suit | Card | Seat | tuple[Suit, ...]


def card_name(card: Card) -> str:
    """``"ace of spades"``."""
    return f"{card.rank.name.lower()} of {card.suit.name.lower()}"


def _suit_one(suit: Suit) -> str:
    return suit.name.lower()[:-1]


def _either(words: list[str]) -> str:
    return words[0] if len(words) < 2 else f"{', '.join(words[:-1])} or {words[-1]}"


def _words(value: Arg) -> list[str]:
    if isinstance(value, tuple):
        return [s.letter for s in value]
    if isinstance(value, Card):
        return [str(value)]
    return [value.letter]


def _json(value: Arg) -> str | list[str]:
    if isinstance(value, tuple):
        return [s.letter for s in value]
    return _words(value)[0]


@dataclass(frozen=True, slots=True)
class Option:
    """One option a Law gives: its ``key`` (the Law's word, ``"require"``), its ``law``
    (``"50D2a"``), its ``label`` for people and its typed ``args`` (``{"suit": Suit.HEARTS}``).
    """

    key: str
    law: str
    label: str
    args: Mapping[str, Arg] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "args", MappingProxyType(dict(self.args)))

    def __hash__(self) -> int:
        return hash((self.key, self.law, self.label, tuple(self.args.items())))

    @property
    def id(self) -> str:
        """The key and the arguments: ``"require S"``, ``"forbid H S"``, ``"place HA"``,
        ``"lead from N"`` -- the text the record stores."""
        words = [self.key]
        for v in self.args.values():
            words.extend(_words(v))
        return " ".join(words)

    def suits(self) -> tuple[Suit, ...]:
        """The suits among the arguments, in order (``"forbid H S"``: hearts, spades)."""
        out: list[Suit] = []
        for v in self.args.values():
            if isinstance(v, Suit):
                out.append(v)
            elif isinstance(v, tuple):
                out.extend(v)
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able description for views (cards as ``"SA"``, suits and seats as letters)."""
        return {
            "id": self.id,
            "key": self.key,
            "law": self.law,
            "label": self.label,
            "args": {k: _json(v) for k, v in self.args.items()},
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Rectification:
    """A rectification choice awaiting its chooser; one subclass per Law.

    ``kind`` is the Law the class is registered under, ``text`` what happened, in the words
    shown to the chooser; ``law`` the Laws cited for the choice, ``choosers`` the players who
    may make it (both defenders for 55A and 43B2a), ``offender`` the hand whose irregularity
    it rectifies, ``card`` its card, ``due`` the hand the choice concerns next (the hand
    that was due to lead, the partner who must comply) and ``extra`` a second card (the
    penalty card owed, 52).
    """

    kind: ClassVar[str] = ""
    text: ClassVar[str] = ""

    choosers: tuple[Seat, ...]
    law: str = ""
    offender: Seat | None = None
    card: Card | None = None
    due: Seat | None = None
    extra: Card | None = None
    _options: tuple[Option, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_options", self._offer())

    @property
    def options(self) -> tuple[Option, ...]:
        """The options the Law gives, in a fixed order (a robot takes the first)."""
        return self._options

    @property
    def option_ids(self) -> tuple[str, ...]:
        """The :attr:`Option.id` of each option."""
        return tuple(o.id for o in self._options)

    def option(self, option_id: str) -> Option | None:
        """The option named ``option_id``, if it is offered."""
        for o in self._options:
            if o.id == option_id:
                return o
        return None

    def chosen(self, seat: Seat, option: Option | str) -> Option:
        """The option ``seat`` chooses (an :class:`Option` offered here, or its id); raises
        :class:`~bridgetable.core.errors.NotEntitled` with this choice's Law when ``seat`` is
        not a chooser or the option is not offered."""
        if seat not in self.choosers:
            raise NotEntitled(
                "choose",
                seat,
                f"the choice belongs to {', '.join(str(s) for s in self.choosers)}",
                self.law,
            )
        if isinstance(option, Option):
            found = option if option in self._options else None
            name = option.id
        else:
            found, name = self.option(option), option
        if found is None:
            raise NotEntitled(
                "choose",
                seat,
                f"{name!r} is not one of: {', '.join(self.option_ids)}",
                self.law,
            )
        return found

    def summary(self) -> dict[str, Any]:
        """A JSON-able description for views."""
        return {
            "kind": self.kind,
            "law": self.law,
            "text": self.text,
            "choosers": [s.letter for s in self.choosers],
            "options": [o.to_dict() for o in self._options],
            "offender": None if self.offender is None else self.offender.letter,
            "card": None if self.card is None else str(self.card),
        }

    def _offer(self) -> tuple[Option, ...]:  # pragma: no cover - every subclass offers
        raise NotImplementedError

    def apply(self, b: TableMixin, option: Option) -> None:  # pragma: no cover - subclasses'
        """Apply ``option`` (one of :attr:`options`) to the board ``b``."""
        raise NotImplementedError


#: Every rectification class, by its Law (:attr:`Rectification.kind`).
RECTIFICATIONS: dict[str, type[Rectification]] = {}

_R = TypeVar("_R", bound=type[Rectification])


def _register(cls: _R) -> _R:
    RECTIFICATIONS[cls.kind] = cls
    return cls


def _pair(
    first: tuple[str, str, str], second: tuple[str, str, str]
) -> Callable[[Rectification], tuple[Option, ...]]:
    """The ``_offer`` of a choice between two fixed options, each (key, Law, label)."""

    def offer(self: Rectification) -> tuple[Option, ...]:  # noqa: ARG001
        return (Option(*first), Option(*second))

    return offer


# ----------------------------------------------------------------------------- leads


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class OpeningLeadOutOfTurn(Rectification):
    """Law 54: the wrong defender faced an opening lead; the presumed declarer may spread his
    hand (54A), accept the lead (54B) or refuse it (54D). Once the Director finds he could
    have seen a dummy card (``seen``), he must accept (54C)."""

    kind = "54"
    text = "An opening lead out of turn was faced"
    law: str = "54"
    seen: bool = False

    def _offer(self) -> tuple[Option, ...]:
        law = "54B, 54C" if self.seen else "54B"
        accept = Option("accept", law, "Accept the lead: I play second")
        if self.seen:
            return (accept,)
        return (
            Option("spread", "54A", "Spread my hand: partner declares"),
            accept,
            Option("refuse", "54D", "Refuse the lead: it becomes a penalty card"),
        )

    def apply(self, b: TableMixin, option: Option) -> None:
        if option.key == "accept":
            b._accept_opening_lead()
        elif option.key == "spread":
            b._spread_presumed_declarer()
        elif self.offender is not None and self.card is not None:
            b._refuse_opening_lead(self.offender, self.card, self.due)


@dataclass(frozen=True, slots=True, kw_only=True)
class _LeadOutOfTurn(Rectification):
    """A lead out of turn after the opening lead (53A, 55, 56): accept or reject it."""

    def apply(self, b: TableMixin, option: Option) -> None:
        if option.key == "reject" and self.offender is not None and self.card is not None:
            b._withdraw_from_trick(self.offender)
            b._trick_leader = None
            self._rejected(b, self.offender, self.card)
            b._set_turn(self.due)

    def _rejected(self, b: TableMixin, offender: Seat, card: Card) -> None:
        raise NotImplementedError  # pragma: no cover - subclasses'


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class DeclarerLeadOutOfTurn(_LeadOutOfTurn):
    """Law 55A: declarer led out of turn; either defender accepts it or requires the lead
    from the right hand (the next in turn decides if they differ); no penalty card (55C)."""

    kind = "55"
    text = "Declarer led out of turn"
    law: str = "53A, 55A"
    _offer = _pair(
        ("accept", "55A", "Accept the lead"),
        ("reject", "55A", "Declarer leads from the right hand"),
    )

    def _rejected(self, b: TableMixin, offender: Seat, card: Card) -> None:  # noqa: ARG002
        b._flag("55C, 16", f"declarer's lead out of turn of {card} was rejected")


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class DefenderLeadOutOfTurn(_LeadOutOfTurn):
    """Law 56: a defender led out of turn; declarer accepts it (53A) or rejects it: the right
    hand leads and the card becomes a major penalty card (56, 50)."""

    kind = "56"
    text = "A defender led out of turn"
    law: str = "53A, 56"
    _offer = _pair(
        ("accept", "56", "Accept the lead"),
        ("reject", "56, 50", "The right hand leads; the card becomes a penalty card"),
    )

    def _rejected(self, b: TableMixin, offender: Seat, card: Card) -> None:
        b._make_penalty(offender, card, major=True)


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class CardLedInError(Rectification):
    """Law 53B: after the proper lead, the card led out of turn "may be withdrawn" (47F1,
    16C) or left played as its owner's card to the trick; ``due`` is the proper leader."""

    kind = "53B"
    text = "Your card led out of turn: the proper lead has been made"
    law: str = "53B"
    _offer = _pair(
        ("withdraw", "53B, 47F1", "Take my card back"),
        ("leave", "53B", "Leave it played as my card to this trick"),
    )

    def apply(self, b: TableMixin, option: Option) -> None:
        offender, card = self.offender, self.card
        if offender is None or card is None:  # pragma: no cover - always both
            return
        if option.key == "leave":  # his card to this trick, played in his turn
            b._must_play[offender] = card
            b._flag("53B", f"{offender}'s {card} led out of turn stays played")
        else:
            b._withdrawn_53b(offender, card, self.due)


# ----------------------------------------------------------------------------- penalty cards


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyCardNotPlayed(Rectification):
    """Law 52: a defender failed to play a penalty card (``extra``, the card owed); declarer
    accepts the card played (52B) or requires the penalty card instead (52A), the card played
    becoming a major penalty card (52B)."""

    kind = "52"
    text = "A penalty card was not played"
    law: str = "52"
    _offer = _pair(
        ("accept", "52B", "Accept the card played"),
        ("reject", "52A", "The penalty card is played instead"),
    )

    def apply(self, b: TableMixin, option: Option) -> None:
        offender, card, owed = self.offender, self.card, self.extra
        if option.key == "reject" and offender is not None and card is not None and owed:
            b._substitute(offender, card, owed)


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyCardLead(Rectification):
    """Laws 50D2 and 51B: the partner (``due``) of a major penalty card's owner (``offender``)
    is to lead; declarer requires a lead of a penalty card's suit (50D2a) or forbids one or
    more of those suits while he keeps the lead (50D2b) -- either way the penalty cards of
    those suits are picked up -- or leaves the penalty cards where they are (50D2)."""

    kind = "50D"
    text = "Partner of a major penalty card's owner is to lead"
    law: str = "50D2, 51B"
    suits: tuple[Suit, ...] = ()

    def _offer(self) -> tuple[Option, ...]:
        out = [
            Option(
                "require",
                "50D2a",
                f"Require a {_suit_one(s)} lead; the penalty card is picked up",
                {"suit": s},
            )
            for s in self.suits
        ]
        for n in range(1, len(self.suits) + 1):
            out += [
                Option(
                    "forbid",
                    "50D2b",
                    f"Forbid a {_either([_suit_one(s) for s in sub])} lead while he keeps the lead",
                    {"suits": sub},
                )
                for sub in combinations(self.suits, n)
            ]
        out.append(Option("free", "50D2", "No restriction: the penalty card stays"))
        return tuple(out)

    def apply(self, b: TableMixin, option: Option) -> None:
        b._lead_choice_done = True
        owner, leader = self.offender, self.due
        if option.key == "free" or owner is None or leader is None:
            return
        b._restrict_lead(owner, leader, option.key, option.suits())


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class DesignatePenaltyCard(Rectification):
    """Law 51A: a defender (``offender``) with two or more penalty cards must play, and more
    than one of them (``cards``) is legal: declarer designates which one he plays."""

    kind = "51A"
    text = "Designate which penalty card is played"
    law: str = "51A"
    cards: tuple[Card, ...] = ()

    def _offer(self) -> tuple[Option, ...]:
        return tuple(
            Option("designate", "51A", f"He plays the {card_name(c)}", {"card": c})
            for c in self.cards
        )

    def apply(self, b: TableMixin, option: Option) -> None:
        card = option.args["card"]
        if self.offender is not None and isinstance(card, Card):
            b._designated_pc[self.offender] = card


# ----------------------------------------------------------------------------- premature play


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class PrematurePlay(Rectification):
    """Law 57A: a defender (``offender``) led to the next trick or played before his partner
    (``due``); declarer requires partner to play his highest or lowest card of the suit led
    (57A1) or, if void in it, to play or not to play a card of another suit (57A2). The suit
    led is ``led``."""

    kind = "57A"
    text = "A defender played before his partner"
    law: str = "57A"
    led: Suit = Suit.SPADES

    def _offer(self) -> tuple[Option, ...]:
        others = [s for s in DISPLAY_SUITS if s is not self.led]
        return (
            Option("highest", "57A1", "Partner plays his highest card of the suit led"),
            Option("lowest", "57A1", "Partner plays his lowest card of the suit led"),
            *(
                Option(
                    "play",
                    "57A2",
                    f"Partner, void in the suit led, plays a {_suit_one(s)}",
                    {"suit": s},
                )
                for s in others
            ),
            *(
                Option(
                    "not",
                    "57A2",
                    f"Partner, void in the suit led, may not play a {_suit_one(s)}",
                    {"suit": s},
                )
                for s in others
            ),
        )

    def apply(self, b: TableMixin, option: Option) -> None:
        if self.due is not None:
            b._play_req[self.due] = option


# ----------------------------------------------------------------------------- retractions


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class RetractAfterRevoke(Rectification):
    """Law 62C: after a revoke is corrected, a non-offender who played after it may take his
    card back (62C1); then the offender's partner, who played after that, may too, his card a
    major penalty card (62C2). ``law`` says which."""

    kind = "62C"
    text = "A revoke was corrected: you played after it"
    law: str = "62C1"

    def _offer(self) -> tuple[Option, ...]:
        return (
            Option("retract", self.law, "Take my card back"),
            Option("keep", self.law, "Leave my card played"),
        )

    def apply(self, b: TableMixin, option: Option) -> None:
        if option.key == "retract" and self.offender is not None:
            b._retract_after_revoke(self, self.offender)


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class RetractAfterMisplay(Rectification):
    """Law 45D: dummy's misplaced card was withdrawn; a defender who played after it may take
    his card back, and then declarer a card he played after that defender's."""

    kind = "45D"
    text = "Dummy's card was withdrawn: you played after it"
    law: str = "45D"
    _offer = _pair(
        ("retract", "45D", "Take my card back"),
        ("keep", "45D", "Leave my card played"),
    )

    def apply(self, b: TableMixin, option: Option) -> None:
        if option.key == "retract" and self.offender is not None:
            b._retract_45d(self.offender)


# ----------------------------------------------------------------------------- dummy, defects


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class WrongHandWarning(Rectification):
    """Law 43B2a: dummy, his rights forfeited, warned declarer against leading from the wrong
    hand; either defender chooses the hand (of ``hands``) declarer leads from."""

    kind = "43B2a"
    text = "Dummy warned declarer: choose the hand he leads from"
    law: str = "43B2a"
    hands: tuple[Seat, ...] = ()

    def _offer(self) -> tuple[Option, ...]:
        return tuple(
            Option("lead from", "43B2a", f"Declarer leads from {h}'s hand", {"hand": h})
            for h in self.hands
        )

    def apply(self, b: TableMixin, option: Option) -> None:
        hand = option.args["hand"]
        if isinstance(hand, Seat):
            b._set_turn(hand)


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class MissingCard(Rectification):
    """Law 67B1: found after each side played to the next trick, ``offender`` never played
    to trick ``trick`` (0-based); he places one of ``cards`` (of the suit led if he has one)
    in it, and one trick is transferred as under 64A2."""

    kind = "67B1"
    text = "A card is missing from a quitted trick: place one"
    law: str = "67B1"
    trick: int = -1
    cards: tuple[Card, ...] = ()

    def _offer(self) -> tuple[Option, ...]:
        return tuple(
            Option("place", "67B1", f"Place the {card_name(c)} in that trick", {"card": c})
            for c in self.cards
        )

    def apply(self, b: TableMixin, option: Option) -> None:
        card = option.args["card"]
        if self.offender is not None and isinstance(card, Card):
            b._place_67b1(self.offender, self.trick, card)


__all__ = [
    "RECTIFICATIONS",
    "CardLedInError",
    "DeclarerLeadOutOfTurn",
    "DefenderLeadOutOfTurn",
    "DesignatePenaltyCard",
    "MissingCard",
    "OpeningLeadOutOfTurn",
    "Option",
    "PenaltyCardLead",
    "PenaltyCardNotPlayed",
    "PrematurePlay",
    "Rectification",
    "RetractAfterMisplay",
    "RetractAfterRevoke",
    "WrongHandWarning",
    "card_name",
]
