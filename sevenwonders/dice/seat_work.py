"""A seat's sheet while a step is being resolved (:class:`SeatWork`): thawed on first touch,
frozen once at the end. The legal moves read it as they read a seat's state
(:mod:`sevenwonders.dice.legal`); the step writes it (:mod:`sevenwonders.dice.turn`).
"""

from __future__ import annotations

from collections.abc import Callable

from sevenwonders.dice.state import Pending, SeatState
from sevenwonders.dice.tables import SheetTable


class SeatWork:
    """A seat's sheet while a step is being resolved, frozen again at the end.

    The ticks are thawed into a list when the seat ticks a box (a seat that passes keeps its
    tuple); the parts that rarely change (bonuses, laurels, unlocked dice, pending decisions)
    stay immutable and are replaced whole when they do change. The step hands this record (not
    the seat number) from rule to rule.
    """

    __slots__ = ("agora_first", "bonuses", "coins", "laurels", "pending", "seat", "sheet",
                 "table", "ticks", "unlocked")

    def __init__(self, seat: int, s: SeatState, table: SheetTable) -> None:
        self.seat = seat
        self.sheet = s.sheet
        self.table = table
        self.coins = s.coins
        self.ticks: tuple[int, ...] | list[int] = s.ticks
        self.bonuses = s.bonuses
        self.laurels = s.laurels
        self.unlocked = s.unlocked
        self.agora_first = s.agora_first
        self.pending: tuple[Pending, ...] = s.pending

    def thawed_ticks(self) -> list[int]:
        """The ticks as a list, to tick a box in."""
        ticks = self.ticks
        if type(ticks) is list:
            return ticks
        thawed = self.ticks = list(ticks)
        return thawed

    def freeze(self, make_seat: Callable[..., SeatState]) -> SeatState:
        """The seat's new sheet, built by ``make_seat`` (the rules' constructor)."""
        ticks = self.ticks
        seat: SeatState = make_seat(
            sheet=self.sheet, coins=self.coins,
            ticks=tuple(ticks) if type(ticks) is list else ticks,
            bonuses=self.bonuses, laurels=self.laurels, unlocked=self.unlocked,
            agora_first=self.agora_first, pending=self.pending,
        )
        return seat
