"""A fixed battery of hostile inputs at every entry point of every game: each is refused with
the library's own error class and reason code, quickly, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from sevenwonders import make_game
from sevenwonders.architects.game import ArchitectsGame
from sevenwonders.base import BaseGame
from sevenwonders.core.limits import MAX_NOTATION_CHARS
from sevenwonders.dice.game import DiceGame
from sevenwonders.errors import (
    GameOverError,
    IllegalMoveError,
    InvalidOptionError,
    InvalidStateError,
    NotationError,
    Reason,
    SevenWondersError,
    WrongSeatError,
)
from tests.boundary.helpers import only_own_errors, refused
from tests.frontend.helpers import game_of, playout

GAMES = ["base", "base-1st", "edifice", "architects", "dice"]


class Liar(str):
    """A string that says it equals everything."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def _state(kind: str, index: int = 0) -> Any:
    return playout(kind).states[index]


def _foreign_states(kind: str) -> list[Any]:
    return [_state(other) for other in ("base", "architects", "dice") if
            not kind.startswith(other) and not (kind == "edifice" and other == "base")]


# ------------------------------------------------------------------------- constructors


@pytest.mark.parametrize("build", [
    lambda: BaseGame(players="3"),  # type: ignore[arg-type]
    lambda: BaseGame(players=True),
    lambda: BaseGame(players=8),
    lambda: BaseGame(players=3, sides=5),  # type: ignore[arg-type]
    lambda: BaseGame(players=3, sides=[Liar("day")] * 3),
    lambda: BaseGame(players=3, edition=2),  # type: ignore[arg-type]
    lambda: BaseGame(players=3, wonders=5),  # type: ignore[arg-type]
    lambda: BaseGame(players=3, wonders=["giza", "giza", "ur"]),
    lambda: BaseGame(players=3, expansions=5),  # type: ignore[arg-type]
    lambda: BaseGame(players=3, expansions=["edifice"]),  # type: ignore[list-item]
    lambda: BaseGame(players=3, coin_effect_timing=["after_builds"]),  # type: ignore[arg-type]
    lambda: ArchitectsGame(players=1.5),  # type: ignore[arg-type]
    lambda: ArchitectsGame(players=3, babylon_deck=None),
    lambda: ArchitectsGame(players=3, nonsense=1),
    lambda: DiceGame(players=8),
    lambda: DiceGame(players=3, sheets=5),
    lambda: DiceGame(players=3, max_turns=1.5),
    lambda: DiceGame(players=3, agora_tie=Liar("all")),
    lambda: make_game("nope", 3),
    lambda: make_game("base", "3"),  # type: ignore[arg-type]
    lambda: make_game("base", 3, expansions={"edifice": 5}),
    lambda: make_game("base", 3, expansions=[5]),
])
def test_constructors_refuse_bad_options(build: Any) -> None:
    refused(build, InvalidOptionError)


@pytest.mark.parametrize("kind", GAMES)
@pytest.mark.parametrize(("seed", "reason"), [
    ("7", Reason.WRONG_TYPE), (1.5, Reason.WRONG_TYPE), (True, Reason.WRONG_TYPE),
    ([1], Reason.WRONG_TYPE), (2**64, Reason.OUT_OF_RANGE), (-(2**64), Reason.OUT_OF_RANGE),
    pytest.param(10**5000, Reason.OUT_OF_RANGE, id="5000-digits"),
])
def test_new_game_takes_only_int_seeds(kind: str, seed: Any, reason: Reason) -> None:
    refused(lambda: game_of(kind).new_game(seed), InvalidOptionError, reason)


@pytest.mark.parametrize("kind", GAMES)
def test_new_game_without_a_seed_is_unpredictable(kind: str) -> None:
    game = game_of(kind)
    from sevenwonders.core.serialization import to_json

    firsts = {to_json(game.view(game.new_game(), 0)) for _ in range(4)}
    assert len(firsts) > 1  # 64 secret bits: four games alike would be a broken generator
    assert game.new_game(2**64 - 1) is not None and game.new_game(-(2**64 - 1)) is not None


# ---------------------------------------------------------------- states that are not states


@pytest.mark.parametrize("kind", GAMES)
def test_every_entry_point_refuses_a_non_state(kind: str) -> None:
    game = game_of(kind)
    for bad in (None, 5, "state", {}, object(), *_foreign_states(kind)):
        for call in (lambda: game.to_move(bad), lambda: game.is_over(bad),  # noqa: B023
                     lambda: game.scores(bad), lambda: game.ranking(bad),  # noqa: B023
                     lambda: game.view(bad, 0), lambda: game.legal_moves(bad, 0),  # noqa: B023
                     lambda: game.play(bad, {0: None}),  # noqa: B023
                     lambda: game.step(bad, {}),  # noqa: B023
                     lambda: game.parse_move(bad, 0, "skip")):  # noqa: B023
            refused(call, InvalidStateError, Reason.INVALID_STATE, inputs=(bad,))


@pytest.mark.parametrize("kind", GAMES)
def test_seats_that_are_not_seats(kind: str) -> None:
    game = game_of(kind)
    state = _state(kind)
    legal = game.legal_moves(state, 0)
    for seat in (-1, 7, 2**70, True, 1.0, "0", None, (0,)):
        for call in (lambda: game.legal_moves(state, seat),  # noqa: B023
                     lambda: game.view(state, seat),  # noqa: B023
                     lambda: game.visible_events((), seat),  # noqa: B023
                     lambda: game.parse_move(state, seat, str(legal[0]))):  # noqa: B023
            refused(call, WrongSeatError, (Reason.NO_SUCH_SEAT, Reason.NOT_TO_MOVE),
                    inputs=(state,))


@pytest.mark.parametrize("kind", GAMES)
def test_moves_that_are_not_mappings_or_not_moves(kind: str) -> None:
    game = game_of(kind)
    state = _state(kind)
    seat = min(game.to_move(state))
    for moves in (None, [], "moves", 5, [(seat, game.legal_moves(state, seat)[0])]):
        for call in (lambda: game.play(state, moves), lambda: game.step(state, moves)):  # noqa: B023
            refused(call, IllegalMoveError, inputs=(state,))
    everyone = {s: game.legal_moves(state, s)[0] for s in game.to_move(state)}
    for bad in (None, "build", 5, object(), Liar("pass"), _foreign_move(kind)):
        moves = {**everyone, seat: bad}
        refused(lambda: game.play(state, moves), IllegalMoveError,  # noqa: B023
                (Reason.NOT_A_MOVE, Reason.WRONG_TYPE, Reason.ILLEGAL), inputs=(state, moves))


def _foreign_move(kind: str) -> Any:
    other = "dice" if not kind.startswith("dice") else "base"
    state = _state(other)
    return game_of(other).legal_moves(state, 0)[0]


@pytest.mark.parametrize("kind", GAMES)
def test_a_finished_game_takes_no_move(kind: str) -> None:
    game = game_of(kind)
    final = playout(kind).states[-1]
    last = playout(kind).steps[-1]
    refused(lambda: game.play(final, last), GameOverError, Reason.GAME_OVER, inputs=(final,))


@pytest.mark.parametrize("kind", GAMES)
def test_visible_events_of_garbage(kind: str) -> None:
    game = game_of(kind)
    for events in (None, 5, "events", [object()], (_state(kind),)):
        refused(lambda: game.visible_events(events, 0), InvalidStateError,  # noqa: B023
                Reason.WRONG_TYPE)


# ------------------------------------------------------------------------------- moves


@pytest.mark.parametrize("build", [
    lambda: __import__("sevenwonders.base.moves", fromlist=["Build"]).Build("Stockade", 0, 1.0),
    lambda: __import__("sevenwonders.base.moves", fromlist=["Build"]).Build("Stockade", True),
    lambda: __import__("sevenwonders.base.moves", fromlist=["Build"]).Build(Liar("Stockade")),
    lambda: __import__("sevenwonders.base.moves", fromlist=["Build"]).Build("S", free_build=1),
    lambda: __import__("sevenwonders.base.moves", fromlist=["Sell"]).Sell(Liar("Baths")),
    lambda: __import__("sevenwonders.base.moves", fromlist=["Sell"]).Sell(["Baths"]),
    lambda: __import__("sevenwonders.base.moves", fromlist=["BuildStage"]).BuildStage(
        "Baths", extras=["project"]),
    lambda: __import__("sevenwonders.base.moves", fromlist=["BuildStage"]).BuildStage(
        "Baths", choice=1.0),
    lambda: __import__("sevenwonders.base.moves", fromlist=["Choose"]).Choose(3),
    lambda: __import__("sevenwonders.architects.moves", fromlist=["Take"]).Take("left"),
    lambda: __import__("sevenwonders.architects.moves", fromlist=["Build"]).Build("a", 5),
    lambda: __import__("sevenwonders.architects.moves", fromlist=["Science"]).Science(
        ["a", "b"]),
    lambda: __import__("sevenwonders.dice.moves", fromlist=["Build"]).Build("grey_1",
                                                                             Liar("x.y")),
    lambda: __import__("sevenwonders.dice.moves", fromlist=["TakeBonus"]).TakeBonus(None),
])
def test_moves_have_exactly_their_declared_types(build: Any) -> None:
    refused(build, IllegalMoveError, Reason.WRONG_TYPE)


@pytest.mark.parametrize("build", [
    lambda: __import__("sevenwonders.base.moves", fromlist=["Build"]).Build("Baths", 10**5000),
    lambda: __import__("sevenwonders.base.moves", fromlist=["Build"]).Build("Baths", -1),
    lambda: __import__("sevenwonders.base.moves", fromlist=["Build"]).Build("Baths", 0, 10**7),
    lambda: __import__("sevenwonders.base.moves", fromlist=["BuildStage"]).BuildStage(
        "Baths", choice=-1),
])
def test_numbers_in_moves_are_bounded(build: Any) -> None:
    refused(build, IllegalMoveError, Reason.OUT_OF_RANGE)


# ---------------------------------------------------------------------------- notation


@pytest.mark.parametrize("kind", GAMES)
def test_notation_of_any_size_and_shape(kind: str) -> None:
    game = game_of(kind)
    state = _state(kind)
    seat = min(game.to_move(state))
    refused(lambda: game.parse_move(state, seat, "x" * 1_000_000), NotationError,
            Reason.TOO_LARGE, inputs=(state,))
    refused(lambda: game.parse_move(state, seat, "stage Baths" + " +x" * 30_000),
            NotationError, Reason.TOO_LARGE)
    for text in (None, b"skip", 5, ["skip"], Liar("skip")):
        refused(lambda: game.parse_move(state, seat, text), NotationError,  # noqa: B023
                Reason.WRONG_TYPE, inputs=(state,))
    longest = "stage Baths" + " +x" * ((MAX_NOTATION_CHARS - 11) // 3)
    for text in ("", "   ", "build Baths paying left " + "9" * 400, longest,
                 "build Baths paying left 99999999999", "build Baths paying left ٣",
                 "take " + "9" * 400, "build " + "a." * 200):
        only_own_errors(lambda: game.parse_move(state, seat, text), inputs=(state,))  # noqa: B023


def test_base_notation_numbers_are_bounded() -> None:
    game = game_of("base")
    state = _state("base")
    error = refused(lambda: game.parse_move(state, 0, "build Baths paying left 1234567890"),
                    NotationError, Reason.TOO_LARGE)
    assert "1234567890" in str(error)


def test_error_messages_quote_a_short_prefix() -> None:
    game = game_of("base")
    state = _state("base")
    error = refused(lambda: game.parse_move(state, 0, "sell " + "Q" * 500), SevenWondersError)
    assert "Q" * 100 not in str(error)


# -------------------------------------------------------------- every game, any seat's move


@pytest.mark.parametrize("kind", GAMES)
def test_is_legal_and_check_entry_points(kind: str) -> None:
    game = game_of(kind)
    state = _state(kind)
    if not hasattr(game, "is_legal"):
        pytest.skip("this game has no is_legal yet")
    move = game.legal_moves(state, 0)[0]
    assert game.is_legal(state, 0, move)
    refused(lambda: game.is_legal(None, 0, move), InvalidStateError)
    refused(lambda: game.is_legal(state, 99, move), WrongSeatError)


# ------------------------------------------------------------------------------ hypothesis

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

HYPOTHESIS = settings(max_examples=150, deadline=None, derandomize=True,
                      suppress_health_check=[HealthCheck.too_slow])
garbage = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10)
    | st.binary(max_size=4) | st.builds(Liar, st.text(max_size=5)),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner) | st.dictionaries(
        st.text(max_size=3), inner, max_size=2), max_leaves=6)
words = st.sampled_from(["build", "stage", "sell", "skip", "choose", "paying", "left", "right",
                         "and", "option", "free", "+project", "+x", "take", "wonder", "pass",
                         "tick", "bonus", "Baths", "Lumber", "Yard", "grey_1", "market.m1", "2",
                         "007", "99999999", ":", "a", "$", ""])


@HYPOTHESIS
@given(kind=st.sampled_from(GAMES), data=st.data())
def test_any_text_at_parse_move(kind: str, data: st.DataObject) -> None:
    game = game_of(kind)
    state = data.draw(st.sampled_from(playout(kind).states[:-1]), label="state")
    seat = data.draw(st.sampled_from(sorted(game.to_move(state))), label="seat")
    text = data.draw(st.lists(words, max_size=180).map(" ".join) | st.text(max_size=600),
                     label="text")
    result = only_own_errors(lambda: game.parse_move(state, seat, text), inputs=(state,))
    if not isinstance(result, SevenWondersError):
        assert result in game.legal_moves(state, seat)


def _move_classes(kind: str) -> list[type]:
    from typing import get_args

    import attrs

    from tests.frontend.helpers import BY_ID

    return [cls for cls in get_args(BY_ID[kind].move) if attrs.fields(cls)]


@HYPOTHESIS
@given(kind=st.sampled_from(GAMES), data=st.data())
def test_move_objects_with_any_field_values(kind: str, data: st.DataObject) -> None:
    import attrs

    cls = data.draw(st.sampled_from(_move_classes(kind)), label="class")
    values = [data.draw(garbage, label=field.name) for field in attrs.fields(cls)]
    made = only_own_errors(lambda: cls(*values))
    if isinstance(made, SevenWondersError):
        assert made.reason in (Reason.WRONG_TYPE, Reason.OUT_OF_RANGE)
        return
    game = game_of(kind)
    state = data.draw(st.sampled_from(playout(kind).states[:-1]), label="state")
    moves = {seat: game.legal_moves(state, seat)[0] for seat in game.to_move(state)}
    moves[min(moves)] = made
    only_own_errors(lambda: game.play(state, moves), inputs=(state,))
