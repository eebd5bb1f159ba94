"""The speed layer agrees with the reference rules: plain takes (architects/fast/take.py) against
the general step,
remembered action options against the payment and science rules asked afresh."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects.fast import plain_take
from sevenwonders.architects.legal import LegalMoves
from sevenwonders.architects.memory import remember
from sevenwonders.architects.moves import Build, EndTurn, Extra, Move, Science, Take
from sevenwonders.architects.payment import stage_payments
from sevenwonders.architects.rules import Engine
from sevenwonders.architects.state import (
    Actions,
    ArchitectsState,
    DeckChoice,
    SideChoice,
    StartTurn,
    TokenChoice,
)
from sevenwonders.architects.work import Work

OPTIONS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (7, {}),
    (2, {"wonder_effects_mandatory": False, "retroactive_tokens": True,
         "wonder_cards_trigger": False, "olympia_one_deck": False}),
    (4, {"economy_forces_build": True, "economy_splits": False,
         "engineering_forces_build": False, "gold_for_any_resource": False,
         "extra_cards_optional": True}),
    (5, {"babylon_deck": "stone2_brick1", "halicarnassus_shuffle": "returned"}),
]


def _reference(game: ArchitectsGame) -> Engine:
    """The reference rules of ``game``'s configuration: nothing of the speed layer."""
    return Engine(LegalMoves(game.tables))


def _general(engine: Engine, state: ArchitectsState,
             move: Move, out: list[Any] | None = None) -> tuple[ArchitectsState, tuple[Move, ...]]:
    """The reference step: the scratch record, the move, forced and empty decisions."""
    work = Work(state)
    engine.apply(work, move, out)
    moves = engine.advance(work, out)
    return work.freeze(), moves


def _recalled(game: ArchitectsGame, before: ArchitectsState,
              step: tuple[ArchitectsState, tuple[Move, ...]],
              ) -> tuple[ArchitectsState, tuple[Move, ...]]:
    """The reference step's state with the seats' memory the rule gives (memory.remember)."""
    seen = remember(game.tables, before, step[0])
    return (step[0] if seen is None else attrs.evolve(step[0], seen=seen)), step[1]


def _reference_actions(game: ArchitectsGame, state: ArchitectsState) -> tuple[Move, ...]:
    """The free-order options of ``state``, from the payment and science rules directly."""
    engine, t, o = LegalMoves(game.tables), game.tables, game.rules
    seat = state.current
    city = state.cities[seat]
    res, gold, sci = engine.counts(city)
    tokens = [x for x in city.tokens if x not in state.used]
    economy = any(x in t.economy for x in tokens)
    engineering = any(x in t.engineering for x in tokens)
    moves: list[Move] = []
    owed = False
    for key in t.available[city.wonder][t.built_mask(city.built)]:
        builds, forced, _ = stage_payments(
            key, res, gold, economy, engineering, o.economy_splits, o.economy_forces_build,
            o.engineering_forces_build, t.letters, t.gold_letter,
            gold_for_any=o.gold_for_any_resource)
        moves.extend(builds)
        owed = owed or forced
    if state.face_up or state.token_pile:
        for symbols in engine.science_sets(sci):
            moves.append(Science(symbols))
            owed = True
    sources = engine._sources(Work(state), seat)
    if state.triggered and sources:
        owed = owed or not o.extra_cards_optional
        moves.extend(Extra(token, source) for token in state.triggered for source in sources)
    if moves and not owed:
        moves.append(EndTurn())
    return tuple(moves)


@pytest.mark.parametrize(("players", "options"), OPTIONS)
def test_plain_takes_and_action_options_agree_with_the_reference(
        players: int, options: dict[str, Any]) -> None:
    game = ArchitectsGame(players, **options)
    reference = _reference(game)
    plain = general = actions = builds = built_here = battles = decisions = sciences = 0
    powers = remembered = 0
    for seed in range(25):
        chooser = random.Random(seed)
        state = game.new_game(seed)
        while not game.is_over(state):
            legal = game.legal_moves(state, state.current)
            if type(state.pending) is Actions:
                assert legal == _reference_actions(game, state)
                actions += 1
                builds += any(type(move) is Build for move in legal)
            move = legal[chooser.randrange(len(legal))]
            if type(move) is Take and type(state.pending) is StartTurn:
                own = next(m for m in reference.moves.options(state) if m == move)
                fast = plain_take(game.moves, state, move.source)
                if fast is None:
                    general += 1
                else:
                    assert fast == _recalled(game, state, _general(reference, state, own))
                    remembered += fast[0].seen != state.seen
                    plain += 1
                    seat = state.current
                    built_here += len(fast[0].cities[seat].built) > len(
                        state.cities[seat].built)
                    battles += fast[0].flipped < state.flipped
                    decisions += type(fast[0].pending) is Actions
                    sciences += fast[0].pending == TokenChoice("science")
                    powers += type(fast[0].pending) in (DeckChoice, SideChoice) or (
                        fast[0].pending == TokenChoice("babylon"))
            state = game.play(state, {state.current: move})
    assert plain > 100 and general > 20 and actions > 20 and builds > 5
    assert built_here > 5 and battles > 5 and decisions > 5 and sciences > 5 and powers > 5
    assert remembered > 5


def test_plain_take_declines_a_state_with_leftovers_of_a_turn() -> None:
    import attrs

    game = ArchitectsGame(2)
    state = game.new_game(5)
    move = game.legal_moves(state, state.current)[0]
    assert type(move) is Take
    assert plain_take(game.moves, state, move.source) is not None
    for changes in ({"flags": 1}, {"used": ("economy",)}, {"triggered": ("urbanism",)},
                    {"pending": Actions()}):
        assert plain_take(game.moves, attrs.evolve(state, **changes), move.source) is None


@pytest.mark.parametrize(("players", "options"), OPTIONS)
def test_whole_games_through_the_game_equal_the_reference_rules(
        players: int, options: dict[str, Any]) -> None:
    """The game object (speed layer: remembered situations, plain takes, drafts) and the
    reference rules alone (legal.py, rules.py, work.py) give the same states, legal moves and
    events along random games, move by move."""
    game = ArchitectsGame(players, **options)
    reference = _reference(game)
    plies = 0
    for seed in range(6):
        chooser = random.Random(seed)
        state = game.new_game(seed)
        work = Work(reference.setup(seed))
        expected_moves = reference.advance(work, None)
        assert state == work.freeze()
        while not game.is_over(state):
            legal = game.legal_moves(state, state.current)
            assert legal == expected_moves
            move = legal[chooser.randrange(len(legal))]
            events: list[Any] = []
            after, expected_moves = _general(reference, state, move, events)
            if plies % 2:  # (the game object adds what each seat saw: ``seen``)
                stepped, got = game.step(state, {state.current: move})
                assert attrs.evolve(stepped, seen=()) == attrs.evolve(after, seen=())
                assert got == tuple(events)
            state = game.play(state, {state.current: move})
            assert attrs.evolve(state, seen=()) == attrs.evolve(after, seen=())
            plies += 1
        assert expected_moves == ()
    assert plies > 300
