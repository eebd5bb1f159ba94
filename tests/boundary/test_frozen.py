"""Nothing reachable from a state, view, record, event or score sheet can be changed through
the API: every value reachable from them is of an immutable kind, and a caller-held move object
cannot change a game."""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.serialization import to_json
from sevenwonders.frontend.records import record_game
from tests.boundary.helpers import only_own_errors
from tests.frontend.helpers import BY_ID, KIND_IDS, game_of, playout, sample_states

SCALARS = (int, float, str, bool, bytes, type(None))


def mutable_parts(root: Any) -> list[str]:
    """Paths to every mutable value reachable from ``root`` (an iterative walk)."""
    found: list[str] = []
    seen: set[int] = set()
    stack: list[tuple[str, Any]] = [("$", root)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, (*SCALARS, enum.Enum)) or id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, tuple | frozenset):
            stack.extend((f"{path}[{i}]", item) for i, item in enumerate(value))
        elif isinstance(value, FrozenMap):
            for key, item in value.items():
                stack.append((f"{path}[{key!r}]", item))
            try:
                value._data["probe"] = 1  # type: ignore[index]
            except TypeError:
                pass
            else:
                found.append(f"{path}._data")
        elif attrs.has(type(value)):
            fields = attrs.fields(type(value))
            try:
                object.__getattribute__(value, "__setattr__")(
                    fields[0].name if fields else "probe", None)
            except attrs.exceptions.FrozenInstanceError:
                pass
            else:
                found.append(f"{path} ({type(value).__name__} is not frozen)")
            stack.extend((f"{path}.{field.name}", getattr(value, field.name))
                         for field in fields)
        else:
            found.append(f"{path} ({type(value).__name__})")
    return found


@pytest.mark.parametrize("kind", KIND_IDS)
def test_states_views_events_and_sheets_are_deeply_frozen(kind: str) -> None:
    game = game_of(kind)
    run = playout(kind)
    for state in sample_states(kind, 4):
        assert mutable_parts(state) == []
        for seat in range(game.players):
            assert mutable_parts(game.view(state, seat)) == []
        assert mutable_parts(game.scores(state)) == []
    for events in run.events[:5]:
        assert mutable_parts(events) == []


@pytest.mark.parametrize("kind", KIND_IDS)
def test_records_are_deeply_frozen(kind: str) -> None:
    run = playout(kind)
    record = record_game(game_of(kind), run.seed, run.steps)
    assert mutable_parts(record) == []


def test_a_dice_view_cannot_write_through_to_the_state() -> None:
    game = game_of("dice")
    state = playout("dice").states[-1]
    before = to_json(state)
    view = game.view(state, 0)
    laurels = view.seats[0].laurels
    with pytest.raises(TypeError):
        laurels._data["market.m1"] = 9  # type: ignore[attr-defined, index]
    with pytest.raises(AttributeError):
        laurels._data = {"market.m1": 9}  # type: ignore[attr-defined]
    assert to_json(state) == before


@pytest.mark.parametrize("kind", ["architects", "dice"])
def test_a_mutated_listed_move_cannot_poison_the_game(kind: str) -> None:
    """The engine plays its own copy of a listed move: a caller who changes the object it was
    handed (bypassing ``frozen`` with ``object.__setattr__``) plays nothing it changed into."""
    _poison_and_replay(kind)


@pytest.mark.parametrize("kind", ["base", "edifice"])
def test_a_mutated_listed_move_cannot_poison_the_base_game(kind: str) -> None:
    _poison_and_replay(kind)


def _poison(move: Any, strings: bool) -> None:
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        if type(value) is int:
            object.__setattr__(move, field.name, -50)
        elif type(value) is str and strings:
            object.__setattr__(move, field.name, "Poison")
        elif isinstance(value, enum.Enum):  # another member (a take from another deck)
            others = [member for member in type(value) if member is not value]
            if others:
                object.__setattr__(move, field.name, others[0])


def _poison_and_replay(kind: str) -> None:
    for strings in (False, True):
        _poison_and_replay_once(kind, strings)


def _poison_and_replay_once(kind: str, strings: bool) -> None:
    run = playout(kind)
    texts = [{seat: str(move) for seat, move in moves.items()} for moves in run.steps]
    expected = [to_json(state) for state in run.states]
    game = BY_ID[kind].make()  # a game object of its own
    state = game.new_game(run.seed)
    listed = {seat: game.legal_moves(state, seat) for seat in game.to_move(state)}
    texts_listed = {seat: [str(move) for move in moves] for seat, moves in listed.items()}
    for moves in listed.values():
        for move in moves:
            _poison(move, strings)
    if kind in ("architects", "dice"):  # they hand out copies: what they list stays intact
        assert {seat: [str(move) for move in game.legal_moves(state, seat)]
                for seat in listed} == texts_listed
    handed = {seat: game.legal_moves(state, seat)[0] for seat in game.to_move(state)}
    result = only_own_errors(lambda: game.play(state, handed))
    if not isinstance(result, BaseException):
        assert "Poison" not in to_json(result) and '"coins":-' not in to_json(result)
    # later games of the same game object are not poisoned
    after = game.new_game(run.seed)
    assert to_json(after) == expected[0]
    for index, moves in enumerate(texts):
        own = {seat: game.parse_move(after, seat, text) for seat, text in moves.items()}
        after = game.play(after, own)
        assert to_json(after) == expected[index + 1]
