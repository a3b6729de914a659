"""The rules' claim options reach the adjudicator: ``RuleSet.claim_guidance`` picks the profile
and ``RuleSet.player_class`` the class of player (Laws 70-71 footnote), unless the caller names
one; and the rules' names are the adjudicator's."""

from __future__ import annotations

import typing

from bridgetable.adjudication.profiles import PROFILES
from bridgetable.adjudication.ruling import adjudicate
from bridgetable.adjudication.slips import PLAYER_CLASSES, PROFILE_SLIPS
from bridgetable.core.position import Position
from bridgetable.core.rules import ClaimGuidance, PlayerClass, RuleSet
from bridgetable.core.seats import Seat

N = Seat.NORTH

#: No trump, North to lead 754 of spades opposite a void; West's singleton S6. Leading a low
#: spot first is careless, normal for a club player, not for an expert (EBU White Book 8.70.5).
SPOTS = Position.from_pbn("N:754... ..432. ...AKQ 6...32", trump=None, leader=N)

#: No trump, North runs AKQ2 of spades; East shows out at once, West's JT98 wins the fourth.
#: EBU: the claimer carries on with the spades (White Book 8.70.9); WBF: he notices.
SHOWOUT = Position.from_pbn("N:AKQ2..A. .AKQJT.. ..65432. JT98.2..", trump=None, leader=N)


def test_the_rules_name_the_adjudicators_profiles_and_classes() -> None:
    assert set(typing.get_args(ClaimGuidance)) == set(PROFILES) == set(PROFILE_SLIPS)
    assert set(typing.get_args(PlayerClass)) == set(PLAYER_CLASSES)


def test_the_rules_class_of_player_measures_carelessness() -> None:
    assert adjudicate(SPOTS, N, 3, None, dd=None).awarded == 2
    expert = RuleSet(player_class="expert")
    assert adjudicate(SPOTS, N, 3, None, dd=None, rules=expert).awarded == 3
    named = adjudicate(SPOTS, N, 3, None, dd=None, rules=expert, player_class="club")
    assert named.awarded == 2 and named.player_class == "club"  # the caller's class first


def test_the_rules_claim_guidance_is_the_profile() -> None:
    assert adjudicate(SHOWOUT, N, 5, "cash S", dd=None).awarded == 3
    wbf = RuleSet(claim_guidance="wbf")
    assert adjudicate(SHOWOUT, N, 5, "cash S", dd=None, rules=wbf).awarded == 4
    assert adjudicate(SHOWOUT, N, 5, "cash S", dd=None, rules=wbf, prof="ebu").awarded == 3
