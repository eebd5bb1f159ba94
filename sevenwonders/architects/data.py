"""Loading and checking the Architects data files.

The numbers of the game live in ``data/*.toml`` so that they can be read and corrected without
touching the rules. Each file is read with :mod:`tomllib`, structured by the shared cattrs converter
into frozen attrs classes, and checked (counts, references, ranges) before any game uses it; a
problem raises :class:`~sevenwonders.errors.DataFileError` naming the file and the place.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any, TypeVar

import attrs

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.serialization import converter
from sevenwonders.errors import DataFileError

T = TypeVar("T")

STAGE_KEYS: tuple[str, ...] = ("2d", "2s", "3d", "3s", "4d")
"""The five stage costs: 2 different, 2 identical, 3 different, 3 identical, 4 different."""

EFFECTS = frozenset(
    {"alexandria", "babylon", "ephesus", "halicarnassus", "olympia", "rhodes", "none"}
)
POWERS = frozenset({"extra_card", "economy", "engineering", "shields", "score"})
SCORE_RULES = FrozenMap(
    {  # rule -> how many vp values it needs
        "wonder_complete": 2,
        "per_cat_icon": 1,
        "per_military_token": 1,
        "per_progress_token": 1,
        "by_copies": -1,  # one per possible number of copies, 0 included
    }
)
COLORS = frozenset({"yellow", "grey", "green", "blue", "red"})


def stage_cost(key: str) -> tuple[int, bool]:
    """``"3s"`` -> (3, True): the number of resources and whether they must be identical."""
    return int(key[0]), key[1] == "s"


@attrs.frozen(slots=True)
class Stage:
    """One piece of a wonder: its cost key, victory points, effect flag and supporting pieces."""

    key: str
    vp: int
    effect: bool
    needs: tuple[str, ...]


@attrs.frozen(slots=True)
class Wonder:
    id: str
    name: str
    effect: str
    stages: tuple[Stage, ...]

    def stage(self, key: str) -> Stage:
        for stage in self.stages:
            if stage.key == key:
                return stage
        raise KeyError(key)


@attrs.frozen(slots=True)
class CardKind:
    """A kind of card; every card of a kind is the same for the rules."""

    id: str
    color: str
    letter: str = ""
    coins: int = 0
    resource: bool = False
    science: bool = False
    vp: int = 0
    cat: bool = False
    shields: int = 0
    horns: int = 0


@attrs.frozen(slots=True)
class ProgressToken:
    id: str
    name: str
    power: str
    copies: int = 1
    on_take: tuple[str, ...] = ()
    on_build: bool = False
    shields: int = 0
    score: str = ""
    vp: tuple[int, ...] = ()


@attrs.frozen(slots=True)
class Setup:
    conflict_tokens: FrozenMap[str, int]
    face_up_tokens: int
    military_token_vp: int
    military_token_supply: int
    cat_vp: int
    halicarnassus_reveal: int
    rhodes_shields: int

    def conflicts(self, players: int) -> int:
        return self.conflict_tokens[str(players)]


@attrs.frozen(slots=True)
class _WondersFile:
    wonder: tuple[Wonder, ...]


@attrs.frozen(slots=True)
class _CardsFile:
    kind: tuple[CardKind, ...]


@attrs.frozen(slots=True)
class _DecksFile:
    total_cards: int
    wonder_deck_size: int
    central_deck_size: int
    deck: FrozenMap[str, FrozenMap[str, int]]
    variant: FrozenMap[str, FrozenMap[str, FrozenMap[str, int]]]


@attrs.frozen(slots=True)
class _ProgressFile:
    total: int
    token: tuple[ProgressToken, ...]


@attrs.frozen(slots=True)
class ArchitectsData:
    """Everything the data files say, checked."""

    wonders: tuple[Wonder, ...]
    kinds: tuple[CardKind, ...]
    decks: FrozenMap[str, FrozenMap[str, int]]
    """Deck name (a wonder id or ``"central"``) -> card kind id -> count (default composition)."""
    variants: FrozenMap[str, FrozenMap[str, FrozenMap[str, int]]]
    """Deck name -> variant name -> counts that replace the default ones."""
    tokens: tuple[ProgressToken, ...]
    setup: Setup
    total_cards: int

    def wonder(self, wonder_id: str) -> Wonder:
        for wonder in self.wonders:
            if wonder.id == wonder_id:
                return wonder
        raise KeyError(wonder_id)

    def deck(self, name: str, variant: str | None = None) -> FrozenMap[str, int]:
        """The composition of deck ``name``, with ``variant``'s counts if given."""
        counts = dict(self.decks[name])
        if variant is not None:
            counts.update(self.variants[name][variant])
        return FrozenMap(counts)


def _read(name: str, cls: type[T]) -> T:
    try:
        text = resources.files("sevenwonders.architects").joinpath("data", name).read_text("utf-8")
    except OSError as error:
        raise DataFileError(name, "file", f"cannot be read: {error}") from None
    try:
        raw: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(name, "syntax", str(error)) from None
    return structure_file(name, raw, cls)


def structure_file(name: str, raw: Any, cls: type[T]) -> T:
    """Structure parsed TOML into ``cls``, turning cattrs errors into a :class:`DataFileError`."""
    try:
        return converter.structure(raw, cls)
    except Exception as error:  # cattrs raises many kinds; the reader wants file and place
        from cattrs import transform_error

        try:
            parts = transform_error(error)
        except Exception:  # pragma: no cover - not a cattrs error
            parts = [f"{type(error).__name__}: {error}"]
        raise DataFileError(name, "structure", "; ".join(parts[:5]) or str(error)) from None


def check_cards(name: str, kinds: tuple[CardKind, ...]) -> None:
    seen: set[str] = set()
    letters: set[str] = set()
    for i, kind in enumerate(kinds):
        place = f"kind[{i}] {kind.id!r}"
        if kind.id in seen:
            raise DataFileError(name, place, "duplicate kind id")
        seen.add(kind.id)
        if kind.color not in COLORS:
            raise DataFileError(name, place, f"unknown color {kind.color!r}")
        if kind.resource or kind.coins:
            if len(kind.letter) != 1 or kind.letter in letters:
                raise DataFileError(name, place, "needs a unique one-letter name")
            letters.add(kind.letter)
        if kind.resource and kind.color != "grey":
            raise DataFileError(name, place, "only grey cards are resources")
        if kind.coins and kind.color != "yellow":
            raise DataFileError(name, place, "only yellow cards are coins")
        if kind.science and kind.color != "green":
            raise DataFileError(name, place, "only green cards have science symbols")
        if not 0 <= kind.vp <= 10 or not 0 <= kind.coins <= 2:
            raise DataFileError(name, place, "victory points or coins out of range")
        if kind.color == "red" and (kind.shields != 1 or not 0 <= kind.horns <= 2):
            raise DataFileError(name, place, "a red card has 1 shield and 0 to 2 horns")
        if kind.color != "red" and (kind.shields or kind.horns):
            raise DataFileError(name, place, "only red cards have shields or horns")
        if kind.cat and kind.color != "blue":
            raise DataFileError(name, place, "only blue cards show the cat")
    if sum(k.resource for k in kinds) != 5 or sum(k.science for k in kinds) != 3:
        raise DataFileError(name, "kind", "expected 5 resource kinds and 3 science symbols")
    if sum(k.coins > 0 for k in kinds) != 1:
        raise DataFileError(name, "kind", "expected exactly one coin kind")


def check_wonders(name: str, wonders: tuple[Wonder, ...]) -> None:
    if len(wonders) != 7 or len({w.id for w in wonders}) != 7:
        raise DataFileError(name, "wonder", "expected 7 wonders with distinct ids")
    for wonder in wonders:
        place = f"wonder {wonder.id!r}"
        if wonder.effect not in EFFECTS:
            raise DataFileError(name, place, f"unknown effect {wonder.effect!r}")
        keys = [stage.key for stage in wonder.stages]
        if sorted(keys) != sorted(STAGE_KEYS):
            raise DataFileError(name, place, f"stages must be exactly {STAGE_KEYS}, not {keys}")
        has_effect = any(stage.effect for stage in wonder.stages)
        if has_effect != (wonder.effect != "none"):
            raise DataFileError(name, place, "effect stages do not match the wonder's effect")
        for stage in wonder.stages:
            if not 0 <= stage.vp <= 20:
                raise DataFileError(name, f"{place} stage {stage.key}", "vp out of range")
            for need in stage.needs:
                if need not in keys or need == stage.key:
                    raise DataFileError(name, f"{place} stage {stage.key}", f"bad need {need!r}")
        # Every stage must become buildable: the "needs" relation has no cycle.
        built: set[str] = set()
        progress = True
        while progress:
            progress = False
            for stage in wonder.stages:
                if stage.key not in built and set(stage.needs) <= built:
                    built.add(stage.key)
                    progress = True
        if len(built) != 5:
            raise DataFileError(name, place, "the stages' needs form a cycle")


def check_decks(name: str, decks: _DecksFile, kinds: tuple[CardKind, ...],
                wonders: tuple[Wonder, ...]) -> None:
    kind_ids = {k.id for k in kinds}
    expected = {w.id for w in wonders} | {"central"}
    if set(decks.deck) != expected:
        raise DataFileError(name, "deck", f"expected decks {sorted(expected)}")

    def check_counts(place: str, counts: FrozenMap[str, int], size: int | None) -> None:
        for kind, count in counts.items():
            if kind not in kind_ids:
                raise DataFileError(name, place, f"unknown card kind {kind!r}")
            if not 0 <= count <= 60:
                raise DataFileError(name, place, f"count of {kind!r} out of range")
        if size is not None and sum(counts.values()) != size:
            raise DataFileError(name, place, f"{sum(counts.values())} cards instead of {size}")

    total = 0
    for deck, counts in decks.deck.items():
        size = decks.central_deck_size if deck == "central" else decks.wonder_deck_size
        check_counts(f"deck.{deck}", counts, size)
        total += size
    if total != decks.total_cards:
        raise DataFileError(name, "total_cards", f"decks hold {total}, not {decks.total_cards}")
    for deck, variants in decks.variant.items():
        if deck not in decks.deck:
            raise DataFileError(name, f"variant.{deck}", "no such deck")
        size = decks.central_deck_size if deck == "central" else decks.wonder_deck_size
        for variant, counts in variants.items():
            check_counts(f"variant.{deck}.{variant}", counts, None)
            merged = dict(decks.deck[deck])
            merged.update(counts)
            check_counts(f"variant.{deck}.{variant}", FrozenMap(merged), size)


def check_tokens(name: str, progress: _ProgressFile, kinds: tuple[CardKind, ...]) -> None:
    kind_ids = {k.id for k in kinds}
    seen: set[str] = set()
    for token in progress.token:
        place = f"token {token.id!r}"
        if token.id in seen or token.id == "hidden":
            raise DataFileError(name, place, "duplicate or reserved token id")
        seen.add(token.id)
        if token.power not in POWERS:
            raise DataFileError(name, place, f"unknown power {token.power!r}")
        if not 1 <= token.copies <= 3:
            raise DataFileError(name, place, "copies out of range")
        for kind in token.on_take:
            if kind not in kind_ids:
                raise DataFileError(name, place, f"unknown card kind {kind!r}")
        if token.power == "extra_card" and not (token.on_take or token.on_build):
            raise DataFileError(name, place, "an extra-card token needs a trigger")
        if token.power != "extra_card" and (token.on_take or token.on_build):
            raise DataFileError(name, place, "only extra-card tokens have triggers")
        if (token.power == "shields") != (token.shields > 0) or token.shields > 5:
            raise DataFileError(name, place, "shields must be given for shield tokens only")
        if token.power == "score":
            if token.score not in SCORE_RULES:
                raise DataFileError(name, place, f"unknown score rule {token.score!r}")
            wanted = SCORE_RULES[token.score]
            if wanted < 0:
                wanted = token.copies + 1
            if len(token.vp) != wanted or any(not 0 <= v <= 20 for v in token.vp):
                raise DataFileError(name, place, f"needs {wanted} vp values in 0..20")
        elif token.score or token.vp:
            raise DataFileError(name, place, "only score tokens have a score rule")
    copies = sum(t.copies for t in progress.token)
    if copies != progress.total:
        raise DataFileError(name, "total", f"{copies} tokens instead of {progress.total}")


def check_setup(name: str, setup: Setup) -> None:
    for players in range(2, 8):
        count = setup.conflict_tokens.get(str(players))
        if count is None or not 1 <= count <= 6:
            raise DataFileError(name, f"conflict_tokens.{players}", "missing or out of 1..6")
    if set(setup.conflict_tokens) != {str(p) for p in range(2, 8)}:
        raise DataFileError(name, "conflict_tokens", "player counts must be 2..7")
    for field in ("face_up_tokens", "military_token_vp", "cat_vp", "halicarnassus_reveal",
                  "rhodes_shields"):
        if not 1 <= getattr(setup, field) <= 10:
            raise DataFileError(name, field, "out of range 1..10")
    if setup.military_token_supply < 1:
        raise DataFileError(name, "military_token_supply", "must be positive")


@cache
def load() -> ArchitectsData:
    """The checked game data (read once per process)."""
    kinds = _read("cards.toml", _CardsFile).kind
    check_cards("cards.toml", kinds)
    wonders = _read("wonders.toml", _WondersFile).wonder
    check_wonders("wonders.toml", wonders)
    decks = _read("decks.toml", _DecksFile)
    check_decks("decks.toml", decks, kinds, wonders)
    progress = _read("progress.toml", _ProgressFile)
    check_tokens("progress.toml", progress, kinds)
    setup = _read("setup.toml", Setup)
    check_setup("setup.toml", setup)
    return ArchitectsData(
        wonders=wonders, kinds=kinds, decks=decks.deck, variants=decks.variant,
        tokens=progress.token, setup=setup, total_cards=decks.total_cards,
    )


def wonder_id(name: str) -> str:
    """The id of the wonder ``name`` spells, in any letter case, by id or printed name
    (``"GIZA"`` -> ``"giza"``); a name no wonder has comes back as given (the option check
    refuses it)."""
    folded = name.casefold()
    for wonder in load().wonders:
        if folded in (wonder.id.casefold(), wonder.name.casefold()):
            return wonder.id
    return name
