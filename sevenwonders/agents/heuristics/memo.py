"""A bounded memo for heuristic values, apart from the heuristics' rules (speed only).

A search evaluates the same cities again and again: every determinization of a view holds the
seat's own city and the public cities of the others, and the candidate moves of one position
lead to the same few cities in every iteration. :class:`Memo` remembers values by what they are
computed from, in two levels (a *context*, hashed once per position, then the item), belongs to
one owner (a game's rules: another owner empties it), forgets everything when it holds ``limit``
values, and is never pickled (it lives in its module, not in an agent or a game). Tests prove
the memoised values equal to the plain computation.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class Memo(Generic[V]):
    """Values by ``(context, item)``, for one owner at a time, at most ``limit`` of them."""

    __slots__ = ("limit", "owner", "size", "table")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.owner: Any = None
        self.table: dict[Hashable, dict[Hashable, V]] = {}
        self.size = 0

    def context(self, owner: object, context: Hashable) -> dict[Hashable, V]:
        """The values remembered in ``context`` (a dict to read and to fill with :meth:`put`)."""
        if owner is not self.owner or self.size >= self.limit:
            self.clear()
            self.owner = owner
        found = self.table.get(context)
        if found is None:
            found = self.table[context] = {}
        return found

    def put(self, values: dict[Hashable, V], item: Hashable, value: V) -> V:
        """Remember ``value`` for ``item`` in ``values`` (from :meth:`context`)."""
        values[item] = value
        self.size += 1
        return value

    def clear(self) -> None:
        self.table = {}
        self.size = 0
        self.owner = None


__all__ = ["Memo"]
