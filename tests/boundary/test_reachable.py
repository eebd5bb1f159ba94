"""What loads is reachable: each impossible state below is one edit of a real state, breaks one
named invariant, and is refused on load with that invariant among the problems; and the checks
are closed under the rules (a state at a limit is accepted, and so are its successors)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from sevenwonders.architects.state import ArchitectsState
from sevenwonders.architects.validation import problems as architects_problems
from sevenwonders.base import BaseGame, BaseState, Build, BuildStage, Sell
from sevenwonders.base.validation import coin_limit
from sevenwonders.base.validation import problems as base_problems
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.dice.accounting import coin_limit as dice_coin_limit
from sevenwonders.dice.state import DiceState
from sevenwonders.dice.validation import problems as dice_problems
from sevenwonders.edifice import Edifice
from sevenwonders.errors import InvalidStateError, Reason
from sevenwonders.games import make_game
from tests.boundary.helpers import refused

Doc = dict[str, Any]


def _play_until(game: Any, seed: int, stop: Callable[[Any], bool],
                prefer: tuple[type, ...] = (BuildStage, Build)) -> Any:
    """A seeded game played, preferring moves of the ``prefer`` types, until ``stop(state)``."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    while not stop(state):
        assert not game.is_over(state), "the game ended before the wanted position"
        moves = {}
        for seat in sorted(game.to_move(state)):
            legal = game.legal_moves(state, seat)
            liked = [m for kind in prefer for m in legal if type(m) is kind]
            moves[seat] = rng.choice(liked[:3] or list(legal))
        state = game.play(state, moves)
    return state


def _refused_for(cls: type, state: Any, edit: Callable[[Doc], None], invariant: str,
                 problems: Callable[[Any], Any]) -> None:
    """The edited document is refused on load, and ``invariant`` is among its problems."""
    document = json.loads(to_json(state))
    edit(document)
    text = json.dumps(document)
    error = refused(lambda: from_json(text, cls), InvalidStateError, Reason.INVALID_STATE)
    assert isinstance(error, InvalidStateError)
    names = [p.invariant for p in error.problems]
    assert invariant in names, (names, str(error))
    assert problems(state) == ()  # the real state it was made from has none


# -- the base game


def _after_two_turns() -> BaseState:
    game = BaseGame(players=3)
    for seed in range(40):
        state = _play_until(game, seed, lambda s: (s.age, s.turn) == (1, 3), prefer=(Build,))
        if all(len(city.cards) == 2 for city in state.cities):
            return state
    raise AssertionError("no seed built six cards")


def test_a_city_with_four_cards_after_two_turns_is_refused() -> None:
    def edit(d: Doc) -> None:
        # two cards of the other cities moved into city 0: the deal stays whole
        for seat in (1, 2):
            d["cities"][0]["cards"].append(d["cities"][seat]["cards"].pop())
    _refused_for(BaseState, _after_two_turns(), edit, "built_counts", base_problems)


def test_a_dropped_defeat_token_is_refused() -> None:
    game = BaseGame(players=4)
    for seed in range(40):
        state = _play_until(game, seed, lambda s: s.age == 2)
        loser = next((i for i, c in enumerate(state.cities) if -1 in c.tokens), None)
        if loser is not None:
            break
    assert loser is not None

    def edit(d: Doc) -> None:
        d["cities"][loser]["tokens"].remove(-1)
    _refused_for(BaseState, state, edit, "military_tokens", base_problems)


def test_emptied_stage_options_are_refused() -> None:
    game = BaseGame(players=3)
    state = _play_until(game, 2, lambda s: any(c.stages for c in s.cities) and not s.pending,
                        prefer=(BuildStage,))
    seat = next(i for i, c in enumerate(state.cities) if c.stages)
    _refused_for(BaseState, state, lambda d: d["cities"][seat].__setitem__("stage_choices", []),
                 "wonder_stages", base_problems)


def test_turn_marks_with_no_decision_pending_are_refused() -> None:
    state = _after_two_turns()
    _refused_for(BaseState, state, lambda d: d["marks"][0].__setitem__("income", 5),
                 "turn_marks", base_problems)


def test_a_deferred_coin_effect_with_nothing_pending_is_refused() -> None:
    state = _after_two_turns()
    _refused_for(BaseState, state, lambda d: d.__setitem__("deferred", [[0, "Vineyard"]]),
                 "deferred_effects", base_problems)


def test_a_deferred_effect_of_an_unknown_card_is_refused() -> None:
    state = _after_two_turns()
    _refused_for(BaseState, state, lambda d: d.__setitem__("deferred", [[0, "Nonsense"]]),
                 "deferred_effects", base_problems)


def test_a_decision_for_a_seat_without_the_power_is_refused() -> None:
    state = _after_two_turns()
    pending = {"seat": 0, "kind": "build_from_discard", "detail": ""}
    _refused_for(BaseState, state, lambda d: d["pending"].append(pending),
                 "pending_decisions", base_problems)


def test_edifice_two_pawns_of_one_project_are_refused() -> None:
    game = BaseGame(players=3, wonders=("giza", "rhodes", "babylon"),
                    expansions=(Edifice(),))
    state = game.new_game(seed=3)

    def edit(d: Doc) -> None:
        edifice = d["expansions"][0]
        edifice["pawns"][1] = [1, 1]
        edifice["holders"][0] = [1]
    _refused_for(BaseState, state, edit, "table", base_problems)


# -- Architects


def _architects_state(players: int = 3, plies: int = 12) -> ArchitectsState:
    game = make_game("architects", players)
    rng = random.Random(plies)
    state = game.new_game(seed=plies)
    for _ in range(plies):
        state = game.play(state, {s: rng.choice(game.legal_moves(state, s))
                                  for s in game.to_move(state)})
    return state


def test_architects_current_not_the_seat_whose_turn_it_is_is_refused() -> None:
    state = _architects_state()
    _refused_for(ArchitectsState, state,
                 lambda d: d.__setitem__("current", (d["current"] + 1) % 3), "turn_order",
                 architects_problems)


def test_architects_card_moved_between_wonders_decks_is_refused() -> None:
    state = _architects_state()

    def edit(d: Doc) -> None:
        top = d["decks"][0][-2:]  # (card piles are hex strings, two digits a card)
        d["decks"][0], d["decks"][1] = d["decks"][0][:-2], d["decks"][1] + top
    _refused_for(ArchitectsState, state, edit, "deck_origin", architects_problems)


# -- Dice


def test_dice_a_box_ticked_before_its_arrow_is_refused() -> None:
    game = make_game("dice", 3)
    state = game.new_game(seed=4)
    table = game.tables.sheets[state.seats[0].sheet]
    box = next(b for b in table.boxes if b.requires)

    def edit(d: Doc) -> None:
        d["seats"][0]["ticks"][box.index] = 1
    _refused_for(DiceState, state, edit, "tick_order", dice_problems)


def test_dice_a_bonus_without_a_completed_building_is_refused() -> None:
    game = make_game("dice", 3)
    state = game.new_game(seed=4)
    _refused_for(DiceState, state, lambda d: d["seats"][0]["bonuses"].__setitem__(0, 1),
                 "bonuses", dice_problems)


# -- closed under the rules: states at the limits


def _at_coin_limit(state: BaseState, seat: int) -> BaseState:
    cities = list(state.cities)
    cities[seat] = attrs.evolve(cities[seat], coins=coin_limit(state))
    return attrs.evolve(state, cities=tuple(cities))


@pytest.mark.parametrize("players", [3, 7])
def test_a_base_state_at_the_coin_limit_has_accepted_successors(players: int) -> None:
    """Every seat at the limit sells: the successor (more coins) loads again."""
    game = BaseGame(players=players)
    state = _play_until(game, players, lambda s: (s.age, s.turn) == (3, 5), prefer=(Sell,))
    for seat in range(players):
        state = _at_coin_limit(state, seat)
    loaded = from_json(to_json(state), BaseState)
    sells = {s: next(m for m in game.legal_moves(loaded, s) if isinstance(m, Sell))
             for s in game.to_move(loaded)}
    after = game.play(loaded, sells)
    assert all(c.coins > coin_limit(state) for c in after.cities)
    assert from_json(to_json(after), BaseState) == after
    over = attrs.evolve(state, cities=(attrs.evolve(state.cities[0],
                                                    coins=coin_limit(state) + 1),
                                       *state.cities[1:]))
    assert [p.invariant for p in base_problems(over)] == ["coins"]


def test_the_old_999_coin_limit_no_longer_strands_a_game() -> None:
    """A state with 999 coins whose next state has 1,002 loads, and so does the next."""
    game = BaseGame(players=3)
    state = _play_until(game, 1, lambda s: (s.age, s.turn) == (1, 2), prefer=(Sell,))
    city = attrs.evolve(state.cities[0], coins=999)
    state = from_json(to_json(attrs.evolve(state, cities=(city, *state.cities[1:]))), BaseState)
    sell = next(m for m in game.legal_moves(state, 0) if isinstance(m, Sell))
    moves = {s: game.legal_moves(state, s)[0] for s in (1, 2)} | {0: sell}
    after = game.play(state, moves)
    assert after.cities[0].coins >= 1002
    assert from_json(to_json(after), BaseState) == after


def test_a_dice_state_at_the_coin_limit_has_accepted_successors() -> None:
    game = make_game("dice", 3, reserve_overflow="kept")
    state = game.new_game(seed=2)
    seats = tuple(attrs.evolve(s, coins=dice_coin_limit(state)) for s in state.seats)
    state = from_json(to_json(attrs.evolve(state, seats=seats)), DiceState)
    rng = random.Random(0)
    for _ in range(6):
        if game.is_over(state):
            break
        state = game.play(state, {s: rng.choice(game.legal_moves(state, s))
                                  for s in game.to_move(state)})
        assert from_json(to_json(state), DiceState) == state


def test_architects_turn_and_battles_stay_closed_under_the_rules() -> None:
    """States whose military victories are at their bounds (two a seat and one a pair of
    neighbours for each battle the discarded horns show) load, and so do the states after them
    (a battle discards the horns that flipped every conflict token and adds at most two
    victories a seat, one a pair)."""
    game = make_game("architects", 3)
    horned = game.tables.horns
    kind = game.tables.card_kind
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not game.is_over(state):
            battles = sum(horned[kind[card]] for card in state.discard) \
                // game.tables.conflict_total
            if battles:
                military = (2 * battles, battles, 0)  # 3 victories a battle: one a pair
                cities = tuple(attrs.evolve(c, military=m)
                               for c, m in zip(state.cities, military, strict=True))
                at_limit = from_json(to_json(attrs.evolve(state, cities=cities)),
                                     ArchitectsState)
                after = game.play(at_limit, {s: rng.choice(game.legal_moves(at_limit, s))
                                             for s in game.to_move(at_limit)})
                assert architects_problems(after) == ()
                checked += 1
            state = game.play(state, {s: rng.choice(game.legal_moves(state, s))
                                      for s in game.to_move(state)})
    assert checked
