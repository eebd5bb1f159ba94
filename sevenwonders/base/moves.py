"""The moves of the base game: small values with a short text form.

A draft turn offers three actions for a card in hand (build it, build the next wonder stage with
it, sell it); a build names the coins it pays to each neighbour. Pending decisions (Halicarnassus,
Babylon's last card) use the same moves, plus :class:`Skip` where the rules make a power optional.
"""

from __future__ import annotations

from typing import Union

import attrs

from sevenwonders.core.exact import MAX_MOVE_NUMBER, bad_number, check_str_tuple, wrong_type
from sevenwonders.core.serialization import register_union


def _pay_text(left: int, right: int) -> str:
    parts = []
    if left:
        parts.append(f"left {left}")
    if right:
        parts.append(f"right {right}")
    return f" paying {' and '.join(parts)}" if parts else ""


def _check_card_and_payment(move: Build | BuildStage) -> None:
    """A build's card is exactly a str and its payments exact ints in range (the boundary)."""
    if type(move.card) is not str:
        wrong_type(move, "card", str)
    if type(move.left) is not int or not 0 <= move.left <= MAX_MOVE_NUMBER:
        bad_number(move, "left")
    if type(move.right) is not int or not 0 <= move.right <= MAX_MOVE_NUMBER:
        bad_number(move, "right")


@attrs.frozen(slots=True)
class Build:
    """Build ``card`` paying ``left``/``right`` coins to the neighbours for resources.

    ``free_build`` spends a once-per-Age free build (Olympia's 1st-edition A side); other free
    builds (chains, Olympia's 2nd-edition powers, Halicarnassus) need no flag.
    """

    card: str
    left: int = 0
    right: int = 0
    free_build: bool = False

    def __attrs_post_init__(self) -> None:
        _check_card_and_payment(self)
        if type(self.free_build) is not bool:
            wrong_type(self, "free_build", bool)

    def __str__(self) -> str:
        if self.free_build:
            return f"build {self.card} free"
        return f"build {self.card}{_pay_text(self.left, self.right)}"


@attrs.frozen(slots=True)
class BuildStage:
    """Build the next wonder stage, tucking ``card`` under it.

    ``extras`` carries the choices an expansion adds to a stage build (for example Edifice's
    participation in a project): a tuple of short strings the expansion defines, empty in the
    base game. ``choice`` picks the option of a stage that offers several (Carthage), counted
    from 0; its text form counts from 1 (``option 2``).
    """

    card: str
    left: int = 0
    right: int = 0
    extras: tuple[str, ...] = ()
    choice: int = 0

    def __attrs_post_init__(self) -> None:
        _check_card_and_payment(self)
        if type(self.choice) is not int or not 0 <= self.choice <= MAX_MOVE_NUMBER:
            bad_number(self, "choice")
        check_str_tuple(self, "extras", self.extras)

    def __str__(self) -> str:
        option = f" option {self.choice + 1}" if self.choice else ""
        extra = "".join(f" +{e}" for e in self.extras)
        return f"stage {self.card}{option}{_pay_text(self.left, self.right)}{extra}"


@attrs.frozen(slots=True)
class Sell:
    """Discard ``card`` for 3 coins."""

    card: str

    def __attrs_post_init__(self) -> None:
        if type(self.card) is not str:
            wrong_type(self, "card", str)

    def __str__(self) -> str:
        return f"sell {self.card}"


@attrs.frozen(slots=True)
class Skip:
    """Decline an optional power (building from the discard pile)."""

    def __str__(self) -> str:
        return "skip"


@attrs.frozen(slots=True)
class Choose:
    """Pick one of the options of an expansion's pending decision (for example which card to
    discard as a penalty)."""

    option: str

    def __attrs_post_init__(self) -> None:
        if type(self.option) is not str:
            wrong_type(self, "option", str)

    def __str__(self) -> str:
        return f"choose {self.option}"


Move = Union[Build, BuildStage, Sell, Skip, Choose]  # noqa: UP007 - cattrs needs a runtime Union
register_union(Move)
