"""The browser table in Debian's chromium against a real server: a solo declarer with three
robots plays and claims; four players with a face-down lead, a review request refused to
presumed dummy (41B) and granted to the leader's partner, and a revoke attempt refused; a
disputed claim ruled from the Director's console (Law 70)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_harness import SECRET, WebServer, chromium, missing_browser, shot
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


def _refused(page: Any) -> str:
    toast = page.locator("#toast.error")
    toast.wait_for(state="visible")
    text: str = toast.inner_text()
    return text


def test_solo_declarer_with_robots_plays_and_claims(web_server: WebServer, browser: Any) -> None:
    page = _page(browser, web_server.url + "/")
    page.get_by_role("heading", name="Lobby", exact=True).wait_for()
    form = page.locator("#create-form")
    form.get_by_label("a practice contract").check()
    form.get_by_label("Contract", exact=True).fill("6NT")
    form.get_by_label("Declarer").select_option("S")
    form.locator("summary").click()
    form.get_by_label("Deal (PBN)").fill(SOLID)
    form.get_by_role("button", name="Create the table").click()
    page.get_by_role("link", name="Play as South").click()

    # West's robot leads and faces its lead; South plays dummy's card by naming it
    _wait_view(page, "v.phase === 'play' && v.actions.includes('designate')")
    assert page.locator(".dummy .dummy-col").count() == 4  # dummy spread in columns (41D)
    page.get_by_label("Name dummy's card").fill("low")
    page.get_by_role("button", name="Play", exact=True).click()
    _wait_view(page, "v.trick.length >= 2 || v.trick.length === 0")
    played = 0
    while played < 5:
        _wait_view(page, "v.actions.includes('play')")
        # keyboard: a card is a button (Enter plays it)
        page.locator("button.card.legal").first.press("Enter")
        played += 1
        page.wait_for_timeout(200)
        if played == 3:
            # a reload reconnects to the same table and seat
            page.reload()
            _wait_view(page, "v.role === 'S'")
    _wait_view(page, "v.actions.includes('play')")
    shot(page, "play")
    assert (
        page.locator(".marks .mark").count()
        == _view(page)["tricks_won"]["NS"] + _view(page)["tricks_won"]["EW"]
    )

    before_claim = _view(page)
    played_before_claim = 4 * sum(before_claim["tricks_won"].values()) + len(before_claim["trick"])
    page.get_by_role("button", name="Claim\u2026").click()
    dialog = page.locator("#claim-dialog")
    remaining = int(dialog.locator("#claim-remaining").inner_text())
    assert dialog.get_by_label("Tricks for my side").input_value() == str(remaining)
    dialog.get_by_label("Statement of the line of play").fill("cash S then cash H")
    # the dialog leaves the claimer's own hand in sight (a new user could not see his cards)
    hand = page.get_by_role("group", name="South's hand").bounding_box()
    box = dialog.bounding_box()
    assert (
        hand
        and box
        and (box["y"] + box["height"] <= hand["y"] or box["x"] >= hand["x"] + hand["width"])
    ), (box, hand)
    shot(page, "claim-dialog")
    dialog.get_by_role("button", name="Claim").click()
    page.locator("#claim-panel").wait_for()
    shot(page, "claim")
    _wait_view(page, "v.phase === 'ended'")
    result = page.locator("#result")
    result.get_by_text("Score: N-S +").wait_for()
    assert "13 tricks" in result.inner_text()
    result.get_by_role("link", name="PBN").wait_for()
    # par, and the card-by-card analysis of the cards played before the claim
    result.locator(".par").get_by_text("Par:").wait_for()
    assert "N-S +" in result.locator(".par").inner_text()
    analysis = page.get_by_role("region", name="Card-by-card analysis")
    analysis.locator(".acard").first.wait_for()
    assert analysis.locator(".acard").count() == played_before_claim
    # South holds thirteen top tricks: no card can cost one
    assert analysis.locator(".acard.costly").count() == 0
    assert "no card cost a trick" in analysis.inner_text()
    assert "up to the claim" in analysis.inner_text()
    shot(page, "result")
    # the same seat on a phone-sized screen
    phone = _page(browser, page.url, phone=True)
    _wait_view(phone, "v.phase === 'ended'")
    phone.locator("#result").get_by_text("Score:").wait_for()
    shot(phone, "phone")
    phone.context.close()
    page.context.close()


def test_four_players_face_down_lead_review_and_revoke(web_server: WebServer, browser: Any) -> None:
    t = web_server.create(deal=DEAL, board=1)
    pages = {s: _page(browser, web_server.link(t["id"], tok)) for s, tok in t["tokens"].items()}
    auction = [
        ("N", "1NT", None),
        ("E", "Pass", None),
        ("S", "2C", "Stayman"),
        ("W", "Pass", None),
        ("N", "2D", None),
        ("E", "Pass", None),
        ("S", "3NT", None),
        ("W", "Pass", None),
        ("N", "Pass", None),
        ("E", "Pass", None),
    ]
    for n, (seat, call, explanation) in enumerate(auction):
        p = pages[seat]
        _wait_view(p, f"v.actions.includes('call') && v.auction.length === {n}")
        if explanation:
            p.get_by_label("Alert", exact=True).check()
            p.get_by_label("Explanation of the alerted call").fill(explanation)
        p.locator(f"button.bid[data-call='{call}']").click()
    # the alert shows to the opponents
    w = pages["W"]
    _wait_view(w, "v.phase === 'clarification'")
    assert w.locator("td.alerted").count() == 1
    assert "Stayman" in w.locator(".alerts").inner_text()

    # East leads face down (41A): face up to him, a back to the others
    e = pages["E"]
    _wait_view(e, "v.actions.includes('play')")
    e.locator(".seat.mine button.card[data-card='SJ']").click()
    _wait_view(e, "v.face_down_lead === 'SJ'")
    _wait_view(w, "v.face_down_leader === 'E'")
    assert w.get_by_label("East's opening lead, face down").count() == 1
    assert e.get_by_label("your opening lead, the jack of spades, lying face down").count() == 1
    shot(w, "face-down-lead")

    # presumed dummy may not ask for a review (41B): no button, and the server refuses
    s = pages["S"]
    _wait_view(s, "v.face_down_leader === 'E'")
    assert s.locator("[data-action='request_review']").count() == 0
    s.evaluate("() => window.bt.send('request_review')")
    text = _refused(s)
    assert "Refused" in text and "Law" in text, text
    # the leader's partner may
    w.locator("[data-action='request_review']").click()
    w.locator("#toast.info").get_by_text("Review granted").wait_for()

    e.get_by_role("button", name="Face the opening lead").click()
    _wait_view(w, "v.phase === 'play' && v.trick.length === 1")
    # declarer (North) plays dummy's card by clicking it in dummy's spread
    n = pages["N"]
    _wait_view(n, "v.actions.includes('play')")
    n.locator(".seat[data-seat='S'] button.card.legal").first.press("Enter")
    # West holds spades: a heart is a revoke, refused with the Law
    _wait_view(w, "v.actions.includes('play')")
    w.locator(".seat.mine button.card[data-card='HT']").click()
    text = _refused(w)
    assert "Refused" in text and "Law" in text, text
    assert _view(w)["trick"] == [["E", "SJ"], ["S", _view(w)["trick"][1][1]]]
    w.locator(".seat.mine button.card.legal").first.click()
    _wait_view(n, "v.trick.length === 3")
    shot(n, "four-players")
    for p in pages.values():
        p.context.close()


def test_disputed_claim_ruled_from_directors_console(web_server: WebServer, browser: Any) -> None:
    t = web_server.create(deal=DEAL, contract="3NT", declarer="S", robots=["N", "E", "W"], seed=7)
    s = _page(browser, web_server.link(t["id"], t["tokens"]["S"]))
    d = _page(browser, web_server.url + "/")
    join = d.locator("#join-form")
    join.get_by_label("Table").fill(t["id"])
    join.get_by_label("As").select_option("director")
    join.get_by_label("Director's secret").fill(SECRET)
    join.get_by_role("button", name="Join").click()
    d.get_by_role("region", name="Director's console").wait_for()

    # nine tricks first (a short position for the adjudicator), then claim the rest
    while sum(_view(s)["tricks_won"].values()) < 9:
        _wait_view(s, "v.actions.includes('play')")
        s.locator("button.card.legal").first.press("Enter")
        s.wait_for_timeout(200)
    _wait_view(s, "v.phase === 'play' && v.actions.includes('claim')")
    s.get_by_role("button", name="Claim\u2026").click()
    s.locator("#claim-dialog").get_by_role("button", name="Claim").click()
    # the robots dispute an overclaim; the Director gets the proposed ruling and its line
    _wait_view(d, "v.claim && v.claim.status === 'disputed'")
    d.locator("#proposal").wait_for()
    proposal = d.evaluate("() => window.bt.state.proposal.ruling")
    awarded = proposal["awarded"] if proposal["awarded"] is not None else proposal["dd"]
    assert isinstance(awarded, int) and awarded < proposal["remaining"], proposal
    assert d.locator("#rule-tricks").input_value() == str(awarded)
    if proposal.get("witness"):
        d.get_by_role("button", name="Next card").click()
        d.get_by_role("button", name="Next card").click()
        assert d.locator(".wcard.done").count() == 2
        # tricks numbered as the ruling's slips name them: the claim came at trick 10
        assert d.locator("ol.witness-line").get_attribute("start") == "10"
    shot(d, "director")
    d.get_by_role("button", name="Give the ruling").click()
    _wait_view(s, "v.phase === 'ended'")
    assert f"Awarded to South's side: {awarded}" in s.locator("#claim-panel").inner_text()
    s.locator("#result").get_by_text("Score:").wait_for()
    for p in (s, d):
        p.context.close()


def _overclaim_against_robots(web_server: WebServer, browser: Any) -> tuple[dict[str, Any], Any]:
    """3NT by South against robots: South plays nine tricks (a short position for the
    adjudicator), then claims the rest. The table and South's page."""
    t = web_server.create(deal=DEAL, contract="3NT", declarer="S", robots=["N", "E", "W"], seed=7)
    s = _page(browser, web_server.link(t["id"], t["tokens"]["S"]))
    _wait_view(s, "v.role === 'S'")
    while sum(_view(s)["tricks_won"].values()) < 9:
        _wait_view(s, "v.actions.includes('play')")
        s.locator("button.card.legal").first.press("Enter")
        s.wait_for_timeout(200)
    _wait_view(s, "v.phase === 'play' && v.actions.includes('claim')")
    s.get_by_role("button", name="Claim\u2026").click()
    s.locator("#claim-dialog").get_by_role("button", name="Claim").click()
    return t, s


def test_no_director_the_proposal_is_shown_and_accepted(
    web_server: WebServer, browser: Any
) -> None:
    # South overclaims against robots and no Director is at the table: a robot disputes and
    # asks for the adjudicator's proposal, which South reads with all hands faced and accepts
    _, s = _overclaim_against_robots(web_server, browser)
    proposal = s.get_by_role("group", name="Proposed ruling")
    proposal.wait_for()
    _wait_view(s, "v.claim.proposal.accepted.length === 3")
    p = _view(s)["claim"]["proposal"]
    text = proposal.inner_text()
    assert f"South's side: {p['tricks']} of the 4 remaining tricks" in text
    # the text, then its line as a list of tricks numbered as the slips name them
    head, _, line = p["text"].partition(" Line: ")
    assert head and head in text
    if line:
        items = proposal.locator("ol.ruling-line li")
        assert items.count() == len(line.rstrip(".").split("; "))
        assert proposal.locator("ol.ruling-line").get_attribute("start") == "10"
    assert "Waiting for: South" in text
    assert s.locator(".hand").count() >= 4 or len(_view(s)["hands"]) == 4
    shot(s, "proposal")
    s.get_by_role("button", name="Accept the proposed ruling").click()
    _wait_view(s, "v.phase === 'ended'")
    panel = s.locator("#claim-panel")
    assert f"Awarded to South's side: {p['tricks']}" in panel.inner_text()
    assert "Ruling accepted by all four" in panel.inner_text()
    s.locator("#result").get_by_text("Score:").wait_for()
    s.context.close()


def test_no_director_a_call_goes_to_the_queue_and_the_director_rules(
    web_server: WebServer, browser: Any
) -> None:
    # South does not accept the proposal and calls the Director; a Director finds the table
    # in the lobby's queue of calls, goes to it and rules from the console
    t, s = _overclaim_against_robots(web_server, browser)
    s.get_by_role("group", name="Proposed ruling").wait_for()
    s.get_by_label("Reason for calling the Director").fill("I would draw trumps first")
    s.locator("details.call-director").get_by_role("button", name="Send the call").click()
    _wait_view(s, "v.claim.director_called")
    assert not s.get_by_role("button", name="Accept the proposed ruling").count()
    assert "The Director has been called" in s.locator("#claim-panel").inner_text()
    # the call is made aloud (Law 9B): the table sees who called and why
    said = "called the Director: \u201cI would draw trumps first\u201d (Law 9B)."
    assert f"You have {said}" in s.locator("[data-key=director-call]").inner_text()

    d = _page(browser, web_server.url + "/")
    calls = d.locator("#calls-form")
    calls.get_by_label("Director's secret").fill(SECRET)
    calls.get_by_role("button", name="Show the calls").click()
    item = calls.locator(f"li[data-table='{t['id']}']")
    item.wait_for()
    assert "South called about the disputed claim" in item.inner_text()
    assert "I would draw trumps first" in item.inner_text()
    # a wrong secret gets an error and no list: not the one read with the right secret
    calls.get_by_label("Director's secret").fill("not-the-secret")
    calls.get_by_role("button", name="Show the calls").click()
    d.locator("#toast.error").get_by_text("The calls could not be read").wait_for()
    assert not calls.locator("li").count()
    calls.get_by_label("Director's secret").fill(SECRET)
    calls.get_by_role("button", name="Show the calls").click()
    item.wait_for()
    item.get_by_role("button", name="Go to the table").click()
    d.get_by_role("region", name="Director's console").wait_for()
    assert f"South has {said}" in d.locator("[data-key=director-call]").inner_text()
    d.locator("#rule-tricks").fill("3")
    # the adjudicator's proposal may reach the console after the figure is typed: it fills
    # the form's defaults, never over what the Director typed (CI, 2026-12-04)
    d.locator("#proposal").wait_for()
    assert d.locator("#rule-tricks").input_value() == "3"
    d.get_by_role("button", name="Give the ruling").click()
    _wait_view(s, "v.phase === 'ended'")
    panel = s.locator("#claim-panel")
    assert "Awarded to South's side: 3 of the 4 remaining tricks" in panel.inner_text()
    # the Director left the text blank: the ruling says his award, with its Laws, not the
    # adjudicator's proposal (which could be longer than a ruling's text, or differ)
    assert "Director's ruling (Law 70" in panel.inner_text()
    assert "South's side takes 3 of the 4 remaining tricks." in panel.inner_text()
    for p in (s, d):
        p.context.close()


def test_a_concession_says_the_tricks_it_gives_up(web_server: WebServer, browser: Any) -> None:
    # South concedes at the first trick, keeping three of the thirteen (68B1)
    t = web_server.create(deal=DEAL, contract="3NT", declarer="S", robots=["N", "E", "W"], seed=7)
    s = _page(browser, web_server.link(t["id"], t["tokens"]["S"]))
    _wait_view(s, "v.role === 'S' && v.actions.includes('concede')")
    # a plain action button says what it does on hover (the registry's help)
    announce = s.locator("[data-key=act-announce_current_trick]")
    assert "no claim" in (announce.get_attribute("title") or "")
    s.get_by_role("button", name="Concede\u2026").click()
    s.locator("#claim-form").locator("[name=tricks]").fill("3")
    s.locator("#claim-dialog").get_by_role("button", name="Concede").click()
    panel = s.locator("#claim-panel")
    panel.wait_for()
    assert "South concedes 10 of the 13 remaining tricks (his side keeps 3)." in (
        panel.inner_text()
    )
    s.context.close()


def test_an_unknown_table_says_so_with_the_way_back_to_the_lobby(
    web_server: WebServer, browser: Any
) -> None:
    # a mistyped link: the felt says so (it said "Connecting to the table..." for good)
    s = _page(browser, web_server.link("no-such-table", "not-a-token"))
    s.locator("#felt").get_by_text("There is no such table.").wait_for()
    s.get_by_role("link", name="Back to the lobby").click()
    s.locator("#lobby").wait_for()
    s.context.close()
