"""Every golden game still plays exactly as pinned (see ``games.py``)."""

from __future__ import annotations

import json

import pytest

from tests.golden.games import CONFIGS, GOLDEN, play, play_interleaved

PINNED = json.loads(GOLDEN.read_text())
CASES = [(config, seed) for config, (_, _, _, seeds) in CONFIGS.items() for seed in seeds]


def test_every_configuration_is_pinned() -> None:
    assert sorted(PINNED) == sorted(f"{config}/{seed}" for config, seed in CASES)


@pytest.mark.parametrize(("config", "seed"), CASES, ids=[f"{c}/{s}" for c, s in CASES])
def test_golden_game(config: str, seed: int) -> None:
    assert play(config, seed) == PINNED[f"{config}/{seed}"]


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_interleaved_games_through_one_game_object(config: str) -> None:
    """Caches keyed by anything but the state itself would mix live games up."""
    for key, result in play_interleaved(config).items():
        assert result == PINNED[key], key
