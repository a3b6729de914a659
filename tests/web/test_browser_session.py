"""Issue 15 in the browser: after a board the four hands, the board's result, the running
score and a "Next board" button; the button deals the next board of the session."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_harness import WebServer, chromium, missing_browser, open_page, shot, view_of, wait_view


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """``bridgetable serve`` with small robot samples so that robot tables are quick."""
    server = WebServer(
        tmp_path_factory.mktemp("web-session"), extra=["--samples", "8", "--lead-samples", "8"]
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


_OVER = "v.phase === 'ended' || v.phase === 'passed_out'"

#: South's move on the page's view: a pass, the lead faced, the lowest legal card, or an
#: agreement to a robot's claim or to the proposal on one a robot disputed (the page's own
#: send, against the page's version)
_MOVE = """() => {
  const bt = window.bt, v = bt.state.view, a = v.actions;
  if (a.includes("agree_claim")) return bt.send("agree_claim");
  if (a.includes("accept_ruling")) return bt.send("accept_ruling");
  if (a.includes("face_lead")) return bt.send("face_lead");
  const card = v.legal_cards.at(-1);
  if (a.includes("play") && card) return bt.send("play", {card});
  if (a.includes("call")) return bt.send("call", {call: "Pass"});
  return null;
}"""


def _play_out(page: Any) -> None:
    """South plays the board out. A move the server did not take (sent on a view a robot's
    move had just made stale, or while the socket reconnected) is made again on the next view;
    the board must still end within 200 moves, and a failure shows the page's last notices."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    stuck = 0
    for _ in range(200):
        wait_view(
            page,
            f"{_OVER} || ['call', 'play', 'face_lead', 'agree_claim', 'accept_ruling']"
            ".some((x) => v.actions.includes(x))",
        )
        if view_of(page)["phase"] in ("ended", "passed_out"):
            return
        version = page.evaluate("() => window.bt.state.version")
        page.evaluate(_MOVE)
        try:
            page.wait_for_function(f"() => window.bt.state.version > {version}", timeout=15_000)
            stuck = 0
        except PlaywrightTimeout:
            stuck += 1
            if stuck == 3:
                log = page.evaluate("() => window.bt.state.log")
                raise AssertionError(
                    f"three moves in a row changed nothing: {view_of(page)} {log}"
                ) from None
    raise AssertionError("the board did not end")


def test_after_a_board_the_hands_the_score_and_next_board(
    web_server: WebServer, browser: Any
) -> None:
    t = web_server.create(robots=["N", "E", "W"], seed=15, session={"kind": "set", "boards": 2})
    page = open_page(browser, web_server.link(t["id"], t["tokens"]["S"]))
    wait_view(page, "v.board === 1")
    assert page.locator("#session").count() == 0  # nothing to show before the first result
    _play_out(page)
    # the four hands as dealt, 13 cards each (Law 66D)
    dealt = page.locator(".hand.dealt")
    dealt.first.wait_for()
    assert dealt.count() == 4
    for i in range(4):
        assert dealt.nth(i).locator(".card").count() == 13
    session = page.get_by_role("region", name="Session score")
    total = page.evaluate("() => window.bt.state.session.total")
    sign = f"+{total}" if total > 0 else str(total)
    assert session.locator(".session-total").inner_text() == f"Running total: N-S {sign}"
    assert session.locator(".session-results tbody tr").count() == 1
    page.locator("#result").wait_for()
    shot(page, "after-board")
    button = session.get_by_role("button", name="Next board")
    button.click()
    wait_view(page, "v.board === 2")
    v = view_of(page)
    assert (v["dealer"], v["vulnerability"]) == ("E", "NS")  # Law 2
    assert page.locator(".hand.dealt").count() == 0  # board 2's hands are secret again
    # the score of board 1 stays in sight while board 2 is played
    assert page.get_by_role("region", name="Session score").count() == 1
    # board 1's record and analysis are one click away in its row of results
    row = page.locator(".session-results tbody tr").first
    href = row.get_by_role("link", name="Download board 1's record as PBN").get_attribute("href")
    pbn = page.evaluate("(u) => fetch(u).then((r) => r.text())", href)
    assert '[Board "1"]' in pbn and "[Deal " in pbn
    row.get_by_role("button", name="DD analysis of board 1").click()
    past = page.get_by_role("region", name="Board 1: analysis")
    past.locator(".analysis-tricks").wait_for(timeout=60_000)
    played = page.evaluate("() => window.bt.state.past.analysis.cards")
    assert past.locator(".acard").count() == played > 0
    assert page.locator(".hand.dealt").count() == 0  # board 2's hands stay secret
    shot(page, "session-past-board")
    page.context.close()


def test_the_lobby_creates_a_set_and_lists_the_table_after_a_reload(
    web_server: WebServer, browser: Any
) -> None:
    page = open_page(browser, web_server.url + "/")
    page.get_by_role("heading", name="Lobby", exact=True).wait_for()
    assert page.locator("#my-tables").is_hidden()  # nothing kept in this browser yet
    form = page.locator("#create-form")
    form.locator("select[name=session]").select_option("set")
    assert form.get_by_label("Board number").is_hidden()  # a session deals its own boards
    form.get_by_label("Boards in the set").fill("3")
    form.get_by_role("button", name="Create the table").click()
    page.get_by_role("link", name="Play as South").wait_for()
    table = page.locator("#created code").inner_text()
    # a reload of the lobby: the table is still listed, with the link of the seat that is not
    # a robot's (North, East and West are robots by default)
    page.reload()
    mine = page.get_by_role("region", name="Your tables")
    mine.wait_for()
    links = mine.locator("a.my-table-link")
    assert links.count() == 1
    assert links.first.inner_text() == f"Table {table} as South"
    assert "(a set of boards)" in mine.locator("li").first.inner_text()
    shot(page, "lobby-your-tables")
    links.first.click()
    wait_view(page, "v.role === 'S' && v.board === 1")
    assert page.evaluate("() => window.bt.state.session.kind") == "set"
    assert page.evaluate("() => window.bt.state.session.boards") == 3
    # back in the lobby, forgetting the link removes it (and the list, now empty)
    page.goto(web_server.url + "/#")
    mine.wait_for()
    mine.get_by_role("button", name=f"Forget table {table} as South").click()
    assert mine.locator("a.my-table-link").count() == 0 and mine.is_hidden()
    page.context.close()


def test_a_rubber_sheet_after_two_deals(web_server: WebServer, browser: Any) -> None:
    t = web_server.create(
        rules="rubber", robots=["N", "E", "W"], seed=7, session={"kind": "rubber"}
    )
    page = open_page(browser, web_server.link(t["id"], t["tokens"]["S"]))
    for deal in (1, 2):
        wait_view(page, f"v.board === {deal}")
        _play_out(page)
        sheet = page.get_by_role("table", name="Rubber sheet")
        sheet.wait_for()
        rb = page.evaluate("() => window.bt.state.session.rubber")
        rows = sheet.locator("tbody tr")
        # above the line, below the line and the total, for each side, as the session says
        for i, key in enumerate(("above", "below")):
            cells = rows.nth(i).locator("td")
            assert [cells.nth(0).inner_text(), cells.nth(1).inner_text()] == [
                str(rb[key]["NS"]),
                str(rb[key]["EW"]),
            ]
        total = rows.nth(2).locator("td")
        assert total.nth(0).inner_text() == str(rb["totals"]["NS"])
        assert rb["totals"]["NS"] == rb["above"]["NS"] + rb["below"]["NS"]
        results = page.get_by_role("region", name="Session score").locator(".session-results")
        assert results.locator("tbody tr").count() == deal
        # the result panel is this deal's, never the one before (it is loaded for each deal)
        page.wait_for_function(
            f"() => window.bt.state.result && window.bt.state.resultFor.endsWith('/{deal}')"
        )
        last = page.evaluate("() => window.bt.state.session.results.at(-1)")
        assert page.evaluate("() => window.bt.state.result.tricks") == last["tricks"]
        if last["contract"]:  # a rubber's deal is scored on its sheet, not as a duplicate board
            assert page.locator("#result .score").inner_text() == (
                "Scored on the sheet of the session below."
            )
        if deal == 1:
            page.get_by_role("button", name="Next board").click()
    shot(page, "rubber-sheet")
    page.context.close()
