"""Derived features and normalisation: what a learner would otherwise have to work out itself.

Derived features (``features=True``) are appended to the observation, every seat in relative
order (the observer first):

- every game: the score so far, one value per line of the game's score sheet and the total
  (``score_<line>``), from the engine's own score sheet of the state as it stands: it reads only
  what lies open on the table (cities, coins, tokens), never a hand or a deck (the leak tests
  compare states that differ in hidden parts);
- base game: per city, production per resource (``produce``: units of each of the 7 resources
  a city makes for certain, then ``either``: how many either/or producers offer each resource),
  and the observer's own trade prices per resource from the left and from the right neighbour
  (``prices``), as the engine's trading rule computes them (``base/trading.py``: cards and stages
  built this turn produce and discount nothing yet).

Normalisation (``normalize=True``) divides each entry by a documented scale so that a typical
value lies in [0, 1] (coins by 10, turn by 7, tokens by 10, scores by 20...): the base game's
encoder names its scales per field (:meth:`BaseEncoder.scales`); Architects and Dice, whose
blocks mix many small counts, are squashed instead: ``sign(x) * log1p(|x|)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sevenwonders.core.protocol import Game
from sevenwonders.core.resources import RESOURCES
from sevenwonders.encoding.observations import FLOAT32, Array, Layout

SCORE_SCALE = 20.0  # victory points: a line rarely passes 20, a total rarely 80
PRODUCE_SCALE = 3.0  # units of one resource
PRICE_SCALE = 2.0  # the standard price of a resource


class Features:
    """The derived features of one game configuration, computed per state for every seat."""

    def __init__(self, game: Game[Any, Any, Any], layout: Layout) -> None:
        self.game = game
        self.players = n = game.players
        state = game.new_game(0)
        self.lines: tuple[str, ...] = tuple(game.scores(state)[0].lines)
        self._trading = game.name == "base"
        per_seat = len(self.lines) + 1 + (2 * len(RESOURCES) if self._trading else 0)
        self.per_seat = per_seat
        self.start = layout.add("features_cities", n * per_seat)
        if self._trading:
            layout.add("features_prices", 2 * len(RESOURCES))
        self.size = layout.size - self.start
        self._memo: tuple[Any, np.ndarray[Any, Any], list[Array]] | None = None

    def _rows(self, state: Any) -> tuple[np.ndarray[Any, Any], list[Array]]:
        """Every seat's row (seat order, twice over for relative slices) and own prices."""
        memo = self._memo
        if memo is not None and memo[0] is state:
            return memo[1], memo[2]
        n, width = self.players, self.per_seat
        rows = np.zeros((n, width), FLOAT32)
        prices: list[Array] = []
        for seat, sheet in enumerate(self.game.scores(state)):
            rows[seat, :len(self.lines)] = [sheet.lines.get(line, 0) for line in self.lines]
            rows[seat, len(self.lines)] = sheet.total
        if self._trading:
            from sevenwonders.base.trading import city_profile

            tables = self.game.rules  # type: ignore[attr-defined]  # the base game's tables
            at = len(self.lines) + 1
            r = len(RESOURCES)
            for seat in range(n):
                profile = city_profile(tables, state, seat)
                for options, amount in profile.own:
                    chosen = [k for k in range(r) if options >> k & 1]
                    if len(chosen) == 1:
                        rows[seat, at + chosen[0]] += amount
                    else:
                        for k in chosen:
                            rows[seat, at + r + k] += 1
                prices.append(np.array([*profile.left_prices, *profile.right_prices], FLOAT32))
        twice = np.concatenate([rows, rows])
        self._memo = (state, twice, prices)
        return twice, prices

    def encode(self, state: Any, seat: int) -> Array:
        """``seat``'s derived features of ``state`` (a fresh array)."""
        twice, prices = self._rows(state)
        out = twice[seat:seat + self.players].reshape(-1)
        if self._trading:
            out = np.concatenate([out, prices[seat]])
        return np.ascontiguousarray(out, FLOAT32)

    def scales(self) -> Array:
        """The normalising scale of each feature."""
        per_seat = [SCORE_SCALE] * (len(self.lines) + 1)
        if self._trading:
            per_seat += [PRODUCE_SCALE] * (2 * len(RESOURCES))
        out = per_seat * self.players
        if self._trading:
            out += [PRICE_SCALE] * (2 * len(RESOURCES))
        return np.array(out, FLOAT32)


def squash(x: Array) -> Array:
    """``sign(x) * log1p(|x|)``: the normalisation of encoders without named scales."""
    return (np.sign(x) * np.log1p(np.abs(x))).astype(FLOAT32)
