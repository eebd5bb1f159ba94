"""An immutable, hashable, ordered mapping for frozen states and score sheets."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """A read-only mapping that keeps insertion order and can be hashed and compared.

    The items live in a dict that only a read-only proxy refers to, and attributes cannot be
    set after construction: nothing reachable through a FrozenMap can change it (so a view may
    share the state's maps without a copy).
    """

    __slots__ = ("_data", "_hash")

    _data: MappingProxyType[K, V]
    _hash: int | None

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        object.__setattr__(self, "_data", MappingProxyType(dict(items)))
        object.__setattr__(self, "_hash", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"FrozenMap is read-only; cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"FrozenMap is read-only; cannot delete {name}")

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(tuple(self._data.items())))
        return self._hash  # type: ignore[return-value]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._data == other._data
        if isinstance(other, Mapping):
            return dict(self._data) == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({dict(self._data)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (dict(self._data),))
