"""The claimer as a player who believes his claim (adjudication/believer.py, slips.py).

Properties over random endings: every play of the claimer's side on the ruling's line that
costs a trick double dummy is a catalogued slip (the rationality test); a statement that only
says what the claim says never lowers the award; floor <= award <= claim; a weaker class of
player never gets more. Then the patterns a Director found irrational, one position each.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgetable.adjudication.believer as believer_module
from adjudication.test_random_endings import random_ending
from bridgetable.adjudication.normal import NormalPlay, State, cash_count, count_after
from bridgetable.adjudication.profiles import profile
from bridgetable.adjudication.ruling import Ruling, adjudicate
from bridgetable.adjudication.slips import CATALOGUE, STATED_LINE, enabled_slips
from bridgetable.core.cards import SUIT_MASKS, Card, Suit, cards_of_mask
from bridgetable.core.errors import NotationError
from bridgetable.core.position import Position
from bridgetable.core.seats import SEATS, Seat
from bridgetable.core.statement import Statement
from bridgetable.solver.dds import DDSSolver

DDS = DDSSolver()
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def costly_plays(pos: Position, ruling: Ruling) -> list[tuple[str, str, int]]:
    """(seat, card, trick) of every play of the claimer's side on the ruling's line that
    costs a trick double dummy (against the best card there)."""
    out = []
    p = pos
    for seat, card in ruling.witness:
        if seat.side is ruling.claimer.side and len(p.legal_cards()) > 1:
            values = DDS.card_values(p)
            if values[card] < max(values.values()):
                out.append((str(seat), str(card), 14 - p.tricks_left))
        p = p.play(card)
    return out


@settings(max_examples=120, deadline=None, derandomize=True, database=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_every_costly_play_on_the_line_is_a_catalogued_slip(seed: int) -> None:
    rng = random.Random(seed)
    pos = random_ending(rng)
    claimer = rng.choice(SEATS)
    prof = rng.choice(["ebu", "wbf", "dbf"])
    pclass = rng.choice(["novice", "club", "expert"])
    ruling = adjudicate(pos, claimer, pos.tricks_left, None, prof=prof, player_class=pclass)
    assert not ruling.undetermined
    named = {(s.seat, s.card, s.trick) for s in ruling.slips}
    unnamed = [p for p in costly_plays(pos, ruling) if p not in named]
    assert not unnamed, f"plays that cost a trick and are no slip: {unnamed} at {pos}"
    allowed = enabled_slips(prof, pclass) | {STATED_LINE}
    assert all(s.kind in CATALOGUE and s.kind in allowed for s in ruling.slips)
    if ruling.awarded is not None and ruling.awarded < ruling.claimed:
        dd = DDS.tricks(pos, claimer.side)
        # a cut of a claim that double dummy makes names the slip that costs it
        assert dd < ruling.claimed or ruling.slips


@settings(max_examples=80, deadline=None, derandomize=True, database=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_a_statement_saying_what_the_claim_says_never_lowers_the_award(seed: int) -> None:
    rng = random.Random(seed)
    pos = random_ending(rng)
    claimer = rng.choice(SEATS)
    left = pos.tricks_left
    claimed = rng.randint(0, left - 1) if left > 1 else 0
    if claimed == left:
        return
    silent = adjudicate(pos, claimer, claimed, None, dd=None)
    explicit = adjudicate(pos, claimer, claimed, f"concede {left - claimed}", dd=None)
    assert silent.awarded is not None and explicit.awarded is not None
    assert explicit.final is not None and silent.final is not None
    assert explicit.final >= silent.final


@settings(max_examples=80, deadline=None, derandomize=True, database=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_floor_award_claim_and_the_classes_of_player(seed: int) -> None:
    rng = random.Random(seed)
    pos = random_ending(rng)
    claimer = rng.choice(SEATS)
    claimed = rng.randint(0, pos.tricks_left)
    got = {
        c: adjudicate(pos, claimer, claimed, None, dd=None, player_class=c)
        for c in ("novice", "club", "expert")
    }
    for r in got.values():
        assert r.floor is not None and r.awarded is not None
        assert r.floor <= r.awarded <= claimed or r.floor > claimed
    # a weaker class widens the normal lines: it never gets more
    assert got["novice"].awarded <= got["club"].awarded <= got["expert"].awarded  # type: ignore[operator]


def worst_line(policy: NormalPlay, pos: Position) -> int:
    """The fewest tricks the claimer's side takes over every line of ``policy`` (its cards
    for the claimer's side, any legal card for the opponents), by plain recursion: no table
    of bounds, no sure-trick bound, no merged cards, no checked lines."""
    memo: dict[tuple[object, ...], int] = {}

    def go(p: Position, state: State) -> int:
        if not p.tricks_left:
            return 0
        key = (p.hands, p.trick, p.leader, state)
        got = memo.get(key)
        if got is None:
            got = min(
                (winner is not None and winner.side is policy.side)
                + go(q, policy.after(p, state, c))
                for c in cards_of_mask(policy.allowed(p, state))
                for q, winner in (p.play_scored(c),)
            )
            memo[key] = got
        return got

    return go(pos, policy.start(pos))


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_the_award_is_the_worst_line_of_the_judged_policy(seed: int) -> None:
    """The search's shortcuts (bounds kept between rounds, sure tricks, the ``enough``
    shortcut, lines checked before others) never change the award: it is the worst line of
    the policy the ruling reports, whose choices the judge rules on node by node."""
    rng = random.Random(seed)
    pos = random_ending(rng)
    claimer = rng.choice(SEATS)
    pclass = rng.choice(["novice", "club", "expert"])
    # (a claim of every trick: the award is the worst line itself, not the claim)
    ruling = adjudicate(pos, claimer, pos.tricks_left, None, dd=None, player_class=pclass)
    assert ruling.policy is not None and not ruling.undetermined
    assert ruling.awarded == worst_line(ruling.policy, pos)


def strong_ending(rng: random.Random, claimer: Seat) -> Position:
    """An ending of four to six tricks where ``claimer``'s side holds most of the high cards
    and the opponents no trump (the positions the count reads: claims of most tricks)."""
    n = rng.randint(4, 6)
    trump = rng.choice([None, None, *Suit])
    deck = [c for c in range(52) if trump is None or c // 13 != trump or rng.random() < 0.5]
    picked = rng.sample(deck, 4 * n)
    picked.sort(key=lambda c: -(c % 13))  # high ranks first
    mine: list[int] = []
    theirs: list[int] = []
    for c in picked:
        ours = (trump is not None and c // 13 == trump) or rng.random() < 0.7
        (mine if (ours and len(mine) < 2 * n) or len(theirs) >= 2 * n else theirs).append(c)
    rng.shuffle(mine)
    rng.shuffle(theirs)
    hands = [0, 0, 0, 0]
    for i, seat in enumerate((claimer, claimer.partner)):
        hands[seat] = sum(1 << c for c in mine[i * n : (i + 1) * n])
    for i, seat in enumerate((claimer.lho, claimer.rho)):
        hands[seat] = sum(1 << c for c in theirs[i * n : (i + 1) * n])
    leader = rng.choice(SEATS)
    return Position(tuple(hands), trump, leader)  # type: ignore[arg-type]


@settings(max_examples=80, deadline=None, derandomize=True, database=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_the_count_is_a_proof_in_every_layout_of_the_opponents_cards(seed: int) -> None:
    """What the shortcuts rest on: ``count_after`` never exceeds the double-dummy tricks
    after the card, however the opponents' cards are shared between them, so
    a card it proves sure of every trick left (``_sure_of_all``) keeps the double-dummy
    value."""
    rng = random.Random(seed)
    claimer = rng.choice(SEATS)
    pos = strong_ending(rng, claimer)
    while pos.to_play.side is not claimer.side:
        pos = pos.play(rng.choice(pos.legal_cards()))
    policy = NormalPlay.for_claim(pos, claimer, Statement())
    theirs = policy._theirs(pos)
    if pos.trump is not None and theirs & SUIT_MASKS[pos.trump]:
        return  # (the count is read where the opponents hold no trump)
    t = -1 if pos.trump is None else int(pos.trump)
    vals = DDS.card_values(pos)
    best = max(vals.values())
    for card in pos.legal_cards():
        if believer_module._sure_of_all(policy, pos, card.bit):
            assert vals[card] == best == pos.tricks_left, (pos, card)
        count = count_after(pos, card, theirs, t)
        # the opponents' cards dealt again between them, their suit lengths too (each
        # keeps his number of cards, the trick in progress its cards)
        a, b = pos.to_play.lho, pos.to_play.rho
        pool = cards_of_mask(pos.hands[a] | pos.hands[b])
        for _ in range(3):
            rng.shuffle(pool)
            na = pos.hands[a].bit_count()
            hands = list(pos.hands)
            hands[a] = sum(c.bit for c in pool[:na])
            hands[b] = sum(c.bit for c in pool[na:])
            other = replace(pos, hands=tuple(hands))  # type: ignore[arg-type]
            if card not in other.legal_cards():
                continue
            assert DDS.card_values(other)[card] >= count, (other, card, count)


def test_the_claimer_crosses_to_partners_winners_rather_than_lead_a_loser() -> None:
    # North, on lead with no winner, leads a heart to South's AK: not the S2 to East's ace
    pos = Position.from_pbn("N:2.2.. A.3.. .AK.. K3...", trump=None, leader=N)
    r = adjudicate(pos, N, 2, None)
    assert r.awarded == 2 and not r.slips


def test_the_claimer_wins_with_the_master_rather_than_finesse_against_nothing() -> None:
    # AKQ6 third hand: the 6 "finesses" against East's jack for no gain (issue pattern 4)
    pos = Position.from_pbn("N:2.432.. 5.JT9.. AKQ6... J.765..", trump=None, leader=N)
    r = adjudicate(pos, S, 4, None)
    assert r.awarded == 4 and not r.slips


def test_the_cash_count_sees_a_blocked_suit() -> None:
    # the count a discard is read by: top cards, crossing by top cards, a lower card a
    # winner only once the opponents' cards of its suit must be gone
    def mask(*cards: str) -> int:
        return sum(Card(c).bit for c in cards)

    theirs = mask("ST", "S9", "S8", "S7", "S4", "CK", "C9", "DJ")
    east = mask("SA", "S6", "S5", "S2", "C2")
    assert cash_count(east, mask("SK", "SQ", "SJ", "S3", "CA"), theirs, -1) == 5
    assert cash_count(east, mask("SK", "SQ", "SJ", "CA", "CQ"), theirs, -1) == 4  # SA blocked
    assert cash_count(mask("C2"), mask("CQ"), theirs, -1) == 0  # the CQ is below the CK
    # a ruff crosses where the opponents hold no trump (diamonds, suit index 1); in
    # notrumps partner's D2 is only a discard, and the C2 loses to the CK
    assert cash_count(mask("C2"), mask("D2"), mask("CK"), 1) == 1
    assert cash_count(mask("C2"), mask("D2"), mask("CK"), -1) == 0
    # two top cards on one trick: one is wasted (the SA and SK fall together)
    assert cash_count(mask("SA"), mask("SK"), mask("SQ"), -1) == 1
    # the opponents' one club must fall under the CA: the CQ is then a winner; with two
    # clubs out, one round may leave the CK
    assert cash_count(mask("CA", "CQ"), mask("D2", "D3"), mask("CK"), -1) == 2
    assert cash_count(mask("CA", "CQ"), mask("D2", "D3"), mask("CK", "C9"), -1) == 1


def test_the_claimer_ruffs_a_card_led_to_be_ruffed() -> None:
    # West leads a heart; South, void with a trump, ruffs it rather than throw his ace
    pos = Position.from_pbn("N:.2..2 .3..3 2..A. .KQ..", trump=Suit.SPADES, leader=W)
    r = adjudicate(pos, S, 2, None)
    assert r.awarded == 2 and not r.slips


def test_an_unmentioned_trump_names_its_slip_and_law() -> None:
    pos = Position.from_pbn("N:..432. .543.. A.AK.. Q...32", trump=Suit.SPADES, leader=S)
    r = adjudicate(pos, S, 3, None)
    assert r.awarded == 2 and r.final == 2
    assert [s.kind for s in r.slips] == ["unaware-trump"]
    assert (
        "South's ♥A (trick 11): side winners cashed before an unmentioned trump (Law 70C)" in r.text
    )
    assert "70E2" not in r.laws  # no order within a suit mattered


def test_after_an_opponent_ruffs_the_claimer_knows_of_the_trumps() -> None:
    # South cashes the HA into West's unmentioned trumps (70C); once West has ruffed, South
    # knows of them and cashes no second heart into the SQ: 3 tricks, where a claimer who
    # never learns (the option off) loses the HK too
    pos = Position.from_pbn("N:..5432. .5432.. AK.AK.. QJ...32", trump=Suit.SPADES, leader=S)
    aware = adjudicate(pos, S, 4, None, dd=None)
    unaware = adjudicate(
        pos, S, 4, None, dd=None, prof=replace(profile("ebu"), aware_after_trump_seen=False)
    )
    assert aware.awarded == 3 and [s.card for s in aware.slips] == ["HA"]
    assert unaware.awarded == 2 and [s.card for s in unaware.slips] == ["HA", "HK"]


def test_headline_is_the_final_result_with_law_71() -> None:
    # North concedes one of two tricks he cannot lose: the result is 2, Law 71 gives it back
    pos = Position.from_pbn("N:AK... 32... ..32. ...32", trump=None, leader=N)
    r = adjudicate(pos, N, 1, None, dd=None)
    assert (r.awarded, r.law71, r.final) == (1, 1, 2)
    assert r.text.split(". ")[1].startswith("Result: North's side 2 of the 2")


def test_unknown_class_is_refused() -> None:
    pos = Position.from_pbn("N:AK... 32... ..32. ...32", trump=None, leader=N)
    with pytest.raises(NotationError, match="class of player"):
        adjudicate(pos, N, 1, None, player_class="grandmaster")


def test_the_server_proposes_rulings_under_its_profile_and_class() -> None:
    from bridgetable.core.claimcase import ClaimCase
    from bridgetable.server.hub import propose_ruling

    pos = Position.from_pbn("N:..432. .543.. A.AK.. Q...32", trump=Suit.SPADES, leader=S)
    got = propose_ruling(ClaimCase.of(pos, S, 3), profile="dbf", player_class="expert")
    ruling = got["ruling"]
    assert ruling["profile"] == "dbf" and ruling["player_class"] == "expert"
    assert ruling["final"] == 2 and [s["kind"] for s in ruling["slips"]] == ["unaware-trump"]
    assert "♥A" in got["text"]


#: A real table (corpus: USBF semi-final vugraph, board 60, 5 tricks left): West, with
#: DK-Q-4-2 and the CK, claims four; East's DA is bare. The DK led from the long hand crashes
#: with it; a low diamond to the ace first (the short hand's high card) keeps every trick.
SHORT_HAND_ACE = ("N:..J97.Q9 ..A3.T43 ..T85.J ..KQ42.K", ("S9",))


def _short_hand_ace() -> Position:
    deal, trick = SHORT_HAND_ACE
    return Position.from_pbn(deal, trump=None, leader=S, trick=tuple(Card(c) for c in trick))


def test_the_short_hands_high_card_goes_first_an_order_within_the_suit() -> None:
    # C1, Law 70E2, ACBL 2019 guideline 1 (within a suit, top down) read with the EBU club TD
    # course (the short hand's top honours first): the crash is no slip of the order
    # between suits, and no careless spot card either
    pos = _short_hand_ace()
    r = adjudicate(pos, W, 4, None)
    assert r.awarded == 4 and not r.slips
    # without the option the DK first is an order between suits (the CK was the other
    # winner), as the order slip (e) read it before: the claim is cut
    off = replace(profile("ebu"), short_hand_first=False)
    cut = adjudicate(pos, W, 4, None, prof=off)
    assert cut.awarded == 3 and "suit-order" in [s.kind for s in cut.slips]


def test_an_order_between_suits_with_equal_lengths_stays_a_slip() -> None:
    # (corpus, 5 tricks left) West's S7 and East's bare SA, one card each: no short hand to
    # unblock; cashing the S7 first gives East the lead with his heart loser while the CA
    # is stranded: the order between suits (e), as ACBL 2019 guideline 1 has it
    pos = Position.from_pbn("N:Q32.95.. AJ.T..T9 T986.J.. K7...AK8", trump=None, leader=E)
    r = adjudicate(pos, E, 5, None)
    assert r.awarded == 4 and [s.kind for s in r.slips] == ["suit-order"]


def test_the_short_hand_rule_with_the_local_rules_only_choice() -> None:
    # (corpus, 7 tricks left, hearts trumps, no trump out) North's SK-8 opposite South's
    # bare SQ: with no trump against him North is not made to lead trumps (C4d), so the SK
    # is the local rules' only lead there; it crashes with the queen, which is the order
    # within the suit (the 8 to the queen keeps every trick), not a slip: the claim stands
    # (the order slip cut it to 6 before)
    pos = Position.from_pbn(
        "N:K8.K9.Q8.9 J974..6.63 Q..T94.AK7 T..753.T84", trump=Suit.HEARTS, leader=W
    )
    r = adjudicate(pos, S, 7, None, time_cap=60)
    assert r.awarded == 7 and not r.slips
