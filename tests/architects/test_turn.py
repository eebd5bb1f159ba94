"""Set-up, taking a card, science, the cat, empty decks, and the free order of forced actions."""

from __future__ import annotations

from collections import Counter

import pytest

from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects import events as ev
from sevenwonders.architects.state import Actions, StartTurn, TokenChoice
from sevenwonders.core.serialization import to_json
from tests.architects.helpers import city_kinds, do, kinds, moves_text, of_type, position, settle


@pytest.mark.parametrize("players", range(2, 8))
def test_setup(players: int) -> None:
    game = ArchitectsGame(players=players)
    state = game.new_game(11)
    t = game.tables
    wonders = [city.wonder for city in state.cities]
    assert len(set(wonders)) == players
    for wonder, deck in zip(wonders, state.decks, strict=True):
        assert sorted(deck) == sorted(t.deck_cards[wonder])  # each seat's own wonder deck
    assert sorted(state.central) == sorted(t.deck_cards["central"])
    assert len(state.face_up) == 3 and len(state.token_pile) == 12
    assert (state.current, state.flipped, state.cat, state.discard) == (0, 0, None, ())
    assert game.tables.conflict_total == [3, 3, 4, 5, 6, 6][players - 2]
    assert game.to_move(state) == frozenset({0})
    game.check(state)


def test_setup_is_seeded() -> None:
    game = ArchitectsGame(players=3)
    assert to_json(game.new_game(5)) == to_json(game.new_game(5))
    assert game.new_game(5).central != game.new_game(6).central


def test_fixed_wonders_and_babylon_variant() -> None:
    game = ArchitectsGame(players=2, wonders=["babylon", "giza"], babylon_deck="stone2_brick1")
    state = game.new_game(1)
    assert [c.wonder for c in state.cities] == ["babylon", "giza"]
    counts = Counter(kinds(game, state.decks[0]))
    assert (counts["stone"], counts["brick"]) == (2, 1)


@pytest.mark.parametrize(("players", "seat", "left", "right"), [
    (2, 0, 0, 1), (2, 1, 1, 0), (3, 0, 0, 2), (3, 1, 1, 0), (5, 3, 3, 2)])
def test_left_deck_is_own_and_right_deck_is_right_neighbours(players: int, seat: int, left: int,
                                                            right: int) -> None:
    wonders = ["alexandria", "babylon", "ephesus", "giza", "halicarnassus", "olympia",
               "rhodes"][:players]
    game = ArchitectsGame(players=players, wonders=wonders)
    decks = {i: ["blue3"] for i in range(players)}
    state = position(game, decks=decks, central=["blue3"], current=seat, pending=StartTurn())
    _, events = do(game, state, "take left")
    assert of_type(events, ev.CardTaken)[0].source == wonders[left]
    _, events = do(game, state, "take right")
    assert of_type(events, ev.CardTaken)[0].source == wonders[right]
    _, events = do(game, state, "take central")
    assert of_type(events, ev.CardTaken)[0].source == "central"


GAME = ArchitectsGame(players=2, wonders=["giza", "rhodes"])


def test_two_identical_symbols_force_a_token() -> None:
    state = position(GAME, cities={0: {"cards": ["gear"]}}, decks={0: ["blue3", "gear"]},
                     central=["blue3"], face_up=("economy", "tactics", "culture"),
                     pending=StartTurn())
    state, events = do(GAME, state, "take left")
    assert ev.ScienceUsed(0, ("gear", "gear")) in events  # the only set: taken automatically
    assert isinstance(state.pending, TokenChoice)
    assert moves_text(GAME, state) == ["token economy", "token tactics", "token culture",
                                       "token hidden"]
    top = state.token_pile[-1]
    state, events = do(GAME, state, "token tactics")
    assert state.face_up == ("economy", top, "culture")  # refilled at once, in the same place
    assert of_type(events, ev.TokenTaken)[0] == ev.TokenTaken(0, "tactics", False, top, "science")
    assert city_kinds(GAME, state, 0) == []
    assert Counter(kinds(GAME, state.discard))["gear"] >= 2


def test_three_different_symbols_force_a_token() -> None:
    state = position(GAME, cities={0: {"cards": ["gear", "compass"]}},
                     decks={0: ["blue3", "tablet"]}, central=["blue3"], pending=StartTurn())
    state, events = do(GAME, state, "take left")
    assert ev.ScienceUsed(0, ("compass", "gear", "tablet")) in events


def test_the_seat_chooses_which_set_and_takes_one_token_per_set() -> None:
    state = position(GAME, cities={0: {"cards": ["gear", "gear", "compass", "tablet"]}},
                     decks={0: ["blue3"]}, central=["blue3"])
    assert moves_text(GAME, state) == ["science gear gear", "science compass gear tablet"]
    one, _ = do(GAME, state, "science compass gear tablet", "token urbanism")
    assert one.cities[0].tokens == ("urbanism",) and one.current == 1
    state = position(GAME, cities={0: {"cards": ["gear", "gear", "compass", "compass"]}},
                     decks={0: ["blue3"]}, central=["blue3"])
    state, _ = do(GAME, state, "science compass compass", "token crafts", "token jewelry")
    assert state.cities[0].tokens == ("crafts", "jewelry")


def test_no_tokens_left_means_no_obligation() -> None:
    state = position(GAME, cities={0: {"cards": ["gear", "gear"]}}, decks={0: ["blue3"]},
                     central=["blue3"], face_up=(), pile=())
    state, _ = settle(GAME, state)
    assert state.current == 1 and city_kinds(GAME, state, 0) == ["gear", "gear"]


def test_the_cat_moves_to_whoever_takes_a_cat_card() -> None:
    state = position(GAME, decks={0: ["blue3", "blue2cat"]}, central=["blue3"], cat=1,
                     pending=StartTurn())
    after, events = do(GAME, state, "take left")
    assert after.cat == 0 and ev.CatMoved(0, 1) in events
    assert GAME.scores(after)[0].lines["cat"] == 2 and GAME.scores(after)[1].lines["cat"] == 0
    after, events = do(GAME, state, "take central")
    assert after.cat == 1 and not of_type(events, ev.CatMoved)


def test_only_the_cat_holder_sees_the_central_top_at_the_start_of_its_turn() -> None:
    state = position(GAME, decks={0: ["blue3"], 1: ["blue3"]}, central=["red2", "tablet"], cat=0,
                     pending=StartTurn())
    assert GAME.view(state, 0).central_top == "tablet"
    assert GAME.view(state, 1).central_top is None
    no_cat = position(GAME, decks={0: ["blue3"], 1: ["blue3"]}, central=["red2", "tablet"],
                      cat=1, pending=StartTurn())
    assert GAME.view(no_cat, 0).central_top is None
    assert GAME.view(no_cat, 1).central_top is None  # not its turn
    after, _ = do(GAME, state, "take central")
    assert GAME.view(after, 0).central_top is None  # the seen card was taken: "red2" is unseen


def test_the_peeked_card_stays_known_for_the_rest_of_the_turn_while_on_top() -> None:
    # Rulebook "Die Katzenfigur verwenden": the holder looks at the central top card at the start
    # of its turn; what it saw it still knows after taking another deck's card.
    state = position(GAME, cities={0: {"tokens": ("urbanism",)}},
                     decks={0: ["blue3", "wood"], 1: ["blue3"]},
                     central=["red2", "gear", "tablet"], cat=0, pending=StartTurn())
    after, _ = do(GAME, state, "take left")
    assert after.current == 0 and after.peeked  # Urbanism owes an extra card
    assert GAME.view(after, 0).central_top == "tablet"
    assert GAME.view(after, 1).central_top is None
    extra, _ = do(GAME, after, "extra urbanism central")
    assert GAME.view(extra, 0).central_top is None and not extra.peeked
    # A seat that gains the cat during its turn did not look at the start of it.
    gained = position(GAME, decks={0: ["blue3", "blue2cat"], 1: ["blue3"]},
                      central=["red2", "tablet"], cat=1, pending=StartTurn())
    after_gain, _ = do(GAME, gained, "take left")
    assert GAME.view(after_gain, 0).central_top is None


def test_forced_actions_in_the_order_the_seat_chooses() -> None:
    state = position(GAME, cities={0: {"cards": ["gear", "wood"], "tokens": ("urbanism",),
                                       "built": ("2d",)}},
                     decks={0: ["blue3", "blue3", "gear"], 1: ["blue3", "wood"]},
                     central=["blue3", "blue3"], face_up=("economy", "tactics", "culture"),
                     pending=StartTurn())
    state, _ = do(GAME, state, "take right")  # wood: a build, and Urbanism's extra card
    assert set(moves_text(GAME, state)) == {"build 2s: W W", "extra urbanism left",
                                            "extra urbanism right", "extra urbanism central"}
    a, events_a = do(GAME, state, "build 2s: W W", "extra urbanism left", "token tactics")
    # Here the build is the last thing left, with one way to pay: it happens automatically.
    b, events_b = do(GAME, state, "extra urbanism left", "science gear gear", "token tactics")
    assert of_type(events_a, ev.StageBuilt) and of_type(events_b, ev.StageBuilt)
    for end in (a, b):
        assert end.current == 1 and end.cities[0].built == ("2d", "2s")
        assert end.cities[0].tokens == ("urbanism", "tactics")
    order = [type(e).__name__ for e in events_b if not isinstance(e, ev.TurnEnded)]
    assert order.index("StageBuilt") > order.index("TokenTaken")


def test_end_is_offered_only_when_nothing_is_forced() -> None:
    state = position(GAME, cities={0: {"tokens": ("economy",), "built": ("2d", "2s"),
                                       "cards": ["wood", "gold", "gear", "gear"]}},
                     decks={0: ["blue3"]}, central=["blue3"])
    assert "end" not in moves_text(GAME, state)  # the science set is still to be taken
    state, _ = do(GAME, state, "science gear gear", "token urbanism")
    assert moves_text(GAME, state) == ["build 3d: W $", "end"]


def test_empty_decks_are_not_offered_and_one_option_is_automatic() -> None:
    state = position(GAME, decks={0: [], 1: ["blue3", "blue3"]}, central=["blue3"],
                     pending=StartTurn())
    assert moves_text(GAME, state) == ["take right", "take central"]
    state = position(GAME, decks={0: [], 1: ["blue3", "red0"]}, central=[], pending=StartTurn())
    state, events = settle(GAME, state)
    assert of_type(events, ev.CardTaken)[0] == ev.CardTaken(0, "red0", "rhodes", "turn")


def test_a_seat_with_three_empty_decks_takes_nothing() -> None:
    game = ArchitectsGame(players=4, wonders=["giza", "rhodes", "babylon", "olympia"])
    state = position(game, decks={0: [], 3: [], 1: ["blue3"] * 2, 2: ["blue3"] * 2},
                     central=[], pending=StartTurn())
    state, events = settle(game, state)
    # Seat 0 can take nothing; seat 1 has one deck left, so its card is taken for it.
    assert events == [ev.TurnEnded(0, 1), ev.CardTaken(1, "blue3", "rhodes", "turn"),
                      ev.TurnEnded(1, 2)]
    assert state.current == 2 and not state.over


def test_the_game_ends_when_every_deck_is_empty() -> None:
    state = position(GAME, decks={0: [], 1: []}, central=["blue3"], pending=StartTurn())
    state, events = settle(GAME, state)
    assert state.over
    end = of_type(events, ev.GameEnded)[0]
    assert end.reason == "decks_empty" and end.totals == (3, 0)


def test_actions_state_without_options_ends_the_turn() -> None:
    state = position(GAME, decks={0: ["blue3"], 1: ["blue3"]}, central=["blue3"],
                     pending=Actions())
    state, events = settle(GAME, state)
    assert events == [ev.TurnEnded(0, 1)] and state.current == 1 and state.turn == 2
