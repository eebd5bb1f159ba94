"""The data files: counts the reference gives, and the checks that guard them."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from sevenwonders.architects import data as d
from sevenwonders.architects.data import load
from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.errors import DataFileError

DATA = load()


def test_deck_sizes_and_total() -> None:
    for wonder in DATA.wonders:
        assert sum(DATA.deck(wonder.id).values()) == 25
    assert sum(DATA.deck("central").values()) == 60
    assert sum(sum(deck.values()) for deck in DATA.decks.values()) == 235 == DATA.total_cards


def test_each_resource_missing_once_across_wonder_decks() -> None:
    resources = [k.id for k in DATA.kinds if k.resource]
    for resource in resources:
        counts = [DATA.deck(w.id)[resource] for w in DATA.wonders]
        assert sum(counts) == 13
        assert counts.count(1) == 1
    symbols = ("compass", "gear", "tablet")
    assert sum(DATA.deck(w.id)[s] for w in DATA.wonders for s in symbols) == 30


def test_game_wide_kind_totals() -> None:
    totals: Counter[str] = Counter()
    for name in DATA.decks:
        totals.update(DATA.deck(name))
    assert totals["gold"] == 27
    assert [totals[r] for r in ("stone", "brick", "wood", "glass", "papyrus")] == [17] * 5
    assert [totals[s] for s in ("compass", "gear", "tablet")] == [14] * 3
    assert totals["blue3"] + totals["blue2cat"] == 40
    assert totals["red0"] + totals["red1"] + totals["red2"] == 41


def test_babylon_variant() -> None:
    default = DATA.deck("babylon", "stone1_brick2")
    other = DATA.deck("babylon", "stone2_brick1")
    assert (default["stone"], default["brick"]) == (1, 2)
    assert (other["stone"], other["brick"]) == (2, 1)
    assert sum(other.values()) == 25


def test_giza_has_no_two_horn_card() -> None:
    giza = DATA.deck("giza")
    assert (giza["red1"], giza["red2"]) == (2, 0)


def test_wonder_totals_and_effect_stages() -> None:
    totals = {w.id: sum(s.vp for s in w.stages) for w in DATA.wonders}
    assert totals == {"alexandria": 25, "babylon": 20, "ephesus": 22, "giza": 30,
                      "halicarnassus": 24, "olympia": 22, "rhodes": 26}
    effects = {w.id: {s.key for s in w.stages if s.effect} for w in DATA.wonders}
    assert effects["ephesus"] == {"2s", "3d", "3s"}
    assert effects["giza"] == set()
    for wonder in ("alexandria", "babylon", "halicarnassus", "olympia", "rhodes"):
        assert effects[wonder] == {"2s", "3s"}


def test_tokens_and_conflicts() -> None:
    assert sum(t.copies for t in DATA.tokens) == 15
    assert len(DATA.tokens) == 14
    assert {t.id: t.copies for t in DATA.tokens}["culture"] == 2
    assert [DATA.setup.conflicts(p) for p in range(2, 8)] == [3, 3, 4, 5, 6, 6]
    assert (DATA.setup.military_token_vp, DATA.setup.cat_vp) == (3, 2)


def _wonder_with(wonder_id: str, **changes: object) -> tuple[d.Wonder, ...]:
    return tuple(attrs.evolve(w, **changes) if w.id == wonder_id else w  # type: ignore[arg-type]
                 for w in DATA.wonders)


def test_check_wonders_rejects_cycles_and_bad_keys() -> None:
    giza = DATA.wonder("giza")
    looped = tuple(attrs.evolve(s, needs=("4d",)) if s.key == "2d" else s for s in giza.stages)
    with pytest.raises(DataFileError, match="cycle"):
        d.check_wonders("w.toml", _wonder_with("giza", stages=looped))
    twice = (*giza.stages[:4], attrs.evolve(giza.stages[4], key="3s"))
    with pytest.raises(DataFileError, match="stages must be"):
        d.check_wonders("w.toml", _wonder_with("giza", stages=twice))
    with pytest.raises(DataFileError, match="unknown effect"):
        d.check_wonders("w.toml", _wonder_with("giza", effect="teleport"))
    with pytest.raises(DataFileError, match="effect stages"):
        d.check_wonders("w.toml", _wonder_with("giza", effect="rhodes"))
    bad_need = tuple(attrs.evolve(s, needs=("9x",)) if s.key == "2s" else s for s in giza.stages)
    with pytest.raises(DataFileError, match="bad need"):
        d.check_wonders("w.toml", _wonder_with("giza", stages=bad_need))


def test_check_cards_rejects_bad_kinds() -> None:
    kinds = DATA.kinds
    with pytest.raises(DataFileError, match="duplicate"):
        d.check_cards("c.toml", (*kinds, kinds[0]))
    two_shields = tuple(attrs.evolve(k, shields=2) if k.id == "red0" else k for k in kinds)
    with pytest.raises(DataFileError, match="1 shield"):
        d.check_cards("c.toml", two_shields)


def _decks_file(**decks: FrozenMap[str, int]) -> d._DecksFile:
    merged = dict(DATA.decks)
    merged.update(decks)
    return d._DecksFile(235, 25, 60, FrozenMap(merged), DATA.variants)


def test_check_decks_rejects_bad_counts_and_references() -> None:
    alexandria = dict(DATA.deck("alexandria"))
    alexandria["gold"] += 1
    with pytest.raises(DataFileError, match="26 cards instead of 25"):
        d.check_decks("d.toml", _decks_file(alexandria=FrozenMap(alexandria)), DATA.kinds,
                      DATA.wonders)
    unknown = dict(DATA.deck("central"))
    unknown["dragon"] = 0
    with pytest.raises(DataFileError, match="unknown card kind"):
        d.check_decks("d.toml", _decks_file(central=FrozenMap(unknown)), DATA.kinds,
                      DATA.wonders)


def test_check_tokens_rejects_bad_tokens() -> None:
    tokens = DATA.tokens
    with pytest.raises(DataFileError, match="16 tokens instead of 15"):
        d.check_tokens("p.toml", d._ProgressFile(15, (attrs.evolve(tokens[0], copies=2),
                                                      *tokens[1:])), DATA.kinds)
    bad = attrs.evolve(tokens[0], on_take=("unicorn",))
    with pytest.raises(DataFileError, match="unknown card kind"):
        d.check_tokens("p.toml", d._ProgressFile(15, (bad, *tokens[1:])), DATA.kinds)
    bad = attrs.evolve(tokens[0], power="magic")
    with pytest.raises(DataFileError, match="unknown power"):
        d.check_tokens("p.toml", d._ProgressFile(15, (bad, *tokens[1:])), DATA.kinds)


def test_structure_errors_name_the_file() -> None:
    with pytest.raises(DataFileError, match=r"x\.toml: structure"):
        d.structure_file("x.toml", {"kind": [{"id": "gold", "colour": "yellow"}]}, d._CardsFile)


def test_check_setup_needs_every_player_count() -> None:
    setup = attrs.evolve(DATA.setup, conflict_tokens=FrozenMap({"2": 3, "3": 3}))
    with pytest.raises(DataFileError, match=r"conflict_tokens\.4"):
        d.check_setup("s.toml", setup)


# architects.md section 2.3, column by column (decks in the order below).
REFERENCE_DECKS = {
    "gold": (4, 3, 3, 3, 3, 3, 2, 6), "stone": (2, 1, 2, 2, 2, 2, 2, 4),
    "brick": (2, 2, 2, 1, 2, 2, 2, 4), "wood": (2, 2, 2, 2, 2, 1, 2, 4),
    "glass": (1, 2, 2, 2, 2, 2, 2, 4), "papyrus": (2, 2, 2, 2, 1, 2, 2, 4),
    "gear": (2, 2, 1, 1, 1, 1, 2, 4), "compass": (1, 2, 2, 2, 1, 1, 1, 4),
    "tablet": (1, 1, 2, 1, 2, 2, 1, 4), "blue3": (2, 2, 1, 2, 2, 1, 2, 4),
    "blue2cat": (2, 2, 2, 3, 2, 3, 2, 8), "red0": (2, 2, 2, 2, 2, 2, 2, 4),
    "red1": (1, 1, 1, 2, 2, 2, 2, 4), "red2": (1, 1, 1, 0, 1, 1, 1, 2),
}
DECK_ORDER = ("alexandria", "babylon", "ephesus", "giza", "halicarnassus", "olympia", "rhodes",
              "central")


def test_deck_compositions_match_the_reference_table() -> None:
    for kind, counts in REFERENCE_DECKS.items():
        assert tuple(DATA.deck(deck).get(kind, 0) for deck in DECK_ORDER) == counts, kind
    assert set(DATA.deck("central")) <= set(REFERENCE_DECKS)
