"""Harness for the browser tests: a real ``bridgetable serve`` process on a free port and
Debian's chromium driven by Playwright (never a downloaded browser)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

SECRET = "web-test-director-secret"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class WebServer:
    """``python -m bridgetable serve`` in its own process group, stopped with its workers."""

    def __init__(self, data: Path, extra: list[str] | None = None) -> None:
        self.data = data
        self.extra = extra or []
        self.port = _free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data / "server.log"

    @property
    def url(self) -> str:
        """The base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20.0) -> WebServer:
        """Start and wait for ``/api/health``."""
        self.data.mkdir(parents=True, exist_ok=True)
        cmd = [
            sys.executable,
            "-m",
            "bridgetable",
            "serve",
            "--port",
            str(self.port),
            "--data",
            str(self.data),
            "--director-secret",
            SECRET,
            *self.extra,
        ]
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"server did not start: {self.log.read_text()}")

    def stop(self) -> None:
        """SIGTERM the process group, SIGKILL after a few seconds."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.proc = None

    def create(self, **body: Any) -> dict[str, Any]:
        """POST /api/tables."""
        r = httpx.post(self.url + "/api/tables", json=body, timeout=20)
        r.raise_for_status()
        data: dict[str, Any] = r.json()
        return data

    def link(self, table: str, token: str) -> str:
        """The page's link for a token."""
        return f"{self.url}/#t={table}&k={token}"


def missing_browser() -> str | None:
    """Why the browser tests cannot run here, or ``None``."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install playwright)"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    return None


def shot(page: Any, name: str) -> None:
    """Save a PNG of the page into ``docs/screenshots``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
