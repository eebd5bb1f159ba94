"""Score sheets (named lines and a total) and rankings with shared places."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.limits import quote
from sevenwonders.errors import InvalidOptionError, Reason


def _freeze_lines(lines: Mapping[str, int]) -> FrozenMap[str, int]:
    return lines if isinstance(lines, FrozenMap) else FrozenMap(lines)


@attrs.frozen(slots=True)
class ScoreSheet:
    """One seat's score: ordered lines, their total, and the game's tie-break values.

    ``tiebreak`` holds the values compared (larger is better) when totals are equal, in order:
    coins in the base game, completed stages in Architects, and so on.
    """

    lines: FrozenMap[str, int] = attrs.field(converter=_freeze_lines)
    total: int
    tiebreak: tuple[int, ...] = ()

    @classmethod
    def of(cls, lines: Mapping[str, int], tiebreak: Sequence[int] = ()) -> ScoreSheet:
        """A sheet whose total is the sum of its lines."""
        frozen = _freeze_lines(lines)
        return cls(frozen, sum(frozen.values()), tuple(tiebreak))

    def key(self) -> tuple[int, ...]:
        """The sort key of a seat's result: its total, then the tie-breaks (coins in the base
        game)."""
        return (self.total, *self.tiebreak)


def ranking(sheets: Sequence[ScoreSheet]) -> tuple[int, ...]:
    """The place of every seat (1 = winner). Seats equal in total and tie-break share a place,
    and the next place is skipped (1, 1, 3)."""
    if isinstance(sheets, str | bytes) or not isinstance(sheets, Sequence) or not all(
            isinstance(sheet, ScoreSheet) for sheet in sheets):
        raise InvalidOptionError(f"ranking needs a list of score sheets, not {quote(sheets)}",
                                 reason=Reason.WRONG_TYPE)
    keys = [sheet.key() for sheet in sheets]
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def winners(sheets: Sequence[ScoreSheet]) -> tuple[int, ...]:
    """The seats in first place."""
    return tuple(seat for seat, place in enumerate(ranking(sheets)) if place == 1)
