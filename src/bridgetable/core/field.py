"""Scoring a board across the field: one result against the other results of the same deal.

Pairs scoring compares a board's North-South score with every other score of the same deal
(the same four hands, the same dealer and vulnerability):

* matchpoints (Law 78A): 2 for every other score beaten, 1 for every one tied, 0 for every
  one lost (the "2 per beat" scale of :func:`bridgetable.core.scoring.matchpoints`); the top
  on a board played ``n`` times is ``2 * (n - 1)``;
* an unequal field -- a board played fewer times than the largest field -- is scored by the
  Neuberg formula (EBU/WBF), which rescales each score to the largest field ``N``:
  ``MP' = (MP + 1) * N / n - 1`` on the 2-per-beat scale; the percentage is then ``MP'`` of
  the top of the largest field, ``2 * (N - 1)``. A board played once (nothing to compare)
  gets the average, 50%;
* cross-IMPs (Law 78B): the score against each other score in IMPs on the WBF scale
  (:func:`bridgetable.core.scoring.imps`), averaged over the other scores (0 with none).

The functions are pure: the results of the field are the caller's to gather.

Example:
    >>> field_matchpoints(420, [420, 170, -50])
    5.0
    >>> neuberg(5.0, n=4, largest=6)
    8.0
    >>> field_percentage(420, [420, 170, -50], largest=6)
    80.0
    >>> cross_imps(420, [420, 170, -50])
    5.33
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgetable.core.errors import NotationError
from bridgetable.core.scoring import imps, matchpoints

__all__ = ["cross_imps", "field_matchpoints", "field_percentage", "neuberg"]


def _check(score: int, others: Sequence[int]) -> list[int]:
    for s in (score, *others):
        if not isinstance(s, int) or isinstance(s, bool):
            raise NotationError(f"a score is a whole number, not {s!r}")
    return list(others)


def field_matchpoints(score: int, others: Sequence[int]) -> float:
    """``score``'s matchpoints against ``others`` (the other scores of the deal, same
    direction): 2 per score beaten, 1 per tie (Law 78A).

    Raises:
        NotationError: a score is not an int.

    >>> field_matchpoints(100, [])
    0.0
    """
    rest = _check(score, others)
    return matchpoints([score, *rest])[0]


def neuberg(mp: float, n: int, largest: int) -> float:
    """Neuberg formula, EBU/WBF: matchpoints ``mp`` (2-per-beat scale) won on a board
    played ``n`` times, rescaled to a field of ``largest``: ``(mp + 1) * largest / n - 1``.

    Raises:
        NotationError: ``n`` is not from 1 to ``largest``, or ``mp`` beyond the top
            ``2 * (n - 1)``.

    >>> neuberg(2.0, n=2, largest=2)  # a full field: unchanged
    2.0
    >>> neuberg(0.0, n=1, largest=5)  # played once: the average of the largest field
    4.0
    """
    for x in (n, largest):
        if not isinstance(x, int) or isinstance(x, bool):
            raise NotationError(f"a field's size is a whole number, not {x!r}")
    if not 1 <= n <= largest:
        raise NotationError(f"a board played {n} times in a largest field of {largest}")
    if not 0 <= mp <= 2 * (n - 1):
        raise NotationError(f"{mp} matchpoints is beyond the top of {2 * (n - 1)}")
    return (mp + 1) * largest / n - 1


def field_percentage(score: int, others: Sequence[int], largest: int | None = None) -> float:
    """``score``'s matchpoints against ``others`` as a percentage of the top of the largest
    field (``largest`` results; by default this board's own ``len(others) + 1``), rescaled
    by the Neuberg formula (EBU/WBF) when the board was played fewer times; 50.0 for a board
    with nothing to compare. Rounded to two decimals.

    Raises:
        NotationError: as :func:`field_matchpoints` and :func:`neuberg`.

    >>> field_percentage(-50, [420, 170])
    0.0
    >>> field_percentage(100, [])
    50.0
    """
    rest = _check(score, others)
    n = len(rest) + 1
    big = n if largest is None else largest
    rescaled = neuberg(field_matchpoints(score, rest), n, big)
    if big == 1:
        return 50.0
    return round(100.0 * rescaled / (2 * (big - 1)), 2)


def cross_imps(score: int, others: Sequence[int]) -> float:
    """``score`` against each of ``others`` in IMPs (WBF scale, Law 78B), averaged over
    them; 0.0 with none. Rounded to two decimals.

    Raises:
        NotationError: a score is not an int.

    >>> cross_imps(-100, [620])
    -12.0
    """
    rest = _check(score, others)
    if not rest:
        return 0.0
    return round(sum(imps(score - o) for o in rest) / len(rest), 2)
