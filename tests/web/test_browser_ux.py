"""The browser table as a person uses it (Debian's chromium, a real server): a board played
from the lobby to the result with the keyboard only; the auction on a phone, with only the
legal calls enabled; the confirmation setting; a Law 25A correction; the claim dialog keeping
its text; the lobby's and the result's small things; and axe-core on the lobby, a table in
each phase and the Director's console."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_harness import SECRET, WebServer, axe_violations, chromium, missing_browser, shot
from web_harness import open_page as _page
from web_harness import view_of as _view
from web_harness import wait_view as _wait_view

# South holds thirteen top winners: any claim of the rest is good
SOLID = "N:T98.T98.JT9.QJT9 432.432.432.5432 AKQJ.AKQJ.AKQ.AK 765.765.8765.876"
DEAL = "N:AKQ2.KQ2.AJ3.Q32 J976.A96.K82.KJ5 843.J873.Q74.A96 T5.T54.T965.T874"
_MISSING = missing_browser()
pytestmark = pytest.mark.skipif(_MISSING is not None, reason=_MISSING or "")


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """``bridgetable serve`` with small robot samples so that robot tables are quick."""
    server = WebServer(
        tmp_path_factory.mktemp("web-ux"), extra=["--samples", "8", "--lead-samples", "8"]
    )
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


def _focused(page: Any) -> dict[str, Any]:
    """What has the focus: tag, id, classes, data-* and text."""
    got: dict[str, Any] = page.evaluate(
        "() => { const a = document.activeElement; return {tag: a.tagName, id: a.id,"
        " cls: a.className || '', data: {...a.dataset}, text: a.textContent.trim(),"
        " body: a === document.body}; }"
    )
    return got


def _wait_focus(page: Any, js: str) -> None:
    try:
        page.wait_for_function(
            f"() => {{ const a = document.activeElement; return a && ({js}); }}", timeout=10_000
        )
    except Exception:
        raise AssertionError(f"focus is on {_focused(page)}, not {js}") from None


def _tab_to(page: Any, js: str, limit: int = 80) -> int:
    """Press Tab until the focused element matches ``js`` (``a`` is the element); returns the
    number of presses."""
    for n in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => {{ const a = document.activeElement; return !!(a && ({js})); }}"):
            return n
    raise AssertionError(f"no element matching {js} within {limit} Tab presses")


def _join_director(browser: Any, server: WebServer, table: str) -> Any:
    d = _page(browser, server.url + "/")
    join = d.locator("#join-form")
    join.get_by_label("Table").fill(table)
    join.get_by_label("As").select_option("director")
    join.get_by_label("Director's secret").fill(SECRET)
    join.get_by_role("button", name="Join").click()
    d.get_by_role("region", name="Director's console").wait_for()
    return d


def _no_serious(page: Any, where: str) -> None:
    """axe-core finds no serious or critical violation, and no stray "null" is shown."""
    found = axe_violations(page)
    assert not found, f"{where}:\n" + "\n".join(found)
    assert not re.search(r"\bnull\b", page.inner_text("body")), f"{where}: a literal null"


def test_keyboard_only_board_from_the_lobby_to_the_result(
    web_server: WebServer, browser: Any
) -> None:
    page = _page(browser, web_server.url + "/")
    page.get_by_role("heading", name="Lobby", exact=True).wait_for()
    # the lobby's form by keyboard: open "Deal and seed", type the deal, create the table
    _tab_to(page, "a.tagName === 'SUMMARY'")
    page.keyboard.press("Enter")
    _tab_to(page, "a.name === 'deal'")
    page.keyboard.type(SOLID)
    _tab_to(page, "a.textContent === 'Create the table'")
    page.keyboard.press("Enter")
    # focus goes to the first seat link: South's, the only human seat
    _wait_focus(page, "a.classList.contains('seat-link')")
    assert _focused(page)["text"] == "Play as South"
    page.keyboard.press("Enter")

    # the auction: typing a call at one's turn (focus is on the call box already)
    _wait_view(page, "v.role === 'S' && v.actions.includes('call')")
    _wait_focus(page, "a.id === 'call-text'")
    page.keyboard.type("7n")
    page.keyboard.press("Enter")
    _wait_view(page, "v.auction.some(e => e.seat === 'S' && e.call === '7NT')")
    assert not _focused(page)["body"]
    while _view(page)["phase"] == "auction":
        page.wait_for_function(
            "() => { const v = window.bt.state.view;"
            " return v.phase !== 'auction' || v.actions.includes('call'); }"
        )
        if _view(page)["phase"] != "auction":
            break
        _wait_focus(page, "a.id === 'call-text'")
        page.keyboard.type("p")
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)

    # the play: focus follows the action to the cards of the hand to play; a card is played
    # with Enter on it, or typed (sa, low, h) from one's own hand
    played = 0
    while played < 4:
        _wait_view(page, "v.actions.includes('play')")
        v = _view(page)
        hand = v["hand_to_play"]
        # a player who typed his last card keeps the typing box when he plays again at once
        on_card = f"a.classList.contains('legal') && a.dataset.key.startsWith('card-{hand}-')"
        _wait_focus(page, on_card + (" || a.id === 'play-text'" if hand == "S" else ""))
        if hand == "S":
            if v["trick"]:
                page.keyboard.type("low")  # typing on a card goes to the "I play" box
            else:
                card = v["legal_cards"][0]
                page.keyboard.type(card.lower())
            assert _focused(page)["id"] == "play-text"
            page.keyboard.press("Enter")
        else:
            page.keyboard.press("Enter")
        page.wait_for_function(
            f"() => {{ const v = window.bt.state.view; return !v.actions.includes('play')"
            f" || v.hand_to_play !== '{hand}' || v.trick.length !== {len(v['trick'])}; }}"
        )
        played += 1
        assert not _focused(page)["body"], "focus dropped to the page"
    # the tricks quitted so far, in words beside the Law 65 arrangement
    _wait_view(page, "v.actions.includes('claim')")
    marks = page.locator(".marks-box")
    if _view(page)["quitted_marks"]:
        assert "Won by us:" in marks.inner_text()
        assert page.locator(".mark").first.get_attribute("aria-label") == "trick 1: won by us"
        if page.locator(".mark-trick").count():  # Law 65B3: the last card may be turned
            assert re.search(r"as won by (us|them)", page.locator(".mark-trick").inner_text())

    # the claim by keyboard: the dialog opens on the tricks, the statement follows
    _tab_to(page, "a.dataset.action === 'claim'")
    page.keyboard.press("Enter")
    _wait_focus(page, "a.name === 'tricks'")
    page.keyboard.press("Tab")
    page.keyboard.type("cash S then cash H then cash D then cash C")
    page.keyboard.press("Enter")
    _wait_view(page, "v.phase === 'ended'")
    result = page.locator("#result")
    result.get_by_text("Score: N-S +").wait_for()
    assert "13 tricks" in result.inner_text()
    # the header's trick count holds the claimed tricks
    assert "N-S 13 \u00b7 E-W 0" in page.locator("#board-info").inner_text()
    # the record downloads (a file, not a page in place of the table)
    link = result.get_by_role("link", name="Download the record as PBN")
    link.wait_for()
    _tab_to(page, "a.classList.contains('download') && a.textContent === 'PBN'")
    with page.expect_download() as got:
        page.keyboard.press("Enter")
    assert got.value.suggested_filename == "board-1.pbn"
    assert "[Contract" in Path(got.value.path()).read_text(encoding="utf-8")
    assert page.locator("#result").count() == 1  # still on the table
    page.context.close()


def test_phone_size_auction_with_only_legal_calls(web_server: WebServer, browser: Any) -> None:
    t = web_server.create(deal=DEAL, board=1, robots=["N", "E", "W"], seed=3)
    page = _page(browser, web_server.link(t["id"], t["tokens"]["S"]), phone=True)
    _wait_view(page, "v.actions.includes('call')")
    v = _view(page)
    # only the calls the engine allows are enabled; Pass, X and XX are always in the box
    box = page.locator(".callbox")
    enabled = box.locator("button.bid:not([disabled])")
    got = {enabled.nth(i).get_attribute("data-call") for i in range(enabled.count())}
    assert got == set(v["legal_calls"]), (got, v["legal_calls"])
    for call in ("Pass", "X", "XX"):
        assert box.locator(f"button.bid[data-call='{call}']").count() == 1
    assert box.locator("button.bid[data-call='Pass']").is_enabled()
    if v["auction"] and any(e["call"] not in ("Pass", "X", "XX") for e in v["auction"]):
        assert box.locator("button.bid[data-call='1C']").is_disabled()
    # the calls have spoken names
    assert box.get_by_role("button", name="one heart").count() == 1
    assert box.get_by_role("button", name="three no trump").count() == 1
    assert box.get_by_role("button", name="pass", exact=True).count() == 1
    # the seat to call wears "to call", never "to play"
    assert page.locator(".seat[data-seat='S'] .tag-turn").inner_text() == "to call"
    assert page.get_by_text("to play", exact=True).count() == 0
    # one line explains the phase
    assert "each player calls in turn" in page.locator("#phase-help").inner_text()

    # the calls so far stand above the box, and stay in sight while the box is used
    auction = page.get_by_role("region", name="Auction so far")
    assert auction.bounding_box()["y"] < box.bounding_box()["y"]
    box.locator("button.bid[data-call='7NT']").scroll_into_view_if_needed()
    a = auction.bounding_box()
    assert a["y"] >= -1 and a["y"] + a["height"] <= 844 + 1, a
    shot(page, "phone-auction")
    _no_serious(page, "auction")

    # Pass is at hand: focus is on the typed call, Pass is a few Tab stops on, the whole
    # box one stop; the arrow keys move between enabled calls and skip the others
    _wait_focus(page, "a.id === 'call-text'")
    assert _tab_to(page, "a.dataset.call === 'Pass'", limit=4) <= 3
    page.keyboard.press("ArrowDown")
    focused = _focused(page)
    assert focused["data"]["call"] in v["legal_calls"] and focused["data"]["call"] not in (
        "Pass",
        "X",
        "XX",
    )
    page.keyboard.press("Tab")
    assert "bid" not in _focused(page)["cls"]  # the box is one Tab stop
    page.keyboard.press("Shift+Tab")
    assert _focused(page)["data"]["call"] == focused["data"]["call"]
    # typing a call that is not allowed says so and sends nothing
    n = len(v["auction"])
    page.locator("#call-text").fill("xx")
    page.locator("#call-text").press("Enter")
    assert "not allowed now" in page.locator("#call-typed-msg").inner_text()
    assert len(_view(page)["auction"]) == n
    # with the confirmation setting a call waits for Confirm (Enter: focus is on it)
    page.get_by_label("Confirm each call and card").check()
    page.locator("#call-text").fill("p")
    page.locator("#call-text").press("Enter")
    page.get_by_role("group", name="Confirm").get_by_text("Call Pass?").wait_for()
    assert len(_view(page)["auction"]) == n
    _wait_focus(page, "a.id === 'confirm-yes'")
    page.keyboard.press("Enter")
    _wait_view(page, f"v.auction.length > {n}")
    assert page.locator("#toast.error").count() == 0 or page.locator("#toast.error").is_hidden()
    page.context.close()


def test_confirmation_of_each_call_and_card_is_a_setting(
    web_server: WebServer, browser: Any
) -> None:
    t = web_server.create(deal=SOLID, contract="6NT", declarer="S", robots=["N", "E", "W"])
    page = _page(browser, web_server.link(t["id"], t["tokens"]["S"]))
    _wait_view(page, "v.actions.includes('play')")
    page.get_by_label("Confirm each call and card").check()
    assert page.evaluate("() => localStorage.getItem('bt.confirm')") == "1"
    # a card asks first; Cancel keeps it in hand
    n = len(_view(page)["trick"])
    page.locator("button.card.legal").first.press("Enter")
    confirm = page.get_by_role("group", name="Confirm")
    confirm.wait_for()
    assert _focused(page)["id"] == "confirm-yes"
    assert confirm.get_by_text("Play ").count() >= 1
    confirm.get_by_role("button", name="Cancel").click()
    assert len(_view(page)["trick"]) == n
    # the setting outlives a reload; Confirm plays the card
    page.reload()
    _wait_view(page, "v.actions.includes('play')")
    assert page.get_by_label("Confirm each call and card").is_checked()
    card = page.locator("button.card.legal").first.get_attribute("data-card")
    page.locator("button.card.legal").first.press("Enter")
    page.locator("#confirm-yes").press("Enter")
    _wait_view(page, f"v.trick.some(([s, c]) => c === '{card}') || v.trick.length === 0")
    page.get_by_label("Confirm each call and card").uncheck()
    assert page.evaluate("() => localStorage.getItem('bt.confirm')") == "0"
    page.context.close()


def test_law_25a_lho_withdraws_his_call_over_a_replaced_call(
    web_server: WebServer, browser: Any
) -> None:
    # Law 25A: LHO may withdraw a call he made over the first call: his button, his choice
    t = web_server.create(deal=DEAL, board=1)
    pages = {s: _page(browser, web_server.link(t["id"], tok)) for s, tok in t["tokens"].items()}
    n, e, s, w = (pages[x] for x in "NESW")
    _wait_view(n, "v.actions.includes('call')")
    n.locator("button.bid[data-call='1H']").click()
    _wait_view(e, "v.actions.includes('call')")
    e.locator("button.bid[data-call='2C']").click()
    _wait_view(s, "v.actions.includes('call')")
    s.locator("button.bid[data-call='X']").click()  # South doubles the unintended 2C
    _wait_view(e, "v.actions.includes('replace_call')")
    e.get_by_role("button", name=re.compile("was not the call I meant")).click()
    e.locator(".callbox.replacing button.bid[data-call='2D']").click()
    # South's double stands over 2D; only South is offered to withdraw it
    _wait_view(s, "v.actions.includes('withdraw_call')")
    button = s.get_by_role("button", name="Withdraw my call over the replaced call")
    button.wait_for()
    for p in (n, e, w):
        _wait_view(p, "v.auction.length === 3")
        assert p.locator("[data-action='withdraw_call']").count() == 0
    button.click()
    _wait_view(s, "v.auction.length === 2 && v.actions.includes('call')")
    told = "South withdrew his X over the replaced call"
    n.get_by_role("region", name="Answers").get_by_text(re.compile(told)).wait_for()
    for p in pages.values():
        p.context.close()


def test_law_25a_correction_of_an_unintended_call(web_server: WebServer, browser: Any) -> None:
    t = web_server.create(deal=DEAL, board=1)  # four people, no robot
    pages = {s: _page(browser, web_server.link(t["id"], tok)) for s, tok in t["tokens"].items()}
    n, e, s, w = (pages[x] for x in "NESW")
    _wait_view(n, "v.actions.includes('call')")
    n.locator("button.bid[data-call='1H']").click()
    _wait_view(e, "v.actions.includes('call')")
    e.locator("button.bid[data-call='2C']").click()  # East meant 2D
    # East may replace it at once: the box offers the calls legal where it was made
    _wait_view(e, "v.actions.includes('replace_call')")
    replace = e.get_by_role("button", name=re.compile("was not the call I meant"))
    assert "2\u2663" in replace.inner_text()
    replace.click()
    box = e.locator(".callbox.replacing")
    box.wait_for()
    assert box.locator("button.bid[data-call='2C']").is_disabled()
    assert box.locator("button.bid[data-call='1C']").is_disabled()  # insufficient over 1H
    box.locator("button.bid[data-call='2D']").click()
    # everyone is told, with suit symbols; the auction shows both calls
    told = "East replaced an unintended 2\u2663 by 2\u2666 (Law 25A)"
    for p in (n, s, w):
        _wait_view(p, "v.auction.length === 2 && v.auction[1].replaced === '2C'")
        p.get_by_role("region", name="Answers").get_by_text(told).wait_for()
        cell = p.locator("td.replaced")
        assert cell.get_attribute("aria-label") == (
            "East: two diamonds, in place of an unintended two clubs (Law 25A)"
        )
        assert "2\u2666 replaces an unintended 2\u2663" in p.locator(".replacements").inner_text()
    w.locator("#toast").get_by_text(told).wait_for()
    shot(w, "law-25a")
    # once partner has called, no more: the button is gone and the server refuses
    _wait_view(s, "v.actions.includes('call')")
    s.locator("button.bid[data-call='Pass']").click()
    _wait_view(w, "v.actions.includes('call')")
    w.locator("button.bid[data-call='Pass']").click()
    _wait_view(e, "v.auction.length === 4 && !v.actions.includes('replace_call')")
    assert e.get_by_role("button", name=re.compile("was not the call I meant")).count() == 0
    e.evaluate("() => window.bt.send('replace_call', {call: '2H'})")
    toast = e.locator("#toast.error")
    toast.wait_for(state="visible")
    assert "partner has called" in toast.inner_text() and "(Law 25A)" in toast.inner_text()
    # the record keeps both calls
    r = httpx.get(
        f"{web_server.url}/api/tables/{t['id']}/record",
        headers={"Authorization": f"Bearer {SECRET}"},
        timeout=10,
    )
    events = r.json()["boards"][0]["events"]
    assert [ev["type"] for ev in events[:3]] == ["CallMade", "CallMade", "CallReplaced"]
    assert events[1]["call"] == "2C" and events[2]["call"] == "2D"
    # the auction ends; in the Clarification period the phase is explained, and axe finds
    # nothing serious on the presumed declarer's page
    _wait_view(n, "v.actions.includes('call')")
    n.locator("button.bid[data-call='Pass']").click()
    _wait_view(e, "v.phase === 'clarification'")
    assert "questions may be asked before the opening lead is faced" in (
        e.locator("#phase-help").inner_text()
    )
    _no_serious(e, "clarification")
    for p in pages.values():
        p.context.close()


def test_claim_dialog_keeps_its_text_and_points_at_the_word(
    web_server: WebServer, browser: Any
) -> None:
    t = web_server.create(deal=SOLID, contract="6NT", declarer="S", robots=["N", "E", "W"])
    page = _page(browser, web_server.link(t["id"], t["tokens"]["S"]))
    _wait_view(page, "v.actions.includes('claim')")
    page.get_by_role("button", name="Claim\u2026").click()
    dialog = page.locator("#claim-dialog")
    statement = dialog.get_by_label("Statement of the line of play")
    statement.fill("cash S then blah then cash H")
    dialog.get_by_role("button", name="Claim").click()
    err = dialog.locator("#claim-error mark.bad-word")
    err.wait_for()
    assert err.inner_text() == "blah"
    assert dialog.evaluate("d => d.open")
    assert statement.input_value() == "cash S then blah then cash H"
    assert statement.get_attribute("aria-invalid") == "true"
    assert page.evaluate(
        "() => [document.activeElement.selectionStart, document.activeElement.selectionEnd]"
    ) == [12, 16]
    shot(page, "claim-refused")
    # mended, the claim goes through and the dialog closes
    statement.fill("cash S then cash H")
    dialog.get_by_role("button", name="Claim").click()
    page.locator("#claim-panel").wait_for()
    page.wait_for_function("() => !document.querySelector('#claim-dialog').open")
    _wait_view(page, "v.phase === 'ended'")
    # the panel gives the statement as typed and as the engine reads it, in words
    said = page.locator("#claim-panel [data-key=claim-statement]").inner_text()
    assert "South's side cashes the spades; then cashes the hearts." in said
    page.context.close()


def test_lobby_favicon_null_stale_links_and_messages(web_server: WebServer, browser: Any) -> None:
    r = httpx.get(web_server.url + "/favicon.ico", timeout=10)
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    page = _page(browser, web_server.url + "/")
    page.get_by_role("heading", name="Lobby", exact=True).wait_for()
    _no_serious(page, "lobby")
    form = page.locator("#create-form")
    form.get_by_role("button", name="Create the table").click()
    created = page.locator("#created")
    created.get_by_role("link", name="Play as South").wait_for()
    assert "null" not in created.inner_text()
    _no_serious(page, "lobby with links")
    # a failed creation clears the links of the table made before
    form.get_by_label("a practice contract").check()
    form.get_by_label("Contract", exact=True).fill("9ZZ")
    form.get_by_role("button", name="Create the table").click()
    page.locator("#toast.error").get_by_text("The table was not created").wait_for()
    assert created.is_hidden() and created.locator("a").count() == 0
    # a message belongs to its table: a refusal on table A is not shown at table B
    a = web_server.create(deal=DEAL, board=1, robots=["N", "E", "W"])
    b = web_server.create(deal=DEAL, board=2, robots=["N", "E", "W"])
    page.goto(web_server.link(a["id"], a["tokens"]["S"]))
    _wait_view(page, "v.role === 'S'")
    page.evaluate("() => window.bt.send('face_lead')")
    page.locator("#toast.error").wait_for(state="visible")
    page.get_by_role("region", name="Messages").wait_for()
    # the same refusal again is listed once
    page.evaluate("() => window.bt.send('face_lead')")
    page.wait_for_timeout(500)
    assert page.get_by_role("region", name="Messages").locator("li").count() == 1
    page.goto(web_server.link(b["id"], b["tokens"]["S"]))
    _wait_view(page, "v.board === 2")
    assert page.get_by_role("region", name="Messages").count() == 0
    assert page.locator("#toast").is_hidden()
    # toasts show suit symbols: a refused insufficient bid
    _wait_view(page, "v.actions.includes('call')")
    if any(x["call"] not in ("Pass", "X", "XX") for x in _view(page)["auction"]):
        page.evaluate("() => window.bt.send('call', {call: '1C'})")
        toast = page.locator("#toast.error")
        toast.wait_for(state="visible")
        assert "1\u2663 is insufficient" in toast.inner_text(), toast.inner_text()
    assert page.evaluate("() => window.bt.sym('S SK, W C3; 1C over 1S; 3NT; Law 45C4b')") == (
        "S \u2660K, W \u26633; 1\u2663 over 1\u2660; 3NT; Law 45C4b"
    )
    page.context.close()


def test_spectator_of_a_passed_out_board_sees_the_result(
    web_server: WebServer, browser: Any
) -> None:
    t = web_server.create(deal=DEAL, board=1)
    pages = {s: _page(browser, web_server.link(t["id"], tok)) for s, tok in t["tokens"].items()}
    for k, seat in enumerate("NESW"):
        _wait_view(pages[seat], f"v.actions.includes('call') && v.auction.length === {k}")
        pages[seat].evaluate("() => window.bt.send('call', {call: 'Pass'})")
    spectator = _page(browser, web_server.url + "/")
    join = spectator.locator("#join-form")
    join.get_by_label("Table").fill(t["id"])
    join.get_by_role("button", name="Join").click()
    _wait_view(spectator, "v.phase === 'passed_out' && v.role === 'spectator'")
    result = spectator.locator("#result")
    result.get_by_text("Passed out").first.wait_for()
    result.get_by_role("link", name="Download the record as PBN").wait_for()
    assert "Loading" not in result.inner_text()
    assert "no play and no score" in spectator.locator("#phase-help").inner_text()
    _no_serious(spectator, "passed out")
    for p in [*pages.values(), spectator]:
        p.context.close()


def test_axe_play_claim_ended_and_directors_console(web_server: WebServer, browser: Any) -> None:
    # West and South are people, North and East robots; a Director joins. South overclaims,
    # West disputes, the Director rules with cards in the text
    t = web_server.create(deal=DEAL, contract="3NT", declarer="S", robots=["N", "E"], seed=7)
    s = _page(browser, web_server.link(t["id"], t["tokens"]["S"]))
    w = _page(browser, web_server.link(t["id"], t["tokens"]["W"]))
    d = _join_director(browser, web_server, t["id"])
    _wait_view(w, "v.actions.includes('play')")
    _no_serious(w, "opening lead")
    w.locator("#play-text").fill("low h")
    w.locator("#play-text").press("Enter")
    _wait_view(w, "v.face_down_lead === 'H4'")
    _wait_focus(w, "a.dataset.action === 'face_lead'")
    w.keyboard.press("Enter")
    _wait_view(s, "v.phase === 'play' && v.actions.includes('play')")
    # only the playable cards of dummy take focus
    dummy = s.locator(".seat[data-seat='N']")
    legal = set(_view(s)["legal_cards"])
    for i in range(dummy.locator("button.card").count()):
        card = dummy.locator("button.card").nth(i)
        focusable = card.get_attribute("tabindex") != "-1"
        assert focusable == (card.get_attribute("data-card") in legal)
    # cards have spoken names
    assert s.get_by_role("button", name=re.compile(r"^ace of spades")).count() == 1
    _no_serious(s, "play")
    s.locator(".seat[data-seat='N'] button.card.legal").first.press("Enter")
    _wait_view(s, "v.actions.includes('claim')")
    s.get_by_role("button", name="Claim\u2026").click()
    s.locator("#claim-dialog").get_by_role("button", name="Claim").click()
    _wait_view(w, "v.actions.includes('dispute_claim')")
    w.get_by_role("button", name="Dispute the claim").click()
    _wait_view(d, "v.claim && v.claim.status === 'disputed'")
    d.locator("#rule-tricks").wait_for()
    _no_serious(s, "claim")
    _no_serious(d, "Director's console")
    d.locator("#rule-tricks").fill("12")
    d.locator("#rule-text").fill("S SK wins, then W C3")
    d.get_by_role("button", name="Give the ruling").click()
    _wait_view(s, "v.phase === 'ended'")
    s.locator("#result").get_by_text("Score:").wait_for()
    assert "\u2660K" in s.locator("#claim-panel .ruling").inner_text()
    assert "\u26633" in s.locator("#claim-panel .ruling").inner_text()
    won = _view(s)["tricks_won"]
    ns = won["NS"] + 12  # South's side: the 12 tricks awarded of the remaining
    ew = won["EW"] + _view(s)["claim"]["remaining"] - 12
    assert f"N-S {ns} \u00b7 E-W {ew}" in s.locator("#board-info").inner_text()
    s.get_by_role("region", name="Card-by-card analysis").locator("p").first.wait_for()
    _no_serious(s, "ended")
    _no_serious(d, "Director's console, ended")
    for p in (s, w, d):
        p.context.close()


def test_the_felt_holds_its_seats_at_every_width(web_server: WebServer, browser: Any) -> None:
    # East declares with West's eight spades in dummy: at each window width (a desktop, a
    # narrow window or tablet, a phone) every seat and card lies inside the felt, none
    # under the actions panel (a new user's report: at 900px the seats ran past the felt)
    deal = "N:T52.AK43.K52.K54 3.8762.T876.T987 4.QJT9.AQJ9.AQJ6 AKQJ9876.5.43.32"
    t = web_server.create(deal=deal, contract="4H", declarer="E", robots=["N", "S", "W"], seed=3)
    for width in (1280, 1000, 900, 800, 390):
        page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
        page.goto(web_server.link(t["id"], t["tokens"]["E"]))
        _wait_view(page, "v.phase === 'play' && v.dummy_columns.length > 0")
        out = page.evaluate(
            """() => {
              const felt = document.querySelector('.felt').getBoundingClientRect();
              const panel = document.querySelector('.panel.actions').getBoundingClientRect();
              const bad = [];
              for (const el of document.querySelectorAll('.felt .seat, .felt .card')) {
                const r = el.getBoundingClientRect();
                if (r.width === 0) continue;
                const outside = r.left < felt.left - 1 || r.right > felt.right + 1;
                if (outside) bad.push('outside ' + el.className);
                const under = r.right > panel.left && r.left < panel.right
                  && r.bottom > panel.top && r.top < panel.bottom;
                if (under) bad.push('under the panel ' + el.className);
              }
              return bad.slice(0, 5);
            }"""
        )
        assert not out, (width, out)
        page.context.close()


def test_the_lobbys_fields_stay_inside_their_panels(web_server: WebServer, browser: Any) -> None:
    # at a desktop width and at a phone's, no form field of the lobby runs past its panel
    # (the "Irregularities" choice, whose longest option is wide, once did)
    for phone in (False, True):
        page = _page(browser, web_server.url + "/", phone=phone)
        page.get_by_role("heading", name="Lobby", exact=True).wait_for()
        out = page.evaluate(
            """() => {
              const bad = [];
              for (const el of document.querySelectorAll('.panel select, .panel input')) {
                const r = el.getBoundingClientRect();
                if (r.width === 0) continue;
                const p = el.closest('.panel').getBoundingClientRect();
                if (r.right > p.right + 1 || r.left < p.left - 1) bad.push(el.name || el.id);
              }
              return bad;
            }"""
        )
        assert not out, (phone, out)
        page.context.close()
