"""What every hostile-input test asserts: the library's own error class and reason code, within
a generous time bound (it catches hangs, it measures nothing), and every input unchanged."""

from __future__ import annotations

import copy
import pickle
import time
from collections.abc import Callable
from typing import Any

import pytest

from sevenwonders.core.serialization import to_json
from sevenwonders.errors import Reason, SevenWondersError

HANG_SECONDS = 10.0  # generous: a refusal takes milliseconds; a hang or a quadratic parse not


def snapshot(value: Any) -> Any:
    """A comparable picture of ``value`` (its JSON where it has one)."""
    try:
        return ("json", to_json(value))
    except Exception:
        try:
            return ("pickle", pickle.dumps(value))
        except Exception:
            try:
                return ("copy", copy.deepcopy(value))
            except Exception:
                return ("repr", repr(value)[:10_000])


def refused(call: Callable[[], Any], error: type[SevenWondersError],
            reason: Reason | tuple[Reason, ...] | None = None, *, inputs: tuple[Any, ...] = ()
            ) -> SevenWondersError:
    """``call()`` raises ``error`` (a subclass of it) with ``reason``, in bounded time, and
    leaves ``inputs`` as they were."""
    before = [snapshot(value) for value in inputs]
    start = time.process_time()
    with pytest.raises(SevenWondersError) as caught:
        call()
    spent = time.process_time() - start
    raised = caught.value
    assert isinstance(raised, error), f"{type(raised).__name__} ({raised}) is not a {error}"
    assert isinstance(raised.reason, Reason)
    if reason is not None:
        allowed = reason if isinstance(reason, tuple) else (reason,)
        assert raised.reason in allowed, f"reason {raised.reason!r} not in {allowed}: {raised}"
    assert spent < HANG_SECONDS, f"took {spent:.1f} s of CPU"
    assert len(str(raised)) <= 1100, "the message echoes too much of the input"
    assert [snapshot(value) for value in inputs] == before, "an input was changed"
    return raised


def only_own_errors(call: Callable[[], Any], *, inputs: tuple[Any, ...] = ()) -> Any:
    """``call()`` returns or raises one of the library's errors, in bounded time, and leaves
    ``inputs`` unchanged; returns the result or the error."""
    before = [snapshot(value) for value in inputs]
    start = time.process_time()
    try:
        result: Any = call()
    except SevenWondersError as error:
        assert isinstance(error.reason, Reason)
        assert len(str(error)) <= 1100
        result = error
    assert time.process_time() - start < HANG_SECONDS
    assert [snapshot(value) for value in inputs] == before, "an input was changed"
    return result
