"""Random endings of up to five tricks: the adjudicator's fast search equals the exhaustive
reference for the award, the floor and the double-dummy value, and dd equals DDS."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.adjudication.ruling import adjudicate
from bridgetable.core.cards import SUIT_MASKS, Card, Suit, cards_of_mask
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Seat
from bridgetable.solver.dds import DDSSolver
from bridgetable.solver.reference import ReferenceSolver, reference_min_tricks

REF = ReferenceSolver()
DDS = DDSSolver()


def random_ending(rng: random.Random) -> Position:
    n = rng.randint(1, 5 if rng.random() < 0.3 else 4)
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[i * n : (i + 1) * n]) for i in range(4)]
    trump = rng.choice([None, *Suit])
    leader = rng.choice(SEATS)
    pos = Position(tuple(hands), trump, leader)  # type: ignore[arg-type]
    for _ in range(rng.randint(0, 3) if n > 1 else 0):
        pos = pos.play(rng.choice(pos.legal_cards()))
    return pos


def random_statement(rng: random.Random, pos: Position, claimer: Seat) -> str | None:
    mine = cards_of_mask(pos.side_mask(claimer.side))
    steps: list[str] = []
    for _ in range(rng.randint(0, 3)):
        kind = rng.random()
        if kind < 0.4 and mine:
            picked = rng.sample(mine, rng.randint(1, min(3, len(mine))))
            mine = [c for c in mine if c not in picked]
            steps.append(" ".join(str(c) for c in picked))
        elif kind < 0.6 and pos.trump is not None:
            steps.append("draw trumps")
        elif kind < 0.8:
            suits = [s for s in Suit if pos.side_mask(claimer.side) & SUIT_MASKS[s]]
            if suits:
                steps.append(f"cash {rng.choice(suits).letter}")
        else:
            steps.append("concede 1")
    if not steps:
        return None
    out = steps[0]
    for s in steps[1:]:
        out += rng.choice([" then ", ", "]) + s
    return out


@settings(max_examples=500, deadline=None, derandomize=True, database=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_adjudication_floor_and_dd_equal_the_references(seed: int) -> None:
    rng = random.Random(seed)
    pos = random_ending(rng)
    claimer = rng.choice(SEATS)
    claimed = rng.randint(0, pos.tricks_left)
    text = random_statement(rng, pos, claimer)
    ruling = adjudicate(pos, claimer, claimed, text, solver=DDS)
    assert not ruling.undetermined
    side = claimer.side
    # the award is the worst line of the policy the belief check ended with
    policy = ruling.policy
    assert policy is not None
    worst = reference_min_tricks(pos, side, policy)
    assert ruling.awarded == min(claimed, worst)
    assert ruling.floor == reference_min_tricks(pos, side)
    assert ruling.dd == REF.tricks(pos, side)
    assert ruling.floor <= (ruling.awarded if claimed >= worst else worst) <= ruling.dd
    # the witness is a legal line, normal for the claimer, that gives the award
    p, state, won = pos, policy.start(pos), 0
    for seat, card in ruling.witness:
        assert seat is p.to_play
        assert card.bit & policy.allowed(p, state)
        state = policy.after(p, state, card)
        p, winner = p.play_scored(card)
        won += winner is not None and winner.side is side
    assert p.tricks_left == 0 and won == worst


def test_card_strings_in_witness_parse() -> None:
    pos = random_ending(random.Random(1))
    r = adjudicate(pos, Seat.NORTH, 0, None, dd=None)
    assert all(isinstance(Card(str(c)), Card) for _, c in r.witness)
