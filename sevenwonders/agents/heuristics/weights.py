"""Greedy's judgement as data: each game's weights, their files and the flat vector an
optimiser searches over (``benchmarks/tune_greedy.py``).

Each game's weights are a frozen attrs class deriving from :class:`WeightsTable`, holding

- single weights (a float), written ``name = value`` in the file's ``[weights]`` table;
- keyed weights (a tuple of floats, made with :func:`keyed`): one value per key of the field
  (an Age, a wonder, a lasting effect), written as a table ``[weights.name]`` keyed by them and
  read back in the keys' order whatever the file's order.

In the vector a keyed weight's values are named ``name.key``. A file may leave out a weight that
has a default (a feature added after the file was written).

The base game's weights are :class:`BaseWeights`, what a coin, a unit of production, a science
symbol or a wonder stage is worth to :mod:`sevenwonders.agents.heuristics.base`, by Age. They live
in ``sevenwonders/agents/data/greedy_base.toml`` (read once, through the package's data path like
the card lists): :data:`WEIGHTS` is what the greedy agent plays with (tuned by
``benchmarks/tune_greedy.py``, the file says how) and :data:`HAND_WEIGHTS` the hand-set weights it
replaced (``greedy_base_hand.toml``, kept to measure against). Architects' and Dice's are in
:mod:`~sevenwonders.agents.heuristics.architects_weights` and
:mod:`~sevenwonders.agents.heuristics.dice_weights`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import attrs

from sevenwonders.errors import DataFileError

KEYS = "weights_keys"
"""The metadata entry of a keyed weight's field: its keys, in the tuple's order."""

W = TypeVar("W", bound="WeightsTable")


def _floats(value: Sequence[float]) -> tuple[float, ...]:
    return tuple(float(v) for v in value)


def keyed(keys: Sequence[str], default: Sequence[float] | None = None) -> Any:
    """A field of one weight per key (``keys`` in order; ``default`` when a file leaves it out).
    """
    size = len(keys)

    def check(_: Any, attribute: Any, value: tuple[float, ...]) -> None:
        if len(value) != size:
            raise ValueError(f"{attribute.name} has {len(value)} values, not {size}")

    extra: dict[str, Any] = {} if default is None else {"default": tuple(default)}
    return attrs.field(converter=_floats, validator=check, metadata={KEYS: tuple(keys)},
                       **extra)


def _fields(kind: type[Any]) -> Any:
    """The attrs fields of a weights class (every :class:`WeightsTable` is an attrs class)."""
    return attrs.fields(kind)


def _keys(field: Any) -> tuple[str, ...] | None:
    keys: tuple[str, ...] | None = field.metadata.get(KEYS)
    return keys


def _number(name: str, value: Any) -> float:
    """``value`` as a weight: an integer or a float of the file, nothing else."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{name} is {value!r}, not a number")
    return float(value)


_TABLES: dict[tuple[Any, str], dict[str, float]] = {}
"""Keyed weights as mappings, by weights and field (a few per weights a run plays with; a
tuning run plays hundreds, so it is emptied when it holds :data:`TABLES_LIMIT`)."""
TABLES_LIMIT = 4096


class WeightsTable:
    """What every game's weights class shares: the file table and vector forms of its fields."""

    __slots__ = ()

    data_file: ClassVar[str]
    """The package data file holding the weights the greedy agent plays with."""
    title: ClassVar[str]
    """The first line of a file of these weights: whose judgement they are."""
    hand_file: ClassVar[str]
    """The package data file holding the hand-set weights (kept to measure against)."""

    @classmethod
    def from_mapping(cls: type[W], table: Mapping[str, Any]) -> W:
        """The weights of a ``[weights]`` table (a keyed weight: a table keyed by exactly its
        keys); a name or key the class does not have, or a value that is not a number, is an
        error (``ValueError`` or ``TypeError``), not ignored."""
        values = dict(table)
        for field in _fields(cls):
            if field.name not in values:
                continue
            keys, value = _keys(field), values[field.name]
            if keys is None:
                values[field.name] = _number(field.name, value)
                continue
            if not isinstance(value, Mapping) or set(value) != set(keys):
                raise ValueError(f"{field.name} must be a table of {', '.join(keys)}")
            values[field.name] = tuple(_number(f"{field.name}.{key}", value[key]) for key in keys)
        return cls(**values)

    def to_mapping(self) -> dict[str, Any]:
        """The ``[weights]`` table of these weights (what :meth:`from_mapping` reads)."""
        out: dict[str, Any] = {}
        for field in _fields(type(self)):
            value = getattr(self, field.name)
            keys = _keys(field)
            out[field.name] = value if keys is None else dict(zip(keys, value, strict=True))
        return out

    def vector(self) -> list[float]:
        """Every weight in field order, keyed weights flattened (an optimiser's point)."""
        out: list[float] = []
        for field in _fields(type(self)):
            value = getattr(self, field.name)
            out.extend(value if _keys(field) is not None else (value,))
        return out

    def vector_names(self) -> list[str]:
        """The name of each value of :meth:`vector` (``name.key`` for a keyed weight's value)."""
        out: list[str] = []
        for field in _fields(type(self)):
            keys = _keys(field)
            out.extend([field.name] if keys is None else [f"{field.name}.{k}" for k in keys])
        return out

    def table(self, name: str) -> Mapping[str, float]:
        """A keyed weight as a mapping from its keys to its values (made once per weights)."""
        found = _TABLES.get((self, name))
        if found is None:
            if len(_TABLES) >= TABLES_LIMIT:
                _TABLES.clear()
            field = getattr(_fields(type(self)), name)
            found = _TABLES[(self, name)] = dict(zip(_keys(field) or (), getattr(self, name),
                                                     strict=True))
        return found

    @classmethod
    def from_vector(cls: type[W], vector: Sequence[float]) -> W:
        """The weights of a flat :meth:`vector`."""
        fields = [(field.name, _keys(field)) for field in _fields(cls)]
        size = sum(1 if keys is None else len(keys) for _, keys in fields)
        if size != len(vector):
            raise ValueError(f"a weight vector has {size} values, not {len(vector)}")
        values: dict[str, Any] = {}
        at = 0
        for name, keys in fields:
            if keys is None:
                values[name] = float(vector[at])
                at += 1
            else:
                values[name] = tuple(float(v) for v in vector[at:at + len(keys)])
                at += len(keys)
        return cls(**values)


def parse_weights(text: str, kind: type[W], name: str | None = None) -> W:
    """The weights of class ``kind`` in a TOML text of the data file's shape."""
    try:
        return kind.from_mapping(tomllib.loads(text)["weights"])
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as error:
        raise DataFileError(name or kind.data_file, "weights", str(error)) from None


def read_weights(kind: type[W], path: str | Path | None = None, name: str | None = None) -> W:
    """The weights of class ``kind`` in ``path``, or in the package's data file ``name`` (its
    own file without it)."""
    if path is None:
        name = name or kind.data_file
        text = resources.files("sevenwonders.agents").joinpath("data", name).read_text("utf-8")
        return parse_weights(text, kind, name)
    return parse_weights(Path(path).read_text("utf-8"), kind, str(path))


def format_weights(weights: WeightsTable, source: str) -> str:
    """A TOML text of the data file's shape holding ``weights`` (``source`` says where they came
    from)."""
    table = weights.to_mapping()
    lines = [f"# {weights.title}", f"source = {source!r}".replace("'", '"'), "", "[weights]"]
    lines += [f"{key} = {value!r}" for key, value in table.items() if not isinstance(value, dict)]
    for key, value in table.items():
        if isinstance(value, dict):
            lines += ["", f"[weights.{key}]"]
            lines += [f"{_toml_key(k)} = {v!r}" for k, v in value.items()]
    return "\n".join(lines) + "\n"


def _toml_key(key: str) -> str:
    """A key as TOML writes it: bare when it may be, quoted otherwise."""
    return key if key.replace("_", "").replace("-", "").isalnum() else f'"{key}"'



WEIGHTS_FILE = "greedy_base.toml"
HAND_FILE = "greedy_base_hand.toml"
AGES = ("1", "2", "3")
"""The keys of a weight given per Age (a table of three values in the file)."""
NO_FEATURE = (0.0, 0.0, 0.0)
"""The value of a feature's weight a file leaves out (the judgement before it existed)."""


@attrs.frozen(slots=True, cache_hash=True)
class BaseWeights(WeightsTable):
    """Every weight of the base game's city value (see the data file for what each is)."""

    data_file: ClassVar[str] = WEIGHTS_FILE
    title: ClassVar[str] = (
        "The base game's greedy weights (sevenwonders.agents.heuristics.base), as data.")
    hand_file: ClassVar[str] = HAND_FILE

    later_conflict: float
    second_unit: float
    third_unit: float
    choice_unit: float
    power: float
    liquidity: float
    neighbour_payment: float
    production: tuple[float, float, float] = keyed(AGES)
    coin_divisor: tuple[float, float, float] = keyed(AGES)
    discount: tuple[float, float, float] = keyed(AGES)
    chain: tuple[float, float, float] = keyed(AGES)
    science: tuple[float, float, float] = keyed(AGES)
    stage: tuple[float, float, float] = keyed(AGES)
    science_next: tuple[float, float, float] = keyed(AGES, NO_FEATURE)
    stage_cover: tuple[float, float, float] = keyed(AGES, NO_FEATURE)
    wonder_points: tuple[float, float, float] = keyed(AGES, NO_FEATURE)


WEIGHTS = read_weights(BaseWeights)
"""The weights the greedy agent plays with (the package's data file)."""
HAND_WEIGHTS = read_weights(BaseWeights, name=HAND_FILE)
"""The hand-set weights the tuned ones replaced."""

__all__ = ["AGES", "HAND_WEIGHTS", "KEYS", "WEIGHTS", "BaseWeights", "WeightsTable",
           "format_weights", "keyed", "parse_weights", "read_weights"]
