"""The solver layer's exception.

Example:
    >>> from bridgetable.solver.errors import SolverError
    >>> from bridgetable.core.errors import BridgeError
    >>> issubclass(SolverError, BridgeError)
    True
"""

from __future__ import annotations

from bridgetable.core.errors import BridgeError


class SolverError(BridgeError):
    """A double-dummy question that could not be answered: the solver library is missing or
    failed, or the arguments are unusable (an empty position, a deadline without a clock, a
    policy that allows no card...)."""
