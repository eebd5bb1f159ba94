"""Bad input never corrupts anything: generated garbage thrown at ``play``, ``parse_move``,
``legal_moves``, ``view``, ``from_json`` and record loading raises only the library's own
exceptions and leaves the state (and its JSON) unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from sevenwonders.core.scoring import ScoreSheet
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import ReplayError, SevenWondersError
from sevenwonders.frontend.records import GameRecord, load_record, record_game, replay
from tests.frontend.helpers import BY_ID, KIND_IDS, game_of, playout, sample_states

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])

scalars = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12))
json_scalars = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
                | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12))
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)
garbage = st.recursive(
    scalars | st.builds(object) | st.just(frozenset({1})),
    lambda inner: (st.lists(inner, max_size=3) | st.tuples(inner, inner)
                   | st.dictionaries(scalars.filter(lambda v: v == v), inner, max_size=3)),
    max_leaves=8,
)
seats = st.integers(min_value=-3, max_value=9) | garbage


def _legal_moves_of_any_kind() -> list[Any]:
    moves: list[Any] = []
    for kind_id in KIND_IDS:
        for state in sample_states(kind_id, 4):
            game = game_of(kind_id)
            for seat in sorted(game.to_move(state))[:1]:
                moves.extend(game.legal_moves(state, seat)[:3])
    return moves


FOREIGN_MOVES = _legal_moves_of_any_kind()
moves_strategy = garbage | st.sampled_from(FOREIGN_MOVES)
kinds = st.sampled_from(KIND_IDS)


def _state(data: st.DataObject, kind_id: str) -> Any:
    return data.draw(st.sampled_from(sample_states(kind_id)), label="state")


def _only_own_errors(call: Any) -> Any:
    try:
        return call()
    except SevenWondersError as error:
        return error


@SETTINGS
@given(kinds, st.data())
def test_play_with_garbage_moves(kind_id: str, data: st.DataObject) -> None:
    game = game_of(kind_id)
    state = _state(data, kind_id)
    before = to_json(state)
    shape = data.draw(st.sampled_from(["mapping", "raw", "mixed"]), label="shape")
    moves: Any
    if shape == "mapping":
        moves = data.draw(st.dictionaries(seats.filter(_hashable), moves_strategy, max_size=4))
    elif shape == "raw":
        moves = data.draw(garbage)
    else:  # the real seats to move, one of them with a garbage move
        moves = {seat: game.legal_moves(state, seat)[0] for seat in game.to_move(state)}
        if moves:
            victim = data.draw(st.sampled_from(sorted(moves)))
            moves[victim] = data.draw(moves_strategy)
    for method in (game.play, game.step):
        _only_own_errors(lambda: method(state, moves))  # noqa: B023
    assert to_json(state) == before
    # Nothing the game remembers (Architects caches the last state's moves) was disturbed.
    reference = BY_ID[kind_id].make()
    for seat in game.to_move(state):
        assert game.legal_moves(state, seat) == reference.legal_moves(state, seat)


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


@SETTINGS
@given(kinds, st.data())
def test_parse_move_with_garbage_text_and_seats(kind_id: str, data: st.DataObject) -> None:
    game = game_of(kind_id)
    state = _state(data, kind_id)
    before = to_json(state)
    seat: Any = data.draw(seats)
    legal_texts = [str(m) for s in game.to_move(state) for m in game.legal_moves(state, s)]
    text: Any = data.draw(st.text(max_size=30) | garbage | st.sampled_from(legal_texts or ["skip"])
                     | st.sampled_from(legal_texts or ["skip"]).map(lambda t: t + " x")
                     | st.sampled_from(legal_texts or ["skip"]).map(lambda t: t[:-1]))
    result = _only_own_errors(lambda: game.parse_move(state, seat, text))
    if not isinstance(result, SevenWondersError):
        assert result in game.legal_moves(state, seat)
    assert to_json(state) == before


@SETTINGS
@given(kinds, st.data())
def test_legal_moves_and_view_with_garbage_seats(kind_id: str, data: st.DataObject) -> None:
    game = game_of(kind_id)
    state = _state(data, kind_id)
    before = to_json(state)
    seat: Any = data.draw(seats)
    _only_own_errors(lambda: game.view(state, seat))
    result = _only_own_errors(lambda: game.legal_moves(state, seat))
    if not isinstance(result, SevenWondersError):
        assert result == () or seat in game.to_move(state)
    assert to_json(state) == before


def _types(kind_id: str) -> list[Any]:
    kind = BY_ID[kind_id]
    return [kind.state, kind.move, kind.view, kind.event, ScoreSheet, GameRecord]


@SETTINGS
@given(kinds, st.data())
def test_from_json_with_garbage_documents(kind_id: str, data: st.DataObject) -> None:
    cls = data.draw(st.sampled_from(_types(kind_id)), label="type")
    text = data.draw(st.text(max_size=40) | json_values.map(json.dumps)
                     | st.binary(max_size=20), label="text")
    _only_own_errors(lambda: from_json(text, cls))


def _mutate(data: st.DataObject, document: Any) -> Any:
    """``document`` with one node replaced by garbage, a key dropped or an item removed."""
    path = []
    node = document
    while isinstance(node, dict | list) and node and data.draw(st.booleans(), label="deeper"):
        key = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict)
                                        else list(range(len(node)))), label="key")
        path.append(key)
        node = node[key]
    action = data.draw(st.sampled_from(["replace", "drop", "small"]), label="action")
    if not path:
        return data.draw(json_values)
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if action == "drop":
        del parent[last]
    elif action == "small" and isinstance(parent[last], int) and not isinstance(parent[last],
                                                                                 bool):
        parent[last] += data.draw(st.sampled_from([-100, -1, 1, 7, 2**40]))
    else:
        parent[last] = data.draw(json_values)
    return document


def _document_of(kind_id: str, data: st.DataObject) -> tuple[Any, Any]:
    kind = BY_ID[kind_id]
    game = game_of(kind_id)
    state = _state(data, kind_id)
    which = data.draw(st.sampled_from(["state", "view", "move", "event"]), label="which")
    if which == "state":
        return kind.state, state
    if which == "view":
        return kind.view, game.view(state, 0)
    run = playout(kind_id)
    index = data.draw(st.integers(0, len(run.steps) - 1))
    if which == "move":
        return kind.move, next(iter(run.steps[index].values()))
    events = run.events[index] or run.events[0]
    return kind.event, events[0]


@SETTINGS
@given(kinds, st.data())
def test_from_json_with_mutated_documents(kind_id: str, data: st.DataObject) -> None:
    cls, value = _document_of(kind_id, data)
    document = _mutate(data, json.loads(to_json(value)))
    _only_own_errors(lambda: from_json(json.dumps(document), cls))


@pytest.mark.parametrize("kind_id", KIND_IDS)
@settings(SETTINGS, max_examples=60, phases=[Phase.explicit, Phase.generate])
@given(data=st.data())
def test_mutated_states_that_read_back_fail_cleanly(kind_id: str, data: st.DataObject) -> None:
    game = game_of(kind_id)
    state = _state(data, kind_id)
    document = _mutate(data, json.loads(to_json(state)))
    result = _only_own_errors(lambda: from_json(json.dumps(document), BY_ID[kind_id].state))
    if isinstance(result, SevenWondersError):
        return
    mutated = result

    def use() -> None:
        for seat in range(game.players):
            game.view(mutated, seat)
        game.scores(mutated)
        moves = {}
        for seat in game.to_move(mutated):
            legal = game.legal_moves(mutated, seat)
            if not legal:
                return
            moves[seat] = legal[0]
        game.step(mutated, moves)

    _only_own_errors(use)


# ----------------------------------------------------------------------------------- records


def _record(kind_id: str) -> GameRecord:
    game = game_of(kind_id)
    run = playout(kind_id)
    return record_game(game, run.seed, run.steps).finished(game.scores(run.states[-1]))


@SETTINGS
@given(kinds, st.data())
def test_loading_garbage_records(kind_id: str, data: st.DataObject) -> None:
    document: Any
    if data.draw(st.booleans(), label="mutate"):
        document = _mutate(data, _record(kind_id).to_dict())
    else:
        document = data.draw(json_values)
    text = json.dumps(document)

    def load_and_replay() -> None:
        record = load_record(text)
        replay(record)

    _only_own_errors(load_and_replay)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(kinds, st.data())
def test_a_bad_step_is_named(kind_id: str, data: st.DataObject) -> None:
    record = _record(kind_id)
    index = data.draw(st.integers(0, len(record.steps) - 1), label="index")
    steps = list(record.steps)
    seat, _ = steps[index][0]
    bad = data.draw(st.sampled_from(["sell No Such Card", "pass pass", "", "build", "skip",
                                     "take nowhere", "wonder s99"]), label="bad")
    steps[index] = ((seat, bad), *steps[index][1:])
    tampered = GameRecord(record.game, record.players, record.options, record.seed,
                          tuple(steps), record.final)
    try:
        replay(load_record(tampered.to_json()))
    except ReplayError as error:
        assert error.step is not None and error.step >= index
        if bad not in ("skip",):
            assert error.step == index, str(error)
        assert f"step {error.step}" in str(error)
    else:  # the bad text happened to be a legal move that leads to the same totals
        assert bad == "skip"
