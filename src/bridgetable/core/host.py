"""What :class:`~bridgetable.core.board.Board` gives its two mixins, declared once.

:class:`~bridgetable.core.table.TableMixin` (table mode) and
:class:`~bridgetable.core.claims.ClaimsMixin` (claims) are parts of ``Board``: they read and
change the board's state and call a few of its methods. :class:`BoardHost`, their common base,
declares that state and those methods for the type checker only. ``Board`` sets the state in
``_reset`` and defines the methods; the claims call the table-mode hooks that
``TableMixin`` defines. Nothing here exists at run time but the class itself: no stub can
shadow the real method.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bridgetable.core.calls import Contract
    from bridgetable.core.cards import Card, Suit
    from bridgetable.core.phase import Phase
    from bridgetable.core.policy import Policy
    from bridgetable.core.rectifications import Rectification
    from bridgetable.core.rules import RuleSet
    from bridgetable.core.seats import Seat, Side
    from bridgetable.core.tricks import Trick


class BoardHost:
    """The board state and methods that :class:`~bridgetable.core.table.TableMixin` and
    :class:`~bridgetable.core.claims.ClaimsMixin` use (declarations only)."""

    rules: RuleSet
    _events: list[Any]
    _phase: Phase
    _contract: Contract | None
    _declarer: Seat | None
    _dummy: Seat | None
    _trump: Suit | None
    _hands: list[int]
    _trick: list[tuple[Seat, Card]]
    _trick_leader: Seat | None
    _tricks: list[Trick]
    _turn: Seat | None
    _won: list[int]
    _marks: list[list[bool]]
    _face_down: Card | None
    _review: list[bool]
    _played_at: list[int]
    _seen_faced: bool
    _dummy_forfeited: bool
    _attention_drawn: bool
    _pending_rank: tuple[Card, ...]
    _defender_choice: bool
    _changed_after: list[Seat]
    _designated: Card | None
    _policy: Policy

    if TYPE_CHECKING:
        # Board's

        def _record(self, e: Any) -> None: ...

        def _set_turn(self, hand: Seat | None) -> None: ...

        def _put_card(self, hand: Seat, card: Card) -> None: ...

        def _reopen_last_trick(self) -> None: ...

        def _player_of(self, hand: Seat) -> Seat: ...

        def _is_defender(self, seat: Seat) -> bool: ...

        @property
        def opening_leader(self) -> Seat | None: ...

        # TableMixin's, called by the claims (64A)

        def revoke_transfer(
            self, later_by_claim: dict[Side, int] | None = None
        ) -> dict[Side, int]: ...

        @property
        def pending(self) -> Rectification | None: ...
