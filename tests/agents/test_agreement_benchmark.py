"""The agreement benchmark counts what it says: a reference that draws nothing agrees with
itself and with its copy everywhere, a random agent less; another payment of the same card is
alike but not the same move; only the seats asked, at decisions with a choice, are positions;
a network file plays as the agent it names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sevenwonders.agents import RandomAgent
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.games import make_game
from tests.agents.test_strength_benchmark import ROOT, _load


class FirstMove:
    """Always the first legal move: an agent that draws nothing."""

    name = "first"

    def choose(self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
               ) -> tuple[Any, Rng]:
        return legal[0], rng


def test_a_reference_that_draws_nothing_agrees_with_itself_and_a_random_agent_less() -> None:
    agreement = _load("agreement")
    game = make_game("base", 3)
    found = agreement.positions(game, RandomAgent(), 7, 0, (1,))
    assert found and all(len(legal) > 1 for _, legal in found)
    counts = agreement.agreement(game, found, FirstMove(), {"copy": FirstMove(),
                                                            "random": RandomAgent()})
    n = len(found)
    assert counts[agreement.AGAIN] == (n, n) and counts["copy"] == (n, n)
    same, alike = counts["random"]
    assert same < n / 2 and same <= alike <= n


class FirstPaid:
    """The first legal move that another shares its kind and card with (``key``: the
    benchmark's), legal[0] where there is none; ``other``: that other move instead (another
    payment of the same card)."""

    name = "first-paid"

    def __init__(self, key: Callable[[Any], Any], other: bool = False) -> None:
        self.key, self.other = key, other

    def choose(self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
               ) -> tuple[Any, Rng]:
        for i, move in enumerate(legal):
            twins = [m for m in legal[i + 1:] if self.key(m) == self.key(move)]
            if twins:
                return (twins[0] if self.other else move), rng
        return legal[0], rng


def test_another_payment_of_the_same_card_is_alike_but_not_the_same_move() -> None:
    agreement = _load("agreement")
    game = make_game("base", 3)
    found = agreement.positions(game, RandomAgent(), 11, 0, (0, 1, 2))
    key = agreement.kind_and_card
    counts = agreement.agreement(game, found, FirstPaid(key), {"other": FirstPaid(key, True)})
    same, alike = counts["other"]
    assert alike == len(found) and 0 < same < alike


def test_positions_are_the_seats_asked() -> None:
    agreement = _load("agreement")
    game = make_game("dice", 2)
    both = agreement.positions(game, RandomAgent(), 3, 1, (0, 1))
    one = agreement.positions(game, RandomAgent(), 3, 1, (0,))
    assert 0 < len(one) < len(both)
    assert all(view in [v for v, _ in both] for view, _ in one)


def test_shares_weigh_games_by_their_positions() -> None:
    agreement = _load("agreement")
    results = [(10, {"a": (10, 10)}), (30, {"a": (0, 30)})]
    same, same_se, alike, alike_se = agreement.shares(results, "a")
    assert same == 0.25 and alike == 1.0 and alike_se == 0.0 and same_se > 0
    assert agreement.shares(results[:1], "a")[1] == float("inf")


def test_the_script_prints_every_agent(capsys: Any) -> None:
    agreement = _load("agreement")
    agreement.main(["--game", "dice", "--players", "2", "--games", "2", "--play", "random",
                    "--reference", "greedy", "--agents", "random", "--seats", "0"])
    out = capsys.readouterr().out
    assert "reference again" in out and "random" in out and "positions of 2 games" in out


def test_a_candidate_network_file_is_an_agent_of_its_own() -> None:
    pytest.importorskip("numpy")
    agreement = _load("agreement")
    shipped = str(ROOT / "sevenwonders" / "agents" / "data" / "learned_base-4-2nd.npz")
    file_spec, alone = f"learned-file={shipped}", f"learned-file={shipped}:prior=0"
    _, counts = agreement.measure_game(
        ("base", 4, "greedy", "greedy", ("learned", file_spec, "learned:prior=0", alone),
         20_000, 0, (0,)))
    assert counts[file_spec] == counts["learned"] and counts[alone] == counts["learned:prior=0"]
    assert counts["learned"] != counts["learned:prior=0"]  # (the file's own prior is played)
