"""Issue 15, item 5 in the browser: the lobby's "Open tables" (``GET /api/tables``) with a
Join button per free seat and a Watch button per table, and the lobby's "New team match"
form (``POST /api/matches``) showing each room's links."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from web_harness import (
    WebServer,
    axe_violations,
    chromium,
    missing_browser,
    open_page,
    shot,
    wait_view,
)


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """``bridgetable serve`` with small robot samples so that robot tables are quick."""
    server = WebServer(
        tmp_path_factory.mktemp("web-lobby"), extra=["--samples", "8", "--lead-samples", "8"]
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


def test_a_free_seat_is_joined_and_a_table_watched_from_open_tables(
    web_server: WebServer, browser: Any
) -> None:
    t = web_server.create(robots=["N", "E", "W"], free=["S"], seed=21)
    assert t["tokens"] == {}
    page = open_page(browser, web_server.url + "/")
    listed = page.get_by_role("region", name="Open tables")
    item = listed.locator(f"li[data-table='{t['id']}']")
    item.wait_for()
    text = item.inner_text()
    assert f"Table {t['id']} · board 1 · one board · auction" in text, text
    assert "North robot, East robot, South free, West robot" in text, text
    assert item.locator("button.join-seat").count() == 1  # South's, the one free seat
    found = axe_violations(page)
    assert not found, "\n".join(found)
    shot(page, "lobby-open-tables")

    item.get_by_role("button", name=f"Join as South at table {t['id']}").click()
    wait_view(page, "v.role === 'S'")
    assert f"t={t['id']}" in page.url
    summary = httpx.get(f"{web_server.url}/api/tables/{t['id']}", timeout=20).json()
    assert summary["seats"]["S"] == "taken"

    # a second person: the seat is taken now (no Join), but the table can be watched
    other = open_page(browser, web_server.url + "/")
    item2 = other.get_by_role("region", name="Open tables").locator(f"li[data-table='{t['id']}']")
    item2.wait_for()
    assert "South taken" in item2.inner_text()
    assert item2.locator("button.join-seat").count() == 0
    # Refresh reads the list again: a table made since shows
    later = web_server.create(robots=["N", "S"], free=["E", "W"])
    fresh = other.locator(f"#open-tables li[data-table='{later['id']}']")
    assert fresh.count() == 0
    other.get_by_role("button", name="Refresh").click()
    fresh.wait_for()
    assert fresh.locator("button.join-seat").count() == 2  # East and West
    item2.get_by_role("button", name=f"Watch table {t['id']}").click()
    wait_view(other, "v.role === 'spectator'")
    assert f"t={t['id']}" in other.url

    # the joined seat's link is remembered in this browser, as the join form does
    page.goto(web_server.url + "/#")
    mine = page.get_by_role("region", name="Your tables")
    mine.wait_for()
    assert mine.get_by_role("link", name=f"Table {t['id']} as South").count() == 1
    page.context.close()
    other.context.close()


def test_a_team_match_is_created_from_the_lobby_form(web_server: WebServer, browser: Any) -> None:
    page = open_page(browser, web_server.url + "/")
    form = page.get_by_role("form", name="New team match")
    form.get_by_label("Number of boards").fill("3")
    form.get_by_label("Seed (optional)").fill("11")
    closed = form.get_by_role("group", name="Robots in the closed room")
    closed.get_by_label("East").uncheck()
    closed.get_by_label("West").uncheck()
    form.get_by_role("button", name="Create the match").click()
    box = page.locator("#match-created")
    box.get_by_role("link", name="Open room: South").wait_for()
    heading = box.get_by_role("heading", level=3).inner_text()
    match_id = heading.removeprefix("Team match ")
    public = httpx.get(f"{web_server.url}/api/matches/{match_id}", timeout=20).json()
    tables = public["tables"]
    links = box.locator("a.match-link")
    assert [links.nth(i).inner_text() for i in range(links.count())] == [
        "Open room: South",
        "Closed room: East",
        "Closed room: West",
    ]
    assert f"#t={tables['open']}&k=" in (links.nth(0).get_attribute("href") or "")
    assert f"#t={tables['closed']}&k=" in (links.nth(1).get_attribute("href") or "")
    assert "3 boards" in box.inner_text()
    # neither room shows under Open tables: a match's rooms are reached by their links
    listed = page.get_by_role("region", name="Open tables")
    plain = web_server.create(robots=["N", "E", "W"])  # a table made since: it shows
    listed.get_by_role("button", name="Refresh").click()
    listed.locator(f"li[data-table='{plain['id']}']").wait_for()
    for room in ("open", "closed"):
        assert listed.locator(f"li[data-table='{tables[room]}']").count() == 0
    shot(page, "lobby-new-match")
    # the open room's link seats South at that table, a match's table
    links.nth(0).click()
    wait_view(page, "v.role === 'S' && v.board === 1")
    session = page.evaluate("() => window.bt.state.session")
    assert session["match"]["id"] == match_id and session["match"]["room"] == "open"
    assert session["boards"] == 3
    page.context.close()


def test_a_refused_match_says_why_and_shows_no_links(web_server: WebServer, browser: Any) -> None:
    page = open_page(browser, web_server.url + "/")
    form = page.get_by_role("form", name="New team match")
    form.get_by_label("Number of boards").fill("0")
    # the field's own check (min 1) is turned off: the server's 400 is what the page shows
    page.evaluate("() => document.querySelector('#match-form').noValidate = true")
    form.get_by_role("button", name="Create the match").click()
    toast = page.locator("#toast.error")
    toast.wait_for(state="visible")
    assert "The match was not created" in toast.inner_text()
    assert page.locator("#match-created").is_hidden()
    page.context.close()


def test_the_new_table_form_leaves_the_peoples_seats_free_for_the_lobby(
    web_server: WebServer, browser: Any
) -> None:
    page = open_page(browser, web_server.url + "/")
    form = page.locator("#create-form")
    form.get_by_label("Leave the people's seats free in the lobby").check()
    form.get_by_role("button", name="Create the table").click()
    created = page.locator("#created")
    created.locator(".free-note").wait_for()
    assert created.locator("a.seat-link").count() == 0  # no link: South is free
    assert "Free seats, listed under Open tables for anyone to take: South." in (
        created.inner_text()
    )
    table = created.locator("code").inner_text()
    item = page.get_by_role("region", name="Open tables").locator(f"li[data-table='{table}']")
    item.wait_for()  # the list is read again once the table is made
    item.get_by_role("button", name=f"Join as South at table {table}").click()
    wait_view(page, "v.role === 'S'")
    page.context.close()
