"""The compiled engine: everything else about the package is in pyproject.toml.

By default the build compiles the engine's logic modules with mypyc into C extensions that sit
beside the Python modules (as mypy and black ship); Python imports the extension when it is
there and the module's source otherwise, so the pure package stays the tested reference and
works wherever the compiled layer is absent. ``SEVENWONDERS_PURE=1`` (or a build without mypyc
or a C compiler, or an editable install) gives the pure package; ``build_backend/`` chooses the
build requirements to match and says which build it made. ``sevenwonders.build_info()`` and
``sevenwonders --version`` say which was installed.

Which modules compile is a rule, not a list: every module of the engine packages (ENGINE),
except the modules that check the caller's input (ENTRY_POINTS, ENTRY_CORE), the modules that
assign an object's ``__class__`` (that needs the interpreted classes' memory layouts), those
with an ``else`` to ``if TYPE_CHECKING``, the modules that define an attrs data class and the
few in STAY_PURE. A new module of an engine
package compiles unless it falls under one of these. Data classes stay interpreted because in
a compiled module a class keeps only simple annotations (a ``tuple[str, ...]`` field's type
becomes ``type``), which attrs and cattrs read to turn states into JSON and back, and mypyc
checks a class attribute's value against its annotation, which an ``attrs.field(...)`` marker
fails; attrs generates their methods at run time anyway.
"""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).parent

ENGINE = ("core", "base", "base/fast", "architects", "architects/fast", "dice", "edifice")
"""The engine's packages (the rules and their speed layers), relative to sevenwonders/."""

STAY_PURE = {
    # The game protocol: a runtime-checkable typing.Protocol, which isinstance() checks.
    "sevenwonders/core/protocol.py",
    # FrozenMap, a read-only Mapping: compiled, it either loses the Mapping ABC's metaclass (an
    # ordinary class) or accepts attribute writes (a native one). Its methods only delegate.
    "sevenwonders/core/frozenmap.py",
    # The scratch records whose slots match ArchitectsState's and City's, so that a filled
    # record becomes the frozen value by __class__ assignment (architects/fast/drafts.py).
    "sevenwonders/architects/work.py",
}
"""Engine modules left interpreted on purpose (each with its reason)."""

ENTRY_POINTS = {"game.py", "validation.py", "view_validation.py", "accounting.py", "spec.py",
                "notation.py", "options.py", "positions.py"}
"""Modules (by file name, in every engine package) that take the caller's input and check it:
they stay interpreted, since a compiled function refuses an argument of the wrong type with a
bare TypeError before the library's own check can raise its specific error. The moves' hot
paths live in the rules and the speed layers, which compile."""

ENTRY_CORE = {"sevenwonders/core/checks.py", "sevenwonders/core/serialization.py",
              "sevenwonders/core/seeds.py", "sevenwonders/core/limits.py",
              "sevenwonders/core/problems.py", "sevenwonders/core/json_text.py"}
"""The core's input checks (seats, moves, seeds, documents, their limits and the problems of a
loaded state), likewise. (Edifice's options are checked in its ``options.py``, so the
expansion's hooks compile.)"""


ATTRS_DECORATORS = {"frozen", "define", "mutable", "s", "attrs", "dataclass"}
"""Class decorators (bare or as ``attrs.<name>``/``attr.<name>``) that make a data class."""


def defines_data_class(path: Path) -> bool:
    """Whether the module defines a class through an attrs (or dataclass) decorator."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            for decorator in node.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                if ast.unparse(target).split(".")[-1] in ATTRS_DECORATORS:
                    return True
    return False


def changes_class(path: Path) -> bool:
    """Whether the module turns objects into another class (``obj.__class__ = ...``), which
    needs the interpreted classes' memory layouts."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Attribute) and t.attr == "__class__" for t in node.targets):
            return True
    return False


def branches_on_type_checking(path: Path) -> bool:
    """Whether the module runs other code than the type checker sees (``if TYPE_CHECKING:``
    with an ``else`` branch): mypyc takes the type checker's branch as the only one."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.If) and node.orelse
                and ast.unparse(node.test).split(".")[-1] == "TYPE_CHECKING"):
            return True
    return False


def compiled_modules() -> list[str]:
    """The engine modules to compile, as paths relative to the project root."""
    chosen = []
    for package in ENGINE:
        for path in sorted((ROOT / "sevenwonders" / package).glob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if (path.name in ("__init__.py", *ENTRY_POINTS)
                    or relative in STAY_PURE | ENTRY_CORE or changes_class(path)
                    or defines_data_class(path) or branches_on_type_checking(path)):
                continue
            chosen.append(relative)
    return chosen


def skip(reason: str) -> list[object]:
    """No extensions: the pure package (the build backend tells pip's user why)."""
    print(f"sevenwonders: building the pure Python package ({reason})", file=sys.stderr)
    return []


def extensions() -> list[object]:
    """The compiled engine's extensions, or none (the pure package)."""
    if os.environ.get("SEVENWONDERS_PURE"):
        return skip("SEVENWONDERS_PURE is set")
    try:
        from mypyc.build import mypycify
    except ImportError:
        return skip("mypyc is not available")
    sys.path.insert(0, str(ROOT / "build_backend"))
    from compiler_check import has_c_compiler

    if not has_c_compiler():
        return skip("no working C compiler")
    modules = compiled_modules()
    print(f"sevenwonders: compiling {len(modules)} engine modules with mypyc", file=sys.stderr)
    # Errors count only in the compiled modules: the modules they reach that stay interpreted
    # (the agents' network, the RL adapters) may import extras absent from the build's
    # environment (numpy, gymnasium), which the type check must not need.
    flags = ["--follow-imports=silent"]
    return list(mypycify([*flags, *modules], opt_level="3", group_name="sevenwonders"))


if __name__ == "__main__":  # (the tests read the module rule without building)
    setup(ext_modules=extensions())
