"""The fixed components that the rulebook names: dice, buildings and the effect vocabulary.

These are rules, not sheet numbers, so they live in code (reference Decision 1); everything a
printed sheet decides comes from the sheet file.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

# The 10 dice (R1). Grey dice are three separate dice of the same colour.
DIE_IDS: Final = (
    "grey_1", "grey_2", "grey_3", "blue", "red", "yellow", "green", "black", "white", "purple",
)
START_DICE: Final = ("grey_1", "grey_2", "grey_3", "blue", "red", "yellow", "green")
SPECIAL_DICE: Final = ("black", "white", "purple")
GREY_DICE: Final = ("grey_1", "grey_2", "grey_3")
COLOURS: Final = ("grey", "blue", "red", "yellow", "green", "black", "white", "purple")


def colour_of(die: str) -> str:
    """``"grey_2"`` -> ``"grey"``; other dice are named by their colour."""
    colour = DIE_COLOURS.get(die)
    if colour is None:
        return "grey" if die.startswith("grey") else die
    return colour


# The colour of each of the 10 dice, for fast lookups.
DIE_COLOURS: Final = MappingProxyType(
    {die: "grey" if die.startswith("grey") else die for die in DIE_IDS}
)


# Building ids (reference section 1). A-H are the city; I (warehouse) and J (gold reserve) are not.
WONDER: Final = "wonder"
CITY_BUILDINGS: Final = (
    "wonder", "guild_court", "gallery", "barracks_west", "agora", "market", "university",
    "barracks_east",
)
BOX_BUILDINGS: Final = (
    "wonder", "warehouse", "agora", "market", "barracks_west", "barracks_east", "university",
    "guild_court", "gallery",
)
BARRACKS: Final = ("barracks_west", "barracks_east")
# Pseudo-building that stands for both Barracks in effects and symbol meanings.
BOTH_BARRACKS: Final = "barracks"

# Which building a die of each colour builds on (R5, R14; reference 2.2). Red goes to either
# Barracks, black to the building its face names.
COLOUR_BUILDINGS: Final = MappingProxyType({
    "grey": ("warehouse",),
    "blue": ("agora",),
    "yellow": ("market",),
    "green": ("university",),
    "red": BARRACKS,
    "white": ("gallery",),
    "purple": ("guild_court",),
    "black": (),
})

# The face symbols of reference 2.3, per colour; a sheet file may use only these.
KNOWN_SYMBOLS: Final = MappingProxyType({
    "grey": frozenset({"stone", "wood", "clay", "textile", "glass", "papyrus"}),
    "blue": frozenset({"theatre_mask", "scales", "fountain", "temple", "owl", "caduceus"}),
    "yellow": frozenset({"camel", "coin7", "chest"}),
    "red": frozenset({"shield", "axe", "sword"}),
    "green": frozenset({"compass", "tablet", "gear"}),
    "white": frozenset({
        "leader_agora", "leader_university", "leader_barracks", "leader_market", "leader_laurel",
    }),
    "black": frozenset({
        "spy_market", "spy_university", "spy_agora", "spy_warehouse", "spy_barracks", "spy_multi",
    }),
    "purple": frozenset({
        "guild_barracks", "guild_wonder", "guild_warehouse", "guild_market", "guild_agora",
        "guild_university",
    }),
})
MEANING_COLOURS: Final = ("red", "white", "black", "purple")

# The effect vocabulary of the player aid (reference section 6): id -> (required, optional)
# parameters.
EFFECT_PARAMS: Final = MappingProxyType({
    "crossSpace": (frozenset({"building"}), frozenset()),
    "crossMultiColor": (frozenset({"buildings"}), frozenset()),
    "crossTwo": (frozenset({"building"}), frozenset()),
    "gainCoins": (frozenset({"amount"}), frozenset()),
    "constructBuilding": (frozenset(), frozenset()),
    "anotherAction": (frozenset(), frozenset()),
    "1coinPerCross": (frozenset({"building"}), frozenset({"amount"})),
    "coinPerWonder": (frozenset(), frozenset({"amount"})),
    "reducedCost": (frozenset({"colour"}), frozenset()),
    "dieCost0": (frozenset({"colour"}), frozenset()),
    "gain2Coins": (frozenset({"colour"}), frozenset({"amount"})),
    "unlockDice": (frozenset({"colour"}), frozenset()),
})
# Effects that tick further boxes: the buildings they may name (the Guild Court only through
# the purple die and its gate, R17).
TICK_EFFECTS: Final = frozenset({"crossSpace", "crossMultiColor", "crossTwo"})
TICK_TARGETS: Final = frozenset(
    {"wonder", "warehouse", "agora", "market", "barracks_west", "barracks_east", "university",
     "gallery", BOTH_BARRACKS}
)
# Effects that also score at the end of the game.
VP_EFFECTS: Final = frozenset({"1coinPerCross", "coinPerWonder"})
DEFAULT_AMOUNTS: Final[Mapping[str, int]] = MappingProxyType(
    {"1coinPerCross": 1, "coinPerWonder": 2, "gain2Coins": 2})

PASS_COINS: Final = 3  # R9
START_COINS: Final = 7  # R1, R11
AGORA_FIRST_VP: Final = 3  # R12
BONUSES_TO_END: Final = 3  # R19
STAGES: Final = 3  # R8
MAX_BOX_COST: Final = 6  # R10
MAX_DEFENCES: Final = 2  # R13

# Provenance tags of the reference, for every value of a sheet file.
TAGS_ORDER: Final = ("rulebook", "confirmed", "secondary", "reconstruction", "placeholder")
