"""A real server process shared by the tests of a module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_harness import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """``bridgetable serve`` on a free port, SQLite in a temporary directory; small robot
    samples so that robot tables are quick."""
    data = tmp_path_factory.mktemp("serve")
    # many tests share this server: the per-address table limit is lifted for them
    extra = ["--samples", "8", "--lead-samples", "8", "--tables-per-minute", "100000"]
    with ServerProcess(data, extra=extra) as s:
        yield s
