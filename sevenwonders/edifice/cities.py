"""What Edifice's penalties do to a city's cards."""

from __future__ import annotations

import attrs

from sevenwonders.base.state import City


def without_card(city: City, name: str) -> City:
    """``city`` without (one copy of) card ``name``."""
    cards = list(city.cards)
    cards.remove(name)
    return attrs.evolve(city, cards=tuple(cards))
