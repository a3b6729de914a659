"""Scoring across the field (core/field.py): matchpoints (Law 78A), the Neuberg formula for
an unequal field (EBU/WBF) and cross-IMPs (Law 78B), against worked examples checked by
hand, and their invariants."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgetable.core.errors import NotationError
from bridgetable.core.field import cross_imps, field_matchpoints, field_percentage, neuberg

SCORES = st.lists(st.integers(-300, 300).map(lambda x: x * 10), min_size=1, max_size=12)


def test_matchpoints_two_per_score_beaten_one_per_tie() -> None:
    # 620 620 170 -100: 620 ties one and beats two (1 + 2 + 2), 170 beats one, -100 none
    field = [620, 620, 170, -100]
    got = [field_matchpoints(s, field[:i] + field[i + 1 :]) for i, s in enumerate(field)]
    assert got == [5.0, 5.0, 2.0, 0.0]
    pcts = [field_percentage(s, field[:i] + field[i + 1 :]) for i, s in enumerate(field)]
    assert pcts == [83.33, 83.33, 33.33, 0.0]


def test_neuberg_a_board_played_three_times_in_a_field_of_four() -> None:
    # 420 170 -50 on a board played 3 times where the others were played 4 times (top 6):
    # MP 4, 2, 0; (MP + 1) * 4 / 3 - 1 = 17/3, 3, 1/3; as percentages of 6: 94.44 50 5.56
    assert neuberg(4.0, n=3, largest=4) == pytest.approx(17 / 3)
    assert neuberg(2.0, n=3, largest=4) == pytest.approx(3.0)
    assert neuberg(0.0, n=3, largest=4) == pytest.approx(1 / 3)
    assert field_percentage(420, [170, -50], largest=4) == 94.44
    assert field_percentage(170, [420, -50], largest=4) == 50.0
    assert field_percentage(-50, [420, 170], largest=4) == 5.56


def test_a_board_played_once_is_an_average() -> None:
    assert field_percentage(1430, [], largest=1) == 50.0
    assert field_percentage(1430, [], largest=7) == 50.0
    assert neuberg(0.0, n=1, largest=7) == 6.0  # the average of a field of 7 (top 12)


def test_cross_imps_average_the_imps_against_each_other_score() -> None:
    # 620 vs 170 (+450: 10), vs -100 (+720: 12), vs 620 (0): 22/3
    # 170 vs 620 (-10), vs -100 (+270: 7), vs 620 (-10): -13/3; -100: -12 -7 -12 = -31/3
    field = [620, 170, -100, 620]
    got = [cross_imps(s, field[:i] + field[i + 1 :]) for i, s in enumerate(field)]
    assert got == [7.33, -4.33, -10.33, 7.33]
    assert cross_imps(420, []) == 0.0


def test_bad_input_is_refused() -> None:
    with pytest.raises(NotationError):
        field_matchpoints(420, [1.5])  # type: ignore[list-item]
    with pytest.raises(NotationError):
        neuberg(2.0, n=5, largest=4)
    with pytest.raises(NotationError):
        neuberg(9.0, n=3, largest=4)  # beyond the top of 4
    with pytest.raises(NotationError):
        cross_imps(True, [10])


@given(SCORES)
def test_a_full_field_averages_fifty_percent_and_cross_imps_sum_to_zero(
    scores: list[int],
) -> None:
    rest = [scores[:i] + scores[i + 1 :] for i in range(len(scores))]
    mps = [field_matchpoints(s, r) for s, r in zip(scores, rest, strict=True)]
    n = len(scores)
    assert sum(mps) == n * (n - 1)  # every comparison gives out 2 matchpoints
    unrounded = [sum(neuberg(m, n, n) for m in mps)]
    assert unrounded[0] == pytest.approx(n * (n - 1))  # Neuberg at full strength: unchanged
    if n > 1:
        pcts = [field_percentage(s, r) for s, r in zip(scores, rest, strict=True)]
        assert sum(pcts) / n == pytest.approx(50.0, abs=0.01)
    # IMPs are antisymmetric, so the field's cross-IMPs add up to nothing
    assert sum(cross_imps(s, r) * max(1, n - 1) for s, r in zip(scores, rest, strict=True)) == (
        pytest.approx(0.0, abs=0.01 * n * n)
    )


@given(SCORES, st.integers(0, 6))
def test_neuberg_keeps_the_board_average_of_the_larger_field(scores: list[int], extra: int) -> None:
    # the rescaled matchpoints of a board played n times add up to n times the average of
    # a field of N, (N - 1)
    n = len(scores)
    big = n + extra
    total = sum(
        neuberg(field_matchpoints(s, scores[:i] + scores[i + 1 :]), n, big)
        for i, s in enumerate(scores)
    )
    assert total == pytest.approx(n * (big - 1))
