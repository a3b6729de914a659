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
from typing import Any

from bridgetable.core.cards import Card, Hand
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


def sample_layouts(
    view: dict[str, Any], memory: Memory, count: int, rng: random.Random, *, tries: int = 200
) -> list[dict[str, set[str]]]:
    """``count`` layouts of all remaining hands (seat letter -> cards)."""
    shown = known_hands(view)
    hidden = [s for s in SEAT_LETTERS if s not in shown]
    sizes = {s: int(view["hand_sizes"][s]) for s in hidden}
    unseen = sorted(unseen_cards(view, memory))
    need = sum(sizes.values())
    if len(unseen) < need:
        raise SamplingError(f"{len(unseen)} unseen cards for {need} places")
    voids = {(s, u) for s, u in memory.voids}
    out: list[dict[str, set[str]]] = []
    for _ in range(count):
        for _attempt in range(tries):
            cards = list(unseen)
            rng.shuffle(cards)
            # forgotten played cards (memory incomplete): drop the surplus at random
            cards = cards[:need] if len(cards) > need else cards
            room = dict(sizes)
            layout: dict[str, set[str]] = {s: set() for s in hidden}
            ok = True
            # the most constrained cards first: those few hands may take
            cards.sort(key=lambda c: sum((s, c[0]) not in voids for s in hidden))
            for c in cards:
                choices = [s for s in hidden if room[s] > 0 and (s, c[0]) not in voids]
                if not choices:
                    ok = False
                    break
                weights = [room[s] for s in choices]
                s = rng.choices(choices, weights)[0]
                layout[s].add(c)
                room[s] -= 1
            if ok:
                for s, cs in shown.items():
                    layout[s] = set(cs)
                out.append(layout)
                break
        else:
            raise SamplingError("no layout fits the voids shown")
    return out
