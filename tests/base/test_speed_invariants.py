"""The fast paths of the rules agree with the general ones along many random games.

``fast.moves.hand_moves`` (cached payments, shared move values) must list exactly the moves of
``legal.general_hand_moves`` (quote by quote), and the fast acceptance of ``check_move`` must
accept exactly what the general checks accept.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenwonders.base import BaseGame, Build, BuildStage, Move, Sell
from sevenwonders.base.fast.moves import accepts
from sevenwonders.base.legal import check_move, general_hand_moves
from sevenwonders.base.state import BaseState, PendingKind
from sevenwonders.core.playout import states
from sevenwonders.edifice import Edifice
from sevenwonders.errors import IllegalMoveError


def _hand_phase(state: BaseState) -> bool | None:
    """``in_draft`` when the seats to move play from their hands, else ``None``."""
    if state.over:
        return None
    if not state.pending:
        return True
    if state.pending[0].kind is PendingKind.PLAY_LAST_CARD:
        return False
    return None


def _general_accepts(g: BaseGame, state: BaseState, seat: int, move: Move) -> bool:
    try:
        check_move(g.rules, state, seat, move)
    except IllegalMoveError:
        return False
    return True


def _variations(move: Move) -> list[Move]:
    """Nearby moves, most of them illegal: other payments, the free-build flag, options."""
    if isinstance(move, Build):
        return [attrs.evolve(move, left=move.left + 1), attrs.evolve(move, right=move.right + 1),
                attrs.evolve(move, left=max(0, move.left - 1)),
                attrs.evolve(move, free_build=not move.free_build),
                Build(move.card, 0, 0)]
    if isinstance(move, BuildStage):
        return [attrs.evolve(move, left=move.left + 2), attrs.evolve(move, choice=1),
                attrs.evolve(move, extras=("project",)), attrs.evolve(move, extras=()),
                BuildStage(move.card)]
    return []


def _compare(g: BaseGame, seed: int, every: int = 1) -> None:
    for index, state in enumerate(states(g, seed)):
        in_draft = _hand_phase(state)
        if in_draft is None or index % every:
            continue
        for seat in sorted(g.to_move(state)):
            fast = g.legal_moves(state, seat)
            assert fast == general_hand_moves(g.rules, state, seat, in_draft)
            for move in fast:
                assert (accepts(g.fast, state, seat, move)
                        or _general_accepts(g, state, seat, move))
                for other in _variations(move):
                    if accepts(g.fast, state, seat, other):
                        assert _general_accepts(g, state, seat, other), other
                        assert other in fast
            other_seat_cards = state.hands[(seat + 1) % state.players]
            for name in other_seat_cards[:2]:
                for move in (Build(name), Sell(name), BuildStage(name)):
                    if accepts(g.fast, state, seat, move):
                        assert move in fast


CONFIGS = [
    {"players": 3},
    {"players": 5, "sides": "random"},
    {"players": 7, "sides": "night"},
    {"players": 4, "edition": "1st", "sides": "ab"},
    {"players": 6, "edition": "1st", "sides": "b", "coin_effect_timing": "at_placement"},
]


@pytest.mark.parametrize("options", CONFIGS)
def test_fast_moves_match_the_general_path(options: dict[str, object]) -> None:
    g = BaseGame(**options)  # type: ignore[arg-type]
    for seed in range(3):
        _compare(g, seed)


def test_fast_moves_match_the_general_path_with_edifice() -> None:
    for players in (3, 5, 7):
        g = BaseGame(players=players, sides="random", expansions=(Edifice(),))
        for seed in range(2):
            _compare(g, seed)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=3, max_value=7),
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from([("2nd", "random"), ("1st", "ab"), ("2nd", "night")]),
    st.booleans(),
)
def test_fast_moves_match_the_general_path_on_random_games(
    players: int, seed: int, edition_sides: tuple[str, str], edifice: bool
) -> None:
    edition, sides = edition_sides
    expansions = (Edifice(),) if edifice and edition == "2nd" else ()
    g = BaseGame(players=players, edition=edition, sides=sides, expansions=expansions)
    _compare(g, seed, every=3)


def test_rules_shared_by_threads_give_the_same_games() -> None:
    """The caches of one game's rules may be filled by several threads at once."""
    import sys
    from concurrent.futures import ThreadPoolExecutor

    from sevenwonders import to_json
    from sevenwonders.core.playout import random_game

    seeds = range(12)
    alone = [to_json(random_game(BaseGame(players=5, sides="random"), seed)) for seed in seeds]
    shared = BaseGame(players=5, sides="random")
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            together = list(pool.map(lambda seed: to_json(random_game(shared, seed)), seeds))
    finally:
        sys.setswitchinterval(interval)
    assert together == alone
