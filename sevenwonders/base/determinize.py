"""Determinization: a full base-game state drawn at random among those a seat's view allows.

Search agents (:mod:`sevenwonders.agents.ismcts`, the greedy agent's fallback) never see the state,
only a :class:`~sevenwonders.base.view.BaseView`. To look ahead they sample a *determinization*: a
complete :class:`~sevenwonders.base.state.BaseState` that shows exactly that view to the seat, with
every card the seat cannot see drawn from the cards it has not seen.

What is kept as seen: the seat's hand and tucked cards, every city's wonder, side, coins, built
cards, stage count and conflict tokens, the hand sizes, the discard pile's size (and its contents
when the seat is building from it), the Age and turn.

What is drawn: the other hands, the cards tucked under the other wonders, the discard pile and the
decks of the Ages to come. The pool is the multiset of every card dealt so far in the game (the
decks of the Ages up to the current one) minus the cards the seat sees; each visible card is
counted against the earliest Age whose deck holds a copy of it (own hand: the current Age).

What the seat remembers (its view's ``memory``, see :mod:`sevenwonders.base.memory`) is kept: a
hand it has seen is dealt from the cards it remembers in it (all of that hand's cards are among
them; a hand it knows exactly is dealt exactly), the cards it knows lie in the discard pile lie
there. The hands it has not seen are dealt from the current Age's cards it has seen nowhere; the
tucked cards and the rest of the discard pile from everything left (the remembered cards that
left their hands unseen among it). In Age III, ``players + 2`` of the guilds are in play: the
unseen ones are a random subset of the guilds the seat has not seen. Later decks are shuffled
whole, guilds drawn. The other seats' memories cannot be known: each is given its own hand only.

The turn's marks (cards built this turn, coins received this turn) and the deferred coin effects
come from the view, and so does the Age in which each 1st-edition Olympia last used its free
build. Limit, because the view does not carry it: the queue of pending decisions after the seat's
own is guessed (seats still holding a card on an Age's last turn play it). A search must
therefore choose its move among the legal moves it was given, not those of the determinization.
Expansions' state comes from the view if it shows it, else from the expansion (see
:func:`_expansion_states`).

The result depends only on the view, the game's options and ``rng``: two states that show the same
view give the same determinization for the same generator.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import attrs

from sevenwonders.base.game import BaseGame
from sevenwonders.base.memory import SeatMemory, recall_of
from sevenwonders.base.recall import Recall
from sevenwonders.base.state import NO_MARKS, BaseState, City, Pending, PendingKind, TurnMarks
from sevenwonders.base.view import BaseView
from sevenwonders.core.rng import Rng
from sevenwonders.errors import InvalidStateError

LAST_TURN = 6


def _deck(game: BaseGame, age: int) -> Counter[str]:
    """The non-guild cards of ``age``'s deck at this player count."""
    return Counter(game.edition.age_cards(age, game.players))


def determinize(game: BaseGame, view: BaseView, rng: Rng) -> tuple[BaseState, Rng]:
    """A state consistent with ``view``, hidden cards drawn with ``rng``; and the next generator."""
    n = game.players
    if not isinstance(view, BaseView) or view.players != n \
            or len(view.expansions) != len(game.expansions) \
            or not all(game.rules.knows_board(c.wonder, c.side) for c in view.cities):
        raise InvalidStateError(f"a view of another game than {game!r}")
    seat, age = view.seat, view.age
    guild_names = set(game.edition.guilds())
    sees_discard = view.pending is PendingKind.BUILD_FROM_DISCARD
    memory = view.memory
    known_discard = () if sees_discard else memory.discard
    unseen, seen_guilds = _unseen(game, view, guild_names, sees_discard, known_discard)
    known = {h: cards for h, cards in enumerate(memory.hands)
             if h != seat and cards is not None and view.hand_sizes[h]}
    possible = _possible(known.values(), unseen[age], guild_names, seen_guilds)

    # Guilds: players + 2 are in play in Age III; the unseen ones are a random subset.
    hidden_guilds: list[str] = []
    if age == 3:
        missing = n + 2 - len(seen_guilds)
        candidates = sorted(guild_names - seen_guilds)
        if missing < 0 or missing > len(candidates):
            raise InvalidStateError("the view shows an impossible number of guilds")
        drawn, rng = rng.sample(candidates, missing)
        hidden_guilds = list(drawn)

    current = sorted(unseen[age].elements()) + hidden_guilds
    current_shuffled, rng = rng.shuffle(current)
    hands: list[tuple[str, ...]] = [()] * n
    hands[seat] = view.hand
    drawn_known, possible, rng = _known_hands(known, view.hand_sizes, possible, rng)
    for h, hand in drawn_known.items():
        hands[h] = hand
    other_seats = [s for s in range(n) if s != seat]
    need = sum(view.hand_sizes[s] for s in other_seats if s not in known)
    if need > len(current_shuffled) and possible:
        # A remembered copy that left its hand unseen and was built from the discard pile
        # since is counted twice (seen there and in the city): the hands the seat has not
        # seen take copies the memory left over.
        spare, rng = rng.shuffle(sorted(possible.elements()))
        lend = spare[:need - len(current_shuffled)]
        current_shuffled = (*current_shuffled, *lend)
        possible -= Counter(lend)
    if need > len(current_shuffled):
        raise InvalidStateError("the view's hands hold more cards than the Age has left unseen")
    position = 0
    for s in other_seats:
        if s not in known:
            size = view.hand_sizes[s]
            hands[s] = current_shuffled[position : position + size]
            position += size
    # what is left (seen cards that left their hands unseen among it) lies under the other
    # wonders or in the discard pile
    rest = [*current_shuffled[position:], *sorted(possible.elements())]
    for a in range(1, age):
        rest.extend(sorted(unseen[a].elements()))
    rest_shuffled, rng = rng.shuffle(rest)
    return _complete(game, view, hands, rest_shuffled, known_discard, rng)


def _complete(game: BaseGame, view: BaseView, hands: list[tuple[str, ...]],
              rest: tuple[str, ...], known_discard: tuple[str, ...],
              rng: Rng) -> tuple[BaseState, Rng]:
    """The state of ``view`` with the drawn ``hands``, the other wonders' tucked cards and the
    unknown part of the discard pile dealt from ``rest`` (shuffled), the later decks drawn."""
    n, seat, age = game.players, view.seat, view.age
    guild_names = set(game.edition.guilds())
    sees_discard = view.pending is PendingKind.BUILD_FROM_DISCARD
    other_seats = [s for s in range(n) if s != seat]
    tucked_need = sum(view.cities[s].stages for s in other_seats)
    discard_need = 0 if sees_discard else view.discard_size - len(known_discard)
    if tucked_need + discard_need != len(rest):
        raise InvalidStateError(
            f"the view hides {tucked_need + discard_need} cards but {len(rest)} are unseen"
        )
    position = 0
    cities: list[City] = []
    for s, seen in enumerate(view.cities):
        if s == seat:
            tucked = view.tucked
        else:
            tucked = tuple(rest[position : position + seen.stages])
            position += seen.stages
        cities.append(City(
            wonder=seen.wonder, side=seen.side, coins=seen.coins, cards=seen.cards,
            stages=seen.stages, tucked=tucked, tokens=seen.tokens,
            free_build_age=seen.free_build_age, stage_choices=seen.stage_choices,
        ))
    if sees_discard:
        discard = view.discard
    else:
        discard, rng = rng.shuffle([*known_discard, *rest[position:]])

    decks: list[tuple[str, ...]] = []
    for a in range(age + 1, 4):
        cards = sorted(_deck(game, a).elements())
        if a == 3:
            guilds, rng = rng.sample(sorted(guild_names), n + 2)
            cards.extend(guilds)
        deck, rng = rng.shuffle(cards)
        decks.append(deck)

    pending = _pending(view, n)
    state_rng, rng = rng.split()
    state = BaseState(
        players=n,
        age=age,
        turn=view.turn,
        cities=tuple(cities),
        hands=tuple(hands),
        decks=tuple(decks),
        discard=tuple(discard),
        rng=state_rng,
        pending=tuple(pending),
        marks=tuple(
            TurnMarks(c.built_this_turn, c.stages_this_turn, c.income)
            if c.income or c.built_this_turn or c.stages_this_turn else NO_MARKS
            for c in view.cities
        ),
        deferred=view.deferred,
        over=view.over,
        memory=_memories(view, hands),
    )
    if game.expansions:
        state, rng = _expansion_states(game, view, state, rng)
    return state, rng


def _memories(view: BaseView, hands: list[tuple[str, ...]]) -> Recall | None:
    """The seat's own memory as its view shows it; each other seat's (which the seat cannot
    know) as knowing only its own hand."""
    if not view.memory.hands:
        return None
    n = len(hands)
    return recall_of([
        view.memory if s == view.seat else SeatMemory(
            hands=tuple(hands[s] if h == s else None for h in range(n)), discard=())
        for s in range(n)])


TRIES = 32


def _known_hands(known: dict[int, tuple[str, ...]], sizes: tuple[int, ...],
                 possible: Counter[str], rng: Rng,
                 ) -> tuple[dict[int, tuple[str, ...]], Counter[str], Rng]:
    """The hands the seat has seen, each drawn from what it last saw in it (all of a hand's
    cards are among them), sharing the ``possible`` copies; and the copies left. Two hands may
    remember the same copy (one of them has lost it unseen): the draw is tried again with the
    hands in another order until every hand is filled (the true state is one way to fill
    them), at most :data:`TRIES` times; then raises :class:`InvalidStateError`."""
    order = sorted(known, key=lambda h: (len(known[h]) - sizes[h], h))  # the tightest first
    for _ in range(TRIES):
        left = Counter(possible)
        drawn: dict[int, tuple[str, ...]] = {}
        for h in order:
            options = sorted((Counter(known[h]) & left).elements())
            if len(options) < sizes[h]:
                break
            drawn[h], rng = rng.sample(options, sizes[h])
            left -= Counter(drawn[h])
        else:
            return drawn, left, rng
        shuffled, rng = rng.shuffle(order)
        order = list(shuffled)
    raise InvalidStateError("the seat's memory of the hands in circulation holds too few cards")


def _possible(hands: Iterable[tuple[str, ...]], unseen: Counter[str], guild_names: set[str],
              seen_guilds: set[str]) -> Counter[str]:
    """The cards the seat saw in the hands in circulation, as many copies of each as can still
    be there (taken out of ``unseen``; a guild seen there joins ``seen_guilds``)."""
    wanted: Counter[str] = Counter()
    for cards in hands:
        wanted.update(cards)
    possible: Counter[str] = Counter()
    for name, count in sorted(wanted.items()):
        if name in guild_names:
            if name not in seen_guilds:
                seen_guilds.add(name)
                possible[name] = 1
            continue
        take = min(count, unseen[name])
        if take > 0:
            possible[name] = take
            unseen[name] -= take
    return possible


def _unseen(game: BaseGame, view: BaseView, guild_names: set[str], sees_discard: bool,
            known_discard: tuple[str, ...]) -> tuple[dict[int, Counter[str]], set[str]]:
    """The cards of each Age dealt so far that ``view`` does not show (guilds apart), and the
    guilds it shows (the part of the discard pile the seat remembers counts as shown)."""
    age = view.age
    unseen = {a: _deck(game, a) for a in range(1, age + 1)}
    seen_guilds: set[str] = set()

    def see(name: str, current_age_only: bool = False) -> None:
        if name in guild_names:
            seen_guilds.add(name)
            return
        ages = (age,) if current_age_only else tuple(range(1, age + 1))
        for a in ages:
            if unseen[a][name] > 0:
                unseen[a][name] -= 1
                return
        raise InvalidStateError(f"the view shows more copies of {name!r} than the game deals")

    for name in view.hand:
        see(name, current_age_only=True)
    for city in view.cities:
        for name in city.cards:
            see(name)
    for name in view.tucked:
        see(name)
    for name in view.discard if sees_discard else known_discard:
        see(name)
    return unseen, seen_guilds


def _pending(view: BaseView, n: int) -> list[Pending]:
    """The decisions owed, as far as the view tells them: one seat alone to move owes its own
    pending decision, the last card of the Age (Babylon) or a build from the discard pile
    (Halikarnassos); on the last turn every other seat with a card then owes its last card."""
    pending: list[Pending] = []
    if view.over or len(view.to_move) != 1 or n <= 1:
        return pending
    seat, head = view.seat, view.to_move[0]
    if head == seat and view.pending is not None:
        kind = view.pending
    elif view.turn == LAST_TURN and view.hand_sizes[head]:
        kind = PendingKind.PLAY_LAST_CARD
    else:
        kind = PendingKind.BUILD_FROM_DISCARD
    detail = getattr(view, "pending_detail", "") if head == seat else ""
    pending.append(Pending(head, kind, detail) if detail else Pending(head, kind))
    if view.turn == LAST_TURN:
        pending.extend(
            Pending(s, PendingKind.PLAY_LAST_CARD)
            for s in range(n)
            if s != head and view.hand_sizes[s]
        )
    return pending


def _expansion_states(
    game: BaseGame, view: BaseView, state: BaseState, rng: Rng
) -> tuple[BaseState, Rng]:
    """The expansions' part of the state: from the view when it carries it (``expansions``),
    else from an expansion's own ``determinize(rules, view, state, rng)`` when it has one, else
    the expansion's set-up state (playable, but blind to the expansion's progress)."""
    shown = getattr(view, "expansions", None)
    if shown is not None:
        return attrs.evolve(state, expansions=tuple(shown)), rng
    parts = []
    for expansion in game.expansions:
        own = getattr(expansion, "determinize", None)
        if own is not None:
            part, rng = own(game.rules, view, state, rng)
        else:
            part, rng = expansion.setup(game.rules, state, rng)
        parts.append(part)
    return attrs.evolve(state, expansions=tuple(parts)), rng


__all__ = ["determinize"]
