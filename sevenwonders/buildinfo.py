"""Which build of the package is installed: the compiled engine or the pure Python package.

The build (``setup.py``) compiles the engine's logic modules with mypyc into one shared library,
``sevenwonders__mypyc``, installed beside the package's folder, and a small extension beside each
compiled module's source; a pure build has neither. Finding that library beside the package that
was imported tells the two apart without importing any game.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

_HERE = Path(__file__).resolve().parent

compiled: bool = any((_HERE.parent / f"sevenwonders__mypyc{suffix}").exists()
                     for suffix in EXTENSION_SUFFIXES)
"""Whether the engine modules run compiled (mypyc); False for the pure Python package."""


def build_info() -> str:
    """A short description of the installed build, for ``sevenwonders --version`` and reports."""
    return "compiled with mypyc" if compiled else "pure Python"
