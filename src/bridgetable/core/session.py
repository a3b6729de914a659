"""A session at one table: boards played one after another by the same four seats.

A session is its :class:`SessionSetup` plus an append-only log: the events of each board in
turn, and after a board the :class:`NextAsked` of each seat. When the fourth seat has asked
for the next board it is dealt -- from the session's seed, never from global random state --
so replaying the log gives the same boards, results and score.

Two kinds of session:

* ``set``: duplicate boards 1..N; each board's dealer and vulnerability come from its number
  (Law 2); each board is scored for North-South (Law 77) and the scores are added up. A set
  may instead play the boards of a hand record (:class:`GivenBoard`: their numbers, dealers,
  vulnerabilities and deals as the record gives them), and may be scored against par
  (``scoring="par"``): each board's score is compared with the board's double-dummy par
  score, given with the setup (``pars``: the core computes nothing), and the difference is
  converted to IMPs on the WBF scale (Law 78B); the running total is then in IMPs.
* ``rubber``: deals of rubber bridge until a side has won two games (Laws of Rubber Bridge,
  Law 74); the dealer rotates clockwise from North, a side that has won a game is vulnerable
  (Law 81), and each deal is entered on the rubber sheet above or below the line
  (:class:`~bridgetable.core.scoring.Rubber`, Laws 72-81), honours included. A passed-out
  deal scores nothing and the next dealer deals.
* ``chicago``: four deals of rubber bridge (:class:`~bridgetable.core.scoring.Chicago`): the
  dealer rotating from North, neither side vulnerable on the first deal, the dealer's side on
  the second and third, both on the fourth; a game earns 300 or 500 at once, part scores are
  carried, and a passed-out deal is dealt again by the same dealer.

The next board is offered only once the board is over -- play ended, a claim settled or the
board passed out; the four hands are then shown to everyone (Law 66D, see
:mod:`bridgetable.core.views`).

Example:
    >>> from bridgetable.core.calls import parse_call
    >>> from bridgetable.core.seats import SEATS, Seat
    >>> s = Session(SessionSetup("set", seed=7, boards=2))
    >>> for seat in SEATS[:3]:
    ...     _ = s.board.call(seat, parse_call("Pass"))
    >>> _ = s.command(Seat.WEST, "call", {"call": "Pass"})
    >>> s.board.is_over, s.actions(Seat.NORTH)
    (True, ['next'])
    >>> for seat in SEATS:
    ...     _ = s.ask_next(seat)
    >>> s.number, str(s.board.setup.dealer), s.results[0].score
    (2, 'East', 0)
    >>> Session.replay(s.setup, s.log).board.setup == s.board.setup
    True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from bridgetable.core import commands as _registry
from bridgetable.core.board import Board
from bridgetable.core.boards import Vulnerability, dealer_of, vulnerability_of
from bridgetable.core.calls import Contract
from bridgetable.core.claims import FloorOracle
from bridgetable.core.deal import Deal
from bridgetable.core.errors import NotationError, NotEntitled, WrongPhase
from bridgetable.core.events import event_from_dict, event_to_dict
from bridgetable.core.record import BoardSetup
from bridgetable.core.rules import RuleSet
from bridgetable.core.scoring import Chicago, Rubber, board_score, find_honours, imps
from bridgetable.core.seats import SEATS, Seat, Side

__all__ = [
    "SCORINGS",
    "SESSION_EVENT_TYPES",
    "BoardResult",
    "GivenBoard",
    "NextAsked",
    "Scoring",
    "Session",
    "SessionSetup",
    "entry_from_dict",
    "entry_to_dict",
]

Kind = Literal["set", "rubber", "chicago"]
KINDS: tuple[str, ...] = ("set", "rubber", "chicago")

#: The Law that gives the next board: at the end of play the cards go back into the board
#: and the next one is played (Law 7C; Law 2 for its dealer and vulnerability).
_LAW = "7C"

#: At most this many boards in a set.
MAX_BOARDS = 1000

Scoring = Literal["total", "par", "mp", "imps"]
#: How a set is scored: ``total`` adds up the boards' scores; ``par`` compares each with the
#: board's par score in IMPs; ``mp`` and ``imps`` compare each with the other results of the
#: same deal elsewhere (across the field: not the session's to know, see
#: :mod:`bridgetable.core.field`; the session itself adds up the scores, as ``total``).
SCORINGS: tuple[str, ...] = ("total", "par", "mp", "imps")

#: The largest size of a duplicate score (Law 77: 7NT redoubled and vulnerable, down 13, is
#: 7600); a par score beyond it is not a score.
_MAX_SCORE = 7600


@dataclass(frozen=True, slots=True)
class GivenBoard:
    """A board of a hand record: its number, dealer, vulnerability and deal as the record
    gives them (a club's dealing program writes them by Law 2; they are taken as given)."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal

    def __post_init__(self) -> None:
        n = self.number
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 10_000:
            raise NotationError(f"a board's number is from 1 to 10000, not {n!r}")
        if not isinstance(self.dealer, Seat):
            raise NotationError(f"a board's dealer is a seat, not {self.dealer!r}")
        if not isinstance(self.vulnerability, Vulnerability):
            raise NotationError(f"not a vulnerability: {self.vulnerability!r}")
        if not isinstance(self.deal, Deal):
            raise NotationError(f"not a deal: {self.deal!r}")

    @classmethod
    def for_number(cls, number: int, deal: Deal) -> GivenBoard:
        """Board ``number`` with ``deal``, its dealer and vulnerability by Law 2."""
        return cls(number, dealer_of(number), vulnerability_of(number), deal)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "board": self.number,
            "dealer": self.dealer.letter,
            "vulnerability": self.vulnerability.value,
            "deal": self.deal.to_pbn(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> GivenBoard:
        """The board a :meth:`to_dict` result describes; raises :class:`NotationError`."""
        if not isinstance(data, dict):
            raise NotationError(f"a given board is a JSON object, not {data!r}")
        try:
            deal = data["deal"]
            if not isinstance(deal, str):
                raise NotationError("a given board's deal is a PBN deal string")
            return cls(
                data["board"],
                Seat.from_letter(str(data["dealer"])),
                Vulnerability(data["vulnerability"]),
                Deal.from_pbn(deal),
            )
        except KeyError as exc:
            raise NotationError(f"a given board lacks {exc}") from None
        except ValueError as exc:
            raise NotationError(f"bad given board: {exc}") from None


@dataclass(frozen=True, slots=True)
class SessionSetup:
    """What a session starts from.

    Attributes:
        kind: ``"set"`` (duplicate boards 1..``boards``), ``"rubber"`` (deals until the
            rubber is won) or ``"chicago"`` (four deals).
        seed: every deal of the session is drawn from it (see :meth:`deal`).
        boards: the number of boards of a set; ``None`` for a rubber or Chicago, whose
            length the play decides.
        rules: the code of Laws in force: the rubber code for a rubber or Chicago; a set is
            scored as duplicate boards under either code.
        given: a set's boards from a hand record, in the order played (one per board of
            the set); empty: each board is board ``n`` dealt from the seed.
        scoring: how a set is scored (:data:`SCORINGS`); a rubber or Chicago: ``total``.
        pars: with ``scoring="par"``, each board's par score for North-South, in order (as
            the double-dummy solver gives it; the caller computes it); otherwise empty.
    """

    kind: Kind
    seed: int
    boards: int | None = None
    rules: RuleSet = field(default_factory=RuleSet)
    given: tuple[GivenBoard, ...] = ()
    scoring: Scoring = "total"
    pars: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise NotationError(f"a session is a set, a rubber or chicago, not {self.kind!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise NotationError(f"a session's seed is an integer, not {self.seed!r}")
        if self.kind == "set":
            b = self.boards
            if not isinstance(b, int) or isinstance(b, bool) or not 1 <= b <= MAX_BOARDS:
                raise NotationError(f"a set has 1 to {MAX_BOARDS} boards, not {b!r}")
        else:
            if self.boards is not None:
                raise NotationError(f"a {self.kind} has no number of boards: the play decides")
            if not self.rules.is_rubber:
                raise NotationError(f"a {self.kind} is played under the rubber bridge code")
        self._check_given()
        self._check_scoring()

    def _check_given(self) -> None:
        if not isinstance(self.given, tuple) or not all(
            isinstance(g, GivenBoard) for g in self.given
        ):
            raise NotationError("a set's given boards are a tuple of GivenBoard")
        if not self.given:
            return
        if self.kind != "set":
            raise NotationError(f"a {self.kind} deals its own deals: no given boards")
        if self.boards != len(self.given):
            raise NotationError(
                f"a set of {len(self.given)} given boards has {len(self.given)} boards, "
                f"not {self.boards}"
            )
        seen: set[int] = set()
        for g in self.given:
            if g.number in seen:
                raise NotationError(f"board {g.number} is given twice")
            seen.add(g.number)

    def _check_scoring(self) -> None:
        if self.scoring not in SCORINGS:
            raise NotationError(f"a set is scored by total, par, mp or imps, not {self.scoring!r}")
        if self.kind != "set" and self.scoring != "total":
            raise NotationError(f"a {self.kind} is scored on its own sheet, not by {self.scoring}")
        if not isinstance(self.pars, tuple):
            raise NotationError("a set's par scores are a tuple")
        if self.scoring != "par":
            if self.pars:
                raise NotationError("par scores go with scoring='par'")
            return
        if len(self.pars) != self.boards:
            raise NotationError(
                f"a set of {self.boards} boards scored against par has {self.boards} par "
                f"scores, not {len(self.pars)}"
            )
        for p in self.pars:
            if not isinstance(p, int) or isinstance(p, bool) or abs(p) > _MAX_SCORE or p % 10:
                raise NotationError(f"a par score is a duplicate score, not {p!r}")

    def deal(self, number: int) -> Deal:
        """The deal of the ``number``-th board: the given board's, or else drawn from a
        generator seeded with the SHA-256 of the session's seed and the number (no board's
        deal tells another's)."""
        if self.given and 1 <= number <= len(self.given):
            return self.given[number - 1].deal
        digest = hashlib.sha256(f"bridgetable-session:{self.seed}:{number}".encode()).digest()
        return Deal.random(random.Random(int.from_bytes(digest, "big")))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "kind": self.kind,
            "seed": self.seed,
            "boards": self.boards,
            "rules": self.rules.to_dict(),
            "given": [g.to_dict() for g in self.given],
            "scoring": self.scoring,
            "pars": list(self.pars),
        }

    @classmethod
    def from_dict(cls, data: Any) -> SessionSetup:
        """The setup a :meth:`to_dict` result describes (a setup stored before hand
        records and par scoring has neither: dealt from the seed, scored by total); raises
        :class:`NotationError`."""
        if not isinstance(data, dict):
            raise NotationError(f"a session setup is a JSON object, not {data!r}")
        try:
            given = data.get("given", [])
            pars = data.get("pars", [])
            if not isinstance(given, list) or not isinstance(pars, list):
                raise NotationError("a session setup's given boards and pars are lists")
            return cls(
                kind=data["kind"],
                seed=data["seed"],
                boards=data.get("boards"),
                rules=RuleSet.from_dict(data.get("rules", {})),
                given=tuple(GivenBoard.from_dict(g) for g in given),
                scoring=data.get("scoring", "total"),
                pars=tuple(pars),
            )
        except KeyError as exc:
            raise NotationError(f"session setup lacks {exc}") from None
        except (TypeError, AttributeError) as exc:
            raise NotationError(f"bad session setup: {exc}") from None


@dataclass(frozen=True, slots=True)
class NextAsked:
    """``seat`` has said it is ready for the next board (after the board is over)."""

    seat: Seat


#: The session's own events, by name (the board's are :data:`bridgetable.core.events`').
SESSION_EVENT_TYPES: dict[str, type[NextAsked]] = {"NextAsked": NextAsked}


def entry_to_dict(entry: Any) -> dict[str, Any]:
    """A JSON-able dict for an entry of the log (a board's event or a session event)."""
    if isinstance(entry, NextAsked):
        return {"type": "NextAsked", "seat": entry.seat.letter}
    return event_to_dict(entry)


def entry_from_dict(data: Any) -> Any:
    """The entry a :func:`entry_to_dict` result describes; raises :class:`NotationError`."""
    if isinstance(data, dict) and data.get("type") == "NextAsked":
        seat = data.get("seat")
        if not isinstance(seat, str):
            raise NotationError("NextAsked names a seat")
        return NextAsked(Seat.from_letter(seat))
    return event_from_dict(data)


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One board's result as the session scores it.

    Attributes:
        number: the board (deal) number.
        dealer, vulnerability: as the board was played.
        contract: the final contract with its declarer, ``None`` when passed out.
        tricks: tricks won by declarer's side (``None`` when passed out).
        score: the duplicate score for North-South (Law 77); in a rubber the points the
            deal brought North-South minus East-West's.
        lines: in a rubber, the deal's entries on the sheet: ``(side, below, above, label)``.
        par: in a set scored against par, the board's par score for North-South.
        imps: then ``score - par`` on the WBF IMP scale (Law 78B), North-South's.
    """

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    contract: Contract | None
    tricks: int | None
    score: int
    lines: tuple[tuple[str, int, int, str], ...] = ()
    par: int | None = None
    imps: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (seats as letters); ``par`` and ``imps`` only when scored
        against par."""
        out: dict[str, Any] = {
            "board": self.number,
            "dealer": self.dealer.letter,
            "vulnerability": self.vulnerability.value,
            "contract": None if self.contract is None else str(self.contract),
            "tricks": self.tricks,
            "score": self.score,
            "lines": [list(x) for x in self.lines],
        }
        if self.par is not None:
            out["par"] = self.par
            out["imps"] = self.imps
        return out


class Session:
    """A session being played (see the module docstring): its setup, its log, the board in
    play and the results of the boards before it.

    ``first``, when given, is the setup of the first board in place of the one the seed
    deals (a table made for one given board: its deal, number or contract chosen).
    """

    def __init__(
        self,
        setup: SessionSetup,
        *,
        first: BoardSetup | None = None,
        oracle: FloorOracle | None = None,
    ) -> None:
        if first is not None and first.rules != setup.rules:
            raise NotationError("the first board is played under the session's rules")
        self.setup = setup
        self.first = first
        self.oracle = oracle
        self._log: list[Any] = []
        self._results: list[BoardResult] = []
        self._played: list[Board] = []
        self._rubber = Rubber()
        self._chicago = Chicago()
        self._asked: set[Seat] = set()
        self._number = 1
        self._seen = 0  # board events already in the log
        self.board = self._new_board()

    # ------------------------------------------------------------------ state

    @property
    def log(self) -> tuple[Any, ...]:
        """Every entry so far, in order: the boards' events and the seats' :class:`NextAsked`."""
        self._sync()
        return tuple(self._log)

    def since(self, version: int) -> tuple[Any, ...]:
        """The entries of the log from ``version`` on."""
        self._sync()
        return tuple(self._log[version:])

    @property
    def version(self) -> int:
        """The number of entries in the log."""
        self._sync()
        return len(self._log)

    @property
    def number(self) -> int:
        """The place in the session of the board in play (or the last one, once the session is
        over): 1 for the first. Its board number is ``board.setup.board``: the same, but for
        the boards of a hand record, numbered as the record numbers them."""
        return self._number

    @property
    def results(self) -> tuple[BoardResult, ...]:
        """The results of the boards played, the board in play included once it is over."""
        done = tuple(self._results)
        return (*done, self._result(self.board)) if self.board.is_over else done

    def played_boards(self) -> tuple[Board, ...]:
        """The boards played, in order, the board in play included once it is over (the
        boards left behind take no more events: their records are final)."""
        done = tuple(self._played)
        return (*done, self.board) if self.board.is_over else done

    @property
    def rubber(self) -> Rubber:
        """The rubber sheet (a rubber session), the board in play included once it is over."""
        if self.setup.kind == "rubber" and self.board.is_over:
            return self._record(self._rubber, self.board)
        return self._rubber

    @property
    def chicago(self) -> Chicago:
        """The Chicago score (a Chicago session), the board in play included once over."""
        if self.setup.kind == "chicago" and self.board.is_over:
            return self._record_chicago(self._chicago, self.board)
        return self._chicago

    @property
    def asked(self) -> frozenset[Seat]:
        """The seats that have asked for the next board."""
        return frozenset(self._asked)

    @property
    def is_over(self) -> bool:
        """Whether the session has ended: the last board of a set is over, or the rubber is
        won (Laws of Rubber Bridge, Law 74)."""
        if not self.board.is_over:
            return False
        if self.setup.kind == "set":
            return self._number >= (self.setup.boards or 1)
        if self.setup.kind == "chicago":
            return self.chicago.is_over
        return self.rubber.is_over

    def total(self) -> int:
        """North-South's running total: the sum of the boards' scores (a set; scored
        against par, the sum of the boards' IMPs), or North-South's points minus East-West's
        on the rubber sheet (a rubber)."""
        if self.setup.kind == "rubber":
            ns, ew = self.rubber.totals
            return ns - ew
        if self.setup.kind == "chicago":
            ns, ew = self.chicago.totals
            return ns - ew
        if self.setup.scoring == "par":
            return sum(r.imps or 0 for r in self.results)
        return sum(r.score for r in self.results)

    # ------------------------------------------------------------------ commands

    def command(
        self, role: Any, action: str, args: Mapping[str, Any], *, now: datetime | None = None
    ) -> Any:
        """Give a command of the one registry (:mod:`bridgetable.core.commands`): a session
        command (``next``) to the session, any other to the board in play. Raises what the
        registry and the engine raise; a refusal changes nothing."""
        cmd = _registry.COMMANDS.get(action) if isinstance(action, str) else None
        if cmd is not None and cmd.scope == "session":
            if not isinstance(role, Seat):
                raise _registry.BadCommand(f"{action!r} is a player's command")
            return getattr(self, cmd.method)(role, **cmd.parse(args))
        event = _registry.run_command(self.board, role, action, args, now=now)
        self._sync()
        return event

    def actions(self, seat: Seat | None) -> list[str]:
        """The session commands ``seat`` may give now (``None``, the Director: none)."""
        if seat is None:
            return []
        return [
            c.name
            for c in _registry.COMMANDS.values()
            if c.scope == "session" and c.who == _registry.PLAYER and self._may_ask(seat)
        ]

    def ask_next(self, seat: Seat) -> NextAsked:
        """``seat`` is ready for the next board; when all four are, it is dealt.

        Raises:
            WrongPhase: the board is not over, or the session is (Law 7C; Law 74 of rubber
                bridge for a rubber won).
            NotEntitled: ``seat`` has already asked.
        """
        if not isinstance(seat, Seat):
            raise NotationError(f"not a seat: {seat!r}")
        self._check_ask(seat)
        event = NextAsked(seat)
        self.apply(event)
        return event

    def _may_ask(self, seat: Seat) -> bool:
        try:
            self._check_ask(seat)
        except (WrongPhase, NotEntitled):
            return False
        return True

    def _check_ask(self, seat: Seat) -> None:
        if not self.board.is_over:
            raise WrongPhase("next", seat, "the board in play is not over", _LAW)
        if self.is_over:
            if self.setup.kind == "set":
                raise WrongPhase("next", seat, "the last board of the set has been played", "2")
            if self.setup.kind == "chicago":
                raise WrongPhase("next", seat, "the four deals have been played", "Chicago")
            raise WrongPhase("next", seat, "the rubber is over", "74 (rubber bridge)")
        if seat in self._asked:
            raise NotEntitled("next", seat, "this seat has already asked for the next board", _LAW)

    # ------------------------------------------------------------------ the log

    def apply(self, entry: Any) -> None:
        """Apply one entry of a log (replay): a :class:`NextAsked`, checked as when given, or
        an event of the board in play, checked by the engine."""
        self._sync()
        if isinstance(entry, NextAsked):
            self._check_ask(entry.seat)
            self._asked.add(entry.seat)
            self._log.append(entry)
            if len(self._asked) == 4:
                self._next_board()
            return
        self.board.apply(entry)
        self._sync()

    @classmethod
    def replay(
        cls,
        setup: SessionSetup,
        log: Iterable[Any],
        *,
        first: BoardSetup | None = None,
        oracle: FloorOracle | None = None,
    ) -> Session:
        """The session a log describes, every entry checked again."""
        s = cls(setup, first=first, oracle=oracle)
        for entry in log:
            s.apply(entry)
        return s

    def _sync(self) -> None:
        """Take into the log the events recorded on the board in play since the last look."""
        events = self.board.events
        if len(events) > self._seen:
            self._log.extend(events[self._seen :])
            self._seen = len(events)

    def _next_board(self) -> None:
        result = self._result(self.board)
        if self.setup.kind == "rubber":
            self._rubber = self._record(self._rubber, self.board)
        if self.setup.kind == "chicago":
            self._chicago = self._record_chicago(self._chicago, self.board)
        self._results.append(result)
        self._played.append(self.board)
        self._number += 1
        self._asked = set()
        self.board = self._new_board()
        self._seen = 0

    def board_setup(self, number: int) -> BoardSetup:
        """The setup of board ``number`` of this session (a rubber's deal: its vulnerability
        comes from the games won so far, so only the board in play's is known)."""
        if number == 1 and self.first is not None:
            return self.first
        deal = self.setup.deal(number)
        if self.setup.kind == "set" and self.setup.given:
            g = self.setup.given[number - 1]
            return BoardSetup(g.number, g.dealer, g.vulnerability, g.deal, self.setup.rules)
        if self.setup.kind == "set":
            return BoardSetup.for_board(number, deal=deal, rules=self.setup.rules)
        if self.setup.kind == "chicago":  # a passed-out deal is dealt again, same dealer
            n = self._chicago.deals + 1
            return BoardSetup(
                number, Chicago.dealer_of(n), Chicago.vulnerability_of(n), deal, self.setup.rules
            )
        return BoardSetup(
            number, dealer_of(number), self._rubber.vulnerability, deal, self.setup.rules
        )

    def _new_board(self) -> Board:
        return Board(self.board_setup(self._number), oracle=self.oracle)

    # ------------------------------------------------------------------ scoring

    def _record(self, rubber: Rubber, board: Board) -> Rubber:
        """``rubber`` with ``board`` entered (a passed-out deal enters nothing)."""
        contract, tricks = board.contract, board.declarer_tricks
        if contract is None or tricks is None:
            return rubber
        honours = find_honours(board.setup.deal, contract.strain)
        return rubber.record(contract, tricks, honours)

    def _record_chicago(self, chicago: Chicago, board: Board) -> Chicago:
        """``chicago`` with ``board`` entered (a passed-out deal is not counted)."""
        contract, tricks = board.contract, board.declarer_tricks
        if contract is None or tricks is None:
            return chicago
        return chicago.record(contract, tricks, find_honours(board.setup.deal, contract.strain))

    def _result(self, board: Board) -> BoardResult:
        setup = board.setup
        contract, tricks = board.contract, board.declarer_tricks
        if contract is None:
            tricks = None
        if self.setup.kind == "set":
            score = board_score(contract, tricks, setup.vulnerability)
            par = imp = None
            if self.setup.scoring == "par":  # the board in play is the session's n-th
                par = self.setup.pars[len(self._results)]
                imp = imps(score - par)
            return BoardResult(
                setup.board,
                setup.dealer,
                setup.vulnerability,
                contract,
                tricks,
                score,
                par=par,
                imps=imp,
            )
        if self.setup.kind == "chicago":
            new = self._record_chicago(self._chicago, board).hands[self._chicago.deals :]
        else:
            new = self._record(self._rubber, board).hands[len(self._rubber.hands) :]
        lines = tuple((e.side.name, e.below, e.above, e.label) for hand in new for e in hand)
        ns = sum(e.points for hand in new for e in hand if e.side is Side.NS)
        ew = sum(e.points for hand in new for e in hand if e.side is Side.EW)
        return BoardResult(
            setup.board, setup.dealer, setup.vulnerability, contract, tricks, ns - ew, lines
        )

    # ------------------------------------------------------------------ the views

    def summary(self, seat: Seat | None = None) -> dict[str, Any]:
        """What every role may see of the session (no card: the board's view shows those),
        with the session commands ``seat`` may give (``actions``)."""
        out: dict[str, Any] = {
            "kind": self.setup.kind,
            "scoring": self.setup.scoring,
            "boards": self.setup.boards,
            "board": self._number,
            "results": [r.to_dict() for r in self.results],
            "total": self.total(),
            "asked": [s.letter for s in SEATS if s in self._asked],
            "over": self.is_over,
            "actions": self.actions(seat),
        }
        if self.setup.kind == "rubber":
            r = self.rubber
            out["rubber"] = {
                "games": [s.name for s in r.games],
                "below": {s.name: r.below(s) for s in (Side.NS, Side.EW)},
                "above": {s.name: r.above(s) for s in (Side.NS, Side.EW)},
                "totals": {"NS": r.totals[0], "EW": r.totals[1]},
                "winner": None if r.winner is None else r.winner.name,
            }
        if self.setup.kind == "chicago":
            c = self.chicago
            out["chicago"] = {
                "deals": c.deals,
                "parts": {s.name: c.part_score(s) for s in (Side.NS, Side.EW)},
                "totals": {"NS": c.totals[0], "EW": c.totals[1]},
            }
        return out
