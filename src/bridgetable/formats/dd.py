"""Double-dummy tables found in files, checked against DDS.

Files carry double-dummy results as ``OptimumResultTable`` (PBN 5.7), ``DoubleDummyTricks``
and ``Ability`` (see :mod:`bridgetable.formats.tables`). They are often wrong: producers
rotate them, or copy them from another board. :func:`check_dd` solves every deal with DDS
(the solver port's ``dd_tables``, :mod:`bridgetable.solver.port`) and reports, board by
board, each table and the entries that differ.

Example (with a stand-in solver; the default is DDS):
    >>> from bridgetable.formats import pbn
    >>> text = '''[Board "1"]
    ... [Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
    ... [Ability "N:dd000 E:00d00 S:dd000 W:00d00"]
    ... '''
    >>> games = pbn.loads(text).games
    >>> def solver(deals):
    ...     return [{(s, t): 0 for s in Seat for t in Strain} for _ in deals]
    >>> [r.ok for r in check_dd(games, solver=solver)]
    [False]
    >>> print(check_dd(games, solver=solver)[0].summary())
    Ability differs from DDS in 6 of 20 entries: N NT 13 (DDS 0), N S 13 (DDS 0), ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bridgetable.core.calls import Strain
from bridgetable.core.deal import Deal
from bridgetable.core.errors import NotationError
from bridgetable.core.seats import Seat
from bridgetable.formats.common import Game
from bridgetable.formats.tables import DDTable, dd_from_ability, dd_from_hex20, dd_from_table
from bridgetable.solver.port import default_solver

#: The tags holding double-dummy tables, in the order they are reported.
DD_SOURCES = ("DoubleDummyTricks", "OptimumResultTable", "Ability")

Solver = Callable[[Sequence[Deal]], list[DDTable]]


@dataclass(frozen=True, slots=True)
class DDMismatch:
    """One entry of a file's table that DDS contradicts: tricks for ``seat`` declaring in
    ``strain``, as the file has them and as DDS computes them."""

    seat: Seat
    strain: Strain
    file: int
    dds: int

    def __str__(self) -> str:
        return f"{self.seat.letter} {self.strain.letter} {self.file} (DDS {self.dds})"


@dataclass(frozen=True, slots=True)
class DDReport:
    """The check of one table of one game: where it is, how many entries it has, the
    entries DDS contradicts, or why it could not be read (``problem``)."""

    game: int
    board: int | None
    line: int
    source: str
    entries: int
    mismatches: tuple[DDMismatch, ...] = ()
    problem: str | None = None

    @property
    def ok(self) -> bool:
        """Whether the table could be read and agrees with DDS."""
        return self.problem is None and not self.mismatches

    def summary(self) -> str:
        """One line: agreement, or the first differing entries."""
        if self.problem is not None:
            return f"{self.source} cannot be read: {self.problem}"
        if not self.mismatches:
            return f"{self.source} agrees with DDS ({self.entries} entries)"
        shown = ", ".join(str(m) for m in self.mismatches[:2])
        more = ", ..." if len(self.mismatches) > 2 else ""
        return (
            f"{self.source} differs from DDS in {len(self.mismatches)} of {self.entries} "
            f"entries: {shown}{more}"
        )


def _line(game: Game, name: str) -> int:
    for t in getattr(game, "tags", ()):
        if t.name == name:
            return int(t.line)
    return game.line


def tables_of(game: Game) -> list[tuple[str, int, DDTable | str]]:
    """The double-dummy tables a game holds: (tag, line, table or the reason it cannot be
    read). PBN games give their tags and tables; other games their ``info``."""
    out: list[tuple[str, int, DDTable | str]] = []
    values = getattr(game, "values", None) or game.info
    for name in DD_SOURCES:
        try:
            if name == "OptimumResultTable":
                table_of = getattr(game, "table", None)
                table = table_of(name) if table_of is not None else None
                if table is None:
                    continue
                out.append((name, _line(game, name), dd_from_table(table)))
                continue
            text = values.get(name)
            if not text or text in ("?", "#"):
                continue
            dd = dd_from_hex20(text) if name == "DoubleDummyTricks" else dd_from_ability(text)
            out.append((name, _line(game, name), dd))
        except NotationError as exc:
            out.append((name, _line(game, name), str(exc)))
    return out


def check_dd(games: Sequence[Game], *, solver: Solver | None = None) -> list[DDReport]:
    """Check every double-dummy table of ``games`` (those with a record) against DDS, or
    against ``solver`` (deals in, tables out). Each distinct deal is solved once.

    Raises :class:`~bridgetable.solver.errors.SolverError` when DDS is not available.
    """
    found: list[tuple[Game, list[tuple[str, int, DDTable | str]]]] = []
    deals: dict[Deal, int] = {}
    for g in games:
        if g.record is None:
            continue
        tabs = tables_of(g)
        if tabs:
            found.append((g, tabs))
            deals.setdefault(g.record.setup.deal, len(deals))
    if not found:
        return []
    solved = (solver or default_solver().dd_tables)(list(deals))
    reports = []
    for g, tabs in found:
        rec = g.record
        if rec is None:  # pragma: no cover - filtered above
            continue
        truth = solved[deals[rec.setup.deal]]
        index = int(getattr(g, "index", 0))
        for source, line, table in tabs:
            if isinstance(table, str):
                reports.append(DDReport(index, rec.setup.board, line, source, 0, problem=table))
                continue
            bad = tuple(
                DDMismatch(seat, strain, n, truth[seat, strain])
                for (seat, strain), n in sorted(table.items(), key=_order)
                if truth[seat, strain] != n
            )
            reports.append(DDReport(index, rec.setup.board, line, source, len(table), bad))
    return reports


def _order(item: tuple[tuple[Seat, Strain], int]) -> tuple[int, int]:
    (seat, strain), _ = item
    return (int(seat), -int(strain))


__all__ = ["DD_SOURCES", "DDMismatch", "DDReport", "check_dd", "tables_of"]
