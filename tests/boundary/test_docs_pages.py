"""The pages on trust and positions say what the code does: their Python examples run, and
every invariant a game checks is in the tables of the trust page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from sevenwonders.architects.validation import INVARIANTS as ARCHITECTS
from sevenwonders.architects.validation import TABLE_INVARIANTS
from sevenwonders.base.validation import INVARIANTS as BASE
from sevenwonders.base.validation import SOMEONE_MOVES as BASE_MOVES
from sevenwonders.dice.validation import INVARIANTS as DICE
from sevenwonders.dice.validation import SOMEONE_MOVES as DICE_MOVES

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = ["trust.md", "positions.md"]


def _blocks(page: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", (DOCS / page).read_text(), re.S)


@pytest.mark.parametrize("page", PAGES)
def test_the_examples_of_the_page_run(page: str) -> None:
    blocks = _blocks(page)
    assert blocks
    for number, block in enumerate(blocks):
        exec(compile(block, f"{page} example {number}", "exec"), {})


@pytest.mark.parametrize(("heading", "invariants"), [
    ("Base game", (*BASE, BASE_MOVES)),
    # Architects' "accounting" runs the table invariants for either Babylon deck
    ("Architects", (*(i for i in ARCHITECTS if i.name != "accounting"), *TABLE_INVARIANTS)),
    ("Dice", (*DICE, DICE_MOVES)),
])
def test_every_invariant_is_documented(heading: str, invariants: tuple[Any, ...]) -> None:
    text = (DOCS / "trust.md").read_text()
    section = text[text.index(f"### {heading}"):]
    section = section[:section.index("\n### ", 4)]
    rows = set(re.findall(r"^\| `(\w+)` \|", section, re.M))
    assert {invariant.name for invariant in invariants} == rows
