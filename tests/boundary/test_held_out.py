"""Holes a held-out attack found, each kept as a test: impossible states the load accepted (a
free build without the power, a discard-pile build without its stage, a turn's decisions
pending with a seat that played nothing, a victory and a defeat of seats that are not
neighbours, an Edifice holder listed twice, Architects tokens flipped by no horns and victories
without the battles to win them), helpers and ``simulate`` arguments that raised raw errors,
and options naming nothing that raised another class than ``InvalidOptionError``."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from sevenwonders.agents import RandomAgent
from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects.state import ArchitectsState
from sevenwonders.architects.validation import problems as architects_problems
from sevenwonders.base import BaseGame, BaseState
from sevenwonders.base.conservation import names_by_age
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.edifice import Edifice
from sevenwonders.errors import InvalidOptionError, InvalidStateError, Reason
from sevenwonders.simulation import simulate
from tests.boundary.helpers import only_own_errors, refused

Edit = Callable[[dict[str, Any]], Any]


def _states(game: Any, seed: int) -> list[Any]:
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    states = [state]
    while not game.is_over(state):
        state = game.play(state, {s: rng.choice(game.legal_moves(state, s))
                                  for s in sorted(game.to_move(state))})
        states.append(state)
    return states


def _refused_on_load(state: Any, edit: Edit, invariant: str) -> None:
    document = json.loads(to_json(state))
    assert from_json(json.dumps(document), type(state)) == state  # the real state loads
    edit(document)
    text = json.dumps(document)
    error = refused(lambda: from_json(text, type(state)), InvalidStateError,
                    Reason.INVALID_STATE)
    assert isinstance(error, InvalidStateError)
    assert invariant in [p.invariant for p in error.problems], error.problems


# -- base game


def test_a_free_build_needs_the_stage_that_gives_it() -> None:
    """Only Olympia's second stage (1st edition, side A) gives the once-per-Age free build."""
    state = _states(BaseGame(3, wonders=("giza", "babylon", "rhodes")), 1)[8]

    def edit(document: dict[str, Any]) -> None:
        document["cities"][0]["free_build_age"] = document["age"]

    _refused_on_load(state, edit, "free_build")


def test_a_discard_pile_build_needs_its_stage_built_this_turn() -> None:
    """Halikarnassos builds from the discard pile at the end of the turn its stage is built,
    not on a later turn."""
    game = BaseGame(3, wonders=("halicarnassus", "giza", "rhodes"), sides="night")
    later = next(s for seed in range(40) for s in _states(game, seed) if s.cities[0].stages
                 and not s.pending and s.discard and s.turn < 6 and not s.over)

    def edit(document: dict[str, Any]) -> None:
        document["pending"] = [{"seat": 0, "kind": "build_from_discard", "detail": ""}]
        for seat, hand in enumerate(document["hands"]):  # every seat played its card...
            document["discard"].append(hand.pop())
            document["marks"][seat]["income"] = 0 if seat == 0 else 3
        document["marks"][0]["built"] = []  # ...seat 0 a card it had built (no stage now)
        document["marks"][0]["income"] = 3
        for seat in (1, 2):
            document["cities"][seat]["coins"] += 3
        document["cities"][0]["coins"] += 3

    _refused_on_load(later, edit, "pending_decisions")


def test_every_seat_played_a_card_while_the_turn_has_decisions_pending() -> None:
    game = BaseGame(3, wonders=("halicarnassus", "giza", "rhodes"))
    mid_turn = next((s for seed in range(40) for s in _states(game, seed)
                     if s.pending and not s.age_ending), None)
    assert mid_turn is not None

    def edit(document: dict[str, Any]) -> None:
        document["marks"][1] = {"built": [], "stages": 0, "income": 0}

    _refused_on_load(mid_turn, edit, "turn_marks")


def test_a_victory_and_a_defeat_of_seats_that_are_not_neighbours() -> None:
    """Five players after Age I: seat 0 beat one of its neighbours (1 or 4), so one of them has
    the defeat, not seat 2; the counts (one victory, one defeat) match all the same."""
    state = next(s for s in _states(BaseGame(5), 3) if s.age == 2)

    def edit(document: dict[str, Any]) -> None:
        for city in document["cities"]:
            city["tokens"] = []
        document["cities"][0]["tokens"] = [1]
        document["cities"][2]["tokens"] = [-1]

    _refused_on_load(state, edit, "military_tokens")


def test_real_conflicts_between_neighbours_load() -> None:
    """The check of the pairs accepts what conflicts hand out (here, of every Age)."""
    for players in (3, 4, 7):
        game = BaseGame(players)
        fought = [last for last in (_states(game, seed)[-1] for seed in range(12))
                  if sum(map(len, (city.tokens for city in last.cities))) >= 4]
        assert fought
        for last in fought:
            assert from_json(to_json(last), BaseState) == last


def test_an_edifice_holder_listed_twice() -> None:
    """Every holder takes a completed project's reward once: a seat listed twice would take
    it twice (and the reward would not load back)."""
    game = BaseGame(3, expansions=(Edifice(),))
    state = next(s for seed in range(20) for s in _states(game, seed)
                 if any(s.expansions[0].holders))

    def edit(document: dict[str, Any]) -> None:
        holders = next(h for h in document["expansions"][0]["holders"] if h)
        holders.append(holders[0])

    _refused_on_load(state, edit, "table")


# -- Architects


def test_flipped_conflict_tokens_need_horns_in_the_cities() -> None:
    """The mutation fuzz's find: conflict tokens flipped with no card with horns in any city
    loaded, the battle they started gave victories, and the next state was refused."""
    state = _states(ArchitectsGame(4), 2)[4]
    assert state.flipped == 0

    def edit(document: dict[str, Any]) -> None:
        document["flipped"] = 4

    _refused_on_load(state, edit, "battles")


def test_victories_need_the_horns_of_their_battles_on_the_discard_pile() -> None:
    game = ArchitectsGame(3)
    t = game.tables

    def horned(state: ArchitectsState) -> int:
        return sum(1 for c in state.discard if t.horns[t.card_kind[c]])

    def horns(state: ArchitectsState) -> int:
        return sum(t.horns[t.card_kind[c]] for c in state.discard)

    # a state whose battles discarded more cards with horns than battles were fought
    state = next(s for seed in range(20) for s in _states(game, seed)
                 if horned(s) > horns(s) // t.conflict_total and not game.is_over(s))
    battles = horns(state) // t.conflict_total

    def one_seat(document: dict[str, Any]) -> None:
        document["cities"][0]["military"] = 2 * battles + 1

    def every_seat(document: dict[str, Any]) -> None:  # two each: six a battle, not three
        for city in document["cities"]:
            city["military"] = 2 * battles

    _refused_on_load(state, one_seat, "battles")
    if battles:
        _refused_on_load(state, every_seat, "battles")


def test_architects_victories_at_their_bounds_stay_closed_under_the_rules() -> None:
    game = ArchitectsGame(2)
    t = game.tables
    rng = random.Random(5)
    checked = 0
    for state in _states(game, 5):
        battles = sum(t.horns[t.card_kind[c]] for c in state.discard) // t.conflict_total
        if not battles or game.is_over(state):
            continue
        at_limit = attrs.evolve(state, cities=(
            attrs.evolve(state.cities[0], military=2 * battles),
            attrs.evolve(state.cities[1], military=0)))
        at_limit = from_json(to_json(at_limit), ArchitectsState)
        after = game.play(at_limit, {s: rng.choice(game.legal_moves(at_limit, s))
                                     for s in game.to_move(at_limit)})
        assert architects_problems(after) == ()
        checked += 1
    assert checked


# -- helpers and simulate: library errors only


def test_quotes_and_shields_check_their_state() -> None:
    base = BaseGame(3)
    state = base.new_game(seed=1)
    refused(lambda: base.quote(None, 0, "Baths"), InvalidStateError)  # type: ignore[arg-type]
    refused(lambda: base.stage_quote("state", 0), InvalidStateError)  # type: ignore[arg-type]
    refused(lambda: base.quote(BaseGame(4).new_game(seed=1), 0, "Baths"), InvalidStateError)
    refused(lambda: base.quote(state, 0, ["Baths"]), Exception,  # type: ignore[arg-type]
            Reason.UNKNOWN_NAME)
    architects = ArchitectsGame(3)
    refused(lambda: architects.shields(None, 0), InvalidStateError)  # type: ignore[arg-type]
    assert architects.shields(architects.new_game(seed=1), 0) == 0


BAD_SIMULATIONS: list[tuple[str, dict[str, Any]]] = [
    ("no game", {"game": None}),
    ("a game's name", {"game": "base"}),
    ("a float seed", {"seed": 1.5}),
    ("a text seed", {"seed": "2"}),
    ("a huge number of games", {"games": 10**100}),
    ("progress not a function", {"progress": 3}),
    ("executor without submit", {"executor": "pool"}),
]


@pytest.mark.parametrize(("what", "arguments"), BAD_SIMULATIONS,
                         ids=[w for w, _ in BAD_SIMULATIONS])
def test_simulate_refuses_what_it_cannot_use(what: str, arguments: dict[str, Any]) -> None:
    call = {"game": BaseGame(3), "agents": None, "games": 1, **arguments}
    refused(lambda: simulate(**call), InvalidOptionError)


def test_simulate_still_plays_a_game_from_a_fresh_seed() -> None:
    results = simulate(BaseGame(3), [RandomAgent()] * 3, games=1, seed=None)  # type: ignore[arg-type]
    assert len(results) == 1


# -- options that name nothing


OPTIONS_NAMING_NOTHING: list[tuple[str, Callable[[], Any], str]] = [
    ("a base wonder", lambda: BaseGame(3, wonders=("giza", "Atlantis", "rhodes")), "wonders"),
    ("a wonder's full name", lambda: BaseGame(3, wonders=("The Great Pyramid of Giza",
                                                          "babylon", "rhodes")), "wonders"),
    ("an Edifice project", lambda: Edifice(projects=("Belvedere", "Nowhere", "Gold Reserves")),
     "projects"),
    ("a castle rule that equals everything", lambda: Edifice(castle_loses=_Equal("highest")),
     "castle_loses"),
]


class _Equal(str):
    """A text that claims to equal everything."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__


@pytest.mark.parametrize(("what", "make", "name"), OPTIONS_NAMING_NOTHING,
                         ids=[w for w, _, _ in OPTIONS_NAMING_NOTHING])
def test_options_naming_nothing_are_invalid_options(what: str, make: Callable[[], Any],
                                                    name: str) -> None:
    error = refused(make, InvalidOptionError, Reason.INVALID_OPTION)
    assert name in str(error)


# -- views


def _view_of(game: Any, seed: int, ply: int) -> Any:
    state = _states(game, seed)[ply]
    return game.view(state, sorted(game.to_move(state))[0])


def test_a_view_remembering_a_hand_too_many_is_refused() -> None:
    view = _view_of(BaseGame(4), 1, 3)

    def edit(document: dict[str, Any]) -> None:
        hands = document["memory"]["hands"]
        hands.insert(1, hands[1])

    _refused_on_load(view, edit, "memory")


def test_an_edifice_view_with_a_pawn_list_short_is_refused() -> None:
    view = _view_of(BaseGame(4, expansions=(Edifice(),)), 1, 3)

    def edit(document: dict[str, Any]) -> None:
        document["expansions"][0]["pawns"].pop()

    _refused_on_load(view, edit, "table")


def test_agents_given_a_view_of_another_game_raise_library_errors() -> None:
    from sevenwonders.agents import GreedyAgent
    from sevenwonders.core.rng import Rng
    from sevenwonders.dice.game import DiceGame

    games = [BaseGame(4), BaseGame(4, wonders=("carthage", "giza", "babylon", "rhodes")),
             BaseGame(4, expansions=(Edifice(),)), ArchitectsGame(4), DiceGame(4)]
    views = [_view_of(game, 2, 2) for game in games]
    for game in games:
        state = game.new_game(seed=1)
        seat = sorted(game.to_move(state))[0]
        legal = game.legal_moves(state, seat)
        for other, view in zip(games, views, strict=True):
            if other is game:
                continue
            answer = only_own_errors(
                lambda g=game, v=view, m=legal: GreedyAgent().choose(g, v, m, Rng.from_seed(1)))
            if type(other) is not type(game) or len(other.expansions) != len(game.expansions):
                assert isinstance(answer, InvalidStateError), (game, other, answer)


# -- found by the mutation fuzz: accepted states whose views or successors were refused


def test_a_remembered_hand_holds_cards_of_this_age_only() -> None:
    """A trail (a hand's history this Age) naming a card of Age I in Age II loaded, and the
    view made of it was refused."""
    game = BaseGame(4)
    state = next(s for s in _states(game, 3) if s.age == 2 and s.turn == 3)
    assert state.memory is not None
    exact = names_by_age("2nd", 4)[0]
    age_one = next(c for city in state.cities for c in city.cards if c not in exact[2])

    def edit(document: dict[str, Any]) -> None:
        # a card the hand no longer holds (one played since) becomes an Age I card
        h, trail = next((h, t) for h, t in enumerate(document["memory"]["trails"]) if t)
        cards = trail[0][1]
        gone = next(i for i, card in enumerate(cards) if card not in state.hands[h])
        cards[gone] = age_one

    _refused_on_load(state, edit, "memory")


def test_every_later_edifice_decision_has_an_answer() -> None:
    """Two seats owed an Edifice penalty (discard a card of a colour) at an Age's end; after
    two cities swapped seats, the second seat had no card of that colour: the first decision
    was answerable, and the game then stuck on the second."""
    from tests.boundary.mutation import real_states

    state = real_states("edifice-7", 2)[19]
    later = state.pending[1]
    assert later.detail.startswith("edifice:discard:")

    def edit(document: dict[str, Any]) -> None:
        cities = document["cities"]
        cities[1], cities[later.seat] = cities[later.seat], cities[1]

    _refused_on_load(state, edit, "someone_moves")


# -- the position builders: what they cannot use is an option they refuse


def _builders() -> dict[str, Callable[..., Any]]:
    from sevenwonders.architects.positions import position as architects_position
    from sevenwonders.base.positions import position as base_position
    from sevenwonders.dice.game import DiceGame
    from sevenwonders.dice.positions import position as dice_position

    base, architects, dice = BaseGame(3), ArchitectsGame(3), DiceGame(3)
    return {
        "base": lambda **kw: base_position(base, **kw),
        "architects": lambda **kw: architects_position(architects, **kw),
        "dice": lambda **kw: dice_position(dice, **kw),
        "base of no game": lambda **kw: base_position(None, **kw),  # type: ignore[arg-type]
        "architects of no game": lambda **kw: architects_position(3, **kw),  # type: ignore[arg-type]
        "dice of no game": lambda **kw: dice_position("dice", **kw),  # type: ignore[arg-type]
    }


HOSTILE_REQUESTS: list[tuple[str, dict[str, Any]]] = [
    ("base", {"cities": {0: 5}}),
    ("base", {"cities": {0: {"tokens": 3}}}),
    ("base", {"cities": {0: {"stage_choices": True}}}),
    ("base", {"cities": {0: {"stages": 10**9}}}),  # (a billion default options, before)
    ("base", {"discard": 5}),
    ("base", {"expansions": [0]}),
    ("architects", {"cities": [0]}),
    ("architects", {"cities": {0: 7}}),
    ("architects", {"tops": ["central"]}),
    ("dice", {"seats": [0]}),
    ("dice", {"seats": {0: {"unlocked": 3}}}),
    ("base of no game", {}),
    ("architects of no game", {}),
    ("dice of no game", {}),
]


@pytest.mark.parametrize(("builder", "request_"), HOSTILE_REQUESTS,
                         ids=[f"{b}: {r}" for b, r in HOSTILE_REQUESTS])
def test_position_builders_refuse_what_they_cannot_use(builder: str,
                                                       request_: dict[str, Any]) -> None:
    make = _builders()[builder]
    if request_.get("cities", {}) == {0: {"stages": 10**9}}:
        refused(lambda: make(**request_), InvalidStateError)  # a board has no such stage
    else:
        refused(lambda: make(**request_), InvalidOptionError, Reason.INVALID_OPTION)


def test_to_json_and_ranking_of_what_they_cannot_use() -> None:
    from sevenwonders import ranking
    from sevenwonders.errors import SerializationError

    refused(lambda: to_json(BaseGame(3)), SerializationError, Reason.WRONG_TYPE)
    refused(lambda: to_json(object()), SerializationError, Reason.WRONG_TYPE)
    for bad in (None, 3, "sheets", [1, 2]):
        refused(lambda b=bad: ranking(b), InvalidOptionError, Reason.WRONG_TYPE)
    game = BaseGame(3)
    assert len(ranking(game.scores(game.new_game(seed=1)))) == 3
