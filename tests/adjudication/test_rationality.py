"""The rationality test (issue 17): on the ruling's line, every play of the claimer's side
that costs a trick double dummy is one of the catalogued slips the ruling reports.

For an adjudicated claim the witness line is replayed from the claim position. Before each
play of the claimer's side (declarer or dummy when declarer claims; the claiming defender or
his partner when a defender claims) DDS gives the double-dummy value of the claimer's side
before the play and after it: the tricks it has already won on the line plus the double-dummy
tricks of the rest. A play *costs* when the value drops; it must then be explained by a slip
of ``Ruling.slips`` that names this very play (its index on the witness line, seat, card and
trick) with that cost, of a kind the profile and the class of player allow (or the claimer's
own statement, followed as stated). Every reported slip must name such a play. The plays of
the opponents are irrelevant: they may do anything.

It runs over seeded random endings (up to five tricks under every profile and class of
player; six to eight tricks under every profile, the class in turn) and over the claims of the
test corpus (``tests/data/corpus``, ruled as ``bench/claims_audit.py`` rules on them, under
``ebu``/``club``, and those of seven tricks or fewer once more under another profile and class
in turn): every claim on the compiled build (``BRIDGETABLE_NATIVE=1``, the second pass of
``scripts/test``, some five minutes), one in ten on the pure-Python pass. A ruling left
undetermined by the time cap has no line to check: such rulings are counted and named in the
message, and the test fails when none is determined. Run with ``-s`` to see the counts.
"""

from __future__ import annotations

import os
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from adjudication.test_random_endings import random_ending, random_statement
from bridgetable.adjudication.ruling import Ruling, adjudicate
from bridgetable.adjudication.slips import (
    CLASS_SLIPS,
    PROFILE_SLIPS,
    STATED_LINE,
    Slip,
    enabled_slips,
)
from bridgetable.core.board import Board
from bridgetable.core.cards import Card, Suit
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Seat
from bridgetable.solver.dds import DDSSolver

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # (bench/ is a package at the root of the repository)
    sys.path.insert(0, str(ROOT))

from bench.adjudication import claim_points  # noqa: E402
from bench.claims_audit import _ruling_args  # noqa: E402

DDS = DDSSolver()
NATIVE = os.environ.get("BRIDGETABLE_NATIVE") == "1"

PROFILES = tuple(PROFILE_SLIPS)
CLASSES = tuple(CLASS_SLIPS)
#: Random endings of up to five tricks, each ruled under every profile and class of player.
ENDINGS = 40
#: Random endings of six to eight tricks (past the belief check's eager sizes), each ruled
#: under every profile with the class of player in turn, at the corpus's time cap.
LARGE_ENDINGS = 12 if NATIVE else 3
#: The time cap of a corpus ruling (the audit's); every claim on the compiled build, one in
#: ``CORPUS_STRIDE`` of them on the pure-Python pass.
CORPUS_CAP = 5.0
CORPUS_STRIDE = 1 if NATIVE else 10
#: Claims of at most this many tricks left are ruled a second time, under one of the other
#: profiles and classes of player in turn (their rulings are fast).
SECOND_RULING_LEFT = 7


@dataclass
class Tally:
    """What the check saw over a set of rulings."""

    rulings: int = 0
    undetermined: list[str] = field(default_factory=list)
    costly: int = 0
    offences: list[str] = field(default_factory=list)

    def message(self) -> str:
        return (
            f"{self.rulings} rulings checked, {len(self.undetermined)} undetermined "
            f"({', '.join(self.undetermined) or 'none'}), {self.costly} costly plays of the "
            f"claimer's side; {len(self.offences)} offences:\n" + "\n".join(self.offences)
        )


@dataclass(frozen=True)
class Play:
    """A play of the claimer's side on the witness line, with the double-dummy value of
    the claimer's side before and after it (the tricks it has won on the line so far
    included)."""

    index: int
    seat: Seat
    card: Card
    pos: Position
    before: int
    after: int

    @property
    def trick(self) -> int:
        """The trick's number in the deal."""
        return 14 - self.pos.tricks_left


def claimers_plays(pos: Position, ruling: Ruling) -> list[Play]:
    """The plays of the claimer's side on the ruling's witness line, replayed from ``pos``,
    each valued double dummy before and after it (DDS, mid-trick positions included)."""
    side = ruling.claimer.side
    mine: list[tuple[int, Seat, Card, Position, int]] = []
    p, won = pos, 0
    for i, (seat, card) in enumerate(ruling.witness):
        assert seat is p.to_play, f"the witness is not a line from {pos}"
        if seat.side is side:
            mine.append((i, seat, card, p, won))
        p, winner = p.play_scored(card)
        won += winner is not None and winner.side is side
    assert p.tricks_left == 0, "the witness does not play the hands out"
    # the hand to play is the claimer's side's: the value of its best card is the value of
    # the position, that of the card played the value after it (the remaining tricks, the
    # one in progress included)
    solved = DDS.card_values_many([m[3] for m in mine])
    return [
        Play(i, seat, card, p, won + max(values.values()), won + values[card])
        for (i, seat, card, p, won), values in zip(mine, solved, strict=True)
    ]


def check(
    case: str,
    pos: Position,
    ruling: Ruling,
    tally: Tally,
    prof: str,
    pclass: str,
) -> None:
    """Replay the witness line of ``ruling`` and add to ``tally`` every costly play of the
    claimer's side that no reported slip explains, and every slip that explains no play."""
    tally.rulings += 1
    if ruling.undetermined:
        tally.undetermined.append(case)
        return
    allowed = enabled_slips(prof, pclass) | {STATED_LINE}
    by_play: dict[int, Slip] = {}
    for slip in ruling.slips:
        if slip.play in by_play:
            tally.offences.append(f"{case}: two slips name play {slip.play}: {ruling.slips}")
        by_play[slip.play] = slip
    explained = set()
    for play in claimers_plays(pos, ruling):
        if play.after >= play.before:
            continue
        tally.costly += 1
        where = (
            f"{case}: play {play.index} (trick {play.trick}), {play.seat} {play.card} at "
            f"{play.pos}: double dummy {play.before} before, {play.after} after"
        )
        found = by_play.get(play.index)
        if found is None:
            tally.offences.append(f"{where}: no slip names it (slips: {ruling.slips})")
            continue
        explained.add(play.index)
        said = (found.seat, found.card, found.trick, found.cost)
        if said != (str(play.seat), str(play.card), play.trick, play.before - play.after):
            tally.offences.append(f"{where}: its slip says otherwise: {found}")
        if found.kind not in allowed:
            tally.offences.append(f"{where}: {found.kind} is no slip under {prof}/{pclass}")
    for slip in ruling.slips:
        if slip.play not in explained:
            tally.offences.append(f"{case}: {slip} names no costly play of the line")


def large_ending(rng: random.Random) -> Position:
    """A random ending of six to eight tricks, perhaps with a trick in progress."""
    n = rng.randint(6, 8)
    cards = list(range(52))
    rng.shuffle(cards)
    hands = tuple(sum(1 << c for c in cards[i * n : (i + 1) * n]) for i in range(4))
    pos = Position(hands, rng.choice([None, *Suit]), rng.choice(SEATS))  # type: ignore[arg-type]
    for _ in range(rng.randint(0, 3)):
        pos = pos.play(rng.choice(pos.legal_cards()))
    return pos


def rule_ending(
    tally: Tally,
    name: str,
    rng: random.Random,
    pos: Position,
    combos: list[tuple[str, str]],
    time_cap: float,
) -> None:
    """Rule on a random claim at ``pos`` under each (profile, class) and check each."""
    claimer = rng.choice(SEATS)
    left = pos.tricks_left
    claimed = left if rng.random() < 0.6 else rng.randint(0, left)
    text = random_statement(rng, pos, claimer) if rng.random() < 0.3 else None
    # one claim in three a defender's (he sees dummy, an opponent)
    dummy = rng.choice([claimer.lho, claimer.rho]) if rng.random() < 0.3 else None
    for prof, pclass in combos:
        ruling = adjudicate(
            pos,
            claimer,
            claimed,
            text,
            prof=prof,
            player_class=pclass,
            dummy=dummy,
            dd=None,
            want_floor=False,
            time_cap=time_cap,
        )
        case = (
            f"{name} ({pos}; {claimer} claims {claimed}"
            f"{f' {text!r}' if text else ''}{f', dummy {dummy}' if dummy else ''}; "
            f"{prof}/{pclass})"
        )
        check(case, pos, ruling, tally, prof, pclass)


def test_every_costly_play_on_random_endings_is_a_reported_slip() -> None:
    rng = random.Random(17)
    tally = Tally()
    every = [(p, c) for p in PROFILES for c in CLASSES]
    for n in range(ENDINGS):
        rule_ending(tally, f"ending {n}", rng, random_ending(rng), every, CORPUS_CAP)
    for n in range(LARGE_ENDINGS):
        turn = [(p, CLASSES[(n + i) % len(CLASSES)]) for i, p in enumerate(PROFILES)]
        rule_ending(tally, f"large ending {n}", rng, large_ending(rng), turn, CORPUS_CAP)
    print(tally.message())  # (the coverage, shown with -s)
    assert tally.rulings > len(tally.undetermined), tally.message()
    assert tally.costly > 0, "no costly play on any line: the test checks nothing"
    assert not tally.offences, tally.message()


def test_every_costly_play_on_the_corpus_claims_is_a_reported_slip() -> None:
    combos = [(p, c) for p in PROFILES for c in CLASSES if (p, c) != ("ebu", "club")]
    tally = Tally()
    for number, (name, rec, claim, index) in enumerate(claim_points()):
        if number % CORPUS_STRIDE:
            continue
        board = Board.replay(rec.prefix(index))
        pos = board.position()
        runs = [("ebu", "club")]
        if pos.tricks_left <= SECOND_RULING_LEFT:
            runs.append(combos[number % len(combos)])
        for prof, pclass in runs:
            ruling = adjudicate(
                pos,
                claim.seat,
                claim.tricks,
                claim.statement,
                dd=None,
                want_floor=False,
                time_cap=CORPUS_CAP,
                prof=prof,
                player_class=pclass,
                **_ruling_args(board, claim.seat),
            )
            case = (
                f"claim {number} ({name} board {rec.setup.board}: {pos}; {claim.seat} claims "
                f"{claim.tricks}; {prof}/{pclass})"
            )
            check(case, pos, ruling, tally, prof, pclass)
    print(tally.message())  # (the coverage, shown with -s)
    assert tally.rulings > len(tally.undetermined), tally.message()
    assert not tally.offences, tally.message()


@pytest.mark.parametrize(
    ("pbn", "trump", "leader", "trick", "claimer", "claimed"),
    [
        # (corpus claim 258, endplay example2 board 16) North leads the H3 and East plays
        # low, a gift; South gives it back with the H6 (the HT wins the trick). The line
        # reaches the claim, so it went unchecked and was the ruling's witness
        ("N:8653.83.. .QJ7.K93. T.T6.87.6 Q.4.QT5.T", Suit.SPADES, Seat.SOUTH, (), Seat.NORTH, 3),
        # North throws the HQ under South's ace and South leads the HJ into West's ruff,
        # gifts; West gives one back, cashing the DA before the SA: a slip (suit order) on
        # a line at the claim, unchecked, which the ruling did not name
        (
            "N:Q3.Q..83 .9.7.Q7 5.J.2.4 A.2.AQ.T",
            Suit.CLUBS,
            Seat.EAST,
            ("H4", "HA"),
            Seat.EAST,
            3,
        ),
    ],
)
def test_a_line_at_the_claim_whose_claimer_gives_back_a_gift_is_checked(
    pbn: str, trump: Suit, leader: Seat, trick: tuple[str, ...], claimer: Seat, claimed: int
) -> None:
    pos = Position.from_pbn(pbn, trump=trump, leader=leader, trick=tuple(Card(c) for c in trick))
    for prof in PROFILES:
        tally = Tally()
        ruling = adjudicate(pos, claimer, claimed, None, prof=prof, dd=None, want_floor=False)
        assert ruling.awarded == claimed
        check(f"{pos} {prof}", pos, ruling, tally, prof, "club")
        assert not tally.offences, tally.message()
