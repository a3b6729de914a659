"""Stored table-mode records and what replaying them shows, for the replay-compatibility test.

``tests/data/rectification_records.json`` holds board records written by the engine before
the rectification options became typed values (commit 81304c1), each with its
:func:`digest`: at every event after which a rectification awaits a choice, or which follows
one, the pending Law, its choosers and option ids, the hand to play and the legal cards of
the player to act; and at the end the tricks, the Director's flags, the penalty cards and the
trick totals. ``test_rectification_records.py`` replays each record with today's engine and
compares the digests: a stored record must replay identically.

The records come from the table-mode Law tests (every board they build on which a choice
was offered) and from random table-mode boards (``tests/core/test_properties.py``). To
write the file again (only when the engine's behaviour is meant to change)::

    PYTHONPATH=src:tests python -m laws.rectification_records
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

from bridgetable.core.board import Board
from bridgetable.core.record import BoardRecord
from bridgetable.core.seats import SEATS, Side

DATA = Path(__file__).resolve().parents[1] / "data" / "rectification_records.json"


def _ids(options: Any) -> list[str]:
    return [o if isinstance(o, str) else o.id for o in options]


def digest(record_json: str) -> dict[str, Any]:
    """What replaying ``record_json`` event by event shows (see the module docstring)."""
    record = BoardRecord.from_json(record_json)
    b = Board(record.setup)
    steps: list[list[Any]] = []
    was_pending = False
    for i, e in enumerate(record.events):
        b.apply(e)
        p = b.pending
        if p is not None or was_pending:
            actor = b.to_act
            steps.append(
                [
                    i,
                    None if p is None else [p.kind, p.law, [s.letter for s in p.choosers]],
                    None if p is None else _ids(p.options),
                    None if b.hand_to_play is None else b.hand_to_play.letter,
                    [] if actor is None else [str(c) for c in b.legal_cards(actor)],
                ]
            )
        was_pending = p is not None
    final = {
        "phase": b.phase.value,
        "declarer": None if b.declarer is None else b.declarer.letter,
        "tricks": [[t.leader.letter, [str(c) for _, c in t.cards]] for t in b.tricks],
        "flags": [list(f) for f in b.director_flags],
        "penalty": {s.letter: sorted(str(c) for c in b.penalty_cards(s)) for s in SEATS},
        "tricks_for": [b.tricks_for(Side.NS), b.tricks_for(Side.EW)] if b.is_over else None,
    }
    return {"steps": steps, "final": final}


def _law_test_boards() -> list[Board]:
    """Every table-mode board the Law tests build on which a choice was offered."""
    from laws import test_table_mode as t

    made: list[Board] = []
    init = Board.__init__

    def keep(self: Board, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        made.append(self)

    Board.__init__ = keep  # type: ignore[method-assign]
    try:
        for name, fn in sorted(vars(t).items()):
            if name.startswith("test_") and not inspect.signature(fn).parameters:
                fn()
    finally:
        Board.__init__ = init  # type: ignore[method-assign]
    out, seen = [], set()
    for b in made:
        kinds = {type(e).__name__ for e in b.events}
        key = b.record.to_json()
        if b.rules.policy == "table" and "RectificationChosen" in kinds and key not in seen:
            seen.add(key)
            out.append(b)
    return out


def generate() -> list[dict[str, Any]]:
    """The records and their digests, from the engine as it is now."""
    from core.test_properties import play_table_board

    boards = _law_test_boards() + [play_table_board(seed) for seed in range(12)]
    out = []
    for b in boards:
        text = b.record.to_json()
        out.append({"record": json.loads(text), "digest": digest(text)})
    return out


if __name__ == "__main__":
    DATA.write_text(json.dumps(generate(), separators=(",", ":")) + "\n", encoding="utf-8")
