"""The bounded memories of the speed layers (core/memo.py)."""

from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

import attrs
import pytest

from sevenwonders.architects import ArchitectsGame
from sevenwonders.core import memo
from sevenwonders.core.memo import BoundedDict, IdentityMemo, fresh, fresh_all
from sevenwonders.simulation import simulate


@attrs.frozen(slots=True)
class _Pair:
    a: str
    b: int


@attrs.frozen(slots=True)
class _Nothing:
    pass


def test_identity_memo_keeps_the_last_entries_and_no_more() -> None:
    memo: IdentityMemo[object, int] = IdentityMemo(8)
    keys = [object() for _ in range(100)]
    for i, key in enumerate(keys):
        memo.put(key, i)
        assert memo.get(key) == i
        assert len(memo) <= 8
    assert [memo.get(key) for key in keys[-4:]] == [96, 97, 98, 99]
    assert memo.get(keys[0]) is None
    assert memo.get(object()) is None


def test_identity_memo_put_entry_is_put() -> None:
    """A ready (key, value) pair put as it is keeps and forgets exactly as ``put`` does."""
    by_put: IdentityMemo[object, int] = IdentityMemo(8)
    by_entry: IdentityMemo[object, int] = IdentityMemo(8)
    keys = [object() for _ in range(30)]
    for i, key in enumerate(keys):
        by_put.put(key, i)
        by_entry.put_entry((key, i))
        assert len(by_put) == len(by_entry)
        assert [by_put.get(k) for k in keys] == [by_entry.get(k) for k in keys]


def test_identity_memo_tells_equal_objects_apart() -> None:
    memo: IdentityMemo[_Pair, str] = IdentityMemo(4)
    one, other = _Pair("x", 1), _Pair("x", 1)
    memo.put(one, "one")
    assert memo.get(one) == "one" and memo.get(other) is None


def test_bounded_dict_forgets_at_its_bound() -> None:
    memo: BoundedDict[int, int] = BoundedDict(10)
    for i in range(25):
        memo.put(i, i * i)
        assert len(memo) <= 10
    assert memo.get(24) == 576 and memo.get(0) is None


def test_fresh_copies_are_equal_and_separate() -> None:
    pair = _Pair("x", 1)
    copy = fresh(pair)
    assert copy == pair and copy is not pair and hash(copy) == hash(pair)
    object.__setattr__(copy, "a", "y")
    assert pair.a == "x"
    nothing = _Nothing()
    assert fresh(nothing) is nothing
    assert fresh_all((pair, nothing)) == (pair, nothing)


def test_builder_builds_equal_values_from_named_fields() -> None:
    from sevenwonders.core.memo import builder

    build = builder(_Pair)
    made = build(a="x", b=1)
    assert made == _Pair("x", 1) and type(made) is _Pair and hash(made) == hash(_Pair("x", 1))
    with pytest.raises(TypeError):
        build("x", 1)  # named fields only
    with pytest.raises(TypeError):
        build(a="x")  # every field
    assert builder(_Nothing) is _Nothing


@attrs.frozen(slots=True)
class _Checked:
    a: int = attrs.field(validator=attrs.validators.instance_of(int))


def test_evolve_equals_attrs_evolve() -> None:
    from sevenwonders.base.state import City
    from sevenwonders.core.memo import evolve

    pair = _Pair("x", 1)
    made = evolve(pair, b=2)
    assert made == attrs.evolve(pair, b=2) and type(made) is _Pair
    assert evolve(pair) == pair and evolve(pair) is not pair
    city = City("rhodes", "day", 3, cards=("Loom",))
    assert evolve(city, coins=5, tokens=(1,)) == attrs.evolve(city, coins=5, tokens=(1,))
    with pytest.raises(TypeError):
        evolve(pair, c=3)  # not a field: attrs.evolve's own error
    # a class with a validator goes through attrs.evolve (its checks run)
    assert evolve(_Checked(1), a=2) == _Checked(2)
    with pytest.raises(TypeError):
        evolve(_Checked(1), a="2")


def test_an_adopted_game_object_is_what_its_configuration_unpickles_to(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "_WARM", {})
    game = ArchitectsGame(3)
    assert pickle.loads(pickle.dumps(game)) is not game  # a fresh object of that configuration
    memo.adopt(game)
    assert pickle.loads(pickle.dumps(game)) is game
    memo.adopt(object())  # an object that does not pickle through warm(): nothing adopted
    assert len(memo._WARM) == 1


def _payments_known(game: ArchitectsGame) -> int:
    """In a worker: how many payment situations the game object it received remembers."""
    return len(game.moves.cache.payments)


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                    reason="inheriting the warm object needs forked workers")
def test_workers_forked_after_adopting_start_with_its_warm_caches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "_WARM", {})  # no object of this configuration adopted before
    game = ArchitectsGame(3)
    simulate(game, games=5, seed=1)  # caches warm in this process
    assert _payments_known(game) > 0
    fork = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(1, mp_context=fork) as pool:  # forked before: a cold object
        assert pool.submit(_payments_known, game).result() == 0
    memo.adopt(game)
    with ProcessPoolExecutor(1, mp_context=fork) as pool:
        assert pool.submit(_payments_known, game).result() == _payments_known(game)
