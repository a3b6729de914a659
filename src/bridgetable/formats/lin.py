"""LIN (Bridge Base Online hand records and vugraph) reader and writer.

A LIN text is a stream of ``command|value|`` pairs; line breaks between pairs mean nothing.
The commands read: ``md`` (dealer digit 1-4 = S, W, N, E, then the hands of South, West,
North and East; a missing fourth hand is the rest of the pack), ``sv`` (``o``/``0``/``-``,
``n``, ``e``, ``b``), ``ah`` (``Board 12``), ``qx`` (``o12``/``c12``: room and board of a
vugraph file), ``pn`` (players S, W, N, E; eight names in vugraph: open room then closed
room), ``mb`` (a call; ``!`` marks an alert), ``an`` (the explanation of the call before),
``pc`` (a card; suits in either case), ``mc`` (a claim: the tricks declarer's side takes in
all), ``pg``, ``st``, ``rh``, ``nt`` (commentary), ``vg`` (event, segment, scoring I/P/B,
boards, teams and scores) and ``rs`` (the results of every table, checked against the
records). One board per line or a board spread over many lines, single-board and
multi-board files are all read the same way.

Each board with a full deal is replayed through the Laws engine; ``mc`` becomes a claim by
declarer of the tricks not yet won, agreed by the defenders. bridgetable's own commentary
lines are read too: ``nt|Contract: 4SX S, no auction|`` (the board starts at that contract;
the calls after it only lead to it, for other programs) and ``nt|Scoring: Rubber|`` (the
rubber code). The writer keeps the vugraph header (``vg``: event, stage, scoring, teams).

Example:
    >>> text = ("pn|S,W,N,E|md|3S8765HT9DAKQJCJT9,S43H76532D432C832,SAKQ2HJ84DT9C7654,|"
    ...         "sv|o|ah|Board 1|mb|1N|mb|p|mb|p|mb|p|pc|HA|pc|HT|pc|H2|pc|H4|mc|3|")
    >>> games = loads(text)
    >>> rec = games[0]
    >>> rec.setup.board, str(rec.setup.dealer), len(games.diagnostics)
    (1, 'North', 0)
    >>> from bridgetable.core.board import Board
    >>> Board.replay(rec).declarer_tricks
    3
    >>> loads(dumps(list(games)))[0] == rec
    True
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO, Any, NamedTuple

from bridgetable.core.board import Board
from bridgetable.core.boards import Vulnerability, dealer_of, vulnerability_of
from bridgetable.core.calls import DOUBLE, PASS, REDOUBLE, Call, Contract, parse_call
from bridgetable.core.cards import DISPLAY_SUITS, FULL_MASK, Card, Hand, Rank, Suit
from bridgetable.core.deal import Deal
from bridgetable.core.errors import ActionRefused, NotationError
from bridgetable.core.events import ClaimMade, standing_calls
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardRecord, BoardSetup
from bridgetable.core.rules import RuleSet
from bridgetable.core.seats import SEATS, Seat
from bridgetable.formats.common import (
    ClaimInfo,
    Game,
    Loaded,
    as_text,
    read_input,
    write_output,
)
from bridgetable.formats.errors import Diagnostic, FormatError, Severity, raise_if_errors
from bridgetable.formats.replay import CallIn, CardIn, RecordBuilder

#: LIN's seat order in ``md`` and ``pn``: South, West, North, East.
LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
#: The commands this reader knows (others are kept and reported as warnings).
KNOWN_COMMANDS = frozenset(
    [
        "md",
        "sv",
        "ah",
        "rh",
        "pn",
        "mb",
        "an",
        "pc",
        "mc",
        "pg",
        "qx",
        "st",
        "vg",
        "rs",
        "nt",
        "sk",
        "bt",
        "lf",
        "at",
        "cr",
        "cg",
        "hc",
        "up",
        "mn",
        "n",
    ]
)

_SV = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
       "": Vulnerability.NONE, "n": Vulnerability.NS, "e": Vulnerability.EW,
       "b": Vulnerability.BOTH}  # fmt: skip
_SV_OUT = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e",
           Vulnerability.BOTH: "b"}  # fmt: skip
_RS = re.compile(r"([1-7])([CDHSN])([NESW])(x{0,2})(=|[+-]\d{1,2})", re.IGNORECASE)
_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}
_CLAIM_NOTES = ("Claim: ", "Claim statement: ", "Claim answers: ", "Ruling: ")
#: The commentary of a board that starts at a given contract (no auction took place); the
#: calls after it only lead to that contract, for programs that need an auction.
_CONTRACT_NOTE = re.compile(r"Contract: ([1-7](?:NT|[SHDC])(?:XX|X)?) ([NESW]), no auction")
#: The commentary of a board played under the rubber code (LIN has no rules).
_RUBBER_NOTE = "Scoring: Rubber"
#: The ``vg`` fields bridgetable writes and reads, by index, as info keys.
_VG_KEYS = {0: "Event", 1: "Stage", 5: "HomeTeam", 7: "VisitTeam"}


class LinItem(NamedTuple):
    """One ``command|value|`` pair as read (the command stripped of white space)."""

    cmd: str
    value: str
    line: int


@dataclass(kw_only=True, eq=False)
class LinBoard(Game):
    """A board of a LIN file: its commands in order (``items``, the file's header commands
    included for the first board) and its 1-based ``index`` in the file."""

    items: list[LinItem] = field(default_factory=list)
    index: int = 0


# ============================================================================= reading


def loads(text: str | bytes, *, strict: bool = False) -> Loaded[LinBoard]:
    """Read LIN text (or bytes). Tolerant by default; ``strict=True`` raises
    :class:`FormatError` when there is an error. See the module docstring."""
    src = as_text(text, "lin.loads")
    items, diags = _items(src)
    loaded = _read(items, diags)
    if strict:
        raise_if_errors(loaded.diagnostics, "LIN")
    return loaded


def load(fp: IO[Any], *, strict: bool = False) -> Loaded[LinBoard]:
    """Read a LIN file opened in binary (best) or text mode; see :func:`loads`."""
    return loads(read_input(fp), strict=strict)


def _items(src: str) -> tuple[list[LinItem], list[Diagnostic]]:
    newlines = [m.start() for m in re.finditer("\n", src)]

    def line_at(pos: int) -> int:
        return bisect.bisect_right(newlines, pos - 1) + 1

    items: list[LinItem] = []
    diags: list[Diagnostic] = []
    pos, n = 0, len(src)
    while pos < n:
        bar = src.find("|", pos)
        if bar < 0:
            rest = src[pos:]
            if rest.strip():
                diags.append(
                    Diagnostic(line_at(pos), f"text {rest.strip()[:40]!r} after the last '|'")
                )
            break
        raw = src[pos:bar]
        cmd = raw.strip()
        start = pos + len(raw) - len(raw.lstrip())
        line = line_at(start)
        end = src.find("|", bar + 1)
        if end < 0:
            diags.append(
                Diagnostic(line, f"the value of {cmd or 'a command'!r} is not closed by '|'")
            )
            items.append(LinItem(cmd, src[bar + 1 :].rstrip("\r\n"), line))
            break
        if not re.fullmatch(r"[A-Za-z]{1,2}", cmd):
            diags.append(Diagnostic(line, f"{cmd[:40]!r} is not a LIN command"))
        items.append(LinItem(cmd, src[bar + 1 : end], line))
        pos = end + 1
    return items, diags


def _split(items: list[LinItem]) -> list[list[LinItem]]:
    boards: list[list[LinItem]] = [[]]
    qx_mode = False
    has_md = False
    has_qx = False
    for it in items:
        c = it.cmd.lower()
        new = False
        if c == "qx":
            qx_mode = True
            new = has_md or has_qx
        elif not qx_mode and c in ("pn", "st", "md", "vg") and has_md:
            new = True
        if new:
            boards.append([])
            has_md = has_qx = False
        boards[-1].append(it)
        has_md = has_md or c == "md"
        has_qx = has_qx or c == "qx"
    return [b for b in boards if b]


@dataclass
class _Context:
    players: list[str] = field(default_factory=list)
    info: dict[str, str] = field(default_factory=dict)
    results: list[str] = field(default_factory=list)
    first_board: int = 1


def _read(items: list[LinItem], diags: list[Diagnostic]) -> Loaded[LinBoard]:
    ctx = _Context()
    games: list[LinBoard] = []
    for i, chunk in enumerate(_split(items), 1):
        games.append(_board(chunk, i, ctx))
    loose = []
    for d in diags:
        g = next((g for g in reversed(games) if g.line <= d.line), None)
        if g is None:
            loose.append(d)
        else:
            board = g.record.setup.board if g.record is not None else None
            g.diagnostics.append(dataclasses.replace(d, game=g.index, board=board))
    for g in games:
        g.diagnostics.sort(key=lambda d: d.line)
    every = sorted([d for g in games for d in g.diagnostics] + loose, key=lambda d: d.line)
    return Loaded(games, every)


def _lin_call(value: str) -> tuple[Call | None, bool]:
    v = value.strip()
    alert = "!" in v
    t = v.replace("!", "").strip().upper()
    if t in ("P", "PASS"):
        return PASS, alert
    if t in ("D", "X", "DBL"):
        return DOUBLE, alert
    if t in ("R", "XX", "RDBL"):
        return REDOUBLE, alert
    if re.fullmatch(r"[1-7](N|NT|S|H|D|C)", t):
        return parse_call(t), alert
    return None, alert


def _lin_card(value: str) -> Card | None:
    v = value.strip()
    if len(v) == 2 and v[0].upper() in "SHDC" and v[1].upper() in "AKQJT98765432":
        return Card(v[0].upper() + v[1].upper())
    if len(v) == 3 and v[0].upper() in "SHDC" and v[1:] == "10":
        return Card(v[0].upper() + "T")
    return None


def _parse_md(value: str) -> tuple[Seat | None, dict[Seat, Hand], list[str]]:
    problems: list[str] = []
    v = value.strip()
    dealer: Seat | None = None
    if v[:1].isdigit():
        d = int(v[0])
        if 1 <= d <= 4:
            dealer = LIN_SEATS[d - 1]
        else:
            problems.append(f"dealer digit {v[0]!r} is not 1 (S) to 4 (E)")
        v = v[1:]
    parts = v.split(",")
    if len(parts) > 4:
        problems.append(f"md gives {len(parts)} hands")
        parts = parts[:4]
    hands: dict[Seat, Hand] = {}
    seen = 0
    for seat, part in zip(LIN_SEATS, parts, strict=False):
        p = part.strip().upper().replace("10", "T")
        if not p:
            continue
        suit: Suit | None = None
        mask = 0
        for ch in p:
            if ch in "SHDC":
                suit = Suit.from_letter(ch)
                continue
            r = "23456789TJQKA".find(ch)
            if r < 0 or suit is None:
                problems.append(f"{ch!r} in {seat}'s hand {part!r}")
                continue
            card = Card.of(suit, Rank(r + 2))
            if (mask | seen) & card.bit:
                problems.append(f"{card} dealt twice (again to {seat})")
            mask |= card.bit
        seen |= mask
        hands[seat] = Hand.from_mask(mask)
    if problems:
        return dealer, hands, problems
    for s, h in hands.items():
        if len(h) > 13:
            problems.append(f"{s} holds {len(h)} cards")
    if not problems and len(hands) == 3 and all(len(h) == 13 for h in hands.values()):
        missing = next(s for s in SEATS if s not in hands)
        hands[missing] = Hand.from_mask(FULL_MASK & ~seen)
    return dealer, hands, problems


def _board(chunk: list[LinItem], index: int, ctx: _Context) -> LinBoard:
    g = LinBoard(items=chunk, index=index, line=chunk[0].line)
    diags = g.diagnostics

    def err(line: int, msg: str, severity: Severity = "error") -> None:
        diags.append(Diagnostic(line, msg, severity, game=index))

    board_no: int | None = None
    room = ""
    md: LinItem | None = None
    vul: Vulnerability | None = None
    actions: list[tuple[str, Any, int]] = []
    claim_notes: dict[str, str] = {}
    given: tuple[Contract, int] | None = None  # a contract given without an auction
    rubber = False
    for it in chunk:
        c = it.cmd.lower()
        v = it.value
        if c == "md":
            if md is not None:
                err(it.line, "a second md in one board")
            md = it
        elif c == "sv":
            key = v.strip().lower()
            if key in _SV:
                vul = _SV[key]
            else:
                err(it.line, f"sv is o, n, e or b, not {v!r}")
        elif c == "ah":
            m = re.search(r"\d+", v)
            if m and board_no is None:
                board_no = int(m.group())
        elif c == "qx":
            m = re.fullmatch(r"\s*([oc])(\d+).*", v, re.IGNORECASE | re.DOTALL)
            if m:
                room = "Open" if m.group(1).lower() == "o" else "Closed"
                board_no = int(m.group(2))
        elif c == "pn":
            ctx.players = [p.strip() for p in v.split(",")]
        elif c == "vg":
            f = [x.strip() for x in v.split(",")]
            ctx.info = {key: f[k] for k, key in _VG_KEYS.items() if len(f) > k and f[k]}
            if len(f) > 2 and f[2].upper() in _SCORING:
                ctx.info["Scoring"] = _SCORING[f[2].upper()]
            if len(f) > 3 and f[3].isdigit():
                ctx.first_board = int(f[3])
        elif c == "rs":
            ctx.results = v.split(",")
        elif c == "mb":
            call, alert = _lin_call(v)
            if call is None:
                err(it.line, f"mb {v!r} is not a call")
            actions.append(("call", CallIn(call, it.line, alert, None, None, v), it.line))
        elif c == "an":
            for k in range(len(actions) - 1, -1, -1):
                if actions[k][0] == "call":
                    ci: CallIn = actions[k][1]
                    actions[k] = ("call", dataclasses.replace(ci, explanation=v), actions[k][2])
                    break
            else:
                err(it.line, "an explains no call", "warning")
        elif c == "pc":
            card = _lin_card(v)
            if card is None:
                err(it.line, f"pc {v!r} is not a card")
                actions.append(("bad", None, it.line))
            else:
                actions.append(("card", CardIn(card, it.line), it.line))
        elif c == "mc":
            if v.strip().isdigit() and int(v) <= 13:
                actions.append(("claim", int(v), it.line))
            else:
                err(it.line, f"mc {v!r} is not a number of tricks (0 to 13)")
        elif c == "nt" and (m := _CONTRACT_NOTE.fullmatch(v.strip())) is not None:
            if given is not None or any(a[0] in ("card", "bad") for a in actions):
                err(it.line, "nt Contract: a second one, or after the first card")
            else:
                given = (Contract.parse(f"{m.group(1)} {m.group(2)}"), it.line)
        elif c == "nt" and v.strip() == _RUBBER_NOTE:
            rubber = True
        elif c == "nt":
            for prefix in _CLAIM_NOTES:
                if v.startswith(prefix):
                    claim_notes[prefix] = v[len(prefix) :]
                    if prefix == "Claim: ":
                        actions.append(("claiminfo", None, it.line))
        elif c not in KNOWN_COMMANDS and re.fullmatch(r"[a-z]{1,2}", c):
            err(it.line, f"unknown command {it.cmd!r} (kept as is)", "warning")
    if board_no is None:
        board_no = index
    info = dict(ctx.info)
    names = ctx.players
    if len(names) >= 8 and room == "Closed":
        names = names[4:8]
    for seat, name in zip(LIN_SEATS, names[:4], strict=False):
        if name:
            info[seat.name.capitalize()] = name
    if room:
        info["Room"] = room
    g.info = info

    if md is None:
        if actions:
            err(chunk[0].line, "a board without md (the deal)")
        return g
    dealer, hands, problems = _parse_md(md.value)
    for p in problems:
        err(md.line, f"md: {p}")
    full = not problems and len(hands) == 4 and all(len(h) == 13 for h in hands.values())
    if not full:
        if not problems:
            err(md.line, "md does not give the whole deal: no record", "warning")
        return g
    setup = BoardSetup(
        board_no,
        dealer if dealer is not None else dealer_of(board_no),
        vul if vul is not None else vulnerability_of(board_no),
        Deal(hands),
        RuleSet.rubber() if rubber else RuleSet(),
    )
    if given is not None:
        contract, cline = given
        assert contract.declarer is not None
        setup = dataclasses.replace(setup, contract=contract)
        shown = [a[1] for a in actions if a[0] == "call"]
        wanted = leading_calls(setup.dealer, contract)
        if shown and [(ci.call, ci.alert, ci.explanation) for ci in shown] != [
            (call, False, None) for call in wanted
        ]:
            err(cline, f"the calls are not the ones that lead to the given contract {contract}")
        actions = [a for a in actions if a[0] != "call"]
    b = RecordBuilder(setup, game=index, diagnostics=diags, irregularities=g.irregularities)
    # a claim followed by more play was not accepted: only a final claim counts
    last_card = max((k for k, a in enumerate(actions) if a[0] in ("card", "bad")), default=-1)
    for k, (kind, payload, line) in enumerate(actions):
        if b.stopped:
            break
        if kind == "call":
            if b.board.phase is not Phase.AUCTION and b.board.phase is not Phase.PASSED_OUT:
                b.report(line, f"mb {payload.text!r} after the end of the auction", law="22")
                b.stopped = True
            else:
                b.call(payload)
        elif kind == "card":
            if b.board.phase is Phase.AUCTION:
                b.report(line, f"pc {payload.card} before the end of the auction", law="41A")
                b.stopped = True
            else:
                b.card(payload)
        elif kind == "bad":
            b.stopped = True
        elif kind in ("claim", "claiminfo"):
            if k < last_card:
                err(line, "a claim followed by more play: ignored", "warning")
                continue
            if kind == "claiminfo":
                try:
                    info_c = ClaimInfo.parse(
                        claim_notes["Claim: "],
                        statement=claim_notes.get("Claim statement: "),
                        answers=claim_notes.get("Claim answers: "),
                        ruling=claim_notes.get("Ruling: "),
                    )
                except NotationError as exc:
                    err(line, f"nt Claim: {exc}")
                    continue
                if b.board.phase is Phase.PLAY:
                    b.claim_explicit(info_c, line)
                else:
                    err(line, "a claim while play is not in progress")
            elif b.claimed:
                got = b.board.declarer_tricks
                if (
                    got is not None
                    and got != payload
                    and b.board.claim is not None
                    and b.board.claim.awarded is not None
                ):
                    err(line, f"mc {payload} but the claim gives declarer {got}")
            else:
                b.claim_total(payload, line, source=f"mc {payload}")
    g.record = b.record
    _check_rs(g, ctx, board_no, room, err)
    return g


def _check_rs(g: LinBoard, ctx: _Context, board_no: int, room: str, err: Any) -> None:
    """Compare the record with the vugraph results line (``rs``), when it has one."""
    if not ctx.results or not room or g.record is None:
        return
    k = 2 * (board_no - ctx.first_board) + (0 if room == "Open" else 1)
    if not 0 <= k < len(ctx.results):
        return
    entry = ctx.results[k].strip()
    m = _RS.fullmatch(entry)
    if m is None:
        return
    board = Board.replay(g.record)
    contract = board.contract
    level, strain, declarer = int(m.group(1)), m.group(2).upper(), m.group(3).upper()
    dbl = len(m.group(4))
    delta = 0 if m.group(5) == "=" else int(m.group(5))
    line = g.items[0].line
    if contract is None or contract.declarer is None:
        if board.phase is Phase.PASSED_OUT:
            err(line, f"rs gives {entry} but the auction is passed out", "warning")
        return
    mine = f"{contract.level}{'N' if contract.strain.letter == 'NT' else contract.strain.letter}"
    mine += f"{contract.declarer.letter}{'x' * contract.doubling}"
    theirs = f"{level}{strain}{declarer}{'x' * dbl}"
    if mine.upper() != theirs.upper():
        err(line, f"rs gives the contract {theirs} but the auction ends in {mine}", "warning")
        return
    got = board.declarer_tricks
    resolved = board.phase is Phase.ENDED
    if resolved and got is not None and got != 6 + level + delta:
        err(
            line,
            f"rs gives {entry} ({6 + level + delta} tricks) but the record gives declarer {got}",
            "warning",
        )


# ============================================================================= writing


def dumps(games: Iterable[LinBoard | Game | BoardRecord] | Loaded[Any]) -> str:
    """LIN text: boards read from a LIN file as they were (one board per line), anything
    else written from its record as a single-board line. Raises :class:`FormatError` for an
    item that is not a game or a record, or a record that does not replay."""
    out: list[str] = []
    header: list[str] = [""] * 9  # the vugraph header in force for the reader
    for g in games.games if isinstance(games, Loaded) else games:
        if isinstance(g, LinBoard):
            out.append("".join(f"{it.cmd}|{it.value}|" for it in g.items) + "\n")
            header = _header_read(g.items, header)
        elif isinstance(g, BoardRecord | Game):
            record, info = (g, {}) if isinstance(g, BoardRecord) else (g.record, g.info)
            if record is None:
                continue
            wanted = vg_header(info, record.setup.board)
            line = render_record(record, info)
            if _vg_info(wanted) != _vg_info(header):
                line = f"vg|{','.join(wanted)}|" + line
                header = wanted
            out.append(line)
        else:
            raise FormatError(f"lin.dumps writes games and board records, not {type(g).__name__}")
    return "".join(out)


def vg_header(info: dict[str, str], board: int) -> list[str]:
    """The nine fields of the ``vg`` header that keeps ``info``'s event, stage, scoring and
    teams (``Event``, ``Stage``, ``Scoring`` IMP/MP/BAM, ``HomeTeam``, ``VisitTeam``); the
    boards field gives ``board``. All empty when ``info`` has none of them."""
    f = [""] * 9
    for k, key in _VG_KEYS.items():
        f[k] = _text(info.get(key, "")).replace(",", " ").strip()
    scoring = {v: k for k, v in _SCORING.items()}.get(info.get("Scoring", ""), "")
    f[2] = scoring
    if any(f):
        f[3] = f[4] = str(board)
    return f


def _vg_info(fields: list[str]) -> list[str]:
    """The fields of a ``vg`` header that the reader turns into info."""
    return [fields[k] for k in (*_VG_KEYS, 2)]


def _header_read(items: list[LinItem], header: list[str]) -> list[str]:
    """The ``vg`` header in force after a board read from a file."""
    for it in items:
        if it.cmd.lower() == "vg":
            f = [x.strip() for x in it.value.split(",")]
            header = (f + [""] * 9)[:9]
            header[2] = header[2].upper() if header[2].upper() in _SCORING else ""
    return header


def leading_calls(dealer: Seat, contract: Contract) -> list[Call]:
    """The calls written before the play of a board that starts at a given ``contract``
    (no auction took place; LIN has no other way to name declarer for other programs):
    passes up to declarer, his bid, a double and a redouble as the contract has them, then
    three passes."""
    declarer = contract.declarer
    assert declarer is not None
    calls: list[Call] = []
    seat = dealer
    while seat is not declarer:
        calls.append(PASS)
        seat = seat.next()
    calls.append(parse_call(f"{contract.level}{contract.strain.letter}"))
    if contract.doubling >= 1:
        calls.append(DOUBLE)
    if contract.doubling >= 2:
        calls.append(REDOUBLE)
    return [*calls, PASS, PASS, PASS]


def dump(games: Iterable[LinBoard | Game | BoardRecord] | Loaded[Any], fp: IO[Any]) -> None:
    """Write :func:`dumps` to a file (UTF-8 for a binary file)."""
    write_output(fp, dumps(games))


def _text(value: str) -> str:
    """A value LIN can hold: no '|' and no line break."""
    return re.sub(r"[|\r\n]", " ", value)


def _call_text(call: Call) -> str:
    return {"Pass": "p", "X": "d", "XX": "r"}.get(str(call), str(call).replace("NT", "N"))


def _hand(h: Hand) -> str:
    return "".join(s.letter + h.suit_text(s) for s in DISPLAY_SUITS)


def render_record(record: BoardRecord, info: dict[str, str]) -> str:
    """The single-board LIN line of a record (players and room from ``info``).

    Calls are ``mb`` (``!`` for an alert, ``an`` for the explanation), cards ``pc`` with a
    ``pg`` after each trick; a claim is ``mc`` with the tricks declarer's side takes in all,
    preceded by ``nt|Claim: ...|`` lines when it is not a plain claim by declarer agreed by
    both defenders (see docs/formats.md).
    """
    try:
        board = Board.replay(record)
    except (ActionRefused, NotationError) as exc:
        raise FormatError(
            f"board {record.setup.board}: the record does not replay: {exc}"
        ) from None
    setup = record.setup
    names = [_text(info.get(s.name.capitalize(), "")).replace(",", " ") for s in LIN_SEATS]
    parts: list[str] = []
    room = info.get("Room", "")
    if room in ("Open", "Closed"):
        parts.append(f"qx|{'o' if room == 'Open' else 'c'}{setup.board}|")
    parts.append(f"pn|{','.join(names)}|st||")
    digit = LIN_SEATS.index(setup.dealer) + 1
    hands = ",".join(_hand(setup.deal[s]) for s in LIN_SEATS)
    parts.append(f"md|{digit}{hands}|rh||ah|Board {setup.board}|sv|{_SV_OUT[setup.vulnerability]}|")
    if setup.rules.is_rubber:
        parts.append(f"nt|{_RUBBER_NOTE}|")
    if setup.contract is not None:
        parts.append(f"nt|Contract: {setup.contract}, no auction|")
        for c in leading_calls(setup.dealer, setup.contract):
            parts.append(f"mb|{_call_text(c)}|")
    for e in standing_calls(record.events):  # a call replaced under Law 25A is not written
        parts.append(f"mb|{_call_text(e.call)}{'!' if e.alert else ''}|")
        if e.explanation is not None:
            parts.append(f"an|{_text(e.explanation)}|")
    contract = board.contract
    cards = 0
    for t in board.tricks:
        for _, card in t.cards:
            parts.append(f"pc|{card}|")
            cards += 1
        parts.append("pg||")
    for _, card in board.current_trick:
        parts.append(f"pc|{card}|")
    if board.face_down_lead is not None:
        parts.append(f"pc|{board.face_down_lead}|")
    if (
        any(isinstance(e, ClaimMade) for e in record.events)
        and contract is not None
        and contract.declarer is not None
    ):
        ci = ClaimInfo.from_events(record.events)
        if ci is not None and not ci.is_plain(contract.declarer):
            parts.append(f"nt|Claim: {ci.claim_text()}|")
            if ci.statement:
                parts.append(f"nt|Claim statement: {_text(ci.statement)}|")
            if ci.answers:
                parts.append(f"nt|Claim answers: {ci.answers_text()}|")
            if ci.ruling is not None:
                parts.append(f"nt|Ruling: {_text(ci.ruling_text())}|")
        claim = board.claim
        if claim is not None and claim.awarded is not None:
            parts.append(f"mc|{board.declarer_tricks}|")
    if not parts[-1].startswith("pg"):
        parts.append("pg||")
    return "".join(parts) + "\n"


__all__ = [
    "KNOWN_COMMANDS",
    "LIN_SEATS",
    "LinBoard",
    "LinItem",
    "dump",
    "dumps",
    "load",
    "loads",
    "render_record",
]
