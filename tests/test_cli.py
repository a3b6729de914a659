"""The ``bridgetable`` command line."""

from __future__ import annotations

import json

import pytest

from bridgetable.cli import main
from bridgetable.core.boards import dealer_of, vulnerability_of
from bridgetable.core.calls import Contract, parse_call
from bridgetable.core.cards import Card
from bridgetable.core.deal import Deal
from bridgetable.core.scoring import board_score
from bridgetable.core.seats import Seat

KEYS = {
    "board",
    "dealer",
    "vulnerable",
    "deal",
    "auction",
    "contract",
    "declarer",
    "play",
    "tricks",
    "score",
}


def test_selfplay_json_lines_are_consistent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--boards", "12", "--seed", "7", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 12
    for n, line in enumerate(lines, start=1):
        obj = json.loads(line)
        assert set(obj) == KEYS
        assert obj["board"] == n
        assert obj["dealer"] == dealer_of(n).letter
        assert obj["vulnerable"] == vulnerability_of(n).value
        deal = Deal.from_pbn(obj["deal"])
        for call in obj["auction"]:
            parse_call(call)
        if obj["contract"] == "Pass":
            assert obj["auction"][-4:] == ["Pass"] * 4 and obj["play"] == []
            assert obj["declarer"] is None and obj["tricks"] is None and obj["score"] == 0
            continue
        played = [Card(x) for x in obj["play"]]
        assert len(played) == 52 and set(played) == {c for s in Seat for c in deal[s]}
        contract = Contract.parse(f"{obj['contract']} {obj['declarer']}")
        assert obj["score"] == board_score(contract, obj["tricks"], vulnerability_of(n))


def test_selfplay_is_deterministic_for_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    main(["selfplay", "--boards", "3", "--seed", "11", "--json"])
    first = capsys.readouterr().out
    main(["selfplay", "--boards", "3", "--seed", "11", "--json"])
    assert capsys.readouterr().out == first


def test_selfplay_text_shows_a_diagram(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--boards", "1", "--seed", "2", "--rules", "rubber"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Board 1  Dealer N  Vul None")
    assert "Auction:" in out


def test_bad_arguments_exit_with_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["selfplay", "--boards", "-1"])
    assert exc.value.code == 2
