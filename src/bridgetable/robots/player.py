"""A robot's decisions, from its view and memory only.

:func:`decide` is a pure function of (view dict, memory, config, seed): deterministic, and
picklable so the server runs it in a worker process with a deadline. It answers one command
(``{"action": ..., "args": {...}}``) or ``None`` when the robot has nothing to do.

Card play is Monte-Carlo double dummy (GIB style): the unseen cards are dealt ``samples``
times consistently with the view (:mod:`.sampler`), keeping of several layouts drawn the
ones nearest to what each player's calls showed as the robot's system reads the auction
(:func:`auction_shown`: HCP and suit lengths), and every layout is solved by DDS's batch
call. A card is chosen by its chance of making the contract (declarer's side) or defeating
it (the defenders) rather than by total tricks: the side to play needs ``need`` more tricks,
the trick in progress included, counting those it has won (:func:`need_tricks`; 14 minus six
plus the level for the opening lead). A card's count is the number of layouts in which the
side, after it, takes ``need`` tricks. Among the cards with the best count, the one taking
one trick more in most layouts wins (an overtrick, or beating the contract by two); among
those still tied, the one taking one trick less in most layouts (going down only one, or
holding declarer to his contract); then the one taking most tricks in all over the layouts,
every card scored exactly (:func:`break_ties`: not by its suit; by default after the
opening lead, and at it when the cards tied are of several suits), then the lowest card,
or for a defender the card his signalling convention gives
(:func:`signal_card`; a defender's lead is the top of touching cards, :func:`_lead_top`;
partner's signals and leads, and for declarer the defenders', weigh the layouts drawn:
:func:`partner_signals`, docs/robots.md). When no card reaches ``need`` on any layout, the further
passes are one and two tricks less (holding the losses down); when the best cards reach it
on every layout, one and two tricks more (:func:`lead_targets`). This is the aim at rubber
and IMPs, and cheaper to compute than every card's exact score: each pass is one DDS batch
call asking only which cards reach a target (``solutions=2``), on the distinct layouts that
can still tell the tied cards apart (:func:`by_targets`). The first pass costs some 15-25%
of scoring every card exactly, at the opening lead and mid-play alike; the further passes
cost more mid-play (their targets are nearer the layouts' par), so that all of them come to
some 20-25% less CPU time than exact scoring at trick 5 (100 samples) and about a third of
it at the opening lead. The tie-break scores every card exactly only when cards the passes
left tied are not equivalent.

When the contract is already made or beaten, or out of reach, the side plays for the most
tricks: the highest total over the layouts of every card's exact score (``solutions=3``),
ties to the lowest card. A declarer on lead who may claim has every card scored exactly too
(for the claim check below), and the target criterion is then read from those scores.

When the legal cards are equivalent on every layout (one suit, every card between them in
the same hand or played to a quitted trick) they would all tie, and the lowest is played
without solving. A declarer on lead claims the rest when every sample gives his side every
remaining trick (or, near the end, the same number of them on every sample, conceding the
others) and the line he would follow is sure under the adjudicator's normal play: he
states it (68C), the cards his side leads in order on a double-dummy line of one layout
(:func:`claim_line`; a run of a suit said as ``cash``, :func:`readable_statement`, else card
by card), and claims only when the adjudicator upholds the claim with that
statement on his first distinct samples (:func:`stated_claim_holds`), as a good player
claims a line he sees to be sure so that the opponents can agree (once a board: after a
disputed claim played on, he plays the cards out). A claim is answered by the adjudicator's
ruling on each sampled layout (the claim case as the view shows it: the claimer, the claim
and its statement, the code of Laws, the show-outs and dummy, :func:`claim_case`), by double
dummy on a layout the adjudicator could not decide in time: agree when the claim holds,
dispute (or, as the claimer's partner, object) otherwise. After its own dispute a robot asks
for the adjudicator's proposed ruling; it accepts a proposal, and agrees when a player asks
to play on.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from bridgetable.adjudication.ruling import adjudicate_case
from bridgetable.core.auction import Auction
from bridgetable.core.calls import PASS, Call, Contract, parse_call
from bridgetable.core.cards import Card, Hand, Rank, Suit, cards_of_mask
from bridgetable.core.claimcase import ClaimCase, trumps_just_drawn
from bridgetable.core.errors import ActionRefused
from bridgetable.core.position import Position
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import Seat
from bridgetable.robots.bidding import (
    REGULATIONS,
    HandInfo,
    external_call,
    internal_call,
    load_system,
    system_names,
)
from bridgetable.robots.memory import Memory
from bridgetable.robots.sampler import (
    SamplingError,
    Shown,
    Signal,
    known_hands,
    sample_hands,
)
from bridgetable.robots.simulate import close_candidates, simulate
from bridgetable.solver.errors import SolverError
from bridgetable.solver.port import DoubleDummy, default_solver

Command = dict[str, Any]

#: The rules for cards still tied after the target passes (:attr:`RobotConfig.ties`).
TIES = ("totals", "play", "lowest")

#: The defenders' signalling conventions (:attr:`RobotConfig.signals`, docs/robots.md):
#: ``"standard"``, attitude on partner's lead and count on declarer's, high encouraging and
#: high-low showing an even number; ``"none"``, the lowest card of those that are equal.
SIGNALS = ("none", "standard")


@dataclass(frozen=True, slots=True)
class RobotConfig:
    """Sampling sizes: ``lead_samples`` for the opening lead, ``play_samples`` later,
    ``switch_samples`` for a defender's lead after the opening lead (whether to continue
    or to switch, where the defence lost most of its tricks after the lead on the bench's
    deals; 0: ``play_samples``); the
    bidding system (``systems/<system>.toml``) and the regulation its alerts follow
    (``acbl`` or ``ebu``); the layouts drawn for each one kept, the nearest to what the
    auction showed (``lead_draws`` at the opening lead, ``play_draws`` later; 1: the auction
    is not used); how cards still tied after the target passes are told apart (``ties``:
    ``"totals"``, the most tricks over the layouts, then the lowest; ``"play"``, the
    default, the same but at an opening lead tied within one suit, the lowest (scoring
    every card exactly at every lead doubles its time); ``"lowest"``, the lowest card); the
    defenders' signalling convention (``signals``, one of :data:`SIGNALS`: which of the
    cards still tied a defender plays, and how his partner reads it; :func:`signal_card`). Close
    bidding decisions (:mod:`.simulate`) deal ``bid_samples`` layouts (0: the rules alone
    decide), each hand fitting the auction (up to ``bid_tries`` hands drawn for each), and take
    another candidate than the system's call when it averages ``bid_margin`` IMPs more,
    putting at most about ``bid_budget`` questions to double dummy (a bound on the time that
    does not depend on the machine's load). A declarer on lead claims the remaining tricks
    with at most ``claim_check_tricks`` left, and fewer than them, conceding the rest, with at
    most ``concede_tricks`` left (0: never), when every layout gives his side the same number
    (:func:`choose_play`)."""

    lead_samples: int = 32
    play_samples: int = 48
    claim_check_tricks: int = 13
    concede_tricks: int = 5
    system: str = "sayc"
    regulation: str = "acbl"
    lead_draws: int = 32
    play_draws: int = 8
    ties: str = "play"
    bid_samples: int = 16
    bid_tries: int = 1000
    bid_margin: float = 1.0
    bid_budget: int = 64
    signals: str = "standard"
    switch_samples: int = 96

    def __post_init__(self) -> None:
        if self.signals not in SIGNALS:
            known = ", ".join(SIGNALS)
            raise ValueError(f"unknown signals convention {self.signals!r} (known: {known})")
        if self.ties not in TIES:
            raise ValueError(f"unknown ties rule {self.ties!r} (known: {', '.join(TIES)})")
        if self.system not in system_names():
            known = ", ".join(system_names())
            raise ValueError(f"unknown bidding system {self.system!r} (known: {known})")
        if self.regulation not in REGULATIONS:
            known = ", ".join(REGULATIONS)
            raise ValueError(f"unknown regulation {self.regulation!r} (known: {known})")

    def to_dict(self) -> dict[str, Any]:
        """A picklable dict."""
        return asdict(self)


def decide(
    view: dict[str, Any],
    memory: dict[str, Any],
    config: dict[str, Any],
    seed: int,
    solver: DoubleDummy | None = None,
) -> Command | None:
    """The robot's command for ``view`` (see the module docstring), its double-dummy
    questions put to ``solver`` (default: DDS)."""
    cfg = RobotConfig(**config)
    mem = Memory.from_dict(memory)
    rng = random.Random(seed)
    actions = view.get("actions") or []
    me = view["role"]
    claim = view.get("claim")
    if claim is not None and ("agree_claim" in actions or "object" in actions):
        ok = claim_holds(view, mem, claim, rng, solver)
        if ok:
            return {"action": "agree_claim", "args": {}} if "agree_claim" in actions else None
        if "object" in actions:
            return {"action": "object", "args": {}}
        if "dispute_claim" in actions:
            return {"action": "dispute_claim", "args": {}}
        return None
    if "choose" in actions and view.get("options"):
        # table mode: a rectification the Law leaves to this player; the robot takes the
        # first option offered (the engine lists the Law's default first), by its id
        return {"action": "choose", "args": {"option": view["options"][0]["id"]}}
    if "accept_ruling" in actions:
        # the adjudicator's proposal on a disputed claim: the robot accepts it
        return {"action": "accept_ruling", "args": {}}
    if "agree_play_on" in actions:
        # a player asked to play on after a dispute (68D2b): the robot agrees
        return {"action": "agree_play_on", "args": {}}
    if "ask_ruling" in actions and claim is not None and me in claim.get("disputed", ()):
        # a claim it disputed, with no Director at the table: the robot asks for the
        # adjudicator's proposal (a player who disputed may rather play on or call the Director)
        return {"action": "ask_ruling", "args": {}}
    if "explain" in actions:
        for asker, idx in view.get("pending_questions") or []:
            del asker
            if _caller(view, idx).partner is Seat.from_letter(me):
                text = explain_call(view, idx, system=cfg.system)
                return {"action": "explain", "args": {"call_index": idx, "text": text}}
    if "face_lead" in actions and not view.get("pending_questions"):
        return {"action": "face_lead", "args": {}}
    if "call" in actions:
        call, alert, explanation = call_with_meaning(
            view, system=cfg.system, regulation=cfg.regulation, cfg=cfg, rng=rng, solver=solver
        )
        args: dict[str, Any] = {"call": str(call)}
        if alert:
            args["alert"] = True
            args["explanation"] = explanation
        return {"action": "call", "args": args}
    if "play" in actions:
        return choose_play(view, mem, cfg, rng, solver)
    return None


def _caller(view: dict[str, Any], index: int) -> Seat:
    return Seat.from_letter(view["dealer"]).next(index)


# ----------------------------------------------------------------------------- auction


def _calls_of(view: dict[str, Any]) -> tuple[str, ...]:
    return tuple(internal_call(a["call"]) for a in view["auction"])


def call_with_meaning(
    view: dict[str, Any],
    *,
    system: str = "sayc",
    regulation: str = "acbl",
    cfg: RobotConfig | None = None,
    rng: random.Random | None = None,
    solver: DoubleDummy | None = None,
) -> tuple[Call, bool, str | None]:
    """The robot's call by the bidding system (:mod:`.bidding`), whether it is alerted
    (or announced) under ``regulation``, and its explanation from the system's meaning
    (given with an alert only). Deterministic for a view (and the ``rng``'s seed); a pass
    when no rule fits or the system's call would not be legal. With ``cfg`` and ``rng``
    (``cfg.bid_samples`` above 0), a close decision is taken by simulation
    (:func:`.simulate.simulate`) among the calls the system's rules allow the hand, its
    questions put to ``solver``: the call made is always one whose meaning holds for the
    hand."""
    me = Seat.from_letter(view["role"])
    hand = Hand.from_pbn(view["hands"][view["role"]])
    calls = _calls_of(view)
    auction = Auction(
        Seat.from_letter(view["dealer"]), tuple(parse_call(a["call"]) for a in view["auction"])
    )
    sys_ = load_system(system)
    info = HandInfo.of(hand)
    got = sys_.choose(calls, info)
    if cfg is not None and rng is not None and cfg.bid_samples > 0:
        cands = close_candidates(sys_, calls, info)
        if cands:
            choice = simulate(
                view,
                sys_,
                cands,
                auction_shown(view, system),
                rng,
                samples=cfg.bid_samples,
                tries=cfg.bid_tries,
                margin=cfg.bid_margin,
                budget=cfg.bid_budget,
                solver=solver,
            )
            if choice is not None and (got is None or choice.call != got[0]):
                meaning = sys_.meaning(calls, choice.call)
                got = None if meaning is None else (choice.call, meaning)
                if got is None:  # a pass the system gives no meaning
                    return PASS, False, None
    if got is None:
        return PASS, False, None
    text, meaning = got
    want = parse_call(external_call(text))
    try:
        auction.check(me, want)
    except ActionRefused:
        return PASS, False, None
    if meaning.alert(regulation):
        return want, True, meaning.describe()
    return want, False, None


def choose_call(view: dict[str, Any]) -> Call:
    """The robot's call by the bidding system (SAYC by default): see
    :func:`call_with_meaning`. Always legal; a pass when in doubt."""
    return call_with_meaning(view)[0]


def explain_call(view: dict[str, Any], index: int, *, system: str = "sayc") -> str:
    """Partner's call number ``index`` explained from the system's meaning of that call in
    that auction (never from the robot's own hand)."""
    calls = _calls_of(view)
    meaning = load_system(system).meaning(calls[:index], calls[index])
    if meaning is None:
        return "Natural; no special agreement"
    return meaning.describe()


# ----------------------------------------------------------------------------- play


def _trump(view: dict[str, Any]) -> Suit | None:
    """The trump suit of the view's contract (``None``: notrump, or no contract shown)."""
    contract = view.get("contract")
    return None if not contract else Contract.parse(contract).strain.suit


def _leader(view: dict[str, Any], mem: Memory | None = None) -> Seat:
    trick = view.get("trick") or []
    if trick:
        return Seat.from_letter(trick[0][0])
    if view.get("hand_to_play"):
        return Seat.from_letter(view["hand_to_play"])
    if mem is not None and mem.leader is not None:
        return Seat.from_letter(mem.leader)
    raise SamplingError("who is on lead is not known")


def _positions(
    view: dict[str, Any], hands: list[tuple[int, int, int, int]], mem: Memory | None = None
) -> list[Position]:
    trump = _trump(view)
    leader = _leader(view, mem)
    cards = tuple(Card(c) for _, c in view.get("trick") or [])
    return [Position(h, trump, leader, cards) for h in hands]


def card_values_many(
    positions: list[Position], solver: DoubleDummy | None = None
) -> list[dict[Card, int]] | None:
    """Double-dummy values of every legal card in each position, through the port's batch
    call (DDS ``SolveAllBoards``); ``None`` when the solver is missing or fails."""
    scores = card_scores_many(positions, solver)
    if scores is None:
        return None
    return [{c: v for mask, v in groups for c in cards_of_mask(mask)} for groups in scores]


def card_scores_many(
    positions: list[Position], solver: DoubleDummy | None = None
) -> list[list[tuple[int, int]]] | None:
    """:func:`card_values_many` as the solver gives it: for each position, the legal cards
    in groups of equivalent ones, ``(mask of the group, tricks)``."""
    try:
        return (solver or default_solver()).card_scores_many(positions)
    except SolverError:  # DDS missing or failing: the caller falls back
        return None


def cards_reaching_many(
    positions: list[Position], targets: list[int], solver: DoubleDummy | None = None
) -> list[int] | None:
    """For each position, the mask of the legal cards reaching its target (the tricks the
    side to play takes, best play afterwards), through the port's batch call; ``None`` when
    the solver is missing or fails."""
    try:
        return (solver or default_solver()).cards_reaching_many(positions, targets)
    except SolverError:  # DDS missing or failing: the caller falls back
        return None


def lead_targets(need: int, best: int, samples: int) -> list[int]:
    """The targets of the passes after the first one (at ``need``, the tricks the side to
    play needs to make or defeat the contract), given the best count of samples in which a
    card reached it: when no card ever reaches it, holding the losses down (``need - 1``,
    then ``need - 2``); when the best cards reach it in every sample, one and two tricks
    more (``need + 1``, ``need + 2``); else one trick more, then one less (``need + 1``,
    ``need - 1``): for the opening leader, beating the contract by two, then holding
    declarer to his contract.

    Example:
        >>> lead_targets(5, 0, 32), lead_targets(5, 32, 32), lead_targets(5, 20, 32)
        ([4, 3], [6, 7], [6, 4])
    """
    if best == 0:
        return [need - 1, need - 2]
    if best == samples:
        return [need + 1, need + 2]
    return [need + 1, need - 1]


def need_tricks(view: dict[str, Any], first: Position) -> int | None:
    """The tricks the side to play still needs, the trick in progress included, to make
    the contract (declarer's side) or to defeat it (the defenders), counting the tricks
    it has won (``tricks_won``); ``None`` when that is settled: already made or beaten, or
    out of reach.

    Example:
        >>> p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=Seat.NORTH)
        >>> view = {"contract": "1NT N", "declarer": "N", "tricks_won": {"NS": 5, "EW": 6}}
        >>> need_tricks(view, p), need_tricks({**view, "tricks_won": {"NS": 6, "EW": 5}}, p)
        (2, 1)
    """
    contract = Contract.parse(view["contract"])
    declarer = Seat.from_letter(view["declarer"]) if view.get("declarer") else None
    if declarer is None:
        declarer = contract.declarer if contract.declarer is not None else first.to_play.rho
    side = first.to_play.side
    won = int((view.get("tricks_won") or {}).get(side.name, 0))
    if side is declarer.side:
        need = contract.tricks_needed - won
    else:
        need = 14 - contract.tricks_needed - won
    if not 1 <= need <= first.tricks_left:
        return None
    return need


#: For sample indices and a target, the mask of the legal cards reaching it in each.
Reach = Callable[[list[int], int], list[int] | None]


def _solver_reach(positions: list[Position], solver: DoubleDummy | None) -> Reach:
    """Target passes through DDS (``solutions=2``), each distinct layout solved once."""

    def reach(todo: list[int], target: int) -> list[int] | None:
        first: dict[tuple[int, int, int, int], int] = {}
        for j in todo:
            first.setdefault(positions[j].hands, j)
        unique = list(first.values())
        found = cards_reaching_many([positions[j] for j in unique], [target] * len(unique), solver)
        if found is None:
            return None
        got = {positions[j].hands: m for j, m in zip(unique, found, strict=True)}
        return [got[positions[j].hands] for j in todo]

    return reach


def _scores_reach(scores: list[list[tuple[int, int]]]) -> Reach:
    """Target passes read from every card's exact scores."""

    def reach(todo: list[int], target: int) -> list[int] | None:
        return [sum(m for m, v in scores[j] if v >= target) for j in todo]

    return reach


def by_targets(
    samples: int, legal: list[Card], need: int, tricks_left: int, reach: Reach
) -> Card | None:
    """The card by target passes (see the module docstring): the most samples reaching
    ``need``, then the targets :func:`lead_targets` gives, then the lowest card; ``None``
    when the solver fails."""
    tied = tied_by_targets(samples, legal, need, tricks_left, reach)
    return None if tied is None else min(tied)


def tied_by_targets(
    samples: int, legal: list[Card], need: int, tricks_left: int, reach: Reach
) -> list[Card] | None:
    """The cards :func:`by_targets` cannot tell apart: those with the best counts at every
    target pass; ``None`` when the solver fails."""
    tied = legal
    plan = [need]  # then the two targets of lead_targets: three passes at most
    done: dict[int, list[int]] = {}  # target -> mask of the cards reaching it, per sample
    while plan and len(tied) > 1:
        target = plan.pop(0)
        if not 1 <= target <= tricks_left:
            continue
        tied_mask = sum(c.bit for c in tied)
        # a sample where every tied card is known to reach the target (it reached a
        # higher one) or none can (none reached a lower one) counts alike for them all
        masks = [-1] * samples
        for j in range(samples):
            if any(y >= target and tied_mask & ~m[j] == 0 for y, m in done.items()):
                masks[j] = tied_mask
            elif any(y <= target and tied_mask & m[j] == 0 for y, m in done.items()):
                masks[j] = 0
        todo = [j for j, m in enumerate(masks) if m < 0]
        if todo:
            found = reach(todo, target)
            if found is None:
                return None
            for j, m in zip(todo, found, strict=True):
                masks[j] = m
        done[target] = masks
        counts = {c: sum(1 for m in masks if m & c.bit) for c in tied}
        best = max(counts.values())
        tied = [c for c in tied if counts[c] == best]
        if target == need:
            plan = lead_targets(need, best, samples)
    return tied


def fallback_card(view: dict[str, Any]) -> Command:
    """The lowest legal card: what a robot plays past its deadline or without a solver."""
    legal = [Card(c) for c in view["legal_cards"]]
    return {"action": "play", "args": {"card": str(min(legal))}}


def _one_choice(view: dict[str, Any], mem: Memory, legal: list[Card]) -> bool:
    """Whether the legal cards are equivalent on every layout: one card, or cards of one
    suit such that every card ranking between them is in the same hand or was played to a
    quitted trick (a card in the trick in progress may still tell them apart)."""
    return _equivalent(view, mem, legal)


def _equivalent(view: dict[str, Any], mem: Memory, legal: list[Card]) -> bool:
    """:func:`_one_choice` for any set of the cards of the hand to play."""
    if len(legal) == 1:
        return True
    suit = legal[0].suit
    if any(c.suit != suit for c in legal):
        return False
    hand = view.get("hand_to_play")
    if hand is None or hand not in view["hands"]:
        return False
    held = Hand.from_pbn(view["hands"][hand]).mask
    in_trick = {c for _, c in view.get("trick") or []}
    gone = 0
    for c in mem.played:
        if c not in in_trick:
            gone |= Card(c).bit
    lo = min(c.index for c in legal)
    hi = max(c.index for c in legal)
    between = ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1)
    return between & ~(held | gone) == 0


def auction_shown(view: dict[str, Any], system: str = "sayc") -> dict[str, Shown]:
    """What each player's calls showed of his hand, by seat letter, as the robot's system
    reads the auction of ``view`` (:meth:`~.bidding.System.state`): the sampler keeps the
    layouts nearest to it.

    Example:
        >>> view = {"dealer": "N", "auction": [{"call": c} for c in ("1NT", "Pass", "3NT")]}
        >>> shown = auction_shown(view)
        >>> shown["N"].hcp, shown["N"].lengths[0], shown["E"].trivial
        ((15, 17), (2, 13), True)
    """
    st = load_system(system).state(_calls_of(view))
    dealer = Seat.from_letter(view["dealer"])
    return {
        dealer.next(i).letter: Shown(info.hcp, tuple(info.lengths))
        for i, info in enumerate(st.seats)
    }


# ----------------------------------------------------------------------------- signals


def _defender(view: dict[str, Any]) -> bool:
    """Whether the robot is one of the defenders (the play period has a declarer)."""
    declarer = view.get("declarer")
    return declarer is not None and view["role"] not in (declarer, view.get("dummy"))


def _first_lead_of_suit(mem: Memory, lead: str) -> bool:
    """Whether the trick ``lead`` (a card) was led to is the first the suit was led to:
    signals are given and read there only."""
    for trick in mem.tricks:
        if trick[0][1][0] == lead[0]:
            return trick[0][1] == lead
    return True  # the trick in progress, not yet remembered


def signal_kind(view: dict[str, Any], mem: Memory) -> str | None:
    """The signal a defender following to the trick in progress gives by the standard
    convention: ``"attitude"`` on partner's lead, ``"count"`` on declarer's or dummy's,
    the first time the suit is led; ``None`` on lead, as declarer, or later in the suit.

    Example:
        >>> view = {"role": "E", "declarer": "S", "dummy": "N", "hand_to_play": "E",
        ...         "trick": [["W", "HK"], ["N", "H3"]]}
        >>> signal_kind(view, Memory()), signal_kind({**view, "trick": [["S", "H2"]]}, Memory())
        ('attitude', 'count')
    """
    trick = view.get("trick") or []
    me = view["role"]
    if not trick or view.get("hand_to_play") != me or not _defender(view):
        return None
    leader, lead = trick[0]
    if not _first_lead_of_suit(mem, lead):
        return None
    if leader == Seat.from_letter(me).partner.letter:
        return "attitude"
    if leader in (view["declarer"], view.get("dummy")):
        return "count"
    return None


def signal_card(view: dict[str, Any], mem: Memory, cfg: RobotConfig, cards: list[Card]) -> Card:
    """Which of ``cards`` (equal double dummy: any of them takes the same tricks on every
    layout the robot asked about) the robot plays: by the partnership's signalling
    convention (``cfg.signals``), the standard one of the ACBL's Standard American Yellow
    Card ("Standard carding": attitude, high encourages; count, high-low shows an even
    number; docs/robots.md): a defender following suit the first time it is led, with two
    or more of the tied cards below the jack, plays the highest of them to encourage on
    partner's lead (holding the ace, king or queen of the suit) or to show an even number
    of cards on declarer's lead, else the lowest. A defender discarding (not ruffing) shows
    attitude the first time he discards a suit (:func:`_discard_signal`). Otherwise
    (declarer, on lead, a later round, ``"none"``): the lowest card, as without signals. A
    signal is a partnership understanding (Law 40A1): the robots disclose it
    (docs/robots.md), and partner reads it only as the convention says
    (:func:`partner_signals`).

    Example:
        >>> view = {"role": "E", "declarer": "S", "dummy": "N", "hand_to_play": "E",
        ...         "trick": [["S", "H4"], ["W", "H3"], ["N", "HA"]],
        ...         "hands": {"E": "AK.J862.Q32.7542", "N": "QJ2.AK5.KJ4.KJ32"}}
        >>> cards = [Card("H2"), Card("H6"), Card("H8")]
        >>> std, none = RobotConfig(), RobotConfig(signals="none")
        >>> [str(signal_card(view, Memory(), c, cards)) for c in (std, none)]
        ['H8', 'H2']
    """
    low = min(cards)
    if cfg.signals == "none" or len(cards) < 2:
        return low
    discard = _discard_signal(view, mem, cards)
    if discard is not None:
        return discard
    kind = signal_kind(view, mem)
    if kind is None:
        return low
    led = Suit.from_letter(view["trick"][0][1][0])
    spots = [c for c in cards if c.suit is led and c.rank < Rank.JACK]
    if len(spots) < 2:
        return low
    held = [c for c in Hand.from_pbn(view["hands"][view["role"]]) if c.suit is led]
    if kind == "count":
        high = len(held) % 2 == 0
    else:
        high = any(c.rank >= Rank.QUEEN for c in held)
    return max(spots) if high else min(spots)


def _discard_signal(view: dict[str, Any], mem: Memory, cards: list[Card]) -> Card | None:
    """A defender's discard by standard attitude (docs/robots.md): of ``cards`` (equal),
    in a suit he has not discarded from before with two or more of them below the jack,
    the highest from a suit where he holds the ace, king or queen (encouraging), else the
    lowest from one where he does not (discouraging); ``None`` when he is not discarding
    (following suit, ruffing, on lead, declarer) or no suit has two such cards."""
    trick = view.get("trick") or []
    me = view["role"]
    if not trick or view.get("hand_to_play") != me or not _defender(view):
        return None
    led = Suit.from_letter(trick[0][1][0])
    hand = list(Hand.from_pbn(view["hands"][me]))
    if any(c.suit is led for c in hand):
        return None
    trump = _trump(view)
    done = {
        c[0]
        for t in mem.tricks
        for s, c in t
        if s == me and c[0] != t[0][1][0] and (trump is None or c[0] != trump.letter)
    }
    encourage: list[Card] = []
    discourage: list[Card] = []
    for suit in Suit:
        if suit is trump or suit.letter in done:
            continue
        spots = [c for c in cards if c.suit is suit and c.rank < Rank.JACK]
        if len(spots) < 2:
            continue
        if any(c.suit is suit and c.rank >= Rank.QUEEN for c in hand):
            encourage.append(max(spots))
        else:
            discourage.append(min(spots))
    if encourage:
        return encourage[0]
    return discourage[0] if discourage else None


def _lead_top(view: dict[str, Any], mem: Memory, cfg: RobotConfig, card: Card) -> Card:
    """A defender's lead by the standard convention (docs/robots.md): of ``card`` and the
    cards of its suit he holds touching it (every card between them his or played to a
    quitted trick: equivalent, so the same double dummy), the highest, top of a sequence,
    so that a lead denies the next higher card still out (:func:`_signals_of` reads it).
    Any other card, and ``signals="none"``: ``card``."""
    if cfg.signals == "none" or view.get("trick") or not _defender(view):
        return card
    hand = view.get("hand_to_play")
    if hand is None or hand not in view["hands"]:
        return card
    held = sorted(c for c in Hand.from_pbn(view["hands"][hand]) if c.suit is card.suit)
    top = card
    for c in held:
        if c > top and _equivalent(view, mem, [top, c]):
            top = c
    return top


def partner_signals(view: dict[str, Any], mem: Memory, cfg: RobotConfig) -> list[Signal]:
    """The signals a defender's partner gave by their convention (:func:`signal_card`),
    as the defender reads them from the tricks he remembers: the card partner followed
    with below the jack, the first time each suit was led, on the robot's lead (attitude)
    or declarer's (count), unless partner played third or fourth to the trick and above
    every card of the suit before his (third hand high, or winning the trick: played to
    win it, not to signal; second hand on declarer's lead plays low by the same carding,
    so his card is read). The sampler keeps the layouts that fit them
    (:class:`~.sampler.Signal`). Declarer reads both defenders' signals the same way
    (:func:`defenders_signals`): the convention is disclosed to him (Laws 40A1, 20F1)."""
    if cfg.signals == "none":
        return []
    if _defender(view):
        return _signals_of(view, mem, Seat.from_letter(view["role"]).partner.letter)
    return defenders_signals(view, mem, cfg)


def defenders_signals(view: dict[str, Any], mem: Memory, cfg: RobotConfig) -> list[Signal]:
    """The signals both defenders gave, as declarer reads them (:func:`partner_signals`):
    the opponents' carding is disclosed (Law 40A1) and declarer may ask for it at his turn
    (Law 20F1); the robots take it to be their own convention (``cfg.signals``, standard
    carding by default). None for a defender, or before the play has a declarer."""
    declarer = view.get("declarer")
    if cfg.signals == "none" or declarer is None or view["role"] != declarer:
        return []
    lho = Seat.from_letter(declarer).next(1)
    return [
        *_signals_of(view, mem, lho.letter),
        *_signals_of(view, mem, lho.partner.letter),
    ]


def _signals_of(view: dict[str, Any], mem: Memory, signaller: str) -> list[Signal]:
    """The signals defender ``signaller`` gave in the tricks of ``mem``
    (:func:`partner_signals`): attitude on his partner's lead, count on declarer's, and
    attitude in his first discard of each suit (not a ruff)."""
    partner = Seat.from_letter(signaller).partner.letter
    out: list[Signal] = []
    suits: set[str] = set()
    discarded: set[str] = set()  # the suits he discarded from
    trump = _trump(view)
    gone = 0  # the cards played to the tricks before
    for i, trick in enumerate(mem.tricks):
        leader, lead = trick[0]
        before = gone
        for _, c in trick:
            gone |= Card(c).bit
        if leader == signaller:
            denied = _next_above(Card(lead), before)
            if denied:
                out.append(
                    Signal(
                        signaller,
                        "lead",
                        Card(lead).index,
                        _held_from(mem, i, signaller, lead),
                        denied,
                    )
                )
        at = next((k for k, (s, _) in enumerate(trick) if s == signaller), None)
        if at is not None and at > 0 and trick[at][1][0] != lead[0]:
            card = trick[at][1]
            # his first discard of a suit (not a ruff): standard attitude
            if card[0] not in discarded and (trump is None or card[0] != trump.letter):
                discarded.add(card[0])
                if Card(card).rank < Rank.JACK:
                    held = _held_from(mem, i, signaller, card)
                    out.append(Signal(signaller, "attitude", Card(card).index, held))
        if lead[0] in suits:
            continue
        suits.add(lead[0])
        if leader == partner:
            kind = "attitude"
        elif leader in (view["declarer"], view.get("dummy")):
            kind = "count"
        else:
            continue
        at = next((k for k, (s, _) in enumerate(trick) if s == signaller), None)
        if at is None:
            continue
        card = trick[at][1]
        if card[0] != lead[0] or Card(card).rank >= Rank.JACK:
            continue
        if at >= 2 and all(
            Card(card).rank > Card(c).rank for _, c in trick[:at] if c[0] == lead[0]
        ):
            continue  # third or fourth hand above every card before it: played to win
        out.append(Signal(signaller, kind, Card(card).index, _held_from(mem, i, signaller, lead)))
    return out


def _held_from(mem: Memory, i: int, seat: str, lead: str) -> int:
    """The cards of ``lead``'s suit ``seat`` played from trick ``i`` on (a mask)."""
    held = 0
    for later in mem.tricks[i:]:
        for s, c in later:
            if s == seat and c[0] == lead[0]:
                held |= Card(c).bit
    return held


def _next_above(card: Card, gone: int) -> int:
    """The next higher card of ``card``'s suit not in ``gone`` (a mask; 0 above the
    highest): the card a lead of ``card``, top of its sequence, denies."""
    for rank in range(card.index % 13 + 1, 13):
        bit = 1 << (card.index - card.index % 13 + rank)
        if not gone & bit:
            return bit
    return 0


def choose_play(
    view: dict[str, Any],
    mem: Memory,
    cfg: RobotConfig,
    rng: random.Random,
    solver: DoubleDummy | None = None,
) -> Command:
    """Monte-Carlo double-dummy card choice (see the module docstring)."""
    legal = [Card(c) for c in view["legal_cards"]]
    if not legal:
        return {"action": "play", "args": {}}
    opening = view["phase"] == "clarification"
    # one claim a board: after a disputed claim is played on, the robot plays it out
    can_claim = (
        "claim" in view.get("actions", ())
        and view.get("declarer") == view["role"]
        and view.get("claim") is None
    )
    if not can_claim and _one_choice(view, mem, legal):
        # every layout scores the legal cards alike: the lowest, or the signal
        card = _lead_top(view, mem, cfg, signal_card(view, mem, cfg, legal))
        return {"action": "play", "args": {"card": str(card)}}
    count = cfg.lead_samples if opening else cfg.play_samples
    if cfg.switch_samples and not opening and not view.get("trick") and _defender(view):
        count = cfg.switch_samples
    draws = cfg.lead_draws if opening else cfg.play_draws
    try:
        shown = auction_shown(view, cfg.system) if draws > 1 else None
        signals = [] if opening else partner_signals(view, mem, cfg)
        hands = sample_hands(view, mem, count, rng, shown=shown, draws=draws, signals=signals)
        positions = _positions(view, hands)
    except (SamplingError, ValueError):
        return fallback_card(view)
    tricks_left = positions[0].tricks_left
    need = need_tricks(view, positions[0])
    if need is not None and not can_claim:
        reach = _solver_reach(positions, solver)
        tied = tied_by_targets(len(positions), legal, need, tricks_left, reach)
        if tied is None:
            return fallback_card(view)
        card = _lead_top(view, mem, cfg, break_ties(view, mem, cfg, tied, positions, solver=solver))
        return {"action": "play", "args": {"card": str(card)}}
    scores = card_scores_many(positions, solver)
    if scores is None:
        return fallback_card(view)
    tops = [max(v for _, v in groups) for groups in scores if groups]
    sure = min(tops) if tops else 0
    if (
        can_claim
        and not view.get("trick")
        and sure == max(tops, default=-1)  # (every layout the same: no trick left to play for)
        and (
            sure == tricks_left <= cfg.claim_check_tricks
            or 1 <= sure < tricks_left <= cfg.concede_tricks
        )
    ):
        # the first lead right on every layout, where one is
        every = sum(c.bit for c in legal)
        for groups in scores:
            top = max((v for _, v in groups), default=0)
            every &= sum(m for m, v in groups if v == top)
        line = claim_line(positions[0], solver, first=every or None)
        layouts = [] if line is None else claim_check_layouts(view, mem, positions, rng)
        # the line as a player would state it, else card by card
        for statement in [] if line is None else dict.fromkeys((readable_statement(line), line)):
            if stated_claim_holds(view, mem, layouts, sure, statement, solver=solver):
                return {"action": "claim", "args": {"tricks": sure, "statement": statement}}
    if need is not None:
        tied = tied_by_targets(len(positions), legal, need, tricks_left, _scores_reach(scores))
        assert tied is not None
        card = break_ties(view, mem, cfg, tied, positions, scores=scores, solver=solver)
        return {"action": "play", "args": {"card": str(_lead_top(view, mem, cfg, card))}}
    # the contract's fate is settled: the highest total tricks over the layouts
    card = _lead_top(view, mem, cfg, signal_card(view, mem, cfg, best_totals(legal, scores)))
    return {"action": "play", "args": {"card": str(card)}}


def most_tricks(cards: list[Card], scores: list[list[tuple[int, int]]]) -> Card:
    """Of ``cards``, the one with the highest total of tricks over the layouts' exact scores
    (:func:`card_scores_many`), ties to the lowest card.

    Example:
        >>> c2, c3, d2 = Card("C2"), Card("C3"), Card("D2")
        >>> scores = [[(c2.bit | c3.bit, 3), (d2.bit, 4)], [(c2.bit, 2), (c3.bit | d2.bit, 2)]]
        >>> str(most_tricks([c2, c3, d2], scores)), str(most_tricks([c2, c3], scores))
        ('D2', 'C2')
    """
    return min(best_totals(cards, scores))


def best_totals(cards: list[Card], scores: list[list[tuple[int, int]]]) -> list[Card]:
    """The ``cards`` with the highest total of tricks over the layouts (:func:`most_tricks`
    takes the lowest of them)."""
    totals = [0] * 52
    for groups in scores:
        for group, tricks in groups:
            rest = group
            while rest:
                low = rest & -rest
                totals[low.bit_length() - 1] += tricks
                rest ^= low
    best = max(totals[c.index] for c in cards)
    return [c for c in cards if totals[c.index] == best]


def break_ties(
    view: dict[str, Any],
    mem: Memory,
    cfg: RobotConfig,
    tied: list[Card],
    positions: list[Position],
    *,
    scores: list[list[tuple[int, int]]] | None = None,
    solver: DoubleDummy | None = None,
) -> Card:
    """The card played of those the target passes left ``tied`` (same counts of layouts
    making or beating the contract, and by one trick more or less). With ``cfg.ties ==
    "totals"``, the one taking most tricks in all over the layouts, every card scored
    exactly (``scores``, or one more DDS batch call on the distinct layouts), then the
    lowest: GIB's rule of the most tricks on average (Ginsberg, "GIB: Imperfect Information
    in a Computationally Challenging Game", JAIR 14, 2001), here only a tie-break behind the
    contract's fate, so that a card tied on the few layouts the passes asked about is not
    chosen by its suit (the lowest card of the lowest suit). Equivalent cards
    (:func:`_one_choice`), a solver failure, ``"lowest"``, or ``"play"`` at the opening
    lead (``phase`` ``"clarification"``) when the tied cards are of one suit: the lowest
    card. An opening lead tied between suits is scored as any other card is: which suit
    to lead is the lead's main question, and the lowest card would answer it by the
    suits' order (clubs first); the extra call is made on those leads only (about one in
    sixteen on the bench's deals). Of the cards left, a defender plays the one his
    signalling convention gives (:func:`signal_card`)."""
    one_suit = len({c.suit for c in tied}) == 1
    opening = view["phase"] == "clarification"
    lowest = cfg.ties == "lowest" or (cfg.ties == "play" and opening and one_suit)
    if len(tied) == 1 or lowest or _equivalent(view, mem, tied):
        return signal_card(view, mem, cfg, tied)
    if scores is None:
        weight: dict[tuple[int, int, int, int], int] = {}
        first: dict[tuple[int, int, int, int], Position] = {}
        for p in positions:
            weight[p.hands] = weight.get(p.hands, 0) + 1
            first.setdefault(p.hands, p)
        unique = list(first.values())
        got = card_scores_many(unique, solver)
        if got is None:
            return signal_card(view, mem, cfg, tied)
        scores = [
            [(m, v * weight[p.hands]) for m, v in groups]
            for p, groups in zip(unique, got, strict=True)
        ]
    return signal_card(view, mem, cfg, best_totals(tied, scores))


# ----------------------------------------------------------------------------- claims


#: Layouts on which a robot's stated claim is ruled before it claims (the first distinct
#: ones of its samples, and as many dealt from the play alone: :func:`claim_check_layouts`),
#: and the adjudicator's time cap on each (s).
CLAIM_CHECK_LAYOUTS = 8
CLAIM_CHECK_CAP = 0.5


def claim_line(
    pos: Position, solver: DoubleDummy | None = None, *, first: int | None = None
) -> str | None:
    """The statement of a claim at ``pos`` (the side to lead claims): the cards its side
    leads, in order (statement notation: ``SA SK HQ``), on a line that takes its double-dummy
    tricks on this layout -- at each of its leads the highest card of a suit whose cards keep
    them (the suit led before where it may, else the first), each other card the double-dummy
    play of its seat (the lowest of the best). ``first``: the cards the first lead is chosen
    from where one of them keeps the tricks (a mask: those right on every layout the robot
    considered). ``None`` without a solver.

    Example:
        >>> from bridgetable.core.seats import Seat
        >>> from bridgetable.solver.reference import ReferenceSolver
        >>> p = Position.from_pbn("N:AK.A.. QJ.2.. T9.3.. 32.4..", trump=None, leader=Seat.NORTH)
        >>> claim_line(p, ReferenceSolver())
        'HA SA SK'
    """
    side = pos.to_play.side
    leads: list[str] = []
    p = pos
    while p.tricks_left:
        values = card_values_many([p], solver)
        if values is None:
            return None
        vals = values[0]
        best = max(vals.values())
        mine = p.to_play.side is side
        right = [c for c, v in vals.items() if v == best]
        if first is not None and not leads and any(c.bit & first for c in right):
            right = [c for c in right if c.bit & first]
        if not p.trick and mine:
            suits = {c.suit for c in right}
            last = Card(leads[-1]).suit if leads else None
            suit = last if last in suits else min(suits)  # (a suit run on, when it may be)
            card = max(c for c in right if c.suit is suit)
            leads.append(str(card))
        else:
            card = min(right)
        p = p.play(card)
    return " ".join(leads)


def readable_statement(line: str) -> str:
    """``line`` (cards led in order, :func:`claim_line`) as a player would say it: each run of
    two or more leads of one suit as ``cash`` the suit, the other cards named, in order.

    >>> readable_statement("HA SA SK SQ DA CA")
    'HA then cash S then DA CA'
    """
    runs: list[list[str]] = []
    for card in line.split():
        if runs and runs[-1][0][0] == card[0]:
            runs[-1].append(card)
        else:
            runs.append([card])
    groups: list[str] = []
    single = False
    for run in runs:
        if len(run) > 1:
            groups.append(f"cash {run[0][0]}")
            single = False
        elif single:
            groups[-1] += f" {run[0]}"
        else:
            groups.append(run[0])
            single = True
    return " then ".join(groups)


def claim_check_layouts(
    view: dict[str, Any], mem: Memory, positions: list[Position], rng: random.Random
) -> list[Position]:
    """The layouts a robot rules its own claim on before making it: the first
    ``CLAIM_CHECK_LAYOUTS`` distinct ones of ``positions`` (its samples, which read the
    auction), and as many more dealt from the play alone (the show-outs and the cards seen,
    as the robot opponents deal theirs to answer the claim, :func:`claim_holds`): the line
    must not rest on the auction's inferences, which the Director does not credit when the
    cards lie otherwise (70A: a doubtful point goes against the claimer)."""
    out = list({p.hands: p for p in positions}.values())[:CLAIM_CHECK_LAYOUTS]
    try:
        fresh = _positions(view, sample_hands(view, mem, CLAIM_CHECK_LAYOUTS, rng))
    except (SamplingError, ValueError):
        fresh = []
    return list({p.hands: p for p in [*out, *fresh]}.values())


def stated_claim_holds(
    view: dict[str, Any],
    mem: Memory,
    layouts: list[Position],
    tricks: int,
    statement: str,
    *,
    solver: DoubleDummy | None = None,
) -> bool:
    """Whether the robot's claim of ``tricks`` with ``statement`` stands under the
    adjudicator's normal play (Laws 70, 71) on each of ``layouts`` (:func:`claim_check_layouts`:
    layouts of the cards it cannot see): a good player claims when his line is sure, and
    states it (68C), so that the opponents can agree."""
    me = view["role"]
    claim_view = {**view, "claim": {"claimer": me, "tricks": tricks, "statement": statement}}
    try:
        for p in layouts:
            r = adjudicate_case(
                claim_case(claim_view, mem, p),
                solver=solver,
                dd=False,
                want_floor=False,
                time_cap=CLAIM_CHECK_CAP,
            )
            if r.awarded is None or r.awarded < tricks:
                return False
    except SolverError:
        return False
    return True


def claim_case(view: dict[str, Any], mem: Memory, position: Position) -> ClaimCase:
    """The claim of ``view`` as a Director would rule on it, on one layout of the cards the
    robot cannot see (Laws 68-71): the claimer, the tricks claimed and the statement (68C),
    the code of Laws in force (Law 71 differs between the duplicate and the rubber code; the
    view names the code, and the Regulating Authority's options are taken as the code's
    defaults), the show-outs every player has seen (70E1) and dummy (a defender who claims
    sees dummy's cards, 70E1) and whether the claimer had just drawn a round of trumps (the
    last trick the robot saw, C4b): what :meth:`~bridgetable.core.board.Board.claim_case` gives at
    the table, but for the hidden hands.

    Example:
        >>> from bridgetable.core.seats import Seat
        >>> p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=Seat.NORTH)
        >>> view = {"rules": "rubber", "dummy": "S",
        ...         "claim": {"claimer": "N", "tricks": 2, "statement": None}}
        >>> case = claim_case(view, Memory(voids={("E", "H")}), p)
        >>> case.rules.is_rubber, sorted((str(s), str(u)) for s, u in case.known_voids)
        (True, [('East', 'H')])
    """
    claim = view["claim"]
    dummy = view.get("dummy")
    claimer = Seat.from_letter(claim["claimer"])
    done = [t for t in mem.tricks if len(t) == 4]  # (the trick in progress is not)
    last = [(Seat.from_letter(s), Card(c)) for s, c in done[-1]] if done else []
    return ClaimCase.of(
        position,
        claimer,
        int(claim["tricks"]),
        claim.get("statement"),
        rules=RuleSet(code="rubber" if view.get("rules") == "rubber" else "duplicate"),
        known_voids={(Seat.from_letter(s), Suit.from_letter(u)) for s, u in mem.voids},
        dummy=None if not dummy else Seat.from_letter(dummy),
        concession=bool(claim.get("concession")),
        trumps_seen=trumps_just_drawn(last, position.trump, claimer),  # C4b
    )


def claim_holds(
    view: dict[str, Any],
    mem: Memory,
    claim: dict[str, Any],
    rng: random.Random,
    solver: DoubleDummy | None = None,
) -> bool:
    """Whether the claim (or concession) stands on every layout the robot cannot tell apart:
    on each, the adjudicator's award under the claim case (:func:`claim_case`) reaches the
    claim (Laws 70, 71); where it could not decide in time, the claimer's side takes at least
    what it claims double dummy. With no solver at all (DDS missing or failing) the robot
    has nothing to check against and lets the claim stand. Any other error is the
    adjudicator's, and is raised."""
    claimed = int(claim["tricks"])
    try:
        positions = _positions(view, sample_hands(view, mem, 8, rng), mem)
    except (SamplingError, ValueError):
        return False  # nothing to go on: let the Director decide
    unique = list({p.hands: p for p in positions}.values())
    undecided: list[Position] = []
    try:
        for p in unique:
            # the award only: the double-dummy value and the floor are not asked for
            r = adjudicate_case(
                claim_case(view, mem, p), solver=solver, dd=False, want_floor=False, time_cap=1.0
            )
            if r.awarded is None:  # undetermined within the time cap
                undecided.append(p)
            elif r.awarded < claimed:
                return False
    except SolverError:
        return True
    if not undecided:
        return True
    values = card_values_many(undecided, solver)
    if values is None:
        return True
    claimer = Seat.from_letter(claim["claimer"])
    for p, v in zip(undecided, values, strict=True):
        if not v:
            continue
        best = max(v.values())
        mine = best if p.to_play.side is claimer.side else p.tricks_left - best
        if mine < claimed:
            return False
    return True


__all__ = [
    "RobotConfig",
    "auction_shown",
    "break_ties",
    "call_with_meaning",
    "choose_call",
    "choose_play",
    "claim_case",
    "claim_holds",
    "decide",
    "explain_call",
    "known_hands",
    "most_tricks",
    "partner_signals",
    "signal_card",
    "signal_kind",
    "tied_by_targets",
]
