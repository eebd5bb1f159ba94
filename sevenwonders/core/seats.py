"""Seats around a table: who sits left and right of whom.

Seats are numbered 0..n-1 clockwise. The left neighbour of seat ``i`` is ``i + 1`` and the right
neighbour is ``i - 1`` (modulo n). With two players both neighbours are the same seat, which is why
:meth:`Ring.neighbours` returns the *distinct* neighbours and :meth:`Ring.sides` the two sides.
"""

from __future__ import annotations

import attrs

from sevenwonders.core.checks import check_seat
from sevenwonders.errors import InvalidOptionError


@attrs.frozen(slots=True)
class Ring:
    """A ring of ``size`` seats."""

    size: int = attrs.field()

    @size.validator
    def _check_size(self, _attribute: attrs.Attribute[int], value: int) -> None:
        if not isinstance(value, int) or value < 1:
            raise InvalidOptionError(f"a table needs at least one seat, not {value!r}")

    @property
    def seats(self) -> range:
        """Every seat of the ring, in order."""
        return range(self.size)

    def left(self, seat: int) -> int:
        """The seat to the left (the direction hands travel in Ages I and III)."""
        return (seat + 1) % self.size

    def right(self, seat: int) -> int:
        """The seat to the right."""
        return (seat - 1) % self.size

    def sides(self, seat: int) -> tuple[int, int]:
        """``(left, right)``; with two players both are the other seat."""
        return (self.left(seat), self.right(seat))

    def neighbours(self, seat: int) -> tuple[int, ...]:
        """The distinct neighbouring seats: two from three players up, one with two, none alone."""
        left, right = self.sides(seat)
        if left == seat:
            return ()
        if left == right:
            return (left,)
        return (left, right)

    def check(self, seat: object) -> int:
        """Return ``seat`` if it is a seat of this table, else raise :class:`WrongSeatError`
        (:func:`sevenwonders.core.checks.check_seat`, the one rule for every game)."""
        return check_seat(self.size, seat)
