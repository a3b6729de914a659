"""The claimer as a player who believes his claim (Laws 70, 71; spec N1-N3).

:class:`~bridgetable.adjudication.normal.NormalPlay` says which cards the claimer's side may
choose where its statement is silent: a readable, local policy of careless and inferior play.
Strung together by a min-min search, local choices can make lines no player who believed his
claim would follow (throwing the winner that matters, leading a loser rather than crossing to
partner's winners, not ruffing a card led to be ruffed). This module holds the search to the
claimer's belief:

*every play of the claimer's side on the ruling's line either keeps the double-dummy value of
the position -- what a player who expects to take his tricks does, as far as the cards allow --
or is a slip of the catalogue* (``adjudication/slips.py``) *that the jurisdiction profile and
the class of player make normal.*

The search asks it at every choice of the claimer's side it meets (:meth:`Believer.judge`,
one double-dummy question per node, the solver port
:class:`~bridgetable.solver.port.DoubleDummy`: DDS, or any other): of the local rules'
cards, those that keep the value or are a catalogued slip stay; a play that costs a trick
and is no slip is irrational and goes; where none is left, the double-dummy plays are added.
The policy so judged is one function of the node, so the award is the fewest tricks over its
lines, whatever order the search meets them in. The line the search returns is checked play
by play all the same (what the judge does not see, such as an equivalent card standing for
another, becomes an edit at that node, and the search runs again).

A decision is a *guess* (slip b, Law 70E1) when the play would be right were the unseen cards
placed otherwise: the check swaps a card between the two hands the deciding player cannot see
(keeping the lengths and the known voids) and asks double dummy again.

Example:
    >>> from bridgetable.adjudication.ruling import adjudicate
    >>> from bridgetable.core.position import Position
    >>> from bridgetable.core.seats import Seat
    >>> pos = Position.from_pbn("N:2.2.. A.3.. .AK.. K3...", trump=None, leader=Seat.NORTH)
    >>> r = adjudicate(pos, Seat.NORTH, 2, None)  # North crosses to South's hearts
    >>> r.awarded, r.slips
    (2, ())

    (The local rules alone would let North, with no winner, lead the S2 to East's ace.)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bridgetable.adjudication import slips as sl
from bridgetable.adjudication.normal import (
    CARELESS_USED,
    NormalPlay,
    State,
    count_after,
    discard_count,
    from_rel,
    live_mask,
    node_live,
    to_rel,
)
from bridgetable.core.cards import SUIT_MASKS, Card, cards_of_mask
from bridgetable.core.position import Position, unchecked_position
from bridgetable.core.seats import SEATS
from bridgetable.core.tricks import winning_index
from bridgetable.solver.search import MinResult, entries_below

__all__ = ["Believer", "CardValues", "MemoValues"]

#: How many times the line is checked and the search run again before the ruling is
#: referred to the Director as undetermined.
MAX_ROUNDS = 200
#: At most this many swapped layouts are tried to tell a guess (slip b).
MAX_SWAPS = 24

#: ``make_policy(edits, judge, judge_below, add_depth)``: the claimer's policy with these
#: edits, ``judge`` choosing at the nodes with at most ``judge_below`` tricks left (see
#: :meth:`Believer.judge`), and no sure-trick bound from boundaries of ``add_depth`` or more
#: tricks left (where the judge has added a card).
PolicyMaker = Callable[
    [
        dict[tuple[int, ...], tuple[int, int]] | None,
        Callable[[Position, State, int], int] | None,
        int,
        int,
    ],
    NormalPlay,
]


class CardValues(Protocol):
    """The one question the belief check puts to a solver (the port's ``card_values_many``,
    :class:`~bridgetable.solver.port.DoubleDummy`)."""

    def card_values_many(self, positions: Sequence[Position]) -> list[dict[Card, int]]:
        """For each position, each legal card's tricks for the side to play after it."""
        ...


#: Positions a :class:`MemoValues` keeps before it starts again (a ruling asks for tens of
#: thousands; each entry is a few hundred bytes).
MEMO_LIMIT = 300_000


class MemoValues:
    """A solver's card values for one ruling, remembered by position in relative ranks.

    Double-dummy values depend only on the order of the cards still in play, not on their
    ranks: two positions whose hands and trick in progress are the same in relative ranks
    (:func:`~bridgetable.adjudication.normal.to_rel` over every card still in play, the
    trick's included), with the same trump and leader, have the same values, card for
    equivalent card. The searches of a ruling meet the same position many times (the line
    checks, the judge at each node, the swapped layouts of a guess, other states of the
    policy at one position): each is solved once, and a batch asks the solver only for the
    positions it has not seen.

    Example:
        >>> from bridgetable.core.position import Position
        >>> from bridgetable.core.seats import Seat
        >>> from bridgetable.solver.reference import ReferenceSolver
        >>> memo = MemoValues(ReferenceSolver())
        >>> p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=Seat.WEST)
        >>> q = Position.from_pbn("N:AK... Q3... 54... JT...", trump=None, leader=Seat.WEST)
        >>> a, b = memo.card_values_many([p, q])  # the same in relative ranks: one solve
        >>> sorted(map(str, a)), sorted(map(str, b)), memo.solved
        (['SJ', 'ST'], ['SJ', 'ST'], 1)
    """

    def __init__(self, solver: CardValues, limit: int = MEMO_LIMIT) -> None:
        self.solver = solver
        self.limit = limit
        self.memo: dict[tuple[Any, ...], dict[int, int]] = {}
        #: positions the solver was asked for
        self.solved = 0

    @staticmethod
    def key(pos: Position, live: int) -> tuple[Any, ...]:
        """The position in relative ranks (see the class)."""
        h = pos.hands
        return (
            to_rel(h[0], live),
            to_rel(h[1], live),
            to_rel(h[2], live),
            to_rel(h[3], live),
            tuple(to_rel(c.bit, live) for c in pos.trick),
            pos.trump,
            pos.leader,
        )

    def card_values_many(self, positions: Sequence[Position]) -> list[dict[Card, int]]:
        """The solver's ``card_values_many``, each position solved once (see the class)."""
        lives = [live_mask(p) for p in positions]
        keys = [self.key(p, live) for p, live in zip(positions, lives, strict=True)]
        todo: dict[tuple[Any, ...], int] = {}
        for i, k in enumerate(keys):
            if k not in self.memo and k not in todo:
                todo[k] = i
        if todo and len(self.memo) + len(todo) > self.limit:
            self.memo.clear()  # start again, with every position of this batch to solve
            todo = {}
            for i, k in enumerate(keys):
                todo.setdefault(k, i)
        if todo:
            idx = list(todo.values())
            solved = self.solver.card_values_many([positions[i] for i in idx])
            self.solved += len(idx)
            for i, vals in zip(idx, solved, strict=True):
                live = lives[i]
                self.memo[keys[i]] = {to_rel(c.bit, live): v for c, v in vals.items()}
        out: list[dict[Card, int]] = []
        for k, live in zip(keys, lives, strict=True):
            rel = self.memo[k]
            out.append(
                {Card.from_index(from_rel(b, live).bit_length() - 1): v for b, v in rel.items()}
            )
        return out


class _Restart(Exception):
    """The judge added a card the local rules do not allow below the sure-trick bounds
    the running search uses (:attr:`Believer.judge_depth`): the search must run again."""


@dataclass(slots=True)
class _Node:
    pos: Position
    state: State
    card: Card
    key: tuple[int, ...]
    #: The index of the play on the line checked (-1: a node of no line).
    play: int = -1


class Believer:
    """Runs the min-min search for a policy until its line passes the belief check.

    Args:
        make_policy: the policy for a set of edits (or a judge).
        search: runs the search for a policy with a table of bounds. Between rounds whose
            edits only take choices away the table keeps its lower bounds (a policy that
            allows less is held to no fewer tricks); an edit that adds a card clears it.
        solver: double-dummy values (the port's ``card_values_many``).
        enabled: the slips that are normal here (profile and class of player).
        deadline, clock: stop checking when the clock reaches the deadline.
        enough: a value no line of the believing claimer can exceed (the double-dummy
            value, or the claim when that is what the ruling needs): a round whose worst line
            reaches it is the answer. Bans only ever raise the worst line; a card added later
            could lower it, so this is exact unless the check would have added a card (rare:
            where none of the local rules' choices is rational). Its line is the ruling's
            witness, so it is checked all the same: a line that reaches the value may hold a
            play of the claimer's side that costs a trick, given back by an opponent's play
            that costs one too (the search prefers no line of equal value to another). Such a
            line is no believing claimer's, and a line of the policy that keeps the
            double-dummy value throughout replaces it (:meth:`sound_line`).
        stop_at: ask only "is there a believing line with at most this many tricks?": the
            answer is a checked line at or below it, or a proof that none is (``lower``
            above it).
    """

    def __init__(
        self,
        make_policy: PolicyMaker,
        search: Callable[[NormalPlay, dict[Any, list[Any]], int | None], MinResult],
        solver: CardValues,
        enabled: frozenset[str],
        *,
        deadline: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        enough: int | None = None,
        stop_at: int | None = None,
    ) -> None:
        self.enough = enough
        self.stop_at = stop_at
        self.make_policy = make_policy
        self.search = search
        self.solver = solver
        self.enabled = enabled
        self.deadline = deadline
        self.clock = clock
        #: The policy of the last round: the one whose worst line is the answer.
        self.policy: NormalPlay | None = None
        self.values: dict[tuple[int, ...], dict[Card, int]] = {}
        self.verdicts: dict[tuple[tuple[int, ...], int, int], str | None] = {}
        self.judged: dict[tuple[tuple[int, ...], int, int], int] = {}
        #: The fewest tricks left at a node where the judge added a double-dummy card the
        #: local rules did not allow (14: none): the sure-trick bounds hold above it only.
        self.judge_depth = 14
        #: :meth:`squandered` by node (the node key, the local rules' choices and the
        #: show-outs seen), in relative ranks.
        self.squanders: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.rounds = 0
        #: A search is running: the judge stops it when it lowers ``judge_depth``.
        self._searching = False

    def run(self, pos: Position) -> tuple[MinResult, tuple[sl.Slip, ...], bool]:
        """The search's result, the slips on its line, and whether the check finished (a
        line that passed it; false after the deadline or ``MAX_ROUNDS``)."""
        edits: dict[tuple[int, ...], tuple[int, int]] = {}
        table: dict[Any, list[Any]] = {}
        while True:
            while True:
                depth = self.judge_depth
                policy = self.make_policy(dict(edits) if edits else None, self.judge, 13, depth)
                self.policy = policy
                got = self._search(policy, table)
                if got is not None and self.judge_depth == depth:
                    result = got
                    break
                # the judge added a card below a bound the search used (it stopped the search
                # at once, or found it as the search finished): again, keeping the entries
                # of the boundaries below the new depth, which the policy, the same there,
                # would find again
                table = entries_below(table, self.judge_depth)
            self.rounds += 1
            if self.stop_at is not None and result.lower > self.stop_at:
                return result, (), True  # no line at or below the target, a fortiori
            if self.stop_at is not None and result.tricks is not None:
                if result.tricks > self.stop_at:
                    return result, (), False  # (stopped by the deadline)
            elif not result.complete or result.tricks is None:
                return result, (), False
            found, new = self.check(pos, policy, result.line)
            if not new:
                return result, found, True
            if self.enough is not None and result.tricks >= self.enough:
                line = self.sound_line(pos, policy, result.line, result.tricks)
                if line is not None:
                    return replace(result, line=line), (), True
            adds = False
            for key, (ban, add) in new.items():
                old = edits.get(key, (0, 0))
                edits[key] = (old[0] | ban, (old[1] | add) & ~(old[0] | ban))
                adds = adds or bool(add)
            if adds:
                table = {}
            else:
                for entry in table.values():  # keep the lower bounds only
                    entry[1] = 14
                    entry[2] = None
            if self.rounds >= MAX_ROUNDS or (
                self.deadline is not None and self.clock() >= self.deadline
            ):
                return result, found, False

    def _search(self, policy: NormalPlay, table: dict[Any, list[Any]]) -> MinResult | None:
        """The search's result, ``None`` where the judge stopped it (:class:`_Restart`)."""
        self._searching = True
        try:
            return self.search(policy, table, self.stop_at)
        except _Restart:
            return None
        finally:
            self._searching = False

    def sound_line(
        self, pos: Position, policy: NormalPlay, line: Sequence[Card], tricks: int
    ) -> tuple[Card, ...] | None:
        """A line of ``policy`` on which every play of both sides keeps the double-dummy
        value, kept as close to ``line`` as that allows (its cards where they keep it), if
        its claimer's side takes ``tricks`` on it; ``None`` where it does not, where the
        policy allows no such card at some node of it, or past the deadline.

        When the worst line of the policy reaches the double-dummy value, every choice of
        the policy at the nodes of such a line keeps the value (one that cost a trick would
        give a worse line): this line is then a witness of the same value on which no play
        of the claimer's side costs a trick."""
        side = policy.side
        out: list[Card] = []
        p, state, won = pos, policy.start(pos), 0
        while p.tricks_left:
            if self.deadline is not None and self.clock() >= self.deadline:
                return None
            legal = p.legal_mask()
            choices = policy.allowed(p, state) if p.to_play.side is side else legal
            i = len(out)
            on_line = i < len(line) and out == list(line[:i])
            if not legal & (legal - 1):
                card = cards_of_mask(legal)[0]  # no choice
            else:
                vals = self.solver.card_values_many([p])[0]
                best = max(vals.values())
                keep = [c for c in cards_of_mask(choices) if vals[c] >= best]
                if not keep:
                    return None
                card = line[i] if on_line and line[i] in keep else keep[0]
            out.append(card)
            state = policy.after(p, state, card)
            p, winner = p.play_scored(card)
            won += winner is not None and winner.side is side
        return tuple(out) if won == tricks else None

    def judge(self, pos: Position, state: State, base: int) -> int:
        """The claimer's choices at ``pos`` under the belief rule, checked at once: of the
        cards ``base`` allows (the local rules), those that keep the double-dummy value and
        those that cost a trick as a catalogued slip; the double-dummy plays when none is
        left. Cached by node."""
        policy = self.policy
        assert policy is not None
        key = policy.node_key(pos, state)
        live = node_live(pos)
        # (keyed by the local rules' choices too: the node key leaves out state they read)
        memo = (key, to_rel(base, live), state[2])
        got = self.judged.get(memo)
        if got is not None:
            return from_rel(got, live)
        legal = pos.legal_mask()
        if _one_run(pos, legal):
            # no choice (equivalent cards only). The local rules' only choice is judged all
            # the same: where it proves irrational the judge adds the double-dummy cards,
            # and the lines from those can be worse; left to the check of the search's
            # lines, such a node off every line searched so far would never be judged, and
            # the ruling would depend on the order in which lines were checked
            return base
        if _sure_of_all(policy, pos, base):
            # each of the local rules' cards takes every trick left whatever the opponents
            # hold: each keeps the double-dummy value and wastes nothing (see squandered),
            # so the judge keeps them all without asking
            self.judged[memo] = to_rel(base, live)
            return base
        rel_vals = self.values.get(key)
        if rel_vals is None:
            rel_vals = _rekey(self.solver.card_values_many([pos])[0], pos)
            self.values[key] = rel_vals
        vals = _values_at(rel_vals, live)
        best = max(vals.values())
        allowed = unblock = 0
        for c in cards_of_mask(base):
            if vals[c] >= best or (
                self._verdict(policy, _Node(pos, state, c, key), vals, best, live) is not None
            ):
                allowed |= c.bit
            else:
                unblock |= _unblocking(policy, pos, c, vals, best)
        waste, keeps = self.squandered(policy, pos, state, vals, best, key=key, base=base)
        if (allowed | keeps) & ~waste:
            allowed = (allowed | keeps) & ~waste
            unblock |= keeps
        depth = self.judge_depth
        if unblock & ~base:
            allowed |= unblock
            depth = min(depth, pos.tricks_left)
        if not allowed:
            for c, v in vals.items():
                if v == best:
                    allowed |= c.bit
            depth = min(depth, pos.tricks_left)
        self.judged[memo] = to_rel(allowed, live)
        if depth < self.judge_depth:
            self.judge_depth = depth
            if self._searching:
                raise _Restart
        return allowed

    # -- the check -----------------------------------------------------------------------

    def check(
        self, pos: Position, policy: NormalPlay, line: Sequence[Card]
    ) -> tuple[tuple[sl.Slip, ...], dict[tuple[int, ...], tuple[int, int]]]:
        """The slips on ``line`` and the edits it calls for (empty: the line passes)."""
        side = policy.side
        nodes: list[_Node] = []
        p, state = pos, policy.start(pos)
        for i, card in enumerate(line):
            if p.to_play.side is side:
                legal = p.legal_mask()
                if legal & (legal - 1) and not _one_run(p, legal):
                    nodes.append(_Node(p, state, card, policy.node_key(p, state), i))
            state = policy.after(p, state, card)
            p = p.play(card)
        todo = [n for n in nodes if n.key not in self.values]
        if todo:
            solved = self.solver.card_values_many([n.pos for n in todo])
            for n, vals in zip(todo, solved, strict=True):
                self.values[n.key] = _rekey(vals, n.pos)
        found: list[sl.Slip] = []
        edits: dict[tuple[int, ...], tuple[int, int]] = {}
        for n in nodes:
            live = node_live(n.pos)
            vals = _values_at(self.values[n.key], live)
            best = max(vals.values())
            got = vals[n.card]
            if got >= best:
                waste, keeps = self.squandered(policy, n.pos, n.state, vals, best, key=n.key)
                if n.card.bit & waste:
                    # a play that keeps the value only as the unseen cards lie, where
                    # another keeps the tricks the claimer counts on (see squandered)
                    old = edits.get(n.key, (0, 0))
                    ban = old[0] | to_rel(waste, live)
                    # (an added card the local rules play already would only clear the
                    # search's table)
                    add = to_rel(keeps & ~policy.base_allowed(n.pos, n.state), live)
                    edits[n.key] = (ban, (old[1] | add) & ~ban)
                continue
            kind = self._verdict(policy, n, vals, best, live)
            if kind is not None:
                found.append(
                    sl.Slip(
                        kind,
                        str(n.pos.to_play),
                        str(n.card),
                        14 - n.pos.tricks_left,
                        best - got,
                        n.play,
                    )
                )
                continue
            # irrational: banned with its equivalent cards, and with it every other choice
            # here that costs a trick and is no slip; where nothing of the policy's choices
            # is left, the double-dummy plays are added
            ban = 0
            for c in cards_of_mask(policy.allowed(n.pos, n.state)):
                if vals[c] < best and (
                    c is n.card
                    or self._verdict(policy, _Node(n.pos, n.state, c, n.key), vals, best, live)
                    is None
                ):
                    ban |= _run_of(n.pos, c)
            old = edits.get(n.key, (0, 0))
            rel_ban = to_rel(ban, live) | old[0]
            prior = policy.edits.get(n.key) if policy.edits is not None else None
            banned = from_rel(rel_ban | (prior[0] if prior else 0), live)
            add = _unblocking(policy, n.pos, n.card, vals, best)
            if not policy.base_allowed(n.pos, n.state) & ~banned:
                for c, v in vals.items():
                    if v == best:
                        add |= c.bit
            edits[n.key] = (rel_ban, old[1] | to_rel(add, live))
        return tuple(found), edits

    def squandered(
        self,
        policy: NormalPlay,
        pos: Position,
        state: State,
        vals: dict[Card, int],
        best: int,
        *,
        key: tuple[int, ...],
        base: int | None = None,
    ) -> tuple[int, int]:
        """The plays at ``pos`` that keep the double-dummy value but throw away a trick the
        claimer counts on, and those of the same kind that keep both, as masks (0, 0: none).
        The tricks of the claimer's side that no play of the opponents can stop
        (:func:`count_after`: this trick if his side surely wins it, then its top cards,
        crossing between its two hands by top cards or ruffs, whatever the unseen cards'
        lengths; for a discard on a trick the opponents win or may win, the top cards' tricks
        once the side has the lead again, :func:`discard_count`: he throws his losers before
        the winners he counts on, whoever wins the trick) fall short of the tricks his claim
        still needs after such a play, and not
        after another that keeps the value too and is of the same kind: two discards the
        local rules allow (``base``: by default the policy's choices), or two cards of one
        suit the local rules play (an order within the suit, led or followed: its cards
        that keep the count are added where the local rules do not play them).

        Double dummy values a play knowing where every card lies: a discard of the card
        that a suit's last trick needs (West's S3 from S K-Q-J-3 opposite S A-6-5-2, the SA
        then blocked) keeps the value where the unseen cards give the trick back elsewhere
        (North's CK bare under the CA); so does the CK led from C K-T-9-6 opposite C A-Q,
        which wastes one of the side's three top clubs, where the opponents' clubs happen to
        fall. A player who believes his claim counts his tricks from what he sees: he keeps
        the cards his count needs and throws one it does not (Laws 70A and N2: irrational is
        what no player would choose given the facts he knew; issue 17's pattern "discarding
        the winner that matters"), and plays a suit in the order that keeps its tricks, the
        short hand's high cards first (C1, Law 70E2; the profile's ``short_hand_first``: an
        order within a suit is deemed, so a suit led or followed in an order that loses a
        counted trick is no careless play, unlike an order between suits, slip e). Read for
        declarer's side only (a defender who claims does not see his partner's hand) and
        while the claimer knows of no trump of the opponents (the count knows nothing of
        their ruffs): where they hold one he does not know of (Law 70C, slip a), he counts
        as he plays, as if they held none."""
        if policy.dummy >= 0 or policy.claimed < 0:
            return 0, 0
        trump = policy.trump
        theirs = policy._theirs(pos)
        if trump is not None and theirs & SUIT_MASKS[trump]:
            if policy.aware(state):
                return 0, 0
            # an unmentioned trump he does not know of (70C, C4): he counts his tricks as
            # if the opponents held none, as he plays his side winners (slip a)
            theirs &= ~SUIT_MASKS[trump]
        if base is None:
            base = policy.base_allowed(pos, state)
        trick = pos.trick
        t = -1 if trump is None else int(trump)
        hand = pos.hands[pos.to_play]
        groups: list[list[Card]] = []
        discarding = bool(trick) and not hand & SUIT_MASKS[trick[0].suit]
        if discarding:
            # discards: of the local rules' choices
            groups.append(
                [c for c in cards_of_mask(base) if vals.get(c, -1) >= best and int(c.suit) != t]
            )
        elif policy.prof.short_hand_first and policy.prof.top_down:
            # an order within a suit: of every card of a suit the local rules choose (they
            # lead a suit from its top and follow by rules of thumb; C1 orders it)
            for suit in {c.suit for c in cards_of_mask(base)}:
                legal = pos.legal_mask() & SUIT_MASKS[suit]
                groups.append([c for c in cards_of_mask(legal) if vals.get(c, -1) >= best])
        groups = [g for g in groups if len(g) > 1 and not _one_run(pos, _mask(g))]
        if not groups:
            return 0, 0
        live = node_live(pos)
        memo = (key, to_rel(base, live), state[2])
        got = self.squanders.get(memo)
        if got is not None:
            return from_rel(got[0], live), from_rel(got[1], live)
        waste = keeps = 0
        need = policy.need(pos, state)
        if need > 0:
            for group in groups:
                count = discard_count if discarding else count_after
                counts = {c: count(pos, c, theirs, t) for c in group}
                if max(counts.values()) < need:
                    continue
                short = ok = 0
                for c, n in counts.items():
                    if n < need:
                        short |= c.bit
                    else:
                        ok |= c.bit
                if short & base:
                    waste |= short & base
                    keeps |= ok
        self.squanders[memo] = (to_rel(waste, live), to_rel(keeps, live))
        return waste, keeps

    def _verdict(
        self, policy: NormalPlay, n: _Node, vals: dict[Card, int], best: int, live: int
    ) -> str | None:
        """:meth:`classify`, once per node and card (in relative ranks)."""
        # (with the show-outs seen, which the node key leaves out and the slips read)
        key = (n.key, to_rel(n.card.bit, live), n.state[2])
        if key not in self.verdicts:
            self.verdicts[key] = self.classify(policy, n, vals, best)
        return self.verdicts[key]

    def classify(
        self, policy: NormalPlay, n: _Node, vals: dict[Card, int], best: int
    ) -> str | None:
        """The catalogued slip (``adjudication/slips.py``) that makes the play at ``n``
        normal although it costs a trick double dummy, or ``None``: irrational."""
        pos, state, card = n.pos, n.state, n.card
        enabled = self.enabled
        block = False
        stated = policy.stated(pos, state)
        if stated & card.bit:
            right = [c for c, v in vals.items() if v == best]
            if (
                sl.SUIT_ORDER not in enabled
                and stated & ~card.bit
                and any(c.bit & stated and c.suit is not card.suit for c in right)
            ):
                # steps listed without an order, taken in an order that strands a winner:
                # irrational where that order is (the Danish federation's view)
                return None
            return sl.STATED_LINE
        if policy.dummy >= 0 and int(pos.to_play) != policy.claimer:
            # a defender's claim: his partner's normal alternatives count against it (70D2)
            return sl.PARTNER_CHOICE if sl.PARTNER_CHOICE in enabled else None
        trump = policy.trump
        theirs = policy._theirs(pos)
        trump_out = trump is not None and bool(theirs & SUIT_MASKS[trump])
        leading = not pos.trick
        if (
            leading
            and not policy.prof.top_down
            and sl.ORDER_IN_SUIT in enabled
            and any(v == best and c.suit is card.suit for c, v in vals.items())
        ):
            return sl.ORDER_IN_SUIT  # no order within a suit is deemed (70E2)
        if leading:
            if (
                sl.UNAWARE_TRUMP in enabled
                and trump_out
                and not policy.aware(state)
                and card.suit is not trump
                and card.bit & policy._winners(pos, pos.hands[pos.to_play])
            ):
                # he cashes a side winner, not knowing that a trump is out (70C)
                return sl.UNAWARE_TRUMP
            if (
                sl.UNNOTICED_SHOWOUT in enabled
                and not policy.prof.claimer_notices_showouts
                and policy.runs(card.suit)
            ):
                # running a suit his statement named, the claimer does not notice that an
                # opponent has shown out of it since the claim (C3, White Book 8.70.9)
                for seat in SEATS:
                    if (
                        seat.side is not policy.side
                        and state[2] >> (seat * 4 + card.suit) & 1
                        and not policy.known_voids >> (seat * 4 + card.suit) & 1
                    ):
                        return sl.UNNOTICED_SHOWOUT
            if (
                sl.CARELESS_SPOT in enabled
                and policy.careless
                and policy._careless_lead(pos, card)
                and not state[3] & CARELESS_USED
                and any(v == best and c.suit is card.suit for c, v in vals.items())
            ):
                # the right card is another of the same suit: an order of spot cards
                return sl.CARELESS_SPOT
            hand = pos.hands[pos.to_play]
            winners = policy._winners(pos, hand)
            block = _blocks_short_hand(policy, pos, card, vals, best)
            order = [
                c
                for c, v in vals.items()
                if v == best and c.suit is not card.suit and c.bit & winners
            ]
            if card.bit & winners and (card.suit is not trump or trump_out) and order and not block:
                if sl.SUIT_ORDER in enabled:
                    # two winners to cash, the wrong one first: an order between suits (not
                    # a suit blocked by its own cards' order: see _blocks_short_hand)
                    return sl.SUIT_ORDER
                if _strands(policy, pos, card, order):
                    # where that order is irrational (profile dbf), it is irrational however
                    # it is named: the right winner first keeps tricks that take themselves
                    # whatever the opponents hold, so it is no squeeze or throw-in that
                    # gains only as the unseen cards lie (slip g), and this is no slip
                    return None
        else:
            right = [c for c, v in vals.items() if v == best]
            if (
                sl.RUFF_LOW in enabled
                and trump is not None
                and card.suit is trump
                and pos.trick[0].suit is not trump
                and _overruff_possible(pos, card, policy, state[2])
                and any(c.suit is trump and c.index > card.index for c in right)
            ):
                # (the slip is ruffing low where a higher ruff keeps the trick: where the
                # right play is not to ruff at all, ruffing costs the trick, not its height)
                return sl.RUFF_LOW
            if _opponent_winning(pos, policy) and len(pos.trick) >= 2:
                wins = _takes_trick(pos, card, policy, state[2])
                trick = list(pos.trick)
                if wins and all(winning_index([*trick, c], trump) != len(trick) for c in right):
                    # he takes the trick with a sure winner where double dummy gives it
                    # up (a hold-up, a duck that throws an opponent in; not a finesse,
                    # which may win it): the duck is a technique not stated, not credited,
                    # and taking the trick is normal (70D1)
                    return sl.UNSTATED_TECHNIQUE if sl.UNSTATED_TECHNIQUE in enabled else None
                if (
                    wins
                    and sl.GUESS in enabled
                    and all(
                        winning_index([*trick, c], trump) == len(trick)
                        and not _takes_trick(pos, c, policy, state[2])
                        for c in right
                    )
                ):
                    # he takes the trick with a sure winner where double dummy finesses (a
                    # card that wins it so far but may be beaten by an opponent still to
                    # play): the finesse is an unstated line that depends on finding one
                    # opponent with a card, not credited, and rising is its losing way (70E1)
                    return sl.GUESS
                if not wins and any(_takes_trick(pos, c, policy, state[2]) for c in right):
                    # he plays a card that may lose the trick (a finesse, a duck) holding a
                    # sure winner of it that keeps the value: whether to take it depends on
                    # no card's place, so it is no guess (70E1)
                    return None
        if sl.GUESS not in enabled and sl.UNSTATED_TECHNIQUE not in enabled:
            return None
        need = policy.need(pos, state) if policy.claimed >= 0 else None
        better, as_good = self._layouts(policy, pos, card, vals, best, voids=state[2], need=need)
        if better and sl.GUESS in enabled:
            return sl.GUESS
        if as_good and leading and not block and sl.UNSTATED_TECHNIQUE in enabled:
            # (a suit blocked by the order of its own cards is no technique left unstated:
            # the short hand's high cards go first however the suit lies)
            hand = pos.hands[pos.to_play]
            right = [c for c, v in vals.items() if v == best]
            pressure = trump is not None and not trump_out and all(c.suit is trump for c in right)
            if card.bit & policy._winners(pos, hand) or pressure:
                # the claimer cashes a winner (or leads a side suit, not his last trumps)
                # where the double-dummy lead gains only as the unseen cards lie: a squeeze
                # or throw-in he did not state (70D1, C6; ACBL 2019 guideline 3)
                return sl.UNSTATED_TECHNIQUE
        return None

    def _layouts(
        self,
        policy: NormalPlay,
        pos: Position,
        card: Card,
        vals: dict[Card, int],
        best: int,
        *,
        voids: int,
        need: int | None = None,
    ) -> tuple[bool, bool]:
        """Whether ``card`` would beat every double-dummy play here (a guess, Law 70E1), and
        whether it would do as well as them (their gain depends on where the unseen cards
        lie, 70D1), were one card of the two hands the deciding player cannot see exchanged
        (the lengths he cannot see kept, no card given to a hand known void in its suit).

        ``voids`` are the show-outs known at this point of the line: those before the claim
        and those on the line itself. Law 70E1 accepts a line that depends on finding one
        opponent with a card when an opponent "failed to follow to the suit of that card
        before the claim was made, or would subsequently fail to follow to that suit" on the
        line, so a show-out already seen on the line places the cards and is no guess.

        ``need``: the tricks the claimer's side still needs here for its claim (``None``: not
        counted). Where ``card`` leaves fewer than those (it risks the claim), a right card
        that takes them however the unseen cards lie makes the claim safe: a player who
        believes his claim takes it, and does not risk the tricks he claimed on a guess that
        could only win a trick beyond them (a claim of two of three
        with the A-J over the king: he cashes the ace rather than finesse the jack). The
        claim states his line to that extent (Law 70: the statement and the claim's count are
        what the Director reads the line from; a guess of his own making against that line
        is no doubtful point of it, 70A)."""
        hidden = _hidden(policy, pos.to_play)
        if hidden is None:
            return False, False
        a, b = hidden
        ha, hb = pos.hands[a], pos.hands[b]
        right = [c for c, v in vals.items() if v == best]
        # a card that risks the claim (it leaves fewer than the tricks still needed) is set
        # against a right card sure of the claim; another, against one sure of its value
        risky = need is not None and vals.get(card, best) < need
        enough = {
            c: need if risky and need is not None and vals[c] >= need else vals[c] for c in right
        }
        theirs = policy._theirs(pos)
        t = _count_trump(policy, theirs)
        # the sure line below, proved by the count where it can be (declarer's side, whose
        # swapped layouts move the opponents' cards only, and no trump against it): cards
        # that take their tricks whatever the opponents hold take them in every swapped
        # layout, so no layout need be solved
        if t is not None and any(count_after(pos, c, theirs, t) >= enough[c] for c in right):
            return False, False
        suits = {card.suit, *(c.suit for c in right)}
        swaps: list[Position] = []
        for s in sorted(suits):
            sa, sb = ha & SUIT_MASKS[s], hb & SUIT_MASKS[s]
            for x in cards_of_mask(sa):
                for y in cards_of_mask(sb):
                    swaps.append(_swap(pos, a, b, x, y))
            # a card of the suit for one of another suit (the lengths are unseen too)
            for x in cards_of_mask(sa):
                for t in range(4):
                    if t == s or voids >> (a * 4 + t) & 1 or voids >> (b * 4 + s) & 1:
                        continue
                    for y in cards_of_mask(hb & SUIT_MASKS[t])[:1]:
                        swaps.append(_swap(pos, a, b, x, y))
            for y in cards_of_mask(sb):
                for t in range(4):
                    if t == s or voids >> (b * 4 + t) & 1 or voids >> (a * 4 + s) & 1:
                        continue
                    for x in cards_of_mask(ha & SUIT_MASKS[t])[:1]:
                        swaps.append(_swap(pos, a, b, x, y))
        swaps = swaps[:MAX_SWAPS]
        if not swaps:
            return False, False
        alts = self.solver.card_values_many(swaps)
        # a right card that takes its tricks however the unseen cards lie is a sure line:
        # then the choice depends on nothing the claimer cannot see, and he who believes his
        # claim takes it (C5: the losing option goes against him only where the right play
        # depends on which opponent holds a card)
        for c in right:
            if all(alt.get(c, -1) >= enough[c] for alt in alts):
                return False, False
        better = as_good = False
        for alt in alts:
            mine = alt.get(card)
            if mine is None:
                continue
            others = [alt[c] for c in right if c in alt]
            if others and mine > max(others):
                better = True
            if others and mine >= max(others):
                as_good = True
        return better, as_good


def _mask(cards: Sequence[Card]) -> int:
    out = 0
    for c in cards:
        out |= c.bit
    return out


def _hidden(policy: NormalPlay, seat: Any) -> tuple[int, int] | None:
    """The two hands whose cards the player deciding for ``seat`` cannot see: the
    opponents, when declarer claims (he plays dummy's cards too); his partner and declarer,
    when a defender claims and ``seat`` is his; none for the claimer's partner, who sees the
    claimer's faced hand and dummy."""
    if policy.dummy < 0:
        s = int(seat)
        return ((s + 1) & 3, (s + 3) & 3)
    if int(seat) != policy.claimer:
        return None
    others = [s for s in range(4) if s not in (policy.claimer, policy.dummy)]
    return (others[0], others[1])


def _swap(pos: Position, a: int, b: int, x: Card, y: Card) -> Position:
    hands = list(pos.hands)
    hands[a] = (hands[a] & ~x.bit) | y.bit
    hands[b] = (hands[b] & ~y.bit) | x.bit
    return unchecked_position(tuple(hands), pos.trump, pos.leader, pos.trick)  # type: ignore[arg-type]


def _count_trump(policy: NormalPlay, theirs: int) -> int | None:
    """Where the sure-trick count (:func:`~bridgetable.adjudication.normal.count_after`)
    holds for the side to play: declarer's side (it sees both of its hands) with no trump
    against it, ``theirs`` being the opponents' cards. The trump suit's index for the count
    (-1 for none) there, ``None`` elsewhere."""
    trump = policy.trump
    if policy.dummy >= 0 or (trump is not None and theirs & SUIT_MASKS[trump]):
        return None
    return -1 if trump is None else int(trump)


def _strands(policy: NormalPlay, pos: Position, card: Card, right: Sequence[Card]) -> bool:
    """Whether cashing ``card`` before the double-dummy winners ``right`` of other suits
    strands a winner whatever the opponents hold: one of ``right`` takes more tricks that
    no play of the opponents can stop (:func:`~bridgetable.adjudication.normal.count_after`)
    than ``card`` does, read where the count holds (:func:`_count_trump`). An order of
    winners that gains only as the unseen cards lie (a squeeze: the count is the same either
    way) is not stranding.

    The Danish federation holds an order that strands the claimer's own winners irrational
    (LKU-20, 2021, example 2.1; profile ``dbf``)."""
    theirs = policy._theirs(pos)
    t = _count_trump(policy, theirs)
    if t is None:
        return False
    mine = count_after(pos, card, theirs, t)
    return any(count_after(pos, c, theirs, t) > mine for c in right)


def _blocks_short_hand(
    policy: NormalPlay, pos: Position, card: Card, vals: dict[Card, int], best: int
) -> bool:
    """Whether leading ``card`` is an order within its suit rather than between suits: a
    card led from the longer of the two hands of the claimer's side where a lower card of
    the same suit, led towards partner's shorter holding, keeps the double-dummy value (the
    short hand's high cards first: the suit's own order, profile option
    ``short_hand_first``; C1, Law 70E2, ACBL 2019 guideline 1, EBU Club TD course as cited
    in ``adjudication/profiles.py``). Read only where the player on lead sees partner's
    cards: declarer's side (dummy is faced, declarer plays both hands); a defender who
    claims does not see his partner's hand."""
    if not policy.prof.short_hand_first or not policy.prof.top_down or policy.dummy >= 0:
        return False
    sm = SUIT_MASKS[card.suit]
    mine = pos.hands[pos.to_play] & sm
    theirs = pos.hands[pos.to_play.partner] & sm
    if not theirs or theirs.bit_count() >= mine.bit_count():
        return False
    return any(v == best and c.suit is card.suit and c.index < card.index for c, v in vals.items())


def _unblocking(
    policy: NormalPlay, pos: Position, card: Card, vals: dict[Card, int], best: int
) -> int:
    """Where leading ``card`` blocks its suit (:func:`_blocks_short_hand`) and is no slip,
    the suit's own order instead: its lower cards that keep the double-dummy value, led to
    the short hand's high cards (C1), as a mask (0 where ``card`` is no such lead). The
    local rules lead a suit from the top only, so the belief check adds these."""
    if pos.trick or not _blocks_short_hand(policy, pos, card, vals, best):
        return 0
    out = 0
    for c, v in vals.items():
        if v == best and c.suit is card.suit and c.index < card.index:
            out |= c.bit
    return out


def _sure_of_all(policy: NormalPlay, pos: Position, cards: int) -> bool:
    """Whether each of ``cards`` takes every trick left for the side to play whatever the
    opponents hold (:func:`count_after`, read where they hold no trump): a proof that each
    keeps the double-dummy value, which cannot exceed the tricks left."""
    trump = policy.trump
    theirs = policy._theirs(pos)
    if trump is not None and theirs & SUIT_MASKS[trump]:
        return False
    t = -1 if trump is None else int(trump)
    left = pos.tricks_left
    return all(count_after(pos, c, theirs, t) >= left for c in cards_of_mask(cards))


def _overruff_possible(pos: Position, card: Card, policy: NormalPlay, voids: int) -> bool:
    """Whether an opponent still to play to the trick may hold a higher trump than ``card``
    (the ruff) as far as the claimer knows: a low ruff that may be over-ruffed (slip f).
    ``voids``: the show-outs known at this point (before the claim and on the line, 70E1);
    an opponent who has shown out of trumps cannot over-ruff."""
    seat = pos.to_play
    higher = policy._theirs(pos) & SUIT_MASKS[card.suit] & ~((card.bit << 1) - 1)
    if not higher:
        return False
    for i in range(1, 4 - len(pos.trick)):
        s = seat.next(i)
        if s.side is not policy.side and not voids >> (s * 4 + card.suit) & 1:
            return True
    return False


def _opponent_winning(pos: Position, policy: NormalPlay) -> bool:
    """Whether a card of the opponents wins the trick in progress so far (read with two
    cards or more played to it: the hand to play is then the last of its side to play, so
    that a card that does not win gives the trick away, partner having played)."""
    trick = pos.trick
    w = winning_index(list(trick), policy.trump)
    return ((int(pos.leader) + w) & 1) != int(policy.side)


def _takes_trick(pos: Position, card: Card, policy: NormalPlay, voids: int) -> bool:
    """Whether ``card``, played to the trick in progress, wins it whatever the unseen cards
    (as far as the player knows: an opponent still to play may hold any card the opponents
    hold, and may ruff unless he has shown out of trumps). ``voids``: the show-outs known."""
    trick = [*pos.trick, card]
    if winning_index(trick, policy.trump) != len(trick) - 1:
        return False
    theirs = policy._theirs(pos)
    trump = policy.trump
    seat = pos.to_play
    for i in range(1, 4 - len(pos.trick)):
        s = seat.next(i)
        if s.side is policy.side:
            continue
        if theirs & SUIT_MASKS[card.suit] & ~((card.bit << 1) - 1):
            return False  # a higher card of its suit may be his
        if (
            trump is not None
            and card.suit is not trump
            and theirs & SUIT_MASKS[trump]
            and not voids >> (s * 4 + trump) & 1
        ):
            return False  # he may ruff
    return True


def _one_run(pos: Position, legal: int) -> bool:
    """Whether the legal cards are one run of equivalent cards (adjacent among the cards in
    play, one suit): no real choice."""
    low = legal & -legal
    suit = (low.bit_length() - 1) // 13
    if legal & ~SUIT_MASKS[suit]:
        return False
    live = node_live(pos) & SUIT_MASKS[suit]
    rel = to_rel(legal, live)
    rel >>= (rel & -rel).bit_length() - 1  # lowest card at bit 0
    return rel & (rel + 1) == 0  # one block of adjacent cards


def _run_of(pos: Position, card: Card) -> int:
    """``card`` and the cards of its hand equivalent to it (adjacent among the cards in play
    in its suit), as a mask."""
    hand = pos.hands[pos.to_play] & SUIT_MASKS[card.suit]
    live = node_live(pos) & SUIT_MASKS[card.suit]
    out = card.bit
    for step in (1, -1):
        b = card.bit
        while True:
            nxt = b << 1 if step == 1 else b >> 1
            while nxt and nxt & SUIT_MASKS[card.suit] and not nxt & live:
                nxt = nxt << 1 if step == 1 else nxt >> 1
            if not nxt or not nxt & hand:
                break
            out |= nxt
            b = nxt
    return out


def _rekey(vals: dict[Card, int], pos: Position) -> dict[Card, int]:
    """Values by relative rank (stored so that equivalent positions share them), as a dict
    from the relative-rank card (``Card.from_index``) to the value."""
    live = node_live(pos)
    return {Card.from_index(to_rel(c.bit, live).bit_length() - 1): v for c, v in vals.items()}


def _values_at(rel_vals: dict[Card, int], live: int) -> dict[Card, int]:
    """The stored values (see :func:`_rekey`) for the cards of a position with ``live``."""
    return {Card.from_index(from_rel(c.bit, live).bit_length() - 1): v for c, v in rel_vals.items()}
