"""The fast path of loading an Architects state (:mod:`sevenwonders.architects.loading`) agrees
with the full path (the strict converter, then every invariant): it builds exactly the state
the full path builds for every state of random games of 2-7 players, and accepts nothing the
full path refuses, over one-change edits of those states' documents (half of them made on the
card piles as arrays of card ids, written in hex again) and hand-made faults (a pile in
capitals, with a space, an odd digit or as an array, a card out of range or twice, keys missing,
extra or in another's place, items of the wrong type). Each check of the fast path left out (a
planted fault) is caught by the same comparison, the plain decisions' moves are found where the
rules list some, an accepted edit of the piles plays to its end as any state does, and a
verdict a table remembers, taken for parts it was not found on, is caught."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from sevenwonders.architects import ArchitectsGame, load_tables, loading, validation
from sevenwonders.architects.state import ArchitectsState, City, Revealed
from sevenwonders.architects.work import make_city, make_state
from sevenwonders.core.serialization import converter, from_json, to_json
from sevenwonders.errors import SevenWondersError
from sevenwonders.games import make_game
from tests import fast_loads
from tests.boundary import mutation
from tests.boundary.mutation import edit, playout_states, real_states
from tests.fast_loads import full_path_of

full_path = full_path_of(ArchitectsState, validation.problems)


def disagreements(documents: list[Any]) -> list[str]:
    """The documents the fast path reads otherwise than the full path."""
    return fast_loads.disagreements(loading.load_fast, full_path, documents)


def _states() -> list[ArchitectsState]:
    """Every state of a random game of each size, 2-7 players."""
    out: list[ArchitectsState] = []
    for players in range(2, 8):
        out += playout_states(make_game("architects", players), players + 1)
    return out


STATES = _states()


def as_lists(document: Any) -> Any:
    """``document`` with its card piles (hex strings) as JSON arrays of card ids, to edit."""
    out = copy.deepcopy(document)
    for city in out["cities"]:
        city["cards"] = list(bytes.fromhex(city["cards"]))
    out["decks"] = [list(bytes.fromhex(deck)) for deck in out["decks"]]
    out["central"], out["discard"] = (list(bytes.fromhex(out[key]))
                                      for key in ("central", "discard"))
    out["seen"] = [list(bytes.fromhex(cards)) for cards in out["seen"]]
    return out


def as_hex(document: Any) -> Any:
    """The form :func:`as_lists` undoes: each pile still a list of ints 0-255 written in hex
    again; any other pile left as it is (which the load must refuse)."""
    def pile(value: Any) -> Any:
        if type(value) is list and all(type(item) is int for item in value):
            with contextlib.suppress(ValueError):
                return bytes(value).hex()
        return value

    for city in document["cities"]:
        if isinstance(city, dict) and "cards" in city:
            city["cards"] = pile(city["cards"])
    if type(document["decks"]) is list:
        document["decks"] = [pile(deck) for deck in document["decks"]]
    for key in ("central", "discard"):
        document[key] = pile(document[key])
    if type(document["seen"]) is list:
        document["seen"] = [pile(cards) for cards in document["seen"]]
    return document


def _hand_made(state: ArchitectsState) -> Iterator[Any]:
    """Faults the random edits seldom make, each in one copy of ``state``'s document."""
    document = converter.unstructure(state)

    def changed(change: Callable[[Any], None], lists: bool = False) -> Any:
        out = as_lists(document) if lists else copy.deepcopy(document)
        change(out)
        return as_hex(out) if lists else out

    def deck(change: Callable[[str], Any]) -> Callable[[Any], None]:
        def edit_pile(out: Any) -> None:
            at = next((i for i, pile in enumerate(out["decks"]) if pile), None)
            if at is None:
                out["central"] = change(out["central"])
            else:
                out["decks"][at] = change(out["decks"][at])
        return edit_pile

    yield changed(deck(str.upper))  # (capitals: bytes.fromhex takes them)
    yield changed(deck(lambda pile: f" {pile}"))
    yield changed(deck(lambda pile: f"{pile[:2]} {pile[2:]}"))
    yield changed(deck(lambda pile: pile[:-1]))
    yield changed(deck(lambda pile: f"{pile}g0"))
    yield changed(deck(lambda pile: list(bytes.fromhex(pile))))  # (the earlier form)
    yield changed(deck(lambda pile: {"hex": pile}))
    yield changed(deck(lambda pile: None))
    yield changed(deck(lambda pile: f"{pile}ff"))  # (no card 255)
    yield changed(deck(lambda pile: f"{pile}{pile[:2]}"))  # (a card twice)
    yield changed(lambda out: out.update(decks="".join(out["decks"])))
    yield changed(lambda out: out["cities"][0].update(cards=out["cities"][0]["cards"].upper()))
    yield changed(lambda out: out.update(discard=out["discard"] + "0"))
    yield changed(lambda out: out["central"].append(256), lists=True)
    yield changed(lambda out: out["central"].append(-1), lists=True)
    yield changed(lambda out: out.pop("seen"))  # (a default: the full path decides)
    yield changed(lambda out: out.update(extra=1))
    # (a key for another: as many keys, one of them unknown)
    yield changed(lambda out: out.update(extra=out.pop("flags")))
    yield changed(lambda out: out["cities"][0].update(wealth=out["cities"][0].pop("military")))
    yield changed(lambda out: out.update(rng={"seed": out["rng"]["state"]}))
    yield changed(lambda out: out.update(pending={"kind": out["pending"]["type"]}))
    yield changed(lambda out: out["cities"][0].update(military=99))
    yield changed(lambda out: out["cities"][0].update(military=True))
    yield changed(lambda out: out["cities"][0].update(built=tuple(out["cities"][0]["built"])))
    yield changed(lambda out: out.update(current=(out["current"] + 1) % len(out["cities"])))
    yield changed(lambda out: out.update(turn=out["turn"] + 1))
    yield changed(lambda out: out.update(flipped=out["flipped"] + 1))
    yield changed(lambda out: out.update(peeked=not out["peeked"]))
    yield changed(lambda out: out["rng"].update(state=1 << 64))
    yield changed(lambda out: out.update(used=["nothing"]))
    # (items of the lists of strings that are no strings: checked as tokens and stages)
    yield changed(lambda out: out["face_up"].__setitem__(0, 5) if out["face_up"] else None)
    yield changed(lambda out: out["token_pile"].append(None))
    yield changed(lambda out: out.update(triggered=[1], used=[["economy"]]))
    yield changed(lambda out: out["cities"][0].update(built=[["2d"]], tokens=[{}]))
    yield changed(lambda out: out.update(seen=["ea"] * len(out["cities"])))  # (card 234)
    yield changed(lambda out: out.update(seen=["eaea"] + [""] * (len(out["cities"]) - 1)))
    yield changed(lambda out: out.update(seen=["EA"] + [""] * (len(out["cities"]) - 1)))
    yield changed(lambda out: out.update(seen=[[234]] + [""] * (len(out["cities"]) - 1)))
    yield changed(lambda out: out.update(seen=["ea"]))
    yield changed(lambda out: out["face_up"].reverse())
    yield changed(lambda out: out["decks"].reverse())
    yield changed(lambda out: out["cities"][0]["built"].reverse())


def _edited(seed: int, per_state: int) -> list[Any]:
    """One-change edits of the documents of every third state: half of them of the document as
    it is, half of its piles as arrays of card ids (a card moved, dropped, doubled, changed)
    written in hex again."""
    rng = random.Random(seed)
    out = []
    for state in STATES[::3]:
        document = converter.unstructure(state)
        out += list(_hand_made(state)) if rng.random() < 0.2 else []
        for i in range(per_state):
            changed = as_lists(document) if i % 2 else copy.deepcopy(document)
            if edit(changed, rng) is not None:
                out.append(as_hex(changed) if i % 2 else changed)
    return out


EDITED = _edited(11, 6)


def test_every_state_of_random_games_is_read_by_the_fast_path_as_the_full_path_reads_it(
) -> None:
    for state in STATES:
        document = json.loads(to_json(state))
        fast = loading.load_fast(document)
        assert fast is not None, to_json(state)[:300]
        assert fast == state and repr(fast) == repr(state)
        assert repr(fast) == repr(full_path(document))
        assert repr(from_json(to_json(state), ArchitectsState)) == repr(state)


def test_the_fast_path_accepts_no_edited_document_the_full_path_refuses() -> None:
    assert len(EDITED) > 500
    refused = sum(full_path(copy.deepcopy(document)) is None for document in EDITED)
    assert refused > 200  # (the edits do reach the checks)
    assert disagreements(EDITED) == []


def test_a_refused_document_raises_what_the_full_path_raises() -> None:
    texts = [json.dumps(document) for document in EDITED[:300]
             if full_path(copy.deepcopy(document)) is None]
    assert texts
    fast, full = fast_loads.refusals_both_ways(ArchitectsState, validation.problems,
                                               "Architects", loading.load_fast, texts)
    assert fast == full


@pytest.mark.skipif(not loading.__file__.endswith(".py"), reason=(
    "the compiled module calls its own functions directly, so a fault planted in one does not "
    "reach the load; the pure package, the tested reference, runs these"))
@pytest.mark.parametrize("fault", ["_battles", "_piles", "_check", "_scalars", "_seen_fits",
                                   "_changed", "_same_cards"])
def test_a_check_left_out_of_the_fast_path_is_caught(fault: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    real = getattr(loading, fault)
    planted: dict[str, Callable[..., Any]] = {
        "_battles": lambda *_: True,
        # the piles read as bytes.fromhex reads them (capitals and spaces taken)
        "_piles": lambda piles: list(map(bytes.fromhex, piles)),
        "_check": lambda *_: True,
        # the counters of battles and the cat's seat taken as written
        "_scalars": lambda o, n: (o["flipped"], o["cat"], *(real(
            {**o, "flipped": 0, "cat": None}, n) or (None,) * 8)[2:]),
        "_seen_fits": lambda *_: True,
        # every pile taken as the one the table remembers in its place
        "_changed": lambda last, texts: [] if len(last) == len(texts) else None,
        # the piles read again taken to hold the cards they held
        "_same_cards": lambda *_: True,
    }
    monkeypatch.setattr(loading, fault, planted[fault])
    assert disagreements(EDITED) != []


class _Same:
    """Equal to anything: a remembered verdict that every state seems to share."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = None  # type: ignore[assignment]


@pytest.mark.skipif(not loading.__file__.endswith(".py"), reason=(
    "a compiled table's fields are typed: the pure package, the tested reference, runs these"))
@pytest.mark.parametrize("verdict", ["built", "held", "seen"])
def test_a_verdict_taken_for_parts_it_was_not_found_on_is_caught(
        verdict: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real = load_tables.Table.__init__

    def planted(table: Any, *args: Any) -> None:
        real(table, *args)
        # (what the seats saw is remembered with its ids: as written, then ids none saw)
        setattr(table, verdict, (_Same(), ()) if verdict == "seen" else _Same())

    monkeypatch.setattr(load_tables.Table, "__init__", planted)
    monkeypatch.setattr(load_tables, "TABLES", load_tables.Verdicts(1024))
    assert disagreements(EDITED) != []


def _emptied(state: ArchitectsState) -> Iterator[ArchitectsState]:
    """``state`` and the same decision with what it chooses from emptied (not reachable, but
    the shortcuts must agree with the rules on any state)."""
    no_decks = tuple(() for _ in state.decks)
    yield state
    yield attrs.evolve(state, face_up=(), token_pile=())
    yield attrs.evolve(state, face_up=state.face_up[:1], token_pile=())
    yield attrs.evolve(state, face_up=(), token_pile=state.token_pile[:1])
    yield attrs.evolve(state, decks=no_decks)
    yield attrs.evolve(state, decks=no_decks, central=())
    yield attrs.evolve(state, central=())
    if isinstance(state.pending, Revealed):
        yield attrs.evolve(state, pending=Revealed(state.pending.deck, ()))


def test_a_move_is_found_exactly_where_the_rules_list_one() -> None:
    kinds = set()
    for state in STATES:
        if state.over:
            continue
        table = load_tables.tables_of(tuple(city.wonder for city in state.cities))[0]
        for variant in _emptied(state):
            expected = bool(table.game._legal(variant))
            assert loading._moves_exist(table, variant) is expected, repr(variant)[:300]
            kinds.add((type(variant.pending).__name__, expected))
    assert {(kind, found) for kind in ("StartTurn", "TokenChoice", "DeckChoice", "SideChoice",
                                        "Revealed") for found in (True, False)} <= kinds


def test_the_drafts_build_what_init_builds() -> None:
    for state in STATES[::5]:
        cities = tuple(make_city(*(getattr(city, f.name) for f in attrs.fields(City)))
                       for city in state.cities)
        made = make_state(cities, *(getattr(state, f.name)
                                    for f in attrs.fields(ArchitectsState)[1:]))
        assert type(made) is ArchitectsState and all(type(city) is City for city in cities)
        assert made == state and repr(made) == repr(state) and hash(made) == hash(state)


def test_an_accepted_edit_of_the_piles_plays_to_its_end_as_any_state() -> None:
    """The mutation fuzz's promise for the piles' edits (a card moved between piles, dropped,
    doubled, changed), made on the piles as arrays and written in hex again: each state the
    load accepts plays to its end with every ply free of problems and loading back."""
    rng = random.Random(23)
    accepted = edits = 0
    for kind in ("architects-2", "architects-4", "architects-7"):
        for state in real_states(kind, 9)[::4]:
            document = as_lists(converter.unstructure(state))
            if edit(document, rng) is None:
                continue
            edits += 1
            try:
                loaded = from_json(json.dumps(as_hex(document)), ArchitectsState)
            except SevenWondersError:
                continue
            accepted += 1
            assert mutation.play_out(mutation.game_of(kind), loaded, rng) is None
    assert edits > 40 and accepted > 5


def test_states_of_games_at_the_same_wonders_read_in_turn_are_each_read_whole() -> None:
    """States of two games at the same wonders in seat order (one per Babylon deck, the same
    cards) read in turn, each against the piles the other game's last state left at the table,
    and states with a deck of the other game's: each is read by the fast path as the full path
    reads it (and many of the mixed ones refused by both)."""
    wonders = ("babylon", "rhodes", "ephesus", "giza")
    games = [ArchitectsGame(4, babylon_deck=deck, wonders=wonders)
             for deck in ("stone1_brick2", "stone2_brick1")]
    first, second = (playout_states(game, seed) for game, seed in zip(games, (3, 4), strict=True))
    documents = []
    for one, other in zip(first, second, strict=False):
        documents += [converter.unstructure(one), converter.unstructure(other)]
        mixed = converter.unstructure(one)
        mixed["decks"][0] = converter.unstructure(other)["decks"][0]
        documents.append(mixed)
    for document in documents[::3]:
        assert repr(loading.load_fast(copy.deepcopy(document))) == repr(full_path(document))
    assert disagreements(documents) == []
    assert sum(full_path(copy.deepcopy(document)) is None for document in documents) > 10
