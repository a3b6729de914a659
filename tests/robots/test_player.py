"""Robots from views only: memory, sampling consistent with the view, deterministic choices,
legal calls, facing the lead, explanations, card play, claims and answers to claims."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bridgetable.adjudication.ruling import adjudicate_case
from bridgetable.core.board import Board
from bridgetable.core.calls import Contract, parse_call
from bridgetable.core.cards import Card, Hand, Suit
from bridgetable.core.deal import Deal
from bridgetable.core.phase import Phase
from bridgetable.core.position import Position
from bridgetable.core.record import BoardSetup
from bridgetable.core.seats import Seat
from bridgetable.robots.memory import Memory
from bridgetable.robots.player import (
    RobotConfig,
    _one_choice,
    _positions,
    auction_shown,
    break_ties,
    choose_call,
    claim_holds,
    decide,
    lead_targets,
)
from bridgetable.robots.sampler import Shown, sample_hands, sample_layouts, unseen_cards
from bridgetable.solver import dds

DEAL = "N:AKQ2.KQ2.AJ3.Q32 J976.A96.K82.KJ5 843.J873.Q74.A96 T5.T54.T965.T874"


def practice(contract: str = "3NT S") -> Board:
    setup = BoardSetup.for_board(1, deal=Deal.from_pbn(DEAL), contract=Contract.parse(contract))
    return Board(setup)


def test_memory_notes_cards_and_voids() -> None:
    m = Memory()
    m.observe({"trick": [["W", "S2"], ["N", "H3"]], "last_trick": None})
    assert m.played == {"S2", "H3"} and ("N", "S") in m.voids and m.leader == "W"
    assert Memory.from_dict(m.to_dict()) == m


def test_memory_notes_who_played_each_card() -> None:
    m = Memory()
    m.observe({"trick": [["W", "S2"], ["N", "H3"]], "last_trick": None})
    m.observe({"trick": [], "last_trick": [["W", "S2"], ["N", "H3"], ["E", "SA"], ["S", "S4"]]})
    assert m.played_by == {("W", "S2"), ("N", "H3"), ("E", "SA"), ("S", "S4")}
    assert Memory.from_dict(m.to_dict()) == m
    # a memory stored before it kept who played what still reads
    old = {k: v for k, v in m.to_dict().items() if k != "played_by"}
    assert Memory.from_dict(old).played == m.played


def _hcp(cards: set[str]) -> int:
    return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c[1], 0) for c in cards)


def test_samples_fit_what_the_auction_showed() -> None:
    # East on lead against 3NT by North: the sampler keeps the layouts where North has
    # the 15-17 HCP of a 1NT opening and West, who passed as dealer, at most 11; drawn one
    # layout for each kept, many do not fit
    b = Board(BoardSetup.for_board(4, deal=Deal.from_pbn(DEAL)))
    for call in ("Pass", "1NT", "Pass", "3NT", "Pass", "Pass", "Pass"):
        seat = b.to_act
        assert seat is not None
        b.call(seat, parse_call(call))
    view = b.view_for(Seat.EAST).to_dict()
    shown = auction_shown(view)
    assert shown["N"].hcp == (15, 17) and shown["W"].hcp == (0, 11)
    assert shown["S"].hcp == (10, 15) and shown["E"].trivial
    north = {"N": shown["N"]}  # about one layout in twenty fits
    fit = sample_layouts(view, Memory(), 16, random.Random(3))
    kept = [
        {s: {str(c) for c in cards_of(h)} for s, h in zip("NESW", hands, strict=True)}
        for hands in sample_hands(view, Memory(), 8, random.Random(3), shown=north, draws=64)
    ]
    assert all(15 <= _hcp(lay["N"]) <= 17 for lay in kept)
    assert all(min(sum(1 for c in lay["N"] if c[0] == u) for u in "CDHS") >= 2 for lay in kept)
    assert any(not 15 <= _hcp(lay["N"]) <= 17 for lay in fit)
    assert all(lay["E"] == {str(c) for c in b.hand(Seat.EAST)} for lay in kept)


def test_samples_count_the_cards_a_hand_played() -> None:
    # what the auction showed is of the whole hand: cards seen played from it count
    shown = {"E": Shown((0, 4), ((0, 13),) * 4)}
    b = practice()
    b.play(Seat.WEST, Card("ST"))
    b.face_lead(Seat.WEST)
    b.play(Seat.SOUTH, Card("SA"))  # dummy's card, by declarer
    b.play(Seat.EAST, Card("SJ"))
    view = b.view_for(Seat.SOUTH).to_dict()
    mem = Memory()
    mem.observe(view)
    got = sample_hands(view, mem, 12, random.Random(5), shown=shown, draws=8)
    # East played the jack: at most three more HCP left in the layouts kept
    assert all(_hcp({str(c) for c in cards_of(h[1])}) <= 3 for h in got)


def cards_of(mask: int) -> list[Card]:
    return [Card.from_index(i) for i in range(52) if mask >> i & 1]


def test_samples_respect_view_and_voids() -> None:
    b = practice()
    b.play(Seat.WEST, Card("ST"))
    b.face_lead(Seat.WEST)
    view = b.view_for(Seat.SOUTH).to_dict()
    mem = Memory()
    mem.observe(view)
    mem.voids.add(("E", "C"))
    layouts = sample_layouts(view, mem, 20, random.Random(1))
    hidden = unseen_cards(view, mem)
    for lay in layouts:
        assert lay["E"] | lay["W"] == hidden
        assert not any(c[0] == "C" for c in lay["E"])
        assert len(lay["E"]) == 13 and len(lay["W"]) == 12
        assert lay["S"] == {str(c) for c in b.hand(Seat.SOUTH)}


def test_opening_lead_is_deterministic_and_legal() -> None:
    b = practice()
    view = b.view_for(Seat.WEST).to_dict()
    cfg = {"lead_samples": 8, "play_samples": 8}
    one = decide(view, Memory().to_dict(), cfg, 7)
    two = decide(view, Memory().to_dict(), cfg, 7)
    assert one == two and one is not None and one["action"] == "play"
    assert one["args"]["card"] in view["legal_cards"]


def test_robot_faces_its_lead_and_explains() -> None:
    b = Board(BoardSetup.for_board(1, deal=Deal.from_pbn(DEAL)))
    for i, call in enumerate(["1NT", "Pass", "2C", "Pass", "2D", "Pass", "Pass", "Pass"]):
        b.call(Seat.NORTH.next(i), parse_call(call))
    b.ask_explanation(Seat.EAST, 2)
    cmd = decide(b.view_for(Seat.NORTH).to_dict(), {}, {}, 1)
    assert cmd == {
        "action": "explain",
        "args": {
            "call_index": 2,
            "text": "Stayman: asks for a four-card major, 8+ HCP, forcing one round",
        },
    }
    b.explain(Seat.NORTH, 2, "Stayman")
    b.play(Seat.EAST, b.legal_cards(Seat.EAST)[0])
    assert decide(b.view_for(Seat.EAST).to_dict(), {}, {}, 1) == {"action": "face_lead", "args": {}}


def test_calls_are_legal() -> None:
    rng = random.Random(3)
    for n in range(30):
        b = Board(BoardSetup.for_board(n % 16 + 1, rng=rng))
        while b.phase.value == "auction":
            seat = b.to_act
            assert seat is not None
            call = choose_call(b.view_for(seat).to_dict())
            b.call(seat, call)
        assert b.is_over or b.contract is not None


def test_claim_answers() -> None:
    b = practice()
    b.play(Seat.WEST, Card("ST"))
    b.face_lead(Seat.WEST)
    b.make_claim(Seat.SOUTH, 13)  # North-South cannot take 13 tricks on a spade lead
    view = b.view_for(Seat.WEST).to_dict()
    mem = Memory()
    mem.observe(b.view_for(Seat.WEST).to_dict())
    claim = view["claim"]
    assert not claim_holds(view, mem, claim, random.Random(1))
    cmd = decide(view, mem.to_dict(), {}, 1)
    assert cmd == {"action": "dispute_claim", "args": {}}
    b2 = practice()
    b2.play(Seat.WEST, Card("ST"))
    b2.face_lead(Seat.WEST)
    b2.make_claim(Seat.SOUTH, 1)
    v2 = b2.view_for(Seat.EAST).to_dict()
    assert decide(v2, {"leader": "N"}, {}, 1) == {"action": "agree_claim", "args": {}}


def played_to(b: Board, tricks: int, seed: int) -> dict[Seat, Memory]:
    """Random legal play on ``b`` until ``tricks`` tricks are quitted; what each seat saw."""
    rng = random.Random(seed)
    b.play(Seat.WEST, b.legal_cards(Seat.WEST)[0])
    b.face_lead(Seat.WEST)
    mems = {s: Memory() for s in Seat}
    while len(b.tricks) < tricks or b.current_trick:
        for s in Seat:
            mems[s].observe(b.view_for(s).to_dict())
        actor = b.to_act
        assert actor is not None
        b.play(actor, rng.choice(b.legal_cards(actor)))
    for s in Seat:
        mems[s].observe(b.view_for(s).to_dict())
    return mems


def test_masks_are_the_layouts() -> None:
    b = practice()
    mems = played_to(b, 3, 5)
    actor = b.to_act
    assert actor is not None
    view = b.view_for(actor).to_dict()
    hands = sample_hands(view, mems[actor], 6, random.Random(4))
    layouts = sample_layouts(view, mems[actor], 6, random.Random(4))
    for masks, lay in zip(hands, layouts, strict=True):
        for seat, mask in zip("NESW", masks, strict=True):
            assert {str(c) for c in Hand.from_mask(mask)} == lay[seat]
        assert len({m.bit_count() for m in masks}) == 1


def test_batch_scores_equal_single_solves_with_either_tables() -> None:
    """Batches of full hands (large tables), then of late positions (small ones), then
    full hands again score every legal card as one ``SolveBoard`` call does."""
    solver = dds.DDSSolver()
    b = practice()
    lead_view = b.view_for(Seat.WEST).to_dict()
    leads = _positions(lead_view, sample_hands(lead_view, Memory(), 2, random.Random(1)))
    b2 = practice()
    mems = played_to(b2, 6, 2)
    actor = b2.to_act
    assert actor is not None
    view = b2.view_for(actor).to_dict()
    late = _positions(view, sample_hands(view, mems[actor], 12, random.Random(3)))
    for batch, large in ((leads, True), (late, False), (leads, True)):
        values = solver.card_values_many(batch)
        assert dds._tables["large"] is large
        assert values == [solver.card_values(p) for p in batch]
        scores = solver.card_scores_many(batch)
        for p, groups, v in zip(batch, scores, values, strict=True):
            assert sum(m for m, _ in groups) == p.legal_mask()
            assert {c: t for m, t in groups for c in Hand.from_mask(m)} == v


def test_equivalent_cards_need_no_solving(monkeypatch: pytest.MonkeyPatch) -> None:
    b = practice()
    b.play(Seat.WEST, Card("ST"))
    b.face_lead(Seat.WEST)
    b.play(Seat.SOUTH, Card("S2"))  # declarer plays dummy's card
    # East holds SJ976: the nine and the seven are split by the eight, still out
    mem = Memory()
    mem.observe(b.view_for(Seat.EAST).to_dict())
    view = b.view_for(Seat.EAST).to_dict()
    legal = [Card(c) for c in view["legal_cards"]]
    assert not _one_choice(view, mem, legal)
    assert not _one_choice(view, mem, [Card("S9"), Card("S7")])
    assert _one_choice(view, mem, [Card("S7"), Card("S6")])
    # the eight played to a quitted trick joins them; in the trick in progress it does not
    mem.played.add("S8")
    assert _one_choice(view, mem, [Card("S9"), Card("S7")])
    view["trick"] = [*view["trick"], ["S", "S8"]]
    assert not _one_choice(view, mem, [Card("S9"), Card("S7")])
    # a robot whose legal cards are equivalent plays the lowest without the solver
    view = b.view_for(Seat.EAST).to_dict()
    view["legal_cards"] = ["S7", "S6"]

    def no_solver(*args: object) -> None:
        raise AssertionError("solved")

    monkeypatch.setattr("bridgetable.robots.player.card_scores_many", no_solver)
    assert decide(view, mem.to_dict(), {}, 1) == {"action": "play", "args": {"card": "S6"}}


def test_mid_play_is_deterministic_and_legal() -> None:
    b = practice()
    mems = played_to(b, 4, 9)
    actor = b.to_act
    assert actor is not None
    view = b.view_for(actor).to_dict()
    cfg = {"lead_samples": 8, "play_samples": 16}
    one = decide(view, mems[actor].to_dict(), cfg, 3)
    assert one == decide(view, mems[actor].to_dict(), cfg, 3)
    assert one is not None and one["args"]["card"] in view["legal_cards"]


def test_robot_takes_the_first_option_of_a_table_mode_choice() -> None:
    """Table mode: East leads out of turn at trick 1; declarer (a robot) is offered the
    Law 54 options and takes the first one, which the engine accepts."""
    from bridgetable.core.rules import RuleSet
    from bridgetable.server.commands import run_command

    setup = BoardSetup.for_board(
        1,
        deal=Deal.from_pbn(DEAL),
        rules=RuleSet.duplicate(policy="table"),
        contract=Contract.parse("3NT S"),
    )
    b = Board(setup)
    b.play(Seat.EAST, sorted(b.hand(Seat.EAST))[0])  # West was to lead
    view = b.view_for(Seat.SOUTH).to_dict()
    assert "choose" in view["actions"] and view["options"]
    cmd = decide(view, Memory().to_dict(), {}, 3)
    assert cmd == {"action": "choose", "args": {"option": view["options"][0]["id"]}}
    before = len(b.events)
    run_command(b, Seat.SOUTH, cmd["action"], cmd["args"])
    assert len(b.events) == before + 1  # the choice is recorded, not refused


def test_cards_reaching_a_target_are_those_scoring_it() -> None:
    """``cards_reaching_many`` (DDS ``solutions=2`` with a target) holds a card exactly
    when its ``card_scores_many`` score reaches the target, on random positions of every
    length, tricks in progress included, and on targets out of range."""
    rng = random.Random(11)
    solver = dds.DDSSolver()
    positions: list[Position] = []
    for n in range(14):
        deal = Deal.random(rng)
        trump = rng.choice([None, *Suit])
        p = Position(
            tuple(deal[s].mask for s in Seat),  # type: ignore[arg-type]
            trump,
            rng.choice(list(Seat)),
        )
        for _ in range(rng.randrange(20, 45) if n >= 2 else 0):
            p = p.play(rng.choice(p.legal_cards()))
        positions.append(p)
    scores = solver.card_scores_many(positions)
    for targets in (
        [rng.randrange(0, p.tricks_left + 2) for p in positions],
        [(p.tricks_left + 1) // 2 for p in positions],
        [rng.randrange(1, p.tricks_left + 1) for p in positions],
    ):
        got = solver.cards_reaching_many(positions, targets)
        want = [
            sum(m for m, v in groups if v >= t) for groups, t in zip(scores, targets, strict=True)
        ]
        assert got == want
    with pytest.raises(ValueError):
        solver.cards_reaching_many(positions, [1])


@pytest.mark.parametrize("ties", ["lowest", "play", "totals"])
def test_opening_lead_sets_the_contract_first(monkeypatch: pytest.MonkeyPatch, ties: str) -> None:
    """The opening lead is the card beating the contract in most samples, then beating it
    by two tricks (or the targets ``lead_targets`` gives), then (``ties="totals"``, or
    ``"play"`` when the cards tied are of several suits) the
    most tricks over the samples, then the lowest: as computed from every card's exact
    scores, without them (no ``solutions=3`` call) with ``ties="lowest"``. Without signals
    (``signals="none"``: the standard carding leads the top of touching cards,
    test_signals.py)."""
    cfg: dict[str, Any] = {"lead_samples": 12, "play_samples": 8, "ties": ties, "signals": "none"}
    for contract, seed in (("3NT S", 1), ("4S N", 2), ("1C E", 3), ("6H S", 4)):
        b = practice(contract)
        leader = b.to_act
        assert leader is not None
        view = b.view_for(leader).to_dict()
        positions = _positions(view, sample_hands(view, Memory(), 12, random.Random(seed)))
        values = dds.DDSSolver().card_values_many(positions)
        need = 14 - Contract.parse(contract).tricks_needed
        legal = [Card(c) for c in view["legal_cards"]]
        want = _target_choice(
            values, legal, need, 13, totals=ties == "totals", suits=ties == "play"
        )
        tied = _target_tied(values, legal, need, 13)

        def no_scores(*args: object) -> None:
            raise AssertionError("scored every card")

        with monkeypatch.context() as m:
            # "play" breaks ties of one suit by the lowest card at the lead
            if ties == "lowest" or (ties == "play" and len({c.suit for c in tied}) == 1):
                m.setattr("bridgetable.robots.player.card_scores_many", no_scores)
            cmd = decide(view, Memory().to_dict(), cfg, seed)
        assert cmd == {"action": "play", "args": {"card": str(want)}}


def _target_choice(
    values: list[dict[Card, int]],
    legal: list[Card],
    need: int,
    tricks_left: int,
    totals: bool = False,
    suits: bool = False,
) -> Card:
    """The card of the target criterion, from every card's exact scores; with ``totals``
    (or ``suits`` and the cards tied on the targets of several suits), ties to the most
    tricks over the layouts before the lowest card."""
    tied = _target_tied(values, legal, need, tricks_left)
    if suits and len({c.suit for c in tied}) > 1:
        totals = True
    return min(tied, key=lambda c: (-sum(v[c] for v in values) if totals else 0, c))


def _target_tied(
    values: list[dict[Card, int]], legal: list[Card], need: int, tricks_left: int
) -> list[Card]:
    """The cards with the best counts at every target pass, from exact scores."""

    def count(c: Card, t: int) -> int:
        return sum(v[c] >= t for v in values)

    plan = [need, *lead_targets(need, max(count(c, need) for c in legal), len(values))]
    plan = [t for t in plan if 1 <= t <= tricks_left]
    best = min([-count(c, t) for t in plan] for c in legal)
    return [c for c in legal if [-count(c, t) for t in plan] == best]


@pytest.mark.parametrize("ties", ["lowest", "play", "totals"])
def test_mid_play_makes_or_beats_the_contract_first(
    monkeypatch: pytest.MonkeyPatch, ties: str
) -> None:
    """Mid-play, the card is the one taking the tricks the side still needs (to make the
    contract, or to beat it, counting the tricks won) in most samples, then one trick more,
    then one less (or the targets ``lead_targets`` gives), then (``ties="totals"``, the
    default) the most tricks over the layouts, then the lowest: as computed from every
    card's exact scores, without them (no ``solutions=3`` call) with ``ties="lowest"``
    unless declarer may claim. Once the contract's fate is settled, the highest total
    tricks. Without signals (``signals="none"``: a defender's signal picks among the tied
    cards, and reading partner's changes the layouts drawn; test_signals.py), and with a
    defender's lead sampled as any other card (``switch_samples=0``)."""
    cfg: dict[str, Any] = {
        "lead_samples": 8,
        "play_samples": 12,
        "ties": ties,
        "signals": "none",
        "switch_samples": 0,
    }
    seen = {"targets": 0, "exact": 0, "settled": 0}
    for contract, tricks, seed in (
        ("3NT S", 2, 1),
        ("4S S", 3, 2),
        ("1C S", 4, 3),
        ("6H S", 5, 4),
        ("2D S", 6, 5),
        ("3NT S", 7, 6),
        ("7NT S", 3, 7),
        ("1NT S", 9, 8),
        ("4H S", 1, 9),
        ("5C S", 8, 10),
        ("2NT S", 10, 11),
        ("4S S", 6, 12),
    ):
        b = practice(contract)
        mems = played_to(b, tricks, seed)
        actor = b.to_act
        assert actor is not None
        view = b.view_for(actor).to_dict()
        mem = mems[actor]
        legal = [Card(c) for c in view["legal_cards"]]
        if _one_choice(view, mem, legal):
            continue
        positions = _positions(view, sample_hands(view, mem, 12, random.Random(seed)))
        values = dds.DDSSolver().card_values_many(positions)
        parsed = Contract.parse(contract)
        assert parsed.declarer is not None
        side = positions[0].to_play.side
        won = view["tricks_won"][side.name]
        needed = parsed.tricks_needed
        need = needed - won if side is parsed.declarer.side else 14 - needed - won
        left = positions[0].tricks_left
        can_claim = "claim" in view["actions"] and view["role"] == view["declarer"]
        if 1 <= need <= left:
            want = _target_choice(values, legal, need, left, totals=ties != "lowest")
        else:
            want = min(legal, key=lambda c: (-sum(v[c] for v in values), c))
            seen["settled"] += 1

        def no_scores(*args: object) -> None:
            raise AssertionError("scored every card")

        with monkeypatch.context() as m:
            if 1 <= need <= left and not can_claim:
                seen["targets"] += 1
                if ties == "lowest":
                    m.setattr("bridgetable.robots.player.card_scores_many", no_scores)
            elif can_claim:
                seen["exact"] += 1
            cmd = decide(view, mem.to_dict(), cfg, seed)
        if cmd is not None and cmd["action"] == "claim":
            # every layout gives the side the tricks claimed: all that are left, or, near the
            # end, the same number on each (the rest conceded)
            tops = {max(v.values()) for v in values}
            assert can_claim and tops == {cmd["args"]["tricks"]} and cmd["args"]["statement"]
            assert cmd["args"]["tricks"] == left or left <= RobotConfig().concede_tricks
        else:
            assert cmd == {"action": "play", "args": {"card": str(want)}}
    assert seen["targets"] >= 3 and seen["exact"] >= 1 and seen["settled"] >= 1, seen


@pytest.mark.parametrize(
    ("deal", "conceded"),
    [
        # every trick: declarer claims at once with his line
        ("N:AKQJ.AKQJ.AKQ.AK 765.765.8765.876 T98.T98.JT9.QJT9 432.432.432.5432", 0),
        # East's SA must win a trick: near the end declarer claims the rest but one
        ("N:KQJT.AKQJ.AKQ.AK A65.765.8765.876 987.T98.JT9.QJT9 432.432.432.5432", 1),
    ],
)
def test_a_robot_claims_with_its_line_and_the_robot_opponents_agree(
    deal: str, conceded: int
) -> None:
    """Issue 16 (Deliver 5): four robots play 3NT; declarer claims with a statement, the
    leads of a line the adjudicator upholds on his samples (68C, 70), conceding a trick he
    cannot avoid losing; the robot opponents, ruling the claim the same way, agree, and the
    claim stands on the real cards."""
    b = Board(BoardSetup.for_board(1, deal=Deal.from_pbn(deal), contract=Contract.parse("3NT S")))
    cfg = {"lead_samples": 4, "play_samples": 8}
    mems = {s: Memory() for s in Seat}

    def robot(seat: Seat) -> dict[str, Any] | None:
        for s in Seat:
            mems[s].observe(b.view_for(s).to_dict())
        return decide(b.view_for(seat).to_dict(), mems[seat].to_dict(), cfg, 5)

    for _ in range(60):
        seat = b.to_act
        assert seat is not None, "the robot declarer never claimed"
        actor = Seat.SOUTH if seat is Seat.NORTH else seat
        cmd = robot(actor)
        assert cmd is not None
        if cmd["action"] == "claim":
            break
        if cmd["action"] == "face_lead":
            b.face_lead(actor)
        else:
            b.play(actor, Card(cmd["args"]["card"]))
    assert cmd is not None and cmd["action"] == "claim"
    tricks, statement = cmd["args"]["tricks"], cmd["args"]["statement"]
    assert tricks == b.position().tricks_left - conceded and statement
    if not conceded:
        assert "cash" in statement  # (said as a player says it, where that form holds)
    b.make_claim(Seat.SOUTH, tricks, statement)
    assert adjudicate_case(b.claim_case(), want_floor=False).awarded == tricks
    for opp in (Seat.WEST, Seat.EAST):
        assert robot(opp) == {"action": "agree_claim", "args": {}}
        b.agree_claim(opp)
    assert b.phase is Phase.ENDED


def test_robot_claims_once_a_board() -> None:
    """A robot declarer whose claim was disputed and played on plays the cards out rather
    than claim the same position again (no claim loop)."""
    rng = random.Random(11)
    b = Board(BoardSetup.for_board(1, deal=Deal.from_pbn(DEAL), contract=Contract.parse("7NT S")))
    # random play until the robot declarer, on lead, would claim the rest
    cfg = {"lead_samples": 4, "play_samples": 4}
    mem = Memory()  # what South has seen
    for _ in range(60):
        seat = b.to_act
        assert seat is not None
        actor = Seat.SOUTH if seat is Seat.NORTH else seat
        view = b.view_for(actor).to_dict()
        mem.observe(b.view_for(Seat.SOUTH).to_dict())
        cmd = decide(view, (mem if actor is Seat.SOUTH else Memory()).to_dict(), cfg, 5)
        if cmd is not None and cmd["action"] == "claim":
            break
        if "face_lead" in view["actions"]:
            b.face_lead(actor)
            continue
        b.play(actor, rng.choice(b.legal_cards(actor)))
    else:
        raise AssertionError("the robot never claimed")
    b.make_claim(Seat.SOUTH, cmd["args"]["tricks"])
    b.dispute_claim(Seat.WEST)
    b.request_play_on(Seat.WEST)
    for s in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST):
        if "agree_play_on" in b.view_for(s).actions:
            b.agree_play_on(s)
    mem.observe(b.view_for(Seat.SOUTH).to_dict())
    again = decide(b.view_for(Seat.SOUTH).to_dict(), mem.to_dict(), cfg, 5)
    assert again is not None and again["action"] == "play"


def test_a_disputed_claim_does_not_freeze_a_table_of_robots() -> None:
    # South overclaims at a table of four robots; West disputes; with no Director at the
    # table West asks for the adjudicator's proposal, which the server records (here, the
    # server's own functions), and all four robots accept it
    from bridgetable.server.hub import proposal_terms, propose_ruling

    b = Board(BoardSetup.for_board(1, deal=Deal.from_pbn(DEAL), contract=Contract.parse("7NT S")))
    cfg = {"lead_samples": 4, "play_samples": 4}
    rng = random.Random(3)
    for _ in range(8):
        seat = b.to_act
        assert seat is not None
        actor = Seat.SOUTH if seat is Seat.NORTH else seat
        if "face_lead" in b.view_for(actor).actions:
            b.face_lead(actor)
            continue
        b.play(actor, rng.choice(b.legal_cards(actor)))
    b.make_claim(Seat.SOUTH, b.position().tricks_left)
    b.dispute_claim(Seat.WEST)
    for _ in range(200):
        if b.is_over:
            break
        claim = b.claim
        if claim is not None and claim.ruling_asked and claim.proposal is None:
            answer = propose_ruling(b.claim_case())
            tricks, laws, text = proposal_terms(answer, claim.tricks)
            b.propose_ruling(tricks, laws=laws, text=text)
            continue
        moved = False
        for s in Seat:
            view = b.view_for(s).to_dict()
            cmd = decide(view, Memory().to_dict(), cfg, 5)
            if cmd is None:
                continue
            moved = True
            if cmd["action"] == "play":
                b.play(s, Card(cmd["args"]["card"]))
            elif cmd["action"] == "designate":
                b.designate(s, cmd["args"]["card"])
            else:
                getattr(b, cmd["action"])(s)
            break
        assert moved, f"nobody can act: {b.view_for(Seat.SOUTH).to_dict()['actions']}"
    assert b.is_over
    claim = b.claim
    assert claim is not None and claim.status == "ruled" and len(claim.accepted) == 4
    assert claim.ruling is not None and claim.ruling.text


def _rubber_claim(seed: int = 2) -> tuple[Board, Memory]:
    """A rubber board (3NT by South) played at random until a player has shown out, then a
    claim of all the remaining tricks by South; what West has seen."""
    from bridgetable.core.rules import RuleSet

    setup = BoardSetup.for_board(
        1, deal=Deal.from_pbn(DEAL), contract=Contract.parse("3NT S"), rules=RuleSet.rubber()
    )
    b = Board(setup)
    rng = random.Random(seed)
    mem = Memory()
    while not b.shown_voids() or b.current_trick or b.to_act is not Seat.SOUTH:
        mem.observe(b.view_for(Seat.WEST).to_dict())
        actor = b.to_act
        assert actor is not None
        b.play(actor, rng.choice(b.legal_cards(actor)))
    b.make_claim(Seat.SOUTH, b.position().tricks_left, "cash D")
    mem.observe(b.view_for(Seat.WEST).to_dict())
    return b, mem


def test_claim_holds_rules_on_the_claim_case_of_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The robot's claim case is the table's (``Board.claim_case``) but for the cards it
    cannot see: the rubber code, the show-outs, dummy, the statement; it asks for the award
    only (no double-dummy value, no floor, which it would not read)."""
    import bridgetable.robots.player as player
    from bridgetable.adjudication.ruling import adjudicate_case

    b, mem = _rubber_claim()
    table = b.claim_case()
    assert table.rules.is_rubber and table.known_voids and table.dummy is Seat.NORTH
    asked: list[tuple[Any, dict[str, Any]]] = []

    def recording(case: Any, **kwargs: Any) -> Any:
        asked.append((case, kwargs))
        return adjudicate_case(case, **kwargs)

    monkeypatch.setattr(player, "adjudicate_case", recording)
    view = b.view_for(Seat.WEST).to_dict()
    claim_holds(view, mem, view["claim"], random.Random(1))
    assert asked
    for case, kwargs in asked:
        assert case.rules.code == "rubber" and case.known_voids == table.known_voids
        assert (case.claimer, case.tricks, case.dummy) == (table.claimer, table.tricks, Seat.NORTH)
        assert case.statement == table.statement and case.concession == table.concession
        assert case.trumps_seen == table.trumps_seen
        assert case.position.hands[Seat.SOUTH] == table.position.hands[Seat.SOUTH]
        assert kwargs["dd"] is False and kwargs["want_floor"] is False


def test_the_robot_reads_a_round_of_trumps_just_drawn_as_the_table_does() -> None:
    """C4b: a claim made at once after the claimer's side drew a round of trumps, both
    opponents following, is made aware of the trumps still out, in the robot's case (from
    its view's last trick) as in the table's."""
    from bridgetable.robots.player import claim_case

    from support import at_play, c

    b = at_play("S4")  # 4SX by South (tests/support.py)
    mem = Memory()
    mem.observe(b.view_for(Seat.WEST).to_dict())
    south, east, west = Seat.SOUTH, Seat.EAST, Seat.WEST  # (South plays dummy's cards)
    for seat, card in ((south, "SA"), (east, "S9"), (south, "S5"), (south, "SK")):
        b.play(seat, c(card))
        mem.observe(b.view_for(west).to_dict())
    for seat, card in ((east, "ST"), (south, "S6"), (west, "S3")):
        b.play(seat, c(card))
        mem.observe(b.view_for(west).to_dict())
    b.make_claim(south, 7)
    view = b.view_for(west).to_dict()
    mem.observe(view)
    assert b.claim_case().trumps_seen
    assert claim_case(view, mem, b.position()).trumps_seen
    assert not claim_case(view, Memory(), b.position()).trumps_seen  # (nothing seen)


def test_claim_holds_lets_an_adjudicator_error_surface(monkeypatch: pytest.MonkeyPatch) -> None:
    """An error of the adjudicator is raised, not taken for a claim that fails (or holds);
    only a missing or failing solver lets the claim stand unchecked."""
    import bridgetable.robots.player as player
    from bridgetable.solver.errors import SolverError

    b, mem = _rubber_claim()
    view = b.view_for(Seat.WEST).to_dict()

    def broken(case: Any, **kwargs: Any) -> Any:
        raise KeyError("a bug in the adjudicator")

    monkeypatch.setattr(player, "adjudicate_case", broken)
    with pytest.raises(KeyError, match="a bug"):
        claim_holds(view, mem, view["claim"], random.Random(1))

    def no_solver(case: Any, **kwargs: Any) -> Any:
        raise SolverError("the DDS solver needs endplay")

    monkeypatch.setattr(player, "adjudicate_case", no_solver)
    assert claim_holds(view, mem, view["claim"], random.Random(1))


def test_cards_tied_on_the_targets_go_to_the_most_tricks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards the target passes leave tied are told apart by their total tricks over the
    layouts (each distinct layout solved once, counted as often as it was drawn), then by
    the lowest card; not at all with ``ties="lowest"``, nor when they are equivalent."""
    b = practice()
    b.play(Seat.WEST, Card("ST"))
    b.face_lead(Seat.WEST)
    view = b.view_for(Seat.SOUTH).to_dict()  # declarer plays from dummy, East's SJ976...
    view["hand_to_play"] = "E"
    view["hands"] = {**view["hands"], "E": "J976.A96.K82.KJ5"}
    mem = Memory()
    pos = Position.from_pbn(DEAL, trump=None, leader=Seat.EAST)
    other = Position.from_pbn(
        "N:AKQ2.KQ2.AJ3.Q32 J976.A96.K82.KJ5 843.J873.Q74.A96 T5.T54.T965.T874",
        trump=None,
        leader=Seat.EAST,
    )
    c5, d2, h6 = Card("C5"), Card("D2"), Card("H6")
    scored: list[int] = []

    def fake_scores(positions: list[Position], solver: object = None) -> list[Any]:
        scored.append(len(positions))
        # one distinct layout: clubs 3 tricks, the diamond 4, the heart 2
        return [[(c5.bit, 3), (d2.bit, 4), (h6.bit, 2)] for _ in positions]

    monkeypatch.setattr("bridgetable.robots.player.card_scores_many", fake_scores)
    assert RobotConfig().ties == "play"
    totals = RobotConfig(ties="totals")
    assert break_ties(view, mem, totals, [c5, d2, h6], [pos, other]) is d2
    assert scored == [1]  # the two samples are one layout: solved once
    # given scores are read, not solved again: two layouts, the heart best in all
    scores = [[(c5.bit, 3), (d2.bit, 1), (h6.bit, 4)], [(c5.bit, 3), (d2.bit, 4), (h6.bit, 3)]]
    assert break_ties(view, mem, totals, [c5, d2, h6], [pos, other], scores=scores) is h6
    assert break_ties(view, mem, totals, [c5, d2], [pos, other], scores=scores) is c5  # 6 and 5
    assert scored == [1]
    # "lowest", or equivalent cards (East's S7 and S6): the lowest card, nothing solved
    lowest = RobotConfig(ties="lowest")
    assert break_ties(view, mem, lowest, [c5, d2, h6], [pos, other]) is c5
    assert break_ties(view, mem, totals, [Card("S7"), Card("S6")], [pos]) is Card("S6")
    assert scored == [1]
    # "play": as "totals" but at the opening lead (the clarification period) when the
    # tied cards are of one suit: the lowest, nothing solved; a lead tied between suits is
    # scored, not given to the lowest suit
    play = RobotConfig(ties="play")
    assert view["phase"] != "clarification"
    assert break_ties(view, mem, play, [c5, d2, h6], [pos, other]) is d2
    assert scored == [1, 1]
    at_lead = {**view, "phase": "clarification"}
    assert break_ties(at_lead, mem, play, [c5, Card("CJ")], [pos, other]) is c5
    assert scored == [1, 1]
    assert break_ties(at_lead, mem, play, [c5, d2, h6], [pos, other]) is d2
    assert break_ties(at_lead, mem, totals, [c5, d2, h6], [pos, other]) is d2
    assert scored == [1, 1, 1, 1]
    with pytest.raises(ValueError, match="unknown ties rule"):
        RobotConfig(ties="random")
