"""Game records: a finished (or unfinished) game as game name, options, seed and moves, in JSON.

A record is lossless and readable by people: every step lists the move of each seat asked to move,
written in the game's notation (``str(move)``), which ``game.parse_move`` reads back. Because a
game is a pure function of its options and seed, the moves are all a replay needs::

    {
      "format": "sevenwonders-record",
      "version": 1,
      "game": "base",
      "players": 3,
      "options": {"edition": "2nd", ..., "expansions": {"edifice": {...}}},
      "seed": 7,
      "steps": [{"0": "build Baths", "1": "sell Loom", "2": "stage Press"}, ...],
      "final": [52, 47, 61]
    }

``final`` (optional) holds each seat's total once the game is over; a replay checks it.
:func:`replay` plays the record again, checking every step, and raises
:class:`~sevenwonders.errors.ReplayError` naming the first bad step (``error.step`` is its index
in ``steps``, counted from 0).

Expansions of the base game are written as ``options["expansions"] = {name: options}`` (what
``BaseGame.options()`` gives); :data:`EXPANSIONS` says how to build one from its name.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.limits import MAX_RECORD_FILE_BYTES, quote, read_bounded
from sevenwonders.core.protocol import Game
from sevenwonders.core.scoring import ScoreSheet
from sevenwonders.core.serialization import converter, parse_json
from sevenwonders.errors import (
    InvalidOptionError,
    Reason,
    ReplayError,
    SerializationError,
    SevenWondersError,
)
from sevenwonders.games import EXPANSIONS, make_expansion, make_game, refuse_file_options

FORMAT = "sevenwonders-record"
VERSION = 1
MAX_SEED = 2**64 - 1

# expansion name -> (module, class); the class takes the expansion's options() as keywords.

Step = tuple[tuple[int, str], ...]
"""One step: ``(seat, move text)`` for every seat asked to move, seats in increasing order."""


def _frozen(value: Any) -> Any:
    """A read-only deep copy of plain option values: objects become FrozenMaps, lists tuples,
    so no record shares or exposes a mutable part (``_plain`` turns them back)."""
    if isinstance(value, Mapping):
        return FrozenMap((key, _frozen(item)) for key, item in value.items())
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value


def _frozen_options(options: Mapping[str, Any]) -> FrozenMap[str, Any]:
    if not isinstance(options, Mapping):
        raise SerializationError(f"options must be a mapping, not {quote(options)}",
                                 reason=Reason.WRONG_TYPE)
    frozen: FrozenMap[str, Any] = _frozen(_plain(options))
    return frozen


@attrs.frozen(slots=True)
class GameRecord:
    """A game as its name, player count, options (plain JSON values), seed and moves."""

    game: str
    players: int
    options: Mapping[str, Any] = attrs.field(factory=FrozenMap, eq=False, hash=False,
                                             converter=_frozen_options)
    seed: int = 0
    steps: tuple[Step, ...] = ()
    final: tuple[int, ...] | None = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameRecord):
            return NotImplemented
        return (self.game, self.players, _canonical(self.options), self.seed, self.steps,
                self.final) == (other.game, other.players, _canonical(other.options),
                                other.seed, other.steps, other.final)

    def __hash__(self) -> int:
        return hash((self.game, self.players, _canonical(self.options), self.seed, self.steps,
                     self.final))

    def with_step(self, moves: Mapping[int, Any]) -> GameRecord:
        """This record with one more step (moves as objects or as text)."""
        step = tuple((seat, str(moves[seat])) for seat in sorted(moves))
        return attrs.evolve(self, steps=(*self.steps, step))

    def finished(self, scores: Sequence[ScoreSheet]) -> GameRecord:
        """This record with the final totals, checked on replay."""
        return attrs.evolve(self, final=tuple(sheet.total for sheet in scores))

    def to_dict(self) -> dict[str, Any]:
        """The record as a plain JSON object (the format ``load_record`` reads)."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "options": _plain(self.options),
            "seed": self.seed,
            "steps": [{str(seat): text for seat, text in step} for step in self.steps],
        }
        if self.final is not None:
            out["final"] = list(self.final)
        return out

    def to_json(self, compact: bool = False) -> str:
        """The record as JSON: one line per field and per step (or all on one line)."""
        data = self.to_dict()
        if compact:
            return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

        def dump(value: Any) -> str:
            return json.dumps(value, ensure_ascii=False)

        steps = data.pop("steps")
        final = data.pop("final", None)
        items = [f" {dump(key)}: {dump(value)}" for key, value in data.items()]
        body = ",\n".join(f"  {dump(step)}" for step in steps)
        items.append(f' "steps": [\n{body}\n ]' if steps else ' "steps": []')
        if final is not None:
            items.append(f' "final": {dump(final)}')
        return "{\n" + ",\n".join(items) + "\n}"


def _canonical(options: Mapping[str, Any]) -> str:
    return json.dumps(_plain(options), sort_keys=True)


def _plain(value: Any) -> Any:
    """``value`` as plain JSON values (tuples to lists); raises on anything else."""
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise SerializationError(f"option value {value!r} is not valid JSON")
        return value
    if isinstance(value, Mapping):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise SerializationError(f"option names are strings, not {key!r}")
            out[key] = _plain(item)
        return out
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    raise SerializationError(f"option value {value!r} is not a plain JSON value")


# ---------------------------------------------------------------------------------- reading


def _int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SerializationError(f"{what} must be an integer, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise SerializationError(f"{what} {value} is out of range")
    return value


def record_from_dict(data: Any) -> GameRecord:
    """Check a parsed JSON document and build the record; raises :class:`SerializationError`."""
    if not isinstance(data, Mapping):
        raise SerializationError(f"a game record is a JSON object, not {type(data).__name__}")
    allowed = {"format", "version", "game", "players", "options", "seed", "steps", "final"}
    extra = sorted(str(key) for key in data if key not in allowed)
    if extra:
        raise SerializationError(f"unknown field(s) in a game record: {', '.join(extra)}")
    if data.get("format", FORMAT) != FORMAT:
        raise SerializationError(f"not a game record: format is {data.get('format')!r}")
    version = _int(data.get("version", VERSION), "version")
    if version != VERSION:
        raise SerializationError(f"record version {version} is not supported (only {VERSION})")
    missing = [key for key in ("game", "players", "seed", "steps") if key not in data]
    if missing:
        raise SerializationError(f"a game record needs the field(s) {', '.join(missing)}")
    game = data["game"]
    if not isinstance(game, str):
        raise SerializationError(f"game must be a name, not {game!r}")
    players = _int(data["players"], "players", 1, 64)
    seed = _int(data["seed"], "seed", -MAX_SEED, MAX_SEED)
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise SerializationError(f"options must be a JSON object, not {options!r}")
    options = _plain(options)
    raw_steps = data["steps"]
    if not isinstance(raw_steps, list):
        raise SerializationError("steps must be a list")
    steps = []
    for index, raw in enumerate(raw_steps):
        steps.append(_step(raw, index, players))
    final = data.get("final")
    final_totals: tuple[int, ...] | None = None
    if final is not None:
        if not isinstance(final, list) or len(final) != players:
            raise SerializationError(f"final must list {players} totals")
        final_totals = tuple(_int(total, "a final total") for total in final)
    return GameRecord(game, players, options, seed, tuple(steps), final_totals)


def _step(raw: Any, index: int, players: int) -> Step:
    if not isinstance(raw, Mapping) or not raw:
        raise ReplayError(
            f"step {index}: a step is a non-empty JSON object of seat to move text, "
            f"not {raw!r}", step=index)
    out = []
    for key, text in raw.items():
        # canonical seat numbers only: "00" or "+0" is not seat 0
        if not isinstance(key, str) or not key.isascii() or not key.isdigit() or len(key) > 3 \
                or str(int(key)) != key:
            raise ReplayError(f"step {index}: {quote(key)} is not a seat number", step=index,
                              reason=Reason.NO_SUCH_SEAT)
        seat = int(key)
        if seat >= players:
            raise ReplayError(f"step {index}: seat {seat} does not exist at a table of {players}",
                              step=index)
        if not isinstance(text, str):
            raise ReplayError(f"step {index}: seat {seat}'s move must be text, not "
                              f"{quote(text)}", step=index, reason=Reason.WRONG_TYPE)
        out.append((seat, text))
    seats = [seat for seat, _ in out]
    if len(set(seats)) != len(seats):
        raise ReplayError(f"step {index}: a seat appears twice", step=index)
    return tuple(sorted(out))


def load_record(text: str | bytes) -> GameRecord:
    """Read a record from JSON text; raises :class:`SerializationError` (or
    :class:`ReplayError` for a malformed step) on a bad document."""
    return record_from_dict(parse_json(text, "a game record"))


def read_record(path: str) -> GameRecord:
    """Load a record from a file: a regular file of at most
    :data:`~sevenwonders.core.limits.MAX_RECORD_FILE_BYTES` (devices and FIFOs are refused
    before anything is read). Nothing else is opened, ever: a record carries its sheets."""
    return load_record(read_bounded(path, MAX_RECORD_FILE_BYTES, SerializationError,
                                    "the record file"))


def save_record(record: GameRecord, path: str) -> None:
    """Write ``record`` as JSON to the file at ``path``."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(record.to_json())
        handle.write("\n")


# ------------------------------------------------------------------------- games from names


def build_game(name: str, players: int, options: Mapping[str, Any] | None = None, *,
               allow_files: bool = False) -> Game[Any, Any, Any]:
    """The game ``name`` for ``players`` seats with ``options`` as ``game.options()`` gives them
    (expansions as ``{"expansions": {name: options}}``). Options that name files (Dice sheets
    by path) are refused unless ``allow_files`` (a local user's own command line): records
    and strangers' options never open a file."""
    if options is not None and not isinstance(options, Mapping):
        raise InvalidOptionError(f"options must be an object, not {quote(options)}")
    kwargs = _plain(options or {})
    if not allow_files:
        refuse_file_options(name, kwargs)
    if "players" in kwargs:
        raise InvalidOptionError("players is not an option")
    return make_game(name, players, **kwargs)


def game_of(record: GameRecord) -> Game[Any, Any, Any]:
    """The game a record was played with, built from its name, players and options (never opening
    a file)."""
    return build_game(record.game, record.players, record.options)


def new_record(game: Game[Any, Any, Any], seed: int) -> GameRecord:
    """An empty record of ``game`` started from ``seed``."""
    return GameRecord(game.name, game.players, _plain(game.options()), seed)


# ---------------------------------------------------------------------------------- replay


@attrs.frozen(slots=True)
class ReplayResult:
    """The final state of a replay, the events of every step and the final score sheets."""

    game: Game[Any, Any, Any] = attrs.field(eq=False)
    state: Any
    events: tuple[tuple[Any, ...], ...]
    scores: tuple[ScoreSheet, ...]
    ranking: tuple[int, ...]
    over: bool


def replay(record: GameRecord, *, require_finished: bool = False,
           on_step: Callable[[int, Any, Any, tuple[Any, ...]], None] | None = None
           ) -> ReplayResult:
    """Play ``record`` again from its seed, checking that each step has exactly the seats asked
    to move and legal moves; raises :class:`ReplayError` at the first bad step.

    ``on_step(index, moves, state, events)`` is called after each step (for printing).
    """
    if not isinstance(record, GameRecord):
        raise ReplayError(f"replay takes a GameRecord, not {type(record).__name__}",
                          reason=Reason.WRONG_TYPE)
    try:
        game = game_of(record)
        state = game.new_game(record.seed)
    except SevenWondersError as error:
        raise ReplayError(f"the record's game cannot be set up: {error}") from error
    all_events: list[tuple[Any, ...]] = []
    for index, step in enumerate(record.steps):
        state, events, moves = _replay_step(game, state, index, step)
        all_events.append(events)
        if on_step is not None:
            on_step(index, moves, state, events)
    over = game.is_over(state)
    if require_finished and not over:
        raise ReplayError(f"the record ends after {len(record.steps)} steps, before the game "
                          f"ends (seats to move: {sorted(game.to_move(state))})",
                          step=len(record.steps))
    scores = game.scores(state)
    if record.final is not None:
        totals = tuple(sheet.total for sheet in scores)
        if not over:
            raise ReplayError("the record gives final totals but the game is not over",
                              step=len(record.steps))
        if totals != record.final:
            raise ReplayError(f"the replay ends with totals {list(totals)}, the record says "
                              f"{list(record.final)}", step=len(record.steps))
    return ReplayResult(game, state, tuple(all_events), scores, game.ranking(state), over)


def _replay_step(game: Game[Any, Any, Any], state: Any, index: int, step: Step
                 ) -> tuple[Any, tuple[Any, ...], dict[int, Any]]:
    if game.is_over(state):
        raise ReplayError(f"step {index}: the game is already over", step=index)
    expected = sorted(game.to_move(state))
    given = [seat for seat, _ in step]
    if given != expected:
        raise ReplayError(
            f"step {index}: moves for seats {given}, but seats {expected} are to move",
            step=index)
    moves: dict[int, Any] = {}
    for seat, text in step:
        try:
            moves[seat] = game.parse_move(state, seat, text)
        except SevenWondersError as error:
            raise ReplayError(f"step {index}: seat {seat}: {text!r}: {error}",
                              step=index) from error
    try:
        after, events = game.step(state, moves)
    except SevenWondersError as error:
        raise ReplayError(f"step {index}: {error}", step=index) from error
    return after, tuple(events), moves


def record_game(game: Game[Any, Any, Any], seed: int,
                steps: Iterable[Mapping[int, Any]]) -> GameRecord:
    """A record of ``game`` from ``seed`` with the given steps (moves as objects or text)."""
    record = new_record(game, seed)
    for moves in steps:
        record = record.with_step(moves)
    return record


# Let ``to_json``/``from_json`` of :mod:`sevenwonders.core.serialization` handle records too.
def _unstructure(record: GameRecord) -> dict[str, Any]:
    return record.to_dict()


def _structure(data: Any, _: Any) -> GameRecord:
    return record_from_dict(data)


converter.register_unstructure_hook(GameRecord, _unstructure)
converter.register_structure_hook(GameRecord, _structure)


__all__ = [
    "EXPANSIONS", "FORMAT", "VERSION", "GameRecord", "ReplayResult", "Step", "build_game",
    "game_of", "load_record", "make_expansion", "new_record", "read_record", "record_from_dict",
    "record_game", "replay", "save_record",
]
