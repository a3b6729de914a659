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


def sample_hands(
    view: dict[str, Any], memory: Memory, count: int, rng: random.Random, *, tries: int = 200
) -> list[tuple[int, int, int, int]]:
    """``count`` layouts of all remaining hands as 52-bit masks by seat (North first), the
    form the solver takes. The same layouts as :func:`sample_layouts` from the same ``rng``.

    Each layout shuffles the unseen cards, places the most constrained first (those that
    fewer hidden hands may take, having shown out of their suit) and gives each card to a
    hidden hand that may hold it, chosen with weights the room left in each; a dead end
    (every hand that may take a card is full) starts the layout again.
    """
    shown = known_hands(view)
    hidden = [s for s in SEAT_LETTERS if s not in shown]
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
    base = [0, 0, 0, 0]
    for s, held in shown.items():
        for name in held:
            base[SEAT_LETTERS.index(s)] |= Card(name).bit
    seat_of = [SEAT_LETTERS.index(s) for s in hidden]
    indices = list(range(len(unseen)))
    random_ = rng.random
    out: list[tuple[int, int, int, int]] = []
    for _ in range(count):
        for _attempt in range(tries):
            cards = indices[:]
            rng.shuffle(cards)
            # forgotten played cards (memory incomplete): drop the surplus at random
            cards = cards[:need] if len(cards) > need else cards
            cards.sort(key=order.__getitem__)
            room = sizes[:]
            masks = base[:]
            ok = True
            for k in cards:
                # rng.choices(choices, weights=room) drawn as random.Random.choices does
                choices: list[int] = []
                cum: list[int] = []
                total = 0
                for i in allowed[k]:
                    r = room[i]
                    if r > 0:
                        total += r
                        cum.append(total)
                        choices.append(i)
                if not choices:
                    ok = False
                    break
                i = choices[bisect(cum, random_() * total, 0, len(cum) - 1)]
                masks[seat_of[i]] |= bits[k]
                room[i] -= 1
            if ok:
                out.append((masks[0], masks[1], masks[2], masks[3]))
                break
        else:
            raise SamplingError("no layout fits the voids shown")
    return out


def sample_layouts(
    view: dict[str, Any], memory: Memory, count: int, rng: random.Random, *, tries: int = 200
) -> list[dict[str, set[str]]]:
    """``count`` layouts of all remaining hands (seat letter -> cards); see
    :func:`sample_hands`."""
    return [
        {s: {str(c) for c in cards_of_mask(m)} for s, m in zip(SEAT_LETTERS, hands, strict=True)}
        for hands in sample_hands(view, memory, count, rng, tries=tries)
    ]
