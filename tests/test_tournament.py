"""Tournaments: seatings put every agent in every seat and every pair of agents side by side
equally often, the head-to-head table marks pairs it cannot separate, results and ratings are the
same for a seed in this process and in a process pool, the command prints a table (without
progress frames into a stream that is not a terminal); and agents never
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
from sevenwonders.tournament import (
    MAX_LINEUPS,
    HeadToHead,
    format_standings,
    lineups,
    plan,
    plot_ratings,
    round_length,
    tournament,
)


def _neighbours(tables: list[tuple[int, ...]] | tuple[tuple[int, ...], ...]) -> Counter[Any]:
    """How often each ordered pair of different agents sits left/right of each other."""
    pairs: Counter[Any] = Counter()
    for table in tables:
        for seat, agent in enumerate(table):
            right = table[(seat + 1) % len(table)]
            if right != agent:
                pairs[agent, right] += 1
    return pairs

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


@pytest.mark.parametrize("agents,players", [(4, 4), (3, 4), (4, 3), (2, 5), (5, 4), (3, 3),
                                            (2, 7), (6, 3)])
def test_every_pair_of_agents_sits_side_by_side_equally_often(agents: int, players: int) -> None:
    tables = lineups(agents, players)
    assert len(tables) == len(set(tables)) == round_length(agents, players)
    pairs = _neighbours(tables)
    assert set(pairs) == {(a, b) for a in range(agents) for b in range(agents) if a != b}
    assert len(set(pairs.values())) == 1, pairs


def test_the_old_rotations_left_opposite_agents_apart_and_seating_all_does_not() -> None:
    rotations = [t[r:] + t[:r] for t in [(0, 1, 2, 3)] for r in range(4)]
    assert (0, 2) not in _neighbours(rotations)  # what plain rotations do at a 4-seat table
    assert _neighbours(lineups(4, 4))[0, 2] == _neighbours(lineups(4, 4))[0, 1] > 0


def test_long_rounds_are_sampled_per_deal_and_still_balanced() -> None:
    assert round_length(7, 7) > MAX_LINEUPS
    scheme, per_deal, games = plan(7, 7, 7 * 3000, seed=3)
    assert scheme == "sampled" and per_deal == 7 and len(games) == 7 * 3000
    assert plan(7, 7, 7 * 3000, seed=3) == (scheme, per_deal, games)  # from the index alone
    for deal in (0, 1, 2999):
        tables = [lineup for _, d, lineup in games if d == deal]
        assert {t[seat] for t in tables for seat in range(7)} == set(range(7))
        assert all(len({t[seat] for t in tables}) == 7 for seat in range(7))
    pairs = _neighbours([lineup for _, _, lineup in games])
    assert len(pairs) == 42
    expected = sum(pairs.values()) / 42
    assert all(abs(count - expected) < 0.1 * expected for count in pairs.values())
    few = plan(3, 5, 10, seed=0)
    assert few[0] == "all" and len(few[2]) == 90  # 3 tables of 30 arrangements (a round)
    assert plan(3, 5, 10, seed=0, seating="sampled")[1] == 5
    with pytest.raises(ValueError):
        plan(3, 5, 10, seating="rotations")


def test_the_separation_mark_needs_more_than_two_standard_errors() -> None:
    assert not HeadToHead("a", "b", 100, 20, 0.55, 0.03).separated
    assert not HeadToHead("a", "b", 100, 20, 0.44, 0.03).separated
    assert HeadToHead("a", "b", 100, 20, 0.57, 0.03).separated
    assert HeadToHead("a", "b", 100, 20, 0.43, 0.03).separated
    assert not HeadToHead("a", "b", 6, 1, 1.0, float("inf")).separated  # one deal proves nothing


class OtherRandom(RandomAgent):
    """A second random player under its own name (two equals)."""

    name = "random2"


@ratings
def test_the_head_to_head_table_separates_a_strong_agent_and_not_two_equals() -> None:
    game = make_game("base", 3)
    result = tournament(game, [RandomAgent(), OtherRandom(), GreedyAgent()], games=24, seed=2)
    assert result.seating == "all" and result.per_deal == 6 and len(result.games) == 24
    pairs = {(h.first, h.second): h for h in result.head_to_head}
    assert set(pairs) == {("random", "random2"), ("random", "greedy"), ("random2", "greedy")}
    equals = pairs["random", "random2"]
    assert equals.games == 24 and equals.deals == 4 and not equals.separated
    for weak in ("random", "random2"):
        strong = pairs[weak, "greedy"]
        assert strong.share < 0.2 and strong.separated
    table = format_standings(result)
    assert "not separated" in table and "random2" in table


@ratings
def test_a_tournament_is_the_same_for_a_seed_in_any_executor() -> None:
    game = make_game("base", 3)
    agents = [RandomAgent(), GreedyAgent(), make_agent("ismcts:3")]
    serial = tournament(game, agents, games=12, seed=4)
    again = tournament(game, agents, games=12, seed=4)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = tournament(game, agents, games=12, seed=4, executor=pool, chunk=1)
        sampled = tournament(game, agents, games=6, seed=4, executor=pool, seating="sampled")
    assert serial == again == pooled
    assert sampled == tournament(game, agents, games=6, seed=4, seating="sampled")
    other = tournament(game, agents, games=12, seed=5)
    assert other.games != serial.games
    assert len(serial.games) == 12 and len(serial.history) == 12
    # each deal is played once per seating: same set-up seed, agents in all 6 orders
    assert len({r.seed for r in serial.games}) == 2
    assert set(serial.lineups[:6]) == set(itertools.permutations(range(3)))
    standings = {s.agent: s for s in serial.standings}
    assert set(standings) == {"random", "greedy", "ismcts(3)"}
    assert all(s.seats == 12 and 0 < s.sigma < 25 / 3 for s in standings.values())
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
    assert "games: 6 (6 per deal, seating all)" in out and "greedy" in out and "random" in out
    assert "above" in out and "deals" in out  # the head-to-head table
    assert plot.stat().st_size > 0


@ratings
def test_the_tournament_command_draws_no_frames_into_a_stream_that_is_not_a_terminal(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", "dice", "--players", "2", "--agents",
                 "random,greedy", "--games", "2"]) == 0
    captured = capsys.readouterr()
    assert "\r" not in captured.err and "games" not in captured.err
    assert "random" in captured.out


@ratings
def test_the_tournament_command_refuses_a_single_agent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tournament", "--agents", "greedy", "--games", "2", "--quiet"]) == 2
    assert "at least 2" in capsys.readouterr().err


def test_the_default_search_budget_is_the_documented_one() -> None:
    import re

    from sevenwonders.agents.ismcts import DEFAULT_ITERATIONS
    from sevenwonders.frontend.server.bots import BOTS

    docs = Path(__file__).resolve().parent.parent / "docs"
    strength = re.search(r"\| `ismcts` \| (\d+) walks", (docs / "agents-strength.md").read_text())
    assert strength is not None and int(strength.group(1)) == DEFAULT_ITERATIONS
    # what the command line, a tournament and the benchmarks get for a plain "ismcts"
    assert make_agent("ismcts").iterations == DEFAULT_ITERATIONS  # type: ignore[attr-defined]
    server = re.search(r"`ismcts` \((\d+) iterations\)", (docs / "server.md").read_text())
    assert server is not None
    assert make_agent(BOTS["ismcts"]).iterations == int(server.group(1))  # type: ignore[attr-defined]


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
