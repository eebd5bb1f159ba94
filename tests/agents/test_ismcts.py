"""The search agent's paired root (common random numbers) and its per-game presets."""

from __future__ import annotations

import math

import pytest

from sevenwonders.agents import GreedyAgent, ISMCTSAgent, make_agent
from sevenwonders.agents import ismcts as search
from sevenwonders.agents.determinize import register_determinizer
from sevenwonders.agents.search_tree import WIDENING
from sevenwonders.agents.search_walk import Search
from sevenwonders.base import BaseGame
from sevenwonders.core.rng import Rng
from sevenwonders.dice import DiceGame
from sevenwonders.errors import InvalidOptionError
from sevenwonders.games import make_game
from sevenwonders.simulation import play_game
from tests.agents.toy import Nim, determinize_nim


def test_options_left_out_take_the_game_preset() -> None:
    agent = ISMCTSAgent(iterations=10)
    assert agent.given == {} and agent.root == "paired" and agent.horizon == 8
    generic = agent.settings("no-such-game")
    assert (generic.root, generic.depth, generic.horizon, generic.width) == ("paired", 1, 8, 6)
    assert math.isinf(generic.cut_evidence)
    unranked = agent.settings("no-such-game", ranked=False)
    assert (unranked.root, unranked.depth, unranked.horizon) == ("tree", None, 2)
    for name, preset in search.PRESETS.items():
        settings = agent.settings(name)
        for key, value in preset.items():
            if key != "by_players":
                assert getattr(settings, key) == value
    # Architects with 4 players asks for more evidence before a cut walk overrules greedy
    assert agent.settings("architects", players=4).cut_evidence == 2.0
    assert agent.settings("architects", players=3).cut_evidence == 1.0
    assert agent.settings("architects").cut_evidence == 1.0
    assert ISMCTSAgent(iterations=10, cut_evidence=3).settings(
        "architects", players=4).cut_evidence == 3.0
    assert ISMCTSAgent(iterations=10, preset=False).settings(
        "architects", players=4).cut_evidence == math.inf
    given = ISMCTSAgent(iterations=10, horizon=7, root="tree").settings("dice")
    assert (given.horizon, given.root) == (7, "tree")
    off = ISMCTSAgent(iterations=10, preset=False).settings("dice")
    assert (off.root, off.horizon) == ("paired", 8)


def test_make_agent_reads_the_paired_options() -> None:
    agent = make_agent("ismcts:40:root=paired:evidence=1.5:preset=off")
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.root, agent.evidence, agent.preset) == ("paired", 1.5, False)
    assert agent.name == "ismcts(40,root=paired,evidence=1.5,preset=off)"
    for bad in ("ismcts:root=forest", "ismcts:evidence=-1", "ismcts:preset=maybe"):
        with pytest.raises(InvalidOptionError):
            make_agent(bad)


def _dice_position() -> tuple[DiceGame, object, tuple[object, ...]]:
    game = DiceGame(players=2, seat_sheets=["giza", "rhodes"])
    state = game.new_game(seed=4)
    return game, game.view(state, 0), game.legal_moves(state, 0)


def test_paired_search_replays_exactly_with_an_iteration_budget() -> None:
    game, view, legal = _dice_position()
    agent = ISMCTSAgent(iterations=12, root="paired", horizon=2)
    move, rng = agent.choose(game, view, legal, Rng.from_seed(5))
    assert move in legal
    assert agent.choose(game, view, legal, Rng.from_seed(5)) == (move, rng)


def test_without_evidence_the_paired_search_plays_the_greedy_move() -> None:
    game, view, legal = _dice_position()
    stubborn = ISMCTSAgent(iterations=12, root="paired", horizon=1, evidence=1e9)
    for seed in range(3):
        greedy, _ = GreedyAgent().choose(game, view, legal, Rng.from_seed(seed))
        assert stubborn.choose(game, view, legal, Rng.from_seed(seed))[0] == greedy


def test_the_paired_search_is_blind_to_hidden_cards() -> None:
    game = BaseGame(players=3)
    state = game.new_game(seed=11)
    other = type(state)(**{**{f: getattr(state, f) for f in state.__slots__ if f != "__weakref__"},
                           "decks": tuple(tuple(reversed(d)) for d in state.decks),
                           "hands": (state.hands[0], state.hands[2], state.hands[1])})
    assert game.view(other, 0) == game.view(state, 0) and other != state
    agent = ISMCTSAgent(iterations=10, root="paired", evidence=0.0)
    legal = game.legal_moves(state, 0)
    assert agent.choose(game, game.view(state, 0), legal, Rng.from_seed(3)) == agent.choose(
        game, game.view(other, 0), legal, Rng.from_seed(3)
    )


def test_the_paired_search_finds_the_winning_nim_move() -> None:
    game = Nim(stones=6, name="nim-paired")
    register_determinizer("nim-paired", determinize_nim)
    state = game.new_game(0)
    agent = ISMCTSAgent(iterations=150, root="paired", width=None, horizon=None, evidence=0.5)
    move, _ = agent.choose(game, game.view(state, 0), (1, 2, 3), Rng.from_seed(1))
    assert move == 2


def test_analyse_gives_the_move_played_and_each_root_moves_mean_gain() -> None:
    game = Nim(stones=6, name="nim-paired")
    register_determinizer("nim-paired", determinize_nim)
    view = game.view(game.new_game(0), 0)
    agent = ISMCTSAgent(iterations=150, root="paired", width=None, horizon=None, evidence=0.5)
    move, gains, rng = agent.analyse(game, view, (1, 2, 3), Rng.from_seed(1))
    assert (move, rng) == agent.choose(game, view, (1, 2, 3), Rng.from_seed(1))
    assert move == 2 and set(gains) == {1, 2, 3} and max(gains, key=gains.__getitem__) == 2
    assert sorted(gains.values())[1] == 0.0  # the anchor (greedy's move) against itself
    assert agent.analyse(game, view, (3,), rng) == (3, {3: 0.0}, rng)
    tree = ISMCTSAgent(iterations=20, root="tree", width=None, horizon=None)
    played, after = tree.choose(game, view, (1, 2, 3), rng)
    assert tree.analyse(game, view, (1, 2, 3), rng) == (played, {played: 0.0}, after)


def test_cut_walks_cannot_overrule_the_anchor_with_infinite_cut_evidence() -> None:
    game, view, legal = _dice_position()  # the first turn: every short walk is cut
    agent = ISMCTSAgent(iterations=30, root="paired", horizon=2, evidence=0.0,
                        cut_evidence=float("inf"))
    for seed in range(3):
        greedy, _ = GreedyAgent().choose(game, view, legal, Rng.from_seed(seed))
        assert agent.choose(game, view, legal, Rng.from_seed(seed))[0] == greedy
    assert make_agent("ismcts:cut_evidence=inf").name == "ismcts(100,cut_evidence=inf)"


def _tree_after(game: object, state: object, seat: int, chance: str, iterations: int) -> object:
    agent = ISMCTSAgent(iterations=iterations, preset=False, chance=chance, root="tree",
                        depth=None)
    settings = agent.settings(game.name)  # type: ignore[attr-defined]
    legal = game.legal_moves(state, seat)  # type: ignore[attr-defined]
    tree = Search(settings, game, seat, legal)  # type: ignore[arg-type]
    determinize = search.determinizer_for(game)  # type: ignore[arg-type]
    assert determinize is not None
    view = game.view(state, seat)  # type: ignore[attr-defined]
    rng = Rng.from_seed(5)
    for _ in range(iterations):
        sample, rng = determinize(game, view, rng)  # type: ignore[arg-type]
        rng, _ = tree.iterate(sample, rng)
    return tree


def test_chance_nodes_keep_apart_what_the_seat_observes_after_a_move() -> None:
    """Dice: after a move the next roll is chance; with ``chance="outcomes"`` the walks below a
    move branch on the roll the seat then sees (each outcome node holds positions with one
    view), within the progressive widening bound; ``chance="open"`` mixes them."""
    game = DiceGame(players=2)
    state = game.new_game(3)
    seat = min(game.to_move(state))
    tree = _tree_after(game, state, seat, "outcomes", 60)
    children = list(tree.root.children.values())  # type: ignore[attr-defined]
    branched = [c for c in children if len(c.outcomes) > 1]
    assert branched, "some move's walks saw different outcomes"
    for child in children:
        assert len(child.outcomes) <= max(1, math.ceil(WIDENING * child.visits ** 0.5))
    flat = _tree_after(game, state, seat, "open", 60)
    assert all(not c.outcomes for c in flat.root.children.values())  # type: ignore[attr-defined]


def test_make_agent_reads_the_chance_option() -> None:
    agent = make_agent("ismcts:10:chance=open")
    assert isinstance(agent, ISMCTSAgent) and agent.chance == "open"
    assert agent.name == "ismcts(10,chance=open)"
    assert ISMCTSAgent().chance == "outcomes"
    with pytest.raises(InvalidOptionError):
        make_agent("ismcts:chance=dice")


def _cut_states(turns: int, players: int = 4, seed: int = 2) -> list[tuple[object, int]]:
    """The states at which walks of a ``turns`` search were cut in Architects, with the number
    of turns each walk played."""
    from sevenwonders.architects import ArchitectsGame

    game = ArchitectsGame(players=players)
    state = game.new_game(seed=seed)
    seat = min(game.to_move(state))
    settings = ISMCTSAgent(iterations=1, horizon=None, turns=turns).settings(game.name)
    legal = game.legal_moves(state, seat)
    walk = Search(settings, game, seat, legal)
    seen: list[tuple[object, int]] = []
    leaf = walk.leaf_values

    def recorded(game_: object, cut: object) -> tuple[float, ...]:
        seen.append((cut, cut.turn))  # type: ignore[attr-defined]
        return leaf(game_, cut)  # type: ignore[arg-type]

    walk.leaf_values = recorded  # type: ignore[assignment]
    determinize = search.determinizer_for(game)
    assert determinize is not None
    rng = Rng.from_seed(7)
    for move in legal:
        sample, rng = determinize(game, game.view(state, seat), rng)
        walk.iterate(sample, rng, move)
        assert walk.cut
    return [(cut, turn - state.turn) for cut, turn in seen]


def test_turns_cut_a_walk_when_the_seat_is_to_move_again() -> None:
    """``turns=1``: every walk stops as the searching seat's turn comes back, after each other
    seat played its turn (4 players: 4 turns later); ``turns=2`` walks on through one more
    round."""
    from sevenwonders.architects import ArchitectsGame

    game = ArchitectsGame(players=4)
    once = _cut_states(1)
    twice = _cut_states(2)
    for (cut, steps), (later, more) in zip(once, twice, strict=True):
        assert game.to_move(cut) == frozenset({0}) == game.to_move(later)  # type: ignore[arg-type]
        assert (steps, more) == (4, 8)


def test_make_agent_reads_the_turns_option() -> None:
    agent = make_agent("ismcts:10:turns=1:horizon=full")
    assert isinstance(agent, ISMCTSAgent) and agent.turns == 1 and agent.horizon is None
    assert agent.name == "ismcts(10,horizon=full,turns=1)"
    assert ISMCTSAgent().turns is None
    assert make_agent("ismcts:turns=off").name == "ismcts(100,turns=off)"
    with pytest.raises(InvalidOptionError):
        make_agent("ismcts:turns=0")


def test_mixed_walks_play_greedy_mostly_and_other_moves_too() -> None:
    from sevenwonders.agents.heuristics import greedy_policy_for, mixed_policy_for

    game = make_game("base", 3)
    state = game.new_game(4)
    legal = game.legal_moves(state, 0)
    greedy, mixed = greedy_policy_for(game), mixed_policy_for(game)
    greedy_moves = {greedy(game, state, 0, legal, Rng.from_seed(s))[0] for s in range(40)}
    picks = [mixed(game, state, 0, legal, Rng.from_seed(s))[0] for s in range(40)]
    assert sum(p in greedy_moves for p in picks) >= 20
    assert any(p not in greedy_moves for p in picks)
    for name, players in (("base", 3), ("dice", 2), ("architects", 2)):
        table = make_game(name, players)
        agents = [make_agent("ismcts:4:rollout=mixed"), GreedyAgent(), GreedyAgent()][:players]
        result = play_game(table, agents, 3)
        assert len(result.scores) == players
