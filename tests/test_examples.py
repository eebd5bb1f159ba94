"""Every example script runs as a user would start it and prints something, and imports only
the public API (what the API reference documents)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs_api import public_modules, public_names

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
# arguments that keep each run short
ARGUMENTS = {"bot_match.py": ["2", "base", "3"], "rl_policy_gradient.py": ["200", "100"],
             "openspiel_bots.py": ["2", "20"]}
# the examples import the package of this checkout, not whichever one is installed
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(
    p for p in (str(EXAMPLES.parent), os.environ.get("PYTHONPATH")) if p)}


def _extras(script: str) -> list[str]:
    """The packages outside the standard library and this one that ``script`` imports."""
    tree = ast.parse((EXAMPLES / script).read_text(encoding="utf-8"))
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
             for alias in node.names}
    names |= {node.module for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module and not node.level}
    tops = {name.split(".")[0] for name in names}
    if any(name.startswith("sevenwonders.rl") for name in names):  # the rl extra
        tops |= {"numpy", "pettingzoo", "gymnasium"}
    return sorted(tops - set(sys.stdlib_module_names) - {"sevenwonders", "__future__"})


@pytest.mark.parametrize("script", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_example_runs(script: str) -> None:
    for module in _extras(script):
        pytest.importorskip(module)
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *ARGUMENTS.get(script, [])],
        capture_output=True, text=True, timeout=120, check=False, env=ENV,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


@pytest.mark.parametrize("script", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_example_imports_only_public_names(script: str) -> None:
    tree = ast.parse((EXAMPLES / script).read_text(encoding="utf-8"))
    modules = set(public_modules())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "sevenwonders":
                    assert alias.name in modules, f"{script}: import {alias.name}"
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sevenwonders"):
            assert node.module in modules, f"{script}: from {node.module}"
            for alias in node.names:
                assert alias.name in public_names(node.module), \
                    f"{script}: from {node.module} import {alias.name}"
