"""7 Wonders Dice: the greedy judgement's weights as data
(:mod:`sevenwonders.agents.heuristics.dice` says what each is worth and why).

They live in ``sevenwonders/agents/data/greedy_dice.toml``: :data:`WEIGHTS` is what the greedy
agent and the search's walks play with, :data:`HAND_WEIGHTS` the hand-set weights
(``greedy_dice_hand.toml``, kept to measure against). ``benchmarks/tune_greedy.py --game dice``
searches them.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from sevenwonders.agents.heuristics.weights import WeightsTable, keyed, read_weights

WEIGHTS_FILE = "greedy_dice.toml"
HAND_FILE = "greedy_dice_hand.toml"
EFFECTS = ("reducedCost", "dieCost0", "gain2Coins")
"""The lasting die effects of one colour (the sheet file's names)."""


@attrs.frozen(slots=True, cache_hash=True)
class DiceWeights(WeightsTable):
    """Every weight of Dice's sheet value, in points."""

    data_file: ClassVar[str] = WEIGHTS_FILE
    title: ClassVar[str] = (
        "7 Wonders Dice's greedy weights (sevenwonders.agents.heuristics.dice).")
    hand_file: ClassVar[str] = HAND_FILE

    coin_early: float
    """A coin while the game is young."""
    coin_late: float
    """A coin near the game's end (only ties)."""
    resource: float
    """A ticked Warehouse box, early on (it saves a coin on every later costly box)."""
    defence: float
    """A defence box, early on."""
    bonus: float
    """A city building's completion bonus, and a pending bonus to choose."""
    progress_share: float
    """The share of a bonus a building under way counts for (times its ticked share squared)."""
    pending_tick: float
    """Each box a move leaves the seat to tick."""
    pending_action: float
    """Another action a move leaves the seat to take."""
    all_colours: float
    """How many colours' worth an effect on every colour counts for."""
    unlock: float
    """A special die unlocked, with its building's boxes open (``spy_share`` of it: black)."""
    spy_share: float
    """The share of :attr:`unlock` the black die (spies) counts for."""
    effect: tuple[float, ...] = keyed(EFFECTS)
    """A lasting die effect on one colour over a whole game (times the share left)."""


WEIGHTS = read_weights(DiceWeights)
"""The weights the greedy agent plays with (the package's data file)."""
HAND_WEIGHTS = read_weights(DiceWeights, name=HAND_FILE)
"""The hand-set weights."""

__all__ = ["EFFECTS", "HAND_WEIGHTS", "WEIGHTS", "DiceWeights"]
