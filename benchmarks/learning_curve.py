"""How a student's agreement with its teacher grows with its rows: whether the ``learned``
network is short of rows or of something else, and how many rows the next step asks for.

    python -m benchmarks.learning_curve ROWS [ROWS ...] [--shares 0.125 0.25 0.5 1]
        [--epochs 8] [--lr 1e-3] [--prior 0.2] [--soft 0.5] [--soft-temperature 0.05]
        [--init FILE] [--hidden 192] [--depth 2] [--seed 0]

Needs the ``training`` extra. It reads rows files written by ``benchmarks/train_network.py
--expert-rows`` and splits their *games* (a game's decisions are alike, so rows of one game on
both sides of a split would flatter the student): a tenth of them is the test, a tenth chooses
the epoch, the rest is fitted. For each share of the fitted games (nested: a larger share holds
the smaller ones' games), a network is trained through the prior as ``--residual`` trains it
(the logits plus ``--prior`` times the heuristic's values), from new weights or from ``--init``,
for as many batches as ``--epochs`` passes over all the fitted games make, and the epoch whose
validation agreement is best is kept. A line a share gives its games and rows and the student's
agreement with the teacher's move, as the agent plays, on the rows it fitted and on the test
games, with the test's standard error over games. The heuristic's best action alone and
``--init`` as it is are measured on the same test games. The run is reproducible from
``--seed`` (torch on one CPU thread).
"""

from __future__ import annotations

import argparse
import copy
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import torch

# the training script beside this one (run as a module or as a file alike)
sys.path.insert(0, str(Path(__file__).resolve().parent))
from train_network import (
    PolicyValueNet,
    Rows,
    agreement,
    fit_epoch,
    hits,
    network_from,
    policy_targets,
)

Split = tuple[torch.Tensor, torch.Tensor, list[torch.Tensor]]
"""The rows of the test games, of the validation games, and of each share's fitted games."""


def read_rows(paths: list[Path]) -> tuple[tuple[torch.Tensor, ...], np.ndarray[Any, Any]]:
    """The rows of the files, in order, as the training script's tensors, and each row's game
    seed; a file saved before the seeds were kept cannot be split by game and is refused."""
    rows = Rows()
    for path in paths:
        rows.load(path)
    seeds = np.array(rows.seeds, np.int64)
    if not len(seeds) or (seeds < 0).any():
        raise SystemExit("rows without their games' seeds cannot be split by game")
    return rows.arrays(), seeds


def split_games(seeds: np.ndarray[Any, Any], shares: list[float], seed: int) -> Split:
    """The test tenth of the games, the validation tenth and, for each share, the fitted games'
    first ``share`` in one shuffled order, each as the indices of their rows."""
    games = np.unique(seeds)
    np.random.default_rng(seed).shuffle(games)
    tenth = max(1, len(games) // 10)
    test, valid, fitted = games[:tenth], games[tenth:2 * tenth], games[2 * tenth:]

    def rows_of(chosen: np.ndarray[Any, Any]) -> torch.Tensor:
        return torch.tensor(np.flatnonzero(np.isin(seeds, chosen)))

    parts = [rows_of(fitted[:max(1, round(share * len(fitted)))]) for share in shares]
    return rows_of(test), rows_of(valid), parts


def agreement_by_game(net: PolicyValueNet, data: tuple[torch.Tensor, ...], prior: torch.Tensor,
                      rows: torch.Tensor, seeds: np.ndarray[Any, Any]) -> tuple[float, float]:
    """The agreement with the teacher's move over ``rows`` as the agent plays, and its standard
    error over their games."""
    x, mask, target = data[:3]
    with torch.no_grad():
        logits, _ = net(x[rows])
    hit = hits(logits + prior[rows], mask[rows], target[rows]).numpy()
    games = seeds[rows.numpy()]
    per_game = [hit[games == game].mean() for game in np.unique(games)]
    return float(hit.mean()), float(np.std(per_game) / math.sqrt(len(per_game)))


def fit_share(net: PolicyValueNet, data: tuple[torch.Tensor, ...],
              policy: tuple[torch.Tensor, torch.Tensor],
              rows: torch.Tensor, valid: torch.Tensor, args: argparse.Namespace,
              batches: int) -> tuple[PolicyValueNet, int]:
    """``net`` trained on ``rows`` for about ``batches`` batches of 256, and the epoch, of
    those, whose agreement on the validation rows was best (the network of that epoch);
    ``policy``: the target distributions and the prior, as :func:`fit_epoch` takes them."""
    prior = policy[1]
    optimiser = torch.optim.Adam(net.parameters(), lr=args.lr, weight_decay=1e-5)
    generator = torch.Generator().manual_seed(args.seed)
    epochs = max(1, round(batches / math.ceil(len(rows) / 256)))
    best, best_epoch, best_score = copy.deepcopy(net), 0, -1.0
    x, mask, target = data[:3]
    for epoch in range(1, epochs + 1):
        fit_epoch(net, optimiser, data, policy, rows, generator)
        with torch.no_grad():
            score = agreement(net(x[valid])[0] + prior[valid], mask[valid], target[valid])
        if score > best_score:
            best, best_epoch, best_score = copy.deepcopy(net), epoch, score
    return best, best_epoch


def start_network(args: argparse.Namespace, data: tuple[torch.Tensor, ...]) -> PolicyValueNet:
    """A network of new weights drawn from ``--seed``, or ``--init``'s."""
    torch.manual_seed(args.seed)
    return network_from(args.init, data[0].shape[1], data[1].shape[1], args.hidden, args.depth)


def main(argv: list[str] | None = None) -> None:
    """Print the learning curve of the rows files named."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", type=Path, nargs="+")
    parser.add_argument("--shares", type=float, nargs="+", default=[0.125, 0.25, 0.5, 1.0])
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--prior", type=float, default=0.2)
    parser.add_argument("--soft", type=float, default=0.5)
    parser.add_argument("--soft-temperature", type=float, default=0.05)
    parser.add_argument("--init", type=Path, default=None)
    parser.add_argument("--hidden", type=int, default=192)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    data, seeds = read_rows(args.rows)
    test, valid, parts = split_games(seeds, args.shares, args.seed)
    spread = policy_targets(data[2], data[4], args.soft, args.soft_temperature)
    prior = args.prior * data[5]
    heuristic = agreement(data[5][test], data[1][test], data[2][test])
    print(f"{len(data[0])} rows of {len(np.unique(seeds))} games; test {len(test)} rows, "
          f"validation {len(valid)}; the heuristic's best action alone: {heuristic:.3f}")
    if args.init is not None:
        score, error = agreement_by_game(start_network(args, data), data, prior, test, seeds)
        print(f"--init as it is: test {score:.3f} ± {error:.3f}")
    batches = args.epochs * math.ceil(max(map(len, parts)) / 256)
    print("share   games    rows  epoch  fitted   test")
    for share, rows in zip(args.shares, parts, strict=True):
        net, epoch = fit_share(start_network(args, data), data, (spread, prior), rows, valid,
                               args, batches)
        fitted, _ = agreement_by_game(net, data, prior, rows, seeds)
        score, error = agreement_by_game(net, data, prior, test, seeds)
        games = len(np.unique(seeds[rows.numpy()]))
        print(f"{share:5.3f} {games:7d} {len(rows):7d} {epoch:6d}  {fitted:.3f}  "
              f"{score:.3f} ± {error:.3f}", flush=True)


if __name__ == "__main__":
    main()
