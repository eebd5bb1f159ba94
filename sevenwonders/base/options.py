"""The options of a base game, including the named rule options for open timing questions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from sevenwonders.base.cards import wonder_id
from sevenwonders.core.options import checked_bool, checked_choice, refuse_unknown
from sevenwonders.errors import InvalidOptionError

if TYPE_CHECKING:
    from sevenwonders.base.cards import Wonder

EDITIONS = {"2nd": "2nd", "second": "2nd", "1st": "1st", "first": "1st"}
SIDE_CHOICES = {"2nd": ("day", "night"), "1st": ("a", "b")}
SIDE_MODES = {"2nd": ("day", "night", "random"), "1st": ("a", "b", "ab")}
COIN_EFFECT_TIMINGS = ("after_builds", "at_placement")
LAST_TURN_ORDERS = ("babylon_first", "halicarnassus_first")
CARTHAGE_NIGHT_VPS = ("coin_option", "both")
OPTION_NAMES = ("players", "edition", "sides", "wonders", "coin_effect_timing",
                "last_turn_order", "expansions", "carthage", "carthage_night_vp")
"""Every keyword :class:`~sevenwonders.base.game.BaseGame` takes."""


@attrs.frozen(slots=True)
class BaseOptions:
    """Options of :class:`~sevenwonders.base.game.BaseGame`.

    - ``edition``: ``"2nd"`` (default) or ``"1st"`` (reference decision D4).
    - ``sides``: 2nd edition ``"day"`` (default, the rulebook's advice for first games),
      ``"night"`` or ``"random"`` (per seat); 1st edition ``"a"``, ``"b"`` or ``"ab"`` (random per
      seat). A tuple gives each seat's side explicitly.
    - ``wonders``: each seat's wonder by name, or ``None`` to deal them at random from the seed.
    - ``coin_effect_timing`` (D3a): ``"after_builds"`` (default) pays coin-per-card effects after
      all of the turn's builds, end-of-turn builds included; ``"at_placement"`` pays them as the
      card is placed, counting the cities as they stood before the turn plus the seat's own new
      card (not the cards other seats place the same turn: seat order never matters).
    - ``last_turn_order`` (D3c): ``"babylon_first"`` (default) or ``"halicarnassus_first"`` on an
      Age's last turn.
    - ``carthage``: deal Carthage with the edition's boards (default ``False``). Carthage "may be
      played with any expansion or none" (Edifice rulebook line 28); naming it in ``wonders`` works
      either way, and Edifice always deals it.
    - ``carthage_night_vp`` (Edifice reference decision 4): the 4 VP of Carthage's Night stage 1
      go with its 7-coin option only (``"coin_option"``, default) or with either option
      (``"both"``). A rule of the board, so of the base game; ``Edifice(carthage_night_vp=...)``
      is still accepted, and either of the two saying ``"both"`` makes it so.
    """

    edition: str = "2nd"
    sides: str | tuple[str, ...] = "day"
    wonders: tuple[str, ...] | None = None
    coin_effect_timing: str = "after_builds"
    last_turn_order: str = "babylon_first"
    carthage: bool = False
    carthage_night_vp: str = "coin_option"

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON values (what ``BaseGame.options()`` and records hold)."""
        return {
            "edition": self.edition,
            "sides": list(self.sides) if isinstance(self.sides, tuple) else self.sides,
            "wonders": list(self.wonders) if self.wonders is not None else None,
            "coin_effect_timing": self.coin_effect_timing,
            "last_turn_order": self.last_turn_order,
            "carthage": self.carthage,
            "carthage_night_vp": self.carthage_night_vp,
        }


def make_options(
    players: int,
    edition: str = "2nd",
    sides: str | tuple[str, ...] | list[str] | None = None,
    wonders: tuple[str, ...] | list[str] | None = None,
    coin_effect_timing: str = "after_builds",
    last_turn_order: str = "babylon_first",
    carthage: bool = False,
    carthage_night_vp: str = "coin_option",
    unknown: Mapping[str, Any] | None = None,
) -> BaseOptions:
    """Check and normalise user-given options (case-insensitive names, lists to tuples);
    ``unknown`` holds keywords the constructor does not know (refused, named)."""
    refuse_unknown("the base game", unknown or {}, OPTION_NAMES)
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
    checked_choice("coin_effect_timing", coin_effect_timing, COIN_EFFECT_TIMINGS)
    checked_choice("last_turn_order", last_turn_order, LAST_TURN_ORDERS)
    checked_bool("carthage", carthage)
    checked_choice("carthage_night_vp", carthage_night_vp, CARTHAGE_NIGHT_VPS)
    return BaseOptions(ed, norm_sides, norm_wonders, coin_effect_timing, last_turn_order,
                       carthage, carthage_night_vp)


def carthage_board(carthage: Wonder, night_vp: str) -> Wonder:
    """Carthage's board under ``carthage_night_vp``: with ``"both"`` the Night side's first
    stage gives its points with either option (Edifice reference decision 4's alternative).
    A board that already does so is returned as it is."""
    from sevenwonders.base.effects import Points

    if night_vp != "both":
        return carthage
    sides = []
    for side in carthage.side:
        if side.name == "night":
            first = side.stages[0]
            points = tuple(e for option in first.choices for e in option if isinstance(e, Points))
            choices = tuple(
                option if any(isinstance(e, Points) for e in option) else (*option, *points)
                for option in first.choices)
            side = attrs.evolve(side, stages=(attrs.evolve(first, choices=choices),
                                              *side.stages[1:]))
        sides.append(side)
    return attrs.evolve(carthage, side=tuple(sides))
