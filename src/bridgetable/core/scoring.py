"""Scoring: duplicate scores (Law 77), IMPs, matchpoints and rubber bridge.

Duplicate scoring follows the scoring table of Law 77 of the Laws of Duplicate Bridge. A board is
scored on its own: a made contract earns its trick score plus a part-score or game bonus, slam
and insult bonuses, and overtricks; a defeated one costs the declaring side its undertricks.
:func:`imps` converts a score difference with the WBF IMP scale, :func:`matchpoints` compares
every score on a board with every other one.

Rubber scoring (:class:`Rubber`) follows Part 7 (Laws 72-81) of the Laws of Rubber Bridge: the
same trick, overtrick, undertrick, insult and slam values, but no bonus per hand for a part
score or game. Trick points go below the line and build games of 100; the first side to win
two games earns the rubber bonus. Honours are scored as well.

Example:
    >>> from bridgetable.core.calls import Contract
    >>> from bridgetable.core.seats import Side
    >>> contract_score(Contract.parse("4S"), 10, vulnerable=True)
    620
    >>> contract_score(Contract.parse("3NTX"), 8, vulnerable=True)
    -200
    >>> imps(620 - 170), imps(-50)
    (10, -2)
    >>> matchpoints([620, 620, 170, -100])
    [5.0, 5.0, 2.0, 0.0]
    >>> r = Rubber().record(Contract.parse("4H N"), 10).record(Contract.parse("3NT S"), 9)
    >>> r.is_over, r.winner, r.total(Side.NS)
    (True, Side.NS, 920)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from bridgetable.core.boards import Vulnerability
from bridgetable.core.calls import Contract, Doubling, Strain
from bridgetable.core.cards import Card, Rank
from bridgetable.core.errors import NotationError, WrongPhase
from bridgetable.core.seats import Seat, Side

__all__ = [
    "Chicago",
    "HonoursHeld",
    "HonoursKind",
    "Rubber",
    "RubberEntry",
    "board_score",
    "contract_score",
    "find_honours",
    "imps",
    "matchpoint_percentages",
    "matchpoints",
]

GAME = 100
"""Trick points that make a game (Law 77; Laws of Rubber Bridge, Law 73)."""

# Lower bounds of each step of the WBF IMP scale: a difference of at least _IMP_STEPS[k]
# points is worth k + 1 IMPs.
_IMP_STEPS = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_contract(contract: object) -> Contract:
    if not isinstance(contract, Contract):
        raise NotationError(f"not a contract: {contract!r}")
    return contract


def _check_tricks(tricks: object) -> int:
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise NotationError(f"tricks taken are a whole number from 0 to 13, not {tricks!r}")
    return tricks


def _check_bool(vulnerable: object) -> bool:
    if not isinstance(vulnerable, bool):
        raise NotationError(f"vulnerable must be True or False, not {vulnerable!r}")
    return vulnerable


class _Parts(NamedTuple):
    """One result broken into the items of the scoring table (all non-negative)."""

    trick_score: int  # odd tricks bid and made; below the line in rubber
    overtricks: int
    insult: int  # for making a doubled or redoubled contract
    slam: int
    undertricks: int  # to the defenders


def _multiplier(doubling: Doubling) -> int:
    return (1, 2, 4)[doubling]


def _trick_score(contract: Contract) -> int:
    """The trick score of a contract made exactly (Law 77, "contract points")."""
    level, strain = contract.level, contract.strain
    if strain is Strain.NOTRUMP:
        base = 40 + 30 * (level - 1)
    elif strain in (Strain.SPADES, Strain.HEARTS):
        base = 30 * level
    else:
        base = 20 * level
    return base * _multiplier(contract.doubling)


def _undertricks(down: int, doubling: Doubling, vulnerable: bool) -> int:
    """The penalty for ``down`` undertricks (positive; Law 77)."""
    if doubling is Doubling.UNDOUBLED:
        return down * (100 if vulnerable else 50)
    total = 0
    for k in range(1, down + 1):
        if vulnerable:
            total += 200 if k == 1 else 300
        else:
            total += 100 if k == 1 else 200 if k <= 3 else 300
    return total * (2 if doubling is Doubling.REDOUBLED else 1)


def _parts(contract: Contract, tricks: int, vulnerable: bool) -> _Parts:
    odd = tricks - contract.tricks_needed
    if odd < 0:
        return _Parts(0, 0, 0, 0, _undertricks(-odd, contract.doubling, vulnerable))
    doubling = contract.doubling
    if doubling is Doubling.UNDOUBLED:
        per_over = 20 if contract.strain in (Strain.CLUBS, Strain.DIAMONDS) else 30
    else:
        # 100 (200 vulnerable) doubled; twice that redoubled
        per_over = (200 if vulnerable else 100) * doubling.value
    insult = (0, 50, 100)[doubling]
    slam = 0
    if contract.level == 6:
        slam = 750 if vulnerable else 500
    elif contract.level == 7:
        slam = 1500 if vulnerable else 1000
    return _Parts(_trick_score(contract), odd * per_over, insult, slam, 0)


def contract_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The duplicate score of a result for the declaring side (Law 77).

    ``tricks`` is the number of tricks (0 to 13) won by declarer's side; ``vulnerable`` is the
    declaring side's vulnerability. A made contract scores its trick score (clubs and diamonds
    20 a trick, hearts and spades 30, no trump 40 for the first trick and 30 for each other;
    doubled twice, redoubled four times), 300 (500 vulnerable) for a game, i.e. a trick score of
    100 or more, otherwise 50 for a part score, 500/750 for a small slam, 1000/1500 for a grand
    slam, 50/100 for making a doubled/redoubled contract, and each overtrick at its trick value
    when undoubled or 100/200 (doubled, not vulnerable/vulnerable), twice that redoubled. A
    defeated contract scores minus its undertricks: 50/100 each undoubled; doubled not
    vulnerable 100 for the first, 200 for the second and third, 300 for each further one;
    doubled vulnerable 200 for the first and 300 for each further one; redoubled twice that.

    Raises:
        NotationError: ``contract`` is not a :class:`Contract`, ``tricks`` is not a whole
            number from 0 to 13, or ``vulnerable`` is not a bool.

    >>> contract_score(Contract.parse("1NT"), 8, vulnerable=False)
    120
    >>> contract_score(Contract.parse("7NTXX"), 13, vulnerable=True)
    2980
    """
    c = _check_contract(contract)
    t = _check_tricks(tricks)
    v = _check_bool(vulnerable)
    p = _parts(c, t, v)
    if p.undertricks:
        return -p.undertricks
    bonus = (500 if v else 300) if p.trick_score >= GAME else 50
    return p.trick_score + bonus + p.overtricks + p.insult + p.slam


def board_score(contract: Contract | None, tricks: int | None, vulnerability: Vulnerability) -> int:
    """The duplicate score of a board for North-South (Law 77).

    ``contract`` is ``None`` when the board was passed out, which scores 0 (``tricks`` must
    then be ``None`` as well). Otherwise ``contract.declarer`` must be set; the score is
    :func:`contract_score` for the declaring side, negated when East-West declared.

    Raises:
        NotationError: the contract has no declarer, ``tricks`` does not match the contract
            (``None`` exactly when passed out), or ``vulnerability`` is not a
            :class:`~bridgetable.core.boards.Vulnerability`.

    >>> board_score(Contract.parse("4S E"), 10, Vulnerability.EW)
    -620
    >>> board_score(None, None, Vulnerability.BOTH)
    0
    """
    if not isinstance(vulnerability, Vulnerability):
        raise NotationError(f"not a vulnerability: {vulnerability!r}")
    if contract is None:
        if tricks is not None:
            raise NotationError("a passed-out board has no tricks: pass tricks=None")
        return 0
    c = _check_contract(contract)
    if c.declarer is None:
        raise NotationError(f"board_score needs the declarer of {c}")
    if tricks is None:
        raise NotationError(f"the number of tricks taken in {c} is missing")
    score = contract_score(c, tricks, vulnerability.is_vulnerable(c.declarer))
    return score if c.declarer.side is Side.NS else -score


def imps(difference: int) -> int:
    """Convert a difference in points to IMPs with the WBF scale, keeping its sign.

    The steps: 0-10 points 0 IMPs, 20-40 1, 50-80 2, 90-120 3, 130-160 4, 170-210 5, 220-260 6,
    270-310 7, 320-360 8, 370-420 9, 430-490 10, 500-590 11, 600-740 12, 750-890 13,
    900-1090 14, 1100-1290 15, 1300-1490 16, 1500-1740 17, 1750-1990 18, 2000-2240 19,
    2250-2490 20, 2500-2990 21, 3000-3490 22, 3500-3990 23, 4000 and more 24. A difference that
    is not a multiple of 10 (from an averaged datum) falls in the step whose lower bound it
    reaches, so 15 is 0 IMPs and 45 is 1.

    Raises:
        NotationError: ``difference`` is not an int.

    >>> imps(0), imps(20), imps(-430), imps(4000)
    (0, 1, -10, 24)
    """
    if not _is_int(difference):
        raise NotationError(f"a score difference is a whole number, not {difference!r}")
    magnitude = abs(difference)
    result = 0
    for step in _IMP_STEPS:
        if magnitude < step:
            break
        result += 1
    return result if difference >= 0 else -result


def _check_scores(scores: Sequence[int]) -> list[int]:
    values = list(scores)
    for s in values:
        if not _is_int(s):
            raise NotationError(f"a score is a whole number, not {s!r}")
    return values


def matchpoints(scores: Sequence[int]) -> list[float]:
    """Matchpoint each score against all the others on the same board.

    Each entry earns 2 for every other score it beats and 1 for every other score it ties, so
    a top is ``2 * (len(scores) - 1)`` and the matchpoints of a board add up to
    ``len(scores) * (len(scores) - 1)``. Scores are from one direction's point of view (for
    example North-South); the result is in the same order as ``scores``.

    Raises:
        NotationError: a score is not an int.

    >>> matchpoints([100, 100, -50])
    [3.0, 3.0, 0.0]
    """
    values = _check_scores(scores)
    out: list[float] = []
    for i, mine in enumerate(values):
        points = 0
        for j, theirs in enumerate(values):
            if i != j:
                points += 2 if mine > theirs else 1 if mine == theirs else 0
        out.append(float(points))
    return out


def matchpoint_percentages(scores: Sequence[int]) -> list[float]:
    """:func:`matchpoints` as percentages of a top (100.0 for a top, 0.0 for a bottom).

    A lone score, having nothing to be compared with, gets 50.0.

    Raises:
        NotationError: a score is not an int.

    >>> matchpoint_percentages([420, 450, 420])
    [25.0, 100.0, 25.0]
    """
    points = matchpoints(scores)
    top = 2 * (len(points) - 1)
    if top == 0:
        return [50.0 for _ in points]
    return [100.0 * p / top for p in points]


# --------------------------------------------------------------------------------------------
# Rubber bridge
# --------------------------------------------------------------------------------------------

_RUBBER_LAWS = "74 of the Laws of Rubber Bridge"


class HonoursKind(Enum):
    """The holdings of honours that score in rubber bridge (Laws of Rubber Bridge, Law 81).

    Honours are the ace, king, queen, jack and ten of trumps; at no trump, the four aces. Only a
    holding in one hand scores.
    """

    FOUR_TRUMP_HONOURS = "four trump honours in one hand"
    FIVE_TRUMP_HONOURS = "five trump honours in one hand"
    FOUR_ACES = "four aces in one hand at no trump"

    @property
    def points(self) -> int:
        """100 for four trump honours, 150 for five trump honours or four aces."""
        return 100 if self is HonoursKind.FOUR_TRUMP_HONOURS else 150

    @property
    def at_notrump(self) -> bool:
        """Whether this holding scores at no trump (only the four aces do)."""
        return self is HonoursKind.FOUR_ACES

    def __repr__(self) -> str:
        return f"HonoursKind.{self.name}"


@dataclass(frozen=True, slots=True)
class HonoursHeld:
    """Scoring honours held in one hand of ``side``: declarer's side or the defenders.

    Honours are credited to the side holding them whichever side declared, and whether the
    contract was made or not (Laws of Rubber Bridge, Laws 72 and 81).
    """

    side: Side
    kind: HonoursKind

    def __post_init__(self) -> None:
        if not isinstance(self.side, Side):
            raise NotationError(f"not a side: {self.side!r}")
        if not isinstance(self.kind, HonoursKind):
            raise NotationError(f"not a holding of honours: {self.kind!r}")

    @property
    def points(self) -> int:
        """The premium: 100 or 150."""
        return self.kind.points


def find_honours(hands: Mapping[Seat, Iterable[Card]], strain: Strain) -> HonoursHeld | None:
    """The scoring honours in the original ``hands`` of a deal played in ``strain``, if any.

    At no trump one hand holding all four aces scores; in a suit contract one hand holding four
    or all five of the ace, king, queen, jack and ten of trumps scores (Laws of Rubber Bridge,
    Law 81). At most one hand can hold such a set, so at most one side scores honours.
    """
    if not isinstance(strain, Strain):
        raise NotationError(f"not a strain: {strain!r}")
    trump = strain.suit
    for seat, cards in hands.items():
        if not isinstance(seat, Seat):
            raise NotationError(f"not a seat: {seat!r}")
        held = list(cards)
        if trump is None:
            if sum(1 for c in held if c.rank is Rank.ACE) == 4:
                return HonoursHeld(seat.side, HonoursKind.FOUR_ACES)
            continue
        count = sum(1 for c in held if c.suit is trump and c.rank.is_honour)
        if count == 5:
            return HonoursHeld(seat.side, HonoursKind.FIVE_TRUMP_HONOURS)
        if count == 4:
            return HonoursHeld(seat.side, HonoursKind.FOUR_TRUMP_HONOURS)
    return None


def _check_honours(honours: HonoursHeld | None, c: Contract) -> None:
    """Honours held score only in their own kind of contract: four aces at no trump, trump
    honours in a suit (Laws of Rubber Bridge, Law 81)."""
    if honours is None:
        return
    if not isinstance(honours, HonoursHeld):
        raise NotationError(f"not a holding of honours: {honours!r}")
    if honours.kind.at_notrump != (c.strain is Strain.NOTRUMP):
        where = "no trump" if c.strain is Strain.NOTRUMP else "a suit contract"
        raise NotationError(f"{honours.kind.value} does not score in {where}")


def _deal_entries(c: Contract, p: _Parts) -> list[RubberEntry]:
    """The lines a deal's result puts on a rubber or Chicago sheet: the trick score below the
    line and the overtricks, the insult and a slam above it for a contract made, or the
    undertricks above the defenders' line (Laws of Rubber Bridge, Law 72)."""
    assert c.declarer is not None
    side = c.declarer.side
    if p.undertricks:
        return [RubberEntry(side.opponents, above=p.undertricks, label="undertricks")]
    entries = [RubberEntry(side, below=p.trick_score, label=f"{c.bid} made")]
    insult = (
        "doubled contract made" if c.doubling is Doubling.DOUBLED else "redoubled contract made"
    )
    for points, label in (
        (p.overtricks, "overtricks"),
        (p.insult, insult),
        (p.slam, "small slam" if c.level == 6 else "grand slam"),
    ):
        if points:
            entries.append(RubberEntry(side, above=points, label=label))
    return entries


@dataclass(frozen=True, slots=True)
class RubberEntry:
    """One line on a rubber score sheet (Laws of Rubber Bridge, Law 72).

    ``below`` holds trick points, which only declarer's side earns and which count towards
    game; ``above`` holds premium points (overtricks, undertricks, the bonus for making a
    doubled contract, slams, honours, the rubber bonus and the premiums of an unfinished
    rubber). ``label`` says what the entry is for.
    """

    side: Side
    below: int = 0
    above: int = 0
    label: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.side, Side):
            raise NotationError(f"not a side: {self.side!r}")
        for name, value in (("below", self.below), ("above", self.above)):
            if not _is_int(value) or value < 0:
                raise NotationError(f"{name} is a whole number of points >= 0, not {value!r}")

    @property
    def points(self) -> int:
        """``below + above``."""
        return self.below + self.above


class Rubber:
    """A rubber of rubber bridge; immutable, each :meth:`record` returns a new rubber.

    The rules applied are those of Part 7 of the Laws of Rubber Bridge, in our own words:

    * Law 72: only declarer's side earns trick points (below the line), and only for the odd
      tricks it contracted for and won; everything else is a premium (above the line).
    * Law 73: a game is 100 trick points, in one hand or added up over several; when a side
      wins a game, the part scores of both sides in that game stop counting towards the next
      game (they still count in the totals).
    * Law 74: the rubber ends when a side has won two games; it then earns 700 if the
      opponents have won no game, 500 if they have won one. The totals of all points decide
      who gains and by how much (see :meth:`margin`).
    * Law 80: a rubber left unfinished is settled with 300 for a side that has won the only
      game and 100 for each side with a part score in the game in progress (see
      :meth:`unfinished`).
    * Law 81 (the scoring table): trick, overtrick, undertrick, insult and slam values as in
      duplicate; a side is vulnerable once it has won a game; there is no part-score or game
      bonus per hand; honours score 100 (four trump honours in one hand) or 150 (all five in
      one hand, or the four aces in one hand at no trump) for the side that holds them.

    >>> from bridgetable.core.calls import Contract
    >>> r = Rubber().record(Contract.parse("2H N"), 8)
    >>> r.part_score(Side.NS), r.games_won(Side.NS)
    (60, 0)
    """

    __slots__ = ("_games", "_hands", "_parts")

    _hands: tuple[tuple[RubberEntry, ...], ...]
    _games: tuple[Side, ...]
    _parts: tuple[int, int]

    def __init__(self) -> None:
        self._hands = ()
        self._games = ()
        self._parts = (0, 0)

    @classmethod
    def _make(
        cls,
        hands: tuple[tuple[RubberEntry, ...], ...],
        games: tuple[Side, ...],
        parts: tuple[int, int],
    ) -> Rubber:
        new = cls()
        new._hands = hands
        new._games = games
        new._parts = parts
        return new

    # ---- recording -------------------------------------------------------------------------

    def record(self, contract: Contract, tricks: int, honours: HonoursHeld | None = None) -> Rubber:
        """The rubber after a hand in which ``contract`` was played and declarer's side won
        ``tricks`` tricks; ``honours`` are the scoring honours held, if any.

        ``contract.declarer`` must be set. The declaring side is vulnerable if it has won a
        game in this rubber. A hand that completes a side's second game ends the rubber and
        earns its rubber bonus in the same hand.

        Raises:
            NotationError: bad contract, tricks or honours (no declarer, tricks outside 0-13,
                four aces in a suit contract, trump honours at no trump).
            WrongPhase: the rubber is already over.
        """
        c = _check_contract(contract)
        t = _check_tricks(tricks)
        if c.declarer is None:
            raise NotationError(f"a rubber needs the declarer of {c}")
        _check_honours(honours, c)
        if self.is_over:
            raise WrongPhase("record", None, "the rubber is over", _RUBBER_LAWS)

        side = c.declarer.side
        p = _parts(c, t, self.is_vulnerable(side))
        entries = _deal_entries(c, p)
        if honours is not None:
            entries.append(RubberEntry(honours.side, above=honours.points, label="honours"))

        parts = list(self._parts)
        parts[side] += p.trick_score
        games = self._games
        if parts[side] >= GAME:
            games = (*games, side)
            parts = [0, 0]
            if games.count(side) == 2:
                bonus = 700 if side.opponents not in games else 500
                entries.append(RubberEntry(side, above=bonus, label="rubber"))
        return Rubber._make((*self._hands, tuple(entries)), games, (parts[0], parts[1]))

    # ---- state -----------------------------------------------------------------------------

    @property
    def hands(self) -> tuple[tuple[RubberEntry, ...], ...]:
        """The entries of each hand recorded, in order (the rubber bonus with the last hand)."""
        return self._hands

    @property
    def entries(self) -> tuple[RubberEntry, ...]:
        """Every entry of the rubber, in order."""
        return tuple(e for hand in self._hands for e in hand)

    @property
    def games(self) -> tuple[Side, ...]:
        """The winner of each completed game, in order."""
        return self._games

    def games_won(self, side: Side) -> int:
        """How many games ``side`` has won in this rubber."""
        return self._games.count(side)

    def part_score(self, side: Side) -> int:
        """``side``'s trick points in the game in progress (0 after each game)."""
        return self._parts[side]

    def is_vulnerable(self, side: Side) -> bool:
        """A side that has won a game is vulnerable (Laws of Rubber Bridge, Law 81)."""
        return side in self._games

    @property
    def vulnerability(self) -> Vulnerability:
        """The vulnerability of the next hand."""
        ns, ew = self.is_vulnerable(Side.NS), self.is_vulnerable(Side.EW)
        if ns and ew:
            return Vulnerability.BOTH
        if ns:
            return Vulnerability.NS
        return Vulnerability.EW if ew else Vulnerability.NONE

    @property
    def is_over(self) -> bool:
        """Whether a side has won two games (Laws of Rubber Bridge, Law 74)."""
        return self.winner is not None

    @property
    def winner(self) -> Side | None:
        """The side that won two games (and the rubber bonus), or ``None`` while unfinished.

        The side that gains on the rubber is the one with more points, usually but not
        always this one: see :meth:`margin`.
        """
        for side in (Side.NS, Side.EW):
            if self._games.count(side) >= 2:
                return side
        return None

    # ---- totals ----------------------------------------------------------------------------

    def below(self, side: Side) -> int:
        """``side``'s trick points in the whole rubber."""
        return sum(e.below for e in self.entries if e.side is side)

    def above(self, side: Side) -> int:
        """``side``'s premium points so far (without any unfinished-rubber premium)."""
        return sum(e.above for e in self.entries if e.side is side)

    def total(self, side: Side) -> int:
        """``side``'s points so far: trick points plus premiums."""
        return self.below(side) + self.above(side)

    @property
    def totals(self) -> tuple[int, int]:
        """``(North-South, East-West)`` points so far; index it with a :class:`Side`."""
        return (self.total(Side.NS), self.total(Side.EW))

    def unfinished(self) -> tuple[RubberEntry, ...]:
        """The premiums for stopping the rubber now (Laws of Rubber Bridge, Law 80).

        A side that has won a game when the other has not earns 300; each side with trick
        points in the game in progress earns 100. Nothing once the rubber is over.
        """
        if self.is_over:
            return ()
        out: list[RubberEntry] = []
        ns_games, ew_games = self.games_won(Side.NS), self.games_won(Side.EW)
        if ns_games != ew_games:
            ahead = Side.NS if ns_games > ew_games else Side.EW
            out.append(RubberEntry(ahead, above=300, label="game in unfinished rubber"))
        for side in (Side.NS, Side.EW):
            if self._parts[side] > 0:
                out.append(RubberEntry(side, above=100, label="part score in unfinished game"))
        return tuple(out)

    def final_totals(self) -> tuple[int, int]:
        """``(North-South, East-West)`` totals, with :meth:`unfinished` premiums if the rubber
        is not over."""
        extra = self.unfinished()
        ns = self.total(Side.NS) + sum(e.above for e in extra if e.side is Side.NS)
        ew = self.total(Side.EW) + sum(e.above for e in extra if e.side is Side.EW)
        return (ns, ew)

    def margin(self, side: Side) -> int:
        """``side``'s final total minus its opponents' (Law 74); positive when ``side`` gains.

        Uses :meth:`final_totals`, so an unfinished rubber is settled under Law 80.
        """
        totals = self.final_totals()
        return totals[side] - totals[side.opponents]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rubber):
            return NotImplemented
        return self._hands == other._hands

    def __hash__(self) -> int:
        return hash(self._hands)

    def __repr__(self) -> str:
        ns, ew = self.totals
        games = "".join(s.name[0] for s in self._games) or "-"
        return f"<Rubber hands={len(self._hands)} games={games} NS={ns} EW={ew}>"


#: Chicago's vulnerability by deal: none, dealer's side, dealer's side, both.
_CHICAGO_VUL = ("none", "dealer", "dealer", "both")


class Chicago:
    """Four-deal bridge ("Chicago"); immutable, each :meth:`record` returns a new one.

    In our own words, the usual rules of Chicago (played under the rubber bridge code):

    * four deals, the dealer rotating clockwise from North; a passed-out deal is not counted
      and the same dealer deals again;
    * vulnerability: neither side on the first deal, the dealer's side on the second and
      third, both sides on the fourth;
    * each deal is scored as in rubber bridge (trick points below the line, premiums above,
      honours included) with the deal's vulnerability, and a game made earns 300 not
      vulnerable, 500 vulnerable, at once;
    * part scores are carried from deal to deal towards game until either side makes a game,
      which ends both sides' part scores; a part score made on the fourth deal that does not
      complete a game earns 100.

    >>> from bridgetable.core.calls import Contract
    >>> c = Chicago().record(Contract.parse("2H N"), 8).record(Contract.parse("2S S"), 8)
    >>> c.deals, c.totals, c.part_score(Side.NS)
    (2, (420, 0), 0)
    """

    __slots__ = ("_hands", "_parts")

    _hands: tuple[tuple[RubberEntry, ...], ...]
    _parts: tuple[int, int]

    def __init__(self) -> None:
        self._hands = ()
        self._parts = (0, 0)

    @staticmethod
    def dealer_of(deal: int) -> Seat:
        """The dealer of the ``deal``-th counted deal (1-4): North, East, South, West."""
        if not _is_int(deal) or not 1 <= deal <= 4:
            raise NotationError(f"a Chicago deal is numbered 1 to 4, not {deal!r}")
        return Seat(deal - 1)

    @staticmethod
    def vulnerability_of(deal: int) -> Vulnerability:
        """The vulnerability of the ``deal``-th counted deal (1-4)."""
        dealer = Chicago.dealer_of(deal)
        kind = _CHICAGO_VUL[deal - 1]
        if kind == "none":
            return Vulnerability.NONE
        if kind == "both":
            return Vulnerability.BOTH
        return Vulnerability.NS if dealer.side is Side.NS else Vulnerability.EW

    @property
    def deals(self) -> int:
        """The deals counted so far (passed-out deals are not)."""
        return len(self._hands)

    @property
    def is_over(self) -> bool:
        """Whether the four deals have been played."""
        return len(self._hands) >= 4

    @property
    def hands(self) -> tuple[tuple[RubberEntry, ...], ...]:
        """The entries of each deal, in order."""
        return self._hands

    @property
    def entries(self) -> tuple[RubberEntry, ...]:
        """Every entry, in order."""
        return tuple(e for hand in self._hands for e in hand)

    def part_score(self, side: Side) -> int:
        """``side``'s trick points carried towards game."""
        return self._parts[side]

    def total(self, side: Side) -> int:
        """``side``'s points so far."""
        return sum(e.points for e in self.entries if e.side is side)

    @property
    def totals(self) -> tuple[int, int]:
        """``(North-South, East-West)`` points so far; index it with a :class:`Side`."""
        return (self.total(Side.NS), self.total(Side.EW))

    def record(
        self, contract: Contract, tricks: int, honours: HonoursHeld | None = None
    ) -> Chicago:
        """The Chicago after the next deal, in which ``contract`` (with its declarer) was
        played and declarer's side won ``tricks`` tricks. (A passed-out deal is not
        recorded: it is dealt again.)

        Raises:
            NotationError: bad contract, tricks or honours.
            WrongPhase: the four deals have been played.
        """
        c = _check_contract(contract)
        t = _check_tricks(tricks)
        if c.declarer is None:
            raise NotationError(f"Chicago needs the declarer of {c}")
        _check_honours(honours, c)
        if self.is_over:
            raise WrongPhase("record", None, "the four deals have been played", "Chicago")
        deal = len(self._hands) + 1
        side = c.declarer.side
        vulnerable = Chicago.vulnerability_of(deal).is_vulnerable(side)
        p = _parts(c, t, vulnerable)
        entries = _deal_entries(c, p)
        parts = list(self._parts)
        if not p.undertricks:
            parts[side] += p.trick_score
            if parts[side] >= GAME:
                bonus = 500 if vulnerable else 300
                entries.append(RubberEntry(side, above=bonus, label="game"))
                parts = [0, 0]
            elif deal == 4:
                entries.append(RubberEntry(side, above=100, label="part score on the fourth deal"))
        if honours is not None:
            entries.append(RubberEntry(honours.side, above=honours.points, label="honours"))
        new = Chicago()
        new._hands = (*self._hands, tuple(entries))
        new._parts = (parts[0], parts[1])
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Chicago):
            return NotImplemented
        return self._hands == other._hands

    def __hash__(self) -> int:
        return hash(self._hands)

    def __repr__(self) -> str:
        ns, ew = self.totals
        return f"<Chicago deals={len(self._hands)} NS={ns} EW={ew}>"
