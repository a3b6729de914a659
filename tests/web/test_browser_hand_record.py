"""Issue 15, item 3 in the browser: the lobby makes a set from a PBN hand record file,
scored against par; the session panel shows each board's par and IMPs and the running
total in IMPs; a set scored by matchpoints against the field shows the percentage."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from test_browser_session import _play_out
from web_harness import (
    WebServer,
    axe_violations,
    chromium,
    missing_browser,
    open_page,
    shot,
    view_of,
    wait_view,
)

from bridgetable.core.deal import Deal


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """``bridgetable serve`` with small robot samples so that robot tables are quick."""
    server = WebServer(
        tmp_path_factory.mktemp("web-hand-record"),
        extra=["--samples", "8", "--lead-samples", "8"],
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


def hand_record(seed: int) -> str:
    """A hand record of two boards, 5 (West deals, all vulnerable, as the record says) and 6."""
    rng = random.Random(seed)
    out = []
    for number, dealer, vul in ((5, "W", "All"), (6, "E", "EW")):
        deal = Deal.random(rng).to_pbn()
        out.append(
            f'[Board "{number}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vul}"]\n[Deal "{deal}"]\n'
        )
    return "\n".join(out)


def sign(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def test_the_lobby_makes_a_set_from_a_hand_record_file_scored_against_par(
    web_server: WebServer, browser: Any
) -> None:
    page = open_page(browser, web_server.url + "/")
    page.get_by_role("heading", name="Lobby", exact=True).wait_for()
    form = page.locator("#create-form")
    form.locator("select[name=session]").select_option("set")
    form.get_by_label("Scoring").select_option("par")
    text = hand_record(51)
    form.get_by_label("Hand record (PBN file)").set_input_files(
        files=[{"name": "thursday.pbn", "mimeType": "text/plain", "buffer": text.encode()}]
    )
    page.wait_for_function("() => document.querySelector('textarea[name=pbn]').value.length")
    assert form.get_by_label("Hand record (PBN text)").input_value() == text
    assert form.get_by_label("Boards in the set").is_hidden()  # the record's number
    assert axe_violations(page) == []  # the new fields are labelled
    form.get_by_role("button", name="Create the table").click()
    page.get_by_role("link", name="Play as South").click()
    wait_view(page, "v.role === 'S' && v.board === 5")
    v = view_of(page)
    assert (v["dealer"], v["vulnerability"]) == ("W", "All")  # as the record gives them
    session = page.evaluate("() => window.bt.state.session")
    assert session["scoring"] == "par" and session["boards"] == 2
    _play_out(page)
    panel = page.get_by_role("region", name="Session score")
    panel.wait_for()
    result = page.evaluate("() => window.bt.state.session.results[0]")
    total = page.evaluate("() => window.bt.state.session.total")
    assert result["imps"] == total
    head = panel.locator(".session-results thead th")
    heads = [head.nth(i).inner_text() for i in range(head.count())]
    assert heads[-3:] == ["Par", "IMPs", "Record"]  # then each board's record and analysis
    cells = panel.locator(".session-results tbody tr").first.locator("td")
    assert cells.nth(3).inner_text() == sign(result["par"])
    assert cells.nth(4).inner_text() == sign(result["imps"])
    assert panel.locator(".session-total").inner_text() == (
        f"Running total: N-S {sign(total)} IMPs against par"
    )
    shot(page, "hand-record-par")
    page.context.close()


def test_a_set_scored_by_matchpoints_shows_its_percentage(
    web_server: WebServer, browser: Any
) -> None:
    text = hand_record(52)
    # the field: a table of four robots plays the same hand record first
    first = web_server.create(
        robots=["N", "E", "S", "W"], seed=1, session={"kind": "set", "pbn": text}
    )
    deadline = time.monotonic() + 240
    while not httpx.get(f"{web_server.url}/api/tables/{first['id']}").json()["session"]["over"]:
        assert time.monotonic() < deadline, "the robots' set did not end"
        time.sleep(0.3)
    t = web_server.create(
        robots=["N", "E", "W"], seed=2, session={"kind": "set", "pbn": text, "scoring": "mp"}
    )
    page = open_page(browser, web_server.link(t["id"], t["tokens"]["S"]))
    wait_view(page, "v.board === 5")
    _play_out(page)
    panel = page.get_by_role("region", name="Session score")
    panel.wait_for()
    field = page.evaluate("() => window.bt.state.session.field")
    assert field["boards"][0]["results"] == 2  # this table's result and the robots' table's
    pct = field["boards"][0]["percentage"]
    assert pct in (0.0, 50.0, 100.0) and field["percentage"] == pct
    cells = panel.locator(".session-results tbody tr").first.locator("td")
    assert cells.nth(3).inner_text() == f"{pct:.2f}"
    assert panel.locator(".session-total").inner_text() == (
        f"Running total: N-S {pct:.2f}% (matchpoints against the field)"
    )
    page.context.close()
