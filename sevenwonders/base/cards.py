"""Age cards and wonder boards as frozen, typed data, with the tables the rules need precomputed.

The data files (``data/cards_<edition>.toml``, ``data/wonders_<edition>.toml``) are read once per
edition by :func:`load_edition`, structured through the shared cattrs converter and checked:
names, references, ranges, and the deck sizes of every player count.
"""

from __future__ import annotations

import enum
import tomllib
from functools import cache
from importlib import resources as package_files
from typing import Any

import attrs

from sevenwonders.base.effects import (
    COUNTABLE,
    Coins,
    CoinsPer,
    Effect,
    PointsPer,
    Produce,
    Science,
    Shields,
    Symbol,
    TradeDiscount,
)
from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.resources import Bag, Producer, parse_bag
from sevenwonders.core.serialization import structure
from sevenwonders.errors import DataFileError, SevenWondersError, UnknownCardError

MIN_PLAYERS = 3
MAX_PLAYERS = 7
AGES = (1, 2, 3)


class Colour(enum.Enum):
    """The colour of a card, which says its kind (raw materials, manufactured goods, civilian,
    commercial, military, scientific, guild)."""
    BROWN = "brown"
    GREY = "grey"
    BLUE = "blue"
    YELLOW = "yellow"
    RED = "red"
    GREEN = "green"
    PURPLE = "purple"


@attrs.frozen(slots=True)
class Card:
    """One Age card as printed; the ``*_`` fields below are derived at load for speed."""

    name: str
    age: int
    colour: Colour
    effects: tuple[Effect, ...]
    copies: tuple[int, ...] = ()
    cost: str = ""
    coins: int = 0
    chains_from: tuple[str, ...] = ()
    chains_to: tuple[str, ...] = attrs.field(init=False, default=(), eq=False, repr=False)
    """The cards this one makes free ("Baths -> Aqueduct", printed on the card), derived from
    every card's ``chains_from`` when the edition loads."""
    cost_bag: Bag = attrs.field(init=False, eq=False, repr=False)
    producer: Producer | None = attrs.field(init=False, eq=False, repr=False)
    tradable: bool = attrs.field(init=False, eq=False, repr=False)
    shields: int = attrs.field(init=False, eq=False, repr=False)
    symbol: Symbol | None = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _derive(self, self.cost, self.effects)
        producer = _producer(self.effects)
        object.__setattr__(
            self,
            "tradable",
            producer is not None
            and self.colour in (Colour.BROWN, Colour.GREY)
            and all(e.tradable for e in self.effects if isinstance(e, Produce)),
        )

    @property
    def is_guild(self) -> bool:
        """Whether the card is a guild (purple), dealt by the number of players in Age III."""
        return self.colour is Colour.PURPLE


@attrs.frozen(slots=True)
class Stage:
    """One wonder stage: its cost and what it gives."""

    effects: tuple[Effect, ...] = ()
    cost: str = ""
    coins: int = 0
    choices: tuple[tuple[Effect, ...], ...] = ()
    cost_bag: Bag = attrs.field(init=False, eq=False, repr=False)
    producer: Producer | None = attrs.field(init=False, eq=False, repr=False)
    shields: int = attrs.field(init=False, eq=False, repr=False)
    symbol: Symbol | None = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _derive(self, self.cost, self.effects)

    def effects_with(self, choice: int) -> tuple[Effect, ...]:
        """The stage's effects when built with option ``choice`` (0 when it offers none)."""
        return self.effects + self.choices[choice] if self.choices else self.effects


def _producer(effects: tuple[Effect, ...]) -> Producer | None:
    produces = [e for e in effects if isinstance(e, Produce)]
    if not produces:
        return None
    (produce,) = produces
    return Producer.of(produce.options, produce.amount)


def _derive(target: Card | Stage, cost: str, effects: tuple[Effect, ...]) -> None:
    object.__setattr__(target, "cost_bag", parse_bag(cost))
    object.__setattr__(target, "producer", _producer(effects))
    object.__setattr__(target, "shields", sum(e.count for e in effects if isinstance(e, Shields)))
    symbols = [e.symbol for e in effects if isinstance(e, Science)]
    object.__setattr__(target, "symbol", symbols[0] if symbols else None)


@attrs.frozen(slots=True)
class WonderSide:
    """One side of a wonder board: its name (``day``/``night`` or ``a``/``b``) and its stages."""
    name: str
    stages: tuple[Stage, ...]


@attrs.frozen(slots=True)
class Wonder:
    """A wonder board with its starting resource and its sides (day/night or a/b). ``name`` is
    its id, lower-case English and shared by every game of the family (``giza``); ``display``
    the name printed on the board (``Gizah``)."""

    name: str
    full_name: str
    resource: str
    side: tuple[WonderSide, ...]
    display: str

    def sides(self) -> tuple[str, ...]:
        """The names of the wonder's sides."""
        return tuple(side.name for side in self.side)

    def stages(self, side: str) -> tuple[Stage, ...]:
        """The stages of the side named ``side``; :class:`~sevenwonders.errors.UnknownCardError`
        for a side the wonder does not have."""
        for candidate in self.side:
            if candidate.name == side:
                return candidate.stages
        raise UnknownCardError(f"{self.name} has no side {side!r}; it has {self.sides()}")


@attrs.frozen(slots=True)
class _CardFile:
    edition: str
    card: tuple[Card, ...]


@attrs.frozen(slots=True)
class _WonderFile:
    edition: str
    wonder: tuple[Wonder, ...]


@attrs.frozen(slots=True)
class Edition:
    """All cards and wonders of one edition, by name, with deck building.

    ``entries`` lists every card line of the data file (a building printed in two Ages has two);
    ``cards`` maps each name to its rules, which are the same in every Age.
    """

    name: str
    entries: tuple[Card, ...]
    wonders: FrozenMap[str, Wonder]
    cards: FrozenMap[str, Card] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        cards: dict[str, Card] = {}
        chains_to: dict[str, list[str]] = {}
        for card in self.entries:
            cards.setdefault(card.name, card)
            for source in card.chains_from:
                if card.name not in chains_to.setdefault(source, []):
                    chains_to[source].append(card.name)
        for card in self.entries:  # the reverse of chains_from, set once at load
            object.__setattr__(card, "chains_to", tuple(chains_to.get(card.name, ())))
        object.__setattr__(self, "cards", FrozenMap(cards))

    def card(self, name: str) -> Card:
        """The card called ``name``; :class:`~sevenwonders.errors.UnknownCardError` if the
        edition has none."""
        try:
            return self.cards[name]
        except KeyError:
            raise UnknownCardError(f"no card named {name!r} in the {self.name} edition") from None

    def wonder(self, name: str) -> Wonder:
        """The wonder called ``name``; :class:`~sevenwonders.errors.UnknownCardError` if the
        edition has none."""
        try:
            return self.wonders[name]
        except KeyError:
            raise UnknownCardError(
                f"no wonder named {name!r} in the {self.name} edition; "
                f"known: {', '.join(self.wonders)}"
            ) from None

    def with_wonders(self, wonders: tuple[Wonder, ...]) -> Edition:
        """This edition with more wonder boards (boards such as Carthage that join any game)."""
        if not wonders:
            return self
        both = {**self.wonders, **{wonder.name: wonder for wonder in wonders}}
        return Edition(self.name, self.entries, FrozenMap(both))

    def age_cards(self, age: int, players: int) -> tuple[str, ...]:
        """The non-guild cards of ``age`` used with ``players`` players, one name per copy."""
        return tuple(
            card.name
            for card in self.entries
            if card.age == age and not card.is_guild
            for threshold in card.copies
            if threshold <= players
        )

    def guilds(self) -> tuple[str, ...]:
        """The names of the edition's guilds, from which Age III deals some by the number of
        players."""
        return tuple(card.name for card in self.entries if card.is_guild)


def _read_toml(file: str, package: str = "sevenwonders.base") -> dict[str, Any]:
    try:
        text = package_files.files(package).joinpath("data", file).read_bytes()
    except FileNotFoundError:
        raise DataFileError(file, "file", "no such data file in the package") from None
    try:
        return tomllib.loads(text.decode("utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(file, "syntax", str(error)) from None


def _structure_entries(
    file: str, data: dict[str, Any], key: str, cls: type[Any]
) -> tuple[Any, ...]:
    entries = data.get(key)
    if not isinstance(entries, list):
        raise DataFileError(file, key, f"expected a list of [[{key}]] tables")
    out = []
    for i, entry in enumerate(entries):
        name = entry.get("name", "?") if isinstance(entry, dict) else "?"
        try:
            out.append(structure(entry, cls))
        except SevenWondersError as error:
            raise DataFileError(file, f"{key}[{i}] ({name})", str(error)) from None
    return tuple(out)


def _check_cards(file: str, cards: tuple[Card, ...]) -> None:
    by_name: dict[str, Card] = {}
    for card in cards:
        place = f"card {card.name!r} (Age {card.age})"
        first = by_name.setdefault(card.name, card)
        if first is not card and (
            first.age == card.age
            or (first.colour, first.cost, first.coins, first.effects)
            != (card.colour, card.cost, card.coins, card.effects)
        ):
            # The same building may appear in several Ages (Loom...), but always as itself.
            raise DataFileError(file, place, "name defined twice with a different card")
        if card.age not in AGES:
            raise DataFileError(file, place, f"age {card.age} is not 1, 2 or 3")
        if card.is_guild:
            if card.age != 3 or card.copies:
                raise DataFileError(file, place, "guilds are Age III cards without copies")
        elif not card.copies or list(card.copies) != sorted(card.copies) or not all(
            MIN_PLAYERS <= c <= MAX_PLAYERS for c in card.copies
        ):
            raise DataFileError(file, place, f"copies {card.copies} must be ascending in 3..7")
        if card.coins < 0:
            raise DataFileError(file, place, "a coin cost cannot be negative")
        for source in card.chains_from:
            if source not in by_name:
                raise DataFileError(file, place, f"chains from unknown card {source!r}")
            if min(c.age for c in cards if c.name == source) >= card.age:
                raise DataFileError(file, place, f"chains from {source!r} of a later Age")
        _check_effects(file, place, card.effects)
    for age in AGES:
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            count = sum(
                sum(1 for c in card.copies if c <= players)
                for card in cards if card.age == age
            )
            expected = 7 * players - (players + 2 if age == 3 else 0)
            if count != expected:
                raise DataFileError(
                    file, f"Age {age} deck for {players} players",
                    f"{count} cards, expected {expected}",
                )
    if sum(1 for card in cards if card.is_guild) < MAX_PLAYERS + 2:
        raise DataFileError(file, "guilds", f"need at least {MAX_PLAYERS + 2} guilds")


def _check_effects(file: str, place: str, effects: tuple[Effect, ...]) -> None:
    if sum(1 for e in effects if isinstance(e, Produce)) > 1:
        raise DataFileError(file, place, "at most one produce effect")
    for effect in effects:
        if isinstance(effect, Produce | TradeDiscount):
            letters = effect.options if isinstance(effect, Produce) else effect.resources
            try:
                parse_bag(letters)
            except UnknownCardError as error:
                raise DataFileError(file, place, str(error)) from None
            if not letters:
                raise DataFileError(file, place, "an effect needs at least one resource")
        if isinstance(effect, CoinsPer | PointsPer):
            unknown = set(effect.counts) - COUNTABLE
            if unknown or not effect.counts:
                raise DataFileError(file, place, f"cannot count {sorted(unknown) or 'nothing'}")
        if isinstance(effect, Coins) and effect.amount < 0:
            raise DataFileError(file, place, "coins cannot be negative")


def _check_wonders(file: str, wonders: tuple[Wonder, ...]) -> None:
    seen: set[str] = set()
    for wonder in wonders:
        place = f"wonder {wonder.name!r}"
        if wonder.name in seen:
            raise DataFileError(file, place, "name defined twice")
        seen.add(wonder.name)
        try:
            parse_bag(wonder.resource)
        except UnknownCardError as error:
            raise DataFileError(file, place, str(error)) from None
        if len(wonder.resource) != 1:
            raise DataFileError(file, place, "the starting resource is one letter")
        if len({side.name for side in wonder.side}) != len(wonder.side) or not wonder.side:
            raise DataFileError(file, place, "sides must be named and distinct")
        for side in wonder.side:
            if not 1 <= len(side.stages) <= 4:
                raise DataFileError(file, f"{place} side {side.name!r}", "1 to 4 stages")
            for i, stage in enumerate(side.stages):
                stage_place = f"{place} side {side.name!r} stage {i + 1}"
                _check_effects(file, stage_place, stage.effects)
                if len(stage.choices) == 1:
                    raise DataFileError(file, stage_place, "a choice needs two options or more")
                for option in stage.choices:
                    _check_effects(file, stage_place, stage.effects + option)


def _wrap_cost_errors(file: str, key: str, data: dict[str, Any], cls: type[Any]) -> tuple[Any, ...]:
    try:
        return _structure_entries(file, data, key, cls)
    except UnknownCardError as error:  # a bad letter in a cost, raised while deriving tables
        raise DataFileError(file, key, str(error)) from None


def load_wonders(package: str, file: str) -> tuple[Wonder, ...]:
    """Checked wonder boards from ``<package>/data/<file>`` (expansions ship their own)."""
    wonders = _wrap_cost_errors(file, "wonder", _read_toml(file, package), Wonder)
    _check_wonders(file, wonders)
    return wonders


@cache
def any_game_wonders() -> FrozenMap[str, Wonder]:
    """The boards that may join any game of either edition, with any expansion or none
    (``data/wonders_any.toml``: Carthage, Edifice rulebook line 28)."""
    return FrozenMap((w.name, w) for w in load_wonders("sevenwonders.base", "wonders_any.toml"))


@cache
def _wonder_ids() -> dict[str, str]:
    """Every spelling of a board the base game's data knows (id or printed name, folded) ->
    its id."""
    files = ("wonders_1st.toml", "wonders_2nd.toml", "wonders_any.toml")
    return {spelling.casefold(): wonder.name
            for file in files for wonder in load_wonders("sevenwonders.base", file)
            for spelling in (wonder.name, wonder.display)}


def wonder_id(name: str) -> str:
    """The id of the board ``name`` spells, in any letter case, by id or printed name
    (``"GIZAH"``, ``"Giza"`` -> ``"giza"``); a name no data file knows comes back folded (an
    expansion's board, or one the game then refuses)."""
    folded = name.casefold()
    return _wonder_ids().get(folded, folded)


@cache
def load_edition(edition: str = "2nd") -> Edition:
    """The checked card and wonder data of ``edition`` (``"2nd"`` or ``"1st"``), loaded once."""
    card_file, wonder_file = f"cards_{edition}.toml", f"wonders_{edition}.toml"
    cards = _wrap_cost_errors(card_file, "card", _read_toml(card_file), Card)
    wonders = _wrap_cost_errors(wonder_file, "wonder", _read_toml(wonder_file), Wonder)
    _check_cards(card_file, cards)
    _check_wonders(wonder_file, wonders)
    return Edition(edition, cards, FrozenMap((wonder.name, wonder) for wonder in wonders))
