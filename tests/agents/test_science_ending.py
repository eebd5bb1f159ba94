"""The estimate of a base-game city's final science line (``cut_points="ending"``): it reads
the science a city holds as the rules score it, applies the shipped fit, replaces exactly the
greedy judgement's science part in a seat's value, is what a cut walk's ``points`` reward reads
with the option, and its fitting script recovers a known fit and writes a file the package
reads."""

from __future__ import annotations

import math

import pytest

from sevenwonders.agents import ISMCTSAgent, make_agent
from sevenwonders.agents import ismcts as search
from sevenwonders.agents.heuristics import ending_values_of_for, values_of_for
from sevenwonders.agents.heuristics.base import _city_effects, ending_values_of, values_of
from sevenwonders.agents.heuristics.base_ending import (
    ESTIMATE,
    ending_science,
    held_science,
    parse_estimate,
    read_estimate,
)
from sevenwonders.agents.heuristics.base_features import science_next
from sevenwonders.agents.heuristics.weights import WEIGHTS
from sevenwonders.agents.ismcts_options import NET_CUT_POINTS, POINTS_SCALE
from sevenwonders.agents.search_walk import Search
from sevenwonders.base.effects import Science, ScienceChoice, Symbol
from sevenwonders.core.rng import Rng
from sevenwonders.errors import DataFileError, InvalidOptionError
from sevenwonders.games import make_game
from tests.agents.test_ismcts_points import _played
from tests.agents.test_strength_benchmark import _load


def test_held_science_is_the_science_line_the_rules_score() -> None:
    game = make_game("base", 4)
    seen = 0
    for seed in range(6):
        state = _played("base", 4, seed=seed)
        for seat, sheet in enumerate(game.scores(state)):  # type: ignore[arg-type]
            points, symbols = held_science(_city_effects(game, state.cities[seat]))  # type: ignore[attr-defined]
            assert points == sheet.lines.get("science", 0)
            seen += symbols > 0
    assert seen  # some seat held symbols
    compass, gear = Science(Symbol.COMPASS), Science(Symbol.GEAR)
    assert held_science([compass, gear, ScienceChoice()]) == (10, 3)  # the wildcard: a set


def test_the_estimate_applies_the_fit_of_its_age_and_turn() -> None:
    a, b, c = ESTIMATE[2, 1]
    assert ending_science(2, 1, 4, 2) == pytest.approx(a + 4 * b + 2 * c)
    assert ending_science(2, 7, 4, 2) == ending_science(2, 6, 4, 2)  # past the last turn
    assert ending_science(4, 1, 13, 4) == 13.0  # the game is over: the points held
    # a symbol held at the start of Age II goes with more end points than it scores now
    assert ending_science(2, 1, 1, 1) - ending_science(2, 1, 0, 0) > 1 + WEIGHTS.science[1]
    assert read_estimate() == ESTIMATE


@pytest.mark.parametrize("text", [
    "[estimate]\n",  # no turn
    "\n".join(f'"{a}.{t}" = [1, 2, 3]' for a in (1, 2, 3) for t in range(1, 6)),  # no table
    "[estimate]\n" + "\n".join(f'"{a}.{t}" = [1, 2]' for a in (1, 2, 3) for t in range(1, 7)),
    "[estimate]\n" + "\n".join(f'"{a}.{t}" = [1, 2, "x"]' for a in (1, 2, 3)
                               for t in range(1, 7)),
    "[estimate]\n" + "\n".join(f'"{a}.{t}" = [1, 2, nan]' for a in (1, 2, 3)
                               for t in range(1, 7)),
    "[estimate\n",
])
def test_a_malformed_estimate_file_is_refused(text: str) -> None:
    with pytest.raises(DataFileError):
        parse_estimate(text, "bad.toml")


def test_the_ending_value_replaces_only_the_greedy_science_part() -> None:
    game = make_game("base", 4)
    checked = 0
    for seed, steps in ((1, 9), (2, 14), (3, 20), (4, 25), (5, 30)):
        state = _played("base", 4, seed=seed, steps=steps)
        plain, ending = values_of(game, state), ending_values_of(game, state)  # type: ignore[arg-type]
        at = state.age - 1  # type: ignore[attr-defined]
        for seat in range(4):
            effects = _city_effects(game, state.cities[seat])  # type: ignore[attr-defined]
            points, symbols = held_science(effects)
            greedy = (points + WEIGHTS.science[at] * symbols
                      + WEIGHTS.science_next[at] * science_next(effects))
            estimate = ending_science(state.age, state.turn, points, symbols)  # type: ignore[attr-defined]
            assert ending[seat] - plain[seat] == pytest.approx(estimate - greedy)
            checked += symbols > 0
    assert checked
    assert ending_values_of_for(game) is ending_values_of
    dice = make_game("dice", 3)  # no estimate: its values_of
    assert ending_values_of_for(dice) is values_of_for(dice)


def test_a_cut_walk_with_ending_points_gains_the_ending_value() -> None:
    game = make_game("base", 4)
    state = _played("base", 4, seed=7, steps=8)
    seat = 0
    legal = game.legal_moves(state, seat)[:4]  # type: ignore[arg-type]
    determinize = search.determinizer_for(game)
    assert determinize is not None

    def rewards(points: float, cut_points: str) -> list[tuple[float, float]]:
        """Each root move's reward, and the searching seat's value the walk read at its cut."""
        options: dict[str, object] = {"leaf": "heuristic", "horizon": 2, "points": points,
                                      "cut_points": cut_points}
        settings = ISMCTSAgent(iterations=1, **options).settings(  # type: ignore[arg-type]
            game.name, players=4)
        walk = Search(settings, game, seat, legal)
        assert walk.values_of is (ending_values_of if cut_points == "ending" else values_of)
        read: list[float] = []

        def recorded(game_: object, cut: object) -> list[float]:
            values = walk_values(game_, cut)
            read.append(values[seat])
            return values

        walk_values, walk.values_of = walk.values_of, recorded  # type: ignore[method-assign]
        out = []
        for k, move in enumerate(legal):
            sample, rng = determinize(game, game.view(state, seat), Rng.from_seed(k))
            _, reward = walk.iterate(sample, rng, move)
            assert walk.cut and reward is not None
            out.append((reward, read[-1] if read else math.nan))
        return out

    plain = rewards(0.0, "ending")
    city, ending = rewards(1.5, "city"), rewards(1.5, "ending")
    for (before, _), (after, value) in zip(plain, ending, strict=True):
        assert after - before == pytest.approx(1.5 * value / POINTS_SCALE)
    assert [v for _, v in city] != [v for _, v in ending]  # the estimate is not the city value


def test_cut_points_is_read_from_the_spec_shown_in_the_name_and_checked() -> None:
    agent = make_agent("ismcts:50:points=1:cut_points=ending")
    assert isinstance(agent, ISMCTSAgent)
    assert agent.cut_points == "ending"
    assert agent.name == "ismcts(50,points=1.0,cut_points=ending)"
    default = ISMCTSAgent()
    assert default.cut_points == "city" == default.settings("base", players=4).cut_points
    for bad in ("ismcts:cut_points=end", "ismcts:cut_points="):
        with pytest.raises(InvalidOptionError):
            make_agent(bad)
    with pytest.raises(ValueError, match="cut_points"):
        ISMCTSAgent(cut_points="science")


def test_the_fitting_script_recovers_a_fit_and_writes_a_file_the_package_reads() -> None:
    train = _load("train_science_estimate")
    pytest.importorskip("numpy")
    samples = []
    for age in (1, 2, 3):
        for turn in range(1, 7):
            for points, symbols in ((0, 0), (1, 1), (4, 2), (10, 3), (2, 2), (5, 3)) * 40:
                final = 1.0 + 0.5 * points + (age + turn) * symbols
                samples.append((age, turn, points, symbols, round(final * 2)))
    fits = train.fit(samples)
    assert fits[2, 3] == pytest.approx((2.0, 1.0, 10.0))  # final * 2, exactly linear
    assert fits[3, 6] == pytest.approx((2.0, 1.0, 18.0))
    thin = [s for s in samples if (s[0], s[1]) != (1, 2) or s[3] == 0]
    assert train.fit(thin)[1, 2] == train.fit(thin)[1, 3]  # no holder: the next turn's fit
    text = train.format_estimate(fits, "a test")
    assert parse_estimate(text) == {key: tuple(v) for key, v in fits.items()}
    assert not math.isnan(ending_science(2, 3, 4, 2, parse_estimate(text)))
    played = train.play_samples(1, 5)
    assert {age for age, *_ in played} == {1, 2, 3} and len(played) >= 4 * 18


def test_network_leaves_read_the_ending_points_unless_given() -> None:
    pytest.importorskip("numpy")
    game = make_game("base", 4)
    for given, expected in (({}, NET_CUT_POINTS), ({"cut_points": "city"}, "city"),
                            ({"leaf": "heuristic"}, "city")):
        agent = ISMCTSAgent(iterations=1, **given)  # type: ignore[arg-type]
        settings = agent.settings(game.name, players=4)
        search.resolve_networks(game, settings, agent.given)
        assert settings.cut_points == expected
    assert NET_CUT_POINTS == "ending"
