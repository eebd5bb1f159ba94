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
    ("python_sevenwonders_base", {"players": 6, "seeds": 100, "seed_draws": 2}),
    ("python_sevenwonders_architects", {"players": 7, "seeds": 50, "seed_draws": 3}),
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
        "seed_draws": 1, "reward": "score"}
    assert sw_spiel.load("dice", players=3).num_players() == 3
    for bad in ({"seeds": 0}, {"reward": "money"}, {"players": 9}, {"expansions": "nope"},
                {"seed_draws": 0}, {"seeds": 100_000, "seed_draws": 5}):
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


def _random_actions(state: Any, rng: np.random.Generator) -> list[int]:
    return [int(rng.choice(state.legal_actions(p))) for p in range(state.num_players())]


def test_serialization_is_the_history_replayed() -> None:
    """A serialized state is its game's parameters and its history (a kilobyte or two, where
    the whole adapter once took 90 to 900 KB), read back by replaying the history."""
    game = pyspiel.load_game("python_sevenwonders_base", {"players": 3})
    state = _started("python_sevenwonders_base", players=3)
    rng = np.random.default_rng(0)
    for _ in range(7):
        state.apply_actions(_random_actions(state, rng))
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    assert len(text) < 2_000
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.engine_state == state.engine_state and again.history() == state.history()
    for seat in range(3):
        assert again.information_state_string(seat) == state.information_state_string(seat)
    copy = game.deserialize_state(state.serialize())
    assert copy.engine_state == state.engine_state


def test_a_serialized_state_that_lies_is_refused() -> None:
    state = _started("python_sevenwonders_dice", players=2)
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    node = sw_spiel._replayed(state.get_game().key(), [17])
    assert node.engine == state.engine_state
    with pytest.raises(InvalidOptionError):
        sw_spiel._replayed(state.get_game().key(), [10_000])  # not a seed outcome
    with pytest.raises(InvalidOptionError):
        sw_spiel._replayed('["chess", {}]', [1])
    with pytest.raises(InvalidOptionError):
        sw_spiel._replayed(state.get_game().key(), [17, 1.5])  # type: ignore[list-item]
    assert "history=-1:17" in text


def test_the_seed_can_be_drawn_in_several_cheap_nodes() -> None:
    game = pyspiel.load_game("python_sevenwonders_base", {"seeds": 100, "seed_draws": 2})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 100
    state.apply_action(17)
    assert state.is_chance_node() and state.engine_state is None
    state.apply_action(3)
    engine = game.adapter.game
    assert state.engine_state == engine.new_game(17 + 3 * 100)
    assert not state.is_chance_node()


def test_observations_come_from_the_view() -> None:
    state = _started("python_sevenwonders_base", players=3)
    game = state.get_game()
    engine = game.adapter.game
    view = engine.view(state.engine_state, 1)
    expected = make_encoder(engine).encode(sw_spiel.without_memory(view))
    assert np.array_equal(np.asarray(state.observation_tensor(1), np.float32), expected)
    assert state.observation_string(1) == repr(sw_spiel.without_memory(view))
    action = state.legal_actions(0)[0]
    state.apply_actions([action, state.legal_actions(1)[0], state.legal_actions(2)[0]])
    label = game.adapter.index.labels[action]
    recalled = state.information_state_string(0).splitlines()
    assert recalled[0].endswith(f"-> {label}")
    assert recalled[1] == repr(engine.view(state.engine_state, 0))
    info = np.asarray(state.information_state_tensor(0), np.float32)
    assert info.shape == (expected.size + game.memory.size,)
    assert np.array_equal(info[:expected.size], state.observation_tensor(0))


def _sold(first_card: int) -> Any:
    """A 3-player game after a first turn in which every seat sold a card: seat 0 the one at
    ``first_card`` of its hand, the others their first."""
    state = _started("python_sevenwonders_base", players=3)
    labels = state.get_game().adapter.index.labels
    hands = state.engine_state.hands
    actions = []
    for seat in range(3):
        card = hands[seat][first_card if seat == 0 else 0]
        actions.append(next(a for a in state.legal_actions(seat)
                            if labels[a] == f"sell {card}"))
    state.apply_actions(actions)
    return state


def test_information_states_differ_where_the_seat_saw_different_cards() -> None:
    """Seat 0 sells one card or another: the same observation (the hand it holds now, three
    coins, a face-down card on the pile), two information states (what it passed and sold)."""
    one, other = _sold(0), _sold(1)
    assert one.observation_tensor(0) == other.observation_tensor(0)
    assert one.observation_string(0) == other.observation_string(0)
    assert one.information_state_tensor(0) != other.information_state_tensor(0)
    assert one.information_state_string(0) != other.information_state_string(0)
    assert one.information_state_tensor(2) == other.information_state_tensor(2)


@pytest.mark.parametrize(("name", "players"), [("python_sevenwonders_base", 7),
                                               ("python_sevenwonders_dice", 3),
                                               ("python_sevenwonders_architects", 3)])
def test_rl_environment_runs_with_stock_random_agents(name: str, players: int) -> None:
    """OpenSpiel's ``rl_environment`` with its stock ``RandomAgent`` at every seat, through
    nodes where one seat alone decides (the others' one legal action is ``wait``)."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent

    game = pyspiel.load_game(name, {"players": players, "seeds": 100, "seed_draws": 2})
    env = rl_environment.Environment(game, seed=1)
    size = env.action_spec()["num_actions"]
    agents = [random_agent.RandomAgent(player_id=p, num_actions=size) for p in range(players)]
    np.random.seed(2)
    waited = episodes = 0
    while episodes < 4 or not (waited or env.is_turn_based or episodes >= 80):
        episodes += 1
        step = env.reset()
        while not step.last():
            if env.is_turn_based:
                actions = [agents[step.current_player()].step(step).action]
            else:
                actions = [agent.step(step).action for agent in agents]
                waited += sum(a == game.wait for a in actions)
            step = env.step(actions)
        assert len(step.rewards) == players
    assert env.is_turn_based == (name == "python_sevenwonders_architects")
    assert waited or env.is_turn_based


def test_a_wait_where_a_seat_must_decide_is_refused() -> None:
    state = _started("python_sevenwonders_base", players=3)
    wait = state.get_game().wait
    assert state._action_to_string(0, wait) == "wait"
    with pytest.raises(Exception, match="not"):
        state.apply_actions([wait, wait, wait])


def test_openspiel_dqn_learns_from_the_information_state() -> None:
    """OpenSpiel's own DQN (pytorch, dm-tree) takes steps on the information-state tensor."""
    pytest.importorskip("tree")
    pytest.importorskip("torch")
    from open_spiel.python import rl_environment
    from open_spiel.python.pytorch import dqn

    game = pyspiel.load_game("python_sevenwonders_architects", {"seeds": 10, "reward": "win"})
    env = rl_environment.Environment(game, seed=3)
    size = env.observation_spec()["info_state"][0]
    agents = [dqn.DQN(player_id=p, state_representation_size=size,
                      num_actions=env.action_spec()["num_actions"], hidden_layers_sizes=[16],
                      batch_size=8, min_buffer_size_to_learn=16, learn_every=4, seed=p)
              for p in range(2)]
    for _ in range(2):
        step = env.reset()
        while not step.last():
            player = step.current_player()
            step = env.step([agents[player].step(step).action])
        for agent in agents:
            agent.step(step)
    assert all(agent.loss is not None for agent in agents)


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


def test_openspiel_ismcts_searches_determinizations_of_the_information_state() -> None:
    """``resample_from_infostate`` draws the hidden cards again with the library's determinizer
    (the seat's memory kept), which OpenSpiel's ISMCTS bot searches over."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_sevenwonders_architects", {"reward": "win"})
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 1.4, 10,
                           random_state=rng, allow_inconsistent_action_sets=True)
    state = _started("python_sevenwonders_architects", reward="win")
    differ = 0
    for _ in range(6):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        player = state.current_player()
        sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0, 1))
        assert sample.information_state_string(player) == state.information_state_string(player)
        differ += sample.engine_state != state.engine_state
    assert differ
