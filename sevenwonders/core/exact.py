"""Moves have exactly the types they declare: the check their constructors run.

A move from outside could carry ``1.0`` or ``True`` for an int (``1.0 == 1``, so it passes a
legality test and then turns coins into floats) or a ``str`` subclass whose ``__eq__`` says yes
to everything. Every move class checks ``type(value) is T`` in ``__attrs_post_init__`` (a few
``is`` tests, cheap enough for the hot paths that build moves) and calls :func:`wrong_type`
on a mismatch.
"""

from __future__ import annotations

from typing import Any, NoReturn, get_args

from sevenwonders.core.limits import quote
from sevenwonders.errors import IllegalMoveError, InvalidStateError, Reason


def wrong_type(move: object, field: str, expected: type) -> NoReturn:
    """Refuse a move whose ``field`` is not exactly of type ``expected``."""
    value = getattr(move, field, None)
    raise IllegalMoveError(
        f"{type(move).__name__}.{field} must be exactly {expected.__name__}, not "
        f"{type(value).__name__} {quote(value)}", reason=Reason.WRONG_TYPE)


MAX_MOVE_NUMBER = 999_999
"""Numbers in moves (payments, options) lie in ``0..MAX_MOVE_NUMBER``: what notation can write
(:data:`~sevenwonders.core.limits.MAX_NOTATION_DIGITS` digits), far above any real payment."""


def bad_number(move: object, field: str) -> NoReturn:
    """Refuse a move whose ``field`` is not an int, or an int outside ``0..MAX_MOVE_NUMBER``."""
    value = getattr(move, field, None)
    if type(value) is not int:
        wrong_type(move, field, int)
    raise IllegalMoveError(f"{type(move).__name__}.{field} must lie in 0..{MAX_MOVE_NUMBER}, "
                           f"not {quote(value)}", reason=Reason.OUT_OF_RANGE)


def check_str_tuple(move: object, field: str, value: object) -> None:
    """A field declared ``tuple[str, ...]``: a real tuple of real strings."""
    if type(value) is not tuple or any(type(item) is not str for item in value):
        raise IllegalMoveError(
            f"{type(move).__name__}.{field} must be a tuple of str, not {quote(value)}",
            reason=Reason.WRONG_TYPE)


def checked_events(events: object, union: object) -> tuple[Any, ...]:
    """``events`` as a tuple if it is a sequence of events of ``union`` (a game's event
    ``Union``); else :class:`InvalidStateError` (``visible_events`` of garbage or of another
    game's events)."""
    members = get_args(union) or (union,)
    if type(events) is not tuple and type(events) is not list:
        raise InvalidStateError(f"events are a tuple of events, not {type(events).__name__}",
                                reason=Reason.WRONG_TYPE)
    for event in events:
        if type(event) not in members:
            raise InvalidStateError(f"{quote(event)} is not an event of this game",
                                    reason=Reason.WRONG_TYPE)
    return tuple(events)
