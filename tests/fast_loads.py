"""What the tests of the load's fast paths (``architects/loading.py``, ``dice/loading.py``)
compare: the state the full path (the strict converter, then every invariant) builds from a
document, and the documents a fast path reads otherwise."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from sevenwonders.core.problems import register_load_check
from sevenwonders.core.serialization import converter, from_json, plain_structure_fn
from sevenwonders.errors import SevenWondersError
from tests.boundary.mutation import edit


def edited_documents(states: Sequence[Any], hand_made: Callable[[Any], Iterable[Any]],
                     faulted: Callable[[int, random.Random], bool], seed: int,
                     per_state: int) -> list[Any]:
    """``per_state`` one-change edits of the document of each of ``states``, and the hand-made
    faults of those ``faulted`` picks (by their index, or by the edits' generator)."""
    rng = random.Random(seed)
    out = []
    for i, state in enumerate(states):
        document = converter.unstructure(state)
        out += list(hand_made(state)) if faulted(i, rng) else []
        for _ in range(per_state):
            changed = copy.deepcopy(document)
            if edit(changed, rng) is not None:
                out.append(changed)
    return out


Refusal = tuple[type, object, str]
"""An error as a caller tells it apart: its class, reason code and message."""


def full_path_of(cls: type, problems: Callable[[Any], tuple[Any, ...]]
                 ) -> Callable[[Any], Any | None]:
    """The full path's reading of a document of ``cls``: the state it builds, or ``None`` when
    it refuses the document."""
    plain: Callable[[Any, Any], Any] = plain_structure_fn(cls)

    def full_path(document: Any) -> Any | None:
        try:
            state = plain(document, cls)
        except Exception:
            return None
        return None if problems(state) else state

    return full_path


def disagreements(load_fast: Callable[[Any], Any | None], full_path: Callable[[Any], Any | None],
                  documents: list[Any]) -> list[str]:
    """The documents ``load_fast`` reads otherwise than ``full_path``: accepted while the full
    path refuses them, or built differently (``repr`` tells a list from a tuple, a bool from an
    int)."""
    out = []
    for document in documents:
        fast = load_fast(copy.deepcopy(document))
        if fast is None:
            continue
        full = full_path(copy.deepcopy(document))
        if full is None or fast != full or repr(fast) != repr(full):
            out.append(json.dumps(document)[:300])
    return out


def refusals(cls: type, texts: list[str]) -> list[Refusal]:
    """What ``from_json`` raises for each of ``texts`` (each must be refused)."""
    out: list[Refusal] = []
    for text in texts:
        with pytest.raises(SevenWondersError) as raised:
            from_json(text, cls)
        out.append((type(raised.value), raised.value.reason, str(raised.value)))
    return out


def refusals_both_ways(cls: type, problems: Callable[[Any], tuple[Any, ...]], label: str,
                       load_fast: Callable[[Any], Any | None], texts: list[str]
                       ) -> tuple[list[Refusal], list[Refusal]]:
    """The refusals of ``texts`` with the fast path registered, and with the load check
    registered without it (restored afterwards)."""
    fast = refusals(cls, texts)
    register_load_check(cls, problems, label)
    try:
        full = refusals(cls, texts)
    finally:
        register_load_check(cls, problems, label, load_fast)
    return fast, full
