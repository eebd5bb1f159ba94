"""What an operator decides about a server: caps, rates, how long tables stay, which host
names it answers to. ``sevenwonders serve`` fills one :class:`Settings` from its flags; tests
and embedders pass their own to :func:`~sevenwonders.frontend.server.app.create_app`.
"""

from __future__ import annotations

import attrs

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")
"""Host names always answered: a browser on this machine (DNS rebinding names are not)."""

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_duration(text: str) -> float:
    """``"90"``, ``"90s"``, ``"10m"``, ``"2h"``, ``"30d"`` as seconds (flags take these)."""
    raw = text.strip().lower()
    unit = _UNITS.get(raw[-1:])
    number = raw[:-1] if unit is not None else raw
    try:
        value = float(number) * (unit or 1)
    except ValueError:
        raise ValueError(f"{text!r} is not a duration (like 90, 90s, 10m, 2h, 30d)") from None
    if not 0 <= value < float("inf"):
        raise ValueError(f"{text!r} is not a duration (like 90, 90s, 10m, 2h, 30d)")
    return value


@attrs.frozen(slots=True, kw_only=True)
class Settings:
    """The operator's choices; the defaults suit a small public server."""

    max_tables: int = 1000
    """Live tables (neither finished nor abandoned) at once; creation beyond gets 503."""
    max_tables_per_client: int = 10
    """Live tables created by one client address at once; beyond gets 429."""
    create_rate: str = "10/minute"
    """Tables one client address may create (``N/second``, ``N/minute``, ``N/hour``,
    ``N per M minutes``...)."""
    move_rate: str = "10/second"
    """Moves (and take-backs) one client address may send."""
    linger: float = 600.0
    """Seconds a finished table stays in memory after its last step (for the score sheet)."""
    idle: float = 3600.0
    """Seconds without a move after which an unfinished table counts as abandoned: it leaves
    memory and no cap counts it (anyone with a seat's token loads it again)."""
    retention: float = 30 * 86400.0
    """Seconds after its last move that a finished or abandoned table is deleted from the
    database (0: kept for ever)."""
    sweep_every: float = 30.0
    """Seconds between two sweeps (eviction from memory, deletion past retention)."""
    allowed_hosts: tuple[str, ...] = LOOPBACK_HOSTS
    """Host header values answered (``*.example.org`` wildcards; ``*`` answers every name)."""
    min_clock: float = 1.0
    """Shortest turn clock a table may ask for, in seconds."""
    max_clock: float = 86400.0
    """Longest turn clock a table may ask for, in seconds."""
