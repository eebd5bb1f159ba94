"""The learned agent: one forward pass of the policy network, no search.

``LearnedAgent()`` plays the legal move whose action the shipped network
(:func:`sevenwonders.agents.network.learned_network_for`: the policy improved by expert
iteration) rates highest; ``LearnedAgent(temperature=t)`` draws from
the network's softmax at temperature ``t`` instead (the self-play policy of the training run and
of the search's walks). The network's features read the open table from a state, so the agent
draws one determinization of its view (:mod:`sevenwonders.agents.determinize`) for them: what
lies open is the same in every determinization. A decision costs well under 5 ms.

The heuristic as a prior: a network file may carry a weight ``prior`` (``LearnedAgent(prior=w)``
sets another; 0 is the network alone). The agent then adds ``w`` times the game's one-step
heuristic value of each action (:mod:`sevenwonders.agents.heuristics`, in points: what the
greedy agent maximises; an action's best-valued payment) to the network's logits, and plays that
payment. The network was trained on the search's moves, and the search keeps the heuristic's
move unless its walks show a better one; from the few hundred games the network saw, its logits
alone miss much of the judgement the heuristic holds (see the strength page).

Looking ahead (an option, off by default: :data:`LOOK`): ``LearnedAgent(look=w)`` adds ``w``
times :func:`afterstate_values` to the scores of its ``width`` best actions so far: the search's
reward of the state each leads to one step on, the other seats playing the greedy move, rated by
the search's value network (:func:`sevenwonders.agents.network.network_for`) in one forward
pass on the same determinization: one ply, no tree. ``steps=2`` plays one more greedy step of
every seat first (a one-step greedy rollout per candidate: a small search, no longer the
network alone). The strength page has its rows: it beats greedy by more, not the search.

A configuration without a shipped network (:data:`sevenwonders.agents.network.NETWORKS`), or a
position the determinizer cannot rebuild, is played greedily, as the search agent does; the
agent's ``name`` stays ``learned``.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.agents.determinize import determinizer_for
from sevenwonders.agents.greedy import GreedyAgent
from sevenwonders.agents.heuristics import (
    PlayoutMove,
    ending_values_of_for,
    evaluate_state_for,
    evaluator_for,
    greedy_policy_for,
)
from sevenwonders.agents.heuristics.weights import WeightsTable
from sevenwonders.agents.ismcts_options import NET_POINTS, POINTS_SCALE
from sevenwonders.agents.network import (
    Network,
    learned_network_for,
    network_for,
    softmax_sample,
)
from sevenwonders.agents.search_tree import final_rewards
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.errors import SevenWondersError

LOOK = 0.0
"""The weight of the one-step afterstate value (:func:`afterstate_values`) added to the logits
when ``look`` is not given (0: no lookahead)."""
LOOK_WIDTH = 6
"""The candidates the lookahead rates: the best by the logits (and prior) so far."""


class LearnedAgent:
    """The shipped policy network's choice (``temperature`` 0: its best action; above 0: a
    sample from its softmax), with the heuristic's values added at weight ``prior`` (``None``:
    the network file's), greedy where no network covers the game. ``weights``: the heuristic's
    (of the game's weights class; ``None``: the package's), in the prior, the lookahead and the
    greedy fallback."""

    def __init__(self, temperature: float = 0.0, prior: float | None = None,
                 look: float | None = None, width: int = LOOK_WIDTH, steps: int = 1,
                 weights: WeightsTable | None = None) -> None:
        if temperature < 0:
            raise ValueError("temperature must not be negative")
        if prior is not None and prior < 0:
            raise ValueError("prior must not be negative")
        if look is not None and look < 0:
            raise ValueError("look must not be negative")
        if width < 1 or steps < 1:
            raise ValueError("width and steps must be at least 1")
        self.temperature = temperature
        self.prior = prior
        self.look = look
        self.width = width
        self.steps = steps
        self.weights = weights

    @property
    def name(self) -> str:
        """``learned``, or ``learned(t=0.5)`` with a temperature, ``learned(prior=0.3)`` with a
        prior weight of its own."""
        options = [f"t={self.temperature}"] if self.temperature else []
        if self.prior is not None:
            options.append(f"prior={self.prior}")
        if self.look is not None:
            options.append(f"look={self.look}")
        if self.width != LOOK_WIDTH:
            options.append(f"width={self.width}")
        if self.steps != 1:
            options.append(f"steps={self.steps}")
        if self.weights is not None:
            options.append("weights")
        return "learned" if not options else f"learned({','.join(options)})"

    def __repr__(self) -> str:
        return (f"LearnedAgent(temperature={self.temperature}, prior={self.prior}, "
                f"look={self.look}, width={self.width}, steps={self.steps}"
                f"{'' if self.weights is None else ', weights=...'})")

    def network_in(self, game: Game[Any, Any, Any]) -> Network | None:
        """The policy network this agent plays in ``game``: the shipped one
        (:func:`~sevenwonders.agents.network.learned_network_for`). A subclass may play another
        (a candidate network measured beside the shipped one) without changing what other agents
        of the same game object read."""
        return learned_network_for(game)

    def choose(
        self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
    ) -> tuple[Any, Rng]:
        """The network's move for the seat of ``view``, and the advanced generator."""
        if len(legal) == 1:
            return legal[0], rng
        network = self.network_in(game)
        determinize = determinizer_for(game)
        if network is None or determinize is None:
            return GreedyAgent(self.weights).choose(game, view, legal, rng)
        try:
            state, rng = determinize(game, view, rng)
        except SevenWondersError:
            return GreedyAgent(self.weights).choose(game, view, legal, rng)
        moves, logits = network.legal_logits(view, state, legal)
        weight = network.prior if self.prior is None else self.prior
        look = LOOK if self.look is None else self.look
        judge = network_for(game) if look else None
        if weight:
            moves, logits, rng = with_prior(game, view, legal, network, moves, logits, weight, rng,
                                            state if judge is not None else None, self.weights)
        if look and judge is not None and len(moves) > 1:
            order = sorted(range(len(moves)), key=lambda i: -float(logits[i]))[: self.width]
            try:
                values, rng = afterstate_values(game, state, view.seat, [moves[i] for i in order],
                                                judge, rng, self.steps, self.weights)
            except SevenWondersError:  # a step this determinization cannot play: no lookahead
                pass
            else:
                moves, logits = [moves[i] for i in order], logits[order] + look * values
        u = 0.0
        if self.temperature:
            draw, rng = rng.next64()
            u = draw / 2.0**64
        return moves[softmax_sample(logits, u, self.temperature)], rng


def with_prior(game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], network: Network,
               moves: list[Any], logits: Any, weight: float, rng: Rng, state: Any = None,
               weights: WeightsTable | None = None) -> tuple[list[Any], Any, Rng]:
    """The moves of :meth:`Network.legal_logits` replaced by each action's best payment by the
    game's heuristic, and the logits plus ``weight`` times that payment's value. Given
    ``state`` (a determinization of the view), a heuristic that values moves on a full state
    reads that one (the same values: they read only what the view holds) instead of drawing
    its own. ``weights``: the heuristic's (``None``: the package's)."""
    best, rng = best_payments(game, view, legal, network, rng, state, weights)
    chosen = [best[network.index.move_to_action(move)] for move in moves]
    prior = network.np.array([value for value, _ in chosen], dtype=logits.dtype)
    return [move for _, move in chosen], logits + weight * prior, rng


def best_payments(game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...],
                  network: Network, rng: Rng, state: Any = None,
                  weights: WeightsTable | None = None) -> tuple[dict[int, tuple[float, Any]], Rng]:
    """Each legal action of ``network``'s index with its best-valued payment by the game's
    heuristic: ``{action: (value in points, move)}`` (the prior of :func:`with_prior`, which
    the training script also keeps with each row); ``state`` and ``weights`` as there."""
    evaluate_state = evaluate_state_for(game, weights) if state is not None else None
    if evaluate_state is not None:
        values = evaluate_state(game, state, view.seat, legal)
    else:
        values, rng = evaluator_for(game, weights)(game, view, legal, rng)
    best: dict[int, tuple[float, Any]] = {}
    for move, value in zip(legal, values, strict=True):
        action = network.index.move_to_action(move)
        if action not in best or value > best[action][0]:
            best[action] = (value, move)
    return best, rng


def afterstate_values(game: Game[Any, Any, Any], state: Any, seat: int, moves: list[Any],
                      judge: Network, rng: Rng, steps: int = 1,
                      weights: WeightsTable | None = None) -> tuple[Any, Rng]:
    """For each of ``seat``'s ``moves`` in ``state`` (a determinization of its view), the
    search's reward of the state one step later: the other seats to move play the greedy move
    (the same for every candidate, drawn once), the value network ``judge`` rates ``seat``'s
    observation there, and the seat's city value counted as it will end adds
    ``NET_POINTS / POINTS_SCALE`` a point, as a search walk cut there is scored
    (:mod:`sevenwonders.agents.ismcts`); a step that ends the game scores the real result.
    One forward pass rates every candidate. With ``steps`` above 1, every seat (``seat`` too)
    then plays the greedy move for ``steps - 1`` more steps before the state is rated (a short
    greedy rollout per candidate, each on the same generator). ``weights``: greedy's (``None``:
    the package's)."""
    np = judge.np
    policy = greedy_policy_for(game, weights)
    ending = ending_values_of_for(game, weights)
    others, rng = _policy_moves(game, state, policy, rng, but=seat)
    rows: list[Any] = []
    where: list[int] = []
    out = np.zeros(len(moves), dtype=np.float32)
    for i, move in enumerate(moves):
        after = game.play(state, {**others, seat: move})
        walk = rng
        for _ in range(steps - 1):
            if game.is_over(after):
                break
            step, walk = _policy_moves(game, after, policy, walk)
            after = game.play(after, step)
        if game.is_over(after):
            out[i] = final_rewards(game, after, NET_POINTS)[seat]
            continue
        rows.append(judge.inputs(game.view(after, seat), after))
        where.append(i)
        out[i] = NET_POINTS * ending(game, after)[seat] / POINTS_SCALE
    if rows:
        _, value = judge.forward(np.stack(rows))
        out[where] += value
    return out, rng


def _policy_moves(game: Game[Any, Any, Any], state: Any, policy: PlayoutMove, rng: Rng,
                  but: int | None = None) -> tuple[dict[int, Any], Rng]:
    """The move ``policy`` plays for each seat to move in ``state`` but ``but``, in seat order
    on one generator, and the advanced generator."""
    moves: dict[int, Any] = {}
    for mover in sorted(game.to_move(state)):
        if mover != but:
            moves[mover], rng = policy(game, state, mover, game.legal_moves(state, mover), rng)
    return moves, rng
