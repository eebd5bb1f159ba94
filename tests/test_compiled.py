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
from typing import Any

import pytest

import sevenwonders.compiled as compiled
from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects import fast as fast_layer
from sevenwonders.architects import game as game_module
from sevenwonders.architects.moves import Take
from sevenwonders.base import BaseGame
from sevenwonders.rl import actions, aec, aec_env, mapping, stepping
from sevenwonders.rl.actions import action_index


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


def test_the_speed_layer_plays_the_twins_where_there_are_some() -> None:
    for module, function, used in (
            (fast_layer, "plain_take", game_module.plain_take),
            (mapping, "known_actions", actions._known_actions),
            (stepping, "aec_step", aec._step)):
        found = compiled.twin(module)
        assert used is getattr(module if found is None else found, function)
    assert set(compiled.compiled_modules()) == {
        name for name in compiled.TWINS if compiled.twin(sys.modules[name]) is not None}


@pytest.mark.skipif(not os.environ.get("SEVENWONDERS_EXPECT_COMPILED"),
                    reason="only where the build is expected to compile (CI sets this)")
def test_the_build_made_the_twins_and_they_play_as_the_modules() -> None:
    assert set(compiled.compiled_modules()) == set(compiled.TWINS), (
        "setup.py built no compiled twin (mypyc or the C compiler failed)")
    take, known = compiled.twin(fast_layer), compiled.twin(mapping)
    step = compiled.twin(stepping)
    assert take is not None and known is not None and step is not None
    # whole random games, state by state: the game object's plain take (the twin's) against
    # the module's own (tests/architects/test_fast.py compares both with the general step)
    for players in (2, 5):
        game = ArchitectsGame(players)
        for seed in range(10):
            chooser = random.Random(seed)
            state = game.new_game(seed)
            while not game.is_over(state):
                legal = game.legal_moves(state, state.current)
                move = legal[chooser.randrange(len(legal))]
                if type(move) is Take:
                    assert take.plain_take(game.engine, state, move.source) == (
                        fast_layer.plain_take(game.engine, state, move.source))
                state = game.play(state, {state.current: move})
    # the base game's listings through an action index: the twin's mapping against the
    # module's, before each listing is learnt (both None) and after (both the mapping)
    base = BaseGame(players=4)
    index = action_index(base)
    mapped = 0
    for seed in range(3):
        chooser = random.Random(seed)
        position = base.new_game(seed)
        while not base.is_over(position):
            listings = {seat: base.legal_moves(position, seat) for seat in base.to_move(position)}
            for moves in listings.values():
                for _ in range(2):
                    args = (moves, index._ids or {}, index._prices, index._zeros)
                    found = mapping.known_actions(*args)
                    assert known.known_actions(*args) == found
                    mapped += found is not None
                    index.legal_and_mask(moves)
            position = base.play(position, {seat: moves[chooser.randrange(len(moves))]
                                            for seat, moves in listings.items()})
    assert mapped > 100
    # AEC games with the twin's step and with the module's: the same agents, masks and rewards
    for name, players in (("base", 4), ("architects", 3), ("dice", 3)):
        assert _aec_trace(name, players, step.aec_step) == _aec_trace(name, players,
                                                                        stepping.aec_step)


def _aec_trace(name: str, players: int, step: Any) -> list[tuple[Any, ...]]:
    """Every step of a seeded random AEC game played with ``step`` as the environment's."""
    env = aec_env(name, players)
    chooser = random.Random(1)
    trace = []
    original = aec._step
    aec._step = step
    try:
        env.reset(seed=3)
        for agent in env.agent_iter():
            _, reward, done, _, info = env.last(observe=False)
            mask = info["action_mask"]
            trace.append((agent, reward, done, mask.tobytes()))
            legal = mask.nonzero()[0]
            env.step(None if done else int(legal[chooser.randrange(len(legal))]))
    finally:
        aec._step = original
    return trace
