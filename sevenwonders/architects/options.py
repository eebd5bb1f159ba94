"""Rule options: the points the rulebook leaves open, each with the reference's default.

The ids in brackets are the numbered "Decisions for the library" (D1..D5) and "Open questions"
(Q1..Q17) of the Architects reference notes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from sevenwonders.architects.data import wonder_id
from sevenwonders.core.options import checked_choice
from sevenwonders.errors import InvalidOptionError

BABYLON_DECKS = ("stone1_brick2", "stone2_brick1")
HALICARNASSUS_SHUFFLES = ("deck", "returned")


@attrs.frozen(slots=True)
class RuleOptions:
    """The rule options of one game; every field is a plain JSON value."""

    babylon_deck: str = "stone1_brick2"
    """[D1, Q1] Babylon deck composition: stone 1 / brick 2, or stone 2 / brick 1."""
    wonder_effects_mandatory: bool = True
    """[D2, Q4] Wonder effects must be used where they apply (the player still makes the choices);
    with ``False`` each effect can be declined (``skip``)."""
    economy_forces_build: bool = False
    """[D3, Q2] Whether a stage that only Economy makes affordable must be built."""
    economy_splits: bool = True
    """[D3, Q3] Whether Economy's doubled gold card may fill two *different* missing resources;
    with ``False`` it only helps on "identical" stages."""
    retroactive_tokens: bool = False
    """[D4, Q13] Whether a progress token gained mid-turn fires for a card already taken (or a stage
    already built) earlier in the same turn."""
    wonder_cards_trigger: bool = True
    """[D5, Q14] Whether cards taken through wonder effects trigger the cat, horns and progress
    tokens like any taken card."""
    engineering_forces_build: bool = True
    """[Q15] Whether a stage that only Engineering makes affordable must be built (the reference:
    "presumably yes")."""
    olympia_one_deck: bool = True
    """[D2, Q8] When one of Olympia's two decks is empty, the effect still takes the other deck's
    top card; ``False``: it takes nothing."""
    halicarnassus_public: bool = False
    """[Q6, no default in the reference] Whether every seat sees the cards Halicarnassus reveals;
    by default only the seat choosing among them does."""
    halicarnassus_shuffle: str = "deck"
    """[Q7, no default in the reference] ``"deck"``: the cards not taken go back and the whole deck
    is shuffled; ``"returned"``: only the returned cards are shuffled and put back on top."""
    gold_for_any_resource: bool = True
    """[Rulebook "Gelbe Karten": coins "als beliebige Ressource einsetzen darfst"] Gold may replace
    any resource of a stage, also one the seat holds a grey card for; ``False``: gold only fills
    the missing resources (an earlier reading of the library)."""
    extra_cards_optional: bool = False
    """[Rulebook "Fortschrittsmarker einsetzen": "kannst ... einsetzen" against "Spielablauf":
    the turn ends when no action is left] Whether the extra card a progress token grants
    (Propaganda, Architecture, ...) may be declined (``end`` is then offered); by default it is
    owed like every other action of the turn."""
    wonders: tuple[str, ...] | None = None
    """The wonder of each seat, in seat order; ``None`` deals them at random from the seed (the
    rulebook lets players choose or draw them)."""

    def as_dict(self) -> dict[str, Any]:
        """The options as plain JSON values (what ``ArchitectsGame.options()`` and records hold)."""
        out = attrs.asdict(self)
        out["wonders"] = None if self.wonders is None else list(self.wonders)
        return out


_FLAGS = (
    "wonder_effects_mandatory", "economy_forces_build", "economy_splits", "retroactive_tokens",
    "wonder_cards_trigger", "engineering_forces_build", "olympia_one_deck", "halicarnassus_public",
    "gold_for_any_resource", "extra_cards_optional",
)


def make_options(players: object, wonder_ids: tuple[str, ...],
                 given: Mapping[str, Any]) -> RuleOptions:
    """Check constructor arguments and build the options; raises :class:`InvalidOptionError`."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 7:
        raise InvalidOptionError(f"7 Wonders Architects is for 2 to 7 players, not {players!r}")
    known = set(attrs.fields_dict(RuleOptions))
    unknown = sorted(set(given) - known)
    if unknown:
        raise InvalidOptionError(
            f"unknown option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    for flag in _FLAGS:
        if flag in given and not isinstance(given[flag], bool):
            raise InvalidOptionError(f"option {flag} must be true or false, not {given[flag]!r}")
    checked_choice("babylon_deck", given.get("babylon_deck", "stone1_brick2"), BABYLON_DECKS)
    checked_choice("halicarnassus_shuffle", given.get("halicarnassus_shuffle", "deck"),
                   HALICARNASSUS_SHUFFLES)
    wonders = given.get("wonders")
    if wonders is not None:
        if isinstance(wonders, str) or not isinstance(wonders, (list, tuple)):
            raise InvalidOptionError("wonders must be a list of wonder names, one per seat")
        # any letter case, by id or printed name (architects/data.py)
        wonders = tuple(wonder_id(w) if isinstance(w, str) else w for w in wonders)
        if len(wonders) != players:
            raise InvalidOptionError(f"{len(wonders)} wonders for {players} players")
        for wonder in wonders:
            if wonder not in wonder_ids:
                raise InvalidOptionError(
                    f"unknown wonder {wonder!r}; choose among {', '.join(wonder_ids)}")
        if len(set(wonders)) != len(wonders):
            raise InvalidOptionError("each wonder can be used by one seat only")
    return RuleOptions(**{**dict(given), "wonders": wonders})
