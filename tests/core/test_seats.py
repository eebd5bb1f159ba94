import pytest

from sevenwonders.core.seats import Ring
from sevenwonders.errors import InvalidOptionError, WrongSeatError


def test_left_and_right_on_a_ring_of_five() -> None:
    ring = Ring(5)
    assert [ring.left(s) for s in ring.seats] == [1, 2, 3, 4, 0]
    assert [ring.right(s) for s in ring.seats] == [4, 0, 1, 2, 3]
    assert ring.neighbours(0) == (1, 4)


def test_two_players_have_one_neighbour_on_both_sides() -> None:
    ring = Ring(2)
    assert ring.sides(0) == (1, 1)
    assert ring.neighbours(0) == (1,)
    assert ring.neighbours(1) == (0,)


def test_a_seat_outside_the_table_is_refused() -> None:
    ring = Ring(3)
    for bad in (-1, 3, "1", 1.0, True, None):
        with pytest.raises(WrongSeatError):
            ring.check(bad)
    assert ring.check(2) == 2


def test_a_table_needs_seats() -> None:
    with pytest.raises(InvalidOptionError):
        Ring(0)
