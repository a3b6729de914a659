"""The ``bridgetable`` command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgetable.cli import main
from bridgetable.core.board import Board
from bridgetable.core.boards import dealer_of, vulnerability_of
from bridgetable.core.calls import Contract, parse_call
from bridgetable.core.cards import Card
from bridgetable.core.deal import Deal
from bridgetable.core.rules import RuleSet
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
    assert main(["selfplay", "--boards", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Board 1  Dealer N  Vul None")
    assert "Auction:" in out


def test_selfplay_rubber_plays_a_rubber_to_its_end_with_the_sheet(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["selfplay", "--rules", "rubber", "--seed", "3", "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    *deals, last = lines
    sheet = last["rubber"]
    # Law 74: two games to one side ends the rubber, with its bonus in the last deal
    assert sheet["games"].count(sheet["winner"]) == 2 and sheet["deals"] == len(deals)
    assert [x[3] for d in deals for x in d["lines"] if x[3] == "rubber"] == ["rubber"]
    assert deals[-1]["lines"][-1][3] == "rubber"
    # the dealer rotates and the vulnerability comes from the games won, not the board
    assert [d["dealer"] for d in deals] == ["NESW"[i % 4] for i in range(len(deals))]
    assert deals[0]["vulnerable"] == "None"
    for side in ("NS", "EW"):
        below = sum(x[1] for d in deals for x in d["lines"] if x[0] == side)
        above = sum(x[2] for d in deals for x in d["lines"] if x[0] == side)
        assert (sheet["below"][side], sheet["above"][side]) == (below, above)
        assert sheet["totals"][side] == below + above
    assert sum(d["score"] for d in deals) == sheet["totals"]["NS"] - sheet["totals"]["EW"]


def test_selfplay_rubber_text_ends_with_the_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--rules", "rubber", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "below the line" in out and "Rubber sheet: won by" in out
    assert out.rstrip().splitlines()[-1].startswith("Total")
    assert main(["selfplay", "--rules", "rubber", "--boards", "2"]) == 2  # a rubber's length


def test_bad_arguments_exit_with_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["selfplay", "--boards", "-1"])
    assert exc.value.code == 2


def test_adjudicate_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["adjudicate", "--deal", "N:..432. .543.. A.AK.. Q...32", "--trump", "S"]
    args += ["--declarer", "S", "--leader", "S", "--claimer", "S", "--tricks", "3", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["claimed"] == 3 and out["awarded"] == 2 and out["dd"] == 3 and out["floor"] == 1
    assert "70C" in out["laws"] and len(out["witness"]) == 12
    assert isinstance(out["ruling"], str)


def test_adjudicate_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["adjudicate", "--deal", "N:..432. .543.. A.AK.. Q...32", "--trump", "S"]
    base += ["--declarer", "S", "--leader", "S", "--tricks", "3"]
    assert main([*base, "--claimer", "S", "--statement", "draw trumps"]) == 0
    assert "the claim stands" in capsys.readouterr().out
    assert main([*base, "--claimer", "N"]) == 2  # dummy does not claim
    assert main([*base, "--claimer", "S", "--statement", "cash X"]) == 2
    err = capsys.readouterr().err
    assert "dummy" in err and "'X' is not a suit" in err


def test_adjudicate_a_claim_recorded_in_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    corpus = Path(__file__).resolve().parent / "data" / "corpus" / "lin"
    path = corpus / "vugraph_gp_poland__74801.lin"
    args = ["adjudicate", "--record", str(path), "--board", "26", "--no-dd", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["claimer"] == "W" and out["claimed"] == 1 and out["remaining"] == 3
    assert out["awarded"] == 1 and len(out["witness"]) == 12
    assert main(["adjudicate", "--record", str(path), "--board", "999"]) == 2
    assert "no claim found in board 999" in capsys.readouterr().err
    assert main(["adjudicate", "--tricks", "3"]) == 2
    assert "without --record" in capsys.readouterr().err


def test_adjudicate_a_record_under_its_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``adjudicate --record`` rules on the record's claim case: under a rubber record's
    rules, Law 71 gives back no conceded trick that some play could lose; under duplicate
    rules (the same board, or ``--rules duplicate``) it gives back one no normal play loses."""
    from bridgetable.formats import json as json_format

    from support import law71_ending

    finals = {}
    for rules in (RuleSet.rubber(), RuleSet.duplicate()):
        setup, commands = law71_ending(rules)
        board = Board(setup)
        for seat, action, args in commands:
            if action == "play":
                board.play(seat, Card(args["card"]))
            else:
                board.face_lead(seat)
        board.make_claim(Seat.SOUTH, 0)
        path = tmp_path / f"{rules.code}.json"
        path.write_text(json_format.dumps([board.record]), encoding="utf-8")
        assert main(["adjudicate", "--record", str(path), "--no-dd", "--json"]) == 0
        finals[rules.code] = json.loads(capsys.readouterr().out)["final"]
        if rules.is_rubber:
            again = ["adjudicate", "--record", str(path), "--rules", "duplicate", "--json"]
            assert main([*again, "--no-dd"]) == 0
            assert json.loads(capsys.readouterr().out)["final"] == 1
    assert finals == {"rubber": 0, "duplicate": 1}


def test_selfplay_chicago_plays_four_counted_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--rules", "chicago", "--seed", "5", "--json"]) == 0
    *deals, last = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    sheet = last["chicago"]
    counted = [d for d in deals if d["contract"] != "Pass"]
    assert sheet["deals"] == len(counted) == 4 and sheet["dealt"] == len(deals)
    # Chicago's vulnerability: none, dealer's side, dealer's side, both
    assert [(d["dealer"], d["vulnerable"]) for d in counted] == [
        ("N", "None"),
        ("E", "EW"),
        ("S", "NS"),
        ("W", "All"),
    ]
    for side in ("NS", "EW"):
        points = sum(x[1] + x[2] for d in deals for x in d["lines"] if x[0] == side)
        assert sheet["totals"][side] == points
    assert main(["selfplay", "--rules", "chicago", "--boards", "4"]) == 2
