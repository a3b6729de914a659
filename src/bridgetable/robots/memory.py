"""What a robot remembers from the views it has been shown, as a player would.

A player's view shows the trick in progress and, briefly, the last trick (Law 66A); the
quitted tricks are then turned face down. A robot therefore keeps the cards it has seen played
and the voids they showed (a player who did not follow suit), exactly as a person at the
table remembers them, and who played each (what a hand held counts for what its calls
showed: :mod:`.sampler`), trick by trick in the order played (a defender reads partner's
signals from the trick a suit was first led to: :func:`.player.partner_signals`). Feeding
it every view it is sent, in order, is enough.

Example:
    >>> m = Memory()
    >>> m.observe({"trick": [["W", "S2"], ["N", "H3"]], "last_trick": None})
    >>> sorted(m.played), sorted(m.voids), sorted(m.played_by)
    (['H3', 'S2'], [('N', 'S')], [('N', 'H3'), ('W', 'S2')])
    >>> m.tricks
    [[('W', 'S2'), ('N', 'H3')]]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Memory:
    """Cards seen played (``"SA"`` strings), voids shown (seat letter, suit letter), who
    led to the trick in progress, who played each card seen (seat letter, card), and the
    tricks seen, in the order they were led, each as its (seat letter, card) plays so far."""

    played: set[str] = field(default_factory=set)
    voids: set[tuple[str, str]] = field(default_factory=set)
    leader: str | None = None
    played_by: set[tuple[str, str]] = field(default_factory=set)
    tricks: list[list[tuple[str, str]]] = field(default_factory=list)

    def observe(self, view: dict[str, Any]) -> None:
        """Note the cards and show-outs of one view's trick in progress and last trick, and
        who leads to the trick in progress (play stops at a claim; the lead is remembered)."""
        trick_now = view.get("trick") or []
        if trick_now:
            self.leader = trick_now[0][0]
        elif view.get("hand_to_play"):
            self.leader = view["hand_to_play"]
        # the last trick first: it was led before the trick in progress
        for trick in (view.get("last_trick") or [], view.get("trick") or []):
            if not trick:
                continue
            self._note_trick(trick)
            led = trick[0][1][0]
            for seat, card in trick:
                self.played.add(card)
                self.played_by.add((seat, card))
                if card[0] != led:
                    self.voids.add((seat, led))
        for trick in (view.get("shown_tricks") or {}).values():
            for seat, card in trick:
                self.played.add(card)
                self.played_by.add((seat, card))

    def _note_trick(self, trick: list[Any]) -> None:
        """Keep a trick seen (its lead card names it: each card is played once), the
        longest view of it, in the order the tricks were first seen."""
        plays = [(str(seat), str(card)) for seat, card in trick]
        for i, known in enumerate(self.tricks):
            if known[0] == plays[0]:
                if len(plays) > len(known):
                    self.tricks[i] = plays
                return
        self.tricks.append(plays)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able (and picklable) form, to hand to a worker process."""
        return {
            "played": sorted(self.played),
            "voids": sorted(list(v) for v in self.voids),
            "leader": self.leader,
            "played_by": sorted(list(p) for p in self.played_by),
            "tricks": [[list(p) for p in t] for t in self.tricks],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Memory:
        """The memory :meth:`to_dict` described."""
        return cls(
            set(data.get("played", ())),
            {(s, u) for s, u in data.get("voids", ())},
            data.get("leader"),
            {(s, c) for s, c in data.get("played_by", ())},
            [[(s, c) for s, c in t] for t in data.get("tricks", ())],
        )
