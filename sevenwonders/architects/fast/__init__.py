"""The speed layer of Architects: its memory, packed tallies, drafts and the plain take.

Nothing here is a rule: every answer is the reference's (architects/legal.py, rules.py, work.py),
remembered or made faster, and tests/architects/test_fast.py plays random games through both and
compares them. The game object (architects/game.py) chooses this layer; no reference module
imports it.

* :class:`~.moves.ArchitectsCache`: what one game object remembers (bounded, not pickled; a
  state's legal moves are kept beside the state, in its private slot, so that one game object
  stepping any number of live games finds each game's states); :class:`~.moves.FastMoves`: the
  reference's legal moves with the payment situations remembered, a city's cards tallied into
  one packed integer (fast/moves.py).
* :class:`~.drafts.Draft` and the city and state drafts (fast/drafts.py): values filled in on a
  plain object of the same layout and turned into the frozen class by ``__class__`` assignment
  (no ``__init__``).
* :func:`~.take.plain_take` (fast/take.py): most plies are a card taken (DE rulebook
  "Spielablauf"); when the turn then leaves a decision in the same turn, or nothing to decide
  (no build or one plain build owed, so the turn ends and the left neighbour starts), the next
  state is made directly, without the general step's scratch record, its dispatch and its loop
  over forced decisions. Anything else (a token used, a wonder power that draws, the game's end,
  leftovers of a turn) answers ``None`` and the general step plays the move.
* :class:`~.step.FastStep` (fast/step.py): the step the game object holds and calls from its
  ``play`` and ``legal_moves``: the usual call (a state the game object made, one of the listed
  moves in a plain dict) played here, through the plain take where it applies; anything else
  answers ``None`` and is left to the game object's checks, which hand a legal move back to
  the general step. Also the moves listed for a checked state and the copies handed out.
"""

from sevenwonders.architects.fast.drafts import Draft, make_city
from sevenwonders.architects.fast.moves import ArchitectsCache, FastMoves
from sevenwonders.architects.fast.step import FastStep
from sevenwonders.architects.fast.take import handed_out, plain_take

__all__ = ["ArchitectsCache", "Draft", "FastMoves", "FastStep", "handed_out", "make_city",
           "plain_take"]
