"""The mutation fuzz of loaded states: real states of every family, one change each, and every
edited state the load accepts played out to the end.

A load check that accepts a state promises that the state is one some game could reach. So
from an accepted state the rules must go on as from any other: every ply's state has no
problem (``problems(state) == ()``) and loads back from its own JSON (a server that stores and
reloads every state never gets stuck). This module takes real states (random playouts of base
2nd and 1st edition, base with Edifice, Architects and Dice, at several player counts), makes
one-change edits of their JSON documents -- a card or other item moved from one list to
another, a number changed, an item dropped or duplicated, two seats' fields swapped, a flag
flipped -- and plays every accepted one to its end with random moves, recording each failure.

Run long from the command line (``python -m tests.boundary.mutation --edits 5000``);
``test_mutation_fuzz.py`` runs a bounded, seeded version in the suite.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import random
import sys
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import attrs

from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import SevenWondersError
from sevenwonders.games import make_game

Path = tuple[Any, ...]


def _base(players: int, **options: Any) -> Callable[[], Any]:
    return lambda: make_game("base", players, **options)


def _edifice(players: int, **options: Any) -> Callable[[], Any]:
    from sevenwonders.edifice import Edifice

    return lambda: make_game("base", players, expansions=(Edifice(),), **options)


GAMES: dict[str, Callable[[], Any]] = {
    "base-3": _base(3),
    "base-7-night": _base(7, sides="night"),
    "base-1st-4": _base(4, edition="1st", sides="ab"),
    "base-1st-6": _base(6, edition="1st", sides="b"),
    "edifice-3-carthage-ur": _edifice(3, sides=("night", "day", "night"),
                                      wonders=("carthage", "ur", "babylon")),
    "edifice-5": _edifice(5, sides="random"),
    "edifice-7": _edifice(7, sides="random"),
    "architects-2": lambda: make_game("architects", 2),
    "architects-4": lambda: make_game("architects", 4),
    "architects-7": lambda: make_game("architects", 7),
    "dice-2": lambda: make_game("dice", 2),
    "dice-4": lambda: make_game("dice", 4),
    "dice-7": lambda: make_game("dice", 7),
}
"""The games whose states are edited: every family, several player counts and editions."""


@cache
def game_of(kind: str) -> Any:
    """The game of ``kind`` (made once)."""
    return GAMES[kind]()


def problems_of(state: Any) -> tuple[Any, ...]:
    """The problems of a state of any family."""
    from sevenwonders.architects.state import ArchitectsState
    from sevenwonders.architects.validation import problems as architects_problems
    from sevenwonders.base.state import BaseState
    from sevenwonders.base.validation import problems as base_problems
    from sevenwonders.dice.validation import problems as dice_problems

    if isinstance(state, BaseState):
        return base_problems(state)
    if isinstance(state, ArchitectsState):
        return architects_problems(state)
    return dice_problems(state)


def random_step(game: Any, state: Any, rng: random.Random) -> Any:
    """The state after one random legal move of every seat to move."""
    moves = {seat: rng.choice(game.legal_moves(state, seat))
             for seat in sorted(game.to_move(state))}
    return game.play(state, moves)


def playout_states(game: Any, seed: int) -> list[Any]:
    """Every state of one random playout of ``game`` (the first and the last included)."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    states = [state]
    while not game.is_over(state):
        state = random_step(game, state, rng)
        states.append(state)
    return states


@cache
def real_states(kind: str, seed: int) -> tuple[Any, ...]:
    """Every state of one random playout of ``kind`` (the first and the last included)."""
    return tuple(playout_states(game_of(kind), seed))


# -- one-change edits of a JSON document


def _nodes(node: Any, path: Path) -> Iterator[tuple[Path, Any]]:
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _nodes(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _nodes(value, (*path, index))


def _at(document: Any, path: Path) -> Any:
    for key in path:
        document = document[key]
    return document


def _set(document: Any, path: Path, value: Any) -> None:
    _at(document, path[:-1])[path[-1]] = value


def _skip(path: Path) -> bool:
    # the generator's words: any value is a generator state, and editing it edits no rule
    return "rng" in path


def _number(value: int, rng: random.Random) -> int:
    """Another number: a step away, zero, negated, doubled, far off."""
    return rng.choice([n for n in (value + 1, value - 1, value + 2, value - 2, 0, -value,
                                   2 * value + 1, value + rng.randint(3, 12), 999, 10**6)
                       if n != value])


def edit(document: Any, rng: random.Random) -> str | None:
    """Make one random change to ``document`` in place; a description of it, or ``None`` when
    the change drawn does not apply to this document."""
    nodes = [(p, v) for p, v in _nodes(document, ()) if p and not _skip(p)]
    lists = [(p, v) for p, v in nodes if isinstance(v, list) and v]
    kind = rng.choice(["number", "number", "drop", "duplicate", "move", "move", "swap_seats",
                       "flag", "replace_string", "reorder", "drop_all"])
    if kind == "number":
        ints = [(p, v) for p, v in nodes if type(v) is int]
        if not ints:
            return None
        path, value = rng.choice(ints)
        new = _number(value, rng)
        _set(document, path, new)
        return f"{_show(path)}: {value} -> {new}"
    if kind == "flag":
        flags = [(p, v) for p, v in nodes if type(v) is bool]
        if not flags:
            return None
        path, value = rng.choice(flags)
        _set(document, path, not value)
        return f"{_show(path)}: {value} -> {not value}"
    if kind in ("drop", "duplicate", "reorder", "drop_all"):
        if not lists:
            return None
        path, items = rng.choice(lists)
        index = rng.randrange(len(items))
        if kind == "drop":
            item = items.pop(index)
            return f"{_show(path)}: dropped {_short(item)}"
        if kind == "drop_all":
            items.clear()
            return f"{_show(path)}: emptied"
        if kind == "duplicate":
            items.insert(index, copy.deepcopy(items[index]))
            return f"{_show(path)}: duplicated {_short(items[index])}"
        rng.shuffle(items)
        return f"{_show(path)}: reordered"
    if kind == "move":  # an item into another list of items of its type (a card elsewhere)
        path, items = rng.choice(lists)
        item = items[rng.randrange(len(items))]
        targets = [p for p, v in nodes if isinstance(v, list) and p != path
                   and all(type(x) is type(item) for x in v)]
        if not targets or isinstance(item, list | dict):
            return None
        target = rng.choice(targets)
        into = _at(document, target)  # found before the removal can shift its path
        items.remove(item)
        into.append(item)
        return f"moved {item!r} from {_show(path)} to {_show(target)}"
    if kind == "replace_string":
        strings = [(p, v) for p, v in nodes if type(v) is str]
        if len(strings) < 2:
            return None
        path, value = rng.choice(strings)
        _, other = rng.choice(strings)
        _set(document, path, other)
        return f"{_show(path)}: {value!r} -> {other!r}"
    # swap a field of two entries of one list of records (two seats' coins, cards, ...)
    records = [(p, v) for p, v in lists if len(v) >= 2 and all(isinstance(x, dict) for x in v)]
    rows = [(p, v) for p, v in lists if len(v) >= 2]
    if records and rng.random() < 0.7:
        path, items = rng.choice(records)
        i, j = rng.sample(range(len(items)), 2)
        keys = sorted(set(items[i]) & set(items[j]))
        if not keys:
            return None
        key = rng.choice(keys)
        items[i][key], items[j][key] = items[j][key], items[i][key]
        return f"{_show(path)}: swapped {key!r} of {i} and {j}"
    if not rows:
        return None
    path, items = rng.choice(rows)
    i, j = rng.sample(range(len(items)), 2)
    items[i], items[j] = items[j], items[i]
    return f"{_show(path)}: swapped entries {i} and {j}"


LIMIT_SHARE = 0.1
"""The share of edits that push a number to the largest value the load accepts."""


def edited_values(value: Any, rng: random.Random, count: int) -> list[Any]:
    """``value`` after each of ``count`` one-change edits of its document (:func:`edit`), built
    without the load check (to be checked by the caller); edits that do not apply, or that the
    structuring refuses before any check, are left out."""
    from sevenwonders.core.serialization import converter, plain_structure_fn

    cls = type(value)
    build = plain_structure_fn(cls)
    document = converter.unstructure(value)
    out = []
    for _ in range(count):
        changed = json.loads(json.dumps(document))
        if edit(changed, rng) is not None:
            with contextlib.suppress(Exception):  # (refused before any check)
                out.append(build(changed, cls))
    return out


def _loads(document: Any, cls: type) -> bool:
    try:
        from_json(json.dumps(document), cls)
    except SevenWondersError:
        return False
    return True


def push_to_limit(document: Any, cls: type, rng: random.Random) -> str | None:
    """Set a number of ``document`` (a coin count, a turn...) to the largest value the load
    accepts, found by doubling then halving: a state at the load's limits, whose successors
    must load too (the checks are closed under the rules)."""
    ints = [(p, v) for p, v in _nodes(document, ()) if p and type(v) is int and not _skip(p)]
    coins = [(p, v) for p, v in ints if "coins" in p]  # the limits that grow with the game
    if not ints:
        return None
    path, value = rng.choice(coins if coins and rng.random() < 0.5 else ints)
    low, step = value, 1
    while step < 2**62:  # the largest accepted value from ``value`` up, by doubling steps
        _set(document, path, value + step)
        if not _loads(document, cls):
            break
        low, step = value + step, step * 2
    high = value + step
    while high - low > 1:
        middle = (low + high) // 2
        _set(document, path, middle)
        low, high = (middle, high) if _loads(document, cls) else (low, middle)
    if low == value:
        _set(document, path, value)
        return None
    _set(document, path, low)
    return f"{_show(path)}: {value} -> {low} (the load's limit)"


def _show(path: Path) -> str:
    return ".".join(str(key) for key in path)


def _short(item: Any) -> str:
    text = json.dumps(item)
    return text if len(text) <= 40 else text[:37] + "..."


# -- playing an accepted state out


@attrs.frozen
class Failure:
    """An accepted edit whose play broke an invariant, raised, or gave a refused successor."""

    kind: str
    seed: int
    ply: int
    change: str
    what: str

    def __str__(self) -> str:
        return f"{self.kind} seed {self.seed} ply {self.ply}: {self.change} -> {self.what}"


def own_game(kind: str, state: Any) -> Any | None:
    """The game that plays ``state``: the game of ``kind``, or for an edit that changed the
    table (dropped an expansion, swapped wonders...) the game of the table the state shows (the
    one the load check judged it by); ``None`` for a Dice state of sheets of another set."""
    game = game_of(kind)
    try:
        game.is_over(state)
    except SevenWondersError:
        from sevenwonders.base.expansion_state import expansion_name
        from sevenwonders.base.loaded_table import _edition, _game_for
        from sevenwonders.base.state import BaseState

        if isinstance(state, BaseState):
            return _game_for(state.players, _edition(state),
                             tuple(c.side for c in state.cities),
                             tuple(c.wonder for c in state.cities),
                             tuple(expansion_name(e) or "?" for e in state.expansions))
        return None  # a Dice sheet of no set this game knows: loads check it as far as they can
    return game


VIEW_EVERY = 10
"""Every so many plies (the first included) each seat's view must load back too."""


def _views_refused(game: Any, state: Any) -> str | None:
    for seat in range(game.players):
        view = game.view(state, seat)
        try:
            from_json(to_json(view), type(view))
        except SevenWondersError as error:
            return f"the view of seat {seat} is refused on reload: {error}"
    return None


def play_out(game: Any, state: Any, rng: random.Random, max_plies: int = 400) -> str | None:
    """Play ``state`` to the end with random moves; what went wrong, or ``None``: a problem at
    a ply, a state or (now and then) a seat's view that does not load back, a raise."""
    cls = type(state)
    for ply in range(max_plies):
        found = problems_of(state)
        if found:
            return f"ply {ply}: problems {[str(p) for p in found[:2]]}"
        try:
            again = from_json(to_json(state), cls)
        except SevenWondersError as error:
            return f"ply {ply}: its successor is refused on reload: {error}"
        if again != state:
            return f"ply {ply}: the state does not load back as itself"
        if ply % VIEW_EVERY == 0:
            refused = _views_refused(game, state)
            if refused:
                return f"ply {ply}: {refused}"
        if game.is_over(state):
            return None
        try:
            state = random_step(game, state, rng)
        except Exception as error:
            return f"ply {ply}: play raised {type(error).__name__}: {error}"
    return f"no end after {max_plies} plies"


@attrs.define
class Tally:
    """What a fuzz run did: edits made, accepted by the load, and the failures."""

    edits: int = 0
    accepted: int = 0
    foreign: int = 0
    failures: list[Failure] = attrs.Factory(list)


def fuzz(kinds: list[str], edits: int, seed: int, *, playouts: int = 2,
         on_failure: Callable[[Failure], None] | None = None) -> Tally:
    """``edits`` one-change edits of real states of ``kinds``, from ``seed``; each accepted
    one played out (see :func:`play_out`)."""
    rng = random.Random(seed)
    tally = Tally()
    while tally.edits < edits:
        kind = rng.choice(kinds)
        game_seed = rng.randrange(playouts)
        states = real_states(kind, game_seed)
        state = rng.choice(states)
        document = json.loads(to_json(state))
        if rng.random() < LIMIT_SHARE:
            change = push_to_limit(document, type(state), rng)
        else:
            change = edit(document, rng)
        if change is None:
            continue
        tally.edits += 1
        try:
            loaded = from_json(json.dumps(document), type(state))
        except SevenWondersError:
            continue
        except Exception as error:
            failure = Failure(kind, game_seed, states.index(state), change,
                              f"the load raised {type(error).__name__}: {error}")
            tally.failures.append(failure)
            if on_failure:
                on_failure(failure)
            continue
        tally.accepted += 1
        game = own_game(kind, loaded)
        if game is None:
            tally.foreign += 1
            continue
        what = play_out(game, loaded, random.Random(rng.random()))
        if what is not None:
            failure = Failure(kind, game_seed, states.index(state), change, what)
            tally.failures.append(failure)
            if on_failure:
                on_failure(failure)
    return tally


def main(argv: list[str] | None = None) -> int:
    """Run the fuzz; print each failure and a summary; exit 1 when any failure was found."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--playouts", type=int, default=3, help="real games per kind")
    parser.add_argument("--kinds", nargs="*", default=list(GAMES), choices=list(GAMES))
    args = parser.parse_args(argv)
    tally = fuzz(args.kinds, args.edits, args.seed, playouts=args.playouts,
                 on_failure=lambda f: print(f, flush=True))
    print(f"{tally.edits} edits, {tally.accepted} accepted ({tally.foreign} of a table no game "
          f"here plays), {len(tally.failures)} failures")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
