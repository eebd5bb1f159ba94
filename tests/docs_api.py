"""The public API as the documentation lists it: every ``::: name`` of the API reference.

``python -m tests.docs_api`` prints the source files of the public modules (CI measures their
docstring coverage with interrogate); the tests import :func:`public_names` to check that the
examples use nothing else.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "reference"
_DIRECTIVE = re.compile(r"^::: ([\w.]+)", re.M)


def documented() -> list[str]:
    """Every dotted name the reference pages document, in page order."""
    names: list[str] = []
    for page in sorted(REFERENCE.glob("*.md")):
        names += _DIRECTIVE.findall(page.read_text(encoding="utf-8"))
    return names


def _module_path(name: str) -> str:
    """The module a documented name lives in (a module itself, or a module's attribute)."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ROOT.joinpath(*parts[:end])
        if candidate.with_suffix(".py").is_file() or (candidate / "__init__.py").is_file():
            return ".".join(parts[:end])
    raise LookupError(name)


def public_modules() -> list[str]:
    """The modules whose public names are documented."""
    return sorted({_module_path(name) for name in documented()})


def public_files() -> list[str]:
    """The source file of every public module and of every module defining one of their
    public classes or functions, relative to the repository's root."""
    files = set()
    for module in public_modules():
        path = ROOT.joinpath(*module.split("."))
        files.add(path / "__init__.py" if path.is_dir() else path.with_suffix(".py"))
        found = importlib.import_module(module)
        for name in getattr(found, "__all__", ()):
            value = getattr(found, name)
            if inspect.isclass(value) or inspect.isfunction(value):
                source = inspect.getsourcefile(value)
                if source is not None and Path(source).is_relative_to(ROOT / "sevenwonders"):
                    files.add(Path(source))
    return sorted(str(file.relative_to(ROOT)) for file in files)


def public_names(module: str) -> set[str]:
    """The names a user may import from a public ``module``: its ``__all__`` (else its names
    without a leading underscore) and its public submodules."""
    found = importlib.import_module(module)
    names = set(getattr(found, "__all__", None) or
                (name for name in vars(found) if not name.startswith("_")))
    prefix = module + "."
    names |= {sub[len(prefix):].split(".")[0] for sub in public_modules()
              if sub.startswith(prefix)}
    return names


if __name__ == "__main__":
    sys.stdout.write("\n".join(public_files()) + "\n")
