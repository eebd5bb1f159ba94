"""The game a loaded base-game state's table is checked with, and what the table check
remembers (the load check's ``table`` invariant, :mod:`sevenwonders.base.validation`)."""

from __future__ import annotations

from functools import lru_cache

from sevenwonders.base.game import BaseGame
from sevenwonders.base.state import BaseState
from sevenwonders.core.expansions import make_expansion
from sevenwonders.core.problems import Verdicts
from sevenwonders.errors import InvalidStateError, SevenWondersError

SIDES_OF = {"2nd": frozenset({"day", "night"}), "1st": frozenset({"a", "b"})}
"""The side names of each edition's boards."""


def _fail(field: str, message: str) -> InvalidStateError:
    return InvalidStateError(f"inconsistent base-game state: {message}", field=field)


@lru_cache(maxsize=32)
def _game_for(players: int, edition: str, sides: tuple[str, ...], wonders: tuple[str, ...],
              expansions: tuple[str, ...]) -> BaseGame:
    """A game with the table a state describes (cached: loading many states of one table)."""
    try:
        return BaseGame(players, edition=edition, sides=sides, wonders=wonders,
                        expansions=tuple(make_expansion(name) for name in expansions))
    except SevenWondersError as error:
        raise _fail("cities", f"no game has this table: {error}") from None


def _table_game(state: BaseState, edition: str, names: tuple[str, ...]) -> BaseGame:
    """The game the checks read the state's table with. The rules a state is checked against
    depend on the table's size, edition and expansions, and on which boards are in the game,
    not on which seat drew which board (the setup options only deal them): so a table of
    distinct boards the game of its size, edition and expansions knows (with Carthage where a
    city has it) is checked with that one game, made once, and any other table with the game
    its boards name (:func:`_game_for`), which refuses a table no game has as before."""
    wonders = tuple([city.wonder for city in state.cities])
    carthage = "carthage" in wonders
    game = _any_table(state.players, edition, carthage, names)
    if len(set(wonders)) == len(wonders) and game.rules.boards.keys() >= {
            (city.wonder, city.side) for city in state.cities}:
        return game
    return _game_for(state.players, edition, tuple(c.side for c in state.cities), wonders,
                     names)


@lru_cache(maxsize=32)
def _any_table(players: int, edition: str, carthage: bool, expansions: tuple[str, ...]
               ) -> BaseGame:
    """The game of a table size, edition and expansions, with Carthage among its boards when
    ``carthage`` (cached: a handful a process)."""
    try:
        return BaseGame(players, edition=edition, carthage=carthage,
                        expansions=tuple(make_expansion(name) for name in expansions))
    except SevenWondersError as error:
        raise _fail("cities", f"no game has this table: {error}") from None


def _edition(state: BaseState) -> str:
    sides = {city.side for city in state.cities}
    for edition, allowed in SIDES_OF.items():
        if sides <= allowed:
            return edition
    raise _fail("cities", f"wonder sides {sorted(sides)[:4]} mix editions or do not exist")


def _table_key(game: BaseGame, state: BaseState, names: tuple[str, ...]) -> object | None:
    """Everything the table check and Edifice's load checks read of ``state`` (its boards,
    stages and options, its cities' token counts, the Age, whether it is over, the number of
    turn marks and the expansions' own states): a state whose key passed once passes again.
    ``None`` where an expansion may read more. (Without an expansion, the table check reads
    only the boards, stages and options and the number of turn marks: the key holds no more,
    so a state passes on what an earlier state of its game passed, tokens and Age aside.)"""
    if not names:
        return (game, tuple([(c.wonder, c.side, c.stages, c.stage_choices)
                             for c in state.cities]), len(state.marks))
    if not _KEYED_EXPANSIONS.issuperset(names):
        return None
    return (game, tuple([(c.wonder, c.side, c.stages, c.stage_choices, len(c.tokens))
                         for c in state.cities]),
            len(state.marks), state.age, state.over, state.expansions)


_KEYED_EXPANSIONS = frozenset({"edifice"})
_TABLES_PASSED: Verdicts[object, None] = Verdicts(2048)
"""The keys (:func:`_table_key`) of the tables that passed, oldest first (the states of one
game share them from one stage built to the next)."""
