"""The training example runs: a short smoke run of each way to train (needs sb3-contrib)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sb3_contrib")

ROOT = Path(__file__).resolve().parents[2]


def _example() -> Any:
    spec = importlib.util.spec_from_file_location(
        "rl_maskable_ppo", ROOT / "examples" / "rl_maskable_ppo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("mode", [["league", "--snapshot", "300"],
                                  ["fixed", "--opponents", "greedy,random", "--reward", "rank"]])
def test_a_short_training_run_trains_and_reports_win_rates(
        mode: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    example = _example()
    saved = tmp_path / "model.zip"
    rates = example.main([*mode, "--steps", "600", "--envs", "2", "--games", "2",
                          "--ismcts-games", "1", "--ismcts", "4", "--save", str(saved)])
    assert set(rates) == {"random", "greedy", "ismcts:4"}
    assert all(0.0 <= rate <= 1.0 for rate in rates.values())
    assert "wins against 2x greedy" in capsys.readouterr().out
    again = example.main([mode[0], "--load", str(saved), "--games", "2",
                          "--ismcts-games", "0"])
    assert again["random"] == rates["random"]  # the saved learner plays the same games alike


def test_a_frozen_copy_is_the_policy_and_stays_frozen() -> None:
    """frozen(model): the actor copied into numpy gives the torch policy's logits, and
    training the model on does not change the copy."""
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO

    from sevenwonders.rl import NumpyActor, frozen, gym_env

    env = gym_env("base", 3, flat=True, features=True, normalize=True)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0,
                        device="cpu")
    copy = frozen(model, deterministic=True)
    assert isinstance(copy, NumpyActor)
    obs, _ = env.reset(seed=0)
    with torch.no_grad():
        tensor = model.policy.obs_to_tensor(obs)[0]
        logits = model.policy.get_distribution(tensor).distribution.logits.numpy()[0]
    probabilities = np.exp(logits - logits.max())
    mine = copy.logits(obs)
    assert np.allclose(np.exp(mine - mine.max()), probabilities, atol=1e-4)
    mask = env.action_masks()
    assert copy(obs, mask) == int(model.predict(obs, action_masks=mask, deterministic=True)[0])
    model.learn(128)
    assert np.array_equal(copy.logits(obs), mine)
