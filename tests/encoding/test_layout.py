"""The layout printer documents every action and every observation segment."""

from __future__ import annotations

import pytest

from sevenwonders.encoding.layout import main
from sevenwonders.rl import action_index, make_encoder
from tests.rl.helpers import game_of


def test_layout_lists_every_action_and_segment(capsys: pytest.CaptureFixture[str]) -> None:
    main(["base", "3", "expansions=edifice", "payments=full", "--actions"])
    out = capsys.readouterr().out
    game = game_of("base", 3, {"expansions": ["edifice"]})
    index, encoder = action_index(game, "full"), make_encoder(game)
    assert out.splitlines()[0].startswith(f"base 3 {{'expansions': ['edifice']}}: {index.size}")
    assert f"{index.size - 1:>6}  skip" in out
    segments = encoder.layout.segments
    assert sum(length for _, _, length in segments) == encoder.size
    assert all(f" {name}" in out for name, _, _ in segments)
