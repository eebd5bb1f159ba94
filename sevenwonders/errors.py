"""One exception hierarchy and one closed set of reason codes for the whole library.

Everything the library raises on bad input derives from :class:`SevenWondersError`, so a frontend
can catch one class and still tell the cases apart by subclass, and every error carries a
:class:`Reason`: a short machine-friendly code from one closed set, the same for the same mistake
in every game (a server sends it to clients as it is).
"""

from __future__ import annotations

from enum import StrEnum

import attrs


class Reason(StrEnum):
    """Why an input was refused. The set is closed: an error never carries another code.

    A ``StrEnum``, so ``error.reason == "game_over"`` holds and JSON shows the plain string.
    """

    # -- the protocol checks every game shares (sevenwonders.core.checks)
    NO_SUCH_SEAT = "no_such_seat"          # a seat number that is not a seat of this table
    NOT_TO_MOVE = "not_to_move"            # a seat that is not asked to move now
    MISSING_MOVE = "missing_move"          # a seat asked to move gave no move
    NOT_A_MAPPING = "not_a_mapping"        # moves must map seats to moves
    NOT_A_MOVE = "not_a_move"              # an object that is not a move of this game
    GAME_OVER = "game_over"                # a move after the end
    # -- the rules refusing a well-formed move
    ILLEGAL = "illegal"                    # not allowed now, no more precise code applies
    NOT_IN_HAND = "not_in_hand"
    NOT_IN_DISCARD = "not_in_discard"
    CANNOT_PAY = "cannot_pay"
    PAYMENT = "payment"                    # a payment the seat may not choose
    DUPLICATE = "duplicate"                # a second copy of a card in one city
    WONDER_COMPLETE = "wonder_complete"
    PENDING_DECISION = "pending_decision"  # a decision is owed first
    NO_SKIP = "no_skip"
    NO_FREE_BUILD = "no_free_build"
    NO_CHOICE = "no_choice"
    UNKNOWN_EXTRA = "unknown_extra"
    BAD_OPTION = "bad_option"              # a stage or effect option that does not exist
    # -- Dice's sheet rules
    WRONG_KIND = "wrong_kind"              # a kind of move the seat may not play now
    NO_SUCH_BONUS = "no_such_bonus"
    BONUS_TAKEN = "bonus_taken"
    NO_SUCH_DIE = "no_such_die"
    DIE_LOCKED = "die_locked"
    NO_SUCH_BOX = "no_such_box"
    WRONG_SYMBOL = "wrong_symbol"
    WRONG_BUILDING = "wrong_building"
    ALREADY_TICKED = "already_ticked"
    ARROW_ORDER = "arrow_order"
    GUILD_GATE = "guild_gate"
    # -- inputs from outside: values, text, files, documents
    WRONG_TYPE = "wrong_type"              # a value of the wrong type (bool for int, str subclass)
    OUT_OF_RANGE = "out_of_range"          # a number or index outside what the rules allow
    INVALID_OPTION = "invalid_option"      # a game or expansion built with options it refuses
    UNKNOWN_NAME = "unknown_name"          # a card, wonder, game or component nobody defines
    NOTATION = "notation"                  # a move's text that cannot be read
    TOO_LARGE = "too_large"                # an input over its documented size limit
    MALFORMED = "malformed"                # not valid JSON/TOML, or not the requested shape
    INVALID_STATE = "invalid_state"        # a state no legal game could reach
    DATA_FILE = "data_file"                # a data file that is missing, malformed, inconsistent
    NOT_A_FILE = "not_a_file"              # a path that is not a regular file
    REPLAY = "replay"                      # a record whose steps do not replay


_MAX_MESSAGE_CHARS = 1000  # documented in sevenwonders.core.limits


class SevenWondersError(Exception):
    """Root of every error this library raises on purpose; ``reason`` says why.

    A message is cut to 1,000 characters: it never echoes a large hostile input back.
    """

    default_reason: Reason = Reason.ILLEGAL

    def __init__(self, message: str = "", *, reason: Reason | str | None = None) -> None:
        if len(message) > _MAX_MESSAGE_CHARS:
            message = message[:_MAX_MESSAGE_CHARS] + "..."
        super().__init__(message)
        # Reason(...) refuses a code outside the closed set at once
        self.reason: Reason = self.default_reason if reason is None else Reason(reason)


class InvalidOptionError(SevenWondersError, ValueError):
    """A game was configured with options it does not accept (player count, side, edition...)."""

    default_reason = Reason.INVALID_OPTION


class IllegalMoveError(SevenWondersError):
    """A move that the rules do not allow in this state; the state is left unchanged.

    ``reason`` is a :class:`Reason` (``"not_in_hand"``, ``"cannot_pay"``...); the message
    explains it for people; ``seat`` names the seat whose move was refused, where one was.
    """

    default_reason = Reason.ILLEGAL

    def __init__(self, message: str = "", *, reason: Reason | str | None = None,
                 seat: int | None = None) -> None:
        super().__init__(message, reason=reason)
        self.seat = seat


class WrongSeatError(IllegalMoveError):
    """The seats of a step are wrong: a seat that does not exist (``no_such_seat``), one that is
    not asked to move now (``not_to_move``), or one asked to move that gave no move
    (``missing_move``)."""

    default_reason = Reason.NOT_TO_MOVE


class GameOverError(IllegalMoveError):
    """A move was offered after the game ended."""

    default_reason = Reason.GAME_OVER


class NotationError(SevenWondersError):
    """A move's text form could not be read."""

    default_reason = Reason.NOTATION


@attrs.frozen(slots=True)
class Problem:
    """One way a state contradicts the rules: the ``invariant`` it breaks (a name from the
    game's list), the ``field`` of the state at fault and a message for people. Load checks
    find them (:mod:`sevenwonders.core.problems`); :class:`InvalidStateError` carries them."""

    invariant: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.invariant} at {self.field}: {self.message}"


class InvalidStateError(SevenWondersError):
    """A state that breaks the game's invariants (for example a hand-edited JSON document).

    ``field`` names the part of the state found inconsistent (``"cities[1].coins"``), where
    the check knows it; ``problems`` holds every problem a load check found (named items of
    :class:`Problem`; empty where the check stops at the first).
    """

    default_reason = Reason.INVALID_STATE

    def __init__(self, message: str = "", *, reason: Reason | str | None = None,
                 field: str | None = None) -> None:
        super().__init__(f"{field}: {message}" if field else message, reason=reason)
        self.field = field
        self.problems: tuple[Problem, ...] = ()


class UnknownCardError(SevenWondersError, LookupError):
    """A card, wonder, project or other named component that the data files do not define."""

    default_reason = Reason.UNKNOWN_NAME


class DataFileError(SevenWondersError):
    """A data file that is missing, malformed or inconsistent; the message names file and place."""

    default_reason = Reason.DATA_FILE

    def __init__(self, file: str, place: str, message: str, *,
                 reason: Reason | str | None = None) -> None:
        super().__init__(f"{file}: {place}: {message}", reason=reason)
        self.file = file
        self.place = place


class SerializationError(SevenWondersError):
    """A JSON document that is not valid JSON or does not describe the requested type."""

    default_reason = Reason.MALFORMED


class ReplayError(SevenWondersError):
    """A game record that does not replay; ``step`` names the first bad step."""

    default_reason = Reason.REPLAY

    def __init__(self, message: str = "", *, step: int | None = None,
                 reason: Reason | str | None = None) -> None:
        super().__init__(message, reason=reason)
        self.step = step
