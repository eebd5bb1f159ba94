"""The base game's greedy weights as data: what a coin, a unit of production, a science symbol
or a wonder stage is worth to :mod:`sevenwonders.agents.heuristics.base`, by Age.

The weights live in ``sevenwonders/agents/data/greedy_base.toml`` (read once, through the
package's data path like the card lists), so a tuning run can change the judgement without
touching the code: :data:`WEIGHTS` is what the greedy agent plays with (tuned by
``benchmarks/tune_greedy.py``, the file says how), :data:`HAND_WEIGHTS` the hand-set weights
it replaced (``greedy_base_hand.toml``, kept to measure against), :func:`read_weights` reads
another file of the same shape, and :meth:`BaseWeights.vector` /
:meth:`BaseWeights.from_vector` are the flat form an optimiser searches over.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from sevenwonders.errors import DataFileError

WEIGHTS_FILE = "greedy_base.toml"
HAND_FILE = "greedy_base_hand.toml"
AGES = (1, 2, 3)
BY_AGE = ("production", "coin_divisor", "discount", "chain", "science", "stage",
          "science_next", "stage_cover", "wonder_points")
"""The weights given per Age (a table of three values in the file)."""
OPTIONAL = {"science_next": (0.0, 0.0, 0.0), "stage_cover": (0.0, 0.0, 0.0),
            "wonder_points": (0.0, 0.0, 0.0)}
"""Weights a file may leave out (0: the judgement before they existed), by name."""


def _by_age(value: Any) -> tuple[float, float, float]:
    return (float(value[0]), float(value[1]), float(value[2]))


@attrs.frozen(slots=True, cache_hash=True)
class BaseWeights:
    """Every weight of the base game's city value (see the data file for what each is)."""

    later_conflict: float
    second_unit: float
    third_unit: float
    choice_unit: float
    power: float
    liquidity: float
    neighbour_payment: float
    production: tuple[float, float, float] = attrs.field(converter=_by_age)
    coin_divisor: tuple[float, float, float] = attrs.field(converter=_by_age)
    discount: tuple[float, float, float] = attrs.field(converter=_by_age)
    chain: tuple[float, float, float] = attrs.field(converter=_by_age)
    science: tuple[float, float, float] = attrs.field(converter=_by_age)
    stage: tuple[float, float, float] = attrs.field(converter=_by_age)
    science_next: tuple[float, float, float] = attrs.field(
        default=OPTIONAL["science_next"], converter=_by_age)
    stage_cover: tuple[float, float, float] = attrs.field(
        default=OPTIONAL["stage_cover"], converter=_by_age)
    wonder_points: tuple[float, float, float] = attrs.field(
        default=OPTIONAL["wonder_points"], converter=_by_age)

    @classmethod
    def from_mapping(cls, table: Mapping[str, Any]) -> BaseWeights:
        """The weights of a ``[weights]`` table (Age tables keyed ``"1"``, ``"2"``, ``"3"``)."""
        values = dict(table)
        for name in BY_AGE:
            if name in OPTIONAL and name not in values:
                continue
            values[name] = tuple(values[name][str(age)] for age in AGES)
        return cls(**values)

    def to_mapping(self) -> dict[str, Any]:
        """The ``[weights]`` table of these weights (what :meth:`from_mapping` reads)."""
        out: dict[str, Any] = attrs.asdict(self)
        for name in BY_AGE:
            out[name] = {str(age): value for age, value in zip(AGES, out[name], strict=True)}
        return out

    def vector(self) -> list[float]:
        """Every weight in field order, Age tables flattened (an optimiser's point)."""
        out: list[float] = []
        for field in attrs.fields(BaseWeights):
            value = getattr(self, field.name)
            out.extend(value if isinstance(value, tuple) else (value,))
        return out

    def vector_names(self) -> list[str]:
        """The name of each value of :meth:`vector` (``production.1`` for an Age's value)."""
        out: list[str] = []
        for field in attrs.fields(BaseWeights):
            if field.name in BY_AGE:
                out.extend(f"{field.name}.{age}" for age in AGES)
            else:
                out.append(field.name)
        return out

    @classmethod
    def from_vector(cls, vector: Sequence[float]) -> BaseWeights:
        """The weights of a flat :meth:`vector`."""
        values: dict[str, Any] = {}
        at = 0
        for field in attrs.fields(BaseWeights):
            if field.name in BY_AGE:
                values[field.name] = tuple(vector[at:at + 3])
                at += 3
            else:
                values[field.name] = float(vector[at])
                at += 1
        if at != len(vector):
            raise ValueError(f"a weight vector has {at} values, not {len(vector)}")
        return cls(**values)


def parse_weights(text: str, name: str = WEIGHTS_FILE) -> BaseWeights:
    """The weights in a TOML text of the data file's shape."""
    try:
        data = tomllib.loads(text)
        return BaseWeights.from_mapping(data["weights"])
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as error:
        raise DataFileError(name, "weights", str(error)) from None


def read_weights(path: str | Path | None = None, name: str = WEIGHTS_FILE) -> BaseWeights:
    """The weights in ``path``, or in the package's data file ``name``."""
    if path is None:
        text = resources.files("sevenwonders.agents").joinpath("data", name).read_text("utf-8")
        return parse_weights(text, name)
    return parse_weights(Path(path).read_text("utf-8"), str(path))


def format_weights(weights: BaseWeights, source: str) -> str:
    """A TOML text of the data file's shape holding ``weights`` (``source`` says where they came
    from)."""
    table = weights.to_mapping()
    lines = ["# The base game's greedy weights (sevenwonders.agents.heuristics.base), as data.",
             f"source = {source!r}".replace("'", '"'), "", "[weights]"]
    lines += [f"{key} = {value!r}" for key, value in table.items() if key not in BY_AGE]
    for name in BY_AGE:
        lines += ["", f"[weights.{name}]"]
        lines += [f"{age} = {value!r}" for age, value in table[name].items()]
    return "\n".join(lines) + "\n"


WEIGHTS = read_weights()
"""The weights the greedy agent plays with (the package's data file)."""
HAND_WEIGHTS = read_weights(name=HAND_FILE)
"""The hand-set weights the tuned ones replaced."""

__all__ = ["HAND_WEIGHTS", "WEIGHTS", "BaseWeights", "format_weights", "parse_weights",
           "read_weights"]
