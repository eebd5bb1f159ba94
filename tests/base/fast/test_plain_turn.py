"""The one-pass plain draft turn (``fast.turn.plain_turn``) gives the state the general path
gives (``turn.resolve`` and ``ages.advance``), the seats' memory included (``fast.recall``
against ``memory.remember``), for the moves of random games and for nearby moves, legal or
not; it takes no move the general checks refuse."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenwonders.base import BaseGame, Build, BuildStage, Move, Sell
from sevenwonders.base.events import Event
from sevenwonders.base.fast.turn import plain_turn
from sevenwonders.base.state import BaseState
from sevenwonders.base.tables import Expansion, StageBuild, Tables
from sevenwonders.core.playout import states
from sevenwonders.core.rng import Rng
from sevenwonders.edifice import Edifice
from sevenwonders.errors import IllegalMoveError


def _variations(move: Move, hand: tuple[str, ...]) -> list[Move]:
    """Nearby moves, many of them illegal: other payments, the free-build flag, options, other
    cards of the hand, a sale instead."""
    assert isinstance(move, Build | BuildStage | Sell)
    out: list[Move] = [Sell(move.card)] if isinstance(move, Build | BuildStage) else []
    if isinstance(move, Build):
        out += [attrs.evolve(move, left=move.left + 1), attrs.evolve(move, right=move.right + 1),
                attrs.evolve(move, free_build=not move.free_build), Build(move.card, 0, 0),
                BuildStage(move.card)]
    elif isinstance(move, BuildStage):
        out += [attrs.evolve(move, left=move.left + 2), attrs.evolve(move, choice=1),
                attrs.evolve(move, extras=("project",)), Build(move.card)]
    else:
        out += [Build(move.card), BuildStage(move.card)]
    out += [Build(name) for name in hand[:2] if name != move.card]
    out.append(Build("Glassworks" if move.card != "Glassworks" else "Loom"))  # maybe not held
    return out


def _general(g: BaseGame, state: BaseState, moves: dict[int, Move]) -> BaseState | None:
    """The general path's next state (``events`` asked for: no fast pass), or ``None`` when
    it refuses the moves."""
    try:
        return g.step(state, moves)[0]
    except IllegalMoveError:
        return None


def _check_game(g: BaseGame, seed: int, every: int = 1) -> tuple[int, int, int]:
    """Along one random game: the fast pass and the general path on the chosen moves and on
    variations of one seat's move at a time. Returns (turns taken, turns compared, Ages'
    last turns taken)."""
    rng = Rng.from_seed(seed)
    state = g.new_game(seed)
    taken = compared = last = 0
    index = 0
    while not g.is_over(state):
        moves: dict[int, Move] = {}
        for seat in sorted(g.to_move(state)):
            moves[seat], rng = rng.choice(g.legal_moves(state, seat))
        if not state.pending and index % every == 0:
            trials = [moves]
            for seat, move in moves.items():
                for other in _variations(move, state.hands[seat]):
                    trials.append({**moves, seat: other})
            for trial in trials:
                memo = g.fast.state_memo(state)
                fast = plain_turn(g.fast, state, trial, memo)
                general = _general(g, state, trial)
                compared += 1
                if fast is not None:
                    taken += 1
                    last += state.turn == 6
                    assert general is not None, trial
                    assert fast == general, trial
        index += 1
        state = g.play(state, moves)
    return taken, compared, last


CONFIGS = [
    {"players": 3},
    {"players": 5, "sides": "random"},
    {"players": 7, "sides": "night"},
    {"players": 4, "edition": "1st", "sides": "ab"},  # Olympia's once-per-Age free build
    {"players": 5, "edition": "1st", "sides": "b"},
    {"players": 6, "sides": "night", "coin_effect_timing": "at_placement"},
    {"players": 5, "carthage": True, "sides": "random"},
    {"players": 5, "sides": "random", "expansions": "edifice"},
    {"players": 7, "sides": "night", "expansions": "edifice"},
    {"players": 3, "edition": "1st", "expansions": "edifice"},
]


@pytest.mark.parametrize("options", CONFIGS)
def test_plain_turns_equal_the_general_path(options: dict[str, object]) -> None:
    options = dict(options)
    if options.pop("expansions", None):
        options["expansions"] = (Edifice(),)
    g = BaseGame(**options)  # type: ignore[arg-type]
    taken = compared = last = 0
    for seed in range(3):
        found = _check_game(g, seed)
        taken += found[0]
        compared += found[1]
        last += found[2]
    assert compared > 300
    if options.get("coin_effect_timing") != "at_placement":
        # the pass is used (the chosen moves, legal variations), Ages' last turns included
        assert taken > compared // 8 and last > 10


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 7),
       sides=st.sampled_from(["day", "night", "random"]))
def test_plain_turns_equal_the_general_path_on_random_games(seed: int, players: int,
                                                            sides: str) -> None:
    _check_game(BaseGame(players=players, sides=sides), seed, every=3)


def test_stage_builds_of_an_expansion_game_equal_the_general_path() -> None:
    """Edifice: the plain stage build and the one that joins the Age's project (its extra
    coins, the expansion's hook) give the general path's state."""
    g = BaseGame(players=4, expansions=(Edifice(),))
    taken = 0
    for seed in range(3):
        for state in states(g, seed):
            if state.pending or state.over:
                continue
            listed = {seat: g.legal_moves(state, seat) for seat in range(4)}
            moves = {seat: found[-1] for seat, found in listed.items()}  # sales
            memo = g.fast.state_memo(state)
            for seat, found in listed.items():
                for stage in (m for m in found if isinstance(m, BuildStage)):
                    trial = {**moves, seat: stage}
                    fast = plain_turn(g.fast, state, trial, memo)
                    assert fast is None or fast == g.step(state, trial)[0]
                    taken += fast is not None and bool(stage.extras)
    assert taken > 5


def test_seats_whose_moves_were_not_listed_go_the_general_way() -> None:
    g = BaseGame(players=3)
    state = g.new_game(2)
    moves: dict[int, Move] = {seat: Sell(state.hands[seat][0]) for seat in range(3)}
    memo = g.fast.state_memo(state)
    assert plain_turn(g.fast, state, moves, memo) is None  # no hand was listed yet
    for seat in range(3):
        g.legal_moves(state, seat)
    after = plain_turn(g.fast, state, moves, memo)
    assert after is not None and after == g.step(state, moves)[0]


def test_olympias_free_build_of_a_card_with_a_coin_cost() -> None:
    """1st-edition Olympia A: the once-per-Age free build pays no coin cost either."""
    from tests.base.helpers import game, position

    g = game(["olympia", "giza", "babylon"], "a", edition="1st")
    hands = [["Tree Farm", "Timber Yard", "Baths", "Altar", "Loom", "Press", "Glassworks"],
             ["Lumber Yard", "Ore Vein", "Stone Pit", "Clay Pool", "Theater", "Tavern",
              "Workshop"],
             ["Clay Pit", "Excavation", "Stockade", "Barracks", "Guard Tower", "Scriptorium",
              "Loom"]]
    state = position(g, hands=hands, cities={0: {"stages": 2}})
    for seat in range(3):
        g.legal_moves(state, seat)
    for build in (Build("Tree Farm", free_build=True), Build("Tree Farm"),
                  Build("Baths", free_build=True)):
        moves: dict[int, Move] = {0: build, 1: Sell("Theater"), 2: Build("Clay Pit")}
        fast = plain_turn(g.fast, state, moves, g.fast.state_memo(state))
        assert fast is not None and fast == g.step(state, moves)[0]
    assert fast is not None and fast.cities[0].coins == 3 and fast.cities[0].free_build_age == 1


class _Witness(Expansion):
    """An expansion that notes the state its ``after_builds`` hook is given."""

    name = "witness"

    def __init__(self) -> None:
        self.seen: list[BaseState] = []

    def after_builds(self, tables: Tables, state: BaseState, stages: tuple[StageBuild, ...],
                     events: list[Event] | None) -> BaseState:
        self.seen.append(state)
        return state


def test_expansion_hooks_see_the_state_the_general_path_gives_them() -> None:
    """The marks of the turn (D3b), the hands before passing, the deferred coin effects: what
    an expansion's ``after_builds`` is given is the same on both paths."""
    witness = _Witness()
    g = BaseGame(players=4, sides="random", expansions=(witness,))
    taken = 0
    for seed in range(2):
        for state in states(g, seed):
            if state.pending or state.over:
                continue
            moves: dict[int, Move] = {}
            for seat in range(4):
                found = g.legal_moves(state, seat)
                moves[seat] = found[(seat * 7 + state.turn) % len(found)]
            fast = plain_turn(g.fast, state, moves, g.fast.state_memo(state))
            if fast is None:
                continue
            seen = witness.seen[-1]
            assert fast == g.step(state, moves)[0]
            assert witness.seen[-1] == seen and witness.seen[-1] is not seen
            taken += 1
    assert taken > 20
