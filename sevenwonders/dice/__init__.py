"""7 Wonders Dice (Repos Production, 2025): the roll-and-write game on the shared kernel.

The rules are code (:mod:`.rules`); the sheets' layout and numbers are data (``SCHEMA.md``). The
shipped default sheet set is PROVISIONAL: the printed numbers are not public, and each value of
``data/default_sheets.toml`` carries a provenance tag. Load the real sheets with
:func:`load_sheets` or ``DiceGame(players, sheets=path)``.

Building ids follow the reference: ``wonder``, ``guild_court`` (Guild Hall, Gildenhalle),
``gallery`` (Hall of Fame, Ehrengalerie), ``barracks_west``, ``barracks_east``, ``agora``,
``market``, ``university`` (Academy, Akademie), ``warehouse``; the full mapping is in SCHEMA.md.
"""

# the load checks (validation, view_validation) sit above the game object and register with
# the converter when imported: the package imports them, so every load runs them
from sevenwonders.dice import view_validation  # noqa: F401
from sevenwonders.dice.events import DiceEvent
from sevenwonders.dice.game import DiceGame
from sevenwonders.dice.moves import Build, BuildWonder, DiceMove, Pass, Skip, TakeBonus, Tick
from sevenwonders.dice.options import RuleOptions
from sevenwonders.dice.scoring import LINES
from sevenwonders.dice.sheets import DEFAULT_SHEETS_PATH, SheetSet, default_sheets, load_sheets
from sevenwonders.dice.state import DiceState, Phase, RolledDie, SeatState
from sevenwonders.dice.view import DiceView

__all__ = [
    "DEFAULT_SHEETS_PATH", "LINES", "Build", "BuildWonder", "DiceEvent", "DiceGame", "DiceMove",
    "DiceState", "DiceView", "Pass", "Phase", "RolledDie", "RuleOptions", "SeatState", "SheetSet",
    "Skip", "TakeBonus", "Tick", "default_sheets", "load_sheets",
]
