"""7 Wonders, the base game (2nd edition, with the 1st edition as an option)."""

# the load checks (validation, view_validation) sit above the game object and register with
# the converter when imported: the package imports them, so every load runs them
from sevenwonders.base import view_validation  # noqa: F401
from sevenwonders.base.cards import Card, Colour, Edition, Stage, Wonder, load_edition
from sevenwonders.base.events import Event
from sevenwonders.base.expansion_state import ExpansionState
from sevenwonders.base.game import BaseGame
from sevenwonders.base.hooks import Expansion, StageBuild, StageVariant
from sevenwonders.base.legal import BuildQuote
from sevenwonders.base.moves import Build, BuildStage, Choose, Move, Sell, Skip
from sevenwonders.base.options import BaseOptions
from sevenwonders.base.state import BaseState, City, Pending, PendingKind
from sevenwonders.base.validation import check_state
from sevenwonders.base.view import BaseView, CityView

__all__ = [
    "BaseGame", "BaseOptions", "BaseState", "BaseView", "Build", "BuildQuote", "BuildStage",
    "Card", "Choose", "City", "CityView", "Colour", "Edition", "Event", "Expansion",
    "ExpansionState", "Move", "Pending", "PendingKind", "Sell", "Skip", "Stage", "StageBuild",
    "StageVariant", "Wonder", "check_state", "load_edition",
]
