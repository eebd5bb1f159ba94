"""The rate limits' token buckets: rates as operators write them, a bucket that empties and
refills evenly, one bucket per client and kind, and buckets forgotten once full again."""

from __future__ import annotations

import pytest

from sevenwonders.frontend.server.guard import PRUNE_EVERY, Guard, Rate, parse_rate
from sevenwonders.frontend.server.problems import ApiError
from sevenwonders.frontend.server.settings import Settings


@pytest.mark.parametrize(("text", "rate"), [
    ("10/minute", Rate(10, 60)), ("5 per second", Rate(5, 1)), ("3/hours", Rate(3, 3600)),
    ("100 per 10 minutes", Rate(100, 600)), (" 1/day ", Rate(1, 86400)),
])
def test_rates_are_read(text: str, rate: Rate) -> None:
    assert parse_rate(text) == rate


@pytest.mark.parametrize("text", ["", "10", "0/minute", "ten/minute", "10/fortnight",
                                  "10/minute; drop", "-1/second", "1" * 12 + "/second"])
def test_other_rates_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not a rate"):
        parse_rate(text)


def test_a_bucket_empties_and_refills_evenly() -> None:
    guard = Guard(Settings(create_rate="3/minute", move_rate="2/second"))
    for _ in range(3):
        guard.hit("create", "a", now=100.0)
    with pytest.raises(ApiError) as refused:
        guard.hit("create", "a", now=100.0)
    assert refused.value.status == 429 and refused.value.reason == "rate_limited"
    assert refused.value.headers == {"retry-after": "20"}
    guard.hit("create", "b", now=100.0)  # another client has its own bucket
    guard.hit("move", "a", now=100.0)    # and another kind
    with pytest.raises(ApiError):
        guard.hit("create", "a", now=119.0)
    guard.hit("create", "a", now=121.0)  # a third of a minute gives one back
    with pytest.raises(ApiError):
        guard.hit("create", "a", now=121.0)


def test_full_buckets_are_forgotten() -> None:
    guard = Guard(Settings(move_rate="10/second"))
    for index in range(PRUNE_EVERY - 1):
        guard.hit("move", f"client {index}", now=0.0)
    assert len(guard.buckets) == PRUNE_EVERY - 1
    guard.hit("move", "late", now=5.0)  # every earlier bucket has refilled by now
    assert list(guard.buckets) == [("move", "late")]
