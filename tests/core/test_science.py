from hypothesis import given
from hypothesis import strategies as st

from sevenwonders.core.science import best_wildcard_placement, science_points


def test_rulebook_score_pad_example_three_two_one_symbols_is_21() -> None:
    # 3 identical (9) + 2 identical (4) + 1 (1) + one complete set (7)
    assert science_points(3, 2, 1) == 21


def test_science_example_of_31_points() -> None:
    # 3 + 2 + 2 symbols: 9 + 4 + 4 + two sets of 7
    assert science_points(3, 2, 2) == 31


def test_table_of_identical_symbols() -> None:
    assert [science_points(n, 0, 0) for n in range(1, 7)] == [1, 4, 9, 16, 25, 36]


def test_wildcard_completes_a_set_when_that_scores_more() -> None:
    assert science_points(1, 1, 0, wildcards=1) == 10
    assert best_wildcard_placement(1, 1, 0, 1) == (0, 0, 1)


def test_wildcard_stacks_when_that_scores_more() -> None:
    # 4 compasses + wildcard as a fifth compass: 25 beats 16 + 1 = 17
    assert science_points(4, 0, 0, wildcards=1) == 25


counts = st.integers(min_value=0, max_value=6)


@given(counts, counts, counts, st.integers(min_value=0, max_value=3))
def test_wildcards_never_lose_points_and_are_symmetric(c: int, g: int, t: int, w: int) -> None:
    points = science_points(c, g, t, w)
    assert points >= science_points(c, g, t, max(0, w - 1))
    assert points == science_points(g, t, c, w) == science_points(t, c, g, w)
    pc, pg, pt = best_wildcard_placement(c, g, t, w)
    assert pc + pg + pt == w
    assert science_points(c + pc, g + pg, t + pt) == points
