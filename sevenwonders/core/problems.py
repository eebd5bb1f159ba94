"""Named invariants and the problems of a state, shared by every game's ``validation`` module.

Each game lists its invariants (:class:`Invariant`: a name, what it says, and a check that
yields :class:`Problem` items). ``problems(state)`` in each game's ``validation`` module runs
them all and returns every problem found, as machine-readable items (in the manner of a chess
library's board status); loading a document refuses a state with any problem, raising
:class:`~sevenwonders.errors.InvalidStateError` that carries them all. A *gate* invariant
guards the ones after it: when it finds a problem the later checks (which rely on its counts)
are not run, so a broken shape never reaches a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any, Generic, TypeVar

import attrs

from sevenwonders.core.finding import run_invariants
from sevenwonders.core.serialization import converter, plain_structure_fn
from sevenwonders.errors import InvalidStateError, Problem

C = TypeVar("C")
T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


@attrs.frozen(slots=True)
class Invariant(Generic[C]):
    """A property every state of real play has. ``check`` reads a game's check context ``C``
    (the state and what the game knows of its table) and yields the problems it finds;
    ``gate`` stops the later checks when this one fails."""

    name: str
    says: str
    check: Callable[[C], Iterable[Problem]]
    gate: bool = False


def find(invariants: Iterable[Invariant[C]], context: C) -> tuple[Problem, ...]:
    """Every problem the invariants find, in their order, up to the first failed gate.

    A check that raises :class:`InvalidStateError` reports it as a problem of that invariant;
    any other error a rule raises on an impossible state is one too (never a raw error)."""
    return run_invariants(invariants, context)  # (the loop compiles: see that module)


def refuse(game: str, found: tuple[Problem, ...]) -> InvalidStateError:
    """The error a load raises for ``found`` (not empty): the first problem names the field,
    ``problems`` holds them all."""
    first = found[0]
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    error = InvalidStateError(f"inconsistent {game} state: {first.message} "
                              f"[{first.invariant}]{more}", field=first.field)
    error.problems = found
    return error


_LOAD_CHECKS: dict[type, tuple[Callable[[Any], tuple[Problem, ...]], str]] = {}
"""The load check of each class, by class (filled by each game's ``validation`` module)."""


def register_load_check(cls: type[T], problems_of: Callable[[T], tuple[Problem, ...]],
                        what: str, fast: Callable[[Any], T | None] | None = None) -> None:
    """Make every ``from_json``/``structure`` of ``cls`` refuse a value with problems: the
    strict converter builds it, ``problems_of`` checks it, :func:`refuse` raises. Each game's
    ``validation`` module registers its state's check (its package imports it), so a game
    object runs it through :func:`check_loaded` without importing the module above it.

    ``fast``: a game's fast path, which builds and checks a document in one go and returns
    ``None`` for any it does not accept (the strict converter and ``problems_of`` then decide,
    and raise as before); it must accept nothing they refuse (its tests say so)."""
    _LOAD_CHECKS[cls] = (problems_of, what)
    plain = plain_structure_fn(cls)

    def structure(data: Any, _: Any) -> T:
        if fast is not None:
            loaded = fast(data)
            if loaded is not None:
                return loaded
        value = plain(data, cls)
        found = problems_of(value)
        if found:
            raise refuse(what, found)
        return value

    converter.register_structure_hook(cls, structure)


def check_loaded(value: T) -> T:
    """``value`` if the load check registered for its class finds no problem, else the error
    a load of it raises (:func:`refuse`)."""
    entry = _LOAD_CHECKS.get(type(value))
    if entry is None:
        raise InvalidStateError(f"no load check for a {type(value).__name__}")
    problems_of, what = entry
    found = problems_of(value)
    if found:
        raise refuse(what, found)
    return value


class Verdicts(dict[K, V]):
    """What a load check found for a key (the key holds everything the verdict depends on),
    remembered for the next states, which mostly meet the same keys: the states of one game
    share their boards, stages, tables and tokens from one step to the next. At most ``size``
    keys; when full, the older half is forgotten. Read it as a dict (``key in verdicts``,
    ``verdicts.get(key)``: at C speed); fill it with :meth:`remember`. A verdict never changes
    what a check finds: the tests compare every check with and without what it remembers."""

    __slots__ = ("size",)

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def remember(self, key: K, verdict: V) -> V:
        """Keep ``verdict`` for ``key`` (forgetting the older half first when full)."""
        if len(self) >= self.size:
            for old in list(islice(self, self.size // 2)):
                del self[old]
        self[key] = verdict
        return verdict


def problem(invariant: str, field: str, message: str) -> Iterator[Problem]:
    """A one-problem result for a check written as a generator (``yield from problem(...)``)."""
    yield Problem(invariant, field, message)


def documented(invariants: Iterable[Invariant[C]]) -> str:
    """A Markdown table of the invariants (for the docs and ``help``)."""
    rows = ["| invariant | what holds in every state of real play |", "|---|---|"]
    rows += [f"| `{inv.name}` | {inv.says} |" for inv in invariants]
    return "\n".join(rows)


__all__ = ["Invariant", "Problem", "Verdicts", "check_loaded", "documented", "find", "problem",
           "refuse", "register_load_check"]
