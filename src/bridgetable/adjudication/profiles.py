"""Jurisdiction profiles: the options where published claim guidance differs.

Each option names its source; ``docs/claims.md`` explains them. The default profile follows
the EBU White Book; ``wbf`` follows the WBF Laws Committee's view that a claimer may notice a
show-out; ``dbf`` the Danish Bridge Federation's, that an order stranding the claimer's own
winners is irrational. The ACBL Laws Commission's claim guidelines (Spring 2019) are applied
under every profile and ask for nothing the White Book profile does not apply, so there is
no ``acbl`` profile. Which slips each profile treats as normal is the table ``PROFILE_SLIPS`` of
``adjudication/slips.py``; the names are :data:`bridgetable.core.rules.ClaimGuidance`, the
rules' choice.

Example:
    >>> from bridgetable.adjudication.profiles import profile
    >>> profile("ebu").claimer_notices_showouts, profile("wbf").claimer_notices_showouts
    (False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgetable.core.errors import NotationError


@dataclass(frozen=True, slots=True)
class Profile:
    """Options of claim adjudication.

    Attributes:
        name: the profile's name.
        claimer_notices_showouts: C3. Whether a claimer running a suit is deemed to notice an
            opponent's show-out and switch lines (EBU White Book 8.70.9: no; a WBF Laws
            Committee minute cited in practice: yes).
        top_down: C1 and Law 70E2. A suit is deemed cashed from the top unless the statement
            says otherwise.
        careless_spot_cards: C1 and EBU White Book 8.70.5. With no honour in a holding, the
            claimer may carelessly lead its spot cards in any order.
        short_hand_first: C1, Law 70E2. The order of a suit's cards is that of the suit as the
            side holds it in both hands: top down, the high cards of the shorter hand first
            (unblocking; "play within any suit is normally from the top down", ACBL 2019
            guideline 1). A top card led from the longer hand where a lower card of the suit,
            led towards partner's shorter holding, keeps the value blocks the suit: an order
            within the suit, which the order slip between suits (e) does not cover, and no
            careless spot card (d) either: it is not normal (EBU Club TD training course,
            claims exercise, as reported at forums.ebu.co.uk "Careless or Irrational?":
            "playing top honours from the short hand first" is among the first techniques a
            player learns, and blocking a suit so is beyond careless or inferior).
        ruff_low: C4d and ACBL 2019 guideline 5. The claimer ruffs as low as possible.
        aware_claimer_draws_trumps: C4a. A claimer who mentions the outstanding trump is
            deemed to draw it before cashing side winners when he can.
        aware_after_trump_seen: C4b, 70C. Whether a claimer who sees an opponent play a trump
            after the claim (a ruff, or following to a trump lead) knows from then on that
            trumps are out, and plays as an aware claimer: he has seen one (the condition of
            EBU White Book 8.70.4(b), awareness shown by the play itself).
    """

    name: str
    claimer_notices_showouts: bool = False
    top_down: bool = True
    careless_spot_cards: bool = True
    short_hand_first: bool = True
    ruff_low: bool = True
    aware_claimer_draws_trumps: bool = True
    aware_after_trump_seen: bool = True


PROFILES: dict[str, Profile] = {
    "ebu": Profile("ebu"),
    "wbf": Profile("wbf", claimer_notices_showouts=True),
    # Danish Bridge Federation, LKU-20 (3rd ed., 2021): an order between suits that strands
    # the claimer's own winners is irrational (see adjudication/slips.py, PROFILE_SLIPS)
    "dbf": Profile("dbf"),
}

DEFAULT_PROFILE = "ebu"


def profile(name: str = DEFAULT_PROFILE) -> Profile:
    """The named profile (``ebu``, ``wbf`` or ``dbf``)."""
    try:
        return PROFILES[name.lower()]
    except KeyError:
        raise NotationError(
            f"unknown claim profile {name!r}; choose from {', '.join(PROFILES)}"
        ) from None
