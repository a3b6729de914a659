"""A bidding system as data, and its interpreter.

A system (``systems/<name>.toml``, read with :mod:`tomllib`) is an ordered list of
*sections*. A section names the auction context it applies to and holds *rules*; a rule is
a call and its meaning as a constraint on the hand that makes it: HCP (and total points
``pts``, HCP plus one a card beyond four in a suit, or support points ``dpts``, HCP plus 3/2/1
for a void/singleton/doubleton), suit lengths, balanced (or semi-balanced: no singleton or
void, no suit beyond six) or not, stoppers, aces; whether it is forcing; whether it is
alerted or announced under each regulation (``acbl``, ``ebu``); a text (the convention's
name). ``cond`` lists further tests that choose between rules (``"S >= H"``,
``"hcp + P.hcp >= 25"``: partner's fewest HCP; ``P.pts`` the fewest points his calls showed,
distribution counted); those on one hand feature and what the auction has shown are part of
the meaning too (``hcp >= 25 - P.hcp`` is a bound on HCP).

**Contexts** are patterns of the calls so far, leading passes left out: ``"1M P"`` is
partner's opening of a major and a pass, the robot to call (the caller's role is the
pattern's length: 0 opener, 1 overcaller, 2 responder, 3 advancer or balancer); ``""`` is an
opening (``seats`` limits it to the first, second... seat). A token is ``P``, ``X``, ``XX``,
``*`` (any call), ``B`` (any bid), a bid such as ``1N`` or ``2H``, or a level and a variable:
``M`` a major, ``m`` a minor, ``x``/``y``/``z``/``w`` any suit (the variables of a pattern
are distinct suits), ``oM``/``om`` the other major/minor, ``u`` a suit nobody has bid, ``n``
one the opponents have not bid; ``A`` the agreed suit, ``Q`` partner's last suit, ``R`` the
robot's own, ``F`` any suit. The level may be ``c`` (the cheapest bid in that strain) or
``j`` (a single jump). ``...`` as the first token is any earlier auction. ``when`` adds
conditions on the auction (``forced``, ``agreed``, ``blackwood_asked``...). A rule marked
``sim = true`` is never chosen by the rules alone: it adds a candidate for a close decision
that the robot takes by simulation (:mod:`.simulate`), and its call's meaning (what an
explanation says) covers it; the robots' own reading of the auction (what a call showed,
:meth:`System.state`) is that of the rules alone make. ``[system] sim_slack = n`` gives every
game or slam rule such a twin, its lower bounds on points ``n`` lower (:func:`_sim_twin`); a
section's own ``sim_slack`` overrides it for its rules (``0``: none). A section marked
``only = true`` gives the only calls of the auctions it matches: later sections (the
general fallbacks) add no rule there, so no candidate for simulation either.

**Choosing** a call: the first section whose context matches and whose rule the hand
satisfies (rules in order; a free variable of the call tries the hand's longest suit first).
The **meaning** of a call in an auction is fixed by the first matching section that has a
rule for it (a later section cannot redefine it); it is the loosest bound of that section's
rules for the call (:class:`Meaning`), so the hand that made the call always satisfies it,
and it depends on the auction only: a robot explains its partner's call from it, never from
its own hand.

Example:
    >>> from bridgetable.core.cards import Hand
    >>> sayc = load_system()
    >>> info = HandInfo.of(Hand.from_pbn("AQ.AK82.K6.KT432"))
    >>> call, meaning = sayc.choose(("1C", "P", "1H", "P"), info)
    >>> call, meaning.describe()
    ('4H', '13+ HCP, 17-21 total points, 4+ hearts')
    >>> sayc.meaning(("P",), "1N").describe(), sayc.meaning(("P",), "1N").alert("acbl")
    ('15-17 HCP, balanced', True)
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any

from bridgetable.core.cards import Hand, Suit

SUITS = "CDHS"
STRAINS = "CDHSN"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
#: Pattern variables: each binds a distinct suit.
PATTERN_VARS = frozenset("Mmxyzw")
#: Variables bound from the auction before a section's context is matched.
AUCTION_VARS = frozenset("AQR")
FORCE_TEXT = {
    "signoff": "sign-off",
    "nonforcing": "not forcing",
    "invitational": "invitational",
    "forcing": "forcing one round",
    "game forcing": "forcing to game",
}
FORCING = frozenset({"forcing", "game forcing"})
MAX_HCP = 37
#: The regulations whose alerts and announcements a system file gives.
REGULATIONS = ("acbl", "ebu")
Range = tuple[int, int]


class SystemError_(ValueError):
    """A system file that does not read, or a system the package does not ship."""


# ----------------------------------------------------------------------------- the hand


@dataclass(frozen=True, slots=True)
class HandInfo:
    """The features of a hand that rules test."""

    hcp: int
    lengths: Mapping[str, int]
    pts: int
    dpts: int
    balanced: bool
    aces: int
    kings: int
    stoppers: frozenset[str]
    top: Mapping[str, int]  # aces and kings in each suit

    @classmethod
    def of(cls, hand: Hand) -> HandInfo:
        """The features of ``hand``."""
        lengths = {s.letter: hand.count(s) for s in Suit}
        hcp = sum(max(0, int(c.rank) - 10) for c in hand)
        pts = hcp + sum(max(0, n - 4) for n in lengths.values())
        dpts = hcp + sum({0: 3, 1: 2, 2: 1}.get(n, 0) for n in lengths.values())
        shape = sorted(lengths.values())
        balanced = shape[0] >= 2 and shape[1] >= 3 and shape[3] <= 5
        stoppers = set()
        top = {}
        for s in Suit:
            ranks = sorted((int(c.rank) for c in hand.cards_in(s)), reverse=True)
            n = len(ranks)
            top[s.letter] = sum(1 for r in ranks if r >= 13)
            if (
                (n >= 1 and ranks[0] == 14)
                or (n >= 2 and 13 in ranks)
                or (n >= 3 and 12 in ranks)
                or (n >= 4 and 11 in ranks)
            ):
                stoppers.add(s.letter)
        return cls(
            hcp,
            lengths,
            pts,
            dpts,
            balanced,
            sum(1 for c in hand if int(c.rank) == 14),
            sum(1 for c in hand if int(c.rank) == 13),
            frozenset(stoppers),
            top,
        )


# ----------------------------------------------------------------------------- meanings


def _fmt_range(r: Range, unit: str) -> str | None:
    lo, hi = r
    if lo <= 0 and hi >= MAX_HCP:
        return None
    if hi >= MAX_HCP:
        return f"{lo}+ {unit}"
    if lo <= 0:
        return f"at most {hi} {unit}"
    if lo == hi:
        return f"{lo} {unit}"
    return f"{lo}-{hi} {unit}"


def _fmt_length(suit: str, r: Range) -> str | None:
    lo, hi = r
    name = SUIT_NAMES[suit]
    if lo <= 0 and hi >= 13:
        return None
    if hi >= 13:
        return f"{lo}+ {name}"
    if lo <= 0:
        return f"at most {hi} {name}" if hi else f"no {name}"
    if lo == hi:
        return f"{lo} {name}"
    return f"{lo}-{hi} {name}"


@dataclass(frozen=True, slots=True)
class Meaning:
    """What a call shows, as the system defines it in its auction."""

    call: str
    hcp: Range = (0, MAX_HCP)
    pts: Range | None = None
    dpts: Range | None = None
    lengths: tuple[tuple[str, int, int], ...] = ()
    shape: str | None = None
    stoppers: frozenset[str] = frozenset()
    aces: frozenset[int] | None = None
    force: str = "nonforcing"
    text: str = ""
    alerts: tuple[tuple[str, str], ...] = ()
    tag: str = ""

    def length(self, suit: str) -> Range:
        """The length range shown in ``suit``."""
        for s, lo, hi in self.lengths:
            if s == suit:
                return lo, hi
        return 0, 13

    def holds(self, info: HandInfo) -> bool:
        """Whether a hand of features ``info`` fits this meaning."""
        if not self.hcp[0] <= info.hcp <= self.hcp[1]:
            return False
        if self.pts is not None and not self.pts[0] <= info.pts <= self.pts[1]:
            return False
        if self.dpts is not None and not self.dpts[0] <= info.dpts <= self.dpts[1]:
            return False
        if any(not lo <= info.lengths[s] <= hi for s, lo, hi in self.lengths):
            return False
        if self.shape == "balanced" and not info.balanced:
            return False
        if self.shape == "unbalanced" and info.balanced:
            return False
        if self.shape == "semibalanced" and not _semibalanced(info):
            return False
        if not self.stoppers <= info.stoppers:
            return False
        return self.aces is None or info.aces in self.aces

    def alert(self, regulation: str) -> bool:
        """Whether the call is alerted (or announced) under ``regulation``."""
        return dict(self.alerts).get(regulation, "none") in ("alert", "announce")

    def alert_kind(self, regulation: str) -> str:
        """``"alert"``, ``"announce"`` or ``"none"`` under ``regulation``."""
        return dict(self.alerts).get(regulation, "none")

    def describe(self) -> str:
        """The meaning as a person reads it: ``"11-15 HCP, 5+ spades, forcing one round"``."""
        parts: list[str] = []
        if self.text:
            parts.append(self.text)
        for r, unit in (
            (self.hcp, "HCP"),
            (self.pts, "total points"),
            (self.dpts, "support points"),
        ):
            if r is not None:
                t = _fmt_range(r, unit)
                if t:
                    parts.append(t)
        for s in "SHDC":
            t = _fmt_length(s, self.length(s))
            if t:
                parts.append(t)
        if self.shape:
            parts.append("semi-balanced" if self.shape == "semibalanced" else self.shape)
        for s in "SHDC":
            if s in self.stoppers:
                parts.append(f"a stopper in {SUIT_NAMES[s]}")
        if self.aces is not None:
            parts.append(" or ".join(str(a) for a in sorted(self.aces)) + " aces")
        if self.force in ("forcing", "game forcing", "invitational"):
            parts.append(FORCE_TEXT[self.force])
        if not parts:
            return "Natural"
        text = ", ".join(parts)
        return text[0].upper() + text[1:]


def _semibalanced(info: HandInfo) -> bool:
    """No singleton or void and no suit longer than six (balanced hands, 5-4-2-2, 6-3-2-2)."""
    ls = sorted(info.lengths.values())
    return ls[0] >= 2 and ls[3] <= 6


def _shape_hull(a: str | None, b: str | None) -> str | None:
    """The loosest shape both ``a`` and ``b`` fit in: a balanced hand is semi-balanced."""
    if a == b:
        return a
    if {a, b} == {"balanced", "semibalanced"}:
        return "semibalanced"
    return None


def _hull(a: Meaning, b: Meaning) -> Meaning:
    """The loosest meaning both ``a`` and ``b`` fit in (``a``'s text and forcing)."""

    def union(x: Range | None, y: Range | None) -> Range | None:
        if x is None or y is None:
            return None
        return min(x[0], y[0]), max(x[1], y[1])

    lengths = []
    for s, lo, hi in a.lengths:
        lo2, hi2 = b.length(s)
        if (lo2, hi2) != (0, 13):
            lengths.append((s, min(lo, lo2), max(hi, hi2)))
    hcp = union(a.hcp, b.hcp)
    assert hcp is not None
    return replace(
        a,
        hcp=hcp,
        pts=union(a.pts, b.pts),
        dpts=union(a.dpts, b.dpts),
        lengths=tuple(lengths),
        shape=_shape_hull(a.shape, b.shape),
        stoppers=a.stoppers & b.stoppers,
        aces=None if a.aces is None or b.aces is None else a.aces | b.aces,
    )


# ----------------------------------------------------------------------------- rules


def _range(value: Any, top: int = MAX_HCP) -> Range:
    """``[12, 21]``, ``"5+"``, ``"3-5"``, ``"4"`` or ``"0-1"``."""
    if isinstance(value, list):
        lo, hi = value
        return int(lo), int(hi)
    if isinstance(value, int):
        return value, value
    t = str(value).strip()
    if t.endswith("+"):
        return int(t[:-1]), top
    if "-" in t:
        lo, hi = t.split("-")
        return int(lo), int(hi)
    return int(t), int(t)


@dataclass(frozen=True, slots=True)
class Rule:
    """One call of a section and its constraint (see the module docstring)."""

    call: str
    hcp: Range | None = None
    pts: Range | None = None
    dpts: Range | None = None
    lengths: tuple[tuple[str, int, int], ...] = ()  # variable or suit letter
    shape: str | None = None
    stop: tuple[str, ...] = ()
    cond: tuple[str, ...] = ()
    aces: frozenset[int] | None = None
    when: tuple[str, ...] = ()
    force: str = "nonforcing"
    text: str = ""
    alerts: tuple[tuple[str, str], ...] = ()
    tag: str = ""
    sim: bool = False

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], defaults: Mapping[str, Any]) -> Rule:
        """A rule from its table in the system file, a section's defaults filling gaps."""
        merged = {**defaults, **d}
        known = {
            "call", "hcp", "pts", "dpts", "len", "shape", "stop", "cond", "aces", "when",
            "force", "text", "alert", "tag", "sim",
        }  # fmt: skip
        unknown = set(d) - known
        if unknown:
            raise SystemError_(f"unknown rule keys {sorted(unknown)} in {dict(d)}")
        force = merged.get("force", "nonforcing")
        if force not in FORCE_TEXT:
            raise SystemError_(f"unknown force {force!r}")
        return cls(
            call=str(merged["call"]),
            hcp=_range(merged["hcp"]) if "hcp" in merged else None,
            pts=_range(merged["pts"]) if "pts" in merged else None,
            dpts=_range(merged["dpts"]) if "dpts" in merged else None,
            lengths=tuple((k, *_range(v, 13)) for k, v in (merged.get("len") or {}).items()),
            shape=merged.get("shape"),
            stop=tuple(merged.get("stop", ())),
            cond=tuple(merged.get("cond", ())),
            aces=frozenset(merged["aces"]) if "aces" in merged else None,
            when=tuple(merged.get("when", ())),
            force=force,
            text=str(merged.get("text", "")),
            alerts=tuple(sorted((merged.get("alert") or {}).items())),
            tag=str(merged.get("tag", "")),
            sim=bool(merged.get("sim", False)),
        )


@dataclass(frozen=True, slots=True)
class Section:
    """Rules sharing an auction context."""

    name: str
    contexts: tuple[tuple[str, ...], ...]
    seats: frozenset[int] | None
    side: str | None  # "opener": our side opened; "defender": they did
    when: tuple[str, ...]
    rules: tuple[Rule, ...]
    #: the section's calls are the only ones in its auction: later sections add none
    only: bool = False


# ----------------------------------------------------------------------------- the auction


def _is_bid(c: str) -> bool:
    return c[0].isdigit()


def _bid_rank(c: str) -> int:
    return (int(c[0]) - 1) * 5 + STRAINS.index(c[1])


def _over(calls: tuple[str, ...]) -> bool:
    return (
        len(calls) >= 4
        and calls[-3:] == ("P", "P", "P")
        and (len(calls) > 4 or calls[0] == "P" or any(_is_bid(c) for c in calls))
    )


def legal(calls: tuple[str, ...], call: str) -> bool:
    """Whether ``call`` may follow ``calls`` (Law 18-19; calls as ``1N``, ``P``, ``X``).

    >>> legal(("1H", "P"), "1S"), legal(("1H",), "XX"), legal(("1H", "X"), "XX")
    (True, False, True)
    """
    if _over(calls):
        return False
    n = len(calls)
    if call == "P":
        return True
    last = next((i for i in range(n - 1, -1, -1) if calls[i] != "P"), None)
    last_bid = next((i for i in range(n - 1, -1, -1) if _is_bid(calls[i])), None)
    if _is_bid(call):
        return last_bid is None or _bid_rank(call) > _bid_rank(calls[last_bid])
    if last is None or (n - last) % 2 == 0:  # no call yet, or the last one is partner's
        return False
    if call == "X":
        return _is_bid(calls[last])
    if call == "XX":
        return calls[last] == "X"
    return False


def _cheapest(calls: tuple[str, ...], strain: str) -> int:
    last = next((c for c in reversed(calls) if _is_bid(c)), None)
    if last is None:
        return 1
    lvl, st = int(last[0]), STRAINS.index(last[1])
    return lvl if STRAINS.index(strain) > st else lvl + 1


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """What a player's calls have shown (by the meanings of the system)."""

    hcp: Range = (0, MAX_HCP)
    lengths: tuple[Range, ...] = ((0, 13),) * 4
    aces: frozenset[int] | None = None
    balanced: bool = False
    #: The fewest points shown, distribution counted: the highest lower bound of HCP,
    #: total points or support points any call showed (each is at least the HCP).
    pts: int = 0

    def shown(self, m: Meaning) -> SeatInfo:
        mlo = m.hcp[0]
        plo = max(self.pts, m.hcp[0])
        for r in (m.pts, m.dpts):
            if r is not None:  # points shown: some HCP too
                mlo = max(mlo, r[0] - 3)
                plo = max(plo, r[0])
        lo, hi = max(self.hcp[0], mlo), min(self.hcp[1], m.hcp[1])
        hcp = (lo, hi) if lo <= hi else m.hcp
        lengths = []
        for i, s in enumerate(SUITS):
            a, b = self.lengths[i]
            c, d = m.length(s)
            if m.shape in ("balanced", "semibalanced"):
                c = max(c, 2)
            lo2, hi2 = max(a, c), min(b, d)
            lengths.append((lo2, hi2) if lo2 <= hi2 else (c, d))
        return SeatInfo(
            hcp,
            tuple(lengths),
            m.aces if m.aces is not None else self.aces,
            self.balanced or m.shape == "balanced",
            max(plo, hcp[0]),
        )


@dataclass(frozen=True, slots=True)
class State:
    """The auction as the system reads it (hand-independent)."""

    calls: tuple[str, ...]
    meanings: tuple[Meaning | None, ...]
    seats: tuple[SeatInfo, ...]  # by index mod 4 of the caller in ``calls``
    game_forced: tuple[bool, bool]  # by side (index mod 2)

    @property
    def me(self) -> int:
        return len(self.calls) % 4

    def partner(self) -> SeatInfo:
        return self.seats[(self.me + 2) % 4]

    def last_of(self, who: int) -> int | None:
        """Index of the last call by the player ``who`` (mod 4)."""
        for i in range(len(self.calls) - 1, -1, -1):
            if i % 4 == who:
                return i
        return None

    def last_suit_of(self, who: int) -> str | None:
        for i in range(len(self.calls) - 1, -1, -1):
            c = self.calls[i]
            if i % 4 == who and _is_bid(c):
                return c[1] if c[1] != "N" else None
        return None


# ----------------------------------------------------------------------------- the system


@dataclass(frozen=True, slots=True)
class _Entry:
    section: int
    rule: Rule
    call: str
    binding: Mapping[str, str]
    free: str | None  # the suit a free variable of the call took


@dataclass
class System:
    """A bidding system read from its file (see the module docstring)."""

    name: str
    sections: tuple[Section, ...]
    #: The regulation whose alerts the system's robots follow unless told otherwise (the
    #: file's ``[system] regulation``; ``acbl`` when it names none).
    regulation: str = "acbl"
    _states: dict[tuple[str, ...], State] = field(default_factory=dict, repr=False)
    _tables: dict[tuple[str, ...], tuple[list[_Entry], dict[str, Meaning], dict[str, Meaning]]] = (
        field(default_factory=dict, repr=False)
    )

    @classmethod
    def from_toml(cls, text: str) -> System:
        """Read a system file."""
        data = tomllib.loads(text)
        head = data.get("system", {})
        slack = int(head.get("sim_slack", 0))
        sections = []
        for raw in data.get("section", []):
            ctx = raw.get("context", "")
            ctxs = [ctx] if isinstance(ctx, str) else list(ctx)
            defaults = {k: raw[k] for k in ("force", "alert", "text", "tag") if k in raw}
            rules = tuple(Rule.from_dict(r, defaults) for r in raw.get("rule", []))
            # a section may give its own slack (0: no twins)
            sec_slack = int(raw.get("sim_slack", slack))
            if sec_slack:
                rules = tuple(
                    x for r in rules for x in (r, _sim_twin(r, sec_slack)) if x is not None
                )
            seats = raw.get("seats")
            sections.append(
                Section(
                    name=str(raw.get("name", ctx)),
                    contexts=tuple(tuple(c.split()) for c in ctxs),
                    seats=frozenset(seats) if seats else None,
                    side=raw.get("side"),
                    when=tuple(raw.get("when", ())),
                    rules=rules,
                    only=bool(raw.get("only", False)),
                )
            )
        regulation = str(head.get("regulation", "acbl"))
        if regulation not in REGULATIONS:
            raise SystemError_(f"unknown regulation {regulation!r}")
        return cls(str(head.get("name", "?")), tuple(sections), regulation)

    # -- the auction's reading (cached; independent of any hand)

    def state(self, calls: tuple[str, ...]) -> State:
        """The system's reading of ``calls``: each call's meaning, what each player showed."""
        got = self._states.get(calls)
        if got is not None:
            return got
        if not calls:
            st = State((), (), (SeatInfo(),) * 4, (False, False))
        else:
            prev = self.state(calls[:-1])
            _, meanings, reading = self._table(calls[:-1])
            m = reading.get(calls[-1]) or meanings.get(calls[-1])
            seats = list(prev.seats)
            gf = list(prev.game_forced)
            i = len(calls) - 1
            if m is not None:
                seats[i % 4] = seats[i % 4].shown(m)
                if m.force == "game forcing":
                    gf[i % 2] = True
            st = State(calls, (*prev.meanings, m), tuple(seats), (gf[0], gf[1]))
        if len(self._states) > 50_000:
            self._states.clear()
            self._tables.clear()
        self._states[calls] = st
        return st

    def meaning(self, calls: tuple[str, ...], call: str) -> Meaning | None:
        """The system's meaning of ``call`` made after ``calls``; ``None`` if it has none."""
        return self._table(calls)[1].get(call)

    def choose(self, calls: tuple[str, ...], info: HandInfo) -> tuple[str, Meaning] | None:
        """The system's call for a hand of features ``info`` after ``calls``, with its
        meaning; ``None`` when no rule fits (the robot passes)."""
        return next(self.fitting(calls, info), None)

    def candidates(self, calls: tuple[str, ...], info: HandInfo) -> list[tuple[str, Meaning]]:
        """Every call a rule of the system allows a hand of features ``info`` after
        ``calls``, each once with its meaning, in the order :meth:`choose` tries them (its
        call first): the calls among which a robot may choose by simulation, each one's
        meaning holding for the hand. The rules marked ``sim`` give some of them, never the
        first.

        Example:
            >>> sayc = load_system()
            >>> info = HandInfo.of(Hand.from_pbn("AQ.AK82.K6.KT432"))
            >>> [c for c, _ in sayc.candidates(("1C", "P", "1H", "P"), info)]
            ['4H', '2C', '2N', '3N']
        """
        out: dict[str, Meaning] = dict([own]) if (own := self.choose(calls, info)) else {}
        for call, meaning in self.fitting(calls, info, sim=True):
            out.setdefault(call, meaning)
        return list(out.items())

    def fitting(
        self, calls: tuple[str, ...], info: HandInfo, *, sim: bool = False
    ) -> Iterator[tuple[str, Meaning]]:
        """The calls whose rules a hand of features ``info`` satisfies after ``calls``, in
        the system's order (a call may come more than once, by several rules); the rules
        marked ``sim`` only with ``sim``."""
        entries, meanings, _ = self._table(calls)
        st = self.state(calls)
        owner = dict(meanings.items())
        first_section: dict[str, int] = {}
        for e in entries:
            first_section.setdefault(e.call, e.section)
        i = 0
        while i < len(entries):
            # the candidates of one rule: the hand's longest suit first, then the higher
            j = i
            while (
                j < len(entries)
                and entries[j].rule is entries[i].rule
                and (entries[j].section == entries[i].section)
            ):
                j += 1
            group = sorted(
                entries[i:j],
                key=lambda e: (
                    -(info.lengths[e.free] if e.free else 0),
                    -(SUITS.index(e.free) if e.free else 0),
                ),
            )
            for e in group:
                if first_section[e.call] != e.section or (e.rule.sim and not sim):
                    continue
                if _hand_fits(e.rule, e.binding, info, st):
                    yield e.call, owner[e.call]
            i = j

    # -- internals

    def _table(
        self, calls: tuple[str, ...]
    ) -> tuple[list[_Entry], dict[str, Meaning], dict[str, Meaning]]:
        """The rules that may apply after ``calls``; each call's meaning (every rule for it,
        those marked ``sim`` too: what an explanation says); and its reading by the robots
        (the rules alone make, not ``sim``), what the auction's state records."""
        got = self._tables.get(calls)
        if got is not None:
            return got
        st = self.state(calls)
        entries: list[_Entry] = []
        meanings: dict[str, Meaning] = {}
        reading: dict[str, Meaning] = {}
        owner: dict[str, int] = {}
        if not _over(calls):
            for k, sec in enumerate(self.sections):
                matched = False
                for binding in _section_bindings(sec, st):
                    matched = True
                    for rule in sec.rules:
                        if not all(_flag(w, st) for w in rule.when):
                            continue
                        for call, b, free in _candidates(rule.call, calls, binding, st):
                            if not _possible(rule, b, st):
                                continue
                            if owner.setdefault(call, k) != k:
                                continue
                            entries.append(_Entry(k, rule, call, b, free))
                            m = _rule_meaning(rule, call, b, st)
                            meanings[call] = _hull(meanings[call], m) if call in meanings else m
                            if not rule.sim:
                                reading[call] = _hull(reading[call], m) if call in reading else m
                if matched and sec.only:
                    break  # the section gives every call of its auction
        self._tables[calls] = (entries, meanings, reading)
        return entries, meanings, reading


@cache
def system_names() -> tuple[str, ...]:
    """The names of the systems shipped with the package, sorted (``("acol", "sayc")``)."""
    folder = resources.files("bridgetable.robots").joinpath("systems")
    return tuple(
        sorted(f.name.removesuffix(".toml") for f in folder.iterdir() if f.name.endswith(".toml"))
    )


@cache
def load_system(name: str = "sayc") -> System:
    """The system ``name`` shipped with the package (``systems/<name>.toml``); a name that
    is not one raises :class:`SystemError_` naming those that are.

    >>> load_system("acol").meaning((), "1N").describe(), load_system("acol").regulation
    ('12-14 HCP, balanced', 'ebu')
    """
    if name not in system_names():
        known = ", ".join(system_names())
        raise SystemError_(f"unknown bidding system {name!r} (known: {known})")
    text = (
        resources.files("bridgetable.robots")
        .joinpath(f"systems/{name}.toml")
        .read_text(encoding="utf-8")
    )
    return System.from_toml(text)


# ----------------------------------------------------------------------------- matching


def _suits_bid(calls: tuple[str, ...], by: set[int] | None = None) -> set[str]:
    return {
        c[1]
        for i, c in enumerate(calls)
        if _is_bid(c) and c[1] != "N" and (by is None or i % 4 in by)
    }


def _agreed(st: State) -> str | None:
    """A suit in which the robot's side has shown eight cards (majors first, longest)."""
    me, pa = st.seats[st.me], st.partner()
    best = None
    for i in (3, 2, 1, 0):
        total = me.lengths[i][0] + pa.lengths[i][0]
        if total >= 8 and (best is None or total > best[0]):
            best = (total, SUITS[i])
    return None if best is None else best[1]


def _prebound(st: State) -> dict[str, str]:
    b: dict[str, str] = {}
    q = st.last_suit_of((st.me + 2) % 4)
    r = st.last_suit_of(st.me)
    a = _agreed(st)
    if q:
        b["Q"] = q
    if r:
        b["R"] = r
    if a:
        b["A"] = a
    return b


def _var_ok(var: str, suit: str, b: dict[str, str], st: State, calls: tuple[str, ...]) -> bool:
    if var == "M":
        ok = suit in "HS"
    elif var == "m":
        ok = suit in "CD"
    elif var == "u":
        return suit not in _suits_bid(calls)
    elif var == "n":
        return suit not in _suits_bid(calls, {(st.me + 1) % 4, (st.me + 3) % 4})
    else:
        ok = True
    if var in PATTERN_VARS:
        ok = ok and all(b[v] != suit for v in PATTERN_VARS if v in b and v != var)
    return ok


def _resolve(var: str, b: dict[str, str]) -> str | None:
    if var == "oM":
        return {"H": "S", "S": "H"}.get(b.get("M", ""))
    if var == "om":
        return {"C": "D", "D": "C"}.get(b.get("m", ""))
    return b.get(var)


def _split(token: str) -> tuple[str, str]:
    return token[0], token[1:]


def _match_token(
    token: str, calls: tuple[str, ...], i: int, b: dict[str, str], st: State
) -> dict[str, str] | None:
    call = calls[i]
    if token == "*":
        return b
    if token in ("P", "X", "XX"):
        return b if call == token else None
    if token == "B":
        return b if _is_bid(call) else None
    if not _is_bid(call):
        return None
    level, strain = _split(token)
    suit = call[1]
    if strain == "N" or strain in SUITS:
        if suit != strain:
            return None
    else:
        bound = _resolve(strain, b)
        if bound is not None:
            if suit != bound:
                return None
        elif strain in ("oM", "om") or suit == "N" or not _var_ok(strain, suit, b, st, calls[:i]):
            return None
        else:
            b = {**b, strain: suit}
    want = int(call[0])
    if level == "c":
        return b if want == _cheapest(calls[:i], suit) else None
    if level == "j":
        return b if want == _cheapest(calls[:i], suit) + 1 else None
    return b if level.isdigit() and int(level) == want else None


def _match(
    tokens: tuple[str, ...], calls: tuple[str, ...], start: int, b: dict[str, str], st: State
) -> Iterator[dict[str, str]]:
    if not tokens:
        if start == len(calls):
            yield b
        return
    if len(calls) - start < len(tokens):
        return
    got = _match_token(tokens[0], calls, start, b, st)
    if got is not None:
        yield from _match(tokens[1:], calls, start + 1, got, st)


def _section_bindings(sec: Section, st: State) -> Iterator[dict[str, str]]:
    calls = st.calls
    lead = 0
    while lead < len(calls) and calls[lead] == "P":
        lead += 1
    body_start = lead
    if sec.seats is not None and lead + 1 not in sec.seats:
        return
    if sec.side is not None:
        opened = lead < len(calls)
        ours = opened and (lead % 2 == st.me % 2)
        if sec.side == "opener" and not ours:
            return
        if sec.side == "defender" and (not opened or ours):
            return
    if not all(_flag(w, st) for w in sec.when):
        return
    base = _prebound(st)
    seen: list[dict[str, str]] = []
    for tokens in sec.contexts:
        if tokens and tokens[0] == "...":
            rest = tokens[1:]
            starts = range(body_start, len(calls) - len(rest) + 1)
        else:
            rest = tokens
            starts = range(body_start, body_start + 1)
        for s in starts:
            for b in _match(rest, calls, s, dict(base), st):
                if b not in seen:
                    seen.append(b)
                    yield b


def _candidates(
    token: str, calls: tuple[str, ...], b: Mapping[str, str], st: State
) -> Iterator[tuple[str, dict[str, str], str | None]]:
    if token in ("P", "X", "XX"):
        if legal(calls, token):
            yield token, dict(b), None
        return
    level, strain = _split(token)
    options: list[tuple[str, dict[str, str], str | None]] = []
    if strain == "N" or strain in SUITS:
        options.append((strain, dict(b), None))
    else:
        bound = _resolve(strain, dict(b))
        if bound is not None:
            options.append((bound, dict(b), None))
        elif strain not in ("oM", "om", *AUCTION_VARS):
            for suit in "SHDC":
                if _var_ok(strain, suit, dict(b), st, calls):
                    options.append((suit, {**b, strain: suit}, suit))
    for suit, b2, free in options:
        if level == "c":
            lvl = _cheapest(calls, suit)
        elif level == "j":
            lvl = _cheapest(calls, suit) + 1
        else:
            lvl = int(level)
        if not 1 <= lvl <= 7:
            continue
        call = f"{lvl}{suit}"
        if legal(calls, call):
            yield call, b2, free


# ----------------------------------------------------------------------------- conditions


def _flag(name: str, st: State) -> bool:
    neg = name.startswith("not ")
    if neg:
        name = name[4:]
    calls = st.calls
    me = st.me
    p = st.last_of((me + 2) % 4)
    pm = st.meanings[p] if p is not None else None
    rho_passed = bool(calls) and calls[-1] == "P"
    mine = st.last_of(me)
    mm = st.meanings[mine] if mine is not None else None
    last_bid = next((i for i in range(len(calls) - 1, -1, -1) if _is_bid(calls[i])), None)
    if name == "forced":
        v = rho_passed and pm is not None and pm.force in FORCING
        if not v and rho_passed and st.game_forced[me % 2] and last_bid is not None:
            c = calls[last_bid]
            game = {"N": 3, "H": 4, "S": 4, "C": 5, "D": 5}[c[1]]
            v = last_bid % 2 == me % 2 and int(c[0]) < game
    elif name == "agreed":
        v = _agreed(st) is not None
    elif name == "no_blackwood":
        v = not any(m is not None and m.tag == "blackwood" for m in st.meanings)
    elif name == "blackwood_asked":
        v = rho_passed and pm is not None and pm.tag == "blackwood"
    elif name == "blackwood_answered":
        v = rho_passed and mm is not None and mm.tag == "blackwood"
        v = v and pm is not None and pm.tag == "aces"
    elif name == "answer_in_agreed":  # partner's last bid is in the agreed suit
        v = p is not None and _is_bid(calls[p]) and calls[p][1] == _agreed(st)
    elif name == "two_level":  # the last bid is at most 2S (negative doubles)
        v = last_bid is not None and _bid_rank(calls[last_bid]) <= _bid_rank("2S")
    elif name == "balancing":  # the pass-out seat: an opponent's bid and two passes
        v = len(calls) >= 3 and calls[-1] == calls[-2] == "P" and _is_bid(calls[-3])
    elif name == "partner_passed_only":
        v = p is None or all(calls[i] == "P" for i in range(len(calls)) if i % 4 == (me + 2) % 4)
    else:
        raise SystemError_(f"unknown condition {name!r}")
    return v != neg


_HAND_TERMS = frozenset({"hcp", "pts", "dpts", "aces", "kings"})
_OPS = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


def _parse_cond(cond: str) -> tuple[list[tuple[int, str]], str, list[tuple[int, str]]]:
    toks = cond.split()
    op_i = next(i for i, t in enumerate(toks) if t in _OPS)

    def side(ts: list[str]) -> list[tuple[int, str]]:
        out, sign = [], 1
        for t in ts:
            if t in "+-":
                sign = 1 if t == "+" else -1
            else:
                out.append((sign, t))
                sign = 1
        return out

    return side(toks[:op_i]), toks[op_i], side(toks[op_i + 1 :])


def _suit_of(sym: str, b: Mapping[str, str]) -> str | None:
    if sym in SUITS:
        return sym
    return _resolve(sym, dict(b))


def _known_term(t: str, b: Mapping[str, str], st: State) -> int | None:
    """A term the auction alone fixes (``None`` when the hand is needed)."""
    if t.lstrip("-").isdigit():
        return int(t)
    pa = st.partner()
    if t == "level":  # the level of the last bid (0 before any)
        return next((int(c[0]) for c in reversed(st.calls) if _is_bid(c)), 0)
    if t == "P.hcp":
        return pa.hcp[0]
    if t == "P.maxhcp":
        return pa.hcp[1]
    if t == "P.pts":  # the fewest points partner showed, distribution counted
        return max(pa.pts, pa.hcp[0])
    if t.startswith("P.") and t != "P.aces":
        s = _suit_of(t[2:], b)
        return 0 if s is None else pa.lengths[SUITS.index(s)][0]
    if t.startswith("rank."):
        s = t[5:]
        s2 = s if s == "N" else _suit_of(s, b)
        return -1 if s2 is None else STRAINS.index(s2)
    return None


def _hand_term(t: str, b: Mapping[str, str], st: State, info: HandInfo) -> int:
    k = _known_term(t, b, st)
    if k is not None:
        return k
    if t == "P.aces":
        shown = st.partner().aces
        if not shown:
            return 0
        fits = [a for a in shown if a + info.aces <= 4]
        return max(fits) if fits else min(shown)
    if t in _HAND_TERMS:
        return int(getattr(info, t))
    if t in ("L1", "L2"):
        ls = sorted(info.lengths.values(), reverse=True)
        return ls[0] if t == "L1" else ls[1]
    if t.startswith("top."):
        s = _suit_of(t[4:], b)
        return 0 if s is None else info.top[s]
    if t.startswith("minexcept."):
        s = _suit_of(t[10:], b)
        return min(n for k2, n in info.lengths.items() if k2 != s)
    if t == "unstopped":  # the suits the opponents have bid that the hand does not stop
        theirs = _suits_bid(st.calls, {(st.me + 1) % 4, (st.me + 3) % 4})
        return sum(1 for s2 in theirs if s2 not in info.stoppers)
    if t == "um":  # the shortest of the unbid majors (else of the unbid minors)
        bid = _suits_bid(st.calls)
        free = [s for s in "HS" if s not in bid] or [s for s in "CD" if s not in bid]
        return min((info.lengths[s] for s in free), default=0)
    s = _suit_of(t, b)
    if s is None:
        return -99  # an unbound suit: the condition fails
    return info.lengths[s]


def _cond_holds(cond: str, b: Mapping[str, str], st: State, info: HandInfo) -> bool:
    lhs, op, rhs = _parse_cond(cond)
    a = sum(sign * _hand_term(t, b, st, info) for sign, t in lhs)
    c = sum(sign * _hand_term(t, b, st, info) for sign, t in rhs)
    return bool(_OPS[op](a, c))


def _derived_bound(cond: str, b: Mapping[str, str], st: State) -> tuple[str, Range] | None:
    """A condition on one hand feature (HCP, points or a suit's length) and what the
    auction shows, as a bound on that feature: ``hcp + P.hcp >= 25`` is ``hcp >= 25 - P.hcp``."""
    lhs, op, rhs = _parse_cond(cond)
    terms = [(s, t) for s, t in lhs] + [(-s, t) for s, t in rhs]
    unknown = []
    const = 0
    for sign, t in terms:
        k = _known_term(t, b, st)
        if k is None:
            unknown.append((sign, t))
        else:
            const += sign * k
    if len(unknown) != 1 or op == "!=":
        return None
    sign, t = unknown[0]
    if t in ("hcp", "pts", "dpts"):
        feature = t
    else:
        s = _suit_of(t, b)
        if (
            s is None
            or t.startswith(("top.", "minexcept.", "P."))
            or t in ("L1", "L2", "um", "unstopped")
        ):
            return None
        if t in _HAND_TERMS:
            return None
        feature = s
    # sign * x + const OP 0
    if sign < 0:
        op = {">=": "<=", "<=": ">=", ">": "<", "<": ">", "==": "=="}[op]
    v = -const * sign  # x OP v
    top = 13 if feature in SUITS else MAX_HCP
    r = {
        ">=": (v, top),
        ">": (v + 1, top),
        "<=": (0, v),
        "<": (0, v - 1),
        "==": (v, v),
    }[op]
    return feature, r


def _rule_meaning(rule: Rule, call: str, b: Mapping[str, str], st: State) -> Meaning:
    lengths: dict[str, Range] = {}
    for sym, lo, hi in rule.lengths:
        s = _suit_of(sym, b)
        if s is not None:
            olo, ohi = lengths.get(s, (0, 13))
            lengths[s] = (max(lo, olo), min(hi, ohi))
    ranges: dict[str, Range | None] = {"hcp": rule.hcp, "pts": rule.pts, "dpts": rule.dpts}
    for cond in rule.cond:
        got = _derived_bound(cond, b, st)
        if got is None:
            continue
        feature, (lo, hi) = got
        if feature in SUITS:
            olo, ohi = lengths.get(feature, (0, 13))
            lengths[feature] = (max(lo, olo), min(hi, ohi))
        else:
            old = ranges[feature] or (0, MAX_HCP)
            ranges[feature] = (max(lo, old[0]), min(hi, old[1]))
    stoppers = frozenset(s for s in (_suit_of(x, b) for x in rule.stop) if s is not None)
    return Meaning(
        call=call,
        hcp=ranges["hcp"] or (0, MAX_HCP),
        pts=ranges["pts"],
        dpts=ranges["dpts"],
        lengths=tuple((s, lo, hi) for s, (lo, hi) in sorted(lengths.items())),
        shape=rule.shape,
        stoppers=stoppers,
        aces=rule.aces,
        force=rule.force,
        text=rule.text,
        alerts=rule.alerts,
        tag=rule.tag,
    )


def _possible(rule: Rule, b: Mapping[str, str], st: State) -> bool:
    """Whether the conditions of ``rule`` the auction alone decides (``rank.y < rank.M``)
    hold: a rule that no hand could satisfy here gives the call no meaning."""
    for cond in rule.cond:
        lhs, op, rhs = _parse_cond(cond)
        known = [_known_term(t, b, st) for _, t in lhs + rhs]
        if all(k is not None for k in known):
            terms = zip(lhs + rhs, known, strict=True)
            vals = [sign * k for (sign, _), k in terms if k is not None]
            a, c = sum(vals[: len(lhs)]), sum(vals[len(lhs) :])
            if not _OPS[op](a, c):
                return False
    return True


def _sim_twin(rule: Rule, slack: int) -> Rule | None:
    """The rule for a game or slam bid (3NT, or any bid at the four level or higher but
    Blackwood and its answers) with its lower bounds on points ``slack`` lower, marked
    ``sim``: a candidate the robot weighs by simulation when its hand is just short of the
    rule's values (points are an estimate of tricks: near a threshold simulation judges).
    ``None`` for other rules, or when nothing is lowered.

    Example:
        >>> r = Rule(call="4M", pts=(13, 15), cond=("hcp + P.hcp >= 25",))
        >>> t = _sim_twin(r, 2)
        >>> t.pts, t.cond, t.sim
        ((11, 15), ('hcp + P.hcp >= 23',), True)
    """
    c = rule.call
    if rule.sim or rule.tag in ("blackwood", "aces") or not c[0].isdigit():
        return None
    if not (int(c[0]) >= 4 or c == "3N") or c == "4N":
        return None

    def lower(r: Range | None) -> Range | None:
        if r is None or r[0] <= 0:
            return r
        return max(0, r[0] - slack), r[1]

    conds = []
    for cond in rule.cond:
        lhs, op, rhs = _parse_cond(cond)
        points = any(sign > 0 and t in ("hcp", "pts", "dpts") for sign, t in lhs)
        if op in (">=", ">") and points and len(rhs) == 1 and rhs[0][1].lstrip("-").isdigit():
            left = cond.split(op)[0].strip()
            conds.append(f"{left} {op} {int(rhs[0][1]) - slack}")
        else:
            conds.append(cond)
    twin = replace(
        rule,
        hcp=lower(rule.hcp),
        pts=lower(rule.pts),
        dpts=lower(rule.dpts),
        cond=tuple(conds),
        sim=True,
    )
    if (twin.hcp, twin.pts, twin.dpts, twin.cond) == (rule.hcp, rule.pts, rule.dpts, rule.cond):
        return None
    return twin


def _hand_fits(rule: Rule, b: Mapping[str, str], info: HandInfo, st: State) -> bool:
    m = _rule_meaning(rule, "", b, st)
    if not m.holds(info):  # the shape too (a semi-balanced rule: see Meaning.holds)
        return False
    return all(_cond_holds(c, b, st, info) for c in rule.cond)


# ----------------------------------------------------------------------------- robots


def internal_call(text: str) -> str:
    """``"1NT"`` -> ``"1N"``, ``"Pass"`` -> ``"P"``; ``"X"``, ``"XX"``, ``"2H"`` as they are."""
    t = text.strip().upper()
    if t in ("PASS", "P"):
        return "P"
    if t in ("X", "XX"):
        return t
    return t[:2]


def external_call(call: str) -> str:
    """The inverse of :func:`internal_call` (``parse_call`` reads it)."""
    if call == "P":
        return "Pass"
    if len(call) == 2 and call[1] == "N":
        return call[0] + "NT"
    return call


__all__ = [
    "HandInfo",
    "Meaning",
    "Rule",
    "Section",
    "State",
    "System",
    "external_call",
    "internal_call",
    "legal",
    "load_system",
    "system_names",
]
