"""The server's child processes end with it (issue 14, "Faults").

The robots' worker processes (a ``ProcessPoolExecutor``) start with :func:`bind_to_parent`:
on Linux the kernel sends them SIGTERM when the server dies, even by ``kill -9``
(``prctl(PR_SET_PDEATHSIG)``); everywhere a daemon thread also watches the parent's pid and
ends the worker once its parent has gone. multiprocessing's resource tracker then sees its
last user gone and ends as well.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

#: Linux's ``PR_SET_PDEATHSIG`` (``<linux/prctl.h>``).
_PR_SET_PDEATHSIG = 1


def bind_to_parent(parent: int | None = None, every: float = 1.0) -> None:
    """In a child process: end when the process ``parent`` (default: the current parent)
    is gone. Used as the worker pool's ``initializer``."""
    expected = os.getppid() if parent is None else parent
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != expected:  # the parent died before the hook was set
        os._exit(0)

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != expected:
                os._exit(0)

    threading.Thread(target=watch, name="bridgetable-parent-watch", daemon=True).start()
