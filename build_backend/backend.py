"""The build backend: setuptools' own, with mypy (mypyc) asked for only when the build compiles.

Building the compiled engine needs mypy (which ships mypyc) and the packages whose types the
engine uses; a pure build (``SEVENWONDERS_PURE=1``, no C compiler on this machine, or an
editable install) needs setuptools alone, so it never downloads mypy. The wheel's name says
which build it is (``py3-none-any``: pure; ``cp3XX-cp3XX-<platform>``: compiled), and pip
prints it ("Created wheel for sevenwonders: filename=...") without ``-v``.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 (the backend's other hooks, unchanged)

sys.path.insert(0, os.path.dirname(__file__))
from compiler_check import has_c_compiler

COMPILE_REQUIRES = ["mypy>=1.16", "attrs>=23.1", "cattrs>=23.2", "mypy-extensions>=1.0"]
"""What the compiled build adds: mypyc and the types it reads."""


def compiling() -> bool:
    """Whether this build compiles the engine."""
    return not os.environ.get("SEVENWONDERS_PURE") and has_c_compiler()


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    """setuptools' requirements, and mypy when the build compiles."""
    extra = COMPILE_REQUIRES if compiling() else []
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *extra]


def get_requires_for_build_editable(config_settings: Any = None) -> list[str]:
    """setuptools' requirements only: an editable install is pure."""
    return list(_setuptools.get_requires_for_build_editable(config_settings))


def build_editable(wheel_directory: str, config_settings: Any = None,
                   metadata_directory: str | None = None) -> str:
    """An editable install is the source tree itself, the pure package: compiled modules
    would shadow the sources one edits."""
    os.environ["SEVENWONDERS_PURE"] = "1"
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))
