"""The options of a base game, including the named rule options for open timing questions."""

from __future__ import annotations

from typing import Any

import attrs

from sevenwonders.base.cards import wonder_id
from sevenwonders.errors import InvalidOptionError

EDITIONS = {"2nd": "2nd", "second": "2nd", "1st": "1st", "first": "1st"}
SIDE_CHOICES = {"2nd": ("day", "night"), "1st": ("a", "b")}
SIDE_MODES = {"2nd": ("day", "night", "random"), "1st": ("a", "b", "ab")}
COIN_EFFECT_TIMINGS = ("after_builds", "at_placement")
LAST_TURN_ORDERS = ("babylon_first", "halicarnassus_first")


@attrs.frozen(slots=True)
class BaseOptions:
    """Options of :class:`~sevenwonders.base.game.BaseGame`.

    - ``edition``: ``"2nd"`` (default) or ``"1st"`` (reference decision D4).
    - ``sides``: 2nd edition ``"day"`` (default, the rulebook's advice for first games),
      ``"night"`` or ``"random"`` (per seat); 1st edition ``"a"``, ``"b"`` or ``"ab"`` (random per
      seat). A tuple gives each seat's side explicitly.
    - ``wonders``: each seat's wonder by name, or ``None`` to deal them at random from the seed.
    - ``coin_effect_timing`` (D3a): ``"after_builds"`` (default) pays coin-per-card effects after
      all of the turn's builds, end-of-turn builds included; ``"at_placement"`` counts the cities
      as they stand when each card is placed, seats in order.
    - ``last_turn_order`` (D3c): ``"babylon_first"`` (default) or ``"halicarnassus_first"`` on an
      Age's last turn.
    - ``carthage``: deal Carthage with the edition's boards (default ``False``). Carthage "may be
      played with any expansion or none" (Edifice rulebook line 28); naming it in ``wonders`` works
      either way, and Edifice always deals it.
    """

    edition: str = "2nd"
    sides: str | tuple[str, ...] = "day"
    wonders: tuple[str, ...] | None = None
    coin_effect_timing: str = "after_builds"
    last_turn_order: str = "babylon_first"
    carthage: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "sides": list(self.sides) if isinstance(self.sides, tuple) else self.sides,
            "wonders": list(self.wonders) if self.wonders is not None else None,
            "coin_effect_timing": self.coin_effect_timing,
            "last_turn_order": self.last_turn_order,
            "carthage": self.carthage,
        }


def make_options(
    players: int,
    edition: str = "2nd",
    sides: str | tuple[str, ...] | list[str] | None = None,
    wonders: tuple[str, ...] | list[str] | None = None,
    coin_effect_timing: str = "after_builds",
    last_turn_order: str = "babylon_first",
    carthage: bool = False,
) -> BaseOptions:
    """Check and normalise user-given options (case-insensitive names, lists to tuples)."""
    if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= 7:
        raise InvalidOptionError(f"the base game is for 3 to 7 players, not {players!r}")
    ed = EDITIONS.get(edition.lower()) if type(edition) is str else None
    if ed is None:
        raise InvalidOptionError(f"unknown edition {edition!r}; use '2nd' or '1st'")
    if sides is None:
        sides = SIDE_MODES[ed][0]
    norm_sides: str | tuple[str, ...]
    if type(sides) is not str and (type(sides) not in (list, tuple)
                                   or not all(type(side) is str for side in sides)):
        raise InvalidOptionError(f"sides must be a name or a list of names, not {sides!r}"[:200])
    if isinstance(sides, str):
        norm_sides = sides.lower()
        if norm_sides not in SIDE_MODES[ed]:
            raise InvalidOptionError(
                f"sides={sides!r} is not one of {SIDE_MODES[ed]} for the {ed} edition"
            )
    else:
        norm_sides = tuple(side.lower() for side in sides)
        if len(norm_sides) != players or not set(norm_sides) <= set(SIDE_CHOICES[ed]):
            raise InvalidOptionError(
                f"sides must name one of {SIDE_CHOICES[ed]} for each of the {players} seats"
            )
    norm_wonders = None
    if wonders is not None:
        if type(wonders) not in (list, tuple) or not all(type(w) is str for w in wonders):
            raise InvalidOptionError(f"wonders must be a list of names, not {wonders!r}"[:200])
        norm_wonders = tuple(wonder_id(w) for w in wonders)  # any case, id or printed name
        if len(norm_wonders) != players or len(set(norm_wonders)) != players:
            raise InvalidOptionError(f"wonders must name {players} different wonders")
    if type(coin_effect_timing) is not str or coin_effect_timing not in COIN_EFFECT_TIMINGS:
        raise InvalidOptionError(f"coin_effect_timing must be one of {COIN_EFFECT_TIMINGS}")
    if type(last_turn_order) is not str or last_turn_order not in LAST_TURN_ORDERS:
        raise InvalidOptionError(f"last_turn_order must be one of {LAST_TURN_ORDERS}")
    if not isinstance(carthage, bool):
        raise InvalidOptionError(f"carthage must be true or false, not {carthage!r}")
    return BaseOptions(ed, norm_sides, norm_wonders, coin_effect_timing, last_turn_order,
                       carthage)
