"""The load checks' one bounded memory of verdicts: read as a dict, never more than its size,
the older half forgotten when full, the newer half kept."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sevenwonders.core.problems import Verdicts


@given(st.lists(st.integers(0, 50)), st.integers(2, 12))
def test_verdicts_stay_bounded_and_keep_the_one_just_remembered(keys: list[int], size: int) -> None:
    verdicts: Verdicts[int, str] = Verdicts(size)
    for key in keys:
        assert verdicts.remember(key, f"v{key}") == f"v{key}"
        assert len(verdicts) <= size
        assert verdicts[key] == f"v{key}" and key in verdicts
    assert all(verdicts.get(key) == f"v{key}" for key in verdicts)


def test_a_full_memory_forgets_its_older_half_first() -> None:
    verdicts: Verdicts[int, None] = Verdicts(4)
    for key in range(4):
        verdicts.remember(key, None)
    verdicts.remember(4, None)
    assert list(verdicts) == [2, 3, 4]
