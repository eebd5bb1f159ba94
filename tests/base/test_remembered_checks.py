"""What the load check remembers from one state to the next (the conflict-token verdicts, the
tables that passed, the boards' stages that fitted) never changes what it finds: on real states
of both editions and Edifice, each followed by changes of what those checks read (the Age, the
end, a city's tokens or stages) and by one-change edits of its document (whose verdicts are
then looked up where the real state left them), the table, token and stage checks say what
they say with nothing remembered."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from sevenwonders.base import conflict_tokens, invariants, loaded_table, validation
from sevenwonders.base.state import BaseState
from sevenwonders.errors import InvalidStateError
from tests.base.test_conservation_speed import KINDS
from tests.boundary.mutation import edited_values, real_states


def verdict(state: BaseState, remembered: bool = True) -> Any:
    """What the table and token checks say of ``state``, with what they remember or with
    nothing remembered before or kept after."""
    kept = (dict(conflict_tokens._TOKEN_PROBLEMS), dict(loaded_table._TABLES_PASSED),
            dict(invariants._STAGES_FIT))
    if not remembered:
        _forget()
    ctx = invariants._Context(state)
    try:
        return (tuple(invariants.check_table(ctx)), tuple(invariants.check_tokens(ctx)),
                tuple(invariants.check_stages(ctx)))
    except InvalidStateError as error:
        return error.field, str(error)
    finally:
        if not remembered:
            _restore(kept)


def _forget() -> None:
    conflict_tokens._TOKEN_PROBLEMS.clear()
    loaded_table._TABLES_PASSED.clear()
    invariants._STAGES_FIT.clear()


def _restore(kept: tuple[Any, Any, Any]) -> None:
    conflict_tokens._TOKEN_PROBLEMS.update(kept[0])
    loaded_table._TABLES_PASSED.update(kept[1])
    invariants._STAGES_FIT.update(kept[2])


def _city(state: BaseState, rng: random.Random, **change: Any) -> BaseState:
    cities = list(state.cities)
    s = rng.randrange(len(cities))
    cities[s] = attrs.evolve(cities[s], **{k: v(cities[s]) for k, v in change.items()})
    return attrs.evolve(state, cities=tuple(cities))


def variants(state: BaseState, rng: random.Random) -> list[BaseState]:
    """``state`` with what the remembered checks read changed, and one-change edits of its
    document."""
    out = [attrs.evolve(state, age=age) for age in (1, 2, 3) if age != state.age]
    out.append(attrs.evolve(state, over=not state.over))
    out.append(_city(state, rng, tokens=lambda c: (*c.tokens, rng.choice([-1, 1, 3, 5]))))
    out.append(_city(state, rng, tokens=lambda c: c.tokens[1:]))
    out.append(_city(state, rng, stages=lambda c: c.stages + rng.choice([-1, 1])))
    out.append(_city(state, rng, wonder=lambda c: state.cities[0].wonder))  # (twice, mostly)
    out.append(_city(state, rng, wonder=lambda c: rng.choice(["carthage", "ur", "nowhere"])))
    out.append(_city(state, rng, side=lambda c: rng.choice(["a", "b", "day", "night"])))
    out.append(_city(state, rng, stage_choices=lambda c: (*c.stage_choices, rng.choice([0, 1, 5]))))
    out.append(attrs.evolve(state, marks=state.marks[1:]))
    return out + edited_values(state, rng, 6)


@pytest.mark.parametrize("kind", KINDS)
def test_remembered_verdicts_are_the_verdicts(kind: str) -> None:
    rng = random.Random(kind)
    found = {True: 0, False: 0}
    for state in real_states(kind, seed=11)[::2]:
        assert verdict(state) == ((), (), ())  # (now remembered)
        for candidate in variants(state, rng):
            said = verdict(candidate)
            assert said == verdict(candidate, remembered=False), (kind, candidate)
            found[said == ((), (), ())] += 1
    assert found[True] and found[False] > 10  # (both verdicts met)


def named_game_problems(state: BaseState, monkeypatch: pytest.MonkeyPatch) -> tuple[object, ...]:
    """The problems of ``state`` checked with the game its boards name, as the load check did
    before it shared one game between every table of a size, edition and expansions."""
    def named(state: BaseState, edition: str, names: tuple[str, ...]) -> Any:
        return loaded_table._game_for(state.players, edition, tuple(c.side for c in state.cities),
                                      tuple(c.wonder for c in state.cities), names)

    with monkeypatch.context() as patched:
        patched.setattr(invariants, "_table_game", named)
        return forgetful(state)


def forgetful(state: BaseState) -> tuple[object, ...]:
    """The problems of ``state`` with nothing remembered before or kept after."""
    kept = (dict(conflict_tokens._TOKEN_PROBLEMS), dict(loaded_table._TABLES_PASSED),
            dict(invariants._STAGES_FIT))
    _forget()
    try:
        return validation.problems(state)
    finally:
        _restore(kept)


@pytest.mark.skipif(not loaded_table.__file__.endswith(".py"), reason=(
    "the compiled checks call the compiled table reader directly, so the game planted in its "
    "place does not reach them; the pure package, the tested reference, runs this"))
@pytest.mark.parametrize("kind", KINDS)
def test_the_shared_game_judges_as_the_game_the_boards_name(
        kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(kind + "shared")
    found = {True: 0, False: 0}
    for state in real_states(kind, seed=13)[::3]:
        for candidate in [state, *variants(state, rng)]:
            said = validation.problems(candidate)
            assert said == named_game_problems(candidate, monkeypatch), (kind, candidate)
            found[not said] += 1
    assert found[True] and found[False] > 10  # (both verdicts met)
