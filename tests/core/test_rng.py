import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sevenwonders.core.rng import Rng


def test_same_seed_same_sequence_and_old_generator_unchanged() -> None:
    rng = Rng.from_seed(42)
    a, next_a = rng.below(1000)
    b, _ = rng.below(1000)
    assert a == b
    assert next_a != rng


def test_known_first_values_are_stable_across_versions() -> None:
    # Pinned so that a change of algorithm (which would change every seeded game) is noticed.
    values = []
    rng = Rng.from_seed(1)
    for _ in range(3):
        value, rng = rng.below(100)
        values.append(value)
    assert values == [55, 54, 31]
    assert Rng.from_seed(1).shuffle(range(8))[0] == (1, 0, 6, 4, 3, 5, 2, 7)


@given(st.integers(), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled, _ = Rng.from_seed(seed).shuffle(items)
    assert sorted(shuffled) == sorted(items)


@given(st.integers(), st.integers(min_value=1, max_value=10**9))
def test_below_stays_in_range(seed: int, bound: int) -> None:
    value, _ = Rng.from_seed(seed).below(bound)
    assert 0 <= value < bound


def test_below_is_roughly_uniform() -> None:
    rng = Rng.from_seed(3)
    counts = [0] * 6
    for _ in range(6000):
        value, rng = rng.below(6)
        counts[value] += 1
    assert all(850 < c < 1150 for c in counts)


def _reference_shuffle(rng: Rng, items: list[int]) -> tuple[tuple[int, ...], Rng]:
    """Fisher-Yates with one ``below`` draw per position: what ``shuffle`` must equal."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, rng = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng


@given(st.integers(min_value=-(2**70), max_value=2**70), st.integers(min_value=0, max_value=60))
def test_shuffle_draws_exactly_as_below(seed: int, size: int) -> None:
    rng = Rng.from_seed(seed)
    items = list(range(size))
    assert rng.shuffle(items) == _reference_shuffle(rng, items)


@given(st.integers(), st.lists(st.integers(min_value=1, max_value=2**64), max_size=20))
def test_draws_equal_a_chain_of_below(seed: int, bounds: list[int]) -> None:
    rng = Rng.from_seed(seed)
    expected = []
    chained = rng
    for bound in bounds:
        value, chained = chained.below(bound)
        expected.append(value)
    assert rng.draws(bounds) == (tuple(expected), chained)


def test_bounds_a_64_bit_generator_cannot_draw_are_refused() -> None:
    rng = Rng.from_seed(0)
    for bound in (0, -3, 2**64 + 1):
        with pytest.raises(ValueError):
            rng.below(bound)
        with pytest.raises(ValueError):
            rng.draws([2, bound])
    assert 0 <= rng.below(2**64)[0] < 2**64


def test_remembered_rejection_limits_are_the_largest_multiples_within_64_bits() -> None:
    from sevenwonders.core import rng as module

    for bound in range(1, module._SMALL):
        assert module._LIMITS[bound] == (2**64 // bound) * bound


@given(st.integers(), st.sampled_from([1023, 1024, 1025, 3 * 2**62, 2**64 - 1]))
def test_draws_past_the_remembered_limits_equal_below(seed: int, bound: int) -> None:
    rng = Rng.from_seed(seed)
    value, after = rng.below(bound)
    assert rng.draws([bound]) == ((value,), after)
    assert 0 <= value < bound


@given(st.integers(min_value=-(2**70), max_value=2**70),
       st.sampled_from([7, 8, 40, 132, 1023, 1024, 1025, 1500]))
def test_long_shuffles_draw_exactly_as_below(seed: int, size: int) -> None:
    # Long lists go through the block of outputs computed at once (and past 1024 items, one
    # draw at a time again): the same draws either way.
    rng = Rng.from_seed(seed)
    items = list(range(size))
    assert rng.shuffle(items) == _reference_shuffle(rng, items)


def _unmix(value: int) -> int:
    """The input of SplitMix64's output function that gives ``value`` (each step undone)."""
    from sevenwonders.core import rng as module

    def unshift(y: int, shift: int) -> int:
        x = y
        for _ in range(64 // shift + 1):
            x = y ^ (x >> shift)
        return x

    mask = 2**64 - 1
    z = unshift(value, 31)
    z = unshift(z * pow(module._MIX2, -1, 2**64) & mask, 27)
    return unshift(z * pow(module._MIX1, -1, 2**64) & mask, 30)


@pytest.mark.parametrize("position", [0, 5, 38])
@pytest.mark.parametrize("top", [2**64 - 1, 2**64 - 1024, 2**64 - 3])
def test_an_output_near_the_top_is_drawn_one_at_a_time(position: int, top: int) -> None:
    # Such an output may be rejected (odds about 2**-54 each, so no seed gives one by chance):
    # a generator made to give one at ``position`` shuffles exactly as the chain of below().
    from sevenwonders.core import rng as module

    rng = Rng((_unmix(top) - (position + 1) * module._GAMMA) % 2**64)
    assert [value for value, _ in _chain(rng, position + 1)][-1] == top
    assert module._outputs(rng.state, 40) is None
    items = list(range(41))
    assert rng.shuffle(items) == _reference_shuffle(rng, items)
    assert module._outputs(rng.state, position) in (None, [
        value for value, _ in _chain(rng, position)])


def _chain(rng: Rng, count: int) -> list[tuple[int, Rng]]:
    """``count`` raw 64-bit outputs of successive ``next64`` calls."""
    out = []
    for _ in range(count):
        value, rng = rng.next64()
        out.append((value, rng))
    return out


def test_a_block_gives_the_outputs_of_successive_draws() -> None:
    from sevenwonders.core import rng as module

    for seed in range(50):
        rng = Rng.from_seed(seed)
        expected = [value for value, _ in _chain(rng, 60)]
        assert module._outputs(rng.state, 60) == expected


def test_the_remembered_block_sizes_stay_bounded() -> None:
    from sevenwonders.core import rng as module

    for size in range(10, 10 + 3 * module._STEP_SIZES):
        Rng.from_seed(size).shuffle(range(size))
    assert 0 < len(module._STEPS) <= module._STEP_SIZES


# The draws on machine words (core/rng_native.py, used where the build is compiled) against
# draws written here from next64() alone, which never takes that path: the same values and
# generators in either build, rejections included.


def _next64_below(rng: Rng, bound: int) -> tuple[int, Rng]:
    limit = 2**64 - 2**64 % bound
    while True:
        value, rng = rng.next64()
        if value < limit:
            return value % bound, rng


def _next64_shuffle(rng: Rng, items: list[int]) -> tuple[tuple[int, ...], Rng]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, rng = _next64_below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng


def test_the_draws_run_on_machine_words_exactly_in_the_compiled_build() -> None:
    from sevenwonders.core import rng as module
    from sevenwonders.core import rng_native

    compiled = not rng_native.__file__.endswith(".py")
    assert rng_native.WRAPS is compiled
    assert module._NATIVE is compiled
    if os.environ.get("SEVENWONDERS_EXPECT_COMPILED"):
        assert compiled


_STATES = st.one_of(st.integers(min_value=0, max_value=2**64 - 1),
                    st.sampled_from([0, 1, 2**62, 2**63 - 1, 2**63, 2**64 - 1]))
"""A generator's states (64-bit: ``from_seed`` and every draw make no other)."""
_BOUNDS = st.one_of(st.integers(min_value=1, max_value=1100),
                    st.sampled_from([2**31 - 1, 2**62 - 1, 2**62, 2**62 + 1, 2**63 + 5, 2**64]))


@given(_STATES, _BOUNDS)
def test_below_and_choice_equal_draws_from_next64(state: int, bound: int) -> None:
    rng = Rng(state)
    assert rng.below(bound) == _next64_below(rng, bound)
    if bound <= 1100:
        index, after = _next64_below(rng, bound)
        assert rng.choice(range(100, 100 + bound)) == (100 + index, after)


@given(_STATES, st.lists(_BOUNDS, max_size=12))
def test_draws_equal_draws_from_next64(state: int, bounds: list[int]) -> None:
    rng = after = Rng(state)
    values = []
    for bound in bounds:
        value, after = _next64_below(after, bound)
        values.append(value)
    assert rng.draws(bounds) == (tuple(values), after)


@given(_STATES, st.integers(min_value=0, max_value=70))
def test_shuffle_equals_draws_from_next64(state: int, size: int) -> None:
    rng = Rng(state)
    assert rng.shuffle(list(range(size))) == _next64_shuffle(rng, list(range(size)))


@pytest.mark.parametrize("top", [2**64 - 1, 2**64 - 2, 2**64 - 1024, 2**63, 2**63 - 1])
@pytest.mark.parametrize("bound", [3, 5, 7, 10, 1000, 1023, 2**62 - 1])
def test_outputs_at_the_top_are_rejected_as_next64_rejects_them(top: int, bound: int) -> None:
    # A generator made to give ``top`` as its next output (rejected where it is at or above
    # the largest multiple of ``bound``): the draws on machine words reject exactly the same.
    from sevenwonders.core import rng as module

    rng = Rng((_unmix(top) - module._GAMMA) % 2**64)
    assert rng.next64()[0] == top
    assert rng.below(bound) == _next64_below(rng, bound)
    assert rng.draws([bound, 2, bound]) == _next64_draws(rng, [bound, 2, bound])
    if bound <= 1100:
        assert rng.choice(range(bound)) == _next64_below(rng, bound)
        items = list(range(bound))
        assert rng.shuffle(items) == _next64_shuffle(rng, items)


def _next64_draws(rng: Rng, bounds: list[int]) -> tuple[tuple[int, ...], Rng]:
    values = []
    for bound in bounds:
        value, rng = _next64_below(rng, bound)
        values.append(value)
    return tuple(values), rng
