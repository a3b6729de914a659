"""Cooperative ("min-min") searches: the fewest tricks a side can be held to.

DDS answers max-min questions (each side does its best). Claims need another one (Laws 70,
71, 79A2): the fewest of the remaining tricks a side takes when *every* card of all four
hands is chosen to hold that side down, optionally with one side restricted by a
:class:`Policy` (say, to the claimer's statement and his normal plays).

:func:`min_tricks` answers it exactly by a depth-first search in pure Python:

* a greedy playout first (a line, so an upper bound), then branch-and-bound searches for the
  least line of at most ``k`` more tricks, ``k`` at most ``_WINDOW`` above a lower bound:
  a line found lowers the target for the cards still to try, so the first success is the
  answer, found and proven at once; a failure proves a higher lower bound (the least of the
  bounds its branches met, so it may rise by more than one trick), and the bounds it leaves
  in the table serve the next ``k``. A larger window costs much when the playout is far
  above the answer; with ``stop_at``, a first-found search for one target;
* a table of bounds (and the witness line) at trick boundaries, keyed by the remaining cards
  reduced to relative ranks within each suit when there is no policy, or when the policy's
  accelerator's ``rank_key`` says what else its choices depend on (otherwise by the exact
  cards and the policy state); a second table finds a boundary's entry by its exact cards;
* one card per run of equivalent cards (same hand and suit, adjacent among the cards still
  in play) when there is no policy, or when the accelerator allows it (``merge_runs``, or
  ``free`` for an unrestricted hand: then also both allowed and leading to equal policy
  states);
* lower bounds at trick boundaries: the side's trumps that cannot all be over-ruffed; the
  side on lead with only top cards; the accelerator's ``sure_tricks``; an optional
  ``bounds`` callable;
* with ``k = 0``, a trick in progress that the side must win is cut at once;
* move ordering that loses the trick for ``side`` first.

A policy's search aids are declared apart from its card-level rules: a :class:`Policy` says
only what the hands may play; an :class:`Accelerator` (passed as ``accelerator``) holds the
aids that make the search over it fast. Without one the search over a policy is the plain
one: every allowed card tried, every boundary keyed by its exact cards and policy state, no
bound but the policy-free ones above. It gives the same answer, more slowly: the aids may
only save work, never change the answer, and ``tests/adjudication/test_accelerator.py``
checks the two against each other.

A deadline on an injected clock stops it; the result then says ``complete=False`` and keeps
the best line found and the lower bound proven.

Example:
    >>> from bridgetable.core.position import Position
    >>> from bridgetable.core.cards import Suit
    >>> from bridgetable.core.seats import Seat, Side
    >>> p = Position.from_pbn("N:AK2... QJ3... T94... 876...", trump=None, leader=Seat.NORTH)
    >>> r = floor(p, Side.NS)
    >>> r.tricks, r.complete, [str(c) for c in r.line[:4]]
    (2, True, ['S2', 'S3', 'S4', 'S6'])
    >>> p = Position.from_pbn("N:AK2... .QJ3.. ..T94. ...876", trump=Suit.SPADES, leader=Seat.EAST)
    >>> floor(p, Side.NS).tricks
    3
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from bridgetable.core.cards import CARDS, Card
from bridgetable.core.position import Position, unchecked_position
from bridgetable.core.seats import SEATS, Side
from bridgetable.solver.errors import SolverError

__all__ = ["Accelerator", "Bounds", "MinResult", "Policy", "entries_below", "floor", "min_tricks"]

S = TypeVar("S", bound=Hashable)

#: Optional bounds ``(lo, hi)`` on the search's answer from a position (the fewest of the
#: remaining tricks the searched side takes there, under the search's policy).
Bounds = Callable[[Position], tuple[int, int]]


class Policy(Protocol[S]):
    """A restriction on what the hands may play, with a hashable state: the card-level
    rules only (the aids that speed the search over it are an :class:`Accelerator`).

    The search calls :meth:`allowed` for every hand to play with a choice of legal cards
    (return ``pos.legal_mask()`` for an unrestricted hand) and :meth:`after` for every card
    it tries. Results are cached by the exact cards and the state, so the state must capture
    everything ``allowed`` depends on besides the position.
    """

    def start(self, pos: Position) -> S:
        """The state at ``pos``, where the search starts."""
        ...

    def allowed(self, pos: Position, state: S) -> int:
        """The cards the hand to play may choose: a non-empty subset of
        ``pos.legal_mask()``."""
        ...

    def after(self, pos: Position, state: S, card: Card) -> S:
        """The state after ``card`` is played at ``pos``."""
        ...


class Accelerator(Protocol[S]):
    """Search aids for one :class:`Policy` (with states of type ``S``): facts about the
    policy that let :func:`min_tricks` prune, share and skip work.

    The aids never change the answer when they keep the promises below; a broken promise
    gives a wrong answer silently, which is why each accelerator should be checked against
    the plain search (``accelerator=None``) on many positions. The search passes the hands
    as four card masks by seat number (North 0), the seat to play or on lead as a seat
    number, and the policy's own states; it may call any aid at any node, any number of
    times, in any order, and calls none of them without a policy.
    """

    def sure_tricks(self, hands: Sequence[int], leader: int, state: S) -> int:
        """A lower bound on the answer from a trick boundary (no card of the trick played)
        with these ``hands``, seat number ``leader`` on lead and the policy in ``state``:
        the fewest of the remaining tricks the searched side takes there when every card is
        chosen to hold it down, within what the policy allows. It must be proven for the
        policy as the search meets it (0 is always sound): the search cuts every line below
        it, at once and in later, larger searches sharing its table."""
        ...

    def rank_key(self, hands: Sequence[int], state: S) -> Hashable | None:
        """``None``, or a hashable token such that the policy's choices from a trick
        boundary with these hands and ``state``, to the end of the play, depend only on the
        token, the seats and the ranks of the cards in play relative to each other within
        each suit (the cards played squeezed out): whatever the policy reads beyond relative
        ranks (an honour test, a known void, an awareness flag...) must be in the token.
        The search then shares one table entry among the boundaries with equal tokens and
        equal relative-rank hands (with other searches too, through ``table``: so equal
        tokens from two policies sharing a table must mean the same choices). It also
        compares the tokens after two of the side's equivalent cards to merge them (see
        :meth:`merge_runs`). ``None`` keys the boundary by its exact cards and state."""
        ...

    def free(self, seat: int) -> bool:
        """Whether :meth:`Policy.allowed` gives seat number ``seat`` every legal card, at
        every node of the search, and the policy chooses alike (for the other hands) at
        positions that differ only in which card of a run of this hand's equivalent cards
        was played, when they lead to equal states. The search then tries one card for each
        run of a free hand's legal cards without asking :meth:`Policy.allowed`, and takes the
        states after them from :meth:`suit_after` when that answers for every suit the hand
        may play."""
        ...

    def suit_after(self, state: S, seat: int, led: int, suit: int) -> S | None:
        """The state :meth:`Policy.after` gives from ``state`` for *every* card of suit
        ``suit`` played by seat number ``seat`` to a trick whose led suit is ``led`` (-1: on
        lead), whatever the position; or ``None`` when it may depend on more (the search
        then calls :meth:`Policy.after`)."""
        ...

    def merge_runs(self) -> bool:
        """Whether the search may try one card for each run of equivalent cards (same hand
        and suit, adjacent among the cards in play): the policy must give the same answer
        from positions that differ only in which card of such a run was played, when both
        cards are allowed and lead to equal states (for the searched side's cards, also to
        equal tokens of :meth:`rank_key`, not ``None``). ``False`` tries every allowed card.
        """
        ...


@dataclass(frozen=True, slots=True)
class MinResult:
    """The answer of :func:`min_tricks`.

    Attributes:
        tricks: the fewest of the remaining tricks (the one in progress included) the side
            takes; when ``complete`` is false, the fewest found so far (an upper bound on
            the true answer), or ``None`` if no line was found.
        line: a witness: the cards from the position to the end, in order, giving
            ``tricks`` tricks to the side (and obeying the policy).
        complete: whether ``tricks`` is proven to be the minimum (false after a deadline,
            and possibly after a search told to ``stop_at`` a target).
        nodes: search nodes visited.
        lower: a proven lower bound on the answer (equal to ``tricks`` when complete).
    """

    tricks: int | None
    line: tuple[Card, ...]
    complete: bool
    nodes: int
    lower: int = 0


# ---------------------------------------------------------------------------- card tables

_M13 = 0x1FFF
_SUIT_MASKS = tuple(_M13 << (13 * s) for s in range(4))
_SUIT_OF = tuple(i // 13 for i in range(52))
_RANK_OF = tuple(i % 13 for i in range(52))
_CACHE_LIMIT = 1 << 18
_MEMO_LIMIT = 2_000_000
_CHECK_EVERY = 512
_WINDOW = 2

# Caches of per-suit facts. ``_RUNS`` is keyed by ``(pattern of the suit's cards
# in play) << 13 | (a hand's pattern)``, ``_OWNERS`` by the four hands' patterns of a suit
# (13 bits each, North lowest), ``_TRUMP_LB`` by the trumps of the opponents and of
# the side's two hands (see :func:`_trump_lb`).
_REP_CARDS: dict[int, tuple[int, ...]] = {}
_RUNS: dict[int, tuple[int, ...]] = {}
_OWNERS: dict[int, int] = {}
_TRUMP_LB: dict[int, int] = {}


def _store(cache: dict[int, Any], key: int, value: Any) -> None:
    if len(cache) > _CACHE_LIMIT:
        cache.clear()
    cache[key] = value


def _rep_cards(key: int) -> tuple[int, ...]:
    """The lowest card of each run of a hand's cards in a suit (cards adjacent among the
    cards in play), lowest first, as card indices; ``key`` is ``13 * suit << 26 | (the suit's
    cards in play) << 13 | (the hand's cards in the suit)``, rank patterns."""
    base = key >> 26
    inplay, mine = (key >> 13) & _M13, key & _M13
    got = []
    prev_mine = False
    for b in range(13):
        bit = 1 << b
        if inplay & bit:
            if mine & bit:
                if not prev_mine:
                    got.append(base + b)
                prev_mine = True
            else:
                prev_mine = False
    out = tuple(got)
    _store(_REP_CARDS, key, out)
    return out


def _runs(key: int) -> tuple[int, ...]:
    """For each rank bit of a hand's suit pattern: the rank bit of the lowest card of its run
    (as in :func:`_rep_cards`), -1 for cards not held."""
    got = _RUNS.get(key)
    if got is None:
        inplay, mine = key >> 13, key & _M13
        out = [-1] * 13
        low = -1
        for b in range(13):
            bit = 1 << b
            if inplay & bit:
                if mine & bit:
                    if low < 0:
                        low = b
                    out[b] = low
                else:
                    low = -1
        got = tuple(out)
        _store(_RUNS, key, got)
    return got


def _owners(key: int) -> int:
    """The owners of a suit's cards in play, highest first, two bits each after a leading 1:
    the suit with ranks made relative (the cards played are squeezed out)."""
    got = 1
    for b in range(12, -1, -1):
        for seat in range(4):
            if key >> (13 * seat + b) & 1:
                got = got << 2 | seat
                break
    _store(_OWNERS, key, got)
    return got


def _trump_lb(key: int) -> int:
    """The fewest tricks the side's trumps must win: ``key`` holds the opponents' trumps
    (bits 26-38) and the trumps of the side's two hands (bits 13-25 and 0-12), rank patterns.

    A trick holding a trump of the side is won by the side unless an opposing trump beats
    the side's highest trump in it, and one opposing trump beats at most one trick. The
    opponents do best to pair the two hands' trumps in rank order (the highest with the
    highest...), which makes the fewest and lowest such tricks; the rest cannot all be
    matched to higher opposing trumps.
    """
    theirs, one, two = key >> 26, (key >> 13) & _M13, key & _M13
    tops = []  # the pairs' highest trumps (ranks), the longer hand's extra trumps
    b1, b2 = one, two
    while b1 or b2:
        r1 = b1.bit_length() - 1
        r2 = b2.bit_length() - 1
        tops.append(max(r1, r2))
        if b1:
            b1 ^= 1 << r1
        if b2:
            b2 ^= 1 << r2
    free = 0
    matched = 0
    i = 0
    for b in range(12, -1, -1):
        if theirs >> b & 1:
            free += 1
        while i < len(tops) and tops[i] == b:
            if free:
                free -= 1
                matched += 1
            i += 1
    got = len(tops) - matched
    _store(_TRUMP_LB, key, got)
    return got


def _card_with(pattern: int, above: int) -> int:
    """The rank bit index of the card of ``pattern`` with ``above`` cards of it higher."""
    b = pattern.bit_length() - 1
    while True:
        if pattern >> b & 1:
            if above == 0:
                return b
            above -= 1
        b -= 1


def _is_top(hand_suit: int, inplay_suit: int) -> bool:
    """Whether every card of a hand's (non-empty) suit pattern is above all other cards in
    play of the suit."""
    low = (hand_suit & -hand_suit).bit_length() - 1
    return not (inplay_suit & ~hand_suit) >> low


class _Timeout(Exception):
    pass


# --------------------------------------------------------------------------------- search

#: A found line: its value and its cards (indices) in reverse order.
_Found = tuple[int, list[int]]


class _Search:
    """One min-min search; the hands are mutated in place as cards are tried."""

    def __init__(
        self,
        pos: Position,
        side: Side,
        *,
        policy: Policy[Any] | None,
        deadline: float | None,
        clock: Callable[[], float] | None,
        bounds: Bounds | None,
        table: dict[Hashable, list[Any]] | None = None,
        accelerator: Accelerator[Any] | None = None,
    ) -> None:
        self.hands = list(pos.hands)
        self.tsuit = pos.trump
        self.trump = -1 if pos.trump is None else int(pos.trump)
        self.side = int(side)
        self.policy = policy
        self.deadline = deadline
        self.clock = clock
        self.bounds = bounds
        if accelerator is not None and policy is None:
            raise SolverError("an accelerator speeds the search over a policy: pass both")
        # the aids (see Accelerator), as bound methods for the hot path; none: plain search
        self.sure: Callable[[Sequence[int], int, Any], int] | None = None
        self.rank_key: Callable[[Sequence[int], Any], Hashable | None] | None = None
        self.suit_after: Callable[[Any, int, int, int], Any] | None = None
        self.free: tuple[bool, ...] = (False, False, False, False)
        # whether one card of a run of equivalent cards stands for the run: always without
        # a policy (the cards are then alike), with one only when the accelerator says so
        self.merge_runs = policy is None
        if accelerator is not None:
            self.sure = accelerator.sure_tricks
            self.rank_key = accelerator.rank_key
            self.suit_after = accelerator.suit_after
            self.merge_runs = bool(accelerator.merge_runs())
            self.free = tuple(bool(accelerator.free(seat)) for seat in range(4))
        # the entries by relative-rank key (shared with other searches when given) and by
        # exact cards and policy state (this search's own)
        self.memo: dict[Hashable, list[Any]] = {} if table is None else table
        self.own: dict[Hashable, list[Any]] = {}
        self.exact: dict[Hashable, list[Any]] = {}  # the entries by exact cards
        self.nodes = 0
        self.check_at = _CHECK_EVERY
        self.bound = 0  # after a failed dfs: a proven lower bound on its node's answer

    # -- helpers -------------------------------------------------------------------------

    def check(self) -> None:
        """Raise _Timeout when the deadline has passed."""
        self.check_at = self.nodes + _CHECK_EVERY
        if self.deadline is not None and self.clock is not None and self.clock() >= self.deadline:
            raise _Timeout

    def position(self, leader: int, trick: tuple[int, ...]) -> Position:
        h = self.hands
        # a position reached by legal play: built without Position's checks (hot path)
        return unchecked_position(
            (h[0], h[1], h[2], h[3]), self.tsuit, SEATS[leader], tuple(CARDS[c] for c in trick)
        )

    def beats(self, c: int, w: int) -> bool:
        """Whether card ``c`` beats the trick's winning card ``w``."""
        sc = _SUIT_OF[c]
        if sc == _SUIT_OF[w]:
            return c > w
        return sc == self.trump

    def key(self, leader: int, state: Hashable) -> Hashable | None:
        """The table key of a trick boundary: relative ranks without a policy, or with the
        accelerator's ``rank_key`` token when it gives one here; ``None`` when the entry
        depends on the exact cards and the policy state."""
        h0, h1, h2, h3 = self.hands
        token: Hashable = None
        if self.policy is not None:
            token = None if self.rank_key is None else self.rank_key(self.hands, state)
            if token is None:
                return None
        get = _OWNERS.get
        out = [leader, token]
        for sh in (0, 13, 26, 39):
            k = (
                (h0 >> sh & _M13)
                | (h1 >> sh & _M13) << 13
                | (h2 >> sh & _M13) << 26
                | (h3 >> sh & _M13) << 39
            )
            o = get(k)
            out.append(_owners(k) if o is None else o)
        return tuple(out)

    def lower(self, leader: int) -> int:
        """A lower bound on the side's tricks from a trick boundary.

        * Trumps: see :func:`_trump_lb`.
        * The side on lead with only top cards that cannot be ruffed wins this trick, and
          every trick if partner cannot ruff one of them to take the lead.
        """
        h = self.hands
        a, b = self.side, self.side + 2
        n = h[leader].bit_count()
        theirs_all = h[a ^ 1] | h[b ^ 1]
        lo = 0
        if self.trump >= 0:
            t = self.trump * 13
            theirs = (theirs_all >> t) & _M13
            ta = (h[a] >> t) & _M13
            tb = (h[b] >> t) & _M13
            if not theirs:
                lo = max(ta.bit_count(), tb.bit_count())
            elif ta or tb:
                k = theirs << 26 | ta << 13 | tb
                got = _TRUMP_LB.get(k)
                lo = _trump_lb(k) if got is None else got
        if (leader & 1) == self.side and lo < n:
            hand = h[leader]
            inplay = h[0] | h[1] | h[2] | h[3]
            ruffable = self.trump >= 0 and theirs_all & _SUIT_MASKS[self.trump]
            all_trumps = True
            for s in range(4):
                hs = (hand >> (13 * s)) & _M13
                if not hs:
                    continue
                if s != self.trump:
                    all_trumps = False
                    if ruffable:
                        break
                if not _is_top(hs, (inplay >> (13 * s)) & _M13):
                    break
            else:
                # it wins this trick; and every trick if partner cannot ruff to take the lead
                partner = h[leader ^ 2]
                if all_trumps or self.trump < 0 or not partner & _SUIT_MASKS[self.trump]:
                    return n
                return max(lo, 1)
        return lo

    def encode(self, rline: list[int]) -> tuple[int, ...]:
        """A line (reversed indices) as codes ``suit << 4 | cards above it in play``,
        forward: the same codes name the same line at any boundary with an equal key."""
        h = self.hands
        inplay = h[0] | h[1] | h[2] | h[3]
        out = []
        for c in reversed(rline):
            s = _SUIT_OF[c]
            p = (inplay >> (13 * s)) & _M13
            out.append(s << 4 | (p >> (_RANK_OF[c] + 1)).bit_count())
        return tuple(out)

    def decode(self, codes: tuple[int, ...]) -> list[int]:
        """The reversed line of card indices for codes made by :meth:`encode`."""
        h = self.hands
        inplay = h[0] | h[1] | h[2] | h[3]
        out = []
        for code in reversed(codes):
            s = code >> 4
            p = (inplay >> (13 * s)) & _M13
            out.append(13 * s + _card_with(p, code & 15))
        return out

    def side_holds(self, leader: int, trick: tuple[int, ...], wcard: int) -> bool:
        """Whether no opponent still to play to the trick in progress can beat its winning
        card (which the side holds)."""
        h = self.hands
        side = self.side
        led = _SUIT_OF[trick[0]]
        wsuit = _SUIT_OF[wcard]
        trump = self.trump
        above = -1 << (wcard + 1)  # the cards higher than wcard (of its suit and above)
        for i in range(len(trick), 4):
            seat = (leader + i) & 3
            if (seat & 1) == side:
                continue
            hand = h[seat]
            follow = hand & _SUIT_MASKS[led]
            if follow:
                if wsuit == led and follow & above:
                    return False
            elif trump >= 0:
                trumps = hand & _SUIT_MASKS[trump]
                if trumps and (wsuit != trump or trumps & above):
                    return False
        return True

    # -- moves ---------------------------------------------------------------------------

    def moves(
        self, leader: int, trick: tuple[int, ...], wseat: int, wcard: int, state: Hashable
    ) -> tuple[list[int], list[Hashable] | None]:
        """The cards to try at this node, one per class of equivalent cards, best first
        (lines where the side loses the trick first: the side leads and follows low and
        discards high, its opponents lead high and win cheaply), with the policy states
        after them."""
        h = self.hands
        seat = (leader + len(trick)) & 3
        hand = h[seat]
        inplay = h[0] | h[1] | h[2] | h[3]
        for c in trick:
            inplay |= 1 << c
        policy = self.policy
        states: dict[int, Hashable] | None = None
        cands: list[int] = []
        legal = hand
        if trick:
            sh = 13 * _SUIT_OF[trick[0]]
            hs = (hand >> sh) & _M13
            if hs:
                legal = hs << sh
                if policy is None:
                    k = sh << 26 | ((inplay >> sh) & _M13) << 13 | hs
                    got = _REP_CARDS.get(k)
                    cands = list(_rep_cards(k) if got is None else got)
                    if len(cands) > 1:
                        cands = self.order(cands, seat, trick, wseat, wcard)
                    return cands, None
        if policy is None:
            get = _REP_CARDS.get
            for sh in (0, 13, 26, 39):
                hs = (legal >> sh) & _M13
                if hs:
                    k = sh << 26 | ((inplay >> sh) & _M13) << 13 | hs
                    got = get(k)
                    cands.extend(_rep_cards(k) if got is None else got)
        else:
            suit_after = self.suit_after
            led = _SUIT_OF[trick[0]] if trick else -1
            if suit_after is not None and self.free[seat]:
                # an unrestricted hand (the policy restricts the side only): its legal cards,
                # one per run, and the policy's state after each without a Position, when
                # the policy can tell it
                fstates: list[Hashable] = [None] * 4  # by suit
                get = _REP_CARDS.get
                for s in range(4):
                    sh = 13 * s
                    hs = (legal >> sh) & _M13
                    if not hs:
                        continue
                    nstate = suit_after(state, seat, led, s)
                    if nstate is None:
                        break
                    fstates[s] = nstate
                    k = sh << 26 | ((inplay >> sh) & _M13) << 13 | hs
                    got = get(k)
                    cands.extend(_rep_cards(k) if got is None else got)
                else:
                    if len(cands) > 1:
                        cands = self.order(cands, seat, trick, wseat, wcard)
                    return cands, [fstates[_SUIT_OF[c]] for c in cands]
                cands = []
            pos: Position | None = None
            if legal & (legal - 1):
                pos = self.position(leader, trick)
                allowed = policy.allowed(pos, state)
                if not allowed or allowed & ~legal:
                    raise SolverError(f"the policy allowed no card or an illegal one at {pos}")
            else:
                allowed = legal  # a single legal card: the policy's only choice
            if not allowed & (allowed - 1):  # one card: no runs to merge, nothing to order
                c = allowed.bit_length() - 1
                nstate = None if suit_after is None else suit_after(state, seat, led, _SUIT_OF[c])
                if nstate is None:
                    if pos is None:
                        pos = self.position(leader, trick)
                    nstate = policy.after(pos, state, CARDS[c])
                return [c], [nstate]
            seen: dict[tuple[int, Hashable], list[int]] = {}
            states = {}
            for s in range(4):
                sh = 13 * s
                hs = (allowed >> sh) & _M13
                if not hs:
                    continue
                runs = _runs(((inplay >> sh) & _M13) << 13 | ((hand >> sh) & _M13))
                sstate = None if suit_after is None else suit_after(state, seat, led, s)
                while hs:
                    low = hs & -hs
                    hs ^= low
                    b = low.bit_length() - 1
                    if sstate is not None:
                        nstate = sstate
                    else:
                        if pos is None:
                            pos = self.position(leader, trick)
                        nstate = policy.after(pos, state, CARDS[sh + b])
                    group = (sh + runs[b], nstate)
                    met = seen.get(group)
                    if met is None:
                        seen[group] = [sh + b]
                    elif self.alike(seat, sh + b, met, nstate):
                        continue
                    else:
                        met.append(sh + b)
                    cands.append(sh + b)
                    states[sh + b] = nstate
        if len(cands) > 1:
            cands = self.order(cands, seat, trick, wseat, wcard)
        if states is None:
            return cands, None
        return cands, [states[c] for c in cands]

    def alike(self, seat: int, card: int, met: list[int], nstate: Hashable) -> bool:
        """Whether ``card`` may stand in for one of ``met``: cards of its run in the same hand
        leading to the same policy state, where the accelerator lets runs merge (never in
        the plain search). Always then for the opponents' cards (the policy restricts the
        searched side), and for a free hand's. For the side's cards, the accelerator's token
        after them must be equal and not None: a statement names exact cards, and (say) a
        ten and a nine kept may be led differently later."""
        if (seat & 1) != self.side and self.free[seat]:
            return True
        if not self.merge_runs:
            return False
        rank_key = self.rank_key
        if rank_key is None or (seat & 1) != self.side:
            return True
        h = self.hands

        def token(c: int) -> Hashable:
            h[seat] ^= 1 << c
            try:
                got: Hashable = rank_key(h, nstate)
                return got
            finally:
                h[seat] ^= 1 << c

        want = token(card)
        return want is not None and any(token(m) == want for m in met)

    def order(
        self, cands: list[int], seat: int, trick: tuple[int, ...], wseat: int, wcard: int
    ) -> list[int]:
        side = self.side
        mine = (seat & 1) == side
        trump = self.trump
        if not trick:
            # a lead the other team can beat (a higher card, or a ruff) first when the side
            # leads, last when its opponents lead
            h = self.hands
            o1, o2 = h[(seat + 1) & 3], h[(seat + 3) & 3]
            tm = _SUIT_MASKS[trump] if trump >= 0 else 0
            beaten: list[int] = []
            held: list[int] = []
            for c in cands:
                sm = _SUIT_MASKS[_SUIT_OF[c]]
                above = sm & (-1 << (c + 1))
                if (o1 | o2) & above or (
                    tm and sm != tm and ((o1 & tm and not o1 & sm) or (o2 & tm and not o2 & sm))
                ):
                    beaten.append(c)
                else:
                    held.append(c)
            if mine:
                beaten.sort(key=_RANK_OF.__getitem__)
                beaten.extend(held)
                return beaten
            held.sort(key=_RANK_OF.__getitem__, reverse=True)
            beaten.sort(key=_RANK_OF.__getitem__, reverse=True)
            held.extend(beaten)
            return held
        wsuit = _SUIT_OF[wcard]
        seat_side = (seat & 1) == side
        winner_side = (wseat & 1) == side
        good: list[int] = []
        bad: list[int] = []
        for c in cands:  # ascending within each suit
            s = _SUIT_OF[c]
            wins = c > wcard if s == wsuit else s == trump
            if seat_side if wins else winner_side:
                bad.append(c)
            else:
                good.append(c)
        if mine and _SUIT_OF[cands[0]] != _SUIT_OF[trick[0]]:
            good.reverse()  # the side discards its high cards first
        good.extend(bad)
        return good

    # -- the search ----------------------------------------------------------------------

    def rollout(
        self, leader: int, trick: tuple[int, ...], wseat: int, wcard: int, state: Hashable
    ) -> _Found:
        """Play the first-ordered card at every turn to the end: a line and its value."""
        h = self.hands
        played: list[tuple[int, int]] = []
        value = 0
        while True:
            seat = (leader + len(trick)) & 3
            if not h[seat]:
                break
            self.nodes += 1
            cands, states = self.moves(leader, trick, wseat, wcard, state)
            c = cands[0]
            if states is not None:
                state = states[0]
            h[seat] ^= 1 << c
            played.append((seat, c))
            if not trick or self.beats(c, wcard):
                wseat, wcard = seat, c
            if len(trick) == 3:
                if (wseat & 1) == self.side:
                    value += 1
                leader, trick, wcard = wseat, (), -1
            else:
                trick = (*trick, c)
        for seat, c in played:
            h[seat] ^= 1 << c
        return value, [c for _, c in reversed(played)]

    def dfs(  # noqa: PLR0917 - the hot path takes its state as arguments
        self, leader: int, trick: tuple[int, ...], wseat: int, wcard: int, state: Hashable, k: int
    ) -> _Found | None:
        """A line on which the side takes at most ``k`` more tricks, or None; then
        ``self.bound`` holds a proven lower bound (above ``k``) on the node's answer: the
        least of its children's, so that a failed target can raise the next one by more than
        one trick."""
        self.nodes += 1
        if self.nodes >= self.check_at:
            self.check()
        h = self.hands
        nt = len(trick)
        seat = (leader + nt) & 3
        n = h[seat].bit_count()
        if k >= n:
            return self.rollout(leader, trick, wseat, wcard, state)
        side = self.side
        entry = None
        if nt == 0:
            if n == 1:  # the last trick plays itself
                cards = [h[(leader + i) & 3].bit_length() - 1 for i in range(4)]
                wi = 0
                for i in (1, 2, 3):
                    if self.beats(cards[i], cards[wi]):
                        wi = i
                won = 1 if ((leader + wi) & 1) == side else 0
                if won > k:
                    self.bound = won
                    return None
                cards.reverse()
                return won, cards
            exact = (leader, h[0], h[1], h[2], h[3], state)
            entry = self.exact.get(exact)
            if entry is None:
                entry = self.entry(leader, state, exact, n, k)
            if k < entry[0]:
                self.bound = entry[0]
                return None
            if k >= entry[1]:
                return entry[1], self.decode(entry[2])
        elif k == 0 and (wseat & 1) == side and self.side_holds(leader, trick, wcard):
            self.bound = 1
            return None
        cands, states = self.moves(leader, trick, wseat, wcard, state)
        last = nt == 3
        found = None
        won = 0
        least = n + 1  # the least proven lower bound of the children tried
        for i, c in enumerate(cands):
            nstate = state if states is None else states[i]
            if nt == 0 or (
                c > wcard if _SUIT_OF[c] == _SUIT_OF[wcard] else _SUIT_OF[c] == self.trump
            ):
                nws, nwc = seat, c
            else:
                nws, nwc = wseat, wcard
            bit = 1 << c
            if last:
                won = 1 if (nws & 1) == side else 0
                if won > k:
                    least = min(least, won)
                    continue
                h[seat] ^= bit
                found = self.dfs(nws, (), -1, -1, nstate, k - won)
            else:
                h[seat] ^= bit
                found = self.dfs(leader, (*trick, c), nws, nwc, nstate, k)
            h[seat] ^= bit
            if found is not None:
                found[1].append(c)
                found = (found[0] + won, found[1])
                break
            least = min(least, self.bound + won)
        if found is None:
            self.bound = least
        if entry is not None:
            if found is None:
                entry[0] = max(entry[0], least)
            elif found[0] < entry[1]:
                entry[1] = found[0]
                entry[2] = self.encode(found[1])
        return found

    def least(  # noqa: PLR0917 - the hot path takes its state as arguments
        self, leader: int, trick: tuple[int, ...], wseat: int, wcard: int, state: Hashable, k: int
    ) -> _Found | None:
        """The least line from this node (its answer, exact) if the answer is at most
        ``k``, else None with ``self.bound`` as in :meth:`dfs`: a branch and bound, each line
        found lowering the target for the cards still to try, and a boundary's answer, once
        found, kept in the table as exact."""
        self.nodes += 1
        if self.nodes >= self.check_at:
            self.check()
        h = self.hands
        nt = len(trick)
        seat = (leader + nt) & 3
        n = h[seat].bit_count()
        k = min(k, n)
        side = self.side
        entry = None
        known: _Found | None = None  # a boundary's best line in the table, not proven least
        floor_here = 0
        if nt == 0:
            if n == 1:  # the last trick plays itself
                cards = [h[(leader + i) & 3].bit_length() - 1 for i in range(4)]
                wi = 0
                for i in (1, 2, 3):
                    if self.beats(cards[i], cards[wi]):
                        wi = i
                won = 1 if ((leader + wi) & 1) == side else 0
                if won > k:
                    self.bound = won
                    return None
                cards.reverse()
                return won, cards
            exact = (leader, h[0], h[1], h[2], h[3], state)
            entry = self.exact.get(exact)
            if entry is None:
                entry = self.entry(leader, state, exact, n, k)
            if k < entry[0]:
                self.bound = entry[0]
                return None
            if k >= entry[1]:
                if entry[0] >= entry[1]:
                    return entry[1], self.decode(entry[2])
                known = entry[1], self.decode(entry[2])
                k = entry[1] - 1  # look for a better line only
            floor_here = entry[0]
        elif k == 0 and (wseat & 1) == side and self.side_holds(leader, trick, wcard):
            self.bound = 1
            return None
        cands, states = self.moves(leader, trick, wseat, wcard, state)
        last = nt == 3
        found = None
        won = 0
        least = n + 1
        for i, c in enumerate(cands):
            nstate = state if states is None else states[i]
            if nt == 0 or (
                c > wcard if _SUIT_OF[c] == _SUIT_OF[wcard] else _SUIT_OF[c] == self.trump
            ):
                nws, nwc = seat, c
            else:
                nws, nwc = wseat, wcard
            bit = 1 << c
            if last:
                won = 1 if (nws & 1) == side else 0
                if won > k:
                    least = min(least, won)
                    continue
                h[seat] ^= bit
                got = self.least(nws, (), -1, -1, nstate, k - won)
            else:
                h[seat] ^= bit
                got = self.least(leader, (*trick, c), nws, nwc, nstate, k)
            h[seat] ^= bit
            if got is not None:
                got[1].append(c)
                found = (got[0] + won, got[1])
                if found[0] <= floor_here:
                    break
                k = found[0] - 1  # the other cards must do better
            elif self.bound + won < least:
                least = self.bound + won
        if found is None:
            found = known
        if found is None:
            self.bound = least
            if entry is not None and least > entry[0]:
                entry[0] = least
            return None
        if entry is not None:
            entry[0] = entry[1] = found[0]
            entry[2] = self.encode(found[1])
        return found

    def entry(self, leader: int, state: Hashable, exact: Hashable, n: int, k: int) -> list[Any]:
        """The table entry of a trick boundary first met by its exact cards: shared by every
        boundary with an equal :meth:`key`."""
        key = self.key(leader, state)
        memo = self.memo
        if key is None:
            memo, key = self.own, exact
        entry = memo.get(key)
        if entry is None:
            lo = self.lower(leader)
            if self.sure is not None:  # cheap: always, for later and larger targets too
                lo = max(lo, self.sure(self.hands, leader, state))
            if self.bounds is not None and lo <= k:
                lo = max(lo, self.call_bounds(self.position(leader, ()), n)[0])
            if len(memo) > _MEMO_LIMIT or len(self.exact) > 2 * _MEMO_LIMIT:
                memo.clear()
                self.exact.clear()
            # [lower bound, tricks of the best line known (or n + 1), that line encoded]
            entry = [lo, n + 1, None]
            memo[key] = entry
        self.exact[exact] = entry
        return entry

    def call_bounds(self, pos: Position, n: int) -> tuple[int, int]:
        if self.bounds is None:
            return 0, n
        lo, hi = self.bounds(pos)
        if lo > hi:
            raise SolverError(f"bounds ({lo}, {hi}) are inconsistent at {pos}")
        return max(0, lo), min(n, hi)

    # -- the driver ----------------------------------------------------------------------

    def run(self, pos: Position, stop_at: int | None = None) -> MinResult:
        leader = int(pos.leader)
        trick = tuple(c.index for c in pos.trick)
        wseat, wcard = -1, -1
        for i, c in enumerate(trick):
            if i == 0 or self.beats(c, wcard):
                wseat, wcard = (leader + i) & 3, c
        n = pos.hands[pos.to_play].bit_count()
        if n == 0:
            return MinResult(0, (), True, 0, 0)
        state = None if self.policy is None else self.policy.start(pos)
        ub, rline = self.rollout(leader, trick, wseat, wcard, state)
        lo = 0 if trick else self.lower(leader)
        hi = n
        if self.bounds is not None:
            blo, hi = self.call_bounds(pos, n)
            lo = max(lo, blo)
        try:
            # ascending: each failed target proves a lower bound (and fills the table with
            # bounds the next target reuses); the first success is the answer. With
            # ``stop_at``, one target only: "at most stop_at?"
            while lo < ub and (stop_at is None or lo <= stop_at < ub):
                self.check()
                if stop_at is None:
                    # a branch and bound up to a few tricks above the lower bound: it finds
                    # the least line, if there is one, and proves it least (rather than a
                    # proof, then a search for a line); or it proves a higher lower bound
                    k = min(ub - 1, lo + _WINDOW)
                    found = self.least(leader, trick, wseat, wcard, state, k)
                    if found is not None:
                        ub, rline = found
                        lo = ub
                        break
                    lo = max(k + 1, self.bound)
                    if lo > hi:
                        raise SolverError(f"the bounds' hi ({hi}) is below the answer at {pos}")
                    continue
                k = lo if stop_at is None else stop_at
                found = self.dfs(leader, trick, wseat, wcard, state, k)
                if found is None:
                    lo = max(k + 1, self.bound)
                    if lo > hi:
                        raise SolverError(f"the bounds' hi ({hi}) is below the answer at {pos}")
                else:
                    ub, rline = found
        except _Timeout:
            return MinResult(ub, tuple(CARDS[c] for c in reversed(rline)), False, self.nodes, lo)
        done = lo >= ub
        line = tuple(CARDS[c] for c in reversed(rline))
        return MinResult(ub, line, done, self.nodes, ub if done else lo)


def entries_below(table: dict[Hashable, list[Any]], tricks: int) -> dict[Hashable, list[Any]]:
    """The entries of a ``table`` (see :func:`min_tricks`) of the trick boundaries with fewer
    than ``tricks`` tricks left: for a search whose policy is the same from those boundaries
    on, and differs above them."""
    out: dict[Hashable, list[Any]] = {}
    for key, entry in table.items():
        cards = 0
        for owners in key[2:]:  # type: ignore[index]
            cards += (owners.bit_length() - 1) >> 1
        if cards < 4 * tricks:
            out[key] = entry
    return out


def min_tricks(
    pos: Position,
    side: Side,
    policy: Policy[Any] | None = None,
    *,
    deadline: float | None = None,
    clock: Callable[[], float] | None = None,
    bounds: Bounds | None = None,
    stop_at: int | None = None,
    table: dict[Hashable, list[Any]] | None = None,
    accelerator: Accelerator[Any] | None = None,
) -> MinResult:
    """The fewest of the remaining tricks (the one in progress included) ``side`` takes when
    every card of all four hands is chosen to hold ``side`` down, each hand restricted to
    what ``policy`` allows it.

    Args:
        pos: the position.
        side: the side whose tricks are counted.
        policy: a restriction on the play (see :class:`Policy`); ``None`` lets every hand
            play any legal card (the "floor").
        deadline: stop when ``clock()`` reaches this value; the result is then incomplete.
        clock: a monotonic clock in seconds, needed with ``deadline`` (pass
            ``time.monotonic`` at the call site); never read otherwise.
        bounds: optional ``(lo, hi)`` bounds on the answer from a position, called at the
            root and once for each new trick boundary searched. ``lo`` prunes: it must be
            sound, as a wrong one gives a wrong answer. ``hi`` is checked at the root: an
            answer above it raises a SolverError (with no policy, the double-dummy tricks of
            ``side`` are a sound ``hi``: the min-min answer never exceeds them).
        stop_at: answer only "at most ``stop_at``?": stop at the first line with at most
            that many tricks (``tricks``), or with a proven ``lower`` above it.
        table: a dict to keep the table of bounds in, to share it with other searches of
            the same position and side (pass the same dict to each). It holds the entries
            keyed by relative ranks (with the accelerator's ``rank_key`` token); those keyed
            by exact cards and policy state stay with each search. So the accelerators must
            give equal tokens only where their policies' choices, from there to the end, are
            the same.
        accelerator: search aids for ``policy`` (see :class:`Accelerator`), which must keep
            its promises: a wrong aid gives a wrong answer. ``None`` (the default) is the
            plain search over the policy: the same answer, more slowly. It needs a policy.

    Raises:
        SolverError: a deadline without a clock, a policy that allows no card or an illegal
            one, an accelerator without a policy, inconsistent bounds (``lo > hi``) or an
            answer above the root's ``hi``.

    Example:
        >>> import time
        >>> from bridgetable.core.position import Position
        >>> from bridgetable.core.cards import Suit
        >>> from bridgetable.core.seats import Seat, Side
        >>> p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=Seat.WEST)
        >>> r = min_tricks(p, Side.NS, deadline=time.monotonic() + 1.0, clock=time.monotonic)
        >>> r.tricks, r.complete, len(r.line)
        (2, True, 8)
    """
    if deadline is not None and clock is None:
        raise SolverError("a deadline needs a clock (for example clock=time.monotonic)")
    search = _Search(
        pos,
        side,
        policy=policy,
        deadline=deadline,
        clock=clock,
        bounds=bounds,
        table=table,
        accelerator=accelerator,
    )
    return search.run(pos, stop_at)


def floor(
    pos: Position,
    side: Side,
    *,
    deadline: float | None = None,
    clock: Callable[[], float] | None = None,
    bounds: Bounds | None = None,
) -> MinResult:
    """The fewest of the remaining tricks ``side`` takes under any play of all four hands
    (Law 79A2's question): :func:`min_tricks` with no policy (so no accelerator).

    Example:
        >>> from bridgetable.core.position import Position
        >>> from bridgetable.core.seats import Seat, Side
        >>> p = Position.from_pbn("N:A2... K3... Q4... J5...", trump=None, leader=Seat.NORTH)
        >>> floor(p, Side.NS).tricks, floor(p, Side.EW).tricks
        (1, 0)
    """
    return min_tricks(pos, side, None, deadline=deadline, clock=clock, bounds=bounds)
