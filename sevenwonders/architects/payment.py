"""Ways to pay for a wonder stage with grey (resource) and yellow (gold) cards.

Architects' payment is not the base game's trading: a stage costs ``n`` resources that must be all
different or all identical. Gold cards "may stand for any resource" and "must replace every missing
one" (DE rulebook, "Gelbe Karten": "als beliebige Ressource einsetzen darfst ... müssen jede
fehlende Ressource ersetzen"). By default (option ``gold_for_any_resource``) a payment may therefore
use gold in place of grey cards the seat holds: any ``j`` fitting grey cards plus ``n - j`` gold.
With the option off (the library's earlier reading) gold only fills what is missing, so a payment
uses as many fitting grey cards as the seat has, and gold for the rest:

* ``n`` different: with ``k`` kinds of grey cards, ``min(k, n)`` of them (one card each; with more
  than ``n`` kinds the seat chooses which) plus ``n - k`` gold if ``k < n``;
* ``n`` identical: for a chosen kind with ``c`` cards, ``min(c, n)`` of them plus ``n - c`` gold;
  paying all in gold is possible while some kind is absent (that kind is the one "missing").

Engineering (once per turn) drops the different/identical restriction: ``min(T, n)`` of the seat's
``T`` grey cards, plus gold for the rest. Economy (once per turn) lets one gold card count as two
coins, so ``m`` missing resources cost ``m - 1`` gold cards (``m >= 2``); on a "different" stage
only with the option ``economy_splits``.

A stage is *forced* (must be built) when some payment needs neither token, or needs one whose
option says it forces the build (``engineering_forces_build``, ``economy_forces_build``).
"""

from __future__ import annotations

from itertools import combinations

from sevenwonders.architects.moves import Build, Pay

Bag = tuple[int, ...]


def _bag(slots: tuple[int, ...], size: int) -> Bag:
    counts = [0] * size
    for slot in slots:
        counts[slot] += 1
    return tuple(counts)


def _sub_bags(res: Bag, total: int) -> list[Bag]:
    """Every bag of ``total`` cards taken from ``res``."""
    out: list[Bag] = []
    _walk(res, 0, total, [], out)
    return out


def _walk(res: Bag, i: int, left: int, acc: list[int], out: list[Bag]) -> None:
    """Add to ``out`` every way to take ``left`` more cards from kinds ``i`` on of ``res``
    after the counts ``acc`` (a module function: a nested one that calls itself is a reference
    cycle, which only the garbage collector frees)."""
    if i == len(res):
        if left == 0:
            out.append(tuple(acc))
        return
    for take in range(min(res[i], left), -1, -1):
        acc.append(take)
        _walk(res, i + 1, left - take, acc, out)
        acc.pop()


def _normal(n: int, same: bool, res: Bag) -> list[tuple[Bag, int]]:
    """(greys, missing) pairs that respect the stage's restriction."""
    size = len(res)
    kinds = [i for i in range(size) if res[i]]
    if not same:
        if len(kinds) >= n:
            return [(_bag(combo, size), 0) for combo in combinations(kinds, n)]
        return [(_bag(tuple(kinds), size), n - len(kinds))]
    out: list[tuple[Bag, int]] = []
    for kind in kinds:
        use = min(res[kind], n)
        out.append((_bag((kind,) * use, size), n - use))
    if len(kinds) < size:
        out.append(((0,) * size, n))
    return out


def _gold_for_any(n: int, same: bool, res: Bag) -> list[tuple[Bag, int]]:
    """(greys, missing) pairs when gold may replace held resources too: every smaller choice of
    fitting grey cards, the rest in gold (most grey cards first)."""
    size = len(res)
    kinds = [i for i in range(size) if res[i]]
    out: list[tuple[Bag, int]] = []
    if not same:
        for used in range(min(len(kinds), n), -1, -1):
            out.extend((_bag(combo, size), n - used) for combo in combinations(kinds, used))
        return out
    for kind in kinds:
        for use in range(min(res[kind], n), 0, -1):
            out.append((_bag((kind,) * use, size), n - use))
    out.append(((0,) * size, n))
    return out


def _engineering(n: int, res: Bag, gold_any: bool = False) -> list[tuple[Bag, int]]:
    if gold_any:
        return [(bag, n - used) for used in range(min(sum(res), n), -1, -1)
                for bag in _sub_bags(res, used)]
    total = sum(res)
    if total >= n:
        return [(bag, 0) for bag in _sub_bags(res, n)]
    return [(res, n - total)]


def stage_payments(
    stage: str,
    res: Bag,
    gold: int,
    economy: bool,
    engineering: bool,
    splits: bool,
    economy_forces: bool,
    engineering_forces: bool,
    letters: tuple[str, ...],
    gold_letter: str,
    *,
    gold_for_any: bool,
) -> tuple[tuple[Build, ...], bool, tuple[Pay, ...]]:
    """The builds of ``stage`` open to a seat, whether one of them is forced, and what each spends.

    ``economy`` / ``engineering`` say whether the seat may use that token now; ``gold_for_any``
    whether gold may replace resources the seat holds (the rule option of that name).
    """
    n, same = int(stage[0]), stage[1] == "s"
    pays: list[Pay] = []
    seen: set[Bag] = set()

    def add(greys: Bag, missing: int, eng: bool) -> None:
        if missing <= gold:
            pays.append(Pay(greys, missing, False, eng))
        if economy and missing >= 2 and missing - 1 <= gold and (same or splits or eng):
            pays.append(Pay(greys, missing - 1, True, eng))

    normal = _gold_for_any(n, same, res) if gold_for_any else _normal(n, same, res)
    for greys, missing in normal:
        seen.add(greys)
        add(greys, missing, False)
    if engineering:
        for greys, missing in _engineering(n, res, gold_for_any):
            if greys not in seen:
                seen.add(greys)
                add(greys, missing, True)
    forced = any(
        (economy_forces or not p.economy) and (engineering_forces or not p.engineering)
        for p in pays)
    builds = tuple(
        Build(stage, "".join(letter * count for letter, count in zip(letters, p.greys,
                                                                      strict=True))
              + gold_letter * p.gold)
        for p in pays)
    return builds, forced, tuple(pays)
