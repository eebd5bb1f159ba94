"""7 Wonders Architects (Repos Production, 2021) for 2 to 7 players, on the shared kernel.

Data files in ``data/``, checked at load (:mod:`.data`); lookup tables (:mod:`.tables`); rule
options (:mod:`.options`); immutable state (:mod:`.state`); moves and their notation
(:mod:`.moves`); payments (:mod:`.payment`); the rules engine (:mod:`.rules`); events
(:mod:`.events`); scoring (:mod:`.scoring`); per-seat views (:mod:`.view`); state checks
(:mod:`.validation`); determinization for search agents (:mod:`.determinize`); the game
(:mod:`.game`). ``README.md`` lists the rule options and the move notation.
"""

# the load checks (validation, view_validation) sit above the game object and register with
# the converter when imported: the package imports them, so every load runs them
from sevenwonders.architects import view_validation  # noqa: F401
from sevenwonders.architects.events import Event
from sevenwonders.architects.game import ArchitectsGame
from sevenwonders.architects.moves import (
    Alexandria,
    Build,
    ChooseToken,
    EndTurn,
    Extra,
    Halicarnassus,
    Move,
    Pick,
    Science,
    Skip,
    Source,
    Take,
    UseEffect,
)
from sevenwonders.architects.options import RuleOptions
from sevenwonders.architects.state import ArchitectsState, City, Pending
from sevenwonders.architects.view import ArchitectsView, CityView, DeckView

__all__ = [
    "Alexandria",
    "ArchitectsGame",
    "ArchitectsState",
    "ArchitectsView",
    "Build",
    "ChooseToken",
    "City",
    "CityView",
    "DeckView",
    "EndTurn",
    "Event",
    "Extra",
    "Halicarnassus",
    "Move",
    "Pending",
    "Pick",
    "RuleOptions",
    "Science",
    "Skip",
    "Source",
    "Take",
    "UseEffect",
]
