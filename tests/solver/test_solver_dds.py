"""The DDS adapter: DD tables against known tables, batch against single calls, positions
with a trick in progress, and the error when endplay is missing."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from solver_endings import played_ending

import bridgetable.solver.dds as dds_module
from bridgetable.core.calls import STRAINS, Strain
from bridgetable.core.cards import Card, Hand, Suit
from bridgetable.core.deal import Deal
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Seat, Side
from bridgetable.solver.dds import DDSSolver, DDTable, dd_table, dd_tables
from bridgetable.solver.errors import SolverError
from bridgetable.solver.port import DoubleDummy
from bridgetable.solver.reference import ReferenceSolver

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"
SAMPLE_DD = CORPUS / "pbn" / "endplay__sample_dd.pbn"
HEILMAN_DD = CORPUS / "dds" / "heilman__three_test_records_dd.pbn"

#: Order of the 20 hex digits of a ``DoubleDummyTricks`` tag: declarers N, S, E, W, each
#: with strains NT, S, H, D, C (the BridgeComposer convention; not in PBN 2.1 itself).
TAG_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
TAG_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def decode_dd_tag(text: str) -> DDTable:
    """A DD table from a ``DoubleDummyTricks`` tag value."""
    if not re.fullmatch(r"[0-9a-fA-F]{20}", text):
        raise ValueError(f"not a DoubleDummyTricks value: {text!r}")
    digits = iter(text)
    return {(seat, strain): int(next(digits), 16) for seat in TAG_SEATS for strain in TAG_STRAINS}


def read_records(path: Path) -> list[tuple[Deal, DDTable, dict[tuple[Seat, Strain], int]]]:
    """Each game's deal, its ``DoubleDummyTricks`` table and the rows of its
    ``OptimumResultTable`` (PBN 2.1 section 5.7: declarer, denomination, result)."""
    out = []
    text = path.read_text(encoding="utf-8")
    for game in re.split(r"\n\s*\n(?=\[)", text):
        deal = re.search(r'^\[Deal "([^"]+)"\]', game, re.M)
        tag = re.search(r'^\[DoubleDummyTricks "([^"]+)"\]', game, re.M)
        if deal is None or tag is None:
            continue
        rows = {
            (Seat.from_letter(m[1]), Strain.from_letter(m[2])): int(m[3])
            for m in re.finditer(r"^([NESW])\s+(NT|[SHDC])\s+(\d+)\s*$", game, re.M)
        }
        out.append((Deal.from_pbn(deal[1]), decode_dd_tag(tag[1]), rows))
    return out


def test_north_with_all_the_spades_takes_every_trick_in_spades() -> None:
    rng = random.Random(4)
    rest = sorted(range(39), key=lambda _: rng.random())  # clubs to hearts, shuffled
    masks = [sum(1 << i for i in rest[13 * j : 13 * j + 13]) for j in range(3)]
    d = Deal(
        {
            Seat.NORTH: Hand.from_mask(0x1FFF << 39),
            Seat.EAST: Hand.from_mask(masks[0]),
            Seat.SOUTH: Hand.from_mask(masks[1]),
            Seat.WEST: Hand.from_mask(masks[2]),
        }
    )
    t = dd_table(d)
    assert len(t) == 20
    assert t[Seat.NORTH, Strain.SPADES] == 13 and t[Seat.SOUTH, Strain.SPADES] == 13
    assert t[Seat.EAST, Strain.SPADES] == 0 and t[Seat.WEST, Strain.SPADES] == 0
    assert all(0 <= v <= 13 for v in t.values())


@pytest.mark.parametrize("path", [SAMPLE_DD, HEILMAN_DD], ids=lambda p: p.name)
def test_dd_table_equals_the_stored_double_dummy_tricks(path: Path) -> None:
    records = read_records(path)
    assert records
    for deal, stored, rows in records:
        assert rows, "each record also has an OptimumResultTable"
        for cell, tricks in rows.items():  # the tag's decoding agrees with the table's rows
            assert stored[cell] == tricks
        assert dd_table(deal) == stored
    assert dd_tables([d for d, _, _ in records]) == [t for _, t, _ in records]


def test_dd_tables_batches_equal_single_tables() -> None:
    rng = random.Random(5)
    deals = [Deal.random(rng) for _ in range(2)]
    assert dd_tables(deals) == [dd_table(d) for d in deals]
    assert dd_tables([]) == []


def test_partial_deal_table_matches_the_reference() -> None:
    rng = random.Random(9)
    ref = ReferenceSolver()
    for _ in range(3):
        pos = played_ending(rng, 3)
        deal = Deal.partial({s: Hand.from_mask(pos.hands[s]) for s in SEATS})
        table = dd_table(deal)
        for seat in SEATS:
            for strain in STRAINS:
                p = Position(pos.hands, strain.suit, seat.lho)
                assert table[seat, strain] == ref.tricks(p, seat.side)
        assert dd_tables([deal, deal]) == [table, table]


def test_empty_deal_is_refused() -> None:
    with pytest.raises(SolverError):
        dd_table(Deal.partial({}))


def test_solver_with_a_trick_in_progress() -> None:
    s = DDSSolver()
    assert isinstance(s, DoubleDummy)
    p = Position.from_pbn("N:AK... Q2... 43... JT...", trump=None, leader=Seat.WEST)
    assert (s.tricks(p, Side.NS), s.tricks(p, Side.EW)) == (2, 0)
    q = p.play(Card("SJ"))
    assert s.card_values(q) == {Card("SA"): 2, Card("SK"): 2}
    q = q.play(Card("SK")).play(Card("S2"))
    assert s.card_values(q) == {Card("S4"): 2, Card("S3"): 2}
    assert s.tricks(q, Side.EW) == 0
    # East ruffs the spade ace and cashes his trump
    p = Position.from_pbn("N:A2... .K3.. Q4... J5...", trump=Suit.HEARTS, leader=Seat.NORTH)
    assert s.card_values(p) == {Card("SA"): 0, Card("S2"): 0}
    assert s.tricks(p.play(Card("SA")), Side.EW) == 2
    assert s.card_values(p.play(Card("SA"))) == {Card("H3"): 2, Card("HK"): 2}


def test_empty_position() -> None:
    p = Position((0, 0, 0, 0), None, Seat.NORTH)
    s = DDSSolver()
    assert s.tricks(p, Side.NS) == 0
    assert s.card_values(p) == {}
    assert s.card_values_many([p]) == [{}]


def test_card_values_many_equals_card_values() -> None:
    rng = random.Random(2)
    s = DDSSolver()
    positions = [played_ending(rng, n) for n in (1, 4, 7, 9)]
    positions.append(positions[-1].play(positions[-1].legal_cards()[0]))
    assert s.card_values_many(positions) == [s.card_values(p) for p in positions]


def test_missing_endplay_is_a_solver_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "endplay.dds", None)
    monkeypatch.setattr(dds_module, "_LOADED", [])  # (the modules as loaded in this process)
    with pytest.raises(SolverError, match="endplay"):
        DDSSolver()
    with pytest.raises(SolverError, match="endplay"):
        dd_table(Deal.random(random.Random(1)))


@pytest.mark.parametrize("seed", range(6))
def test_solving_one_by_one_equals_the_batch_call(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # small batches go to DDS's SolveBoard one by one, larger ones to SolveAllBoards: both
    # paths give the same groups and scores, targets included (a trick in progress too)
    rng = random.Random(seed)
    positions = [played_ending(rng, rng.randint(1, 9)) for _ in range(6)]
    positions = [p for p in positions if p.tricks_left]
    targets = [rng.randint(1, p.tricks_left) for p in positions]
    s = DDSSolver()
    monkeypatch.setattr(dds_module, "_SINGLE_UP_TO", 0)
    batch = s.card_scores_many(positions), s.cards_reaching_many(positions, targets)
    monkeypatch.setattr(dds_module, "_SINGLE_UP_TO", 100)
    singles = s.card_scores_many(positions), s.cards_reaching_many(positions, targets)
    assert [sorted(g) for g in singles[0]] == [sorted(g) for g in batch[0]]
    assert singles[1] == batch[1]
    for groups, target, reaching in zip(singles[0], targets, singles[1], strict=True):
        assert reaching == sum(m for m, v in groups if v >= target)
