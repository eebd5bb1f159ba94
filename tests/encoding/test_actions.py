"""The action index: every mask is exactly the seat's legal moves, along whole random games."""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
import pytest

from sevenwonders import to_json
from sevenwonders.base.moves import Build, BuildStage, Sell
from sevenwonders.encoding.actions import ActionIndex
from sevenwonders.encoding.index_base import payment_cost
from sevenwonders.errors import IllegalMoveError, InvalidOptionError, WrongSeatError
from sevenwonders.rl import Adapter, action_index
from tests.rl.helpers import CONFIGS, IDS, game_of, playout


def _check_masks(adapter: Adapter, state: Any, full: bool) -> None:
    game, index = adapter.game, adapter.index
    to_move = game.to_move(state)
    for seat in range(game.players):
        legal = game.legal_moves(state, seat) if seat in to_move else ()
        mask = adapter.mask(state, seat) if seat in to_move else index.mask(())
        assert mask.dtype == np.int8 and mask.shape == (index.size,)
        assert set(np.flatnonzero(mask)) == {index.move_to_action(m) for m in legal}
        if full:
            assert int(mask.sum()) == len(legal)  # one action per move
        canonical = index._canonical or (lambda move: move)
        for move in legal:  # the index's memo (by class and fields) agrees with the move itself
            assert index.moves[index.move_to_action(move)] == canonical(move)
        for action in np.flatnonzero(mask):
            move = index.action_to_move(game, state, seat, int(action))
            assert move in legal and index.move_to_action(move) == action
            sharing = [m for m in legal if index.move_to_action(m) == action]
            assert payment_cost(move) == min(map(payment_cost, sharing))


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_every_mask_is_the_legal_moves(name: str, players: int, options: dict[str, Any]) -> None:
    adapter = Adapter(game_of(name, players, options), players)
    for seed in range(2):
        for state in playout(adapter.game, seed):
            _check_masks(adapter, state, full=False)


@pytest.mark.parametrize("options", [{}, {"expansions": ["edifice"]}])
def test_full_payments_give_each_payment_its_action(options: dict[str, Any]) -> None:
    adapter = Adapter(game_of("base", 3, options), 3, payments="full")
    paid = 0
    for state in playout(adapter.game, 4):
        _check_masks(adapter, state, full=True)
        paid += sum(1 for seat in adapter.game.to_move(state)
                    for m in adapter.game.legal_moves(state, seat) if getattr(m, "left", 0))
    assert paid  # the game offered payments to a neighbour


def test_cheapest_payment_tie_break() -> None:
    index = action_index(game_of("base", 3, {}))
    moves = [Build("Stone Pit", 2, 1), Build("Stone Pit", 0, 2), Build("Stone Pit", 1, 1)]
    assert index.legal(moves) == {index.move_to_action(moves[0]): Build("Stone Pit", 1, 1)}
    assert index.legal(moves[:2]) == {index.move_to_action(moves[0]): Build("Stone Pit", 0, 2)}


def test_labels_and_fixed_layout() -> None:
    index = action_index(game_of("base", 3, {}))
    again = action_index(game_of("base", 3, {}))
    assert index.labels == again.labels and index.size == len(set(index.labels))
    assert index.labels[-1] == "skip"
    assert index.labels[index.move_to_action(Sell("Altar"))] == "sell Altar"


def test_bad_moves_and_options_are_refused() -> None:
    game = game_of("base", 3, {})
    index = action_index(game)
    with pytest.raises(IllegalMoveError):
        index.move_to_action(Sell("No Such Card"))
    state = game.new_game(0)
    illegal = int(np.flatnonzero(index.mask(game.legal_moves(state, 0)) == 0)[0])
    with pytest.raises(IllegalMoveError):
        index.action_to_move(game, state, 0, illegal)
    with pytest.raises(InvalidOptionError):
        action_index(game, payments="some")
    with pytest.raises(InvalidOptionError):
        action_index(game_of("dice", 2, {}), payments="full")
    with pytest.raises(InvalidOptionError):
        Adapter("base", 3, reward="money")


@pytest.mark.parametrize(("name", "players", "options"), [
    ("architects", 4, {"extra_cards_optional": True, "wonder_effects_mandatory": False}),
    ("architects", 3, {"gold_for_any_resource": False}),
    ("base", 5, {"carthage": True, "expansions": ["edifice"]}),
])
def test_rule_options_keep_masks_exact(name: str, players: int, options: dict[str, Any]) -> None:
    adapter = Adapter(game_of(name, players, options), players)
    for seed in range(2):
        for state in playout(adapter.game, seed):
            _check_masks(adapter, state, full=False)


def test_a_lookalike_of_another_class_has_no_action() -> None:
    """The index remembers moves by class and field values: a value of another class with the
    same fields is still no move."""
    index = action_index(game_of("base", 3, {}))

    @attrs.frozen
    class Lookalike:
        card: str
        left: int = 0
        right: int = 0
        free_build: bool = False

    assert index.move_to_action(Build("Stone Pit")) >= 0  # remembered
    with pytest.raises(IllegalMoveError):
        index.move_to_action(Lookalike("Stone Pit"))
    with pytest.raises(IllegalMoveError):
        index.legal([Lookalike("Stone Pit")])


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_the_identity_memo_changes_no_action(name: str, players: int,
                                             options: dict[str, Any]) -> None:
    """The index first looks a move up by identity while the engine hands out the same
    objects again (base), and gives that up for engines that hand out copies (Architects, Dice):
    either way every legal mapping and mask equals a fresh index's without that memo."""
    game = game_of(name, players, options)
    index, plain = action_index(game), action_index(game)
    plain._ids = None
    for seed in range(5):
        for state in playout(game, seed):
            for seat in game.to_move(state):
                moves = game.legal_moves(state, seat)
                assert index.legal_and_mask(moves) == plain.legal_and_mask(moves)
    # the same objects again (base): the memo stays; fresh copies every call (Dice): it would
    # only hoard them and is dropped; Architects hands out its takes' copies again, other
    # moves fresh: either may win the count
    if name != "architects":
        assert (index._ids is None) == (name == "dice")


MEMORY_CASES = [(*c, "cheapest") for c in CONFIGS] + [
    (*c, "full") for c in CONFIGS if c[0] == "base"]


@pytest.mark.parametrize(("name", "players", "options", "payments"), MEMORY_CASES,
                         ids=[f"{c[0]}-{c[1]}-{'-'.join(sorted(c[2])) or 'default'}-{c[3]}"
                              for c in MEMORY_CASES])
def test_the_adapters_memories_change_no_action(name: str, players: int,
                                                options: dict[str, Any], payments: str) -> None:
    """The adapter reads the engine's own moves where the engine lends them (Architects,
    Dice) and remembers the results per listed tuple (Architects) or per shared row (base):
    every seat's legal mapping (in its order) and mask still equal a fresh index's of the
    copies ``legal_moves`` hands out, with either payment mode."""
    game = game_of(name, players, options)
    adapter = Adapter(game, players, payments=payments)
    plain = action_index(game, payments)
    plain._ids = None
    for seed in range(5):
        for state in playout(game, seed):
            for seat in game.to_move(state):
                legal, buffer = plain.legal_and_mask(game.legal_moves(state, seat))
                assert list(adapter.legal(state, seat).items()) == list(legal.items())
                assert adapter.legal_actions(state, seat) == sorted(legal)
                assert adapter.mask(state, seat).tobytes() == bytes(buffer)
    # Architects lists the same tuples again (its takes): the tuple memo finds them; Dice lists
    # new ones (the memo gives up after 1,000 looks); base lends no moves of its own
    if name == "architects":
        assert adapter._tuples is not None and adapter._tuple_hits > adapter._tuple_looks / 2
    else:
        assert adapter._tuple_hits == 0 and (name != "base" or adapter._tuples is None)


@pytest.mark.parametrize("name", ["architects", "dice"])
def test_shared_legal_moves_are_the_engines_own_and_equal_the_listed(name: str) -> None:
    game = game_of(name, 3, {})
    for state in playout(game, 7):
        for seat in range(3):
            shared = game.shared_legal_moves(state, seat)  # type: ignore[attr-defined]
            assert shared == game.legal_moves(state, seat)
            assert shared is game.shared_legal_moves(state, seat)  # type: ignore[attr-defined]
    for seat in (3, -1, True):  # the same refusal as legal_moves
        with pytest.raises(WrongSeatError):
            game.legal_moves(state, seat)
        with pytest.raises(WrongSeatError):
            game.shared_legal_moves(state, seat)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "players", "options"),
                         [c for c in CONFIGS if c[0] != "base"],
                         ids=[i for c, i in zip(CONFIGS, IDS, strict=True) if c[0] != "base"])
def test_moves_the_adapter_hands_out_cannot_poison_it(name: str, players: int,
                                                      options: dict[str, Any]) -> None:
    """Where the engine hands out copies (Architects, Dice; the base game hands out its own
    moves and refuses changed ones in ``play``), so does the adapter: changed in place
    (bypassing ``frozen``), they change neither its masks nor the game it plays (compared with
    an untouched game object playing the same actions)."""
    adapter = Adapter(game_of(name, players, options), players)
    clean = Adapter(game_of(name, players, options), players)
    rng = np.random.default_rng(3)
    state = adapter.game.new_game(3)
    twin = clean.game.new_game(3)
    poisoned = 0
    while not adapter.game.is_over(state):
        actions = {}
        for seat in adapter.game.to_move(state):
            legal = adapter.legal(state, seat)
            assert legal == clean.legal(twin, seat)
            assert adapter.mask(state, seat).tobytes() == clean.mask(twin, seat).tobytes()
            actions[seat] = int(rng.choice(sorted(legal)))
            for move in (*legal.values(), adapter.move(state, seat, actions[seat])):
                for field in attrs.fields(type(move)):
                    value = getattr(move, field.name)
                    if type(value) in (int, str):
                        object.__setattr__(move, field.name, 10**6 if type(value) is int else "?")
                        poisoned += 1
        state, twin = adapter.play(state, actions), clean.play(twin, actions)
    assert to_json(state) == to_json(twin) and poisoned


@pytest.mark.parametrize("payments", ["cheapest", "full"])
@pytest.mark.parametrize("options", [{}, {"expansions": ["edifice"]}])
def test_the_key_learns_what_the_canonical_form_learns(payments: str,
                                                       options: dict[str, Any]) -> None:
    """Base: a new move learns its action by a plain key (class and fields, but the payment
    when an action stands for every payment); an index without the key, learning by the
    canonical move, gives every legal move the same action and cost, and refuses the same."""
    game = game_of("base", 5, options)
    index = action_index(game, payments)
    plain = ActionIndex(index.moves, index._canonical, index._cost)
    assert index._key is not None and plain._key is None
    for seed in range(2):
        for state in playout(game, seed):
            for seat in game.to_move(state):
                for move in game.legal_moves(state, seat):
                    assert index._learn(move) == plain._learn(move)
    for bad in (Build("No Such Card"), Sell("Nope"), BuildStage("Nope", 1, 0, ("x",), 3)):
        with pytest.raises(IllegalMoveError):
            index._learn(bad)
        with pytest.raises(IllegalMoveError):
            plain._learn(bad)
    odd = Build("Stone Pit", 99, 98)  # an odd payment: the same answer either way
    if payments == "cheapest":
        assert index._learn(odd) == plain._learn(odd)
    else:
        with pytest.raises(IllegalMoveError):
            index._learn(odd)
        with pytest.raises(IllegalMoveError):
            plain._learn(odd)


def test_a_full_identity_memo_starts_afresh_and_changes_no_action(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The identity memo is bounded: past the bound it is cleared, in the short pass or in
    the careful one, and every legal mapping and mask still equal a fresh index's."""

    from sevenwonders.encoding import actions
    monkeypatch.setattr(actions, "IDENTITY_LIMIT", 40)
    game = game_of("base", 4, {})
    index, plain = action_index(game), action_index(game)
    plain._ids = None
    cleared = 0
    for seed in range(3):
        for state in playout(game, seed):
            for seat in game.to_move(state):
                moves = game.legal_moves(state, seat)
                before = len(index._ids or ())
                assert index.legal_and_mask(moves) == plain.legal_and_mask(moves)
                cleared += len(index._ids or ()) < before
    assert cleared  # (so small a memo soon finds more copies than hits, and gives up)


def test_layouts_per_player_count_leave_out_what_can_never_be_legal() -> None:
    """Cards not dealt at the player count, Olympia's free build where no board grants it
    (2nd edition), Edifice's penalty discard without Edifice: no action (the masks along
    whole games prove no legal move lacks one)."""
    three, four = (action_index(game_of("base", n, {})) for n in (3, 4))
    game = game_of("base", 3, {})
    late = sorted(n for n, c in game.edition.cards.items() if c.copies and min(c.copies) == 4)
    assert late and f"build {late[0]}" in four.labels and f"build {late[0]}" not in three.labels
    assert not any(label.endswith(" free") for label in three.labels)
    assert not any(label.startswith("choose") for label in three.labels)
    first = action_index(game_of("base", 3, {"edition": "1st"}))
    assert any(label.endswith(" free") for label in first.labels)
    edifice = action_index(game_of("base", 3, {"expansions": ["edifice"]}))
    assert any(label.startswith("choose") for label in edifice.labels)
    assert three.size == 196  # of 386 for every player count before (190 never legal at 3)
