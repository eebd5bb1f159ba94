"""Train the policy/value network the ``learned`` agent and the search's value leaves use.

    nice -n 10 python -m benchmarks.train_network [--players 4] [--seed 0]
        [--games 1500] [--selfplay-rounds 1] [--selfplay-games 1500] [--epochs 8]
        [--hidden 192] [--depth 2] [--out FILE] [--init FILE]
        [--expert-rounds 0] [--expert-games 200] [--expert-iterations 100]
        [--expert-minutes M] [--expert-epochs 6] [--expert-lr 3e-4] [--expert-rows FILE]
        [--also-rows FILE ...]
        [--soft 0] [--soft-temperature 0.05] [--prior 0] [--residual] [--average 1]
        [--expert-search competitive|greedy|mixed] [--expert-players search|learner]

Needs the ``training`` extra (torch, numpy). The run is reproducible from ``--seed`` (game seeds,
behaviour draws and torch's generator; torch on one CPU thread). Three stages:

1. *League data*: games where every seat plays the tuned greedy agent, a greedy agent on the
   hand-set weights, or either with 10% random moves (drawn per seat and game), so the states
   are not one policy's alone. At every decision with a choice the record keeps the seat's
   input row (:meth:`sevenwonders.agents.network.Network.inputs`), the legal actions, the
   *teacher's* action (the tuned greedy's choice there, played or not) and, at the end, the
   seat's final reward (:func:`sevenwonders.agents.ismcts.final_rewards`).
2. *Self-play* (``--selfplay-rounds``): the network trained so far plays every seat, sampling
   its softmax at temperature 1 (one seat in four plays greedy, so the pool stays a league), and
   the new games join the data: the policy keeps imitating the teacher in the states the network
   itself reaches (dataset aggregation), the value head regresses on self-play outcomes.

3. *Expert iteration* (``--expert-rounds``): every seat plays the search
   (:class:`sevenwonders.agents.ismcts.ISMCTSAgent` with ``--expert-iterations`` walks, its
   walks cut after 3 steps and scored by the network trained so far); the search's move is the
   policy target and the game's outcome the value target. The default search is a paired
   comparison anchored on the greedy move, with no visit distribution; what it has instead is
   each compared root move's mean reward gain over the greedy move
   (:meth:`sevenwonders.agents.ismcts.ISMCTSAgent.analyse`), which the rows keep too: with
   ``--soft W`` the policy target is the search's move mixed (weight ``W``) with the softmax of
   those gains at ``--soft-temperature`` (rewards are in 0..1; a median row's gains span 0.12).
   ``--expert-search`` says which search: ``competitive`` (the default here: ``points=0``, the
   search the networks shipped before were trained with, so their documented runs replay),
   ``greedy`` (the search's points counting beside the win, ``points=1``, with science
   counted as it will end at a cut, ``cut_points=ending``, and walk players playing the
   greedy move, ``rollout=greedy``: the search's defaults before its walks were mixed) or
   ``mixed`` (the search's own defaults today: the same with walk players that play a fast
   random move 1 time in 4, ``rollout=mixed``: a stronger search, see the strength page).
   A round trains on the expert rows of every round so far (the league's rows would pull the
   policy back to greedy) at ``--expert-lr``; ``--expert-minutes`` caps a round's games by
   elapsed time on a shared machine (it prints how many it played: ``--expert-games`` that many
   replays it exactly). With ``--expert-players learner`` the search does not play: every
   seat plays the network as the ``learned`` agent does (its best action, the heuristic's
   values added at ``--prior``), and the search labels the states that play reaches (dataset
   aggregation against the search); its leaves then keep the package's search network (the
   teacher is the search as shipped, whatever ``--init`` is).

``--expert-rows FILE`` keeps the expert rows: a run adds them to those of the file and writes
them all back every 5 games (to a new file put in the old one's place, so a run stopped even
while writing keeps its games), so ``--expert-games 0`` trains on saved rows again without
playing. The file keeps each row's game seed too, and a run skips the games the file holds
already: the same command again resumes a stopped run (game ``k`` of a round is the same game
whichever run plays it), and another ``--seed`` appends other games. (Files written before the
seeds were kept load with seed -1: nothing of theirs is skipped.) ``--also-rows FILE ...``
adds the rows other runs saved to the training, after the run's own (in the order named): they
are read, never written.
Without ``--out`` the weights go to the package's data: ``net_<key>.npz`` (what the search
reads) or, with expert rounds, ``learned_<key>.npz`` (what the ``learned`` agent plays).
``--init FILE`` starts from a trained network's weights instead of random ones; with ``--games
0 --selfplay-rounds 0`` only the expert stage runs (how the shipped network was made from the
imitation network before it; see the strength page).

``--average K`` trains ``K`` copies of the start network on the expert rows (other row orders
and held-out tenths) and averages their weights. ``--prior W`` writes the weight ``W`` into an
expert stage's network file: the ``learned`` agent adds ``W`` times the game's heuristic value
of each action to the network's logits (:mod:`sevenwonders.agents.learned`; chosen by strength
rows, not by the training). Every row keeps those values (the heuristic's, each legal action's
best payment), so with ``--residual`` the expert stage trains the policy the agent plays: the
network's logits plus ``W`` times the values, the network learning where its teacher departs
from the heuristic. The report gives each epoch's held-out agreement with the teacher's move of
the policy trained and, with a prior, of the agent's choice.

The loss is the policy's cross-entropy on the target distribution over the legal actions plus
the value head's binary cross-entropy on the final reward. Weights are written as float16.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from sevenwonders.agents.greedy import GreedyAgent
from sevenwonders.agents.heuristics.weights import HAND_WEIGHTS
from sevenwonders.agents.ismcts import ISMCTSAgent
from sevenwonders.agents.learned import best_payments, with_prior
from sevenwonders.agents.network import Network, network_key, softmax_sample, use_network
from sevenwonders.agents.search_tree import final_rewards
from sevenwonders.core.rng import Rng
from sevenwonders.encoding.actions import action_index
from sevenwonders.encoding.features import Features
from sevenwonders.encoding.observations import Layout, make_encoder
from sevenwonders.games import make_game

EPSILON = 0.1  # share of random moves of a noisy league seat


class PolicyValueNet(nn.Module):
    """The network in torch: ``depth`` tanh layers, a policy head and a value head (logit)."""

    def __init__(self, inputs: int, actions: int, hidden: int = 192, depth: int = 2) -> None:
        super().__init__()
        sizes = [inputs] + [hidden] * depth
        self.trunk = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(sizes))
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        for layer in self.trunk:
            x = torch.tanh(layer(x))
        return self.policy(x), self.value(x)[..., 0]

    def arrays(self) -> dict[str, np.ndarray[Any, Any]]:
        """The weights as the numpy network reads them (float16)."""
        out: dict[str, np.ndarray[Any, Any]] = {"depth": np.array(len(self.trunk))}

        def put(name: str, layer: nn.Linear) -> None:
            out[f"w{name}"] = layer.weight.detach().numpy().astype(np.float16)
            out[f"b{name}"] = layer.bias.detach().numpy().astype(np.float16)

        for k, layer in enumerate(self.trunk):
            assert isinstance(layer, nn.Linear)
            put(str(k), layer)
        put("p", self.policy)
        put("v", self.value)
        return out

    @classmethod
    def from_arrays(cls, arrays: dict[str, Any]) -> PolicyValueNet:
        """A torch network holding the weights of a numpy network's arrays."""
        depth = int(arrays["depth"])
        hidden, inputs = arrays["w0"].shape
        net = cls(inputs, arrays["wp"].shape[0], hidden, depth)
        with torch.no_grad():
            for k, layer in enumerate(net.trunk):
                assert isinstance(layer, nn.Linear)
                layer.weight.copy_(torch.tensor(arrays[f"w{k}"].astype(np.float32)))
                layer.bias.copy_(torch.tensor(arrays[f"b{k}"].astype(np.float32)))
            for name, layer in (("p", net.policy), ("v", net.value)):
                layer.weight.copy_(torch.tensor(arrays[f"w{name}"].astype(np.float32)))
                layer.bias.copy_(torch.tensor(arrays[f"b{name}"].astype(np.float32)))
        return net


class Rows:
    """Training rows: read from and written to a rows file, handed to training as tensors."""

    def __init__(self) -> None:
        self.rows: list[np.ndarray[Any, Any]] = []
        self.masks: list[np.ndarray[Any, Any]] = []
        self.targets: list[int] = []
        self.rewards: list[float] = []
        self.gains: list[np.ndarray[Any, Any]] = []  # the search's gain by action (NaN: none)
        self.values: list[np.ndarray[Any, Any]] = []  # the heuristic's, by action (NaN: none)
        self.seeds: list[int] = []  # each row's game seed (-1: a file that did not keep them)

    def save(self, path: Path) -> None:
        """Write the rows (the expert stage's are costly: a later run trains on them again) to
        a new file that then replaces ``path``: a run stopped while writing loses nothing."""
        fresh = path.with_name(path.name + ".part")
        with fresh.open("wb") as out:
            np.savez_compressed(out, rows=np.stack(self.rows), masks=np.stack(self.masks),
                                targets=np.array(self.targets), rewards=np.array(self.rewards),
                                gains=np.stack(self.gains), seeds=np.array(self.seeds, np.int64),
                                values=np.stack(self.values))
        fresh.replace(path)

    def load(self, path: Path) -> None:
        """Add the rows a run saved."""
        with np.load(path) as data:
            self.rows += list(data["rows"])
            self.masks += list(data["masks"])
            self.targets += [int(t) for t in data["targets"]]
            self.rewards += [float(r) for r in data["rewards"]]
            self.gains += _by_action(data, "gains")
            self.values += _by_action(data, "values")
            known = "seeds" in data.files  # rows saved before the seeds were kept: -1
            self.seeds += [int(s) for s in data["seeds"]] if known else [-1] * len(
                data["targets"])

    def arrays(self) -> tuple[torch.Tensor, ...]:
        """The rows, masks, teacher actions, rewards, the search's gains and the heuristic's
        values (0 where none) as tensors."""
        return (torch.tensor(np.stack(self.rows).astype(np.float32)),
                torch.tensor(np.stack(self.masks)), torch.tensor(self.targets),
                torch.tensor(self.rewards, dtype=torch.float32),
                torch.tensor(np.stack(self.gains).astype(np.float32)),
                torch.tensor(np.nan_to_num(np.stack(self.values).astype(np.float32))))


class Recorder(Rows):
    """Plays games and keeps the training rows."""

    def __init__(self, network: Network) -> None:
        super().__init__()
        self.network = network
        self.game = network.game
        self.tuned = GreedyAgent()
        self.hand = GreedyAgent(weights=HAND_WEIGHTS)
        self.search = expert_search(100, "competitive")
        self.prior = 0.0  # the heuristic's weight when the network plays as ``learned`` does

    def play(self, seed: int, kinds: list[str]) -> None:
        """One game, seat ``s`` playing ``kinds[s]`` (``tuned``, ``hand``, ``tuned-noisy``,
        ``hand-noisy``, ``net``, ``search``: its rows' target is the search's move, not the tuned
        greedy's; ``learner``: the network plays as the ``learned`` agent does, its best action
        with the heuristic's values at weight :attr:`prior`, and the target is the search's move
        in the states it reaches)."""
        game, network, index = self.game, self.network, self.network.index
        state = game.new_game(seed)
        rng = Rng.from_seed(seed * 7919 + 1)
        draws = random.Random(seed)
        seats: list[int] = []
        while not game.is_over(state):
            moves = {}
            for seat in sorted(game.to_move(state)):
                legal = game.legal_moves(state, seat)
                if len(legal) == 1:
                    moves[seat] = legal[0]
                    continue
                view = game.view(state, seat)
                x = network.inputs(view, state)
                kind = kinds[seat]
                gains = np.full(index.size, np.nan, np.float16)
                if kind in ("search", "learner"):
                    teacher, by_move, rng = self.search.analyse(game, view, legal, rng)
                    for move, gain in by_move.items():
                        gains[index.move_to_action(move)] = gain
                else:
                    teacher, rng = self.tuned.choose(game, view, legal, rng)
                actions = index.legal(legal)
                mask = np.zeros(index.size, np.bool_)
                mask[list(actions)] = True
                self.gains.append(gains)
                self.values.append(self.heuristic_values(view, state, legal))
                self.rows.append(x.astype(np.float16))
                self.masks.append(mask)
                self.targets.append(index.move_to_action(teacher))
                self.seeds.append(seed)
                seats.append(seat)
                if kind == "net":
                    chosen, logits = network.legal_logits(view, state, legal)
                    moves[seat] = chosen[softmax_sample(logits, draws.random(), 1.0)]
                elif kind == "learner":
                    moves[seat], rng = self.learner_move(view, state, legal, rng)
                elif kind.endswith("noisy") and draws.random() < EPSILON:
                    moves[seat] = legal[draws.randrange(len(legal))]
                elif kind.startswith("hand"):
                    moves[seat], rng = self.hand.choose(game, view, legal, rng)
                else:  # tuned greedy or the search: the target is the move played
                    moves[seat] = teacher
            state = game.play(state, moves)
        final = final_rewards(game, state)
        self.rewards += [final[seat] for seat in seats]

    def heuristic_values(self, view: Any, state: Any, legal: tuple[Any, ...]
                         ) -> np.ndarray[Any, Any]:
        """The game's heuristic value (points) of each legal action's best payment, NaN for the
        other actions: what the ``learned`` agent's prior adds to its logits. Read on the true
        state, so no generator is drawn (the values read only what the view holds)."""
        out = np.full(self.network.index.size, np.nan, np.float16)
        best, _ = best_payments(self.game, view, legal, self.network, Rng.from_seed(0), state)
        for action, (value, _) in best.items():
            out[action] = value
        return out

    def learner_move(self, view: Any, state: Any, legal: tuple[Any, ...], rng: Rng
                     ) -> tuple[Any, Rng]:
        """The move the ``learned`` agent makes with this network (its best action, the
        heuristic's values added at weight :attr:`prior`; from the true state, which the
        network reads only through the seat's view and the open table)."""
        chosen, logits = self.network.legal_logits(view, state, legal)
        if self.prior:
            chosen, logits, rng = with_prior(self.game, view, legal, self.network, chosen,
                                             logits, self.prior, rng)
        return chosen[softmax_sample(logits, 0.0, 0.0)], rng  # (its best: the agent's rule)

def _by_action(data: Any, name: str) -> list[np.ndarray[Any, Any]]:
    """The rows' array ``name`` of a rows file (one number an action), or NaN rows where the
    file was saved before it was kept."""
    if name in data.files:
        return list(data[name])
    return [np.full(data["masks"].shape[1], np.nan, np.float16)] * len(data["targets"])


def expert_search(iterations: int, kind: str) -> ISMCTSAgent:
    """The self-play games' search, named by its options rather than by the search's defaults
    of the day, so the documented runs replay: ``competitive`` (``points=0`` and greedy walks,
    what the networks shipped first were trained with), ``greedy`` (the points counted,
    ``points`` and ``cut_points`` at the value-leaf defaults, greedy walks) or ``mixed`` (the
    same with walks whose players are not only greedy, ``rollout="mixed"``: today's defaults)."""
    if kind == "competitive":
        return ISMCTSAgent(iterations=iterations, points=0.0, rollout="greedy")
    return ISMCTSAgent(iterations=iterations, rollout="mixed" if kind == "mixed" else "greedy")


def policy_targets(target: torch.Tensor, gains: torch.Tensor, soft: float,
                   temperature: float) -> torch.Tensor:
    """Each row's target distribution over the actions: the teacher's action, mixed (weight
    ``soft``) with the softmax of the search's mean gains at ``temperature`` over the root moves
    it compared, where it compared at least two (a hard target elsewhere)."""
    hard = nn.functional.one_hot(target, gains.shape[1]).float()
    known = ~torch.isnan(gains)
    compared = known.sum(1) >= 2
    if soft <= 0 or not compared.any():
        return hard
    logits = torch.where(known, gains / temperature, torch.full_like(gains, -torch.inf))
    spread = torch.softmax(logits[compared], 1)
    out = hard.clone()
    out[compared] = (1 - soft) * hard[compared] + soft * spread
    return out


def league_kinds(draws: random.Random, players: int) -> list[str]:
    """Each seat's policy of a league game."""
    return [draws.choice(("tuned", "hand", "tuned-noisy", "hand-noisy")) for _ in range(players)]


def train(net: PolicyValueNet, data: tuple[torch.Tensor, ...], epochs: int, seed: int,
          lr: float = 1e-3, soft: float = 0.0, temperature: float = 0.05,
          residual: float = 0.0, played: float = 0.0) -> None:
    """Fit ``net`` on the rows (a tenth held out, reported); ``soft``: see
    :func:`policy_targets`. With ``residual`` above 0 the policy trained is the ``learned``
    agent's with that prior: the logits plus ``residual`` times the heuristic's values, so the
    network learns where the teacher departs from the heuristic rather than all of it. The
    report gives the held-out agreement of the trained policy and, with ``played`` above 0, of
    the agent's choice with that prior (rows saved without the heuristic's values read 0)."""
    x, mask, target, reward, gains, values = data
    prior = residual * values
    spread = policy_targets(target, gains, soft, temperature)
    generator = torch.Generator().manual_seed(seed)
    order = torch.randperm(len(x), generator=generator)
    held = order[: len(x) // 10]
    fit = order[len(x) // 10:]
    optimiser = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=1e-5)
    for epoch in range(epochs):
        fit_epoch(net, optimiser, data, (spread, prior), fit, generator)
        with torch.no_grad():
            logits, value = net(x[held])
            agree = agreement(logits + prior[held], mask[held], target[held])
            error = ((torch.sigmoid(value) - reward[held]) ** 2).mean().item()
            agent = agreement(logits + played * values[held], mask[held], target[held])
        as_played = f", as played (prior {played}) {agent:.3f}" if played else ""
        print(f"  epoch {epoch + 1}: held-out target agreement {agree:.3f}{as_played}, "
              f"value mse {error:.4f}", flush=True)


def fit_epoch(net: PolicyValueNet, optimiser: torch.optim.Optimizer,
              data: tuple[torch.Tensor, ...], policy: tuple[torch.Tensor, torch.Tensor],
              fit: torch.Tensor, generator: torch.Generator) -> None:
    """One pass over the rows ``fit`` (indices into ``data``) in an order drawn from
    ``generator``, in batches of 256: the policy's cross-entropy on the target distributions
    (``policy[0]``) of the logits plus the prior (``policy[1]``), plus the value head's binary
    cross-entropy on the final reward. Leaves ``net`` in evaluation mode."""
    x, mask, _, reward, _, _ = data
    spread, prior = policy
    bce = nn.BCEWithLogitsLoss()
    net.train()
    shuffled = fit[torch.randperm(len(fit), generator=generator)]
    for start in range(0, len(shuffled), 256):
        batch = shuffled[start:start + 256]
        logits, value = net(x[batch])
        logits = (logits + prior[batch]).masked_fill(~mask[batch], -1e9)
        policy_loss = -(spread[batch] * torch.log_softmax(logits, 1)).sum(1).mean()
        loss = policy_loss + bce(value, reward[batch])
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
    net.eval()


def hits(logits: torch.Tensor, mask: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    """For each row, whether its best legal action by ``logits`` is the target."""
    return logits.masked_fill(~mask, -1e9).argmax(1) == target


def agreement(logits: torch.Tensor, mask: torch.Tensor, target: torch.Tensor) -> float:
    """The share of rows whose best legal action by ``logits`` is the target."""
    return float(hits(logits, mask, target).float().mean().item())


def network_from(init: Path | None, inputs: int, actions: int, hidden: int,
                 depth: int) -> PolicyValueNet:
    """The weights of the network file ``init``, or a new network of the sizes given (drawn
    from torch's generator)."""
    if init is None:
        return PolicyValueNet(inputs, actions, hidden, depth)
    with np.load(init) as data:
        return PolicyValueNet.from_arrays({name: data[name] for name in data.files})


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--selfplay-rounds", type=int, default=1)
    parser.add_argument("--selfplay-games", type=int, default=1500)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--hidden", type=int, default=192)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--init", type=Path, default=None)
    parser.add_argument("--expert-rounds", type=int, default=0)
    parser.add_argument("--expert-games", type=int, default=200)
    parser.add_argument("--expert-iterations", type=int, default=100)
    parser.add_argument("--expert-minutes", type=float, default=None)
    parser.add_argument("--expert-epochs", type=int, default=6)
    parser.add_argument("--expert-lr", type=float, default=3e-4)
    parser.add_argument("--expert-rows", type=Path, default=None)
    parser.add_argument("--also-rows", type=Path, nargs="*", default=[])
    parser.add_argument("--soft", type=float, default=0.0)
    parser.add_argument("--soft-temperature", type=float, default=0.05)
    parser.add_argument("--prior", type=float, default=0.0)
    parser.add_argument("--average", type=int, default=1)
    parser.add_argument("--residual", action="store_true")
    parser.add_argument("--expert-search", choices=("competitive", "greedy", "mixed"),
                        default="competitive")
    parser.add_argument("--expert-players", choices=("search", "learner"), default="search")
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    game = make_game("base", args.players)
    prefix = "learned" if args.expert_rounds else "net"  # the learned agent's, the search's
    out = args.out or Path(__file__).parent.parent / "sevenwonders" / "agents" / "data" / (
        f"{prefix}_{network_key(game)}.npz")
    net = network_from(args.init, *sizes(game), args.hidden, args.depth)
    draws = random.Random(args.seed)
    if args.games:
        imitate(net, game, args, draws, out)
    expert = Recorder(Network(game, net.arrays()))
    expert.search = expert_search(args.expert_iterations, args.expert_search)
    if args.expert_rows is not None and args.expert_rows.is_file():
        expert.load(args.expert_rows)
    also = Rows()  # rows of other runs: trained on, never written
    for path in args.also_rows:
        also.load(path)
    for round_ in range(args.expert_rounds):
        network = Network(game, net.arrays())
        if args.expert_players == "search":
            use_network(game, network)  # the search's leaves read the network trained so far
        expert.network = network
        expert.prior = args.prior
        start, wall = time.process_time(), time.monotonic()
        played, saved = 0, set(expert.seeds)
        for k in range(args.expert_games):
            if args.expert_minutes and time.monotonic() - wall > 60 * args.expert_minutes:
                break
            seed = args.seed * 1_000_000 + 700_000 + round_ * 50_000 + k
            if seed in saved:  # the rows file holds this game already (a resumed run)
                continue
            expert.play(seed, [args.expert_players] * args.players)
            played += 1
            if args.expert_rows is not None and played % 5 == 0:
                expert.save(args.expert_rows)  # a stopped run keeps its games
            if played % 10 == 0:
                print(f"  {played} expert games, {time.process_time() - start:.0f} s", flush=True)
        print(f"expert round {round_ + 1}: {played} games, {len(expert.rows)} rows of "
              f"{len(set(expert.seeds) - {-1})} games with seeds, "
              f"{time.process_time() - start:.0f} s", flush=True)
        if args.expert_rows is not None and played:  # (none played: the file as it was)
            expert.save(args.expert_rows)
        data = expert.arrays()
        if also.rows:  # (after this run's rows, in the order the files are named)
            data = tuple(torch.cat(pair) for pair in zip(data, also.arrays(), strict=True))
        net = train_averaged(net, data, args, args.seed + 100 + round_)
        save(net, out, args.prior)


def train_averaged(net: PolicyValueNet, data: tuple[torch.Tensor, ...],
                   args: argparse.Namespace, seed: int) -> PolicyValueNet:
    """The expert stage's training: ``--average K`` copies of ``net`` fine-tuned on ``data``
    with the generator seeds ``seed``, ``seed + 1000``... (the rows' order and held-out tenth
    differ), their weights averaged (copies of one start stay close, so their mean is a network
    too: less of one ordering's noise). ``K`` 1 is the one training of ``seed``."""
    start = copy.deepcopy(net)
    members = []
    for k in range(args.average):
        member = copy.deepcopy(start) if k else net
        train(member, data, args.expert_epochs, seed + 1000 * k, lr=args.expert_lr,
              soft=args.soft, temperature=args.soft_temperature,
              residual=args.prior if args.residual else 0.0, played=args.prior)
        members.append(member)
    if len(members) > 1:
        with torch.no_grad():
            for name, weight in net.named_parameters():
                weight.copy_(torch.stack([dict(m.named_parameters())[name]
                                          for m in members]).mean(0))
    return net


def imitate(net: PolicyValueNet, game: Any, args: argparse.Namespace, draws: random.Random,
            out: Path) -> None:
    """The league stage and the self-play rounds (imitation of the tuned greedy)."""
    recorder = Recorder(Network(game, net.arrays()))
    start = time.process_time()
    for k in range(args.games):
        recorder.play(args.seed * 1_000_000 + k, league_kinds(draws, args.players))
        if (k + 1) % 500 == 0:
            print(f"  {k + 1} games", flush=True)
    print(f"league: {args.games} games, {len(recorder.rows)} rows, "
          f"{time.process_time() - start:.0f} s", flush=True)
    train(net, recorder.arrays(), args.epochs, args.seed)
    save(net, out)
    for round_ in range(args.selfplay_rounds):
        recorder.network = Network(game, net.arrays())
        start = time.process_time()
        for k in range(args.selfplay_games):
            kinds = ["net"] * args.players
            kinds[draws.randrange(args.players)] = draws.choice(("tuned", "hand-noisy"))
            recorder.play(args.seed * 1_000_000 + 500_000 + round_ * 50_000 + k, kinds)
        print(f"self-play round {round_ + 1}: {len(recorder.rows)} rows, "
              f"{time.process_time() - start:.0f} s", flush=True)
        train(net, recorder.arrays(), max(2, args.epochs // 2), args.seed + round_ + 1)
        save(net, out)


def save(net: PolicyValueNet, out: Path, prior: float = 0.0) -> None:
    """Write the weights (after every stage, so a long run leaves a usable network early), and
    the heuristic's weight in the learned agent's choice if not 0."""
    extra = {"prior": np.array(prior, np.float32)} if prior else {}
    np.savez_compressed(out, allow_pickle=False, **net.arrays(), **extra)
    print(f"wrote {out} ({out.stat().st_size} bytes)", flush=True)


def sizes(game: Any) -> tuple[int, int]:
    """The network's input and action counts for ``game``."""
    inputs = make_encoder(game).size + Features(game, Layout()).size
    return inputs, action_index(game).size


if __name__ == "__main__":
    main()
