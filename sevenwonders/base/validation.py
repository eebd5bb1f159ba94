"""The consistency check of a base-game state read from outside (JSON), run on every load.

The rules trust their own states; a document from elsewhere is checked once, on load, against
everything no legal game could reach, so a hand-edited or hostile document fails with
:class:`InvalidStateError` naming the field instead of deep inside a step:

- the edition (told by the wonder sides), the wonders and sides, and expansions it names;
- the cards: every card of the deal for this edition and player count (each Age's cards by
  the copies rule, n + 2 different guilds) is somewhere, once per copy, nothing else is
  (rulebook "Setup"); hands hold the current Age's cards, decks exactly the Ages to come,
  cities and the discard pile no card of a later Age; no city holds a card twice;
- hand sizes against the turn (7 cards on turn 1, one fewer each turn; "Game turn");
- coins, conflict tokens (1, 3, 5 for victories of Age I, II, III, -1 for a defeat; two
  neighbours a conflict), stages and their options, turn marks, pending decisions;
- and a state that is not over has seats to move, each with a legal move (which also proves
  every pending decision answerable).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cattrs.gen import make_dict_structure_fn

from sevenwonders.base.cards import load_edition
from sevenwonders.base.hooks import expansion_name
from sevenwonders.base.memory import check_memory
from sevenwonders.base.state import BaseState, PendingKind
from sevenwonders.core.serialization import converter
from sevenwonders.errors import InvalidStateError, SevenWondersError

if TYPE_CHECKING:
    from sevenwonders.base.game import BaseGame

HAND_SIZE = 7  # rulebook "Setup": 7 cards a seat each Age
TURNS_PER_AGE = 6
MAX_COINS = 999  # far above any real game; keeps hostile integers out of the rules
TOKEN_VALUES = frozenset({-1, 1, 3, 5})
SIDES_OF = {"2nd": frozenset({"day", "night"}), "1st": frozenset({"a", "b"})}


def _fail(field: str, message: str) -> InvalidStateError:
    return InvalidStateError(f"inconsistent base-game state: {message}", field=field)


@lru_cache(maxsize=32)
def _game_for(players: int, edition: str, sides: tuple[str, ...], wonders: tuple[str, ...],
              expansions: tuple[str, ...]) -> BaseGame:
    """A game with the table a state describes (cached: loading many states of one table)."""
    from sevenwonders.base.game import BaseGame
    from sevenwonders.games import make_expansion

    try:
        return BaseGame(players, edition=edition, sides=sides, wonders=wonders,
                        expansions=tuple(make_expansion(name) for name in expansions))
    except SevenWondersError as error:
        raise _fail("cities", f"no game has this table: {error}") from None


def _edition(state: BaseState) -> str:
    sides = {city.side for city in state.cities}
    for edition, allowed in SIDES_OF.items():
        if sides <= allowed:
            return edition
    raise _fail("cities", f"wonder sides {sorted(sides)[:4]} mix editions or do not exist")


def check_shape(state: BaseState) -> None:
    """The counts every other check relies on."""
    n = state.players
    if not 3 <= n <= 7:
        raise _fail("players", f"{n} players")
    for name, part in (("cities", state.cities), ("hands", state.hands),
                       ("marks", state.marks)):
        if len(part) != n:
            raise _fail(name, f"{len(part)} entries for {n} players")
    if not 1 <= state.age <= 3:
        raise _fail("age", f"Age {state.age}")
    if not 1 <= state.turn <= TURNS_PER_AGE:
        raise _fail("turn", f"turn {state.turn}")
    if len(state.decks) != 3 - state.age:
        raise _fail("decks", f"{len(state.decks)} decks left in Age {state.age}")


@lru_cache(maxsize=16)
def _deal(edition: str, players: int) -> tuple[Counter[str], dict[str, frozenset[int]],
                                              frozenset[str]]:
    """The non-guild cards dealt for ``players`` (one entry per copy), the Ages each card name
    belongs to, and the guilds (rulebook "Setup")."""
    data = load_edition(edition)
    expected: Counter[str] = Counter()
    for k in (1, 2, 3):
        expected.update(data.age_cards(k, players))
    guilds = frozenset(data.guilds())
    ages: dict[str, set[int]] = {guild: {3} for guild in guilds}
    for k in (1, 2, 3):
        for card in data.age_cards(k, 7):
            ages.setdefault(card, set()).add(k)
    return expected, {card: frozenset(found) for card, found in ages.items()}, guilds


def check_cards(state: BaseState, edition: str) -> None:
    """Every card of the deal once per copy, each where its Age allows."""
    n, age = state.players, state.age
    dealt, ages, guilds = _deal(edition, n)
    expected = Counter(dealt)
    places: list[tuple[str, tuple[str, ...], int]] = []  # field, cards, latest Age allowed
    places += [(f"hands[{s}]", hand, age) for s, hand in enumerate(state.hands)]
    places += [(f"decks[{i}]", deck, age + 1 + i) for i, deck in enumerate(state.decks)]
    places.append(("discard", state.discard, age))
    for s, city in enumerate(state.cities):
        places.append((f"cities[{s}].cards", city.cards, age))
        places.append((f"cities[{s}].tucked", city.tucked, age))
    seen: Counter[str] = Counter()
    for field, cards, latest in places:
        for card in cards:
            if card not in ages:
                raise _fail(field, f"{card!r} is not a card of the {edition} edition")
            card_ages = ages[card]
            if (latest not in card_ages if field.startswith(("hands", "decks"))
                    else min(card_ages) > latest):
                raise _fail(field, f"{card!r} is a card of Age {min(card_ages)}, not {latest}")
        seen.update(cards)
    used_guilds = {card for card in seen if card in guilds}
    if any(seen[g] != 1 for g in used_guilds) or len(used_guilds) != n + 2:
        raise _fail("decks", f"{len(used_guilds)} guilds in play, not {n + 2} different ones")
    for guild in used_guilds:
        expected[guild] = 1
    if seen != expected:
        extra = sorted((seen - expected).elements())[:3]
        missing = sorted((expected - seen).elements())[:3]
        raise _fail("cards", f"the cards are not the deal for {n} players: extra {extra}, "
                    f"missing {missing}")
    for s, city in enumerate(state.cities):
        if len(set(city.cards)) != len(city.cards):
            raise _fail(f"cities[{s}].cards", "a city holds a building twice")


def check_hands(state: BaseState) -> None:
    """7 cards on turn 1, one fewer each turn; while a turn's decisions are pending the turn's
    cards are already played (and after the last turn of an Age one card or none is left)."""
    sizes = {len(hand) for hand in state.hands}
    full = HAND_SIZE + 1 - state.turn
    if state.over or state.age_ending:
        allowed: set[int] = {0}
    elif not state.pending:
        allowed = {full}
    elif state.turn == TURNS_PER_AGE:
        allowed = {0, 1}
    else:
        allowed = {full - 1}
    if not sizes <= allowed or (len(sizes) > 1 and state.turn != TURNS_PER_AGE):
        raise _fail("hands", f"hands of {[len(h) for h in state.hands][:7]} cards on turn "
                    f"{state.turn}")
    if state.over and (state.age != 3 or state.pending or state.decks):
        raise _fail("over", "a game is over only after Age III with nothing pending")
    if state.age_ending and state.turn != TURNS_PER_AGE:
        raise _fail("age_ending", f"an Age ends after turn {TURNS_PER_AGE}")


def check_cities(state: BaseState, game: BaseGame) -> None:
    conflicts = 3 if state.over else state.age - 1
    # two tokens a conflict, unless an expansion hands out or takes tokens besides (Edifice)
    counted_elsewhere = any(e.changes_conflict_tokens for e in game.expansions)
    for s, city in enumerate(state.cities):
        place = f"cities[{s}]"
        if not 0 <= city.coins <= MAX_COINS:
            raise _fail(f"{place}.coins", f"{city.coins} coins")
        stages = game.rules.stages(city)
        if not 0 <= city.stages <= len(stages) or len(city.tucked) != city.stages:
            raise _fail(f"{place}.stages", f"{city.stages} stages, {len(city.tucked)} cards "
                        f"tucked, of {len(stages)}")
        if len(city.stage_choices) > city.stages or any(
                not 0 <= choice < max(1, len(stage.choices))
                for stage, choice in zip(stages, city.stage_choices, strict=False)):
            raise _fail(f"{place}.stage_choices", f"options {city.stage_choices[:4]}")
        if not 0 <= city.free_build_age <= state.age:
            raise _fail(f"{place}.free_build_age", f"{city.free_build_age}")
        tokens = Counter(city.tokens)
        if not set(tokens) <= TOKEN_VALUES or (not counted_elsewhere and (
                len(city.tokens) > 2 * conflicts
                or any(tokens[2 * k - 1] > 2 for k in (1, 2, 3))
                or any(tokens[2 * k - 1] for k in range(conflicts + 1, 4)))):
            raise _fail(f"{place}.tokens", f"conflict tokens {city.tokens[:8]} after "
                        f"{conflicts} conflicts")
    for s, (city, marks) in enumerate(zip(state.cities, state.marks, strict=True)):
        if (not 0 <= marks.stages <= city.stages or not 0 <= marks.income <= MAX_COINS
                or not set(marks.built) <= set(city.cards)):
            raise _fail(f"marks[{s}]", "turn marks that do not fit the city")


def check_pending(state: BaseState, names: tuple[str, ...]) -> None:
    n = state.players
    for i, pending in enumerate(state.pending):
        if not 0 <= pending.seat < n:
            raise _fail(f"pending[{i}].seat", f"seat {pending.seat}")
        if pending.kind is PendingKind.PLAY_LAST_CARD and len(state.hands[pending.seat]) != 1:
            raise _fail(f"pending[{i}]", "a last-card decision without exactly one card")
        if pending.kind is PendingKind.EXPANSION and \
                pending.detail.partition(":")[0] not in names:
            raise _fail(f"pending[{i}].detail", "a decision of no expansion of this game")
    for i, (seat, _) in enumerate(state.deferred):
        if not 0 <= seat < n:
            raise _fail(f"deferred[{i}]", f"seat {seat}")


def check_someone_moves(state: BaseState, game: BaseGame) -> None:
    """A state that is not over has seats to move, each with a legal move."""
    if state.over:
        return
    try:
        seats = game.to_move(state)
        stuck = [seat for seat in sorted(seats) if not game.legal_moves(state, seat)]
    except SevenWondersError as error:
        raise _fail("pending", f"the rules refuse this state: {error}") from None
    except Exception as error:  # a rule tripping over an impossible state: still refused
        raise _fail("pending", f"the rules cannot use this state "
                    f"({type(error).__name__})") from None
    if not seats:
        raise _fail("pending", "the game is not over but no seat is to move")
    if stuck:
        raise _fail("pending", f"seat {stuck[0]} is to move but has no legal move")


def check_state(state: BaseState) -> BaseState:
    """Return ``state`` if no part of it contradicts the rules, else raise
    :class:`InvalidStateError` naming the field."""
    check_shape(state)
    edition = _edition(state)
    names = tuple(expansion_name(e) or "?" for e in state.expansions)
    game = _game_for(state.players, edition, tuple(c.side for c in state.cities),
                     tuple(c.wonder for c in state.cities), names)
    try:
        game.check_table(state)
        for expansion in game.expansions:
            expansion.validate_loaded(game.rules, state)
    except InvalidStateError as error:
        if error.field:
            raise
        raise _fail("cities", str(error)) from None
    check_cards(state, edition)
    check_pending(state, names)
    check_hands(state)
    check_cities(state, game)
    check_memory(state)
    check_someone_moves(state, game)
    return state


def _structure(data: Any, cls: Any) -> BaseState:
    return check_state(_plain(data, cls))


_plain = make_dict_structure_fn(BaseState, converter, _cattrs_forbid_extra_keys=True)
converter.register_structure_hook(BaseState, _structure)
