"""The auction, regular case (Laws 17-22): legal calls, the end of the auction, the declarer.

Irregular calls (insufficient bids, doubles of partner, calls out of rotation) are refused here;
their rectifications belong to table mode.

Example:
    >>> from bridgetable.core.auction import Auction
    >>> from bridgetable.core.calls import parse_call
    >>> from bridgetable.core.seats import SEATS, Seat
    >>> a = Auction(Seat.NORTH)
    >>> for t in ("1S", "Pass", "4S", "X", "Pass", "Pass", "Pass"):
    ...     a = a.after(parse_call(t))
    >>> a.is_over, str(a.contract())
    (True, '4SX N')
"""

from __future__ import annotations

from collections.abc import Iterator

from bridgetable.core.calls import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Contract,
    DoubleCall,
    Doubling,
    PassCall,
    RedoubleCall,
)
from bridgetable.core.errors import IllegalCall, OutOfTurn, WrongPhase
from bridgetable.core.seats import SEATS, Seat


class Auction:
    """An immutable auction: the dealer and the calls made so far, in rotation."""

    __slots__ = ("_calls", "_dealer", "_doubling", "_last_bid", "_last_bid_index", "_passes")

    def __init__(self, dealer: Seat, calls: tuple[Call, ...] = ()) -> None:
        self._dealer = dealer
        self._calls: tuple[Call, ...] = ()
        self._last_bid: Bid | None = None
        self._last_bid_index = -1
        self._doubling = Doubling.UNDOUBLED
        self._passes = 0
        for c in calls:
            self._push(c)

    # --- queries ----------------------------------------------------------------------

    @property
    def dealer(self) -> Seat:
        """The seat that made (or makes) the first call."""
        return self._dealer

    @property
    def calls(self) -> tuple[Call, ...]:
        """The calls so far, dealer's first."""
        return self._calls

    def __iter__(self) -> Iterator[tuple[Seat, Call]]:
        for i, c in enumerate(self._calls):
            yield self._dealer.next(i), c

    def __len__(self) -> int:
        return len(self._calls)

    @property
    def turn(self) -> Seat | None:
        """The seat to call next, or ``None`` once the auction is over."""
        if self._passes >= 3 and (self._last_bid is not None or self._passes >= 4):
            return None
        return SEATS[(self._dealer + len(self._calls)) & 3]

    @property
    def is_over(self) -> bool:
        """Three passes after a bid, double or redouble (22A), or four passes (22B)."""
        if self._last_bid is None:
            return self._passes >= 4
        return self._passes >= 3

    @property
    def passed_out(self) -> bool:
        """All four passed: no play, no redeal (Law 22B)."""
        return self._last_bid is None and self._passes >= 4

    def caller_of(self, index: int) -> Seat:
        """The seat that made call number ``index`` (0-based)."""
        return self._dealer.next(index)

    def contract(self) -> Contract | None:
        """The final contract with its declarer, or ``None`` (auction open or passed out)."""
        if not self.is_over or self._last_bid is None:
            return None
        bid = self._last_bid
        side = self.caller_of(self._last_bid_index).side
        declarer = None
        for i, c in enumerate(self._calls):
            if isinstance(c, Bid) and c.strain is bid.strain and self.caller_of(i).side is side:
                declarer = self.caller_of(i)
                break
        return Contract(bid.level, bid.strain, self._doubling, declarer)

    def legal_calls(self) -> list[Call]:
        """Every call the player in turn may make (Laws 18-19)."""
        if self.is_over:
            return []
        out: list[Call] = [PASS]
        if self._can_double():
            out.append(DOUBLE)
        if self._can_redouble():
            out.append(REDOUBLE)
        start = 0 if self._last_bid is None else self._last_bid.rank + 1
        out.extend(ALL_BIDS[start:])
        return out

    # --- changes ----------------------------------------------------------------------

    def check(self, seat: Seat, call: Call) -> None:
        """Raise the refusal for ``seat`` making ``call`` now, if any."""
        turn = self.turn
        if turn is None:
            raise WrongPhase("call", seat, "the auction is over", "22")
        if seat is not turn:
            raise OutOfTurn("call", seat, f"it is {turn}'s turn to call", "17C, 28-32")
        if isinstance(call, Bid):
            if self._last_bid is not None and call.rank <= self._last_bid.rank:
                raise IllegalCall(
                    "call", seat, f"{call} is insufficient over {self._last_bid}", "18B, 27"
                )
        elif isinstance(call, DoubleCall):
            if not self._can_double():
                raise IllegalCall(
                    "call",
                    seat,
                    "a double needs an undoubled bid by an opponent with only passes since",
                    "19A1, 36",
                )
        elif isinstance(call, RedoubleCall):
            if not self._can_redouble():
                raise IllegalCall(
                    "call",
                    seat,
                    "a redouble needs a double by an opponent with only passes since",
                    "19B1, 36",
                )
        elif not isinstance(call, PassCall):
            raise IllegalCall("call", seat, f"{call!r} is not a call", "18")

    def after(self, call: Call) -> Auction:
        """A new auction with ``call`` made by the player in turn (checked)."""
        turn = self.turn
        self.check(turn if turn is not None else self._dealer, call)
        return self._after_checked(call)

    def _after_checked(self, call: Call) -> Auction:
        new = Auction.__new__(Auction)
        new._dealer = self._dealer
        new._calls = self._calls
        new._last_bid = self._last_bid
        new._last_bid_index = self._last_bid_index
        new._doubling = self._doubling
        new._passes = self._passes
        new._push(call)
        return new

    def _push(self, call: Call) -> None:
        idx = len(self._calls)
        self._calls = (*self._calls, call)
        if isinstance(call, Bid):
            self._last_bid = call
            self._last_bid_index = idx
            self._doubling = Doubling.UNDOUBLED
            self._passes = 0
        elif isinstance(call, DoubleCall):
            self._doubling = Doubling.DOUBLED
            self._passes = 0
        elif isinstance(call, RedoubleCall):
            self._doubling = Doubling.REDOUBLED
            self._passes = 0
        else:
            self._passes += 1

    def _last_action_by_opponent(self) -> bool:
        # the last non-pass call was made by an opponent of the player in turn
        n = len(self._calls)
        turn = self._dealer.next(n)
        for i in range(n - 1, -1, -1):
            if not isinstance(self._calls[i], PassCall):
                return self.caller_of(i).side is not turn.side
        return False

    def _can_double(self) -> bool:
        return (
            self._last_bid is not None
            and self._doubling is Doubling.UNDOUBLED
            and self._last_action_by_opponent()
        )

    def _can_redouble(self) -> bool:
        return self._doubling is Doubling.DOUBLED and self._last_action_by_opponent()

    def __repr__(self) -> str:
        return f"Auction({self._dealer!r}, ({', '.join(repr(c) for c in self._calls)}))"
