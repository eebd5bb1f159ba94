"""Rate limits per client address: how many tables one client may create, and how many moves
it may send, per unit of time. The caps on live tables are the registry's (they need the
database).

A token bucket per client and kind, in memory: O(1) a request, no thread, no lock (everything
runs on the event loop). The ``limits`` package was tried first and measured: its in-memory
stores expire entries from a new thread (sync) or through a worker thread under a per-key lock
(asyncio), which, on a server with one event loop, tripled the latency of a loopback client's
moves; a bucket needs none of that.
"""

from __future__ import annotations

import math
import re
import time

import attrs

from sevenwonders.frontend.server.problems import ApiError
from sevenwonders.frontend.server.settings import Settings

_UNITS = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0}
_RATE = re.compile(r"\s*(\d{1,9})\s*(?:/|per)\s*(\d{1,6})?\s*(second|minute|hour|day)s?\s*")
PRUNE_EVERY = 4096  # requests between two sweeps of the buckets that are full again


@attrs.frozen(slots=True)
class Rate:
    """``amount`` requests per ``seconds``: a bucket of ``amount`` that refills evenly."""

    amount: int
    seconds: float

    def __str__(self) -> str:
        return f"{self.amount} per {self.seconds:g} s"


def parse_rate(text: str) -> Rate:
    """``"10/minute"``, ``"5 per second"``, ``"100 per 10 minutes"``; ``ValueError`` else."""
    found = _RATE.fullmatch(text.lower())
    if found is None or int(found[1]) < 1:
        raise ValueError(f"{text!r} is not a rate (like 10/minute or 5/second)")
    return Rate(int(found[1]), int(found[2] or 1) * _UNITS[found[3]])


class Guard:
    """The rates of :class:`Settings`, counted per client address."""

    def __init__(self, settings: Settings) -> None:
        self.rates = {"create": parse_rate(settings.create_rate),
                      "move": parse_rate(settings.move_rate)}
        self.buckets: dict[tuple[str, str], tuple[float, float]] = {}  # -> (tokens, when)
        self.hits = 0

    def hit(self, kind: str, client: str, now: float | None = None) -> None:
        """Count one ``kind`` ("create" or "move") for ``client``, or refuse it (429 with
        ``Retry-After``) if the client is over its rate."""
        rate = self.rates[kind]
        now = time.monotonic() if now is None else now
        per_second = rate.amount / rate.seconds
        tokens, when = self.buckets.get((kind, client), (float(rate.amount), now))
        tokens = min(float(rate.amount), tokens + (now - when) * per_second)
        self._prune(now)
        if tokens < 1:
            self.buckets[(kind, client)] = (tokens, now)
            wait = max(1, math.ceil((1 - tokens) / per_second))
            raise ApiError.server("rate_limited", f"too many {kind}s from this address (at most "
                                  f"{rate}); try again in {wait} s",
                                  headers={"retry-after": str(wait)})
        self.buckets[(kind, client)] = (tokens - 1, now)

    def _prune(self, now: float) -> None:
        """Every :data:`PRUNE_EVERY` requests, forget the buckets that are full again (so
        memory follows the clients of the last minutes, not every client ever seen)."""
        self.hits += 1
        if self.hits % PRUNE_EVERY:
            return
        for (kind, client), (tokens, when) in list(self.buckets.items()):
            rate = self.rates[kind]
            if tokens + (now - when) * rate.amount / rate.seconds >= rate.amount:
                del self.buckets[(kind, client)]
