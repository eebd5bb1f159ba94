"""A new table from the body of ``POST /api/tables``: its game built through the library's
own path for strangers' options, its bots, and its turn clock.

The options are checked by the library alone (:func:`sevenwonders.frontend.records.build_game`, the
path every record takes: the game's option checks and bounds, no option that opens a file),
and the new record must read back through the library's record reader, so nothing is created
that the server could not store and replay. The server adds two bounds of its own: Dice tables
end within :data:`MAX_DICE_TURNS` turns, and no number in the options is beyond
:data:`MAX_OPTION_NUMBER` (so no score outgrows what a record holds).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import attrs

from sevenwonders.core.protocol import Game
from sevenwonders.errors import SevenWondersError
from sevenwonders.frontend.records import build_game, load_record, new_record
from sevenwonders.frontend.server.bots import BOTS
from sevenwonders.frontend.server.problems import ApiError
from sevenwonders.frontend.server.settings import Settings

MAX_DICE_TURNS = 200   # Dice's max_turns option: every table must end
MAX_OPTION_NUMBER = 1_000_000  # any number in the options (real ones are below 1,000), so no
# score can outgrow what a record holds
DEFAULT_CLOCK_BOT = "greedy"


@attrs.frozen(slots=True)
class Clock:
    """A table's turn clock: seconds per decision, and the bot that moves for a seat whose
    time ran out."""

    seconds: float
    bot: str

    def to_dict(self) -> dict[str, Any]:
        return {"seconds": self.seconds, "bot": self.bot}


@attrs.frozen(slots=True)
class NewTable:
    """What a ``POST /api/tables`` body asks for, checked."""

    game: Game[Any, Any, Any]
    bots: dict[int, str]
    clock: Clock | None


def parse_new_table(body: Any, settings: Settings) -> NewTable:
    """The game, bots and clock of a ``POST /api/tables`` body, or :class:`ApiError`."""
    if not isinstance(body, dict):
        raise ApiError.server("malformed", "the body must be a JSON object")
    unknown = sorted(set(body) - {"game", "players", "options", "bots", "clock"})
    if unknown:
        raise ApiError.server("malformed", f"unknown field(s): {', '.join(unknown)}")
    name, players = body.get("game"), body.get("players")
    options, bots = body.get("options", {}), body.get("bots", {})
    if not isinstance(name, str):
        raise ApiError.server("malformed", "game must be a game's name (base, architects, dice)")
    if isinstance(players, bool) or not isinstance(players, int):
        raise ApiError.server("malformed", "players must be a whole number")
    if not isinstance(options, dict):
        raise ApiError.server("malformed", "options must be a JSON object")
    clock = parse_clock(body.get("clock"), settings)
    seats = parse_bots(bots)
    game = build_checked(name, players, options)
    for seat in seats:
        if not 0 <= seat < game.players:
            raise ApiError(400, "no_such_seat", f"bots: there is no seat {seat}")
    return NewTable(game, seats, clock)


def build_checked(name: str, players: int, options: dict[str, Any]) -> Game[Any, Any, Any]:
    """The game through the library's path for options from outside, refused (400 with the
    library's reason) unless its record would read back through the library."""
    if name == "dice":
        turns = options.get("max_turns", 100)
        if isinstance(turns, bool) or not isinstance(turns, int) \
                or not 1 <= turns <= MAX_DICE_TURNS:
            raise ApiError(400, "invalid_option",
                           f"max_turns must be a whole number from 1 to {MAX_DICE_TURNS} here")
    try:
        game = build_game(name, players, options)
        record = load_record(new_record(game, 0).to_json())
    except SevenWondersError as error:
        raise ApiError.of(error) from None
    except (ValueError, TypeError, RecursionError) as error:  # past what JSON can carry
        raise ApiError(400, "invalid_option", f"these options cannot be kept: {error}"[:300]) \
            from None
    largest = largest_number(record.options)
    if largest > MAX_OPTION_NUMBER:
        raise ApiError(400, "invalid_option", "a number in the options is beyond "
                       f"{MAX_OPTION_NUMBER:,} (either way); this server takes none")
    return game


def largest_number(value: Any) -> float:
    """The largest magnitude of a number anywhere in ``value`` (plain JSON values)."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int | float):
        return abs(value)
    if isinstance(value, Mapping):
        return max((largest_number(v) for v in value.values()), default=0)
    if isinstance(value, list | tuple):
        return max((largest_number(v) for v in value), default=0)
    return 0


def parse_bots(bots: Any) -> dict[int, str]:
    if not isinstance(bots, dict):
        raise ApiError.server("malformed", 'bots must map seats to bot names: {"1": "random"}')
    seats: dict[int, str] = {}
    for key, bot in bots.items():
        if not (key.isascii() and key.isdigit() and len(key) <= 3):
            raise ApiError.server("malformed", f"bots: {key!r} is not a seat number")
        if not isinstance(bot, str) or bot not in BOTS:
            raise ApiError(400, "unknown_name",
                           f"bots: unknown bot {bot!r}; choose one of {', '.join(BOTS)}")
        seats[int(key)] = bot
    return seats


def parse_clock(raw: Any, settings: Settings) -> Clock | None:
    """``"clock": null`` (no clock, the default), a number of seconds, or ``{"seconds": s,
    "bot": name}``."""
    if raw is None:
        return None
    if isinstance(raw, int | float) and not isinstance(raw, bool):
        raw = {"seconds": raw}
    if not isinstance(raw, dict) or not set(raw) <= {"seconds", "bot"} or "seconds" not in raw:
        raise ApiError.server("malformed", 'clock must be seconds or {"seconds": 60, '
                                           '"bot": "greedy"}')
    seconds, bot = raw["seconds"], raw.get("bot", DEFAULT_CLOCK_BOT)
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) \
            or not math.isfinite(seconds) \
            or not settings.min_clock <= seconds <= settings.max_clock:
        raise ApiError(400, "invalid_option", f"clock: seconds must be from "
                       f"{settings.min_clock:g} to {settings.max_clock:g}")
    if not isinstance(bot, str) or bot not in BOTS:
        raise ApiError(400, "unknown_name",
                       f"clock: unknown bot {bot!r}; choose one of {', '.join(BOTS)}")
    return Clock(float(seconds), bot)
