"""The old import path of :mod:`sevenwonders.frontend.choices`, kept for users' imports.

A package rather than a ``choices.py`` module so that git sees the move to ``frontend/`` as a
rename (and merges follow the file).
"""

from sevenwonders.frontend.choices import (
    CANNOT_PAY,
    DUPLICATE,
    FREE_CHAIN,
    FREE_DISCARD,
    FREE_POWER,
    HOWS,
    OWN_RESOURCES,
    PROVIDERS,
    TRADING,
    WONDER_COMPLETE,
    CardChoice,
    HandChoices,
    MoveChoices,
    MoveGroup,
    StageChoice,
    StageVariantChoice,
    as_mapping,
    base_choices,
    choices,
    choices_from_view,
    describe_card,
    describe_effect,
    describe_effects,
    move_choices,
    register_provider,
)

__all__ = [
    "CANNOT_PAY", "DUPLICATE", "FREE_CHAIN", "FREE_DISCARD", "FREE_POWER", "HOWS",
    "OWN_RESOURCES", "PROVIDERS", "TRADING", "WONDER_COMPLETE", "CardChoice", "HandChoices",
    "MoveChoices", "MoveGroup", "StageChoice", "StageVariantChoice", "as_mapping",
    "base_choices", "choices", "choices_from_view", "describe_card", "describe_effect",
    "describe_effects", "move_choices", "register_provider",
]
