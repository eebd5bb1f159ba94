"""OpenSpiel registration (optional extra ``openspiel``): ``import sevenwonders.openspiel``.

Registers ``python_sevenwonders_base`` (parameters ``players``, ``edition``, ``sides``,
``expansions`` as a comma-separated string), ``python_sevenwonders_architects`` and
``python_sevenwonders_dice`` (``players``); each also takes ``seeds``, ``seed_draws`` and
``reward`` (``score``, the default, ``win`` or ``rank`` as in :mod:`sevenwonders.rl`). Base and
Dice are simultaneous-move games, Architects is sequential; all have imperfect information.

Chance (explicit): the seed is drawn first, in ``seed_draws`` chance nodes of ``seeds`` outcomes
(the seed is ``sum(draw_i * seeds**i)``; an RL loop that resets often takes e.g. ``seeds=100,
seed_draws=2``); every later random event follows from it through the state's generator. A
clone of a true state carries that generator and every hidden card (OpenSpiel's MCTS over clones
sees them); ``resample_from_infostate`` draws what a seat cannot see again with the library's
determinizer (its memory kept), which OpenSpiel's ISMCTS bot searches (sequential games only).

Single-seat nodes of Base and Dice stay simultaneous nodes: a seat with nothing to decide has one
legal action, :data:`WAIT_LABEL` (the last action id), so ``rl_environment`` runs with stock
agents. Actions are the index of :mod:`sevenwonders.encoding.actions` (plus that one).
Observations are the seat's view without its memory (string: the view; tensor: its RL
encoding); information states have perfect recall (string: the seat's view at every step with its
action there; tensor: the observation tensor followed by :class:`MemoryEncoder`'s encoding of
the memory).

A state serializes as its game's parameters and history, and is read back by replaying them
(exact: the seed is a chance outcome). See ``docs/information.md``.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import numpy as np
import pyspiel

from sevenwonders.agents.determinize import determinizer_for
from sevenwonders.core.rng import Rng
from sevenwonders.core.spec import SpielSpec, resolve
from sevenwonders.errors import InvalidOptionError
from sevenwonders.games import GAMES, game_info, spec
from sevenwonders.rl.adapter import Adapter

_SPECS: dict[str, SpielSpec] = {
    name: found for name in GAMES if (found := spec(name).openspiel) is not None}
"""Each game OpenSpiel registers, as its spec describes it (games.py: a game is named once)."""
NAMES = {name: f"python_sevenwonders_{name}" for name in _SPECS}
_COMMON = {"seeds": 10_000, "seed_draws": 1, "reward": "score"}
PARAMETERS: dict[str, dict[str, Any]] = {
    name: {**found.parameters, **_COMMON} for name, found in _SPECS.items()}
MAX_SEED = 2**64 - 1
"""The largest seed a game takes (``seeds ** seed_draws`` may not exceed it)."""
WAIT_LABEL = "wait"
ADAPTER_LIMIT = 64
RESAMPLE_SEEDS = 10_000
"""How many determinizations :meth:`SevenWondersState.resample_from_infostate` draws among."""
# per configuration (family and parameters as text): the adapter its games share, and the first
# game made of it (what a serialized state is read back with)
_ADAPTERS: dict[str, Adapter] = {}
_GAMES: dict[str, SevenWondersGame] = {}
_OUTCOMES: dict[int, list[tuple[int, float]]] = {}


class MemoryEncoder:
    """The information-state tensor's memory part: what a seat remembers beyond its view now
    (``view.memory``), as counts per card name or kind. Base game: per hand in circulation,
    counting from the seat to its left, a "seen" flag and the counts of the cards remembered in
    it, then the counts of the discard pile cards it knows. Architects: the central top card's
    kind (one-hot) and, per wonder deck from the seat's own on, the kinds known on top. Dice:
    nothing (size 0)."""

    def __init__(self, names: tuple[str, ...], players: int, family: str) -> None:
        self.family = family
        self.players = players
        self.names = names
        self.slot = {name: i for i, name in enumerate(names)}
        width = len(names)
        self.size = (0 if family == "dice" else players * (width + 1) + width
                     if family == "base" else (players + 1) * width)

    def encode(self, view: Any) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The memory part of ``view``'s information-state tensor."""
        out = np.zeros(self.size, np.float32)
        memory = getattr(view, "memory", None)
        if memory is None or not self.size:
            return out
        n, width, slot = self.players, len(self.names), self.slot
        if self.family == "base":
            for k in range(n if memory.hands else 0):
                cards = memory.hands[(view.seat + k) % n]
                start = k * (width + 1)
                if cards is not None:
                    out[start] = 1.0
                    for name in cards:
                        out[start + 1 + slot[name]] += 1.0
            for name in memory.discard:
                out[n * (width + 1) + slot[name]] += 1.0
            return out
        if memory.central_top is not None:
            out[slot[memory.central_top]] = 1.0
        for k in range(n if memory.deck_tops else 0):
            for name in memory.deck_tops[(view.seat + k) % n]:
                out[(k + 1) * width + slot[name]] += 1.0
        return out


def memory_encoder(game: Any) -> MemoryEncoder:
    """The :class:`MemoryEncoder` of an engine game (base, Architects or Dice)."""
    name = game.name
    if name == "base":
        names: tuple[str, ...] = tuple(sorted(game.edition.cards))
    elif name == "architects":
        names = tuple(game.tables.kind_ids)
    else:
        names = ()
    return MemoryEncoder(names, game.players, name)


def without_memory(view: Any) -> Any:
    """``view`` without what the seat remembers (its observation now): the memory emptied."""
    memory = getattr(view, "memory", None)
    if memory is None:
        return view
    return attrs.evolve(view, memory=type(memory)())


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
        self.params = full
        key = json.dumps([family, full], sort_keys=True)
        adapter = _ADAPTERS.get(key)
        if adapter is None:  # one per configuration: OpenSpiel makes a game per state it reads
            adapter = Adapter(family, players, reward=str(full["reward"]),
                              **_options(family, full))
            if len(_ADAPTERS) >= ADAPTER_LIMIT:
                _ADAPTERS.clear()
            _ADAPTERS[key] = adapter
        self.adapter = adapter
        self.seeds = int(full["seeds"])
        self.seed_draws = int(full["seed_draws"])
        if self.seeds < 1 or self.seed_draws < 1 or self.seeds ** self.seed_draws > MAX_SEED:
            raise InvalidOptionError(
                f"seeds ({self.seeds}) and seed_draws ({self.seed_draws}) must be at least 1, "
                f"with seeds ** seed_draws at most {MAX_SEED}")
        self.simultaneous = bool(game_info(family).simultaneous)
        self.wait = self.adapter.index.size if self.simultaneous else -1
        self.memory = memory_encoder(self.adapter.game)
        self.outcomes = _outcomes(self.seeds)
        score = full["reward"] == "score"
        _GAMES.setdefault(key, self)
        super().__init__(
            _game_type(family),
            pyspiel.GameInfo(
                num_distinct_actions=self.adapter.index.size + self.simultaneous,
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
        """The chance node that draws the game's seed."""
        return SevenWondersState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> ViewObserver:
        """An observer of the seats' views: observation (the view now) or information state (with
        perfect recall)."""
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ViewObserver(self, perfect_recall)

    def key(self) -> str:
        """The family and parameters, as text (what a serialized state names its game by)."""
        return json.dumps([self.family, self.params], sort_keys=True)


def _outcomes(seeds: int) -> list[tuple[int, float]]:
    """The chance outcomes of a seed draw, made once per number of outcomes."""
    found = _OUTCOMES.get(seeds)
    if found is None:
        if len(_OUTCOMES) >= ADAPTER_LIMIT:
            _OUTCOMES.clear()
        p = 1.0 / seeds
        found = _OUTCOMES[seeds] = [(seed, p) for seed in range(seeds)]
    return found


def _game_of(key: str) -> SevenWondersGame:
    """The game object of ``key`` (:meth:`SevenWondersGame.key`), one per process."""
    game = _GAMES.get(key)
    if game is None:
        family, params = json.loads(key)
        if family not in NAMES or not isinstance(params, dict):
            raise InvalidOptionError("a serialized state names no game of this library")
        game = _GAMES[key] = SevenWondersGame(family, params)
    return game


class _Node:
    """Where a state is: the engine's state (``None`` while the seed is drawn), the seed draws
    so far, and every step taken (engine state before it, ``{seat: action}``, and each seat's
    recollection line of it, made when first asked). Never changed: a step makes a new node, so
    a clone (``deepcopy``) shares it. It pickles as its game's key and its history, and is read
    back by replaying them (:func:`_replayed`)."""

    __slots__ = ("draws", "engine", "game", "past")

    def __init__(self, game: SevenWondersGame, engine: Any, draws: tuple[int, ...],
                 past: tuple[tuple[Any, dict[int, int], dict[int, str]], ...]) -> None:
        self.game = game
        self.engine = engine
        self.draws = draws
        self.past = past

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def history(self) -> list[int]:
        """The seed draws, then every step's actions of the seats that moved, by seat."""
        out = list(self.draws)
        for _, actions, _ in self.past:
            out.extend(actions[seat] for seat in sorted(actions))
        return out

    def __reduce__(self) -> tuple[Any, tuple[str, list[int]]]:
        return _replayed, (self.game.key(), self.history())


def _replayed(key: str, history: list[int]) -> _Node:
    """The node a game's ``history`` (:meth:`_Node.history`) leads to, replayed."""
    game = _game_of(key)
    if not isinstance(history, list) or not all(type(a) is int for a in history):
        raise InvalidOptionError("a serialized state's history is not a list of actions")
    node = _Node(game, None, (), ())
    steps = iter(history)
    for draw in steps:
        node = _drawn(node, draw)
        if node.engine is not None:
            break
    adapter = game.adapter
    while True:
        seats = sorted(adapter.game.to_move(node.engine)) if node.engine is not None else []
        actions = {}
        for seat in seats:
            action = next(steps, None)
            if action is None:
                break
            actions[seat] = action
        if not actions:
            return node
        if len(actions) != len(seats):
            raise InvalidOptionError("a serialized state's history ends inside a step")
        node = _stepped(node, actions)


def _drawn(node: _Node, draw: int) -> _Node:
    game = node.game
    if not 0 <= draw < game.seeds:
        raise InvalidOptionError(f"seed draw {draw} is not an outcome of 0..{game.seeds - 1}")
    draws = (*node.draws, draw)
    if len(draws) < game.seed_draws:
        return _Node(game, None, draws, ())
    seed = sum(d * game.seeds ** i for i, d in enumerate(draws))
    return _Node(game, game.adapter.game.new_game(seed), draws, ())


def _stepped(node: _Node, actions: dict[int, int]) -> _Node:
    adapter = node.game.adapter
    state = node.engine
    moves = {seat: adapter.listed_move(state, seat, action) for seat, action in actions.items()}
    after = adapter.game.play(state, moves)
    return _Node(node.game, after, node.draws, (*node.past, (state, actions, {})))


class SevenWondersState(pyspiel.State):
    """A node: the chance nodes that draw the seed, then the engine's states."""

    def __init__(self, game: SevenWondersGame) -> None:
        super().__init__(game)
        self._node = _Node(game, None, (), ())

    # -- reading

    @property
    def engine_state(self) -> Any:
        """The engine's state (``None`` while the seed is drawn)."""
        return self._node.engine

    def current_player(self) -> int:
        """The chance player at the start, the simultaneous player in a simultaneous turn, the
        one seat to move otherwise, or terminal."""
        node = self._node
        state = node.engine
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        game = node.game.adapter.game
        if game.is_over(state):
            return int(pyspiel.PlayerId.TERMINAL)
        if node.game.simultaneous:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return int(next(iter(game.to_move(state))))

    def _legal_actions(self, player: int) -> list[int]:
        node = self._node
        state = node.engine
        if state is None or player < 0:
            return []
        adapter: Adapter = node.game.adapter
        if adapter.game.is_over(state):
            return []
        if player not in adapter.game.to_move(state):
            return [node.game.wait] if node.game.simultaneous else []
        return adapter.legal_actions(state, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The seeds the chance node may draw, each equally likely."""
        return self._node.game.outcomes

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        node = self._node
        return node.engine is not None and bool(node.game.adapter.game.is_over(node.engine))

    def returns(self) -> list[float]:
        """Each seat's return: by the game's ``reward`` parameter, at the end only."""
        adapter: Adapter = self._node.game.adapter
        if not self.is_terminal():
            return [0.0] * adapter.players
        return list(adapter.final_rewards(self._node.engine))

    def rewards(self) -> list[float]:
        """The same as :meth:`returns`: only the end of a game is rewarded."""
        return self.returns()

    # -- acting

    def _apply_action(self, action: int) -> None:
        node = self._node
        if node.engine is None:
            self._node = _drawn(node, int(action))
            return
        seat = next(iter(node.game.adapter.game.to_move(node.engine)))
        self._node = _stepped(node, {seat: int(action)})

    def _apply_actions(self, actions: list[int]) -> None:
        node = self._node
        seats = node.game.adapter.game.to_move(node.engine)
        for seat, action in enumerate(actions):
            if seat not in seats and action != node.game.wait:
                raise InvalidOptionError(f"seat {seat} has nothing to decide: its action is "
                                         f"{node.game.wait} ({WAIT_LABEL}), not {action}")
        self._node = _stepped(node, {seat: int(actions[seat]) for seat in sorted(seats)})

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed draw {action}"
        game = self._node.game
        if action == game.wait:
            return WAIT_LABEL
        return str(game.adapter.index.labels[action])

    def own_actions(self, player: int) -> tuple[int, ...]:
        """The actions ``player`` took so far (its waits left out)."""
        return tuple(actions[player] for _, actions, _ in self._node.past if player in actions)

    def recollection(self, player: int) -> list[str]:
        """What ``player`` saw at every step so far (its view) and the action it took there."""
        adapter: Adapter = self._node.game.adapter
        labels = adapter.index.labels
        lines = []
        for before, actions, memo in self._node.past:
            line = memo.get(player)
            if line is None:
                did = labels[actions[player]] if player in actions else "-"
                line = memo[player] = f"{adapter.game.view(before, player)!r} -> {did}"
            lines.append(line)
        return lines

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one: everything hidden from it drawn
        again by the game's determinizer (:mod:`sevenwonders.agents.determinize`), the seat's
        memory kept (OpenSpiel's ISMCTS bot asks for it). ``probability_sampler()`` (a number in
        [0, 1)) picks the determinization's seed among :data:`RESAMPLE_SEEDS`."""
        node = self._node
        copy = self.clone()
        engine = node.game.adapter.game
        determinize = determinizer_for(engine)
        if node.engine is None or determinize is None or engine.is_over(node.engine):
            return copy
        seed = int(float(probability_sampler()) * RESAMPLE_SEEDS)
        view = engine.view(node.engine, player_id)
        sample, _ = determinize(engine, view, Rng.from_seed(seed))
        copy._node = _Node(node.game, sample, node.draws, node.past)
        return copy

    def __str__(self) -> str:
        node = self._node
        if node.engine is None:
            return f"(seed to draw: {len(node.draws)} of {node.game.seed_draws} draws made)"
        game = node.game.adapter.game
        return f"to move: {sorted(game.to_move(node.engine))}; over: {game.is_over(node.engine)}"


class ViewObserver:
    """Observation (``perfect_recall=False``) or information state (``True``) from a view."""

    def __init__(self, game: SevenWondersGame, perfect_recall: bool) -> None:
        self._game = game
        self._perfect_recall = perfect_recall
        size = game.adapter.encoder.size
        self._split = size
        self.tensor = np.zeros(size + (game.memory.size if perfect_recall else 0), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SevenWondersState, player: int) -> None:
        """Write ``player``'s observation tensor (the RL vector of its view) for ``state``."""
        engine = state.engine_state
        if engine is None:
            self.tensor.fill(0.0)
            return
        game = self._game
        view = game.adapter.game.view(engine, player)
        self.tensor[:self._split] = game.adapter.encoder.encode(without_memory(view))
        if self._perfect_recall:
            self.tensor[self._split:] = game.memory.encode(view)

    def string_from(self, state: SevenWondersState, player: int) -> str:
        """``player``'s view as text; with perfect recall, preceded by its views and actions at
        every earlier step."""
        engine = state.engine_state
        if engine is None:
            return "chance"
        view = self._game.adapter.game.view(engine, player)
        if not self._perfect_recall:
            return repr(without_memory(view))
        return "\n".join([*state.recollection(player), repr(view)])  # perfect recall


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
