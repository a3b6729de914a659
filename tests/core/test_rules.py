"""Rule options: each one the engine or the adjudicator reads, and records of earlier releases
(which stored options since removed) still read."""

from __future__ import annotations

import json

import pytest

from bridgetable.core.errors import NotationError
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.rules import REMOVED_OPTIONS, RuleSet

from support import DEAL


def test_removed_and_renamed_options_of_earlier_records_still_read() -> None:
    # ``screens`` changed nothing and is gone; ``acbl`` claim guidance was ``ebu`` by
    # another name
    assert {"screens"} == REMOVED_OPTIONS
    old = {**RuleSet(player_class="expert").to_dict(), "screens": True, "claim_guidance": "acbl"}
    assert RuleSet.from_dict(old) == RuleSet(player_class="expert", claim_guidance="ebu")
    setup = BoardSetup.for_board(5, deal=DEAL)
    text = json.dumps({"setup": {**setup.to_dict(), "rules": old}, "events": []})
    assert BoardRecord.from_json(text).setup.rules == RuleSet(player_class="expert")


def test_unknown_options_and_values_are_refused() -> None:
    with pytest.raises(NotationError):
        RuleSet.from_dict({"screen": True})
    with pytest.raises(NotationError):
        RuleSet(claim_guidance="acbl")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        RuleSet.from_dict({"player_class": "master"})


def test_removed_options_are_no_longer_fields() -> None:
    assert not REMOVED_OPTIONS & set(RuleSet().to_dict())
