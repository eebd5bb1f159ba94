"""Every constructor refuses unknown or ill-typed options with ``InvalidOptionError`` naming
the option; numbers are bounded; ``carthage_night_vp`` is a rule of the base game; public
entry points given no state, or given a wrong agent count, raise the library's errors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sevenwonders.agents import RandomAgent
from sevenwonders.architects import ArchitectsGame
from sevenwonders.base import BaseGame
from sevenwonders.base.effects import Points
from sevenwonders.dice.game import DiceGame
from sevenwonders.edifice import Edifice
from sevenwonders.errors import InvalidOptionError, Reason, SevenWondersError
from sevenwonders.games import make_game
from sevenwonders.simulation import simulate
from tests.boundary.helpers import refused

BAD_OPTIONS: list[tuple[str, Callable[[], Any], str]] = [
    ("base: unknown", lambda: BaseGame(players=3, foo=1), "foo"),
    ("base: carthage as 1", lambda: BaseGame(players=3, carthage=1), "carthage"),
    ("base: timing as a list", lambda: BaseGame(3, coin_effect_timing=["after_builds"]),
     "coin_effect_timing"),
    ("base: night VP unknown", lambda: BaseGame(3, carthage_night_vp="all"),
     "carthage_night_vp"),
    ("edifice: unknown", lambda: Edifice(foo=1), "foo"),
    ("edifice: pawn points a bool", lambda: Edifice(pawn_points=True), "pawn_points"),
    ("edifice: a bool pawn point", lambda: Edifice(pawn_points=(True, 0, 0)), "pawn_points"),
    ("edifice: a huge pawn point", lambda: Edifice(pawn_points=(10**4300, 0, 0)),
     "pawn_points"),
    ("edifice: two pawn points", lambda: Edifice(pawn_points=(1, 2)), "pawn_points"),
    ("edifice: projects a string", lambda: Edifice(projects="Belvedere"), "projects"),
    ("edifice: staging camp cost a bool", lambda: Edifice(staging_camp_cost=True),
     "staging_camp_cost"),
    ("architects: unknown", lambda: ArchitectsGame(3, foo=1), "foo"),
    ("architects: babylon deck a list",
     lambda: ArchitectsGame(3, babylon_deck=["stone1_brick2"]), "babylon_deck"),
    ("architects: a flag as 1", lambda: ArchitectsGame(3, economy_splits=1), "economy_splits"),
    ("dice: unknown", lambda: DiceGame(3, foo=1), "foo"),
    ("dice: max turns a bool", lambda: DiceGame(3, max_turns=True), "max_turns"),
    ("dice: a million turns", lambda: DiceGame(3, max_turns=10**6), "max_turns"),
    ("registry: unknown base option", lambda: make_game("base", 3, foo=1), "foo"),
]


@pytest.mark.parametrize(("what", "make", "name"), BAD_OPTIONS, ids=[w for w, _, _ in BAD_OPTIONS])
def test_bad_options_are_refused_by_name(what: str, make: Callable[[], Any], name: str) -> None:
    error = refused(make, InvalidOptionError, Reason.INVALID_OPTION)
    assert name in str(error)


def _night_first_stage(game: BaseGame) -> tuple[bool, ...]:
    board = game.rules.wonders["carthage"]
    night = next(side for side in board.side if side.name == "night")
    return tuple(any(isinstance(e, Points) for e in option) for option in night.stages[0].choices)


@pytest.mark.parametrize(("base", "edifice", "both"), [
    ({}, None, False), ({"carthage_night_vp": "both"}, None, True),
    ({}, {}, False), ({}, {"carthage_night_vp": "both"}, True),
    ({"carthage_night_vp": "both"}, {}, True),
])
def test_carthage_night_vp_is_a_base_game_option(base: dict[str, Any],
                                                  edifice: dict[str, Any] | None,
                                                  both: bool) -> None:
    expansions = () if edifice is None else (Edifice(**edifice),)
    game = BaseGame(3, wonders=("carthage", "giza", "babylon"), sides="night",
                    expansions=expansions, **base)
    assert all(_night_first_stage(game)) is both
    assert game.options()["carthage_night_vp"] == base.get("carthage_night_vp", "coin_option")
    rebuilt = make_game("base", 3, **{k: v for k, v in game.options().items()
                                      if k != "expansions"})
    assert isinstance(rebuilt, BaseGame)
    assert _night_first_stage(rebuilt) == _night_first_stage(BaseGame(
        3, wonders=("carthage", "giza", "babylon"), sides="night", **base))


GAMES = [lambda: BaseGame(3), lambda: BaseGame(3, edition="1st", sides="a"),
         lambda: BaseGame(3, expansions=(Edifice(),)), lambda: ArchitectsGame(2),
         lambda: DiceGame(2)]
CALLS: list[tuple[str, Callable[[Any], Any]]] = [
    ("play", lambda g: g.play(None, {0: None})),
    ("step", lambda g: g.step(None, {0: None})),
    ("legal_moves", lambda g: g.legal_moves(None, 0)),
    ("to_move", lambda g: g.to_move(None)),
    ("is_over", lambda g: g.is_over(None)),
    ("view", lambda g: g.view(None, 0)),
    ("scores", lambda g: g.scores(None)),
    ("parse_move", lambda g: g.parse_move(None, 0, "sell x")),
    ("is_legal", lambda g: g.is_legal(None, 0, None)),
]


@pytest.mark.parametrize("make", GAMES, ids=["base", "base-1st", "edifice", "architects",
                                             "dice"])
@pytest.mark.parametrize(("what", "call"), CALLS, ids=[w for w, _ in CALLS])
def test_entry_points_given_no_state_raise_library_errors(make: Callable[[], Any], what: str,
                                                          call: Callable[[Any], Any]) -> None:
    game = make()  # a fresh game object: it has made no state yet
    with pytest.raises(SevenWondersError):
        call(game)


@pytest.mark.parametrize("agents", [[RandomAgent()], [RandomAgent()] * 4, "random", [object()] * 3])
def test_simulate_refuses_a_wrong_lineup_with_a_library_error(agents: Any) -> None:
    refused(lambda: simulate(BaseGame(3), agents, games=1), InvalidOptionError,
            Reason.INVALID_OPTION)


@pytest.mark.parametrize("games", [-1, 1.5, "2", True])
def test_simulate_refuses_a_bad_game_count(games: Any) -> None:
    refused(lambda: simulate(BaseGame(3), None, games=games), InvalidOptionError,
            Reason.INVALID_OPTION)


def test_game_and_expansion_names_in_any_letter_case() -> None:
    game = make_game("BASE", 3, expansions=["Edifice"])
    assert isinstance(game, BaseGame) and [e.name for e in game.expansions] == ["edifice"]
    assert isinstance(make_game("Architects", 2), ArchitectsGame)
    assert isinstance(make_game("dice", 2), DiceGame)
    error = refused(lambda: make_game("bases", 3), InvalidOptionError, Reason.INVALID_OPTION)
    assert "bases" in str(error)
