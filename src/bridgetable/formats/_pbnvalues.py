"""PBN tag values (PBN 2.1 chapters 3.4 and 4): what each standard tag may hold.

:func:`check_value` returns the problems of one tag value as ``(severity, message)`` pairs;
the parsers for the values a record needs (deal, contract, declarer, result) return the
value and raise :class:`~bridgetable.core.errors.NotationError` otherwise.

Example:
    >>> check_value("Date", "1995.o6.10")
    [('warning', "Date '1995.o6.10' is not YYYY.MM.DD (digits or '?') (3.4.3)")]
    >>> parse_result("NS 9 EW 4", Seat.SOUTH)
    (9, False)
    >>> parse_contract("3NTX")
    (3, Strain.NOTRUMP, Doubling.DOUBLED)
"""

from __future__ import annotations

import re

from bridgetable.core.boards import Vulnerability
from bridgetable.core.calls import Doubling, Strain
from bridgetable.core.cards import DISPLAY_SUITS, Card, Hand
from bridgetable.core.errors import NotationError
from bridgetable.core.seats import SEATS, Seat, Side

#: The Mandatory Tag Set, in export order (3.4).
MTS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)

#: Tags defined by PBN 2.1 chapter 4.
SUPPLEMENTAL = frozenset(
    [
        "Competition",
        "DealId",
        "Description",
        "FrenchMP",
        "Generator",
        "Hidden",
        "Room",
        "Termination",
        "Score",
        "ScoreIMP",
        "ScoreMP",
        "ScorePercentage",
        "ScoreRubber",
        "ScoreRubberHistory",
        "OptimumScore",
        "BidSystemEW",
        "BidSystemNS",
        "PairEW",
        "PairNS",
        "WestNA",
        "NorthNA",
        "EastNA",
        "SouthNA",
        "WestType",
        "NorthType",
        "EastType",
        "SouthType",
        "EventDate",
        "EventSponsor",
        "HomeTeam",
        "Round",
        "Section",
        "Stage",
        "Table",
        "VisitTeam",
        "Time",
        "UTCDate",
        "UTCTime",
        "TimeControl",
        "TimeCall",
        "TimeCard",
        "Annotator",
        "AnnotatorNA",
        "Application",
        "Mode",
    ]
)

#: Tables of chapter 5.
TABLES = frozenset(
    [
        "ActionTable",
        "AuctionTimeTable",
        "InstantScoreTable",
        "OptimumPlayTable",
        "OptimumResultTable",
        "PlayTimeTable",
        "ScoreTable",
        "TotalScoreTable",
    ]
)

#: Tags in wide use outside the standard (double-dummy producers, BridgeComposer), and the
#: claim tags bridgetable writes (see docs/formats.md).
EXTENSIONS = frozenset(
    [
        "DoubleDummyTricks",
        "Ability",
        "Minimax",
        "ParContract",
        "ParScore",
        "BCFlags",
        "OptimumContract",
        "Claim",
        "ClaimStatement",
        "ClaimAnswers",
        "Ruling",
        "BridgetableEvents",
    ]
)

#: Tags that may not take the inherited values "#" and "##" (4.8).
NO_INHERIT = frozenset(
    ["Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"]
)

KNOWN = frozenset(MTS) | SUPPLEMENTAL | TABLES | EXTENSIONS | {"Auction", "Play", "Note"}

_DATE = re.compile(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}")
_TIME = re.compile(r"\d\d:\d\d:\d\d")
_ROUND = re.compile(r"[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*")
_SCORING_FIELD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_INT = r"[+-]?\d+"
_DEC = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"
_RUBBER = r"\d+\s*/\s*\d+"
_SEAT_LETTERS = "NESW"
_RANKS = "AKQJT98765432"


def _sided(value: str, number: str, *, need_side: bool = False) -> list[tuple[str, str]] | None:
    """``"<v>"``, ``"NS <v>"``, ``"EW <v>"``, ``"NS <v> EW <v>"``, ``"EW <v> NS <v>"``:
    the (side, value) pairs, or ``None`` if it is none of these."""
    v = value.strip()
    if not need_side and re.fullmatch(number, v):
        return [("", v)]
    m = re.fullmatch(rf"(NS|EW)\s+({number})(?:\s+(NS|EW)\s+({number}))?", v)
    if m is None:
        return None
    out = [(m.group(1), m.group(2))]
    if m.group(3):
        if m.group(3) == m.group(1):
            return None
        out.append((m.group(3), m.group(4)))
    return out


def check_value(name: str, value: str) -> list[tuple[str, str]]:
    """Problems of a tag value (after inheritance): ``[(severity, message)]``.

    The values "" (inappropriate) and "?" (unknown) are accepted for every tag (3.4). The
    record-bearing tags (Board, Dealer, Vulnerable, Deal, Declarer, Contract, Result) are
    checked where the record is built; the others here, as warnings.
    """
    v = value
    if v in ("", "?"):
        return []
    out: list[tuple[str, str]] = []

    def warn(msg: str) -> None:
        out.append(("warning", msg))

    if name in ("Date", "EventDate", "UTCDate"):
        if not _DATE.fullmatch(v):
            warn(f"{name} {v!r} is not YYYY.MM.DD (digits or '?') (3.4.3)")
    elif name in ("Time", "UTCTime"):
        if not _TIME.fullmatch(v):
            warn(f"{name} {v!r} is not HH:MM:SS (4.5)")
    elif name == "Round":
        if not _ROUND.fullmatch(v):
            warn(f"Round {v!r}: letters, digits and '_', parts separated by '.' (4.4.4)")
    elif name == "Scoring":
        for f in v.split(";"):
            if not _SCORING_FIELD.fullmatch(f.strip()):
                warn(f"Scoring field {f!r} is not a scoring name (3.4.12)")
    elif name == "Score":
        if _sided(v, _INT) is None:
            warn(f"Score {v!r} is not '<points>' or 'NS <points> EW <points>' (4.2.1)")
    elif name in ("ScoreIMP", "ScoreMP"):
        if _sided(v, _DEC) is None:
            warn(f"{name} {v!r} is not a number, or 'NS <n>' and 'EW <n>' (4.2)")
    elif name == "ScorePercentage":
        pairs = _sided(v, _DEC)
        if pairs is None:
            warn(f"ScorePercentage {v!r} is not a percentage, or 'NS <p> EW <p>' (4.2.4)")
        elif any(not 0 <= float(p) <= 100 for _, p in pairs):
            warn(f"ScorePercentage {v!r} is not between 0 and 100 (4.2.4)")
    elif name == "ScoreRubber":
        if _sided(v, _RUBBER) is None:
            warn(f"ScoreRubber {v!r} is not '<above>/<below>' (4.2.5)")
    elif name == "ScoreRubberHistory":
        if _rubber_history(v) is None:
            warn(f"ScoreRubberHistory {v!r} is not 'NS <history> EW <history>' (4.2.6)")
    elif name == "OptimumScore":
        if _sided(v, _INT, need_side=True) is None:
            warn(f"OptimumScore {v!r} is not 'NS <points>' or 'EW <points>' (4.2.7)")
    elif name == "FrenchMP":
        if v not in ("Yes", "No"):
            warn(f"FrenchMP is 'Yes' or 'No', not {v!r} (4.1.4)")
    elif name == "Room":
        if v not in ("Open", "Closed"):
            warn(f"Room is 'Open' or 'Closed', not {v!r} (4.1.7)")
    elif name == "Hidden":
        up = v.upper()
        if any(ch not in _SEAT_LETTERS for ch in up) or len(set(up)) != len(up):
            warn(f"Hidden is a set of the letters W, N, E, S, not {v!r} (4.1.6)")
    elif name == "TimeControl":
        if not re.fullmatch(r"\d+/\d+", v):
            warn(f"TimeControl is '<games>/<minutes>', not {v!r} (4.6.1)")
    elif name in ("TimeCall", "TimeCard") and not v.isdigit():
        warn(f"{name} is a number of seconds, not {v!r} (4.6)")
    return out


def _rubber_history(value: str) -> dict[str, tuple[list[int], list[int]]] | None:
    """``"NS 0 0 / 100 0 EW 0 0 / 0 0"``: per side (above, below) scores, or ``None``."""
    m = re.fullmatch(r"\s*(NS|EW)\s+([\d\s/]+?)\s+(NS|EW)\s+([\d\s/]+?)\s*", value)
    if m is None or m.group(1) == m.group(3):
        return None
    out: dict[str, tuple[list[int], list[int]]] = {}
    for side, hist in ((m.group(1), m.group(2)), (m.group(3), m.group(4))):
        above_s, sep, below_s = hist.partition("/")
        above = above_s.split()
        below = below_s.split()
        if not sep or len(above) != 2 or not 1 <= len(below) <= 3:
            return None
        if not all(x.isdigit() for x in above + below):
            return None
        out[side] = ([int(x) for x in above], [int(x) for x in below])
    return out


def rubber_vulnerability(value: str) -> Vulnerability | None:
    """The vulnerability a ScoreRubberHistory implies: a side that has won a game of the
    rubber is vulnerable (a game is won with 100 trick points below the line)."""
    h = _rubber_history(value)
    if h is None:
        return None
    ns_below, ew_below = h["NS"][1], h["EW"][1]
    games = min(len(ns_below), len(ew_below))
    ns = any(ns_below[i] >= 100 for i in range(games - 1))
    ew = any(ew_below[i] >= 100 for i in range(games - 1))
    if ns and ew:
        return Vulnerability.BOTH
    if ns:
        return Vulnerability.NS
    return Vulnerability.EW if ew else Vulnerability.NONE


# ----------------------------------------------------------------------------- record tags


def parse_seat(value: str) -> Seat:
    """A PBN direction ``W``/``N``/``E``/``S`` (any case)."""
    if len(value) != 1 or value.upper() not in _SEAT_LETTERS:
        raise NotationError(f"not a direction (W, N, E or S): {value!r}")
    return Seat.from_letter(value)


def parse_vulnerable(value: str) -> Vulnerability:
    """PBN 3.4.10: ``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both`` (any case)."""
    v = value.lower()
    if v in ("none", "love", "-"):
        return Vulnerability.NONE
    if v == "ns":
        return Vulnerability.NS
    if v == "ew":
        return Vulnerability.EW
    if v in ("all", "both"):
        return Vulnerability.BOTH
    raise NotationError(f"Vulnerable is None, NS, EW or All, not {value!r} (3.4.10)")


def vulnerable_text(v: Vulnerability) -> str:
    """The export spelling: ``None``, ``NS``, ``EW`` or ``All``."""
    return v.value


def parse_deal(value: str) -> tuple[dict[Seat, Hand], list[str]]:
    """The hands a Deal tag gives (hands shown as ``-`` are absent) and the problems found:
    the syntax of 3.4.11, a card twice, a hand of more than 13 cards, hands of different
    lengths. A single absent hand is filled in when the other three hold 13 cards each."""
    problems: list[str] = []
    m = re.fullmatch(r"([A-Za-z]):(.*)", value)
    if m is None or m.group(1).upper() not in _SEAT_LETTERS:
        return {}, [f"Deal is '<first>:<hand> <hand> <hand> <hand>', not {value!r}"]
    first = Seat.from_letter(m.group(1))
    parts = m.group(2).split(" ")
    if len(parts) != 4:
        return {}, [f"Deal has four hands separated by single spaces: {value!r}"]
    hands: dict[Seat, Hand] = {}
    seen = 0
    for i, part in enumerate(parts):
        seat = first.next(i)
        if part == "-":
            continue
        suits = part.split(".")
        if len(suits) != 4:
            problems.append(f"{seat}'s hand {part!r} does not have four suits")
            continue
        mask = 0
        for suit, ranks in zip(DISPLAY_SUITS, suits, strict=True):
            for ch in ranks.upper():
                r = _RANKS.find(ch)
                if r < 0:
                    problems.append(f"{ch!r} is not a rank in {seat}'s hand {part!r}")
                    continue
                card = Card.of(suit, 14 - r)  # type: ignore[arg-type]
                if mask & card.bit:
                    problems.append(f"{card} twice in {seat}'s hand")
                elif seen & card.bit:
                    problems.append(f"{card} is dealt twice (again to {seat})")
                mask |= card.bit
        seen |= mask
        hands[seat] = Hand.from_mask(mask)
    if problems:
        return hands, problems
    sizes = {s: len(h) for s, h in hands.items()}
    if not hands or not any(sizes.values()):
        return hands, ["Deal gives no cards"]
    for s, n in sizes.items():
        if n > 13:
            problems.append(f"{s} holds {n} cards")
    if not problems and len(set(sizes.values())) > 1:
        detail = ", ".join(f"{s} {n}" for s, n in sizes.items())
        problems.append(f"the hands do not hold as many cards each ({detail})")
    if not problems and len(hands) == 3 and all(n == 13 for n in sizes.values()):
        missing = next(s for s in SEATS if s not in hands)
        hands[missing] = Hand.from_mask(((1 << 52) - 1) & ~seen)
    return hands, problems


def parse_contract(value: str) -> tuple[int, Strain, Doubling] | None:
    """``"Pass"`` (``None``) or ``<k><denomination><risk>``; ``N`` for no trump is accepted
    (BridgeComposer and rpbridge write ``3N``) and reported by the caller."""
    v = value.strip().upper()
    if v == "PASS":
        return None
    m = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(X{0,2})", v)
    if m is None:
        raise NotationError(f"Contract is 'Pass' or <level><denomination><risk>, not {value!r}")
    return int(m.group(1)), Strain.from_letter(m.group(2)), Doubling(len(m.group(3)))


def parse_result(value: str, declarer: Seat) -> tuple[int, bool]:
    """Tricks won by declarer's side, and whether the value is marked ``^`` (it differs
    from the tricks actually won, 3.4.15)."""
    v = value.strip()
    caret = v.startswith("^")
    if caret:
        v = v[1:].strip()
    pairs = _sided(v, r"\d+")
    if pairs is None:
        raise NotationError(f"Result is '<tricks>' or 'NS <tricks> EW <tricks>', not {value!r}")
    tricks = {side: int(n) for side, n in pairs}
    if any(n > 13 for n in tricks.values()):
        raise NotationError(f"Result {value!r}: more than 13 tricks")
    if len(pairs) == 2 and sum(tricks.values()) != 13:
        raise NotationError(f"Result {value!r}: NS and EW tricks do not add up to 13")
    mine = "NS" if declarer.side is Side.NS else "EW"
    if "" in tricks:
        return tricks[""], caret
    if mine in tricks:
        return tricks[mine], caret
    other = "EW" if mine == "NS" else "NS"
    return 13 - tricks[other], caret


__all__ = [
    "EXTENSIONS",
    "KNOWN",
    "MTS",
    "NO_INHERIT",
    "SUPPLEMENTAL",
    "TABLES",
    "check_value",
    "parse_contract",
    "parse_deal",
    "parse_result",
    "parse_seat",
    "parse_vulnerable",
    "rubber_vulnerability",
    "vulnerable_text",
]
