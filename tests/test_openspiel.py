"""The OpenSpiel games pass OpenSpiel's random simulation test (with serialization) and run
OpenSpiel's own tools."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

import sevenwonders.openspiel as sw_spiel  # noqa: E402 - registers the games
from sevenwonders.errors import InvalidOptionError  # noqa: E402
from sevenwonders.rl import make_encoder  # noqa: E402

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("python_sevenwonders_base", {}),
    ("python_sevenwonders_base", {"players": 4, "edition": "1st", "sides": "b"}),
    ("python_sevenwonders_base", {"players": 5, "expansions": "edifice"}),
    ("python_sevenwonders_base", {"players": 7, "edition": "1st", "expansions": "edifice"}),
    ("python_sevenwonders_architects", {}),
    ("python_sevenwonders_architects", {"players": 5, "reward": "win"}),
    ("python_sevenwonders_dice", {"players": 2}),
    ("python_sevenwonders_dice", {"players": 4, "reward": "rank"}),
]


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_random_simulation_with_serialization(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_types_and_parameters() -> None:
    base = pyspiel.load_game("python_sevenwonders_base(players=4,edition=1st)")
    assert base.num_players() == 4 and base.adapter.game.options()["edition"] == "1st"
    assert base.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert base.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert base.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    architects = pyspiel.load_game("python_sevenwonders_architects")
    assert architects.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert pyspiel.load_game("python_sevenwonders_dice").get_type().dynamics == (
        pyspiel.GameType.Dynamics.SIMULTANEOUS)
    assert pyspiel.load_game("python_sevenwonders_base").get_parameters() == {
        "players": 3, "edition": "2nd", "sides": "", "expansions": "", "seeds": 10_000,
        "reward": "score"}
    assert sw_spiel.load("dice", players=3).num_players() == 3
    for bad in ({"seeds": 0}, {"reward": "money"}, {"players": 9}, {"expansions": "nope"}):
        with pytest.raises(InvalidOptionError):
            pyspiel.load_game("python_sevenwonders_base", bad)


def _started(name: str, **params: Any) -> Any:
    state = pyspiel.load_game(name, params).new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 10_000
    state.apply_action(17)
    return state


def test_clones_are_cheap_and_independent() -> None:
    state = _started("python_sevenwonders_architects")
    clone = state.clone()
    assert clone.engine_state is state.engine_state  # immutable: shared, not copied
    clone.apply_action(clone.legal_actions()[0])
    assert clone.engine_state is not state.engine_state
    assert state.history() == [17] and len(clone.history()) == 2


def test_serialization_round_trip() -> None:
    state = _started("python_sevenwonders_base", players=3)
    rng = np.random.default_rng(0)
    for _ in range(5):
        state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(3)])
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.engine_state == state.engine_state


def test_observations_come_from_the_view() -> None:
    state = _started("python_sevenwonders_base", players=3)
    game = state.get_game()
    engine = game.adapter.game
    expected = make_encoder(engine).encode(engine.view(state.engine_state, 1))
    assert np.array_equal(np.asarray(state.observation_tensor(1), np.float32), expected)
    assert state.observation_string(1) == repr(engine.view(state.engine_state, 1))
    action = state.legal_actions(0)[0]
    state.apply_actions([action, state.legal_actions(1)[0], state.legal_actions(2)[0]])
    label = game.adapter.index.labels[action]
    recalled = state.information_state_string(0).splitlines()
    assert recalled[0].endswith(f"-> {label}") and recalled[1] == state.observation_string(0)
    assert np.asarray(state.information_state_tensor(0)).shape == expected.shape


def test_openspiel_tools_run() -> None:
    from open_spiel.python.algorithms import mcts

    for name in ("python_sevenwonders_base", "python_sevenwonders_dice"):
        turn_based = pyspiel.convert_to_turn_based(pyspiel.load_game(name))
        pyspiel.random_sim_test(turn_based, num_sims=1, serialize=False, verbose=False)
    game = pyspiel.load_game("python_sevenwonders_architects", {"reward": "win"})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 1.4, 20, mcts.RandomRolloutEvaluator(1, rng), random_state=rng,
                       solve=False)
    state = _started("python_sevenwonders_architects", reward="win")
    assert bot.step(state) in state.legal_actions()
