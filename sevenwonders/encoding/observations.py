"""Observation encoders: a seat's view -> a fixed-shape ``float32`` vector.

An encoder reads the view only (never the state), so an observation shows nothing the seat may not
see, and the same view always gives the same array. Each game's encoder lists its layout as
named segments (:attr:`Encoder.layout`), printed by ``python -m sevenwonders.encoding.layout``.
Seats appear relative to the observer: the observer's own city first, then seat + 1, seat + 2...
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from sevenwonders.core.protocol import Game
from sevenwonders.errors import InvalidOptionError
from sevenwonders.games import spec_of

Array = np.ndarray[Any, np.dtype[np.float32]]
FLOAT32 = np.dtype(np.float32)  # a dtype object: numpy converts a type argument anew per call


class Layout:
    """Named consecutive segments of an observation vector."""

    def __init__(self) -> None:
        self.segments: list[tuple[str, int, int]] = []  # (name, start, length)
        self.size = 0

    def add(self, name: str, length: int) -> int:
        """Append a segment; returns its start."""
        start = self.size
        self.segments.append((name, start, length))
        self.size += length
        return start


class Encoder(Protocol):
    """Turns a seat's view into a float32 vector of a fixed layout (one encoder per game and
    configuration)."""
    @property
    def size(self) -> int:
        """The length of the observation vector."""

    @property
    def layout(self) -> Layout:
        """The named segments of the vector, for people reading it."""

    def encode(self, view: Any) -> Array:
        """The observation of ``view`` (a fresh array the caller may keep)."""
        ...


def relative_order(players: int) -> list[np.ndarray[Any, np.dtype[np.intp]]]:
    """For each observer, the seats in observation order: itself, then seat + 1, seat + 2..."""
    return [np.array([(seat + k) % players for k in range(players)], dtype=np.intp)
            for seat in range(players)]


def make_encoder(game: Game[Any, Any, Any]) -> Encoder:
    """The observation encoder of ``game``'s configuration (named by the game's spec,
    ``adapters["rl.observations"]``)."""
    spec = spec_of(game)
    encoder = None if spec is None else spec.load_adapter("rl.observations")
    if encoder is None:
        raise InvalidOptionError(f"no observation encoder for game {game.name!r}")
    built: Encoder = encoder(game)
    return built
