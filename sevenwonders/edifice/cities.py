"""What Edifice's rewards and penalties make of a city, a state and Edifice's part of it: new
values with the named fields changed, every field written out (the expansion's hooks run at
every step with a pawn placed and at every Age's end, and ``attrs.evolve`` looks each field
up by name)."""

from __future__ import annotations

from sevenwonders.base.expansion_state import ExpansionState
from sevenwonders.base.state import BaseState, City, Pending, TurnMarks
from sevenwonders.edifice.state import EdificeState


def without_card(city: City, name: str) -> City:
    """``city`` without (one copy of) card ``name``."""
    cards = list(city.cards)
    cards.remove(name)
    return changed_city(city, cards=tuple(cards))


def changed_city(city: City, *, coins: int | None = None, cards: tuple[str, ...] | None = None,
                 tokens: tuple[int, ...] | None = None) -> City:
    """``city`` with the named fields changed."""
    return City(
        wonder=city.wonder, side=city.side, coins=city.coins if coins is None else coins,
        cards=city.cards if cards is None else cards, stages=city.stages, tucked=city.tucked,
        tokens=city.tokens if tokens is None else tokens, free_build_age=city.free_build_age,
        stage_choices=city.stage_choices)


def changed_state(state: BaseState, *, expansions: tuple[ExpansionState, ...],
                  cities: tuple[City, ...] | None = None,
                  marks: tuple[TurnMarks, ...] | None = None,
                  discard: tuple[str, ...] | None = None,
                  pending: tuple[Pending, ...] | None = None) -> BaseState:
    """``state`` with its expansions' parts and the other named fields changed."""
    return BaseState(
        players=state.players, age=state.age, turn=state.turn,
        cities=state.cities if cities is None else cities, hands=state.hands,
        decks=state.decks, discard=state.discard if discard is None else discard,
        rng=state.rng, pending=state.pending if pending is None else pending,
        marks=state.marks if marks is None else marks, deferred=state.deferred,
        over=state.over, age_ending=state.age_ending, expansions=expansions,
        memory=state.memory)


def changed_part(
    part: EdificeState, *,
    pawns_left: tuple[int, ...] | None = None,
    participants: tuple[tuple[int, ...], ...] | None = None,
    holders: tuple[tuple[int, ...], ...] | None = None,
    outcomes: tuple[str, ...] | None = None,
    rewards: tuple[tuple[str, ...], ...] | None = None,
    debts: tuple[tuple[int, ...], ...] | None = None,
    pawns: tuple[tuple[int, ...], ...] | None = None,
) -> EdificeState:
    """Edifice's ``part`` of a state with the named fields changed."""
    return EdificeState(
        projects=part.projects,
        pawns_left=part.pawns_left if pawns_left is None else pawns_left,
        participants=part.participants if participants is None else participants,
        holders=part.holders if holders is None else holders,
        outcomes=part.outcomes if outcomes is None else outcomes,
        rewards=part.rewards if rewards is None else rewards,
        debts=part.debts if debts is None else debts,
        pawns=part.pawns if pawns is None else pawns)
