"""What the format modules share: the games they read, the result of a load, text decoding,
and the claim details a file can carry.

Every reader returns a :class:`Loaded`: a sequence of the :class:`BoardRecord` objects the
file holds (the games with a full deal), plus ``games`` (every game in file order, with the
extra data needed to write it again exactly) and ``diagnostics``. Every game is a
:class:`Game`: its ``record`` (or ``None``), ``info`` (format-neutral metadata keyed by PBN
tag names: ``Event``, ``North``, ``Room``...), its first ``line``, its own ``diagnostics``
and the ``irregularities`` the file declares.

Example:
    >>> from bridgetable.formats.common import decode_text
    >>> decode_text(b"\\xef\\xbb\\xbf[Event \\"x\\"]"), decode_text(b"caf\\xe9")
    ('[Event "x"]', 'café')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Generic, TypeVar, overload

from bridgetable.core.errors import NotationError
from bridgetable.core.events import (
    ClaimAgreed,
    ClaimDisputed,
    ClaimMade,
    DirectorRuled,
    RulingAccepted,
    RulingProposed,
)
from bridgetable.core.record import BoardRecord
from bridgetable.core.seats import Seat
from bridgetable.formats.errors import Diagnostic, FormatError, Irregularity

#: Info keys (PBN tag names) that every format can carry over to every other.
PLAYER_KEYS = ("North", "East", "South", "West")


@dataclass(kw_only=True, eq=False)
class Game:
    """One game (board) of a file.

    Attributes:
        record: the board record replayed through the Laws engine, or ``None`` when the file
            gives no full deal (an end position, a deal with hands missing, a game of tags only).
        info: metadata keyed by PBN tag names (``Event``, ``Site``, ``Date``, ``North``...,
            ``Room``, ``Scoring``...), used when the game is written in another format.
        line: the first line of the game in the file.
        diagnostics: the problems found in this game.
        irregularities: irregularities the file declares (see :class:`Irregularity`).
    """

    record: BoardRecord | None = None
    info: dict[str, str] = field(default_factory=dict)
    line: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    irregularities: list[Irregularity] = field(default_factory=list)


G = TypeVar("G", bound=Game)


class Loaded(Sequence[BoardRecord], Generic[G]):
    """What a reader returns: the records, the games they came from, the diagnostics.

    Indexing and iteration give the :class:`BoardRecord` objects (games without a full deal
    have none and are skipped); ``games`` has every game; ``diagnostics`` every problem
    found, file-level ones included, in file order.
    """

    __slots__ = ("diagnostics", "games", "records")

    def __init__(self, games: Iterable[G], diagnostics: Iterable[Diagnostic] = ()) -> None:
        self.games: tuple[G, ...] = tuple(games)
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        self.records: tuple[BoardRecord, ...] = tuple(
            g.record for g in self.games if g.record is not None
        )

    @overload
    def __getitem__(self, index: int) -> BoardRecord: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[BoardRecord]: ...

    def __getitem__(self, index: int | slice) -> BoardRecord | Sequence[BoardRecord]:
        return self.records[index]

    def __len__(self) -> int:
        return len(self.records)

    def __iter__(self) -> Iterator[BoardRecord]:
        return iter(self.records)

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        """The diagnostics of severity ``error``: a strict read fails when there are any."""
        return tuple(d for d in self.diagnostics if d.is_error)

    @property
    def irregularities(self) -> tuple[Irregularity, ...]:
        """Every irregularity the file declares."""
        return tuple(i for g in self.games for i in g.irregularities)

    def __repr__(self) -> str:
        return (
            f"<Loaded {len(self.games)} games, {len(self.records)} records, "
            f"{len(self.errors)} errors, {len(self.diagnostics) - len(self.errors)} warnings>"
        )


def decode_text(data: bytes | str) -> str:
    """Text from a file's bytes: a UTF-8 byte-order mark is dropped; UTF-8 is tried first,
    then ISO 8859-1 (the PBN character set), which never fails."""
    if isinstance(data, str):
        return data[1:] if data.startswith("\ufeff") else data
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_input(fp: IO[Any]) -> str:
    """The decoded text of an open file (binary mode is best: see :func:`decode_text`)."""
    data = fp.read()
    if not isinstance(data, bytes | str):
        raise FormatError(f"a file read gives bytes or text, not {type(data).__name__}")
    return decode_text(data)


def write_output(fp: IO[Any], text: str) -> None:
    """Write ``text`` to a text or binary file (UTF-8 for binary)."""
    mode = getattr(fp, "mode", "")
    if "b" in mode or isinstance(fp, _binary_types()):
        fp.write(text.encode("utf-8"))
    else:
        fp.write(text)


def _binary_types() -> tuple[type, ...]:
    import io

    return (io.BytesIO, io.BufferedIOBase, io.RawIOBase)


def as_text(data: object, what: str) -> str:
    """``data`` as text for a ``loads``: str, or bytes decoded; else a FormatError."""
    if isinstance(data, bytes | bytearray):
        return decode_text(bytes(data))
    if isinstance(data, str):
        return decode_text(data)
    raise FormatError(f"{what} reads text or bytes, not {type(data).__name__}")


# ----------------------------------------------------------------------------- claims


@dataclass(frozen=True, slots=True)
class ClaimInfo:
    """A claim as a file keeps it: who claimed how many of the remaining tricks, whether it
    was a concession, the statement, the answers in order, and the Director's ruling.

    The texts used in PBN tags and LIN ``nt`` lines:

    >>> c = ClaimInfo(Seat.WEST, 2, concession=True,
    ...               answers=((Seat.NORTH, True), (Seat.SOUTH, False)),
    ...               ruling=(1, "70D1", "declarer could not have ruffed"))
    >>> c.claim_text(), c.answers_text(), c.ruling_text()
    ('W 2 concession', 'N agreed;S disputed', '1;70D1;declarer could not have ruffed')
    >>> ClaimInfo.parse("W 2 concession", answers="N agreed;S disputed",
    ...                 ruling="1;70D1;declarer could not have ruffed") == c
    True
    """

    claimer: Seat
    tricks: int
    concession: bool = False
    statement: str | None = None
    answers: tuple[tuple[Seat, bool], ...] = ()
    ruling: tuple[int, str, str] | None = None

    def claim_text(self) -> str:
        """``"<seat> <tricks>"`` and ``" concession"`` for a concession."""
        tail = " concession" if self.concession else ""
        return f"{self.claimer.letter} {self.tricks}{tail}"

    def answers_text(self) -> str:
        """``"E agreed;W disputed"``: the answers in order."""
        return ";".join(f"{s.letter} {'agreed' if ok else 'disputed'}" for s, ok in self.answers)

    def ruling_text(self) -> str:
        """``"<tricks>;<laws>;<text>"``: the ruling, tricks to the claimer's side."""
        if self.ruling is None:
            return ""
        tricks, laws, text = self.ruling
        return f"{tricks};{laws};{text}"

    @classmethod
    def parse(
        cls,
        claim: str,
        *,
        statement: str | None = None,
        answers: str | None = None,
        ruling: str | None = None,
    ) -> ClaimInfo:
        """The claim these texts describe; raises :class:`NotationError`."""
        parts = claim.split()
        if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2].lower() != "concession"):
            raise NotationError(f"a claim is '<seat> <tricks> [concession]', not {claim!r}")
        seat = Seat.from_letter(parts[0])
        if not parts[1].isdigit() or int(parts[1]) > 13:
            raise NotationError(f"a claim's tricks are 0 to 13, not {parts[1]!r}")
        ans: list[tuple[Seat, bool]] = []
        for item in (answers or "").split(";"):
            if not item.strip():
                continue
            words = item.split()
            if len(words) != 2 or words[1].lower() not in ("agreed", "disputed"):
                raise NotationError(f"a claim answer is '<seat> agreed|disputed', not {item!r}")
            ans.append((Seat.from_letter(words[0]), words[1].lower() == "agreed"))
        rul: tuple[int, str, str] | None = None
        if ruling is not None and ruling.strip():
            bits = ruling.split(";", 2)
            if not bits[0].strip().isdigit() or int(bits[0]) > 13:
                raise NotationError(f"a ruling is '<tricks>;<laws>;<text>', not {ruling!r}")
            rul = (
                int(bits[0]),
                bits[1].strip() if len(bits) > 1 else "70",
                bits[2] if len(bits) > 2 else "",
            )
        return cls(
            seat,
            int(parts[1]),
            len(parts) == 3,
            statement if statement else None,
            tuple(ans),
            rul,
        )

    @classmethod
    def from_events(cls, events: Sequence[Any]) -> ClaimInfo | None:
        """The last claim of a record with its answers and ruling, or ``None``."""
        start = None
        for i, e in enumerate(events):
            if isinstance(e, ClaimMade):
                start = i
        if start is None:
            return None
        made: ClaimMade = events[start]
        answers: list[tuple[Seat, bool]] = []
        ruling: tuple[int, str, str] | None = None
        proposal: RulingProposed | None = None
        accepted = 0
        for e in events[start + 1 :]:
            if isinstance(e, ClaimAgreed):
                answers.append((e.seat, True))
            elif isinstance(e, ClaimDisputed):
                answers.append((e.seat, False))
            elif isinstance(e, DirectorRuled):
                ruling = (e.tricks, e.laws, e.text)
            elif isinstance(e, RulingProposed):
                proposal, accepted = e, 0
            elif isinstance(e, RulingAccepted):
                accepted += 1
                if accepted == 4 and proposal is not None:
                    # accepted by all four: the result, written as a ruling (a file has no
                    # notation for who ruled)
                    ruling = (proposal.tricks, proposal.laws, proposal.text)
        return cls(made.seat, made.tricks, made.concession, made.statement, tuple(answers), ruling)

    def is_plain(self, declarer: Seat) -> bool:
        """Whether this is what a plain file claim means: declarer claims, both defenders
        agree (left-hand opponent first), no statement, no ruling. Such a claim needs only
        the result (PBN ``*`` and Result, LIN ``mc``)."""
        return (
            self.claimer is declarer
            and not self.concession
            and not self.statement
            and self.ruling is None
            and self.answers == ((declarer.lho, True), (declarer.rho, True))
        )


__all__ = [
    "PLAYER_KEYS",
    "ClaimInfo",
    "Game",
    "Loaded",
    "as_text",
    "decode_text",
    "read_input",
    "write_output",
]
