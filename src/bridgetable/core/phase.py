"""The phases of a board."""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    """Where the board stands: the auction, the Clarification Period (17D1: from the final
    pass until the opening lead is faced), play, play suspended by a claim (68D), ended, or
    passed out (22B)."""

    AUCTION = "auction"
    CLARIFICATION = "clarification"
    PLAY = "play"
    CLAIM = "claim"
    ENDED = "ended"
    PASSED_OUT = "passed_out"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"
