"""The load checks of Edifice's part of a base-game state: each field in range
(:func:`check_part`) and the cross-field rules of the projects (:func:`check_loaded`)."""

from __future__ import annotations

from itertools import chain, pairwise

from sevenwonders.base.state import BaseState
from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.edifice.projects import DEBT_TOKENS, PAWNS_PER_PROJECT, Project, VictoryToken
from sevenwonders.edifice.state import COMPLETED, FAILED, OPEN, EdificeState
from sevenwonders.errors import InvalidStateError


def check_part(catalogue: FrozenMap[str, Project], players: int, mine: EdificeState) -> None:
    """Raise ``InvalidStateError`` if a field of ``mine`` does not fit a game of ``players``
    with the project cards ``catalogue``."""
    seats = range(players)

    def fail(message: str) -> None:
        raise InvalidStateError(f"inconsistent Edifice state: {message}")

    per_age = (mine.projects, mine.pawns_left, mine.participants, mine.holders, mine.outcomes)
    if any(len(part) != 3 for part in per_age):
        fail("projects, pawns, participants, holders and outcomes hold one entry per Age")
    if any(len(part) != players for part in (mine.rewards, mine.debts, mine.pawns)):
        fail(f"rewards, debts and pawns hold one entry per seat ({players})")
    ages = _ages_of(catalogue)  # (a project's Age by name; None: no project)
    for age, name in enumerate(mine.projects, start=1):
        if ages.get(name) != age:
            fail(f"{name!r} is not a project of Age {age}")
    if any(p < 0 or p > PAWNS_PER_PROJECT[players] for p in mine.pawns_left):
        fail(f"pawns left {mine.pawns_left}")
    if not _OUTCOMES.issuperset(mine.outcomes):
        fail(f"outcomes {mine.outcomes}")
    if not set(seats).issuperset(chain(*mine.participants, *mine.holders)):
        fail("a pawn holder that is not a seat")
    if not ages.keys() >= set(chain.from_iterable(mine.rewards)):
        fail("a reward from an unknown project")
    if not _AGES.issuperset(chain.from_iterable(mine.pawns)):
        fail("a pawn of an Age that does not exist")
    if not _DEBTS.issuperset(chain.from_iterable(mine.debts)):
        fail("a debt token of an unknown value")


_OUTCOMES = frozenset({OPEN, COMPLETED, FAILED})
_AGES = frozenset({1, 2, 3})
_DEBTS = frozenset(DEBT_TOKENS)


def _ages_of(catalogue: FrozenMap[str, Project]) -> dict[str, int]:
    """Each project's Age, by name (worked out once a catalogue)."""
    found = _CATALOGUES.get(id(catalogue))
    if found is None or found[0] is not catalogue:
        ages = {name: project.age for name, project in catalogue.items()}
        tokens = {name: sum(1 for reward in project.reward if isinstance(reward, VictoryToken))
                  for name, project in catalogue.items()}
        found = _CATALOGUES[id(catalogue)] = (catalogue, ages, tokens)
        if len(_CATALOGUES) > 64:  # bounded: a few catalogues a process
            _CATALOGUES.pop(next(iter(_CATALOGUES)))
    return found[1]


def _token_rewards(catalogue: FrozenMap[str, Project]) -> dict[str, int]:
    """How many victory tokens each project's reward gives, by name."""
    _ages_of(catalogue)
    return _CATALOGUES[id(catalogue)][2]


_CATALOGUES: dict[int, tuple[FrozenMap[str, Project], dict[str, int], dict[str, int]]] = {}


def check_loaded(catalogue: FrozenMap[str, Project], state: BaseState,
                 mine: EdificeState) -> None:
    """The cross-field rules of the projects (Edifice rulebook, "Projects"): a project of
    a later Age is open, one of a past Age is decided; a completed project has no pawn
    left; participants hold a pawn of their Age; rewards come from completed projects the
    seat held a pawn of; debts only from failed projects."""

    def fail(message: str) -> None:
        raise InvalidStateError(f"inconsistent Edifice state: {message}",
                                field="expansions.edifice")

    for index, outcome in enumerate(mine.outcomes):
        age = index + 1
        if age > state.age and outcome != OPEN:
            fail(f"the project of Age {age} is {outcome} during Age {state.age}")
        if age < state.age and outcome == OPEN:
            fail(f"the project of Age {age} is still open in Age {state.age}")
        if outcome == COMPLETED and mine.pawns_left[index] != 0:
            fail(f"the completed project of Age {age} has pawns left")
        if not set(mine.participants[index]) <= set(mine.holders[index]):
            fail(f"a participant of Age {age} is not among the pawn holders")
        if len(set(mine.participants[index])) != len(mine.participants[index]):
            fail(f"a seat takes part twice in the project of Age {age}")
        # participants and holders are sets of seats, kept in seat order: a seat listed twice
        # would take a project's reward twice ("Alle, die in dem Moment eine
        # Beteiligungsfigur ... haben, erhalten jeweils sofort die Belohnung": once each)
        for group in (mine.participants[index], mine.holders[index]):
            if any(a >= b for a, b in pairwise(group)):
                fail(f"the pawn holders of Age {age} are not each seat once, in seat order")
        if any(age not in mine.pawns[seat] for seat in mine.holders[index]):
            fail(f"a participant of Age {age} holds no pawn of that Age")
    failed = sum(1 for outcome in mine.outcomes if outcome == FAILED)
    conflicts = 3 if state.over else state.age - 1
    token_rewards = _token_rewards(catalogue)
    for seat in range(len(mine.pawns)):
        for reward in mine.rewards[seat]:
            index = mine.projects.index(reward) if reward in mine.projects else -1
            # every holder of a pawn of that Age is rewarded: participants and Ur's box pawns
            if index < 0 or mine.outcomes[index] != COMPLETED \
                    or seat not in mine.holders[index]:
                fail(f"seat {seat} has a reward of {reward!r}, which it did not earn")
        if len(set(mine.rewards[seat])) != len(mine.rewards[seat]):
            fail(f"seat {seat} has a reward twice")
        if len(mine.debts[seat]) > failed:
            fail(f"seat {seat} has {len(mine.debts[seat])} debts after {failed} failures")
        # the conflict tokens the base check leaves to Edifice (changes_conflict_tokens): two
        # a conflict, plus one victory token a reward that gives one
        earned = sum([token_rewards[name] for name in mine.rewards[seat]])
        if len(state.cities[seat].tokens) > 2 * conflicts + earned:
            fail(f"seat {seat} holds {len(state.cities[seat].tokens)} conflict tokens "
                 f"after {conflicts} conflicts and {earned} token rewards")
