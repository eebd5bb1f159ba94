"""Information-set Monte-Carlo tree search (single observer), for every game of the protocol.

The agent never sees the state. Each iteration draws a *determinization*, a full state consistent
with the seat's view (:mod:`sevenwonders.agents.determinize`), and walks the search tree on it:

- a tree node is a step of the game; the seat that decides there is the searching seat whenever
  it is to move, otherwise the single seat to move in a sequential game (Architects, a pending
  decision); other seats moving at the same time as the searching seat (base game, Dice) are
  drawn by the playout policy, as the chance part of the walk;
- a node's children are the decider's moves: at the root the legal moves the agent was given, at
  other nodes those of the determinization. With a game heuristic only the ``width`` best moves
  by it are considered, in its order, so a node's first visit plays the heuristic's move;
- a move's statistics are shared by every determinization in which it is legal, and its
  *availability* (how often it was legal when its node was visited) stands for the parent's visit
  count in UCB1, as in single-observer ISMCTS; each decider maximises its own reward;
- chance (``chance="outcomes"``, the default): every iteration's determinization re-samples what
  chance decides (hidden cards, deals, future rolls), and below a move the tree branches on what
  the searching seat observes after the step (its view: the roll, the card it drew, the hand
  passed to it, the others' moves), so a deeper decision's statistics belong to one outcome
  rather than a mixture; a move visited ``v`` times keeps at most ``sqrt(v)`` outcomes in the
  tree (progressive widening), and a walk meeting another outcome leaves the tree there.
  ``chance="open"`` is the plain open-loop tree (a move's subtree shared by every outcome);
- the tree grows by one node per iteration (and no deeper than ``depth`` tree steps, if given:
  ``depth=1`` is a flat search over the root moves); the walk then goes on with the playout
  policy for ``horizon`` more steps (or to the end) and is scored: at the end, ``0.6 * win +
  0.4 * sigmoid(margin / 8)`` per seat (win shared on a tie, margin: total minus the best other
  total); when cut, ``sigmoid(value margin / 8)`` with the game's leaf values (see
  :mod:`sevenwonders.agents.heuristics`). ``points=W`` (0, purely competitive, but with value
  leaves) adds ``W * points / 50``: the seat's own score at the end, its city value at a cut
  (with ``cut_points="ending"``, the value-leaf default, its science counted as it will end).
  With ``turns`` (off by default), a walk is also cut as the searching seat's turn comes back
  for the ``turns``-th time after other seats moved: in a sequential game (Architects) the leaf
  is then valued at the same point of the round for every root move, after each other seat
  answered it, whatever the number of steps (pending decisions) the turns took.

The playout policy is the game's heuristic played greedily (``rollout="greedy"``, the default:
the greedy agent's move), its fast policy (``rollout="fast"``), the greedy move 3 times in 4
and the fast policy's else (``rollout="mixed"``, the default with value leaves), or the policy
network's softmax sampled (``rollout="policy"``, :mod:`sevenwonders.agents.network`): walk
opponents not only greedy. With ``leaf="net"`` a cut walk is scored by the value network (each
seat's expected end reward) instead of the heuristic's leaf values, and counts as evidence like
a finished walk (``cut_evidence`` is then ``evidence`` unless given), so the search acts from
the first Age.
Where no network ships, both fall back to the heuristic and the greedy policy.
``weights`` (of the game's weights class, :mod:`sevenwonders.agents.heuristics.weights`) is the
judgement the search plays with wherever greedy's enters: the anchor and the order of the moves
it considers, the walks' greedy moves, and the leaf and city values of its cut walks (by
default the package's weights, as the greedy agent's).
With ``leaf="greedy"`` a walk cut where the searching seat is to move scores that seat by its
best move there (the heuristic's value of the greedy move: what the seat can do next counts, not
only what it holds); the other seats, and a seat cut while not to move, keep the leaf values.

How the root moves share the budget (``root``):

- ``root="tree"``: every iteration walks the tree once, choosing the root move by UCB1; the move
  played is the root move visited most (mean reward breaks ties);
- ``root="paired"``: *common random numbers*. A round draws one determinization (for Dice: the
  future rolls) and one generator for the simulations, and walks the tree below *every*
  remaining root move on that same sample, so root moves are compared pairwise on shared chance
  (the other seats' moves in the same step, later rolls, hidden cards), which removes most of the
  noise a comparison of separate samples carries. Rounds are split into phases of equal budget
  (sequential halving): after each phase the worse half of the root moves by mean paired
  difference is dropped. The greedy agent's own move (the heuristic's best, ties drawn as the
  greedy agent draws them) is the *anchor*: it always stays, and another move is played only if
  its mean reward beats the anchor's by more than ``evidence`` standard errors of the paired
  differences. The heuristic is the prior; the search overrides it only on evidence.
  ``cut_evidence`` replaces ``evidence`` as soon as one walk was cut at the horizon (scored by
  the heuristic's leaf values rather than by the game's end): leaf values are the very
  heuristic the anchor comes from, so they are weak evidence against it. With
  ``cut_evidence=inf`` only walks that reach the end may overrule the anchor: the search stops
  at its first cut walk (far from the end it plays the greedy move; near it, compares outcomes).

One iteration is one walk (one root move on one sample). The budget is ``iterations``
(reproducible) or ``seconds`` of the deciding thread's CPU time (not reproducible); with both,
the first reached ends the search. A game without a determinizer is played greedily, and so is
a position whose determinizations the game refuses (a decision the view does not describe).

Options left out take the game's preset (:data:`PRESETS`, by ``game.name``), then the generic
default (:data:`DEFAULTS`; :data:`UNRANKED_DEFAULTS`, the full tree, for a game without
``evaluate_state``); ``preset=False`` ignores the presets. Dice's preset is an endgame search
(``depth=1``, 5 moves, walks of 24 steps, ``cut_evidence=inf``: Dice hides only future rolls, so
search adds what sampled rolls decide at the end); Architects' cuts every walk as the searching
seat's turn comes back (``turns=1``, ``cut_evidence=1``: a leaf valued after every other seat
answered is a fair comparison of the root moves), with 3 players valued by ``leaf="greedy"``
(the cards the decks show the seat as its turn comes back are part of what a root move left it).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from sevenwonders.agents.determinize import determinizer_for
from sevenwonders.agents.greedy import GreedyAgent, best_moves
from sevenwonders.agents.heuristics import evaluate_state_for, evaluator_for
from sevenwonders.agents.heuristics.weights import WeightsTable
from sevenwonders.agents.ismcts_options import (
    CLOCK,
    DEFAULTS,
    MAX_FAILURES,
    OPTIONS,
    PRESETS,
    UNRANKED_DEFAULTS,
    UNSET,
    Settings,
    Unset,
    check_options,
    resolve_networks,
)
from sevenwonders.agents.search_tree import mean, standard_error
from sevenwonders.agents.search_walk import Search
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.errors import SevenWondersError

DEFAULT_ITERATIONS = 100
"""The walks a search makes per decision when given no budget: the budget the strength page
measures (``ismcts`` on the command line, in tournaments and benchmarks)."""


class ISMCTSAgent:
    """``ISMCTSAgent(iterations=100)`` or ``ISMCTSAgent(seconds=0.5)``; see the module docstring
    for ``exploration`` (the UCB1 constant), ``horizon`` (``None``: play simulations to the end),
    ``width`` (``None``: every move), ``rollout``, ``depth``, ``root``, ``evidence`` and
    ``weights`` (greedy's judgement; ``None``: the package's). Options left out take the game's
    preset (:data:`PRESETS`) unless ``preset=False``; the attributes show the generic value of
    an option left out."""

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float | Unset = UNSET,
        horizon: int | Unset | None = UNSET,
        width: int | Unset | None = UNSET,
        rollout: str | Unset = UNSET,
        depth: int | Unset | None = UNSET,
        root: str | Unset = UNSET,
        evidence: float | Unset = UNSET,
        cut_evidence: float | Unset = UNSET,
        chance: str | Unset = UNSET,
        turns: int | Unset | None = UNSET,
        leaf: str | Unset = UNSET,
        points: float | Unset = UNSET,
        cut_points: str | Unset = UNSET,
        preset: bool = True,
        weights: WeightsTable | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        arguments: dict[str, object] = {
            "exploration": exploration, "horizon": horizon, "width": width, "rollout": rollout,
            "depth": depth, "root": root, "evidence": evidence, "cut_evidence": cut_evidence,
            "chance": chance, "turns": turns, "leaf": leaf, "points": points,
            "cut_points": cut_points,
        }
        given = {key: value for key, value in arguments.items() if value is not UNSET}
        check_options(given)
        self.iterations = iterations
        self.seconds = seconds
        self.preset = preset
        self.weights = weights
        self.given: dict[str, object] = given
        generic = Settings({**DEFAULTS, **given})
        self.exploration = generic.exploration
        self.horizon = generic.horizon
        self.width = generic.width
        self.rollout = generic.rollout
        self.depth = generic.depth
        self.root = generic.root
        self.evidence = generic.evidence
        self.cut_evidence = generic.cut_evidence
        self.chance = generic.chance
        self.turns = generic.turns
        self.leaf = generic.leaf
        self.points = generic.points
        self.cut_points = generic.cut_points

    def settings(self, game_name: str | None = None, ranked: bool = True,
                 players: int | None = None) -> Settings:
        """The options of a search in the game called ``game_name``: those given, then the
        game's preset (with its ``by_players`` entry for ``players``, if any), then the generic
        defaults (:data:`UNRANKED_DEFAULTS` if the game has no ``evaluate_state`` to rank
        moves, ``ranked=False``)."""
        preset = PRESETS.get(game_name or "", {}) if self.preset else {}
        by_players: Mapping[int, Mapping[str, object]] = preset.get("by_players", {})  # type: ignore[assignment]
        for_players = by_players.get(players, {}) if players is not None else {}
        generic = DEFAULTS if ranked else UNRANKED_DEFAULTS
        return Settings({**generic, **preset, **for_players, **self.given})

    @property
    def name(self) -> str:
        """``ismcts(100)``, ``ismcts(0.5s)``, with every option given (``weights`` if any)."""
        parts = [] if self.iterations is None else [f"{self.iterations}"]
        if self.seconds is not None:
            parts.append(f"{self.seconds}s")
        for key in OPTIONS:
            if key not in self.given:
                continue
            value = self.given[key]
            shown = value if value is not None else (
                "full" if key == "horizon" else "off" if key == "turns" else "all")
            parts.append(f"{key}={shown}")
        if not self.preset:
            parts.append("preset=off")
        if self.weights is not None:
            parts.append("weights")
        return f"ismcts({','.join(parts)})"

    def __repr__(self) -> str:
        given = "".join(f", {key}={value!r}" for key, value in self.given.items())
        weights = "" if self.weights is None else ", weights=..."
        return (f"ISMCTSAgent(iterations={self.iterations}, seconds={self.seconds}{given}, "
                f"preset={self.preset}{weights})")

    def choose(
        self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
    ) -> tuple[Any, Rng]:
        """The move the search prefers for the seat of ``view`` within the budget, and the
        advanced generator."""
        if len(legal) == 1:
            return legal[0], rng
        determinize = determinizer_for(game)
        if determinize is None:
            return GreedyAgent(self.weights).choose(game, view, legal, rng)
        settings = self.settings(game.name, evaluate_state_for(game) is not None, game.players)
        resolve_networks(game, settings, self.given)
        if settings.root == "paired":
            best, _, rng = self._choose_paired(game, view, legal, rng, settings)
            return best, rng
        seat: int = view.seat
        candidates = legal
        if settings.width is not None and len(legal) > settings.width:
            values, rng = evaluator_for(game, self.weights)(game, view, legal, rng)
            order = sorted(range(len(legal)), key=lambda i: -values[i])
            candidates = tuple(legal[i] for i in order[: settings.width])
        search = Search(settings, game, seat, candidates, self.weights)
        deadline = None if self.seconds is None else CLOCK() + self.seconds
        done = failed = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and CLOCK() >= deadline:
                break
            try:
                state, rng = determinize(game, view, rng)
                rng, _ = search.iterate(state, rng)
            except SevenWondersError:
                # A position the determinizer cannot rebuild faithfully (an expansion's pending
                # decision the view does not describe): after a few tries, play greedily.
                failed += 1
                rng = rng.split()[0]
                if failed >= MAX_FAILURES and done == failed:
                    return GreedyAgent(self.weights).choose(game, view, legal, rng)
            done += 1
        best, best_key = None, (-1, -1.0)
        for move in candidates:
            child = search.root.children.get(move)
            if child is None or not child.visits:
                continue
            key = (child.visits, child.total / child.visits)
            if key > best_key:
                best, best_key = move, key
        return (candidates[0] if best is None else best), rng

    def analyse(self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
                ) -> tuple[Any, dict[Any, float], Rng]:
        """The move :meth:`choose` plays, with each root move's mean reward gain over the greedy
        move (paired search; soft targets for training) or ``{move: 0.0}`` without one."""
        settings = self.settings(game.name, evaluate_state_for(game) is not None, game.players)
        if len(legal) == 1 or settings.root != "paired" or determinizer_for(game) is None:
            move, rng = self.choose(game, view, legal, rng)
            return move, {move: 0.0}, rng
        resolve_networks(game, settings, self.given)
        return self._choose_paired(game, view, legal, rng, settings)

    def _choose_paired(
        self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng,
        settings: Settings,
    ) -> tuple[Any, dict[Any, float], Rng]:
        """The ``root="paired"`` search: common random numbers, sequential halving, and the
        greedy move as the anchor (see the module docstring); the move and the mean gains."""
        determinize = determinizer_for(game)
        assert determinize is not None
        values, rng = evaluator_for(game, self.weights)(game, view, legal, rng)
        anchor, rng = rng.choice(best_moves(values, legal))
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        width = len(legal) if settings.width is None else settings.width
        others = [legal[i] for i in order if legal[i] != anchor]
        alive = [anchor, *others[: max(0, width - 1)]]
        if len(alive) == 1:
            return anchor, {anchor: 0.0}, rng
        search = Search(settings, game, view.seat, tuple(alive), self.weights)
        diffs: dict[Any, list[float]] = {move: [] for move in alive}
        phases = max(1, math.ceil(math.log2(len(alive))))
        phase = 0
        start = CLOCK()
        done = failed = cut_rounds = 0
        hopeless = math.isinf(settings.cut_evidence)

        def progress() -> float:
            shares = []
            if self.iterations is not None:
                shares.append(done / self.iterations)
            if self.seconds is not None:
                shares.append((CLOCK() - start) / self.seconds)
            return max(shares)

        while progress() < 1.0:
            rewards: dict[Any, float] = {}
            done += len(alive)
            try:
                state, rng = determinize(game, view, rng)
                walk_rng, rng = rng.split()
                search.first_moves.clear()
                cut = False
                for move in alive:
                    _, reward = search.iterate(state, walk_rng, move)
                    if reward is None:  # the move does not exist in this determinization
                        raise SevenWondersError("a root move is not legal here")
                    rewards[move] = reward
                    cut = cut or search.cut
                    if cut and hopeless:  # no cut walk may overrule the anchor
                        return anchor, {anchor: 0.0}, rng
            except SevenWondersError:
                failed += 1
                rng = rng.split()[0]
                if failed >= MAX_FAILURES and not diffs[anchor]:
                    return anchor, {anchor: 0.0}, rng
                continue
            cut_rounds += cut
            base = rewards[anchor]
            for move in alive:
                diffs[move].append(rewards[move] - base)
            if len(alive) > 2 and progress() >= (phase + 1) / phases:
                phase += 1
                ranked = sorted(alive[1:], key=lambda m: -mean(diffs[m]))
                alive = [anchor, *ranked[: max(1, (len(alive) + 1) // 2 - 1)]]
        best, best_score = anchor, 0.0
        evidence = settings.evidence if not cut_rounds else settings.cut_evidence
        for move in alive[1:]:
            sample = diffs[move]
            gain = mean(sample)
            if len(sample) > 1 and gain > max(best_score, evidence * standard_error(sample)):
                best, best_score = move, gain
        return best, {move: mean(diffs[move]) for move in diffs if diffs[move]}, rng

