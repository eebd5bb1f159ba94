"""The protocol checks every game shares, so that the same mistake gets the same error everywhere.

A game runs these before its own rules look at a move; they raise only the shared classes and
reasons (the README's table):

=========================================  ===================  ==================
mistake                                    class                reason
=========================================  ===================  ==================
a seat that is not a seat of this table    ``WrongSeatError``   ``no_such_seat``
(not an ``int``, a ``bool``, out of range)
``moves`` not a mapping                    ``IllegalMoveError`` ``not_a_mapping``
a move after the end                       ``GameOverError``    ``game_over``
a seat that is not asked to move now       ``WrongSeatError``   ``not_to_move``
a seat asked to move that gave no move     ``WrongSeatError``   ``missing_move``
an object that is not a move of this game  ``IllegalMoveError`` ``not_a_move``
=========================================  ===================  ==================

They are checked in this order (a mapping with several faults gets the first). ``legal_moves``
and ``is_legal`` raise only for a seat that does not exist: a seat not asked to move has no
legal moves, and nothing is legal after the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sevenwonders.errors import (
    GameOverError,
    IllegalMoveError,
    Reason,
    WrongSeatError,
)


def check_seat(players: int, seat: object) -> int:
    """``seat`` if it is a seat of a table of ``players``; else :class:`WrongSeatError`."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise WrongSeatError(f"seat {seat!r} does not exist at a table of {players}",
                             reason=Reason.NO_SUCH_SEAT)
    return seat


def check_turn(players: int, seat: object, to_move: frozenset[int], over: bool) -> int:
    """``seat`` if it exists and is asked to move now (what ``parse_move`` needs)."""
    checked = check_seat(players, seat)
    if over:
        raise GameOverError("the game is over", reason=Reason.GAME_OVER, seat=checked)
    if checked not in to_move:
        raise WrongSeatError(
            f"seat {checked} is not asked to move now (to move: {sorted(to_move)})",
            reason=Reason.NOT_TO_MOVE, seat=checked)
    return checked


def check_move_type(seat: int, move: object, move_types: type | tuple[type, ...],
                    game: str) -> None:
    """Refuse an object that is not one of the game's move classes (a move of another game, a
    string, ``None``) before any rule reads it."""
    if not isinstance(move, move_types):
        raise IllegalMoveError(f"seat {seat}: {move!r} is not a move of the {game} game",
                               reason=Reason.NOT_A_MOVE, seat=seat)


def check_moves(
    moves: object,
    *,
    players: int,
    to_move: frozenset[int],
    over: bool,
    move_types: type | tuple[type, ...],
    game: str,
) -> Mapping[int, Any]:
    """``moves`` if it maps exactly the seats in ``to_move`` to objects of ``move_types``;
    otherwise the error of its first fault, in the order of the module's table. Whether each
    move is legal is the game's own check, after this one."""
    if type(moves) is dict and not over and moves.keys() == to_move:
        # the usual case, checked quickly (a playout's every step comes through here)
        for seat, move in moves.items():
            if type(seat) is not int or not isinstance(move, move_types):
                break
        else:
            return moves
    if not isinstance(moves, Mapping):
        raise IllegalMoveError(f"moves must map seats to moves, not {type(moves).__name__}",
                               reason=Reason.NOT_A_MAPPING)
    if over:
        raise GameOverError("the game is over", reason=Reason.GAME_OVER)
    for seat in moves:
        check_seat(players, seat)
    for seat in sorted(moves):
        if seat not in to_move:
            raise WrongSeatError(
                f"seat {seat} is not asked to move now (to move: {sorted(to_move)})",
                reason=Reason.NOT_TO_MOVE, seat=seat)
    for seat in sorted(to_move):
        if seat not in moves:
            raise WrongSeatError(
                f"a move is missing for seat {seat} (to move: {sorted(to_move)})",
                reason=Reason.MISSING_MOVE, seat=seat)
    for seat, move in moves.items():
        check_move_type(seat, move, move_types, game)
    return moves


__all__ = ["check_move_type", "check_moves", "check_seat", "check_turn"]
