"""Random legal boards, for the ``selfplay`` command, property tests and benchmarks.

Every choice comes from the :class:`random.Random` passed in.

Example:
    >>> import random
    >>> from bridgetable.selfplay import play_random_board
    >>> board = play_random_board(1, random.Random(3))
    >>> board.is_over
    True
"""

from __future__ import annotations

import random
from typing import Any

from bridgetable.core.board import Board
from bridgetable.core.calls import PASS, Call
from bridgetable.core.events import CardPlayed, LeadFaced, OpeningLeadFaceDown
from bridgetable.core.phase import Phase
from bridgetable.core.record import BoardSetup
from bridgetable.core.rules import RuleSet
from bridgetable.core.scoring import board_score
from bridgetable.core.seats import SEATS
from bridgetable.core.session import Session, SessionSetup


def random_auction(board: Board, rng: random.Random, *, pass_weight: float = 0.65) -> None:
    """Make random legal calls until the auction ends; passes get ``pass_weight``."""
    while board.phase is Phase.AUCTION:
        seat = board.to_act
        if seat is None:  # pragma: no cover
            break
        if rng.random() < pass_weight:
            call: Call = PASS
        else:
            others = board.legal_calls()[1:]
            if not others:  # pragma: no cover - a pass is always legal, a bid not always
                call = PASS
            else:
                # prefer cheaper bids so auctions look like auctions
                call = others[min(int(rng.expovariate(0.5)), len(others) - 1)]
        board.call(seat, call)


def random_play(board: Board, rng: random.Random) -> None:
    """Play random legal cards (facing a face-down lead at once) until play ends."""
    while board.phase is Phase.CLARIFICATION:
        if board.face_down_lead is not None:
            leader = board.opening_leader
            if leader is None:  # pragma: no cover
                return
            board.face_lead(leader)
        else:
            seat = board.to_act
            if seat is None:  # pragma: no cover
                return
            cards = board.legal_cards(seat)
            board.play(seat, cards[int(rng.random() * len(cards))])
    legal, play, rnd, playing = board.legal_cards, board.play, rng.random, Phase.PLAY
    while (seat := board.to_act) is not None and board.phase is playing:
        cards = legal(seat)
        play(seat, cards[int(rnd() * len(cards))])


def play_random_board(number: int, rng: random.Random, rules: RuleSet | None = None) -> Board:
    """Deal board ``number`` from ``rng``, bid and play it at random, and return it."""
    board = Board(BoardSetup.for_board(number, rng=rng, rules=rules))
    random_auction(board, rng)
    random_play(board, rng)
    return board


def play_random_rubber(
    seed: int, rng: random.Random, *, kind: str = "rubber", max_deals: int = 10_000
) -> Session:
    """Play a rubber (``kind="chicago"``: four deals of Chicago) to its end (Laws of Rubber
    Bridge, Law 74): each deal dealt from ``seed`` by the session, bid and played at random
    with ``rng``, the four seats asking for the next deal after each. Stops after
    ``max_deals`` deals if it is not over by then (a rubber is then unfinished: Law 80
    settles it)."""
    if kind not in ("rubber", "chicago"):
        raise ValueError(f"a rubber or chicago, not {kind!r}")
    game = Session(
        SessionSetup(
            "chicago" if kind == "chicago" else "rubber", seed=seed, rules=RuleSet.rubber()
        )
    )
    for _ in range(max_deals):
        random_auction(game.board, rng)
        random_play(game.board, rng)
        if game.is_over:
            break
        if game.number >= max_deals:
            break
        for seat in SEATS:
            game.ask_next(seat)
    return game


def rubber_summary(game: Session) -> dict[str, Any]:
    """The ``selfplay --rules rubber|chicago --json`` closing object: the score sheet."""
    if game.setup.kind == "chicago":
        c = game.chicago
        ns, ew = c.totals
        return {
            "chicago": {
                "deals": c.deals,
                "dealt": len(game.results),
                "lines": [[e.side.name, e.below, e.above, e.label] for e in c.entries],
                "below": {
                    side.name: sum(e.below for e in c.entries if e.side is side)
                    for side in (SEATS[0].side, SEATS[1].side)
                },
                "above": {
                    side.name: sum(e.above for e in c.entries if e.side is side)
                    for side in (SEATS[0].side, SEATS[1].side)
                },
                "totals": {"NS": ns, "EW": ew},
            }
        }
    r = game.rubber
    ns, ew = r.final_totals()
    return {
        "rubber": {
            "deals": len(game.results),
            "games": [s.name for s in r.games],
            "winner": None if r.winner is None else r.winner.name,
            "lines": [
                [e.side.name, e.below, e.above, e.label] for e in (*r.entries, *r.unfinished())
            ],
            "below": {"NS": r.below(SEATS[0].side), "EW": r.below(SEATS[1].side)},
            "above": {"NS": r.above(SEATS[0].side), "EW": r.above(SEATS[1].side)},
            "totals": {"NS": ns, "EW": ew},
        }
    }


def summary(board: Board) -> dict[str, Any]:
    """The ``selfplay --json`` object for a finished board."""
    setup = board.setup
    contract = board.contract
    play: list[str] = []
    face_down: str | None = None
    for e in board.events:
        if isinstance(e, OpeningLeadFaceDown):
            face_down = str(e.card)
        elif isinstance(e, LeadFaced) and face_down is not None:
            play.append(face_down)
        elif isinstance(e, CardPlayed):
            play.append(str(e.card))
    tricks = board.declarer_tricks if contract is not None else None
    auction = [str(c) for c in board.auction.calls]
    return {
        "board": setup.board,
        "dealer": setup.dealer.letter,
        "vulnerable": setup.vulnerability.value,
        "deal": setup.deal.to_pbn(setup.dealer),
        "auction": auction,
        "contract": "Pass" if contract is None else str(contract).split()[0],
        "declarer": None
        if contract is None or contract.declarer is None
        else contract.declarer.letter,
        "play": play,
        "tricks": tricks,
        "score": board_score(contract, tricks, setup.vulnerability),
    }
