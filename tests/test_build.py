"""The installed build (compiled engine or pure package) and setup.py's rule for what compiles."""

from __future__ import annotations

import importlib
import importlib.machinery
import inspect
import os
import pickle
import runpy
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import sevenwonders
from sevenwonders import make_game
from sevenwonders.cli import main

ROOT = Path(__file__).resolve().parent.parent
SETUP = ROOT / "setup.py"
BACKEND = ROOT / "build_backend"


def module_name(relative: str) -> str:
    return relative.removesuffix(".py").replace("/", ".")


def is_extension(module: str) -> bool:
    origin = importlib.import_module(module).__file__ or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


@pytest.fixture(scope="module")
def rule() -> dict[str, Any]:
    if not SETUP.exists():
        pytest.skip("setup.py is not beside the tests (an installed copy of the tests)")
    return runpy.run_path(str(SETUP), run_name="setup_rules")


def test_build_info_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    assert isinstance(sevenwonders.compiled, bool)
    expected = "compiled with mypyc" if sevenwonders.compiled else "pure Python"
    assert sevenwonders.build_info() == expected
    with pytest.raises(SystemExit):
        main(["--version"])
    version = sevenwonders.__version__
    assert capsys.readouterr().out.strip() == f"sevenwonders {version} ({expected})"


def test_the_expected_build_is_the_one_running(rule: dict[str, Any]) -> None:
    """CI says which build it installed; the engine modules come from it (not from a source
    tree that shadows it)."""
    modules = [module_name(m) for m in rule["compiled_modules"]()]
    if os.environ.get("SEVENWONDERS_EXPECT_COMPILED"):
        assert sevenwonders.compiled
        assert all(is_extension(m) for m in modules)
    if os.environ.get("SEVENWONDERS_PURE"):
        assert not sevenwonders.compiled
    if not sevenwonders.compiled:
        assert not any(is_extension(m) for m in modules)


def test_the_installed_build_compiles_what_it_says() -> None:
    """Without setup.py (an installed wheel's tests): the engine's rules modules are extensions
    exactly when the build says it is compiled."""
    for module in ("sevenwonders.base.turn", "sevenwonders.architects.rules",
                   "sevenwonders.dice.rules", "sevenwonders.core.military"):
        assert is_extension(module) == sevenwonders.compiled, module
    assert not is_extension("sevenwonders.base.game")  # checks the caller's input


def test_compiled_modules_define_no_data_class(rule: dict[str, Any]) -> None:
    """attrs classes stay interpreted: no compiled module defines one."""
    modules = rule["compiled_modules"]()
    assert len(modules) >= 30
    for relative in modules:
        module = importlib.import_module(module_name(relative))
        defined = [c for _, c in inspect.getmembers(module, inspect.isclass)
                   if c.__module__ == module.__name__]
        assert not any(attrs.has(c) for c in defined), relative


def test_every_rule_exception_is_a_real_engine_module(rule: dict[str, Any]) -> None:
    for relative in rule["STAY_PURE"] | rule["ENTRY_CORE"]:
        assert (ROOT / relative).exists(), relative


@pytest.mark.parametrize("source,kept", [
    ("def f(x: int) -> int:\n    return x + 1\n", ""),
    ("import attrs\n\n@attrs.frozen(slots=True)\nclass A:\n    x: int\n", "defines_data_class"),
    ("from attrs import define\n\n@define\nclass A:\n    x: int\n", "defines_data_class"),
    ("def f(o: object, k: type) -> None:\n    o.__class__ = k\n", "changes_class"),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    X = 1\nelse:\n    X = 2\n",
     "branches_on_type_checking"),
])
def test_a_new_module_is_judged_by_the_rule(rule: dict[str, Any], tmp_path: Path,
                                            source: str, kept: str) -> None:
    """A module added to an engine package compiles unless one of the rule's tests keeps it
    interpreted, so the rule holds for modules written after it."""
    path = tmp_path / "new_module.py"
    path.write_text(source, encoding="utf-8")
    tests = ("defines_data_class", "changes_class", "branches_on_type_checking")
    assert [name for name in tests if rule[name](path)] == ([kept] if kept else [])


def test_the_rule_leaves_input_checks_interpreted(rule: dict[str, Any]) -> None:
    modules = set(rule["compiled_modules"]())
    for package in ("base", "architects", "dice"):
        assert f"sevenwonders/{package}/game.py" not in modules
        assert f"sevenwonders/{package}/validation.py" not in modules
    assert "sevenwonders/base/turn.py" in modules
    assert "sevenwonders/base/fast/turn.py" in modules


def test_the_rule_compiles_the_load_checks_behind_their_entry_points(
        rule: dict[str, Any]) -> None:
    """What a load runs after the entry points have checked the caller's values compiles: the
    base game's fast reader and invariants, the memory check, the invariants' loop, Edifice's
    pawn checks."""
    modules = set(rule["compiled_modules"]())
    for relative in ("base/loading.py", "base/invariants.py", "base/memory_check.py",
                     "base/conservation.py", "core/finding.py", "edifice/pawn_checks.py"):
        assert f"sevenwonders/{relative}" in modules, relative
    for relative in ("base/validation.py", "core/problems.py", "core/serialization.py"):
        assert f"sevenwonders/{relative}" not in modules, relative


def test_a_pure_build_asks_for_no_mypy(monkeypatch: pytest.MonkeyPatch) -> None:
    """SEVENWONDERS_PURE=1 or no working C compiler: the build backend adds no mypy to the
    build requirements."""
    if not BACKEND.exists():
        pytest.skip("the build backend is not beside the tests")
    # the backend is asked in this environment, as pip asks it in its build environment, which
    # has the setuptools that [build-system] requires (one reading the metadata's license text)
    pytest.importorskip("setuptools", minversion="77")
    monkeypatch.syspath_prepend(str(BACKEND))
    backend = importlib.import_module("backend")
    try:
        monkeypatch.setenv("SEVENWONDERS_PURE", "1")
        assert not any(r.startswith("mypy") for r in backend.get_requires_for_build_wheel())
        monkeypatch.delenv("SEVENWONDERS_PURE")
        if backend.has_c_compiler():
            assert any(r.startswith("mypy") for r in backend.get_requires_for_build_wheel())
        if sys.platform.startswith("linux"):  # no working C compiler: the pure package
            monkeypatch.setenv("CC", "false")
            assert not backend.has_c_compiler()
            assert not any(r.startswith("mypy") for r in backend.get_requires_for_build_wheel())
    finally:
        sys.modules.pop("backend", None)
        sys.modules.pop("compiler_check", None)


@pytest.mark.parametrize("name,players", [("base", 3), ("architects", 2), ("dice", 4)])
def test_game_objects_and_states_pickle_in_either_build(name: str, players: int) -> None:
    game = make_game(name, players=players)
    state = game.new_game(seed=3)
    for _ in range(5):
        seats = game.to_move(state)
        if not seats:
            break
        state = game.play(state, {s: game.legal_moves(state, s)[0] for s in seats})
    again = pickle.loads(pickle.dumps((game, state)))
    assert again[1] == state
    assert again[0].to_move(again[1]) == game.to_move(state)
    assert again[0].legal_moves(again[1], 0) == game.legal_moves(state, 0)


def test_the_rules_objects_pickle_as_their_configuration() -> None:
    """The compiled classes have no ``__dict__``: the tables and speed layers pickle as what
    they are made from, and the copy answers as the original."""
    from sevenwonders.architects.game import ArchitectsGame
    from sevenwonders.base.game import BaseGame
    from sevenwonders.dice.game import DiceGame

    base = BaseGame(players=4)
    tables = pickle.loads(pickle.dumps(base.rules))
    assert tables.wonders.keys() == base.rules.wonders.keys()
    assert tables.cards == base.rules.cards
    architects = ArchitectsGame(players=3)
    moves = pickle.loads(pickle.dumps(architects.moves))
    state = architects.new_game(seed=1)
    assert moves.options(state) == architects.moves.options(state)
    dice = DiceGame(players=3)
    rules = pickle.loads(pickle.dumps(dice.rules))
    dice_state = dice.new_game(seed=1)
    assert rules.legal(dice_state, 0) == dice.rules.legal(dice_state, 0)
