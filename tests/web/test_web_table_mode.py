"""Table mode in the browser (Debian's chromium, a real server): a table created in table
mode from the lobby; East faces an opening lead out of turn by clicking a card; declarer's
page shows the options of Law 54 as buttons, each with its Law, and a click accepts the lead
(54B): declarer plays second from his hand; East then exposes a card, which lies face up as
a penalty card for declarer to see (49, 50)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_harness import WebServer, chromium, missing_browser, open_page
from web_harness import view_of as _view
from web_harness import wait_view as _wait_view

# 4S by South: West is to lead; East holds the ace of hearts
DEAL = "N:AKQ2.J84.T9.7654 JT9.AKQ.8765.AKQ 8765.T9.AKQJ.JT9 43.76532.432.832"
_MISSING = missing_browser()
pytestmark = pytest.mark.skipif(_MISSING is not None, reason=_MISSING or "")


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """``bridgetable serve`` for this module (no robots are used)."""
    server = WebServer(tmp_path_factory.mktemp("web-table-mode"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium from /usr/bin, headless."""
    with chromium() as b:
        yield b


def _page(browser: Any, url: str) -> Any:
    return open_page(browser, url, height=900)


def test_law_54_options_are_buttons_and_a_click_chooses(
    web_server: WebServer, browser: Any
) -> None:
    south = _page(browser, web_server.url + "/")
    south.get_by_role("heading", name="Lobby", exact=True).wait_for()
    form = south.locator("#create-form")
    for seat in ("North", "East", "West"):
        form.get_by_label(seat, exact=True).uncheck()
    form.get_by_label("Irregularities").select_option("table")
    form.get_by_label("a practice contract").check()
    form.get_by_label("Contract", exact=True).fill("4S")
    form.get_by_label("Declarer").select_option("S")
    form.locator("summary").click()
    form.get_by_label("Deal (PBN)").fill(DEAL)
    form.get_by_role("button", name="Create the table").click()
    created = south.locator("#created")
    created.get_by_text("Table mode").wait_for()
    east_link = created.locator("a.seat-link[data-seat=E]").get_attribute("href")
    created.get_by_role("link", name="Play as South").click()
    _wait_view(south, "v.role === 'S' && v.phase === 'clarification'")

    # East, not on lead, puts the ace of hearts face up: a lead out of turn (Law 54)
    east = _page(browser, east_link)
    _wait_view(east, "v.role === 'E' && v.actions.includes('expose_card')")
    assert east.locator("button.card").count() == 0  # not his turn: no card offered
    east.get_by_label("Let me play any card").check()
    east.locator(".seat.mine button.card[data-card=HA]").click()
    _wait_view(east, "v.trick.length === 1")
    assert not east.get_by_label("Let me play any card").is_checked()  # one card only
    assert east.locator(".pending button.option").count() == 0  # the choice is declarer's

    # declarer's page: one button per option of Law 54, each naming its Law
    options = south.locator(".pending button.option")
    options.first.wait_for()
    assert [options.nth(i).get_attribute("data-option") for i in range(3)] == [
        "spread",
        "accept",
        "refuse",
    ]
    accept = south.get_by_role("button", name="Accept the lead: I play second (Law 54B)")
    assert "Law 54A" in options.nth(0).inner_text() and "Law 54D" in options.nth(2).inner_text()
    assert south.locator(".pending").get_attribute("data-kind") == "54"
    # what happened and the Law come from the engine (the page holds no Law text)
    said = south.locator(".pending p").inner_text()
    assert said == "An opening lead out of turn was faced, about East's ace of hearts (Law 54):"
    accept.click()
    _wait_view(south, "v.pending === null && v.phase === 'play' && v.hand_to_play === 'S'")
    assert south.locator(".pending").count() == 0
    assert sorted(_view(south)["legal_cards"]) == ["H9", "HT"]
    # play goes on: declarer plays second from his own hand (54B), dummy is spread
    assert south.locator(".dummy .dummy-col").count() == 4
    south.locator(".seat.mine button.card.legal[data-card=H9]").click()
    _wait_view(east, "v.trick.length === 2")
    assert _view(east)["trick"] == [["E", "HA"], ["S", "H9"]]

    # East exposes a card: a penalty card, face up on every page (49, 50A)
    east.get_by_label("Card exposed").select_option("SJ")
    east.get_by_role("button", name="Expose it (Laws 48-50)").click()
    _wait_view(south, "(v.penalty_cards.E || []).includes('SJ')")
    south.locator(".seat[data-seat=E] .penalty [data-card=SJ]").wait_for()
