"""OpenSpiel registration (optional extra ``openspiel``): ``import sevenwonders.openspiel``.

Registers ``python_sevenwonders_base`` (parameters ``players``, ``edition``, ``sides``,
``expansions`` as a comma-separated string), ``python_sevenwonders_architects`` (``players``) and
``python_sevenwonders_dice`` (``players``); each also takes ``seeds`` and ``reward``. Base and
Dice are simultaneous-move games, Architects is sequential; all have imperfect information.

Chance model (explicit): the first node is a chance node that draws the game's seed, uniformly
from ``seeds`` outcomes; every later random event (deals, draws, Dice shakes) follows from that
seed through the generator the state carries. So states serialize (as their history), and a clone
of a true state carries its generator: a search over clones (OpenSpiel's MCTS) sees future draws
and hidden cards, unlike the library's ISMCTS, which searches determinizations of a view.

Actions are the action index of :mod:`sevenwonders.rl.actions`; observation and information-state
strings and tensors come from the seat's views: the observation string is the view now, the
information-state string the view at every step with the seat's action there (perfect recall),
both tensors the RL observation vector of the view now (so the information-state tensor does not
recall earlier steps). Returns at the end (``reward``):
``score`` (victory points, the default), ``win`` or ``rank`` as in :mod:`sevenwonders.rl`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from sevenwonders.core.spec import SpielSpec, resolve
from sevenwonders.errors import InvalidOptionError
from sevenwonders.games import GAMES, game_info, spec
from sevenwonders.rl.adapter import Adapter

_SPECS: dict[str, SpielSpec] = {
    name: found for name in GAMES if (found := spec(name).openspiel) is not None}
"""Each game OpenSpiel registers, as its spec describes it (games.py: a game is named once)."""
NAMES = {name: f"python_sevenwonders_{name}" for name in _SPECS}
_COMMON = {"seeds": 10_000, "reward": "score"}
PARAMETERS: dict[str, dict[str, Any]] = {
    name: {**found.parameters, **_COMMON} for name, found in _SPECS.items()}


class _Shared:
    """Holds an immutable engine state or a shared object: ``deepcopy`` (OpenSpiel's clone of a
    Python state) keeps the reference instead of copying it, so clones are cheap."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


def _game_type(family: str) -> Any:
    info = game_info(family)  # what the game declares in its spec
    simultaneous = info.simultaneous
    low, high = info.min_players, info.max_players
    return pyspiel.GameType(
        short_name=NAMES[family],
        long_name=f"7 Wonders ({family}), sevenwonders library",
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS[family],
    )


def _options(family: str, params: dict[str, Any]) -> dict[str, Any]:
    ref = _SPECS[family].options
    options: dict[str, Any] = {} if ref is None else resolve(ref)(params)
    return options


class SevenWondersGame(pyspiel.Game):
    """One game family with its parameters, as OpenSpiel sees it."""

    def __init__(self, family: str, params: dict[str, Any]) -> None:
        full = {**PARAMETERS[family], **(params or {})}
        players = int(full["players"])
        self.family = family
        self.adapter = Adapter(family, players, reward=str(full["reward"]),
                               **_options(family, full))
        self.seeds = int(full["seeds"])
        if self.seeds < 1:
            raise InvalidOptionError(f"seeds must be at least 1, not {self.seeds}")
        score = full["reward"] == "score"
        super().__init__(
            _game_type(family),
            pyspiel.GameInfo(
                num_distinct_actions=self.adapter.index.size,
                max_chance_outcomes=self.seeds,
                num_players=players,
                min_utility=-100.0 if score else 0.0,
                max_utility=400.0 if score else 1.0,
                utility_sum=None,
                max_game_length=_SPECS[family].max_game_length,
            ),
            full,
        )

    def new_initial_state(self) -> SevenWondersState:
        return SevenWondersState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> ViewObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ViewObserver(self.adapter, perfect_recall)


class SevenWondersState(pyspiel.State):
    """A node: the chance node that draws the seed, then the engine's states."""

    def __init__(self, game: SevenWondersGame) -> None:
        super().__init__(game)
        self._adapter = _Shared(game.adapter)
        self._seeds = game.seeds
        self._engine = _Shared(None)
        # (engine state, {seat: action}, {seat: line}) for every step taken: a seat's information
        # state; the lines are each seat's recollection of the step, made once when first asked
        self._past = _Shared(())

    # -- reading

    @property
    def engine_state(self) -> Any:
        """The engine's state (``None`` before the chance node)."""
        return self._engine.value

    def current_player(self) -> int:
        state = self._engine.value
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        game = self._adapter.value.game
        if game.is_over(state):
            return int(pyspiel.PlayerId.TERMINAL)
        to_move = game.to_move(state)
        if len(to_move) == 1:
            return int(next(iter(to_move)))
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        state = self._engine.value
        if state is None or player < 0:
            return []
        adapter: Adapter = self._adapter.value
        if adapter.game.is_over(state) or player not in adapter.game.to_move(state):
            return []
        return adapter.legal_actions(state, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._seeds
        return [(seed, p) for seed in range(self._seeds)]

    def is_terminal(self) -> bool:
        state = self._engine.value
        return state is not None and bool(self._adapter.value.game.is_over(state))

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._adapter.value.players
        return list(self._adapter.value.final_rewards(self._engine.value))

    def rewards(self) -> list[float]:
        return self.returns()

    # -- acting

    def _apply_action(self, action: int) -> None:
        adapter: Adapter = self._adapter.value
        state = self._engine.value
        if state is None:
            self._engine = _Shared(adapter.game.new_game(int(action)))
            return
        seat = next(iter(adapter.game.to_move(state)))
        self._play({seat: adapter.listed_move(state, seat, action)}, {seat: action})

    def _apply_actions(self, actions: list[int]) -> None:
        adapter: Adapter = self._adapter.value
        state = self._engine.value
        seats = adapter.game.to_move(state)
        self._play({seat: adapter.listed_move(state, seat, actions[seat]) for seat in seats},
                   {seat: actions[seat] for seat in seats})

    def _play(self, moves: dict[int, Any], actions: dict[int, int]) -> None:
        adapter: Adapter = self._adapter.value
        before = self._engine.value
        self._engine = _Shared(adapter.game.play(before, moves))
        self._past = _Shared((*self._past.value, (before, actions, {})))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return str(self._adapter.value.index.labels[action])

    def own_actions(self, player: int) -> tuple[int, ...]:
        """The actions ``player`` took so far."""
        return tuple(actions[player] for _, actions, _ in self._past.value if player in actions)

    def recollection(self, player: int) -> list[str]:
        """What ``player`` saw at every step so far (its view) and the action it took there."""
        adapter: Adapter = self._adapter.value
        labels = adapter.index.labels
        lines = []
        for before, actions, memo in self._past.value:
            line = memo.get(player)
            if line is None:
                did = labels[actions[player]] if player in actions else "-"
                line = memo[player] = f"{adapter.game.view(before, player)!r} -> {did}"
            lines.append(line)
        return lines

    def __str__(self) -> str:
        state = self._engine.value
        if state is None:
            return "(seed to draw)"
        game = self._adapter.value.game
        return f"to move: {sorted(game.to_move(state))}; over: {game.is_over(state)}"


class ViewObserver:
    """Observation (``perfect_recall=False``) or information state (``True``) from a view."""

    def __init__(self, adapter: Adapter, perfect_recall: bool) -> None:
        self._adapter = adapter
        self._perfect_recall = perfect_recall
        self.tensor = np.zeros(adapter.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SevenWondersState, player: int) -> None:
        engine = state.engine_state
        if engine is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self._adapter.encoder.encode(self._adapter.game.view(engine, player))

    def string_from(self, state: SevenWondersState, player: int) -> str:
        engine = state.engine_state
        if engine is None:
            return "chance"
        now = repr(self._adapter.game.view(engine, player))
        if not self._perfect_recall:
            return now
        return "\n".join([*state.recollection(player), now])  # perfect recall


def load(game: str, **params: Any) -> Any:
    """``pyspiel.load_game`` of a family by its short name (``"base"``...), with parameters."""
    return pyspiel.load_game(NAMES.get(game, game), params)


def _game_class(family: str) -> type[SevenWondersGame]:
    """The class OpenSpiel builds ``family``'s games with (from its parameters alone)."""

    def init(self: SevenWondersGame, params: dict[str, Any] | None = None) -> None:
        SevenWondersGame.__init__(self, family, dict(params or {}))

    return type(f"{family.title()}SpielGame", (SevenWondersGame,), {"__init__": init})


# Registered as classes (as OpenSpiel's own Python games are): a plain function held by the
# registry is released after the interpreter's finalization and aborts the process at exit.
for _family in _SPECS:
    pyspiel.register_game(_game_type(_family), _game_class(_family))
