"""Deal the cards a robot cannot see, consistently with everything its view shows.

The unseen cards are the 52 minus the robot's own hand, the hands its view shows (dummy, a
claimer's faced hand), the cards it remembers played and the trick in progress. They go to
the hidden hands in the sizes the view gives (``hand_sizes``), never giving a card of a suit
to a hand that has shown out of it.

Example:
    >>> import random
    >>> from bridgetable.robots.memory import Memory
    >>> view = {"role": "S", "hands": {"S": "AKQJT98765432..."}, "trick": [],
    ...         "hand_sizes": {"N": 13, "E": 13, "S": 13, "W": 13}}
    >>> layouts = sample_layouts(view, Memory(), 2, random.Random(1))
    >>> len(layouts), sorted(len(h) for h in layouts[0].values())
    (2, [13, 13, 13, 13])
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bridgetable.core.cards import Card, Hand, cards_of_mask
from bridgetable.robots.memory import Memory

SEAT_LETTERS = ("N", "E", "S", "W")
ALL_CARDS = frozenset(str(Card.from_index(i)) for i in range(52))


class SamplingError(Exception):
    """No layout fits what the view shows (the robot's memory is incomplete)."""


def known_hands(view: dict[str, Any]) -> dict[str, frozenset[str]]:
    """The hands the view shows, by seat letter."""
    return {s: frozenset(str(c) for c in Hand.from_pbn(p)) for s, p in view["hands"].items()}


def unseen_cards(view: dict[str, Any], memory: Memory) -> set[str]:
    """The cards whose place the robot does not know."""
    out = set(ALL_CARDS)
    for cards in known_hands(view).values():
        out -= cards
    out -= memory.played
    out -= {c for _, c in view.get("trick") or []}
    fd = view.get("face_down_lead")
    if fd:
        out.discard(fd)
    return out


@dataclass(frozen=True, slots=True)
class Shown:
    """What a player's calls showed of his whole hand (the 13 cards he was dealt): an HCP
    range and a length range in each suit (clubs, diamonds, hearts, spades).

    Example:
        >>> Shown((15, 17), ((2, 13),) * 4).misfit(Hand.from_pbn("AKQ.KQ2.432.5432").mask)
        1
    """

    hcp: tuple[int, int] = (0, 37)
    lengths: tuple[tuple[int, int], ...] = ((0, 13),) * 4

    def misfit(self, mask: int) -> int:
        """How far a hand (52-bit mask) is from fitting: the HCP outside the range plus
        the cards outside each suit's range (0 when it fits)."""
        hcp = 0
        for i, w in _HONOURS:
            if mask >> i & 1:
                hcp += w
        lo, hi = self.hcp
        out = lo - hcp if hcp < lo else hcp - hi if hcp > hi else 0
        for k, (a, b) in enumerate(self.lengths):
            n = (mask >> (13 * k) & 0x1FFF).bit_count()
            out += a - n if n < a else n - b if n > b else 0
        return out

    @property
    def trivial(self) -> bool:
        """Whether every hand fits."""
        return (
            self.hcp[0] <= 0
            and self.hcp[1] >= 37
            and all(a <= 0 and b >= 13 for a, b in self.lengths)
        )


#: The ace, king and queen of a suit, as bits of its 13 (two lowest).
_TOP_THREE = 0b111 << 10
#: The two to the ten of a suit, the cards a signal is given with (below the jack).
_SPOTS = 0x1FF


@dataclass(frozen=True, slots=True)
class Signal:
    """A card a defender played as a signal by the partnership's convention
    (:data:`.player.SIGNALS`), as his partner reads it: ``kind`` ``"attitude"`` (on
    partner's lead: a card above his lowest encourages, showing the ace, king or queen of
    the suit) or ``"count"`` (on declarer's lead: a card above his lowest shows an even
    number of cards in the suit, his lowest an odd number) or ``"lead"`` (a defender's lead,
    top of touching cards: he did not hold ``denies``, the next higher card not yet played,
    a mask). ``held`` is the cards of the suit he played from that trick on (the signal
    among them): with those he holds now, what he held when he signalled.

    Example:
        >>> s8, s2 = Card("S8"), Card("S2")
        >>> sig = Signal("E", "count", s8.index, s8.bit)
        >>> sig.misfit(s8.bit | s2.bit), sig.misfit(s8.bit | s2.bit | Card("S5").bit)
        (0, 1)
    """

    seat: str
    kind: str
    card: int
    held: int
    denies: int = 0

    def misfit(self, mask: int) -> int:
        """0 when a hand (52-bit mask, the cards it holds now) fits the signal, else 1: a
        hand that held fewer than two cards of the suit below the jack had no choice of
        spot card and gave no signal (the convention signals only with two of them), so it
        always fits; with ``QJ7`` the seven is no discouragement."""
        if self.kind == "lead":
            return 1 if (mask | self.held) & self.denies else 0
        suit = self.card // 13
        cards = ((mask | self.held) >> (13 * suit)) & 0x1FFF
        if (cards & _SPOTS).bit_count() <= 1:
            return 0
        low = cards & -cards == 1 << (self.card % 13)
        if self.kind == "count":
            want_low = cards.bit_count() % 2 == 1
        else:
            want_low = cards & _TOP_THREE == 0
        return 0 if low == want_low else 1


#: (bit, HCP) of every ace, king, queen and jack.
_HONOURS = tuple(
    (Card.from_index(i).bit.bit_length() - 1, max(0, int(Card.from_index(i).rank) - 10))
    for i in range(52)
    if int(Card.from_index(i).rank) > 10
)


def sample_hands(
    view: dict[str, Any],
    memory: Memory,
    count: int,
    rng: random.Random,
    *,
    tries: int = 200,
    shown: Mapping[str, Shown] | None = None,
    draws: int = 1,
    signals: Sequence[Signal] = (),
) -> list[tuple[int, int, int, int]]:
    """``count`` layouts of all remaining hands as 52-bit masks by seat (North first), the
    form the solver takes. The same layouts as :func:`sample_layouts` from the same ``rng``.

    Each layout shuffles the unseen cards, gives those that fewer hidden hands may take
    (having shown out of their suit) to a hidden hand that may hold them, chosen with
    weights the room left in each, and deals the rest in their shuffled order to fill the
    room left; a dead end (every hand that may take a card is full) starts the layout again.

    ``shown`` is what the auction showed of hidden hands (by seat letter): then ``count``
    times ``draws`` layouts are drawn and the ``count`` nearest to fitting it are kept, the
    first drawn among equals; a hand is judged with the cards the robot saw it play
    (``memory.played_by``). So every layout kept fits when enough of them do, and a robot
    reading an auction its system does not describe still gets the most plausible ones.

    ``signals`` are partner's signals (:class:`Signal`), read the same way when ``draws``
    is above 1: a layout where partner's hand does not fit one counts one more misfit (one
    card outside a suit's range), so that the layouts kept fit partner's signals when
    enough drawn do, and a card that was not meant as a signal (partner had one best card
    double dummy) only weighs, never empties the sample.
    """
    known = known_hands(view)
    hidden = [s for s in SEAT_LETTERS if s not in known]
    sizes = [int(view["hand_sizes"][s]) for s in hidden]
    unseen = sorted(unseen_cards(view, memory))
    need = sum(sizes)
    if len(unseen) < need:
        raise SamplingError(f"{len(unseen)} unseen cards for {need} places")
    voids = {(s, u) for s, u in memory.voids}
    # for each unseen card (its place in ``unseen``): its bit, and the hidden hands (their
    # place in ``hidden``) that may hold it
    bits = [Card(c).bit for c in unseen]
    allowed = [tuple(i for i, s in enumerate(hidden) if (s, c[0]) not in voids) for c in unseen]
    order = [len(a) for a in allowed]
    free_of = len(hidden)
    base = [0, 0, 0, 0]
    for s, held in known.items():
        for name in held:
            base[SEAT_LETTERS.index(s)] |= Card(name).bit
    seat_of = [SEAT_LETTERS.index(s) for s in hidden]
    indices = list(range(len(unseen)))
    random_ = rng.random
    # the hidden hands the auction showed something of: (their seat, the cards seen
    # played from them, what was shown)
    judged: list[tuple[int, int, Shown]] = []
    if shown and draws > 1:
        for i, s in enumerate(hidden):
            want = shown.get(s)
            if want is None or want.trivial:
                continue
            seen = 0
            for seat, name in memory.played_by:
                if seat == s:
                    seen |= Card(name).bit
            judged.append((seat_of[i], seen, want))
    reads = [(SEAT_LETTERS.index(g.seat), g) for g in signals if g.seat in hidden]
    total = count * draws if (judged or reads) and draws > 1 else count
    drawn: list[tuple[int, int, int, int]] = []
    for _ in range(total):
        for _attempt in range(tries):
            cards = indices[:]
            rng.shuffle(cards)
            # forgotten played cards (memory incomplete): drop the surplus at random
            cards = cards[:need] if len(cards) > need else cards
            cards.sort(key=order.__getitem__)
            room = sizes[:]
            masks = base[:]
            ok = True
            # the cards some hidden hand may not hold come first (sorted); then the rest
            j = 0
            while j < len(cards) and order[cards[j]] < free_of:
                k = cards[j]
                j += 1
                # rng.choices(choices, weights=room) drawn as random.Random.choices does
                choices: list[int] = []
                cum: list[int] = []
                tot = 0
                for i in allowed[k]:
                    r = room[i]
                    if r > 0:
                        tot += r
                        cum.append(tot)
                        choices.append(i)
                if not choices:
                    ok = False
                    break
                i = choices[bisect(cum, random_() * tot, 0, len(cum) - 1)]
                masks[seat_of[i]] |= bits[k]
                room[i] -= 1
            if ok:
                # the cards any hidden hand may hold, in their shuffled order, fill the room
                for i, r in enumerate(room):
                    m = 0
                    for k in cards[j : j + r]:
                        m |= bits[k]
                    masks[seat_of[i]] |= m
                    j += r
                drawn.append((masks[0], masks[1], masks[2], masks[3]))
                break
        else:
            raise SamplingError("no layout fits the voids shown")
    if total == count:
        return drawn
    scored = []
    for n, hands in enumerate(drawn):
        miss = 0
        for where, seen, want in judged:
            miss += want.misfit(hands[where] | seen)
        for where, sig in reads:
            miss += sig.misfit(hands[where])
        scored.append((miss, n))
    scored.sort()
    return [drawn[n] for _, n in scored[:count]]


def sample_layouts(
    view: dict[str, Any], memory: Memory, count: int, rng: random.Random, *, tries: int = 200
) -> list[dict[str, set[str]]]:
    """``count`` layouts of all remaining hands (seat letter -> cards); see
    :func:`sample_hands`."""
    return [
        {s: {str(c) for c in cards_of_mask(m)} for s, m in zip(SEAT_LETTERS, hands, strict=True)}
        for hands in sample_hands(view, memory, count, rng, tries=tries)
    ]
