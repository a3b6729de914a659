"""The DDS adapter: double-dummy tables and card values through endplay (Bo Haglund's DDS).

endplay is an optional dependency (``pip install bridgetable[dds]``); it is imported only when
a function here is called, and a :class:`~bridgetable.solver.errors.SolverError` says so when it
is missing. DDS errors are raised as ``SolverError`` too.

Seats, suits and strains are translated at this boundary: endplay numbers the suits spades
first (``Denom.spades == 0``, no trump ``4``) and ranks as bits ``1 << rank``; bridgetable
numbers them clubs first. Calls into DDS are serialised by a lock: ``SolveBoard`` runs on DDS
thread slot 0, which two Python threads must not share. Batches of late positions switch DDS's
threads to its small transposition tables, full deals and early positions back to the large
ones (``_use_tables``): each kind is the faster for those positions.

:meth:`DDSSolver.card_scores_many` scores every legal card exactly (DDS ``solutions=3``);
:meth:`DDSSolver.cards_reaching_many` only tells which cards reach a target (``solutions=2``
with that target), for a fraction of the cost.

Example (North holds all the spades, East the hearts...):
    >>> from bridgetable.core.deal import Deal
    >>> from bridgetable.core.calls import Strain
    >>> from bridgetable.core.seats import Seat
    >>> d = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    >>> t = dd_table(d)
    >>> t[Seat.NORTH, Strain.SPADES], t[Seat.EAST, Strain.SPADES], t[Seat.WEST, Strain.CLUBS]
    (13, 0, 13)
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from bridgetable.core.boards import Vulnerability
from bridgetable.core.calls import STRAINS, Strain
from bridgetable.core.cards import Card, Suit, cards_of_mask
from bridgetable.core.deal import Deal
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Seat, Side
from bridgetable.solver.errors import SolverError
from bridgetable.solver.port import DDTable

__all__ = ["DDSSolver", "DDTable", "dd_table", "dd_tables", "par"]

#: Tables per ``CalcAllTables`` call: DDS takes at most 200 strain-deals (40 deals x 5).
_TABLES_PER_BATCH = 40
#: Boards per ``SolveAllBoards`` call (DDS's limit, ``MAXNOOFBOARDS``).
_BOARDS_PER_BATCH = 200
#: Cards in the hand to play from which a batch is solved with DDS's large transposition
#: tables. Later positions go faster with the small ones (less to reset on each board): in
#: batches of 100 sampled layouts, some 20% less CPU time at trick 5, 30% at trick 6 and 45%
#: at trick 8, about the same at trick 3; the opening lead takes 25-35% more, trick 2 some
#: 10% more.
_LARGE_TABLES_FROM = 11
#: DDS's per-thread table sizes (``THREADMEM_SMALL_MAX_MB``, large minus small maximum).
_SMALL_TABLE_MB = 30
_LARGE_EXTRA_MB = 130

_LOCK = threading.RLock()
#: Whether DDS's threads have large tables: ``SetMaxThreads(0)`` on loading gives them.
_tables: dict[str, bool] = {"large": True}


_LOADED: list[tuple[Any, Any, Any]] = []


def _modules() -> tuple[Any, Any, Any]:
    """``endplay.types``, ``endplay.dds`` and ``endplay.dds.solve``, or a SolverError."""
    if _LOADED:
        return _LOADED[0]
    try:
        import endplay.dds as eds
        import endplay.dds.solve as esolve
        import endplay.types as etypes
    except ImportError as e:
        raise SolverError(
            "the DDS solver needs endplay: pip install 'bridgetable[dds]' (or endplay>=0.5.12)"
        ) from e
    _LOADED.append((etypes, eds, esolve))
    return etypes, eds, esolve


@contextmanager
def _dds_call(what: str) -> Iterator[None]:
    """Serialise a DDS call and turn its errors into SolverError."""
    with _LOCK:
        try:
            yield
        except SolverError:
            raise
        except (RuntimeError, ValueError, IndexError) as e:
            raise SolverError(f"DDS failed in {what}: {e}") from e


def _dds_suit(suit: int) -> int:
    """endplay's ``Denom`` number of a bridgetable suit (spades 0 ... clubs 3)."""
    return 3 - suit


def _dds_strain(strain: Strain) -> int:
    """endplay's ``Denom`` number of a strain (no trump 4)."""
    return 4 if strain is Strain.NOTRUMP else 3 - strain


def _dds_trump(trump: Suit | None) -> int:
    return 4 if trump is None else 3 - trump


def _new_deal(
    etypes: Any,
    hands: Sequence[int],
    *,
    first: Seat = Seat.NORTH,
    trump: Suit | None = None,
    trick: Sequence[Card] = (),
) -> Any:
    """An endplay ``Deal`` holding these remaining hands (52-bit masks by seat).

    The underlying DDS ``deal`` struct is filled directly: parsing PBN would cost more than
    the solve itself on small endings.
    """
    deal = etypes.Deal()
    data = deal._data
    rc = data.remainCards
    for seat in range(4):
        m = hands[seat]
        row = rc[seat]
        for suit in range(4):
            row[3 - suit] = ((m >> (13 * suit)) & 0x1FFF) << 2
    data.first = int(first)
    data.trump = _dds_trump(trump)
    for i in range(3):
        if i < len(trick):
            data.currentTrickSuit[i] = _dds_suit(trick[i].suit)
            data.currentTrickRank[i] = int(trick[i].rank)
        else:
            data.currentTrickSuit[i] = 0
            data.currentTrickRank[i] = 0
    return deal


def _deal_masks(deal: Deal) -> list[int]:
    masks = [deal[s].mask for s in SEATS]
    if masks[0] == 0:
        raise SolverError("a double-dummy table needs at least one card in each hand")
    return masks


def _read_table(table: Any) -> DDTable:
    """Our table from an endplay ``DDTable``: ``to_list()`` is indexed by denomination, then
    by declarer (North 0 ... West 3), and holds the declarer's tricks."""
    rows = table.to_list()
    return {
        (seat, strain): int(rows[_dds_strain(strain)][seat]) for seat in SEATS for strain in STRAINS
    }


def dd_table(deal: Deal) -> DDTable:
    """The double-dummy table of ``deal``: for each declarer and strain, the tricks declarer
    takes with best play by all four hands (declarer's left-hand opponent leads).

    A partial deal (the remaining cards, hands of equal length) gives the tricks out of those
    that remain; it is solved one declarer and strain at a time (``CalcDDtable`` handles full
    deals only).

    Example:
        >>> from bridgetable.core.deal import Deal
        >>> from bridgetable.core.calls import Strain
        >>> from bridgetable.core.seats import Seat
        >>> pbn = "N:AKQ2.J84.T9.7654 JT9.AKQ.8765.AKQ 8765.T9.AKQJ.JT9 43.76532.432.832"
        >>> t = dd_table(Deal.from_pbn(pbn))
        >>> len(t), t[Seat.NORTH, Strain.SPADES], t[Seat.EAST, Strain.NOTRUMP]
        (20, 8, 5)
        >>> p = Deal.from_pbn("N:AK... Q2... 43... JT...", complete=False)
        >>> dd_table(p)[Seat.NORTH, Strain.NOTRUMP], dd_table(p)[Seat.EAST, Strain.NOTRUMP]
        (2, 0)
    """
    masks = _deal_masks(deal)
    if masks[0].bit_count() < 13:
        return _partial_table(masks)
    etypes, eds, _ = _modules()
    with _dds_call("CalcDDtable"):
        _use_tables(True)
        table = eds.calc_dd_table(_new_deal(etypes, masks))
        return _read_table(table)


def _partial_table(masks: list[int]) -> DDTable:
    solver = DDSSolver()
    hands = (masks[0], masks[1], masks[2], masks[3])
    return {
        (seat, strain): solver.tricks(Position(hands, strain.suit, seat.lho), seat.side)
        for seat in SEATS
        for strain in STRAINS
    }


def dd_tables(deals: Sequence[Deal]) -> list[DDTable]:
    """The double-dummy tables of several deals, in order. Full deals go through DDS's batch
    call (``CalcAllTables``, which spreads them over DDS's threads, 40 deals a call); a single
    deal or a partial one is solved as by :func:`dd_table`.

    Example:
        >>> import random
        >>> from bridgetable.core.deal import Deal
        >>> rng = random.Random(3)
        >>> ds = [Deal.random(rng) for _ in range(2)]
        >>> dd_tables(ds) == [dd_table(d) for d in ds]
        True
    """
    if len(deals) == 1:
        return [dd_table(deals[0])]
    etypes, eds, _ = _modules()
    out: list[DDTable | None] = [None] * len(deals)
    full: list[int] = []
    for i, d in enumerate(deals):
        masks = _deal_masks(d)
        if masks[0].bit_count() < 13:
            out[i] = _partial_table(masks)
        else:
            full.append(i)
    for start in range(0, len(full), _TABLES_PER_BATCH):
        idx = full[start : start + _TABLES_PER_BATCH]
        chunk = [_new_deal(etypes, _deal_masks(deals[i])) for i in idx]
        with _dds_call("CalcAllTables"):
            _use_tables(True)
            tables = eds.calc_all_tables(chunk)
            for j, i in enumerate(idx):
                out[i] = _read_table(tables[j])
    return [t for t in out if t is not None]


def _remaining(pos: Position) -> int:
    """Tricks left, the one in progress included (the hand to play has not played to it)."""
    return int(pos.hands[pos.to_play].bit_count())


def _position_deal(etypes: Any, pos: Position) -> Any:
    return _new_deal(etypes, pos.hands, first=pos.leader, trump=pos.trump, trick=pos.trick)


def _card_of(ecard: Any) -> Card:
    """A bridgetable card from an endplay card."""
    suit = 3 - int(ecard.suit)
    rank = int(ecard.rank).bit_length() - 1
    return Card.from_index(13 * suit + rank - 2)


def _values(solved: Any, pos: Position) -> dict[Card, int]:
    values = {_card_of(c): int(score) for c, score in solved}
    legal = pos.legal_mask()
    if sum(c.bit for c in values) != legal:
        raise SolverError(f"DDS scored other cards than the legal ones at {pos}")
    return values


def _cores() -> int:
    """The processors DDS counts (``sysconf(_SC_NPROCESSORS_ONLN)`` on Unix)."""
    try:
        n = os.sysconf("SC_NPROCESSORS_ONLN")
    except (AttributeError, ValueError, OSError):  # pragma: no cover - Windows
        n = os.cpu_count() or 1
    return max(1, int(n))


def _use_tables(large: bool) -> None:
    """Give DDS's threads large or small transposition tables (``SetResources``), one
    thread a core either way; nothing when they already have them. Called under the lock.

    DDS gives every thread small tables when its memory allowance (1.3 times the megabytes
    asked for) is at least the small maximum per thread but too little for one large table.
    """
    if _tables["large"] is large:
        return
    from endplay import _dds

    if large:
        mb = 0  # no limit: large tables, as endplay's SetMaxThreads(0) on loading
    else:
        mb = -(-(_SMALL_TABLE_MB * _cores() + _LARGE_EXTRA_MB // 2) * 10 // 13)
    _dds._dll.SetResources(mb, 0)
    _tables["large"] = large


#: ``futureTricks`` as C ints: nodes, cards, then suit, rank, equals and score, 13 each.
_FUT_INTS = 2 + 4 * 13


def _solve_batch(
    positions: Sequence[Position], targets: Sequence[int] | None = None
) -> list[list[tuple[int, int]]]:
    """One ``SolveAllBoardsBin`` call (at most 200 positions, every one with a card to
    play): for each position the legal cards grouped as DDS scores them, ``(mask of the
    equivalent cards, tricks for the side to play)``. Called under the lock.

    With ``targets`` (one per position, each between 1 and the tricks left), DDS is asked
    instead for the cards reaching the target (``solutions=2``): the groups returned are
    those cards, every one scored with the target; none when no card reaches it.

    The DDS structs are filled and read as flat arrays of C ints: going through endplay's
    ``Deal`` and ``SolvedBoard`` objects costs more than solving a late position.
    """
    import ctypes

    from endplay import _dds

    n = len(positions)
    bop = _dds.boards()
    bop.noOfBoards = n
    deal_ints = ctypes.sizeof(_dds.deal) // 4
    flat = (ctypes.c_int * (n * deal_ints)).from_buffer(bop, _dds.boards.deals.offset)
    row: list[Any] = [0] * deal_ints
    for j, pos in enumerate(positions):
        _deal_row(pos, row)
        flat[j * deal_ints : (j + 1) * deal_ints] = row
    if targets is None:
        bop.target[:n] = [0] * n
        bop.solutions[:n] = [3] * n  # every legal card with its score
    else:
        bop.target[:n] = list(targets)
        bop.solutions[:n] = [2] * n  # every card reaching the target
    bop.mode[:n] = [1] * n
    solved = _dds.solvedBoards()
    _dds.SolveAllBoardsBin(bop, solved)
    ints = (ctypes.c_int * (n * _FUT_INTS)).from_buffer(
        solved, _dds.solvedBoards.solvedBoard.offset
    )
    data = ints[:]
    return [_groups(data, j * _FUT_INTS) for j in range(n)]


#: Up to this many positions are solved one by one (``SolveBoard``) rather than by the batch
#: call: the batch call starts DDS's threads for each call, some five times the cost of
#: solving one late position alone (about 1 ms against 0.2 ms at eight tricks left).
_SINGLE_UP_TO = 4


def _deal_row(pos: Position, row: list[Any]) -> None:
    """DDS's ``deal`` struct for ``pos`` as flat C ints into ``row``."""
    hands = pos.hands
    row[0] = _dds_trump(pos.trump)
    row[1] = int(pos.leader)
    trick = pos.trick
    for i in range(3):
        if i < len(trick):
            row[2 + i] = 3 - trick[i].suit
            row[5 + i] = int(trick[i].rank)
        else:
            row[2 + i] = 0
            row[5 + i] = 0
    k = 8
    for seat in range(4):
        m = hands[seat]
        row[k] = ((m >> 39) & 0x1FFF) << 2  # spades: endplay's Denom 0
        row[k + 1] = ((m >> 26) & 0x1FFF) << 2
        row[k + 2] = ((m >> 13) & 0x1FFF) << 2
        row[k + 3] = (m & 0x1FFF) << 2
        k += 4


def _groups(data: Sequence[int], base: int) -> list[tuple[int, int]]:
    """The ``(mask of equivalent cards, score)`` groups of one ``futureTricks`` read as C
    ints from ``base``."""
    groups = []
    for k in range(data[base + 1]):
        score = data[base + 41 + k]
        if score < 0:
            continue
        held = ((1 << data[base + 15 + k]) | data[base + 28 + k]) >> 2
        groups.append((held << (13 * (3 - data[base + 2 + k])), score))
    return groups


def _solve_one(pos: Position, target: int | None = None) -> list[tuple[int, int]]:
    """One position through ``SolveBoard`` (thread 0): as :func:`_solve_batch` for one
    position. Called under the lock."""
    import ctypes

    from endplay import _dds

    dl = _dds.deal()
    ints = ctypes.sizeof(_dds.deal) // 4
    row: list[Any] = [0] * ints
    _deal_row(pos, row)
    (ctypes.c_int * ints).from_buffer(dl)[:] = row
    fut = _dds.futureTricks()
    if target is None:
        _dds.SolveBoard(dl, 0, 3, 1, fut, 0)  # every legal card with its score
    else:
        _dds.SolveBoard(dl, target, 2, 1, fut, 0)  # every card reaching the target
    return _groups((ctypes.c_int * _FUT_INTS).from_buffer(fut)[:], 0)


def _solve_todo(
    positions: Sequence[Position], todo: list[int], targets: Sequence[int] | None = None
) -> Iterator[tuple[int, list[tuple[int, int]]]]:
    """DDS's batch call over the positions numbered ``todo`` (none with no card left), at
    most ``_BOARDS_PER_BATCH`` a call, with large tables when any has eleven cards or more
    to play: each number with its groups ``(mask, score)`` (with ``targets``: of the cards
    reaching the position's target)."""
    _modules()
    large = max(_remaining(positions[i]) for i in todo) >= _LARGE_TABLES_FROM
    if len(todo) <= _SINGLE_UP_TO:
        with _dds_call("SolveBoard"):
            _use_tables(large)
            solved = [
                _solve_one(positions[i], None if targets is None else targets[i]) for i in todo
            ]
        yield from zip(todo, solved, strict=True)
        return
    for start in range(0, len(todo), _BOARDS_PER_BATCH):
        idx = todo[start : start + _BOARDS_PER_BATCH]
        with _dds_call("SolveAllBoards"):
            _use_tables(large)
            solved = _solve_batch(
                [positions[i] for i in idx],
                None if targets is None else [targets[i] for i in idx],
            )
        yield from zip(idx, solved, strict=True)


class DDSSolver:
    """The double-dummy port (:class:`~bridgetable.solver.port.DoubleDummy`) answered by DDS.

    Positions of any length work, a trick in progress included. Each call on a new deal pays
    DDS's table reset (about 0.2 ms); :meth:`card_values_many` batches many positions.

    Example:
        >>> from bridgetable.core.position import Position
        >>> from bridgetable.core.seats import Seat, Side
        >>> p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=Seat.WEST)
        >>> s = DDSSolver()
        >>> s.tricks(p, Side.NS), s.tricks(p, Side.EW)
        (2, 0)
        >>> q = p.play(p.legal_cards()[0])
        >>> sorted((str(c), v) for c, v in s.card_values(q).items())
        [('SA', 2), ('SK', 2)]
    """

    def __init__(self) -> None:
        _modules()  # fail early when endplay is missing

    def dd_tables(self, deals: Sequence[Deal]) -> list[DDTable]:
        """:func:`dd_tables`: the double-dummy table of each deal."""
        return dd_tables(deals)

    def par(self, deal: Deal, vulnerability: Vulnerability, dealer: Seat) -> dict[str, Any]:
        """:func:`par`: the par score and contracts of a deal."""
        return par(deal, vulnerability, dealer)

    def tricks(self, pos: Position, side: Side) -> int:
        """The most of the remaining tricks (the one in progress included) ``side`` takes
        with best play by all four hands."""
        left = _remaining(pos)
        if left == 0:
            return 0
        etypes, _, esolve = _modules()
        with _dds_call("SolveBoard"):
            solved = esolve.solve_board(_position_deal(etypes, pos), esolve.SolveMode.OptimalOne)
            best = max(int(score) for _, score in solved)
        return best if pos.to_play.side is side else left - best

    def card_values(self, pos: Position) -> dict[Card, int]:
        """For each legal card of the hand to play: the remaining tricks (the one in progress
        included) its side takes after playing it, with best play afterwards."""
        if _remaining(pos) == 0:
            return {}
        etypes, _, esolve = _modules()
        with _dds_call("SolveBoard"):
            solved = esolve.solve_board(_position_deal(etypes, pos), esolve.SolveMode.Default)
            return _values(solved, pos)

    def card_values_many(self, positions: Sequence[Position]) -> list[dict[Card, int]]:
        """:meth:`card_values` for several positions through DDS's batch call
        (``SolveAllBoards``, spread over DDS's threads): the robot's sampled layouts."""
        return [
            {c: v for mask, v in groups for c in cards_of_mask(mask)}
            for groups in self.card_scores_many(positions)
        ]

    def card_scores_many(self, positions: Sequence[Position]) -> list[list[tuple[int, int]]]:
        """:meth:`card_values_many` in DDS's own form: for each position, its legal cards
        in groups of equivalent ones, ``(mask of the group, tricks for the side to play)``
        (an empty list when no card is left). A batch whose hand to play still holds
        eleven cards or more is solved with DDS's large tables, a smaller one with the
        small tables (see ``_LARGE_TABLES_FROM``).

        Example:
            >>> from bridgetable.core.cards import Hand
            >>> from bridgetable.core.position import Position
            >>> from bridgetable.core.seats import Seat
            >>> p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=Seat.WEST)
            >>> [(Hand.from_mask(m).to_pbn(), v) for m, v in DDSSolver().card_scores_many([p])[0]]
            [('JT...', 0)]
        """
        out: list[list[tuple[int, int]]] = [[] for _ in positions]
        todo = [i for i, p in enumerate(positions) if _remaining(p) > 0]
        if not todo:
            return out
        for i, groups in _solve_todo(positions, todo):
            pos = positions[i]
            got = 0
            for mask, _ in groups:
                got |= mask
            if got != pos.legal_mask():
                raise SolverError(f"DDS scored other cards than the legal ones at {pos}")
            out[i] = groups
        return out

    def cards_reaching_many(
        self, positions: Sequence[Position], targets: Sequence[int]
    ) -> list[int]:
        """For each position, the mask of the legal cards after which the side to play
        takes at least its target of the remaining tricks (the one in progress included)
        with best play: DDS's ``solutions=2`` with that target, through the batch call.
        A card is in the mask exactly when its :meth:`card_scores_many` score reaches the
        target; a target of 0 or less holds for every legal card, one above the tricks
        left for none, without solving. Much cheaper than scoring every card.

        Example:
            >>> from bridgetable.core.cards import Hand
            >>> from bridgetable.core.position import Position
            >>> from bridgetable.core.seats import Seat
            >>> p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=Seat.NORTH)
            >>> s = DDSSolver()
            >>> [Hand.from_mask(m).to_pbn() for m in s.cards_reaching_many([p, p, p], [2, 3, 0])]
            ['AK...', '...', 'AK...']
        """
        if len(targets) != len(positions):
            raise ValueError("one target a position")
        out = [0] * len(positions)
        todo = []
        for i, (p, t) in enumerate(zip(positions, targets, strict=True)):
            left = _remaining(p)
            if left == 0 or t > left:
                continue
            if t <= 0:
                out[i] = p.legal_mask()
            else:
                todo.append(i)
        if not todo:
            return out
        for i, groups in _solve_todo(positions, todo, targets):
            got = 0
            for mask, score in groups:
                if 0 <= score < targets[i]:
                    continue  # where no card reaches the target DDS scores one card 0
                if score != targets[i]:
                    raise SolverError(f"DDS scored {score} for target {targets[i]}")
                got |= mask
            if got & ~positions[i].legal_mask():
                raise SolverError(f"DDS found other cards than legal ones at {positions[i]}")
            out[i] = got
        return out


_PAR_STRAINS = ("S", "H", "D", "C", "NT")  # endplay's Denom order
_PAR_DOUBLES = {"passed": "", "doubled": "X", "redoubled": "XX"}


def par(deal: Deal, vulnerability: Vulnerability, dealer: Seat) -> dict[str, Any]:
    """The par of a deal: the contracts where neither side gains by bidding on, and their
    score for North-South, as ``{"score_ns": int, "contracts": [...]}``; each contract is
    ``{"contract": "4SX", "declarer": "N", "result": -1, "text": "4SX by N -1"}`` where
    ``result`` counts overtricks (negative: the undertricks of a sacrifice).

    Raises:
        SolverError: endplay (DDS) is not installed.
    """
    etypes, eds, _ = _modules()
    vul = {
        Vulnerability.NONE: etypes.Vul.none,
        Vulnerability.NS: etypes.Vul.ns,
        Vulnerability.EW: etypes.Vul.ew,
        Vulnerability.BOTH: etypes.Vul.both,
    }[vulnerability]
    with _dds_call("Par"):
        _use_tables(True)
        found = eds.par(etypes.Deal(deal.to_pbn()), vul, etypes.Player(int(dealer)))
    contracts = []
    for c in found:
        name = f"{c.level}{_PAR_STRAINS[int(c.denom)]}{_PAR_DOUBLES.get(c.penalty.name, '')}"
        seat = "NESW"[int(c.declarer)]
        result = int(c.result)
        made = "=" if result == 0 else f"{result:+d}"
        contracts.append(
            {
                "contract": name,
                "declarer": seat,
                "result": result,
                "text": f"{name} by {seat} {made}",
            }
        )
    return {"score_ns": int(found.score), "contracts": contracts}
