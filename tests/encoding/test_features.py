"""Derived features and normalisation: right values, blind to hidden information, bounded."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

from sevenwonders.base.trading import city_profile
from sevenwonders.core.resources import RESOURCES, Producer
from sevenwonders.rl import Adapter
from tests.encoding.test_observations import TWINS
from tests.rl.helpers import CONFIGS, IDS, game_of, playout


def _segment(adapter: Adapter, name: str, vector: Any) -> Any:
    start, length = next((s, n) for seg, s, n in adapter.layout.segments if seg == name)
    return vector[start:start + length]


def test_base_features_are_the_scores_production_and_prices() -> None:
    game = game_of("base", 3, {})
    adapter = Adapter(game, 3, features=True)
    lines = adapter.features.lines
    r = len(RESOURCES)
    for state in itertools.islice(playout(game, 6), 0, None, 4):
        sheets = game.scores(state)
        for seat in range(3):
            vector = adapter.vector(state, seat)
            cities = _segment(adapter, "features_cities", vector).reshape(3, -1)
            for k in range(3):  # relative order: the observer first
                sheet = sheets[(seat + k) % 3]
                assert list(cities[k, :len(lines)]) == [sheet.lines[line] for line in lines]
                assert cities[k, len(lines)] == sheet.total
            profile = city_profile(game.rules, state, seat)
            fixed = cities[0, len(lines) + 1:len(lines) + 1 + r]
            assert fixed.sum() + cities[0, len(lines) + 1 + r:].sum() >= 1  # its start
            start = Producer.of(game.rules.wonders[state.cities[seat].wonder].resource)
            assert fixed[start.options.bit_length() - 1] >= 1
            prices = _segment(adapter, "features_prices", vector)
            assert list(prices) == [*profile.left_prices, *profile.right_prices]


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_features_show_nothing_hidden(name: str, players: int, options: dict[str, Any]) -> None:
    adapter = Adapter(game_of(name, players, options), players, features=True, normalize=True)
    game = adapter.game
    for state in itertools.islice(playout(game, 2), 0, None, 5):
        if game.is_over(state):
            continue
        for seat in range(players):
            twin = TWINS[name](state, seat)
            assert np.array_equal(adapter.vector(state, seat), adapter.vector(twin, seat))


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_normalised_observations_stay_small(name: str, players: int,
                                            options: dict[str, Any]) -> None:
    plain = Adapter(game_of(name, players, options), players, features=True)
    scaled = Adapter(plain.game, players, features=True, normalize=True)
    assert scaled.layout.size == plain.layout.size == scaled.observation_space[
        "observation"].shape[0]
    largest = 0.0
    for state in playout(plain.game, 3):
        for seat in range(players):
            raw, small = plain.vector(state, seat), scaled.vector(state, seat)
            assert small.dtype == np.float32 and np.array_equal(raw == 0, small == 0)
            largest = max(largest, float(np.abs(small).max()))
    assert largest <= 8.0  # scaled or squashed: no count of dozens reaches the network
