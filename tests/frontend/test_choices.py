"""Choice details: per card and for the next stage, agreeing with the rules' legal moves."""

from __future__ import annotations

from collections import Counter

import pytest

from sevenwonders.base import BaseGame, Build, BuildStage, PendingKind, Sell
from sevenwonders.core.resources import Payment
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.edifice import Edifice
from sevenwonders.errors import WrongSeatError
from sevenwonders.frontend.choices import (
    CardChoice,
    HandChoices,
    MoveChoices,
    choices,
    choices_from_view,
    describe_card,
)
from tests.base.helpers import game, position
from tests.frontend.helpers import KIND_IDS, game_of, playout

BASE_KINDS = [k for k in KIND_IDS if k.startswith(("base", "edifice"))]


def _check_against_legal_moves(g: BaseGame, state: object, seat: int, c: HandChoices) -> None:
    legal = g.legal_moves(state, seat)  # type: ignore[arg-type]
    if c.decision == "build_from_discard":
        assert {card.card for card in c.cards} == {m.card for m in legal if isinstance(m, Build)}
        return
    for card in c.cards:
        builds = [m for m in legal if isinstance(m, Build) and m.card == card.card]
        paid = [m for m in builds if not m.free_build]
        assert card.buildable == bool(paid), card
        assert {(p.left, p.right) for p in card.payments} == {(m.left, m.right) for m in paid}
        assert card.free_build == any(m.free_build for m in builds)
        assert set(card.moves) == {str(m) for m in builds}
        assert (card.sell_coins == 3) == (Sell(card.card) in legal)
        if card.buildable:
            assert card.cheapest_cost == card.bank_coins + min(p.total for p in card.payments)
            assert (card.how == "trading") == (min(p.total for p in card.payments) > 0)
        else:
            assert card.how in ("cannot_pay", "duplicate") and card.cheapest_cost is None
    stages = [m for m in legal if isinstance(m, BuildStage)]
    if c.stage is None:
        assert not stages
        return
    first = c.cards[0].card if c.cards else None
    expected = {
        (p.left, p.right, v.extras, choice)
        for v in c.stage.variants if v.buildable
        for p in v.payments
        for choice in range(max(1, len(c.stage.options)))
    }
    assert {(m.left, m.right, m.extras, m.choice) for m in stages if m.card == first} == expected
    assert c.stage.buildable == bool(stages)


@pytest.mark.parametrize("kind_id", BASE_KINDS)
def test_choices_agree_with_the_legal_moves(kind_id: str) -> None:
    g = game_of(kind_id)
    assert isinstance(g, BaseGame)
    hows: Counter[str] = Counter()
    for state in playout(kind_id).states:
        for seat in range(g.players):
            c = choices(g, state, seat)
            assert isinstance(c, HandChoices)
            assert from_json(to_json(c), HandChoices) == c
            if seat not in g.to_move(state):
                assert c.decision in ("waiting", "over") and not c.cards
                continue
            _check_against_legal_moves(g, state, seat, c)
            hows.update(card.how for card in c.cards)
    assert hows["own_resources"] and hows["cannot_pay"]


def test_a_hand_with_every_kind_of_card() -> None:
    g = game(["giza", "babylon", "rhodes"])
    state = position(
        g, age=2, turn=1,
        hands=[["Aqueduct", "Statue", "Walls", "Stockade", "Baths", "Loom", "Sawmill"],
               ["Temple"], ["Forum"]],
        cities={0: {"cards": ["Baths", "Stone Pit"], "coins": 5},
                1: {"cards": ["Stone Pit", "Lumber Yard"]}},
    )
    c = choices(g, state, 0)
    by_card = {card.card: card for card in c.cards}
    assert by_card["Aqueduct"].how == "free_chain" and by_card["Aqueduct"].free == "chain"
    assert by_card["Aqueduct"].cheapest_cost == 0
    assert by_card["Statue"] == CardChoice("Statue", False, "cannot_pay", None, 0, None, None,
                                           (), sell_coins=3)
    walls = by_card["Walls"]
    assert (walls.how, walls.cheapest_trade, walls.payments) == ("trading", 2, (Payment(2, 0),))
    assert walls.moves == ("build Walls paying left 2",)
    assert by_card["Baths"].how == "duplicate" and not by_card["Baths"].buildable
    assert by_card["Loom"].how == "own_resources" and by_card["Loom"].cheapest_cost == 0
    sawmill = by_card["Sawmill"]
    assert (sawmill.how, sawmill.bank_coins, sawmill.cheapest_cost) == ("own_resources", 1, 1)
    assert c.stage is not None
    assert (c.stage.stage, c.stage.stages, c.stage.how, c.stage.cheapest_trade) == (
        1, 3, "trading", 4)
    assert c.coins == 5 and c.decision == "draft"


def test_edifice_participation_is_a_stage_variant() -> None:
    g = game(["giza", "babylon", "rhodes"], expansions=(Edifice(),))
    state = position(g, cities={0: {"coins": 9}, 1: {"cards": ["Lumber Yard"]}})
    c = choices(g, state, 0)
    assert c.stage is not None and len(c.stage.variants) == 2
    plain, join = c.stage.variants
    assert plain.extras == () and join.extras == ("project",)
    assert join.extra_coins > 0 and join.bank_coins == plain.bank_coins + join.extra_coins
    assert "join the project" in join.label
    _check_against_legal_moves(g, state, 0, c)


def test_stage_options_are_described() -> None:
    g = game(["carthage", "babylon", "rhodes"], sides=["night", "day", "day"],
             expansions=(Edifice(),))
    state = position(g, cities={0: {"coins": 20}})
    c = choices(g, state, 0)
    assert c.stage is not None
    assert c.stage.options == ("7 coins, 4 VP", "2 shields")
    _check_against_legal_moves(g, state, 0, c)


def test_bad_seats_are_refused() -> None:
    g = BaseGame(players=3)
    with pytest.raises(WrongSeatError):
        choices(g, g.new_game(1), 3)


@pytest.mark.parametrize("kind_id",
                         [k for k in KIND_IDS if not k.startswith(("base", "edif", "dice"))])
def test_other_games_get_their_moves_grouped(kind_id: str) -> None:
    g = game_of(kind_id)
    for state in playout(kind_id).states[:30]:
        for seat in range(g.players):
            c = choices(g, state, seat)
            assert isinstance(c, MoveChoices)
            assert from_json(to_json(c), MoveChoices) == c
            texts = [t for group in c.groups for t in group.moves]
            assert texts == [str(m) for m in g.legal_moves(state, seat)]


@pytest.mark.parametrize("kind_id", BASE_KINDS)
def test_the_view_alone_gives_the_same_choices_in_draft_turns(kind_id: str) -> None:
    g = game_of(kind_id)
    compared = 0
    for state in playout(kind_id).states:
        for seat in sorted(g.to_move(state)):
            if state.pending:
                continue  # the turn's marks are not in the view (see choices_from_view)
            assert choices_from_view(g, g.view(state, seat)) == choices(g, state, seat)
            compared += 1
    assert compared


def test_cards_are_described_for_people() -> None:
    g = BaseGame(players=3)
    assert describe_card(g.edition.cards["Baths"]) == "[S] 3 VP -> Aqueduct"
    assert describe_card(g.edition.cards["Sawmill"]) == "[$] produce 2xW"
    assert "free after Baths" in describe_card(g.edition.cards["Aqueduct"])


def test_the_card_a_building_chains_to_is_exposed_and_printed() -> None:
    # the printed 1st-edition Statue shows "-> Gardens".
    first = BaseGame(players=3, edition="1st").edition.cards
    assert first["Statue"].chains_to == ("Gardens",)
    assert describe_card(first["Statue"]).endswith("(free after Theater) -> Gardens")
    assert first["Theater"].chains_to == ("Statue",)
    for edition in ("1st", "2nd"):
        cards = BaseGame(players=3, edition=edition).edition.cards
        for card in cards.values():  # chains_to is exactly the reverse of chains_from
            assert set(card.chains_to) == {c.name for c in cards.values()
                                           if card.name in c.chains_from}


def test_olympias_used_free_build_is_known_from_the_view() -> None:
    # the docstrings said a remote frontend takes it "as unused".
    from sevenwonders.core.playout import states

    g = game(["olympia", "rhodes", "babylon"], sides="a", edition="1st")
    seen = {True: 0, False: 0}
    for seed in range(8):
        for state in states(g, seed):
            city = state.cities[0]
            if city.stages < 2 or state.pending or state.over:
                continue  # side A stage 2 gives the free build; pending turns are not in views
            used = city.free_build_age == state.age
            details = choices(g, state, 0)
            assert any(card.free_build for card in details.cards) is not used
            assert choices_from_view(g, g.view(state, 0)) == details
            seen[used] += 1
    assert seen[True] and seen[False]


def test_the_view_alone_gives_the_same_choices_in_pending_decisions() -> None:
    g = game_of("edifice")
    state = next(s for s in playout("edifice", 1).states
                 if s.pending and (s.age, s.turn) == (2, 6)
                 and s.pending[0].kind is PendingKind.PLAY_LAST_CARD)
    seat = state.pending[0].seat
    assert choices_from_view(g, g.view(state, seat)) == choices(g, state, seat)
