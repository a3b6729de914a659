"""The double-dummy port: DDS and the reference solver give every question of it, and the
batch answers :class:`~bridgetable.solver.port.Answers` derives from ``card_values`` agree
with DDS's own batch calls."""

from __future__ import annotations

import random

import pytest
from solver_endings import played_ending

from bridgetable.core.boards import Vulnerability
from bridgetable.core.cards import cards_of_mask
from bridgetable.core.deal import Deal
from bridgetable.core.seats import Seat
from bridgetable.solver.errors import SolverError
from bridgetable.solver.port import DoubleDummy, default_solver
from bridgetable.solver.reference import ReferenceSolver


def test_dds_and_the_reference_are_the_port() -> None:
    for solver in (default_solver(), ReferenceSolver()):
        assert isinstance(solver, DoubleDummy)


def test_the_references_batch_answers_match_dds() -> None:
    rng = random.Random(4)
    dds, ref = default_solver(), ReferenceSolver()
    positions = [played_ending(rng, n) for n in (1, 2, 3, 4, 4)]
    positions.append(positions[-1].play(positions[-1].legal_cards()[0]))
    assert ref.card_values_many(positions) == dds.card_values_many(positions)
    expand = [
        {c.index: v for mask, v in groups for c in cards_of_mask(mask)}
        for groups in ref.card_scores_many(positions)
    ]
    assert expand == [
        {c.index: v for mask, v in groups for c in cards_of_mask(mask)}
        for groups in dds.card_scores_many(positions)
    ]
    for target in (0, 1, 2, 3, 5):
        targets = [target] * len(positions)
        assert ref.cards_reaching_many(positions, targets) == dds.cards_reaching_many(
            positions, targets
        )
    small = [Deal.from_pbn("N:AK2... QJ3... T98... 765...", complete=False)]
    assert ref.dd_tables(small) == dds.dd_tables(small)


def test_par_needs_dds() -> None:
    deal = Deal.random(random.Random(1))
    assert default_solver().par(deal, Vulnerability.NONE, Seat.NORTH)["contracts"]
    with pytest.raises(SolverError, match="par"):
        ReferenceSolver().par(deal, Vulnerability.NONE, Seat.NORTH)
