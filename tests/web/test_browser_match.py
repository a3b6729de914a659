"""Issue 15, item 4 in the browser: a team match's panel at the open room's table (the boards
with both rooms' results once this table has finished them, the IMPs and the totals)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from test_browser_session import _play_out
from web_harness import WebServer, chromium, missing_browser, open_page, shot, wait_view


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """``bridgetable serve`` with small robot samples so that robot tables are quick."""
    server = WebServer(
        tmp_path_factory.mktemp("web-match"), extra=["--samples", "8", "--lead-samples", "8"]
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


def test_the_match_panel_shows_the_board_and_its_imps_law_78b(
    web_server: WebServer, browser: Any
) -> None:
    body = {"boards": 1, "seed": 4, "robots": {"open": ["N", "E", "W"], "closed": list("NESW")}}
    r = httpx.post(web_server.url + "/api/matches", json=body, timeout=20)
    r.raise_for_status()
    m = r.json()
    page = open_page(browser, web_server.link(m["open"]["id"], m["open"]["tokens"]["S"]))
    wait_view(page, "v.board === 1")
    assert page.locator("#match .match-boards").count() == 0  # no board finished here yet
    _play_out(page)
    # the closed room's robots finish too: the board's IMPs come in (the row's last cells)
    page.wait_for_function(
        "() => window.bt.state.session?.match?.boards?.[0]?.imps !== null"
        " && window.bt.state.session?.match?.boards?.length === 1",
        timeout=60_000,
    )
    row = page.locator("#match .match-boards tbody tr")
    row.first.wait_for()
    assert row.count() == 1
    public = httpx.get(f"{web_server.url}/api/matches/{m['id']}", timeout=20).json()
    imps = public["boards"][0]["imps"]
    cells = row.first.locator("td")
    assert cells.nth(2).inner_text() == (str(imps) if imps > 0 else "")
    assert cells.nth(3).inner_text() == (str(-imps) if imps < 0 else "")
    total = page.locator("#match .match-total").inner_text()
    assert total == f"IMPs: team A {public['totals']['A']}, team B {public['totals']['B']}"
    shot(page, "match-panel")
