"""The invariants of Edifice's part of a base-game state that its project bookkeeping
(:meth:`Edifice.validate_loaded`) does not already state: the pawns each seat holds. (They
read values the load has already built, so the module compiles with the engine.)

A seat takes part in the project of an Age at most once, taking one pawn (Edifice rulebook,
"Participating": "in jedem Zeitalter genau ein Mal"); Ur's stages take pawns from the box
besides, one pawn of the Age each such stage names (reference decision 7). So a seat holds,
of each Age, exactly one pawn if it takes part in that Age's project plus one for each built
stage that takes a box pawn of that Age: a seat of another wonder never holds two pawns of
one project.

The projects' bookkeeping follows from who took part (:func:`check_projects`): a card has lost
one pawn for each participant, down to none ("Nimm dir dann eine Beteiligungsfigur von der
Bauvorhaben-Karte"; decision 6: the last ones from the box); a project is complete exactly when
its pawns are all taken, which only its own Age's participants do; each participation is a
wonder stage built ("sobald du einen Bauabschnitt deines Weltwunders vollendest"); the holders
of a pawn are its participants and seats whose stage took a box pawn of that Age; every holder
of a completed project has its reward ("Alle, die in dem Moment eine Beteiligungsfigur ...
haben, erhalten jeweils sofort die Belohnung"); a debt token is that of a failed project's Age
taken by a seat without a pawn of it ("Wer mindestens 1 Beteiligungsfigur hat, erleidet keine
Strafe"), at most one an Age, in Age order.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from sevenwonders.base.effects import ExpansionEffect
from sevenwonders.edifice.projects import DEBT_TOKENS, PAWNS_PER_PROJECT
from sevenwonders.edifice.state import COMPLETED, FAILED, EdificeState
from sevenwonders.errors import InvalidStateError

if TYPE_CHECKING:
    from sevenwonders.base.state import BaseState
    from sevenwonders.base.tables import Tables

BOX_PAWN = "take_pawn"  # the stage effect of Ur that takes a pawn from the box


def check_pawns(tables: Tables, state: BaseState, mine: EdificeState) -> None:
    """Raise :class:`InvalidStateError` (field ``expansions.edifice.pawns``) unless each
    seat's pawns are its participations and its stages' box pawns, Age by Age."""
    for seat, ages in enumerate(mine.pawns):
        owed = [age for age, group in enumerate(mine.participants, start=1) if seat in group]
        owed += [effect.value for effect in tables.stage_effects(state.cities[seat])
                 if isinstance(effect, ExpansionEffect) and effect.kind == BOX_PAWN]
        if sorted(ages) == sorted(owed):  # (the same Ages, each as often)
            continue
        expected, held = Counter(owed), Counter(ages)
        if held != expected:
            age = min((held - expected) or (expected - held))
            raise InvalidStateError(
                f"inconsistent Edifice state: seat {seat} holds {held[age]} pawns of the "
                f"project of Age {age}, not {expected[age]} (one for taking part, one for "
                "each stage that takes a pawn from the box)", field="expansions.edifice.pawns")


def _fail(message: str, field: str = "expansions.edifice") -> InvalidStateError:
    return InvalidStateError(f"inconsistent Edifice state: {message}", field=field)


def check_projects(tables: Tables, state: BaseState, mine: EdificeState) -> None:
    """Raise :class:`InvalidStateError` unless pawns left, outcomes, holders, rewards and
    debts follow from the participants (the module's text)."""
    pawns = PAWNS_PER_PROJECT[tables.players]
    for index, group in enumerate(mine.participants):
        age = index + 1
        if mine.pawns_left[index] != max(0, pawns - len(group)):
            raise _fail(f"the project of Age {age} has {mine.pawns_left[index]} pawns left "
                        f"after {len(group)} of {pawns} were taken")
        if group and age > state.age:
            raise _fail(f"seats took part in the project of Age {age} during Age {state.age}")
        if (mine.outcomes[index] == COMPLETED) != (len(group) >= pawns):
            raise _fail(f"the project of Age {age} is {mine.outcomes[index]} with "
                        f"{len(group)} of {pawns} pawns taken")
        boxed = {seat for seat, ages in enumerate(mine.pawns) if ages.count(age) > (seat in group)}
        if not set(mine.holders[index]) <= set(group) | boxed:
            raise _fail(f"a holder of the project of Age {age} took no pawn of it")
        for seat in range(tables.players):
            earned = mine.outcomes[index] == COMPLETED and seat in mine.holders[index]
            if earned != (mine.projects[index] in mine.rewards[seat]):
                raise _fail(f"seat {seat} {'lacks' if earned else 'has'} the reward of "
                            f"{mine.projects[index]!r}", f"expansions.edifice.rewards[{seat}]")
    for seat, debts in enumerate(mine.debts):
        owed = [DEBT_TOKENS[index] for index, outcome in enumerate(mine.outcomes)
                if outcome == FAILED and seat not in mine.holders[index]]
        if [d for d in owed if d in debts] != list(debts):
            raise _fail(f"seat {seat} holds debt tokens {debts} but could owe only {owed}",
                        f"expansions.edifice.debts[{seat}]")
        joined = sum(1 for group in mine.participants if seat in group)
        if joined > state.cities[seat].stages:
            raise _fail(f"seat {seat} took part {joined} times with "
                        f"{state.cities[seat].stages} stages built",
                        "expansions.edifice.participants")
