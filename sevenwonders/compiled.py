"""The optional compiled speed layer: speed-layer functions run as C where the build made them.

A few speed-layer modules, chosen where a benchmark showed the pure Python at its floor, have a
*twin*: a copy of the module's text that ``setup.py`` compiles with mypyc when the package is
built, as ``sevenwonders._compiled.<name>``. They are ``architects/fast.py`` (the plain take,
about half of a 2-player Architects game), ``rl/mapping.py`` (the action index's loop over a
listing) and ``rl/stepping.py`` (the AEC step and a seat's legal actions and mask). :func:`speed`
hands out the twin's function in place of the module's own, but only while the twin is a copy of
the module as it is now: the build appends the digest of the module's file to the twin, and
:func:`twin` compares it with the file (an editable install whose module was edited after the
build runs the edited module). Without a twin (no mypyc or no C compiler at build time,
``SEVENWONDERS_PURE=1`` at build time or when the package is imported) the module's own
functions run: the pure module is the reference, and tests compare the twin with it along random
games. A twin's parameters that carry a caller's values are typed ``Any``: the compiled code
checks the types it is given, and a caller's mistake must meet the same checks as in the module.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

TWINS = {"sevenwonders.architects.fast": "architects_fast", "sevenwonders.rl.mapping": "rl_mapping",
         "sevenwonders.rl.stepping": "rl_stepping"}
"""Module -> the name of its compiled twin in ``sevenwonders._compiled`` (setup.py reads this
table: the module imports only the standard library, so that it can)."""


def twin(module: ModuleType) -> ModuleType | None:
    """The compiled twin of ``module`` if it exists, is a C extension and was made from the
    module's file as it is now; else None."""
    name = TWINS.get(module.__name__)
    if name is None or os.environ.get("SEVENWONDERS_PURE") or module.__file__ is None:
        return None
    try:
        found = importlib.import_module(f"sevenwonders._compiled.{name}")
    except Exception:  # none built, or one left from an older build that no longer imports
        return None
    if not str(found.__file__).endswith(tuple(EXTENSION_SUFFIXES)):
        return None  # the generated copy left as Python source: no faster than the module
    digest = hashlib.sha256(Path(module.__file__).read_bytes()).hexdigest()
    return found if getattr(found, "SOURCE_DIGEST", None) == digest else None


def speed(function: F) -> F:
    """``function`` (a speed-layer module's), or the same function of its module's compiled
    twin."""
    found = twin(sys.modules[function.__module__])
    if found is None:
        return function
    compiled: F = getattr(found, function.__name__)
    return compiled


def compiled_modules() -> tuple[str, ...]:
    """The speed-layer modules that run compiled now (benchmarks report it)."""
    return tuple(name for name in TWINS
                 if name in sys.modules and twin(sys.modules[name]) is not None)
