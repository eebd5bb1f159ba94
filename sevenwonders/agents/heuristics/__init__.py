"""Per-game move evaluations for the greedy agent and playout policies for the search agent.

A game plugs in with one small module, named by its spec (``heuristic``, see
:mod:`sevenwonders.games`) or set at run time with :func:`register_heuristic` (:data:`HEURISTICS`,
read before the spec). The module defines

- ``evaluate(game, view, legal, rng) -> (values, rng)``: one number per legal move, larger is
  better for the seat whose view it is; it sees only the view, never the state;
- optionally ``playout_move(game, state, seat, legal, rng) -> (move, rng)``: a fast move choice
  used inside simulations of the search agent (on determinized states, which the agent owns);
- optionally ``evaluate_state(game, state, seat, legal) -> values``: the same on a full state,
  which makes a greedy playout policy for the search agent (:func:`greedy_policy_for`);
- optionally ``leaf_values(game, state) -> values``: how far ahead each seat stands, in points,
  in a state reached inside a simulation (default :func:`margins`);
- optionally ``values_of(game, state) -> values``: each seat's worth in points in such a state,
  what it holds and what its cards and coins promise (default :func:`running_totals`);
- optionally ``ending_values_of(game, state) -> values``: the same with what a seat holds
  counted as it will end, where the game has such an estimate (default its ``values_of``);
- optionally ``WEIGHTS``: the weights its judgement plays with, when they are data (see
  :mod:`sevenwonders.agents.heuristics.weights`); its ``evaluate`` and ``evaluate_state`` (and
  ``values_of`` and ``ending_values_of``, where it has them) then take other weights of the same
  class as a last argument (how a tuning run plays a candidate; the accessors below bind them,
  ``evaluate_state_for(game, weights)``, for an agent given weights).

A game without a module gets :func:`fallback_evaluate`, which works through the protocol alone:
it determinizes the view (:mod:`sevenwonders.agents.determinize`), plays each move with random
moves for the other seats, and compares the seat's running score with the best other seat's. A
game with neither a heuristic nor a determinizer gets equal values (a random choice).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from sevenwonders.agents.determinize import determinizer_for
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.errors import SevenWondersError
from sevenwonders.games import spec_of

Evaluate = Callable[
    [Game[Any, Any, Any], Any, tuple[Any, ...], Rng], tuple[tuple[float, ...], Rng]
]
EvaluateState = Callable[[Game[Any, Any, Any], Any, int, tuple[Any, ...]], tuple[float, ...]]
LeafValues = Callable[[Game[Any, Any, Any], Any], tuple[float, ...]]
PlayoutMove = Callable[[Game[Any, Any, Any], Any, int, tuple[Any, ...], Rng], tuple[Any, Rng]]
ValuesOf = Callable[[Game[Any, Any, Any], Any], list[float]]

# game name -> module defining ``evaluate`` (and optionally ``playout_move``), set at run time;
# the games of the registry name theirs in their spec
HEURISTICS: dict[str, str] = {}

_loaded: dict[str, Any] = {}

FALLBACK_SAMPLES = 2


def register_heuristic(game_name: str, module: str) -> None:
    """Use ``module`` (an importable name) as the heuristic of the game called ``game_name``."""
    HEURISTICS[game_name] = module
    _loaded.pop(game_name, None)


def _module(game: Game[Any, Any, Any]) -> Any:
    game_name = game.name
    if game_name not in _loaded:
        path = HEURISTICS.get(game_name)
        if path is None:
            spec = spec_of(game)
            path = None if spec is None else spec.heuristic
        module = None
        if path is not None:
            try:
                module = importlib.import_module(path)
            except ModuleNotFoundError as error:
                if error.name != path:  # the module exists but something it needs is missing
                    raise
        _loaded[game_name] = module
    return _loaded[game_name]


def check_weights(game: Game[Any, Any, Any], weights: Any) -> None:
    """Refuse ``weights`` of another class than those the game's judgement plays with
    (:func:`weights_for`; ``ValueError``): a game whose judgement is not data takes none."""
    if type(weights_for(game)) is not type(weights):
        raise ValueError(f"greedy weights of class {type(weights).__name__} do not fit "
                         f"{type(game).__name__}'s judgement")


def _bound(game: Game[Any, Any, Any], function: Any, weights: Any, default: Any) -> Any:
    """``function`` (a part of the game's judgement whose weights are data: they are its last
    argument) playing with ``weights``; ``function`` itself when ``weights`` is ``None``;
    ``default`` (which reads no weights) when the game has no such function."""
    if weights is not None:
        check_weights(game, weights)
    if function is None:
        return default
    if weights is None:
        return function

    def with_weights(*arguments: Any) -> Any:
        return function(*arguments, weights)

    return with_weights


def evaluator_for(game: Game[Any, Any, Any], weights: Any = None) -> Evaluate:
    """The game's registered ``evaluate``, or :func:`fallback_evaluate`; with ``weights`` (of
    the game's class, :func:`weights_for`), its ``evaluate`` playing with them."""
    module = _module(game)
    evaluate = getattr(module, "evaluate", None)
    bound: Evaluate = _bound(game, evaluate, weights, fallback_evaluate)
    return bound


def playout_policy_for(game: Game[Any, Any, Any]) -> PlayoutMove:
    """The game's registered ``playout_move``, or :func:`random_playout_move`."""
    module = _module(game)
    policy: PlayoutMove | None = getattr(module, "playout_move", None)
    return policy if policy is not None else random_playout_move


def leaf_values_for(game: Game[Any, Any, Any], weights: Any = None) -> LeafValues:
    """The game's registered ``leaf_values``, or :func:`margins`; with ``weights``, the
    margins of its ``values_of`` playing with them (what every game's ``leaf_values`` is)."""
    if weights is not None:
        return margins_by(values_of_for(game, weights))
    module = _module(game)
    values: LeafValues | None = getattr(module, "leaf_values", None)
    return values if values is not None else margins


def values_of_for(game: Game[Any, Any, Any], weights: Any = None) -> ValuesOf:
    """The game's registered ``values_of``, or :func:`running_totals`; with ``weights``, its
    ``values_of`` playing with them."""
    values = getattr(_module(game), "values_of", None)
    bound: ValuesOf = _bound(game, values, weights, running_totals)
    return bound


def ending_values_of_for(game: Game[Any, Any, Any], weights: Any = None) -> ValuesOf:
    """The game's registered ``ending_values_of`` (each seat's worth in points with what it
    holds counted as it will end), or its ``values_of`` (:func:`values_of_for`); with
    ``weights``, playing with them."""
    values = getattr(_module(game), "ending_values_of", None)
    if values is None:
        return values_of_for(game, weights)
    bound: ValuesOf = _bound(game, values, weights, None)
    return bound


def running_totals(game: Game[Any, Any, Any], state: Any) -> list[float]:
    """Each seat's running score total (the default ``values_of``)."""
    return [float(sheet.total) for sheet in game.scores(state)]


def weights_for(game: Game[Any, Any, Any]) -> Any:
    """The weights the game's greedy judgement plays with (its module's ``WEIGHTS``: see
    :mod:`sevenwonders.agents.heuristics.weights`), or ``None`` when they are not data."""
    return getattr(_module(game), "WEIGHTS", None)


def evaluate_state_for(game: Game[Any, Any, Any], weights: Any = None) -> EvaluateState | None:
    """The game's registered ``evaluate_state``, or ``None``; with ``weights``, playing with
    them."""
    evaluate_state = getattr(_module(game), "evaluate_state", None)
    bound: EvaluateState | None = _bound(game, evaluate_state, weights, None)
    return bound


def greedy_policy_for(game: Game[Any, Any, Any], weights: Any = None) -> PlayoutMove:
    """A policy playing the best move by the game's ``evaluate_state`` (ties at random; with
    ``weights``, by its judgement with them), or the game's playout policy if it has no
    ``evaluate_state``."""
    evaluate_state = evaluate_state_for(game, weights)
    if evaluate_state is None:
        return playout_policy_for(game)

    return best_move_by(evaluate_state)


MIXED_GREEDY = (3, 4)
"""In a ``mixed`` playout policy, the greedy move is played 3 times in 4, the fast policy's else."""


def mixed_policy_for(game: Game[Any, Any, Any], weights: Any = None) -> PlayoutMove:
    """A policy playing :func:`greedy_policy_for`'s move (with ``weights``, if given) most of
    the time (:data:`MIXED_GREEDY`) and :func:`playout_policy_for`'s otherwise, drawn per move
    from the walk's generator: walk opponents that are not only the greedy player (who is also
    the usual benchmark opponent)."""
    greedy, fast = greedy_policy_for(game, weights), playout_policy_for(game)
    share, out_of = MIXED_GREEDY

    def mixed(game: Game[Any, Any, Any], state: Any, seat: int, legal: tuple[Any, ...],
              rng: Rng) -> tuple[Any, Rng]:
        draw, rng = rng.below(out_of)
        return (greedy if draw < share else fast)(game, state, seat, legal, rng)

    return mixed


def best_move_by(evaluate_state: EvaluateState) -> PlayoutMove:
    """A policy playing the best move by ``evaluate_state`` (ties at random)."""

    def best_move(game: Game[Any, Any, Any], state: Any, seat: int, legal: tuple[Any, ...],
                  rng: Rng) -> tuple[Any, Rng]:
        if len(legal) == 1:
            return legal[0], rng
        values = evaluate_state(game, state, seat, legal)
        top = max(values)
        return rng.choice([m for m, v in zip(legal, values, strict=True) if v >= top - 1e-9])

    return best_move


def margins_by(values_of: ValuesOf) -> LeafValues:
    """``leaf_values`` from a game's per-seat values: each minus the best of the others."""

    def leaf_values(game: Game[Any, Any, Any], state: Any) -> tuple[float, ...]:
        return margins_of(values_of(game, state))

    return leaf_values


def state_heuristic(evaluate_state: EvaluateState,
                    leaf_values: LeafValues) -> tuple[Evaluate, LeafValues, PlayoutMove]:
    """The shared default of a heuristic that values moves on a full state: ``evaluate``
    plays :func:`evaluate_state` on a state drawn from the view by the game's determinizer (so
    it sees what the view holds and an average of the rest), ``leaf_values`` as given, and
    ``playout_move`` the best move by ``evaluate_state`` (ties at random)."""

    def evaluate(game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...],
                 rng: Rng, weights: Any = None) -> tuple[tuple[float, ...], Rng]:
        determinize = determinizer_for(game)
        assert determinize is not None
        state, rng = determinize(game, view, rng)
        if weights is None:
            return evaluate_state(game, state, view.seat, legal), rng
        with_weights: Any = evaluate_state  # a game's evaluate_state that takes weights
        return with_weights(game, state, view.seat, legal, weights), rng

    return evaluate, leaf_values, best_move_by(evaluate_state)


def random_playout_move(
    game: Game[Any, Any, Any], state: Any, seat: int, legal: tuple[Any, ...], rng: Rng
) -> tuple[Any, Rng]:
    """A uniformly random legal move."""
    return rng.choice(legal)


def margin(game: Game[Any, Any, Any], state: Any, seat: int) -> float:
    """The seat's running score minus the best other seat's (its own score if it plays alone)."""
    sheets = game.scores(state)
    mine = sheets[seat].total
    others = [sheet.total for s, sheet in enumerate(sheets) if s != seat]
    return float(mine - max(others)) if others else float(mine)


def margins(game: Game[Any, Any, Any], state: Any) -> tuple[float, ...]:
    """:func:`margin` of every seat."""
    totals = [float(sheet.total) for sheet in game.scores(state)]
    return margins_of(totals)


def margins_of(values: list[float]) -> tuple[float, ...]:
    """Each value minus the best of the others."""
    if len(values) < 2:
        return tuple(values)
    ordered = sorted(values, reverse=True)
    best, second = ordered[0], ordered[1]
    return tuple(v - (second if v == best else best) for v in values)


def fallback_evaluate(
    game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
) -> tuple[tuple[float, ...], Rng]:
    """Values through the protocol alone: for each move, over a few determinizations, play it
    (the other seats to move play random legal moves) and measure :func:`margin` after the step.
    Equal values when the game has no determinizer."""
    determinize = determinizer_for(game)
    if determinize is None:
        return (0.0,) * len(legal), rng
    seat: int = view.seat
    totals = [0.0] * len(legal)
    for _ in range(FALLBACK_SAMPLES):
        state, rng = determinize(game, view, rng)
        others: dict[int, Any] = {}
        for other in sorted(game.to_move(state) - {seat}):
            others[other], rng = rng.choice(game.legal_moves(state, other))
        for i, move in enumerate(legal):
            try:
                after = game.play(state, {**others, seat: move})
            except SevenWondersError:  # the move may not exist in this determinization
                continue
            totals[i] += margin(game, after, seat)
    return tuple(total / FALLBACK_SAMPLES for total in totals), rng


__all__ = [
    "HEURISTICS", "MIXED_GREEDY", "Evaluate", "EvaluateState", "LeafValues", "PlayoutMove",
    "check_weights", "ending_values_of_for", "evaluate_state_for", "evaluator_for",
    "fallback_evaluate", "greedy_policy_for", "leaf_values_for", "margin", "margins",
    "margins_of", "mixed_policy_for", "playout_policy_for", "random_playout_move",
    "register_heuristic", "running_totals", "values_of_for", "weights_for",
]
