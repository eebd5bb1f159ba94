"""The registry: one spec per game, read lazily; importing it imports no game."""

from __future__ import annotations

import importlib.util
import inspect
import json
import subprocess
import sys

import pytest

from sevenwonders.agents.determinize import determinizer_for
from sevenwonders.agents.heuristics import evaluator_for, fallback_evaluate
from sevenwonders.agents.ismcts import PRESETS, ISMCTSAgent
from sevenwonders.core.protocol import Game, GameInfo
from sevenwonders.core.spec import ExpansionSpec, GameSpec
from sevenwonders.errors import InvalidOptionError
from sevenwonders.games import (
    EXPANSIONS,
    GAMES,
    expansion_spec,
    game_info,
    make_expansion,
    make_game,
    part_of,
    spec,
)
from sevenwonders.simulation import seat_labels

GAME_PACKAGES = ("sevenwonders.base", "sevenwonders.architects", "sevenwonders.dice",
                 "sevenwonders.edifice")


def _modules_after(statement: str) -> list[str]:
    code = f"import sys, json\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    return [name for name in json.loads(out) if name.startswith("sevenwonders")]


def test_importing_the_registry_or_the_package_imports_no_game() -> None:
    for statement in ("import sevenwonders.games", "import sevenwonders",
                      "import sevenwonders.simulation", "import sevenwonders.agents"):
        loaded = _modules_after(statement)
        assert "sevenwonders.games" in loaded
        games = [name for name in loaded if name.startswith(GAME_PACKAGES)]
        assert games == [], (statement, games)


def test_a_game_class_from_the_package_loads_that_game_only() -> None:
    loaded = _modules_after("from sevenwonders import DiceGame")
    assert "sevenwonders.dice.game" in loaded
    assert not [name for name in loaded if name.startswith(("sevenwonders.base",
                                                            "sevenwonders.architects"))]
    import sevenwonders
    from sevenwonders.base.game import BaseGame

    assert sevenwonders.BaseGame is BaseGame
    assert "BaseGame" in dir(sevenwonders)
    with pytest.raises(AttributeError):
        _ = sevenwonders.NoSuchGame  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_spec_names_parts_that_exist(name: str) -> None:
    entry = spec(name)
    assert isinstance(entry, GameSpec) and entry.name == name
    assert game_info(name) is entry.info and isinstance(entry.info, GameInfo)
    game = make_game(name, entry.info.min_players)
    assert isinstance(game, entry.load("game")) and isinstance(game, Game)
    assert game.info == entry.info
    for part in ("determinizer", "choices", "renderer", "seat_labels"):
        loaded = part_of(game, part)
        assert (loaded is None) == (getattr(entry, part) is None)
        assert loaded is None or callable(loaded)
    assert determinizer_for(game) is entry.load("determinizer")
    for key in entry.adapters:
        assert key in {"rl.observations", "rl.actions", "rl.actions.full",
                       "rl.actions.factored", "server.catalog"}
        if key.startswith("rl.") and importlib.util.find_spec("numpy") is None:
            continue  # the rl extra's parts import numpy
        assert callable(entry.load_adapter(key))
    assert evaluator_for(game) is not fallback_evaluate  # every game has its heuristic
    state = game.new_game(seed=3)
    labels = seat_labels(game, state)
    assert labels == game.seat_labels(state)  # type: ignore[attr-defined]
    assert len(labels) == game.players and all(isinstance(label, str) for label in labels)


HOT_CALLS = ("play", "step", "legal_moves", "to_move", "is_over")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_object_owns_its_hot_calls_and_subclasses_no_speed_layer(name: str) -> None:
    """One shape for every game object: its own class writes the protocol's hot calls as plain
    (interpreted) functions, which check their input and call the speed layer it holds; none
    of its classes comes from a speed layer (``fast`` modules)."""
    game_class = spec(name).load("game")
    for call in HOT_CALLS:
        assert inspect.isfunction(vars(game_class).get(call)), (name, call)
    for klass in game_class.__mro__:
        assert "fast" not in klass.__module__.split("."), (name, klass)


def test_agent_presets_come_from_the_specs() -> None:
    assert dict(PRESETS) == {name: spec(name).presets["ismcts"] for name in GAMES
                             if "ismcts" in spec(name).presets}
    assert "dice" in PRESETS and "base" not in PRESETS
    settings = ISMCTSAgent(iterations=5).settings("dice")
    assert settings.root == spec("dice").presets["ismcts"]["root"]
    with pytest.raises(TypeError):
        spec("dice").presets["ismcts"]["root"] = "tree"  # type: ignore[index]


def test_expansions_are_registered_with_the_game_they_extend() -> None:
    for name in EXPANSIONS:
        entry = expansion_spec(name)
        assert isinstance(entry, ExpansionSpec) and entry.name == name
        assert entry.extends in GAMES
        assert make_expansion(name).name == name


def test_an_expansion_only_joins_the_game_it_extends() -> None:
    with pytest.raises(InvalidOptionError, match="edifice is an expansion of base"):
        make_game("dice", 3, expansions=["edifice"])
    assert make_game("base", 3, expansions=["edifice"]).options()["expansions"] == {
        "edifice": make_expansion("edifice").options()}


def test_unknown_names_are_invalid_options() -> None:
    for call in (lambda: spec("chess"), lambda: expansion_spec("cities"),
                 lambda: make_game("chess", 3), lambda: game_info(3)):  # type: ignore[arg-type]
        with pytest.raises(InvalidOptionError):
            call()


def test_a_new_game_joins_with_its_spec_and_one_registry_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Everything that looks games up finds a game added by one line of ``GAMES``."""
    from sevenwonders.frontend.screens import render_view
    from sevenwonders.simulation import simulate

    monkeypatch.setitem(GAMES, "nim-registered", "tests.agents.toy_spec")
    game = make_game("nim-registered", 2, stones=7)
    assert game.info.name == "nim-registered" and game_info("nim-registered").chance is False
    state = game.new_game(seed=1)
    assert determinizer_for(game) is part_of(game, "determinizer") is not None
    assert render_view(game, game.view(state, 0)) == "7 stones left; seat 1 to take"
    assert seat_labels(game, state) == ("first", "second")
    assert PRESETS["nim-registered"] == {"horizon": 9}
    assert ISMCTSAgent(iterations=4).settings("nim-registered").horizon == 9
    results = simulate(game, [ISMCTSAgent(iterations=4), ISMCTSAgent(iterations=4)], games=2,
                       seed=3)
    assert [result.labels for result in results] == [("first", "second")] * 2
