"""Tests of the RL environments: they need the rl extra (numpy, pettingzoo, gymnasium) and are
skipped without it."""

import pytest

for _module in ("numpy", "pettingzoo", "gymnasium"):
    pytest.importorskip(_module, reason="needs the rl extra")
