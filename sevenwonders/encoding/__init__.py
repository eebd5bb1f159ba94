"""Each game as numbers a network reads and writes (needs numpy, extra ``rl``).

- :mod:`~sevenwonders.encoding.actions`: a configuration's fixed action index (legal moves <->
  integers, masks); each game's index in ``index_<game>.py``;
- :mod:`~sevenwonders.encoding.observations`: a seat's view -> a fixed-shape vector; each game's
  encoder in ``obs_<game>.py``; :mod:`~sevenwonders.encoding.features` the extra numbers a
  network reads beside it;
- ``python -m sevenwonders.encoding.layout GAME PLAYERS`` prints a configuration's layout.

The learned agent and the RL environments both read them, so they sit below the agents; each
game names its own parts in its spec (``rl.observations``, ``rl.actions``).
"""
