"""What the fast path of loading an Architects state (:mod:`sevenwonders.architects.loading`)
checks a state against, per set of wonders in seat order and Babylon deck: the game, the deal,
each deck's cards, the horns by card, worked out once; and what the last states read at that
table held (the parts whose checks passed then, the piles of the last state it accepted, the
cities it built), which the fast path reads the next states against.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from sevenwonders.architects.accounting import card_horns, deck_backs
from sevenwonders.architects.data import load
from sevenwonders.architects.game import ArchitectsGame
from sevenwonders.architects.options import BABYLON_DECKS
from sevenwonders.architects.state import City
from sevenwonders.architects.tables import Tables
from sevenwonders.core.problems import Verdicts

ALL_IDS: Final = bytes(range(256))
"""Every byte value: the card ids 0-255."""


LastPiles = tuple[list[str], list[bytes], list[tuple[int, ...]], list[int], bytes]
"""The deal's piles of the last state a table accepted: as written, their cards, their ids,
the horns of the discard pile's cards and of each city's, and the cards revealed."""


class Table:
    """What every state of one set of wonders (in seat order) and Babylon deck is checked
    against, worked out once: the game, the deal, each deck's cards, the horns by card."""

    __slots__ = ("absent", "allowed", "back_of", "backs", "built", "central", "cities",
                 "conflicts", "deal", "deal_size", "face_up", "game", "held", "horns", "kept",
                 "known", "last", "marks", "pile", "seen", "tables", "tokens", "wonders")

    def __init__(self, game: ArchitectsGame, wonders: tuple[str, ...]) -> None:
        t = self.tables = game.tables
        self.game = game
        self.wonders = wonders
        backs, self.horns = decks_of_cards(t)
        deal = bytes(t.all_cards(wonders))  # (raises for an id past 255: the full path)
        self.deal = deal
        self.absent = ALL_IDS.translate(None, deal)
        """The byte values that are no card of the deal."""
        self.deal_size = len(deal) if 256 - len(self.absent) == len(deal) else -1
        self.backs = tuple(backs.get(wonder, b"") for wonder in wonders)
        """Per seat, the ids of the cards of its wonder's deck."""
        self.central = backs.get("central", b"")
        back_of = bytearray(b"\xff" * 256)
        for mark, cards in enumerate((*self.backs, self.central)):
            for card in cards:
                back_of[card] = mark
        self.back_of = bytes(back_of)
        """Per card id, the deck whose back it has: its seat, ``len(wonders)`` for the central
        deck, 255 for none of this table's."""
        self.marks = tuple(bytes([mark]) for mark in range(len(wonders) + 1))
        """Each deck's mark in :attr:`back_of`, the central deck's last."""
        self.conflicts = t.conflict_total
        self.pile = sorted(t.token_pile)
        self.face_up = t.data.setup.face_up_tokens
        self.tokens = t.tokens.keys()
        n = len(wonders)
        self.allowed = (*[None] * (n + 1), self.central, *self.backs)
        """Per place of the deal's piles (the discard pile, each city, the central deck, each
        seat's deck), the ids of the cards a deck there may hold (``None``: any)."""
        # What the last state loaded at this table held, where its checks passed (each depends
        # on the table and on these alone: a state holding the same passes again): what the
        # seats saw as written, the tokens (face-up, the pile's, each city's), the stages
        # built; the piles of the deal as written, in their places, their cards (the ids of
        # the deal once: a state whose piles read the same but in a few places holds the
        # deal when those places hold the cards they held), with the cards revealed; and the
        # city built for each seat, with what it was read of (its cards as written, stages,
        # tokens and victories).
        # (each record is one value, read once a load and replaced whole: loads of the table
        # in several threads never see one record's parts from two states)
        self.seen: tuple[list[str], tuple[tuple[int, ...], ...]] = ([], ())
        self.held: list[Any] | None = None
        self.built: list[list[str]] | None = None
        self.last: LastPiles | None = None
        self.cities: list[tuple[str, list[str], list[str], int, City] | None] = [None] * n
        self.kept = True
        """Whether a state whose deal is this table's may be read against what it remembers:
        no table before it in the full check's order has the same deal (else that one is
        the table of the state)."""
        self.known = (set(wonders) <= set(t.wonder_ids) and len(wonders) == t.players
                      and 256 - back_of.count(255) == sum(map(len, (*self.backs, self.central))))
        """Whether these are the table's wonders, each card of one deck's back at most."""


@lru_cache(maxsize=16)
def decks_of_cards(t: Tables) -> tuple[dict[str, bytes], bytes]:
    """The ids of the cards with each back (a wonder's deck or ``"central"``), by back, and
    the horns of each card id (256 entries for ids 0-255), once a game's tables."""
    backs = {back: bytes(sorted(cards)) for back, cards in deck_backs(t).items()}
    horns = card_horns(t)
    return backs, bytes([*horns, *[0] * (256 - len(horns))])


KNOWN_WONDERS: Final = frozenset(wonder.id for wonder in load().wonders)
"""The wonders of the game's data."""


@lru_cache(maxsize=16)
def any_game(players: int, babylon: str) -> ArchitectsGame:
    """The game every state of distinct known wonders is checked with: one per table size and
    Babylon deck (the rules depend on the table's size and the options, not on which seat drew
    which wonder), with optional wonder effects: the widest set of moves, so no reachable state
    looks stuck."""
    return ArchitectsGame(players, babylon_deck=babylon, wonder_effects_mandatory=False)


def tables_of(wonders: tuple[str, ...]) -> tuple[Table, ...] | None:
    """The tables of each Babylon deck, in the full check's order, for these wonders (``None``
    when the full check is needed to say what is wrong with them)."""
    found = TABLES.get(wonders)
    if found is None:
        if len(set(wonders)) != len(wonders) or not KNOWN_WONDERS.issuperset(wonders):
            return None
        found = tuple(Table(any_game(len(wonders), babylon), wonders)
                      for babylon in BABYLON_DECKS)
        if any(len(table.horns) != 256 or not table.known for table in found):
            return None  # (card ids past 255: the full path)
        for at, table in enumerate(found):
            table.kept = all(table.deal_size != other.deal_size or table.absent != other.absent
                             for other in found[:at])
        TABLES.remember(wonders, found)
    return found


TABLES: Final[Verdicts[tuple[str, ...], tuple[Table, ...]]] = Verdicts(1024)
"""The tables of each set of wonders met, in seat order (5,040 orders of seven at most)."""
