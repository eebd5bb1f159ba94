"""Strategies and builders shared by the payment-search tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from sevenwonders.core.resources import Producer

producer = st.tuples(
    st.text(alphabet="WSOCG", min_size=1, max_size=3), st.integers(min_value=1, max_value=2)
)
prices = st.tuples(*[st.sampled_from([1, 2])] * 7)


def trade_situations(costs: str) -> Callable[[Callable[..., Any]], Any]:
    """``@given`` for a test of (cost, own, left, right producers, left and right prices):
    a cost of up to five of ``costs``' letters, up to four own and three producers a side."""
    return given(
        st.text(alphabet=costs, min_size=1, max_size=5),
        st.lists(producer, max_size=4),
        st.lists(producer, max_size=3),
        st.lists(producer, max_size=3),
        prices,
        prices,
    )


def pairs(producers: list[tuple[str, int]]) -> tuple[tuple[int, int], ...]:
    """(options mask, amount) pairs for producers written as (letters, amount)."""
    return tuple(
        (p.options, p.amount)
        for p in (Producer.of("".join(sorted(set(text))), amount) for text, amount in producers)
    )
