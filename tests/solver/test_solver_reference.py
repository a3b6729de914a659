"""The exhaustive reference against DDS on random endings of one to five tricks."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from solver_endings import endings, remaining

from bridgetable.core.cards import Card
from bridgetable.core.position import Position
from bridgetable.core.seats import Seat, Side
from bridgetable.solver.dds import DDSSolver
from bridgetable.solver.port import DoubleDummy
from bridgetable.solver.reference import ReferenceSolver

DDS = DDSSolver()


@settings(
    max_examples=500,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(endings())
def test_reference_equals_dds(pos: Position) -> None:
    ref = ReferenceSolver()
    ns = ref.tricks(pos, Side.NS)
    assert ns == DDS.tricks(pos, Side.NS)
    assert ref.tricks(pos, Side.EW) == remaining(pos) - ns == DDS.tricks(pos, Side.EW)
    values = ref.card_values(pos)
    assert values == DDS.card_values(pos)
    assert set(values) == set(pos.legal_cards())
    me = pos.to_play.side
    assert max(values.values()) == ref.tricks(pos, me)


def test_reference_is_a_double_dummy_solver() -> None:
    ref = ReferenceSolver()
    assert isinstance(ref, DoubleDummy)
    # the spade finesse: it works when led from South, not when North must lead
    p = Position.from_pbn("N:AQ... J3... 42... K5...", trump=None, leader=Seat.SOUTH)
    assert ref.card_values(p) == {Card("S4"): 2, Card("S2"): 2}
    assert ref.tricks(p, Side.EW) == 0
    p = Position.from_pbn("N:AQ... J3... 42... K5...", trump=None, leader=Seat.NORTH)
    assert ref.card_values(p) == {Card("SA"): 1, Card("SQ"): 1}
    assert ref.tricks(p, Side.EW) == 1
    assert ref.card_values(Position((0, 0, 0, 0), None, Seat.EAST)) == {}
