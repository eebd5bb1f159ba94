"""Tournaments: lineups rotate every agent through every seat, results and ratings are the same
for a seed in this process and in a process pool, the command prints a table; and agents never
read hidden information (a state twin that differs only in what a seat cannot see gives the
same decision, for greedy and ISMCTS, in every game)."""

from __future__ import annotations

import importlib.util
import itertools
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest

from sevenwonders.agents import GreedyAgent, ISMCTSAgent, RandomAgent, make_agent
from sevenwonders.cli import main
from sevenwonders.core.playout import states
from sevenwonders.core.rng import Rng
from sevenwonders.games import make_game
from sevenwonders.tournament import format_standings, lineups, plot_ratings, tournament

# the ratings need the ratings extra (openskill), the plots the plot extra (matplotlib)
ratings = pytest.mark.skipif(importlib.util.find_spec("openskill") is None,
                             reason="needs openskill (the ratings extra)")
plots = pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None,
                           reason="needs matplotlib (the plot extra)")


@pytest.mark.parametrize("agents,players", [(3, 3), (4, 3), (2, 4), (3, 4), (5, 2)])
def test_every_agent_sits_in_every_seat_equally_often(agents: int, players: int) -> None:
    tables = lineups(agents, players)
    for seat in range(players):
        counts = Counter(table[seat] for table in tables)
        assert set(counts) == set(range(agents))
        assert len(set(counts.values())) == 1
    if agents >= players:
        assert all(len(set(table)) == players for table in tables)
        pairs = {frozenset(p) for t in tables for p in itertools.combinations(t, 2)}
        assert len(pairs) == agents * (agents - 1) // 2  # everyone meets everyone
    with pytest.raises(ValueError):
        lineups(1, players)


@ratings
def test_a_tournament_is_the_same_for_a_seed_in_any_executor() -> None:
    game = make_game("base", 3)
    agents = [RandomAgent(), GreedyAgent(), make_agent("ismcts:3")]
    serial = tournament(game, agents, games=6, seed=4)
    again = tournament(game, agents, games=6, seed=4)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = tournament(game, agents, games=6, seed=4, executor=pool, chunk=1)
    assert serial == again == pooled
    other = tournament(game, agents, games=6, seed=5)
    assert other.games != serial.games
    assert len(serial.games) == 6 and len(serial.history) == 6
    # each deal is played once per lineup: same set-up seed, agents rotated
    assert len({r.seed for r in serial.games}) == 2
    standings = {s.agent: s for s in serial.standings}
    assert set(standings) == {"random", "greedy", "ismcts(3)"}
    assert all(s.seats == 6 and 0 < s.sigma < 25 / 3 for s in standings.values())
    assert serial.standings[0].ordinal >= serial.standings[-1].ordinal
    # a weak agent that loses every game ends below its start
    assert standings["random"].mu < 25 < standings["greedy"].mu
    assert "mu-3s" in format_standings(serial)


@ratings
def test_ratings_need_distinct_agents_and_round_up_to_whole_rounds() -> None:
    game = make_game("dice", 2)
    with pytest.raises(ValueError):
        tournament(game, [GreedyAgent(), GreedyAgent()], games=2)
    result = tournament(game, [RandomAgent(), GreedyAgent()], games=3, seed=1)
    assert len(result.games) == 4  # two lineups per deal: 3 games round up to 2 deals
    assert [tuple(r.agents) for r in result.games[:2]] == [("random", "greedy"),
                                                           ("greedy", "random")]


@ratings
@plots
def test_the_tournament_command_prints_ratings_and_plots(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "ratings.png"
    code = main(["tournament", "--game", "architects", "--players", "3", "--agents",
                 "random,greedy", "--games", "3", "--quiet", "--plot", str(plot)])
    out = capsys.readouterr().out
    assert code == 0
    assert "games: 6 (6 lineups per deal)" in out and "greedy" in out and "random" in out
    assert plot.stat().st_size > 0


@ratings
def test_the_tournament_command_refuses_a_single_agent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tournament", "--agents", "greedy", "--games", "2", "--quiet"]) == 2
    assert "at least 2" in capsys.readouterr().err


@ratings
@plots
def test_plot_ratings_writes_an_image(tmp_path: Path) -> None:
    result = tournament(make_game("dice", 2), [RandomAgent(), GreedyAgent()], games=2)
    plot_ratings(result, tmp_path / "r.png")
    assert (tmp_path / "r.png").stat().st_size > 0


# ---------------------------------------------------------------- hidden information


def _base_twin(state: Any, seat: int) -> Any:
    """Other seats' hands shifted round, and every deck still to come reversed."""
    others = [s for s in range(state.players) if s != seat]
    hands = list(state.hands)
    shifted = [state.hands[s] for s in others[1:] + others[:1]]
    for s, hand in zip(others, shifted, strict=True):
        hands[s] = hand
    return attrs.evolve(state, hands=tuple(hands),
                        decks=tuple(tuple(reversed(d)) for d in state.decks))


def _architects_twin(state: Any, seat: int) -> Any:
    """The face-down central deck, the cards under each wonder deck's face-up top card, and the
    token pile in another order."""
    return attrs.evolve(state, central=tuple(reversed(state.central)),
                        decks=tuple((*reversed(d[:-1]), *d[-1:]) for d in state.decks),
                        token_pile=tuple(reversed(state.token_pile)))


def _dice_twin(state: Any, seat: int) -> Any:
    """Other future rolls."""
    return attrs.evolve(state, rng=Rng.from_seed(987654321))


TWINS: dict[str, tuple[Callable[[], Any], Callable[[Any, int], Any]]] = {
    "base": (lambda: make_game("base", 4), _base_twin),
    "edifice": (lambda: make_game("base", 3, expansions=["edifice"]), _base_twin),
    "architects": (lambda: make_game("architects", 3), _architects_twin),
    "dice": (lambda: make_game("dice", 3), _dice_twin),
}


@pytest.mark.parametrize("name", sorted(TWINS))
def test_agents_decide_the_same_on_a_twin_that_differs_only_in_hidden_cards(name: str) -> None:
    make, twin_of = TWINS[name]
    game = make()
    agents = [GreedyAgent(), ISMCTSAgent(iterations=4)]
    compared = differing = 0
    for index, state in enumerate(states(game, seed=21)):
        if game.is_over(state) or index % 3:
            continue
        for seat in sorted(game.to_move(state)):
            twin = twin_of(state, seat)
            if twin == state:
                continue
            differing += 1
            view = game.view(state, seat)
            if game.view(twin, seat) != view:
                continue  # the change was visible to this seat (a hand it has seen)
            legal = game.legal_moves(state, seat)
            assert game.legal_moves(twin, seat) == legal
            for agent in agents:
                mine = agent.choose(game, view, legal, Rng.from_seed(index))
                theirs = agent.choose(game, game.view(twin, seat), legal, Rng.from_seed(index))
                assert mine == theirs
            compared += 1
    assert compared >= 3 and differing >= compared
