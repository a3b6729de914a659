"""PBN records of table-mode boards (policy "table"): PBN's irregularity marks (3.4.13, 3.9:
``^L``, ``^R``, a Declarer ``^``) where the standard has them, and the ``BridgetableEvents``
tag with its events comment for the rest. Written, read back and written again byte for
byte; the board read back is the board written (events, tricks, result, flags, state).

The deal is :data:`support.DEAL`; 4S by South, West to lead (see tests/laws/test_table_mode.py).
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgetable.core.board import Board
from bridgetable.core.calls import PASS, Contract, Doubling, Strain
from bridgetable.core.cards import Card
from bridgetable.core.errors import ActionRefused
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import SEATS, Side
from bridgetable.core.views import DIRECTOR
from bridgetable.formats import pbn
from bridgetable.formats.common import Loaded
from bridgetable.selfplay import random_play
from laws.test_table_mode import (
    after_trick_1,
    finish,
    revoke_by_west_ruffing,
    south_on_lead_to_trick_4,
    table,
)

from support import AUCTION_4SX, E, N, S, W, bid, c, new_board

TABLE = RuleSet.duplicate(policy="table")


# ----------------------------------------------------------------------------- helpers


def same_board(a: Board, b: Board) -> None:
    """Everything the Laws engine knows of the two boards is equal."""
    assert a.setup == b.setup and a.events == b.events
    assert a.phase is b.phase and a.contract == b.contract
    assert a.tricks == b.tricks and a.current_trick == b.current_trick
    assert a.hand_to_play is b.hand_to_play and a.to_act is b.to_act
    assert a.pending == b.pending
    assert a.director_flags == b.director_flags
    assert [r.summary() for r in a.revokes] == [r.summary() for r in b.revokes]
    for s in SEATS:
        assert a.hand(s) == b.hand(s) and a.penalty_cards(s) == b.penalty_cards(s)
        assert a.legal_cards(s) == b.legal_cards(s)
    for side in Side:
        assert a.tricks_for(side) == b.tricks_for(side)
    assert a.declarer_tricks == b.declarer_tricks
    assert a.view_for(DIRECTOR) == b.view_for(DIRECTOR)


def round_trip(b: Board) -> tuple[str, Loaded[pbn.PbnGame]]:
    """Write ``b``, read it back strictly, write it again: the same text, the same board."""
    text = pbn.dumps([b.record])
    loaded = pbn.loads(text, strict=True)
    assert loaded.diagnostics == ()
    assert list(loaded) == [b.record]
    assert pbn.dumps(loaded) == text  # the game, re-written as read
    assert pbn.dumps(list(loaded)) == text  # the record, written afresh
    same_board(Board.replay(loaded[0]), b)
    return text, loaded


def play_rows(text: str) -> list[str]:
    lines = text.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("[Play "))
    rows = []
    for x in lines[start + 1 :]:
        if x.startswith("["):
            break
        rows.append(x)
    return rows


def tag(text: str, name: str) -> str:
    line = next(x for x in text.splitlines() if x.startswith(f"[{name} "))
    return line.split('"')[1]


def declared(loaded: Loaded[pbn.PbnGame]) -> list[tuple[str, str, int | None, str | None]]:
    return [(i.kind, i.law, i.trick, i.seat) for i in loaded.irregularities]


# ----------------------------------------------------------------------------- the marks


def test_accepted_opening_lead_out_of_turn_is_marked_L() -> None:
    b = table()
    b.play(E, c("HA"))  # West was to lead (Law 54)
    b.choose(S, "accept")  # 54B: declarer plays second, from his own hand
    finish(b)
    text, loaded = round_trip(b)
    first = play_rows(text)[0].split()
    assert tag(text, "Play") == "W" and first[first.index("^L") + 1] == "HA"
    assert first.index("^L") == 2  # East's column: the card led out of turn
    assert ("lead out of turn", "53-56", 1, "East") in declared(loaded)
    assert tag(text, "Declarer") == "S" and tag(text, "Result") == str(b.declarer_tricks)


def test_accepted_lead_out_of_turn_later_in_the_play_is_marked_L() -> None:
    b = after_trick_1()
    b.play(W, c("H2"))  # East was to lead
    b.choose(S, "accept")
    finish(b)
    text, loaded = round_trip(b)
    assert play_rows(text)[1].split()[:2] == ["^L", "H2"]
    assert [k for k, *_ in declared(loaded)] == ["lead out of turn"]


def test_declarer_who_spreads_becomes_dummy_declarer_tag_caret() -> None:
    b = bid(new_board(TABLE), AUCTION_4SX, c5="penalty")
    b.play(E, c("HA"))  # the wrong defender faces the opening lead
    b.choose(S, "spread")  # 54A: South spreads, North declares
    assert b.declarer is N
    finish(b)
    text, loaded = round_trip(b)
    assert tag(text, "Declarer") == "^N" and tag(text, "Contract") == "4SX"
    assert tag(text, "Auction") == "N" and tag(text, "Play") == "E"  # North's LHO led
    assert "^L" not in " ".join(play_rows(text))  # the lead was in turn for North
    assert ("declarer and dummy swapped", "54A", None, "North") in declared(loaded)
    assert loaded[0].setup.contract is None  # the auction made South declarer


def test_declarer_exposing_a_card_spreads_without_an_auction() -> None:
    b = table()
    b.play(E, c("HA"))
    b.expose_card(S, c("S8"))  # 54A: he must spread his hand
    finish(b)
    text, loaded = round_trip(b)
    assert tag(text, "Declarer") == "^N"
    assert loaded[0].setup.contract == Contract.parse("4S S")
    assert "CardExposed S S8 false 54A" in text


def test_corrected_revoke_has_no_mark_and_the_events_keep_it() -> None:
    b = after_trick_1()
    for seat, card in ((E, "HA"), (S, "H9"), (W, "S3"), (S, "H4")):
        b.play(seat, c(card))
    b.draw_attention(S, W)  # corrected (62B): S3 is a major penalty card
    b.choose(S, "keep")  # 62C1
    round_trip(b)  # mid-play: the penalty card and the 62C choice are read back
    finish(b)
    text, loaded = round_trip(b)
    assert "^R" not in text and "AttentionDrawn S W" in text
    assert declared(loaded) == []
    assert b.tricks_for(Side.NS) == b.tricks_won(Side.NS)  # no transfer


@pytest.mark.parametrize("transferred", [1, 2])
def test_established_revoke_marked_R_with_its_trick_transfer(transferred: int) -> None:
    if transferred == 2:  # West ruffs with hearts in hand and wins the trick
        b = revoke_by_west_ruffing()
        card, seat = "S3", W
    else:  # declarer discards with hearts in hand and loses the trick
        b = after_trick_1()
        for s, x in ((E, "HA"), (S, "DA"), (W, "H2"), (S, "H4")):
            b.play(s, c(x))
        card, seat = "DA", S
    finish(b, pick=0)
    assert b.revokes[0].established
    declaring = b.tricks_won(Side.NS) + (transferred if seat is W else -transferred)
    assert b.declarer_tricks == declaring
    text, loaded = round_trip(b)
    row = play_rows(text)[1].split()
    assert row[row.index("^R") + 1] == card
    assert tag(text, "Result") == str(declaring)  # after the transfer (64A)
    assert declared(loaded) == [("revoke", "61-64", 2, str(seat))]
    again = Board.replay(loaded[0])
    assert again.tricks_for(Side.NS) == declaring


def test_penalty_card_with_a_lead_restriction_mid_play() -> None:
    b = after_trick_1()
    b.play(W, c("H2"))  # out of turn
    b.choose(S, "reject")  # 56: a major penalty card
    _, loaded = round_trip(b)  # declarer's 50D choice is pending
    assert Board.replay(loaded[0]).penalty_cards(W) == {c("H2"): True}
    b.choose(S, "forbid H")
    text, loaded = round_trip(b)
    again = Board.replay(loaded[0])
    assert again.legal_cards(E) and all(x.suit.letter != "H" for x in again.legal_cards(E))
    assert play_rows(text) == ["C8 C4 CA C9", "- - + -"]  # East to lead to trick 2
    assert 'RectificationChosen S "forbid H"' in text
    b.play(E, c("CK"))
    text, _ = round_trip(b)
    assert play_rows(text)[-1] == "- - CK +"  # South to play


def test_penalty_card_kept_with_a_free_lead() -> None:
    b = after_trick_1()
    b.play(W, c("H2"))
    b.choose(S, "reject")
    b.choose(S, "free")
    b.play(E, c("HA"))
    b.play(S, c("H9"))
    _, loaded = round_trip(b)
    again = Board.replay(loaded[0])
    assert again.penalty_cards(W) == {c("H2"): True} and again.legal_cards(W) == [c("H2")]


def test_card_led_in_error_left_played_53B() -> None:
    b = south_on_lead_to_trick_4()
    b.play(W, c("C2"))
    b.play(S, c("CJ"))  # the proper lead
    round_trip(b)  # West's 53B choice is pending
    b.choose(W, "leave")
    finish(b)
    text, _ = round_trip(b)
    assert "ProperLeadMade S S" in text and "RectificationChosen W leave" in text


def test_texts_survive_exactly() -> None:
    tricky = 'penalty {ask} "100%" \\ café\nsecond line; [x] %41 + -'
    b = bid(new_board(TABLE), AUCTION_4SX, c5=tricky)
    b.play(W, c("C8"))
    b.face_lead(W)
    b.call_director(E, "}{ " * 3 + "a long reason " * 30 + "日本語の説明" * 20)
    b.call_director(W, "x" * 300)  # a long word
    finish(b)
    text, _ = round_trip(b)
    assert max(len(x) for x in text.splitlines()) <= 100


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet.rubber(policy="table"),
        RuleSet.duplicate(
            policy="table",
            face_up_opening_lead=True,
            correction_period_minutes=45,
            claim_guidance="wbf",
            player_class="expert",
        ),
    ],
    ids=["rubber", "options"],
)
def test_rule_options_travel_with_the_events(rules: RuleSet) -> None:
    b = new_board(rules, contract="4S S")
    b.play(E, c("HA"))
    b.choose(S, "refuse")  # 54D: a major penalty card, then declarer's 50D choice
    text, loaded = round_trip(b)
    assert loaded[0].setup.rules == rules
    value = tag(text, "BridgetableEvents")
    assert value.startswith("policy=table") and ("Rubber" in text) is rules.is_rubber


def test_rule_options_of_an_earlier_release_still_read() -> None:
    # ``screens`` changed nothing and is gone; ``acbl`` claim guidance was ``ebu`` by name
    b = new_board(TABLE, contract="4S S")
    b.play(E, c("HA"))
    b.choose(S, "refuse")
    text = pbn.dumps([b.record])
    assert '[BridgetableEvents "policy=table"]' in text
    old = text.replace('"policy=table"', '"policy=table;screens=true;claim_guidance=acbl"')
    loaded = pbn.loads(old, strict=True)
    assert list(loaded) == [b.record]


def test_online_boards_are_written_without_the_extension() -> None:
    b = new_board(contract="4S S")
    random_play(b, random.Random(1))
    text = pbn.dumps([b.record])
    assert "Bridgetable" not in text and "^" not in text and "{" not in text


# ----------------------------------------------------------------------------- reading


def test_standard_sections_are_checked_against_the_events() -> None:
    b = revoke_by_west_ruffing()
    finish(b, pick=0)
    text = pbn.dumps([b.record])
    bad = text.replace("^R S3", "S3").replace('[Result "10"]', '[Result "9"]')
    loaded = pbn.loads(bad)
    assert list(loaded) == [b.record]  # the events are kept
    messages = [d.message for d in loaded.errors]
    assert any("Result '9'" in m for m in messages)
    assert any("Play section" in m for m in messages)


def test_an_event_the_laws_refuse_is_reported_at_its_line() -> None:
    b = table()
    b.play(W, c("C8"))
    b.face_lead(W)
    b.play(S, c("C4"))
    text = pbn.dumps([b.record])
    bad = text.replace("CardPlayed S C4 N named", "CardPlayed S C4 N named\nCardPlayed W CK W")
    loaded = pbn.loads(bad)
    (err,) = loaded.errors
    line = bad.splitlines().index("CardPlayed W CK W") + 1
    assert (err.line, err.board, err.trick, err.seat, err.law) == (line, 1, 1, "West", "44")
    assert "CardPlayed refused" in err.message
    assert loaded[0] == b.record  # the record stops before it


def test_unreadable_events_and_options_are_errors() -> None:
    b = table()
    b.play(W, c("C8"))
    text = pbn.dumps([b.record])
    assert pbn.loads(text.replace("OpeningLeadFaceDown W", "NoSuchEvent W")).errors
    assert pbn.loads(text.replace("W C8", "W C8 true 7")).errors
    loaded = pbn.loads(text.replace("policy=table", "policy=loose"))
    assert any("policy" in d.message for d in loaded.errors)


def test_other_readers_skip_the_tag_and_its_comment() -> None:
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    b = after_trick_1()
    for seat, card in ((E, "HA"), (S, "H9"), (W, "S3"), (S, "H4")):
        b.play(seat, c(card))
    b.draw_attention(S, W)
    b.choose(S, "keep")
    finish(b)  # a corrected revoke: no mark in the Play section
    (eb,) = endplay_pbn.loads(pbn.dumps([b.record]))
    assert len(eb.play) == 52 and eb.info["BridgetableEvents"] == "policy=table"


# ----------------------------------------------------------------------------- property


def random_table_board(seed: int) -> Board:
    """A table-mode board with random irregularities, played out or stopped anywhere."""
    rng = random.Random(seed)
    number = rng.randint(1, 16)
    base = BoardSetup.for_board(number, rng=rng, rules=TABLE)
    if rng.random() < 0.3:  # a real auction, with an explanation now and then
        board = Board(base)
        while board.phase is Phase.AUCTION:
            seat = board.to_act
            assert seat is not None
            calls = board.legal_calls()
            call = PASS if rng.random() < 0.6 or len(calls) == 1 else rng.choice(calls[1:4])
            expl = rng.choice([None, None, "takeout", 'a "strong" {hand}'])
            board.call(seat, call, alert=expl is not None, explanation=expl)
        if board.phase is Phase.PASSED_OUT:
            return board
    else:
        contract = Contract(
            rng.randint(1, 7),
            rng.choice(list(Strain)),
            rng.choice(list(Doubling)),
            rng.choice(SEATS),
        )
        board = Board(
            BoardSetup(number, base.dealer, base.vulnerability, base.deal, TABLE, contract)
        )
    steps = rng.choice([rng.randint(0, 80), 1500])
    for _ in range(steps):
        if board.is_over:
            break
        p = board.pending
        if p is not None and p.kind in ("55", "56") and p.due is not None and rng.random() < 0.4:
            actor = board.declarer if p.due is board.dummy else p.due
            assert actor is not None
            with contextlib.suppress(ActionRefused):  # 53B: the opponent due leads properly
                board.proper_lead(actor, rng.choice(list(board.hand(p.due))))
            continue
        if p is not None and rng.random() < 0.85:
            board.choose(rng.choice(p.choosers), rng.choice(p.options))
            continue
        try:
            if rng.random() < 0.15 or p is not None:
                irregular(board, rng)
            elif board.phase is Phase.CLARIFICATION and board.face_down_lead is not None:
                leader = board.opening_leader
                assert leader is not None
                board.face_lead(leader)
            else:
                seat = board.to_act
                cards = board.legal_cards(seat) if seat is not None else []
                if seat is not None and cards:
                    board.play(seat, rng.choice(cards))
        except ActionRefused:
            pass
    if board.phase is Phase.PLAY and rng.random() < 0.3:
        declarer = board.declarer
        assert declarer is not None
        try:
            board.make_claim(declarer, rng.randint(0, board.remaining_tricks()))
            board.agree_claim(declarer.lho)
            if rng.random() < 0.7:
                board.agree_claim(declarer.rho)
        except ActionRefused:
            pass
    return board


def irregular(board: Board, rng: random.Random) -> None:
    """One random irregular act of a real table (it may be refused)."""
    declarer, dummy = board.declarer, board.dummy
    assert declarer is not None and dummy is not None
    seat = rng.choice([s for s in SEATS if s is not dummy])
    r = rng.random()
    held: list[Card]
    if r < 0.45:  # a card from any hand, in or out of turn, following suit or not
        hand = dummy if seat is declarer and rng.random() < 0.5 else seat
        held = list(board.hand(hand))
        if held:
            board.play(seat, rng.choice(held))
    elif r < 0.55:
        held = list(board.hand(seat))
        if held:
            board.expose_card(seat, rng.choice(held), deliberate=rng.random() < 0.5)
    elif r < 0.7:
        board.draw_attention(seat, rng.choice(SEATS))
    elif r < 0.75:
        board.ask_revoke(dummy, declarer)
    elif r < 0.82:
        held = list(board.hand(dummy))
        if held:
            board.dummy_misplays(dummy, rng.choice(held))
            if rng.random() < 0.5:
                board.flag_misplay(rng.choice([declarer.lho, declarer.rho, declarer, None]))
    elif r < 0.86:
        board.flag_misplay(rng.choice([seat, None]))
    elif r < 0.9:
        hand = rng.choice(SEATS)
        board.report_defective_trick(hand, rng.randint(0, max(len(board.tricks) - 1, 0)))
    elif r < 0.94:
        board.warn_wrong_hand(dummy)
    elif r < 0.97:
        board.call_director(seat, rng.choice(["", "revoke?", "lead {out} of turn"]))
    else:
        held = list(board.hand(dummy))
        if held:
            board.dummy_indicates(dummy, rng.choice(held))


@settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.integers(0, 2**32 - 1))
def test_random_table_boards_round_trip_through_pbn(seed: int) -> None:
    board = random_table_board(seed)
    round_trip(board)


@pytest.mark.parametrize("seed", [515, 876])
def test_boards_that_once_failed_round_trip(seed: int) -> None:
    """Found by the property above with random seeds: 515, two defective tricks and a revoke
    by a side that won three tricks (the transfers once took four, 64A); 876, a claim asked
    for while declarer's premature play (57C2) left the trick out of rotation."""
    board = random_table_board(seed)
    assert board.is_over or board.phase is not Phase.CLAIM
    round_trip(board)


def test_several_table_boards_in_one_file() -> None:
    boards = [random_table_board(seed) for seed in range(6)]
    records: list[BoardRecord] = [b.record for b in boards]
    text = pbn.dumps(records)
    loaded = pbn.loads(text, strict=True)
    assert list(loaded) == records and pbn.dumps(loaded) == text


FUZZ_TEXTS = [pbn.dumps([random_table_board(seed).record]) for seed in range(8)]
FUZZ_PIECES = ["", "-", "+", "true", "<SA,SK>", '"x%7"', "99", "{", "}", "%", "\n", "^L ", "^R "]


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    st.sampled_from(FUZZ_TEXTS),
    st.lists(
        st.tuples(st.floats(0, 1), st.integers(0, 12), st.sampled_from(FUZZ_PIECES)),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_table_mode_games_never_raise(text: str, edits: list[Any]) -> None:
    for where, cut, piece in edits:
        i = int(where * len(text))
        text = text[:i] + piece + text[i + cut :]
    loaded = pbn.loads(text)  # tolerant: diagnostics, never an exception
    for rec in loaded:
        Board.replay(rec)  # every record a reader returns replays
    pbn.dumps(loaded)
