"""The optional compiled speed layer: everything else about the package is in pyproject.toml.

``sevenwonders/compiled.py`` explains the scheme. Here, at build time, each module named in
TWINS is copied into ``sevenwonders/_compiled/`` with a digest of its text appended, and mypyc
compiles the copies into C extensions. Nothing depends on that succeeding: with
``SEVENWONDERS_PURE=1``, without mypyc, or when the C compiler fails (the extensions are
optional), the package installs as pure Python and runs the modules themselves.
"""

from __future__ import annotations

import hashlib
import os
import runpy
from pathlib import Path

from setuptools import Extension, setup

ROOT = Path(__file__).parent
TWINS: dict[str, str] = runpy.run_path(str(ROOT / "sevenwonders" / "compiled.py"))["TWINS"]
"""Module -> the name of its compiled twin in sevenwonders._compiled, as the package names
them (compiled.py imports only the standard library, so it runs here on its own)."""


def twin_source(module: str, name: str) -> str:
    """Write the twin's source (the module's text and its digest); its path."""
    text = (ROOT / (module.replace(".", "/") + ".py")).read_bytes()
    digest = hashlib.sha256(text).hexdigest()
    twin = ROOT / "sevenwonders" / "_compiled" / f"{name}.py"
    twin.write_bytes(text + f"\n\nSOURCE_DIGEST = {digest!r}\n".encode())
    return str(twin.relative_to(ROOT))


def extensions() -> list[Extension]:
    if os.environ.get("SEVENWONDERS_PURE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # no mypyc in the build environment: pure Python
        return []
    built: list[Extension] = []
    for module, name in TWINS.items():  # one at a time: a twin mypyc refuses stays pure alone
        try:  # its own library, inside the package (a shared one would be a top-level module)
            built += mypycify(["--ignore-missing-imports", twin_source(module, name)],
                              opt_level="3")
        except (Exception, SystemExit) as error:
            print(f"sevenwonders: {module} stays pure Python ({error})")
    for extension in built:
        extension.optional = True  # a failing C compiler leaves the pure modules in charge
    return built


setup(ext_modules=extensions())
