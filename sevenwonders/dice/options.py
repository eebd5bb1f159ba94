"""Rule options: the open questions of the reference, each a named option with its default.

The default of each option is the reference's documented default where it gives one, else the
library's placeholder choice; the decision ids are the reference's open-question numbers.
"""

from __future__ import annotations

from typing import Any

import attrs

from sevenwonders.errors import InvalidOptionError

_CHOICES: dict[str, tuple[Any, ...]] = {
    # Q4 / section 9.1: coins gained beyond a full Gold Reserve are lost (placeholder).
    "reserve_overflow": ("lost", "kept"),
    # Q15: two seats completing the Agora in the same first turn: both gain the +3 VP, or neither.
    "agora_tie": ("all", "none"),
    # Q17: completing two city buildings in one turn gives two bonuses (one per building).
    "bonus_per_building": (True, False),
    # Q18: several reducedCost effects on one colour add up (die costs stop at 0 either way).
    "reduced_cost_stacks": (True, False),
    # Q20: an attack scores at least 0 VP (False) or may score below 0 (True).
    "negative_attack_vp": (False, True),
}


@attrs.frozen(slots=True)
class RuleOptions:
    """The rule options of :class:`~sevenwonders.dice.game.DiceGame`; see ``_CHOICES``."""

    reserve_overflow: str = "lost"
    agora_tie: str = "all"
    bonus_per_building: bool = True
    reduced_cost_stacks: bool = True
    negative_attack_vp: bool = False

    @classmethod
    def of(cls, options: dict[str, Any]) -> RuleOptions:
        for name, value in options.items():
            if name not in _CHOICES:
                raise InvalidOptionError(
                    f"unknown option {name!r}; the Dice options are sheets, seat_sheets, "
                    f"{', '.join(_CHOICES)}"
                )
            allowed = _CHOICES[name]
            if not any(type(value) is type(a) and value == a for a in allowed):
                raise InvalidOptionError(
                    f"option {name}={value!r} must be one of {', '.join(map(repr, allowed))}"
                )
        return cls(**options)

    def as_dict(self) -> dict[str, Any]:
        return attrs.asdict(self)
