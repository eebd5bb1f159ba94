"""Rate limits per client address, on the well-kept ``limits`` package (a moving window in
memory): how many tables one client may create, and how many moves it may send, per unit of
time. The caps on live tables are the registry's (they need the database)."""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from sevenwonders.frontend.server.problems import ApiError
from sevenwonders.frontend.server.settings import Settings


def parse_rate(text: str) -> RateLimitItem:
    """``"10/minute"``, ``"5 per second"``...; ``ValueError`` for anything else."""
    try:
        return parse(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a rate (like 10/minute or 5/second)") from None


class Guard:
    """The rates of :class:`Settings`, counted per client address."""

    def __init__(self, settings: Settings) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.rates = {"create": parse_rate(settings.create_rate),
                      "move": parse_rate(settings.move_rate)}

    def hit(self, kind: str, client: str) -> None:
        """Count one ``kind`` ("create" or "move") for ``client``, or refuse it (429 with
        ``Retry-After``) if the client is over its rate."""
        rate = self.rates[kind]
        if self.limiter.hit(rate, kind, client):
            return
        reset = self.limiter.get_window_stats(rate, kind, client).reset_time
        wait = max(1, math.ceil(reset - time.time()))
        raise ApiError.server("rate_limited", f"too many {kind}s from this address (at most "
                              f"{rate.amount} per {rate.multiples} {rate.GRANULARITY.name}"
                              f"); try again in {wait} s", headers={"retry-after": str(wait)})
