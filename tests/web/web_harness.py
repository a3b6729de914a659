"""Harness for the browser tests: a real ``bridgetable serve`` process on a free port and
Debian's chromium driven by Playwright (never a downloaded browser)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from serve_process import SECRET, ServerProcess

__all__ = [
    "AXE",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "SECRET",
    "WebServer",
    "axe_violations",
    "chromium",
    "missing_browser",
    "shot",
]

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: Where ``shot`` saves its pictures: a temporary folder, so a test run changes no tracked
#: file; ``scripts/screenshots`` points it at ``docs/screenshots`` to refresh the README's.
SCREENSHOTS = Path(
    os.environ.get("BRIDGETABLE_SCREENSHOTS")
    or Path(tempfile.gettempdir()) / f"bridgetable-screenshots-{os.getuid()}"
)


#: axe-core's minified build, vendored from the npm registry (MPL-2.0; see vendor/ and
#: tests/data/SOURCES.md), so the accessibility checks need no network.
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"


def axe_violations(page: Any, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """axe-core's violations of ``impacts`` on the page as it is now, one line each
    (rule, impact, the first offending elements)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' + n.failureSummary)}))"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} -- {' | '.join(v['nodes'])}"
        for v in found
        if v["impact"] in impacts
    ]


class WebServer(ServerProcess):
    """``python -m bridgetable serve`` in its own process group, stopped with its workers."""

    def __init__(self, data: Path, extra: list[str] | None = None) -> None:
        super().__init__(data, extra=extra)

    @property
    def url(self) -> str:
        """The base URL."""
        return self.http

    def create(self, **body: Any) -> dict[str, Any]:
        """POST /api/tables."""
        r = httpx.post(self.url + "/api/tables", json=body, timeout=20)
        r.raise_for_status()
        data: dict[str, Any] = r.json()
        return data

    def link(self, table: str, token: str) -> str:
        """The page's link for a token."""
        return f"{self.url}/#t={table}&k={token}"


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's chromium (/usr/bin) driven by Playwright, headless."""
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()
    finally:
        pw.stop()


def missing_browser() -> str | None:
    """Why the browser tests cannot run here, or ``None``."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install playwright)"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    return None


#: Playwright's default wait in the browser tests (ms).
TIMEOUT = 30_000


def open_page(browser: Any, url: str, *, phone: bool = False, height: int = 860) -> Any:
    """A new page (its own context, downloads accepted) at ``url``: desktop-sized, or
    phone-sized with ``phone``."""
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": height}
    page = browser.new_context(viewport=size, accept_downloads=True).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url)
    return page


def view_of(page: Any) -> dict[str, Any]:
    """The view the page last rendered (``window.bt.state.view``)."""
    view: dict[str, Any] = page.evaluate("() => window.bt.state.view")
    return view


def wait_view(page: Any, js: str) -> None:
    """Wait until the page's view ``v`` satisfies the JavaScript condition ``js``."""
    page.wait_for_function(f"() => {{ const v = window.bt.state.view; return v && ({js}); }}")


def shot(page: Any, name: str) -> None:
    """Save a PNG of the page into ``SCREENSHOTS`` (a temporary folder unless told otherwise)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
