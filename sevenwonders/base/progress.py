"""How far a base game has come: a number every legal step raises, and the coin limit the load
check derives from it (so the check is closed under the rules)."""

from __future__ import annotations

from sevenwonders.base.setup import START_COINS, TURNS_PER_AGE
from sevenwonders.base.state import BaseState

COINS_PER_STEP = 2000
"""More coins than one seat can receive in one step: a sale (3), a card's or stage's coins
(at most 9), neighbours' payments (2 coins a resource, at most 8 resources each) and the
coin-per-item effects paid at a turn's end (each counts at most the deal's 160 cards and
wonder stages of three cities, at 3 coins an item, for at most three cards a seat a turn)."""


def mid_turn(state: BaseState) -> bool:
    """Whether the current turn's cards are already played (decisions pending, or the Age's
    last turn over and its conflicts to come, or the game over)."""
    return bool(state.pending) or state.age_ending or state.over


def progress(state: BaseState) -> int:
    """A number every legal step raises: 100 a turn begun, 50 once its cards are played, 25
    once the Age's last turn is over, one less for each decision still pending (a step takes a
    decision, or ends a turn, or plays the turn's cards making fewer than 25 decisions)."""
    done = 100 * (TURNS_PER_AGE * (state.age - 1) + state.turn)
    if mid_turn(state):
        done += 50
    if state.age_ending or state.over:
        done += 25
    return done - len(state.pending)


def coin_limit(state: BaseState) -> int:
    """The most coins a seat may hold in ``state``: 3 plus :data:`COINS_PER_STEP` for each unit
    of :func:`progress`. A step raises progress by at least one and pays a seat less than
    :data:`COINS_PER_STEP`, so the successor of a state within the limit is within its own
    (the check is closed under the rules); a 7-player game's last state allows some four
    million coins, far above any real game and far below any number that troubles a score."""
    return START_COINS + COINS_PER_STEP * progress(state)
