"""A real ``bridgetable serve`` process on a free port, for the server and browser tests."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Self

import httpx

SECRET = "test-director-secret"


def free_port() -> int:
    """A TCP port free on loopback now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _module() -> str:
    return "bridgetable" if importlib.util.find_spec("bridgetable.__main__") else "bridgetable.cli"


class ServerProcess:
    """``python -m bridgetable serve`` in its own process group."""

    def __init__(
        self,
        data: Path,
        *,
        database: str | None = None,
        extra: list[str] | None = None,
        port: int | None = None,
    ) -> None:
        self.data = data
        self.database = database
        self.extra = extra or []
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data / f"server-{self.port}.log"

    @property
    def http(self) -> str:
        """The HTTP base URL."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """The WebSocket base URL."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20.0) -> Self:
        """Start and wait for ``/api/health``."""
        self.data.mkdir(parents=True, exist_ok=True)
        cmd = [
            sys.executable,
            "-m",
            _module(),
            "serve",
            "--port",
            str(self.port),
            "--data",
            str(self.data),
            "--director-secret",
            SECRET,
            *self.extra,
        ]
        if self.database:
            cmd += ["--database", self.database]
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.http + "/api/health", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"server did not start: {self.log.read_text()}")

    def kill9(self) -> None:
        """SIGKILL the whole process group (the server and its robot workers)."""
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            self.proc = None

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after a few seconds."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
