"""The browser tests' shared fixtures: a real ``bridgetable serve`` per module and Debian's
Chromium driven by Playwright (a module may define its own ``web_server``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_harness import WebServer, chromium, missing_browser


@pytest.fixture(scope="module")
def web_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[WebServer]:
    """``bridgetable serve`` with small robot samples so that robot tables are quick."""
    name = request.module.__name__.rsplit(".", 1)[-1]
    server = WebServer(
        tmp_path_factory.mktemp(name), extra=["--samples", "8", "--lead-samples", "8"]
    )
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium from /usr/bin, headless; the tests skip when it or Playwright is missing."""
    reason = missing_browser()
    if reason is not None:
        pytest.skip(reason)
    with chromium() as b:
        yield b
