"""Every event type is registered in one place, :mod:`bridgetable.core.events`, and decodes in
any process: a fresh interpreter that imports only :mod:`bridgetable.core.record` reads back,
through ``BoardRecord.from_json``, records holding every registered event type (issue 13).

The records come from real boards played here, online and under the table policy: the
auction and the Clarification Period, the play with its designations, withdrawals and
inspections, claims through each of their ends, and the table's irregularities with their
rectifications. The set of event types they hold must be the whole registry, so a new event
type fails this test until a board here records it.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import bridgetable
from bridgetable.core.board import _REPLAY, Board
from bridgetable.core.calls import parse_call
from bridgetable.core.events import EVENT_TYPES
from bridgetable.core.record import BoardRecord
from bridgetable.core.rules import RuleSet
from bridgetable.selfplay import random_play
from laws.test_claims_procedure import after_trick_one
from laws.test_dummy import hearts_until_declarer_shows_out
from laws.test_table_mode import (
    after_trick_1,
    finish,
    late_defect,
    misplay_trick_1,
    spade_trick_4,
    table,
    trick_12_revoke,
)

from support import E, N, S, W, at_clarification, at_play, bid, c, new_board

T0 = datetime(2026, 11, 29, 20, 0, 0)


# ----------------------------------------------------------------------------- online


def auction_and_clarification() -> Board:
    """An unintended call replaced (25A), a face-down lead returned by the Director (41A,
    47E), a review and an explanation while the lead is face down (41B), then the play of
    trick 1 with a designation changed and an opponent's card taken back (45C4b, 47D), the
    marks and inspections of Laws 65-66 and the contract question of 41C."""
    b = bid(new_board(), ["Pass", "Pass", "1S", "Pass"])
    b.call(N, parse_call("4H"))
    b.replace_unintended_call(N, parse_call("4S"))
    bid(b, ["X", "Pass", "Pass", "Pass"], c0="penalty")
    b.play(W, c("C8"))
    b.director_return_lead("47E")
    b.play(W, c("C8"))
    b.request_review(E)
    b.ask_explanation(S, 5)
    b.explain(W, 5, "penalty")
    b.face_lead(W)
    b.designate(S, "C4")
    b.play(E, c("CQ"))
    b.change_designation(S, c("C7"))
    b.withdraw(E, c("CQ"), "opponent_changed_play")
    b.play(E, c("CK"))
    b.play(S, c("C9"))
    b.mark_trick(W, 0, False)
    b.inspect_trick(S)
    b.look_at_own_card(W)
    b.play(E, c("D8"))
    b.ask_contract(S)
    for seat, card in ((S, "DA"), (W, "D2"), (S, "D9")):
        b.play(seat, c(card))
    b.inspect_quitted(None, 0)
    b.call_director(E, "irregularity")
    return b


def misinformation() -> Board:
    """Dummy corrects his partner's explanation (20F5b); the card played on it goes back (47E2)."""
    b = at_play("C8")
    b.play(S, c("C4"))
    b.play(E, c("CA"))
    b.correct_explanation(N, 4, "4S was a splinter")
    b.withdraw(E, c("CA"), "misinformation")
    b.play(E, c("CK"))
    return b


def designations() -> list[Board]:
    """A rank two of dummy's cards qualify for (46B3b), and "anything" (46B5)."""
    rank = at_play("S3")
    rank.designate(S, "SA")
    rank.play(E, c("S9"))
    rank.play(S, c("S5"))
    rank.designate(S, "4")
    rank.play(S, c("C4"))
    anything = at_play("C8")
    anything.designate(S, "play anything")
    anything.choose_for_dummy(E, c("C7"))
    return [rank, anything]


def dummy() -> list[Board]:
    """Dummy's forfeited rights and his revoke question (42B1, 43A2); his report of an
    irregularity once play is over (42B3)."""
    asks = hearts_until_declarer_shows_out()
    asks.record_dummy_breach(N, "looked_at_defender_hand")
    asks.ask_revoke(N, S)
    reports = at_play()
    random_play(reports, random.Random(4))
    reports.report_irregularity(N, "East's card was exposed")
    return [asks, reports]


def claims() -> list[Board]:
    """Claims and concessions to each end: agreed, established and restored (68D1, 69),
    objected to (68B2), played on (68D2b), proposed and accepted with no Director, ruled by
    the Director with the cards faced (70), and shown to partner under the rubber code."""
    statement = after_trick_one()
    statement.play(E, c("D8"))
    statement.announce_current_trick(S, "this one is mine")

    agreed = after_trick_one()
    agreed.make_claim(S, 11)
    agreed.agree_claim(E)
    agreed.agree_claim(W)
    agreed.establish_agreement()
    agreed.publish_score(T0)
    agreed.restore_tricks(E, 1, law="69B", now=T0 + timedelta(minutes=10))

    objected = after_trick_one()
    objected.make_claim(E, 0, concession=True)
    objected.object_to_partners_claim(W)

    play_on = after_trick_one()
    play_on.make_claim(S, 12, "draw trumps")
    play_on.dispute_claim(E)
    play_on.request_play_on(W)
    for seat in (N, S, E):
        play_on.agree_play_on(seat)

    proposed = after_trick_one()
    proposed.make_claim(S, 12)
    proposed.dispute_claim(W)
    proposed.ask_ruling(W)
    proposed.propose_ruling(11, laws="70C", text="East's spade ruffs the third heart")
    for seat in (S, W, N, E):
        proposed.accept_ruling(seat)

    ruled = after_trick_one()
    ruled.make_claim(S, 12, "draw trumps then cash D")
    ruled.dispute_claim(E)
    ruled.director_face_all()
    ruled.director_rule(11, laws="70C", text="one trick to the outstanding trump")

    rubber = after_trick_one(RuleSet.rubber())
    rubber.make_claim(S, 12)
    rubber.show_hand_to_partner(E)
    return [statement, agreed, objected, play_on, proposed, ruled, rubber]


# ----------------------------------------------------------------------------- table policy


def table_mode() -> list[Board]:
    """The irregularities of a real table and their rectifications (43B, 45, 48-67)."""
    seen = table()
    seen.play(E, c("HA"))  # an opening lead out of turn (54)
    seen.director_finds_dummy_seen()
    seen.choose(S, "accept")

    exposed = after_trick_1()
    exposed.expose_card(W, c("S4"))
    exposed.dummy_indicates(N, c("SA"))

    revoke = after_trick_1()
    for seat, card in ((E, "HA"), (S, "H9"), (W, "S3"), (S, "H4")):
        revoke.play(seat, c(card))
    revoke.draw_attention(S, W)
    revoke.choose(S, "keep")

    warned = spade_trick_4()
    for seat, card in ((W, "S3"), (S, "SA"), (E, "S9")):
        warned.play(seat, c(card))
    warned.record_dummy_breach(N, "looked_at_defender_hand")
    warned.warn_wrong_hand(N)
    warned.choose(E, "lead from S")

    returned, _offender = trick_12_revoke()
    finish(returned)
    returned.return_hands()

    misplayed = misplay_trick_1()
    misplayed.flag_misplay(W)
    misplayed.choose(E, "retract")

    defective = late_defect()
    defective.choose(E, "place CQ")

    proper = after_trick_1()
    proper.play(S, c("S2"))  # from dummy; East was to lead
    proper.proper_lead(E, c("SJ"))
    proper.choose(S, "leave")
    return [seen, exposed, revoke, warned, returned, misplayed, defective, proper]


def call_withdrawn() -> Board:
    """The LHO withdraws his call over a call since replaced as unintended (25A)."""
    b = bid(new_board(), ["1H", "2C", "X"])
    b.replace_unintended_call(E, parse_call("2D"))
    b.withdraw_call(S)
    bid(b, ["Pass", "Pass", "Pass"])
    return b


def boards() -> list[Board]:
    """Every board of this module."""
    return [
        auction_and_clarification(),
        call_withdrawn(),
        misinformation(),
        *designations(),
        *dummy(),
        *claims(),
        *table_mode(),
        at_clarification(),
    ]


def covered(records: list[BoardRecord]) -> set[str]:
    return {type(e).__name__ for r in records for e in r.events}


# ----------------------------------------------------------------------------- the tests


def test_the_registry_is_the_engines_events() -> None:
    """The codec's registry (the ``Event`` union) holds exactly the events the engine
    replays: an event the board can record always decodes."""
    assert set(EVENT_TYPES.values()) == set(_REPLAY)
    assert all(name == cls.__name__ for name, cls in EVENT_TYPES.items())
    assert {cls.__module__ for cls in EVENT_TYPES.values()} == {"bridgetable.core.events"}


def test_the_boards_record_every_registered_event_type() -> None:
    records = [b.record for b in boards()]
    assert covered(records) == set(EVENT_TYPES)
    for r in records:  # each record is the board it was played as
        assert Board.replay(r).events == r.events


_CHILD = """
import json, sys
from bridgetable.core.record import BoardRecord
texts = json.load(sys.stdin)
records = [BoardRecord.from_json(t) for t in texts]
json.dump({
    "records": [r.to_json() for r in records],
    "types": sorted({type(e).__name__ for r in records for e in r.events}),
    "modules": sorted(m for m in sys.modules if m.startswith("bridgetable")),
}, sys.stdout)
"""


def test_every_event_type_decodes_in_a_fresh_interpreter_importing_only_core_record() -> None:
    records = [b.record for b in boards()]
    assert covered(records) == set(EVENT_TYPES)
    texts = [r.to_json() for r in records]
    src = str(Path(bridgetable.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-c", _CHILD],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["types"] == sorted(EVENT_TYPES)
    assert out["records"] == texts  # read and written back unchanged
    assert [BoardRecord.from_json(t) for t in out["records"]] == records
    engine = {
        "bridgetable.core.board",
        "bridgetable.core.claims",
        "bridgetable.core.table",
        "bridgetable.core.commands",  # where each event's apply and replay are declared
    }
    assert not engine & set(out["modules"])  # nothing registered the events as a side effect
