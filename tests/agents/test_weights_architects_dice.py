"""Architects' and Dice's greedy judgement is data as the base game's is: the package's files
(the weights played and the hand-set ones) read back, a file and a vector of the weights read
back equal, greedy given the file's weights plays the same games as greedy, other weights change
what it values the way they say, and the memo keeps the package's weights and others apart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

from sevenwonders.agents import GreedyAgent
from sevenwonders.agents.heuristics import architects, dice, weights_for
from sevenwonders.agents.heuristics.architects_weights import ArchitectsWeights
from sevenwonders.agents.heuristics.dice_weights import DiceWeights
from sevenwonders.agents.heuristics.weights import (
    WeightsTable,
    format_weights,
    parse_weights,
    read_weights,
)
from sevenwonders.core.playout import states
from sevenwonders.dice.state import Phase
from sevenwonders.errors import DataFileError
from sevenwonders.games import make_game
from sevenwonders.simulation import play_game

KINDS: list[tuple[str, type[WeightsTable]]] = [("architects", ArchitectsWeights),
                                               ("dice", DiceWeights)]


@pytest.mark.parametrize(("name", "kind"), KINDS)
def test_the_package_files_read_back(name: str, kind: type[Any]) -> None:
    game = make_game(name, 3)
    played = weights_for(game)
    assert type(played) is kind and read_weights(kind) == played
    hand = read_weights(kind, name=kind.hand_file)
    assert min(hand.vector()) >= 0 and len(hand.vector()) == len(hand.vector_names())


@pytest.mark.parametrize(("name", "kind"), KINDS)
def test_weights_round_trip_through_a_file_and_a_vector(name: str, kind: type[Any],
                                                        tmp_path: Path) -> None:
    current = read_weights(kind)
    changed = kind.from_vector([v + 0.125 * (i + 1) for i, v in enumerate(current.vector())])
    path = tmp_path / "w.toml"
    path.write_text(format_weights(changed, "test"), "utf-8")
    assert read_weights(kind, path) == changed != current
    assert parse_weights(format_weights(changed, "test"), kind) == changed
    with pytest.raises(ValueError):
        kind.from_vector([*changed.vector(), 1.0])
    first = attrs.fields(kind)[0].name
    with pytest.raises(DataFileError):
        parse_weights(f"[weights]\n{first} = 1.0\n", kind)
    text = format_weights(current, "test")
    line = f"\n{first} = {getattr(current, first)!r}\n"
    assert parse_weights(text, kind) == current and line in text
    for wrong in (f"{first} = \"1.5\"", f"{first} = true", f"{first} = 1.0\nunknown = 1.0"):
        with pytest.raises(DataFileError):
            parse_weights(text.replace(line, f"\n{wrong}\n", 1), kind)
    keyed_name, key = current.vector_names()[-1].split(".")
    assert current.table(keyed_name)[key] == current.vector()[-1]
    with pytest.raises(DataFileError):  # a key the weight does not have
        parse_weights(text.replace(f"[weights.{keyed_name}]\n",
                                   f"[weights.{keyed_name}]\nnowhere = 1.0\n"), kind)


@pytest.mark.parametrize("name", ["architects", "dice"])
def test_greedy_with_the_files_weights_plays_as_greedy(name: str) -> None:
    game = make_game(name, 3)
    copy = GreedyAgent(weights=read_weights(type(weights_for(game))), name="copy")
    for seed in (1, 2):
        plain = play_game(game, [GreedyAgent()] * 3, seed)
        given = play_game(game, [copy] * 3, seed)
        assert plain.scores == given.scores


def _positions(name: str) -> tuple[Any, list[Any]]:
    """A 3-player game of ``name`` and every fourth state of one random game of it."""
    game = make_game(name, 3)
    return game, list(states(game, 5, 40))[::4]


def test_architects_values_follow_their_weights() -> None:
    game, positions = _positions("architects")
    richer = attrs.evolve(architects.WEIGHTS, stage_share=architects.WEIGHTS.stage_share + 1.0,
                          military=architects.WEIGHTS.military + 2.0)
    seen = 0
    for state in positions:
        if state.over:
            continue
        for seat in range(3):
            plain = architects.plain_city_value(game, state, seat)
            assert architects.city_value(game, state, seat) == pytest.approx(plain)
            other = architects.city_value(game, state, seat, w=richer)
            assert other == pytest.approx(architects.plain_city_value(game, state, seat, richer))
            assert other >= plain
            seen += other > plain
        assert architects.city_value(game, state, 0) == pytest.approx(
            architects.plain_city_value(game, state, 0))  # the memo keeps them apart
    assert seen


def test_dice_values_follow_their_weights() -> None:
    game, positions = _positions("dice")
    rich = attrs.evolve(dice.WEIGHTS, coin_early=dice.WEIGHTS.coin_early + 1.0,
                        coin_late=dice.WEIGHTS.coin_late + 1.0)
    seen = 0
    for state in positions:
        for seat in range(3):
            plain = dice.seat_value(game, state, seat)
            other = dice.seat_value(game, state, seat, w=rich)
            coins = min(state.seats[seat].coins, game.tables.sheets[state.seats[seat].sheet]
                        .reserve_size)
            if state.phase is not Phase.OVER:
                assert other == pytest.approx(plain + coins)
                seen += coins > 0
            assert dice.seat_value(game, state, seat) == plain  # the memo keeps them apart
    assert seen


@pytest.mark.parametrize(("name", "kind"), KINDS)
def test_a_tuning_generation_writes_weights_of_the_games_class(name: str, kind: type[Any],
                                                               tmp_path: Path) -> None:
    pytest.importorskip("cma")
    from tests.agents.test_strength_benchmark import _load

    tune = _load("tune_greedy")
    out = tmp_path / "tuned.toml"
    tune.main(["--game", name, "--players", "3", "--generations", "1", "--deals", "1",
               "--check-deals", "2", "--out", str(out)])
    tuned = read_weights(kind, out)
    assert tuned != read_weights(kind) and min(tuned.vector()) >= 0
    assert f"--game {name}" in out.read_text("utf-8")
