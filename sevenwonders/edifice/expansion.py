"""Edifice as a plugin over the base game's hooks.

Participation is a variant of a wonder-stage build (``BuildStage(..., extras=("project",))``)
that costs the project's coins on top; a project completes the moment its last pawn is taken
and rewards every pawn holder at once; a project still open before the Age's conflicts fails
and every seat without a pawn of that Age suffers its penalty, or takes a debt token.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import attrs

from sevenwonders.base.cards import Colour, Wonder, any_game_wonders, load_wonders
from sevenwonders.base.effects import Coins, Effect, Points, PointsPer, Produce, Shields
from sevenwonders.base.events import CoinsGained, Event, ExpansionEvent
from sevenwonders.base.hooks import Expansion, ExpansionState, StageBuild, StageVariant
from sevenwonders.base.moves import Choose, Move
from sevenwonders.base.rules import Rules
from sevenwonders.base.scoring import guild_value
from sevenwonders.base.state import BaseState, City, Pending, PendingKind
from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.memo import evolve
from sevenwonders.core.rng import Rng
from sevenwonders.edifice.projects import (
    CopyOwnGuild,
    DiscardCard,
    DiscardDefeats,
    LoseCoins,
    LoseVictoryTokens,
    PointsPerColour,
    PointsPerSet,
    Project,
    VictoryToken,
    load_projects,
)
from sevenwonders.edifice.state import COMPLETED, FAILED, OPEN, EdificeState
from sevenwonders.errors import InvalidOptionError, InvalidStateError, UnknownCardError

NAME = "edifice"
PARTICIPATE = "project"
PAWNS_PER_PROJECT = {3: 2, 4: 3, 5: 3, 6: 4, 7: 5}
DEBT_TOKENS = (-2, -3, -5)
CASTLE_CHOICES = ("highest", "lowest")
# Reference decisions 1-4 (the Edifice reference notes): the default first, then the alternative.
STAGING_CAMP_COSTS = (2, 3)
ARTISAN_DISTRICT_VPS = (2, 3)
AMPHITHEATER_DISCARDS = ("grey", "brown")
CARTHAGE_NIGHT_VPS = ("coin_option", "both")
_COLOURS = {colour.value: colour for colour in Colour}  # a colour's name -> the colour


@cache
def edifice_wonders(carthage_night_vp: str = "coin_option") -> tuple[Wonder, ...]:
    """The boards in the Edifice box: Carthage (which may also join games without Edifice, so its
    data is the base game's) and Ur. ``carthage_night_vp="both"`` gives the 4 VP of Carthage's
    Night stage 1 with either option [decision 4's alternative]."""
    carthage = any_game_wonders()["Carthage"]
    if carthage_night_vp == "both":
        carthage = _night_vp_with_both_options(carthage)
    return (carthage, *load_wonders("sevenwonders.edifice", "wonders.toml"))


def _night_vp_with_both_options(carthage: Wonder) -> Wonder:
    sides = []
    for side in carthage.side:
        if side.name == "night":
            first = side.stages[0]
            points = tuple(e for option in first.choices for e in option if isinstance(e, Points))
            choices = tuple(
                option if any(isinstance(e, Points) for e in option) else (*option, *points)
                for option in first.choices)
            side = attrs.evolve(side, stages=(attrs.evolve(first, choices=choices),
                                              *side.stages[1:]))
        sides.append(side)
    return attrs.evolve(carthage, side=tuple(sides))


def _with_decisions(catalogue: FrozenMap[str, Project], staging_camp_cost: int,
                    artisan_district_vp: int, amphitheater_discards: str
                    ) -> FrozenMap[str, Project]:
    """The project cards with the values of reference decisions 1-3 chosen by the options."""
    out = dict(catalogue)
    out["Staging Camp"] = attrs.evolve(out["Staging Camp"], cost=staging_camp_cost)
    artisan = out["Artisan District"]
    out["Artisan District"] = attrs.evolve(artisan, reward=tuple(
        attrs.evolve(r, vp=artisan_district_vp) if isinstance(r, PointsPerSet) else r
        for r in artisan.reward))
    out["Amphitheater"] = attrs.evolve(out["Amphitheater"],
                                       penalty=DiscardCard(amphitheater_discards))
    return FrozenMap(out)


class Edifice(Expansion):
    """The Edifice expansion.

    Options (reference decisions in brackets):

    - ``projects``: the three projects (Ages I, II, III) by name, or ``None`` to draw one per
      Age from the seed.
    - ``pawn_points``: points per participation pawn of Ages I, II, III at the end; no source
      gives a value, so the default is ``(0, 0, 0)`` [decision 5].
    - ``castle_loses``: which two victory tokens Concentric Castle's penalty takes,
      ``"highest"`` (default) or ``"lowest"`` [decision 8].
    - ``staging_camp_cost``: Staging Camp's participation cost, 2 coins (default) or 3
      [decision 1].
    - ``artisan_district_vp``: VP per brown+grey set of Artisan District, 2 (default) or 3
      [decision 2].
    - ``amphitheater_discards``: the colour Amphitheater's penalty discards, ``"grey"``
      (default) or ``"brown"`` [decision 3].
    - ``carthage_night_vp``: Carthage Night stage 1's 4 VP go with the 7-coin option only
      (``"coin_option"``, default) or with either option (``"both"``) [decision 4].

    Fixed choices of the reference: several seats joining in one turn all get a pawn and the
    project completes [6]; Ur's box pawns are free, are not the once-per-Age participation, do not
    complete a project, and protect and reward like other pawns while that Age's project is open
    [7]; the player chooses the card a colour penalty discards, and it goes to the discard pile
    [8]; Factory and River Port resources are not for sale [9].
    """

    name = NAME
    changes_conflict_tokens = True  # victory tokens as rewards, penalties taking tokens

    def __init__(
        self,
        *,
        projects: Sequence[str] | None = None,
        pawn_points: Sequence[int] = (0, 0, 0),
        castle_loses: str = "highest",
        staging_camp_cost: int = 2,
        artisan_district_vp: int = 2,
        amphitheater_discards: str = "grey",
        carthage_night_vp: str = "coin_option",
    ) -> None:
        for option, value, allowed in (
                ("staging_camp_cost", staging_camp_cost, STAGING_CAMP_COSTS),
                ("artisan_district_vp", artisan_district_vp, ARTISAN_DISTRICT_VPS),
                ("amphitheater_discards", amphitheater_discards, AMPHITHEATER_DISCARDS),
                ("carthage_night_vp", carthage_night_vp, CARTHAGE_NIGHT_VPS)):
            if not any(type(value) is type(a) and value == a for a in allowed):
                raise InvalidOptionError(f"{option} must be one of {allowed}, not {value!r}")
        self.staging_camp_cost = staging_camp_cost
        self.artisan_district_vp = artisan_district_vp
        self.amphitheater_discards = amphitheater_discards
        self.carthage_night_vp = carthage_night_vp
        self.catalogue = _with_decisions(load_projects(), staging_camp_cost, artisan_district_vp,
                                         amphitheater_discards)
        if projects is not None:
            chosen = tuple(projects)
            if len(chosen) != 3:
                raise InvalidOptionError("projects names one project for each of the 3 Ages")
            for age, name in enumerate(chosen, start=1):
                project = self._project(name)
                if project.age != age:
                    raise InvalidOptionError(f"{name} is a project of Age {project.age}")
            self.projects: tuple[str, ...] | None = chosen
        else:
            self.projects = None
        self.pawn_points = tuple(pawn_points)
        if len(self.pawn_points) != 3 or not all(isinstance(p, int) for p in self.pawn_points):
            raise InvalidOptionError("pawn_points needs three integers (Ages I, II, III)")
        if castle_loses not in CASTLE_CHOICES:
            raise InvalidOptionError(f"castle_loses must be one of {CASTLE_CHOICES}")
        self.castle_loses = castle_loses
        self._lasting: dict[tuple[str, ...], tuple[Effect, ...]] = {}
        # project -> its participation variant, made once (the same tuple every time: the
        # rules' speed layer knows it again by identity)
        self._variants: dict[str, tuple[StageVariant, ...]] = {}

    def _project(self, name: str) -> Project:
        try:
            return self.catalogue[name]
        except KeyError:
            raise UnknownCardError(f"no Edifice project named {name!r}") from None

    def options(self) -> dict[str, Any]:
        return {
            "projects": list(self.projects) if self.projects else None,
            "pawn_points": list(self.pawn_points),
            "castle_loses": self.castle_loses,
            "staging_camp_cost": self.staging_camp_cost,
            "artisan_district_vp": self.artisan_district_vp,
            "amphitheater_discards": self.amphitheater_discards,
            "carthage_night_vp": self.carthage_night_vp,
        }

    # -- state access

    def _mine(self, rules: Rules, state: BaseState) -> EdificeState:
        found = state.expansions[rules.expansions.index(self)]
        if not isinstance(found, EdificeState):
            raise InvalidStateError("the Edifice state is missing from this game state")
        return found

    def _put(self, rules: Rules, state: BaseState, mine: EdificeState) -> BaseState:
        index = rules.expansions.index(self)
        expansions = list(state.expansions)
        expansions[index] = mine
        return evolve(state, expansions=tuple(expansions))

    # -- hooks

    def validate(self, rules: Rules, state: BaseState) -> None:
        index = rules.expansions.index(self)
        mine = state.expansions[index] if index < len(state.expansions) else None
        if not isinstance(mine, EdificeState):
            raise InvalidStateError("the Edifice state is missing from this game state")
        n = rules.players
        seats = range(n)

        def fail(message: str) -> None:
            raise InvalidStateError(f"inconsistent Edifice state: {message}")

        per_age = (mine.projects, mine.pawns_left, mine.participants, mine.holders, mine.outcomes)
        if any(len(part) != 3 for part in per_age):
            fail("projects, pawns, participants, holders and outcomes hold one entry per Age")
        if any(len(part) != n for part in (mine.rewards, mine.debts, mine.pawns)):
            fail(f"rewards, debts and pawns hold one entry per seat ({n})")
        for age, name in enumerate(mine.projects, start=1):
            if name not in self.catalogue or self.catalogue[name].age != age:
                fail(f"{name!r} is not a project of Age {age}")
        if any(p < 0 or p > PAWNS_PER_PROJECT[n] for p in mine.pawns_left):
            fail(f"pawns left {mine.pawns_left}")
        if any(o not in (OPEN, COMPLETED, FAILED) for o in mine.outcomes):
            fail(f"outcomes {mine.outcomes}")
        if any(s not in seats for group in (*mine.participants, *mine.holders) for s in group):
            fail("a pawn holder that is not a seat")
        if any(r not in self.catalogue for rewards in mine.rewards for r in rewards):
            fail("a reward from an unknown project")
        if any(a not in (1, 2, 3) for pawns in mine.pawns for a in pawns):
            fail("a pawn of an Age that does not exist")
        if any(d not in DEBT_TOKENS for debts in mine.debts for d in debts):
            fail("a debt token of an unknown value")

    def validate_loaded(self, rules: Rules, state: BaseState) -> None:
        """The cross-field rules of the projects (Edifice rulebook, "Projects"): a project of
        a later Age is open, one of a past Age is decided; a completed project has no pawn
        left; participants hold a pawn of their Age; rewards come from completed projects the
        seat held a pawn of; debts only from failed projects."""
        self.validate(rules, state)
        mine = state.expansions[rules.expansions.index(self)]
        assert isinstance(mine, EdificeState)

        def fail(message: str) -> None:
            raise InvalidStateError(f"inconsistent Edifice state: {message}",
                                    field="expansions.edifice")

        n = len(mine.pawns)
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
            if any(age not in mine.pawns[seat] for seat in mine.holders[index]):
                fail(f"a participant of Age {age} holds no pawn of that Age")
        failed = sum(1 for outcome in mine.outcomes if outcome == FAILED)
        for seat in range(n):
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
            # the conflict tokens the base check leaves to us (changes_conflict_tokens): two a
            # conflict, plus one victory token a reward that gives one
            conflicts = 3 if state.over else state.age - 1
            earned = sum(1 for name in mine.rewards[seat]
                         for reward in self._project(name).reward
                         if isinstance(reward, VictoryToken))
            if len(state.cities[seat].tokens) > 2 * conflicts + earned:
                fail(f"seat {seat} holds {len(state.cities[seat].tokens)} conflict tokens "
                     f"after {conflicts} conflicts and {earned} token rewards")

    def extra_wonders(self) -> tuple[Wonder, ...]:
        return edifice_wonders(self.carthage_night_vp)

    def setup(self, rules: Rules, state: BaseState, rng: Rng) -> tuple[ExpansionState, Rng]:
        if self.projects is not None:
            projects = self.projects
        else:
            chosen = []
            for age in (1, 2, 3):
                names = sorted(p.name for p in self.catalogue.values() if p.age == age)
                name, rng = rng.choice(names)
                chosen.append(name)
            projects = tuple(chosen)
        pawns = PAWNS_PER_PROJECT[rules.players]
        n = rules.players
        return EdificeState(
            projects=projects,
            pawns_left=(pawns,) * 3,
            participants=((),) * 3,
            holders=((),) * 3,
            outcomes=(OPEN,) * 3,
            rewards=((),) * n,
            debts=((),) * n,
            pawns=((),) * n,
        ), rng

    def stage_variants(self, rules: Rules, state: BaseState, seat: int) -> tuple[StageVariant, ...]:
        mine = state.expansions[rules.expansions.index(self)]  # (_mine, asked every turn)
        if type(mine) is not EdificeState:
            mine = self._mine(rules, state)
        age = state.age - 1
        if (mine.outcomes[age] == OPEN and mine.pawns_left[age] > 0
                and seat not in mine.participants[age]):
            name = mine.projects[age]
            found = self._variants.get(name)
            if found is None:
                found = self._variants[name] = (
                    StageVariant((PARTICIPATE,), self._project(name).cost),)
            return found
        return ()

    def extra_effects(self, rules: Rules, state: BaseState, seat: int) -> tuple[Effect, ...]:
        mine = state.expansions[rules.expansions.index(self)]  # (_mine, asked every turn)
        if type(mine) is not EdificeState:
            mine = self._mine(rules, state)
        rewards = mine.rewards[seat]
        if not rewards:
            return ()
        found = self._lasting.get(rewards)
        if found is None:
            found = self._lasting[rewards] = tuple(
                reward
                for name in rewards
                for reward in self._project(name).reward
                if isinstance(reward, Shields | Produce)
            )
        return found

    def after_builds(
        self, rules: Rules, state: BaseState, stages: tuple[StageBuild, ...],
        events: list[Event] | None,
    ) -> BaseState:
        if not stages:
            return state
        mine = self._mine(rules, state)
        age = state.age - 1
        participants = [list(s) for s in mine.participants]
        holders = [set(h) for h in mine.holders]
        pawns = [list(p) for p in mine.pawns]
        pawns_left = list(mine.pawns_left)
        joined = False
        for build in stages:
            if PARTICIPATE in build.extras:
                from_box = pawns_left[age] == 0
                pawns_left[age] = max(0, pawns_left[age] - 1)
                participants[age].append(build.seat)
                holders[age].add(build.seat)
                pawns[build.seat].append(age + 1)
                joined = True
                if events is not None:
                    events.append(ExpansionEvent(NAME, "joined", build.seat, mine.projects[age],
                                                 int(from_box)))
            for effect in build.effects:
                if effect.expansion == NAME and effect.kind == "take_pawn":
                    pawn_age = effect.value - 1
                    pawns[build.seat].append(effect.value)
                    if mine.outcomes[pawn_age] == OPEN:
                        holders[pawn_age].add(build.seat)
                    if events is not None:
                        events.append(ExpansionEvent(NAME, "box_pawn", build.seat,
                                                     mine.projects[pawn_age], effect.value))
        mine = evolve(
            mine,
            participants=tuple(tuple(sorted(p)) for p in participants),
            holders=tuple(tuple(sorted(h)) for h in holders),
            pawns=tuple(tuple(p) for p in pawns),
            pawns_left=tuple(pawns_left),
        )
        state = self._put(rules, state, mine)
        if joined and pawns_left[age] == 0 and mine.outcomes[age] == OPEN:
            state = self._complete(rules, state, age, events)
        return state

    def _complete(
        self, rules: Rules, state: BaseState, age: int, events: list[Event] | None
    ) -> BaseState:
        """The last pawn left the card: every holder gets the reward at once."""
        mine = self._mine(rules, state)
        project = self._project(mine.projects[age])
        if events is not None:
            events.append(ExpansionEvent(NAME, "completed", None, project.name))
        cities = list(state.cities)
        marks = list(state.marks)
        rewards = list(mine.rewards)
        for seat in mine.holders[age]:
            rewards[seat] = (*rewards[seat], project.name)
            city = cities[seat]
            for reward in project.reward:
                if isinstance(reward, Coins):
                    city = evolve(city, coins=city.coins + reward.amount)
                    marks[seat] = evolve(marks[seat],
                                               income=marks[seat].income + reward.amount)
                    if events is not None:
                        events.append(CoinsGained(seat, reward.amount, project.name))
                    continue
                if isinstance(reward, VictoryToken):
                    city = evolve(city, tokens=(*city.tokens, reward.value))
                    kind, value = "victory_token", reward.value
                elif isinstance(reward, DiscardDefeats):
                    kept = tuple(t for t in city.tokens if t > 0)
                    kind, value = "defeats_discarded", len(city.tokens) - len(kept)
                    city = evolve(city, tokens=kept)
                elif isinstance(reward, Shields):
                    kind, value = "shields", reward.count  # lasting: extra_effects
                elif isinstance(reward, Produce):
                    kind, value = "production", reward.amount  # lasting: extra_effects
                else:  # points scored at the end of the game (score_lines)
                    kind, value = "scores_at_end", 0
                if events is not None:
                    events.append(ExpansionEvent(NAME, kind, seat, project.name, value))
            cities[seat] = city
        outcomes = list(mine.outcomes)
        outcomes[age] = COMPLETED
        mine = evolve(mine, rewards=tuple(rewards), outcomes=tuple(outcomes))
        state = evolve(state, cities=tuple(cities), marks=tuple(marks))
        return self._put(rules, state, mine)

    def before_conflicts(
        self, rules: Rules, state: BaseState, events: list[Event] | None
    ) -> BaseState:
        mine = self._mine(rules, state)
        age = state.age - 1
        if mine.outcomes[age] != OPEN:
            return state
        project = self._project(mine.projects[age])
        if events is not None:
            events.append(ExpansionEvent(NAME, "failed", None, project.name))
        outcomes = list(mine.outcomes)
        outcomes[age] = FAILED
        # every seat's penalty in seat order, the state made once at the end
        cities = list(state.cities)
        debts = list(mine.debts)
        discarded: list[str] = []
        pending = []
        for seat in range(rules.players):
            if seat in mine.holders[age]:
                continue
            if self._penalise(rules, cities, debts, discarded, seat, project, events):
                assert isinstance(project.penalty, DiscardCard)
                pending.append(Pending(seat, PendingKind.EXPANSION,
                                       f"{NAME}:discard:{project.penalty.colour}"))
        state = evolve(state, cities=tuple(cities),
                       discard=(*state.discard, *discarded) if discarded else state.discard,
                       pending=(*state.pending, *pending))
        return self._put(rules, state, evolve(mine, outcomes=tuple(outcomes),
                                              debts=tuple(debts)))

    def _penalise(
        self, rules: Rules, cities: list[City], debts: list[tuple[int, ...]],
        discarded: list[str], seat: int, project: Project, events: list[Event] | None,
    ) -> bool:
        """Apply ``project``'s penalty to ``seat``'s city in ``cities`` (a card it loses
        goes onto ``discarded``, a debt token into ``debts``); True when the seat must choose
        a card."""
        penalty = project.penalty
        city = cities[seat]
        if isinstance(penalty, DiscardCard):
            colour = _COLOURS.get(penalty.colour)
            names = {n for n in city.cards if rules.cards[n].colour is colour}
            if len(names) == 1:  # no choice to make: discard it at once
                name = names.pop()
                cities[seat] = _without(city, name)
                discarded.append(name)
                if events is not None:
                    events.append(ExpansionEvent(NAME, "penalty", seat, name))
                return False
            if names:
                return True
            self._debt(debts, seat, project, events)
            return False
        if isinstance(penalty, LoseCoins):
            if city.coins < penalty.amount:
                self._debt(debts, seat, project, events)
                return False
            city = evolve(city, coins=city.coins - penalty.amount)
            kind, detail, value = "lose_coins", project.name, penalty.amount
        else:
            assert isinstance(penalty, LoseVictoryTokens)
            victories = sorted((t for t in city.tokens if t > 0),
                               reverse=self.castle_loses == "highest")
            if len(victories) < penalty.count:
                self._debt(debts, seat, project, events)
                return False
            tokens = list(city.tokens)
            for token in victories[: penalty.count]:
                tokens.remove(token)
            city = evolve(city, tokens=tuple(tokens))
            kind, detail, value = "lose_tokens", project.name, sum(victories[: penalty.count])
        if events is not None:
            events.append(ExpansionEvent(NAME, kind, seat, detail, value))
        cities[seat] = city
        return False

    @staticmethod
    def _debt(debts: list[tuple[int, ...]], seat: int, project: Project,
              events: list[Event] | None) -> None:
        value = DEBT_TOKENS[project.age - 1]
        debts[seat] = (*debts[seat], value)
        if events is not None:
            events.append(ExpansionEvent(NAME, "debt", seat, project.name, value))

    def pending_moves(self, rules: Rules, state: BaseState, pending: Pending) -> tuple[Move, ...]:
        colour = pending.detail.split(":")[-1]
        city = state.cities[pending.seat]
        wanted = _COLOURS.get(colour)
        names = sorted({n for n in city.cards if rules.cards[n].colour is wanted})
        return tuple(Choose(name) for name in names)

    def resolve_pending(
        self, rules: Rules, state: BaseState, pending: Pending, move: Move,
        events: list[Event] | None,
    ) -> BaseState:
        assert isinstance(move, Choose)
        return self._discard(state, pending.seat, move.option, events)

    @staticmethod
    def _discard(state: BaseState, seat: int, name: str, events: list[Event] | None) -> BaseState:
        """A penalty takes card ``name`` out of ``seat``'s city onto the discard pile."""
        cities = list(state.cities)
        cities[seat] = _without(cities[seat], name)
        if events is not None:
            events.append(ExpansionEvent(NAME, "penalty", seat, name))
        return evolve(state, cities=tuple(cities), discard=(*state.discard, name))

    def score_lines(self, rules: Rules, state: BaseState, seat: int) -> Mapping[str, int]:
        mine = self._mine(rules, state)
        city = state.cities[seat]
        points = sum(self.pawn_points[age - 1] for age in mine.pawns[seat])
        points += sum(mine.debts[seat])
        guilds = 0
        colours = [rules.cards[name].colour for name in city.cards]
        for name in mine.rewards[seat]:
            for reward in self._project(name).reward:
                if isinstance(reward, PointsPer):
                    points += reward.vp * rules.count(state.cities, seat, reward.counts,
                                                      reward.scope)
                elif isinstance(reward, PointsPerSet):
                    points += reward.vp * min(
                        sum(1 for c in colours if c.value == colour) for colour in reward.colours
                    )
                elif isinstance(reward, PointsPerColour):
                    points += reward.vp * len(set(colours))
                elif isinstance(reward, CopyOwnGuild):
                    guilds += max(
                        (guild_value(rules, state, seat, rules.cards[n]) for n in city.cards
                         if rules.cards[n].colour is Colour.PURPLE),
                        default=0,
                    )
        return {"edifice": points, "guilds": guilds}


def _without(city: City, name: str) -> City:
    """``city`` without (one copy of) card ``name``."""
    cards = list(city.cards)
    cards.remove(name)
    return evolve(city, cards=tuple(cards))
