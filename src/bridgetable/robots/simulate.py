"""Close bidding decisions by simulation: the system's candidate calls compared double dummy.

The robots bid by their system's rules (:mod:`.bidding`). Where the rules leave a close
decision, several rules of the system fit the robot's hand at once, and the calls they give
lead to different final contracts: part-score or game, game or slam, 3NT or a suit game.
The rules' order picks one of them; simulation compares them instead, the
method of GIB (Ginsberg, "GIB: Imperfect Information in a Computationally Challenging Game",
JAIR 14, 2001, section on bidding: the candidate calls the bidding database allows are each
followed by the rest of the auction on hands dealt consistently with the auction so far,
and the final contracts are scored double dummy; the call with the best average result is
made). Here:

* **Candidates** are the calls of the rules that fit the hand (:meth:`.System.candidates`,
  so that every call made is one the system's explanation gives and that holds for the
  hand; rules marked ``sim`` add calls the rules alone never make, such as Blackwood
  within a king of the values for slam, and the twins of game and slam rules a little
  short of their points, ``[system] sim_slack``). The decision is *close* (:func:`close_candidates`)
  when a game or a slam is among those calls and they are of different kinds (a pass, a
  part-score, a game, a slam: the level of the final contract the call may set), or games
  in different strains: sign-off, invitation or game, game or slam, 3NT or a suit game.
  Blackwood (a call whose rule is tagged ``blackwood``) counts as a slam try whatever its
  level: 4NT beside 3NT, or beside four of an agreed minor, is game or slam.
  Openings are left to the rules, and so are choices between part-scores only (their
  double-dummy solutions are the slowest and their swings the smallest). Other decisions
  (most calls) do not simulate.
* **Layouts**: the three other hands are dealt ``samples`` times (:func:`deal_layouts`),
  each hand fitting what its player's calls showed (HCP and suit lengths by the system's
  reading of the auction), by rejection.
* **The rest of the auction** after each candidate, on each layout, is bid by the system's
  rules for all four players (the robot's partner reading the candidate by its meaning),
  up to the final contract.
* **Scores**: each final contract's tricks are those of double dummy (DDS's batch call
  through the solver port, each declarer and strain of a layout solved once), scored with
  the board's vulnerability by the duplicate scoring of Law 77
  (:func:`~bridgetable.core.scoring.contract_score`); a candidate's value is its average
  IMPs (WBF scale) against the system's own call over the layouts.
* The system's call stands unless another candidate beats it by at least ``margin`` IMPs on
  average and by one standard error of that average (:func:`_better`); ties go to the
  system's order. The layouts are dealt from the ``rng`` given (no global state), and a
  ``budget`` of double-dummy questions bounds the work, and so the time (a question is
  one position solved for one target; some 20-60 ms each on a full deal): the layouts are
  bid and solved four at a time, and no further ones once the budget is spent (eight at
  least). The budget counts work, not seconds, so that the call is the same for a seed
  however loaded the machine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bridgetable.core.boards import Vulnerability
from bridgetable.core.calls import Contract
from bridgetable.core.cards import Hand
from bridgetable.core.position import Position
from bridgetable.core.scoring import contract_score, imps
from bridgetable.core.seats import Seat
from bridgetable.robots.bidding import HandInfo, System, internal_call, legal
from bridgetable.robots.sampler import Shown
from bridgetable.solver.errors import SolverError
from bridgetable.solver.port import DoubleDummy, default_solver

#: The tricks a game needs, by strain letter (3NT, 4H/4S, 5C/5D).
GAME_LEVEL = {"N": 3, "S": 4, "H": 4, "D": 5, "C": 5}
#: The layouts always scored, whatever the budget.
MIN_LAYOUTS = 8
#: The layouts bid and solved at a time (the budget is checked between chunks).
CHUNK = 4
#: Deals of a layout tried again when its last hand misfits.
RESTARTS = 8
#: Seat letters by seat number.
SEATS_NESW = "NESW"
#: The longest auction simulated after a candidate (calls), a guard against loops.
MAX_CALLS = 60


@dataclass(frozen=True, slots=True)
class Choice:
    """The outcome of a simulation: the call chosen, and each candidate's average IMPs
    against the system's own call (the first candidate) over the layouts scored."""

    call: str
    values: dict[str, float]
    layouts: int


def kind(call: str) -> str:
    """The kind of final contract a call may set: ``"pass"``, ``"double"``, ``"part"``
    (a bid below game), ``"game"``, ``"slam"``.

    Example:
        >>> [kind(c) for c in ("P", "X", "2H", "3N", "5C", "6N")]
        ['pass', 'double', 'part', 'game', 'game', 'slam']
    """
    if call == "P":
        return "pass"
    if call in ("X", "XX"):
        return "double"
    level = int(call[0])
    if level >= 6:
        return "slam"
    return "game" if level >= GAME_LEVEL[call[1]] else "part"


def _over(calls: tuple[str, ...]) -> bool:
    return len(calls) >= 4 and calls[-3:] == ("P", "P", "P")


def close_candidates(system: System, calls: tuple[str, ...], info: HandInfo) -> list[str]:
    """The calls to compare by simulation after ``calls`` for a hand of features ``info``
    (the system's own call first), or ``[]`` when the decision is not close (see the module
    docstring)."""
    if not any(c != "P" for c in calls):
        return []  # an opening: the rules decide
    own = system.choose(calls, info)
    if own is not None and own[1].tag == "aces":
        return []  # an answer to Blackwood tells the aces held: not a choice to simulate
    first = own[0] if own is not None and legal(calls, own[0]) else "P"
    cands = system.candidates(calls, info)
    got = [first] + [c for c, _ in cands if c != first and legal(calls, c)]
    if len(got) < 2:
        return []
    # Blackwood asks for slam (or signs off at the five level): a slam try, whatever its level
    slam_tries = {c for c, m in cands if m.tag == "blackwood"}
    kinds = {"slam" if c in slam_tries else kind(c) for c in got}
    games = {c[1] for c in got if kind(c) == "game"}
    if not kinds & {"game", "slam"} or (len(kinds) < 2 and len(games) < 2):
        return []
    return got


def final_contract(calls: Sequence[str], dealer: Seat) -> Contract | None:
    """The final contract of a finished auction of internal calls (``1N``, ``X``, ``P``),
    with its declarer: the first player of the declaring side to name its strain (the Laws'
    definition of declarer);
    ``None`` when passed out.

    Example:
        >>> str(final_contract(("1H", "P", "2H", "X", "P", "P", "P"), Seat.SOUTH))
        '2HX S'
    """
    last = next((i for i in range(len(calls) - 1, -1, -1) if calls[i][0].isdigit()), None)
    if last is None:
        return None
    bid = calls[last]
    doubling = ""
    for c in calls[last + 1 :]:
        if c == "X":
            doubling = "X"
        elif c == "XX":
            doubling = "XX"
    first = next(
        i
        for i in range(len(calls))
        if i % 2 == last % 2 and calls[i][0].isdigit() and calls[i][1] == bid[1]
    )
    strain = "NT" if bid[1] == "N" else bid[1]
    return Contract.parse(f"{bid[0]}{strain}{doubling} {dealer.next(first).letter}")


def finish_auction(
    system: System, calls: tuple[str, ...], infos: Sequence[HandInfo], dealer: Seat
) -> tuple[str, ...]:
    """The auction after ``calls`` bid to its end by the system's rules for all four
    players (``infos`` by seat, North first): a pass when no rule fits or the rule's call
    is not legal."""
    out = calls
    while not _over(out) and len(out) < len(calls) + MAX_CALLS:
        seat = dealer.next(len(out))
        got = system.choose(out, infos[seat])
        call = got[0] if got is not None and legal(out, got[0]) else "P"
        out = (*out, call)
    return out


def _tricks(
    layouts: list[tuple[int, int, int, int]],
    wanted: dict[tuple[int, Seat, str], set[int]],
    solver: DoubleDummy | None,
) -> tuple[dict[tuple[int, Seat, str], int], int] | None:
    """Declarer's tricks for each (layout, declarer, strain letter) wanted, as far as the
    contracts to score tell them apart: ``wanted`` gives the tricks that matter (each
    contract's ``6 + level``, and one fewer for a doubled one). Each threshold is asked of
    double dummy (does declarer take that many, the defenders on lead: DDS ``solutions=2``
    with a target, one batch call a round), and the tricks are the highest threshold
    reached, or one fewer than the lowest when none is; with the number of questions put to the
    solver; ``None`` when it fails."""
    keys = sorted(wanted)
    positions = {}
    for key in keys:
        j, declarer, strain = key
        trump = Contract.parse(f"1{'NT' if strain == 'N' else strain}").strain.suit
        positions[key] = Position(layouts[j], trump, declarer.lho)
    todo = {k: sorted(wanted[k]) for k in keys}
    reached: dict[tuple[int, Seat, str], int | None] = dict.fromkeys(keys)
    port = solver or default_solver()
    asked = 0
    while todo:
        # the middle threshold of each key's open ones: a binary search over them
        ask = {k: ts[len(ts) // 2] for k, ts in todo.items()}
        ks = list(ask)
        asked += len(ks)
        try:
            # the defenders reach 14 - t exactly when declarer takes fewer than t
            beaten = port.cards_reaching_many([positions[k] for k in ks], [14 - ask[k] for k in ks])
        except SolverError:
            return None
        for k, mask in zip(ks, beaten, strict=True):
            t = ask[k]
            if mask:
                todo[k] = [x for x in todo[k] if x < t]
            else:
                reached[k] = t
                todo[k] = [x for x in todo[k] if x > t]
            if not todo[k]:
                del todo[k]
    out = {}
    for k in keys:
        got = reached[k]
        out[k] = got if got is not None else min(wanted[k]) - 1
    return out, asked


def deal_layouts(
    view: dict[str, Any],
    shown: Mapping[str, Shown],
    count: int,
    rng: random.Random,
    *,
    tries: int = 2000,
) -> list[tuple[int, int, int, int]]:
    """``count`` deals of the cards the robot cannot see (at the auction: the three other
    hands) to the other players, each hand fitting what its calls showed (``shown``: HCP and
    suit lengths) where a fitting one is found: the hands the auction constrains are dealt
    first, each from the cards left by rejection (up to ``tries`` hands drawn for each,
    keeping the nearest to fitting, :meth:`.Shown.misfit`), the last hand takes the rest.
    A deal whose last hand misfits is dealt again (a few times, the nearest kept; not when
    an earlier hand found none that fits: so the work stays bounded). As 52-bit
    masks by seat, North first, the robot's own hand in its place.

    Unlike :func:`.sampler.sample_hands`, which keeps the nearest of a few random deals (for
    card play, where the cards seen say most), every layout here fits the auction when a
    fitting one is not too rare: the calls are all the robot knows of the other hands.
    """
    me = SEATS_NESW.index(view["role"])
    mine = Hand.from_pbn(view["hands"][view["role"]]).mask
    unseen = [i for i in range(52) if not mine >> i & 1]
    others = [k for k in range(4) if k != me]
    wants = {k: shown.get(SEATS_NESW[k]) for k in others}
    # the constrained hands first, then the free ones; the last dealt takes the rest
    order = sorted(others, key=lambda k: (_free(wants[k]), k))
    out: list[tuple[int, int, int, int]] = []
    for _ in range(count):
        best: tuple[int, list[int]] | None = None
        for _again in range(RESTARTS):
            left = unseen[:]
            masks = [0, 0, 0, 0]
            masks[me] = mine
            miss = 0
            rare = False  # an earlier hand found no fitting one: dealing again won't help
            for k in order[:-1]:
                want = wants[k]
                if want is None or want.trivial:
                    m = _mask(rng.sample(left, 13))
                else:
                    m, got = _fitting_hand(left, want, rng, tries)
                    miss += got
                    rare = rare or got > 0
                masks[k] = m
                left = [i for i in left if not m >> i & 1]
            last = order[-1]
            masks[last] = _mask(left)
            w = wants[last]
            if w is not None:
                miss += w.misfit(masks[last])
            if best is None or miss < best[0]:
                best = (miss, masks)
            if miss == 0 or rare:
                break
        assert best is not None
        m4 = best[1]
        out.append((m4[0], m4[1], m4[2], m4[3]))
    return out


def _free(want: Shown | None) -> bool:
    return want is None or want.trivial


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for i in cards:
        m |= 1 << i
    return m


def _fitting_hand(left: list[int], want: Shown, rng: random.Random, tries: int) -> tuple[int, int]:
    """A hand of 13 of the cards ``left`` fitting ``want`` (its mask, and 0), or the nearest
    found in ``tries`` (its mask and its misfit)."""
    best = (0, 99)
    for _ in range(tries):
        m = _mask(rng.sample(left, 13))
        miss = want.misfit(m)
        if miss == 0:
            return m, 0
        if miss < best[1]:
            best = (m, miss)
    return best


def simulate(
    view: dict[str, Any],
    system: System,
    candidates: list[str],
    shown: dict[str, Shown],
    rng: random.Random,
    *,
    samples: int = 16,
    tries: int = 1000,
    margin: float = 1.0,
    budget: int = 64,
    solver: DoubleDummy | None = None,
) -> Choice | None:
    """The candidate to call after the auction of ``view`` (see the module docstring):
    ``candidates[0]`` (the system's) unless another averages ``margin`` IMPs more over the
    layouts; ``None`` when the solver failed."""
    me = Seat.from_letter(view["role"])
    dealer = Seat.from_letter(view["dealer"])
    vul = Vulnerability.parse(str(view.get("vulnerability") or "None"))
    calls = tuple(internal_call(a["call"]) for a in view["auction"])
    layouts = deal_layouts(view, shown, samples, rng, tries=tries)
    finals: list[list[Contract | None]] = []  # by layout, by candidate
    tricks: dict[tuple[int, Seat, str], int] = {}
    asked = 0  # double-dummy questions put so far
    for first in range(0, len(layouts), CHUNK):
        if len(finals) >= MIN_LAYOUTS and asked >= budget:
            break
        wanted: dict[tuple[int, Seat, str], set[int]] = {}
        for j in range(first, min(first + CHUNK, len(layouts))):
            infos = [HandInfo.of(Hand.from_mask(m)) for m in layouts[j]]
            row = [
                final_contract(finish_auction(system, (*calls, c), infos, dealer), dealer)
                for c in candidates
            ]
            finals.append(row)
            if len({str(c) for c in row}) < 2:
                continue  # every candidate ends in the same contract: no IMPs between them
            for c in row:
                if c is not None and c.declarer is not None:
                    ts = wanted.setdefault((j, c.declarer, _strain(c)), set())
                    ts.add(6 + c.level)
                    if c.doubling.suffix:
                        ts.add(5 + c.level)
        got = _tricks(layouts, wanted, solver)
        if got is None:
            return None
        tricks.update(got[0])
        asked += got[1]
    done = len(finals)
    gains = [[0] * done for _ in candidates]  # IMPs against the system's call, by layout
    for j, row in enumerate(finals):
        if len({str(c) for c in row}) < 2:
            continue
        scores = [_score(c, tricks, j, me, vul) for c in row]
        for k, s in enumerate(scores):
            gains[k][j] = imps(s - scores[0])
    values = {c: sum(gains[k]) / done for k, c in enumerate(candidates)}
    best = max(range(len(candidates)), key=lambda k: (values[candidates[k]], -k))
    call = candidates[0]
    if best and _better(gains[best], margin):
        call = candidates[best]
    return Choice(call, values, done)


def _better(gains: list[int], margin: float) -> bool:
    """Whether gains over the layouts show a call better than the system's: a mean of at
    least ``margin`` IMPs, and at least one standard error of that mean (the layouts are a
    small sample: a gain within the noise leaves the system's call).

    Example:
        >>> _better([3, 3, 3, 3], 1.0), _better([12, -10, 10, -8], 1.0), _better([1, 0], 1.0)
        (True, False, False)
    """
    n = len(gains)
    mean = sum(gains) / n
    if mean < margin or n < 2:
        return False
    var = sum((g - mean) ** 2 for g in gains) / (n - 1)
    return mean * mean * n >= var


def _strain(c: Contract) -> str:
    return "N" if c.strain.suit is None else c.strain.letter


def _score(
    c: Contract | None,
    tricks: dict[tuple[int, Seat, str], int],
    j: int,
    me: Seat,
    vul: Vulnerability,
) -> int:
    """The duplicate score of contract ``c`` on layout ``j`` for the robot's side."""
    if c is None or c.declarer is None:
        return 0
    got = contract_score(c, tricks[(j, c.declarer, _strain(c))], vul.is_vulnerable(c.declarer))
    return got if c.declarer.side is me.side else -got


__all__ = ["Choice", "close_candidates", "final_contract", "finish_auction", "kind", "simulate"]
