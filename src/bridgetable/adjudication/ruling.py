"""Rulings on claims (Laws 70 and 71): the Director's procedure as a computation.

From the position at the claim, the claim and the rules, :func:`adjudicate` finds the worst
normal outcome for the claimer -- his side following its statement and, where the statement is
silent, any normal play; the opponents any legal play (spec P4, Law 70A) -- and awards the
claimer the smaller of that and his claim. It also reports:

* ``dd``: the remaining tricks the claimer's side takes with best play by all four;
* ``floor``: the fewest it takes under any play of all four hands;
* ``law71``: tricks conceded that could not be lost by any normal play (duplicate) or by any
  play at all (rubber), to be given back within the Correction Period;
* ``witness``: a line of play, normal for the claimer and legal for the opponents, that yields
  the award.

A search that runs past the time cap answers "undetermined, refer to the Director".

Example:
    >>> from bridgetable.adjudication.ruling import adjudicate
    >>> from bridgetable.core.position import Position
    >>> from bridgetable.core.seats import Seat
    >>> from bridgetable.core.cards import Suit
    >>> pos = Position.from_pbn("W:2.2.. AK... 3.3.. Q.Q..", trump=Suit.SPADES, leader=Seat.NORTH)
    >>> r = adjudicate(pos, Seat.NORTH, 2, None, dd=None)
    >>> r.awarded, r.laws
    (2, ('70A',))
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bridgetable.adjudication.normal import NormalPlay
from bridgetable.adjudication.profiles import Profile, profile
from bridgetable.core.cards import SUIT_MASKS, Card, Suit
from bridgetable.core.position import Position
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat
from bridgetable.core.statement import Statement, TrumpMention, parse_statement
from bridgetable.solver.search import MinResult, floor, min_tricks

#: How long one search may run before the ruling is referred to the Director (seconds).
DEFAULT_TIME_CAP = 5.0

DDFunction = Callable[[Position, Any], int]


@dataclass(frozen=True, slots=True)
class Ruling:
    """The outcome of :func:`adjudicate`."""

    claimer: Seat
    claimed: int
    remaining: int
    awarded: int | None
    dd: int | None
    floor: int | None
    laws: tuple[str, ...]
    witness: tuple[tuple[Seat, Card], ...]
    law71: int
    text: str
    undetermined: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The ``adjudicate --json`` object."""
        return {
            "claimer": self.claimer.letter,
            "claimed": self.claimed,
            "remaining": self.remaining,
            "awarded": self.awarded,
            "dd": self.dd,
            "floor": self.floor,
            "laws": list(self.laws),
            "witness": [str(c) for _, c in self.witness],
            "witness_seats": [s.letter for s, _ in self.witness],
            "law71": self.law71,
            "undetermined": self.undetermined,
            "ruling": self.text,
        }


def _line(pos: Position, cards: tuple[Card, ...]) -> tuple[tuple[Seat, Card], ...]:
    out = []
    p = pos
    for c in cards:
        out.append((p.to_play, c))
        p = p.play(c)
    return tuple(out)


def describe_line(pos: Position, line: tuple[tuple[Seat, Card], ...]) -> str:
    """The witness line as tricks, e.g. ``N: SA E: S2 S: S3 W: S4 | ...``."""
    out: list[str] = []
    cur: list[str] = []
    n = len(pos.trick)
    for seat, card in line:
        cur.append(f"{seat.letter} {card}")
        n += 1
        if n == 4:
            out.append(", ".join(cur))
            cur, n = [], 0
    if cur:
        out.append(", ".join(cur))
    return "; ".join(out)


def adjudicate(
    pos: Position,
    claimer: Seat,
    claimed: int,
    statement: Statement | str | None,
    *,
    later_statement: Statement | str | None = None,
    rules: RuleSet | None = None,
    prof: Profile | str | None = None,
    known_voids: frozenset[tuple[Seat, Suit]] = frozenset(),
    trumps_seen: bool = False,
    dummy: Seat | None = None,
    dd: DDFunction | bool | None = True,
    want_floor: bool = True,
    time_cap: float = DEFAULT_TIME_CAP,
    clock: Callable[[], float] = time.monotonic,
) -> Ruling:
    """Rule on ``claimer``'s claim of ``claimed`` of the remaining tricks at ``pos``.

    Args:
        statement: the statement made with the claim (notation text or parsed), ``None``
            for none.
        later_statement: a line the claimer proposed only after the claim (after an
            objection): it never improves the ruling (70B1, 70D1, spec P2).
        rules: duplicate (default) or rubber; Law 71 differs (normal play vs any play).
        prof: the jurisdiction profile (``ebu`` default, ``acbl``, ``wbf``).
        known_voids: (seat, suit) show-outs before the claim, known to the claimer.
        trumps_seen: the play before the claim showed that the claimer knew of the trumps
            still out (C4b: the Director's finding): he is treated as if he had mentioned
            them, and 70C does not apply.
        dummy: dummy's seat: a defender who claims sees dummy's cards (70E1).
        dd: a function (position, side) -> tricks for the double-dummy value; ``True`` uses
            DDS through endplay when installed; ``None`` or ``False`` skips it.
        want_floor: compute ``floor`` (always done for Law 71 under the rubber code).
        time_cap: seconds for the whole ruling; past it the answer is "undetermined" (and
            ``floor`` is left out when it did not finish).
        clock: a monotonic clock in seconds.
    """
    rules = rules or RuleSet()
    pr = prof if isinstance(prof, Profile) else profile(prof or rules.claim_guidance)
    if rules.deemed_suit_order == "none":
        pr = replace(pr, top_down=False)  # no RA order under 70E2: any order is normal
    stmt = statement if isinstance(statement, Statement) else parse_statement(statement)
    side = claimer.side
    remaining = pos.tricks_left
    if not 0 <= claimed <= remaining:
        raise ValueError(f"a claim is of 0 to {remaining} tricks, not {claimed}")

    # one budget for every search of this ruling; the searches stop at 95% of it, which
    # leaves time to release their tables (hundreds of thousands of entries) and to write
    # the ruling, so that the answer comes within the cap
    deadline = clock() + time_cap * 0.95
    # one table for the searches of this claim: their policies differ only in the
    # statement's steps and in the claimer's awareness of trumps, which the policy's table
    # keys tell apart, so each search reuses what the others proved
    table: dict[Any, list[Any]] = {}

    def search(st: Statement, stop_at: int | None = None) -> MinResult:
        policy = NormalPlay.for_claim(
            pos,
            claimer,
            st,
            claimed,
            known_voids=known_voids,
            prof=pr,
            trumps_seen=trumps_seen,
            dummy=dummy,
        )
        return min_tricks(
            pos, side, policy, deadline=deadline, clock=clock, stop_at=stop_at, table=table
        )

    normal = search(stmt)
    if later_statement is not None and normal.complete and normal.tricks is not None:
        extra = (
            later_statement
            if isinstance(later_statement, Statement)
            else parse_statement(later_statement)
        )
        with_later = search(Statement((*stmt.groups, *extra.groups), stmt.text))
        if (
            with_later.complete
            and with_later.tricks is not None
            and (with_later.tricks < normal.tricks)
        ):
            normal = with_later
    low = (
        floor(pos, side, deadline=deadline, clock=clock) if want_floor or rules.is_rubber else None
    )
    dd_value = _dd(pos, side, dd)

    laws = ["70A"]
    if not stmt.is_empty:
        laws.append("70B1")
    trump_out = pos.trump is not None and bool(
        pos.side_mask(side.opponents) & SUIT_MASKS[pos.trump]
    )
    aware_result: MinResult | None = None
    if (
        trump_out
        and not stmt.mentions_trumps
        and not trumps_seen
        and normal.complete
        and normal.tricks is not None
        and normal.tricks < claimed
    ):
        aware = Statement((*stmt.groups, (TrumpMention(),)), stmt.text)
        # only "can an aware claimer be held to as few?" matters: one boolean search
        aware_result = search(aware, stop_at=normal.tricks)
        if aware_result.lower > normal.tricks:
            laws.append("70C")

    if not normal.complete or normal.tricks is None:
        return Ruling(
            claimer,
            claimed,
            remaining,
            None,
            dd_value,
            low.tricks if low is not None and low.complete else None,
            tuple(laws),
            (),
            0,
            f"Undetermined within {time_cap:g} s: refer to the Director (Law 70).",
            undetermined=True,
        )
    worst = normal.tricks
    awarded = min(claimed, worst)
    if awarded < claimed and not stmt.is_empty:
        laws.append("70D1")
    if awarded < claimed and rules.deemed_suit_order == "top_down":
        laws.append("70E2")  # suits were deemed played from the top
    # Law 71: conceded tricks that no normal play (duplicate) / no play (rubber) could lose
    if rules.is_rubber:
        law71 = max(0, (low.tricks or 0) - claimed) if low is not None and low.complete else 0
    else:
        law71 = max(0, worst - claimed)
    if law71:
        laws.append("71")
    witness = _line(pos, normal.line)
    who = str(claimer)
    parts = [
        f"{who} claimed {claimed} of the {remaining} remaining tricks"
        + (f' ("{stmt.text}")' if stmt.text else " without a statement")
        + "."
    ]
    if awarded == claimed:
        parts.append(f"Every normal line gives {who}'s side at least {claimed}: the claim stands.")
    else:
        parts.append(
            f"On a normal line {who}'s side takes only {worst}: "
            f"{awarded} awarded, {remaining - awarded} to the opponents (doubtful points "
            "go against the claimer, 70A)."
        )
    if "70C" in laws and aware_result is not None:
        parts.append(
            "An opponent still held a trump that the claimer did not mention; it is normal "
            "for him to play side winners first, so the trump takes a trick (70C)."
        )
    if law71:
        parts.append(
            f"The claim concedes {law71} trick(s) that could not be lost by "
            + ("any play" if rules.is_rubber else "any normal play")
            + " (71)."
        )
    parts.append("Line: " + describe_line(pos, witness) + ".")
    return Ruling(
        claimer,
        claimed,
        remaining,
        awarded,
        dd_value,
        low.tricks if low is not None and low.complete else None,
        tuple(dict.fromkeys(laws)),
        witness,
        law71,
        " ".join(parts),
    )


def _dd(pos: Position, side: Any, dd: DDFunction | bool | None) -> int | None:
    if dd is None or dd is False:
        return None
    if dd is True:
        from bridgetable.solver.errors import SolverError

        try:
            from bridgetable.solver.dds import DDSSolver

            return DDSSolver().tricks(pos, side)
        except (ImportError, SolverError):  # pragma: no cover - endplay missing
            return None
    return dd(pos, side)
