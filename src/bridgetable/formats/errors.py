"""Diagnostics and the parse error of the file formats.

Readers are tolerant by default: they keep going and collect :class:`Diagnostic` objects
(line, game, board, message, and for a record that breaks the Laws the trick, seat and Law).
An ``error`` means the file does not say what it should, or the record it holds is not what
the file claims (a revoke, a card played twice, a Result the play contradicts...); a
``warning`` is a departure from the standard that does not change the record (an unknown
tag, a date in the wrong format, a table out of order...). With ``strict=True`` a reader
raises :class:`FormatError`, carrying every diagnostic, as soon as the file holds an error.

Example:
    >>> from bridgetable.formats.errors import Diagnostic, FormatError
    >>> d = Diagnostic(12, "East plays the club ace: a revoke", board=3, game=3, trick=2,
    ...                seat="East", law="44C, 61A")
    >>> str(d)
    'line 12: game 3, board 3, trick 2, East: East plays the club ace: a revoke (Law 44C, 61A)'
    >>> e = FormatError("bad file", [d])
    >>> isinstance(e, ValueError), e.diagnostics[0].law
    (True, '44C, 61A')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from bridgetable.core.errors import BridgeError

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a file.

    Attributes:
        line: the 1-based line of the file where it was found (0 when not known).
        message: what is wrong, in a sentence.
        severity: ``"error"`` (a strict read fails) or ``"warning"``.
        board: the board number, when known.
        game: the 1-based index of the game (board record) in the file, when known.
        trick: the 1-based trick, for a card.
        seat: the seat that acted, for a call or a card (``"North"``...).
        law: the Law (or Laws) that decide, for a record that breaks them.
    """

    line: int
    message: str
    severity: Severity = "error"
    board: int | None = None
    game: int | None = None
    trick: int | None = None
    seat: str | None = None
    law: str | None = None

    @property
    def is_error(self) -> bool:
        """Whether a strict read fails on this diagnostic."""
        return self.severity == "error"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (``None`` fields left out)."""
        out: dict[str, Any] = {"line": self.line, "severity": self.severity}
        for key in ("game", "board", "trick", "seat", "law"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out["message"] = self.message
        return out

    def __str__(self) -> str:
        head = _where(self.line, self.game, self.board, self.trick, self.seat)
        tail = f" (Law {self.law})" if self.law else ""
        kind = "" if self.severity == "error" else "warning: "
        return f"{head}{kind}{self.message}{tail}"


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An irregularity the file itself declares (PBN ``^I ^S ^R ^L``, a ``^`` Declarer or
    Result), which the players accepted at the table.

    The Laws engine's online policy refuses these acts, so a record is kept only up to the
    first one; the file (and its exact re-writing) keeps the rest. This is not a diagnostic:
    the file is correct, it records what happened.

    Attributes:
        line: the 1-based line of the mark.
        kind: ``"insufficient bid"``, ``"call out of rotation"``, ``"revoke"``, ``"lead out of
            turn"``, ``"declarer and dummy swapped"`` or ``"result differs from the play"``.
        law: the Law that deals with it.
        board, game, trick, seat: where, when known.
        text: the token as written, e.g. ``"^R S6"``.
    """

    line: int
    kind: str
    law: str
    board: int | None = None
    game: int | None = None
    trick: int | None = None
    seat: str | None = None
    text: str = ""

    def __str__(self) -> str:
        head = _where(self.line, self.game, self.board, self.trick, self.seat)
        return f"{head}declared {self.kind} {self.text!r} (Law {self.law})"


class FormatError(BridgeError, ValueError):
    """A strict read met an error; ``diagnostics`` holds everything found in the file.

    Raised only by the readers (``load``/``loads`` with ``strict=True``) and by the writers
    for an argument that is not a record or game of a known kind.
    """

    def __init__(self, message: str, diagnostics: Iterable[Diagnostic] = ()) -> None:
        super().__init__(message)
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.diagnostics))


def raise_if_errors(diagnostics: Iterable[Diagnostic], what: str) -> None:
    """Raise :class:`FormatError` naming the first error in ``diagnostics``, if any.

    >>> raise_if_errors([Diagnostic(3, "odd", severity="warning")], "x.pbn")
    >>> raise_if_errors([Diagnostic(3, "bad deal")], "x.pbn")
    Traceback (most recent call last):
    ...
    bridgetable.formats.errors.FormatError: x.pbn: line 3: bad deal (1 error)
    """
    diags = list(diagnostics)
    errors = [d for d in diags if d.is_error]
    if errors:
        n = len(errors)
        raise FormatError(f"{what}: {errors[0]} ({n} error{'s' if n > 1 else ''})", diags)


__all__ = ["Diagnostic", "FormatError", "Irregularity", "Severity", "raise_if_errors"]


def _where(
    line: int, game: int | None, board: int | None, trick: int | None, seat: str | None
) -> str:
    """``line 12: game 3, board 4, trick 5, N: `` -- the place of a diagnostic."""
    where = [
        f"{name} {v}"
        for name, v in (("game", game), ("board", board), ("trick", trick))
        if v is not None
    ]
    if seat is not None:
        where.append(seat)
    return f"line {line}: " + (", ".join(where) + ": " if where else "")
