"""Tests of the encodings (action index, observation encoders, features): they need the rl
extra (numpy, and the helpers' environments) and are skipped without it."""

import pytest

for _module in ("numpy", "pettingzoo", "gymnasium"):
    pytest.importorskip(_module, reason="needs the rl extra")
