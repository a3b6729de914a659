"""PBN reading and writing on small texts: syntax, inheritance, notes, the Laws checks of a
record, claims and their export."""

from __future__ import annotations

import pytest

from bridgetable.core.board import Board
from bridgetable.core.calls import PASS, Contract, parse_call
from bridgetable.core.cards import Card
from bridgetable.core.deal import Deal
from bridgetable.core.events import CallMade, ClaimAgreed, ClaimDisputed, ClaimMade, DirectorRuled
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardSetup
from bridgetable.core.seats import Seat
from bridgetable.formats import pbn
from bridgetable.formats.common import Loaded
from bridgetable.formats.errors import FormatError

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
#: North AKQ2.J84.T9.7654, East JT9.AKQ.8765.AKQ, South 8765.T9.AKQJ.JT9, West 43.76532.432.832
DEAL = "N:AKQ2.J84.T9.7654 JT9.AKQ.8765.AKQ 8765.T9.AKQJ.JT9 43.76532.432.832"
HEAD = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
AUCTION = '[Auction "N"]\nPass Pass 1S Pass\n4S Pass Pass Pass\n'
TAGS_4S = '[Declarer "S"]\n[Contract "4S"]\n'


def game(body: str, *, head: str = HEAD) -> Loaded[pbn.PbnGame]:
    return pbn.loads(head + body)


def test_tag_values_escapes_and_comments_round_trip() -> None:
    text = '[Event "A \\"B\\" \\\\ C"] ; eol\n{ one\n\n two }\n[Site "x"]\n'
    g = pbn.loads(text).games[0]
    assert g.values["Event"] == 'A "B" \\ C'
    assert [c.text for c in g.tags[0].comments] == ["; eol", "{ one\n\n two }"]
    assert pbn.loads(pbn.dumps(pbn.loads(text))).games[0].values == g.values


def test_multi_line_tags_and_two_tags_on_a_line() -> None:
    g = pbn.loads(' [\n  Event\n "x"\n ] [Date"1998.03.21"]\n').games[0]
    assert g.values == {"Event": "x", "Date": "1998.03.21"}
    assert g.diagnostics == []


def test_inheritance() -> None:
    text = (
        '[Event "##Autumn"]\n[West "Ann"]\n[Board "1"]\n\n'
        '[West "#"]\n[Board "2"]\n\n'
        '[Event "Winter"]\n[Board "3"]\n\n'
        '[Board "4"]\n'
    )
    games = pbn.loads(text).games
    assert [g.values.get("Event") for g in games] == ["Autumn", "Autumn", "Winter", "Winter"]
    assert [g.values.get("West") for g in games] == ["Ann", "Ann", None, None]
    bad = pbn.loads('[Deal "#"]\n').diagnostics
    assert "may not inherit" in bad[0].message


def test_a_whole_game() -> None:
    body = TAGS_4S + '[Result "10"]\n' + AUCTION + '[Play "W"]\nH7 HJ HA HT\n*\n'
    loaded = game(body)
    assert loaded.diagnostics == ()
    b = Board.replay(loaded[0])
    assert str(b.contract) == "4S S" and b.declarer_tricks == 10
    made = next(e for e in b.events if isinstance(e, ClaimMade))
    assert (made.seat, made.tricks) == (S, 10)  # 10 of the 12 tricks left
    assert [e.seat for e in b.events if isinstance(e, ClaimAgreed)] == [W, E]


def test_claim_rows_of_dashes_and_result_sides() -> None:
    rows = "H7 HJ HA HT\n" + "- - - -\n" * 12
    loaded = game(TAGS_4S + '[Result "EW 3"]\n' + AUCTION + f'[Play "W"]\n{rows}')
    assert loaded.diagnostics == ()
    assert Board.replay(loaded[0]).declarer_tricks == 10


def test_result_against_the_play() -> None:
    bad = game(TAGS_4S + '[Result "13"]\n' + AUCTION + '[Play "W"]\nH7 HJ HA HT\n*\n')
    (d,) = bad.errors
    assert "impossible with 0 won and 12 to play" in d.message and d.trick == 2
    caret = game(TAGS_4S + '[Result "^13"]\n' + AUCTION + '[Play "W"]\nH7 HJ HA HT\n*\n')
    assert (
        caret.diagnostics == () and caret.irregularities[0].kind == "result differs from the play"
    )


def test_a_revoke_is_reported_with_board_trick_seat_and_law() -> None:
    # West leads the heart seven; North (dummy) discards a club while holding hearts
    loaded = game(TAGS_4S + AUCTION + '[Play "W"]\nH7 C4 HA HT\n')
    (d,) = loaded.errors
    assert (d.line, d.board, d.trick, d.seat, d.law) == (11, 1, 1, "South", "44C, 61A")
    assert "revoke" in d.message
    rec = loaded[0]
    assert Board.replay(rec).current_trick == ((W, Card("H7")),)  # the record stops before it


def test_a_card_played_twice_and_a_card_not_held() -> None:
    twice = game(TAGS_4S + AUCTION + '[Play "W"]\nH7 HJ HA HT\nH7 H4 HK H9\n')
    (d,) = twice.errors
    assert (d.trick, d.seat) == (2, "West") and "played twice" in d.message
    # E's column holds a card of North's: it is not East's to play
    wrong = game(TAGS_4S + AUCTION + '[Play "W"]\nH7 HJ H8 HT\n')
    (d,) = wrong.errors
    assert (d.trick, d.seat, d.law) == (1, "East", "44") and "North's hand" in d.message


def test_auction_checks() -> None:
    insufficient = game('[Auction "N"]\n1S 1H\n')
    assert insufficient.errors[0].law == "18B, 27" and insufficient.errors[0].seat == "East"
    wrong_first = game('[Auction "E"]\n1S\n')
    assert "dealer is North" in wrong_first.errors[0].message
    dashes = game('[Auction "W"]\n- 1S Pass Pass\nPass\n')
    assert dashes.diagnostics == ()
    assert str(Board.replay(dashes[0]).contract) == "1S N"
    contract = game('[Declarer "N"]\n[Contract "2S"]\n[Auction "N"]\n1S AP\n')
    assert "auction ends in 1S" in contract.errors[0].message


def test_notes_suffixes_and_alerts() -> None:
    body = (
        '[Auction "N"]\n1NT =1= Pass 2C ! $3 Pass\n2D =2= AP\n'
        '[Note "1:15-17"]\n[Note "2: no major"]\n'
    )
    loaded = game(body)
    calls = [e for e in loaded[0].events if isinstance(e, CallMade)]
    assert [(str(e.call), e.alert, e.explanation) for e in calls[:5]] == [
        ("1NT", True, "15-17"),
        ("Pass", False, None),
        ("2C", True, None),
        ("Pass", False, None),
        ("2D", True, "no major"),
    ]
    assert [d.message for d in loaded.diagnostics] == [
        "2C: two evaluations (a suffix and a NAG, 3.7)"
    ]


def test_continuation_marks() -> None:
    loaded = game(TAGS_4S + '[Result "1"]\n' + AUCTION + '[Play "W"]\nH7 HJ HA HT\n+ - - -\n')
    assert loaded.diagnostics == ()
    b = Board.replay(loaded[0])
    assert b.phase is Phase.PLAY and len(b.tricks) == 1  # no claim: play to be continued
    after = game(TAGS_4S + AUCTION + '[Play "W"]\nH7 + HA HT\n')
    assert "follows '+'" in after.errors[0].message


def test_irregularity_marks() -> None:
    declared = game(TAGS_4S + AUCTION + '[Play "W"]\nH7 HJ HA ^R C9\n')
    assert declared.diagnostics == ()
    (irr,) = declared.irregularities
    assert (irr.kind, irr.seat, irr.law, irr.trick) == ("revoke", "South", "61-64", 1)
    wrong = game(TAGS_4S + AUCTION + '[Play "W"]\nH7 HJ HA ^R HT\n')
    assert "marked as a revoke" in wrong.errors[0].message


def test_strict_raises_the_documented_error() -> None:
    text = HEAD + '[Contract "5Hearts"]\n'
    with pytest.raises(FormatError) as info:
        pbn.loads(text, strict=True)
    assert "5Hearts" in str(info.value) and info.value.diagnostics[0].line == 5
    assert pbn.loads(text).errors  # tolerant: the same, as diagnostics


def test_game_without_a_deal_has_no_record_but_is_written_again() -> None:
    loaded = pbn.loads('[Event "x"]\n[Dealer "N"]\n[Auction "N"]\n1C AP\n')
    assert len(loaded.games) == 1 and len(loaded) == 0
    assert pbn.loads(pbn.dumps(loaded)).games[0].values == loaded.games[0].values


def _board_with_claim() -> Board:
    b = Board(BoardSetup.for_board(1, deal=Deal.from_pbn(DEAL)))
    calls = ("Pass", "Pass", "1S", "Pass", "4S", "Pass", "Pass", "Pass")
    for seat, call in zip((N, E, S, W, N, E, S, W), calls, strict=True):
        alert = call == "1S"
        b.call(seat, parse_call(call), alert=alert, explanation="5+" if alert else None)
    b.play(W, Card("H7"))
    b.face_lead(W)
    b.play(S, Card("HJ"))  # declarer plays dummy's card
    return b


def test_claims_with_statement_dispute_and_ruling_round_trip() -> None:
    b = _board_with_claim()
    b.make_claim(W, 1, "cash H then concede 1", concession=True)  # a defender concedes
    b.dispute_claim(S)
    b.director_rule(2, laws="70E", text="the defence keeps the heart; ; and more")
    rec = b.record
    text = pbn.dumps([rec])
    assert '[Claim "W 1 concession"]' in text
    assert '[ClaimStatement "cash H then concede 1"]' in text
    assert '[ClaimAnswers "S disputed"]' in text
    assert '[Ruling "2;70E;the defence keeps the heart; ; and more"]' in text
    back = pbn.loads(text, strict=True)
    assert back[0] == rec
    assert [type(e) for e in rec.events[-3:]] == [ClaimMade, ClaimDisputed, DirectorRuled]


def test_a_plain_claim_needs_no_tag() -> None:
    b = _board_with_claim()
    b.make_claim(S, 9)
    b.agree_claim(W)
    b.agree_claim(E)
    text = pbn.dumps([b.record])
    assert "Claim" not in text and '[Result "9"]' in text and "\n*\n" in text
    assert pbn.loads(text)[0] == b.record


def test_records_started_from_a_contract_and_unfinished_ones() -> None:
    deal = Deal.from_pbn(DEAL)
    b = Board(BoardSetup.for_board(3, deal=deal, contract=Contract.parse("3NT E")))
    b.play(S, Card("S8"))
    b.face_lead(S)
    text = pbn.dumps([b.record])
    assert "[Auction" not in text and '[Contract "3NT"]' in text
    assert pbn.loads(text, strict=True)[0] == b.record
    mid = Board(BoardSetup.for_board(2, deal=deal))
    mid.call(E, PASS)
    text = pbn.dumps([mid.record])
    assert "Pass +" in text
    assert pbn.loads(text, strict=True)[0] == mid.record


def test_dumps_refuses_what_is_not_a_record() -> None:
    with pytest.raises(FormatError):
        pbn.dumps(["not a record"])  # type: ignore[list-item]
