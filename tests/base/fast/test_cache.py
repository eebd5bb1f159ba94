"""The speed layer's caches (``base/fast/cache.py``): one owner per game, bounded, not pickled,
trusting states by identity only, and not open to a caller who changes a listed move."""

from __future__ import annotations

import pickle

import pytest

from sevenwonders.base import BaseGame, Build, BuildStage
from sevenwonders.base.fast import store as fast_store
from sevenwonders.base.state import BaseState
from sevenwonders.base.tables import Expansion
from sevenwonders.core.playout import random_game, random_moves
from sevenwonders.core.rng import Rng
from sevenwonders.errors import IllegalMoveError
from tests.core.speed_slot_helpers import held_states


def test_a_pickled_game_carries_no_cache() -> None:
    g = BaseGame(players=5)
    fresh_size = len(pickle.dumps(g))
    for seed in range(5):
        random_game(g, seed)
    assert sum(g.fast.sizes().values()) > 100  # it did remember things
    used_size = len(pickle.dumps(g))
    assert used_size <= fresh_size + 100
    copy = pickle.loads(pickle.dumps(g))
    assert copy.fast is not g.fast and copy.options() == g.options()
    assert random_game(copy, 7) == random_game(BaseGame(players=5), 7)
    # a process keeps one game object per configuration: a pool's worker stays warm
    assert pickle.loads(pickle.dumps(g)) is copy


class _Unregistered(Expansion):
    """An expansion the registry does not know by name: its game pickles its attributes."""

    name = "unregistered"


def test_a_game_with_an_unregistered_expansion_pickles_whole() -> None:
    g = BaseGame(players=3, expansions=(_Unregistered(),))
    random_game(g, 1)
    copy = pickle.loads(pickle.dumps(g))
    assert copy is not g and [e.name for e in copy.expansions] == ["unregistered"]
    same = BaseGame(players=3, expansions=(_Unregistered(),))
    assert random_game(copy, 2) == random_game(same, 2)


def test_content_ids_stay_bounded_over_many_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ids of what cities pay with and sell grew for ever (28.5k after 20,000 games)."""
    monkeypatch.setattr(fast_store, "ID_LIMIT", 300)  # (5,000 by default)
    g = BaseGame(players=4, sides="random")
    largest = 0
    for seed in range(30):
        random_game(g, seed)
        sizes = g.fast.sizes()
        largest = max(largest, sizes["own_ids"] + sizes["sell_ids"])
    # cleared at a new game past the limit: at most the limit plus one game's worth
    assert largest < 300 + 400
    # the last state met, the last played and the one made of it; the others keep their memos
    assert held_states(g.fast, BaseState) <= 3


def test_live_games_through_one_game_object_are_remembered_apart() -> None:
    """Eight games stepped in turn: each state's findings stay remembered, and every game
    plays as it would alone."""
    g = BaseGame(players=3)
    alone = [random_game(BaseGame(players=3), seed) for seed in range(8)]
    states = [g.new_game(seed) for seed in range(8)]
    rngs = [Rng.from_seed(seed).split()[1] for seed in range(8)]
    while not all(g.is_over(s) for s in states):
        for i, state in enumerate(states):
            if g.is_over(state):
                continue
            moves, rngs[i] = random_moves(g, state, rngs[i])
            # the state's findings (listed moves) are still there when it is played
            if not state.pending:
                assert g.fast.state_memo(state).moves
            states[i] = g.play(state, moves)
            assert g.fast.produced(states[i])
    assert states == alone


def test_a_listed_move_changed_in_place_is_refused_and_poisons_nothing() -> None:
    g = BaseGame(players=3)
    state = g.new_game(2)
    moves = {seat: g.legal_moves(state, seat) for seat in range(3)}
    seat, paid = next((s, m) for s, listed in moves.items() for m in listed
                      if isinstance(m, Build | BuildStage) and (m.left or m.right))
    honest = Build(paid.card, paid.left, paid.right) if isinstance(paid, Build) else None
    object.__setattr__(paid, "left", -50)
    chosen = {s: listed[-1] for s, listed in moves.items()}  # sales
    chosen[seat] = paid
    with pytest.raises(IllegalMoveError):
        g.play(state, chosen)
    # the listed moves of this and later games are whole again
    assert all(m.left >= 0 for m in g.legal_moves(state, seat) if hasattr(m, "left"))
    assert g.legal_moves(state, seat) == BaseGame(players=3).legal_moves(state, seat)
    if honest is not None:
        assert honest in g.legal_moves(state, seat)
    assert random_game(g, 3) == random_game(BaseGame(players=3), 3)


def test_first_cities_keep_their_entries_across_games_while_their_ids_last(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The entries of a game's first cities are kept for the next games, and dropped with
    the content ids they name: every first entry equals one made from scratch, ids
    included, also after the ids were dropped."""
    from sevenwonders.base.fast.entries import make_entry
    from sevenwonders.base.state import NO_MARKS

    monkeypatch.setattr(fast_store, "ID_LIMIT", 40)  # the ids go every few games
    g = BaseGame(players=4, wonders=["rhodes", "giza", "ephesus", "babylon"])
    cache = g.fast
    dropped = 0
    for seed in range(12):
        before = len(cache.own_ids) + len(cache.sell_ids)
        state = g.new_game(seed)
        dropped += len(cache.own_ids) + len(cache.sell_ids) < before
        kept = len(cache.start_entries)
        for seat, city in enumerate(state.cities):
            found = cache.entry(state, seat)
            fresh = make_entry(cache, city, NO_MARKS, ())
            assert (found.own_id, found.sell_id) == (fresh.own_id, fresh.sell_id)
            assert found.profile == fresh.profile
        assert kept in (0, 4) and len(cache.start_entries) == 4
        random_game(g, seed)
    assert dropped >= 2


def test_the_grants_the_speed_layer_reads_are_the_expansions_hook() -> None:
    """``FastStore.grants`` (the one expansion's hook asked directly) is
    ``Tables.extra_effects`` on every state of Edifice games whose seats join the projects
    whenever they can (so that projects complete and their lasting rewards are granted)."""
    from sevenwonders.edifice import Edifice

    granted = 0
    for players, seed in ((3, 1), (5, 2), (7, 3), (4, 4), (6, 5)):
        projects = ("Curtain Wall", "Factory" if seed % 2 else "River Port", "Concentric Castle")
        g = BaseGame(players=players, expansions=(Edifice(projects=projects),))
        rng = Rng.from_seed(seed)
        state = g.new_game(seed)
        while True:
            for seat in range(players):
                found = g.fast.grants(state, seat)
                assert found == g.rules.extra_effects(state, seat)
                granted += bool(found)
            if g.is_over(state):
                break
            moves = {}
            for seat in sorted(g.to_move(state)):
                legal = g.legal_moves(state, seat)
                joins = [m for m in legal if isinstance(m, BuildStage) and m.extras]
                moves[seat], rng = rng.choice(joins or legal)
            state = g.play(state, moves)
    assert granted > 0
