"""Rule options: the open questions of the reference, each a named option with its default.

The default of each option is the reference's documented default where it gives one, else the
library's placeholder choice; the decision ids are the reference's open-question numbers.
"""

from __future__ import annotations

from typing import Any

import attrs

from sevenwonders.core.limits import quote
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
    # Q19 / addenda: several boxes of one building with the same per-cross effect (the Gallery's
    # four "1coinPerCross gallery") score it once at the end (False) or once per box (True).
    "per_cross_stacks": (False, True),
    # Q20: an attack scores at least 0 VP (False) or may score below 0 (True).
    "negative_attack_vp": (False, True),
}
# The rulebook ends a game only once someone has ticked 3 bonuses (R19): a table where nobody can
# or will complete another building (bots passing with full reserves) would play for ever. While
# no final turn is announced, the library ends the game after turn ``max_turns`` (scored as usual,
# ``GameEnded.reason == "max_turns"``; None: no limit); an announced final turn is always played.
# Measured: seeded random and greedy games end after some 30 to 57 turns, so the default 100 is a
# guard against endless games, not a rule any real game meets.
DEFAULT_MAX_TURNS = 100
MAX_TURNS_OPTION = 10_000  # a bound for numbers from outside, far beyond any game's length


@attrs.frozen(slots=True)
class RuleOptions:
    """The rule options of :class:`~sevenwonders.dice.game.DiceGame`; see ``_CHOICES``."""

    reserve_overflow: str = "lost"
    agora_tie: str = "all"
    bonus_per_building: bool = True
    reduced_cost_stacks: bool = True
    negative_attack_vp: bool = False
    per_cross_stacks: bool = False
    max_turns: int | None = DEFAULT_MAX_TURNS

    @classmethod
    def of(cls, options: dict[str, Any]) -> RuleOptions:
        """The options from keyword arguments, each checked against its allowed values;
        :class:`~sevenwonders.errors.InvalidOptionError` names a bad or unknown one."""
        for name, value in options.items():
            if name == "max_turns":
                if value is not None and (type(value) is not int
                                          or not 1 <= value <= MAX_TURNS_OPTION):
                    raise InvalidOptionError(
                        f"option max_turns={quote(value)} must be a whole number of turns from "
                        f"1 to {MAX_TURNS_OPTION}, or None for no limit"
                    )
                continue
            if name not in _CHOICES:
                raise InvalidOptionError(
                    f"unknown option {name!r}; the Dice options are sheets, seat_sheets, "
                    f"{', '.join(_CHOICES)}, max_turns"
                )
            allowed = _CHOICES[name]
            if not any(type(value) is type(a) and value == a for a in allowed):
                raise InvalidOptionError(
                    f"option {name}={value!r} must be one of {', '.join(map(repr, allowed))}"
                )
        return cls(**options)

    def as_dict(self) -> dict[str, Any]:
        """The options as plain JSON values (what ``DiceGame.options()`` and records hold)."""
        return attrs.asdict(self)
