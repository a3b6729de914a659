"""Issue 16 in Debian's chromium against a real server: a person (South) bids with three
robots through a whole auction. He sees the robots' alerts with their meaning from the system
(West's 1NT, East's transfer), asks about East's 2D at his turn (Law 20F1) and reads West's
answer -- the caller's partner explains, from the system -- under "Answers"."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_harness import WebServer, chromium, missing_browser, shot
from web_harness import open_page as _page
from web_harness import view_of as _view
from web_harness import wait_view as _wait_view

#: Board 4 (West deals): West 1NT (15 HCP, balanced), North passes, East transfers with 2D
#: (five hearts), and South is next to call.
DEAL = "N:JT98.T53.987.JT9 K4.QJ976.T54.876 6532.A2.AK6.AQ43 AQ7.K84.QJ32.K52"
TRANSFER = "Transfer to hearts, 5+ hearts, forcing one round"
_MISSING = missing_browser()
pytestmark = pytest.mark.skipif(_MISSING is not None, reason=_MISSING or "")


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """``bridgetable serve`` with small robot samples so that robot tables are quick."""
    server = WebServer(
        tmp_path_factory.mktemp("web"), extra=["--samples", "8", "--lead-samples", "8"]
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


def test_a_person_bids_with_robots_and_reads_their_alerts(
    web_server: WebServer, browser: Any
) -> None:
    t = web_server.create(deal=DEAL, board=4, robots=["N", "E", "W"])
    page = _page(browser, web_server.link(t["id"], t["tokens"]["S"]))
    _wait_view(page, "v.actions.includes('call') && v.auction.length === 3")
    # the robots' alerted calls are marked and explained from the system
    assert page.locator("td.alerted").count() == 2
    notes = page.locator(".alerts").inner_text()
    assert "15-17 HCP, balanced" in notes and TRANSFER in notes, notes
    # South asks about East's 2D; West answers
    page.get_by_label("Which call").select_option(label="East: 2\u2666")
    page.locator("[data-action='ask_explanation']").click()
    _wait_view(page, "v.explanations.length === 1")
    answers = page.get_by_label("Answers").inner_text()
    assert TRANSFER in answers and "East's 2\u2666: " in answers, answers  # whose call
    shot(page, "robot-alert-explained")
    # South doubles, then passes to the end of the auction
    page.locator("button.bid[data-call='X']").click()
    _wait_view(page, "v.auction.length > 3")  # the double is in before the loop reads a view
    for _ in range(12):
        _wait_view(page, "v.actions.includes('call') || v.phase !== 'auction'")
        if _view(page)["phase"] != "auction":
            break
        n = len(_view(page)["auction"])
        page.locator("button.bid[data-call='Pass']").click()
        _wait_view(page, f"v.auction.length > {n}")
    v = _view(page)
    assert v["phase"] != "auction", v["auction"]
    assert [a["seat"] for a in v["auction"]][:4] == ["W", "N", "E", "S"]
    assert v["auction"][3]["call"] == "X"
    assert v["contract"] is not None or v["phase"] == "passed_out"
    page.context.close()
