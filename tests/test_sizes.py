"""Small pieces: no module of the package over 500 lines, no function over 80 (the developers'
guide: a module has one job, a function fits on a screen)."""

from __future__ import annotations

import ast
from pathlib import Path

import sevenwonders

PACKAGE = Path(sevenwonders.__file__).parent
MODULE_LINES = 500
FUNCTION_LINES = 80


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def long_functions(source: str) -> list[tuple[str, int]]:
    """Each function of ``source`` longer than the limit (decorators and docstring included),
    with its length."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > FUNCTION_LINES:
                found.append((node.name, length))
    return found


def test_no_module_is_over_500_lines() -> None:
    long = {str(p.relative_to(PACKAGE)): n for p in _modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MODULE_LINES}
    assert not long


def test_no_function_is_over_80_lines() -> None:
    long = {str(p.relative_to(PACKAGE)): found for p in _modules()
            if (found := long_functions(p.read_text(encoding="utf-8")))}
    assert not long


def test_a_long_function_is_found() -> None:
    def body(lines: int) -> str:
        return "".join(f"    x{k} = {k}\n" for k in range(lines))

    assert long_functions(f"def f():\n{body(FUNCTION_LINES)}") == [("f", FUNCTION_LINES + 1)]
    assert long_functions(f"def f():\n{body(FUNCTION_LINES - 1)}") == []
