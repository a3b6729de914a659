"""PBN 2.1 (Portable Bridge Notation) reader and writer.

:func:`loads` reads every game of a PBN file: tag pairs with escapes, ``%`` lines, ``;`` and
``{}`` comments, ``#`` and ``##`` inheritance, the Auction section with notes, alerts,
suffixes and NAGs, the Play section in fixed seat columns with ``-``, ``*`` and ``+``, the
irregularity marks ``^I ^S ^R ^L``, Result and the score tags, and the tables with their
column specifications; byte-order marks, CRLF, tabs and the dialects of BBO, BridgeComposer,
pbntools and rpbridge (see ``docs/formats.md``). Each game with a full deal is replayed
through the Laws engine into a :class:`~bridgetable.core.record.BoardRecord`; a claim (play
ending with ``*`` or unplayed ``-`` tricks, and a Result) becomes a claim event.

:func:`dumps` writes games read from a file again (same tags, comments and sections,
re-laid in the export layout), and writes records of any origin as export-style games.

A board of the table policy (irregularities as events, :mod:`bridgetable.core.table`) is
written with PBN's marks (``^L``, ``^R``, a Declarer ``^``) and the ``BridgetableEvents``
tag, whose comment lists every event of the record; reading such a game replays those
events, so the record read back is the record written (``docs/formats.md``).

Example:
    >>> text = '''[Board "1"]
    ... [Dealer "N"]
    ... [Vulnerable "None"]
    ... [Deal "N:AKQ2.J84.T9.7654 JT9.AKQ.8765.AKQ 8765.T9.AKQJ.JT9 43.76532.432.832"]
    ... [Declarer "S"]
    ... [Contract "4S"]
    ... [Result "10"]
    ... [Auction "N"]
    ... Pass Pass 1S Pass
    ... 4S Pass Pass Pass
    ... [Play "W"]
    ... H7 HJ HA HT
    ... *
    ... '''
    >>> games = loads(text)
    >>> rec = games[0]
    >>> type(rec.events[-1]).__name__, games.diagnostics
    ('ClaimAgreed', ())
    >>> from bridgetable.core.board import Board
    >>> Board.replay(rec).declarer_tricks
    10
    >>> loads(dumps(games))[0] == rec
    True
"""

from __future__ import annotations

import dataclasses
import re
import typing
import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO, Any, NamedTuple

from bridgetable.core.auction import Auction
from bridgetable.core.board import Board
from bridgetable.core.boards import Vulnerability, dealer_of, vulnerability_of
from bridgetable.core.calls import (
    PASS,
    Bid,
    Call,
    Contract,
    Doubling,
    Strain,
    parse_call,
)
from bridgetable.core.cards import Card, Hand
from bridgetable.core.deal import Deal
from bridgetable.core.errors import ActionRefused, NotationError
from bridgetable.core.events import (
    EVENT_TYPES,
    CallMade,
    ClaimMade,
    event_from_dict,
    event_to_dict,
    standing_calls,
)
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.rules import REMOVED_OPTIONS, RENAMED_VALUES, RuleSet
from bridgetable.core.seats import Seat
from bridgetable.core.tricks import winning_index
from bridgetable.formats._pbnlex import MAX_LINE, Tok, lex, split_lines
from bridgetable.formats._pbnvalues import (
    KNOWN,
    MTS,
    NO_INHERIT,
    TABLES,
    check_value,
    parse_contract,
    parse_deal,
    parse_result,
    parse_seat,
    parse_vulnerable,
    rubber_vulnerability,
)
from bridgetable.formats.common import (
    ClaimInfo,
    Game,
    Loaded,
    as_text,
    read_input,
    write_output,
)
from bridgetable.formats.errors import (
    Diagnostic,
    FormatError,
    Irregularity,
    Severity,
    raise_if_errors,
)
from bridgetable.formats.replay import IRREGULARITY_LAWS, CallIn, CardIn, RecordBuilder
from bridgetable.formats.tables import Table, make_table

#: Tags that describe the record itself (the writer computes them from the record).
STRUCTURAL = frozenset(
    [
        "Board",
        "Dealer",
        "Vulnerable",
        "Deal",
        "Declarer",
        "Contract",
        "Result",
        "Auction",
        "Play",
        "Note",
        "Claim",
        "ClaimStatement",
        "ClaimAnswers",
        "Ruling",
        "BridgetableEvents",
    ]
)

#: The supplemental tag of a table-mode board: its value names the rule options, the comment
#: after it lists every event of the record (docs/formats.md, "Table-mode boards in PBN").
EVENTS_TAG = "BridgetableEvents"

_NAME = re.compile(r"[A-Za-z0-9_]+")
_SUB = re.compile(
    r"(?P<mark>\^[A-Za-z]?)|(?P<note>=[^=]*=?)|(?P<nag>\$[0-9A-Za-z]*)|(?P<suffix>[!?]{1,2})"
    r"|(?P<end>\*)|(?P<plus>\+)|(?P<tok>[A-Za-z0-9-]+)|(?P<other>.)"
)
_CARD = re.compile(r"([SHDCshdc])([AKQJTakqjt2-9])")
_CALL = re.compile(r"([1-7])(NT|N|S|H|D|C)", re.IGNORECASE)
_NOTE_REF = re.compile(r"=(\d+)=")
_NOTE_VALUE = re.compile(r"(\d+):(.*)", re.DOTALL)
_HEADER = re.compile(r"\s*(PBN\s+\d+\.\d+|EXPORT|IMPORT)\s*$", re.IGNORECASE)
_SUFFIX_NAG = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

#: A deal used only to check an auction whose game gives no full deal (no record is kept).
_PLACEHOLDER = Deal.from_pbn(
    "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
)


class Item(NamedTuple):
    """An element of a game kept for re-writing.

    ``kind``: ``slot`` (a call, card, ``-`` or ``+``), ``mark`` (``^I``...), ``ann`` (suffix,
    note reference or NAG), ``end`` (``*``), ``bad`` (text that is none of these), ``row``
    (a line of table or other section data), ``comment`` (``{...}`` or ``; ...`` with its
    delimiters) or ``escape`` (a ``%`` line, without the ``%``).
    """

    kind: str
    text: str
    line: int


@dataclass(eq=False)
class PbnTag:
    """A tag pair as written (``value`` before inheritance), the comments right after it,
    and its section data (``data``; ``elements`` are a table's elements, strings unquoted).
    A tag pair that could not be read is kept with ``raw`` set, ``value`` holding its text.
    """

    name: str
    value: str
    line: int
    comments: list[Item] = field(default_factory=list)
    data: list[Item] = field(default_factory=list)
    elements: list[str] = field(default_factory=list)
    raw: bool = False


@dataclass(kw_only=True, eq=False)
class PbnGame(Game):
    """A PBN game: the tags in file order (``tags``), the comments and ``%`` lines before
    them (``preamble``), and the tag values after inheritance (``values``).

    ``record`` is the game replayed through the Laws engine (``None`` without a full deal).
    """

    tags: list[PbnTag] = field(default_factory=list)
    preamble: list[Item] = field(default_factory=list)
    values: dict[str, str] = field(default_factory=dict)
    index: int = 0
    _index: dict[str, PbnTag] = field(default_factory=dict, init=False, repr=False)
    _indexed: int = field(default=-1, init=False, repr=False)

    def tag(self, name: str) -> str | None:
        """The value of tag ``name`` after ``#``/``##`` inheritance, or ``None``."""
        return self.values.get(name)

    def section(self, name: str) -> PbnTag | None:
        """The first tag pair called ``name``."""
        if self._indexed != len(self.tags):  # the tags changed: index them again
            self._index = {}
            for t in self.tags:
                if not t.raw:
                    self._index.setdefault(t.name, t)
            self._indexed = len(self.tags)
        return self._index.get(name)

    def table(self, name: str) -> Table | None:
        """The table ``name`` (its column spec after inheritance), or ``None``."""
        t = self.section(name)
        if t is None or not t.elements:
            return None
        return make_table(name, self.values.get(name, t.value), t.elements)[0]

    @classmethod
    def from_record(cls, record: BoardRecord, info: dict[str, str] | None = None) -> PbnGame:
        """The game :func:`dumps` writes for ``record`` (with ``info`` tags), read back."""
        games = loads(render_record(record, info or {})).games
        return games[0]


# ============================================================================= reading


def loads(text: str | bytes, *, strict: bool = False) -> Loaded[PbnGame]:
    """Read PBN text (or bytes: UTF-8, else ISO 8859-1; a byte-order mark is dropped).

    Tolerant by default: every problem becomes a :class:`Diagnostic`; with ``strict=True``
    a :class:`FormatError` is raised when there is an error. See the module docstring.
    """
    src = as_text(text, "pbn.loads")
    loaded = _Reader(src).run()
    if strict:
        raise_if_errors(loaded.diagnostics, "PBN")
    return loaded


def load(fp: IO[Any], *, strict: bool = False) -> Loaded[PbnGame]:
    """Read a PBN file opened in binary (best) or text mode; see :func:`loads`."""
    return loads(read_input(fp), strict=strict)


@dataclass(slots=True)
class _Group:
    """A call or card with its annotations."""

    text: str
    line: int
    mark: str | None = None
    suffixes: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    nags: list[str] = field(default_factory=list)
    card: Card | None = None

    @property
    def is_dash(self) -> bool:
        return self.text in ("-", "--")


@dataclass(slots=True)
class _Section:
    seat: Seat | None
    groups: list[_Group]
    star: int | None  # line of '*'
    plus: int  # how many '+'
    line: int


class _Reader:
    def __init__(self, src: str, *, parse_only: bool = False) -> None:
        self.src = src
        self.parse_only = parse_only  # tags and sections only: no table-mode replay
        self.lines = split_lines(src)[0]
        self.prev_values: dict[str, str] = {}
        self.sticky: dict[str, str] = {}
        self.prev_setup: tuple[dict[Seat, Hand], dict[str, str]] | None = None

    # ------------------------------------------------------------------ driver

    def run(self) -> Loaded[PbnGame]:
        toks, lexdiags = lex(self.src)
        chunks: list[list[Tok]] = [[]]
        for t in toks:
            if t.kind == "blank":
                if chunks[-1]:
                    chunks.append([])
            else:
                chunks[-1].append(t)
        games: list[PbnGame] = []
        loose: list[Diagnostic] = []
        carry: list[Item] = []
        for chunk in chunks:
            if not chunk:
                continue
            if not any(t.kind == "[" for t in chunk):
                for t in chunk:
                    if t.kind in ("brace", "semi", "escape"):
                        carry.append(_comment_item(t))
                    else:
                        loose.append(Diagnostic(t.line, f"text {t.text!r} outside any game"))
                continue
            games.append(self.game(chunk, carry, len(games) + 1))
            carry = []
        # lexical diagnostics go to the game whose lines hold them
        starts = [g.line for g in games]
        for d in lexdiags:
            g = _game_at(games, starts, d.line)
            if g is None:
                loose.append(d)
            else:
                board = _board_no(g.values)
                if board is None and g.record is not None:
                    board = g.record.setup.board
                g.diagnostics.append(dataclasses.replace(d, game=g.index, board=board))
        for g in games:
            g.diagnostics.sort(key=lambda d: d.line)
        every = [d for g in games for d in g.diagnostics] + loose
        every.sort(key=lambda d: d.line)
        return Loaded(games, every)

    # ------------------------------------------------------------------ one game

    def game(self, toks: list[Tok], carry: list[Item], index: int) -> PbnGame:
        g = PbnGame(index=index, line=toks[0].line, preamble=list(carry))
        diags = g.diagnostics

        def err(line: int, msg: str, severity: Severity = "error") -> None:
            diags.append(Diagnostic(line, msg, severity, game=index))

        raw: dict[int, list[Tok]] = {}
        cur: PbnTag | None = None
        i, n = 0, len(toks)
        while i < n:
            t = toks[i]
            if t.kind == "[":
                start = i
                tag, i = self._tag_pair(toks, i, err)
                if tag is None:  # kept as written, so that a re-read finds the same error
                    tag = PbnTag("", self._source(toks[start], toks[i - 1]), t.line, raw=True)
                g.tags.append(tag)
                cur = tag
                raw[id(tag)] = []
                continue
            if t.kind in ("brace", "semi", "escape"):
                item = _comment_item(t)
                if cur is None:
                    g.preamble.append(item)
                elif not raw[id(cur)]:
                    cur.comments.append(item)
                else:
                    raw[id(cur)].append(t)
            elif t.kind in ("word", "str"):
                if cur is None:
                    err(t.line, f"text {t.text!r} before the first tag pair")
                else:
                    raw[id(cur)].append(t)
            elif t.kind == "]":
                err(t.line, "a ']' without its '['")
            else:
                err(t.line, f"a '{t.text}' outside a comment (3.8)", "warning")
            i += 1
        for tag in g.tags:
            _continued(tag)
            self._section_data(tag, raw[id(tag)], err)
        self._values(g, err)
        self._record(g, err)
        board = _board_no(g.values)
        if board is None and g.record is not None:
            board = g.record.setup.board
        g.diagnostics[:] = [dataclasses.replace(d, board=board) for d in diags]
        return g

    def _tag_pair(self, toks: list[Tok], i: int, err: Any) -> tuple[PbnTag | None, int]:
        start = toks[i]
        n = len(toks)
        j = i + 1
        name_t = toks[j] if j < n else None
        if name_t is None or name_t.kind != "word" or not _NAME.fullmatch(name_t.text):
            err(start.line, "a '[' is not followed by a tag name (3.3)")
            return None, self._skip(toks, j)
        name = name_t.text
        j += 1
        val_t = toks[j] if j < n else None
        if val_t is None or val_t.kind != "str":
            if val_t is not None and val_t.kind == "word":
                err(start.line, f"tag {name}: the value {val_t.text!r} is not a quoted string")
            else:
                err(start.line, f"tag {name} has no value (3.3)")
            return None, self._skip(toks, j)
        j += 1
        if j < n and toks[j].kind == "]":
            j += 1
        else:
            err(start.line, f"tag {name} is not closed by ']' (3.3)")
        if not name[0].isupper():
            err(
                start.line, f"tag name {name!r} does not begin with an upper-case letter", "warning"
            )
        return PbnTag(name, val_t.text, start.line), j

    def _source(self, first: Tok, last: Tok) -> str:
        """The text of the file from the start of ``first`` to the end of ``last``."""
        if first.line == last.line:
            return self.lines[first.line - 1][first.col : last.end]
        parts = [self.lines[first.line - 1][first.col :]]
        parts.extend(self.lines[first.line : last.line - 1])
        parts.append(self.lines[last.line - 1][: last.end])
        return "\n".join(parts)

    @staticmethod
    def _skip(toks: list[Tok], j: int) -> int:
        """After a bad tag pair: skip to its ']' if one comes before the next '['."""
        k = j
        while k < len(toks) and toks[k].kind not in ("[", "]"):
            if toks[k].kind in ("brace", "semi", "escape"):
                return j
            k += 1
        if k < len(toks) and toks[k].kind == "]":
            return k + 1
        return j

    def _section_data(self, tag: PbnTag, raw: list[Tok], err: Any) -> None:
        if tag.name in ("Auction", "Play"):
            items: list[Item] = []
            for t in raw:
                if t.kind in ("brace", "semi", "escape"):
                    items.append(_comment_item(t))
                elif t.kind == "str":
                    items.append(Item("bad", _quote(t.text), t.line))
                    err(t.line, f"a string in the {tag.name} section")
                else:
                    for m in _SUB.finditer(t.text):
                        kind = m.lastgroup or "other"
                        text = m.group()
                        if kind in ("tok", "plus"):
                            items.append(Item("slot", text, t.line))
                        elif kind == "mark":
                            slot = tag.name == "Auction" and text.upper() == "^S"
                            items.append(Item("slot" if slot else "mark", text, t.line))
                        elif kind in ("note", "nag", "suffix"):
                            items.append(Item("ann", text, t.line))
                        elif kind == "end":
                            items.append(Item("end", text, t.line))
                        else:
                            items.append(Item("bad", text, t.line))
                            err(t.line, f"unexpected {text!r} in the {tag.name} section")
            tag.data = items
            return
        if not raw:
            return
        data: list[Item] = []
        first_elem = True
        row_line = -1
        row_first: Tok | None = None
        row_last: Tok | None = None

        def close_row() -> None:
            if row_first is not None and row_last is not None:
                text = self.lines[row_first.line - 1][row_first.col : row_last.end]
                data.append(Item("row", text, row_first.line))

        for t in raw:
            if t.kind in ("word", "str"):
                if t.line != row_line:
                    close_row()
                    row_line, row_first = t.line, t
                row_last = t
                tag.elements.append(t.text)
                if first_elem and tag.name in KNOWN and tag.name not in TABLES:
                    err(t.line, f"tag {tag.name} takes no section data: {t.text!r}")
                first_elem = False
                if t.kind == "word" and "%" in t.text:
                    err(t.line, f"'%' in the element {t.text!r} (5.1)", "warning")
            else:
                if (
                    t.kind != "escape"
                    and t.line == row_line
                    and row_first is not None
                    and row_last is not None
                    and row_first.col < t.col < row_last.end
                ):
                    continue  # inside the row's text
                close_row()
                row_line, row_first, row_last = -1, None, None
                data.append(_comment_item(t))
                if t.kind != "escape":
                    err(t.line, f"commentary after the elements of {tag.name} (5.1)", "warning")
        close_row()
        tag.data = data

    # ------------------------------------------------------------------ values

    def _values(self, g: PbnGame, err: Any) -> None:
        values: dict[str, str] = {}
        for tag in g.tags:
            if tag.name == "Note" or tag.raw:
                continue
            if tag.name in values:
                err(
                    tag.line,
                    f"tag {tag.name} given again; the later one is ignored (3.4)",
                    "warning",
                )
                continue
            v = tag.value
            if v.startswith("#") and (v == "#" or v.startswith("##")):
                if tag.name in NO_INHERIT:
                    err(tag.line, f"tag {tag.name} may not inherit a value with '#' (4.8)")
                    values[tag.name] = ""
                    continue
                if v == "#":
                    v = self.prev_values.get(tag.name, self.sticky.get(tag.name, ""))
                else:
                    v = v[2:]
                    self.sticky[tag.name] = v
            elif tag.name in self.sticky:
                self.sticky[tag.name] = v
            values[tag.name] = v
        for name, v in self.sticky.items():
            values.setdefault(name, v)
        g.values = values
        self.prev_values = values
        for tag in g.tags:
            if tag.name == "Note" or tag.raw:
                continue
            if tag.name == EVENTS_TAG:
                continue  # bridgetable's own section, read with the record
            if tag.name not in KNOWN:
                err(tag.line, f"unknown tag {tag.name} (4.9)", "warning")
                continue
            for sev, msg in check_value(tag.name, values.get(tag.name, "")):
                err(tag.line, msg, "error" if sev == "error" else "warning")
            if tag.name in TABLES and tag.elements:
                for msg in make_table(tag.name, values.get(tag.name, ""), tag.elements)[1]:
                    err(tag.line, f"{tag.name}: {msg}", "warning")
            elif tag.name in TABLES and values.get(tag.name, ""):
                for msg in make_table(tag.name, values[tag.name], [])[1]:
                    err(tag.line, f"{tag.name}: {msg}", "warning")
        vul = values.get("Vulnerable", "")
        hist = values.get("ScoreRubberHistory", "")
        if vul not in ("", "?") and hist not in ("", "?"):
            implied = rubber_vulnerability(hist)
            try:
                given = parse_vulnerable(vul)
            except NotationError:
                given = None
            if implied is not None and given is not None and implied is not given:
                line = _line_of(g, "ScoreRubberHistory")
                err(
                    line,
                    f"ScoreRubberHistory makes the vulnerability {implied.value}, but "
                    f"Vulnerable is {vul!r} (4.2.6)",
                    "warning",
                )

    # ------------------------------------------------------------------ sections

    def _section(self, g: PbnGame, name: str, err: Any) -> _Section | None:
        tag = g.section(name)
        if tag is None:
            return None
        seat: Seat | None = None
        v = g.values.get(name, tag.value)
        if v not in ("", "?"):
            try:
                seat = parse_seat(v)
            except NotationError:
                if not tag.value.startswith("#"):
                    err(tag.line, f"{name} tag names the first player: W, N, E or S, not {v!r}")
        is_auction = name == "Auction"
        marks = ("^I", "^S") if is_auction else ("^R", "^L")
        groups: list[_Group] = []
        pending: Item | None = None
        star: int | None = None
        plus = 0
        for it in tag.data:
            if it.kind == "mark":
                if it.text not in marks:
                    err(it.line, f"{it.text!r} is not an irregularity of the {name} section (3.9)")
                if pending is not None:
                    err(it.line, f"two irregularity marks {pending.text} {it.text} (3.9)")
                pending = it
            elif it.kind == "slot":
                if star is not None:
                    err(it.line, f"{it.text!r} after '*' (3.{5 if is_auction else 6})")
                    star = None
                mark = pending.text if pending is not None else None
                if it.text == "+":
                    plus += 1
                    if plus == 2:
                        err(it.line, "a second '+' (3.5, 3.6)")
                elif plus and is_auction:
                    err(it.line, f"the call {it.text} after '+' (3.5)")
                if is_auction and it.text.upper() == "^S":
                    if mark is not None:
                        err(it.line, f"two irregularity marks {mark} ^S (3.9)")
                    mark = "^S"
                groups.append(_Group(it.text, it.line, mark))
                pending = None
            elif it.kind == "ann":
                if not groups:
                    err(it.line, f"{it.text} before the first {'call' if is_auction else 'card'}")
                    continue
                grp = groups[-1]
                if it.text.startswith("="):
                    grp.notes.append(it.text)
                elif it.text.startswith("$"):
                    grp.nags.append(it.text)
                else:
                    grp.suffixes.append(it.text)
            elif it.kind == "end":
                if star is not None:
                    err(it.line, "a second '*'")
                if plus:
                    err(it.line, "'*' ends a section that '+' says goes on (3.5, 3.6)")
                star = it.line
        if pending is not None:
            err(
                pending.line,
                f"{pending.text} is not followed by a {'call' if is_auction else 'card'}",
            )
        for grp in groups:
            self._annotations(grp, is_auction, err)
        return _Section(seat, groups, star, plus, tag.line)

    @staticmethod
    def _annotations(grp: _Group, is_auction: bool, err: Any) -> None:
        what = "call" if is_auction else "card"
        lo, hi, own = (1, 6, 13) if is_auction else (7, 12, 14)
        if len(grp.suffixes) > 1:
            err(
                grp.line,
                f"{grp.text}: two suffixes {' '.join(grp.suffixes)} (3.{5 if is_auction else 6}.2)",
                "warning",
            )
        if len(grp.notes) > 1:
            err(grp.line, f"{grp.text}: two note references {' '.join(grp.notes)}", "warning")
        for note in grp.notes:
            m = _NOTE_REF.fullmatch(note)
            if m is None or not 1 <= int(m.group(1)) <= 32:
                err(grp.line, f"{grp.text}: {note} is not a note reference =1= to =32=", "warning")
        evaluations = len(grp.suffixes)
        for nag in grp.nags:
            if not nag[1:].isdigit() or int(nag[1:]) > 255:
                err(grp.line, f"{grp.text}: {nag} is not a NAG $0 to $255 (3.7)", "warning")
                continue
            v = int(nag[1:])
            if (1 <= v <= 14) and not (lo <= v <= hi or v == own):
                err(grp.line, f"{grp.text}: NAG {nag} is not for a {what} (3.7)", "warning")
            if lo <= v <= hi:
                evaluations += 1
        if evaluations > 1:
            err(grp.line, f"{grp.text}: two evaluations (a suffix and a NAG, 3.7)", "warning")

    def _notes(self, g: PbnGame, err: Any) -> dict[str, dict[int, str]]:
        notes: dict[str, dict[int, str]] = {"Auction": {}, "Play": {}}
        section: str | None = None
        for tag in g.tags:
            if tag.name in ("Auction", "Play"):
                section = tag.name
                continue
            if tag.name != "Note":
                section = None
                continue
            if section is None:
                err(tag.line, "a Note outside the Auction and Play sections (3.5.5)")
                continue
            m = _NOTE_VALUE.fullmatch(tag.value)
            if m is None:
                err(tag.line, f"a Note is '<index>:<text>', not {tag.value!r} (3.5.5)", "warning")
                continue
            k = int(m.group(1))
            if not 1 <= k <= 32:
                err(tag.line, f"note index {k} is not 1 to 32 (3.5.4)", "warning")
            if k in notes[section]:
                err(tag.line, f"note {k} given twice in the {section} section", "warning")
                continue
            text = m.group(2)
            notes[section][k] = text[1:] if text.startswith(" ") else text
        for name in ("Auction", "Play"):
            sec = g.section(name)
            if sec is None:
                continue
            used = {
                int(m.group(1))
                for it in sec.data
                if it.kind == "ann"
                for m in [_NOTE_REF.fullmatch(it.text)]
                if m
            }
            for k in sorted(used - set(notes[name])):
                err(sec.line, f"no Note for the reference ={k}= in the {name} section", "warning")
            for k in sorted(set(notes[name]) - used):
                line = next(
                    (t.line for t in g.tags if t.name == "Note" and t.value.startswith(f"{k}:")),
                    sec.line,
                )
                err(line, f"note {k} is not referred to in the {name} section", "warning")
        return notes

    # ------------------------------------------------------------------ record

    def _record(self, g: PbnGame, err: Any) -> None:
        v = g.values
        notes = self._notes(g, err)
        auction = self._section(g, "Auction", err)
        play = self._section(g, "Play", err)

        # --- the deal (or the previous game's, in the omitted-tag dialect)
        hands: dict[Seat, Hand] = {}
        deal_v = v.get("Deal", "")
        inherited: dict[str, str] = {}
        if deal_v not in ("", "?"):
            hands, problems = parse_deal(deal_v)
            for p in problems:
                err(_line_of(g, "Deal"), f"Deal: {p} (3.4.11)")
            if problems:
                hands = {}
        elif (
            g.section("Deal") is None
            and play is not None
            and any(_CARD.fullmatch(x.text) for x in play.groups)
            and self.prev_setup is not None
        ):
            hands, inherited = self.prev_setup
            err(
                play.line,
                "no Deal tag: the deal (and Board, Dealer, Vulnerable when absent) of the "
                "previous game is used; PBN repeats them or uses '#' (4.8)",
                "warning",
            )
        full = len(hands) == 4 and all(len(h) == 13 for h in hands.values())
        end_position = bool(hands) and not full
        if full:
            self.prev_setup = (
                hands,
                {k: v[k] for k in ("Board", "Dealer", "Vulnerable") if k in v},
            )

        def value(name: str) -> str:
            return v.get(name, inherited.get(name, ""))

        # --- board, dealer, vulnerability
        board_no = g.index
        bv = value("Board")
        if bv not in ("", "?"):
            if bv.isdigit() and int(bv) > 0:
                board_no = int(bv)
            else:
                err(_line_of(g, "Board"), f"Board is a positive integer, not {bv!r} (3.4.4)")
        dealer: Seat | None = None
        dv = value("Dealer")
        if dv not in ("", "?"):
            try:
                dealer = parse_seat(dv)
            except NotationError:
                err(_line_of(g, "Dealer"), f"Dealer is W, N, E or S, not {dv!r} (3.4.9)")
        vul: Vulnerability | None = None
        vv = value("Vulnerable")
        if vv not in ("", "?"):
            try:
                vul = parse_vulnerable(vv)
            except NotationError as exc:
                err(_line_of(g, "Vulnerable"), str(exc))

        # --- declarer, contract, result (syntax)
        declarer: Seat | None = None
        swapped = False
        decl_v = v.get("Declarer")
        if decl_v not in (None, "", "?"):
            body = decl_v[1:] if decl_v.startswith("^") else decl_v
            swapped = decl_v.startswith("^")
            try:
                declarer = parse_seat(body)
            except NotationError:
                err(_line_of(g, "Declarer"), f"Declarer is W, N, E, S or ^ and one, not {decl_v!r}")
        contract_v = v.get("Contract")
        passed = False
        contract_t: tuple[int, Strain, Doubling] | None = None
        if contract_v not in (None, "", "?"):
            try:
                if end_position and contract_v.upper() in ("S", "H", "D", "C", "NT"):
                    pass  # an end position gives the trump only (3.10)
                else:
                    parsed = parse_contract(contract_v)
                    if parsed is None:
                        passed = True
                    else:
                        contract_t = parsed
                        if re.fullmatch(r"\dN(X{0,2})", contract_v.strip().upper()):
                            err(
                                _line_of(g, "Contract"),
                                f"Contract {contract_v!r}: no trump is written NT (3.4.14)",
                                "warning",
                            )
            except NotationError as exc:
                err(_line_of(g, "Contract"), f"{exc} (3.4.14)")
        if passed and decl_v not in (None, "", "?"):
            err(_line_of(g, "Declarer"), f"Declarer {decl_v!r} for a passed-out board (3.4.13)")
        if contract_t is not None and decl_v == "":
            err(_line_of(g, "Declarer"), "the contract has no Declarer (3.4.13)")
        result_v = v.get("Result")
        result_line = _line_of(g, "Result")
        if result_v not in (None, "", "?"):
            if passed or decl_v == "":
                if result_v.strip() != "0":  # BridgeComposer writes "0" for a passed-out board
                    err(result_line, f"Result {result_v!r} for a board without declarer (3.4.15)")
                result_v = None
            else:
                try:
                    parse_result(result_v, declarer or Seat.NORTH)
                except NotationError as exc:
                    err(result_line, f"{exc} (3.4.15)")
                    result_v = None
        else:
            result_v = None

        # --- the claim bridgetable writes
        claim: ClaimInfo | None = None
        if v.get("Claim"):
            try:
                claim = ClaimInfo.parse(
                    v["Claim"],
                    statement=v.get("ClaimStatement"),
                    answers=v.get("ClaimAnswers"),
                    ruling=v.get("Ruling"),
                )
            except NotationError as exc:
                err(_line_of(g, "Claim"), f"Claim: {exc}")

        # --- auction and play (checks that need no deal)
        calls: list[CallIn] = []
        first_seat: Seat | None = None
        if auction is not None:
            calls, first_seat = self._calls(auction, dealer, notes["Auction"], err)
            if dealer is None:
                err(auction.line, "the Auction section needs the Dealer tag before it (3.1)")
        if dealer is None:
            dealer = first_seat if first_seat is not None else dealer_of(board_no)
        if vul is None:
            vul = vulnerability_of(board_no)
        play_cards = play is not None and any(not (x.is_dash or x.text == "+") for x in play.groups)
        if play is not None:
            for x in play.groups:
                if x.is_dash or x.text == "+":
                    continue
                if _CARD.fullmatch(x.text):
                    x.card = Card(x.text.upper())
                else:
                    err(x.line, f"{x.text!r} is not a card (3.6.1)")
            if play.seat is None and play.groups:
                err(play.line, "the Play section needs its first player: W, N, E or S (3.6)")
            if v.get("Play", "") != "":
                if not hands:
                    err(play.line, "a Play section needs the Deal tag before it (3.1)")
                elif not end_position and (declarer is None or (contract_t is None and not passed)):
                    by_auction = auction is not None and bool(auction.groups)
                    err(
                        play.line,
                        "a Play section needs the Declarer and Contract tags before it (3.1)"
                        + ("; the auction gives them" if by_auction else ""),
                        "warning" if by_auction else "error",
                    )

        rules = (
            RuleSet.rubber()
            if v.get("Scoring", "").split(";")[0].strip().lower() == "rubber"
            else RuleSet()
        )
        deal = Deal(hands) if full else _PLACEHOLDER
        keep = full
        contract = None
        if contract_t is not None and declarer is not None:
            contract = Contract(contract_t[0], contract_t[1], contract_t[2], declarer)

        events_tag = g.section(EVENTS_TAG)
        if events_tag is not None and keep and not self.parse_only:
            record = self._events_record(
                g,
                events_tag,
                BoardSetup(board_no, dealer, vul, deal, rules, None),
                contract_t=contract_t,
                declarer=declarer,
                swapped=swapped,
                play=play,
                err=err,
            )
            if record is not None:
                g.record = record
                g.info = _game_info(g)
                return

        def new_builder(with_contract: Contract | None) -> RecordBuilder:
            setup = BoardSetup(board_no, dealer, vul, deal, rules, with_contract)
            return RecordBuilder(
                setup, game=g.index, diagnostics=g.diagnostics, irregularities=g.irregularities
            )

        leads_agree = (
            play is not None and declarer is not None and play.seat is declarer.lho and play_cards
        )
        if (
            calls
            and contract_t is not None
            and declarer is not None
            and leads_agree
            and not swapped
        ):
            k = _omitted_passes(calls, dealer, contract_t, declarer)
            if k:
                err(
                    calls[0].line,
                    f"the auction leaves out the {k} opening pass{'es' if k > 1 else ''} "
                    "(rpbridge style); they are supplied to match Declarer and Contract",
                    "warning",
                )
                calls = [CallIn(PASS, calls[0].line, text="Pass")] * k + calls
        use_auction = auction is not None and bool(calls)
        b = new_builder(None if use_auction else contract)
        decl_line = _line_of(g, "Declarer")
        if use_auction:
            irregular_before = len(g.irregularities)
            for c in calls:
                if b.stopped:
                    break
                if c.text.upper() == "AP":
                    first = True
                    while not b.stopped and b.board.phase is Phase.AUCTION:
                        b.call(c if first else CallIn(PASS, c.line, text="AP"))
                        first = False
                else:
                    b.call(c)
            self._check_contract(
                b,
                g,
                contract_t=contract_t,
                passed=passed,
                declarer=declarer,
                decl_v=decl_v,
                swapped=swapped,
                err=err,
            )
            phase = b.board.phase
            declared = len(g.irregularities) > irregular_before
            ac = b.board.contract
            swap_ok = (
                swapped
                and ac is not None
                and ac.declarer is not None
                and declarer is ac.declarer.partner
            )
            restart = (
                play_cards
                and keep
                and (
                    (phase is Phase.AUCTION and not b.stopped)
                    or (b.stopped and declared)
                    or (swap_ok and not b.stopped)
                )
            )
            if restart:
                if contract is not None:
                    b = new_builder(contract)
                    if swap_ok:
                        b.declare(
                            decl_line,
                            "declarer and dummy swapped",
                            "54A",
                            seat=declarer,
                            text=decl_v or "",
                        )
                else:
                    if phase is Phase.AUCTION and not b.stopped:
                        err(
                            auction.line if auction is not None else g.line,
                            "the auction is not finished and no contract is given for the play",
                        )
                    b.stopped = True
        elif swapped and keep and contract is not None:
            b.declare(
                decl_line, "declarer and dummy swapped", "54A", seat=declarer, text=decl_v or ""
            )
        if play is not None and play.seat is not None and keep:
            if b.board.phase is Phase.PASSED_OUT and play_cards:
                err(play.line, "cards played on a passed-out board (22B)")
            elif b.board.declarer is not None and not b.stopped:
                self._play(b, play, notes["Play"], err)
        # --- the result or claim
        if keep and not b.stopped:
            self._result(
                b,
                g,
                play=play,
                claim=claim,
                result_v=result_v,
                result_line=result_line,
                err=err,
            )
        g.record = b.record if keep else None
        g.info = _game_info(g)

    def _events_record(
        self,
        g: PbnGame,
        tag: PbnTag,
        base: BoardSetup,
        *,
        contract_t: tuple[int, Strain, Doubling] | None,
        declarer: Seat | None,
        swapped: bool,
        play: _Section | None,
        err: Any,
    ) -> BoardRecord | None:
        """The record of a table-mode board from its :data:`EVENTS_TAG` tag and comment,
        replayed event by event; ``None`` (after an error) when the tag's rule options cannot
        be read: the game is then read as any other."""
        try:
            rules = _parse_rules(g.values.get(EVENTS_TAG, tag.value), rubber=base.rules.is_rubber)
        except NotationError as exc:
            err(tag.line, f"{EVENTS_TAG}: {exc}; the events are ignored")
            return None
        events, problem = _read_events(tag)
        contract = None
        if not any(isinstance(e, CallMade) for _, e in events):
            if contract_t is not None and declarer is not None:
                first = declarer.partner if swapped else declarer  # ^: swapped under 54A
                contract = Contract(contract_t[0], contract_t[1], contract_t[2], first)
            elif events:
                err(tag.line, f"{EVENTS_TAG}: no auction, and no Declarer and Contract tags")
        setup = dataclasses.replace(base, rules=rules, contract=contract)
        board = Board(setup)
        for line, e in events:
            try:
                board.apply(e)
            except Exception as exc:  # a hand-edited event: no exception escapes a reader
                trick = min(len(board.tricks) + 1, 13) if board.declarer is not None else None
                seat = getattr(exc, "seat", None)
                g.diagnostics.append(
                    Diagnostic(
                        line,
                        f"{EVENTS_TAG}: {type(e).__name__} refused: "
                        + (exc.reason if isinstance(exc, ActionRefused) else str(exc)),
                        game=g.index,
                        trick=trick,
                        seat=str(seat) if isinstance(seat, Seat | str) else None,
                        law=exc.law if isinstance(exc, ActionRefused) else None,
                    )
                )
                return board.record
        if problem is not None:
            g.diagnostics.append(dataclasses.replace(problem, game=g.index))
            return board.record
        self._check_events(g, board.record, err)
        self._declared_marks(g, board, play, declarer if swapped else None)
        return board.record

    @staticmethod
    def _check_events(g: PbnGame, record: BoardRecord, err: Any) -> None:
        """Each standard tag and section must say what the writer says for the record the
        events give (the events are kept either way)."""
        want = _Reader(render_record(record, {}), parse_only=True).run().games[0]
        for name in ("Declarer", "Contract", "Result", *_CLAIM_TAGS):
            got, exp = g.values.get(name), want.values.get(name)
            if got != exp:
                err(
                    _line_of(g, name if got is not None else EVENTS_TAG),
                    f"{name} {got!r}, but the {EVENTS_TAG} events give {exp!r}",
                )
        for name in ("Auction", "Play"):
            if _section_text(g, name) != _section_text(want, name):
                line = _line_of(g, name if g.section(name) is not None else EVENTS_TAG)
                err(line, f"the {name} section is not what the {EVENTS_TAG} events give")
        notes = [t.value for t in g.tags if t.name == "Note"]
        if notes != [t.value for t in want.tags if t.name == "Note"]:
            err(_line_of(g, "Note"), f"the Note tags are not those the {EVENTS_TAG} events give")

    @staticmethod
    def _declared_marks(
        g: PbnGame, board: Board, play: _Section | None, swapped_to: Seat | None
    ) -> None:
        """A table-mode game's marks, kept as declared irregularities (as other games')."""
        number = board.setup.board
        if swapped_to is not None:
            g.irregularities.append(
                Irregularity(
                    _line_of(g, "Declarer"),
                    "declarer and dummy swapped",
                    "54A",
                    board=number,
                    game=g.index,
                    seat=str(swapped_to),
                    text=f"^{swapped_to.letter}",
                )
            )
        if play is None or play.seat is None:
            return
        for k, x in enumerate(play.groups):
            if x.mark in ("^R", "^L"):
                kind, law = IRREGULARITY_LAWS[x.mark]
                g.irregularities.append(
                    Irregularity(
                        x.line,
                        kind,
                        law,
                        board=number,
                        game=g.index,
                        trick=k // 4 + 1,
                        seat=str(play.seat.next(k % 4)),
                        text=f"{x.mark} {x.text}",
                    )
                )

    def _calls(
        self, sec: _Section, dealer: Seat | None, notes: dict[int, str], err: Any
    ) -> tuple[list[CallIn], Seat | None]:
        """The calls of the Auction section, after the leading '-' of players before the
        dealer; and the seat of the first call."""
        out: list[CallIn] = []
        groups = sec.groups
        k = 0
        while k < len(groups) and groups[k].is_dash:
            k += 1
        first = sec.seat.next(k) if sec.seat is not None else None
        if first is not None and dealer is not None and first is not dealer and k < len(groups):
            err(
                groups[k].line,
                f"the first call is {first}'s but the dealer is {dealer} (3.5)",
            )
        for grp in groups[k:]:
            text = grp.text
            if text == "+":
                break
            if grp.mark == "^S":
                out.append(CallIn(None, grp.line, mark="^S", text="^S"))
                continue
            if grp.is_dash:
                err(grp.line, "'-' stands only for players before the dealer (3.5.1)")
                out.append(CallIn(None, grp.line, text=text))
                continue
            call = _pbn_call(text)
            if call is None:
                err(grp.line, f"{text!r} is not a call (3.5.1)")
                out.append(CallIn(None, grp.line, text=text))
                continue
            if _CALL.fullmatch(text) and text[1:].upper() == "N":
                err(grp.line, f"{text!r}: no trump is written NT (3.5.1)", "warning")
            alert = "!" in grp.suffixes
            explanation = None
            for ref in grp.notes:
                m = _NOTE_REF.fullmatch(ref)
                if m:
                    alert = True
                    explanation = notes.get(int(m.group(1)))
                    if explanation == "":
                        explanation = None
            out.append(CallIn(call, grp.line, alert, explanation, grp.mark, text))
        return out, first

    @staticmethod
    def _check_contract(
        b: RecordBuilder,
        g: PbnGame,
        *,
        contract_t: tuple[int, Strain, Doubling] | None,
        passed: bool,
        declarer: Seat | None,
        decl_v: str | None,
        swapped: bool,
        err: Any,
    ) -> None:
        board = b.board
        line_c, line_d = _line_of(g, "Contract"), _line_of(g, "Declarer")
        if b.stopped or board.phase is Phase.AUCTION:
            return
        if board.phase is Phase.PASSED_OUT:
            if contract_t is not None:
                err(line_c, f"Contract {g.values.get('Contract')!r} but the auction is passed out")
            if declarer is not None:
                err(line_d, f"Declarer {decl_v!r} but the auction is passed out")
            return
        ac = board.contract
        if ac is None or ac.declarer is None:  # pragma: no cover - a finished auction has one
            return
        if passed:
            err(line_c, f"Contract Pass but the auction ends in {ac.bid}{ac.doubling.suffix}")
        elif contract_t is not None and contract_t != (ac.level, ac.strain, ac.doubling):
            err(
                line_c,
                f"Contract {g.values.get('Contract')!r} but the auction ends in "
                f"{ac.bid}{ac.doubling.suffix}",
            )
        if declarer is not None:
            if not swapped and declarer is not ac.declarer:
                err(line_d, f"Declarer {decl_v!r} but the auction makes {ac.declarer} declarer")
            elif swapped and declarer is not ac.declarer.partner:
                err(
                    line_d,
                    f"Declarer {decl_v!r} says declarer and dummy were swapped, but "
                    f"{ac.declarer} is declarer and {ac.declarer.partner} dummy (3.4.13)",
                )

    def _play(self, b: RecordBuilder, sec: _Section, notes: dict[int, str], err: Any) -> None:
        del notes  # play notes stay in the game; the engine's events carry none
        first = sec.seat
        if first is None:
            return
        slots = sec.groups
        tricks = [slots[i : i + 4] for i in range(0, len(slots), 4)]
        unfinished = False
        plus_seen = False
        board = b.board
        for t, chunk in enumerate(tricks):
            if b.stopped:
                return
            has_card = any(not (x.is_dash or x.text == "+") for x in chunk)
            if t >= 13:
                if has_card:
                    err(chunk[0].line, "more than 13 tricks in the Play section (3.6)")
                return
            if unfinished:
                if has_card:
                    err(chunk[0].line, f"cards in trick {t + 1} after an unfinished trick")
                    b.stopped = True
                    return
                continue
            by_seat = {first.next(j): x for j, x in enumerate(chunk)}
            lead = [s for s, x in by_seat.items() if x.mark == "^L"]
            leader = lead[0] if lead else board.hand_to_play
            if leader is None:
                if has_card:
                    err(chunk[0].line, f"cards in trick {t + 1} after the end of play")
                    b.stopped = True
                return
            missing: _Group | None = None
            for k in range(4):
                seat = leader.next(k)
                x = by_seat.get(seat)
                if x is None or x.is_dash or x.text == "+":
                    if x is not None and x.text == "+":
                        plus_seen = True
                    missing = missing or x or _Group("-", chunk[-1].line)
                    unfinished = True
                    continue
                if x.card is None:
                    b.stopped = True
                    return
                if missing is not None:
                    what = "'+'" if missing.text == "+" else "a missing card ('-')"
                    b.report(
                        x.line,
                        f"{x.text} follows {what} in playing order",
                        trick=t + 1,
                        seat=seat,
                    )
                    b.stopped = True
                    return
                b.card(CardIn(x.card, x.line, seat, x.mark))
                if b.stopped:
                    return
        del plus_seen

    def _result(
        self,
        b: RecordBuilder,
        g: PbnGame,
        *,
        play: _Section | None,
        claim: ClaimInfo | None,
        result_v: str | None,
        result_line: int,
        err: Any,
    ) -> None:
        board = b.board
        declarer = board.declarer
        if claim is not None:
            if board.phase is Phase.PLAY:
                b.claim_explicit(claim, _line_of(g, "Claim"))
            else:
                err(_line_of(g, "Claim"), "a Claim tag, but play is not in progress")
                return
            cl = board.claim
            if (
                result_v is not None
                and declarer is not None
                and cl is not None
                and cl.awarded is not None
                and not b.stopped
            ):
                tricks, caret = parse_result(result_v, declarer)
                if tricks != board.declarer_tricks and not caret:
                    err(
                        result_line,
                        f"Result {result_v!r} but the claim gives declarer {board.declarer_tricks}",
                    )
            return
        if result_v is None or declarer is None or play is None:
            return
        tricks, caret = parse_result(result_v, declarer)
        if caret:
            b.declare(result_line, "result differs from the play", "79A", text=result_v)
        if play.plus:
            return  # a partial result for a play to be continued (3.4.15)
        b.claim_total(tricks, result_line, source=f"Result {result_v!r}", declared=caret)


# ----------------------------------------------------------------------------- helpers


_CLAIM_TAGS = ("Claim", "ClaimStatement", "ClaimAnswers", "Ruling")


def _game_info(g: PbnGame) -> dict[str, str]:
    """The game's metadata: its simple tags other than those the record gives, except
    those whose value is ``?``, "unknown" (PBN 3.3), which an export writes for a missing
    mandatory tag, and ``Scoring "Rubber"``, which the record's rules give (the writer puts
    it back): a round trip through PBN invents no metadata."""
    out = {}
    for k, val in g.values.items():
        tag = g.section(k)
        if val == "?" or (k == "Scoring" and val == "Rubber"):
            continue
        if k not in STRUCTURAL and k not in TABLES and not (tag and tag.elements):
            out[k] = val
    return out


def _section_text(g: PbnGame, name: str) -> tuple[str, list[tuple[str, str]]] | None:
    """The first player and the elements (comments aside) of section ``name``."""
    tag = g.section(name)
    if tag is None:
        return None
    items = [(it.kind, it.text) for it in tag.data if it.kind not in ("comment", "escape")]
    return g.values.get(name, tag.value), items


def _comment_item(t: Tok) -> Item:
    if t.kind == "escape":
        return Item("escape", t.text, t.line)
    return Item("comment", t.text, t.line)


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _line_of(g: PbnGame, name: str) -> int:
    for t in g.tags:
        if t.name == name:
            return t.line
    return g.line


def _board_no(values: dict[str, str]) -> int | None:
    b = values.get("Board", "")
    return int(b) if b.isdigit() and int(b) > 0 else None


def _game_at(games: list[PbnGame], starts: list[int], line: int) -> PbnGame | None:
    found = None
    for g, s in zip(games, starts, strict=True):
        if s <= line:
            found = g
        else:
            break
    return found


def _omitted_passes(
    calls: list[CallIn], dealer: Seat, contract: tuple[int, Strain, Doubling], declarer: Seat
) -> int:
    """How many opening passes an auction leaves out, found as the fewest (1 to 3) that make
    it end in the tagged contract when as written it does not; 0 if none does."""
    for k in range(4):
        a = Auction(dealer)
        try:
            for _ in range(k):
                a = a.after(PASS)
            for c in calls:
                if c.call is None or c.mark:
                    return 0
                if c.text.upper() == "AP":
                    while not a.is_over:
                        a = a.after(PASS)
                else:
                    a = a.after(c.call)
        except ActionRefused:
            continue
        got = a.contract()
        if (
            got is not None
            and (got.level, got.strain, got.doubling) == contract
            and got.declarer is declarer
        ):
            return k
    return 0


def _pbn_call(text: str) -> Call | None:
    """A PBN call token (3.5.1), any case; ``AP`` reads as a pass (the caller repeats it)."""
    t = text.upper()
    if t in ("PASS", "AP"):
        return PASS
    if t in ("X", "XX"):
        return parse_call(t)
    if _CALL.fullmatch(t):
        return parse_call(t)
    return None


# ============================================================================= writing


def dumps(games: Iterable[PbnGame | Game | BoardRecord] | Loaded[Any]) -> str:
    """PBN text for games read from a file (re-written with their tags and comments) and
    for records of any origin (written as export-style games); see the module docstring.

    Raises :class:`FormatError` for an item that is not a game or a record, or a record the
    Laws engine cannot replay.
    """
    out = ["% PBN 2.1\n"]
    first = True
    for g in games.games if isinstance(games, Loaded) else games:
        if isinstance(g, PbnGame):
            text = _render_game(g)
        elif isinstance(g, BoardRecord):
            text = render_record(g, {})
        elif isinstance(g, Game):
            if g.record is None:
                continue
            text = render_record(g.record, g.info)
        else:
            raise FormatError(f"pbn.dumps writes games and board records, not {type(g).__name__}")
        if not first:
            out.append("\n")
        out.append(text)
        first = False
    return "".join(out)


def dump(games: Iterable[PbnGame | Game | BoardRecord] | Loaded[Any], fp: IO[Any]) -> None:
    """Write :func:`dumps` to a file (UTF-8 for a binary file)."""
    write_output(fp, dumps(games))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


#: The supplemental comment that carries the rest of a tag value too long for one line.
CONTINUED = "BridgetableValue"
_TAG_LINE = 100  # a tag pair line longer than MAX_LINE is cut to this length


def _tag_text(name: str, value: str) -> str:
    """The tag pair ``[name "value"]``, kept within PBN's line length.

    PBN 2.1 section 2.3: "The length of a PBN text line is maximally 255 characters,
    including the non-visible characters, especially the end-of-line indicator"; and section
    3.2: a token (so a tag value's string) "does not cross a text line boundary". A value too
    long for one line is therefore cut: the tag pair holds its beginning (what another
    program shows), and the commentary right after it (3.8: a brace comment may span lines)
    holds the rest as ``{BridgetableValue "..." + "..."}``: quoted pieces, percent-encoded
    like the strings of the events comment (``%22 %25 %5C %7B %7D`` and every character
    outside printable ASCII), which bridgetable's reader joins back to the value.
    """
    line = f'[{name} "{_escape(value)}"]'
    if len(line) + 2 <= MAX_LINE:  # room for a CRLF end-of-line
        return line
    room = _TAG_LINE - len(name) - 5
    cut = 0
    used = 0
    while cut < len(value) and used + len(_escape(value[cut])) <= room:
        used += len(_escape(value[cut]))
        cut += 1
    rows: list[str] = []
    row = ""
    for tok in _event_value_text(value[cut:]):
        if row and len(row) + 1 + len(tok) > _EVENT_LINE:
            rows.append(row)
            row = tok
        else:
            row = f"{row} {tok}" if row else tok
    rows.append(row + "}")
    return f'[{name} "{_escape(value[:cut])}"] {{{CONTINUED}\n' + "\n".join(rows)


def _continued(tag: PbnTag) -> bool:
    """Join the rest of a long value (a ``BridgetableValue`` comment right after the tag,
    see :func:`_tag_text`) to the tag's value; whether there was one to join."""
    if tag.raw or not tag.comments or tag.comments[0].kind != "comment":
        return False
    text = tag.comments[0].text
    if not text.startswith("{" + CONTINUED) or not text.endswith("}"):
        return False
    toks = [t for t in lex(text[1 + len(CONTINUED) : -1])[0] if t.kind != "blank"]
    if not toks or len(toks) % 2 == 0 or text[1 + len(CONTINUED) : 2 + len(CONTINUED)] not in " \n":
        return False
    pieces = []
    for k, t in enumerate(toks):
        if (t.kind == "str") != (k % 2 == 0) or (k % 2 == 1 and t.text != "+"):
            return False
        if t.kind == "str":
            pieces.append(t.text)
    try:
        rest = urllib.parse.unquote("".join(pieces), errors="strict")
    except UnicodeDecodeError:
        return False
    tag.value += rest
    del tag.comments[0]
    return True


def _render_game(g: PbnGame) -> str:
    lines: list[str] = []
    for it in g.preamble:
        if it.kind == "escape":
            if not _HEADER.match(it.text):
                lines.append("%" + it.text)
        else:
            lines.append(it.text)
    for tag in g.tags:
        cur = tag.value if tag.raw else _tag_text(tag.name, tag.value)
        line: str | None = cur
        for c in tag.comments:
            if c.kind == "escape":
                if line is not None:
                    lines.append(line)
                lines.append("%" + c.text)
                line = None
            else:
                line = c.text if line is None else f"{line} {c.text}"
                if c.text.startswith(";"):
                    lines.append(line)
                    line = None
        if line is not None:
            lines.append(line)
        if tag.name in ("Auction", "Play"):
            lines.extend(_render_tokens(tag.data))
        else:
            for it in tag.data:
                lines.append("%" + it.text if it.kind == "escape" else it.text)
    return "".join(x + "\n" for x in lines)


def _render_tokens(data: list[Item]) -> list[str]:
    lines: list[str] = []
    cur: list[str] = []
    count = 0
    after_mark = False

    def flush() -> None:
        if cur:
            lines.append(" ".join(cur))
            cur.clear()

    for it in data:
        if it.kind == "slot":
            if count and count % 4 == 0 and not after_mark:
                flush()
            cur.append(it.text)
            count += 1
            after_mark = False
        elif it.kind == "mark":
            if count and count % 4 == 0 and not after_mark:
                flush()
            cur.append(it.text)
            after_mark = True
        elif it.kind == "end":
            flush()
            lines.append(it.text)
        elif it.kind == "escape":
            flush()
            lines.append("%" + it.text)
        else:
            cur.append(it.text)
            if it.kind == "comment" and it.text.startswith(";"):
                flush()
    flush()
    return lines


def _clean(text: str) -> str:
    """Text for a tag value: one line, no control characters."""
    return re.sub(r"[\x00-\x1f\x7f]", " ", text)


def render_record(record: BoardRecord, info: dict[str, str]) -> str:
    """The export-style PBN game of a record (no trailing blank line).

    The 15 mandatory tags come first (``?`` when unknown), then the other ``info`` tags and
    the claim tags sorted by name, then the Auction section with its notes and the Play
    section. A table-mode record also gets the marks of PBN 3.9 and the
    :data:`EVENTS_TAG` tag with its events comment. Raises :class:`FormatError` if the Laws
    engine cannot replay the record.
    """
    try:
        board = Board.replay(record)
    except (ActionRefused, NotationError) as exc:
        raise FormatError(
            f"board {record.setup.board}: the record does not replay: {exc}"
        ) from None
    setup = record.setup
    contract = board.contract
    passed = board.phase is Phase.PASSED_OUT
    claim_ev = any(isinstance(e, ClaimMade) for e in record.events)
    claim = board.claim
    resolved = board.phase is Phase.ENDED or (claim is not None and claim.awarded is not None)
    table = setup.rules.policy == "table"
    if contract is not None and contract.declarer is not None:
        declarer_t = contract.declarer.letter
        if table and contract.declarer is not _original_declarer(record, board):
            declarer_t = "^" + declarer_t  # declarer and dummy swapped (3.4.13; Law 54A)
        contract_t = f"{contract.level}{contract.strain.letter}{contract.doubling.suffix}"
        result_t = str(board.declarer_tricks) if resolved else "?"
    elif passed:
        declarer_t, contract_t, result_t = "", "Pass", ""
    else:
        declarer_t, contract_t, result_t = "?", "?", "?"
    scoring = info.get("Scoring", "?")
    if setup.rules.is_rubber and not scoring.lower().startswith("rubber"):
        scoring = "Rubber"
    elif not setup.rules.is_rubber and scoring.lower().startswith("rubber"):
        scoring = "?"
    mts = {
        "Board": str(setup.board),
        "Dealer": setup.dealer.letter,
        "Vulnerable": setup.vulnerability.value,
        "Deal": setup.deal.to_pbn(setup.dealer),
        "Scoring": scoring,
        "Declarer": declarer_t,
        "Contract": contract_t,
        "Result": result_t,
    }
    lines = [_tag_text(name, _clean(mts.get(name, info.get(name, "?")))) for name in MTS]
    extra = {
        k: _clean(val)
        for k, val in info.items()
        if k not in MTS and k not in STRUCTURAL and k not in TABLES and _NAME.fullmatch(k)
    }
    if claim_ev and contract is not None and contract.declarer is not None:
        ci = ClaimInfo.from_events(record.events)
        if ci is not None and not ci.is_plain(contract.declarer):
            extra["Claim"] = ci.claim_text()
            if ci.statement:
                extra["ClaimStatement"] = _clean(ci.statement)
            if ci.answers:
                extra["ClaimAnswers"] = ci.answers_text()
            if ci.ruling is not None:
                extra["Ruling"] = _clean(ci.ruling_text())
    if table:
        extra[EVENTS_TAG] = _rules_text(setup.rules)
    for k in sorted(extra):
        tail = _events_comment(record.events) if table and k == EVENTS_TAG else ""
        lines.append(_tag_text(k, extra[k]) + tail)
    calls = standing_calls(record.events)  # a call replaced under Law 25A is not written
    if calls and setup.contract is None:
        lines.append(f'[Auction "{setup.dealer.letter}"]')
        note_of: dict[str, int] = {}
        row: list[str] = []
        for e in calls:
            text = _call_text(e.call)
            if e.alert or e.explanation:
                key = _clean(e.explanation or "")
                ref = note_of.setdefault(key, len(note_of) + 1)
                text += f" ={ref}="
            row.append(text)
            if len(row) == 4:
                lines.append(" ".join(row))
                row = []
        if board.phase is Phase.AUCTION:
            row.append("+")
        if row:
            lines.append(" ".join(row))
        for key, ref in note_of.items():
            body = f" {key}" if key.startswith(" ") else key
            lines.append(_tag_text("Note", f"{ref}:{body}"))
    if contract is not None and contract.declarer is not None:
        rows = _play_rows(board, contract.declarer.lho, claim_ev, marks=table)
        if rows:
            lines.append(f'[Play "{contract.declarer.lho.letter}"]')
            lines.extend(rows)
    return "".join(x + "\n" for x in lines)


def _call_text(call: Call) -> str:
    if isinstance(call, Bid):
        return str(call)
    return str(call)


def _play_rows(board: Board, leader: Seat, claimed: bool, *, marks: bool = False) -> list[str]:
    """The Play section's rows from ``leader``'s column; with ``marks`` (table mode), ``^L``
    before a lead by another hand than the one due (the opening leader, then the winner of
    the trick before as its cards show) and ``^R`` before a revoke card that stands (3.9)."""
    cols = [leader.next(j) for j in range(4)]
    rows: list[str] = []
    mark: dict[tuple[int, Seat], str] = {}
    if marks:
        mark = _table_marks(board, leader)
    for n, trick in enumerate(board.tricks):
        rows.append(" ".join(mark.get((n, s), "") + str(trick.card_of(s)) for s in cols))
    current = {s: mark.get((len(board.tricks), s), "") + str(c) for s, c in board.current_trick}
    face_down = board.face_down_lead
    if face_down is not None and board.opening_leader is not None:
        current[board.opening_leader] = str(face_down)
    if claimed:
        if current:
            rows.append(" ".join(current.get(s, "-") for s in cols))
        if rows or claimed:
            rows.append("*")
        return rows
    if board.phase is Phase.ENDED or not (rows or current):
        return rows
    nxt = board.hand_to_play
    cells = []
    for s in cols:
        if s in current:
            cells.append(current[s])
        elif s is nxt:
            cells.append("+")
        else:
            cells.append("-")
    rows.append(" ".join(cells))
    return rows


# ============================================================================= table mode

# A table-mode board (``RuleSet.policy == "table"``) is written with PBN's own marks where
# the standard has them (``^L``, ``^R``, a Declarer ``^``; PBN 3.4.13, 3.9). What they
# cannot say -- the irregularities rectified at the table and their consequences -- PBN
# leaves to commentary (3.9), so the supplemental tag ``[BridgetableEvents "<rule options>"]``
# is followed by a ``{...}`` comment that lists every event of the record, one a line: the
# event's class name, then its fields in declaration order (trailing fields at their
# default left out). A value is ``-`` for none, ``true``/``false``, an integer, ``<a,b>``
# for a list, a plain word, or a quoted string, percent-encoded (``%22`` ``%25`` ``%5C``
# ``%7B`` ``%7D`` and every character outside printable ASCII); ``"..." + "..."`` joins the
# pieces of a long string. Other PBN readers skip the tag and the comment; bridgetable
# replays the events and checks the standard tags and sections against them.

_BARE_TEXT = re.compile(r"[A-Za-z0-9_.:,/^=!?()'*&@#|~-]+")
_INT_TEXT = re.compile(r"-?\d+")
_LIST_ITEM = re.compile(r"[A-Za-z0-9_.:^=!?-]+")
_STRING_SAFE = "".join(chr(i) for i in range(0x20, 0x7F) if chr(i) not in '"%\\{}')
_EVENT_LINE = 100  # the length at which an event's elements go on to the next line
_STRING_PIECE = 60  # the characters of a long string per string token


def _bare_ok(text: str) -> bool:
    """Whether ``text`` reads back as itself written without quotes."""
    return (
        len(text) <= _STRING_PIECE
        and _BARE_TEXT.fullmatch(text) is not None
        and text not in ("-", "true", "false")
        and _INT_TEXT.fullmatch(text) is None
        and text not in EVENT_TYPES
    )


def _event_value(v: Any) -> list[str]:
    """The tokens of one field value (as :func:`event_to_dict` gives it)."""
    if v is None:
        return ["-"]
    if isinstance(v, bool):
        return ["true" if v else "false"]
    if isinstance(v, int):
        return [str(v)]
    if isinstance(v, list):
        if not all(isinstance(x, str) and _LIST_ITEM.fullmatch(x) for x in v):
            raise FormatError(f"{EVENTS_TAG}: a list value PBN cannot carry: {v!r}")
        return ["<" + ",".join(v) + ">"]
    if not isinstance(v, str):  # pragma: no cover - the event codec gives no other type
        raise FormatError(f"{EVENTS_TAG}: a value PBN cannot carry: {v!r}")
    if _bare_ok(v):
        return [v]
    return _event_value_text(v)


def _event_value_text(v: str) -> list[str]:
    """A string as quoted, percent-encoded pieces joined by ``+``."""
    text = urllib.parse.quote(v, safe=_STRING_SAFE)
    out: list[str] = []
    i = 0
    while True:
        j = min(i + _STRING_PIECE, len(text))
        k = text.rfind("%", j - 2, j)  # never split a %XX escape
        if k >= 0 and j < len(text):
            j = k
        out.append('"' + text[i:j] + '"')
        if j >= len(text):
            return out
        out.append("+")
        i = j


def _event_rows(events: Iterable[Any]) -> list[str]:
    """The lines of the events comment: one event a line (a long one goes on)."""
    rows: list[str] = []
    for e in events:
        d = event_to_dict(e)
        fields = [f for f in dataclasses.fields(e) if f.name in d]
        while fields:
            f = fields[-1]
            if f.default is dataclasses.MISSING or getattr(e, f.name) != f.default:
                break
            fields.pop()
        line = d["type"]
        for f in fields:
            for tok in _event_value(d[f.name]):
                if len(line) + 1 + len(tok) > _EVENT_LINE:
                    rows.append(line)
                    line = tok
                else:
                    line = f"{line} {tok}"
        rows.append(line)
    return rows


def _events_comment(events: Iterable[Any]) -> str:
    """The comment after the :data:`EVENTS_TAG` tag (empty without events)."""
    rows = _event_rows(events)
    return " {\n" + "\n".join(rows) + "\n}" if rows else ""


def _bare_value(text: str) -> Any:
    if text == "-":
        return None
    if text in ("true", "false"):
        return text == "true"
    if _INT_TEXT.fullmatch(text):
        return int(text)
    if text.startswith("<") and text.endswith(">"):
        return [x for x in text[1:-1].split(",") if x]
    return text


def _read_events(tag: PbnTag) -> tuple[list[tuple[int, Any]], Diagnostic | None]:
    """The events of the comment after an :data:`EVENTS_TAG` tag, with their lines, up to
    the first that cannot be read (then a diagnostic for it)."""
    comment = next((c for c in tag.comments if c.text.startswith("{")), None)
    toks: list[tuple[bool, str, int]] = []  # (quoted, text, line)
    events: list[tuple[int, Any]] = []

    def bad(line: int, message: str) -> tuple[list[tuple[int, Any]], Diagnostic]:
        return events, Diagnostic(line, f"{EVENTS_TAG}: {message}")

    if comment is None:
        return events, None
    for t in lex(comment.text[1:].removesuffix("}"))[0]:
        line = comment.line + t.line - 1
        if t.kind in ("word", "str"):
            toks.append((t.kind == "str", t.text, line))
        elif t.kind != "blank":
            return bad(line, f"{t.text!r} is not an element of an event")
    i, n = 0, len(toks)
    while i < n:
        quoted, name, line = toks[i]
        cls = None if quoted else EVENT_TYPES.get(name)
        if cls is None:
            return bad(line, f"{name!r} is not an event of the Laws engine")
        i += 1
        values: list[Any] = []
        encoded: dict[int, str] = {}  # the strings, still percent-encoded, by position
        while i < n and (toks[i][0] or toks[i][1] not in EVENT_TYPES):
            quoted, text, tline = toks[i]
            if not quoted and text == "+":
                if len(values) - 1 not in encoded or i + 1 >= n or not toks[i + 1][0]:
                    return bad(tline, "'+' joins two strings")
                encoded[len(values) - 1] += toks[i + 1][1]
                i += 2
                continue
            if quoted:
                encoded[len(values)] = text
            values.append(None if quoted else _bare_value(text))
            i += 1
        fields = dataclasses.fields(cls)
        if len(values) > len(fields):
            return bad(line, f"{name} takes at most {len(fields)} values, not {len(values)}")
        try:
            for k, raw in encoded.items():
                values[k] = urllib.parse.unquote(raw, errors="strict")
            d: dict[str, Any] = {"type": name}
            d.update((f.name, v) for f, v in zip(fields, values, strict=False))
            events.append((line, event_from_dict(d)))
        except Exception as exc:  # the event codec's decoders trust their JSON types
            return bad(line, f"{name}: {exc}")
    return events, None


def _rules_text(rules: RuleSet) -> str:
    """The options of ``rules`` that differ from its code's defaults: ``name=value;...``."""
    base = RuleSet(code=rules.code)
    items = []
    for f in dataclasses.fields(RuleSet):
        v = getattr(rules, f.name)
        if f.name != "code" and v != getattr(base, f.name):
            text = ("true" if v else "false") if isinstance(v, bool) else str(v)
            items.append(f"{f.name}={text}")
    return ";".join(items)


def _parse_rules(text: str, *, rubber: bool) -> RuleSet:
    """The rule set an :data:`EVENTS_TAG` value names (the code comes from Scoring)."""
    base = RuleSet.rubber() if rubber else RuleSet.duplicate()
    data = base.to_dict()
    hints = typing.get_type_hints(RuleSet)
    for item in text.split(";"):
        if not item.strip():
            continue
        name, sep, val = (x.strip() for x in item.partition("="))
        if sep and name in REMOVED_OPTIONS:
            continue  # written by an earlier release; it changed nothing
        val = RENAMED_VALUES.get((name, val), val)
        if not sep or name not in data or name == "code":
            raise NotationError(f"{item.strip()!r} is not a rule option 'name=value'")
        cur = data[name]
        if isinstance(cur, bool):
            if val not in ("true", "false"):
                raise NotationError(f"{name} is true or false, not {val!r}")
            data[name] = val == "true"
        elif isinstance(cur, int):
            if not val.isdigit():
                raise NotationError(f"{name} is a whole number, not {val!r}")
            data[name] = int(val)
        else:
            allowed = typing.get_args(hints[name])
            if allowed and val not in allowed:
                raise NotationError(f"{name} is one of {', '.join(allowed)}, not {val!r}")
            data[name] = val
    return RuleSet.from_dict(data)


def _table_marks(board: Board, leader: Seat) -> dict[tuple[int, Seat], str]:
    """The PBN marks of a table-mode play: (trick, hand) -> ``"^L "`` or ``"^R "``."""
    out: dict[tuple[int, Seat], str] = {}
    trump = board.trump
    revokes = {(r.trick, r.hand): r.card for r in board.revokes if not r.corrected}
    tricks = [[(s, c) for s, c in t.cards] for t in board.tricks]
    if board.current_trick:
        tricks.append(list(board.current_trick))
    due = leader
    for n, cards in enumerate(tricks):
        first = cards[0][0]
        if n < len(board.tricks):
            first = board.tricks[n].leader
            played = [c for _, c in cards]
            due_next = cards[winning_index(played, trump)][0]
        else:
            due_next = due
        for s, c in cards:
            if revokes.get((n, s)) is c:
                out[(n, s)] = "^R "
        if first is not due:
            out[(n, first)] = "^L "
        due = due_next
    return out


def _original_declarer(record: BoardRecord, board: Board) -> Seat | None:
    """The declarer the auction (or the setup's contract) made, before any 54A swap."""
    if record.setup.contract is not None:
        return record.setup.contract.declarer
    contract = board.auction.contract()
    return None if contract is None else contract.declarer


__all__ = [
    "EVENTS_TAG",
    "STRUCTURAL",
    "Item",
    "PbnGame",
    "PbnTag",
    "dump",
    "dumps",
    "load",
    "loads",
    "render_record",
]
