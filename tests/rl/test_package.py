"""The adapters stay optional: the core never imports them, and their names load on demand."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import sevenwonders.rl as rl

ROOT = Path(__file__).resolve().parents[2]


def test_every_public_name_loads() -> None:
    for name in rl.__all__:
        assert getattr(rl, name) is not None
    with pytest.raises(AttributeError):
        _ = rl.no_such_name


def test_the_core_imports_none_of_the_extras() -> None:
    code = ("import sys, sevenwonders; sevenwonders.make_game('base', 3); "
            "print(sorted({'numpy', 'gymnasium', 'pettingzoo', 'pyspiel'} & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.stdout.strip() == "[]"
