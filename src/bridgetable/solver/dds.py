"""The DDS adapter: double-dummy tables and card values through endplay (Bo Haglund's DDS).

endplay is an optional dependency (``pip install bridgetable[dds]``); it is imported only when
a function here is called, and a :class:`~bridgetable.solver.errors.SolverError` says so when it
is missing. DDS errors are raised as ``SolverError`` too.

Seats, suits and strains are translated at this boundary: endplay numbers the suits spades
first (``Denom.spades == 0``, no trump ``4``) and ranks as bits ``1 << rank``; bridgetable
numbers them clubs first. Calls into DDS are serialised by a lock: ``SolveBoard`` runs on DDS
thread slot 0, which two Python threads must not share.

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

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from bridgetable.core.boards import Vulnerability
from bridgetable.core.calls import STRAINS, Strain
from bridgetable.core.cards import Card, Suit
from bridgetable.core.deal import Deal
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Seat, Side
from bridgetable.solver.errors import SolverError

__all__ = ["DDSSolver", "DDTable", "dd_table", "dd_tables"]

#: A double-dummy table: tricks taken by declarer ``seat`` in ``strain`` with best play.
DDTable = dict[tuple[Seat, Strain], int]

#: Tables per ``CalcAllTables`` call: DDS takes at most 200 strain-deals (40 deals x 5).
_TABLES_PER_BATCH = 40
#: Boards per ``SolveAllBoards`` call (DDS's limit is 200).
_BOARDS_PER_BATCH = 100

_LOCK = threading.RLock()


def _modules() -> tuple[Any, Any, Any]:
    """``endplay.types``, ``endplay.dds`` and ``endplay.dds.solve``, or a SolverError."""
    try:
        import endplay.dds as eds
        import endplay.dds.solve as esolve
        import endplay.types as etypes
    except ImportError as e:
        raise SolverError(
            "the DDS solver needs endplay: pip install 'bridgetable[dds]' (or endplay>=0.5.12)"
        ) from e
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
        out: list[dict[Card, int]] = [{} for _ in positions]
        todo = [i for i, p in enumerate(positions) if _remaining(p) > 0]
        if not todo:
            return out
        etypes, _, esolve = _modules()
        for start in range(0, len(todo), _BOARDS_PER_BATCH):
            idx = todo[start : start + _BOARDS_PER_BATCH]
            deals = [_position_deal(etypes, positions[i]) for i in idx]
            with _dds_call("SolveAllBoards"):
                solved = esolve.solve_all_boards(deals, esolve.SolveMode.Default)
                for j, i in enumerate(idx):
                    out[i] = _values(solved[j], positions[i])
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
