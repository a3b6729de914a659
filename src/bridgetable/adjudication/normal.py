"""The claimer's "normal" plays (Laws 70 and 71, spec section 4): a search policy.

:class:`NormalPlay` restricts the claimer's side to its statement and, where the statement is
silent, to normal plays -- careless or inferior ones included, irrational ones not (N1, N2) --
while the opponents may make any legal play (P4). The solver's min-min search over this policy
gives the worst normal outcome for the claimer, which Law 70 awards.

The policy is the reference: readable card-level rules, each citing its Law or deeming rule.
What makes the search over it fast is kept apart in :class:`NormalAccelerator` (the search's
``Accelerator``, from :meth:`NormalPlay.accelerator`): sure-trick lower bounds, the table key
in relative ranks, the opponents' free hands and runs of equivalent cards. The aids may prune
but never choose: a search without them gives the same answer (``tests/adjudication/
test_accelerator.py`` checks it on random endings and on every worked example).

Deeming rules applied here (see ``docs/claims.md``):

* C1 -- a suit is led from the top; with no honour in the holding, spot cards may go in any
  order (careless);
* C2 -- steps listed without "then" are taken in any order (the worst);
* C3 -- a stated suit is run until the claimer's side has none; the claimer notices a show-out
  only under the ``wbf`` profile;
* C4 -- with a trump out and unmentioned the claimer is presumed unaware: cashing side
  winners first is normal; he ruffs as low as possible; a mentioned trump is drawn first;
* C5 -- an unstated finesse or guess goes against the claimer unless the card's place is
  known (an opponent has shown out of the suit);
* C6 -- squeezes, throw-ins and other unstated technique are not credited (the policy never
  chooses a winning line that a normal alternative beats);
* C7 -- a step that cannot be taken from the hand on lead (wrong hand) is not credited: the
  play is silent from there, the step stays for later;
* 70D2 / P5 -- a defender-claimer's partner is held to his normal alternatives too.

Claimer-side choices when the statement is silent:

* on lead: the top card of each suit holding a card that is top from the claimer's view (a
  "winner"): a claimer cashes his winners, in any order; any suit when the hand holds no
  winner, or where the statement concedes a trick;
* following suit: the lowest card when partner is winning; otherwise, holding a card no
  outstanding card beats, that card or the cheapest card beating the trick so far (a
  finesse); else the lowest card, the cheapest beating card and the highest card (a guess
  resolved against him); with the place of every higher outstanding card known, the card
  that wins;
* void: ruff with the lowest trump that beats the trick, else discard the lowest card of a
  suit (winners only when nothing else is left).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bridgetable.adjudication.profiles import Profile, profile
from bridgetable.core.cards import SUIT_MASKS, Card, Suit, cards_of_mask
from bridgetable.core.position import Position
from bridgetable.core.seats import Seat, Side
from bridgetable.core.statement import (
    Cash,
    Concede,
    DrawTrumps,
    Finesse,
    PlayCards,
    Ruff,
    Statement,
    Step,
)
from bridgetable.core.tricks import winning_index

_TEN = 8  # rank index of the ten (2 is 0)

#: Policy state: (group index, per-step progress in that group, known voids as bits
#: seat * 4 + suit, flags: ``AWARE``, ``CARELESS_USED`` and ``STARTED``, and the tricks the
#: claimer's side still needs for its claim as of the start of the trick in progress: see
#: :meth:`NormalPlay.need`).
State = tuple[int, tuple[int, ...], int, int, int]

#: Flag: the claimer knows an opponent holds (or held) a trump: he mentioned it, the play
#: before the claim showed it (C4b), or an opponent has played a trump since.
AWARE = 1
#: Flag: the claimer's side has made its one careless spot-card lead (slip d).
CARELESS_USED = 2
#: Flag: a card has been played since the claim (so the hand on lead won the last trick).
STARTED = 4

#: Edits of the claimer's choices at given nodes, found by checking the ruling's line against
#: double dummy (``adjudication/believer.py``): node key -> (cards banned, cards added), both
#: as masks in relative ranks (see :func:`rel_mask`).
Edits = dict[tuple[int, ...], tuple[int, int]]


def _low(mask: int) -> int:
    """The lowest card of a non-empty mask, as a mask."""
    return mask & -mask


def _high(mask: int) -> int:
    """The highest card of a non-empty mask, as a mask."""
    return 1 << (mask.bit_length() - 1)


@dataclass(frozen=True, slots=True)
class NormalPlay:
    """A search policy: the claimer's side plays its statement, else normal plays.

    The card-level rules only (``solver.search.Policy``); the aids that speed the search over
    it are :meth:`accelerator`'s."""

    side: Side
    statement: Statement
    trump: Suit | None
    aware_of_trumps: bool
    prof: Profile
    known_voids: int = 0
    #: The seat number of dummy when a defender claims (dummy's cards are face up, 70E1),
    #: else -1.
    dummy: int = -1
    #: The claimer's seat number.
    claimer: int = 0
    #: Careless spot-card leads (slip d) for the class of player: 0 none, 1 from a holding
    #: with no honour, 2 also from a holding whose honours are not winners.
    careless: int = 1
    #: Whether seeing an opponent play a trump makes the claimer aware of the trumps.
    aware_after_trump_seen: bool = True
    #: Choices edited at nodes of earlier lines (a play banned as irrational, the
    #: double-dummy play added): see ``adjudication/believer.py``.
    edits: Edits | None = None
    #: Choosing the claimer's side's cards at every node instead of the edits: called with
    #: the position, the state and the cards the local rules allow (see
    #: ``Believer.judge``).
    judge: Callable[[Position, State, int], int] | None = None
    #: ``judge`` chooses at nodes with at most this many tricks left; the edits elsewhere.
    judge_below: int = 13
    #: The fewest tricks left at a node where ``judge`` has added a card (14: none).
    judge_add_depth: int = 14
    #: The tricks claimed of those remaining at the claim, which the state counts down as
    #: the claimer's side wins them (:meth:`need`); -1: not counted.
    claimed: int = -1
    #: The fewest tricks left at a node where an edit adds a card (14: none), set from
    #: ``edits``: the sure-trick bounds hold from boundaries with fewer tricks left only.
    _add_depth: int = 14

    def __post_init__(self) -> None:
        depth = self.judge_add_depth
        if self.edits is not None:
            for key, (_ban, add) in self.edits.items():
                if add:
                    n = max(
                        key[1].bit_count(),
                        key[2].bit_count(),
                        key[3].bit_count(),
                        key[4].bit_count(),
                    )
                    depth = min(depth, n)
        object.__setattr__(self, "_add_depth", depth)

    @classmethod
    def for_claim(
        cls,
        pos: Position,
        claimer: Seat,
        statement: Statement,
        *,
        known_voids: frozenset[tuple[Seat, Suit]] = frozenset(),
        prof: Profile | None = None,
        trumps_seen: bool = False,
        dummy: Seat | None = None,
        careless: int = 1,
        edits: Edits | None = None,
        judge: Callable[[Position, State, int], int] | None = None,
        judge_below: int = 13,
        judge_add_depth: int = 14,
        claimed: int = -1,
    ) -> NormalPlay:
        """The policy for ``claimer``'s claim with ``statement``. How many tricks he claims
        (``claimed``, of those remaining) changes his local choices in nothing; the state
        counts the tricks he still needs for it (:meth:`need`), which tell the belief
        check whether a guess could be his (``adjudication/believer.py``).

        ``trumps_seen``: the play before the claim showed the claimer knew of the
        outstanding trumps (C4b), as if his statement had mentioned them. ``dummy``: dummy's
        seat, whose cards a defender who claims sees (70E1). ``careless``: the class of
        player's careless spot-card leads (0, 1 or 2; see the attribute). ``edits``: choices
        edited by the line checks of ``adjudication/believer.py``."""
        voids = 0
        for seat, suit in known_voids:
            voids |= 1 << (seat * 4 + suit)
        pr = prof or profile()
        return cls(
            side=claimer.side,
            statement=statement,
            trump=pos.trump,
            aware_of_trumps=statement.mentions_trumps or trumps_seen,
            prof=pr,
            known_voids=voids,
            dummy=-1 if dummy is None or dummy.side is claimer.side else int(dummy),
            claimer=int(claimer),
            careless=careless if pr.careless_spot_cards else 0,
            aware_after_trump_seen=pr.aware_after_trump_seen,
            edits=edits or None,
            judge=judge,
            judge_below=judge_below,
            judge_add_depth=judge_add_depth,
            claimed=claimed,
        )

    # -- the policy protocol -------------------------------------------------------------

    def start(self, pos: Position) -> State:
        """The state before the first card after the claim."""
        flags = AWARE if self.aware_of_trumps else 0
        return self._enter(pos, 0, self.known_voids, flags, max(self.claimed, 0))

    def allowed(self, pos: Position, state: State) -> int:
        """The cards the hand to play may choose (a non-empty part of its legal cards)."""
        legal = pos.legal_mask()
        if (pos.leader + len(pos.trick)) & 1 != self.side or legal & (legal - 1) == 0:
            return legal
        opts = self.base_allowed(pos, state)
        if self.judge is not None and pos.tricks_left <= self.judge_below:
            opts = self.judge(pos, state, opts)
        edits = self.edits
        if edits is not None:
            edit = edits.get(self.node_key(pos, state))
            if edit is not None:
                live = node_live(pos)
                banned = from_rel(edit[0], live)
                opts = (opts | from_rel(edit[1], live)) & legal & ~banned
                if not opts:
                    opts = legal & ~banned or legal
        return opts

    def after(self, pos: Position, state: State, card: Card) -> State:
        """The state after ``card`` is played at ``pos``."""
        group, progress, voids, flags, need = state
        seat = pos.to_play
        if not pos.trick and flags & STARTED and (seat & 1) == self.side and need:
            need -= 1  # the hand on lead won the trick just over
        flags |= STARTED
        if pos.trick and card.suit is not pos.trick[0].suit:
            voids |= 1 << (seat * 4 + pos.trick[0].suit)
        if (seat & 1) != self.side:
            if card.suit is self.trump and self.aware_after_trump_seen:
                flags |= AWARE
        elif not pos.trick and not flags & CARELESS_USED and self._careless_lead(pos, card):
            flags |= CARELESS_USED
        if group >= len(self.statement.groups):
            return (group, (), voids, flags, need)
        nxt = pos.play(card)
        steps = self.statement.groups[group]
        new = list(progress)
        for i, step in enumerate(steps):
            new[i] = self._advance(step, new[i], pos, nxt, card)
        if all(self._done(step, p, nxt) for step, p in zip(steps, new, strict=True)):
            return self._enter(nxt, group + 1, voids, flags, need)
        return (group, tuple(new), voids, flags, need)

    def runs(self, suit: Suit) -> bool:
        """Whether the statement names ``suit`` to be run (``cash S``, ``run spades``)."""
        return any(
            isinstance(step, Cash) and step.suit is suit
            for group in self.statement.groups
            for step in group
        )

    def base_allowed(self, pos: Position, state: State) -> int:
        """The cards the local rules allow the claimer's side at ``pos`` (its turn), before
        any edit."""
        legal = pos.legal_mask()
        if pos.trick:
            return self._follow(pos, state, legal) or legal
        return self._lead(pos, state) or legal

    def aware(self, state: State) -> bool:
        """Whether the claimer knows of the opponents' trumps in ``state`` (70C)."""
        return bool(state[3] & AWARE)

    def need(self, pos: Position, state: State) -> int:
        """The tricks the claimer's side still needs at ``pos`` for its claim (0 when it has
        them, or when the claim is not counted), capped at one more than the tricks left
        (the claim is then out of reach whatever happens: all such counts act alike).

        >>> from bridgetable.core.statement import Statement
        >>> from bridgetable.core.seats import Seat
        >>> pos = Position.from_pbn("N:A2... K3... Q4... J5...", trump=None, leader=Seat.NORTH)
        >>> pol = NormalPlay.for_claim(pos, Seat.NORTH, Statement(()), claimed=1)
        >>> st, p = pol.start(pos), pos
        >>> for c in ("SA", "S3", "S4", "S5"):
        ...     st, p = pol.after(p, st, Card(c)), p.play(Card(c))
        >>> pol.need(pos, pol.start(pos)), pol.need(p, st)  # North won the first trick
        (1, 0)
        """
        need = state[4]
        if need and state[3] & STARTED and not pos.trick and (pos.leader & 1) == self.side:
            need -= 1  # the hand on lead won the trick just over
        return min(need, pos.tricks_left + 1)

    def node_key(self, pos: Position, state: State) -> tuple[int, ...]:
        """What the claimer's choices at ``pos`` depend on: the hands in relative ranks
        (equal for positions equal but for the ranks of the cards out of play), the seat to
        play and, in a trick in progress, its length, the suit led and the card winning it so
        far (the other cards of the trick are gone for good), with the policy state as the
        table keys see it. Edits are keyed by it, so they apply alike at every such node.
        """
        # the policy state but the show-outs seen (the same decision after other discards)
        # and nothing that tells cards of one run apart (the search plays one card of a run
        # for all: an edit must apply alike whichever was kept, so not the C1 honour count
        # of NormalAccelerator.rank_key either)
        flags = state[3]
        if self.trump is None or not self._theirs(pos) & SUIT_MASKS[self.trump]:
            flags &= ~AWARE  # (no trump out: awareness changes nothing)
        if not self.careless:
            flags &= ~CARELESS_USED
        flags &= ~STARTED  # (what it tells is in the need)
        token = hash((state[0], state[1], flags, self.need(pos, state)))
        live = node_live(pos)
        trick = 0
        if pos.trick:
            win = winning_index(pos.trick, self.trump)
            best = pos.trick[win]
            trick = (
                len(pos.trick)
                | pos.trick[0].suit << 2
                | win << 4
                | to_rel(best.bit, live).bit_length() << 6
            )
        return (
            int(pos.to_play),
            to_rel(pos.hands[0], live),
            to_rel(pos.hands[1], live),
            to_rel(pos.hands[2], live),
            to_rel(pos.hands[3], live),
            trick,
            token,
        )

    def stated(self, pos: Position, state: State) -> int:
        """The cards the statement itself calls for at ``pos`` (0 when it is silent): its
        steps' leads, or a stated finesse's card."""
        group = state[0]
        if group >= len(self.statement.groups):
            return 0
        if pos.trick:
            return self._finesse_card(pos, state)
        hand = pos.hands[pos.to_play]
        opts = 0
        for step, p in zip(self.statement.groups[group], state[1], strict=True):
            if not self._done(step, p, pos) and not isinstance(step, Concede):
                opts |= self._step_leads(step, p, pos, state, hand)
        return opts

    def _careless_lead(self, pos: Position, card: Card) -> bool:
        """Whether leading ``card`` is a careless spot card (slip d): a spot card led before
        a higher card of the same holding, where the class allows it."""
        if self.careless == 0 or card.rank - 2 >= _TEN:
            return False
        holding = pos.hands[pos.to_play] & SUIT_MASKS[card.suit]
        if _high(holding) == card.bit:
            return False
        return self._careless_holding(pos, holding)

    def _careless_holding(self, pos: Position, holding: int) -> bool:
        """Whether the class may lead ``holding``'s spot cards in any order: no honour in it
        (1), or no winner among its honours (2)."""
        top = _high(holding)
        if (top.bit_length() - 1) % 13 < _TEN:
            return True
        if self.careless >= 2:
            return not self._winners(pos, holding)
        return False

    # -- the search's aids -----------------------------------------------------------------

    def accelerator(self) -> NormalAccelerator:
        """The search aids for this policy (``solver.search.Accelerator``): pass them to
        ``min_tricks`` with it. They speed the search and never change its answer."""
        return NormalAccelerator(self)

    # -- statement steps -----------------------------------------------------------------

    def _enter(self, pos: Position, group: int, voids: int, flags: int, need: int) -> State:
        groups = self.statement.groups
        while group < len(groups):
            steps = groups[group]
            progress = tuple(0 for _ in steps)
            if not all(self._done(s, p, pos) for s, p in zip(steps, progress, strict=True)):
                return (group, progress, voids, flags, need)
            group += 1
        return (group, (), voids, flags, need)

    def _mine(self, pos: Position) -> int:
        h = pos.hands
        return h[self.side] | h[self.side ^ 2]

    def _theirs(self, pos: Position) -> int:
        h = pos.hands
        return h[self.side ^ 1] | h[self.side ^ 3]

    def _done(self, step: Step, progress: int, pos: Position) -> bool:
        mine = self._mine(pos)
        if isinstance(step, PlayCards):
            cards = step.cards
            k = progress
            while k < len(cards) and not mine & cards[k].bit:
                k += 1  # a card already played along the way
            return k >= len(cards)
        if isinstance(step, DrawTrumps):
            return self.trump is None or not self._theirs(pos) & SUIT_MASKS[self.trump]
        if isinstance(step, Cash):
            return progress == 1 or not mine & SUIT_MASKS[step.suit]
        if isinstance(step, Ruff | Finesse):
            return progress == 1
        if isinstance(step, Concede):
            return progress >= step.count
        return True  # a mention of trumps takes no card of its own

    def _advance(self, step: Step, progress: int, pos: Position, nxt: Position, card: Card) -> int:
        if isinstance(step, PlayCards):
            k = progress
            cards = step.cards
            while k < len(cards) and cards[k] is not card and not self._mine(pos) & cards[k].bit:
                k += 1
            if k < len(cards) and cards[k] is card:
                k += 1
            return k
        if isinstance(step, Cash):
            # a presumed winner lost: the opponents won a trick led in the suit by us
            if not nxt.trick and len(pos.trick) == 3:
                led = pos.trick[0]
                leader_side = pos.leader.side
                if (
                    led.suit is step.suit
                    and leader_side is self.side
                    and nxt.leader.side is not self.side
                ):
                    return 1
            return progress
        if isinstance(step, Ruff):
            if (
                pos.trick
                and pos.trick[0].suit is step.suit
                and pos.leader.side is self.side
                and card.suit is self.trump
                and pos.to_play.side is self.side
            ):
                return 1
            return progress
        if isinstance(step, Concede):
            # a trick lost by the claimer's side counts towards the concession
            if not nxt.trick and len(pos.trick) == 3 and nxt.leader.side is not self.side:
                return progress + 1
            return progress
        if isinstance(step, Finesse):
            if card is step.card or (
                not nxt.trick and len(pos.trick) == 3 and pos.trick[0].suit is step.card.suit
            ):
                return 1
            return progress
        return progress

    def _step_leads(self, step: Step, progress: int, pos: Position, state: State, hand: int) -> int:
        """Leads that take ``step`` from the hand on lead (0: not from this hand, C7)."""
        seat = pos.to_play
        partner = pos.hands[seat.partner]
        if isinstance(step, PlayCards):
            k = progress
            mine = self._mine(pos)
            while k < len(step.cards) and not mine & step.cards[k].bit:
                k += 1
            if k < len(step.cards) and hand & step.cards[k].bit:
                return step.cards[k].bit
            return 0
        if isinstance(step, DrawTrumps) and self.trump is not None:
            t = hand & SUIT_MASKS[self.trump]
            return _high(t) if t else 0
        if isinstance(step, Cash):
            s = hand & SUIT_MASKS[step.suit]
            return self._suit_leads(pos, state, s) if s else 0
        if isinstance(step, Ruff) and self.trump is not None:
            s = hand & SUIT_MASKS[step.suit]
            if s and not partner & SUIT_MASKS[step.suit] and partner & SUIT_MASKS[self.trump]:
                return _low(s)
            return 0
        if isinstance(step, Finesse):
            s = hand & SUIT_MASKS[step.card.suit]
            if s and partner & step.card.bit:
                return _low(s)
            return 0
        return 0

    # -- choices -------------------------------------------------------------------------

    def _suit_leads(self, pos: Position, state: State, holding: int) -> int:
        """C1: the top card; spot cards in any order where the class may be careless with
        them (slip d, once in a ruling)."""
        if not self.prof.top_down:
            return holding
        top = self._to_short_hand(pos, holding) or _high(holding)
        if self.careless and not state[3] & CARELESS_USED and self._careless_holding(pos, holding):
            return top | (holding & _SPOTS_ALL)
        return top

    def _to_short_hand(self, pos: Position, holding: int) -> int:
        """C1's order within a suit, the short hand's high cards first: the lowest card of
        ``holding`` (the longer of the side's two holdings), led towards partner's shorter
        one, where the tricks the side surely takes after it (:func:`count_after`) are more
        than after its top card; 0 where they are not. North leads from ♦K-Q-8-3-2 with
        ♦A-10 in South, who holds the entries: the ♦K first leaves North's diamonds
        stranded under the ace, a low card to it does not (spec C1, Law 70E2: the
        profile's ``short_hand_first``). Read only where the claimer sees both hands
        (declarer's side) and the opponents hold no trump (the count's condition).

        >>> from bridgetable.core.seats import Seat
        >>> deal = "N:9..KQ832.93 J4..96.JT65 Q.A5.AT.AK8 T.9.J754.Q2"
        >>> pos = Position.from_pbn(deal, trump=None, leader=Seat.NORTH)
        >>> policy = NormalPlay.for_claim(pos, Seat.NORTH, Statement((), ""), claimed=8)
        >>> [str(c) for c in cards_of_mask(policy.allowed(pos, policy.start(pos)))]
        ['D2']
        """
        prof = self.prof
        if self.dummy >= 0 or not prof.short_hand_first:
            return 0
        suit = _low(holding).bit_length() - 1
        sm = SUIT_MASKS[suit // 13]
        partner = pos.hands[pos.to_play.partner] & sm
        if not partner or partner.bit_count() >= holding.bit_count():
            return 0
        trump = self.trump
        theirs = self._theirs(pos)
        if trump is not None and theirs & SUIT_MASKS[trump]:
            return 0
        t = -1 if trump is None else int(trump)
        low = _low(holding)
        top = cards_of_mask(_high(holding))[0]
        if count_after(pos, cards_of_mask(low)[0], theirs, t) > count_after(pos, top, theirs, t):
            return low
        return 0

    def _winners(self, pos: Position, hand: int) -> int:
        """Cards of ``hand`` higher than every card the opponents still hold in their suit:
        winners from the claimer's view (he counts the cards played)."""
        theirs = self._theirs(pos)
        out = 0
        for sm in SUIT_MASKS:
            h = hand & sm
            if h:
                out |= h & ~((1 << (theirs & sm).bit_length()) - 1)
        return out

    def _lead(self, pos: Position, state: State) -> int:
        group, progress = state[0], state[1]
        hand = pos.hands[pos.to_play]
        if group < len(self.statement.groups):
            opts = 0
            steps = self.statement.groups[group]
            for step, p in zip(steps, progress, strict=True):
                if self._done(step, p, pos):
                    continue
                if isinstance(step, Concede):
                    # a trick to lose here: any suit may be led
                    opts |= self._silent_leads(pos, state, hand, conceding=True)
                else:
                    opts |= self._step_leads(step, p, pos, state, hand)
            if opts:
                if self.prof.claimer_notices_showouts and self._broken(state):
                    # he has seen the suit break: from here he plays as if silent
                    return self._silent_leads(pos, state, hand, conceding=False) or opts
                return opts
        return self._silent_leads(pos, state, hand)

    def _broken(self, state: State) -> bool:
        """WBF view (C3): an opponent has shown out of a suit the statement is running."""
        group, voids = state[0], state[2]
        if group >= len(self.statement.groups):
            return False
        for step in self.statement.groups[group]:
            if isinstance(step, Cash):
                for seat in Seat:
                    if seat.side is not self.side and voids >> (seat * 4 + step.suit) & 1:
                        return True
        return False

    def _silent_leads(
        self, pos: Position, state: State, hand: int, *, conceding: bool = False
    ) -> int:
        trump = self.trump
        if (
            trump is not None
            and state[3] & AWARE
            and self.prof.aware_claimer_draws_trumps
            and self._theirs(pos) & SUIT_MASKS[trump]
            and hand & SUIT_MASKS[trump]
        ):
            return _high(hand & SUIT_MASKS[trump])
        winners = self._winners(pos, hand)
        if (
            trump is not None
            and not conceding
            and winners & SUIT_MASKS[trump]
            and not self._theirs(pos) & SUIT_MASKS[trump]
        ):
            # C4d (ACBL 2019 guideline 4): with no trump left against him a trump cannot lose
            # its trick by waiting, so he is not made to lead one while he has a side winner
            # to cash or a side card for partner to ruff (a cross-ruff)
            if winners & ~SUIT_MASKS[trump]:
                winners &= ~SUIT_MASKS[trump]
            else:
                partner = pos.hands[pos.to_play.partner]
                ruffs = 0
                if partner & SUIT_MASKS[trump]:
                    for s in range(4):
                        if s != trump and hand & SUIT_MASKS[s] and not partner & SUIT_MASKS[s]:
                            ruffs |= _low(hand & SUIT_MASKS[s])
                if ruffs:
                    return ruffs
                # nor to lead his last trumps, squeezing a defender or his own partner
                # (ACBL 2019 guidelines 3 and 4): any side suit may be led, a trump only
                # when he has nothing else
                side = hand & ~SUIT_MASKS[trump]
                if side:
                    hand = side
                conceding = True
        elif (
            trump is not None
            and not conceding
            and winners & SUIT_MASKS[trump]
            and winners & ~SUIT_MASKS[trump]
            and not state[3] & AWARE
        ):
            # a trump is out that he does not know of (70C): as far as he knows none is left,
            # so, as above, he cashes his side winners rather than lead a trump (and may be
            # ruffed: slip a)
            winners &= ~SUIT_MASKS[trump]
        opts = 0
        if winners and not conceding:
            for s in range(4):
                if winners & SUIT_MASKS[s]:
                    opts |= self._suit_leads(pos, state, hand & SUIT_MASKS[s])
            return opts
        for s in range(4):
            h = hand & SUIT_MASKS[s]
            if h:
                opts |= self._suit_leads(pos, state, h)
        return opts

    def _follow(self, pos: Position, state: State, legal: int) -> int:
        group, voids = state[0], state[2]
        seat = pos.to_play
        trick = pos.trick
        led = trick[0].suit
        trump = self.trump
        win_i = winning_index(trick, trump)
        best = trick[win_i]
        partner_winning = (pos.leader + win_i) & 3 == seat ^ 2
        hand = pos.hands[seat]
        follow = hand & SUIT_MASKS[led]
        finesse = self._finesse_card(pos, state) if group < len(self.statement.groups) else 0
        if finesse and legal & finesse:
            return finesse
        unsure = partner_winning and best.suit is led and not self._holds(pos, voids, best)
        if unsure:
            # an opponent still to play may beat partner's card: not a trick to play low to
            partner_winning = False
        if follow:
            if partner_winning and (best.suit is not led or follow & ((1 << best.index) - 1)):
                low = _low(follow)
                return self._under_partner(pos, best, follow, low) or low
            # (every card of ours beats partner's: which one is a real choice, as below)
            beating = follow & ~((1 << (best.index + 1)) - 1) if best.suit is led else 0
            if not beating:
                return _low(follow)
            last_to_play = len(trick) == 3
            if last_to_play:
                return _low(beating)
            known = self._known_winner(pos, voids, led, beating)
            if known:
                return known
            sure = beating & self._winners(pos, follow)
            if sure:
                # a card that cannot be beaten wins; a cheaper one is a finesse (a guess)
                return _low(sure) | _low(beating)
            return _low(follow) | _low(beating) | _high(follow)
        # void in the suit led
        if partner_winning:
            return self._discards(pos, hand)
        if trump is not None and hand & SUIT_MASKS[trump]:
            trumps = hand & SUIT_MASKS[trump]
            if best.suit is trump:
                trumps &= ~((1 << (best.index + 1)) - 1)
            if trumps:
                ruffs = _low(trumps) if self.prof.ruff_low else trumps
                # over partner's card that may be beaten: ruff it or trust it
                if unsure:
                    return ruffs | self._discards(pos, hand)
                return self._leave_to_partner(pos, ruffs, hand) or ruffs
        return self._discards(pos, hand)

    def _leave_to_partner(self, pos: Position, ruffs: int, hand: int) -> int:
        """The discards that leave the trick to partner, still to play with a card of the suit
        led that surely wins it, where the claimer's count says so (0 where it does not):
        those after which the side surely takes the most tricks (:func:`count_after`,
        partner answering with his best card), when that is more than after the ruff.
        South, void in spades, holds ♥7-6 and the ♦8 with no trump out, and North's ♠9
        will win East's ♠7 lead: South keeps his trump for the cross-ruff and lets partner
        take the trick (a card led to be ruffed is ruffed; this one is partner's).
        Declarer's side only, and only while the opponents hold no trump (the count's
        condition).

        >>> from bridgetable.core.seats import Seat
        >>> deal = "N:9..J.8 76...Q .76.8. 85.8.."
        >>> pos = Position.from_pbn(deal, trump=Suit.DIAMONDS, leader=Seat.EAST)
        >>> pos = pos.play(Card("S7"))
        >>> policy = NormalPlay.for_claim(pos, Seat.SOUTH, Statement((), ""), claimed=2)
        >>> [str(c) for c in cards_of_mask(policy.allowed(pos, policy.start(pos)))]
        ['H6']
        """
        trump = self.trump
        theirs = self._theirs(pos)
        if self.dummy >= 0 or len(pos.trick) != 1 or trump is None:
            return 0
        if theirs & SUIT_MASKS[trump]:
            return 0
        follow = pos.hands[pos.to_play.partner] & SUIT_MASKS[pos.trick[0].suit]
        if not self._winners(pos, follow):
            return 0  # (partner holds no card of the suit led that surely wins it)
        t = int(trump)
        most = max(count_after(pos, c, theirs, t) for c in cards_of_mask(ruffs))
        out = 0
        for c in cards_of_mask(self._discards(pos, hand)):
            n = count_after(pos, c, theirs, t)
            if n > most:
                most, out = n, c.bit
            elif n == most and out:
                out |= c.bit
        return out

    def _under_partner(self, pos: Position, best: Card, follow: int, low: int) -> int:
        """The card played to partner's winning card ``best`` where the claimer's count says
        so (0 where it does not): of the lowest card ``low``, the highest card below ``best``
        (an unblock) and the cheapest card above it that no card of the opponents can beat
        (an overtake, crossing to this hand), the one after which the side surely takes the
        most tricks (:func:`count_after`), the lowest on a tie. South leads the ♦10, his
        last diamond, and North holds ♦K-Q-8-3 with no entry: the player who believes his
        claim overtakes to run the diamonds rather than strand them (issue 17's "crossing to
        partner's winners"); West leads the ♣A from A-Q-10 and East holds K-6 with no
        entry: East unblocks the king (an order that strands a suit's winners is the suit's
        own order, Law 70E2, spec C1). Read only where the claimer sees both hands
        (declarer's side) and the opponents hold no trump (the count's condition).

        >>> from bridgetable.core.seats import Seat
        >>> deal = "N:..KQ83. J4...JT Q..T.K8 T..75.Q"
        >>> pos = Position.from_pbn(deal, trump=None, leader=Seat.SOUTH)
        >>> pos = pos.play(Card("DT")).play(Card("D5"))
        >>> policy = NormalPlay.for_claim(pos, Seat.SOUTH, Statement((), ""), claimed=5)
        >>> [str(c) for c in cards_of_mask(policy.allowed(pos, policy.start(pos)))]
        ['DQ']
        """
        trump = self.trump
        theirs = self._theirs(pos)
        if self.dummy >= 0 or best.suit is not pos.trick[0].suit:
            return 0
        if trump is not None and theirs & SUIT_MASKS[trump]:
            return 0
        under = _high(follow & ((best.bit << 1) - 1))
        beating = follow & ~((best.bit << 1) - 1) & self._winners(pos, follow)
        if under == low and not beating:
            return 0
        t = -1 if trump is None else int(trump)
        seat = pos.to_play
        lead, mine = pos.hands[seat.partner], pos.hands[seat]
        # under partner's card, which surely wins (the caller's finding, show-outs read), he
        # leads next
        most = 1 + cash_count(lead, mine & ~low, theirs, t)
        out = 0
        if under != low:
            unblocked = 1 + cash_count(lead, mine & ~under, theirs, t)
            if unblocked > most:
                most, out = unblocked, under
        if beating:
            over = _low(beating)
            if count_after(pos, cards_of_mask(over)[0], theirs, t) > most:
                out = over
        return out

    def _holds(self, pos: Position, voids: int, best: Card) -> bool:
        """Whether the trick's winning card ``best`` (partner's) wins against every
        opponent still to play, as far as the claimer knows: no higher card of its suit
        outstanding with them and, in a side suit, no trump with an opponent who may be void.
        """
        seat = (pos.leader + len(pos.trick)) & 3
        side = self.side
        to_come = [(seat + i) & 3 for i in range(1, 4 - len(pos.trick)) if (seat + i) & 1 != side]
        if not to_come:
            return True
        suit = best.suit
        theirs = self._theirs(pos)
        higher = theirs & SUIT_MASKS[suit] & ~((best.bit << 1) - 1)
        trump = self.trump
        for s in to_come:
            if voids >> (s * 4 + suit) & 1:
                if trump is not None and suit is not trump and theirs & SUIT_MASKS[trump]:
                    return False
                continue
            if s == self.dummy:
                if pos.hands[s] & higher:
                    return False
                if (
                    trump is not None
                    and suit is not trump
                    and not pos.hands[s] & SUIT_MASKS[suit]
                    and pos.hands[s] & SUIT_MASKS[trump]
                ):
                    return False
                continue
            if higher:
                return False
        return True

    def _discards(self, pos: Position, hand: int) -> int:
        trump = self.trump
        if trump is not None and hand & ~SUIT_MASKS[trump]:
            hand &= ~SUIT_MASKS[trump]  # a trump thrown away is a ruff, not a discard
        losers = hand & ~self._winners(pos, hand)
        opts = 0
        for s in range(4):
            h = losers & SUIT_MASKS[s]
            if h:
                opts |= _low(h)
        if opts:
            return opts
        for s in range(4):
            h = hand & SUIT_MASKS[s]
            if h:
                opts |= _low(h)
        return opts

    def _known_winner(self, pos: Position, voids: int, suit: Suit, beating: int) -> int:
        """C5/70E1: with the place of every higher outstanding card known (an opponent has
        shown out of the suit), the lowest card that wins against the hands still to play."""
        seat = pos.to_play
        to_come = [seat.next(i) for i in range(1, 4 - len(pos.trick))]
        opponents = [s for s in Seat if s.side is not self.side]
        later_opponents = [s for s in to_come if s.side is not self.side]
        seen = all(int(s) == self.dummy or voids >> (s * 4 + suit) & 1 for s in later_opponents)
        if not seen and not any(voids >> (s * 4 + suit) & 1 for s in opponents):
            return 0
        theirs_later = 0
        for s in to_come:
            if s.side is not self.side and not voids >> (s * 4 + suit) & 1:
                theirs_later |= pos.hands[s] & SUIT_MASKS[suit]
        # the claimer knows every outstanding card of the suit is with the non-void opponent
        for card in reversed(cards_of_mask(beating)):
            if not theirs_later & ~((card.bit << 1) - 1):
                return card.bit
        return 0

    def _finesse_card(self, pos: Position, state: State) -> int:
        """A stated finesse: play the card once the named opponent has played low."""
        group, progress = state[0], state[1]
        if group >= len(self.statement.groups):
            return 0
        for step, p in zip(self.statement.groups[group], progress, strict=True):
            if isinstance(step, Finesse) and not p:
                seat = pos.to_play
                if not pos.hands[seat] & step.card.bit:
                    continue
                if pos.trick and pos.trick[0].suit is step.card.suit:
                    before = pos.leader.next(len(pos.trick) - 1)
                    if before is step.against:
                        best = pos.trick[winning_index(pos.trick, self.trump)]
                        if best.suit is step.card.suit and best.rank < step.card.rank:
                            return step.card.bit
        return 0


class NormalAccelerator:
    """The search aids for a :class:`NormalPlay` policy (``solver.search.Accelerator``):
    facts about the policy that let the min-min search prune and share its work. They are
    not rules of play: the policy's choices are its own, and the search gives the same answer
    without these aids (``tests/adjudication/test_accelerator.py`` checks it), more slowly.

    * :meth:`sure_tricks`: tricks the claimer's side surely takes from a trick boundary
      under the policy, whatever the opponents play (a proven lower bound);
    * :meth:`rank_key`: what the policy's choices read beyond the ranks of the cards in play
      relative to each other, so that equal positions in relative ranks share one entry;
    * :meth:`free`, :meth:`suit_after`, :meth:`merge_runs`: the opponents play any legal
      card (P4), their cards change the state by suit only, and equivalent cards may stand
      for each other -- except while edits (``adjudication/believer.py``) are in force,
      which tell equivalent cards apart; while the judge is, the opponents' equivalent
      cards only (:meth:`free`).
    """

    __slots__ = (
        "add_depth",
        "aware_after_trump_seen",
        "careless",
        "groups",
        "merge",
        "merge_theirs",
        "prof",
        "side",
        "trump",
    )

    def __init__(self, policy: NormalPlay) -> None:
        self.side = int(policy.side)
        self.trump = -1 if policy.trump is None else int(policy.trump)
        #: the statement's groups of steps: a state with a lower group index is not silent
        self.groups = len(policy.statement.groups)
        self.careless = policy.careless
        self.aware_after_trump_seen = policy.aware_after_trump_seen
        self.prof = policy.prof
        #: the fewest tricks left where an edit or the judge adds a card (14: none): the
        #: sure-trick bounds hold only from boundaries with fewer tricks left
        self.add_depth = policy._add_depth
        self.merge = policy.edits is None and policy.judge is None
        #: the opponents' equivalent cards stand for each other (see free)
        self.merge_theirs = policy.edits is None

    def free(self, seat: int) -> bool:
        """Whether :meth:`NormalPlay.allowed` always gives seat number ``seat`` its legal
        cards: the opponents' hands (P4); none while edits are in force, which are keyed by
        exact relative ranks (two positions that differ in which of an opponent's two
        equivalent cards is left differ there). The judge (``adjudication/believer.py``)
        chooses alike at such positions: it reads the double-dummy values, which are
        equal, and the local rules, which compare the cards with each other; so the search
        tries one card of each run of the opponents' equivalent cards for all.
        ``tests/adjudication/test_believer.py`` checks the rulings against a plain
        recursion over the judged policy that tries every card."""
        return (seat & 1) != self.side and self.merge_theirs

    def merge_runs(self) -> bool:
        """Whether equivalent cards may stand for each other in the search: not while edits
        or a judge are in force, since they are keyed by exact relative ranks, and two
        positions that differ in which of two equivalent cards is left differ there."""
        return self.merge

    def suit_after(self, state: State, seat: int, led: int, suit: int) -> State | None:
        """The state :meth:`NormalPlay.after` gives for any card of suit ``suit`` played by
        seat number ``seat`` (``led``: the suit led to the trick, -1 on lead), or ``None``
        when it depends on more (a statement step still to take, which names cards or counts
        tricks; a lead of the side's that may be its careless spot card)."""
        group, _progress, voids, flags, need = state
        if group < self.groups:
            return None
        if led < 0 and flags & STARTED and (seat & 1) == self.side and need:
            need -= 1  # the hand on lead won the trick just over
        flags |= STARTED
        if (seat & 1) == self.side:
            if led < 0 and self.careless and not flags & CARELESS_USED:
                return None  # (a lead of the side's may be its careless spot card)
        elif suit == self.trump and self.aware_after_trump_seen:
            flags |= AWARE
        if led >= 0 and suit != led:
            voids |= 1 << (seat * 4 + led)
        return (group, (), voids, flags, need)

    def rank_key(self, hands: Sequence[int], state: State) -> int | None:
        """What the choices from a trick boundary depend on besides the ranks of the cards in
        play relative to each other, or ``None`` when they depend on the exact cards.

        In a silent state (the statement done) the choices compare cards only with each
        other, save for C1's honour test: so the search may share one table entry among
        positions equal in relative ranks, given the number of honours in play in each
        suit, whether an opponent is known to be void in each suit the claimer's side
        holds (C5's known places; other show-outs are never read) and the hands' seats;
        and, while the opponents hold a trump, whether the claimer is aware of it.
        """
        group, _progress, voids, flags, need = state
        if group < self.groups:
            return None  # statement steps name exact cards
        side = self.side
        mine = hands[side] | hands[side ^ 2]
        o1, o2 = (side ^ 1) * 4, (side ^ 3) * 4
        bits = 0
        for suit in range(4):
            if (mine >> (13 * suit)) & _M13 and (
                (voids >> (o1 + suit)) | (voids >> (o2 + suit))
            ) & 1:
                bits |= 1 << suit
        prof = self.prof
        if prof.top_down and prof.careless_spot_cards:
            inplay = hands[0] | hands[1] | hands[2] | hands[3]
            for suit in range(4):
                bits |= ((inplay >> (13 * suit + _TEN)) & 31).bit_count() << (4 + 3 * suit)
        trump = self.trump
        if (
            flags & AWARE
            and trump >= 0
            and ((hands[side ^ 1] | hands[side ^ 3]) >> (13 * trump)) & _M13
        ):
            # an aware claimer draws the trumps still out: his choices differ from an
            # unaware one's only here, so searches of both may share one table (70C)
            bits |= 1 << 20
        if flags & CARELESS_USED and self.careless:
            bits |= 1 << 21
        # the tricks still needed for the claim, and whether the hand on lead won the last
        # trick: what the belief check's guesses read (NormalPlay.need)
        return bits | need << 22 | (flags & STARTED) << 24

    def sure_tricks(self, hands: Sequence[int], leader: int, state: State) -> int:
        """A lower bound on the tricks the claimer's side takes from a trick boundary with
        ``leader`` (a seat number) on lead, whatever the opponents play: 0 unless the state
        is silent and the opponents hold no trump (so nothing of theirs ever ruffs).

        * Every card of the side above all the opponents' cards of its suit: each lead
          wins and keeps the lead for the side, so the side takes every trick it leads.
        * The side on lead: when every lead the policy allows is a winner, it wins this
          trick; and every trick while the hand on lead keeps a winner, as long as no
          careless lead (C1) can ever be a loser and partner can never overtake (all
          partner's cards in each suit below the leader's) or holds only winners (then
          he keeps the lead to the end): as many tricks as the leader has winners (the
          opponents' discards only add winners).
        * The opponents on lead: the side wins this trick if in every suit the leader
          holds, fourth hand holds a card above the opponents' (it wins when last to play)
          or ruffs, or second hand holds only such cards or ruffs; and every trick if all
          its cards are winners.
        """
        if state[0] < self.groups or hands[leader].bit_count() >= self.add_depth:
            return 0  # (an edit may add a card below that the bounds do not foresee)
        side = self.side
        trump = self.trump
        theirs = hands[side ^ 1] | hands[side ^ 3]
        lead = hands[leader]
        if trump >= 0 and (theirs >> (13 * trump)) & _M13:
            # the opponents hold a trump: only the side's leads of winners that no hand can
            # ruff yet (see _unruffed)
            if (leader & 1) != side:
                return _forced_ruff_win(
                    lead, hands[(leader + 1) & 3], hands[leader ^ 2], hands[(leader + 3) & 3], trump
                )
            if (
                state[3] & AWARE
                and self.prof.aware_claimer_draws_trumps
                and (lead >> (13 * trump)) & _M13
            ):
                return 0  # (an aware claimer leads his top trump, a winner or not)
            partner = hands[leader ^ 2]
            safe = _unruffed(lead, partner, hands[leader ^ 1], hands[leader ^ 3], trump)
            chain = self._cash_chain(lead, partner, theirs, False, follows_low=False)
            return min(safe, chain)
        mine = hands[side] | hands[side ^ 2]
        if (leader & 1) == side:
            partner = hands[leader ^ 2]
            if _only_winners(mine, theirs):
                return lead.bit_count()  # every lead wins, and keeps the lead
            if trump >= 0 and not _side_winner(lead, theirs, trump):
                return 0  # (a leader holding only trump winners may lead any suit: C4d)
            chain = self._cash_chain(
                lead, partner, theirs, _only_winners(partner, theirs), follows_low=True
            )
            if chain and trump >= 0:
                return max(chain, _chain_then_trumps(chain, lead, partner, theirs, trump))
            return chain
        second, fourth = hands[(leader + 1) & 3], hands[(leader + 3) & 3]
        if not _forced_win(lead, second, fourth, theirs, trump):
            return 0 if trump < 0 else _forced_then_trumps(lead, second, fourth, theirs, trump)
        if _only_winners(mine, theirs):
            return lead.bit_count()
        return 1 if trump < 0 else max(1, _forced_then_trumps(lead, second, fourth, theirs, trump))

    def _cash_chain(
        self, lead: int, partner: int, theirs: int, partner_solid: bool, *, follows_low: bool
    ) -> int:
        """The tricks the side surely takes with the leader's winners (see sure_tricks).
        ``follows_low``: partner plays low under the leader's winner when he can (it cannot be
        beaten); otherwise (an opponent may ruff it) he may overtake at any time."""
        prof = self.prof
        top_down = prof.top_down
        careless = prof.careless_spot_cards
        winners = 0
        first_ok = True
        cap = 13  # the chain's tricks are sure up to this many
        for sh in (0, 13, 26, 39):
            ls = (lead >> sh) & _M13
            if not ls:
                continue
            bs = (theirs >> sh) & _M13
            btop = bs.bit_length()
            ws = ls >> btop << btop  # the leader's winners in the suit
            winners += ws.bit_count()
            loose = not top_down or (careless and ls.bit_length() - 1 < _TEN)
            if ws and loose and ws != ls:
                first_ok = False  # a careless lead of a loser is allowed now
            # cards the hand may lead in any order later (careless spots, or any card
            # without top-down order): an opposing card between them makes one a loser. The
            # hand leads the suit only once it holds a winner there: after the opponents'
            # cards above its top card are gone (two a trick at most; their discards only
            # add winners); then, top-down, its honours in the suit first, one a trick
            group = ls if not top_down else (ls & _SPOTS if careless else 0)
            if group & (group - 1):
                low = group & -group
                between = ((1 << (group.bit_length() - 1)) - 1) & ~((low << 1) - 1)
                if bs & between:
                    wait = ((bs >> ls.bit_length()).bit_count() + 1) // 2
                    if top_down:
                        wait += (ls & ~_SPOTS).bit_count()
                    cap = min(cap, wait)
            ps = (partner >> sh) & _M13
            if not partner_solid and ps:
                # partner might overtake a card led below his highest (with every card of his
                # above it, when he follows low) and then lead a loser; the overtaking trick
                # is still won. A card is led a winner only once the opponents' cards above it
                # are gone (at most two a trick), from the top (after the leader's higher
                # cards; his spots in any order when careless), and partner follows with his
                # lower cards first (one a trick at most)
                below = ls & ((1 << (ps.bit_length() - 1)) - 1)
                while below:
                    b = below.bit_length() - 1
                    below ^= 1 << b
                    wait = ((bs >> (b + 1)).bit_count() + 1) // 2
                    if follows_low:
                        wait = max(wait, (ps & ((1 << b) - 1)).bit_count())
                    if top_down:
                        ahead = ls >> (b + 1) << (b + 1)
                        if careless:
                            ahead &= ~_SPOTS
                        wait = max(wait, ahead.bit_count())
                    cap = min(cap, wait + 1)
        if not winners or not first_ok:
            return 0
        return min(winners, max(cap, 1))


_M13 = 0x1FFF
_SPOTS = (1 << _TEN) - 1  # rank bits of the 2 to the 9
_SPOTS_ALL = _SPOTS | _SPOTS << 13 | _SPOTS << 26 | _SPOTS << 39  # the spot cards of every suit


def node_live(pos: Position) -> int:
    """The cards that matter from ``pos`` on: the four hands and the card winning the trick
    in progress (its other cards take no part in what follows)."""
    h = pos.hands
    live = h[0] | h[1] | h[2] | h[3]
    if pos.trick:
        live |= pos.trick[winning_index(pos.trick, pos.trump)].bit
    return live


def live_mask(pos: Position) -> int:
    """The cards still in play at ``pos``: the four hands and the trick in progress."""
    h = pos.hands
    live = h[0] | h[1] | h[2] | h[3]
    for c in pos.trick:
        live |= c.bit
    return live


def to_rel(mask: int, live: int) -> int:
    """``mask`` (a part of ``live``) in relative ranks: in each suit, bit i stands for the
    i-th lowest card of ``live`` in that suit.

    >>> to_rel(0b1010_0000, 0b1110_0100)  # live cards 2.. of clubs at bits 2, 5, 6, 7
    10
    """
    out = 0
    for sh in (0, 13, 26, 39):
        m = (mask >> sh) & _M13
        if not m:
            continue
        lv = (live >> sh) & _M13
        while m:  # each card of the mask: its rank among the live cards of its suit
            low = m & -m
            out |= 1 << (sh + (lv & (low - 1)).bit_count())
            m ^= low
    return out


def from_rel(rel: int, live: int) -> int:
    """The cards of ``live`` that ``rel`` (relative ranks, see :func:`to_rel`) stands for.

    >>> from_rel(10, 0b1110_0100) == 0b1010_0000
    True
    """
    out = 0
    for sh in (0, 13, 26, 39):
        lv = (live >> sh) & _M13
        r = (rel >> sh) & _M13
        i = 0
        while lv and r >> i:
            low = lv & -lv
            if (r >> i) & 1:
                out |= low << sh
            lv ^= low
            i += 1
    return out


def _side_winner(lead: int, theirs: int, trump: int) -> bool:
    """Whether ``lead`` holds a card of a side suit (not ``trump``) above all of ``theirs``
    in its suit."""
    for sh in (0, 13, 26, 39):
        if sh == 13 * trump:
            continue
        ls = (lead >> sh) & _M13
        if ls and ls.bit_length() > ((theirs >> sh) & _M13).bit_length():
            return True
    return False


def _only_winners(cards: int, theirs: int) -> bool:
    """Whether every card of ``cards`` is above all of ``theirs`` in its suit."""
    for sh in (0, 13, 26, 39):
        if (cards >> sh) & _M13 & ((1 << ((theirs >> sh) & _M13).bit_length()) - 1):
            return False
    return True


def _chain_then_trumps(chain: int, lead: int, partner: int, theirs: int, trump: int) -> int:
    """With the claimer's side on lead and the opponents holding no trump: the tricks of the
    leader's chain of side-suit winners, then one trick for each trump of the longer trump
    holding of the side (0 when this does not apply).

    While the opponents hold no trump, the leader cashes side-suit winners before trumps
    (C4d); partner, never able to overtake (each of his cards in those suits below the
    leader's lowest there), plays low under them or discards, a side-suit card while he has
    one. So the first tricks of the chain (at most the leader's side-suit winners and
    partner's side-suit cards) hold no trump of the side; and every later trick holding one
    of the side's trumps is the side's, at least as many as either hand's trumps.
    """
    tsh = 13 * trump
    ta = ((lead >> tsh) & _M13).bit_count()
    tb = ((partner >> tsh) & _M13).bit_count()
    if not ta and not tb:
        return 0
    side_winners = 0
    for sh in (0, 13, 26, 39):
        ls = (lead >> sh) & _M13
        if sh == tsh or not ls:
            continue
        btop = ((theirs >> sh) & _M13).bit_length()
        ws = ls >> btop << btop
        if not ws:
            continue
        side_winners += ws.bit_count()
        ps = (partner >> sh) & _M13
        if ps.bit_length() > (ls & -ls).bit_length():
            return 0  # partner holds a card above one of the leader's: he might overtake
    plain = (partner & ~(_M13 << tsh)).bit_count()
    first = min(chain, side_winners, plain)
    return first + max(ta, tb) if first else 0


def _unruffed(lead: int, partner: int, left: int, right: int, trump: int) -> int:
    """How many tricks from a boundary the hand on lead (the claimer's side, leading
    winners) surely wins before a lead of his can be ruffed by an opponent (who must be void
    in the suit) or by partner (who takes the lead): each trick takes at most one card of a
    suit from each hand, and a suit led while the leader holds a winner holds one itself,
    which takes the opponents' cards above his top card, at most two a trick. A ruff by
    partner still wins its trick; trump leads (of winners) cannot be ruffed."""
    tsh = 13 * trump
    ruff1 = (left >> tsh) & _M13
    ruff2 = (right >> tsh) & _M13
    ruff_p = (partner >> tsh) & _M13
    theirs = left | right
    safe = 13
    for sh in (0, 13, 26, 39):
        ls = (lead >> sh) & _M13
        if sh == tsh or not ls:
            continue
        wait = (((theirs >> sh) & _M13) >> ls.bit_length()).bit_count()
        wait = (wait + 1) // 2  # tricks before the suit can be led a winner
        if ruff1:
            safe = min(safe, max(wait, ((left >> sh) & _M13).bit_count()))
        if ruff2:
            safe = min(safe, max(wait, ((right >> sh) & _M13).bit_count()))
        if ruff_p:
            safe = min(safe, max(wait, ((partner >> sh) & _M13).bit_count()) + 1)
    return safe


def _forced_ruff_win(lead: int, second: int, third: int, fourth: int, trump: int) -> int:
    """1 if the claimer's side (second and fourth hand) must win the trick the opponents lead
    from ``lead``, the opponents holding a trump, else 0. In each suit the leader holds:

    * trumps: second hand holds only trumps above the opponents', or fourth hand (last to
      play: he wins when he can) holds one;
    * another suit, third hand unable to ruff (he holds the suit or no trump): fourth hand
      holds a card above the opponents' in the suit, or ruffs; or second hand holds only
      such cards, or ruffs;
    * another suit third hand may ruff: second hand ruffs (as low as he may) above every
      trump of third hand's, or fourth hand, void in the suit, can overruff (and ruffs if
      third hand throws a card instead).
    """
    tsh = 13 * trump
    t2 = (second >> tsh) & _M13
    t3 = (third >> tsh) & _M13
    t4 = (fourth >> tsh) & _M13
    for sh in (0, 13, 26, 39):
        if not (lead >> sh) & _M13:
            continue
        btop = (((lead | third) >> sh) & _M13).bit_length()  # the opponents' top, rank + 1
        f2 = (second >> sh) & _M13
        f4 = (fourth >> sh) & _M13
        if sh == tsh:
            if (f2 and not f2 & ((1 << btop) - 1)) or f4 >> btop:
                continue
            return 0
        f3 = (third >> sh) & _M13
        if f3 or not t3:
            if f4 >> btop or (not f4 and t4):
                continue
            if (f2 and not f2 & ((1 << btop) - 1)) or (not f2 and t2):
                continue
            return 0
        top3 = t3.bit_length()
        if not f2 and t2 and not t2 & ((1 << top3) - 1):
            continue
        if not f4 and t4 >> top3:
            continue
        return 0
    return 1


def _forced_then_trumps(lead: int, second: int, fourth: int, theirs: int, trump: int) -> int:
    """With the opponents on lead from ``lead`` and holding no trump (a trump contract): the
    fewest tricks the side takes in the worst suit led. A trick holding a trump of the side is
    the side's, so it takes at least as many tricks as either hand holds trumps; a suit whose
    trick the side must win (see :func:`_forced_win`) gives one trick more, less a trump each
    hand void in the suit may spend on it (a ruff, or a trump thrown with nothing else)."""
    tsh = 13 * trump
    t2 = ((second >> tsh) & _M13).bit_count()
    t4 = ((fourth >> tsh) & _M13).bit_count()
    got = 13
    for sh in (0, 13, 26, 39):
        if not (lead >> sh) & _M13:
            continue
        best = max(t2, t4)
        if _forced_win(lead & (_M13 << sh), second, fourth, theirs, trump):
            u2 = 1 if t2 and not (second >> sh) & _M13 else 0
            u4 = 1 if t4 and not (fourth >> sh) & _M13 else 0
            best = max(best, 1 + max(t2 - u2, t4 - u4))
        got = min(got, best)
    return 0 if got == 13 else got


def _forced_win(lead: int, second: int, fourth: int, theirs: int, trump: int) -> int:
    """1 if the claimer's side (second and fourth hand, the opponents holding no trump)
    must win the trick the opponents lead from ``lead``, else 0."""
    t2 = (second >> (13 * trump)) & _M13 if trump >= 0 else 0
    t4 = (fourth >> (13 * trump)) & _M13 if trump >= 0 else 0
    for sh in (0, 13, 26, 39):
        if not (lead >> sh) & _M13:
            continue
        btop = ((theirs >> sh) & _M13).bit_length()
        f4 = (fourth >> sh) & _M13
        if f4 >> btop or (not f4 and t4):
            continue  # fourth hand beats the opponents' cards when last to play, or ruffs
        f2 = (second >> sh) & _M13
        if (f2 and not f2 & ((1 << btop) - 1)) or (not f2 and t2):
            continue  # second hand holds only cards above the opponents', or ruffs
        return 0
    return 1


#: :func:`cash_count`'s memo is cleared past this many entries.
CASH_MEMO_LIMIT = 300_000


def count_after(pos: Position, card: Card, theirs: int, trump: int) -> int:
    """The tricks the side to play at ``pos`` takes from this trick on that no play of the
    opponents can stop, if it plays ``card`` now (:func:`cash_count` after this trick):
    this trick when a card of the side surely wins it (the highest card so far, and above
    every card of ``theirs`` in its suit when an opponent is still to play, or a ruff),
    partner answering as best he can when he is still to play; 0 when the trick may be the
    opponents'. ``theirs``: the opponents' cards, who hold no trump (the caller's
    condition); ``trump``: the trump suit's index, -1 for none.

    >>> from bridgetable.core.seats import Seat
    >>> deal = "N:KT96.A.. 5432.K.. AQ.32.2. J87.Q.J."
    >>> pos = Position.from_pbn(deal, trump=None, leader=Seat.NORTH)
    >>> theirs = pos.hands[1] | pos.hands[3]
    >>> count_after(pos, Card("SK"), theirs, -1)  # South's SA or SQ wasted under it
    3
    >>> count_after(pos, Card("S6"), theirs, -1)  # the short hand's SA-SQ first
    4
    """
    x = int(pos.to_play)
    y = x ^ 2
    trick = pos.trick
    still = [(x + i) & 3 for i in range(1, 4 - len(trick))]
    played = [((int(pos.leader) + i) & 3, c) for i, c in enumerate(trick)]
    hx = pos.hands[x] & ~card.bit
    led = (trick[0] if trick else card).suit
    if y in still:
        hy_all = pos.hands[y]
        follow = hy_all & SUIT_MASKS[led]
        answers = [(c.bit, [(y, c)]) for c in cards_of_mask(follow or hy_all)]
    else:
        answers = [(0, [])]
    best = 0
    for bit, more in answers:
        cards = [*played, (x, card), *more]
        w = winning_index([c for _, c in cards], None if trump < 0 else Suit(trump))
        seat, win = cards[w]
        if seat & 1 != x & 1:
            continue  # an opponent's card wins so far
        ruff = win.suit is not led and int(win.suit) == trump
        higher = theirs & SUIT_MASKS[win.suit] & ~((win.bit << 1) - 1)
        if higher and not ruff and any(s & 1 != x & 1 for s in still):
            continue  # an opponent still to play may hold a higher card
        hy = pos.hands[y] & ~bit
        if seat == x:
            n = 1 + cash_count(hx, hy, theirs, trump)
        else:
            n = 1 + cash_count(hy, hx, theirs, trump)
        best = max(best, n)
    return best


def discard_count(pos: Position, card: Card, theirs: int, trump: int) -> int:
    """The tricks the claimer counts on after discarding ``card`` at ``pos``: those of
    :func:`count_after` where his side surely wins this trick; where it may not (an
    opponent's card wins it so far, or may still), the tricks his side's top cards take once
    it has the lead again, in whichever of its two hands counts more (:func:`cash_count`),
    partner answering as best he can when he is still to play.

    A player who believes his claim counts the tricks he will take after the opponents' (the
    tricks his claim concedes are theirs): he keeps the winners his count needs and throws
    his losers first (issue 17's "discards losers before winners"; Law 70A and spec N2: no
    player who knew these facts would throw a winner his count needs while holding a loser
    that it does not). Only the order of the discards is read from this count; whether the
    lead comes back is double dummy's question (the judge's).

    >>> from bridgetable.core.seats import Seat
    >>> deal = "N:.KJ6..J3 .32..K2 .AQ..AT .T984.."
    >>> trick = (Card("D2"), Card("C7"), Card("CQ"))  # East's diamond wins, North discards
    >>> pos = Position.from_pbn(deal, trump=None, leader=Seat.EAST, trick=trick)
    >>> theirs = pos.hands[1] | pos.hands[3]
    >>> discard_count(pos, Card("H6"), theirs, -1), discard_count(pos, Card("C3"), theirs, -1)
    (3, 4)
    """
    got = count_after(pos, card, theirs, trump)
    if got:
        return got
    x = int(pos.to_play)
    y = x ^ 2
    hx = pos.hands[x] & ~card.bit
    hy_all = pos.hands[y]
    trick = pos.trick
    still = [(x + i) & 3 for i in range(1, 4 - len(trick))]
    if y in still:
        led = (trick[0] if trick else card).suit
        follow = hy_all & SUIT_MASKS[led]
        answers = [hy_all & ~c.bit for c in cards_of_mask(follow or hy_all)]
    else:
        answers = [hy_all]
    best = 0
    for hy in answers:
        best = max(best, cash_count(hx, hy, theirs, trump), cash_count(hy, hx, theirs, trump))
    return best


def cash_count(lead: int, partner: int, theirs: int, trump: int) -> int:
    """The tricks a side takes from here that no play of the opponents can stop, ``lead``'s
    hand on lead: it leads a top card (one above every card of ``theirs`` in its suit), or a
    lower card that partner wins with a top card or, void, with a trump; every other trick
    is the opponents', and the count stops there. Two top cards on one trick waste one, and
    the higher keeps the lead. The opponents' lengths are unknown: a card below one of
    theirs wins only once the side has led the suit as many times as the opponents hold
    cards of it (whoever holds one must follow, so each round takes at least one of them:
    the claimer counts the cards played, as he who believes his claim does; Law 70A). A
    trick of two such lower cards of the side's goes to either hand. ``trump``: the trump
    suit's index, -1 for none; the opponents hold no trump (the caller's condition). A hand
    is read as its top cards and the number of its lower cards in each suit.

    >>> def mask(*cards: str) -> int:
    ...     return sum(Card(c).bit for c in cards)
    >>> west, east = mask("SK", "SQ", "SJ", "S3"), mask("SA", "S6", "S5", "S2")
    >>> theirs = mask("ST", "S9", "S8", "S7", "S4")
    >>> cash_count(east, west, theirs, -1)  # SA (the S3 under it), then the S2 to West
    4
    >>> cash_count(east, west & ~Card("S3").bit, theirs, -1)  # the SA blocks: 3
    3
    >>> cash_count(mask("DK", "DQ", "D8", "D3"), 0, mask("D7"), -1)  # the D7 falls at once
    4
    """
    out = []
    for hand in (lead, partner):
        split = []
        for s in range(4):
            h = (hand >> (13 * s)) & _M13
            o = (theirs >> (13 * s)) & _M13
            tops = h & ~((1 << o.bit_length()) - 1)
            split.append((tops, (h & ~tops).bit_count()))
        out.append(tuple(split))
    left = tuple(((theirs >> (13 * s)) & _M13).bit_count() for s in range(4))
    if len(_CASH_MEMO) > CASH_MEMO_LIMIT:
        _CASH_MEMO.clear()
    return _cash(out[0], out[1], left, trump, _CASH_MEMO)


#: :func:`_cash`'s values, by the two hands and the trump suit (a pure function of them,
#: so shared by every ruling of the process; cleared past ``CASH_MEMO_LIMIT`` entries).
_CASH_MEMO: dict[tuple[object, ...], int] = {}

#: A hand for :func:`_cash`: in each suit, its top cards (a 13-bit mask) and how many lower
#: cards it holds.
_Counts = tuple[tuple[int, int], ...]


def _cash(
    x: _Counts, y: _Counts, left: tuple[int, ...], trump: int, memo: dict[tuple[object, ...], int]
) -> int:
    """:func:`cash_count` over the hands' tops and counts: ``x`` on lead, ``y`` partner;
    ``left``: the fewest cards of each suit the opponents may still hold (each round the side
    leads takes at least one, as long as they hold any)."""
    # what ``left`` tells only: a suit with no lower card of the side's needs none, and a
    # suit whose lower cards cannot outlast the opponents' (fewer rounds left in the side's
    # longer holding than cards of theirs) never frees them (kept at that length)
    norm = []
    for s in range(4):
        xt, xo = x[s]
        yt, yo = y[s]
        n = left[s]
        if not (xo or yo):
            n = 0
        else:
            n = min(n, max(xt.bit_count() + xo, yt.bit_count() + yo))
        norm.append(n)
    left = (norm[0], norm[1], norm[2], norm[3])
    k = (x, y, left, trump)
    got = memo.get(k)
    if got is not None:
        return got
    best = 0
    empty = not any(t or o for t, o in y)
    # every trick left is the most there is: stop searching once a line takes them all
    most = sum(t.bit_count() + o for t, o in x)
    for s in range(4):
        if best >= most:
            break
        xt, xo = x[s]
        free = not left[s]  # the opponents hold none of the suit: each card of it wins
        after = left if free else tuple(n - 1 if i == s else n for i, n in enumerate(left))
        # the lead: each top card, or one lower card
        leads = _bits(xt) + ([0] if xo else [])
        for lead in leads:
            nx = _take(x, s, lead)
            # partner's answers (card played, it wins the trick for the side, partner leads
            # next, the winner unknown): a card of the suit, else a discard or a ruff
            answers: list[tuple[_Counts, bool, bool, bool]] = []
            yt, yo = y[s]
            if empty:
                answers.append((y, False, False, False))
            elif yt or yo:
                for b in _bits(yt):
                    answers.append((_take(y, s, b), True, b > lead, False))
                if yo:
                    answers.append((_take(y, s, 0), free, False, free and not lead))
            else:
                for u in range(4):
                    ut, uo = y[u]
                    ruff = u == trump and s != trump
                    for b in _bits(ut):
                        answers.append((_take(y, u, b), ruff, ruff, False))
                    if uo:
                        answers.append((_take(y, u, 0), ruff, ruff, False))
            for ny, partner_wins, partner_leads, either in answers:
                if not lead and not partner_wins and not free:
                    continue  # the opponents win it: the count stops
                if either:
                    # two lower cards: the higher, unseen in the count, leads next
                    n = 1 + min(
                        _cash(ny, nx, after, trump, memo), _cash(nx, ny, after, trump, memo)
                    )
                elif partner_leads:
                    n = 1 + _cash(ny, nx, after, trump, memo)
                else:
                    n = 1 + _cash(nx, ny, after, trump, memo)
                best = max(best, n)
    memo[k] = best
    return best


def _bits(mask: int) -> list[int]:
    """The single bits of ``mask``."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _take(hand: _Counts, suit: int, top: int) -> _Counts:
    """``hand`` less the top card ``top`` (a bit) of ``suit``, or one lower card (``top``
    0)."""
    t, o = hand[suit]
    return tuple(((t & ~top, o) if top else (t, o - 1)) if i == suit else hand[i] for i in range(4))
