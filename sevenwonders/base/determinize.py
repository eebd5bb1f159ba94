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
counted against the earliest Age whose deck holds a copy of it (own hand: the current Age). The
other hands are dealt from the current Age's unseen cards, the tucked cards and the discard pile
from everything left. In Age III, ``players + 2`` of the guilds are in play: the unseen ones are a
random subset of the guilds the seat has not seen. Later decks are shuffled whole, guilds drawn.

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

import attrs

from sevenwonders.base.game import BaseGame
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
    if view.players != n:
        raise InvalidStateError(f"a view of a {view.players}-player game for a {n}-player game")
    seat, age = view.seat, view.age
    guild_names = set(game.edition.guilds())
    sees_discard = view.pending is PendingKind.BUILD_FROM_DISCARD
    unseen, seen_guilds = _unseen(game, view, guild_names, sees_discard)

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
    other_seats = [s for s in range(n) if s != seat]
    need = sum(view.hand_sizes[s] for s in other_seats)
    if need > len(current_shuffled):
        raise InvalidStateError("the view's hands hold more cards than the Age has left unseen")
    hands: list[tuple[str, ...]] = [()] * n
    hands[seat] = view.hand
    position = 0
    for s in other_seats:
        size = view.hand_sizes[s]
        hands[s] = current_shuffled[position : position + size]
        position += size
    rest = list(current_shuffled[position:])
    for a in range(1, age):
        rest.extend(sorted(unseen[a].elements()))
    rest_shuffled, rng = rng.shuffle(rest)

    tucked_need = sum(view.cities[s].stages for s in other_seats)
    discard_need = 0 if sees_discard else view.discard_size
    if tucked_need + discard_need != len(rest_shuffled):
        raise InvalidStateError(
            f"the view hides {tucked_need + discard_need} cards but {len(rest_shuffled)} are unseen"
        )
    position = 0
    cities: list[City] = []
    for s, seen in enumerate(view.cities):
        if s == seat:
            tucked = view.tucked
        else:
            tucked = tuple(rest_shuffled[position : position + seen.stages])
            position += seen.stages
        cities.append(City(
            wonder=seen.wonder, side=seen.side, coins=seen.coins, cards=seen.cards,
            stages=seen.stages, tucked=tucked, tokens=seen.tokens,
            free_build_age=seen.free_build_age, stage_choices=seen.stage_choices,
        ))
    discard = view.discard if sees_discard else tuple(rest_shuffled[position:])

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
        discard=discard,
        rng=state_rng,
        pending=tuple(pending),
        marks=tuple(
            TurnMarks(c.built_this_turn, c.stages_this_turn, c.income)
            if c.income or c.built_this_turn or c.stages_this_turn else NO_MARKS
            for c in view.cities
        ),
        deferred=view.deferred,
        over=view.over,
    )
    if game.expansions:
        state, rng = _expansion_states(game, view, state, rng)
    return state, rng


def _unseen(game: BaseGame, view: BaseView, guild_names: set[str],
            sees_discard: bool) -> tuple[dict[int, Counter[str]], set[str]]:
    """The cards of each Age dealt so far that ``view`` does not show (guilds apart), and the
    guilds it shows."""
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
    if sees_discard:
        for name in view.discard:
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
