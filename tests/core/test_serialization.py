import attrs
import pytest

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import SerializationError


@attrs.frozen
class Sample:
    names: frozenset[str]
    table: FrozenMap[str, int]
    pairs: tuple[tuple[int, str], ...]


def test_round_trip_and_sorted_frozensets() -> None:
    value = Sample(frozenset({"b", "a", "c"}), FrozenMap({"z": 1, "y": 2}), ((1, "x"),))
    text = to_json(value)
    assert text.startswith('{"names":["a","b","c"]')
    assert from_json(text, Sample) == value


@pytest.mark.parametrize(
    "text",
    ["not json", "[]", '{"names": [], "table": {}}', '{"names": 3, "table": {}, "pairs": []}',
     '{"names": [], "table": {"a": "x"}, "pairs": []}',
     '{"names": [], "table": {}, "pairs": [], "extra": 1}'],
)
def test_malformed_documents_raise_serialization_error(text: str) -> None:
    with pytest.raises(SerializationError):
        from_json(text, Sample)
