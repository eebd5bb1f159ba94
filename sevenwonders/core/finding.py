"""The loop that runs a game's invariants over a state (:func:`sevenwonders.core.problems.find`
calls it): it reads the game's own invariants and check context, never the caller's values, so
it compiles with the engine; :mod:`~sevenwonders.core.problems`, which defines the
:class:`~sevenwonders.core.problems.Invariant` data class, stays interpreted."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sevenwonders.errors import InvalidStateError, Problem, SevenWondersError


def run_invariants(invariants: Iterable[Any], context: Any) -> tuple[Problem, ...]:
    """Every problem the invariants (each with a ``name``, a ``check`` and a ``gate``) find
    in ``context``, in their order, up to the first failed gate: what
    :func:`~sevenwonders.core.problems.find` says it does."""
    found: list[Problem] = []
    for invariant in invariants:
        before = len(found)
        try:
            found.extend(invariant.check(context))
        except InvalidStateError as error:
            found.append(Problem(invariant.name, error.field or "state",
                                 str(error).removeprefix(f"{error.field}: ")))
        except SevenWondersError as error:
            found.append(Problem(invariant.name, "state", f"the rules refuse it: {error}"))
        except Exception as error:  # a rule tripping over an impossible state
            found.append(Problem(invariant.name, "state",
                                 f"the rules cannot use it ({type(error).__name__})"))
        if invariant.gate and len(found) > before:
            break
    return tuple(found)


__all__ = ["run_invariants"]
