"""The base game's science line as it will end, estimated from what a city holds now.

The greedy judgement (:mod:`sevenwonders.agents.heuristics.base`) counts a city's science as the
points its symbols score now plus a tuned weight per symbol in Ages I and II: a weight chosen to
rank one move against another at the greedy agent's one step, not an estimate of the points the
symbols end as. In all-greedy base 4-player games a city's final science line grows with the
symbols it holds far faster than that (sets grow, science cards chain to free science cards of
the next Age, a seat holding symbols keeps drafting them): a symbol held at the start of Age II
goes with about 11 more points at the end, the greedy value counts it 1 point and 1.1.

:data:`ESTIMATE` is the least-squares fit of the final science line on the science points and
the symbols held, per Age and turn (``agents/data/science_ending.toml``, made by
``benchmarks/train_science_estimate.py``, which says how); :func:`ending_science` reads it. The
search's ``points`` reward at a cut walk reads it with ``cut_points="ending"``
(:func:`sevenwonders.agents.heuristics.base.ending_values_of`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from importlib import resources

from sevenwonders.agents.heuristics.base_features import SYMBOLS
from sevenwonders.base.effects import Effect, Science, ScienceChoice
from sevenwonders.core.science import science_points
from sevenwonders.errors import DataFileError

ESTIMATE_FILE = "science_ending.toml"
TURNS = 6
"""The turns of an Age with 7 cards a hand (the last card is discarded)."""
Fit = tuple[float, float, float]


def parse_estimate(text: str, name: str = ESTIMATE_FILE) -> dict[tuple[int, int], Fit]:
    """The fit of a TOML text of the data file's shape, by (Age, turn): every Age and turn
    present, three finite numbers each."""
    try:
        table = tomllib.loads(text)["estimate"]
        fits: dict[tuple[int, int], Fit] = {}
        for age in (1, 2, 3):
            for turn in range(1, TURNS + 1):
                a, b, c = (float(v) for v in table[f"{age}.{turn}"])
                if not all(abs(v) < 1e6 for v in (a, b, c)):
                    raise ValueError(f"{age}.{turn}: not a finite number")
                fits[age, turn] = (a, b, c)
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as error:
        raise DataFileError(name, "estimate", str(error)) from None
    return fits


def read_estimate() -> dict[tuple[int, int], Fit]:
    """The package's fit (:data:`ESTIMATE_FILE`)."""
    text = resources.files("sevenwonders.agents").joinpath("data", ESTIMATE_FILE).read_text(
        "utf-8")
    return parse_estimate(text)


ESTIMATE: Mapping[tuple[int, int], Fit] = read_estimate()
"""The final science line's fit by (Age, turn): intercept, per point held, per symbol held."""


def held_science(effects: Iterable[Effect]) -> tuple[int, int]:
    """The science points a city's effects score now (wildcards placed best) and the symbols
    and wildcards it holds."""
    effects = list(effects)
    counts = [sum(1 for e in effects if isinstance(e, Science) and e.symbol is symbol)
              for symbol in SYMBOLS]
    wild = sum(1 for e in effects if isinstance(e, ScienceChoice))
    return science_points(*counts, wild), sum(counts) + wild


def ending_science(age: int, turn: int, points: int, symbols: int,
                   estimate: Mapping[tuple[int, int], Fit] = ESTIMATE) -> float:
    """The science line expected at the end of the game of a city holding ``symbols`` symbols
    that score ``points`` now, at ``turn`` of ``age`` (a turn past the Age's last reads the
    last; after Age III, the points themselves)."""
    if age > 3:
        return float(points)
    a, b, c = estimate[age, max(1, min(TURNS, turn))]
    return a + b * points + c * symbols


__all__ = ["ESTIMATE", "ESTIMATE_FILE", "ending_science", "held_science", "parse_estimate",
           "read_estimate"]
