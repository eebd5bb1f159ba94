"""The documentation is true: every ```python block of ``docs/`` and the README runs (its
asserts are its stated results), every command-line flag the docs and the README use exists,
and every page is in the site's navigation."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from sevenwonders.cli import _parser

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
# a python block, with the page's "<!-- requires: a b -->" comment just before it if any
_BLOCK = re.compile(r"(?:<!-- requires: ([\w .-]+) -->\n)?```python\n(.*?)```", re.S)
_SHELL = re.compile(r"```(?:bash|console|sh)\n(.*?)```", re.S)
_INLINE = re.compile(r"`((?:python -m )?sevenwonders [^`]*)`")


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_python_blocks_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a block that writes files writes them here
    namespace: dict[str, Any] = {"__name__": "__docs__"}
    for index, match in enumerate(_BLOCK.finditer(page.read_text(encoding="utf-8"))):
        for module in (match.group(1) or "").split():
            pytest.importorskip(module)
        code = compile(match.group(2), f"{_name(page)}, python block {index + 1}", "exec")
        exec(code, namespace)


def _commands(text: str) -> list[list[str]]:
    """Every ``sevenwonders ...`` command of the shell blocks and inline code of a page."""
    lines: list[str] = []
    for block in _SHELL.findall(text):
        lines += block.replace("\\\n", " ").splitlines()
    lines += _INLINE.findall(text)
    commands = []
    for line in lines:
        for part in re.split(r"&&|;|\|", line.split("#")[0]):
            words = shlex.split(part)
            if words[:3] == ["python", "-m", "sevenwonders"]:
                words = words[2:]
            if words[:1] == ["sevenwonders"]:
                commands.append(words[1:])
    return commands


def _flags(parser: Any) -> set[str]:
    return set(parser._option_string_actions)


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_flag_the_docs_use_exists(page: Path) -> None:
    parser = _parser()
    commands = next(action for action in parser._actions
                    if action.dest == "command").choices
    for words in _commands(page.read_text(encoding="utf-8")):
        command = next((word for word in words if word in commands), None)
        known = _flags(parser) | (_flags(commands[command]) if command else set())
        for word in (word.strip("[]()") for word in words):
            if word.startswith("-") and word not in ("-", "--"):
                assert word.split("=")[0] in known, f"{' '.join(words)}: no {word}"


def test_the_readme_commands_are_ci_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    first, second = _SHELL.findall(readme)[:2]
    assert "sevenwonders simulate" in first
    assert second.strip() in ci.replace(" --quiet", ""), "CI runs the README's test command"


def test_every_page_is_in_the_navigation() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in (ROOT / "docs").rglob("*.md"):
        assert str(page.relative_to(ROOT / "docs")).replace(os.sep, "/") in nav, page
