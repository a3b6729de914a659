"""Rule sets: duplicate (WBF Laws of Duplicate Bridge 2017) and rubber, with the options the
Laws leave to the Regulating Authority or Tournament Organizer (spec sections 5 and 6).

A :class:`RuleSet` is a frozen value. Build one with :meth:`RuleSet.duplicate` or
:meth:`RuleSet.rubber`, passing Regulating Authority options as keywords.

Example:
    >>> from bridgetable.core.rules import RuleSet
    >>> RuleSet.duplicate().face_down_opening_lead
    True
    >>> RuleSet.duplicate(face_up_opening_lead=True).face_down_opening_lead
    False
    >>> RuleSet.rubber().clarification_period
    False
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any, Literal

from bridgetable.core.errors import NotationError

Code = Literal["duplicate", "rubber"]
Policy = Literal["online", "table"]
SuitOrder = Literal["top_down", "none"]
#: The claim-adjudication profiles (``bridgetable.adjudication.profiles``), where published
#: claim guidance differs: the EBU White Book (the default), the WBF Laws Committee's view
#: that a claimer may notice a show-out, the Danish Bridge Federation's LKU-20.
ClaimGuidance = Literal["ebu", "wbf", "dbf"]
#: Classes of player, against which careless or inferior play is judged (Laws 70-71 footnote).
PlayerClass = Literal["novice", "club", "expert"]

#: Options of earlier releases that changed nothing and are gone: ``screens`` (the engine has
#: no screen procedure: no question or explanation went to a screenmate). A stored record or
#: a PBN tag that holds one still reads, without it.
REMOVED_OPTIONS = frozenset({"screens"})

#: Values of earlier releases, read as the value that behaved the same: the ``acbl`` claim
#: guidance was the ``ebu`` profile under another name (the ACBL's 2019 claim guidelines
#: are applied under every profile: docs/claims.md).
RENAMED_VALUES: dict[tuple[str, str], str] = {("claim_guidance", "acbl"): "ebu"}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The code of Laws in force and the options chosen under it.

    Attributes:
        code: ``"duplicate"`` (WBF 2017) or ``"rubber"`` (Laws of Rubber Bridge).
        policy: ``"online"`` refuses irregular acts up front; ``"table"`` (a later release)
            accepts them as events and offers the rectifications the Laws give.
        face_up_opening_lead: RA option of Law 41A footnote: opening leads are made face up.
        forbid_defender_revoke_questions: RA option of Law 61B3.
        deemed_suit_order: RA option of Law 70E2 for claims.
        correction_period_minutes: Law 79C1, set by the TO (default 30).
        claim_guidance: the published claim guidance a claim is adjudicated by
            (:data:`ClaimGuidance`; spec section 4): ``ebu`` (default), ``wbf`` or ``dbf``.
        player_class: the class of player against which a claimer's careless or inferior
            play is judged "normal" when a claim is adjudicated (Laws 70 and 71, footnote;
            EBU White Book 8.70.5; spec N3): ``novice``, ``club`` (default) or ``expert``.
            A class given to the adjudicator itself takes precedence.
    """

    code: Code = "duplicate"
    policy: Policy = "online"
    face_up_opening_lead: bool = False
    forbid_defender_revoke_questions: bool = False
    deemed_suit_order: SuitOrder = "top_down"
    correction_period_minutes: int = 30
    claim_guidance: ClaimGuidance = "ebu"
    player_class: PlayerClass = "club"

    def __post_init__(self) -> None:
        if self.code not in ("duplicate", "rubber"):
            raise NotationError(f"unknown code of Laws {self.code!r}")
        if self.policy not in ("online", "table"):
            raise NotationError(f"unknown policy {self.policy!r}")
        if self.correction_period_minutes < 0:
            raise NotationError("the Correction Period cannot be negative (Law 79C)")
        if self.claim_guidance not in typing.get_args(ClaimGuidance):
            raise NotationError(f"unknown claim guidance {self.claim_guidance!r}")
        if self.player_class not in typing.get_args(PlayerClass):
            raise NotationError(f"unknown class of player {self.player_class!r}")

    @classmethod
    def duplicate(cls, **options: Any) -> RuleSet:
        """The WBF Laws of Duplicate Bridge 2017, with Regulating Authority options."""
        return cls(code="duplicate", **options)

    @classmethod
    def rubber(cls, **options: Any) -> RuleSet:
        """The Laws of Rubber Bridge: opening lead face up, no Clarification Period."""
        return cls(code="rubber", **options)

    @property
    def is_rubber(self) -> bool:
        """Whether the rubber code is in force."""
        return self.code == "rubber"

    @property
    def face_down_opening_lead(self) -> bool:
        """Whether the opening lead is first made face down (duplicate 41A, unless the RA
        requires face-up leads; rubber leads face up at once)."""
        return self.code == "duplicate" and not self.face_up_opening_lead

    @property
    def clarification_period(self) -> bool:
        """Whether Law 41B's Clarification Period rights exist (duplicate only)."""
        return self.code == "duplicate"

    @property
    def declarer_asks_any_time(self) -> bool:
        """Rubber: declarer may ask for explanations at any time; duplicate: only at his turn."""
        return self.code == "rubber"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of every field."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """The rule set a :meth:`to_dict` result describes; one written by an earlier release
        reads too (:data:`REMOVED_OPTIONS` are dropped, :data:`RENAMED_VALUES` renamed).

        >>> RuleSet.from_dict({"screens": True, "claim_guidance": "acbl"}) == RuleSet()
        True
        """
        if not isinstance(data, dict):
            raise NotationError(f"rules are a JSON object, not {data!r}")
        data = {
            k: RENAMED_VALUES.get((k, v), v) if isinstance(v, str) else v
            for k, v in data.items()
            if k not in REMOVED_OPTIONS
        }
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise NotationError(f"unknown rule options: {sorted(unknown)}")
        try:
            return cls(**data)
        except TypeError as exc:
            raise NotationError(str(exc)) from None
