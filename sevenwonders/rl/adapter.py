"""What every environment shares: the game, its action index, its encoder, spaces and rewards.

Rewards come at the end of the game only (``reward``): ``"win"`` 1 for a first place, shared or
not, else 0; ``"rank"`` ``(players - place) / (players - 1)``, 1 for first and 0 for last (ties
share a place); ``"score"`` the seat's final victory points; ``"margin"`` the seat's final
victory points minus the best final score of the other seats (positive for a clear win, 0 for a
tie on points, negative by as many points as the seat fell short of the winner).

Observations are the encoder's vector of the seat's view, followed with ``features=True`` by the
derived features, and with ``normalize=True`` scaled (:mod:`sevenwonders.encoding.features`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces

from sevenwonders.core.memo import fresh
from sevenwonders.core.protocol import Game
from sevenwonders.encoding.actions import INT8, ActionIndex, action_index
from sevenwonders.encoding.factored import FactoredPayments
from sevenwonders.encoding.features import Features, squash
from sevenwonders.encoding.observations import FLOAT32, Array, Encoder, Layout, make_encoder
from sevenwonders.errors import IllegalMoveError, InvalidOptionError
from sevenwonders.games import make_game
from sevenwonders.rl.stepping import seat_entry

REWARDS = ("win", "rank", "score", "margin")
BOUND = 1e6  # every observed count, coin or turn number stays far below
Mask = np.ndarray[Any, np.dtype[np.int8]]
Entry = tuple[dict[int, Any], bytearray]  # a seat's legal actions -> moves, and its mask bytes


def build_game(game: str | Game[Any, Any, Any], players: int,
               options: dict[str, Any]) -> Game[Any, Any, Any]:
    """``game`` by name through :func:`sevenwonders.make_game`, or a game object as is."""
    if isinstance(game, str):
        return make_game(game, players, **options)
    if options or game.players != players:
        raise InvalidOptionError("give options only with a game name; a game object has its own")
    return game


class Adapter:
    """One game configuration seen by a learner: actions, masks, observations, rewards."""

    def __init__(self, game: str | Game[Any, Any, Any], players: int, *,
                 payments: str = "cheapest", reward: str = "win", features: bool = False,
                 normalize: bool = False, **options: Any) -> None:
        if reward not in REWARDS:
            raise InvalidOptionError(f"reward must be one of {REWARDS}, not {reward!r}")
        self.game = build_game(game, players, options)
        self.players = players
        self.reward = reward
        self.index: ActionIndex = action_index(self.game, payments)
        self.encoder: Encoder = make_encoder(self.game)
        # the observation's layout: the encoder's segments, then the derived features
        self.layout = Layout()
        for name, _, length in self.encoder.layout.segments:
            self.layout.add(name, length)
        self.features = Features(self.game, self.layout) if features else None
        self.factored = (FactoredPayments(self.game, self.index) if payments == "factored"
                         else None)
        if self.factored is not None:
            self.layout.add("paying_for", self.factored.width)
        self._plain = not features and not normalize and self.factored is None
        self._scales: Array | None = None
        self.normalize = normalize
        scales = getattr(self.encoder, "scales", None)
        if normalize and scales is not None:
            parts = [scales()] + ([self.features.scales()] if self.features else [])
            if self.factored is not None:
                parts.append(np.ones(self.factored.width, FLOAT32))
            self._scales = np.concatenate(parts).astype(FLOAT32)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (self.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.index.size,), np.int8),
        })
        # Engines that hand out copies of their moves (Architects, Dice) also lend their own
        # (``shared_legal_moves``): the index then knows them again by identity, and Architects
        # lists the same tuples again and again (its takes), whose results the tuple memo keeps.
        # Those moves never leave the adapter: what it hands out are copies.
        shared = getattr(self.game, "shared_legal_moves", None)
        self._shared = shared is not None
        self._listed: Any = shared if shared is not None else self.game.legal_moves
        self._tuples: dict[int, tuple[tuple[Any, ...], Entry]] | None = (
            {} if self._shared else None)
        self._tuple_looks = self._tuple_hits = 0
        self._memo: tuple[Any, dict[int, Entry]] = (None, {})

    def action_space(self) -> spaces.Discrete:
        """The action space: one discrete action per index entry."""
        return spaces.Discrete(self.index.size)

    def _entry(self, state: Any, seat: int) -> Entry:
        """``seat``'s legal actions and its mask's bytes on ``state`` (memoised for the last
        state: an environment asks for them in its observation, its infos and its step; and per
        listed tuple, see ``_tuples``). Read only: never handed out, only copies."""
        return seat_entry(self, state, seat)  # rl/stepping.py

    def legal(self, state: Any, seat: int) -> dict[int, Any]:
        """``seat``'s legal actions now and the moves they stand for (a new dict; the moves
        are the caller's to keep, as ``legal_moves`` hands them out)."""
        legal = seat_entry(self, state, seat)[0]
        if self._shared:
            return {action: fresh(move) for action, move in legal.items()}
        return dict(legal)

    def legal_actions(self, state: Any, seat: int) -> list[int]:
        """``seat``'s legal actions now, ascending."""
        return sorted(seat_entry(self, state, seat)[0])

    def mask(self, state: Any, seat: int) -> Mask:
        """``seat``'s mask now (a fresh array: users keep what they are given)."""
        return np.frombuffer(bytearray(seat_entry(self, state, seat)[1]), INT8)

    def no_mask(self) -> Mask:
        """An all-zero mask (a fresh array), the mask of a seat not asked to move."""
        return np.zeros(self.index.size, INT8)

    def observe(self, state: Any, seat: int, active: bool, paying: int | None = None
                ) -> dict[str, Any]:
        """``seat``'s observation dict; the mask is all zero unless ``active``; ``paying``:
        the card action whose payment the seat chooses now (factored payments)."""
        return {"observation": self.vector(state, seat, paying),
                "action_mask": self.step_mask(state, seat, paying) if active
                else self.no_mask()}

    def vector(self, state: Any, seat: int, paying: int | None = None) -> Array:
        """``seat``'s observation vector (a fresh array)."""
        out = self.encoder.encode(self.game.view(state, seat))
        if self._plain:
            return out
        if self.features is not None:
            out = np.concatenate([out, self.features.encode(state, seat)])
        if self.factored is not None:
            out = np.concatenate([out, self.factored.paying_for(paying)])
        if self.normalize:
            out = out / self._scales if self._scales is not None else squash(out)
        return out

    def move(self, state: Any, seat: int, action: Any) -> Any:
        """The move ``action`` stands for (the caller's to keep, as ``legal_moves`` hands
        moves out); raises :class:`IllegalMoveError` outside the mask."""
        move = self.listed_move(state, seat, action)
        return fresh(move) if self._shared else move

    def listed_move(self, state: Any, seat: int, action: Any) -> Any:
        """The move ``action`` stands for as the engine listed it, to pass straight to
        ``game.play`` and nowhere else (it may be the engine's own: never change it); raises
        :class:`IllegalMoveError` outside the mask."""
        legal = seat_entry(self, state, seat)[0]
        if type(action) is int:
            move = legal.get(action)
        else:
            try:
                move = legal.get(int(action))
            except (TypeError, ValueError):
                move = None
        if move is None:
            raise IllegalMoveError(f"action {action!r} is not legal for seat {seat} now",
                                   reason="illegal")
        return move

    def step_mask(self, state: Any, seat: int, paying: int | None) -> Mask:
        """``seat``'s mask now: of its card actions, or with factored payments while it
        chooses the payment of card action ``paying``, of those payments."""
        if paying is None or self.factored is None:
            return self.mask(state, seat)
        return self.factored.mask(self.factored.group(self._listed(state, seat), paying))

    def decide(self, state: Any, seat: int, paying: int | None, action: Any
               ) -> tuple[Any, int | None]:
        """One step of ``seat``'s decision: the move decided (to pass to ``game.play`` only,
        as :meth:`listed_move`) and None, or, with factored payments, None and the card
        action whose payment the seat must choose next; raises :class:`IllegalMoveError`
        for an action outside the step's mask."""
        if self.factored is None:
            return self.listed_move(state, seat, action), None
        legal = seat_entry(self, state, seat)[0]
        return self.factored.resolve(legal, self._listed(state, seat), paying, action)

    def play(self, state: Any, actions: Mapping[int, Any]) -> Any:
        """The state after each seat to move played its action (``actions``: seat ->
        action), as ``game.play`` of the moves they stand for; raises
        :class:`IllegalMoveError` for an action outside its seat's mask."""
        memo = self._memo
        entries = memo[1] if memo[0] is state else None
        moves = {}
        for seat, action in actions.items():  # the usual case spelled out: ints, listed now
            found = None if entries is None else entries.get(seat)
            move = found[0].get(action) if found is not None and type(action) is int else None
            moves[seat] = move if move is not None else self.listed_move(state, seat, action)
        return self.game.play(state, moves)

    def final_rewards(self, state: Any) -> tuple[float, ...]:
        """Every seat's reward of the finished game ``state`` (see the module's docstring)."""
        if self.reward in ("score", "margin"):
            totals = [float(sheet.total) for sheet in self.game.scores(state)]
            if self.reward == "score":
                return tuple(totals)
            return tuple(total - max(totals[:seat] + totals[seat + 1:])
                         for seat, total in enumerate(totals))
        places = self.game.ranking(state)
        if self.reward == "win":
            return tuple(float(place == 1) for place in places)
        n = self.players
        return tuple((n - place) / (n - 1) if n > 1 else 1.0 for place in places)
