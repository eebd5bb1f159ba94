"""The optional compiled speed layer (sevenwonders/compiled.py): a twin is used only while it
is a C extension made from the module's file as it is now, and CI builds and uses one."""

from __future__ import annotations

import hashlib
import importlib
import os
import random
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest

import sevenwonders.compiled as compiled
from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects import fast as fast_layer
from sevenwonders.architects import game as game_module


def _fake_twin(monkeypatch: pytest.MonkeyPatch, digest: str, suffix: str) -> ModuleType:
    """A stand-in twin module that ``compiled.twin`` imports."""
    fake = ModuleType("sevenwonders._compiled.architects_fast")
    fake.__file__ = f"/nowhere/architects_fast{suffix}"
    fake.SOURCE_DIGEST = digest  # type: ignore[attr-defined]
    monkeypatch.setattr(importlib, "import_module", lambda name: fake)
    return fake


def _digest() -> str:
    assert fast_layer.__file__ is not None
    return hashlib.sha256(Path(fast_layer.__file__).read_bytes()).hexdigest()


def test_a_twin_of_the_module_as_it_is_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SEVENWONDERS_PURE", raising=False)
    fake = _fake_twin(monkeypatch, _digest(), EXTENSION_SUFFIXES[0])
    assert compiled.twin(fast_layer) is fake


@pytest.mark.parametrize("case", ["edited", "source_only", "pure", "other_module", "broken"])
def test_anything_else_runs_the_module_itself(monkeypatch: pytest.MonkeyPatch,
                                              case: str) -> None:
    monkeypatch.delenv("SEVENWONDERS_PURE", raising=False)
    if case == "broken":  # a twin left from an older build whose imports are gone
        def fail(name: str) -> ModuleType:
            raise AttributeError("module has no attribute '_TAKE_SETS'")
        monkeypatch.setattr(importlib, "import_module", fail)
    else:
        digest = "0" * 64 if case == "edited" else _digest()
        _fake_twin(monkeypatch, digest, ".py" if case == "source_only" else EXTENSION_SUFFIXES[0])
    if case == "pure":
        monkeypatch.setenv("SEVENWONDERS_PURE", "1")
    if case == "other_module":  # a module without a twin is never looked up
        assert compiled.twin(sys.modules["sevenwonders.compiled"]) is None
        return
    assert compiled.twin(fast_layer) is None
    assert compiled.speed(fast_layer.plain_take) is fast_layer.plain_take


def test_the_game_plays_the_twin_where_there_is_one() -> None:
    found = compiled.twin(fast_layer)
    expected = fast_layer.plain_take if found is None else found.plain_take
    assert game_module.plain_take is expected
    assert compiled.compiled_modules() == (() if found is None else (
        "sevenwonders.architects.fast",))


@pytest.mark.skipif(not os.environ.get("SEVENWONDERS_EXPECT_COMPILED"),
                    reason="only where the build is expected to compile (CI sets this)")
def test_the_build_made_a_twin_and_it_plays_as_the_module() -> None:
    found = compiled.twin(fast_layer)
    assert found is not None, "setup.py built no compiled twin (mypyc or the C compiler failed)"
    # whole random games through the game object (which plays the twin) and the module's own
    # plain take, state by state (tests/architects/test_fast.py compares both with the rules)
    for players in (2, 5):
        game = ArchitectsGame(players)
        for seed in range(10):
            chooser = random.Random(seed)
            state = game.new_game(seed)
            while not game.is_over(state):
                legal = game.legal_moves(state, state.current)
                move = legal[chooser.randrange(len(legal))]
                source = getattr(move, "source", None)
                if source is not None and type(move).__name__ == "Take":
                    assert found.plain_take(game.engine, state, source) == (
                        fast_layer.plain_take(game.engine, state, source))
                state = game.play(state, {state.current: move})
