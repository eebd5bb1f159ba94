"""Architects' action index (any number of players: the universe is the same).

In order: ``take`` left, right, central; ``build <stage>: <spend>`` for every stage cost of the
game (``2d 2s 3d 3s 4d``) and every way to pay it (a bag of grey cards in resource order
``S B W G P``, then gold cards ``$``: as many as are missing, or one fewer with the Economy
token); ``science`` pairs per symbol then the three different symbols; ``token`` per progress
token then ``hidden``; ``extra <token> <deck>`` per extra-card token and deck; ``alexandria``
per wonder then ``central``; ``halicarnassus`` left, right; ``pick`` per card kind; ``use``
per optional wonder effect; ``skip``; ``end``. Every move is its own action (no payments to
collapse: the cards spent are the choice).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from sevenwonders.architects.data import STAGE_KEYS
from sevenwonders.architects.moves import (
    SOURCES,
    Alexandria,
    Build,
    ChooseToken,
    EndTurn,
    Extra,
    Halicarnassus,
    Move,
    Pick,
    Science,
    Skip,
    Source,
    Take,
    UseEffect,
)
from sevenwonders.encoding.actions import ActionIndex

HIDDEN = "hidden"  # the face-down token pile (sevenwonders.architects.rules.HIDDEN)


def _spends(n: int, letters: tuple[str, ...], gold: str) -> list[str]:
    """Every spend a stage of ``n`` resources may take (sevenwonders.architects.payment)."""
    out: list[str] = []
    for greys in range(n + 1):
        for bag in combinations_with_replacement(letters, greys):
            missing = n - greys
            out.append("".join(bag) + gold * missing)
            if missing >= 2:  # Economy: one gold card counts twice
                out.append("".join(bag) + gold * (missing - 1))
    return out


def architects_moves(game: Any) -> list[Move]:
    t = game.tables
    science = tuple(t.kind_ids[k] for k in t.science_kinds)
    moves: list[Move] = [Take(source) for source in SOURCES]
    for key in STAGE_KEYS:
        moves.extend(Build(key, spend) for spend in _spends(int(key[0]), t.letters, t.gold_letter))
    moves.extend(Science((name, name)) for name in science)
    moves.append(Science(science))
    moves.extend(ChooseToken(token) for token in sorted(t.tokens))
    moves.append(ChooseToken(HIDDEN))
    moves.extend(Extra(token, source) for token in sorted(t.extra_tokens) for source in SOURCES)
    moves.extend(Alexandria(wonder) for wonder in t.wonder_ids)
    moves.append(Alexandria("central"))
    moves.extend(Halicarnassus(side) for side in (Source.LEFT, Source.RIGHT))
    moves.extend(Pick(kind) for kind in t.kind_ids)
    moves.extend(UseEffect(effect) for effect in sorted(set(t.effect.values()) - {"none"}))
    moves += [Skip(), EndTurn()]
    return moves


def architects_index(game: Any) -> ActionIndex:
    return ActionIndex(architects_moves(game))
