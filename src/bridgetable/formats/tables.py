"""PBN tables (PBN 2.1 chapter 5): column specifications, rows, and the double-dummy tables
found in practice.

A table's tag value names its columns (``"Declarer;Denomination\\2R;Result\\2R"``): each
column may start with ``+`` (descending) or ``-`` (ascending) and end with a minimum width
``\\<n>`` and an alignment ``L`` or ``R``. The section data are the elements, row by row.

Double-dummy tables: ``OptimumResultTable`` (standard, 5.7), and the producers' tags
``DoubleDummyTricks`` (20 hex digits, declarers N, S, E, W by strains NT, S, H, D, C) and
``Ability`` (``"N:89797 E:..."``, per declarer hex digits NT, S, H, D, C);
:func:`dd_from_tags` reads whichever a game has.

Example:
    >>> cols, problems = parse_columns("Declarer;Denomination\\\\2R;Result\\\\2R")
    >>> [(c.name, c.width, c.align) for c in cols], problems
    ([('Declarer', None, ''), ('Denomination', 2, 'R'), ('Result', 2, 'R')], [])
    >>> from bridgetable.core.calls import Strain
    >>> from bridgetable.core.seats import Seat
    >>> t = dd_from_ability("N:89797 E:44535 S:89797 W:44535")
    >>> t[Seat.NORTH, Strain.NOTRUMP], t[Seat.EAST, Strain.CLUBS]
    (8, 5)
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bridgetable.core.calls import Strain
from bridgetable.core.errors import NotationError
from bridgetable.core.seats import Seat

#: A double-dummy table: tricks taken by declarer ``seat`` in ``strain``.
DDTable = dict[tuple[Seat, Strain], int]

_COLUMN = re.compile(r"([+-]?)([^\\]*)(?:\\(\d+)([LR]?))?")
_NUMBER = re.compile(r"[+-]?\d+(?:\.\d*)?")
_HEX_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a table: name, order (``"+"`` descending, ``"-"`` ascending or ``""``),
    minimum width and alignment (``"L"``, ``"R"`` or ``""``)."""

    name: str
    order: str = ""
    width: int | None = None
    align: str = ""


@dataclass(frozen=True, slots=True)
class Table:
    """A table: its name (the tag), columns and rows of elements (strings unquoted)."""

    name: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...] = field(default=())

    def index(self, name: str) -> int | None:
        """The position of the column called ``name`` (any case), or ``None``."""
        low = name.lower()
        for i, c in enumerate(self.columns):
            if c.name.lower() == low:
                return i
        return None


def parse_columns(spec: str) -> tuple[list[Column], list[str]]:
    """The columns a table's tag value names, and the problems found in it."""
    problems: list[str] = []
    cols: list[Column] = []
    for item in spec.split(";"):
        m = _COLUMN.fullmatch(item)
        if m is None:
            problems.append(f"column {item!r}: a width is '\\<digits>' then L or R (5.2)")
            name = item.split("\\", 1)[0].lstrip("+-")
            cols.append(Column(name))
            continue
        order, name, width, align = m.groups()
        if not name:
            problems.append("a column without a name (5.2)")
        cols.append(Column(name, order, None if width is None else int(width), align or ""))
    return cols, problems


def make_table(name: str, spec: str, elements: Sequence[str]) -> tuple[Table, list[str]]:
    """A table from its tag value and elements, and the problems found (a spec that cannot be
    read, elements that do not fill the last row, a column out of its declared order)."""
    cols, problems = parse_columns(spec)
    k = max(1, len(cols))
    if len(elements) % k:
        problems.append(
            f"{len(elements)} elements do not fill rows of {k} columns: "
            f"{k - len(elements) % k} missing (5.2)"
        )
    rows = tuple(tuple(elements[i : i + k]) for i in range(0, len(elements), k))
    for j, col in enumerate(cols):
        if col.order not in ("+", "-"):
            continue
        values = [r[j] for r in rows if j < len(r) and r[j] not in ("-", "?")]
        keys = [_sort_key(v) for v in values]
        pairs = list(itertools.pairwise(keys))
        if col.order == "+" and any(a < b for a, b in pairs):
            problems.append(f"column {col.name} is marked '+' but is not in descending order")
        if col.order == "-" and any(a > b for a, b in pairs):
            problems.append(f"column {col.name} is marked '-' but is not in ascending order")
    return Table(name, tuple(cols), rows), problems


def _sort_key(value: str) -> tuple[int, float, str]:
    v = value.lstrip("^")
    if _NUMBER.fullmatch(v):
        return (0, float(v), "")
    return (1, 0.0, v)


# ----------------------------------------------------------------------------- DD tables


def _hex(ch: str) -> int:
    try:
        v = int(ch, 16)
    except ValueError:
        raise NotationError(f"not a hex digit: {ch!r}") from None
    if v > 13:
        raise NotationError(f"{v} tricks is more than 13")
    return v


def dd_from_hex20(text: str) -> DDTable:
    """``DoubleDummyTricks``: 20 hex digits, declarers N, S, E, W, each NT, S, H, D, C."""
    t = text.strip()
    if len(t) != 20:
        raise NotationError(f"DoubleDummyTricks has 20 hex digits, not {len(t)}")
    out: DDTable = {}
    for i, seat in enumerate((Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)):
        for j, strain in enumerate(_HEX_STRAINS):
            out[seat, strain] = _hex(t[5 * i + j])
    return out


def dd_from_ability(text: str) -> DDTable:
    """``Ability``: ``"N:89797 E:44535 S:89797 W:44535"``, per declarer NT, S, H, D, C."""
    out: DDTable = {}
    for part in text.split():
        seat_s, sep, digits = part.partition(":")
        if not sep or len(digits) != 5:
            raise NotationError(f"an Ability item is '<seat>:<5 hex digits>', not {part!r}")
        seat = Seat.from_letter(seat_s)
        for j, strain in enumerate(_HEX_STRAINS):
            out[seat, strain] = _hex(digits[j])
    if len(out) != 20:
        raise NotationError("Ability gives the four declarers")
    return out


def dd_from_table(table: Table) -> DDTable:
    """``OptimumResultTable``: rows of declarer, denomination and tricks (any row order)."""
    di, si, ri = table.index("Declarer"), table.index("Denomination"), table.index("Result")
    if di is None or si is None or ri is None:
        raise NotationError(
            "OptimumResultTable needs the columns Declarer, Denomination and Result"
        )
    out: DDTable = {}
    for row in table.rows:
        if len(row) <= max(di, si, ri):
            raise NotationError(f"incomplete row {' '.join(row)!r}")
        seat = Seat.from_letter(row[di])
        strain = Strain.from_letter(row[si])
        if not row[ri].isdigit() or int(row[ri]) > 13:
            raise NotationError(f"a result of 0 to 13 tricks, not {row[ri]!r}")
        out[seat, strain] = int(row[ri])
    return out


__all__ = [
    "Column",
    "DDTable",
    "Table",
    "dd_from_ability",
    "dd_from_hex20",
    "dd_from_table",
    "make_table",
    "parse_columns",
]
