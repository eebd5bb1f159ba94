"""7 Wonders Architects: the greedy judgement's weights as data
(:mod:`sevenwonders.agents.heuristics.architects` says what each is worth and why).

They live in ``sevenwonders/agents/data/greedy_architects.toml``: :data:`WEIGHTS` is what the
greedy agent and the search's walks play with, :data:`HAND_WEIGHTS` the hand-set weights
(``greedy_architects_hand.toml``, kept to measure against). ``benchmarks/tune_greedy.py --game
architects`` searches them.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from sevenwonders.agents.heuristics.weights import WeightsTable, keyed, read_weights

WEIGHTS_FILE = "greedy_architects.toml"
HAND_FILE = "greedy_architects_hand.toml"
EFFECTS = ("alexandria", "babylon", "ephesus", "halicarnassus", "olympia", "rhodes")
"""The wonder effects a stage may give (a wonder without one, Gizah's, adds nothing)."""
POWERS = ("extra_card", "economy", "engineering")
GROWTH = ("per_military_token", "per_cat_icon", "per_progress_token", "wonder_complete")
"""The scoring tokens whose points grow over the game."""
PENDING = ("deck_choice", "side_choice", "revealed", "effect_choice")
"""The decisions a move may leave the seat to take (a progress token's is ``token``)."""


@attrs.frozen(slots=True, cache_hash=True)
class ArchitectsWeights(WeightsTable):
    """Every weight of Architects' city value, in points."""

    data_file: ClassVar[str] = WEIGHTS_FILE
    title: ClassVar[str] = (
        "7 Wonders Architects' greedy weights (sevenwonders.agents.heuristics.architects).")
    hand_file: ClassVar[str] = HAND_FILE

    stage_share: float
    """The share of the best next stage's worth its covered cost counts for."""
    spare_card: float
    """Each grey or gold card beyond two."""
    completion: float
    """What the last stage adds to its points: completing the wonder ends the game."""
    token: float
    """A progress token (also a pending token choice)."""
    science_share: float
    """The share of a token that progress towards a science set counts for."""
    military: float
    """A military token, times the chance of winning the next battle."""
    double_win: float
    """With two players: the extra share of a token for twice the other's shields."""
    owed_card: float
    """Each extra card a token owes the seat."""
    effect: tuple[float, ...] = keyed(EFFECTS)
    """What a stage's wonder effect adds to its points (a card is worth about 1.5)."""
    power: tuple[float, ...] = keyed(POWERS)
    """A power token over a whole game (times the share left)."""
    growth: tuple[float, ...] = keyed(GROWTH)
    """Points a scoring token may still grow by over a whole game (times the share left)."""
    pending: tuple[float, ...] = keyed(PENDING)
    """A decision the move leaves the seat to take."""


WEIGHTS = read_weights(ArchitectsWeights)
"""The weights the greedy agent plays with (the package's data file)."""
HAND_WEIGHTS = read_weights(ArchitectsWeights, name=HAND_FILE)
"""The hand-set weights."""

__all__ = ["EFFECTS", "GROWTH", "HAND_WEIGHTS", "PENDING", "POWERS", "WEIGHTS",
           "ArchitectsWeights"]
