"""Edifice as a plugin over the base game's hooks.

Participation is a variant of a wonder-stage build (``BuildStage(..., extras=("project",))``)
that costs the project's coins on top; a project completes the moment its last pawn is taken
and rewards every pawn holder at once; a project still open before the Age's conflicts fails
and every seat without a pawn of that Age suffers its penalty, or takes a debt token.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sevenwonders.base.cards import Colour, Wonder
from sevenwonders.base.effects import Coins, Effect, PointsPer, Produce, Shields
from sevenwonders.base.events import CoinsGained, Event, ExpansionEvent
from sevenwonders.base.expansion_state import ExpansionState
from sevenwonders.base.moves import Choose, Move
from sevenwonders.base.scoring import guild_value
from sevenwonders.base.state import BaseState, City, Pending, PendingKind, TurnMarks
from sevenwonders.base.tables import Expansion, StageBuild, StageVariant, Tables
from sevenwonders.core.rng import Rng
from sevenwonders.edifice.boards import edifice_wonders
from sevenwonders.edifice.checks import check_loaded, check_part
from sevenwonders.edifice.cities import changed_city, changed_part, changed_state, without_card
from sevenwonders.edifice.options import (
    check_choices,
    check_chosen,
    check_options,
)
from sevenwonders.edifice.pawn_checks import check_pawns, check_projects
from sevenwonders.edifice.positions import complete
from sevenwonders.edifice.projects import (
    DEBT_TOKENS,
    PAWNS_PER_PROJECT,
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
    project_name,
    with_decisions,
)
from sevenwonders.edifice.state import COMPLETED, FAILED, OPEN, EdificeState
from sevenwonders.errors import InvalidStateError, UnknownCardError

NAME = "edifice"
PARTICIPATE = "project"
_COLOURS = {colour.value: colour for colour in Colour}  # a colour's name -> the colour


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

    Fixed choices of the reference: seats joining in one turn all get a pawn [6]; Ur's box pawns
    are free, not the participation, complete nothing, protect and reward like others [7]; the
    player chooses the card a colour penalty discards, to the pile [8]; Factory and River Port
    resources are not for sale [9]."""

    name = NAME
    changes_conflict_tokens = True  # victory tokens as rewards, penalties taking tokens

    def __init__(
        self,
        *,
        # (untyped: the option checks, in the interpreted options module, raise the library's
        # own error for a value of the wrong type, where a compiled typed call would not)
        projects: Any = None,
        pawn_points: Any = (0, 0, 0),
        castle_loses: Any = "highest",
        staging_camp_cost: Any = 2,
        artisan_district_vp: Any = 2,
        amphitheater_discards: Any = "grey",
        carthage_night_vp: Any = "coin_option",
        **unknown: object,
    ) -> None:
        chosen, points = check_options(unknown, projects, pawn_points)
        self.castle_loses: str = check_choices(
            staging_camp_cost=staging_camp_cost, artisan_district_vp=artisan_district_vp,
            amphitheater_discards=amphitheater_discards, carthage_night_vp=carthage_night_vp,
            castle_loses=castle_loses)
        self.staging_camp_cost: int = staging_camp_cost
        self.artisan_district_vp: int = artisan_district_vp
        self.amphitheater_discards: str = amphitheater_discards
        self.carthage_night_vp: str = carthage_night_vp
        self.catalogue = with_decisions(load_projects(), staging_camp_cost, artisan_district_vp,
                                         amphitheater_discards)
        if chosen is not None:
            chosen = tuple(project_name(name) for name in chosen)
        self.projects: tuple[str, ...] | None = check_chosen(
            chosen, {name: project.age for name, project in self.catalogue.items()})
        self.pawn_points: tuple[int, ...] = points
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
        """The expansion's options as plain JSON values (what ``BaseGame.options()`` and records
        hold)."""
        return {"projects": list(self.projects) if self.projects else None,
                "pawn_points": list(self.pawn_points), "castle_loses": self.castle_loses,
                "staging_camp_cost": self.staging_camp_cost,
                "artisan_district_vp": self.artisan_district_vp,
                "amphitheater_discards": self.amphitheater_discards,
                "carthage_night_vp": self.carthage_night_vp}

    def _mine(self, tables: Tables, state: BaseState) -> EdificeState:
        found = state.expansions[tables.expansions.index(self)]
        if not isinstance(found, EdificeState):
            raise InvalidStateError("the Edifice state is missing from this game state")
        return found

    def _put(self, tables: Tables, state: BaseState, mine: EdificeState) -> BaseState:
        return changed_state(state, expansions=self._parts(tables, state, mine))

    def _parts(self, tables: Tables, state: BaseState,
               mine: EdificeState) -> tuple[ExpansionState, ...]:
        """The expansions' parts of ``state`` with ``mine`` as Edifice's (for a state made
        once with every change of a step)."""
        expansions = list(state.expansions)
        expansions[tables.expansions.index(self)] = mine
        return tuple(expansions)

    # -- hooks

    def validate(self, tables: Tables, state: BaseState) -> None:
        """Check the Edifice part of a state read from outside (projects, pawns, outcomes, debts
        fit the table); raises :class:`~sevenwonders.errors.InvalidStateError`."""
        index = tables.expansions.index(self)
        mine = state.expansions[index] if index < len(state.expansions) else None
        if not isinstance(mine, EdificeState):
            raise InvalidStateError("the Edifice state is missing from this game state")
        check_part(self.catalogue, tables.players, mine)

    def validate_loaded(self, tables: Tables, state: BaseState) -> None:
        """The cross-field rules of the projects (:func:`~.checks.check_loaded`), on top of
        :meth:`validate` (which the table check has run)."""
        mine = self._mine(tables, state)
        check_loaded(self.catalogue, state, mine)
        check_pawns(tables, state, mine)
        check_projects(tables, state, mine)

    def position_part(self, tables: Tables, state: BaseState, spec: Mapping[str, Any] | None,
                      cities: Mapping[int, Mapping[str, Any]]) -> BaseState:
        """The projects of a position set up on purpose, in any Age (:mod:`~.positions`)."""
        return complete(tables, state, spec, cities, index=tables.expansions.index(self),
                        catalogue=self.catalogue, castle_loses=self.castle_loses)

    def extra_wonders(self) -> tuple[Wonder, ...]:
        """The boards in the Edifice box, dealt with the edition's own: Carthage and Ur."""
        return edifice_wonders(self.carthage_night_vp)

    def setup(self, tables: Tables, state: BaseState, rng: Rng) -> tuple[ExpansionState, Rng]:
        """Draw (or take the named) project of each Age and give the pawns; the expansion's part
        of a new state."""
        if self.projects is not None:
            projects = self.projects
        else:
            chosen = []
            for age in (1, 2, 3):
                names = sorted(p.name for p in self.catalogue.values() if p.age == age)
                name, rng = rng.choice(names)
                chosen.append(name)
            projects = tuple(chosen)
        pawns = PAWNS_PER_PROJECT[tables.players]
        n = tables.players
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

    def stage_variants(self, tables: Tables, state: BaseState,
                       seat: int) -> tuple[StageVariant, ...]:
        """The extra way ``seat`` may build a stage now: joining the Age's project (``+project``)
        while it is open, has pawns left and the seat has not joined; none otherwise."""
        mine = state.expansions[tables.expansions.index(self)]  # (_mine, asked every turn)
        if type(mine) is not EdificeState:
            mine = self._mine(tables, state)
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

    def extra_effects(self, tables: Tables, state: BaseState, seat: int) -> tuple[Effect, ...]:
        """The lasting effects ``seat`` holds from completed projects' rewards."""
        mine = state.expansions[tables.expansions.index(self)]  # (_mine, asked every turn)
        if type(mine) is not EdificeState:
            mine = self._mine(tables, state)
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
        self, tables: Tables, state: BaseState, stages: tuple[StageBuild, ...],
        events: list[Event] | None,
    ) -> BaseState:
        """After a step's builds: place the pawns of those who joined, complete a project whose
        pawns are all out, and hand out its rewards."""
        if not any(_moves_pawns(build) for build in stages):
            return state  # (no pawn placed: nothing of the projects changes)
        mine = self._mine(tables, state)
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
        mine = changed_part(
            mine,
            participants=tuple(tuple(sorted(p)) for p in participants),
            holders=tuple(tuple(sorted(h)) for h in holders),
            pawns=tuple(tuple(p) for p in pawns),
            pawns_left=tuple(pawns_left),
        )
        state = self._put(tables, state, mine)
        if joined and pawns_left[age] == 0 and mine.outcomes[age] == OPEN:
            state = self._complete(tables, state, age, events)
        return state

    def _complete(
        self, tables: Tables, state: BaseState, age: int, events: list[Event] | None
    ) -> BaseState:
        """The last pawn left the card: every holder gets the reward at once."""
        mine = self._mine(tables, state)
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
                    city = changed_city(city, coins=city.coins + reward.amount)
                    marks[seat] = TurnMarks(marks[seat].built, marks[seat].stages,
                                            marks[seat].income + reward.amount)
                    if events is not None:
                        events.append(CoinsGained(seat, reward.amount, project.name))
                    continue
                if isinstance(reward, VictoryToken):
                    city = changed_city(city, tokens=(*city.tokens, reward.value))
                    kind, value = "victory_token", reward.value
                elif isinstance(reward, DiscardDefeats):
                    kept = tuple(t for t in city.tokens if t > 0)
                    kind, value = "defeats_discarded", len(city.tokens) - len(kept)
                    city = changed_city(city, tokens=kept)
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
        mine = changed_part(mine, rewards=tuple(rewards), outcomes=tuple(outcomes))
        return changed_state(state, cities=tuple(cities), marks=tuple(marks),
                             expansions=self._parts(tables, state, mine))

    def before_conflicts(
        self, tables: Tables, state: BaseState, events: list[Event] | None
    ) -> BaseState:
        """At an Age's end, before the conflicts: the penalty of an Age's project that did not
        complete, for every seat without a pawn on it."""
        mine = self._mine(tables, state)
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
        for seat in range(tables.players):
            if seat in mine.holders[age]:
                continue
            if self._penalise(tables, cities, debts, discarded, seat, project, events):
                assert isinstance(project.penalty, DiscardCard)
                pending.append(Pending(seat, PendingKind.EXPANSION,
                                       f"{NAME}:discard:{project.penalty.colour}"))
        mine = changed_part(mine, outcomes=tuple(outcomes), debts=tuple(debts))
        return changed_state(state, cities=tuple(cities),
                             discard=(*state.discard, *discarded) if discarded else state.discard,
                             pending=(*state.pending, *pending),
                             expansions=self._parts(tables, state, mine))

    def _penalise(
        self, tables: Tables, cities: list[City], debts: list[tuple[int, ...]],
        discarded: list[str], seat: int, project: Project, events: list[Event] | None,
    ) -> bool:
        """Apply ``project``'s penalty to ``seat``'s city in ``cities`` (a card it loses
        goes onto ``discarded``, a debt token into ``debts``); True when the seat must choose
        a card."""
        penalty = project.penalty
        city = cities[seat]
        if isinstance(penalty, DiscardCard):
            colour = _COLOURS.get(penalty.colour)
            names = {n for n in city.cards if tables.cards[n].colour is colour}
            if len(names) == 1:  # no choice to make: discard it at once
                name = names.pop()
                cities[seat] = without_card(city, name)
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
            city = changed_city(city, coins=city.coins - penalty.amount)
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
            city = changed_city(city, tokens=tuple(tokens))
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

    def pending_moves(self, tables: Tables, state: BaseState, pending: Pending) -> tuple[Move, ...]:
        """The answers to a colour penalty that needs a choice: one ``Choose`` per card of that
        colour in the seat's city."""
        colour = pending.detail.split(":")[-1]
        city = state.cities[pending.seat]
        wanted = _COLOURS.get(colour)
        names = sorted({n for n in city.cards if tables.cards[n].colour is wanted})
        return tuple(Choose(name) for name in names)

    def resolve_pending(
        self, tables: Tables, state: BaseState, pending: Pending, move: Move,
        events: list[Event] | None,
    ) -> BaseState:
        """Apply the chosen answer to a colour penalty: the card leaves the city for the discard
        pile."""
        assert isinstance(move, Choose)
        return self._discard(state, pending.seat, move.option, events)

    @staticmethod
    def _discard(state: BaseState, seat: int, name: str, events: list[Event] | None) -> BaseState:
        """A penalty takes card ``name`` out of ``seat``'s city onto the discard pile."""
        cities = list(state.cities)
        cities[seat] = without_card(cities[seat], name)
        if events is not None:
            events.append(ExpansionEvent(NAME, "penalty", seat, name))
        return changed_state(state, cities=tuple(cities), discard=(*state.discard, name),
                             expansions=state.expansions)

    def score_lines(self, tables: Tables, state: BaseState, seat: int) -> Mapping[str, int]:
        """The score lines Edifice adds for ``seat``: ``edifice`` (pawn points, debt tokens,
        rewards that score at the end) and ``guilds`` (a copied guild)."""
        mine = self._mine(tables, state)
        city = state.cities[seat]
        points = sum(self.pawn_points[age - 1] for age in mine.pawns[seat])
        points += sum(mine.debts[seat])
        guilds = 0
        colours = [tables.cards[name].colour for name in city.cards]
        for name in mine.rewards[seat]:
            for reward in self._project(name).reward:
                if isinstance(reward, PointsPer):
                    points += reward.vp * tables.count(state.cities, seat, reward.counts,
                                                      reward.scope)
                elif isinstance(reward, PointsPerSet):
                    points += reward.vp * min(
                        sum(1 for c in colours if c.value == colour) for colour in reward.colours
                    )
                elif isinstance(reward, PointsPerColour):
                    points += reward.vp * len(set(colours))
                elif isinstance(reward, CopyOwnGuild):
                    guilds += max(
                        (guild_value(tables, state, seat, tables.cards[n]) for n in city.cards
                         if tables.cards[n].colour is Colour.PURPLE),
                        default=0,
                    )
        return {"edifice": points, "guilds": guilds}


def _moves_pawns(build: StageBuild) -> bool:
    """Whether a stage build places a pawn: joining the Age's project, or Ur's stage taking one
    from the box."""
    return PARTICIPATE in build.extras or any(
        effect.expansion == NAME and effect.kind == "take_pawn" for effect in build.effects)

