"""The boards in the Edifice box: Carthage and Ur."""

from __future__ import annotations

from functools import cache

from sevenwonders.base.cards import Wonder, any_game_wonders, load_wonders
from sevenwonders.base.options import carthage_board


@cache
def edifice_wonders(carthage_night_vp: str = "coin_option") -> tuple[Wonder, ...]:
    """The boards in the Edifice box: Carthage (its data the base game's, base/options.py's
    ``carthage_board``) and Ur."""
    carthage = carthage_board(any_game_wonders()["carthage"], carthage_night_vp)
    return (carthage, *load_wonders("sevenwonders.edifice", "wonders.toml"))
