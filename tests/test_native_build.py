"""The build under test is the one asked for: scripts/test runs the claim and solver tests a
second time with ``BRIDGETABLE_NATIVE=1`` and ``PYTHONPATH=build/native``, the copy whose claim
searches scripts/build-native compiled with mypyc; the first run tests the pure-Python
sources."""

from __future__ import annotations

import os

import bridgetable.adjudication.believer as believer
import bridgetable.adjudication.normal as normal
import bridgetable.solver.search as search


def test_the_claim_searches_are_compiled_exactly_when_asked() -> None:
    native = os.environ.get("BRIDGETABLE_NATIVE") == "1"
    for module in (search, normal, believer):
        assert str(module.__file__).endswith(".py") is not native, module.__file__
