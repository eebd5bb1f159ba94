"""A move walks down once: from ``BaseGame.play`` (and ``step``, the rules' way) to the new
state, no call goes back into a module the walk came down from.

The walk is read from the running code: every Python call made while ``play`` runs is attributed
to the package module that defines the called function (calls of code outside the package, such
as attrs' generated ``__init__``, are passed through), and the modules on the call stack form
the way down. A call into a module that is on the stack already, below another module, is a
return to a module the walk left. ``python -m tests.base.test_move_walk`` prints the walk of a
plain card build and of a wonder stage bought from the neighbours: each module in the order the
walk first enters it, and each crossing (a call from one module into another, counted once per
pair of modules); ``docs/architecture.md`` ("Following a move") shows the result.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import pytest

import sevenwonders
from sevenwonders.base.game import BaseGame
from sevenwonders.base.moves import Build, BuildStage, Move, Sell
from sevenwonders.base.setup import TURNS_PER_AGE
from sevenwonders.base.state import BaseState
from sevenwonders.core.expansions import make_expansion

PACKAGE = Path(sevenwonders.__file__).parent


def _module(code: CodeType) -> str | None:
    """The package module that defines ``code``, or None for code outside the package."""
    path = Path(code.co_filename)
    if path.suffix != ".py" or PACKAGE not in path.parents:
        return None
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


class Walk:
    """The modules a call passes through: the order they are first entered, the crossings
    (caller module, called module) in the order first made, and every return to a module
    the walk had left (the stack of modules at that call)."""

    def __init__(self) -> None:
        self.modules: list[str] = []
        self.crossings: list[tuple[str, str]] = []
        self.returns: list[tuple[str, ...]] = []
        self.deepest: tuple[str, ...] = ()
        self._stack: list[str | None] = []

    def _profile(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            module = _module(frame.f_code)
            if module is not None:
                down = [m for m in self._stack if m is not None]
                caller = down[-1] if down else None
                if module not in self.modules:
                    self.modules.append(module)
                if caller is not None and caller != module:
                    if (caller, module) not in self.crossings:
                        self.crossings.append((caller, module))
                    if module in down:
                        self.returns.append((*down, module))
                self._note_depth(down, module)
            self._stack.append(module)
        elif event == "return" and self._stack:
            self._stack.pop()

    def _note_depth(self, down: list[str], module: str) -> None:
        """Keep the longest chain of modules on the stack (each module once in a row)."""
        stack = [*down, module]
        chain = [m for before, m in zip([None, *stack], stack, strict=False) if m != before]
        if len(chain) > len(self.deepest):
            self.deepest = tuple(chain)

    @property
    def depth(self) -> int:
        """The most module boundaries on the stack at once: how far down the walk goes."""
        return max(len(self.deepest) - 1, 0)

    def run(self, call: Callable[[], Any]) -> Any:
        """``call()``, walked."""
        sys.setprofile(self._profile)
        try:
            return call()
        finally:
            sys.setprofile(None)


def _plain(game: BaseGame, state: BaseState, seat: int) -> Move:
    """A card built with no trade, else a card sold."""
    legal = game.legal_moves(state, seat)
    return next((m for m in legal if type(m) is Build and not (m.left or m.right)),
                next(m for m in legal if type(m) is Sell))


def _stage_with_trade(game: BaseGame, state: BaseState) -> Move | None:
    """Seat 0's wonder stage paying both neighbours, if it may build one now."""
    return next((m for m in game.legal_moves(state, 0)
                 if type(m) is BuildStage and m.left and m.right), None)


def scenarios(game: BaseGame) -> dict[str, tuple[BaseState, dict[int, Move]]]:
    """A state and the moves of a plain card build (every seat builds with no trade, or sells)
    and of a wonder stage bought from both neighbours (seat 0; the others build plainly),
    found along seeded random games, each before an Age's last turn."""
    found: dict[str, tuple[BaseState, dict[int, Move]]] = {}
    for seed in range(100):
        state, rng = game.new_game(seed), random.Random(seed)
        while not (state.pending or state.over) and len(found) < 2:
            if state.turn >= TURNS_PER_AGE:  # an Age's last turn also ends the Age
                break
            plain = {seat: _plain(game, state, seat) for seat in range(game.players)}
            found.setdefault("plain card build", (state, plain))
            stage = _stage_with_trade(game, state)
            if stage is not None:
                found.setdefault("wonder stage with trade", (state, {**plain, 0: stage}))
            state = game.play(state, {seat: rng.choice(game.legal_moves(state, seat))
                                      for seat in game.to_move(state)})
        if len(found) == 2:
            return found
    raise AssertionError("no wonder stage with trade in 100 seeded games")


def walk(game: BaseGame, state: BaseState, moves: Mapping[int, Move], how: str) -> Walk:
    """The walk of ``game.play`` (``how="play"``) or ``game.step`` of ``moves`` on ``state``,
    after each seat listed its legal moves (as every agent does first)."""
    for seat in game.to_move(state):
        game.legal_moves(state, seat)
    found = Walk()
    found.run(lambda: getattr(game, how)(state, moves))
    return found


def walks(how: str) -> dict[str, Walk]:
    """The walk of each named move (see :func:`scenarios`), ``how="play"`` or ``"step"``, by
    the game that made its state (which therefore skips the checks of a stranger's state)."""
    found = {}
    for name in ("plain card build", "wonder stage with trade"):
        game = BaseGame(3)
        state, moves = scenarios(game)[name]
        found[name] = walk(game, state, moves, how)
    return found


@pytest.mark.parametrize("how", ["play", "step"])
def test_the_named_moves_walk_down_once(how: str) -> None:
    for name, found in walks(how).items():
        assert found.modules[0] == "sevenwonders.base.game", name
        assert "sevenwonders.base.state" in found.modules, name  # the new state was made
        assert not found.returns, f"{name}: {found.returns[:3]}"
        assert found.depth <= 8, f"{name}: {found.deepest}"


@pytest.mark.parametrize(("players", "expansions"), [(3, ()), (5, ("edifice",)), (7, ())])
def test_every_step_of_random_games_walks_down_once(players: int, expansions: tuple[str, ...]
                                                    ) -> None:
    """Along whole games (draft turns, Ages' ends, pending decisions, Edifice's hooks), both
    ways: ``play`` and ``step``."""
    game = BaseGame(players, expansions=tuple(make_expansion(e) for e in expansions))
    rng = random.Random(players)
    state = game.new_game(players)
    while not state.over:
        moves = {seat: rng.choice(game.legal_moves(state, seat)) for seat in game.to_move(state)}
        for how in ("play", "step"):
            found = walk(game, state, moves, how)
            assert not found.returns, f"{how}: {found.returns[:3]}"
            assert found.depth <= 8, f"{how}: {found.deepest}"
        state = game.play(state, moves)


def _function(module_file: str, source: str, names: dict[str, Any]) -> Any:
    """The function ``source`` defines, compiled as if written in the package's
    ``module_file`` (the walk attributes code by its file)."""
    space = dict(names)
    exec(compile(source, str(PACKAGE / module_file), "exec"), space)
    return space["f"]


def test_a_return_is_found() -> None:
    """The walk sees a call back into a module it left (a rule calling up into the game), and
    none when the calls only go down."""
    upper = _function("base/game.py", "def f():\n    return 1\n", {})
    lower = _function("base/turn.py", "def f(call):\n    return call()\n", {})
    top = _function("base/game.py", "def f():\n    return lower(upper)\n",
                    {"lower": lower, "upper": upper})
    back = Walk()
    assert back.run(top) == 1
    assert back.returns == [("sevenwonders.base.game", "sevenwonders.base.turn",
                             "sevenwonders.base.game")]
    assert back.crossings == [("sevenwonders.base.game", "sevenwonders.base.turn"),
                              ("sevenwonders.base.turn", "sevenwonders.base.game")]
    down = Walk()
    assert down.run(lambda: lower(lambda: 1)) == 1
    assert not down.returns and down.modules == ["sevenwonders.base.turn"]
    assert (back.depth, down.depth) == (2, 0)


def as_floors(crossings: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The crossings with the speed layer's modules counted as one (``base.fast``, one floor
    of the base game's layers contract), each pair once."""
    def floor(module: str) -> str:
        return "sevenwonders.base.fast" if module.startswith("sevenwonders.base.fast.") else module

    merged = [(floor(a), floor(b)) for a, b in crossings]
    return [pair for k, pair in enumerate(merged) if pair[0] != pair[1] and pair not in merged[:k]]


def main() -> None:
    """Print the walk of the named moves, both ways."""
    for how in ("play", "step"):
        for name, found in walks(how).items():
            short = [m.removeprefix("sevenwonders.") for m in found.modules]
            print(f"{name}, {how}: {len(found.modules)} modules, {len(found.crossings)} "
                  f"crossings ({len(as_floors(found.crossings))} with the speed layer as one), "
                  f"{len(found.returns)} returns")
            print("  modules: " + " > ".join(short))
            print(f"  deepest ({found.depth} boundaries): "
                  + " > ".join(m.removeprefix("sevenwonders.") for m in found.deepest))
            for caller, called in found.crossings:
                print(f"    {caller.removeprefix('sevenwonders.')} -> "
                      f"{called.removeprefix('sevenwonders.')}")


if __name__ == "__main__":
    main()
