"""7 Wonders: Edifice, as a plugin: ``BaseGame(players=N, expansions=(Edifice(),))``."""

from sevenwonders.edifice.expansion import Edifice
from sevenwonders.edifice.projects import Project, load_projects
from sevenwonders.edifice.state import EdificeState

__all__ = ["Edifice", "EdificeState", "Project", "load_projects"]
