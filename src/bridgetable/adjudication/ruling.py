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

* ``slips``: the slips of the claimer's side on that line (``adjudication/slips.py``), each a
  play that costs a trick double dummy and is normal only as a catalogued slip: where the
  statement is silent the claimer plays as a player who believes his claim
  (``adjudication/believer.py``).

The headline figure is the final result of the remaining tricks, Law 71 restorations
included (``final``); the split between Law 70 (``awarded``) and Law 71 (``law71``) comes
under it. A search that runs past the time cap answers "undetermined, refer to the
Director".

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
from dataclasses import dataclass, field, replace
from typing import Any

from bridgetable.adjudication import slips as sl
from bridgetable.adjudication.believer import Believer, CardValues, MemoValues
from bridgetable.adjudication.normal import Edits, NormalPlay
from bridgetable.adjudication.profiles import PROFILES, Profile, profile
from bridgetable.adjudication.text import card_text
from bridgetable.core.cards import SUIT_MASKS, Card, Suit
from bridgetable.core.claimcase import ClaimCase
from bridgetable.core.position import Position
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat
from bridgetable.core.statement import Concede, Statement, TrumpMention, parse_statement
from bridgetable.solver.port import DoubleDummy, default_solver
from bridgetable.solver.search import MinResult, floor, min_tricks

#: How long one search may run before the ruling is referred to the Director (seconds).
DEFAULT_TIME_CAP = 5.0


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
    slips: tuple[sl.Slip, ...] = ()
    profile: str = "ebu"
    player_class: str = sl.DEFAULT_CLASS
    #: The claimer's policy whose worst line the award is (the statement, the class and
    #: profile, and the edits of the belief check): for tests and the Director's review.
    policy: NormalPlay | None = field(default=None, compare=False, repr=False)

    @property
    def final(self) -> int | None:
        """The claimer's side's tricks of the remaining ones, Law 71 restorations included
        (``None`` when undetermined)."""
        return None if self.awarded is None else self.awarded + self.law71

    def to_dict(self) -> dict[str, Any]:
        """The ``adjudicate --json`` object."""
        return {
            "claimer": self.claimer.letter,
            "claimed": self.claimed,
            "remaining": self.remaining,
            "final": self.final,
            "awarded": self.awarded,
            "dd": self.dd,
            "floor": self.floor,
            "laws": list(self.laws),
            "witness": [str(c) for _, c in self.witness],
            "witness_seats": [s.letter for s, _ in self.witness],
            "law71": self.law71,
            "undetermined": self.undetermined,
            "slips": [
                {
                    "kind": s.kind,
                    "seat": s.seat,
                    "card": s.card,
                    "trick": s.trick,
                    "play": s.play,
                    "cost": s.cost,
                    "law": s.law,
                    "text": s.describe(),
                }
                for s in self.slips
            ],
            "profile": self.profile,
            "player_class": self.player_class,
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
    """The witness line as tricks, e.g. ``N ♠A, E ♠2, S ♠3, W ♠4; ...``."""
    out: list[str] = []
    cur: list[str] = []
    n = len(pos.trick)
    for seat, card in line:
        cur.append(f"{seat.letter} {card_text(card)}")
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
    dd: bool | None = True,
    want_floor: bool = True,
    time_cap: float = DEFAULT_TIME_CAP,
    clock: Callable[[], float] = time.monotonic,
    player_class: str | None = None,
    solver: DoubleDummy | None = None,
    agreed: bool = False,
) -> Ruling:
    """Rule on ``claimer``'s claim of ``claimed`` of the remaining tricks at ``pos``.

    Args:
        statement: the statement made with the claim (notation text or parsed), ``None``
            for none.
        later_statement: a line the claimer proposed only after the claim (after an
            objection): it never improves the ruling (70B1, 70D1, spec P2).
        rules: duplicate (default) or rubber; Law 71 differs (normal play vs any play). Its
            ``claim_guidance`` and ``player_class`` are the profile and the class unless
            ``prof`` or ``player_class`` is given.
        prof: the jurisdiction profile (``ebu`` default, ``wbf``, ``dbf``): which slips are
            normal (``adjudication/slips.py``) and the deeming options.
        known_voids: (seat, suit) show-outs before the claim, known to the claimer.
        trumps_seen: the play before the claim showed that the claimer knew of the trumps
            still out (C4b: the Director's finding): he is treated as if he had mentioned
            them, and 70C does not apply.
        dummy: dummy's seat: a defender who claims sees dummy's cards (70E1).
        dd: report the double-dummy value (``dd``; ``None`` when the solver cannot give
            it); ``None`` or ``False`` skips it.
        want_floor: compute ``floor`` (always done for Law 71 under the rubber code).
        time_cap: seconds for the whole ruling; past it the answer is "undetermined" (and
            ``floor`` is left out when it did not finish).
        clock: a monotonic clock in seconds.
        player_class: ``novice``, ``club`` or ``expert``: the class of player whose careless
            and inferior play counts as normal (Law 70 footnote; spec N3); by default the
            rules' ``player_class`` (``club`` unless chosen).
        solver: the double-dummy port, for the belief check and ``dd`` (default: DDS,
            :func:`~bridgetable.solver.port.default_solver`; a SolverError when it is
            missing).
        agreed: the claim or concession was agreed (69A), so only Law 71 is in question:
            the ruling then asks whether a normal line loses a conceded trick, not how many
            (the award is the claim; ``law71`` the tricks given back).
    """
    rules = rules or RuleSet()
    pr = prof if isinstance(prof, Profile) else profile(prof or rules.claim_guidance)
    if rules.deemed_suit_order == "none":
        pr = replace(pr, top_down=False)  # no RA order under 70E2: any order is normal
    stmt = statement if isinstance(statement, Statement) else parse_statement(statement)
    line_stmt = stmt  # the statement's line (below: none, where it only restates the claim)
    if (
        stmt.groups
        and all(isinstance(step, Concede) for group in stmt.groups for step in group)
        and stmt.conceded == pos.tricks_left - claimed
    ):
        # "concede 2" with a claim of all but two says what the claim says and names no
        # line: the claimer plays as with no statement, so it can never lower the award
        line_stmt = Statement((), stmt.text)
    pclass = sl.check_class(player_class or rules.player_class)
    enabled = sl.enabled_slips(pr.name if pr.name in PROFILES else "ebu", pclass)
    careless = sl.CARELESS_SPOTS[pclass] if sl.CARELESS_SPOT in enabled else 0
    # every double-dummy question of this ruling, each position solved once (believer.py)
    values = MemoValues(solver or default_solver())
    side = claimer.side
    remaining = pos.tricks_left
    if not 0 <= claimed <= remaining:
        raise ValueError(f"a claim is of 0 to {remaining} tricks, not {claimed}")

    # one budget for every search of this ruling; the searches stop at 95% of it, which
    # leaves time to release their tables (hundreds of thousands of entries) and to write
    # the ruling, so that the answer comes within the cap
    deadline = clock() + time_cap * 0.95
    # the values double dummy gave, shared by the searches of this claim
    checker: list[Believer] = []
    # no believing claimer takes more than double dummy: a line that reaches the claim (or,
    # for a claim conceding tricks, the double-dummy value that Law 71 needs) ends the
    # search at once (its line, the witness, checked all the same: believer.py)
    best = _root_dd(pos, side, values)
    enough = claimed if claimed >= best else best

    def search(
        st: Statement, stop_at: int | None = None
    ) -> tuple[MinResult, tuple[sl.Slip, ...], NormalPlay | None]:
        """The worst line for the claimer over the lines a player who believes his claim
        could follow (``adjudication/believer.py``), with its slips."""

        def make(
            edits: Edits | None,
            judge: Callable[[Position, Any, int], int] | None,
            judge_below: int,
            add_depth: int,
        ) -> NormalPlay:
            return NormalPlay.for_claim(
                pos,
                claimer,
                st,
                known_voids=known_voids,
                prof=pr,
                trumps_seen=trumps_seen,
                dummy=dummy,
                careless=careless,
                edits=edits,
                judge=judge,
                judge_below=judge_below,
                judge_add_depth=add_depth,
                claimed=claimed,
            )

        def run(policy: NormalPlay, table: dict[Any, list[Any]], target: int | None) -> MinResult:
            return min_tricks(
                pos,
                side,
                policy,
                deadline=deadline,
                clock=clock,
                table=table,
                stop_at=target,
                accelerator=policy.accelerator(),
            )

        believer = Believer(
            make,
            run,
            values,
            enabled,
            deadline=deadline,
            clock=clock,
            enough=enough,
            stop_at=stop_at,
        )
        if checker:
            believer.values = checker[0].values
        checker.append(believer)
        result, found, checked = believer.run(pos)
        if not checked:
            result = replace(result, complete=False)
        elif stop_at is not None and result.tricks is not None and result.tricks <= stop_at:
            result = replace(result, complete=True)  # a checked line at or below the target
        return result, found, believer.policy

    if agreed:
        # Law 71 only: does some believing line lose the conceded tricks? A checked line at
        # or below the claim says nothing comes back; otherwise the exact worst says how
        # many do
        normal, slips_found, used = search(line_stmt, stop_at=claimed)
        if normal.lower > claimed:
            normal, slips_found, used = search(line_stmt)
    else:
        normal, slips_found, used = search(line_stmt)
    if later_statement is not None and normal.complete and normal.tricks is not None:
        extra = (
            later_statement
            if isinstance(later_statement, Statement)
            else parse_statement(later_statement)
        )
        with_later, later_slips, later_policy = search(
            Statement((*line_stmt.groups, *extra.groups), stmt.text)
        )
        if (
            with_later.complete
            and with_later.tricks is not None
            and (with_later.tricks < normal.tricks)
        ):
            normal, slips_found, used = with_later, later_slips, later_policy
    low = (
        floor(pos, side, deadline=deadline, clock=clock) if want_floor or rules.is_rubber else None
    )
    dd_value = best if dd else None

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
        aware = Statement((*line_stmt.groups, (TrumpMention(),)), stmt.text)
        # "can an aware claimer be held to as few?": one target (a checked line at or below
        # it, or a proof that none is: ``lower`` above it), not the aware claimer's worst
        aware_result, _, _ = search(aware, stop_at=normal.tricks)
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
            profile=pr.name,
            player_class=pclass,
        )
    worst = normal.tricks
    # (an agreed claim stands as agreed: only Law 71 may give tricks back)
    awarded = claimed if agreed else min(claimed, worst)
    costly = tuple(s for s in slips_found if s.kind != sl.STATED_LINE) if awarded < claimed else ()
    for s in costly:
        laws.append(s.law)
    if awarded < claimed and not stmt.is_empty:
        laws.append("70D1")
    # Law 71: conceded tricks that no normal play (duplicate) / no play (rubber) could lose
    if rules.is_rubber:
        law71 = max(0, (low.tricks or 0) - claimed) if low is not None and low.complete else 0
    else:
        law71 = max(0, worst - claimed)
    if law71:
        laws.append("71")
    witness = _line(pos, normal.line)
    who = str(claimer)
    final = awarded + law71
    parts = [
        f"{who} claimed {claimed} of the {remaining} remaining tricks"
        + (f' ("{stmt.text}")' if stmt.text else " without a statement")
        + ".",
        f"Result: {who}'s side {final} of the {remaining}, the opponents {remaining - final}.",
    ]
    if law71:
        parts.append(
            f"(Law 70: {awarded} as claimed; Law 71: {law71} more given back, conceded tricks "
            "that could not be lost by "
            + ("any play" if rules.is_rubber else "any normal play")
            + ".)"
        )
    if awarded == claimed:
        parts.append(f"Every normal line gives {who}'s side at least {claimed}: the claim stands.")
    else:
        parts.append(
            f"On a normal line {who}'s side takes only {worst} (doubtful points go against "
            "the claimer, 70A)."
        )
        parts.extend(s.describe() for s in costly)
        if (
            "70C" in laws
            and aware_result is not None
            and not any(s.kind == sl.UNAWARE_TRUMP for s in costly)
        ):
            parts.append(
                "An opponent still held a trump that the claimer did not mention; it is "
                "normal for him to play side winners first (70C)."
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
        slips=slips_found,
        profile=pr.name,
        player_class=pclass,
        policy=used,
    )


def adjudicate_case(
    case: ClaimCase,
    *,
    later_statement: Statement | str | None = None,
    prof: Profile | str | None = None,
    player_class: str | None = None,
    trumps_seen: bool = False,
    agreed: bool = False,
    solver: DoubleDummy | None = None,
    dd: bool | None = True,
    want_floor: bool = True,
    time_cap: float = DEFAULT_TIME_CAP,
    clock: Callable[[], float] = time.monotonic,
) -> Ruling:
    """Rule on a claim case (Laws 70, 71): :func:`adjudicate` on the case's position,
    claimer, claim and statement, under its rules (Law 71: normal play under the duplicate
    code, any play under the rubber code; the deemed suit order of 70E2; the claim guidance
    that chooses the profile when ``prof`` is not given), with its show-outs and dummy
    (70E1). The other arguments are the Director's (a later statement, the profile and
    class of player, a finding that the claimer knew of the trumps out, an agreed claim
    under Law 71 review) and the computation's.

    Example:
        >>> from bridgetable.core.claimcase import ClaimCase
        >>> from bridgetable.core.rules import RuleSet
        >>> p = Position.from_pbn("N:AK... 32... ..32. ...32", trump=None, leader=Seat.NORTH)
        >>> adjudicate_case(ClaimCase.of(p, Seat.NORTH, 1), dd=None).law71
        1
    """
    return adjudicate(
        case.position,
        case.claimer,
        case.tricks,
        case.statement,
        later_statement=later_statement,
        rules=case.rules,
        prof=prof,
        known_voids=case.known_voids,
        trumps_seen=trumps_seen or case.trumps_seen,
        dummy=case.dummy,
        dd=dd,
        want_floor=want_floor,
        time_cap=time_cap,
        clock=clock,
        player_class=player_class,
        solver=solver,
        agreed=agreed,
    )


def _root_dd(pos: Position, side: Any, solver: CardValues) -> int:
    """The double-dummy tricks of ``side`` at ``pos``."""
    values = solver.card_values_many([pos])[0]
    best = max(values.values()) if values else 0
    return best if pos.to_play.side is side else pos.tricks_left - best
