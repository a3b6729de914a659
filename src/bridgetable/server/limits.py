"""The server's limits on what one client may ask of it (docs/security.md, "Limits").

>>> c = WindowCounter(2, 60.0)
>>> [c.allow("a", t) for t in (0.0, 1.0, 2.0, 61.5)], c.allow("b", 2.0)
([True, True, False, True], True)
"""

from __future__ import annotations

#: The commands other than the play itself, limited per seat per minute
#: (``Settings.talk_per_minute``): questions, explanations, calls of the Director, looks at
#: tricks, announcements. The calls, the cards, claims and their answers and the
#: rectifications are never limited: the board must always be playable.
TALK: frozenset[str] = frozenset(
    {
        "request_review",
        "ask_explanation",
        "explain",
        "correct_explanation",
        "ask_contract",
        "inspect_trick",
        "look_at_own_card",
        "call_director",
        "report_irregularity",
        "announce_current_trick",
        "ask_revoke",
    }
)


class WindowCounter:
    """At most ``limit`` events per key in any ``window`` seconds (times come in as
    arguments); the keys of a quiet window are forgotten, so memory stays bounded by the
    keys active in the last window."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self._times: dict[str, list[float]] = {}
        self._swept = 0.0

    def allow(self, key: str, now: float) -> bool:
        """Count one event of ``key`` at ``now`` unless the limit is reached."""
        if now - self._swept > self.window:
            self._times = {k: v for k, v in self._times.items() if v and now - v[-1] < self.window}
            self._swept = now
        times = [t for t in self._times.get(key, []) if now - t < self.window]
        if len(times) >= self.limit:
            self._times[key] = times
            return False
        times.append(now)
        self._times[key] = times
        return True
