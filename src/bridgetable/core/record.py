"""A board's setup and its record: the setup plus an append-only tuple of frozen events.

Replaying any prefix of the events gives the state at that moment; :class:`BoardRecord`
round-trips through JSON.

Example:
    >>> import random
    >>> from bridgetable.core.record import BoardSetup, BoardRecord
    >>> setup = BoardSetup.for_board(3, rng=random.Random(1))
    >>> str(setup.dealer), str(setup.vulnerability)
    ('South', 'EW')
    >>> rec = BoardRecord(setup, ())
    >>> BoardRecord.from_json(rec.to_json()) == rec
    True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from bridgetable.core.boards import Vulnerability, dealer_of, vulnerability_of
from bridgetable.core.calls import Contract
from bridgetable.core.deal import Deal
from bridgetable.core.errors import BridgeError, NotationError
from bridgetable.core.events import event_from_dict, event_to_dict
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat


@dataclass(frozen=True, slots=True)
class BoardSetup:
    """What a board starts from.

    Attributes:
        board: the board number (Law 2).
        dealer: the dealer.
        vulnerability: which sides are vulnerable.
        deal: the four hands.
        rules: the code of Laws and options in force.
        contract: when given (with its declarer), the auction is skipped and the board starts
            at the opening lead: for practice, or for a record that holds no auction.
    """

    board: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    rules: RuleSet = field(default_factory=RuleSet)
    contract: Contract | None = None

    def __post_init__(self) -> None:
        if self.contract is not None and self.contract.declarer is None:
            raise NotationError("a given contract needs its declarer")

    @classmethod
    def for_board(
        cls,
        board: int,
        *,
        rng: random.Random | None = None,
        deal: Deal | None = None,
        rules: RuleSet | None = None,
        contract: Contract | None = None,
    ) -> BoardSetup:
        """Dealer and vulnerability from the board number (Law 2); the deal given or dealt
        from ``rng``."""
        if deal is None:
            if rng is None:
                raise NotationError("a board needs a deal or a random generator to deal one")
            deal = Deal.random(rng)
        return cls(
            board,
            dealer_of(board),
            vulnerability_of(board),
            deal,
            rules or RuleSet(),
            contract,
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "board": self.board,
            "dealer": self.dealer.letter,
            "vulnerability": self.vulnerability.value,
            "deal": self.deal.to_pbn(),
            "rules": self.rules.to_dict(),
            "contract": None if self.contract is None else str(self.contract),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BoardSetup:
        """The setup a :meth:`to_dict` result describes; raises :class:`NotationError`."""
        if not isinstance(data, dict):
            raise NotationError(f"a board setup is a JSON object, not {data!r}")
        try:
            contract = data.get("contract")
            return cls(
                board=int(data["board"]),
                dealer=Seat.from_letter(data["dealer"]),
                vulnerability=Vulnerability.parse(data["vulnerability"]),
                deal=Deal.from_pbn(data["deal"]),
                rules=RuleSet.from_dict(data.get("rules", {})),
                contract=None if contract is None else Contract.parse(contract),
            )
        except KeyError as exc:
            raise NotationError(f"board setup lacks {exc}") from None
        except (TypeError, AttributeError) as exc:
            raise NotationError(f"bad board setup: {exc}") from None


@dataclass(frozen=True, slots=True)
class BoardRecord:
    """A board's setup and its events, in order."""

    setup: BoardSetup
    events: tuple[Any, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict: ``{"setup": ..., "events": [...]}``."""
        return {"setup": self.setup.to_dict(), "events": [event_to_dict(e) for e in self.events]}

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BoardRecord:
        """The record a :meth:`to_dict` result describes (not replayed; see ``Board.replay``)."""
        if not isinstance(data, dict) or "setup" not in data:
            raise NotationError("a board record is a JSON object with a setup")
        events = data.get("events", [])
        if not isinstance(events, list):
            raise NotationError("a board record's events are a list")
        return cls(BoardSetup.from_dict(data["setup"]), tuple(event_from_dict(e) for e in events))

    @classmethod
    def from_json(cls, text: str) -> BoardRecord:
        """Parse :meth:`to_json` output; raises :class:`NotationError`."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise NotationError(f"not JSON: {exc}") from None
        return cls.from_dict(data)

    def prefix(self, n: int) -> BoardRecord:
        """The record of the first ``n`` events."""
        return BoardRecord(self.setup, self.events[:n])


__all__ = ["BoardRecord", "BoardSetup", "BridgeError"]
