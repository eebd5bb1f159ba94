"""Reading the text form of base-game moves (``str(move)`` writes it).

The reader works on words, right to left for the optional tails of a build (``+extra`` words,
``paying ...``, ``option K``), so it is linear in the text (a pattern with a lazy card name and
repeated tails was quadratic); the text is bounded by
:data:`~sevenwonders.core.limits.MAX_NOTATION_CHARS` and numbers by
:data:`~sevenwonders.core.limits.MAX_NOTATION_DIGITS` digits.

Keywords are read without regard to case (``BUILD Baths``); card names are given back as
written and matched without case by :func:`canonical_names` against the game's cards.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from sevenwonders.base.moves import Build, BuildStage, Choose, Move, Sell, Skip
from sevenwonders.core.limits import MAX_NOTATION_DIGITS, check_notation, quote
from sevenwonders.errors import NotationError, Reason

_HELP = ("write 'build CARD [paying left N and right M]', 'stage CARD [option K] [paying ...] "
         "[+EXTRA ...]', 'sell CARD', 'build CARD free', 'choose OPTION' or 'skip'")


def _number(word: str, text: str) -> int:
    if not (word.isascii() and word.isdigit()):
        raise NotationError(f"cannot read {quote(text)}: {quote(word)} is not a number")
    if len(word) > MAX_NOTATION_DIGITS:
        raise NotationError(f"cannot read {quote(text)}: {quote(word)} has over "
                            f"{MAX_NOTATION_DIGITS} digits", reason=Reason.TOO_LARGE)
    return int(word)


def _payment(words: list[str], text: str) -> tuple[int, int]:
    """Cut a trailing ``paying left N [and right M]`` / ``paying right M`` off ``words``."""
    lowered = [word.lower() for word in words]
    if "paying" not in lowered:
        return 0, 0
    at = len(words) - 1 - lowered[::-1].index("paying")
    tail = words[at + 1:]
    keys = lowered[at + 1:]
    del words[at:]
    if len(tail) == 2 and keys[0] in ("left", "right"):
        amount = _number(tail[1], text)
        return (amount, 0) if keys[0] == "left" else (0, amount)
    if len(tail) == 5 and (keys[0], keys[2], keys[3]) == ("left", "and", "right"):
        return _number(tail[1], text), _number(tail[4], text)
    raise NotationError(f"cannot read {quote(text)}: after 'paying' write 'left N', "
                        "'right M' or 'left N and right M'")


def _card(words: list[str], text: str) -> str:
    if not words:
        raise NotationError(f"cannot read {quote(text)}: a card name is missing; {_HELP}")
    return " ".join(words)


def parse(text: str) -> Move:
    """A move from text such as ``build Baths paying left 2``, ``stage Loom``, ``sell Press``."""
    words = check_notation(text).split()
    if not words:
        raise NotationError(f"an empty move; {_HELP}")
    verb, rest = words[0].lower(), words[1:]
    if verb == "skip" and not rest:
        return Skip()
    if verb == "sell":
        return Sell(_card(rest, text))
    if verb == "choose":
        return Choose(_card(rest, text))
    if verb == "build":
        if rest and rest[-1].lower() == "free" and len(rest) > 1:
            return Build(_card(rest[:-1], text), free_build=True)
        left, right = _payment(rest, text)
        return Build(_card(rest, text), left, right)
    if verb == "stage":
        end = len(rest)
        while end and rest[end - 1].startswith("+") and len(rest[end - 1]) > 1:
            end -= 1
        extras = tuple(word[1:] for word in rest[end:])
        del rest[end:]
        left, right = _payment(rest, text)
        option = 1
        if len(rest) >= 2 and rest[-2].lower() == "option":
            option = _number(rest[-1], text)
            del rest[-2:]
            if option < 1:
                raise NotationError(f"options count from 1: {quote(text)}")
        return BuildStage(_card(rest, text), left, right, extras, option - 1)
    raise NotationError(f"cannot read {quote(text)}: {_HELP}")


def canonical_names(move: Move, names: Mapping[str, str]) -> Move:
    """``move`` with its card name (and a chosen option that is a card) spelt as the game spells
    it; ``names`` maps each card name's ``casefold()`` to the name. ``build baths`` is
    ``build Baths``."""
    if isinstance(move, Build | BuildStage | Sell):
        found = names.get(move.card.casefold())
        return attrs.evolve(move, card=found) if found and found != move.card else move
    if isinstance(move, Choose):
        found = names.get(move.option.casefold())
        return Choose(found) if found and found != move.option else move
    return move
