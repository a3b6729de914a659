"""The slips a claimer is deemed capable of: the catalogue behind "normal" play (Laws 70, 71).

Law 70's footnote makes careless and inferior play "normal" for the class of player involved,
and irrational play is not (spec N1-N3). A Director does not assume that a claimer who
believes his claim plays at random where his statement is silent: he plays the cards as a
player who expects to take the tricks he claimed -- keeping the entries and stoppers his line
needs, discarding losers before winners, crossing to partner's winners, ruffing a card led to
be ruffed, winning with the master -- except for the slips that the Laws and published guidance
recognise. This module is that catalogue.

The adjudicator (``adjudication/ruling.py``) finds the worst outcome over the lines on which
every play of the claimer's side either keeps the double-dummy value of the position (what a
player who believes his claim does, as far as the cards allow) or is one of the slips below,
allowed by the jurisdiction profile and the class of player:

====  ==================  ===============================================================
a     unaware-trump       cashing side winners before an unmentioned outstanding trump
                          (Law 70C; EBU White Book 8.70.4; spec C4)
b     guess               an unstated finesse or guess taken the losing way: a play that
                          would be right if the unseen cards lay otherwise (Law 70E1, 70D1)
c     unnoticed-showout   not noticing a show-out or a bad break in a suit being run (spec
                          C3; EBU White Book 8.70.9); profile ``wbf``: he notices
d     careless-spot       careless order of spot cards (Law 70E2; EBU White Book 8.70.5), by
                          class of player; once in a ruling
e     suit-order          an order between suits that blocks a suit or strands a winner when
                          no order was stated (ACBL 2019 guideline 1; EBU); irrational for the
                          Danish federation (profile ``dbf``). Not the order of a suit's own
                          cards: a top card led from the longer hand where a lower one led to
                          partner's shorter holding keeps the value is no slip (the short
                          hand's high cards first, C1; profile option ``short_hand_first``)
f     ruff-low            ruffing low when a higher trump is out and may over-ruff, where
                          a higher ruff keeps the value (ACBL 2019 guideline 5; spec C4e)
g     unstated-technique  a squeeze, throw-in or other technique not stated, so not
                          credited: the claimer cashes a winner where the double-dummy
                          lead gains only as the unseen cards lie, or takes a trick with a
                          sure winner where double dummy ducks it (a hold-up, a duck that
                          throws an opponent in) (Law 70D1; ACBL 2019 guideline 3; spec C6)
h     partner-choice      a defender's claim: his partner picks one of his normal plays,
                          the worst for the claim (Law 70D2; spec P5)
i     order-in-suit       a suit's cards in any order, where the Regulating Authority
                          deems no order within a suit (Law 70E2; RuleSet
                          ``deemed_suit_order="none"``)
====  ==================  ===============================================================

A new slip is one entry of :data:`CATALOGUE` and one test in :func:`classify`; a new profile or
class is one row of :data:`PROFILE_SLIPS` or :data:`CLASS_SLIPS`.

Compounding (documented choice): slips of every kind but d may occur wherever their
conditions hold, since each is a fact about what the claimer knew (he stays unaware of the
trump until he sees one; each guess is a guess); a careless spot card (d) happens once in a
ruling -- one lapse of attention is careless, a chain of them is not a player who believes his
claim (the EBU White Book 8.70.5 examples each have one careless spot card; spec N3b).

Example:
    >>> from bridgetable.adjudication.slips import enabled_slips
    >>> sorted(enabled_slips("dbf", "club"))  # doctest: +NORMALIZE_WHITESPACE
    ['careless-spot', 'guess', 'order-in-suit', 'partner-choice', 'ruff-low',
     'unaware-trump', 'unnoticed-showout', 'unstated-technique']
    >>> "careless-spot" in enabled_slips("ebu", "expert")
    False
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgetable.core.errors import NotationError

UNAWARE_TRUMP = "unaware-trump"
GUESS = "guess"
UNNOTICED_SHOWOUT = "unnoticed-showout"
CARELESS_SPOT = "careless-spot"
SUIT_ORDER = "suit-order"
RUFF_LOW = "ruff-low"
UNSTATED_TECHNIQUE = "unstated-technique"
PARTNER_CHOICE = "partner-choice"
ORDER_IN_SUIT = "order-in-suit"
#: Not a slip: the claimer's own statement, followed literally (Laws 70B1, 70D1; spec C3).
STATED_LINE = "stated-line"


@dataclass(frozen=True, slots=True)
class SlipKind:
    """One entry of the catalogue."""

    kind: str
    letter: str
    title: str
    law: str
    source: str


CATALOGUE: dict[str, SlipKind] = {
    k.kind: k
    for k in (
        SlipKind(
            UNAWARE_TRUMP,
            "a",
            "side winners cashed before an unmentioned trump",
            "70C",
            "Law 70C; EBU White Book 8.70.4; spec C4c",
        ),
        SlipKind(
            GUESS,
            "b",
            "an unstated finesse or guess taken the losing way",
            "70E1",
            "Law 70E1, 70D1; spec C5",
        ),
        SlipKind(
            UNNOTICED_SHOWOUT,
            "c",
            "a show-out in the suit being run not noticed",
            "70D1",
            "EBU White Book 8.70.9; spec C3",
        ),
        SlipKind(
            CARELESS_SPOT,
            "d",
            "spot cards in a careless order",
            "70E2",
            "Law 70E2; EBU White Book 8.70.5; spec C1, N3",
        ),
        SlipKind(
            SUIT_ORDER,
            "e",
            "suits cashed in an order that blocks a suit or strands a winner",
            "70D1",
            "ACBL 2019 claim guideline 1; EBU (Rainsford 2018); spec C2",
        ),
        SlipKind(
            RUFF_LOW,
            "f",
            "a low ruff with a higher trump out",
            "70C",
            "ACBL 2019 claim guideline 5; spec C4d, C4e",
        ),
        SlipKind(
            UNSTATED_TECHNIQUE,
            "g",
            "a squeeze, throw-in or other technique not stated, so not credited",
            "70D1",
            "Law 70D1; ACBL 2019 claim guideline 3; spec C6",
        ),
        SlipKind(
            PARTNER_CHOICE,
            "h",
            "the defender's partner chose another of his normal plays",
            "70D2",
            "Law 70D2; spec P5",
        ),
        SlipKind(
            ORDER_IN_SUIT,
            "i",
            "a suit's cards led in an order no regulation deems",
            "70E2",
            "Law 70E2 (no order within a suit set by the Regulating Authority)",
        ),
        SlipKind(
            STATED_LINE,
            "-",
            "the claimer's statement followed as stated",
            "70B1",
            "Laws 70B1, 70D1; spec C3, P2",
        ),
    )
}

_ALL = frozenset(
    {
        UNAWARE_TRUMP,
        GUESS,
        UNNOTICED_SHOWOUT,
        CARELESS_SPOT,
        SUIT_ORDER,
        RUFF_LOW,
        UNSTATED_TECHNIQUE,
        PARTNER_CHOICE,
        ORDER_IN_SUIT,
    }
)

#: Jurisdiction profiles: the slips each treats as normal.
PROFILE_SLIPS: dict[str, frozenset[str]] = {
    # EBU White Book 8.70: all six (8.70.9: a claimer is not deemed to notice a show-out)
    "ebu": _ALL,
    # a WBF Laws Committee minute cited in practice: the claimer notices a show-out
    "wbf": _ALL - {UNNOTICED_SHOWOUT},
    # Danish Bridge Federation (LKU-20, example 2.1): an order that strands the claimer's own
    # winners is irrational, not normal
    "dbf": _ALL - {SUIT_ORDER},
}

#: Classes of player: the slips each may make. A weaker class widens the set (spec N3).
CLASS_SLIPS: dict[str, frozenset[str]] = {
    "expert": _ALL - {CARELESS_SPOT},
    "club": _ALL,
    "novice": _ALL,
}

#: How wide careless spot-card play is for each class (spec N3; EBU White Book 8.70.5):
#: 0 never; 1 from a holding with no honour (7-5-4 against a singleton 6); 2 also from a
#: holding whose honours are not winners (J-6 with the ace out).
CARELESS_SPOTS: dict[str, int] = {"expert": 0, "club": 1, "novice": 2}

PLAYER_CLASSES = ("novice", "club", "expert")
DEFAULT_CLASS = "club"


def check_class(name: str | None) -> str:
    """The class of player, checked (``novice``, ``club`` (default) or ``expert``)."""
    name = (name or DEFAULT_CLASS).lower()
    if name not in CLASS_SLIPS:
        raise NotationError(
            f"unknown class of player {name!r}; choose from {', '.join(PLAYER_CLASSES)}"
        )
    return name


def enabled_slips(profile: str, player_class: str | None = None) -> frozenset[str]:
    """The slips that are normal under ``profile`` for ``player_class``."""
    try:
        allowed = PROFILE_SLIPS[profile]
    except KeyError:
        raise NotationError(
            f"unknown claim profile {profile!r}; choose from {', '.join(PROFILE_SLIPS)}"
        ) from None
    return allowed & CLASS_SLIPS[check_class(player_class)]


@dataclass(frozen=True, slots=True)
class Slip:
    """A slip on the ruling's line: a play of the claimer's side that costs ``cost`` tricks
    double dummy and is normal only as this kind of slip.

    ``trick`` is the trick's number in the deal (1 to 13); ``play`` the index of the play in
    the ruling's witness line (0: the first card played after the claim), which says exactly
    which play of the line the slip explains (-1: not known).
    """

    kind: str
    seat: str
    card: str
    trick: int
    cost: int
    play: int = -1

    @property
    def law(self) -> str:
        """The Law the slip rests on."""
        return CATALOGUE[self.kind].law

    def describe(self) -> str:
        """One sentence for people, e.g. ``"West's ♠6 (trick 2): side winners cashed before
        an unmentioned trump (Law 70C)."``"""
        from bridgetable.adjudication.text import card_text

        entry = CATALOGUE[self.kind]
        return (
            f"{self.seat}'s {card_text(self.card)} (trick {self.trick}): {entry.title} "
            f"(Law {entry.law})."
        )
